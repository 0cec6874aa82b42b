//! Unit tests of the engine against values from Winning Ways and Lessons in Play.

use super::*;

fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}

struct T {
    g: Games,
}

impl T {
    fn new() -> T {
        T { g: Games::new() }
    }
    fn num(&mut self, s: &str) -> GameId {
        self.g.number(&d(s))
    }
    fn nus(&mut self, x: &str, ups: i64, nim: u32) -> GameId {
        self.g.nus(Nus::new(d(x), ups, nim))
    }
    fn opts(&mut self, l: &[GameId], r: &[GameId]) -> GameId {
        self.g.from_options(l, r)
    }
    fn show(&self, g: GameId) -> String {
        self.g.display(g)
    }
}

#[test]
fn numbers_from_options_follow_the_simplicity_rule() {
    let mut t = T::new();
    let (zero, half, two) = (t.num("0"), t.num("1/2"), t.num("2"));
    let g = t.opts(&[zero, half], &[two]);
    assert_eq!(g, t.num("1"));
    let g = t.opts(&[], &[]);
    assert_eq!(g, zero);
    let m3 = t.num("-3");
    let g = t.opts(&[m3], &[]);
    assert_eq!(g, zero, "{{-3|}} = 0");
    let q = t.num("1/4");
    let g = t.opts(&[q], &[half]);
    assert_eq!(t.show(g), "3/8");
}

#[test]
fn stars_and_ups_are_recognised_from_options() {
    let mut t = T::new();
    let zero = t.g.zero();
    let star = t.opts(&[zero], &[zero]);
    assert_eq!(t.g.as_nimber(star), Some(1));
    let up = t.opts(&[zero], &[star]);
    assert_eq!(up, t.g.up());
    let up_star = t.opts(&[zero, star], &[zero]);
    assert_eq!(up_star, t.nus("0", 1, 1));
    let double_up = t.opts(&[zero], &[up_star]);
    assert_eq!(t.show(double_up), "^^");
    let star2 = t.opts(&[zero, star], &[zero, star]);
    assert_eq!(t.show(star2), "*2");
    let one = t.num("1");
    let one_star = t.opts(&[one], &[one]);
    assert_eq!(t.show(one_star), "1*");
}

#[test]
fn every_nus_pattern_is_its_own_canonical_form() {
    // The options produced for a nus, canonicalised again without the nus fast paths,
    // must come back unchanged: the patterns in `Nus::options` really are canonical.
    let mut t = T::new();
    for x in ["0", "1", "-3/4"] {
        for ups in -4..=4 {
            for nim in 0..5 {
                let id = t.nus(x, ups, nim);
                let left = t.g.raw_options(id, Player::Left);
                let right = t.g.raw_options(id, Player::Right);
                let (mut l2, mut r2) = (left.clone(), right.clone());
                t.g.canonical_lists(&mut l2, &mut r2, true);
                assert_eq!((&l2, &r2), (&left, &right), "{x} {ups} {nim}");
                assert_eq!(t.g.intern_canonical(&mut l2, &mut r2), id);
            }
        }
    }
}

#[test]
fn sums_and_negation() {
    let mut t = T::new();
    let up = t.g.up();
    let star = t.g.star();
    let s = t.g.add(up, up);
    let s = t.g.add(s, star);
    assert_eq!(t.show(s), "^^*");
    let (one, m1) = (t.num("1"), t.num("-1"));
    let pm1 = t.opts(&[one], &[m1]);
    assert_eq!(t.show(pm1), "+-1");
    let twice = t.g.add(pm1, pm1);
    assert_eq!(twice, t.g.zero(), "{{1|-1}} + {{1|-1}} = 0");
    let neg = t.g.neg(pm1);
    assert_eq!(neg, pm1);
    let x = t.num("3/8");
    let shifted = t.g.add(pm1, x);
    assert_eq!(t.show(shifted), "{11/8|-5/8}");
    let back = t.g.sub(shifted, x);
    assert_eq!(back, pm1);
    // ^ + * = ^*, and ^* + ^* = ^^
    let us = t.g.add(up, star);
    assert_eq!(t.show(us), "^*");
    let uu = t.g.add(us, us);
    assert_eq!(t.show(uu), "^^");
}

