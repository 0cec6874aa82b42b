//! What authors and their editors really write: maths the Markdown parser does not recognise,
//! HTML blocks, Windows line endings, byte-order marks, lock files, reserved slugs, unclosed
//! fences and front matter. Each either works or fails with a diagnostic at the cause.

use hackenbook_book::driver::{self, Failure, Project};
use std::fs;
use std::path::Path;

const FRONT: &str = "+++\ntitle = \"T\"\nrung = 1\n+++\n\n";

/// A project holding these essays (file name, text), with the repository's templates.
fn project(essays: &[(&str, &str)]) -> (tempfile::TempDir, Project) {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("essays")).unwrap();
    for (name, text) in essays {
        fs::write(dir.path().join("essays").join(name), text).unwrap();
    }
    let mut project = Project::at(dir.path());
    project.templates_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    project.cache_dir = None;
    (dir, project)
}

/// The rendered problems of a check that must fail, and how many there are.
fn problems(essays: &[(&str, &str)]) -> (String, usize) {
    let (_dir, project) = project(essays);
    match driver::check(&project) {
        Ok(_) => panic!("the check should fail"),
        Err(f @ Failure::Problems(_)) => {
            let Failure::Problems(list) = &f else {
                unreachable!()
            };
            (f.render(), list.len())
        }
        Err(Failure::Other(m)) => panic!("failed outside the essays: {m}"),
    }
}

/// Checks and expects success.
fn holds(essays: &[(&str, &str)]) -> driver::Checked {
    let (_dir, project) = project(essays);
    driver::check(&project).unwrap_or_else(|f| panic!("{}", f.render()))
}

fn assert_has(text: &str, wanted: &[&str]) {
    for w in wanted {
        assert!(text.contains(w), "expected `{w}` in:\n{text}");
    }
}

// ------------------------------------------------------------------ maths and HTML

#[test]
fn display_maths_with_unbalanced_braces_fails_at_its_dollars() {
    let text = format!("{FRONT}Before.\n\n$$\n\\frac{{1}}{{2\n$$\n\nAfter.\n");
    let (shown, count) = problems(&[("m.md", &text)]);
    assert_has(&shown, &["m.md:8:1", "maths that was not recognised"]);
    assert_eq!(count, 1, "one report for the formula: {shown}");
}

#[test]
fn an_unclosed_display_formula_fails_at_its_dollars() {
    let text = format!("{FRONT}Text.\n\n$$\n\\frac{{1}}{{2}}\n\nMore text.\n");
    let (shown, _) = problems(&[("m.md", &text)]);
    assert_has(&shown, &["m.md:8:1", "maths that was not recognised"]);
}

#[test]
fn dollars_in_code_and_escaped_dollars_are_not_maths() {
    let text = format!(
        "{FRONT}It costs \\$5, and `$x` is code.\n\n```text\n$\\frac{{1}}{{2$ verbatim\n```\n"
    );
    holds(&[("m.md", &text)]);
}

#[test]
fn a_claim_in_an_html_block_fails_instead_of_going_unchecked() {
    let text = format!(
        "{FRONT}<div class=\"aside\">\nWe have `{{5 = count forests1}}` and $\\frac{{1}}{{2$ here.\n</div>\n"
    );
    let (shown, count) = problems(&[("h.md", &text)]);
    assert_has(
        &shown,
        &[
            "h.md:7:9",
            "a claim inside an HTML block is not checked",
            "h.md:7:36",
            "maths inside an HTML block is not typeset",
        ],
    );
    assert_eq!(count, 2, "{shown}");
}

#[test]
fn claims_and_maths_in_tag_attributes_and_link_titles_fail_instead_of_going_unchecked() {
    // The Markdown parser hands an inline tag over whole, and a title as an attribute: a claim
    // or TeX there once reached the page as written, unchecked.
    let text = format!(
        "{FRONT}See <a title=\"`{{3 = count forests1}}`\" href=\"#x\">this</a> and \
         [that](#y \"title $1<0$\") and ![a tree](t.png \"`{{9 = count forests1}}`\").\n"
    );
    let (shown, count) = problems(&[("t.md", &text)]);
    assert_has(
        &shown,
        &[
            "t.md:6:15",
            "a claim inside an HTML tag is not checked",
            "t.md:6:79",
            "maths inside a link's title is not typeset",
            "t.md:6:108",
            "a claim inside a link's title is not checked",
        ],
    );
    assert_eq!(count, 3, "{shown}");
    // Tags and titles without either are fine.
    holds(&[(
        "t.md",
        &format!("{FRONT}See <abbr title=\"Left\">L</abbr> and [it](#y \"a title\").\n"),
    )]);
}

