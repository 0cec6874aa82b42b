//! Fixture projects under tests/fixtures: one that builds, and one per kind of failure, each failing
//! with a located diagnostic whose text is snapshotted.

use hackenbook::driver::{self, Failure, Project};
use std::path::Path;

fn project(name: &str, out: &Path) -> Project {
    let root = Path::new("tests/fixtures").join(name);
    Project {
        essays_dir: root.join("essays"),
        root,
        templates_dir: Path::new("templates").to_path_buf(),
        out_dir: out.to_path_buf(),
        cache_dir: None,
        config_file: None,
    }
}

/// The rendered diagnostics of a fixture that must fail.
fn failure(name: &str) -> String {
    let out = tempfile::tempdir().unwrap();
    match driver::check(&project(name, out.path())) {
        Ok(_) => panic!("fixture {name} should fail"),
        Err(f @ Failure::Problems(_)) => f.render(),
        Err(Failure::Other(m)) => panic!("fixture {name} failed outside the essays: {m}"),
    }
}

#[test]
fn the_good_fixture_builds_with_diagrams_and_maths() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let report =
        driver::build(&project("good", &site)).unwrap_or_else(|f| panic!("{}", f.render()));
    assert_eq!(report.pages, 2);
    assert_eq!(report.positions, 2);
    assert_eq!(report.claims, 2);
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains("first.html") && index.contains("second.html"));
    let page = std::fs::read_to_string(site.join("first.html")).unwrap();
    assert!(page.contains("<svg"), "the position is drawn");
    assert!(
        page.contains("<math"),
        "maths is rendered to MathML at build time"
    );
    let visible = hackenbook::page::without_annotations(&page);
    assert!(
        !visible.contains("\\tfrac"),
        "no raw TeX outside MathML annotations: {visible}"
    );
    assert!(
        !visible.contains('$'),
        "no maths delimiters left: {visible}"
    );
    assert!(
        page.contains("href=\"second.html\""),
        "essay links point at pages"
    );
    assert!(
        page.contains("class=\"claim\""),
        "claims link to the notebook"
    );
    assert!(!page.contains("cdn"), "nothing is fetched from a CDN");
}

#[test]
fn unbalanced_maths_is_not_left_raw() {
    let dir = tempfile::tempdir().unwrap();
    let essays = dir.path().join("essays");
    std::fs::create_dir_all(&essays).unwrap();
    std::fs::write(
        essays.join("m.md"),
        "+++\ntitle = \"M\"\nrung = 1\n+++\n\nBroken: $\\frac{1}{2$ here.\n",
    )
    .unwrap();
    let project = Project {
        root: dir.path().to_path_buf(),
        essays_dir: essays,
        templates_dir: "templates".into(),
        out_dir: dir.path().join("site"),
        cache_dir: None,
        config_file: None,
    };
    let Err(failure) = driver::check(&project) else {
        panic!("unbalanced maths must fail")
    };
    let text = failure.render();
    assert!(text.contains("m.md:6:9"), "{text}");
    assert!(text.contains("maths that was not recognised"), "{text}");
}

