//! The whole solver on thousands of random small positions: every fast path against the game
//! tree (through `evaluate`, which fails on any disagreement, and directly), and the game tree
//! against an independent engine, the `cgt` crate, fed with our moves.

use cgt::short::partizan::canonical_form::CanonicalForm;
use hackenbook_base::provenance::Method;
use hackenbook_games::{GameId, Games};
use hackenbook_rulesets::hackenbush::solve::{fast_paths, ordinal_sums};
use hackenbook_rulesets::hackenbush::{options, Player, Position, Rules, Solver};
use proptest::prelude::*;
use std::collections::HashMap;

use crate::random_positions;
use random_positions::{forest, graph, ALL};

fn rules(childish: bool) -> Rules {
    if childish {
        Rules::Childish
    } else {
        Rules::Normal
    }
}

/// Our canonical form rebuilt inside `cgt`.
fn to_cgt(
    g: GameId,
    games: &mut Games,
    memo: &mut HashMap<GameId, CanonicalForm>,
) -> CanonicalForm {
    if let Some(c) = memo.get(&g) {
        return c.clone();
    }
    let left: Vec<_> = games
        .left_options(g)
        .into_iter()
        .map(|o| to_cgt(o, games, memo))
        .collect();
    let right: Vec<_> = games
        .right_options(g)
        .into_iter()
        .map(|o| to_cgt(o, games, memo))
        .collect();
    let c = CanonicalForm::new_from_moves(left, right);
    memo.insert(g, c.clone());
    c
}

/// The value computed by `cgt` alone from our moves.
fn cgt_value(p: &Position, rules: Rules) -> CanonicalForm {
    let side = |player| {
        options(p, rules, player)
            .iter()
            .map(|q| cgt_value(q, rules))
            .collect::<Vec<_>>()
    };
    CanonicalForm::new_from_moves(side(Player::Left), side(Player::Right))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2500))]

    /// `evaluate` runs every fast path that applies and the game tree, and fails on any
    /// disagreement; on small positions the game tree always runs.
    #[test]
    fn every_method_agrees_on_random_graphs(spec in prop::collection::vec(any::<(u8, u8, u8)>(), 0..10), childish in any::<bool>()) {
        let p = graph(&spec, &ALL);
        let mut games = Games::new();
        let e = Solver::new().evaluate(&p, rules(childish), &mut games);
        let e = e.map_err(|err| TestCaseError::fail(format!("{}: {err}", p.notation())))?;
        prop_assert!(e.methods.contains(&Method::GameTree), "{:?}", e.methods);
    }

    #[test]
    fn every_method_agrees_on_random_forests(spec in prop::collection::vec(any::<(u8, u8)>(), 0..13)) {
        let p = forest(&spec, &ALL);
        let mut games = Games::new();
        let mut solver = Solver::new();
        let truth = solver.game_tree(&p, Rules::Normal, &mut games, false).unwrap();
        let found = fast_paths(&p, &mut games, &solver.limits);
        prop_assert!(!found.is_empty());
        for (name, v) in found {
            prop_assert_eq!(v, truth, "{} by {}: {} vs {}", p.notation(), name, games.display(v), games.display(truth));
        }
        prop_assert_eq!(ordinal_sums(&p, &mut games), Some(truth));
    }

    #[test]
    fn the_game_tree_with_fast_paths_is_the_game_tree(spec in prop::collection::vec(any::<(u8, u8, u8)>(), 0..11)) {
        let p = graph(&spec, &ALL);
        let mut games = Games::new();
        let mut solver = Solver::new();
        let plain = solver.game_tree(&p, Rules::Normal, &mut games, false).unwrap();
        let fast = solver.game_tree(&p, Rules::Normal, &mut games, true).unwrap();
        prop_assert_eq!(plain, fast, "{}", p.notation());
    }
}

