//! The clock of long computations: a wall-time limit and a cancellation flag.
//!
//! The one idea: a computation that may run long reads one clock every thousand steps or so,
//! and stops as soon as its time is up or someone (the server, on a change to the source) has
//! raised its flag. The games engine's operations return plain ids, so there it stops by
//! unwinding to the [`Games::bounded`] call that started the clock; every interned form and
//! every cached result is complete before it is stored, so the table stays sound and usable.
//!
//! The same reading bounds memory: a bounded run may grow the table (its forms and the caches
//! of its operations, plus what a fold charges for its own working memory, [`Games::charge`])
//! by at most [`MEMORY_BUDGET`] bytes, and stops with [`Stop::Memory`] past that, long before
//! the machine runs out.

use super::table::Games;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A time limit and a cancellation flag, before the run they bound has started.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    /// Wall time one run may take (`None`: no limit).
    pub limit: Option<Duration>,
    /// Raised (by another thread) to stop the run under way.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Its time limit passed.
    Time(Duration),
    /// Its cancellation flag was raised.
    Cancelled,
    /// The games table holds as many games, or option lists, as its 32-bit ids can name.
    Full(&'static str),
    /// It built more than its memory budget, in bytes ([`MEMORY_BUDGET`]).
    Memory(u64),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Time(limit) => write!(
                f,
                "beyond the time limit of {} s (`--time-limit`, or `time_limit` in the block)",
                limit.as_secs().max(1)
            ),
            Stop::Cancelled => f.write_str("cancelled (the source changed)"),
            Stop::Full(what) => write!(
                f,
                "beyond the games table's capacity: more than {} {what}",
                u32::MAX
            ),
            Stop::Memory(budget) => write!(
                f,
                "beyond the memory budget of {} MiB (the games one evaluation may build)",
                budget >> 20
            ),
        }
    }
}

/// A started clock: the instant its run must end by.
#[derive(Clone, Debug, Default)]
pub struct Running {
    deadline: Option<(Instant, Duration)>,
    cancel: Option<Arc<AtomicBool>>,
}

/// The longest time limit a run may be given, in seconds: a week. `--time-limit 0` (no limit)
/// is the way to ask for more.
pub const MAX_SECONDS: u64 = 604_800;

/// What a bad `time_limit` in an essay block is told.
pub const TIME_LIMIT_HELP: &str = "`time_limit` is a whole number of seconds from 1 to 604800 \
     (a week), e.g. time_limit = 30";

impl Clock {
    /// The limit an essay block's `time_limit = N` sets: `N` whole seconds, `1 <= N <=`
    /// [`MAX_SECONDS`].
    pub fn seconds(n: i64) -> Option<Duration> {
        u64::try_from(n)
            .ok()
            .filter(|n| (1..=MAX_SECONDS).contains(n))
            .map(Duration::from_secs)
    }

    /// A clock with a time limit only.
    pub fn limit(limit: Option<Duration>) -> Clock {
        Clock {
            limit,
            cancel: None,
        }
    }

    /// This clock with `limit` instead of its own, when one is given.
    pub fn with_limit(&self, limit: Option<Duration>) -> Clock {
        Clock {
            limit: limit.or(self.limit),
            cancel: self.cancel.clone(),
        }
    }

    /// Starts the clock now. A limit too long for the clock to hold (`--time-limit` of
    /// 18446744073709551615 seconds) is no limit.
    pub fn start(&self) -> Running {
        let now = Instant::now();
        Running {
            deadline: self
                .limit
                .and_then(|t| now.checked_add(t).map(|at| (at, t))),
            cancel: self.cancel.clone(),
        }
    }
}

impl Running {
    /// Whether the run must stop now, and why.
    pub fn read(&self) -> Result<(), Stop> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Err(Stop::Cancelled);
        }
        match self.deadline {
            Some((at, limit)) if Instant::now() > at => Err(Stop::Time(limit)),
            _ => Ok(()),
        }
    }
}

impl Running {
    /// For code inside a [`Games::bounded`] run that holds no table (a census's progress
    /// report, on any thread): reads the clock and, when the run must stop, unwinds to it.
    pub fn stop_if_due(&self) {
        if let Err(stop) = self.read() {
            resume_unwind(Box::new(stop));
        }
    }
}

/// How often, in steps, the games engine reads its clock.
const READ_EVERY: u32 = 1 << 10;

/// How many bytes one bounded run may add to the games table (its forms, the caches of its
/// operations, and what its folds charge): 1 GiB. The essays' evaluations use a few MiB;
/// `incentives(^ : 2000)` would need some 2.5 GB.
pub const MEMORY_BUDGET: u64 = 1 << 30;