#[test]
fn markdown_inside_an_html_block_after_a_blank_line_is_checked() {
    let text =
        format!("{FRONT}<div class=\"aside\">\n\nWe have `{{5 = count forests1}}`.\n\n</div>\n");
    let (shown, _) = problems(&[("h.md", &text)]);
    assert_has(&shown, &["h.md:8:", "claim does not hold", "gives 2"]);
}

// ------------------------------------------------------------------ what editors write

#[test]
fn windows_line_endings_and_a_byte_order_mark_are_read() {
    let unix = format!(
        "{FRONT}A stalk worth `{{1/2 = value of lr}}`.\n\n```hackenbush lr\nLR\nvalue = 1/2\n```\n"
    );
    let windows = unix.replace('\n', "\r\n");
    let marked = format!("\u{feff}{windows}");
    holds(&[
        ("a.md", &windows),
        ("b.md", &marked.replace("rung = 1", "rung = 2")),
    ]);
    // Lines and columns count as the author sees them.
    let wrong = marked.replace("{1/2 =", "{3/4 =");
    let (shown, _) = problems(&[("w.md", &wrong)]);
    assert_has(&shown, &["w.md:6:17", "the computation gives 1/2"]);
}

#[cfg(unix)]
#[test]
fn lock_files_hidden_files_and_dangling_links_are_not_essays() {
    let (dir, project) = project(&[("a.md", &format!("{FRONT}Fine.\n"))]);
    let essays = dir.path().join("essays");
    // Emacs's lock file: a link to nowhere.
    std::os::unix::fs::symlink("user@host.1234:1", essays.join(".#a.md")).unwrap();
    fs::write(essays.join(".hidden.md"), "not front matter").unwrap();
    std::os::unix::fs::symlink("missing.md", essays.join("dangling.md")).unwrap();
    let checked = driver::check(&project).unwrap_or_else(|f| panic!("{}", f.render()));
    assert_eq!(checked.essays.len(), 1);
}

#[cfg(unix)]
#[test]
fn essays_and_templates_that_lead_outside_the_project_or_are_not_files_are_refused_unread() {
    use std::os::unix::fs::symlink;
    let (dir, mut project) = project(&[("a.md", &format!("{FRONT}Fine.\n"))]);
    let essays = dir.path().join("essays");
    // Once read and quoted in a diagnostic (`/proc/self/environ`: the build's environment).
    let elsewhere = tempfile::tempdir().unwrap();
    let secret = elsewhere.path().join("secret");
    fs::write(&secret, "+++\nSECRET=42\n").unwrap();
    symlink(&secret, essays.join("env.md")).unwrap();
    let Err(failure) = driver::check(&project) else {
        panic!("a link out of the project must fail")
    };
    let shown = failure.render();
    assert_has(&shown, &["env.md:1:1", "outside the project"]);
    assert!(!shown.contains("SECRET"), "{shown}");
    fs::remove_file(essays.join("env.md")).unwrap();
    // A FIFO of an essay's name: refused without opening it for reading (which would wait for
    // a writer for ever).
    rustix::fs::mkfifoat(
        rustix::fs::CWD,
        essays.join("pipe.md"),
        rustix::fs::Mode::from_raw_mode(0o600),
    )
    .unwrap();
    let Err(failure) = driver::check(&project) else {
        panic!("a FIFO must fail")
    };
    assert_has(&failure.render(), &["pipe.md:1:1", "a FIFO (a named pipe)"]);
    fs::remove_file(essays.join("pipe.md")).unwrap();
    // The configuration and a template, the same.
    symlink(&secret, dir.path().join("hackenbook.toml")).unwrap();
    let Err(failure) = driver::check(&project) else {
        panic!("a configuration out of the project must fail")
    };
    assert_has(
        &failure.render(),
        &["hackenbook.toml:1:1", "outside the project"],
    );
    fs::remove_file(dir.path().join("hackenbook.toml")).unwrap();
    let templates = dir.path().join("templates");
    fs::create_dir(&templates).unwrap();
    symlink(&secret, templates.join("base.html")).unwrap();
    project.templates_dir = templates.clone();
    let Err(failure) = driver::build(&project) else {
        panic!("a template out of the project must fail")
    };
    assert_has(
        &failure.render(),
        &["templates/base.html:1:1", "outside the project"],
    );
    // A link that stays inside the project is followed.
    fs::remove_file(templates.join("base.html")).unwrap();
    fs::write(dir.path().join("mine.md"), format!("{FRONT}Linked.\n")).unwrap();
    symlink("../mine.md", essays.join("linked.md")).unwrap();
    let checked = driver::check(&project).unwrap_or_else(|f| panic!("{}", f.render()));
    assert_eq!(checked.essays.len(), 2);
}

