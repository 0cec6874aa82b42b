//! The clock of long computations: a wall-time limit and a cancellation flag.
//!
//! The one idea: a computation that may run long reads one clock every thousand steps or so,
//! and stops as soon as its time is up or someone (the server, on a change to the source) has
//! raised its flag. The games engine's operations return plain ids, so there it stops by
//! unwinding to the [`Games::bounded`] call that started the clock; every interned form and
//! every cached result is complete before it is stored, so the table stays sound and usable.

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
        }
    }
}

/// A started clock: the instant its run must end by.
#[derive(Clone, Debug, Default)]
pub struct Running {
    deadline: Option<(Instant, Duration)>,
    cancel: Option<Arc<AtomicBool>>,
}

/// What a bad `time_limit` in an essay block is told.
pub const TIME_LIMIT_HELP: &str =
    "`time_limit` is a number of seconds, a whole number of at least 1 (e.g. time_limit = 30)";

impl Clock {
    /// The limit an essay block's `time_limit = N` sets: `N` whole seconds, `N >= 1`.
    pub fn seconds(n: i64) -> Option<Duration> {
        (n > 0).then(|| Duration::from_secs(n as u64))
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

/// The games engine's clock while a bounded run is under way.
#[derive(Clone, Debug, Default)]
pub(crate) struct EngineClock {
    /// The clock every [`Games::timed`] run starts ([`Games::set_clock`]).
    setting: Clock,
    running: Option<Running>,
    ticks: u32,
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
        let result = catch_unwind(AssertUnwindSafe(|| f(self)));
        self.clock.running = None;
        match result {
            Ok(value) => Ok(value),
            Err(payload) => match payload.downcast::<Stop>() {
                Ok(stop) => Err(*stop),
                Err(other) => resume_unwind(other),
            },
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
    fn other_panics_pass_through() {
        let mut games = Games::new();
        let caught = catch_unwind(AssertUnwindSafe(|| {
            games.bounded(&Clock::default(), |_| resume_unwind(Box::new("not a stop")))
        }));
        assert!(caught.is_err());
    }
}
