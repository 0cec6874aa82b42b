//! Play tables of Hackenbush positions (the table every game has, `hackenbook_rulesets::play`):
//! how many positions play reaches, how large the table is, and how long it takes to build with
//! the run's solvers for the whole table against the alternative, a fresh solver (the plain
//! `evaluate`) for every reachable position.
//!
//! Run: `cargo bench --bench play`

use hackenbook_games::Games;
use hackenbook_rulesets::hackenbush::ruleset::standing_of;
use hackenbook_rulesets::hackenbush::{evaluate, Hackenbush, InPlay, Position, Rules};
use hackenbook_rulesets::play::{PlayLimits, PlayTable};
use hackenbook_rulesets::{AnyPosition, Solvers};
use std::time::{Duration, Instant};

/// The fastest of a few runs of `work`.
fn best_of(runs: usize, mut work: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let eight = "LR ".repeat(8);
    let sixteen = "G ".repeat(16);
    let cases = [
        ("the green essay's nim", "GGG GGGGG GGGGGG", Rules::Normal),
        (
            "the mixed essay's balance, childish",
            "LR LR R",
            Rules::Childish,
        ),
        ("eight blue-red stalks LR", eight.as_str(), Rules::Normal),
        (
            "a 22-edge hotchpotch forest",
            "L(L(R L) R(L R) G(L R)) R(L L(R G) G) LRLRRL",
            Rules::Normal,
        ),
        (
            "a 12-edge graph with cycles",
            "g-a L, a-b R, b-g G, b-c L, c-d R, d-a G, c-e G, e-f L, f-g R, e-h R, h-i L, i-d G",
            Rules::Normal,
        ),
        (
            "sixteen separate green edges",
            sixteen.as_str(),
            Rules::Normal,
        ),
    ];
    for (name, text, rules) in cases {
        let p = Position::parse(text).expect("a position");
        let board = AnyPosition::of(Hackenbush::of(rules), InPlay::new(&p));
        let mut table = None;
        let shared = best_of(3, || {
            let mut games = Games::new();
            let mut solvers = Solvers::default();
            let built = PlayTable::build(&board, &PlayLimits::default(), &mut solvers, &mut games);
            table = Some(built.expect("within the budget"));
        });
        let table = table.expect("built");
        let bytes = serde_json::to_string(&table).expect("serialisable").len();
        // The alternative: every reachable position valued on its own, as one-off questions are.
        let fresh = best_of(1, || {
            let mut games = Games::new();
            for reached in &table.reached {
                let (standing, _) = standing_of(reached).expect("a Hackenbush board");
                evaluate(&standing, rules, &mut games).expect("valued");
            }
        });
        println!(
            "{name}: {} edges, {} reachable positions, {} values, {bytes} bytes of JSON; \
             table with the run's solvers {shared:.3?}, each position with a fresh solver {fresh:.3?}",
            p.edge_count(),
            table.positions.len(),
            table.values.len(),
        );
    }
}