/// The games engine's clock while a bounded run is under way.
#[derive(Clone, Debug)]
pub(crate) struct EngineClock {
    /// The clock every [`Games::timed`] run starts ([`Games::set_clock`]).
    setting: Clock,
    running: Option<Running>,
    ticks: u32,
    /// The table's footprint when the run started ([`Games::footprint`]).
    baseline: u64,
    /// Bytes the run's folds hold outside the table ([`Games::charge`]).
    charged: u64,
    /// The run's memory budget ([`MEMORY_BUDGET`]; smaller in tests).
    budget: u64,
}

impl Default for EngineClock {
    fn default() -> EngineClock {
        EngineClock {
            setting: Clock::default(),
            running: None,
            ticks: 0,
            baseline: 0,
            charged: 0,
            budget: MEMORY_BUDGET,
        }
    }
}

impl Games {
    /// Runs `f` on this table under `clock`: the engine's sums, comparisons and canonical forms
    /// stop once the clock's time is up or its flag is raised, and `f`'s result is then that
    /// [`Stop`]. A run inside a run keeps the outer clock.
    pub fn bounded<T>(
        &mut self,
        clock: &Clock,
        f: impl FnOnce(&mut Games) -> T,
    ) -> Result<T, Stop> {
        if self.clock.running.is_some() {
            return Ok(f(self));
        }
        let running = clock.start();
        // A run cancelled before it starts does not start.
        running.read()?;
        self.clock.running = Some(running);
        self.clock.ticks = 0;
        self.clock.baseline = self.footprint();
        self.clock.charged = 0;
        let result = catch_unwind(AssertUnwindSafe(|| f(self)));
        self.clock.running = None;
        match result {
            Ok(value) => Ok(value),
            Err(payload) => match payload.downcast::<Stop>() {
                Ok(stop) => {
                    if let Stop::Memory(_) = *stop {
                        // What the run cached is dropped, so the memory it took comes back.
                        self.shed_caches();
                    }
                    Err(*stop)
                }
                Err(other) => resume_unwind(other),
            },
        }
    }

    /// Counts `bytes` of working memory a fold of a bounded run holds outside the table (its
    /// memo of thermographs, say) against the run's memory budget.
    pub(crate) fn charge(&mut self, bytes: usize) {
        if self.clock.running.is_some() {
            self.clock.charged = self.clock.charged.saturating_add(bytes as u64);
            self.check_memory();
        }
    }

    /// What the run's folds have charged so far ([`Games::charge`]).
    pub(crate) fn charged(&self) -> u64 {
        self.clock.charged
    }

    /// Back to what was charged at `mark` ([`Games::charged`]): a fold's memo has been dropped.
    pub(crate) fn release_to(&mut self, mark: u64) {
        self.clock.charged = self.clock.charged.min(mark);
    }

    /// Sets the memory budget of later bounded runs (tests use a small one).
    #[cfg(test)]
    pub(crate) fn set_memory_budget(&mut self, bytes: u64) {
        self.clock.budget = bytes;
    }

    /// Stops the run under way, unwinding to its [`Games::bounded`], once it has built more
    /// than its memory budget.
    fn check_memory(&self) {
        let grown = self.footprint().saturating_sub(self.clock.baseline);
        if grown.saturating_add(self.clock.charged) > self.clock.budget {
            resume_unwind(Box::new(Stop::Memory(self.clock.budget)));
        }
    }