/// A cycle through the ground (3 or 4 edges) with random trees hanging from its nodes: the
/// shape on which the colon principle replaces branches by stalks of their value.
fn cycle_with_branches(ring: &[u8], spec: &[(u8, u8)]) -> Position {
    let n = ring.len();
    let mut edges: Vec<_> = (0..n)
        .map(|i| (i, (i + 1) % (n + 1), ALL[ring[i] as usize % 3]))
        .collect();
    edges.push((n, 0, ALL[ring[0] as usize / 3 % 3]));
    let mut nodes = n + 1;
    for &(at, c) in spec {
        edges.push((at as usize % nodes, nodes, ALL[c as usize % 3]));
        nodes += 1;
    }
    Position::from_edges(nodes, edges).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn branches_on_cycles_are_worth_their_stalks(
        ring in prop::collection::vec(0u8..9, 2..4),
        spec in prop::collection::vec(any::<(u8, u8)>(), 1..8),
    ) {
        let p = cycle_with_branches(&ring, &spec);
        let mut games = Games::new();
        let mut solver = Solver::new();
        let plain = solver.game_tree(&p, Rules::Normal, &mut games, false).unwrap();
        let fast = solver.game_tree(&p, Rules::Normal, &mut games, true).unwrap();
        prop_assert_eq!(plain, fast, "{}", p.notation());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn the_game_tree_agrees_with_cgt(spec in prop::collection::vec(any::<(u8, u8, u8)>(), 0..7), childish in any::<bool>()) {
        let p = graph(&spec, &ALL);
        let mut games = Games::new();
        let ours = Solver::new().evaluate(&p, rules(childish), &mut games).unwrap().value;
        let ours = to_cgt(ours, &mut games, &mut HashMap::new());
        prop_assert_eq!(ours, cgt_value(&p, rules(childish)), "{}", p.notation());
    }
}

#[test]
fn memo_shares_isomorphic_positions() {
    let mut games = Games::new();
    let mut solver = Solver::new();
    let a = Position::parse("g-a L, a-b R, b-g G, b-c L").unwrap();
    let b = Position::parse("g-x G, x-y R, y-g L, x-z L").unwrap();
    solver.evaluate(&a, Rules::Normal, &mut games).unwrap();
    let before = solver.stats().total();
    solver.evaluate(&b, Rules::Normal, &mut games).unwrap();
    let after = solver.stats().total();
    assert_eq!(
        after.entries, before.entries,
        "no new entries for an isomorphic copy"
    );
    assert!(after.hits > before.hits);
}

/// The 40-edge mixed grid of issue 10: beyond every other budget for long, so only the clock
/// stops it. With a limit of one second it ends with the time budget's error, soon after.
#[test]
fn the_clock_stops_a_long_evaluation() {
    use hackenbook_rulesets::hackenbush::budget::{SolveError, TIME};
    use hackenbook_rulesets::hackenbush::{Evaluator, Settings};
    use std::time::{Duration, Instant};
    let grid = "g-n1_0 R, n1_0-n1_1 L, g-n1_1 R, n1_1-n1_2 G, g-n1_2 L, n1_2-n1_3 L, g-n1_3 G, \
        n1_3-n1_4 L, g-n1_4 R, n1_0-n2_0 G, n2_0-n2_1 L, n1_1-n2_1 G, n2_1-n2_2 L, n1_2-n2_2 L, \
        n2_2-n2_3 L, n1_3-n2_3 R, n2_3-n2_4 R, n1_4-n2_4 L, n2_0-n3_0 L, n3_0-n3_1 L, n2_1-n3_1 G, \
        n3_1-n3_2 R, n2_2-n3_2 L, n3_2-n3_3 G, n2_3-n3_3 L, n3_3-n3_4 L, n2_4-n3_4 G, n3_0-n4_0 G, \
        n4_0-n4_1 G, n3_1-n4_1 L, n4_1-n4_2 G, n3_2-n4_2 G, n4_2-n4_3 R, n3_3-n4_3 L, n4_3-n4_4 L, \
        n3_4-n4_4 L, n1_0-n2_1 G, n1_1-n2_2 L, n1_2-n2_3 R, n1_3-n2_4 R";
    let position = Position::parse(grid).unwrap();
    let mut ev = Evaluator::new(&Settings {
        time_limit: Some(Duration::from_secs(1)),
        ..Settings::default()
    });
    let started = Instant::now();
    let result = ev
        .rulesets
        .hackenbush()
        .evaluate(&position, Rules::Normal, &mut ev.games);
    let took = started.elapsed();
    match result {
        Err(SolveError::Budget { what, limit }) => {
            assert_eq!(what, TIME);
            assert_eq!(limit, 1);
        }
        other => panic!("expected the time budget's error, got {other:?}"),
    }
    // The clock is read every thousand steps or so: the stop comes soon after the limit, even
    // on a loaded machine (the same search runs for more than 20 s without the clock).
    assert!(took < Duration::from_secs(8), "stopped after {took:?}");
    // The solver keeps its tables after the stop, and they hold only what was completed: the
    // grid's first rows, valued by it now, are worth what a fresh solver finds.
    let edges: Vec<&str> = grid.split(", ").collect();
    for k in [6, 9, 12] {
        let rows = Position::parse(&edges[..k].join(", ")).unwrap();
        let kept = ev
            .rulesets
            .hackenbush()
            .evaluate(&rows, Rules::Normal, &mut ev.games);
        let fresh = Solver::new().evaluate(&rows, Rules::Normal, &mut ev.games);
        assert_eq!(kept.unwrap().value, fresh.unwrap().value, "{k} edges");
    }
}
