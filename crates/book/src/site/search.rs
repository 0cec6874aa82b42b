//! The site's search: an index of every section and exercise, built with the site.
//!
//! The one idea: **the build writes the index as a script, so searching needs no server and no
//! fetch** (a page opened from `file://` may not fetch files). [`documents`] cuts each essay into
//! what a reader would want to land on — the part of the page under each heading (its checked
//! sentences with it), each exercise — with the link to its anchor; [`index_script`] indexes their
//! words with `elasticlunr-rs` (the index mdBook ships) and writes `search-index.js`, which our own
//! `scripts/search.js` loads the first time a reader uses the search box and reads: prefix lookup
//! in the index's trie of words, ranked by term frequency and rarity, headings weighing more.
//!
//! Words are indexed as written, lower-cased, without stemming, so that the script can find a
//! query word by walking the trie with the same letters (a prefix of a word finds it, so `cherr`
//! finds "cherries" too). Only what a reader sees is indexed: diagrams' SVG, maths' TeX source,
//! scripts, the print-only answer key and the claims notebook's queries (written for the checker,
//! in the essay's position names) are left out.

use elasticlunr::pipeline::{FnWrapper, Pipeline};
use elasticlunr::{Index, Language};
use serde::Serialize;

use super::model::{href, PageModel};

/// The file the index is written to, beside the pages.
pub const INDEX_FILE: &str = "search-index.js";

/// One place a search can land on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SearchDoc {
    /// What the result says: the heading, or "Exercise 2".
    pub title: String,
    /// The essay it is in.
    pub page: String,
    /// `<slug>.html#<anchor>` (or `<slug>.html` for the opening of an essay).
    pub href: String,
    /// Its words, as a reader reads them.
    pub text: String,
}

/// Every section and exercise of `pages`, in page order: each essay's opening (its
/// summary and the text before its first heading) first.
pub fn documents<'a>(pages: impl IntoIterator<Item = &'a PageModel>) -> Vec<SearchDoc> {
    let mut docs = Vec::new();
    for page in pages {
        let file = href(&page.slug);
        let doc = |title: &str, anchor: Option<&str>| SearchDoc {
            title: title.to_string(),
            page: page.title.clone(),
            href: anchor.map_or_else(|| file.clone(), |a| format!("{file}#{a}")),
            text: String::new(),
        };
        // The answer key repeats the exercises for print.
        let body = page.body_on_screen();
        let mut own = vec![doc(&page.title, None)];
        own[0].text.push_str(&page.summary);
        for part in parts(body) {
            let at = match part.anchor {
                None => 0,
                Some(Anchor::Heading(id)) => {
                    let target = format!("{file}#{id}");
                    match own.iter().position(|d| d.href == target) {
                        Some(i) => i,
                        None => {
                            let title = page
                                .toc
                                .iter()
                                .find(|t| t.id == id)
                                .map_or(id, |t| t.text.as_str());
                            own.push(doc(title, Some(id)));
                            own.len() - 1
                        }
                    }
                }
                Some(Anchor::Exercise(id, number)) => {
                    own.push(doc(&format!("Exercise {number}"), Some(id)));
                    own.len() - 1
                }
            };
            let text = visible_text(&body[part.range]);
            let words = &mut own[at].text;
            if !text.is_empty() {
                if !words.is_empty() {
                    words.push(' ');
                }
                words.push_str(&text);
            }
        }
        docs.append(&mut own);
    }
    docs
}