#[cfg(unix)]
#[test]
fn an_essay_whose_name_is_not_utf8_is_an_error_that_names_it() {
    use std::os::unix::ffi::OsStrExt;
    let (dir, project) = project(&[("a.md", &format!("{FRONT}Fine.\n"))]);
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.md");
    fs::write(
        dir.path().join("essays").join(name),
        format!("{FRONT}Lost.\n"),
    )
    .unwrap();
    let Err(failure) = driver::check(&project) else {
        panic!("a name that is not UTF-8 must fail, not be skipped")
    };
    assert_has(
        &failure.render(),
        &["caf\u{fffd}.md:1:1", "file name is not UTF-8"],
    );
}

#[test]
fn a_file_that_is_not_utf8_fails_at_its_first_bad_byte() {
    let (dir, project) = project(&[]);
    let mut bytes = format!("{FRONT}Fine line.\nBad: ").into_bytes();
    bytes.extend_from_slice(&[0xff, 0xfe]);
    bytes.extend_from_slice(b" here.\n");
    fs::write(dir.path().join("essays/latin.md"), bytes).unwrap();
    let Err(failure) = driver::check(&project) else {
        panic!("must fail")
    };
    assert_has(&failure.render(), &["latin.md:7:6", "not UTF-8"]);
}

#[test]
fn an_empty_essays_folder_is_an_error() {
    let (_dir, project) = project(&[]);
    let Err(Failure::Other(message)) = driver::check(&project) else {
        panic!("an empty folder must fail")
    };
    assert_has(&message, &["holds no essays"]);
}

// ------------------------------------------------------------------ slugs

#[test]
fn the_slug_index_fails_at_the_slug_in_check_as_in_build() {
    let text = "+++\ntitle = \"T\"\nrung = 1\nslug = \"index\"\n+++\n\nText.\n";
    let (shown, _) = problems(&[("a.md", text)]);
    assert_has(
        &shown,
        &[
            "a.md:4:8",
            "slug `index` is reserved for the site's index page",
        ],
    );
    // A file named index.md gets that slug from its name.
    let (shown, _) = problems(&[("index.md", &format!("{FRONT}Text.\n"))]);
    assert_has(
        &shown,
        &["index.md:1:1", "the file name gives the slug `index`"],
    );
}

#[test]
fn new_refuses_a_reserved_slug() {
    let (_dir, project) = project(&[]);
    let Err(Failure::Other(message)) = hackenbook::commands::new_essay(&project, "index", None)
    else {
        panic!("`new index` must fail")
    };
    assert_has(&message, &["reserved"]);
    assert!(!project.essays_dir.join("index.md").exists());
}

#[test]
fn a_duplicate_slug_is_reported_at_the_slug_line() {
    let a = "+++\ntitle = \"A\"\nrung = 1\nslug = \"same\"\n+++\n\nA.\n";
    let b = "+++\ntitle = \"B\"\nrung = 2\nsummary = \"x\"\nslug = \"same\"\n+++\n\nB.\n";
    let (shown, _) = problems(&[("a.md", a), ("b.md", b)]);
    assert_has(&shown, &["b.md:5:8", "slug `same` is already used"]);
}

// ------------------------------------------------------------------ diagnostics at the cause

#[test]
fn unclosed_front_matter_says_so() {
    let (shown, _) = problems(&[("a.md", "+++\ntitle = \"T\"\nrung = 1\n\nText.\n")]);
    assert_has(&shown, &["a.md:1:1", "the front matter is never closed"]);
    assert!(!shown.contains("no front matter"), "{shown}");
}

