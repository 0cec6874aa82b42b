//! The site renderer end to end: a sample site through the real templates.
//!
//! The sample is what the driver would hand over (maths already KaTeX'd, a diagram in a
//! `figure.position`, claim links, a notebook). Set `SITE_DEMO_OUT=/some/dir` to keep a copy of
//! the rendered sample for a browser (`tests/browser/check-site.mjs` checks it).

use std::fs;
use std::path::{Path, PathBuf};

use hackenbook_book::site::render::{render_site, ClaimRow, Link, PageModel, SiteModel, TocEntry};
use hackenbook_book::site::{flow, maths};

fn templates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../templates")
}

fn inline(tex: &str) -> String {
    maths::render(tex, false).expect("sample TeX is valid")
}

/// Display maths as the pages set it (`site::flow`), one row a TeX string.
fn display(rows: &[&str]) -> String {
    let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    flow::display(&rows).expect("sample TeX is valid")
}

/// A diagram shaped like the draw module's output: a blue trunk carrying a blue and a red edge
/// (`L(L R)`), or with `green` a blue edge on a green one.
fn diagram(title: &str, green: bool) -> String {
    let trunk = if green {
        r##"<path class="hb-edge hb-green" data-edge="0" d="M46 92L46 58" fill="none" stroke="#007A5A" stroke-width="3" stroke-dasharray="7 4" stroke-linecap="butt"/>"##
    } else {
        r##"<path class="hb-edge hb-blue" d="M46 92L46 58" fill="none" stroke="#0072B2" stroke-width="3" stroke-linecap="round"/>"##
    };
    format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="hb-diagram" role="img" viewBox="0 0 92 104" width="92" height="104">"#,
            "\n<title>{title}</title>\n",
            r##"<line class="hb-ground" x1="12" y1="92" x2="80" y2="92" stroke="#333333" stroke-width="2.5"/>"##,
            "\n{trunk}\n",
            r##"<path class="hb-edge hb-blue" d="M46 58L26 30" fill="none" stroke="#0072B2" stroke-width="3" stroke-linecap="round"/>"##,
            "\n",
            r##"<path class="hb-edge hb-red" d="M46 58L66 30" fill="none" stroke="#D55E00" stroke-width="6" stroke-linecap="round"/>"##,
            r#"<path class="hb-core" d="M46 58L66 30" fill="none" stroke="white" stroke-width="2" stroke-linecap="round"/>"#,
            "\n",
            r##"<circle class="hb-node" cx="46" cy="58" r="3.5" fill="#1a1a1a" stroke="white" stroke-width="1"/>"##,
            "\n</svg>"
        ),
        title = title,
        trunk = trunk
    )
}

/// A position figure in the shape the driver writes (see /work/coord/requests.md).
fn figure(notation: &str, svg: &str, value_tex: &str, childish: bool) -> String {
    let rules = if childish {
        r#"<span class="rules">(childish rules)</span>"#
    } else {
        ""
    };
    format!(
        concat!(
            r#"<figure class="position" id="position-{id}">{svg}<figcaption>"#,
            r#"<span class="value">{value}</span>{rules}"#,
            r#"<details class="checked"><summary>checked</summary><ul><li>worth: {plain} ✓</li><li>Left's options: 0 ✓</li>"#,
            r#"<li>valued by the sign expansion and the game tree, which agree</li></ul></details>"#,
            "</figcaption></figure>"
        ),
        id = notation.replace(['(', ')', ' '], ""),
        svg = svg,
        value = inline(value_tex),
        rules = rules,
        plain = value_tex.replace(['{', '}', '\\'], ""),
    )
}

