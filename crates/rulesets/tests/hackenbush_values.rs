//! Values from the literature and from the issue, through the whole solver (every method that
//! applies, cross-checked).

use hackenbook_base::provenance::Method;
use hackenbook_games::{GameId, Games};
use hackenbook_rulesets::hackenbush::{
    options, Limits, Player, Position, Rules, SolveError, Solver,
};

fn eval(text: &str, rules: Rules, games: &mut Games) -> (GameId, Vec<Method>) {
    let p = Position::parse(text).unwrap();
    let e = Solver::new().evaluate(&p, rules, games).unwrap();
    (e.value, e.methods)
}

fn shown(text: &str, rules: Rules) -> String {
    let mut games = Games::new();
    let (v, _) = eval(text, rules, &mut games);
    games.display(v)
}

#[test]
fn design_values() {
    for (text, value) in [
        ("LRRL", "3/8"),
        ("LR", "1/2"),
        ("L(L R)", "1"),
        ("R(L L)", "-1/4"),
        ("LRLRR", "9/16"),
        ("LRLRRLLR", "77/128"),
        ("L(L RL)", "3/2"),
        ("LG", "1*"),
        ("GL", "^*"),
        ("LR LR R", "0"),
    ] {
        assert_eq!(shown(text, Rules::Normal), value, "{text}");
    }
}

#[test]
fn every_applicable_method_runs() {
    let mut games = Games::new();
    let (_, m) = eval("LRRL", Rules::Normal, &mut games);
    assert_eq!(m, [Method::SignExpansion, Method::GameTree]);
    let (_, m) = eval("L(L R) RL", Rules::Normal, &mut games);
    assert_eq!(
        m,
        [
            Method::TreeRule,
            Method::GameTree,
            Method::SignExpansion,
            Method::SumOfPieces
        ]
    );
    let (_, m) = eval("g-a-b-g G", Rules::Normal, &mut games);
    assert_eq!(m, [Method::FusionPrinciple, Method::GameTree]);
    let (_, m) = eval("G(G G)", Rules::Normal, &mut games);
    assert_eq!(m, [Method::ColonPrinciple, Method::GameTree]);
    let (_, m) = eval("LRLGRRR", Rules::Normal, &mut games);
    assert_eq!(m, [Method::OrdinalSums, Method::GameTree]);
    let (_, m) = eval("g-a L, a-b G, b-g R", Rules::Normal, &mut games);
    assert_eq!(m, [Method::GameTreeWithFastPaths, Method::GameTree]);
    let (_, m) = eval("LR", Rules::Childish, &mut games);
    assert_eq!(m, [Method::GameTree]);
}

/// Methods that agree are independent computations: a routine that only repeats another's on
/// the piece is not counted as a second method. The fusion principle on a green tree is the
/// colon principle's fold (no cycle to fuse), and the tree rule on a blue-red stalk is its
/// sign expansion read edge by edge; a piece too large for its game tree then rests on one
/// method, and says so.
#[test]
fn only_independent_methods_are_listed_as_agreeing() {
    let mut games = Games::new();
    // A green tree of 37 edges: a trunk carrying twelve cherries, far past the game tree's
    // cross-check (5^12 sub-positions).
    let tree = format!("G({})", ["G(G G)"; 12].join(" "));
    assert_eq!(Position::parse(&tree).unwrap().edge_count(), 37);
    let (v, m) = eval(&tree, Rules::Normal, &mut games);
    assert_eq!(games.display(v), "*");
    assert_eq!(m, [Method::ColonPrinciple]);
    // A blue-red stalk too long for the cross-check: the sign expansion alone.
    let stalk: String = (0..600)
        .map(|i| if i % 3 == 0 { 'R' } else { 'L' })
        .collect();
    let (_, m) = eval(&stalk, Rules::Normal, &mut games);
    assert_eq!(m, [Method::SignExpansion]);
    // A blue-red tree with a fork: the tree rule is a computation of its own.
    let (_, m) = eval("L(L R)", Rules::Normal, &mut games);
    assert_eq!(m, [Method::TreeRule, Method::GameTree]);
    // A real cycle is fused: small, with the game tree; a large one, by fusion alone.
    let (_, m) = eval("g-a G, a-b-c-a G", Rules::Normal, &mut games);
    assert_eq!(m, [Method::FusionPrinciple, Method::GameTree]);
    let ring: Vec<String> = (0..20)
        .map(|i| {
            let node = |k: usize| {
                if k.is_multiple_of(20) {
                    "g".to_string()
                } else {
                    format!("n{k}")
                }
            };
            format!("{}-{} G", node(i), node(i + 1))
        })
        .collect();
    let (v, m) = eval(&ring.join(", "), Rules::Normal, &mut games);
    assert_eq!(games.display(v), "0", "an even cycle on the ground");
    assert_eq!(m, [Method::FusionPrinciple]);
}

