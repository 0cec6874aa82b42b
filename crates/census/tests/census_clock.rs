//! A census stops at its clock: the run's time limit (or its block's own, within the same run),
//! and the cancellation flag raised from another thread while the census is under way — in the
//! fast engine's parallel workers, the composing engine, the census of graphs (whose solver reads
//! the census's clock) and the census of games.
use hackenbook_census::engines::graphs;
use hackenbook_census::engines::{composing, enumerating};
use hackenbook_census::families::forests::{Family, Kind};
use hackenbook_census::families::graphs::GraphFamily;
use hackenbook_census::forest::Palette;
use hackenbook_census::{Figure, Workspace};
use hackenbook_games::{Clock, Games, Stop};
use hackenbook_rulesets::hackenbush::{Colour, Evaluator, Rules, Settings, Solver};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A run whose time limit is a millisecond: every census below takes far longer.
fn hurried() -> Evaluator {
    Evaluator::new(&Settings {
        time_limit: Some(Duration::from_millis(1)),
        ..Settings::default()
    })
}

#[test]
fn every_engine_stops_at_the_time_limit_with_the_budget_error() {
    for (query, engine) in [
        // `trunks` is read off the members: enumerated, not counted by value.
        ("count forests10 where trunks > 0", "the fast engine"),
        ("count forests22", "the counting engine"),
        ("count forests6_LRG", "the composing engine"),
        ("count stalks12_LRG", "the composing engine's stalks"),
        ("count graphs5", "the census of graphs"),
        ("count games3", "the census of games"),
    ] {
        let mut ev = hurried();
        let mut ws = Workspace::new(None);
        ws.confirm_cost();
        let e = ws.evaluate(query, &mut ev).unwrap_err();
        let census = query.split_whitespace().nth(1).unwrap();
        assert_eq!(
            e.message,
            format!(
                "census `{census}` stopped: beyond the time limit of 1 s (`--time-limit`, or \
                 `time_limit` in the block)"
            ),
            "{engine}"
        );
        assert_eq!(&query[e.span], census, "{engine}: located at the census");
    }
}

#[test]
fn a_census_block_may_give_itself_more_time_than_the_run() {
    let mut ev = hurried();
    let mut ws = Workspace::new(None);
    let body = "family = \"forests\"\nedges = \"1..=5\"\ncolours = \"LR\"\ntime_limit = 600\n";
    ws.define_census("small", body).unwrap();
    let count = ws.evaluate("count small", &mut ev).unwrap();
    assert_eq!(count, Figure::Integer(1618.into()));
    // The run's own limit is back after the block: a built-in family is held to it.
    let e = ws
        .evaluate("count forests10 where trunks > 0", &mut ev)
        .unwrap_err();
    assert!(e.message.contains("beyond the time limit"), "{}", e.message);
}

/// Runs `census` under a clock whose cancellation flag another thread raises as soon as the
/// census has reported progress (positions done, not just a reading of the clock): the census
/// is then under way, and must stop at its next reading of the clock.
fn cancelled_midway<T>(
    census: impl FnOnce(&mut Games, &(dyn Fn(u64) + Sync)) -> T,
) -> Result<T, Stop> {
    let flag = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicU64::new(0));
    let raiser = {
        let (flag, done) = (Arc::clone(&flag), Arc::clone(&done));
        std::thread::spawn(move || {
            while done.load(Ordering::SeqCst) == 0 {
                std::thread::sleep(Duration::from_millis(1));
            }
            flag.store(true, Ordering::SeqCst);
        })
    };
    let clock = Clock {
        limit: None,
        cancel: Some(flag),
    };
    let mut games = Games::new();
    let result = games.bounded(&clock, |games| {
        let running = games.running();
        let report = |n: u64| {
            done.fetch_add(n, Ordering::SeqCst);
            running.stop_if_due();
        };
        census(games, &report)
    });
    // A census that never reported would leave the raiser waiting.
    done.fetch_add(1, Ordering::SeqCst);
    raiser.join().unwrap();
    result
}

fn forests(max_edges: usize, colours: &[Colour]) -> Family {
    Family::new(Kind::Forests, 1..=max_edges, colours)
}