    /// The clock of every later [`Games::timed`] run (the build's time limit and its
    /// cancellation flag).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock.setting = clock;
    }

    /// The clock [`Games::set_clock`] set.
    pub fn clock(&self) -> &Clock {
        &self.clock.setting
    }

    /// The clock of the bounded run under way (a clock that never stops outside one).
    pub fn running(&self) -> Running {
        self.clock.running.clone().unwrap_or_default()
    }

    /// [`Games::bounded`] by the table's own clock: the game expressions of essays and of
    /// `eval` are valued so.
    pub fn timed<T>(&mut self, f: impl FnOnce(&mut Games) -> T) -> Result<T, Stop> {
        let clock = self.clock.setting.clone();
        self.bounded(&clock, f)
    }

    /// One step of a bounded run: every [`READ_EVERY`] steps the clock is read, and a run
    /// whose time is up unwinds to its [`Games::bounded`] (without the panic hook: this is no
    /// bug, and nothing is printed).
    #[inline]
    pub(crate) fn tick(&mut self) {
        if self.clock.running.is_none() {
            return;
        }
        self.clock.ticks += 1;
        if self.clock.ticks < READ_EVERY {
            return;
        }
        self.clock.ticks = 0;
        if let Some(running) = &self.clock.running {
            running.stop_if_due();
        }
        self.check_memory();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `^:n` for a large `n` is slow to add to itself: a few hundred comparisons per layer.
    fn long_sum(games: &mut Games) -> super::super::GameId {
        games.eval_str("^:300 + ^:300").unwrap()
    }

    #[test]
    fn a_raised_flag_stops_a_long_sum_and_leaves_the_table_sound() {
        let mut games = Games::new();
        let flag = Arc::new(AtomicBool::new(true));
        let clock = Clock {
            limit: None,
            cancel: Some(flag.clone()),
        };
        assert_eq!(games.bounded(&clock, long_sum), Err(Stop::Cancelled));
        // The table still computes right after the stop.
        flag.store(false, Ordering::Relaxed);
        let up = games.up();
        let sum = games.bounded(&clock, |g| g.add(up, up)).unwrap();
        assert_eq!(games.display(sum), "^^");
        let half = games.eval_str("{0|1}").unwrap();
        assert_eq!(games.display(half), "1/2");
    }

    #[test]
    fn a_zero_limit_stops_with_the_time_error() {
        let mut games = Games::new();
        let clock = Clock::limit(Some(Duration::ZERO));
        assert_eq!(
            games.bounded(&clock, long_sum),
            Err(Stop::Time(Duration::ZERO))
        );
    }

    #[test]
    fn a_limit_too_long_to_hold_is_no_limit() {
        let mut games = Games::new();
        let clock = Clock::limit(Some(Duration::from_secs(u64::MAX)));
        assert_eq!(clock.start().read(), Ok(()));
        let up = games.up();
        let sum = games.bounded(&clock, |g| g.add(up, up)).unwrap();
        assert_eq!(games.display(sum), "^^");
    }

    #[test]
    fn a_run_past_its_memory_budget_stops_and_gives_the_caches_back() {
        let mut games = Games::new();
        games.set_memory_budget(4 << 20);
        let before = games.footprint();
        assert_eq!(
            games.bounded(&Clock::default(), long_sum),
            Err(Stop::Memory(4 << 20))
        );
        // The operations' caches are dropped: what is left is the forms interned.
        assert!(games.leq_cache.is_empty() && games.add_cache.is_empty());
        assert!(games.footprint() < before + (4 << 20));
        // The table is sound: with room enough, the same sum is valued, and is right.
        games.set_memory_budget(MEMORY_BUDGET);
        let sum = games.bounded(&Clock::default(), long_sum).unwrap();
        let mut fresh = Games::new();
        let expected = long_sum(&mut fresh);
        assert_eq!(games.display(sum), fresh.display(expected));
    }

    #[test]
    fn folds_over_a_large_game_read_the_clock() {
        let mut games = Games::new();
        // Interned first, so the fold below is the only work left.
        let tall = games.eval_str("^ : 3000").unwrap();
        let clock = Clock::limit(Some(Duration::ZERO));
        assert_eq!(
            games.bounded(&clock, |g| g.thermograph(tall)),
            Err(Stop::Time(Duration::ZERO))
        );
        assert_eq!(
            games.bounded(&clock, |g| g.stops(tall)),
            Err(Stop::Time(Duration::ZERO))
        );
    }

    #[test]
    fn a_thermograph_counts_its_walls_against_the_budget() {
        let mut games = Games::new();
        // A sum of switches has walls of many pieces at every subgame.
        let hot = games
            .eval_str("{8|-8} + {7|-7} + {6|-6} + {5|-5} + {4|-4} + {3|-3} + {2|-2} + {1|-1}")
            .unwrap();
        games.set_memory_budget(1 << 10);
        assert_eq!(
            games.bounded(&Clock::default(), |g| g.thermograph(hot)),
            Err(Stop::Memory(1 << 10))
        );
    }

    #[test]
    fn a_fold_s_memory_counts_only_while_it_is_held() {
        let mut games = Games::new();
        let hot = games.eval_str("{3|-3} + {2|-2} + {1|-1}").unwrap();
        games.set_memory_budget(64 << 10);
        // A hundred thermographs in one run: each fits, and each memo is dropped before the
        // next, so together they do not pass the budget.
        let run = games.bounded(&Clock::default(), |g| {
            (0..100).map(|_| g.thermograph(hot).temperature).last()
        });
        assert_eq!(run.unwrap().unwrap(), super::super::Dyadic::integer(3));
    }

    #[test]
    fn other_panics_pass_through() {
        let mut games = Games::new();
        let caught = catch_unwind(AssertUnwindSafe(|| {
            games.bounded(&Clock::default(), |_| resume_unwind(Box::new("not a stop")))
        }));
        assert!(caught.is_err());
    }
}
