//! Bounded runs of the games engine: the table under a [`Clock`] and a memory budget.
//!
//! The one idea: the engine's operations return plain ids, so a run stops by unwinding to the
//! [`Games::bounded`] call that started its clock ([`crate::clock`]); every interned form and
//! every cached result is complete before it is stored, so the table stays sound and usable.

use super::clock::{Clock, Running, Stop, READ_EVERY};
use super::table::Games;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

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
    use crate::clock::MEMORY_BUDGET;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

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
