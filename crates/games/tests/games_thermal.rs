//! Thermography, heating, atomic weights and reduced forms against published examples, against
//! the identities that define them, and against an independent implementation.
//!
//! The oracle is pycgt (PyPI, pure Python; 0.2.0, installed by the tests themselves, see
//! `tests/oracles/mod.rs`): every one of the 1,474 games born by day 3 is valued by both,
//! comparing temperature, mean, stops, both walls at many temperatures, and the game cooled by
//! temperatures that are no critical temperature of a small game. (pycgt cools a game by exactly
//! its temperature to its mean; Siegel's definition, which CGSuite and we follow, gives the mean
//! plus an infinitesimal there: `±1` cooled by 1 is `∗`, as in Winning Ways. The comparison
//! avoids those temperatures.)

use crate::days;
#[path = "../../../tests/oracles/mod.rs"]
mod oracles;

use hackenbook_games::notation::{eval, parse_expr};
use hackenbook_games::{Dyadic, GameId, Games, Player};
use std::io::Write;
use std::process::Stdio;

fn game(games: &mut Games, text: &str) -> GameId {
    let expr = parse_expr(text).unwrap();
    eval(&expr, games, &mut |_| None).unwrap()
}

fn d(text: &str) -> Dyadic {
    text.parse().unwrap()
}

#[test]
fn published_temperatures_and_means() {
    let mut g = Games::new();
    // Siegel, Combinatorial Game Theory, II.5; Winning Ways, ch. 6.
    for (text, mean, temperature) in [
        ("{4|-2}", "1", "3"),
        ("{{3|1}|-1}", "1/2", "3/2"),
        ("+-1", "0", "1"),
        ("{2|{1|0}}", "5/4", "3/4"),
        ("*", "0", "0"),
        ("^", "0", "0"),
        ("{0|^}", "0", "0"),
        // CGSuite's convention for numbers: −1/2ᵏ for denominator 2ᵏ, −1 for an integer.
        ("3/4", "3/4", "-1/4"),
        ("-5/8", "-5/8", "-1/8"),
        ("0", "0", "-1"),
        ("7", "7", "-1"),
    ] {
        let x = game(&mut g, text);
        let th = g.thermograph(x);
        assert_eq!(th.mean, d(mean), "mean of {text}");
        assert_eq!(th.temperature, d(temperature), "temperature of {text}");
    }
}

#[test]
fn functions_in_game_expressions() {
    let mut g = Games::new();
    for (text, value) in [
        ("temp({4|-2})", "3"),
        ("mean({4|-2})", "1"),
        ("leftstop({4|-2})", "4"),
        ("rightstop({4|-2})", "-2"),
        ("birthday({4|-2})", "5"),
        ("cool(+-1, 1)", "*"),
        ("cool({4|-2}, 3)", "1*"),
        ("cool({4|-2}, 4)", "1"),
        ("cool({4|-2}, 1)", "{3|-1}"),
        ("temp(cool({{3|1}|-1}, 1))", "1/2"),
        ("cool(3/4, 2)", "3/4"),
    ] {
        let x = game(&mut g, text);
        let y = game(&mut g, value);
        assert_eq!(g.display(x), g.display(y), "{text}");
    }
    for (text, message) in [
        ("cool(^, *)", "cooled by a number"),
        ("cool(^, -2)", "at least -1"),
        ("temp(1, 2)", "takes 1 argument, not 2"),
        ("heat(1)", "takes 2 arguments, not 1"),
        ("1 + incentives(^)", "two lists of games, not a game"),
    ] {
        let err = error_of(&mut g, text);
        assert!(err.contains(message), "{text}: {err}");
    }
}

#[test]
fn walls_are_the_stops_of_the_cooled_game() {
    // Below the temperature, the walls are the stops of the game cooled by t (the definition
    // the recursion on scaffolds stands for), on every game born by day 3.
    let mut g = Games::new();
    let all = days_to_three(&mut g);
    for &x in &all {
        let th = g.thermograph(x);
        for t in ["-1/2", "0", "1/8", "3/8", "1", "5/4", "2"] {
            let t = d(t);
            if t > th.temperature {
                continue;
            }
            let cooled = g.cool(x, &t);
            let (l, r) = g.stops(cooled);
            assert_eq!(
                (th.left.at(&t), th.right.at(&t)),
                (l, r),
                "{}",
                g.display(x)
            );
        }
    }
}

fn days_to_three(g: &mut Games) -> Vec<GameId> {
    let day0 = vec![g.zero()];
    let day1 = days::next_day(g, &day0);
    let day2 = days::next_day(g, &day1);
    days::next_day(g, &day2)
}