fn tree_essay() -> PageModel {
    let body = [
        r#"<h2 id="values">Values of small trees</h2>"#.to_string(),
        format!(
            "<p>The cherry stands on a blue trunk. Left may cut to {} or {}, Right to {}, so \
             {}. Switches such as {} and infinitesimals like {} appear once green edges join \
             in, and {} is typeset as one symbol.</p>",
            inline("0"),
            inline(r"\tfrac12"),
            inline("2"),
            inline(r"\{0, \tfrac12 \mid 2\} = 1"),
            inline(r"\pm 1"),
            inline(r"{\uparrow}{*}"),
            inline(r"a\!b"),
        ),
        format!(
            r#"<div class="positions">{}{}</div>"#,
            figure("L(L R)", &diagram("L(L R)", false), "1", false),
            figure("G(L R)", &diagram("G(L R)", true), r"{\uparrow}{*}", true),
        ),
        r#"<h2 id="colon">The colon principle</h2>"#.to_string(),
        format!(
            "<p>Reading the leftmost spine of a tree as a stalk gives its value when the colon \
             condition holds, as in</p>{}<p>which is also the value of the stalk LRRL.</p>",
            display(&[r"1 : -1 : -1 : 1 = \tfrac38"]),
        ),
        figure("LRRL", &diagram("LRRL", false), r"\tfrac38", false),
        format!(
            "<p>A longer stalk, too wide for a phone, wraps between its terms:</p>{}",
            display(&[
                r"\mathrm{LRLRRLLR} = 1 : -1 : 1 : -1 : -1 : 1 : 1 : -1 = \tfrac{77}{128} = 0.6015625"
            ]),
        ),
        r#"<h3 id="census">A census</h3>"#.to_string(),
        r#"<details class="census-list" id="censuses"><summary>The censuses behind the counts (1)</summary><ul><li class="census" id="census-forests6"><code>forests6</code> — every forest of 1 to 6 edges, blue and red: 10,066 in all.</li></ul></details>"#.to_string(),
        "<p>Of the <a class=\"claim\" href=\"#claim-1\" title=\"Checked: the computation gives 10,066\">10,066</a> forests with at most six \
         edges, <a class=\"claim\" href=\"#claim-2\">762</a> have a reading equal to their \
         value: about <a class=\"claim\" href=\"#claim-3\">88%</a> of single-trunk trees \
         satisfy the colon condition.</p>"
            .to_string(),
        r##"<ul class="claims-block"><li><a class="claim" href="#claim-1">10,066</a> forests in all</li><li><a class="claim" href="#claim-2">762</a> read their value</li></ul>"##.to_string(),
        format!(
            r#"<div class="game-block">{}</div>"#,
            display(&[
                r"\{0, \tfrac12 \mid 2\} = \{\tfrac12 \mid 2\} = 1",
                r"{\uparrow} + {\uparrow} + {*} = {\Uparrow}{*}",
            ])
        ),
    ]
    .join("\n");
    let claim = |n: usize, literal: &str, query: &str, figure: &str, holds: bool| ClaimRow {
        id: format!("claim-{n}"),
        literal: literal.into(),
        literal_html: None,
        query: query.into(),
        figure: figure.into(),
        holds,
        how: vec![
            format!("value: by the game tree ({n})"),
            "census: every member counted".into(),
        ],
        file: "essays/a-tree-is-still-a-number.md".into(),
        line: 40 + n,
        section: if n < 3 {
            String::new()
        } else {
            "Values of small trees".into()
        },
        section_id: if n < 3 {
            String::new()
        } else {
            "values".into()
        },
        in_text: true,
    };
    PageModel {
        slug: "a-tree-is-still-a-number".into(),
        title: "A tree is still a number".into(),
        rung: 4,
        summary: "Blue-red trees are worth numbers, & the colon principle says which.".into(),
        date: Some("2026-11-29".into()),
        updated: None,
        body_html: body,
        toc: vec![
            TocEntry {
                level: 2,
                id: "values".into(),
                text: "Values of small trees".into(),
            },
            TocEntry {
                level: 2,
                id: "colon".into(),
                text: "The colon principle".into(),
            },
            TocEntry {
                level: 3,
                id: "census".into(),
                text: "A census".into(),
            },
        ],
        claims: vec![
            claim(1, "10,066", "count forests6", "10066", true),
            claim(
                2,
                "762",
                "count forests6 where reading = value",
                "762",
                true,
            ),
            claim(
                3,
                "88%",
                "share trees6 where colon_condition",
                "0.8752 (2834/3238)",
                false,
            ),
        ],
        prev: None,
        next: None,
    }
}

fn sample_site() -> SiteModel {
    let stalk = PageModel {
        slug: "the-numeral".into(),
        title: "The numeral".into(),
        rung: 1,
        summary: "A stalk of blue and red edges is a number written in binary.".into(),
        body_html: format!("<p>The stalk LRRL is worth {}.</p>", inline(r"\tfrac38")),
        ..PageModel::default()
    };
    let fusion = PageModel {
        slug: "green-fusion".into(),
        title: "Green fusion".into(),
        rung: 2,
        summary: "Cycles of green edges fuse into stalks.".into(),
        body_html: "<p>Nimbers.</p>".into(),
        next: Some(Link {
            slug: "a-tree-is-still-a-number".into(),
            title: "A tree is still a number".into(),
        }),
        ..PageModel::default()
    };
    SiteModel {
        title: "Hackenbook".into(),
        // Deliberately out of rung order: the renderer sorts.
        essays: vec![tree_essay(), stalk, fusion],
        base_url: None,
    }
}

