//! The game engine against the `cgt` crate, on identical inputs.
//!
//! Every workload starts both engines from the same explicit forms. Our engine gets a fresh
//! table per iteration (inputs interned, operation caches empty), so caching helps only within
//! a workload, as it would in one essay build (its copy is made, and freed, outside the
//! timing). Run with `cargo bench -p hackenbook-games --bench games` (`-- random_sums` only
//! the workloads whose names hold those words).
//!
//! Figures (mean CPU time of the benchmark's thread per workload, so the load of the 2 shared
//! cores does not enter them, though the cache misses it causes do; a quiet machine, load
//! average 1.0-1.2; ranges over two full runs, alternated with the engine before this one,
//! whose ratios in the same window are in the last column):
//!
//! | workload                                   | hackenbook     | cgt 0.11       | ratio       | before      |
//! |--------------------------------------------|---------------:|---------------:|------------:|------------:|
//! | day2_pairwise_sums (484 sums)              |   35-36 us     |  448-454 us    | 12.3-13.1x  | 12.4-13.3x  |
//! | random_sums/2 (40 sums)                    |   51-53 us     |  462-470 us    | 8.9-9.1x    | 8.3-8.5x    |
//! | random_sums/3                              |   28-29 us     |   81-82 us     | 2.8-2.9x    | 2.6-2.9x    |
//! | random_sums/4                              |   34-34 us     |  142-143 us    | 4.2-4.3x    | 3.8-4.2x    |
//! | canonical_forms/2 (100 forms from scratch) |   25-28 us     |   94-98 us     | 3.55-3.73x  | 2.54-2.65x  |
//! | canonical_forms/3                          |   35-37 us     |  150-154 us    | 4.20-4.23x  | 2.62-2.77x  |
//! | canonical_forms/4                          |   65-69 us     |  301-314 us    | 4.55-4.65x  | 2.95-3.09x  |
//! | comparisons (3600 pairs)                   |   18-18 us     |   74-74 us     | 4.08-4.12x  | 3.11-3.53x  |
//! | day3_forms (3000 antichain pairs)          |  0.73-0.78 ms  | 2.66-2.85 ms   | 3.66-3.67x  | 3.24-3.47x  |
//!
//! The engine before builds a form by reducing its options in every case (but where all are
//! numbers); this one first reads off the options' stops, by the simplicity theorem, whether
//! the form is a number and which (`simplicity.rs`), and when it is not, its stops rule out
//! most reversible options and settle most comparisons with the form. The aim of 3x is met
//! on canonical forms at every depth: 25-28 us and 35-37 us at depths 2 and 3 (the aim: 30 and
//! 46 us), 3.6-3.7x, 4.2x and 4.6-4.7x. (Measured by the two helpers' branches apart, at load
//! 3-7: the stops alone 3.3x, 3.6-3.8x and 4.0x; the table's one key per look-up alone
//! 2.9-3.2x, 3.0-3.5x and 3.7-3.9x.) The comparisons read a fresh copy of a table each time,
//! and what they cache grows the copy's comparison cache, which was made exactly full: so
//! comparisons of games whose trees are small ([`hackenbook_games::Games::tree_size`]s
//! multiplying to at most 256) are recomputed rather than cached; for the same reason a new
//! game's number-up-star options get their own options when it is built (the reduction no
//! longer needs most of them): made during the comparisons, they grew the copy's tables
//! (comparisons 32 us instead of 22 us).
//!
//! Where the time goes (callgrind instruction counts, canonical forms at depth 2, 200 runs in
//! one process): building the forms' leaves (number-up-star values) 17%, making an empty
//! table 5%, the construction 65%: interning games with moves 10%, making the options of
//! number-up-star values 10% (most for the new games' options), domination 8%,
//! reversibility 5%, the simplicity theorem on the stops about 10%; the rest is the walk of
//! the forms. Instructions against the engine before: 87 million against 109 million at
//! depth 2, 119 million against 154 million at depth 3. Tried and measured no faster before
//! this: making the options of a number-up-star value one side at a time, as they are asked
//! for (5% slower at depth 2), and stops held in one word (multiples of `2^-30`: an entry of
//! 48 bytes instead of 64, 1-2% faster at depths 3 and 4, within the noise at depth 2, at
//! the cost of the fast path for numbers of exponent above 30); in this session, telling
//! whether every option is a number in the same pass as the stops (1% more instructions).