#[test]
fn hot_sums_go_through_options() {
    let mut t = T::new();
    let (two, zero) = (t.num("2"), t.g.zero());
    let g = t.opts(&[two], &[zero]); // 1+-1
    assert_eq!(t.show(g), "{2|0}");
    let star = t.g.star();
    let h = t.g.add(g, star);
    assert_eq!(t.show(h), "{2*|*}");
    let up = t.g.up();
    let k = t.g.add(h, up);
    let back = t.g.sub(k, up);
    assert_eq!(back, h);
    let minus = t.g.neg(k);
    let sum = t.g.add(k, minus);
    assert_eq!(sum, zero);
}

#[test]
fn comparisons() {
    let mut t = T::new();
    let zero = t.g.zero();
    let up = t.g.up();
    let star = t.g.star();
    let us = t.g.add(up, star);
    assert_eq!(t.g.compare(up, zero), Relation::Greater);
    assert_eq!(t.g.compare(star, zero), Relation::Confused);
    assert_eq!(t.g.compare(us, zero), Relation::Confused);
    let (one, m1) = (t.num("1"), t.num("-1"));
    let pm1 = t.opts(&[one], &[m1]);
    let half = t.num("1/2");
    assert_eq!(t.g.compare(pm1, half), Relation::Confused);
    let two = t.num("2");
    assert_eq!(t.g.compare(pm1, two), Relation::Less);
    assert_eq!(t.g.compare(two, pm1), Relation::Greater);
    let inner = t.opts(&[zero], &[m1]);
    let tiny = t.opts(&[zero], &[inner]); // {0||0|-1}
    assert_eq!(t.g.compare(tiny, zero), Relation::Greater);
    assert_eq!(t.g.compare(tiny, up), Relation::Less);
    let small = t.num("1/1024");
    assert_eq!(t.g.compare(tiny, small), Relation::Less);
}

#[test]
fn reversible_options_are_bypassed() {
    let mut t = T::new();
    let zero = t.g.zero();
    let star = t.g.star();
    // {*|} = 0: * reverses through 0.
    let g = t.opts(&[star], &[]);
    assert_eq!(g, zero);
    // {^|} : ^ reverses through *, bypassed to *'s left options {0}: {0|} = 1.
    let up = t.g.up();
    let g = t.opts(&[up], &[]);
    assert_eq!(t.show(g), "1");
    // {0, ^* | 0} is canonical: ^* would reverse through 0, but 0 <= G fails.
    let us = t.nus("0", 1, 1);
    let g = t.opts(&[zero, us], &[zero]);
    assert_eq!(t.show(g), "{0,^*|0}");
    // {0, * | 1/2}: here 0 <= G, so * reverses through 0 and vanishes: {0 | 1/2} = 1/4.
    let half = t.num("1/2");
    let g = t.opts(&[zero, star], &[half]);
    assert_eq!(t.show(g), "1/4");
}

#[test]
fn ordinal_sums() {
    let mut t = T::new();
    let one = t.num("1");
    let g = t.g.ordinal_sum(one, one);
    assert_eq!(t.show(g), "2");
    let m1 = t.num("-1");
    let a = t.g.ordinal_sum(one, m1);
    let b = t.g.ordinal_sum(a, m1);
    let c = t.g.ordinal_sum(b, one);
    assert_eq!(t.show(c), "3/8");
    // A green edge on a blue edge: 1 : * = 1*.  A blue edge on a green one: * : 1 = ^*.
    let star = t.g.star();
    let g = t.g.ordinal_sum(one, star);
    assert_eq!(t.show(g), "1*");
    let g = t.g.ordinal_sum(star, one);
    assert_eq!(t.show(g), "^*");
    // The general path agrees with the number fast path.
    let y = t.num("-13/16");
    let fast = t.g.ordinal_sum(one, y);
    let mut slow = Games::new();
    let one_s = slow.integer(1);
    let zero_s = slow.zero();
    let base = slow.from_options(&[zero_s], &[]);
    assert_eq!(base, one_s);
    let y_s = slow.number(&d("-13/16"));
    let walked = slow.ordinal_sum_over_number_for_test(base, y_s);
    assert_eq!(slow.display(walked), t.show(fast));
}

