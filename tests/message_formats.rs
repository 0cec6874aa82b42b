//! `--message-format`: the diagnostics of `check` and `build` for machines — one JSON object per
//! line, or GitHub Actions workflow commands — on standard output, the count on standard error.

use std::process::{Command, Output};

const FIXTURE: &str = "tests/fixtures/error-and-warning";

/// `hackenbook --root FIXTURE ARGS…`, run from the package root (paths in messages are relative
/// to it).
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hackenbook"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["--root", FIXTURE])
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

#[test]
fn json_is_one_object_per_diagnostic_per_line() {
    let out = run(&["check", "--message-format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let objects: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let severities: Vec<&str> = objects
        .iter()
        .map(|o| o["severity"].as_str().unwrap())
        .collect();
    assert_eq!(severities, ["error", "warning"]);
    assert_eq!(objects[0]["line"], 12);
    assert_eq!(text(&out.stderr), "error: 1 problem and 1 warning found\n");
    insta::assert_snapshot!(stdout);
}

#[test]
fn github_annotations_mark_the_lines() {
    let out = run(&["check", "--message-format", "github"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("::error file="), "{stdout}");
    assert!(stdout.contains("\n::warning file="), "{stdout}");
    insta::assert_snapshot!(stdout);
}

#[test]
fn build_prints_the_same_and_says_that_it_wrote_nothing() {
    let out_dir = tempfile::tempdir().unwrap();
    let site = out_dir.path().join("site");
    let site = site.to_str().unwrap();
    let build = run(&["build", "--out", site, "--message-format", "github"]);
    let check = run(&["check", "--message-format", "github"]);
    assert_eq!(build.status.code(), Some(1));
    assert_eq!(text(&build.stdout), text(&check.stdout));
    assert_eq!(
        text(&build.stderr),
        "error: 1 problem and 1 warning found; nothing was written\n"
    );
    // A failed check never writes anything, so it does not say so; for people, as for machines.
    let human = run(&["check"]);
    let said = text(&human.stderr);
    assert!(
        said.ends_with("error: 1 problem and 1 warning found\n"),
        "{said}"
    );
    assert!(human.stdout.is_empty());
    let human = run(&["build", "--out", site]);
    assert!(text(&human.stderr).ends_with("; nothing was written\n"));
}
