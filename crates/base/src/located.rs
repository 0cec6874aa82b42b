//! A located error: a message about a byte range of the text that was handed in.
//!
//! The one idea: every parser and checker below the essay (game notation, position notation,
//! queries, census blocks, literals) reports a problem as the same small value — where, and
//! what — so the essay layer can shift it into the file and pin a diagnostic on it, whatever
//! produced it.

use std::fmt;
use std::ops::Range;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// A byte range of the text the caller handed in.
    pub span: Range<usize>,
    pub message: String,
    /// What to do about it, said apart from the message (a diagnostic's help line): the nearest
    /// known name, or the list of them.
    pub help: Option<String>,
}

impl Located {
    pub fn new(span: Range<usize>, message: impl Into<String>) -> Located {
        Located {
            span,
            message: message.into(),
            help: None,
        }
    }

    /// The same error with a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Located {
        self.help = Some(help.into());
        self
    }

    /// The same error, moved to sit inside a larger text starting at `offset`.
    pub fn shifted(mut self, offset: usize) -> Located {
        self.span = self.span.start + offset..self.span.end + offset;
        self
    }
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (at bytes {}..{})",
            self.message, self.span.start, self.span.end
        )
    }
}

impl std::error::Error for Located {}
