//! Counting by value against enumeration, size by size: for each size of 1 to 11 edges, the
//! blue-red forests and trees of exactly that many edges are counted by value (the counting
//! engine, no member built) and enumerated (the fast engine, every member valued by its game
//! tree), and the two are held against each other value for value; then every query counting
//! answers (counts by value, `value = x`, `> 0`, `< 0`, `= 0`, shares, `min`, `max`, `total`,
//! `distinct`) is asked of a census of that size through the workspace twice, once as written
//! (counted) and once made to read `trunks`, which every member of one edge or more has (so
//! enumerated), and the figures compared. Each line prints both engines' times.
//!
//! `cargo bench --bench counting` runs sizes 1 to 11; `-- 9 10` only the sizes given. Times
//! are the process's CPU time (user + sys, every thread, from `/proc/self/stat`) and wall time;
//! the load average is printed before and after. A disagreement is printed as it is found and
//! the benchmark exits with status 1 at the end, naming every one.

use hackenbook_base::bench::{load_average, process_cpu};
use hackenbook_census::engines::{counting, enumerating};
use hackenbook_census::families::forests::{Family, Kind};
use hackenbook_census::small::Small;
use hackenbook_census::{render_figure, Workspace};
use hackenbook_games::{Dyadic, Games};
use hackenbook_rulesets::hackenbush::{Colour, Evaluator};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Every query counting answers, as written (counted) and made to read `trunks` (enumerated),
/// with `N` for the census.
const QUERIES: &[(&str, &str)] = &[
    ("count N", "count N where trunks > 0"),
    (
        "count N where value = 0",
        "count N where value = 0 and trunks > 0",
    ),
    (
        "count N where value > 0",
        "count N where value > 0 and trunks > 0",
    ),
    (
        "count N where value < 0",
        "count N where value < 0 and trunks > 0",
    ),
    (
        "count N where value = 1/2",
        "count N where value = 1/2 and trunks > 0",
    ),
    (
        "count N where value = -3/4",
        "count N where value = -3/4 and trunks > 0",
    ),
    (
        "count N where value = 2",
        "count N where value = 2 and trunks > 0",
    ),
    (
        "count N where value >= 1",
        "count N where value >= 1 and trunks > 0",
    ),
    (
        "count N where places = 3",
        "count N where places = 3 and trunks > 0",
    ),
    (
        "share N have value > 0",
        "share N where trunks > 0 have value > 0",
    ),
    (
        "share N have value = 0",
        "share N where trunks > 0 have value = 0",
    ),
    (
        "share N where value != 0 have value > 1/2",
        "share N where value != 0 and trunks > 0 have value > 1/2",
    ),
    ("min value over N", "min value over N where trunks > 0"),
    ("max value over N", "max value over N where trunks > 0"),
    (
        "total value * value over N",
        "total value * value over N where trunks > 0",
    ),
    (
        "distinct value over N",
        "distinct value over N where trunks > 0",
    ),
    (
        "distinct value over N where value > 0",
        "distinct value over N where value > 0 and trunks > 0",
    ),
    (
        "distinct places over N",
        "distinct places over N where trunks > 0",
    ),
];

/// Wall and CPU time of `work`.
fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration, Duration) {
    let (start, before) = (Instant::now(), process_cpu());
    let out = work();
    (out, start.elapsed(), process_cpu().saturating_sub(before))
}

fn family(kind: Kind, n: usize) -> Family {
    Family::new(kind, n..=n, &[Colour::Blue, Colour::Red])
}

