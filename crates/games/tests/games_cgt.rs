//! Differential tests against an independent engine, the `cgt` crate.
//!
//! The same random forms are built in both engines; values are compared by equality of
//! `cgt` canonical forms (which `cgt` compares structurally, i.e. by value), converting in
//! both directions through options, never by printed text.

use cgt::numeric::dyadic_rational_number::DyadicRationalNumber;
use cgt::numeric::nimber::Nimber;
use cgt::short::partizan::canonical_form::{nus::Nus as CgtNus, CanonicalForm};
use hackenbook_games::sample::{born_by_day, random_form, Form, Rng, Shape};
use hackenbook_games::{Dyadic, GameId, Games, Relation};
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::collections::HashMap;

struct Bridge {
    to: HashMap<GameId, CanonicalForm>,
}

impl Bridge {
    fn new() -> Bridge {
        Bridge { to: HashMap::new() }
    }

    /// Our canonical form rebuilt in `cgt` from its options (numbers directly: their option
    /// chains are long and `cgt` holds them compactly too).
    fn convert(&mut self, g: GameId, games: &mut Games) -> CanonicalForm {
        if let Some(c) = self.to.get(&g) {
            return c.clone();
        }
        let c = match games.as_number(g) {
            Some(x) => CanonicalForm::new_dyadic(dyadic_to_cgt(&x)),
            None => {
                let l: Vec<_> = games.left_options(g).into_iter().collect();
                let r: Vec<_> = games.right_options(g).into_iter().collect();
                let l = l.into_iter().map(|o| self.convert(o, games)).collect();
                let r = r.into_iter().map(|o| self.convert(o, games)).collect();
                CanonicalForm::new_from_moves(l, r)
            }
        };
        self.to.insert(g, c.clone());
        c
    }
}

fn dyadic_to_cgt(x: &Dyadic) -> DyadicRationalNumber {
    DyadicRationalNumber::new(x.numerator().to_i64().expect("small"), x.exponent())
}

/// A `cgt` canonical form rebuilt in our engine from its options.
fn from_cgt(c: &CanonicalForm, games: &mut Games) -> GameId {
    if let Some(x) = c.to_number() {
        return games.number(&Dyadic::new(x.numerator(), x.denominator_exponent()));
    }
    let l: Vec<GameId> = c.left_moves().map(|o| from_cgt(&o, games)).collect();
    let r: Vec<GameId> = c.right_moves().map(|o| from_cgt(&o, games)).collect();
    games.from_options(&l, &r)
}

/// The form built by `cgt` alone.
fn build_cgt(form: &Form) -> CanonicalForm {
    match form {
        Form::Leaf(v) => CanonicalForm::new_nus(CgtNus::new(
            dyadic_to_cgt(&v.number),
            v.ups as i32,
            Nimber::new(v.nim),
        )),
        Form::Options(l, r) => CanonicalForm::new_from_moves(
            l.iter().map(build_cgt).collect(),
            r.iter().map(build_cgt).collect(),
        ),
    }
}

fn relation_of(c: Option<Ordering>) -> Relation {
    match c {
        Some(Ordering::Less) => Relation::Less,
        Some(Ordering::Equal) => Relation::Equal,
        Some(Ordering::Greater) => Relation::Greater,
        None => Relation::Confused,
    }
}

fn shapes() -> [Shape; 4] {
    [
        Shape {
            depth: 2,
            max_options: 3,
            nus_leaves: false,
        },
        Shape {
            depth: 3,
            max_options: 2,
            nus_leaves: false,
        },
        Shape {
            depth: 3,
            max_options: 2,
            nus_leaves: true,
        },
        Shape {
            depth: 4,
            max_options: 2,
            nus_leaves: true,
        },
    ]
}

#[test]
fn canonical_forms_agree_with_cgt() {
    let mut games = Games::new();
    let mut bridge = Bridge::new();
    let mut checked = 0;
    for (k, shape) in shapes().into_iter().enumerate() {
        let mut rng = Rng::new(1000 + k as u64);
        for _ in 0..1000 {
            let form = random_form(&mut rng, shape);
            let ours = form.build(&mut games);
            let theirs = build_cgt(&form);
            assert_eq!(
                bridge.convert(ours, &mut games),
                theirs,
                "{form:?}: ours {}, cgt {theirs}",
                games.display(ours)
            );
            assert_eq!(from_cgt(&theirs, &mut games), ours, "{form:?}");
            // Same number of canonical options: our forms are as reduced as cgt's.
            assert_eq!(games.left_options(ours).len(), theirs.left_moves().len());
            assert_eq!(games.right_options(ours).len(), theirs.right_moves().len());
            checked += 1;
        }
    }
    assert_eq!(checked, 4000);
    let distinct = games.len();
    assert!(
        distinct > 1000,
        "only {distinct} distinct values: the test is too easy"
    );
}

