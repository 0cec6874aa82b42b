//! The clock of long computations: a wall-time limit and a cancellation flag.
//!
//! The one idea: a computation that may run long reads one clock every thousand steps or so,
//! and stops as soon as its time is up or someone (the server, on a change to the source) has
//! raised its flag. The games engine's operations return plain ids, so there it stops by
//! unwinding to the [`crate::Games::bounded`] call that started the clock (`bounded.rs`); every
//! interned form and every cached result is complete before it is stored, so the table stays
//! sound and usable.
//!
//! The same reading bounds memory: a bounded run may grow the table (its forms and the caches
//! of its operations, plus what a fold charges for its own working memory,
//! [`crate::Games::charge`]) by at most [`MEMORY_BUDGET`] bytes, and stops with
//! [`Stop::Memory`] past that, long before the machine runs out.

use std::panic::resume_unwind;
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
    /// For code inside a [`crate::Games::bounded`] run that holds no table (a census's progress
    /// report, on any thread): reads the clock and, when the run must stop, unwinds to it.
    pub fn stop_if_due(&self) {
        if let Err(stop) = self.read() {
            resume_unwind(Box::new(stop));
        }
    }
}

/// How often, in steps, the games engine reads its clock.
pub(crate) const READ_EVERY: u32 = 1 << 10;

/// How many bytes one bounded run may add to the games table (its forms, the caches of its
/// operations, and what its folds charge): 1 GiB. The essays' evaluations use a few MiB;
/// `incentives(^ : 2000)` would need some 2.5 GB.
pub const MEMORY_BUDGET: u64 = 1 << 30;

/// The games engine's clock while a bounded run is under way.
#[derive(Clone, Debug)]
pub(crate) struct EngineClock {
    /// The clock every [`crate::Games::timed`] run starts ([`crate::Games::set_clock`]).
    pub(crate) setting: Clock,
    pub(crate) running: Option<Running>,
    pub(crate) ticks: u32,
    /// The table's footprint when the run started ([`crate::Games::footprint`]).
    pub(crate) baseline: u64,
    /// Bytes the run's folds hold outside the table ([`crate::Games::charge`]).
    pub(crate) charged: u64,
    /// The run's memory budget ([`MEMORY_BUDGET`]; smaller in tests).
    pub(crate) budget: u64,
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