#[test]
fn an_unclosed_fence_is_reported_at_the_fence() {
    let text = format!("{FRONT}Intro.\n\n```game\n1 = 1\n\nThen prose that is not a game.\n");
    let (shown, count) = problems(&[("a.md", &text)]);
    assert_has(&shown, &["a.md:8:1", "this fence is never closed"]);
    assert_eq!(count, 1, "nothing about the prose: {shown}");
}

#[test]
fn a_block_left_unclosed_mid_essay_is_reported_at_its_fence_and_nothing_else() {
    // The first block's closing fence is missing: the next block's opening line falls inside it
    // and that block's closing fence closes the first one.
    let text = format!(
        "{FRONT}A position:\n\n```hackenbush half\nLR\n\nProse about it, worth `{{1/2 = value of half}}`.\n\n```hackenbush big\nLLRL\nvalue = 7/4\n```\n\nIt is worth `{{7/4 = value of big}}`.\n"
    );
    let (shown, count) = problems(&[("a.md", &text)]);
    assert_has(
        &shown,
        &[
            "a.md:8:1",
            "this block is not closed: the ```hackenbush on line 13 opens another block",
            "close it with a line holding only ``` before line 13",
        ],
    );
    assert_eq!(count, 1, "nothing that follows from it: {shown}");
}

#[test]
fn a_failed_block_that_only_uses_a_name_does_not_silence_the_name() {
    // The unclosed `play half` uses `half`; the false game line about `half` is still false.
    let text = format!(
        "{FRONT}```hackenbush half\nLR\n```\n\n```game\nhalf + half = 2\n```\n\n```play half\nleft cuts L\n"
    );
    let (shown, count) = problems(&[("a.md", &text)]);
    assert_has(
        &shown,
        &["this fence is never closed", "false: `half + half = 2`"],
    );
    assert_eq!(count, 2, "{shown}");
}

#[test]
fn a_block_whose_kind_is_misspelt_is_reported_once_not_at_every_use() {
    let text = format!(
        "{FRONT}```hackenbsh half\nLR\n```\n\nIt is worth `{{1/2 = value of half}}`.\n\n```game\nhalf + half = 1\n```\n\n```play half\nLeft cuts L\n```\n"
    );
    let (shown, count) = problems(&[("a.md", &text)]);
    assert_has(&shown, &["a.md:6:4", "unknown block kind `hackenbsh`"]);
    assert_eq!(count, 1, "only the cause: {shown}");
}

#[test]
fn a_position_with_a_reserved_name_is_reported_once_not_at_every_use() {
    // `v2` reads as down in a game expression: the game line must not be checked as down.
    let text = format!(
        "{FRONT}```hackenbush v2\nLR\n```\n\nIt is worth `{{1/2 = value of v2}}`.\n\n```game\nv2 + v2 = 1\n```\n"
    );
    let (shown, count) = problems(&[("a.md", &text)]);
    assert_has(&shown, &["a.md:6:15", "`v2` reads as down"]);
    assert_eq!(count, 1, "only the cause: {shown}");
}

#[test]
fn a_duplicate_position_name_is_reported_once_after_its_first_definition() {
    let text = format!(
        "{FRONT}It is worth `{{1/2 = value of half}}`.\n\n```hackenbush half\nLR\nvalue = 1\n```\n\n```hackenbush half\nLLR\n```\n\n```game\nhalf + half = 1\n```\n"
    );
    let (shown, count) = problems(&[("a.md", &text)]);
    assert_has(&shown, &["a.md:13:15", "`half` is already defined"]);
    let first = shown.find("assertion does not hold").expect(&shown);
    let duplicate = shown.find("already defined").expect(&shown);
    assert!(first < duplicate, "the cause comes first: {shown}");
    assert_eq!(count, 2, "the wrong assertion and the duplicate: {shown}");
}

#[test]
fn an_exercise_asking_for_a_winning_move_the_mover_lacks_says_so() {
    // LRRR is worth 1/8: Left wins whoever starts, so Right has no winning move.
    let text =
        format!("{FRONT}```exercise\nLRRR\nquestion = winning move for right\nanswer = LR\n```\n");
    let (shown, count) = problems(&[("a.md", &text)]);
    assert_has(
        &shown,
        &[
            "a.md:9:10",
            "Right has no winning move here: the position is worth 1/8, and Left wins whoever starts",
        ],
    );
    assert_eq!(count, 1, "{shown}");
}

