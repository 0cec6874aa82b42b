//! One evaluation context per run: the games table, the solvers, and the run's clock.
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
/// one for each ruleset ([`crate::registry`]), and the one Hackenbush solver they keep as
/// Hackenbush's shortcut, which the run's other Hackenbush questions ask too
/// ([`Solvers::hackenbush`]).
pub struct Evaluator {
    pub games: Games,
    pub rulesets: Solvers,
}

impl Solvers {
    /// The run's one Hackenbush solver (the shortcut of both rule variants' solvers, memo and
    /// slow-value cache), under the budgets of the time limit set now.
    pub fn hackenbush(&mut self) -> &mut Solver {
        let scale = self.limits.scale;
        let solver = self
            .shortcut(&super::ruleset::NORMAL)
            .and_then(|s| s.downcast_mut::<Solver>())
            .expect("Hackenbush's shortcut keeps a Hackenbush solver");
        solver.limits = Limits::scaled(scale);
        solver
    }
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
        let mut rulesets = Solvers::default();
        rulesets.limits = ruleset_limits(settings.time_limit);
        rulesets.value_cache = settings.value_cache.clone();
        rulesets.hackenbush().value_cache = settings.value_cache.clone();
        Evaluator { games, rulesets }
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
            rulesets: std::mem::replace(&mut self.rulesets.limits, ruleset_limits(Some(limit))),
        };
        self.games.set_clock(run.clock.with_limit(Some(limit)));
        run
    }

    /// Puts the run's time limit back after [`Evaluator::limit_time`].
    pub fn restore_time(&mut self, run: RunLimit) {
        self.games.set_clock(run.clock);
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
        // The Hackenbush solver's budgets follow it alike.
        let mut ev = Evaluator::new(&at(10));
        let positions = |ev: &mut Evaluator| ev.rulesets.hackenbush().limits.positions;
        assert_eq!(positions(&mut ev), Limits::default().positions);
        let within = ev.with_time_limit(Some(Duration::from_secs(100)), positions);
        assert_eq!(
            within,
            Limits::for_time(Some(Duration::from_secs(100))).positions
        );
        assert_eq!(positions(&mut ev), Limits::default().positions);
    }

    /// A run has one Hackenbush solver: the solver of every game files what it values of a
    /// board, in either rule variant, in the memo the run's other Hackenbush questions ask, and
    /// finds there what they filed.
    #[test]
    fn a_run_has_one_hackenbush_solver() {
        use crate::hackenbush::ruleset::{CHILDISH, NORMAL};
        use crate::hackenbush::{Position, Rules};
        use crate::AnyPosition;
        let mut ev = Evaluator::default();
        let entries = |ev: &mut Evaluator| ev.rulesets.hackenbush().stats().total().entries;
        // Cycles: no theorem values them, so the Hackenbush solver files their pieces.
        let cycles = "g-a L, a-b R, b-c L, c-g R, a-d L, d-e R";
        let mut filed = entries(&mut ev);
        for rules in [&NORMAL, &CHILDISH] {
            let board = AnyPosition::parse(rules, cycles).unwrap();
            let by_board = board.value(&mut ev.rulesets, &mut ev.games).unwrap();
            assert!(entries(&mut ev) > filed, "{rules:?}");
            filed = entries(&mut ev);
            // Asked directly, the run's Hackenbush solver finds it all filed.
            let direct = ev
                .rulesets
                .hackenbush()
                .evaluate(
                    &Position::parse(cycles).unwrap(),
                    rules.rules,
                    &mut ev.games,
                )
                .unwrap();
            assert_eq!(direct.value, by_board);
            assert_eq!(entries(&mut ev), filed, "{rules:?}");
        }
        // And the other way round: a board it valued first is no new work for the board's solver.
        let other = "g-a R, a-b L, b-c R, c-d L, d-g R, b-e G";
        ev.rulesets
            .hackenbush()
            .evaluate(
                &Position::parse(other).unwrap(),
                Rules::Normal,
                &mut ev.games,
            )
            .unwrap();
        let filed = entries(&mut ev);
        AnyPosition::parse(&NORMAL, other)
            .unwrap()
            .value(&mut ev.rulesets, &mut ev.games)
            .unwrap();
        assert_eq!(entries(&mut ev), filed);
    }
}
