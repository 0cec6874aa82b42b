//! Fixture projects under tests/fixtures: one that builds, and one per kind of failure, each failing
//! with a located diagnostic whose text is snapshotted.

use hackenbook_book::driver::{self, Failure, Project};
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
        time_limit: None,
        cancel: None,
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
    let visible = &page;
    assert!(
        !visible.contains("\\tfrac") && !visible.contains("<annotation"),
        "no raw TeX on the page, not even as a MathML annotation: {visible}"
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
        time_limit: None,
        cancel: None,
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
fn a_false_statement_about_all_day_two_games_fails_at_its_line() {
    let text = failure("wrong-games");
    assert!(text.contains("games.md:13:3"), "{text}");
    assert!(
        text.contains("{0 | 0} = ∗"),
        "the counterexample, typeset: {text}"
    );
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
fn a_wrong_exercise_answer_fails_at_its_line() {
    let text = failure("wrong-exercise");
    // A wrong value, a cut that loses (with the reply that beats it), a wrong winner.
    assert!(text.contains("exercise.md:9:10"), "{text}");
    assert!(text.contains("exercise.md:15:10"), "{text}");
    assert!(text.contains("right cuts R, then left cuts"), "{text}");
    assert!(text.contains("exercise.md:21:10"), "{text}");
    // A relation in a hint is checked like one in the prose.
    assert!(text.contains("exercise.md:28:"), "{text}");
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
    assert!(!strip.contains("L[1]"), "no edge names reach the reader");
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
    let visible = &page;
    assert!(
        !visible.contains("\\uparrow"),
        "the formula is typeset: {visible}"
    );
    assert!(page.contains("class=\"claim\""), "linked to the notebook");
    let checked = driver::check(&project).unwrap_or_else(|f| panic!("{}", f.render()));
    let claim = &checked.essays[0].claims[0];
    assert_eq!(claim.kind, hackenbook_book::check::ClaimKind::Relation);
    assert_eq!(claim.query, "{0|^} = ^^*");
    let unchecked = hackenbook_book::check::unchecked_relations(&checked.essays[0].essay);
    let listed: Vec<(&str, usize)> = unchecked
        .iter()
        .map(|u| (u.reads_as.as_str(), u.line))
        .collect();
    assert_eq!(listed, [("{-1|1} = 0", 8)]);
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
    hackenbook::commands::new_essay(&project, "fresh-essay", None).unwrap();
    let checked = driver::check(&project).unwrap_or_else(|f| panic!("{}", f.render()));
    let front = &checked.essays[0].essay.front;
    assert_eq!(front.slug, "fresh-essay");
    assert_eq!(front.title, "Fresh essay", "the title comes from the slug");
    assert_eq!(front.rung, 1, "the first essay is on rung 1");
    assert!(checked.essays[0].claims.iter().all(|c| c.holds));
    // The summary it writes is a placeholder: published as it is, a warning.
    assert_eq!(checked.warnings.len(), 1);
    assert!(checked.warnings[0].message.contains("placeholder"));
    assert!(hackenbook::commands::new_essay(&project, "fresh-essay", None).is_err());
    assert!(hackenbook::commands::new_essay(&project, "Not A Slug", None).is_err());
    // The next essay takes the next free rung, and a title given as it is.
    hackenbook::commands::new_essay(&project, "second", Some("A \"quoted\" title")).unwrap();
    let checked = driver::check(&project).unwrap_or_else(|f| panic!("{}", f.render()));
    let second = &checked.essays[1].essay.front;
    assert_eq!((second.slug.as_str(), second.rung), ("second", 2));
    assert_eq!(second.title, "A \"quoted\" title");
}

#[cfg(unix)]
#[test]
fn a_new_essay_is_never_written_through_a_link_at_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let project = Project::at(dir.path());
    std::fs::create_dir_all(&project.essays_dir).unwrap();
    // A link leading nowhere: following it would create a file outside the essays.
    let outside = dir.path().join("outside.md");
    std::os::unix::fs::symlink(&outside, project.essays_dir.join("linked.md")).unwrap();
    assert!(hackenbook::commands::new_essay(&project, "linked", None).is_err());
    assert!(!outside.exists());
}

#[test]
fn two_essays_on_one_rung_and_unused_names_are_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let essays = dir.path().join("essays");
    std::fs::create_dir_all(&essays).unwrap();
    let essay =
        |title: &str, body: &str| format!("+++\ntitle = \"{title}\"\nrung = 3\n+++\n{body}");
    std::fs::write(essays.join("a.md"), essay("A", "")).unwrap();
    std::fs::write(
        essays.join("b.md"),
        essay(
            "B",
            "\n```hackenbush lonely\nLR\n```\n\n```hackenbush used\nR\n```\n\n\
             ```census spare\nfamily = \"stalks\"\nedges = 2\n```\n\n`{-1 = value of used}`\n",
        ),
    )
    .unwrap();
    let checked =
        driver::check(&Project::at(dir.path())).unwrap_or_else(|f| panic!("{}", f.render()));
    let said: Vec<String> = checked
        .warnings
        .iter()
        .map(|w| {
            let at = w.location();
            let at = &at[at.rfind("b.md").unwrap_or(0)..];
            format!(
                "{at}: {}",
                w.message.replace(&*dir.path().to_string_lossy(), "")
            )
        })
        .collect();
    assert_eq!(
        said,
        [
            "b.md:3:8: rung 3 is also /essays/a.md's",
            "b.md:6:15: the position `lonely` is never used",
            "b.md:14:11: the census `spare` is never used",
        ],
        "{said:#?}"
    );
}