use cgt::numeric::dyadic_rational_number::DyadicRationalNumber;
use cgt::numeric::nimber::Nimber;
use cgt::short::partizan::canonical_form::{nus::Nus as CgtNus, CanonicalForm};
use hackenbook_base::bench::{measure, selected, Cost, Plan};
use hackenbook_games::sample::{antichains, born_by_day, random_form, Form, Rng, Shape};
use hackenbook_games::{Dyadic, GameId, Games};
use num_traits::ToPrimitive;
use std::hint::black_box;

/// Both engines' cost on one workload, printed with their ratio. Each engine runs on this one
/// thread, and its cost is that thread's CPU time ([`hackenbook_base::bench`]).
fn compare(name: &str, ours: impl FnOnce() -> Cost, theirs: impl FnOnce() -> Cost) {
    if !selected(name) {
        return;
    }
    let (ours, theirs) = (ours(), theirs());
    println!("{name}/hackenbook: {ours}");
    println!("{name}/cgt:        {theirs}");
    println!(
        "{name}: cgt / hackenbook = {:.2}x",
        theirs.mean.as_secs_f64() / ours.mean.as_secs_f64()
    );
}

/// [`compare`] where our engine runs on a fresh copy of `table` each run (the copy made, and
/// freed, outside the timing) and cgt's on its own games.
fn compare_on(
    name: &str,
    plan: Plan,
    table: &Games,
    mut ours: impl FnMut(&mut Games),
    mut theirs: impl FnMut(),
) {
    compare(
        name,
        || {
            measure(
                plan,
                || table.clone(),
                |mut games| {
                    ours(&mut games);
                    games
                },
            )
        },
        || measure(plan, || (), |()| theirs()),
    );
}

fn dyadic_to_cgt(x: &Dyadic) -> DyadicRationalNumber {
    DyadicRationalNumber::new(x.numerator().to_i64().expect("small"), x.exponent())
}

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

/// The explicit canonical form of one of our games, as an engine-neutral `Form`.
fn to_form(games: &mut Games, g: GameId) -> Form {
    if let Some(v) = games.as_nus(g) {
        if v.is_number() {
            return Form::Leaf(v.clone());
        }
    }
    let l = games.left_options(g);
    let r = games.right_options(g);
    Form::Options(
        l.into_iter().map(|o| to_form(games, o)).collect(),
        r.into_iter().map(|o| to_form(games, o)).collect(),
    )
}

fn random_forms(seed: u64, count: usize, depth: usize) -> Vec<Form> {
    let mut rng = Rng::new(seed);
    let shape = Shape {
        depth,
        max_options: 3,
        nus_leaves: true,
    };
    (0..count).map(|_| random_form(&mut rng, shape)).collect()
}

/// Our table holding `forms` (built from scratch), and the ids.
fn ours(forms: &[Form]) -> (Games, Vec<GameId>) {
    let mut games = Games::new();
    let ids = forms.iter().map(|f| f.build(&mut games)).collect();
    (games, ids)
}

fn theirs(forms: &[Form]) -> Vec<CanonicalForm> {
    forms.iter().map(build_cgt).collect()
}

fn day_two_forms() -> Vec<Form> {
    let mut games = Games::new();
    let day2 = born_by_day(&mut games, 2);
    day2.into_iter().map(|g| to_form(&mut games, g)).collect()
}

/// All 484 ordered sums of two games born by day 2.
fn bench_day_two_sums(plan: Plan) {
    let forms = day_two_forms();
    let (table, ids) = ours(&forms);
    let cgt_games = theirs(&forms);
    compare_on(
        "day2_pairwise_sums",
        plan,
        &table,
        |games| {
            for &x in &ids {
                for &y in &ids {
                    black_box(games.add(x, y));
                }
            }
        },
        || {
            for x in &cgt_games {
                for y in &cgt_games {
                    black_box(x + y);
                }
            }
        },
    );
}

