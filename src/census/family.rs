//! Which positions a census enumerates: a kind of forest, a range of edge counts, a palette.
//!
//! The one idea: a family is a set of shapes of each size times every colouring of them, so its
//! size has a closed form (`k^n · Catalan(n)` forests, `k^n · Catalan(n-1)` trees, `k^n`
//! stalks) that the enumeration is tested against, and its members are visited in rank order.

use super::forest::{catalan, is_single_tree, shapes, Palette};
use crate::hackenbush::Rules;
use std::fmt;

/// The shapes a family admits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Every plane forest: any number of trunks.
    Forests,
    /// Single-trunk trees.
    Trees,
    /// Paths: single trunks without forks.
    Stalks,
}

impl Kind {
    pub fn parse(word: &str) -> Option<Kind> {
        match word {
            "forests" | "forest" => Some(Kind::Forests),
            "trees" | "tree" => Some(Kind::Trees),
            "stalks" | "stalk" | "paths" | "strings" => Some(Kind::Stalks),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Forests => "forests",
            Kind::Trees => "trees",
            Kind::Stalks => "stalks",
        }
    }

    /// How many shapes of `n` edges this kind admits.
    pub fn shape_count(self, n: usize) -> u64 {
        match (self, n) {
            (Kind::Forests, _) => catalan(n),
            (_, 0) => 0,
            (Kind::Trees, _) => catalan(n - 1),
            (Kind::Stalks, _) => 1,
        }
    }

    pub fn admits(self, shape: u32, n: usize) -> bool {
        match self {
            Kind::Forests => true,
            Kind::Trees => is_single_tree(shape, n),
            Kind::Stalks => n > 0 && shape == ((1u32 << n) - 1) << n,
        }
    }

    /// The admitted shapes of `n` edges, in rank order.
    pub fn shapes(self, n: usize) -> Vec<u32> {
        shapes(n)
            .into_iter()
            .filter(|&s| self.admits(s, n))
            .collect()
    }
}

/// A family of positions: everything a census block enumerates.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Family {
    pub kind: Kind,
    pub min_edges: usize,
    pub max_edges: usize,
    pub palette: Palette,
    /// The rules its members are valued under (`rules = "childish"` in the block).
    pub rules: Rules,
}

impl Family {
    /// The number of members, by the closed form.
    pub fn size(&self) -> u128 {
        (self.min_edges..=self.max_edges)
            .map(|n| self.palette.colourings(n) as u128 * self.kind.shape_count(n) as u128)
            .sum()
    }

    /// A normalised description: the census cache key is built from it.
    pub fn key(&self) -> String {
        let rules = match self.rules {
            Rules::Normal => "",
            Rules::Childish => " rules=childish",
        };
        format!(
            "{} edges={}..={} colours={}{rules}",
            self.kind.name(),
            self.min_edges,
            self.max_edges,
            self.palette.letters()
        )
    }
}

impl fmt::Display for Family {
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
            self.kind.name(),
            edges,
            self.palette.letters()
        )
    }
}
