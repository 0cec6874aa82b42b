//! Shared by the tests of bad input: a command that refuses its input fails cleanly — exit
//! status 1, the expected words in its message, and no sign of a crash.

use std::process::Output;

/// Exit status 1 and `expected` in the message, and neither a panic nor a stack overflow.
pub fn fails_with(output: &Output, expected: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    let shown = &stderr[..stderr.floor_char_boundary(2000)];
    assert_eq!(
        output.status.code(),
        Some(1),
        "expected a clean failure; stderr: {shown}"
    );
    assert!(
        stderr.contains(expected),
        "expected `{expected}` in: {shown}"
    );
    assert!(
        !stderr.contains("overflow") && !stderr.contains("panicked"),
        "{shown}"
    );
}
