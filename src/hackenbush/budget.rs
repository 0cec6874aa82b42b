//! Bounded search and the errors of the solver.
//!
//! The one idea: every search the solver starts has a stated budget, and running out of it is
//! an error that names the budget — a position too large to solve is a clear message, never a
//! hang. A theorem that disagrees with the game tree is an error too, never silently resolved.

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
        method: String,
        method_value: String,
        reference: String,
        reference_value: String,
    },
}

/// A countdown of positions (or other units of work) that a search may still spend.
#[derive(Clone, Debug)]
pub struct Budget {
    what: &'static str,
    limit: usize,
    used: usize,
}

impl Budget {
    pub fn new(what: &'static str, limit: usize) -> Budget {
        Budget {
            what,
            limit,
            used: 0,
        }
    }

    /// Spends one unit, or fails naming the budget.
    pub fn spend(&mut self) -> Result<(), SolveError> {
        self.used += 1;
        if self.used > self.limit {
            Err(self.exceeded())
        } else {
            Ok(())
        }
    }

    /// The error this budget reports when exhausted.
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
}