#[test]
fn a_wrong_value_claim_fails_at_its_line() {
    let text = failure("wrong-value");
    assert!(text.contains("wrong.md:13:"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_wrong_line_of_play_fails_at_its_line_with_the_refuting_play() {
    let text = failure("wrong-play");
    assert!(text.contains("play.md:12:"), "{text}");
    assert!(
        !text.contains("play.md:11:"),
        "the legal cut before it passes: {text}"
    );
    assert!(text.contains("Left wins by cutting"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_right_line_of_play_builds_one_diagram_per_step() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    driver::build(&project("good-play", &site)).unwrap_or_else(|f| panic!("{}", f.render()));
    let page = std::fs::read_to_string(site.join("play.html")).unwrap();
    let strip = &page[page.find("class=\"play-strip\"").expect("a strip is drawn")..];
    let strip = &strip[..strip.find("</ol>").unwrap()];
    // The start and one frame per cut (four cuts); the position block's own diagram is apart.
    assert_eq!(strip.matches("<svg").count(), 5, "{strip}");
    assert_eq!(strip.matches("class=\"play-step\"").count(), 5);
    assert!(
        strip.contains("Left cuts a blue edge; one edge falls"),
        "{strip}"
    );
    assert!(strip.contains("Right cuts a red edge<"), "{strip}");
    assert_eq!(strip.matches("<math").count(), 5, "every value is typeset");
    let visible = hackenbook::page::without_annotations(strip);
    assert!(!visible.contains("L[1]"), "no edge names reach the reader");
}

#[test]
fn a_false_relation_in_prose_maths_fails_at_its_line() {
    let text = failure("wrong-relation");
    assert!(text.contains("relation.md:8:"), "{text}");
    assert!(
        !text.contains("relation.md:7:"),
        "the true relation passes: {text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn relations_in_prose_maths_are_checked_typeset_and_listed() {
    let dir = tempfile::tempdir().unwrap();
    let essays = dir.path().join("essays");
    std::fs::create_dir_all(&essays).unwrap();
    std::fs::write(
        essays.join("r.md"),
        "+++\ntitle = \"R\"\nrung = 1\n+++\n\nChecked: `{$\\{0 \\mid \\uparrow\\} = \\Uparrow\\ast$}`.\n\n\
         Unchecked: $\\{-1 \\mid 1\\} = 0$ and general: $G^L < G$.\n",
    )
    .unwrap();
    let project = Project::at(dir.path());
    let report = driver::build(&project).unwrap_or_else(|f| panic!("{}", f.render()));
    assert_eq!(report.claims, 1);
    let page = std::fs::read_to_string(dir.path().join("site/r.html")).unwrap();
    let visible = hackenbook::page::without_annotations(&page);
    assert!(
        !visible.contains("\\uparrow"),
        "the formula is typeset: {visible}"
    );
    assert!(page.contains("class=\"claim\""), "linked to the notebook");
    let checked = driver::check(&project).unwrap_or_else(|f| panic!("{}", f.render()));
    let claim = &checked.essays[0].claims[0];
    assert_eq!(claim.kind, hackenbook::check::ClaimKind::Relation);
    assert_eq!(claim.query, "{0|^}=^^*");
    let unchecked = hackenbook::check::unchecked_relations(&checked.essays[0].essay);
    let listed: Vec<(&str, usize)> = unchecked
        .iter()
        .map(|u| (u.reads_as.as_str(), u.line))
        .collect();
    assert_eq!(listed, [("{-1|1}=0", 8)]);
}

#[test]
fn a_formula_that_is_not_about_games_is_refused_at_the_character() {
    let text = problems_of("\nSee `{$\\{0 \\mid x\\} = 1$}`.\n");
    assert!(text.contains("e.md:6:17"), "{text}");
    assert!(
        text.contains("`x` has no meaning in game notation"),
        "{text}"
    );
    let text = problems_of("\nSee `{$1 + 1$}`.\n");
    assert!(text.contains("not a game relation"), "{text}");
}

#[test]
fn a_malformed_position_fails_at_its_line() {
    let text = failure("malformed-position");
    assert!(text.contains("bad.md:7:"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn an_unknown_block_kind_fails_at_its_line() {
    let text = failure("unknown-block");
    assert!(text.contains("unknown.md:6:4"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_katex_error_fails_at_its_line() {
    let text = failure("katex-error");
    assert!(text.contains("katex.md:6:"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_broken_essay_link_fails_at_its_line() {
    let text = failure("broken-link");
    assert!(text.contains("link.md:6:"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn every_problem_of_a_run_is_reported_together() {
    let text = failure("several-problems");
    assert!(text.contains("2 problems found"), "{text}");
    assert!(text.contains("a.md:8:"), "{text}");
    assert!(text.contains("a.md:16:"), "{text}");
}

#[test]
fn a_failed_build_leaves_the_previous_site_whole() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    driver::build(&project("good", &site)).unwrap_or_else(|f| panic!("{}", f.render()));
    let before = std::fs::read(site.join("first.html")).unwrap();
    assert!(driver::build(&project("wrong-value", &site)).is_err());
    assert_eq!(std::fs::read(site.join("first.html")).unwrap(), before);
    assert!(!site.join("wrong.html").exists());
}

#[test]
fn two_builds_are_byte_identical() {
    let out = tempfile::tempdir().unwrap();
    let (a, b) = (out.path().join("a"), out.path().join("b"));
    driver::build(&project("good", &a)).unwrap_or_else(|f| panic!("{}", f.render()));
    driver::build(&project("good", &b)).unwrap_or_else(|f| panic!("{}", f.render()));
    let files = |root: &Path| {
        let mut v: Vec<(String, Vec<u8>)> = walkdir::WalkDir::new(root)
            .sort_by_file_name()
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                let rel = e.path().strip_prefix(root).unwrap().display().to_string();
                (rel, std::fs::read(e.path()).unwrap())
            })
            .collect();
        v.sort();
        v
    };
    let (fa, fb) = (files(&a), files(&b));
    assert!(!fa.is_empty());
    assert_eq!(fa, fb);
}

#[test]
fn a_new_essay_checks_and_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let project = Project::at(dir.path());
    hackenbook::commands::new_essay(&project, "fresh-essay").unwrap();
    let checked = driver::check(&project).unwrap_or_else(|f| panic!("{}", f.render()));
    assert_eq!(checked.essays[0].essay.front.slug, "fresh-essay");
    assert!(checked.essays[0].claims.iter().all(|c| c.holds));
    assert!(hackenbook::commands::new_essay(&project, "fresh-essay").is_err());
    assert!(hackenbook::commands::new_essay(&project, "Not A Slug").is_err());
}

/// Writes one essay into a fresh project and checks it, returning the rendered problems.
fn problems_of(body: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let essays = dir.path().join("essays");
    std::fs::create_dir_all(&essays).unwrap();
    std::fs::write(
        essays.join("e.md"),
        format!("+++\ntitle = \"E\"\nrung = 1\n+++\n{body}"),
    )
    .unwrap();
    match driver::check(&Project::at(dir.path())) {
        Ok(_) => String::new(),
        Err(f) => f.render(),
    }
}

#[test]
fn position_names_are_unique_and_usable_in_games() {
    let twice = problems_of("```hackenbush c\nL\n```\n\n```hackenbush c\nR\n```\n");
    assert!(
        twice.contains("e.md:9:15") && twice.contains("already defined"),
        "{twice}"
    );
    let down = problems_of("```hackenbush vv\nL\n```\n");
    assert!(
        down.contains("e.md:5:15") && down.contains("reads as down"),
        "{down}"
    );
}

#[test]
fn a_bad_census_name_is_reported_at_the_name() {
    let text = problems_of("```census c\nfamily = \"forests\"\nedges = 3\n```\n\n```census c\nfamily = \"trees\"\nedges = 3\n```\n");
    assert!(text.contains("e.md:10:11"), "{text}");
}

#[test]
fn claims_are_listed_even_when_some_fail() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("essays")).unwrap();
    let text = "+++\ntitle = \"E\"\nrung = 1\n+++\n```hackenbush a\nLR\n```\n`{1/2 = value of a}` and `{3 = value of a}`\n";
    std::fs::write(dir.path().join("essays/e.md"), text).unwrap();
    let (checked, problems) = driver::check_all(&Project::at(dir.path())).unwrap();
    let holds: Vec<bool> = checked.essays[0].claims.iter().map(|c| c.holds).collect();
    assert_eq!(holds, [true, false]);
    assert_eq!(problems.len(), 1);
}

#[test]
fn lines_of_play_report_every_kind_of_failure_at_its_line() {
    let illegal = problems_of("\n```play\nLR LR R\nleft cuts LR[1]\n```\n");
    assert!(
        illegal.contains("e.md:8:1") && illegal.contains("`LR[1]` is red: only Right may cut it"),
        "{illegal}"
    );
    let turns = problems_of("\n```play\nLR R\nleft cuts L\nleft cuts L\n```\n");
    assert!(
        turns.contains("e.md:9:1") && turns.contains("it is Right's turn, not Left's"),
        "{turns}"
    );
    let unnamed = problems_of("\n```play nowhere\nleft cuts L\n```\n");
    assert!(
        unnamed.contains("e.md:6:9") && unnamed.contains("no position block is named `nowhere`"),
        "{unnamed}"
    );
    let childish = problems_of("\n```play\nLR\nrules = childish\nleft cuts L\n```\n");
    assert!(
        childish.contains("e.md:9:1") && childish.contains("under the childish rules"),
        "{childish}"
    );
    let empty = problems_of("\n```play\nLR\nrules = normal\n```\n");
    assert!(empty.contains("has no steps"), "{empty}");
    let wins = problems_of("\n```play\nLR LR R\nstart = left\nleft wins\n```\n");
    assert!(
        wins.contains("e.md:9:1") && wins.contains("Left does not win here"),
        "{wins}"
    );
    let holds =
        problems_of("\n```play\nL(L R)\nstart = right\nright cuts LR\nvalue = 2\nleft wins\n```\n");
    assert_eq!(holds, "", "a right line passes");
}

#[test]
fn a_game_block_draws_the_positions_it_names() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    driver::build(&project("good-play", &site)).unwrap_or_else(|f| panic!("{}", f.render()));
    let page = std::fs::read_to_string(site.join("play.html")).unwrap();
    let block = &page[page.find("class=\"game-block\"").expect("a game block")..];
    let block = &block[..block.find("</div>").unwrap()];
    // `stalk_lr` twice and `pair` once, each drawn in place of its name, each with its own ids.
    assert_eq!(
        block
            .matches("<mtext class=\"inline-position\"><svg")
            .count(),
        3,
        "{block}"
    );
    assert!(block.contains("id=\"game-4-1-title\"") && block.contains("id=\"game-4-3-title\""));
    assert!(
        block.contains("two edges, one blue and one red; worth one half"),
        "{block}"
    );
    assert!(
        block.contains("five edges, two blue and three red; worth zero"),
        "{block}"
    );
    for name in ["stalk_lr", "stalk\\_lr", "pair", "hbposition"] {
        assert!(
            !block.contains(name),
            "the name {name} reaches the page: {block}"
        );
    }
}