#[test]
fn a_failed_census_is_reported_once_not_at_every_use() {
    let text = format!(
        "{FRONT}```census small\nfamily = \"forests\"\nedges = \"1..=x\"\n```\n\n```census narrow\nfrom = \"small\"\nwhere = \"trunks > 1\"\n```\n\nThere are `{{3 = count small}}` and `{{2 = count narrow where edges > 1}}`.\n"
    );
    let (shown, count) = problems(&[("a.md", &text)]);
    assert_has(&shown, &["a.md:8:", "bad census"]);
    assert_eq!(count, 1, "only the cause: {shown}");
}

#[test]
fn a_game_literal_for_a_number_is_a_claim_that_does_not_hold() {
    let text = format!("{FRONT}It is worth `{{1* = value of a}}`.\n\n```hackenbush a\nLR\n```\n");
    let (shown, _) = problems(&[("a.md", &text)]);
    assert_has(&shown, &["a.md:6:15", "claim does not hold", "gives 1/2"]);
    assert!(!shown.contains("is not a number"), "{shown}");
}

#[test]
fn a_message_quotes_a_huge_position_in_part() {
    let position = "X".repeat(100_001);
    let text = format!("{FRONT}```hackenbush big\n{position}\n```\n");
    let (shown, _) = problems(&[("a.md", &text)]);
    assert_has(&shown, &["a.md:7:"]);
    assert!(shown.len() < 4_000, "{} bytes", shown.len());
}

#[test]
fn template_errors_are_located_in_the_template() {
    let (dir, mut project) = project(&[("a.md", &format!("{FRONT}Text.\n"))]);
    let templates = dir.path().join("templates");
    fs::create_dir(&templates).unwrap();
    project.templates_dir = templates.clone();
    // A tag that is never closed: a parse error, placed by Tera's parser.
    fs::write(
        templates.join("index.html"),
        "<p>\n{% if site.title %}\n</p>\n",
    )
    .unwrap();
    let Err(failure) = driver::build(&project) else {
        panic!("a broken template must fail")
    };
    assert_has(&failure.render(), &["index.html:4:1", "template error"]);
    // A variable that does not exist: placed at its first mention.
    fs::remove_file(templates.join("index.html")).unwrap();
    fs::write(
        templates.join("essay.html"),
        "<main>\n  {{ page.title }} {{ page.no_such_field }}\n</main>\n",
    )
    .unwrap();
    let Err(failure) = driver::build(&project) else {
        panic!("a missing variable must fail")
    };
    assert_has(
        &failure.render(),
        &["essay.html:2:23", "page.no_such_field"],
    );
}

#[test]
fn templates_that_reach_themselves_are_refused_before_rendering() {
    // Each once overflowed the stack and aborted the process (and `serve`).
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a str);
    let cases: [Case; 3] = [
        (
            &[("base.html", "<body>\n{% block content %}{% endblock content %}\n{% include \"base.html\" %}\n</body>\n")],
            "base.html:3:4",
            "`base.html` includes `base.html`",
        ),
        (
            &[
                ("notebook.html", "<table></table>\n{% include 'essay.html' %}\n"),
            ],
            "notebook.html:2:4",
            "`essay.html` reaches itself",
        ),
        (
            &[(
                "index.html",
                "{% macro down(n) %}{{ self::down(n=n) }}{% endmacro down %}\n{{ self::down(n=1) }}\n",
            )],
            "index.html:1:23",
            "calls macro `down`",
        ),
    ];
    for (files, place, words) in cases {
        let (dir, mut project) = project(&[("a.md", &format!("{FRONT}Text.\n"))]);
        let templates = dir.path().join("templates");
        fs::create_dir(&templates).unwrap();
        for (name, text) in files {
            fs::write(templates.join(name), text).unwrap();
        }
        project.templates_dir = templates;
        let Err(failure) = driver::build(&project) else {
            panic!("a template that reaches itself must fail")
        };
        assert_has(&failure.render(), &[place, words, "would never end"]);
    }
}