#[test]
fn the_summary_counts_everything_checked_by_kind() {
    let dir = tempfile::tempdir().unwrap();
    let essays = dir.path().join("essays");
    std::fs::create_dir_all(&essays).unwrap();
    std::fs::write(
        essays.join("t.md"),
        "+++\ntitle = \"T\"\nrung = 1\n+++\n\n```hackenbush pair\nLR LR R\nvalue = 0\nedges = 5\n```\n\n\
         ```game\npair = 0 < 1\n```\n\n```play pair\nright cuts R\n```\n\n\
         `{0 = value of pair}` and `{$1 > 0$}`.\n\n\
         ```exercise\nLR\nquestion = value\nanswer = 1/2\n```\n",
    )
    .unwrap();
    let checked =
        driver::check(&Project::at(dir.path())).unwrap_or_else(|f| panic!("{}", f.render()));
    let tally = hackenbook_book::check::Tally::of(&checked.essays);
    assert_eq!(
        tally,
        hackenbook_book::check::Tally {
            queries: 1,
            prose_relations: 1,
            game_relations: 2,
            assertions: 2,
            plays: 1,
            exercises: 1,
        }
    );
    assert_eq!(
        tally.to_string(),
        "2 claims (1 query, 1 relation in prose), 2 game relations, 2 position assertions, \
         1 line of play, 1 exercise answer"
    );
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
fn a_mismatch_says_how_its_literal_was_read() {
    let text = failure("truth-words");
    for said in [
        "`none` reads as *true*: it claims the query holds; `any stalks8 have value = 0` is false",
        "for 'no member has it' write `{none = none stalks8 have value = 0}`",
        "`no` reads as *false*: it claims the query fails; `none stalks8 have value = 0` is true",
        "`1.9%` accepts 1.85% ≤ x < 1.95%; computed 0.20% (1 of 510)",
        "`R L` is the same position as `L R` up to order; `smallest` names the first in census order",
    ] {
        let flat = text.replace("\n  │ ", " ").replace("\n        ", " ");
        assert!(flat.contains(said), "missing {said:?} in:\n{text}");
    }
    insta::assert_snapshot!(text);
}

#[test]
fn a_slip_a_wrong_value_and_a_wrong_count_are_all_reported_and_a_broken_definition_once() {
    let text = failure("all-problems");
    assert!(text.contains("5 problems found"), "{text}");
    for at in [
        "sums.md:12:2",  // the broken position, at its parenthesis
        "sums.md:17:11", // the unquoted range of the broken census
        "sums.md:25:11", // the slip
        "sums.md:27:18", // the wrong value
        "sums.md:27:56", // the wrong count
    ] {
        assert!(text.contains(at), "{at} missing:\n{text}");
    }
    // Later uses of the broken names say nothing more.
    assert!(!text.contains("no position named"), "{text}");
    assert!(!text.contains("no census named"), "{text}");
    assert!(!text.contains("unknown name"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_warning_is_shown_but_fails_only_when_denied() {
    let dir = tempfile::tempdir().unwrap();
    let essays = dir.path().join("essays");
    std::fs::create_dir_all(&essays).unwrap();
    std::fs::write(
        essays.join("w.md"),
        "+++\ntitle = \"W\"\nrung = 1\n+++\n\n```census s4\nfamily = \"stalks\"\nedges = \"1..=4\"\n```\n\n\
         Some stalk is worth one: `{none = any s4 have value = 1}`.\n",
    )
    .unwrap();
    let project = Project::at(dir.path());
    let checked = driver::check(&project).unwrap_or_else(|f| panic!("{}", f.render()));
    assert_eq!(checked.warnings.len(), 1);
    let shown = hackenbook_book::essay::diagnostic::render_warnings(&checked.warnings);
    assert!(shown.contains("⚠"), "{shown}");
    assert!(shown.contains("w.md:11:28"), "{shown}");
    assert!(
        shown.contains("`{true = any s4 have value = 1}`"),
        "{shown}"
    );
    assert!(shown.contains("warning: 1 warning"), "{shown}");
    let denied = driver::check_with(&project, driver::Warnings::Deny)
        .err()
        .expect("a denied warning fails the run")
        .render();
    assert!(
        denied.contains("1 warning found and warnings are denied"),
        "{denied}"
    );
    // Bound as English reads it, the same word is no warning.
    std::fs::write(
        essays.join("w.md"),
        "+++\ntitle = \"W\"\nrung = 1\n+++\n\n```census s4\nfamily = \"stalks\"\nedges = \"1..=4\"\n```\n\n\
         No stalk balances: `{none = none s4 have value = 0}`, `{no = any s4 have value = 0}`.\n",
    )
    .unwrap();
    let checked = driver::check(&project).unwrap_or_else(|f| panic!("{}", f.render()));
    assert!(checked.warnings.is_empty());
}

#[test]
fn positions_stand_in_place_in_game_blocks_and_queries() {
    let holds = problems_of(
        "```game\n[LR] + [LR] + [R] = 0\n[L(L R)] = 1 > [LRRL]\n```\n\n\
         Balanced: `{0 = [[LR] + [LR] + [R]]}`.\n",
    );
    assert_eq!(holds, "", "{holds}");
    // In a position block's values and a line of play's claims too.
    let block = "```hackenbush pair\nLR LR R\nvalue = [LR] + [R] + [LR]\nleft = [LR] + [R]\n```\n\n\
                 ```play pair\nstart = left\nleft cuts L[1]\nvalue = [LR] + [R]\n```\n\n`{0 = value of pair}`\n";
    assert_eq!(problems_of(block), "");
    let wrong = problems_of(&block.replace("value = [LR] + [R]\n```", "value = [LR]\n```"));
    assert!(
        wrong.contains("e.md:14:1") && wrong.contains("worth -1/2, not 1/2"),
        "{wrong}"
    );
    let bare = problems_of("```game\nLR + LR + R = 0\n```\n");
    assert!(
        bare.contains("e.md:6:1")
            && bare.contains("unknown name `LR`")
            && bare.contains("help: a position written in place goes in brackets: `[LR]`"),
        "{bare}"
    );
    let broken = problems_of("```game\n[LR] + [L(R] = 0\n```\n");
    assert!(
        broken.contains("e.md:6:10") && broken.contains("in `[L(R]`: this `(` is never closed"),
        "{broken}"
    );
}

#[test]
fn a_game_block_draws_the_positions_it_names() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    driver::build(&project("good-play", &site)).unwrap_or_else(|f| panic!("{}", f.render()));
    let page = std::fs::read_to_string(site.join("play.html")).unwrap();
    let block = &page[page.find("class=\"game-block\"").expect("a game block")..];
    let block = &block[..block.find("</div>").unwrap()];
    // `stalk_lr` twice and `pair` once, each drawn in place of its name (no ids to clash: the
    // only ids are the lines' check marks).
    assert_eq!(
        block
            .matches("<mtext class=\"inline-position\"><svg")
            .count(),
        3,
        "{block}"
    );
    assert!(
        block
            .split(" id=\"")
            .skip(1)
            .all(|id| id.starts_with("relation-")),
        "{block}"
    );
    // Each drawing says what it is worth and what stands on what, by the edges' names.
    assert!(
        block.contains(
            "<title>a picture worth one half</title>\n<desc>blue L on the ground, red LR on L</desc>"
        ),
        "{block}"
    );
    assert!(
        block.contains("<title>a picture worth zero</title>\n<desc>blue L[1] on the ground, red LR[1] on L[1], blue L[2] on the ground, red LR[2] on L[2], red R on the ground</desc>"),
        "{block}"
    );
    for name in ["stalk_lr", "stalk\\_lr", "pair", "hbposition"] {
        assert!(
            !block.contains(name),
            "the name {name} reaches the page: {block}"
        );
    }
}

#[test]
fn a_typo_is_answered_with_the_nearest_name() {
    let text = failure("typos");
    for said in [
        "unknown key `valeu` in a position block",
        "`valeu` is neither a property nor a measure defined so far",
        "no position named `tee`",
        "no census named `wods`",
        "unknown name `tre`",
    ] {
        assert!(text.contains(said), "missing {said:?} in:\n{text}");
    }
    for near in ["`value`?", "`tree`?", "`woods`?"] {
        assert!(
            text.contains(&format!("did you mean {near}")),
            "{near}:\n{text}"
        );
    }
    // The long list of properties is not said when a name is near.
    assert!(!text.contains("reading"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn bad_front_matter_is_reported_with_the_problems_of_the_body() {
    let text = failure("bad-front-matter");
    assert!(text.contains("bad front matter"), "{text}");
    assert!(text.contains("broken.md:10:9"), "the wrong value: {text}");
    insta::assert_snapshot!(text);
}

#[test]
fn game_relations_are_marked_checked_and_have_rows_in_the_notebook() {
    let dir = tempfile::tempdir().unwrap();
    let essays = dir.path().join("essays");
    std::fs::create_dir_all(&essays).unwrap();
    std::fs::write(
        essays.join("g.md"),
        "+++\ntitle = \"G\"\nrung = 1\n+++\n\n```hackenbush lr\nLR\n```\n\n\
         Worth `{1/2 = value of lr}`.\n\n```game\n0 < lr < 1\nlr + lr + [R] = 0\n```\n",
    )
    .unwrap();
    let checked =
        driver::check(&Project::at(dir.path())).unwrap_or_else(|f| panic!("{}", f.render()));
    let page = &checked.pages[0];
    // Rows in the order of the text: the claim, then the block's two lines.
    let ids: Vec<&str> = page.claims.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["claim-1", "relation-3-1", "relation-3-2"]);
    let row = &page.claims[1];
    assert_eq!(row.query, "0 < lr < 1");
    assert_eq!(row.figure, "0 < ½ < 1");
    assert_eq!((row.line, row.holds, row.in_text), (13, true, true));
    assert_eq!(page.claims[2].figure, "0 = 0");
    assert_eq!(row.literal, "game relation");
    // In the text, each line carries a checked mark linking to its row, and the row links back.
    for id in ["relation-3-1", "relation-3-2"] {
        assert!(
            page.body_html.contains(&format!("id=\"{id}-text\""))
                && page.body_html.contains(&format!("href=\"#{id}\"")),
            "{id}: {}",
            page.body_html
        );
    }
    assert!(page
        .body_html
        .contains("title=\"checked: 0 &lt; ½ &lt; 1\""));
    // Named positions and the one written in place (`[R]`) are all drawn where they stand.
    assert_eq!(
        page.body_html
            .matches("<mtext class=\"inline-position\">")
            .count(),
        4,
        "{}",
        page.body_html
    );
    assert!(!page.body_html.contains("[R]") && !page.body_html.contains("hbinplace"));
    // `[R]`, read through the registry as `[hackenbush: R]`, is drawn as Hackenbush's picture,
    // described by its edges.
    assert!(
        page.body_html
            .contains("<title>a Hackenbush picture</title>\n<desc>red R on the ground</desc>"),
        "{}",
        page.body_html
    );
    // Every element id of the page is unique, the notebook's diagrams included.
    let mut all: Vec<String> = std::iter::once(page.body_html.as_str())
        .chain(page.claims.iter().filter_map(|r| r.literal_html.as_deref()))
        .flat_map(|html| html.split(" id=\"").skip(1))
        .map(|rest| rest.split('"').next().unwrap_or("").to_string())
        .collect();
    let total = all.len();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), total, "a duplicate id among {all:?}");
}

/// Writes essays (file name, rung, body) into a fresh project and checks them: the rendered
/// problems, and the warnings' locations and messages.
fn problems_of_essays(essays: &[(&str, u32, &str)]) -> (String, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("essays");
    std::fs::create_dir_all(&folder).unwrap();
    for (file, rung, body) in essays {
        let text = format!("+++\ntitle = \"{file}\"\nrung = {rung}\n+++\n{body}");
        std::fs::write(folder.join(file), text).unwrap();
    }
    let warnings = |ws: &[hackenbook_book::essay::Diagnostic]| {
        ws.iter()
            .map(|w| format!("{}: {}", w.location(), w.message))
            .collect()
    };
    match driver::check_all(&Project::at(dir.path())) {
        Ok((_, problems)) => {
            let (warned, failed): (Vec<_>, Vec<_>) = problems.into_iter().partition(|d| d.warning);
            let rendered = if failed.is_empty() {
                String::new()
            } else {
                Failure::Problems(failed).render()
            };
            (rendered, warnings(&warned))
        }
        Err(f) => panic!("{}", f.render()),
    }
}

#[test]
fn a_position_of_an_earlier_essay_is_named_by_its_slug() {
    let first = "\n```hackenbush half\nLR\n```\n\n```exercise quarter\nLRR\nquestion = value\n\
                 answer = 1/4\n```\n";
    let second = "\n`{1/2 = value of first/half}`, `{1/4 = value of first/quarter}`.\n\n\
                  ```game\nfirst/half + first/half = 1\nfirst/quarter < first/half\n```\n\n\
                  ```census s4\nfamily = \"stalks\"\nedges = \"1..=4\"\n```\n\n\
                  `{half = share s4 have value > 0}`\n";
    let (failed, warned) = problems_of_essays(&[("first.md", 1, first), ("second.md", 2, second)]);
    assert_eq!(failed, "", "every borrowed position holds");
    // `half` is used only by the second essay, and that counts as a use.
    assert!(warned.is_empty(), "{warned:#?}");

    // A name of another essay written plainly, a misspelt one, a later essay's and an unknown
    // slug: each at its name, with the essay that has it.
    let second = "\n`{1/2 = value of half}` `{1 = value of first/hlaf}`\n\n\
                  ```game\nthird/x = 2\nfrist/half = 1/2\n```\n";
    let third = "\n```hackenbush x\nLL\n```\n\n`{2 = value of x}`\n";
    let (failed, _) = problems_of_essays(&[
        ("first.md", 1, first),
        ("second.md", 2, second),
        ("third.md", 3, third),
    ]);
    for (at, said) in [
        (
            "second.md:6:18",
            "help: `half` is a position of another essay: write `first/half`",
        ),
        (
            "second.md:6:40",
            "help: the essay `first` has no position `hlaf`: did you mean `first/half`?",
        ),
        (
            "second.md:9:1",
            "help: the essay `third` comes after this one",
        ),
        (
            "second.md:10:1",
            "help: no essay has the slug `frist`: did you mean `first/half`?",
        ),
    ] {
        let here = failed
            .find(at)
            .unwrap_or_else(|| panic!("nothing at {at}: {failed}"));
        let next = failed[here..]
            .find(" × ")
            .map_or(failed.len(), |n| here + n);
        assert!(failed[here..next].contains(said), "{at}: {failed}");
    }
}

#[test]
fn a_failed_block_of_an_earlier_essay_says_nothing_more_where_it_is_used() {
    let first = "\n```hackenbush v2\nLR\n```\n";
    let second = "\n`{1/2 = value of first/v2}`\n\n```game\nfirst/v2 = 1/2\n```\n";
    let (failed, _) = problems_of_essays(&[("first.md", 1, first), ("second.md", 2, second)]);
    assert!(failed.contains("first.md:6:15"), "{failed}");
    assert!(!failed.contains("second.md"), "{failed}");
}

/// [`problems_of`] with the lines of each message joined (a message wraps at any blank).
fn flat_problems(body: &str) -> String {
    problems_of(body)
        .split_whitespace()
        .filter(|w| *w != "│")
        .collect::<Vec<_>>()
        .join(" ")
}

/// Lines of play on another game's position: moves by the game's names, values checked after
/// each move, a wrong move located at its line with the moves there are; a best move claimed
/// is held to the options' values.
#[test]
fn lines_of_play_on_other_games_name_their_moves() {
    let board = "\n```domineering wide\n2x3\n```\n\n```play wide\n";
    let wrong = flat_problems(&format!(
        "{board}left plays a1-a2\nright plays a1-b1\n```\n"
    ));
    assert!(
        wrong.contains("e.md:12:1") && wrong.contains("a1 is not free"),
        "{wrong}"
    );
    // After a1-a2 Right's dominoes are b1-c1 and b2-c2: both are listed.
    assert!(
        wrong.contains("Right's moves here are")
            && wrong.contains("b1-c1")
            && wrong.contains("b2-c2"),
        "{wrong}"
    );
    let unknown = flat_problems(&format!("{board}left plays a1\n```\n"));
    assert!(
        unknown.contains("e.md:11:1") && unknown.contains("`a1` is not a domino"),
        "{unknown}"
    );
    // 2x3 less its first column is 2x2 = ±1; Right's b1-c1 leaves Left no vertical domino.
    let holds = flat_problems(&format!(
        "{board}start = left\nleft's best move is b1-b2\nleft plays a1-a2\nvalue = +-1\n\
         right plays b1-c1\nvalue = -1\nright has won\n```\n"
    ));
    assert_eq!(holds, "", "a right line passes");
    let value = flat_problems(&format!("{board}left plays a1-a2\nvalue = 1\n```\n"));
    assert!(
        value.contains("e.md:12:1") && value.contains("worth +-1, not 1"),
        "{value}"
    );
    // From Toads and Frogs T.T.F (worth 1*), Left's 1→2 leaves {1/2 | 0}, which Right wins
    // moving first; her 3→4 leaves 1.
    let toads = "\n```play\ntoads-and-frogs: T.T.F\nstart = left\n";
    let best = flat_problems(&format!("{toads}left's best move is 1→2\n```\n"));
    assert!(
        best.contains("`1→2` (leaving {1/2|0}) is not Left's best move: `3→4` (leaving 1)"),
        "{best}"
    );
    let wins = flat_problems(&format!(
        "{toads}left wins by playing 3->4\nleft plays 3→4\nvalue = 1\n```\n"
    ));
    assert_eq!(wins, "", "a right line passes");
    // Push `LR.L`: Left's first piece pushed off leaves 2, her last pushed on 15/8.
    let push = flat_problems("\n```play\npush: LR.L\nleft's best move is 4→3\n```\n");
    assert!(
        push.contains("help: the refuting play, from this step: left plays 1→off"),
        "{push}"
    );
}

/// Exercises on another game's position: the answer a move's name, held to the winning moves;
/// a move that is none lists the moves there are; a winning move asked of a player who has none
/// says so, with the value; a best move among incomparable options is refused, naming them.
#[test]
fn exercises_on_other_games_take_move_names() {
    let toads = |answer: &str| {
        flat_problems(&format!(
            "\n```exercise toads-and-frogs strip\nT.T.F\nquestion = winning move for left\n\
             answer = {answer}\n```\n"
        ))
    };
    assert_eq!(toads("3→4"), "", "the winning move is accepted");
    let losing = toads("1→2");
    assert!(
        losing.contains("e.md:9:10") && losing.contains("`1→2` does not win for Left"),
        "{losing}"
    );
    assert!(
        losing.contains("the refuting play: left plays 1→2, then right plays"),
        "{losing}"
    );
    let none = toads("2→3");
    assert!(
        none.contains("bad move:") && none.contains("1→2") && none.contains("3→4"),
        "{none}"
    );
    let no_win = flat_problems(
        "\n```exercise nim heaps\n2 2\nquestion = winning move for left\nanswer = 2[1]→0\n```\n",
    );
    assert!(
        no_win.contains(
            "Left has no winning move here: the position is worth 0, and the second player wins"
        ),
        "{no_win}"
    );
    // Green stalks of one and two edges: Left's options are *2, * and 0, no two comparable.
    let green = flat_problems(
        "\n```exercise stalks\nG GG\nquestion = best move for left\nanswer = GG\n```\n",
    );
    assert!(
        green.contains("Left has no single best move here:") && green.contains("are incomparable"),
        "{green}"
    );
    let cheaper = flat_problems(
        "\n```exercise push cheaper\nLR.L\nquestion = best move for left\nanswer = 1→off\n```\n\n\
         `{2 = [[push: .R.L]]}`\n",
    );
    assert_eq!(cheaper, "", "the best move is accepted");
}

/// A claimed winning move when the mover has none says that first, with the position's value.
#[test]
fn a_winning_move_claimed_for_a_player_with_none_says_so() {
    let text = flat_problems("\n```play\nLR L\nstart = right\nright wins by cutting LR\n```\n");
    assert!(
        text.contains("Right has no winning move here: the position is worth 3/2, and Left wins whoever starts"),
        "{text}"
    );
}
