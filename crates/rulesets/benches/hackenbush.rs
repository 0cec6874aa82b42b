//! Speed of the Hackenbush solver: the fast paths on large positions, and the game tree on a
//! blue-red-green "bed" with cycles, with the memo's hit rate.
//!
//! Run: `cargo bench -p hackenbook-rulesets --bench hackenbush` (`BEDS=1` the redwood beds,
//! `PROBE=1` the memo's figures on larger positions). Each workload timed repeatedly is timed
//! by its CPU time on this thread (`hackenbook_base::bench`).

use hackenbook_base::bench::{load_average, measure, process_cpu, Plan};
use hackenbook_games::Games;
use hackenbook_rulesets::hackenbush::budget::Budget;
use hackenbook_rulesets::hackenbush::canon::Canon;
use hackenbook_rulesets::hackenbush::numbers::{NumberTree, Numbers};
use hackenbook_rulesets::hackenbush::signs::stalk_value;
use hackenbook_rulesets::hackenbush::solve::{display_bounded, DEFAULT_TIME_LIMIT};
use hackenbook_rulesets::hackenbush::{
    Colour, Evaluator, Limits, Position, Rules, Settings, Solver,
};
use std::hint::black_box;
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

/// A green lattice of 1,000 edges standing on the ground: 10 columns, rungs between
/// neighbouring columns on every level, and 12 loops on the top level. One piece, full of cycles.
fn green_lattice() -> Position {
    let (width, height) = (10, 52);
    let node = |level: usize, column: usize| 1 + level * width + column;
    let mut edges = Vec::new();
    for level in 0..height {
        for column in 0..width {
            let below = if level == 0 {
                0
            } else {
                node(level - 1, column)
            };
            edges.push((below, node(level, column), Colour::Green));
            if column + 1 < width {
                edges.push((node(level, column), node(level, column + 1), Colour::Green));
            }
        }
    }
    for column in 0..12 {
        let top = node(height - 1, column % width);
        edges.push((top, top, Colour::Green));
    }
    Position::from_edges(1 + width * height, edges).expect("grounded by construction")
}