/// Fully braced, with numbers as fractions: the input pycgt parses.
fn braces(g: &mut Games, x: GameId) -> String {
    if let Some(n) = g.as_number(x) {
        return n.to_string();
    }
    let side = |g: &mut Games, ids: Vec<GameId>| {
        ids.into_iter()
            .map(|o| braces(g, o))
            .collect::<Vec<_>>()
            .join(",")
    };
    let (l, r) = (g.left_options(x), g.right_options(x));
    format!("{{{}|{}}}", side(g, l), side(g, r))
}

const ORACLE: &str = r#"
import sys
from fractions import Fraction as F
import pycgt as p
ts = [F(k, 8) for k in range(0, 33)]
for line in sys.stdin:
    g_text, cooled_a, cooled_b = line.rstrip("\n").split("\t")
    g = p.parse(g_text)
    th = p.thermograph(g)
    walls = [str(th.left(t)) + "/" + str(th.right(t)) for t in ts]
    ok_a = p.equals(p.cool(g, F(3, 64)), p.parse(cooled_a))
    ok_b = p.equals(p.cool(g, F(33, 64)), p.parse(cooled_b))
    print(p.temperature(g), p.mean(g), p.left_stop(g), p.right_stop(g), ok_a, ok_b, " ".join(walls))
"#;

#[test]
fn day_three_against_pycgt() {
    let mut g = Games::new();
    let all = days_to_three(&mut g);
    assert_eq!(all.len(), 1474);
    let (ta, tb) = (d("3/64"), d("33/64"));
    let mut input = String::new();
    let mut ours = Vec::new();
    for &x in &all {
        let (ca, cb) = (g.cool(x, &ta), g.cool(x, &tb));
        input.push_str(&format!(
            "{}\t{}\t{}\n",
            braces(&mut g, x),
            braces(&mut g, ca),
            braces(&mut g, cb)
        ));
        let th = g.thermograph(x);
        let (l, r) = g.stops(x);
        let walls: Vec<String> = (0..33)
            .map(|k| {
                let t = Dyadic::new(k, 3);
                format!("{}/{}", th.left.at(&t), th.right.at(&t))
            })
            .collect();
        ours.push(format!(
            "{} {} {} {} True True {}",
            th.temperature,
            th.mean,
            l,
            r,
            walls.join(" ")
        ));
    }
    let theirs = pycgt(ORACLE, &input);
    assert_eq!(theirs.len(), ours.len());
    let mut differ = 0;
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        if a != b {
            differ += 1;
            if differ <= 5 {
                eprintln!("{}\n  ours:  {a}\n  pycgt: {b}", g.display(all[i]));
            }
        }
    }
    assert_eq!(
        differ,
        0,
        "{differ} of {} games differ from pycgt",
        ours.len()
    );
}

/// The message with which `text` fails to parse or to evaluate.
fn error_of(g: &mut Games, text: &str) -> String {
    match parse_expr(text) {
        Err(e) => e.message,
        Ok(e) => eval(&e, g, &mut |_| None).unwrap_err().message,
    }
}

/// Feeds one line per game to a pycgt script and returns its output lines.
fn pycgt(script: &str, input: &str) -> Vec<String> {
    let mut child = oracles::python()
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs the pycgt oracle");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the pycgt oracle failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn published_heating_and_overheating() {
    let mut g = Games::new();
    // Siegel, II.5: a number is not heated; ∫ᵗ ∗ = ±t; heating by t undoes cooling by t.
    // Berlekamp's overheating: an integer n becomes n copies of s.
    for (text, value) in [
        ("heat(1, 1)", "1"),
        ("heat(3/4, 2)", "3/4"),
        ("heat(*, 3/4)", "+-3/4"),
        ("heat(*, 1)", "+-1"),
        ("heat(^, 1)", "{1|{0|-2}}"),
        ("heat({0|-1}, 1)", "{1|-2}"),
        ("cool(heat(^, 1), 1)", "^"),
        ("heat(*, *)", "0"),
        ("overheat(3, 1/2, 1/2)", "3/2"),
        ("overheat(2, ^, 1)", "^^"),
        ("overheat({1|0}, 1, 1)", "{2|-1}"),
        ("overheat(1/2, 1, 1)", "{1|0}"),
        ("overheat(-2, *, 5)", "0"),
    ] {
        let x = game(&mut g, text);
        let y = game(&mut g, value);
        assert_eq!(g.display(x), g.display(y), "{text}");
    }
}

