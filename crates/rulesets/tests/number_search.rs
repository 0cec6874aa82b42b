//! The number search against the plain game tree: thousands of random blue-red graphs (cycles,
//! loops and parallel edges), every option of each valued by one shared search (so its table of
//! intervals is reused across positions), and redwood beds of Winning Ways' shape.

use hackenbook_base::provenance::Method;
use hackenbook_games::{Dyadic, Games};
use hackenbook_rulesets::hackenbush::budget::Budget;
use hackenbook_rulesets::hackenbush::canon::Canon;
use hackenbook_rulesets::hackenbush::numbers::{NumberTree, Numbers};
use hackenbook_rulesets::hackenbush::search::NumberSearch;
use hackenbook_rulesets::hackenbush::{options, Colour, Player, Position, Rules, Solver};
use proptest::prelude::*;

use crate::random_positions;
use random_positions::graph;

const BLUE_RED: [Colour; 2] = [Colour::Blue, Colour::Red];

fn budget() -> Budget {
    Budget::new("positions", 5_000_000)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_search_is_the_game_tree(spec in prop::collection::vec(any::<(u8, u8, u8)>(), 0..13)) {
        let p = graph(&spec, &BLUE_RED);
        let mut canon = Canon::new();
        let mut tree = NumberTree::new(false);
        let mut search = NumberSearch::new();
        let mut positions = vec![p.clone()];
        for player in Player::BOTH {
            positions.extend(options(&p, Rules::Normal, player));
        }
        for q in positions {
            let truth = tree.value(&mut canon, &q, Rules::Normal, &mut budget()).unwrap();
            let found = search.value(&mut canon, &q, Rules::Normal, &mut budget()).unwrap();
            prop_assert!(truth.is_some());
            prop_assert_eq!(found, truth, "{}", q.notation());
        }
    }
}

/// Green edges and the childish rules are not searched.
#[test]
fn only_blue_red_under_the_normal_rules() {
    let mut search = NumberSearch::new();
    let mut canon = Canon::new();
    let green = Position::parse("g-a L, a-g G").unwrap();
    let bed = Position::parse("g-a L, g-b L, a-c R, b-d R, c-d R").unwrap();
    let v = |s: &mut NumberSearch, c: &mut Canon, p: &Position, r: Rules| {
        s.value(c, p, r, &mut budget()).unwrap()
    };
    assert_eq!(v(&mut search, &mut canon, &green, Rules::Normal), None);
    assert_eq!(v(&mut search, &mut canon, &bed, Rules::Childish), None);
    assert_eq!(
        v(&mut search, &mut canon, &bed, Rules::Normal).map(|d| d.to_string()),
        Some("1/2".to_string())
    );
}

/// A bed of `k` feet: blue feet on the ground, red legs, red tops joining the legs in a ring,
/// and red chords across it.
fn bed(k: usize, chords: usize) -> Position {
    let mut items = Vec::new();
    for i in 0..k {
        items.push(format!("g-f{i} L, f{i}-t{i} R, t{i}-t{} R", (i + 1) % k));
    }
    for i in 0..chords {
        items.push(format!("t{i}-t{} R", (i + k / 2) % k));
    }
    Position::parse(&items.join(", ")).unwrap()
}

/// Beds small enough for the plain game tree: the search agrees with it.
#[test]
fn small_beds_agree_with_the_game_tree() {
    for (k, chords) in [(3, 0), (3, 1), (4, 0), (4, 1), (4, 2)] {
        let p = bed(k, chords);
        let mut canon = Canon::new();
        let truth = NumberTree::new(false)
            .value(&mut canon, &p, Rules::Normal, &mut budget())
            .unwrap();
        let found = NumberSearch::new()
            .value(&mut canon, &p, Rules::Normal, &mut budget())
            .unwrap();
        assert_eq!(found, truth, "{}", p.notation());
    }
}

