//! Hotchpotch census benchmark: every stalk of blue, red and green edges, valued by the
//! composing engine (one ordinal sum per stalk on the value of the stalk above its first
//! edge), against pycgt (pure Python: the game tree of each stalk, its options the stalk's
//! prefixes, memoised), the same stalks side by side. Also the forests and the childish stalks.
//!
//! pycgt's figure is its CPU time (its process alone), ours the wall time of the census: on a
//! loaded machine the comparison only flatters pycgt.
//!
//! `cargo bench --bench hotchpotch` runs stalks of 1..=8 and 1..=9 edges; `-- 7` only the sizes
//! given. pycgt is found with `python3 -c "import pycgt"` (`pip install pycgt==0.2.0`); without
//! it, only our figures are printed.
use hackenbook::census::Workspace;
use hackenbook::games::Games;
use std::process::Command;
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

/// Our census of `family` over L, R, G under `rules`: (positions, records, time).
fn ours(family: &str, edges: usize, rules: &str) -> (u64, usize, Duration) {
    let mut games = Games::new();
    let mut ws = Workspace::new(None);
    let body = format!(
        "family = \"{family}\"\nedges = \"1..={edges}\"\ncolours = \"LRG\"\nrules = \"{rules}\""
    );
    ws.define_census("N", &body).expect("census");
    let start = Instant::now();
    ws.evaluate("count N", &mut games).expect("query");
    let took = start.elapsed();
    let run = &ws.runs()[0];
    (run.positions, run.records, took)
}

fn pycgt(edges: usize) -> Option<(u64, u64, f64)> {
    let out = Command::new("python3")
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
    println!("hotchpotch stalks (colours LRG): composing engine against pycgt, same stalks");
    println!();
    println!("| edges | stalks | ours | pycgt | pycgt / ours |");
    println!("|---|---|---|---|---|");
    for &n in &sizes {
        let (count, _, took) = ours("stalks", n, "normal");
        let theirs = pycgt(n);
        let (their_time, ratio) = match theirs {
            Some((their_count, _, secs)) => {
                assert_eq!(their_count, count, "pycgt and we count different stalks");
                (
                    format!("{secs:.3} s"),
                    format!("{:.0}×", secs / took.as_secs_f64()),
                )
            }
            None => ("pycgt not installed".into(), "—".into()),
        };
        println!(
            "| 1..={n} | {count} | {:.3} s | {their_time} | {ratio} |",
            took.as_secs_f64()
        );
    }
    println!();
    for (family, n, rules) in [
        ("forests", 7, "normal"),
        ("trees", 8, "normal"),
        ("stalks", 9, "childish"),
        ("forests", 6, "childish"),
    ] {
        let (count, records, took) = ours(family, n, rules);
        println!(
            "{rules} hotchpotch {family} of 1..={n} edges: {count} positions, {records} records, {:.3} s",
            took.as_secs_f64()
        );
    }
}