/// Sums of 40 pairs of random games of growing depth.
fn bench_random_sums(plan: Plan) {
    for depth in [2usize, 3, 4] {
        let forms = random_forms(10 + depth as u64, 80, depth);
        let (table, ids) = ours(&forms);
        let cgt_games = theirs(&forms);
        compare_on(
            &format!("random_sums/{depth}"),
            plan,
            &table,
            |games| {
                for pair in ids.chunks(2) {
                    black_box(games.add(pair[0], pair[1]));
                }
            },
            || {
                for pair in cgt_games.chunks(2) {
                    black_box(&pair[0] + &pair[1]);
                }
            },
        );
    }
}

/// Canonical forms of 100 random explicit forms of growing depth, from scratch.
fn bench_canonical_forms(plan: Plan) {
    for depth in [2usize, 3, 4] {
        let forms = random_forms(20 + depth as u64, 100, depth);
        compare(
            &format!("canonical_forms/{depth}"),
            || {
                measure(
                    plan,
                    || (),
                    |()| {
                        let mut games = Games::new();
                        for f in &forms {
                            black_box(f.build(&mut games));
                        }
                    },
                )
            },
            || {
                measure(
                    plan,
                    || (),
                    |()| {
                        for f in &forms {
                            black_box(build_cgt(f));
                        }
                    },
                )
            },
        );
    }
}

/// All comparisons between 60 random games of depth 3.
fn bench_comparisons(plan: Plan) {
    let forms = random_forms(30, 60, 3);
    let (table, ids) = ours(&forms);
    let cgt_games = theirs(&forms);
    compare_on(
        "comparisons",
        plan,
        &table,
        |games| {
            for &x in &ids {
                for &y in &ids {
                    black_box(games.leq(x, y));
                }
            }
        },
        || {
            for x in &cgt_games {
                for y in &cgt_games {
                    black_box(x <= y);
                }
            }
        },
    );
}

/// Canonical forms of `{A | B}` for 3000 pairs of antichains of day-2 games (day-3 games).
fn bench_day_three_forms(plan: Plan) {
    let mut games = Games::new();
    let day2 = born_by_day(&mut games, 2);
    let chains = antichains(&mut games, &day2);
    let mut rng = Rng::new(40);
    let pairs: Vec<(Vec<usize>, Vec<usize>)> = (0..3000)
        .map(|_| {
            let a = &chains[rng.below(chains.len() as u64) as usize];
            let b = &chains[rng.below(chains.len() as u64) as usize];
            let index = |chain: &Vec<GameId>| {
                chain
                    .iter()
                    .map(|g| day2.iter().position(|x| x == g).expect("in day 2"))
                    .collect::<Vec<_>>()
            };
            (index(a), index(b))
        })
        .collect();
    let forms: Vec<Form> = day2.iter().map(|&g| to_form(&mut games, g)).collect();
    let (table, ids) = ours(&forms);
    let cgt_games = theirs(&forms);
    compare_on(
        "day3_forms",
        plan,
        &table,
        |games| {
            for (l, r) in &pairs {
                let l: Vec<GameId> = l.iter().map(|&i| ids[i]).collect();
                let r: Vec<GameId> = r.iter().map(|&i| ids[i]).collect();
                black_box(games.from_options(&l, &r));
            }
        },
        || {
            for (l, r) in &pairs {
                let l = l.iter().map(|&i| cgt_games[i].clone()).collect();
                let r = r.iter().map(|&i| cgt_games[i].clone()).collect();
                black_box(CanonicalForm::new_from_moves(l, r));
            }
        },
    );
}

fn main() {
    // 20 samples filling 3 s after a warm-up of 0.5 s, for each engine on each workload.
    let plan = Plan::default();
    bench_day_two_sums(plan);
    bench_random_sums(plan);
    bench_canonical_forms(plan);
    bench_comparisons(plan);
    bench_day_three_forms(plan);
}