/// Winning Ways' "moderately hard" bed (its chapter 7): seven blue feet, a red leg on each, and
/// red edges joining the legs' tops (two of them through a node shared by three tops), 30
/// edges. Its value is published as 1/128, in Winning Ways and in CGSuite's test suite. The
/// search finds that value, and then, with the same tables (its intervals and the pieces it
/// filed, by shape, unkeyed and by key), the value of every option: Left's best and Right's best
/// must have 1/128 as the simplest number between them, and the first of each player's options
/// is valued again by a fresh search.
#[test]
fn the_moderately_hard_bed_of_winning_ways() {
    let bed = Position::parse(
        "g-fa L, fa-A R, A-a1 R, a1-B R, A-a2 R, a2-D R, A-a3 R, a3-F R, \
         g-fb L, fb-B R, B-x R, x-D R, x-E R, \
         g-fc L, fc-C R, C-c1 R, c1-F R, C-c2 R, c2-G R, \
         g-fd L, fd-D R, g-fe L, fe-E R, E-y R, y-F R, y-G R, \
         g-ff L, ff-F R, g-fg L, fg-G R",
    )
    .unwrap();
    assert_eq!(bed.edge_count(), 30);
    let mut canon = Canon::new();
    let mut search = NumberSearch::new();
    let value = |search: &mut NumberSearch, canon: &mut Canon, q: &Position| {
        search
            .value(canon, q, Rules::Normal, &mut budget())
            .unwrap()
            .unwrap()
    };
    let found = value(&mut search, &mut canon, &bed);
    assert_eq!(found.to_string(), "1/128");
    let mut best = Vec::new();
    for player in Player::BOTH {
        let options = options(&bed, Rules::Normal, player);
        let values: Vec<_> = options
            .iter()
            .map(|q| value(&mut search, &mut canon, q))
            .collect();
        let fresh = value(&mut NumberSearch::new(), &mut Canon::new(), &options[0]);
        assert_eq!(values[0], fresh, "{player:?}'s first option");
        best.push(match player {
            Player::Left => values.iter().max().cloned(),
            Player::Right => values.iter().min().cloned(),
        });
    }
    let simplest = Dyadic::simplest_between(best[0].as_ref(), best[1].as_ref());
    assert_eq!(simplest, Some(found));
}

/// The search spends the budget it is given and stops with its named error.
#[test]
fn the_search_stops_at_its_budget() {
    let p = bed(6, 3);
    let mut small = Budget::new("positions in the game tree", 10);
    let err = NumberSearch::new()
        .value(&mut Canon::new(), &p, Rules::Normal, &mut small)
        .unwrap_err();
    assert_eq!(err, small.exceeded());
}

/// Mixed pictures: a blue-red piece of a sum is valued by the number search, and so are the
/// blue-red positions met in the game tree of a piece mixing green with blue and red; the
/// whole agrees with the plain game tree.
#[test]
fn blue_red_parts_of_mixed_pictures() {
    let mut games = Games::new();
    for text in [
        // A bed of value 1/4 beside a green stalk and a blue edge on a green one.
        "g-a L, g-b L, a-c R, b-d R, c-d R, c-d R, g-x G, x-y G, g-p G, p-q L",
        // One piece: a green edge carrying a blue-red cycle, standing on a red edge.
        "g-a R, a-b G, b-c L, c-d R, d-b R, c-e L",
    ] {
        let p = Position::parse(text).unwrap();
        let mut solver = Solver::new();
        let found = solver.evaluate(&p, Rules::Normal, &mut games).unwrap();
        let plain = Solver::new()
            .game_tree(&p, Rules::Normal, &mut games, false)
            .unwrap();
        assert_eq!(found.value, plain, "{text}");
        if p.components().len() > 1 {
            assert!(
                found.methods.contains(&Method::NumberSearch),
                "{text}: {:?}",
                found.methods
            );
        }
        // The search's own value of each blue-red piece is the plain tree's.
        for piece in p.components().iter().filter(|q| q.is_blue_red()) {
            let searched = NumberSearch::new()
                .value(&mut Canon::new(), piece, Rules::Normal, &mut budget())
                .unwrap();
            let tree = NumberTree::new(false)
                .value(&mut Canon::new(), piece, Rules::Normal, &mut budget())
                .unwrap();
            assert_eq!(searched, tree, "{}", piece.notation());
        }
    }
}