#[test]
fn published_atomic_weights_and_reduced_forms() {
    let mut g = Games::new();
    // Winning Ways, ch. 7–8; Siegel, II.6–II.7.
    for (text, value) in [
        ("aw(^)", "1"),
        ("aw(*)", "0"),
        ("aw(^^*)", "2"),
        ("aw(^*)", "1"),
        ("aw(v*5)", "-1"),
        ("aw(*2 + ^^^)", "3"),
        ("aw({0|^})", "2"),
        ("aw({^|v})", "0"),
        ("rcf(^)", "0"),
        ("rcf(^*)", "0"),
        ("rcf(3/4 + ^^*)", "3/4"),
        ("rcf({1|^})", "{1|0}"),
        ("rcf({2|*} + ^)", "{2|0}"),
        ("rcf({{2|*}|-1})", "{{2|0}|-1}"),
    ] {
        let x = game(&mut g, text);
        let y = game(&mut g, value);
        assert_eq!(g.display(x), g.display(y), "{text}");
    }
    for (text, message) in [
        ("aw(1*)", "`1*` is not all-small"),
        ("aw({1|-1})", "is not all-small"),
        ("overheat(1, 2)", "takes 3 arguments, not 2"),
        ("overheat(5000, ^, 1)", "budget"),
        ("frobnicate(1)", "not a function"),
    ] {
        let err = error_of(&mut g, text);
        assert!(err.contains(message), "{text}: {err}");
    }
}

const HEAT_ORACLE: &str = r#"
import sys
import pycgt as p
one, star, up_star = p.parse("1"), p.parse("*"), p.parse("{0,*|0}")
for line in sys.stdin:
    g, h1, hs, oh, rcf, inc, left, right = line.rstrip("\n").split("\t")
    g = p.parse(g)
    def same(ours, theirs):
        ours = [p.parse(x) for x in ours.split(";") if x]
        return len(ours) == len(theirs) and all(
            any(p.equals(a, b) for b in theirs) for a in ours)
    same_incentives = same(inc, list(p.incentives(g)))
    # Each player's incentives, by pycgt's arithmetic on the canonical options.
    c = p.canonical(g)
    same_incentives = same_incentives and same(
        left, [p.add(x, p.negate(c)) for x in c.left]) and same(
        right, [p.add(c, p.negate(x)) for x in c.right])
    print(p.equals(p.heat(g, one), p.parse(h1)),
          p.equals(p.heat(g, star), p.parse(hs)),
          p.equals(p.overheat(g, star, up_star), p.parse(oh)),
          # pycgt reduces the options and takes the canonical form, which can leave an
          # option dominated up to infinitesimals ({0|-1,{0|-1}} stays); Siegel's reduced form
          # is the simplest game infinitely close to G. Check that ours is infinitely close to
          # G and born no later than pycgt's.
          p.is_infinitesimal(p.add(g, p.negate(p.parse(rcf))))
          and p.birthday(p.canonical(p.parse(rcf)))
              <= p.birthday(p.reduced_canonical_form(g)),
          same_incentives)
"#;

#[test]
fn day_three_heating_reduction_and_incentives_against_pycgt() {
    let mut g = Games::new();
    let all = days_to_three(&mut g);
    let (one, star) = (g.integer(1), g.star());
    let up_star = game(&mut g, "^*");
    let mut input = String::new();
    for &x in &all {
        let h1 = g.heat(x, one);
        let hs = g.heat(x, star);
        let oh = g.overheat(x, star, up_star);
        let rcf = g.reduced_canonical_form(x);
        let incentives = g.incentives(x, &[Player::Left, Player::Right]);
        let mut fields = vec![x, h1, hs, oh, rcf]
            .into_iter()
            .map(|y| braces(&mut g, y))
            .collect::<Vec<_>>();
        for list in [
            incentives,
            g.incentives(x, &[Player::Left]),
            g.incentives(x, &[Player::Right]),
        ] {
            let shown: Vec<String> = list.iter().map(|&i| braces(&mut g, i)).collect();
            fields.push(shown.join(";"));
        }
        input.push_str(&fields.join("\t"));
        input.push('\n');
    }
    let theirs = pycgt(HEAT_ORACLE, &input);
    assert_eq!(theirs.len(), all.len());
    let differ: Vec<String> = theirs
        .iter()
        .zip(&all)
        .filter(|(line, _)| *line != "True True True True True")
        .map(|(line, &x)| format!("{}: {line}", g.display(x)))
        .collect();
    assert!(
        differ.is_empty(),
        "{} differ: {:?}",
        differ.len(),
        &differ[..differ.len().min(5)]
    );
}

