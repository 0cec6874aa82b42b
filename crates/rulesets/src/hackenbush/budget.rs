//! Bounded search and the errors of the solver.
//!
//! The one idea: every search the solver starts has a stated budget, and running out of it is
//! an error that names the budget — a position too large to solve is a clear message, never a
//! hang. A theorem that disagrees with the game tree is an error too, never silently resolved.

use super::{Position, Rules};
use hackenbook_base::provenance::Method;
use hackenbook_games::clock::{Running, Stop};
use thiserror::Error;

/// Why a position was not valued.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The search needed more than `limit` of `what`.
    #[error("the position is beyond the solver's budget: more than {limit} {what}")]
    Budget { what: &'static str, limit: usize },
    /// A fast path and the game tree (or two fast paths) gave different values.
    #[error("the {method} gives {method_value} but the {reference} gives {reference_value} for `{position}`")]
    Disagreement {
        position: String,
        method: Method,
        method_value: String,
        reference: Method,
        reference_value: String,
    },
    /// The evaluation was cancelled from outside (the server, on a change to the source).
    #[error("the evaluation was cancelled (the source changed)")]
    Cancelled,
}

impl From<Stop> for SolveError {
    fn from(stop: Stop) -> SolveError {
        match stop {
            Stop::Time(limit) => SolveError::Budget {
                what: TIME,
                limit: limit.as_secs().max(1) as usize,
            },
            Stop::Cancelled => SolveError::Cancelled,
            Stop::Full(what) => SolveError::Budget {
                what,
                limit: u32::MAX as usize,
            },
            Stop::Memory(bytes) => SolveError::Budget {
                what: MEMORY,
                limit: (bytes >> 20) as usize,
            },
        }
    }
}

/// A countdown of positions, and of work (each move tried costs one unit per edge of the
/// position it is tried in, so a large position cannot hide a long search under few positions).
#[derive(Clone, Debug)]
pub struct Budget {
    what: &'static str,
    limit: usize,
    used: usize,
    work_limit: usize,
    work_used: usize,
    /// The wall-clock time the search must end by, and its cancellation flag.
    clock: Running,
    /// Spends since the clock was last read (reading it on every spend would cost more than
    /// the step).
    ticks: u32,
}

/// How often, in spends, the clock is read.
const CLOCK_EVERY: u32 = 1 << 10;

/// How the time budget names itself in errors.
pub const TIME: &str = "seconds of solving (the time limit, `--time-limit`)";

/// How the games engine's memory budget names itself in the solver's errors.
pub const MEMORY: &str = "MiB of games built (the games engine's memory budget)";

/// How the work budget names itself in errors.
pub const WORK: &str = "edge-steps of search (a move tried costs one per edge, plus 32)";

impl Budget {
    /// At most `limit` positions of `what`; no limit on work until [`Budget::with_work`].
    pub fn new(what: &'static str, limit: usize) -> Budget {
        Budget {
            what,
            limit,
            used: 0,
            work_limit: usize::MAX,
            work_used: 0,
            clock: Running::default(),
            ticks: 0,
        }
    }

    /// Also ends, with the time budget's error, once the clock's time has passed, or as
    /// cancelled once its flag is raised.
    pub fn with_clock(mut self, clock: &Running) -> Budget {
        self.clock = clock.clone();
        self
    }

    /// Reads the clock every [`CLOCK_EVERY`] spends.
    fn on_time(&mut self) -> Result<(), SolveError> {
        self.ticks += 1;
        if self.ticks < CLOCK_EVERY {
            return Ok(());
        }
        self.ticks = 0;
        self.clock.read().map_err(SolveError::from)
    }

    /// Also at most `limit` units of work.
    pub fn with_work(mut self, limit: usize) -> Budget {
        self.work_limit = limit;
        self
    }

    /// Spends one position, or fails naming the budget.
    pub fn spend(&mut self) -> Result<(), SolveError> {
        self.on_time()?;
        self.used += 1;
        if self.used > self.limit {
            Err(self.exceeded())
        } else {
            Ok(())
        }
    }

    /// Spends `units` of work, or fails naming the work budget.
    pub fn spend_work(&mut self, units: usize) -> Result<(), SolveError> {
        self.on_time()?;
        self.work_used = self.work_used.saturating_add(units);
        if self.work_used > self.work_limit {
            Err(SolveError::Budget {
                what: WORK,
                limit: self.work_limit,
            })
        } else {
            Ok(())
        }
    }

    /// The error this budget reports when its positions are exhausted.
    pub fn exceeded(&self) -> SolveError {
        SolveError::Budget {
            what: self.what,
            limit: self.limit,
        }
    }

    pub fn used(&self) -> usize {
        self.used
    }

    pub fn limit(&self) -> usize {
        self.limit
    }

    pub fn work_used(&self) -> usize {
        self.work_used
    }
}

/// The work of trying one move: building the position after it (a pass over the edges) and
/// looking it up, whose fixed part is worth a few dozen edges.
pub(crate) fn move_cost(p: &Position) -> usize {
    edge_steps(p.edge_count())
}

/// [`move_cost`] in a position of `edges` edges.
pub(crate) fn edge_steps(edges: usize) -> usize {
    edges + 32
}

/// The work of listing the legal moves: one pass over the edges, or under the childish rules
/// one pass per edge (each candidate is tested for whether anything would fall).
pub(crate) fn listing_cost(p: &Position, rules: Rules) -> usize {
    match rules {
        Rules::Normal => p.edge_count(),
        Rules::Childish => p.edge_count().saturating_mul(p.edge_count()),
    }
}
