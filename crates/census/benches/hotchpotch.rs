//! Hotchpotch census benchmark: every stalk of blue, red and green edges, valued by the
//! composing engine (each stalk its prefix's value under its top edge, an ordinal sum on the
//! prefix's canonical form), against pycgt (pure Python: the game tree of each stalk, its
//! options the stalk's prefixes, memoised), the same stalks side by side. Then the largest hotchpotch censuses of at
//! most 50,000 positions from one edge up (trees, forests, childish rules) and two larger ones.
//!
//! pycgt's figure is its CPU time (its process alone); ours is the CPU time of the thread that
//! ran the census (`hackenbook_base::bench::thread_cpu`; the composing engine
//! runs on one thread), with the wall time beside it, so a loaded machine slows both alike.
//!
//! `cargo bench --bench hotchpotch` runs stalks of 1..=8 and 1..=9 edges; `-- 7` only the sizes
//! given. pycgt is the tests' pinned oracle (`tests/oracles/mod.rs`, installed from PyPI on first
//! use); where it cannot be installed, only our figures are printed, with the reason.

#[path = "../../../tests/oracles/mod.rs"]
mod oracles;

use hackenbook_base::bench::thread_cpu;
use hackenbook_census::Workspace;
use hackenbook_rulesets::hackenbush::Evaluator;
use std::time::{Duration, Instant};

/// pycgt valuing every stalk of 1..=N edges over L, R, G; prints the stalks, the distinct values
/// and the seconds it took.
const PYCGT: &str = r#"
import itertools, sys, time
from functools import lru_cache
import pycgt
N = int(sys.argv[1])
@lru_cache(maxsize=None)
def value(s):
    # Cutting edge i leaves the edges below it: Left cuts blue or green, Right red or green.
    left = [value(s[:i]) for i, c in enumerate(s) if c != 'R']
    right = [value(s[:i]) for i, c in enumerate(s) if c != 'L']
    return pycgt.game(left, right)
start = time.process_time()
count, distinct = 0, set()
for n in range(1, N + 1):
    for s in itertools.product('LRG', repeat=n):
        distinct.add(value(''.join(s)))
        count += 1
print(count, len(distinct), time.process_time() - start)
"#;

/// Our census of `family` over L, R, G under `rules`: (positions, records, wall time, CPU
/// time of this thread).
fn ours(family: &str, edges: usize, rules: &str) -> (u128, usize, Duration, Duration) {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    let body = format!(
        "family = \"{family}\"\nedges = \"1..={edges}\"\ncolours = \"LRG\"\nrules = \"{rules}\""
    );
    ws.define_census("N", &body).expect("census");
    let (start, cpu) = (Instant::now(), thread_cpu());
    ws.evaluate("count N", &mut ev).expect("query");
    let took = start.elapsed();
    let cpu = thread_cpu().saturating_sub(cpu);
    let run = &ws.runs()[0];
    (run.positions, run.records, took, cpu)
}

fn pycgt(edges: usize) -> Option<(u64, u64, f64)> {
    oracles::installed().ok()?;
    let out = oracles::python()
        .args(["-c", PYCGT, &edges.to_string()])
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut words = text.split_whitespace();
    Some((
        words.next()?.parse().ok()?,
        words.next()?.parse().ok()?,
        words.next()?.parse().ok()?,
    ))
}

fn main() {
    let mut sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if sizes.is_empty() {
        sizes = vec![8, 9];
    }
    if let Err(why) = oracles::installed() {
        eprintln!("pycgt is not run: {why}");
    }
    println!("hotchpotch stalks (colours LRG): composing engine against pycgt, same stalks");
    println!();
    println!("| edges | stalks | ours (CPU) | ours (wall) | pycgt (CPU) | pycgt / ours |");
    println!("|---|---|---|---|---|---|");
    for &n in &sizes {
        let (count, _, took, cpu) = ours("stalks", n, "normal");
        let theirs = pycgt(n);
        let (their_time, ratio) = match theirs {
            Some((their_count, _, secs)) => {
                assert_eq!(
                    u128::from(their_count),
                    count,
                    "pycgt and we count different stalks"
                );
                (
                    format!("{secs:.3} s"),
                    format!("{:.0}×", secs / cpu.as_secs_f64()),
                )
            }
            None => ("pycgt not run".into(), "—".into()),
        };
        println!(
            "| 1..={n} | {count} | {:.3} s | {:.3} s | {their_time} | {ratio} |",
            cpu.as_secs_f64(),
            took.as_secs_f64()
        );
    }
    println!();
    // The largest hotchpotch censuses of at most 50,000 positions from one edge up (stalks of
    // 1..=9, trees of 1..=6, forests of 1..=5, under either rules), then two larger ones.
    for (family, n, rules) in [
        ("stalks", 9, "childish"),
        ("trees", 6, "normal"),
        ("trees", 6, "childish"),
        ("forests", 5, "normal"),
        ("forests", 5, "childish"),
        ("forests", 7, "normal"),
        ("forests", 6, "childish"),
    ] {
        let (count, records, took, cpu) = ours(family, n, rules);
        println!(
            "{rules} hotchpotch {family} of 1..={n} edges: {count} positions, {records} records, {:.3} s CPU, {:.3} s wall",
            cpu.as_secs_f64(),
            took.as_secs_f64()
        );
    }
}
