//! `hackenbook mdbook` speaks mdBook's preprocessor protocol, tested on the sample book of
//! `examples/mdbook/`: the input is the `[context, book]` JSON a real mdBook sent for that book
//! (`tests/fixtures/mdbook/input.json`, recorded with `tests/fixtures/mdbook/record.sh`), so the
//! test needs no mdBook of its own. The book comes back with its chapters rendered and checked;
//! the same book with a wrong claim fails, located in the chapter's file.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

const RECORDED: &str = include_str!("fixtures/mdbook/input.json");

fn hackenbook(args: &[&str], stdin: &str) -> Output {
    let cache = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hackenbook"))
        .args(args)
        .current_dir(cache.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The chapters of a book, by name, with their content.
fn chapters(book: &Value) -> Vec<(String, String)> {
    let items = book
        .get("items")
        .or_else(|| book.get("sections"))
        .and_then(Value::as_array)
        .expect("a list of chapters");
    items
        .iter()
        .filter_map(|i| i.get("Chapter"))
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["content"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn it_serves_the_html_renderer_only() {
    assert!(hackenbook(&["mdbook", "supports", "html"], "")
        .status
        .success());
    let latex = hackenbook(&["mdbook", "supports", "latex"], "");
    assert_eq!(latex.status.code(), Some(1));
}

#[test]
fn the_sample_book_comes_back_checked_and_rendered() {
    let out = hackenbook(&["mdbook"], RECORDED);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let input: Value = serde_json::from_str(RECORDED).unwrap();
    let output: Value = serde_json::from_slice(&out.stdout).expect("the book as JSON");
    let before = chapters(&input[1]);
    let after = chapters(&output);
    assert_eq!(
        after.iter().map(|c| &c.0).collect::<Vec<_>>(),
        ["Stalks", "Sums"]
    );
    for ((name, was), (_, now)) in before.iter().zip(&after) {
        assert!(was.contains("```hackenbush"), "{name}: {was}");
        // One raw HTML block: no blank line ends it early and lets Markdown in.
        assert!(now.starts_with("<div class=\"hackenbook\">\n"), "{name}");
        assert!(!now.lines().any(|l| l.trim().is_empty()), "{name}: {now}");
        assert!(!now.contains("```"), "{name}: a block was left as Markdown");
        assert!(now.contains("<svg"), "{name}: no diagram");
        assert!(
            now.contains("<section class=\"notebook\""),
            "{name}: no notebook"
        );
    }
    // The maths is typeset, the claim linked to its row, the exercise has its answer field.
    assert!(after[0].1.contains("<math"));
    assert!(after[0].1.contains("href=\"#claim-1\""));
    assert!(after[1].1.contains("id=\"exercise-1\""));
    // Without our stylesheet nothing would hide the print-only answer key: it is left out.
    assert!(!after[1].1.contains("answer-key"));
    // Everything but the contents comes back as it was.
    let mut unchanged = output.clone();
    let mut expected = input[1].clone();
    for book in [&mut unchanged, &mut expected] {
        for item in book["items"].as_array_mut().into_iter().flatten() {
            item["Chapter"]["content"] = Value::Null;
        }
    }
    assert_eq!(unchanged, expected);
}

#[test]
fn a_wrong_claim_fails_the_book_at_its_place() {
    let wrong = RECORDED.replace("{two = edges of stalk}", "{three = edges of stalk}");
    assert_ne!(wrong, RECORDED, "the recorded book has the claim");
    let out = hackenbook(&["mdbook"], &wrong);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(out.stdout.is_empty(), "no book is printed");
    assert!(stderr.contains("src/stalks.md:13:3"), "{stderr}");
}

#[test]
fn input_that_is_not_a_book_is_refused_in_words() {
    let out = hackenbook(&["mdbook"], "[{}]");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no book after the context"), "{stderr}");
}
