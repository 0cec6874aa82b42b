//! Speed of the Hackenbush solver: the fast paths on large positions, and the game tree on a
//! blue-red-green "bed" with cycles, with the memo's hit rate.
//!
//! Run: `CARGO_TARGET_DIR=/work/target cargo bench --bench hackenbush`

use criterion::{criterion_group, criterion_main, Criterion};
use hackenbook::games::Games;
use hackenbook::hackenbush::signs::stalk_value;
use hackenbook::hackenbush::solve::display_bounded;
use hackenbook::hackenbush::{Colour, Position, Rules, Solver};
use std::time::{Duration, Instant};

/// A deterministic pseudo-random sequence (xorshift), so every run values the same positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self, below: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % below as u64) as usize
    }
}

/// A blue-red stalk of `n` edges, colours pseudo-random.
fn stalk(n: usize) -> Vec<Colour> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    (0..n)
        .map(|_| [Colour::Blue, Colour::Red][rng.next(2)])
        .collect()
}

/// A green graph of `n` edges with many cycles: each edge joins a standing node to a standing
/// node or to a new one.
fn green_graph(n: usize) -> Position {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut nodes = 1;
    let mut edges = Vec::new();
    for _ in 0..n {
        let a = rng.next(nodes);
        let b = rng.next(nodes + 1);
        if b == nodes {
            nodes += 1;
        }
        edges.push((a, b, Colour::Green));
    }
    Position::from_edges(nodes, edges).expect("grounded by construction")
}

/// A bed: `k` blue legs standing on the ground, their tops joined in a ring by red edges, and
/// green slats across the ring: cycles everywhere, so no theorem applies to the whole.
fn bed(k: usize) -> Position {
    let mut items = Vec::new();
    for i in 0..k {
        items.push(format!("g-t{i} L"));
        items.push(format!("t{i}-t{} R", (i + 1) % k));
    }
    for i in 0..k / 2 {
        items.push(format!("t{i}-t{} G", i + k / 2));
    }
    Position::parse(&items.join(", ")).expect("a bed is a position")
}

/// One cold evaluation (fresh memo and table), printed with its figures.
fn report(name: &str, p: &Position) {
    let mut games = Games::new();
    let mut solver = Solver::new();
    let start = Instant::now();
    let e = solver.evaluate(p, Rules::Normal, &mut games);
    let took = start.elapsed();
    let stats = solver.stats().total();
    match e {
        Ok(e) => eprintln!(
            "{name}: {} edges, value {} by {:?} in {:.3?}; memo {} entries, {} lookups, hit rate {:.1}% ({} exact copies)",
            p.edge_count(),
            abbreviated(&display_bounded(&mut games, e.value, 200)),
            e.methods,
            took,
            stats.entries,
            stats.lookups,
            100.0 * stats.hit_rate(),
            stats.exact_hits
        ),
        Err(err) => eprintln!("{name}: {err} after {took:.3?}"),
    }
}

fn abbreviated(s: &str) -> String {
    if s.len() <= 60 {
        s.to_string()
    } else {
        format!("{}…({} chars)", &s[..60], s.len())
    }
}

/// A plane tree of `n` edges, colours from `colours`, each edge standing on a random earlier node.
fn random_tree(n: usize, colours: &[Colour], seed: u64) -> Position {
    let mut rng = Rng(seed);
    let edges = (0..n)
        .map(|i| (rng.next(i + 1), i + 1, colours[rng.next(colours.len())]))
        .collect();
    Position::from_edges(n + 1, edges).expect("a tree is grounded")
}

fn benches(c: &mut Criterion) {
    if std::env::var_os("PROBE").is_some() {
        let all = [Colour::Blue, Colour::Red, Colour::Green];
        for n in [20, 50, 100, 200] {
            let mut stalk = random_tree(n, &all, 7);
            stalk = Position::stalk(&stalk.edges().iter().map(|e| e.2).collect::<Vec<_>>());
            report(&format!("mixed stalk {n}"), &stalk);
            report(&format!("mixed tree {n}"), &random_tree(n, &all, 11));
        }
        let mut ladder = String::from("g-a0 L, g-b0 R");
        for i in 0..100 {
            ladder.push_str(&format!(
                ", a{i}-b{i} L, a{i}-a{j} R, b{i}-b{j} L",
                j = i + 1
            ));
        }
        report("ladder 300", &Position::parse(&ladder).expect("a ladder"));
        return;
    }
    let colours = stalk(200);
    let stalk200 = Position::stalk(&colours);
    let green1000 = green_graph(1000);
    let beds: Vec<Position> = [8, 10].iter().map(|&k| bed(k)).collect();

    report("stalk200", &stalk200);
    report("green1000", &green1000);
    for (k, b) in [8, 10].iter().zip(&beds) {
        report(&format!("bed{k}"), b);
    }

    c.bench_function("stalk200/sign expansion", |b| {
        b.iter(|| stalk_value(&colours))
    });
    c.bench_function("stalk200/evaluate (with game-tree cross-check)", |b| {
        b.iter(|| Solver::new().evaluate(&stalk200, Rules::Normal, &mut Games::new()))
    });
    c.bench_function("green1000/evaluate (fusion)", |b| {
        b.iter(|| Solver::new().evaluate(&green1000, Rules::Normal, &mut Games::new()))
    });
    let mut slow = c.benchmark_group("beds");
    slow.sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for (k, b) in [8, 10].iter().zip(&beds) {
        slow.bench_function(format!("bed{k}/evaluate (game tree, cold memo)"), |bench| {
            bench.iter(|| Solver::new().evaluate(b, Rules::Normal, &mut Games::new()))
        });
    }
    slow.finish();
}

criterion_group!(hackenbush, benches);
criterion_main!(hackenbush);
