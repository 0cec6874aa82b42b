//! Every number-valued and nimber-valued fast path against a game tree that knows nothing but
//! the rules, on thousands of random small positions; and the number game tree itself against
//! an independent engine (the `cgt` crate's canonical forms built from our moves).

use cgt::numeric::dyadic_rational_number::DyadicRationalNumber;
use cgt::short::partizan::canonical_form::CanonicalForm;
use hackenbook_games::Dyadic;
use hackenbook_rulesets::hackenbush::budget::Budget;
use hackenbook_rulesets::hackenbush::canon::Canon;
use hackenbook_rulesets::hackenbush::green::{colon_nimber, fusion_nimber};
use hackenbook_rulesets::hackenbush::moves::options;
use hackenbook_rulesets::hackenbush::numbers::{NumberTree, Numbers};
use hackenbook_rulesets::hackenbush::signs::{forest_value, stalk_value};
use hackenbook_rulesets::hackenbush::{Colour, Player, Position, Rules};
use num_traits::ToPrimitive;
use proptest::prelude::*;
use std::collections::HashMap;

use crate::random_positions;
use random_positions::{forest, graph, ALL};

fn plain_number(p: &Position, rules: Rules) -> Option<Dyadic> {
    let mut budget = Budget::new("positions", 1_000_000);
    NumberTree::new(false)
        .value(&mut Canon::new(), p, rules, &mut budget)
        .unwrap()
}

/// Green Hackenbush is impartial: its value is the mex of its options' values. Memoised on the
/// printed notation only, so that nothing of the solver's machinery is involved.
fn grundy(p: &Position, rules: Rules, memo: &mut HashMap<String, u64>) -> u64 {
    let text = p.notation();
    if let Some(&v) = memo.get(&text) {
        return v;
    }
    let seen: Vec<u64> = options(p, rules, Player::Left)
        .iter()
        .map(|q| grundy(q, rules, memo))
        .collect();
    let v = (0..).find(|n| !seen.contains(n)).unwrap();
    memo.insert(text, v);
    v
}

/// The value as a `cgt` canonical form, built from our moves by `cgt`'s own canonicaliser.
fn cgt_value(p: &Position, rules: Rules) -> CanonicalForm {
    let side = |player| {
        options(p, rules, player)
            .iter()
            .map(|q| cgt_value(q, rules))
            .collect::<Vec<_>>()
    };
    CanonicalForm::new_from_moves(side(Player::Left), side(Player::Right))
}

fn cgt_number(d: &Dyadic) -> CanonicalForm {
    CanonicalForm::new_dyadic(DyadicRationalNumber::new(
        d.numerator().to_i64().unwrap(),
        d.exponent(),
    ))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn sign_expansion_is_the_game_tree_on_stalks(cs in prop::collection::vec(0u8..2, 0..40)) {
        let colours: Vec<Colour> = cs.iter().map(|&c| ALL[c as usize]).collect();
        let p = Position::stalk(&colours);
        prop_assert_eq!(stalk_value(&colours), plain_number(&p, Rules::Normal));
        prop_assert_eq!(forest_value(&p), plain_number(&p, Rules::Normal));
    }

    #[test]
    fn tree_rule_is_the_game_tree_on_forests(spec in prop::collection::vec(any::<(u8, u8)>(), 0..11)) {
        let p = forest(&spec, &ALL[..2]);
        prop_assert_eq!(forest_value(&p), plain_number(&p, Rules::Normal), "{}", p.notation());
    }

    #[test]
    fn colon_and_fusion_are_the_game_tree_on_green(spec in prop::collection::vec(any::<(u8, u8, u8)>(), 0..10)) {
        let p = graph(&spec, &ALL[2..]);
        let truth = grundy(&p, Rules::Normal, &mut HashMap::new());
        prop_assert_eq!(fusion_nimber(&p), Some(truth), "{}", p.notation());
        if p.is_forest() {
            prop_assert_eq!(colon_nimber(&p), Some(truth), "{}", p.notation());
        }
    }

    #[test]
    fn green_forests_by_colon(spec in prop::collection::vec(any::<(u8, u8)>(), 0..12)) {
        let p = forest(&spec, &ALL[2..]);
        let truth = grundy(&p, Rules::Normal, &mut HashMap::new());
        prop_assert_eq!(colon_nimber(&p), Some(truth));
        prop_assert_eq!(fusion_nimber(&p), Some(truth));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Blue-red graphs with cycles, both rule sets: our number game tree against `cgt`.
    #[test]
    fn number_tree_agrees_with_cgt(spec in prop::collection::vec(any::<(u8, u8, u8)>(), 0..8), childish in any::<bool>()) {
        let rules = if childish { Rules::Childish } else { Rules::Normal };
        let p = graph(&spec, &ALL[..2]);
        let independent = cgt_value(&p, rules);
        // `None` means some position below is not a number (childish blue-red positions can be
        // hot); the whole may still be one, and the solver then falls back to general forms.
        if let Some(d) = plain_number(&p, rules) {
            prop_assert_eq!(cgt_number(&d), independent, "{}", p.notation());
        } else {
            prop_assert!(childish, "normal blue-red Hackenbush is always a number");
        }
    }
}

#[test]
fn a_hundred_edge_stalk_exactly() {
    // L then 99 alternating edges RLRL...: 1 - 1/2 + 1/4 - ... (99 halvings), exactly.
    let colours: Vec<Colour> = (0..100)
        .map(|i| {
            if i % 2 == 0 {
                Colour::Blue
            } else {
                Colour::Red
            }
        })
        .collect();
    let value = stalk_value(&colours).unwrap();
    // 1 + sum_{k=1}^{99} (-1/2)^k = (2 + 2^-99) / 3 ... written as n / 2^99.
    let expected = {
        let two99 = num_bigint::BigInt::from(1) << 99;
        let num = (two99 * 2 - 1) / 3; // (2^100 - 1)/3 is an integer
        Dyadic::new(num, 99)
    };
    assert_eq!(value, expected);
    assert_eq!(value.exponent(), 99);
    assert_eq!(
        plain_number(&Position::stalk(&colours), Rules::Normal),
        Some(value)
    );
}
