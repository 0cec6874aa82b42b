//! Census benchmark: the essay's census and its queries on forests of up to 6, 8 and 10 edges,
//! on the fast engine, against the plain reference engine (nested lists, game trees through the
//! games engine, memoised by written form) where that finishes in reasonable time.
//!
//! `cargo bench --bench census` runs everything; `cargo bench --bench census -- 8` only the
//! sizes given; `--reference 9` also runs the reference engine up to 9 edges (default 8);
//! `--streamed 10` times the census of 1 to 10 edges with the size below the top stored (the
//! default up to 1 GiB of tables) and streamed, side by side.
use hackenbook_census::engines::enumerating;
use hackenbook_census::engines::reference;
use hackenbook_census::families::forests::{Family, Kind};
use hackenbook_census::forest::Palette;
use hackenbook_census::record::Row;
use hackenbook_census::small::Small;
use hackenbook_census::{render_figure, Workspace};
use hackenbook_games::Games;
use hackenbook_rulesets::hackenbush::{Colour, Evaluator};
use std::time::{Duration, Instant};

/// Every kind of question the essay asks of its census, with `N` for the census name.
const QUERIES: &[&str] = &[
    "count N",
    "all N have number",
    "count N where trunks > 1",
    "all N where trunks > 1 have value = sum",
    "count N where tree",
    "all N where tree have ordinal_sum = value",
    "all N have tree_rule = value",
    "count N where reading = value",
    "count N where reading = value and path",
    "count N where tree and colon",
    "all N where colon have reading = value",
    "count N where tree and reading = value",
    "share N where tree and reading = value have colon",
    "share N where tree have not colon",
    "count N where blue != red",
    "count N where blue != red and sign != majority",
    "smallest N where blue != red and sign != majority",
];

fn blue_red(max: usize) -> Family {
    Family {
        kind: Kind::Forests,
        min_edges: 1,
        max_edges: max,
        palette: Palette::new(&[Colour::Blue, Colour::Red]),
        rules: hackenbook_rulesets::hackenbush::Rules::Normal,
    }
}

fn secs(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// The census and every essay query through the public workspace (what a build does).
fn workspace_run(
    max: usize,
    cache: Option<&std::path::Path>,
) -> (Duration, Duration, Vec<String>, u128, usize) {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(cache.map(|p| p.to_path_buf()));
    // The bench confirms the cost of any size it is asked for.
    let body = format!(
        "family = \"forests\"\nedges = \"1..={max}\"\ncolours = \"LR\"\nmax_positions = {}",
        blue_red(max).size()
    );
    ws.define_census("N", &body).expect("census");
    let start = Instant::now();
    let mut answers = vec![];
    let mut census_time = Duration::ZERO;
    for (i, q) in QUERIES.iter().enumerate() {
        let f = ws.evaluate(q, &mut ev).expect("query");
        if i == 0 {
            census_time = start.elapsed();
        }
        answers.push(render_figure(&f, &ev.games));
    }
    let run = &ws.runs()[0];
    (
        census_time,
        start.elapsed(),
        answers,
        run.positions,
        run.records,
    )
}

fn fast_rows(max: usize, games: &mut Games) -> Vec<Row> {
    let mut ordinal = |s: i8, x: Small| enumerating::ordinal_sum(games, s, x);
    enumerating::run(&blue_red(max), &mut ordinal, &|_| {}).expect("fast engine")
}

/// The census of 1 to `max` edges with the size below the top stored, then streamed.
fn stored_against_streamed(max: usize) {
    let family = blue_red(max);
    let mut games = Games::new();
    let mut times = Vec::new();
    let mut results = Vec::new();
    for stream in [false, true] {
        let mut ordinal = |s: i8, x: Small| enumerating::ordinal_sum(&mut games, s, x);
        let how = enumerating::How {
            stream,
            resume: None,
        };
        let start = Instant::now();
        let shard = hackenbook_census::families::forests::Shard::WHOLE;
        let rows =
            enumerating::run_with(&family, shard, how, &mut ordinal, &|_| {}).expect("census");
        times.push(start.elapsed());
        results.push(rows);
    }
    assert!(results[0] == results[1], "stored and streamed disagree");
    println!(
        "forests of 1..={max} edges ({} positions): stored {}, streamed {} ({:.2}×)",
        family.size(),
        secs(times[0]),
        secs(times[1]),
        times[1].as_secs_f64() / times[0].as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut sizes: Vec<usize> = Vec::new();
    let mut reference_max = 8;
    let mut streamed = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--streamed" {
            streamed = it.next().and_then(|n| n.parse().ok());
        } else if a == "--reference" {
            reference_max = it.next().and_then(|n| n.parse().ok()).unwrap_or(8);
        } else if let Ok(n) = a.parse() {
            sizes.push(n);
        }
    }
    if let Some(max) = streamed {
        stored_against_streamed(max);
        return;
    }
    if sizes.is_empty() {
        sizes = vec![6, 8, 10];
    }
    println!(
        "census benchmark: blue-red forests, {} cores",
        rayon::current_num_threads()
    );
    println!();
    println!("| edges | forests | distinct records | fast census | + {} essay queries | reference census | speed-up |", QUERIES.len());
    println!("|---|---|---|---|---|---|---|");
    let mut report = Vec::new();
    for &max in &sizes {
        let (census, total, answers, positions, records) = workspace_run(max, None);
        let (reference_time, agree) = if max <= reference_max {
            let mut games = Games::new();
            let start = Instant::now();
            let plain = reference::run(&blue_red(max), &mut games, &|_| {});
            let t = start.elapsed();
            let fast = fast_rows(max, &mut games);
            (Some(t), Some(plain == fast))
        } else {
            (None, None)
        };
        let speedup = reference_time
            .map(|r| format!("{:.0}×", r.as_secs_f64() / census.as_secs_f64()))
            .unwrap_or_else(|| "—".into());
        println!(
            "| 1..={max} | {positions} | {records} | {} | {} | {} | {speedup} |",
            secs(census),
            secs(total - census),
            reference_time.map(secs).unwrap_or_else(|| "not run".into()),
        );
        if let Some(agree) = agree {
            assert!(agree, "fast and reference censuses disagree at {max} edges");
        }
        report.push((max, answers));
    }
    println!();
    for (max, answers) in &report {
        println!("forests of 1..={max} edges:");
        for (q, a) in QUERIES.iter().zip(answers) {
            println!("  {:<58} {a}", q.replace('N', &format!("forests{max}")));
        }
    }
    // The essay's census through the cache: first build, then an unchanged second build.
    let dir = std::env::temp_dir().join(format!("hackenbook-bench-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    println!();
    for max in [6, 8] {
        let (cold, cold_total, _, _, _) = workspace_run(max, Some(&dir));
        let (warm, warm_total, _, _, _) = workspace_run(max, Some(&dir));
        println!(
            "cache, forests of 1..={max}: census {} computed, {} from the cache (with queries: {} / {})",
            secs(cold),
            secs(warm),
            secs(cold_total),
            secs(warm_total)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
