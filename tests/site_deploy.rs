//! A site for any author, anywhere: `hackenbook init` gives a project that builds at once from
//! a folder with no templates; `base_url` gives canonical addresses, a sitemap and an Atom feed
//! while every link inside the pages stays relative; `404.html`; templates and the stylesheet
//! overridden file by file; dates and `base_url` checked with located errors.

use hackenbook_book::driver::{self, Failure, Project};
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn hackenbook(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hackenbook"))
        .current_dir(cwd)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn init_writes_a_site_that_builds_from_a_bare_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let out = hackenbook(tmp.path(), &["init", "my-course"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let dir = tmp.path().join("my-course");
    let config = fs::read_to_string(dir.join("hackenbook.toml")).unwrap();
    assert!(config.starts_with("title = \"My course\"\n"), "{config}");
    let ignore = fs::read_to_string(dir.join(".gitignore")).unwrap();
    assert!(ignore.contains("/site/") && ignore.contains("/.hackenbook-cache/"));
    assert!(!dir.join("templates").exists());

    // Built from inside the new folder, with the binary's own templates, style and fonts.
    let out = hackenbook(&dir, &["build", "--deny-warnings"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}{stdout}", text(&out.stderr));
    assert!(stdout.starts_with("built 1 page (1 position)"), "{stdout}");
    // The sample's claim, both lines of its game block, the three assertions of its position
    // block and its exercise's answer were all checked.
    assert!(
        stdout.contains(
            "checked 1 claim (1 query, 0 relations in prose), 2 game relations, \
             3 position assertions, 0 lines of play, 1 exercise answer"
        ),
        "{stdout}"
    );
    for file in [
        "index.html",
        "first-steps.html",
        "404.html",
        "style.css",
        "exercise.js",
        "fonts/LibertinusSerif-Regular.woff2",
        "fonts/OFL.txt",
    ] {
        assert!(dir.join("site").join(file).is_file(), "{file}");
    }
    let page = fs::read_to_string(dir.join("site/first-steps.html")).unwrap();
    assert!(
        page.contains("class=\"exercise"),
        "the exercise is on the page"
    );

    let out = hackenbook(&dir, &["claims", "--json"]);
    let claims = text(&out.stdout);
    assert!(out.status.success(), "{claims}");
    let claims: serde_json::Value = serde_json::from_str(&claims).expect("JSON");
    let claims = claims.as_array().expect("a list of claims");
    // The claim of the prose and the exercise's answer, both checked and holding.
    let kinds: BTreeSet<&str> = claims.iter().map(|c| c["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, BTreeSet::from(["exercise", "query"]));
    assert!(claims.iter().all(|c| c["holds"] == true), "{claims:?}");

    // A second init into the same folder is refused, and nothing changes.
    let out = hackenbook(tmp.path(), &["init", "my-course"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("refusing to start a site in my-course: it already holds `.gitignore`"),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(dir.join("hackenbook.toml")).unwrap(),
        config
    );
}

const BASE: &str = "https://user.github.io/project/";

/// A project with two dated essays (one updated) and an undated one, published under a sub-path.
fn deployed_project() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    fs::create_dir(root.join("essays")).unwrap();
    // Without the final slash: the build adds it.
    fs::write(
        root.join("hackenbook.toml"),
        "title = \"Stalks & sums\"\nbase_url = \"https://user.github.io/project\"\n",
    )
    .unwrap();
    let essay = |slug: &str, rung: i64, dates: &str| {
        let text = format!(
            "+++\ntitle = \"On {slug}\"\nrung = {rung}\nsummary = \"About {slug} <3.\"\n{dates}+++\n\n\
             A stalk worth `{{1/2 = value of s{rung}}}`, and [the next](b).\n\n\
             ```hackenbush s{rung}\nLR\n```\n"
        );
        fs::write(root.join("essays").join(format!("{slug}.md")), text).unwrap();
    };
    essay("a", 1, "date = 2026-11-02\nupdated = 2026-11-30\n");
    essay("b", 2, "date = 2026-11-10\n");
    essay("c", 3, "");
    tmp
}

/// The values of every `href="…"` and `src="…"` in an HTML page but `<base href>`'s.
fn links(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for attr in [" href=\"", " src=\""] {
        for (at, _) in html.match_indices(attr) {
            if html[..at].ends_with("<base") {
                continue;
            }
            let value = &html[at + attr.len()..];
            found.push(value[..value.find('"').unwrap()].replace("&#x2F;", "/"));
        }
    }
    found
}

/// The content of `<meta property="NAME" content="…">` or the `href` of `<link rel="NAME">`.
fn head_value(html: &str, opening: &str, attr: &str) -> Option<String> {
    let tag = &html[html.find(opening)?..];
    let tag = &tag[..tag.find('>')?];
    let value = &tag[tag.find(attr)? + attr.len()..];
    Some(value[..value.find('"')?].replace("&#x2F;", "/"))
}

/// One XML element: its path from the root (`feed/entry/title`), attributes, text, and which
/// `entry` it is in.
#[derive(Debug)]
struct Element {
    path: String,
    attrs: Vec<(String, String)>,
    text: String,
    entry: Option<usize>,
}

/// Parses an XML document with quick-xml, failing the test on anything malformed.
fn xml_elements(doc: &str) -> Vec<Element> {
    use quick_xml::events::{BytesStart, Event};
    let mut reader = quick_xml::Reader::from_str(doc);
    reader.config_mut().trim_text(true);
    reader.config_mut().check_end_names = true;
    let mut stack: Vec<String> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut elements: Vec<Element> = Vec::new();
    let mut entries = 0;
    let mut entry = None;
    let element = |e: &BytesStart, stack: &[String], entry| Element {
        path: stack.join("/"),
        attrs: e
            .attributes()
            .map(|a| {
                let a = a.expect("well-formed attribute");
                (
                    String::from_utf8(a.key.as_ref().to_vec()).unwrap(),
                    a.unescape_value().expect("escaped value").into_owned(),
                )
            })
            .collect(),
        text: String::new(),
        entry,
    };
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) => {
                let name = String::from_utf8(e.name().as_ref().to_vec()).unwrap();
                if name == "entry" {
                    entry = Some(entries);
                    entries += 1;
                }
                stack.push(name);
                elements.push(element(&e, &stack, entry));
                open.push(elements.len() - 1);
            }
            Event::Empty(e) => {
                stack.push(String::from_utf8(e.name().as_ref().to_vec()).unwrap());
                elements.push(element(&e, &stack, entry));
                stack.pop();
            }
            Event::Text(t) => {
                let at = *open.last().expect("text inside an element");
                elements[at]
                    .text
                    .push_str(&t.unescape().expect("escaped text"));
            }
            Event::End(_) => {
                if stack.pop().as_deref() == Some("entry") {
                    entry = None;
                }
                open.pop();
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert!(stack.is_empty(), "unclosed elements");
    elements
}

#[test]
fn base_url_gives_absolute_metadata_and_relative_links() {
    let tmp = deployed_project();
    let report =
        driver::build(&Project::at(tmp.path())).unwrap_or_else(|e| panic!("{}", e.render()));
    let site = &report.out_dir;
    let pages = [
        "index.html",
        "a.html",
        "b.html",
        "c.html",
        "investigate.html",
        "404.html",
    ];
    for name in pages {
        let html = fs::read_to_string(site.join(name)).unwrap();
        // Every link inside the site is relative and reaches a file of the site, so the site
        // works from file:// and under any path.
        for link in links(&html) {
            let file = link.split('#').next().unwrap();
            // The icon is inline (`data:`): nothing to reach.
            if file.is_empty() || link.starts_with("https://") || link.starts_with("data:") {
                continue;
            }
            assert!(!file.starts_with('/'), "{name}: {link}");
            assert!(
                site.join(file).is_file(),
                "{name} links to a missing {link}"
            );
        }
        let canonical = head_value(&html, "<link rel=\"canonical\"", "href=\"");
        let og_url = head_value(&html, "<meta property=\"og:url\"", "content=\"");
        let expected = match name {
            "404.html" => None,
            "index.html" => Some(BASE.to_string()),
            _ => Some(format!("{BASE}{name}")),
        };
        assert_eq!(canonical, expected, "{name}");
        assert_eq!(og_url, expected, "{name}");
        assert!(html.contains("<meta property=\"og:title\""), "{name}");
        assert_eq!(
            links(&html)
                .iter()
                .filter(|l| *l == &format!("{BASE}feed.xml"))
                .count()
                + links(&html).iter().filter(|l| *l == "feed.xml").count(),
            1,
            "{name} links the feed once"
        );
    }
    // The 404 page resolves its relative links from the site's path, at any depth.
    let not_found = fs::read_to_string(site.join("404.html")).unwrap();
    assert!(
        not_found.contains("<base href=\"&#x2F;project&#x2F;\">"),
        "{not_found}"
    );
    assert!(not_found.contains("href=\"style.css\""));
    assert!(not_found.contains("href=\"c.html\""));

    // The sitemap lists the index, every essay and the investigate page (not the 404 page), by
    // absolute address.
    let sitemap = xml_elements(&fs::read_to_string(site.join("sitemap.xml")).unwrap());
    let locs: BTreeSet<&str> = sitemap
        .iter()
        .filter(|e| e.path == "urlset/url/loc")
        .map(|e| e.text.as_str())
        .collect();
    let expected: BTreeSet<String> = ["", "a.html", "b.html", "c.html", "investigate.html"]
        .iter()
        .map(|f| format!("{BASE}{f}"))
        .collect();
    assert_eq!(locs, expected.iter().map(String::as_str).collect());
    let lastmods: Vec<&str> = sitemap
        .iter()
        .filter(|e| e.path == "urlset/url/lastmod")
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(lastmods, ["2026-11-30", "2026-11-30", "2026-11-10"]);

    // The feed: one entry per dated essay, newest change first, each complete.
    let feed = xml_elements(&fs::read_to_string(site.join("feed.xml")).unwrap());
    let field = |entry: Option<usize>, name: &str| -> Vec<&Element> {
        let path = match entry {
            Some(_) => format!("feed/entry/{name}"),
            None => format!("feed/{name}"),
        };
        feed.iter()
            .filter(|e| e.entry == entry && e.path == path)
            .collect()
    };
    assert_eq!(field(None, "title")[0].text, "Stalks & sums");
    assert_eq!(field(None, "id")[0].text, BASE);
    assert_eq!(field(None, "updated")[0].text, "2026-11-30T00:00:00Z");
    let entries = feed.iter().filter(|e| e.path == "feed/entry").count();
    assert_eq!(entries, 2, "a and b have dates; c has none");
    let mut seen = Vec::new();
    for i in 0..entries {
        let one = |name: &str| {
            let found = field(Some(i), name);
            assert_eq!(found.len(), 1, "entry {i} has one {name}");
            found[0]
        };
        let href = one("link")
            .attrs
            .iter()
            .find(|(k, _)| k == "href")
            .unwrap()
            .1
            .clone();
        assert!(expected.contains(&href), "{href}");
        assert_eq!(one("id").text, href);
        let slug = href
            .trim_start_matches(BASE)
            .trim_end_matches(".html")
            .to_string();
        assert_eq!(one("title").text, format!("On {slug}"));
        assert_eq!(one("summary").text, format!("About {slug} <3."));
        seen.push((slug, one("updated").text.clone()));
    }
    assert_eq!(
        seen,
        [
            ("a".to_string(), "2026-11-30T00:00:00Z".to_string()),
            ("b".to_string(), "2026-11-10T00:00:00Z".to_string())
        ]
    );
}

#[test]
fn without_base_url_no_sitemap_no_feed_no_canonical() {
    let tmp = deployed_project();
    fs::write(tmp.path().join("hackenbook.toml"), "title = \"t\"\n").unwrap();
    let report =
        driver::build(&Project::at(tmp.path())).unwrap_or_else(|e| panic!("{}", e.render()));
    assert!(report.out_dir.join("404.html").is_file());
    assert!(!report.out_dir.join("sitemap.xml").exists());
    assert!(!report.out_dir.join("feed.xml").exists());
    let page = fs::read_to_string(report.out_dir.join("a.html")).unwrap();
    assert!(!page.contains("rel=\"canonical\""));
    assert!(page.contains("<meta property=\"og:title\" content=\"On a\">"));
}

/// The rendered problems of a build that fails.
fn failure(root: &Path) -> String {
    match driver::build(&Project::at(root)) {
        Ok(_) => panic!("the build passed"),
        Err(failure @ Failure::Problems(_)) => failure.render(),
        Err(Failure::Other(message)) => panic!("not located: {message}"),
    }
}

#[test]
fn a_bad_base_url_is_located() {
    let tmp = deployed_project();
    for (url, says) in [
        ("user.github.io/project/", "must start with https://"),
        ("https:///project/", "names no host"),
        ("https://a.b/?x=1", "may not hold a query"),
    ] {
        fs::write(
            tmp.path().join("hackenbook.toml"),
            format!("title = \"t\"\nbase_url = \"{url}\"\n"),
        )
        .unwrap();
        let rendered = failure(tmp.path());
        assert!(rendered.contains(says), "{rendered}");
        assert!(rendered.contains("hackenbook.toml:2:12"), "{rendered}");
    }
}

#[test]
fn dates_are_days_and_updated_follows_date() {
    let tmp = deployed_project();
    let path = tmp.path().join("essays/a.md");
    let original = fs::read_to_string(&path).unwrap();
    for (dates, says, line) in [
        (
            "date = 2026-11-02\nupdated = 2026-11-01\n",
            "updated on 2026-11-01, before its date, 2026-11-02",
            6,
        ),
        (
            "date = 2026-11-02T10:00:00Z\n",
            "`date` is a day, written without a time",
            5,
        ),
        ("updated = 2026-11-02\n", "`updated` needs `date`", 5),
        (
            "date = \"2026-11-02\"\n",
            "remove the quotes: `date = 2026-11-02`",
            5,
        ),
    ] {
        let text = original.replace("date = 2026-11-02\nupdated = 2026-11-30\n", dates);
        fs::write(&path, text).unwrap();
        let rendered = failure(tmp.path());
        assert!(rendered.contains(says), "{rendered}");
        assert!(
            rendered.contains(&format!("essays/a.md:{line}:")),
            "{rendered}"
        );
    }
}

#[test]
fn templates_and_stylesheet_are_overridden_file_by_file() {
    let tmp = deployed_project();
    let templates = tmp.path().join("templates");
    fs::create_dir(&templates).unwrap();
    let css = "body { color: #123456 }\n";
    fs::write(templates.join("style.css"), css).unwrap();
    fs::write(
        templates.join("404.html"),
        "{% extends \"base.html\" %}{% block content %}<p id=\"lost\">Lost in {{ site.title }}; try {{ site.essays | length }} essays from {{ site.base_path }}.</p>{% endblock content %}",
    )
    .unwrap();
    let report =
        driver::build(&Project::at(tmp.path())).unwrap_or_else(|e| panic!("{}", e.render()));
    let site = &report.out_dir;
    // The project's stylesheet, after the diagrams' paint (Hackenbush's: the other games' is
    // board.css), which is served whatever the stylesheet.
    let paint = hackenbook_book::site::assets::served(
        hackenbook_rulesets::hackenbush::draw::STYLE,
        "/*",
        "*/",
    );
    assert_eq!(
        fs::read_to_string(site.join("style.css")).unwrap(),
        format!("{paint}{css}")
    );
    let not_found = fs::read_to_string(site.join("404.html")).unwrap();
    assert!(
        not_found.contains(
            "<p id=\"lost\">Lost in Stalks &amp; sums; try 3 essays from &#x2F;project&#x2F;.</p>"
        ),
        "{not_found}"
    );
    // The others are still the built-in templates.
    let index = fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains("class=\"ladder\""));
    assert!(site.join("fonts/NewCMMath-Book.woff2").is_file());
}
