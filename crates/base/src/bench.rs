//! The clocks and the one measuring loop of the benchmarks (`cargo bench`).
//!
//! The one idea: on a machine shared with other work, what a workload costs is the CPU time it
//! ran, not how long it waited for a core; so every benchmark reads the same two clocks (the
//! calling thread's and the process's, `clock_gettime`), and a workload measured repeatedly is
//! measured by [`measure`]: warmed up, then timed over a fixed number of samples, each the mean
//! of as many runs as fill the sample's share of the time, with its inputs made outside the
//! timing, a few at a time — the mean and the range of the samples printed beside the named
//! alternative's.

use std::time::{Duration, Instant};

/// CPU time the calling thread has run.
pub fn thread_cpu() -> Duration {
    clock(rustix::time::ClockId::ThreadCPUTime)
}

/// CPU time this process has run, every thread of it (user and system).
pub fn process_cpu() -> Duration {
    clock(rustix::time::ClockId::ProcessCPUTime)
}

fn clock(id: rustix::time::ClockId) -> Duration {
    let t = rustix::time::clock_gettime(id);
    // The kernel's CPU clocks are never negative.
    Duration::new(
        u64::try_from(t.tv_sec).unwrap_or(0),
        u32::try_from(t.tv_nsec).unwrap_or(0),
    )
}

/// Linux's load averages over 1, 5 and 15 minutes, as it prints them (`unknown` elsewhere): the
/// other work on the machine, printed beside wall times.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// How long [`measure`] measures.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Samples taken (each the mean of its runs).
    pub samples: usize,
    /// CPU time spent running the workload before any sample, and to size the samples.
    pub warm_up: Duration,
    /// CPU time the samples take in all, about.
    pub time: Duration,
}

impl Default for Plan {
    fn default() -> Plan {
        Plan {
            samples: 20,
            warm_up: Duration::from_millis(500),
            time: Duration::from_secs(3),
        }
    }
}

/// A workload's cost: the CPU time of one run, over the samples.
#[derive(Clone, Copy, Debug)]
pub struct Cost {
    pub mean: Duration,
    pub min: Duration,
    pub max: Duration,
    /// Runs in each sample.
    pub runs: u32,
    /// Wall time of one run, the mean over the samples.
    pub wall: Duration,
}

impl std::fmt::Display for Cost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.3?} CPU a run ({:.3?} to {:.3?} over the samples of {} run{}; wall {:.3?})",
            self.mean,
            self.min,
            self.max,
            self.runs,
            if self.runs == 1 { "" } else { "s" },
            self.wall
        )
    }
}

/// Runs timed between two readings of the clocks, at most.
const BATCH: u32 = 10;

/// The CPU time (of this thread) of `work` on inputs made by `setup`, which is not timed, and
/// whose outputs are dropped after the timing, as its inputs are made before it.
pub fn measure<I, O>(
    plan: Plan,
    mut setup: impl FnMut() -> I,
    mut work: impl FnMut(I) -> O,
) -> Cost {
    // Warm-up: run until its time is spent (once at least), which also sizes the samples.
    let (mut runs, mut spent) = (0u32, Duration::ZERO);
    while runs == 0 || spent < plan.warm_up {
        let input = setup();
        let start = thread_cpu();
        let out = work(input);
        spent += thread_cpu().saturating_sub(start);
        drop(out);
        runs = runs.saturating_add(1);
    }
    let each = spent / runs;
    // At most a million samples of a million runs: counts a `u32` divides by.
    let samples = u32::try_from(plan.samples.clamp(1, 1_000_000)).unwrap_or(1);
    let share = plan.time / samples;
    let per_sample: u32 = if each.is_zero() {
        1000
    } else {
        u32::try_from((share.as_nanos() / each.as_nanos()).clamp(1, 1_000_000)).unwrap_or(1)
    };
    let (mut total, mut min, mut max, mut wall) = (
        Duration::ZERO,
        Duration::MAX,
        Duration::ZERO,
        Duration::ZERO,
    );
    for _ in 0..samples {
        // The inputs made, and the outputs dropped, ten at a time: a sample of thousands of
        // runs never holds thousands of inputs at once, which would time the memory's caches.
        let (mut took, mut took_wall, mut left) = (Duration::ZERO, Duration::ZERO, per_sample);
        while left > 0 {
            let batch = left.min(BATCH);
            left -= batch;
            let inputs: Vec<I> = (0..batch).map(|_| setup()).collect();
            let mut outputs = Vec::with_capacity(inputs.len());
            let (start, cpu) = (Instant::now(), thread_cpu());
            for input in inputs {
                outputs.push(work(input));
            }
            took += thread_cpu().saturating_sub(cpu);
            took_wall += start.elapsed();
            drop(outputs);
        }
        let one = took / per_sample;
        total += one;
        min = min.min(one);
        max = max.max(one);
        wall += took_wall / per_sample;
    }
    Cost {
        mean: total / samples,
        min,
        max,
        runs: per_sample,
        wall: wall / samples,
    }
}

/// Whether the benchmark named `name` is to run: the command line's words that are not flags
/// (`cargo bench` adds `--bench`) each a part of the names to run, or none (all of them).
pub fn selected(name: &str) -> bool {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    words.is_empty() || words.iter().any(|w| name.contains(w.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clocks_advance_with_work_and_measure_counts_every_run() {
        let before = (thread_cpu(), process_cpu());
        let mut x = 0u64;
        let plan = Plan {
            samples: 3,
            warm_up: Duration::from_millis(20),
            time: Duration::from_millis(30),
        };
        let (mut made, mut ran) = (0u64, 0u64);
        let cost = measure(
            plan,
            || {
                made += 1;
                made
            },
            |i| {
                ran += 1;
                for k in 0..10_000u64 {
                    x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(k ^ i));
                }
            },
        );
        assert!(thread_cpu() > before.0 && process_cpu() > before.1);
        // Every input made was run, and the samples ran as many as they say.
        assert_eq!(made, ran);
        assert!(ran > 3 * u64::from(cost.runs), "{ran} runs, {cost}");
        assert!(cost.min <= cost.mean && cost.mean <= cost.max, "{cost}");
    }
}