fn read_tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).unwrap().to_path_buf();
            (rel, fs::read(e.path()).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn writes_index_pages_and_assets() {
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("site");
    let pages = render_site(&sample_site(), &templates(), &out).unwrap();
    let names: Vec<String> = pages
        .iter()
        .map(|p| p.strip_prefix(&out).unwrap().display().to_string())
        .collect();
    assert_eq!(
        names,
        [
            "index.html",
            "the-numeral.html",
            "green-fusion.html",
            "a-tree-is-still-a-number.html",
            "investigate.html",
            "404.html"
        ]
    );
    for asset in [
        "style.css",
        "player.js",
        "investigate.js",
        "fonts/LibertinusSerif-Regular.woff2",
        "fonts/OFL.txt",
    ] {
        assert!(out.join(asset).is_file(), "{asset}");
    }

    let index = fs::read_to_string(out.join("index.html")).unwrap();
    let (a, b, c) = (
        index.find("the-numeral.html").unwrap(),
        index.find("green-fusion.html").unwrap(),
        index.find("a-tree-is-still-a-number.html").unwrap(),
    );
    assert!(a < b && b < c, "index lists essays by rung");
    assert!(index.contains("Cycles of green edges fuse into stalks."));

    let tree = fs::read_to_string(out.join("a-tree-is-still-a-number.html")).unwrap();
    assert!(tree.contains(r#"<tr id="claim-3" class="fails">"#));
    // Under each query, how its figures were computed.
    assert!(tree.contains(
        r#"<code>count forests6 where reading = value</code><small>value: by the game tree (2); census: every member counted</small>"#
    ));
    assert!(tree.contains(r##"<a class="claim" href="#claim-2">762</a>"##));
    assert!(tree.contains(r##"<a href="#census">A census</a>"##));
    assert!(
        tree.contains("&amp; the colon principle"),
        "plain text is escaped"
    );
    assert!(tree.contains(r#"href="green-fusion.html" rel="prev""#));
    assert!(!tree.contains("rel=\"next\""), "the last rung has no next");
    assert!(tree.contains("<math"));
    // Nothing is fetched from outside the site.
    for page in &pages {
        let html = fs::read_to_string(page).unwrap();
        for remote in [
            "src=\"http",
            "href=\"http",
            "src=\"//",
            "href=\"//",
            "url(http",
        ] {
            assert!(!html.contains(remote), "{} has {remote}", page.display());
        }
    }
}

#[test]
fn output_is_byte_identical_across_runs() {
    let root = tempfile::tempdir().unwrap();
    let (one, two) = (root.path().join("one"), root.path().join("two"));
    render_site(&sample_site(), &templates(), &one).unwrap();
    render_site(&sample_site(), &templates(), &two).unwrap();
    let (a, b) = (read_tree(&one), read_tree(&two));
    assert!(!a.is_empty());
    assert_eq!(a, b);
}

#[test]
fn failed_render_leaves_the_previous_site_whole() {
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("site");
    render_site(&sample_site(), &templates(), &out).unwrap();
    let before = read_tree(&out);

    // A template that refers to a missing variable fails at render time, after loading.
    let broken = root.path().join("broken-templates");
    fs::create_dir(&broken).unwrap();
    for name in ["base.html", "index.html"] {
        fs::copy(templates().join(name), broken.join(name)).unwrap();
    }
    fs::write(
        broken.join("essay.html"),
        "{% extends \"base.html\" %}{% block content %}{{ page.no_such_field.deeper }}{% endblock content %}",
    )
    .unwrap();
    let err = render_site(&sample_site(), &broken, &out).unwrap_err();
    assert!(err.to_string().contains("essay.html"), "{err}");
    assert_eq!(read_tree(&out), before);

    // A bad slug fails before anything is written.
    let mut bad = sample_site();
    bad.essays[0].slug = "../escape".into();
    assert!(render_site(&bad, &templates(), &out).is_err());
    assert_eq!(read_tree(&out), before);

    // No staging folders are left behind.
    let mut left: Vec<String> = fs::read_dir(root.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["broken-templates", "site"]);
}

#[test]
fn missing_templates_fall_back_to_the_built_in_ones() {
    let root = tempfile::tempdir().unwrap();
    let (ours, builtin) = (root.path().join("ours"), root.path().join("builtin"));
    render_site(&sample_site(), &templates(), &ours).unwrap();
    render_site(&sample_site(), &root.path().join("no-templates"), &builtin).unwrap();
    assert_eq!(read_tree(&ours), read_tree(&builtin));

    // A folder with only essay.html overrides that one and keeps the others.
    let partial = root.path().join("partial");
    fs::create_dir(&partial).unwrap();
    fs::write(
        partial.join("essay.html"),
        "{% extends \"base.html\" %}{% block content %}<p>custom {{ page.slug }}</p>{% endblock content %}",
    )
    .unwrap();
    let custom = root.path().join("custom");
    render_site(&sample_site(), &partial, &custom).unwrap();
    let page = fs::read_to_string(custom.join("the-numeral.html")).unwrap();
    assert!(page.contains("<p>custom the-numeral</p>"));
    assert!(page.contains(r#"<link rel="stylesheet" href="style.css">"#));
}

/// Renders the sample into `$SITE_DEMO_OUT` for looking at in a browser; a no-op without it.
#[test]
fn demo_site_for_the_browser() {
    let Some(dir) = std::env::var_os("SITE_DEMO_OUT") else {
        return;
    };
    let pages = render_site(&sample_site(), &templates(), Path::new(&dir)).unwrap();
    assert_eq!(pages.len(), 5);
}