#[test]
fn thermograph_blocks_are_checked_and_located() {
    // Two games in one block, an empty block and an unknown position: each at its line.
    let text = format!(
        "{FRONT}```thermograph\n{{4|-2}}\n{{1|-1}}\n```\n\n```thermograph\n```\n\n```thermograph\nnowhere\n```\n"
    );
    let (report, count) = problems(&[("t.md", &text)]);
    assert_eq!(count, 3, "{report}");
    assert_has(
        &report,
        &[
            "t.md:8:1",
            "holds one game, not several",
            "t.md:11:4",
            "needs a game",
            "t.md:15:1",
            "unknown name `nowhere`",
        ],
    );
    // A thermal fact in a game block is checked like any relation.
    let (report, _) = problems(&[(
        "t.md",
        &format!("{FRONT}```game\ntemp({{4|-2}}) = 2\n```\n"),
    )]);
    assert_has(&report, &["t.md:7:1", "claims 3 = 2"]);
    holds(&[(
        "t.md",
        &format!("{FRONT}```thermograph\n{{4|-2}}\n```\n\n```game\nmean({{4|-2}}) = 1\n```\n"),
    )]);
}

// ------------------------------------------------ literals and formulas read as the reader reads

/// Each formula fails at its line with every phrase wanted (one essay per formula).
fn each_fails(cases: &[(&str, &[&str])]) {
    for (formula, wanted) in cases {
        let text = format!("{FRONT}Here `{{${formula}$}}` is claimed.\n");
        let (shown, count) = problems(&[("f.md", &text)]);
        assert_has(&shown, &["f.md:6:"]);
        assert_has(&shown, wanted);
        assert_eq!(count, 1, "{formula}: {shown}");
    }
}

#[test]
fn spacing_in_a_checked_formula_separates_what_the_reader_sees_apart() {
    // Spacing between two statements: read as `0<10>1`, `0 = 1-1 < 1`, `*<10>2` they held.
    each_fails(&[
        (
            r"0 < 1 \quad 0 > 1",
            &["two statements", "`0 < 1`", "`0 > 1`"],
        ),
        (r"0 = 1 \quad -1 < 1", &["two statements"]),
        (r"\ast < 1 ~ 0 > 2", &["two statements"]),
        (r"0 < 1,\quad 0 > 1", &["two statements"]),
        // TeX prints `1 0` as 10, the author meant two numbers: neither is checked.
        (r"0 < 1 0 > 1", &["digits"]),
        (r"1\,000 = 1000", &["digits"]),
        // `+-` is plus then minus on the page, not ±: 1 + −1 is 0, not 1 ± 1 (which is fuzzy).
        (r"1 + -1 \parallel 0", &["false relation", "claimed 0 || 0"]),
        (r"1 +- 1 \parallel 0", &["false relation"]),
        // `1½` is one and a half on the page, not 11/2.
        ("1½ > 5", &["not a game"]),
        // What the converter does not understand exactly is refused.
        (r"\{1{,}000 \mid\} = 2", &["comma"]),
        (r"\left. 1 \right> 0", &["delimiter"]),
        (r"1 \mathbin{0} = 10", &["not a game"]),
        (r"1 \hspace{1em} = 1", &["\\hspace"]),
        (r"1 \phantom{+1} = 1", &["\\phantom"]),
        (r"1 = 1 % + 1", &["`%`"]),
        (r"1 = 1 \\ 2 = 1", &["\\\\"]),
    ]);
    // In an exercise's hint, where relations are checked like the prose's: refused, not skipped.
    let text = format!(
        "{FRONT}```exercise stalk\nLR\nquestion = value\nanswer = 1/2\n\
         hint = Both: $0 < 1 \\quad 0 > 1$, and $1 0 = 10$; not this: $1 + 1$.\n```\n"
    );
    let (shown, count) = problems(&[("f.md", &text)]);
    assert_has(
        &shown,
        &["f.md:10:", "two statements", "a space between digits"],
    );
    assert_eq!(count, 2, "{shown}");
    // Spacing inside one statement, and the TeX rule that a space after `\ast` ends the command
    // (`\ast 2` is printed ∗2), still read as before.
    let text = format!(
        "{FRONT}`{{$1 \\, + \\, 1 = 2$}}`, `{{$\\ast 2 + \\ast 2 = 0$}}`, \
         `{{$\\left\\{{ 0 \\,\\middle|\\, 1 \\right\\}} \\quad = \\quad \\tfrac12$}}`, \
         `{{$0 < 1 \\qquad < 2$}}`.\n"
    );
    holds(&[("f.md", &text)]);
}

