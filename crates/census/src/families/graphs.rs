//! Censuses of Hackenbush pictures with cycles: every connected grounded graph of some edge
//! counts and palette, once up to isomorphism ([`crate::engines::graphs`] enumerates and values
//! them).
//!
//! The one idea: there is no closed form for the size, so the family's bound — the uncoloured
//! shapes of each size, counted once, times every colouring — decides whether a census may run,
//! and the counts themselves are checked against an independent enumeration in the tests.

use super::{group, Pictures};
use crate::forest::Palette;
use hackenbook_rulesets::hackenbush::{Colour, Rules};
use hackenbook_rulesets::{Count, Engine, Family, Level};
use std::fmt;

/// The most edges a census of graphs enumerates: the table of shapes below goes this far.
pub const MAX_GRAPH_EDGES: usize = 8;

/// Uncoloured pictures of `n` edges (connected grounded multigraphs, loops allowed), by `n`:
/// the bound of a census's size. Counted by [`pictures`](crate::engines::graphs::pictures) with one colour (a test holds them).
pub const SHAPES: [u64; MAX_GRAPH_EDGES + 1] = [1, 2, 6, 20, 74, 289, 1203, 5221, 23623];

/// A census of graphs larger than this (by its bound) runs only when its author confirms it
/// (`max_positions` in the block, `--yes` on the command line): every member is valued by the
/// solver, some thousands a second.
pub const GRAPHS_CONFIRM_ABOVE: u128 = 150_000;

/// Pictures the solver values a second, about (blue-red graphs of 6 edges, normal and
/// childish; see the README): the estimate of a census's time.
pub const GRAPH_RATE: f64 = 5_000.0;

/// A family of pictures: every connected grounded graph of some edge counts and palette.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GraphFamily {
    pub min_edges: usize,
    pub max_edges: usize,
    pub palette: Palette,
    pub rules: Rules,
}

impl GraphFamily {
    /// An upper bound on the members: each uncoloured shape under every colouring (colourings
    /// that a symmetry of the shape carries onto each other are one member).
    pub fn bound(&self) -> u128 {
        self.count().bound()
    }

    /// The time valuing every picture is estimated to take, at most, in seconds.
    pub fn seconds(&self) -> f64 {
        self.bound() as f64 / GRAPH_RATE
    }

    /// A built-in name: `graphs5` (blue-red graphs of 1 to 5 edges), `graphs4_LRG`.
    pub fn builtin(name: &str) -> Option<GraphFamily> {
        let (head, colours) = name.split_once('_').unwrap_or((name, "LR"));
        let max_edges: usize = head.strip_prefix("graphs")?.parse().ok()?;
        let mut palette = Vec::new();
        for c in colours.chars() {
            palette.push(Colour::from_letter(c).filter(|_| c.is_ascii_uppercase())?);
        }
        (max_edges <= MAX_GRAPH_EDGES).then(|| GraphFamily {
            min_edges: 1,
            max_edges,
            palette: Palette::new(&palette),
            rules: Rules::Normal,
        })
    }
}

impl GraphFamily {
    /// Its range of edges, palette and rules under its names.
    pub fn pictures(&self) -> Pictures<'_> {
        Pictures {
            name: "graphs",
            member: "connected picture",
            min_edges: self.min_edges,
            max_edges: self.max_edges,
            palette: &self.palette,
            rules: self.rules,
        }
    }
}

impl Family for GraphFamily {
    /// `graphs edges=1..=6 colours=LR rules=childish`: the code that decides its rows (the
    /// enumeration and the solver) is in the cache's schema, with all the computing code.
    fn key(&self) -> String {
        self.pictures().key()
    }

    /// "every connected picture of 1 to 5 edges, blue and red, counted once however it is
    /// drawn".
    fn in_words(&self) -> String {
        let members = self.pictures().in_words();
        format!("{members}; each counted once however it is drawn")
    }

    /// The sizes from its least edges to its most.
    fn levels(&self) -> Vec<Level> {
        self.pictures().levels()
    }

    /// At most each uncoloured shape of the size under every colouring: there is no closed
    /// form.
    fn count_at(&self, level: Level) -> Count {
        match level {
            Level::Size(n) if n <= MAX_GRAPH_EDGES => {
                Count::AtMost(SHAPES[n] as u128 * self.palette.colourings(n) as u128)
            }
            Level::Size(_) => Count::AtMost(u128::MAX),
            Level::Box { .. } => Count::AtMost(0),
        }
    }

    /// Each picture valued by the solver.
    fn engine(&self) -> Engine {
        Engine::Solver
    }

    /// Refused past the budget with the bound and the time the solver would take at most.
    fn within(&self, max_positions: u128, how: &str) -> Result<(), String> {
        let bound = self.bound();
        if bound <= max_positions {
            return Ok(());
        }
        let seconds = self.seconds();
        Err(format!(
            "this census would value up to {} pictures, each by the solver: up to {}; it runs only when confirmed: {how}",
            group(bound),
            if seconds < 120.0 {
                format!("{seconds:.0} s")
            } else {
                format!("{:.0} min", seconds / 60.0)
            }
        ))
    }
}

impl fmt::Display for GraphFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pictures().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::forests::Kind;

    /// Forests and graphs are keyed and named by the one description of a family of pictures:
    /// the keys are the ones their caches were written under.
    #[test]
    fn families_of_pictures_are_keyed_and_named_alike() {
        let forests =
            crate::families::forests::Family::new(Kind::Trees, 1..=6, &[Colour::Blue, Colour::Red]);
        assert_eq!(forests.key(), "trees edges=1..=6 colours=LR");
        assert_eq!(forests.to_string(), "trees of 1 to 6 edges in LR");
        let graphs = GraphFamily {
            min_edges: 5,
            max_edges: 5,
            palette: Palette::new(&[Colour::Green]),
            rules: Rules::Childish,
        };
        assert_eq!(graphs.key(), "graphs edges=5..=5 colours=G rules=childish");
        assert_eq!(graphs.to_string(), "childish graphs of 5 edges in G");
        assert_eq!(
            graphs.in_words(),
            "every connected picture of 5 edges, all green, under the childish rules; each \
             counted once however it is drawn"
        );
    }
}