/// A green tree of `n` edges, each standing on a pseudo-random earlier node.
fn green_tree(n: usize) -> Position {
    random_tree(n, &[Colour::Green], 0x2545_f491_4f6c_dd1d)
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

/// A redwood bed of `n` edges in Winning Ways' shape: `k = (n − 1) / 3` blue feet on the
/// ground, a red leg on each, red tops joining the legs' upper ends in a ring, and `n − 3k` red
/// chords (one to three) across the ring. Blue-red, full of cycles.
fn redwood_bed(n: usize) -> Position {
    let k = (n - 1) / 3;
    let mut items = Vec::new();
    for i in 0..k {
        items.push(format!("g-f{i} L, f{i}-t{i} R, t{i}-t{} R", (i + 1) % k));
    }
    for i in 0..n - 3 * k {
        items.push(format!("t{i}-t{} R", (i + k / 2) % k));
    }
    Position::parse(&items.join(", ")).expect("a bed is a position")
}

/// Redwood beds of 20 to 40 edges: the solver (number search) against the alternative it
/// replaced, the number game tree with fast paths, each cold and under the default budgets. The
/// solver's time is printed as wall and CPU time (the process's: the solver runs on a thread of
/// its own), with the growth from the bed five edges smaller and the load average.
fn redwood_beds() {
    let mut previous: Option<Duration> = None;
    for n in [20, 25, 30, 35, 40] {
        let bed = redwood_bed(n);
        // `BEDS=N` gives the search N times the default time limit, and the budgets of
        // positions and work that go with it (up to ten times the defaults).
        let scale = std::env::var("BEDS")
            .ok()
            .and_then(|s| s.parse::<u32>().ok())
            .unwrap_or(1);
        let mut ev = Evaluator::new(&Settings {
            time_limit: Some(DEFAULT_TIME_LIMIT * scale),
            ..Settings::default()
        });
        let (start, cpu) = (Instant::now(), process_cpu());
        let Evaluator { games, rulesets } = &mut ev;
        let searched = rulesets.hackenbush().evaluate(&bed, Rules::Normal, games);
        let search_time = start.elapsed();
        let search_cpu = format!("{:.2?}", process_cpu().saturating_sub(cpu));
        let growth = previous
            .map(|p| format!("×{:.1}", search_time.as_secs_f64() / p.as_secs_f64()))
            .unwrap_or_else(|| "—".to_string());
        previous = Some(search_time);
        let searched = match searched {
            Ok(e) => format!("{} by {:?}", games.display(e.value), e.methods),
            Err(err) => err.to_string(),
        };
        let (tree_time, tree) = number_game_tree(&bed);
        let load = load_average();
        eprintln!(
            "redwood bed {n}: solver {search_time:.3?} wall ({growth} on the bed 5 edges \
             smaller), {search_cpu} CPU, load {load} ({searched}); game tree with fast paths \
             {tree_time:.3?} ({tree})"
        );
    }
}

/// The alternative the number search replaced: the number game tree with fast paths, cold,
/// under the default budgets; its wall time and its answer (or the budget it ran out of).
fn number_game_tree(bed: &Position) -> (Duration, String) {
    let limits = Limits::default();
    let mut budget =
        Budget::new("positions in the game tree", limits.positions).with_work(limits.work);
    let start = Instant::now();
    let tree = NumberTree::new(true).value(&mut Canon::new(), bed, Rules::Normal, &mut budget);
    let answer = match tree {
        Ok(Some(v)) => v.to_string(),
        Ok(None) => "not a number".to_string(),
        Err(err) => err.to_string(),
    };
    (start.elapsed(), answer)
}

/// Winning Ways' "moderately hard" bed (chapter 7; 30 edges, published value 1/128): the
/// solver's value, cold, then every option's with the same solver (what `hackenbook eval`
/// prints), in CPU time; against the number game tree with fast paths under the default
/// budgets, the alternative the number search replaced.
fn moderately_hard_bed() {
    let bed = Position::parse(
        "g-fa L, fa-A R, A-a1 R, a1-B R, A-a2 R, a2-D R, A-a3 R, a3-F R, g-fb L, fb-B R, \
         B-x R, x-D R, x-E R, g-fc L, fc-C R, C-c1 R, c1-F R, C-c2 R, c2-G R, g-fd L, fd-D R, \
         g-fe L, fe-E R, E-y R, y-F R, y-G R, g-ff L, ff-F R, g-fg L, fg-G R",
    )
    .expect("the bed is a position");
    let mut ev = Evaluator::new(&Settings::default());
    let Evaluator { games, rulesets } = &mut ev;
    let solver = rulesets.hackenbush();
    let cpu = process_cpu();
    let value = match solver.evaluate(&bed, Rules::Normal, games) {
        Ok(e) => games.display(e.value),
        Err(err) => err.to_string(),
    };
    let value_cpu = process_cpu().saturating_sub(cpu);
    let mut options = Vec::new();
    for player in [
        hackenbook_games::Player::Left,
        hackenbook_games::Player::Right,
    ] {
        options.extend(hackenbook_rulesets::hackenbush::options(
            &bed,
            Rules::Normal,
            player,
        ));
    }
    let cpu = process_cpu();
    let valued = options
        .iter()
        .filter(|q| solver.evaluate(q, Rules::Normal, games).is_ok())
        .count();
    let options_cpu = process_cpu().saturating_sub(cpu);
    let (tree_time, tree) = number_game_tree(&bed);
    eprintln!(
        "moderately hard bed (30 edges): solver {value} in {value_cpu:.2?} CPU; its {} options \
         ({valued} valued) in {options_cpu:.2?} CPU more; load {}; game tree with fast paths \
         {tree_time:.3?} ({tree})",
        options.len(),
        load_average()
    );
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

fn main() {
    if std::env::var_os("BEDS").is_some() {
        moderately_hard_bed();
        redwood_beds();
        return;
    }
    if std::env::var_os("PROBE").is_some() {
        let all = [Colour::Blue, Colour::Red, Colour::Green];
        for n in [20, 100, 150, 1000] {
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
    let green1000 = green_lattice();
    let tree1000 = green_tree(1000);
    let bed8 = bed(8);
    assert_eq!(green1000.edge_count(), 1000);
    assert_eq!(green1000.components().len(), 1);

    report("stalk200", &stalk200);
    report("green lattice 1000", &green1000);
    report("green tree 1000", &tree1000);
    report("bed8", &bed8);
    report("bed10 (beyond the budget)", &bed(10));
    plain_against_fast("bed8", &bed8);

    let plan = Plan::default();
    time("stalk200/sign expansion alone", plan, || {
        black_box(stalk_value(&colours))
    });
    time("stalk200/tree rule alone", plan, || {
        black_box(stalk200.forest_number())
    });
    time(
        "stalk200/evaluate (fast paths + game-tree cross-check)",
        plan,
        || black_box(Solver::new().evaluate(&stalk200, Rules::Normal, &mut Games::new())),
    );
    time("green lattice 1000/evaluate (fusion)", plan, || {
        black_box(Solver::new().evaluate(&green1000, Rules::Normal, &mut Games::new()))
    });
    time("green tree 1000/evaluate (colon + fusion)", plan, || {
        black_box(Solver::new().evaluate(&tree1000, Rules::Normal, &mut Games::new()))
    });
    let slow = Plan {
        samples: 10,
        time: Duration::from_secs(20),
        ..Plan::default()
    };
    time(
        "beds/bed8/evaluate (game tree with fast paths, cold memo)",
        slow,
        || black_box(Solver::new().evaluate(&bed8, Rules::Normal, &mut Games::new())),
    );
}

/// The CPU time on this thread of `work` (the solver runs on the caller's thread), its result
/// dropped outside the timing.
fn time<O>(name: &str, plan: Plan, mut work: impl FnMut() -> O) {
    println!("{name}: {}", measure(plan, || (), |()| work()));
}

/// The bed once more by the plain game tree (no theorem anywhere), which must agree.
fn plain_against_fast(name: &str, p: &Position) {
    let mut games = Games::new();
    let mut solver = Solver::new();
    let start = Instant::now();
    let fast = solver.game_tree(p, Rules::Normal, &mut games, true);
    let fast_time = start.elapsed();
    let start = Instant::now();
    let plain = solver.game_tree(p, Rules::Normal, &mut games, false);
    let plain_time = start.elapsed();
    let stats = solver.stats();
    eprintln!(
        "{name}: game tree with fast paths {fast_time:.3?} ({} entries), plain game tree \
         {plain_time:.3?} ({} entries), agree: {}",
        stats.with_fast_paths.entries,
        stats.plain.entries,
        matches!((&fast, &plain), (Ok(a), Ok(b)) if a == b)
    );
}