/// Members by value, by enumeration: the fast engine's game-tree values.
fn enumerated(f: &Family) -> BTreeMap<Dyadic, u128> {
    let mut games = Games::default();
    let mut ordinal = |s: i8, x: Small| -> Result<Small, String> {
        let base = games.integer(s as i64);
        let over = games.number(&x.to_dyadic());
        let g = games.ordinal_sum(base, over);
        (games.as_number(g).as_ref())
            .and_then(Small::from_dyadic)
            .ok_or_else(|| "not a number".to_string())
    };
    let rows = enumerating::run(f, &mut ordinal, &|_| {}).expect("the fast engine runs");
    let mut out = BTreeMap::new();
    for r in rows {
        let value = (r.record.value.as_number(&games)).expect("a blue-red value");
        *out.entry(value).or_default() += u128::from(r.count);
    }
    out
}

/// Members by value, by counting.
fn counted(f: &Family) -> BTreeMap<Dyadic, u128> {
    let sizes = counting::count(f, &|_| {}).expect("counting runs");
    sizes.iter().flat_map(|(_, d)| d.iter()).collect()
}

fn seconds(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

/// The figures of `queries` asked of a census of `f` in a fresh workspace, and the time taken.
fn ask(f: &Family, queries: &[&str]) -> (Vec<String>, Duration, Duration) {
    let mut ws = Workspace::new(None);
    let mut ev = Evaluator::default();
    let body = format!(
        "family = \"{}\"\nedges = \"{}..={}\"\ncolours = \"LR\"\nmax_positions = 1000000000000",
        f.kind.name(),
        f.min_edges,
        f.max_edges
    );
    ws.define_census("N", &body).expect("census");
    ws.confirm_cost();
    timed(|| {
        queries
            .iter()
            .map(|q| match ws.evaluate(q, &mut ev) {
                Ok(figure) => render_figure(&figure, &ev.games),
                Err(e) => format!("error: {}", e.message),
            })
            .collect()
    })
}

fn main() {
    let asked: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if asked.is_empty() {
        (1..=11).collect()
    } else {
        asked
    };
    println!(
        "counting by value against enumeration; load average {}",
        load_average()
    );
    let mut wrong = Vec::new();
    for kind in [Kind::Forests, Kind::Trees] {
        for &n in &sizes {
            let f = family(kind, n);
            let (by_counting, count_wall, count_cpu) = timed(|| counted(&f));
            let (by_enumeration, enum_wall, enum_cpu) = timed(|| enumerated(&f));
            let members: u128 = by_enumeration.values().sum();
            let agree = by_counting == by_enumeration;
            println!(
                "{} of {n} edges: {members} members, {} values; by value {} (wall {}), enumerated {} (wall {}): {}",
                kind.name(),
                by_enumeration.len(),
                seconds(count_cpu),
                seconds(count_wall),
                seconds(enum_cpu),
                seconds(enum_wall),
                if agree { "the same count of every value" } else { "MISMATCH" },
            );
            if !agree {
                wrong.push(format!("{} of {n} edges: counts by value", kind.name()));
            }
            let (plain, with_trunks): (Vec<&str>, Vec<&str>) = QUERIES.iter().copied().unzip();
            let (a, a_wall, a_cpu) = ask(&f, &plain);
            let (b, b_wall, b_cpu) = ask(&f, &with_trunks);
            let mut same = 0;
            for ((q, x), y) in plain.iter().zip(&a).zip(&b) {
                if x == y && !x.starts_with("error") {
                    same += 1;
                } else {
                    println!("  MISMATCH `{q}`: counted {x}, enumerated {y}");
                    wrong.push(format!("{} of {n} edges: `{q}`", kind.name()));
                }
            }
            println!(
                "  {same} of {} queries agree; counted {} (wall {}), enumerated {} (wall {})",
                QUERIES.len(),
                seconds(a_cpu),
                seconds(a_wall),
                seconds(b_cpu),
                seconds(b_wall),
            );
        }
    }
    println!("load average {}", load_average());
    if !wrong.is_empty() {
        eprintln!("counting disagrees with enumeration on:");
        for w in &wrong {
            eprintln!("  {w}");
        }
        std::process::exit(1);
    }
    println!("counting agrees with enumeration on every size and query above");
}