#[test]
fn heating_undoes_cooling_on_day_three() {
    // (∫ᵗ G)ₜ = G for t > 0: every heated subgame is hot enough to be cooled back by t.
    let mut g = Games::new();
    let all = days_to_three(&mut g);
    for t in ["1/2", "1", "2"] {
        let (t, tg) = (d(t), game(&mut g, t));
        for &x in &all {
            let heated = g.heat(x, tg);
            assert_eq!(g.cool(heated, &t), x, "{} heated by {t}", g.display(x));
        }
    }
}

#[test]
fn reduced_forms_on_day_three() {
    // rcf(G) is infinitely close to G, is its own reduced form, forgets infinitesimals
    // (rcf(G + ε) = rcf(G)), and is the simplest game infinitely close to G: games born by day
    // 3 are infinitely close exactly when their reduced forms agree, and no game of the class
    // is born before its reduced form.
    let mut g = Games::new();
    let all = days_to_three(&mut g);
    let epsilons: Vec<GameId> = ["^", "*", "v*", "{0|^}", "^ : ^"]
        .iter()
        .map(|e| game(&mut g, e))
        .collect();
    let mut classes: std::collections::HashMap<GameId, Vec<GameId>> = Default::default();
    for &x in &all {
        let r = g.reduced_canonical_form(x);
        let diff = g.sub(x, r);
        assert!(g.is_infinitesimal(diff), "{}", g.display(x));
        assert_eq!(g.reduced_canonical_form(r), r, "{}", g.display(x));
        for &e in &epsilons {
            let shifted = g.add(x, e);
            assert_eq!(g.reduced_canonical_form(shifted), r, "{}", g.display(x));
        }
        classes.entry(r).or_default().push(x);
    }
    let reps: Vec<GameId> = classes.keys().copied().collect();
    for (i, &a) in reps.iter().enumerate() {
        for &b in &reps[i + 1..] {
            let diff = g.sub(a, b);
            assert!(
                !g.is_infinitesimal(diff),
                "{} ~ {}",
                g.display(a),
                g.display(b)
            );
        }
        for &x in &classes[&a] {
            assert!(g.birthday(a) <= g.birthday(x), "{}", g.display(x));
        }
    }
    assert!(
        reps.len() > 50 && reps.len() < all.len(),
        "{} classes",
        reps.len()
    );
}

#[test]
fn atomic_weights_on_day_three() {
    // Atomic weight is additive and odd, and the two-ahead rule holds: aw(G) >= 2 means Left
    // wins (G > 0), aw(G) >= 1 means Left wins moving first.
    let mut g = Games::new();
    let all = days_to_three(&mut g);
    let small: Vec<GameId> = all.iter().copied().filter(|&x| g.is_all_small(x)).collect();
    let (zero, one, two) = (g.zero(), g.integer(1), g.integer(2));
    let mut eccentric = 0;
    for &x in &small {
        let a = g.atomic_weight(x).unwrap();
        let minus = g.neg(x);
        let na = g.neg(a);
        assert_eq!(g.atomic_weight(minus), Some(na), "{}", g.display(x));
        if g.leq(two, a) {
            assert!(g.lt(zero, x), "{}", g.display(x));
        }
        if g.leq(one, a) {
            assert!(!g.leq(x, zero), "{}", g.display(x));
        }
        if !g.is_nus(x) {
            // Where the calculus departs from {aw(Gᴸ) − 2 | aw(Gᴿ) + 2}.
            let side = |g: &mut Games, options: Vec<GameId>, shift: i64| -> Vec<GameId> {
                let s = g.integer(shift);
                options
                    .into_iter()
                    .map(|o| {
                        let w = g.atomic_weight(o).unwrap();
                        g.add(w, s)
                    })
                    .collect()
            };
            let (lo, ro) = (g.left_options(x), g.right_options(x));
            let (l, r) = (side(&mut g, lo, -2), side(&mut g, ro, 2));
            eccentric += usize::from(g.from_options(&l, &r) != a);
        }
    }
    assert!(eccentric > 0);
    let sample: Vec<GameId> = small.iter().copied().step_by(7).collect();
    for &x in &sample {
        for &y in &sample {
            let (ax, ay) = (g.atomic_weight(x).unwrap(), g.atomic_weight(y).unwrap());
            let sum = g.add(x, y);
            let expected = g.add(ax, ay);
            assert_eq!(
                g.atomic_weight(sum),
                Some(expected),
                "{} + {}",
                g.display(x),
                g.display(y)
            );
        }
    }
    let not_small = game(&mut g, "{1|-1}");
    assert_eq!(g.atomic_weight(not_small), None);
}
