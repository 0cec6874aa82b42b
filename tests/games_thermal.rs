//! Thermography against published examples and against an independent implementation.
//!
//! The oracle is pycgt (PyPI, pure Python; `pip install pycgt==0.2.0`): every one of the 1,474
//! games born by day 3 is valued by both, comparing temperature, mean, stops, both walls at many
//! temperatures, and the game cooled by temperatures that are no critical temperature of a small
//! game. (pycgt cools a game by exactly its temperature to its mean; Siegel's definition, which
//! CGSuite and we follow, gives the mean plus an infinitesimal there: `±1` cooled by 1 is `∗`, as
//! in Winning Ways. The comparison avoids those temperatures.)

mod days;

use hackenbook::games::notation::{eval, parse_expr};
use hackenbook::games::{Dyadic, GameId, Games};
use std::io::Write;
use std::process::{Command, Stdio};

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
        ("heat(1)", "not a function"),
    ] {
        let expr = parse_expr(text);
        let err = match expr {
            Err(e) => e.message,
            Ok(e) => eval(&e, &mut g, &mut |_| None).unwrap_err().message,
        };
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
try:
    import pycgt as p
except ImportError:
    sys.exit("pycgt is not installed: pip install pycgt==0.2.0")
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
    let mut child = Command::new("python3")
        .args(["-c", ORACLE])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
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
    let theirs: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
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