#[test]
fn a_flag_raised_from_another_thread_stops_the_fast_engine_and_its_workers() {
    let family = forests(10, &[Colour::Blue, Colour::Red]);
    let run = cancelled_midway(|games, report| {
        let mut ordinal = |s: i8, x| enumerating::ordinal_sum(games, s, x);
        enumerating::run(&family, &mut ordinal, report).map(|rows| rows.len())
    });
    assert_eq!(run, Err(Stop::Cancelled));
}

#[test]
fn a_flag_raised_from_another_thread_stops_the_composing_engine() {
    let family = forests(7, &[Colour::Blue, Colour::Red, Colour::Green]);
    let run = cancelled_midway(|games, report| composing::run(&family, games, report).len());
    assert_eq!(run, Err(Stop::Cancelled));
}

#[test]
fn a_flag_raised_from_another_thread_stops_the_solver_in_a_census_of_graphs() {
    let family = GraphFamily {
        min_edges: 1,
        max_edges: 5,
        palette: Palette::new(&[Colour::Blue, Colour::Red, Colour::Green]),
        rules: Rules::Normal,
    };
    let mut solver = Solver::new();
    let run = cancelled_midway(|games, report| {
        graphs::run(&family, &mut solver, games, report).map(|rows| rows.len())
    });
    assert!(matches!(run, Err(Stop::Cancelled)), "{run:?}");
}

#[test]
fn a_flag_raised_before_a_query_cancels_its_census() {
    let flag = Arc::new(AtomicBool::new(false));
    let mut ev = Evaluator::new(&Settings {
        cancel: Some(Arc::clone(&flag)),
        ..Settings::default()
    });
    let mut ws = Workspace::new(None);
    let raiser = std::thread::spawn(move || flag.store(true, Ordering::SeqCst));
    raiser.join().unwrap();
    let e = ws.evaluate("count forests9", &mut ev).unwrap_err();
    assert_eq!(
        e.message,
        "census `forests9` stopped: cancelled (the source changed)"
    );
}

/// `--yes` without `--time-limit` ([`Workspace::give_estimated_time`]): a built-in family runs
/// under twice the time it is estimated to need when that is longer than the run's limit, so a
/// census the run's limit of a millisecond stops completes; a census block keeps the run's
/// limit (it has `time_limit` of its own); and the refusal names what runs a large family.
#[test]
fn a_census_confirmed_with_yes_has_the_time_it_was_estimated_to_need() {
    let query = "count forests8 where trunks > 0";
    let mut ws = Workspace::new(None);
    ws.confirm_cost();
    let e = ws.evaluate(query, &mut hurried()).unwrap_err();
    assert!(e.message.contains("beyond the time limit"), "{}", e.message);

    let mut ws = Workspace::new(None);
    ws.confirm_cost();
    ws.give_estimated_time();
    let given = ws.evaluate(query, &mut hurried()).unwrap();
    let unhurried = Workspace::new(None)
        .evaluate(query, &mut Evaluator::default())
        .unwrap();
    assert_eq!(given, unhurried);

    let body = "family = \"forests\"\nedges = \"1..=8\"\ncolours = \"LR\"\n";
    ws.define_census("block", body).unwrap();
    let e = ws
        .evaluate("count block where trunks > 0", &mut hurried())
        .unwrap_err();
    assert!(e.message.contains("beyond the time limit"), "{}", e.message);

    // The time given: twice the estimate, at least 2 s, when longer than the run's limit.
    let ten = Some(Duration::from_secs(10));
    let limit = |seconds| ws.estimated_time_limit("forests11", seconds, ten);
    assert_eq!(limit(47.0), Some(Duration::from_secs(94)));
    assert_eq!(limit(4.0), None, "the run's 10 s stand");
    assert_eq!(
        ws.estimated_time_limit("forests11", 47.0, None),
        None,
        "no limit"
    );
    assert_eq!(ws.estimated_time_limit("block", 47.0, ten), None);
    assert_eq!(
        Workspace::new(None).estimated_time_limit("forests11", 47.0, ten),
        None,
        "not without --yes"
    );

    let refused = Workspace::new(None)
        .evaluate(
            "count forests11 where trunks > 0",
            &mut Evaluator::default(),
        )
        .unwrap_err();
    assert!(
        refused.message.contains(
            "pass --yes (it then has twice the time estimated here, unless --time-limit is \
             given), or define it in a census block with `max_positions` and a `time_limit`"
        ),
        "{}",
        refused.message
    );
}