#[test]
fn large_numbers_stay_exact_and_compact() {
    let mut t = T::new();
    let big = t.num("123456789012345678901234567890");
    let tiny = t.num("1/1267650600228229401496703205376"); // 2^-100
    let s = t.g.add(big, tiny);
    let expected = &d("123456789012345678901234567890") + &d("1/1267650600228229401496703205376");
    assert_eq!(t.g.as_number(s), Some(expected));
    let minus = t.g.neg(s);
    assert_eq!(t.g.neg(minus), s);
    let (one, m1) = (t.num("1"), t.num("-1"));
    let pm1 = t.opts(&[one], &[m1]);
    let hot = t.g.add(pm1, big);
    assert_eq!(
        t.show(hot),
        "{123456789012345678901234567891|123456789012345678901234567889}"
    );
    assert!(
        t.g.len() < 40,
        "no option chains were expanded: {}",
        t.g.len()
    );
}

#[test]
fn explicit_and_latex_forms() {
    let mut t = T::new();
    let us = t.nus("0", 2, 1);
    assert_eq!(t.g.display_explicit(us), "{0|^}");
    let one_star = t.nus("1", 0, 1);
    assert_eq!(t.g.display_explicit(one_star), "{1|1}");
    let (one, m1) = (t.num("1"), t.num("-1"));
    let pm1 = t.opts(&[one], &[m1]);
    assert_eq!(t.g.display_explicit(pm1), "{1|-1}");
    assert_eq!(t.g.latex(pm1), "\\pm 1");
    let (zero, half, two) = (t.g.zero(), t.num("1/2"), t.num("2"));
    let star = t.g.star();
    let g = t.opts(&[zero, star], &[half, two]); // * reverses through 0
    assert_eq!(t.show(g), "1/4");
    let two_star = t.nus("2", 0, 1);
    let g = t.opts(&[two_star, two], &[zero]);
    assert_eq!(t.show(g), "{2,2*|0}");
    assert_eq!(t.g.latex(g), "\\{2, 2{*} \\mid 0\\}");
}

#[test]
fn printing_deep_games_takes_linear_time() {
    // {G|-1} nested 80 deep: printing each level twice (once to sort, once to write) would
    // take 2^80 steps; printing is memoised per subgame.
    let mut t = T::new();
    let m1 = t.num("-1");
    let mut g = t.g.zero();
    for _ in 0..80 {
        g = t.opts(&[g], &[m1]);
    }
    let text = t.show(g);
    assert_eq!(text.matches('{').count(), 80, "{text}");
    assert!(t.g.latex(g).len() < 2000);
    assert_eq!(t.g.eval_str(&text).unwrap(), g);
}

#[test]
fn tables_can_move_between_threads() {
    fn assert_send<T: Send>() {}
    assert_send::<Games>();
}

#[test]
fn a_number_beyond_machine_words_gets_one_id() {
    let mut t = T::new();
    for text in [
        "18446744073709551617",
        "-36893488147419103231/4",
        "1/2361183241434822606848",
    ] {
        let before = t.g.len();
        let first = t.num(text);
        assert_eq!(first, t.num(text), "number({text}) twice");
        assert_eq!(t.g.len(), before + 1, "one entry for {text}");
        // The same value reached by arithmetic and by options is the same id too.
        let minus_one = t.num("-1");
        let plus_one = t.num("1");
        let shifted = t.g.add(first, minus_one);
        assert_eq!(t.g.add(shifted, plus_one), first);
    }
}