/// `search-index.js`: the elasticlunr index of `docs` (fields `title` and `text`, documents
/// referred to by their number) and the list of documents, assigned to `window.hackenbookSearch`.
pub fn index_script(docs: &[SearchDoc]) -> String {
    let mut index = Index::with_language(Box::new(AsWritten), &["title", "text"]);
    for (i, d) in docs.iter().enumerate() {
        index.add_doc(&i.to_string(), [d.title.as_str(), d.text.as_str()]);
    }
    // The script needs the tries of words and, per document, what a result shows.
    let tries = serde_json::to_value(&index)
        .ok()
        .and_then(|mut v| v.get_mut("index").map(serde_json::Value::take))
        .unwrap_or_default();
    #[derive(Serialize)]
    struct Script<'a> {
        index: serde_json::Value,
        docs: Vec<[&'a str; 4]>,
    }
    let snippets: Vec<String> = docs.iter().map(snippet).collect();
    let script = Script {
        index: tries,
        docs: docs
            .iter()
            .zip(&snippets)
            .map(|(d, s)| {
                [
                    d.title.as_str(),
                    d.page.as_str(),
                    d.href.as_str(),
                    s.as_str(),
                ]
            })
            .collect(),
    };
    // A file of its own (not inline in a page), so nothing in the text can close a `<script>`.
    format!(
        "window.hackenbookSearch = {};\n",
        serde_json::to_string(&script).unwrap_or_else(|_| "null".into())
    )
}

/// The most characters of a result's text shown under its title.
const SNIPPET_CHARS: usize = 110;

/// What a result shows of its text: the opening words after its heading, cut at a word, with
/// `…` when there is more.
fn snippet(d: &SearchDoc) -> String {
    let text = d
        .text
        .strip_prefix(d.title.as_str())
        .unwrap_or(&d.text)
        .trim();
    if text.chars().count() <= SNIPPET_CHARS {
        return text.to_string();
    }
    let cut: String = text.chars().take(SNIPPET_CHARS).collect();
    let words = cut.rfind(' ').map_or(cut.as_str(), |at| &cut[..at]);
    format!("{}…", words.trim_end_matches([',', ';', ':', '.']))
}

/// Words split at white space and hyphens, lower-cased, with punctuation trimmed from their ends:
/// no stop words, no stemming (the script looks words up letter by letter, as written).
struct AsWritten;

impl Language for AsWritten {
    fn name(&self) -> String {
        "As written".into()
    }
    fn code(&self) -> String {
        "as-written".into()
    }
    fn tokenize(&self, text: &str) -> Vec<String> {
        elasticlunr::lang::tokenize_whitespace(text)
    }
    fn make_pipeline(&self) -> Pipeline {
        Pipeline {
            queue: vec![Box::new(FnWrapper("trimmer".into(), trim))],
        }
    }
}

/// Drops punctuation from both ends of a word; a word of punctuation only is dropped.
fn trim(word: String) -> Option<String> {
    let trimmed = word.trim_matches(|c: char| !c.is_alphanumeric());
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

enum Anchor<'a> {
    /// A heading's id.
    Heading(&'a str),
    /// An exercise's id and number.
    Exercise(&'a str, &'a str),
}

/// A stretch of a page's body, from one anchor to the next (the first has none).
struct Part<'a> {
    anchor: Option<Anchor<'a>>,
    range: std::ops::Range<usize>,
}

/// Cuts a body at each heading with an id and around each exercise: an exercise ends at its
/// `</section>`, and the text after it belongs to the heading before it again.
fn parts(body: &str) -> Vec<Part<'_>> {
    let mut parts = Vec::new();
    let mut heading: Option<&str> = None;
    let mut start = 0;
    let mut from = 0;
    while let Some(at) = body[from..].find('<').map(|i| from + i) {
        from = at + 1;
        let rest = &body[at..];
        let is_heading = ["<h2 ", "<h3 ", "<h4 "].iter().any(|h| rest.starts_with(h));
        let is_exercise = rest.starts_with("<section class=\"exercise\" ");
        if !(is_heading || is_exercise) {
            continue;
        }
        let tag = &rest[..rest.find('>').unwrap_or(rest.len())];
        let Some(id) = attribute(tag, "id") else {
            continue;
        };
        parts.push(Part {
            anchor: heading.map(Anchor::Heading),
            range: start..at,
        });
        if is_heading {
            heading = Some(id);
            start = at;
        } else {
            let end = rest
                .find("</section>")
                .map_or(body.len(), |i| at + i + "</section>".len());
            let number = id.strip_prefix("exercise-").unwrap_or(id);
            parts.push(Part {
                anchor: Some(Anchor::Exercise(id, number)),
                range: at..end,
            });
            start = end;
            from = end;
        }
    }
    parts.push(Part {
        anchor: heading.map(Anchor::Heading),
        range: start..body.len(),
    });
    parts
}

