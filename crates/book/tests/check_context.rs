//! One checking context per build: one games table and one solver whose memo spans every essay;
//! the census workspace as the one registry of an essay's names, under one naming rule.
use hackenbook_base::stack::run_deep;
use hackenbook_book::check::{CheckOptions, Checker, Outcome};
use hackenbook_book::essay::{parse_essay, Diagnostic, SourceFile};
use hackenbook_census::{NameKind, Refused, Workspace};

fn essay(name: &str, body: &str) -> hackenbook_book::essay::Essay {
    let text = format!("+++\ntitle = \"{name}\"\nrung = 1\n+++\n\n{body}");
    parse_essay(&SourceFile::new(format!("{name}.md"), text)).expect("the essay parses")
}

#[test]
fn the_solver_memo_spans_the_essays_of_a_build() {
    let block = "```hackenbush kite\ng-a L, a-b R, b-g L, a-c G, c-b R\n```\n";
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems: Vec<Diagnostic> = Vec::new();
    let first = checker.check_essay(essay("one", block), &mut problems);
    let after_first = checker.ev.rulesets.hackenbush().stats().total();
    let second = checker.check_essay(essay("two", block), &mut problems);
    let after_second = checker.ev.rulesets.hackenbush().stats().total();
    // Only warnings (the name `kite` is used nowhere else).
    assert!(problems.iter().all(|d| d.warning), "{problems:?}");
    assert!(matches!(first.outcomes[0], Outcome::Board(_)));
    assert!(matches!(second.outcomes[0], Outcome::Board(_)));
    // The second essay's position was valued before: its game tree is found in the memo, and
    // the memo did not grow.
    assert!(after_first.entries > 0);
    assert_eq!(after_second.entries, after_first.entries);
    assert!(after_second.hits > after_first.hits);
}

#[test]
fn game_blocks_find_positions_in_the_workspace() {
    let body = "```hackenbush lr\nLR\n```\n\n```game\nlr + lr = 1\nlr < 1\n```\n";
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems = Vec::new();
    let checked = checker.check_essay(essay("e", body), &mut problems);
    assert!(problems.is_empty(), "{problems:?}");
    assert!(matches!(&checked.outcomes[1], Outcome::Game(s) if s.len() == 2));
}

#[test]
fn evaluations_inside_the_deep_stack_run_on_its_one_thread() {
    let outside = std::thread::current().id();
    let (inside, name) = run_deep("hackenbook-check", || {
        let here = std::thread::current();
        // Nested uses run in place.
        let nested = run_deep("hackenbush-solver", || std::thread::current().id()).unwrap();
        assert_eq!(nested, here.id());
        (here.id(), here.name().map(str::to_string))
    })
    .unwrap();
    assert_ne!(inside, outside);
    assert_eq!(name.as_deref(), Some("hackenbook-check"));
}

#[test]
fn one_rule_names_positions_censuses_and_measures() {
    let mut ws = Workspace::new(None);
    // Every kind: an identifier.
    for kind in [NameKind::Position, NameKind::Census, NameKind::Measure] {
        assert!(ws.check_name("a-b", kind).is_err());
        assert!(ws.check_name("2x", kind).is_err());
        assert!(ws.check_name("cherry_2", kind).is_ok());
    }
    // Positions appear in game expressions: not down.
    assert!(ws.check_name("v3", NameKind::Position).is_err());
    assert!(ws.check_name("v3", NameKind::Census).is_ok());
    // Censuses and measures appear where the query language reads its words.
    assert!(ws.check_name("count", NameKind::Census).is_err());
    assert!(ws.check_name("reading", NameKind::Measure).is_err());
    // Taken names, within their kind.
    ws.define_census("f", "edges = 2").unwrap();
    let taken = ws.check_name("f", NameKind::Census).unwrap_err();
    assert!(taken.contains("already defined"), "{taken}");
    assert!(ws.check_name("f", NameKind::Position).is_ok());
}