/// Bases and games to put over them for the ordinal-sum tests: every game born by day 2,
/// a sample of day 3, random games with number-up-star leaves, and a few numbers.
fn colon_cases(g: &mut Games) -> (Vec<GameId>, Vec<GameId>) {
    use super::sample::{born_by_day, random_games, Shape};
    let day2 = born_by_day(g, 2);
    let shape = Shape {
        depth: 3,
        max_options: 2,
        nus_leaves: true,
    };
    let mut bases = day2.clone();
    bases.extend(born_by_day(g, 3).into_iter().step_by(37));
    bases.extend(random_games(g, 7, 12, shape));
    let mut overs = day2;
    overs.extend(random_games(g, 8, 30, shape));
    for x in ["3/8", "-13/16", "5/2"] {
        overs.push(g.number(&d(x)));
    }
    (bases, overs)
}

/// `ordinal_sum` reduces only the base's own options (`colon_form`); the general
/// construction (`ordinal_sum_on_form`: the definition, every node canonicalised by
/// `from_options`) agrees on every pair.
#[test]
fn ordinal_sums_reducing_only_the_base_options_agree_with_the_definition() {
    let mut g = Games::new();
    let (bases, overs) = colon_cases(&mut g);
    for &base in &bases {
        let (bl, br) = (
            g.raw_options(base, Player::Left),
            g.raw_options(base, Player::Right),
        );
        for &over in &overs {
            let plain = g.ordinal_sum_on_form(&bl, &br, over);
            assert_eq!(
                g.ordinal_sum(base, over),
                plain,
                "{} : {}",
                g.display(base),
                g.display(over)
            );
        }
    }
}

/// The fact `colon_form` rests on: with the base fixed, `G : H <= G : K` exactly when
/// `H <= K` (Left's strategy in `H - K` carries over, a move in either base answered by the
/// mirror move in the other), for canonical bases and for a base written with a reversible
/// option, `{-1 | 1}`.
#[test]
fn an_ordinal_sum_on_a_fixed_base_preserves_and_reflects_order() {
    let mut g = Games::new();
    let (bases, overs) = colon_cases(&mut g);
    let mut forms: Vec<(Vec<GameId>, Vec<GameId>)> = bases
        .iter()
        .step_by(3)
        .map(|&b| {
            (
                g.raw_options(b, Player::Left),
                g.raw_options(b, Player::Right),
            )
        })
        .collect();
    let (m1, p1) = (g.integer(-1), g.integer(1));
    forms.push((vec![m1], vec![p1]));
    for (bl, br) in &forms {
        let sums: Vec<GameId> = overs
            .iter()
            .map(|&h| g.ordinal_sum_on_form(bl, br, h))
            .collect();
        for (i, &h) in overs.iter().enumerate() {
            for (j, &k) in overs.iter().enumerate() {
                assert_eq!(g.leq(sums[i], sums[j]), g.leq(h, k));
            }
        }
    }
}

/// A number-up-star value's options, produced in the table one by one
/// ([`crate::Nus::for_each_option`]), are the ids of the values [`crate::Nus::options`]
/// lists, each player's own: left ones come first, then right ones.
#[test]
fn expanded_nus_options_are_the_listed_ones() {
    use crate::{Dyadic, Nus, Player};
    let mut games = Games::new();
    for n in [-3i64, -1, 0, 1, 5] {
        for e in [0, 1, 3] {
            for ups in [-3i64, -1, 0, 1, 2, 4] {
                for nim in [0u32, 1, 2, 5] {
                    let v = Nus::new(Dyadic::new(n, e), ups, nim);
                    let mut players = Vec::new();
                    v.for_each_option(|p, _| players.push(p));
                    assert!(players.is_sorted(), "{v:?}: {players:?}");
                    let g = games.nus_ref(&v);
                    let (left, right) = v.options();
                    for (player, values) in [(Player::Left, left), (Player::Right, right)] {
                        let mut ids: Vec<_> = values.iter().map(|o| games.nus_ref(o)).collect();
                        ids.sort_unstable();
                        assert_eq!(games.raw_options(g, player), ids, "{v:?} {player:?}");
                        let by_value = match player {
                            Player::Left => games.left_options(g),
                            Player::Right => games.right_options(g),
                        };
                        assert_eq!(by_value.len(), ids.len());
                        let (l, r) = (games.left_options(g), games.right_options(g));
                        assert_eq!(games.from_options(&l, &r), g, "{v:?} from its options");
                    }
                }
            }
        }
    }
}
