//! One evaluation context per run: the games table, the solver, and the run's clock.
//!
//! The one idea: a run (a build, a check, one command) values every position and game it meets
//! in one place, made once by the command or the driver and handed to everything that values:
//! the essays' blocks and claims, the census queries and the censuses themselves, the positions
//! written in place, the lines of play. So one memo and one slow-value cache serve the whole
//! run, and one clock bounds it: the table's clock ([`Games::set_clock`]) is the time limit
//! (`--time-limit`) and the cancellation flag (`serve`'s), which the solver, the games engine and
//! the census engines all read. A block's own `time_limit` narrows or widens it for the work of
//! that block ([`Evaluator::with_time_limit`]), in the same context.

use super::solve::{Limits, Solver};
use crate::erased::Solvers;
use crate::SolveLimits;
use hackenbook_games::{Clock, Games};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What a run is evaluated under: its time limit, its cancellation flag, its cache.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// How long one evaluation may take (`None`: no limit).
    pub time_limit: Option<Duration>,
    /// Raised (by another thread: the server, when the sources change) to stop the run.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Where the values of slow positions are kept between runs (`None`: nowhere).
    pub value_cache: Option<PathBuf>,
}

/// The games table every id of the run lives in, and the solvers whose memos the run shares:
/// Hackenbush's, and one for each other ruleset ([`crate::registry`]).
pub struct Evaluator {
    pub games: Games,
    pub solver: Solver,
    pub rulesets: Solvers,
}

impl Evaluator {
    /// The context of a run under `settings`: the clock on the table, the solver's budgets
    /// sized to the time limit, its slow-value cache.
    pub fn new(settings: &Settings) -> Evaluator {
        let mut games = Games::new();
        games.set_clock(Clock {
            limit: settings.time_limit,
            cancel: settings.cancel.clone(),
        });
        let mut solver = Solver::with_limits(Limits::for_time(settings.time_limit));
        solver.value_cache = settings.value_cache.clone();
        let mut rulesets = Solvers::default();
        rulesets.limits = ruleset_limits(settings.time_limit);
        rulesets.value_cache = settings.value_cache.clone();
        Evaluator {
            games,
            solver,
            rulesets,
        }
    }

    /// Runs `f` under `limit` instead of the run's time limit, when one is given (a block's
    /// `time_limit`): for the solver, its budgets sized to it, and the games engine alike. The
    /// cancellation flag, the memo and the caches are the run's.
    pub fn with_time_limit<T>(
        &mut self,
        limit: Option<Duration>,
        f: impl FnOnce(&mut Evaluator) -> T,
    ) -> T {
        let Some(limit) = limit else {
            return f(self);
        };
        let run = self.limit_time(limit);
        let out = f(self);
        self.restore_time(run);
        out
    }

    /// Puts `limit` in place of the time limit (for the solver and the games engine alike)
    /// until [`Evaluator::restore_time`] is given what this returns: for a caller that holds
    /// the evaluator inside a context of its own ([`Evaluator::with_time_limit`] otherwise).
    pub fn limit_time(&mut self, limit: Duration) -> RunLimit {
        let run = RunLimit {
            clock: self.games.clock().clone(),
            limits: std::mem::replace(&mut self.solver.limits, Limits::for_time(Some(limit))),
            rulesets: std::mem::replace(&mut self.rulesets.limits, ruleset_limits(Some(limit))),
        };
        self.games.set_clock(run.clock.with_limit(Some(limit)));
        run
    }

    /// Puts the run's time limit back after [`Evaluator::limit_time`].
    pub fn restore_time(&mut self, run: RunLimit) {
        self.games.set_clock(run.clock);
        self.solver.limits = run.limits;
        self.rulesets.limits = run.rulesets;
    }
}

/// The other games' solver budget under a time limit: the default positions grown as
/// Hackenbush's budgets grow with a longer limit (in proportion, up to ten times).
fn ruleset_limits(time_limit: Option<Duration>) -> SolveLimits {
    let default = SolveLimits::default();
    let scale = Limits::for_time(time_limit).positions / Limits::default().positions.max(1);
    SolveLimits {
        positions: default.positions.saturating_mul(scale.max(1)),
        scale: scale.max(1),
        ..default
    }
}

/// The run's clock and budgets, while a block's own time limit stands in for them.
#[must_use = "give it back to `Evaluator::restore_time`"]
pub struct RunLimit {
    clock: Clock,
    limits: Limits,
    rulesets: SolveLimits,
}

impl Default for Evaluator {
    /// No time limit, no flag, no cache: the budgets that go with no time limit (ten times
    /// the defaults).
    fn default() -> Evaluator {
        Evaluator::new(&Settings::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The other games' budget grows with the time limit as Hackenbush's does, and a block's
    /// own limit holds for its work only.
    #[test]
    fn the_other_games_budget_follows_the_time_limit() {
        let default = SolveLimits::default().positions;
        let at = |seconds: u64| Settings {
            time_limit: Some(Duration::from_secs(seconds)),
            ..Settings::default()
        };
        let mut ev = Evaluator::new(&at(10));
        assert_eq!(ev.rulesets.limits.positions, default);
        let within = ev.with_time_limit(Some(Duration::from_secs(100)), |ev| {
            ev.rulesets.limits.positions
        });
        assert_eq!(within, 10 * default);
        assert_eq!(ev.rulesets.limits.positions, default);
        assert_eq!(
            Evaluator::new(&at(25)).rulesets.limits.positions,
            3 * default
        );
        assert_eq!(Evaluator::default().rulesets.limits.positions, 10 * default);
    }
}