#[test]
fn green_cycles() {
    assert_eq!(shown("g-a-b-g G", Rules::Normal), "*");
    assert_eq!(shown("g-a-b-c-g G", Rules::Normal), "0");
    assert_eq!(shown("g-a G, a-a G", Rules::Normal), "*2");
    assert_eq!(shown("g-g G", Rules::Normal), "*");
}

#[test]
fn the_mixed_stalk_of_the_issue() {
    let mut games = Games::new();
    let (v, _) = eval("LRLGRRR", Rules::Normal, &mut games);
    let three_quarters = games.number(&"3/4".parse().unwrap());
    let down = games.down();
    let star = games.star();
    let tail = games.add(three_quarters, down);
    let tail = games.add(tail, star); // 3/4v*
    let inner = games.from_options(&[three_quarters], &[three_quarters, tail]);
    let outer = games.from_options(&[three_quarters], &[three_quarters, inner]);
    assert_eq!(games.display(v), games.display(outer));
    assert_eq!(v, outer);
}

#[test]
fn childish_values_differ_from_normal_ones() {
    // Left may not chop the trunk of LR: a red edge would fall.
    assert_eq!(shown("LR", Rules::Normal), "1/2");
    assert_eq!(shown("LR", Rules::Childish), "0");
    // Green edges obey the childish condition too (CGSuite would let the trunk go).
    assert_eq!(shown("GG", Rules::Normal), "*2");
    assert_eq!(shown("GG", Rules::Childish), "0");
    // A blue edge on a green one: Right cannot chop the green trunk without dropping the blue.
    assert_eq!(shown("GL", Rules::Normal), "^*");
    assert_eq!(shown("GL", Rules::Childish), "0");
    // A green edge on a blue one: only the green edge can go, by either player: the same 1*.
    assert_eq!(shown("LG", Rules::Childish), "1*");
    // Where nothing can fall anyway, the rules agree.
    assert_eq!(
        shown("L R G", Rules::Childish),
        shown("L R G", Rules::Normal)
    );
    assert_eq!(shown("g-a-b-g G", Rules::Childish), "*");
}

#[test]
fn options_for_essay_assertions() {
    let mut games = Games::new();
    let mut solver = Solver::new();
    let cherry = Position::parse("L(L R)").unwrap();
    let mut value_of = |p: &Position, games: &mut Games| {
        let v = solver.evaluate(p, Rules::Normal, games).unwrap().value;
        games.display(v)
    };
    let left: Vec<String> = options(&cherry, Rules::Normal, Player::Left)
        .iter()
        .map(|p| value_of(p, &mut games))
        .collect();
    let right: Vec<String> = options(&cherry, Rules::Normal, Player::Right)
        .iter()
        .map(|p| value_of(p, &mut games))
        .collect();
    assert_eq!(left, ["0", "1/2"]);
    assert_eq!(right, ["2"]);
}

