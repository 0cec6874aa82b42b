//! `hackenbook mdbook`: hackenbook as an mdBook preprocessor.
//!
//! The one idea: **a chapter of an mdBook book is an essay without front matter**. mdBook first
//! runs `hackenbook mdbook supports RENDERER` (exit 0: we serve the `html` renderer), then hands
//! the book over as JSON on standard input, `[context, book]`, and reads the book back on
//! standard output. Every chapter is parsed and checked together, as the essays of a site are;
//! a chapter that uses hackenbook (a position, game or play block, an exercise, a claim) is
//! replaced by its page's HTML — diagrams, typeset maths, exercises and the claims notebook —
//! and every other chapter is handed back untouched. Any problem fails the run: the located
//! messages go to standard error and the exit status is 1, which fails `mdbook build`.
//!
//! The JSON is read as plain `serde_json` values, so that fields mdBook adds (and the rename of
//! the book's `sections` to `items` between mdBook versions) pass through unchanged.

use hackenbook_book::check::CheckOptions;
use hackenbook_book::driver::{self, Failure, Links};
use hackenbook_book::essay::front::FrontMatter;
use hackenbook_book::essay::parse::parse_chapter;
use hackenbook_book::essay::{Diagnostic, SourceFile};
use hackenbook_book::site::assets::served;
use hackenbook_book::site::render::notebook_html;
use serde_json::Value;

/// Whether our output suits mdBook's renderer `renderer`: HTML only.
pub fn supports(renderer: &str) -> bool {
    renderer == "html"
}

/// What a run of the preprocessor made: the book to print, and the warnings to show.
pub struct Preprocessed {
    pub book: String,
    pub warnings: Vec<Diagnostic>,
}

/// Reads mdBook's `[context, book]`, checks every chapter and returns the book with the chapters
/// that use hackenbook rendered. Chapters are named in messages by their path in the book
/// (`src/chapter.md`, under the book's `src` setting).
pub fn preprocess(input: &str, options: &CheckOptions) -> Result<Preprocessed, Failure> {
    let bad_input = |why: String| {
        Failure::Other(format!(
            "hackenbook mdbook reads mdBook's [context, book] JSON on standard input: {why}"
        ))
    };
    let mut pair: Value = serde_json::from_str(input).map_err(|e| bad_input(e.to_string()))?;
    let src = pair
        .pointer("/0/config/book/src")
        .and_then(Value::as_str)
        .unwrap_or("src")
        .trim_end_matches('/')
        .to_string();
    let book = pair
        .get_mut(1)
        .filter(|b| b.is_object())
        .ok_or_else(|| bad_input("no book after the context".into()))?;
    let places = chapters(book);
    let mut files = Vec::new();
    for (n, place) in places.iter().enumerate() {
        let chapter = book.pointer(place).unwrap_or(&Value::Null);
        let text = chapter.get("content").and_then(Value::as_str).unwrap_or("");
        let path = chapter
            .get("source_path")
            .or_else(|| chapter.get("path"))
            .and_then(Value::as_str)
            .map_or_else(|| format!("chapter {}", n + 1), |p| format!("{src}/{p}"));
        let name = chapter.get("name").and_then(Value::as_str).unwrap_or("");
        files.push((SourceFile::new(&path, text), name.to_string()));
    }
    let mut problems = Vec::new();
    let mut essays = Vec::new();
    // Which chapter each essay is: only chapters that use hackenbook are checked and replaced.
    let mut which = Vec::new();
    for (n, (file, name)) in files.iter().enumerate() {
        let (essay, mut found) = parse_chapter(file, chapter_front(n, name));
        problems.append(&mut found);
        if !essay.directives.is_empty() {
            essays.push(essay);
            which.push(n);
        }
    }
    // Chapters link by path, which mdBook resolves.
    let (_, pages) = driver::check_and_build(essays, options, Links::ByPath, &mut problems);
    let mut rendered = Vec::new();
    for page in &pages {
        let notebook = notebook_html(page).map_err(|e| Failure::Other(e.to_string()))?;
        // The answer key is for print, which our stylesheet (not loaded here) arranges.
        rendered.push(chapter_html(page.body_on_screen(), &notebook));
    }
    if problems.iter().any(|d| !d.warning) {
        return Err(Failure::Problems(problems));
    }
    // `check_and_build` keeps the order it was given.
    for (n, html) in which.into_iter().zip(rendered) {
        if let Some(content) = book.pointer_mut(&format!("{}/content", places[n])) {
            *content = Value::String(html);
        }
    }
    Ok(Preprocessed {
        book: book.to_string(),
        warnings: problems,
    })
}

