//! What a census enumerates: its family, whatever its members are.
//!
//! The one idea: every kind of census family — Hackenbush forests, trees and stalks
//! ([`forests`]), connected pictures with cycles ([`graphs`]), games born by a day ([`games`]),
//! and any ruleset's own families of positions ([`positions`], one instance for every family a
//! ruleset declares) — implements the one family trait of the rulesets' layer,
//! [`hackenbook_rulesets::Family`]: its key, its members in words, its levels and how many
//! each holds (exactly by a closed form or a published count, or at most by a bound), the
//! engine that values them, and whether it may run under a budget. The census cache, the size
//! check of a census block, the check of a census's counts against its closed forms and the
//! page's description of a census read only this; a new kind of family implements it and has
//! an engine in [`crate::engines`] that enumerates and values its members.

pub mod forests;
pub mod games;
pub mod graphs;
pub mod positions;

use crate::forest::Palette;
use hackenbook_rulesets::hackenbush::Rules;
use hackenbook_rulesets::Level;
use std::fmt;

/// `140458000` → `140,458,000`.
pub fn group(n: u128) -> String {
    hackenbook_games::display::with_separators(&n.into())
}

/// `1345000000` → `1.3 GB`; below a GiB, whole MB.
pub fn bytes(n: u128) -> String {
    match n {
        n if n < 1 << 30 => format!("{} MB", n.div_ceil(1 << 20)),
        n => format!("{:.1} GB", n as f64 / (1u64 << 30) as f64),
    }
}

/// What every family of Hackenbush pictures holds — a range of edges, a palette, the rules —
/// under its names: its key, its name and its members in words are written here once, for
/// forests, trees, stalks and graphs.
pub struct Pictures<'a> {
    /// Its name, plural: `forests`, `graphs`.
    pub name: &'static str,
    /// One member, for a reader: `forest`, `connected picture`.
    pub member: &'static str,
    pub min_edges: usize,
    pub max_edges: usize,
    pub palette: &'a Palette,
    pub rules: Rules,
}

impl Pictures<'_> {
    /// `forests edges=1..=6 colours=LR`, and `rules=childish` under the childish rules.
    pub fn key(&self) -> String {
        let rules = match self.rules {
            Rules::Normal => "",
            Rules::Childish => " rules=childish",
        };
        format!(
            "{} edges={}..={} colours={}{rules}",
            self.name,
            self.min_edges,
            self.max_edges,
            self.palette.letters()
        )
    }

    /// Its levels: the sizes from its least edges to its most.
    pub fn levels(&self) -> Vec<Level> {
        (self.min_edges..=self.max_edges).map(Level::Size).collect()
    }

    /// "every forest of 1 to 6 edges, blue and red", and under which rules when not the usual
    /// ones: how a page names a census's members.
    pub fn in_words(&self) -> String {
        let edges = match (self.min_edges, self.max_edges) {
            (1, 1) => "1 edge".to_string(),
            (a, b) if a == b => format!("{b} edges"),
            (a, b) => format!("{a} to {b} edges"),
        };
        let colours: Vec<&str> = self.palette.colours().map(|c| c.word()).collect();
        let colours = match colours.split_last() {
            Some((last, [])) => format!("all {last}"),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        };
        let rules = match self.rules {
            Rules::Normal => "",
            Rules::Childish => ", under the childish rules",
        };
        format!("every {} of {edges}, {colours}{rules}", self.member)
    }
}

/// `forests of 1 to 6 edges in LR`, `childish graphs of 5 edges in G`.
impl fmt::Display for Pictures<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let edges = if self.min_edges == self.max_edges {
            format!("{}", self.max_edges)
        } else {
            format!("{} to {}", self.min_edges, self.max_edges)
        };
        if self.rules == Rules::Childish {
            f.write_str("childish ")?;
        }
        write!(
            f,
            "{} of {} edges in {}",
            self.name,
            edges,
            self.palette.letters()
        )
    }
}