const SHARES: &str = "```census s8\nfamily = \"stalks\"\nedges = \"1..=8\"\n```\n\n";

#[test]
fn a_share_that_reads_as_none_or_all_holds_only_exactly() {
    // 2 of the 510 stalks have one edge (0.39%): at written precision `0%` and `100%` held.
    for (literal, query, wanted) in [
        ("0%", "edges = 1", "write `under 1%`"),
        ("0.0", "edges = 1", "write `under 1%`"),
        ("100%", "edges > 1", "write `over 99%`"),
        ("100.0%", "edges > 1", "write `over 99%`"),
        ("1.00", "edges > 1", "write `over 99%`"),
        ("under 0.1%", "edges = 1", "computed 0.39%"),
        ("under 1%", "edges = 0", "write `0%`"),
        ("over 99%", "edges > 0", "write `100%`"),
    ] {
        let text = format!("{FRONT}{SHARES}Says `{{{literal} = share s8 have {query}}}`.\n");
        let (shown, count) = problems(&[("s.md", &text)]);
        assert_has(&shown, &["s.md:11:8", wanted]);
        assert_eq!(count, 1, "{literal}: {shown}");
    }
    let text = format!(
        "{FRONT}{SHARES}`{{under 1% = share s8 have edges = 1}}`, \
         `{{Under 0.4 per cent = share s8 have edges = 1}}`, \
         `{{over 99% = share s8 have edges > 1}}`, `{{0% = share s8 have edges = 0}}`, \
         `{{100% = share s8 have edges > 0}}`, `{{0.4% = share s8 have edges = 1}}`.\n"
    );
    holds(&[("s.md", &text)]);
}

#[test]
fn a_numeral_with_a_leading_zero_or_a_stray_separator_is_refused() {
    for (literal, wanted) in [
        ("0,002", "leading zero"),
        ("02", "leading zero"),
        ("002/1", "leading zero"),
        ("- 2", "sign"),
        ("-0", "zero"),
        ("2,0", "separators"),
    ] {
        let text = format!("{FRONT}{SHARES}Says `{{{literal} = count s8 where edges = 1}}`.\n");
        let (shown, count) = problems(&[("n.md", &text)]);
        assert_has(&shown, &["n.md:11:8", wanted]);
        assert_eq!(count, 1, "{literal}: {shown}");
    }
    // The same in game notation: `021` is not 21.
    let text = format!("{FRONT}```game\n021 = 21\n```\n");
    let (shown, _) = problems(&[("n.md", &text)]);
    assert_has(&shown, &["n.md:7:1", "leading zero"]);
}

#[test]
fn an_unknown_name_near_a_position_of_the_essay_is_that_position_not_brackets() {
    // LRRLL is worth 7/16 and lies between LRR and LR: following "write it in brackets" made
    // the typo of `lrrl` (3/8) a true statement about another position.
    let text = format!(
        "{FRONT}```hackenbush lr\nLR\n```\n\n```hackenbush lrr\nLRR\n```\n\n\
         ```hackenbush lrrl\nLRRL\n```\n\n```game\nlrr < lrrll < lr\n```\n"
    );
    let (shown, _) = problems(&[("u.md", &text)]);
    assert_has(
        &shown,
        &["u.md:19:7", "unknown name `lrrll`", "did you mean `lrrl`?"],
    );
    assert!(!shown.contains("brackets"), "{shown}");
    // With no name near, the brackets are the help.
    let text = format!("{FRONT}```game\nlrrll = 7/16\n```\n");
    let (shown, _) = problems(&[("u.md", &text)]);
    assert_has(&shown, &["in brackets: `[lrrll]`"]);
}

#[cfg(unix)]
#[test]
fn new_never_writes_through_a_link() {
    let (dir, project) = project(&[("a.md", &format!("{FRONT}Fine.\n"))]);
    let elsewhere = tempfile::tempdir().unwrap();
    let victim = elsewhere.path().join("victim.txt");
    // A dangling link at the new essay's name: once followed, creating the file it names.
    std::os::unix::fs::symlink(&victim, dir.path().join("essays/fresh.md")).unwrap();
    let Err(Failure::Other(why)) = hackenbook::commands::new_essay(&project, "fresh", None) else {
        panic!("a link at the name must be refused")
    };
    assert!(why.contains("already exists: not overwritten"), "{why}");
    assert!(!victim.exists(), "nothing written through the link");
}
