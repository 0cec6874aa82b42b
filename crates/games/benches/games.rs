//! The game engine against the `cgt` crate, on identical inputs.
//!
//! Every workload starts both engines from the same explicit forms. Our engine gets a fresh
//! table per iteration (inputs interned, operation caches empty), so caching helps only within
//! a workload, as it would in one essay build (its copy is made, and freed, outside the
//! timing). Run with `cargo bench -p hackenbook-games --bench games` (`-- random_sums` only
//! the workloads whose names hold those words).
//!
//! Figures (mean CPU time of the benchmark's thread per workload, so the load of the 2 shared
//! cores does not enter them, though the cache misses it causes do; load average 5-7, other
//! sessions building; ranges over two runs, alternated with the engine before this one, whose
//! ratios in the same window are in the last column):
//!
//! | workload                                   | hackenbook     | cgt 0.11       | ratio       | before      |
//! |--------------------------------------------|---------------:|---------------:|------------:|------------:|
//! | day2_pairwise_sums (484 sums)              |   35-38 us     |  471-495 us    | 13.0-13.4x  | 12.4-13.2x  |
//! | random_sums/2 (40 sums)                    |   57-62 us     |  512-523 us    | 8.4-9.1x    | 8.4-8.5x    |
//! | random_sums/3                              |   30-32 us     |   82-84 us     | 2.7-2.7x    | 2.7-2.8x    |
//! | random_sums/4                              |   36-37 us     |  143-145 us    | 4.0-4.0x    | 4.0-4.0x    |
//! | canonical_forms/2 (100 forms from scratch) |   32-33 us     |  102-102 us    | 3.14-3.15x  | 2.39-2.55x  |
//! | canonical_forms/3                          |   47-47 us     |  160-161 us    | 3.37-3.45x  | 2.61-2.80x  |
//! | canonical_forms/4                          |   93-96 us     |  362-365 us    | 3.80-3.89x  | 3.07-3.31x  |
//! | comparisons (3600 pairs)                   |   19-20 us     |   70-72 us     | 3.48-3.80x  | 3.39-3.63x  |
//! | day3_forms (3000 antichain pairs)          |  0.86-0.87 ms  | 2.79-3.02 ms   | 3.23-3.46x  | 2.99-3.27x  |
//!
//! The engine before (session 10's start) differs in how it interns number-up-star values: a
//! value's place in the index (its tiny slot, its one-word key, or the general index) is
//! worked out once for the look-up and the insertion; a value's options are made from their
//! parts, each made only when new; the look-ups and option spans are inlined where they are
//! asked, the insertions out of line; an entry is written in place rather than built aside and
//! copied (a profile showed the copy stalling); and the index of tiny values starts zeroed.
//! Our own time at depths 2, 3 and 4 went from 39.6-40.5, 57.0-60.1 and 112-113 us to the
//! figures above, 14-22% less; the aim of 3x is met at every depth in this window. cgt's
//! times here are 11-23% above those of a quiet machine (92, 142 and 295 us at 09:33 the same
//! day), ours likely too. A second window (load average 4, canonical forms only, two runs
//! each alternated with the engine before, after the last change, which made the three ways
//! of interning a value share the path for a miss): 32-34, 47-51 and 88-90 us against 39-39,
//! 54-56 and 103-111 us before, 2.94-3.04x, 2.98-3.14x and 3.74-3.85x against 2.46-2.64x,
//! 2.73-2.74x and 3.28-3.32x: at depths 2 and 3 the aim is met only at the edge of the
//! noise, which the integrator's quiet machine is to settle. Instruction counts, which the
//! load does not move (`valgrind --tool=callgrind` on a small program, not kept, building the
//! 100 forms of depth 2 from scratch 20 times, per build): 567,272 before, 499,690 after
//! (depth 3: 797,508 and 707,337). Random sums of depth 3, alternated three more times by
//! themselves: 27.7-29.5 us against 28.9-30.3 us before, the same within the noise. The
//! comparisons read a fresh copy of a table each time, and what they
//! cache grows the copy's comparison cache, which was made exactly full: so comparisons of
//! games whose trees are small ([`hackenbook_games::Games::tree_size`]s multiplying to at most
//! 256) are recomputed rather than cached.
//!
//! Where the time goes (perf, canonical forms at depth 2, this engine, self time as a share of
//! ours): the construction's own loop 14% and its copies of the lists into its buffers 2%,
//! walking the forms (their leaves looked up there) 9%, reversible options 8% and the tests
//! behind them 6%, recognising number-up-star forms 8%, domination 6%, interning games of
//! options 8% (a third of it the hash map's insertion), interning new number-up-star values
//! and making their options ~12%. The
//! allocations, iterator folds and collects near the top of a whole profile are cgt's (its
//! forms built from ours, and its own construction), but one: the reversible option's
//! replacements copied into a new list (about 1.5% of ours, with its free). Sums are mostly
//! cache hits after the first level. Tried and measured no faster: option lists put in the
//! arena one id at a time rather than copied, and no sort of a list of one (the same
//! instruction count); making the options of a number-up-star
//! value one side at a time, as they are asked for (5% slower at depth 2), and stops held
//! in one word (multiples of `2^-30`: an entry of 48 bytes instead of 64, 1-2% faster at
//! depths 3 and 4, within the noise at depth 2, at the cost of the fast path for numbers
//! of exponent above 30).

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