/// Stands in for the front matter a chapter does not have: its name as the title, its place
/// in the book as the rung, a slug no reader sees.
fn chapter_front(n: usize, name: &str) -> FrontMatter {
    FrontMatter {
        title: name.to_string(),
        slug: format!("chapter-{}", n + 1),
        slug_span: None,
        rung: n as i64 + 1, // a chapter's place in the book
        summary: String::new(),
        rung_span: 0..0,
        summary_span: None,
        // No front matter to warn about: a chapter's rung and summary are mdBook's business.
        stand_in: true,
        date: None,
        updated: None,
    }
}

/// The JSON pointers of every chapter of the book, in reading order (sub-chapters after their
/// chapter). Iterative: nesting depth is mdBook's business, not our stack's.
fn chapters(book: &Value) -> Vec<String> {
    let list = if book.get("items").is_some() {
        "/items"
    } else {
        "/sections"
    };
    let mut found = Vec::new();
    // (a list of items, the index of the next item to visit in it)
    let mut stack = vec![(list.to_string(), 0)];
    while let Some((list, i)) = stack.pop() {
        let Some(item) = book.pointer(&list).and_then(|l| l.get(i)) else {
            continue;
        };
        stack.push((list.clone(), i + 1));
        if item.get("Chapter").is_some() {
            let chapter = format!("{list}/{i}/Chapter");
            stack.push((format!("{chapter}/sub_items"), 0));
            found.push(chapter);
        }
    }
    found
}

/// A chapter's new Markdown: our HTML as one raw HTML block. CommonMark ends such a block at a
/// blank line, so each blank line gets an empty comment (which keeps the line, and so a blank
/// line inside `<pre>` stays one).
/// The colours the diagrams' paint refers to, for a page without our stylesheet.
const CHAPTER_COLOURS: &str = "\
.hackenbook {
  --paper: var(--bg, #fffefb);
  --ink: var(--fg, #1d1d1f);
  --hb-blue: #0072b2;
  --hb-red: #c8102e;
  --hb-green: #007a5a;
  --hb-ground: #333333;
  --hb-hatch: #8c8c8c;
}
";

fn chapter_html(body: &str, notebook: &str) -> String {
    let mut out = String::from("<div class=\"hackenbook\">\n");
    // The diagrams are painted by classes: their paint comes with them, in the colours of the
    // site's light theme, on mdBook's own paper and ink (`--bg`, `--fg`, set by its themes).
    // The other games' paint only where a chapter draws one of their boards.
    let boards = if body.contains("hb-board") {
        hackenbook_rulesets::draw::STYLE
    } else {
        ""
    };
    let paint = served(
        &format!(
            "{CHAPTER_COLOURS}{}{boards}",
            hackenbook_rulesets::hackenbush::draw::STYLE
        ),
        "/*",
        "*/",
    );
    for line in std::iter::once("<style>")
        .chain(paint.lines())
        .chain(std::iter::once("</style>"))
        .chain(body.lines())
        .chain(notebook.lines())
    {
        if line.trim().is_empty() {
            out.push_str("<!---->");
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out.push_str("</div>\n");
    out
}