#[test]
fn a_refused_name_says_so_and_a_bad_measure_name_points_at_its_key() {
    let mut ws = Workspace::new(None);
    assert!(matches!(
        ws.define_census("count", "edges = 2"),
        Err(Refused::Name(_))
    ));
    let body = "edges = 2\n[measures]\nok = \"blue > red\"\nreading = \"blue\"\n";
    match ws.define_census("f", body) {
        Err(Refused::Text(e)) => assert_eq!(&body[e.span.clone()], "reading", "{}", e.message),
        other => panic!("expected an error at the measure's name, got {other:?}"),
    }
}

#[test]
fn a_block_sets_its_own_time_limit_and_a_raised_flag_cancels_the_run() {
    // A sum that takes the games engine seconds (^:600 twice: about 6 s with the engines
    // optimised, as tests build them; ^:300 took 1.25 s, too near the limit) stops at the block's limit of one second
    // (the run has none), with the error located at the statement.
    let body = "```game\ntime_limit = 1\n^:600 + ^:600 = ^:600 + ^:600 + 0\n```\n\n\
                ```census big\nfamily = \"forests\"\nedges = \"1..=8\"\ncolours = \"LRG\"\ntime_limit = 1\n```\n\n\
                There are `{1 = count big}`.\n";
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems = Vec::new();
    checker.check_essay(essay("slow", body), &mut problems);
    let text = format!("{problems:?}");
    assert!(
        text.contains("the games engine stopped: beyond the time limit of 1 s"),
        "{text}"
    );
    assert!(
        text.contains("census `big` stopped: beyond the time limit of 1 s"),
        "{text}"
    );
    // A bad limit is located at its value.
    let mut problems = Vec::new();
    checker.check_essay(
        essay("bad", "```hackenbush\nLR\ntime_limit = soon\n```\n"),
        &mut problems,
    );
    assert!(format!("{problems:?}")
        .contains("`time_limit` is a whole number of seconds from 1 to 604800"));
    // A raised flag stops the same sum at once, whatever the limits.
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let mut checker = Checker::new(CheckOptions {
        cancel: Some(flag),
        ..CheckOptions::default()
    });
    let mut problems = Vec::new();
    let body = "```game\n^:600 + ^:600 = ^:600 + ^:600 + 0\n```\n\n```hackenbush\nLRG(L R)\n```\n";
    checker.check_essay(essay("cancelled", body), &mut problems);
    let text = format!("{problems:?}");
    assert!(text.contains("cancelled (the source changed)"), "{text}");
    assert!(text.contains("the evaluation was cancelled"), "{text}");
}

/// One evaluation context per run: the census of graphs and the positions written in place in
/// a query are valued by the run's solver (its memo, its cache and its clock), not by solvers
/// of their own.
#[test]
fn censuses_and_positions_in_place_are_valued_by_the_runs_solver() {
    use hackenbook_rulesets::hackenbush::Evaluator;
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    ws.evaluate("count graphs3", &mut ev).unwrap();
    let after_census = ev.rulesets.hackenbush().stats().total();
    assert!(after_census.lookups > 0, "the census used the run's solver");
    // A piece no theorem covers, written in place in a condition: valued by the run's solver,
    // once for the whole scan, however many records are scanned.
    let literal = "[g-a L, a-b G, b-g R]";
    let cost = |family: &str| {
        let mut ev = Evaluator::default();
        let mut ws = Workspace::new(None);
        let query = format!("count {family} where value = [{literal}]");
        ws.evaluate(&query, &mut ev).unwrap();
        ev.rulesets.hackenbush().stats().total()
    };
    let (few, many) = (cost("forests2_LRG"), cost("forests5_LRG"));
    assert!(few.lookups > 0, "the literal used the run's solver");
    assert_eq!(few, many, "valued once per scan, not once per record");
}