#[test]
fn beyond_the_budget_is_a_named_error() {
    let mut games = Games::new();
    // A hotchpotch ladder with cycles: no theorem applies, the game tree must run.
    let mut text = String::from("g-a0 L, g-b0 R");
    for i in 0..12 {
        text.push_str(&format!(
            ", a{i}-b{i} G, a{i}-a{j} L, b{i}-b{j} R",
            j = i + 1
        ));
    }
    let p = Position::parse(&text).unwrap();
    let limits = Limits {
        positions: 500,
        ..Limits::default()
    };
    let err = Solver::with_limits(limits)
        .evaluate(&p, Rules::Normal, &mut games)
        .unwrap_err();
    assert_eq!(
        err,
        SolveError::Budget {
            what: "positions in the game tree",
            limit: 500
        }
    );
    assert!(err.to_string().contains("more than 500 positions"), "{err}");
}

#[test]
fn too_many_edges_for_the_game_tree_fails_at_once() {
    let mut games = Games::new();
    let mut text = String::from("g-n0 L");
    for i in 0..1100 {
        text.push_str(&format!(", n{i}-n{} {}", i + 1, ["L", "R", "G"][i % 3]));
    }
    text.push_str(", n1100-g G");
    let p = Position::parse(&text).unwrap();
    let err = Solver::new()
        .evaluate(&p, Rules::Normal, &mut games)
        .unwrap_err();
    assert!(err.to_string().contains("1000 edges"), "{err}");
}

#[test]
fn a_large_piece_runs_out_of_work_not_of_patience() {
    // A blue-red ladder of 300 edges: few positions are needed before the search is long.
    let mut text = String::from("g-a0 L, g-b0 R");
    for i in 0..100 {
        text.push_str(&format!(
            ", a{i}-b{i} L, a{i}-a{j} R, b{i}-b{j} L",
            j = i + 1
        ));
    }
    let p = Position::parse(&text).unwrap();
    let limits = Limits {
        work: 200_000,
        ..Limits::default()
    };
    let mut games = Games::new();
    let err = Solver::with_limits(limits)
        .evaluate(&p, Rules::Normal, &mut games)
        .unwrap_err();
    assert_eq!(
        err,
        SolveError::Budget {
            what: hackenbook_rulesets::hackenbush::budget::WORK,
            limit: 200_000
        }
    );
    assert!(
        err.to_string().contains("more than 200000 edge-steps"),
        "{err}"
    );
}

#[test]
fn a_two_hundred_edge_stalk_through_every_method() {
    // Blue, then red and blue alternately: 1 - 1/2 + 1/4 - ... with 199 halvings.
    let text: String = (0..200)
        .map(|i| if i % 2 == 0 { 'L' } else { 'R' })
        .collect();
    let mut games = Games::new();
    let (v, methods) = eval(&text, Rules::Normal, &mut games);
    assert_eq!(methods, [Method::SignExpansion, Method::GameTree]);
    let two199 = num_bigint::BigInt::from(1) << 199;
    let expected = hackenbook_games::Dyadic::new((two199 * 2 - 1) / 3, 199); // (2^200 - 1)/3 exactly
    assert_eq!(games.as_number(v), Some(expected));
}

#[test]
fn a_large_mixed_tree_is_refused_by_name() {
    let text: String = (0..200).map(|i| ["L", "G", "R"][i % 3]).collect();
    let mut games = Games::new();
    let err = Solver::new()
        .evaluate(&Position::parse(&text).unwrap(), Rules::Normal, &mut games)
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("more than 150 edges in a tree mixing green"),
        "{err}"
    );
    let huge = "L".repeat(100_001);
    let err = Solver::new()
        .evaluate(&Position::parse(&huge).unwrap(), Rules::Normal, &mut games)
        .unwrap_err();
    assert!(err.to_string().contains("more than 100000 edges"), "{err}");
}
