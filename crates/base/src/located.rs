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

/// `text` cut after `max_chars` characters, with `…` and how many were left out: how a message
/// quotes what was written when the reason after the quote must still be read.
pub fn excerpt(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        None => text.to_string(),
        Some((cut, _)) => format!(
            "{}… ({} more characters)",
            &text[..cut],
            text[cut..].chars().count()
        ),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_excerpt_keeps_a_short_text_and_counts_what_it_cuts() {
        assert_eq!(excerpt("[LR]", 4), "[LR]");
        assert_eq!(excerpt("[LRL]", 4), "[LRL… (1 more characters)");
        // Characters, not bytes: a cut never splits one.
        assert_eq!(excerpt("ααα", 1), "α… (2 more characters)");
    }
}