/// The value of `name="…"` in an opening tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let end = tag[start..].find('"')? + start;
    Some(&tag[start..end])
}

/// Elements whose content a reader does not read as text: pictures (their words are in the
/// figure's caption), TeX sources of maths, scripts, and values kept for the player.
const UNREAD: [&str; 5] = ["svg", "annotation", "script", "style", "template"];

/// The text of a stretch of our own HTML, as a reader reads it: tags dropped, the content of
/// [`UNREAD`] elements and of `hidden` elements dropped, entities decoded, white space collapsed.
/// Iterative: it keeps a count of open skipped elements, not a stack of calls.
fn visible_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len() / 2);
    // The skipped element's name and how deep it nests in itself.
    let mut skipping: Option<(String, usize)> = None;
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            if skipping.is_none() {
                push_text(&mut out, rest);
            }
            break;
        };
        if skipping.is_none() {
            push_text(&mut out, &rest[..lt]);
        }
        let after = &rest[lt + 1..];
        let Some(gt) = after.find('>') else {
            break;
        };
        let tag = &after[..gt];
        rest = &after[gt + 1..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect::<String>()
            .to_ascii_lowercase();
        let self_closing = tag.ends_with('/');
        match &mut skipping {
            Some((skipped, depth)) if *skipped == name => {
                if closing {
                    *depth -= 1;
                    if *depth == 0 {
                        skipping = None;
                    }
                } else if !self_closing {
                    *depth += 1;
                }
            }
            Some(_) => {}
            None if closing || self_closing => out.push(' '),
            None => {
                let hidden = tag.contains(" hidden") || tag.contains("answer-key");
                if UNREAD.contains(&name.as_str()) || (hidden && !is_void(&name)) {
                    skipping = Some((name, 1));
                } else {
                    out.push(' ');
                }
            }
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Elements that have no end tag.
fn is_void(name: &str) -> bool {
    matches!(
        name,
        "br" | "hr" | "img" | "input" | "meta" | "link" | "col" | "wbr" | "source"
    )
}

/// Appends text with the entities our escaper writes decoded.
fn push_text(out: &mut String, text: &str) {
    let decoded = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&");
    out.push_str(&decoded);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::model::{ClaimRow, TocEntry};

    fn cherry_page() -> PageModel {
        PageModel {
            slug: "trees".into(),
            title: "Trees".into(),
            summary: "Trees are numbers.".into(),
            body_html: "<p>Before any heading &amp; more.</p>\n\
                <h2 id=\"the-cherry-by-hand\">The cherry, by hand</h2>\n\
                <p>The cherry has three edges.</p>\
                <figure class=\"position\"><svg><title>position-secret</title></svg>\
                <math><mi>x</mi><annotation encoding=\"application/x-tex\">\\frac12</annotation></math></figure>\n\
                <section class=\"exercise\" id=\"exercise-1\"><p>What is the stalk worth?</p>\
                <p class=\"exercise-try\" hidden><output>hidden verdict</output></p></section>\n\
                <p>After the exercise, still the cherry's section.</p>\n\
                <h3 id=\"walks\">Walks</h3><p>Leftmost walk.</p>\n\
                <section class=\"answer-key\"><p>Answer repeated for print</p></section>"
                .into(),
            toc: vec![
                TocEntry {
                    level: 2,
                    id: "the-cherry-by-hand".into(),
                    text: "The cherry, by hand".into(),
                },
                TocEntry {
                    level: 3,
                    id: "walks".into(),
                    text: "Walks".into(),
                },
            ],
            claims: vec![ClaimRow {
                id: "claim-1".into(),
                literal: "three".into(),
                query: "edges of cherry".into(),
                figure: "3".into(),
                holds: true,
                in_text: true,
                ..ClaimRow::default()
            }],
            ..PageModel::default()
        }
    }

    #[test]
    fn sections_and_exercises_each_get_a_document_with_their_anchor() {
        let page = cherry_page();
        let docs = documents([&page]);
        let found: Vec<(&str, &str)> = docs
            .iter()
            .map(|d| (d.title.as_str(), d.href.as_str()))
            .collect();
        assert_eq!(
            found,
            [
                ("Trees", "trees.html"),
                ("The cherry, by hand", "trees.html#the-cherry-by-hand"),
                ("Exercise 1", "trees.html#exercise-1"),
                ("Walks", "trees.html#walks"),
            ]
        );
        assert_eq!(
            docs[0].text,
            "Trees are numbers. Before any heading & more."
        );
        assert_eq!(
            docs[1].text,
            "The cherry, by hand The cherry has three edges. x \
             After the exercise, still the cherry's section."
        );
        assert_eq!(docs[2].text, "What is the stalk worth?");
        assert_eq!(docs[3].text, "Walks Leftmost walk.");
    }

    #[test]
    fn what_a_reader_does_not_see_is_not_indexed() {
        let all: String = documents([&cherry_page()])
            .iter()
            .map(|d| d.text.clone())
            .collect();
        for unseen in [
            "position-secret",
            "frac12",
            "hidden verdict",
            "for print",
            "edges of cherry",
        ] {
            assert!(!all.contains(unseen), "{unseen} was indexed: {all}");
        }
    }

    /// The trie node a word leads to in one field of the written index.
    fn node<'v>(
        index: &'v serde_json::Value,
        field: &str,
        word: &str,
    ) -> Option<&'v serde_json::Value> {
        let mut node = &index["index"][field]["root"];
        for c in word.chars() {
            node = node.get(c.to_string())?;
        }
        Some(node)
    }

    #[test]
    fn the_script_holds_words_as_written_and_each_result_s_link() {
        let docs = documents([&cherry_page()]);
        let script = index_script(&docs);
        let json = script
            .strip_prefix("window.hackenbookSearch = ")
            .and_then(|s| s.strip_suffix(";\n"))
            .expect("one assignment");
        let index: serde_json::Value = serde_json::from_str(json).unwrap();
        // "cherry" is in the heading (document 1) only (the claim's query is not indexed), and
        // "cherry's" is trimmed to nothing else than itself: no stemming to "cherri".
        let cherry = node(&index, "title", "cherry").expect("cherry in titles");
        assert_eq!(cherry["docs"].as_object().unwrap().len(), 1);
        assert!(cherry["docs"].get("1").is_some());
        assert!(node(&index, "text", "cherri").is_none());
        assert!(node(&index, "text", "cherry's").is_some());
        // Punctuation is trimmed: "hand," is indexed as "hand".
        assert!(node(&index, "title", "hand").unwrap()["docs"]
            .get("1")
            .is_some());
        // Each result's title, page, link and the opening of its text after its heading, cut
        // at a word.
        assert_eq!(
            index["docs"][1],
            serde_json::json!([
                "The cherry, by hand",
                "Trees",
                "trees.html#the-cherry-by-hand",
                "The cherry has three edges. x After the exercise, still the cherry's section."
            ])
        );
        let long = SearchDoc {
            title: "T".into(),
            text: format!("T {}", "word ".repeat(40)),
            ..docs[0].clone()
        };
        let shown = snippet(&long);
        assert!(
            shown.ends_with("word…") && shown.chars().count() <= SNIPPET_CHARS + 1,
            "{shown}"
        );
    }

    #[test]
    fn nested_unread_elements_are_skipped_whole() {
        let html = "<p>a</p><svg><g><svg><title>x</title></svg><title>y</title></g></svg><p>b &lt;c&gt;</p>";
        assert_eq!(visible_text(html), "a b <c>");
        assert_eq!(
            visible_text("<p>one<br/>two</p><input hidden><p>three</p>"),
            "one two three"
        );
    }
}