#[test]
fn sums_negations_and_comparisons_agree_with_cgt() {
    let mut games = Games::new();
    let mut bridge = Bridge::new();
    for (k, shape) in shapes().into_iter().enumerate() {
        let mut rng = Rng::new(2000 + k as u64);
        for _ in 0..400 {
            let (fa, fb) = (random_form(&mut rng, shape), random_form(&mut rng, shape));
            let (a, b) = (fa.build(&mut games), fb.build(&mut games));
            let (ca, cb) = (build_cgt(&fa), build_cgt(&fb));
            let sum = games.add(a, b);
            assert_eq!(
                bridge.convert(sum, &mut games),
                &ca + &cb,
                "{fa:?} + {fb:?}"
            );
            let diff = games.sub(a, b);
            assert_eq!(
                bridge.convert(diff, &mut games),
                &ca - &cb,
                "{fa:?} - {fb:?}"
            );
            let neg = games.neg(a);
            assert_eq!(bridge.convert(neg, &mut games), -&ca);
            assert_eq!(
                games.compare(a, b),
                relation_of(ca.partial_cmp(&cb)),
                "compare {} with {}",
                games.display(a),
                games.display(b)
            );
        }
    }
}

#[test]
fn pairwise_sums_of_the_day_two_games_agree_with_cgt() {
    let mut games = Games::new();
    let mut bridge = Bridge::new();
    let day2 = born_by_day(&mut games, 2);
    assert_eq!(day2.len(), 22);
    let theirs: Vec<CanonicalForm> = day2
        .iter()
        .map(|&g| bridge.convert(g, &mut games))
        .collect();
    for (i, &a) in day2.iter().enumerate() {
        for (j, &b) in day2.iter().enumerate() {
            let sum = games.add(a, b);
            assert_eq!(bridge.convert(sum, &mut games), &theirs[i] + &theirs[j]);
            assert_eq!(
                games.compare(a, b),
                relation_of(theirs[i].partial_cmp(&theirs[j]))
            );
        }
    }
}

/// `G : H` computed inside `cgt` straight from the definition, on `cgt`'s canonical forms.
fn cgt_ordinal(g: &CanonicalForm, h: &CanonicalForm) -> CanonicalForm {
    let mut left: Vec<CanonicalForm> = g.left_moves().map(|o| o.into_owned()).collect();
    let mut right: Vec<CanonicalForm> = g.right_moves().map(|o| o.into_owned()).collect();
    left.extend(h.left_moves().map(|hl| cgt_ordinal(g, &hl)));
    right.extend(h.right_moves().map(|hr| cgt_ordinal(g, &hr)));
    CanonicalForm::new_from_moves(left, right)
}

#[test]
fn ordinal_sums_agree_with_the_definition_in_cgt() {
    let mut games = Games::new();
    let mut bridge = Bridge::new();
    let shape = Shape {
        depth: 2,
        max_options: 2,
        nus_leaves: true,
    };
    let mut rng = Rng::new(3000);
    for _ in 0..300 {
        let (fa, fb) = (random_form(&mut rng, shape), random_form(&mut rng, shape));
        let (a, b) = (fa.build(&mut games), fb.build(&mut games));
        let ours = games.ordinal_sum(a, b);
        let theirs = cgt_ordinal(&build_cgt(&fa), &build_cgt(&fb));
        assert_eq!(
            bridge.convert(ours, &mut games),
            theirs,
            "{} : {}",
            games.display(a),
            games.display(b)
        );
    }
}

#[test]
fn notation_agrees_with_cgt_parser() {
    let mut games = Games::new();
    let mut bridge = Bridge::new();
    // cgt writes multiples of up as `^2`, which we read too.
    for text in [
        "{0,1/2|2}",
        "{1|-1}",
        "^2*",
        "{3/4|3/4,{3/4|3/4,3/4v*}}",
        "{0,*|0}",
        "{2|1}",
        "{*|{0|-1}}",
        "{1/2,^|v*3}",
        "{0,v2*|-1/2,{1|*}}",
    ] {
        let ours = games.eval_str(text).unwrap();
        let theirs: CanonicalForm = text.parse().unwrap_or_else(|e| panic!("cgt {text}: {e:?}"));
        assert_eq!(bridge.convert(ours, &mut games), theirs, "{text}");
    }
}
