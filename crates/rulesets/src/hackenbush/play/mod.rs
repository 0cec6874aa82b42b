//! Playing a position: cuts by name, the table of standing edges play can reach (what the pages'
//! Hackenbush diagrams play; the command line plays every board on [`crate::play`]), lines of
//! play.
//!
//! The one idea: during play the edges keep the identities they have in the position as written.
//! A position in play is the set of its original edges still standing (a bit set), a cut removes
//! one edge and then whatever no longer reaches the ground ([`Position::standing`], the one rule
//! of falling), and names ([`EdgeNames`]) always refer to the original position. The table
//! ([`table`]) is a walk over these sets; lines of play go through the judge every game shares
//! ([`crate::line`]), on the boards in play of [`crate::hackenbush::ruleset`], which cut by the
//! same rule ([`cut`]).

pub mod compact;
pub mod table;

use super::edge_names::{EdgeNames, Scheme};
use super::moves::may_chop;
use super::notation::{print, print_graph};
use super::position::Position;
use super::{Colour, Rules};
use hackenbook_games::Player;
use std::fmt;

pub use table::{PlayError, PlayLimits, PlayTable};

/// The edges still standing, as bits of the original edge indices (bit `e` for edge `e`).
pub type EdgeSet = u64;

/// The most edges a position in play may have: one bit per edge in an [`EdgeSet`].
pub const MAX_BOARD_EDGES: usize = 64;

/// A position being played: the original position, its rules and its edge names.
#[derive(Clone, Debug)]
pub struct Board {
    position: Position,
    rules: Rules,
    names: EdgeNames,
}

/// Why a cut is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalCut {
    /// The edge was cut, or fell, earlier.
    Gone,
    /// The edge is the other player's colour.
    NotYours { colour: Colour },
    /// Under the childish rules the cut would make these edges fall.
    WouldDrop { falling: Vec<usize> },
}

/// A position too large to play edge by edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyEdges {
    pub edges: usize,
    pub limit: usize,
}

impl fmt::Display for TooManyEdges {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the position has {} edges; play follows at most {} (the budget of edges in play)",
            self.edges, self.limit
        )
    }
}

impl Board {
    /// A board for `position` under `rules`, if it has at most `limit` (≤ [`MAX_BOARD_EDGES`])
    /// edges.
    pub fn new(position: &Position, rules: Rules, limit: usize) -> Result<Board, TooManyEdges> {
        let limit = limit.min(MAX_BOARD_EDGES);
        if position.edge_count() > limit {
            return Err(TooManyEdges {
                edges: position.edge_count(),
                limit,
            });
        }
        Ok(Board {
            names: EdgeNames::of(position),
            position: position.clone(),
            rules,
        })
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn names(&self) -> &EdgeNames {
        &self.names
    }

    pub fn edge_count(&self) -> usize {
        self.position.edge_count()
    }

    pub fn colour(&self, e: usize) -> Colour {
        self.position.edges()[e].2
    }

    /// Every edge standing: the position as written.
    pub fn full(&self) -> EdgeSet {
        match self.edge_count() {
            MAX_BOARD_EDGES => EdgeSet::MAX,
            n => (1 << n) - 1,
        }
    }

    /// The set after edge `e` is cut from `set` and whatever lost the ground has fallen.
    pub fn after_cut(&self, set: EdgeSet, e: usize) -> EdgeSet {
        let standing = self.position.standing(|x| x != e && set & (1 << x) != 0);
        bits(&standing)
    }

    /// Whether `player` may cut `e` from `set` under the board's rules, and if not, why.
    pub fn check_cut(&self, set: EdgeSet, e: usize, player: Player) -> Result<EdgeSet, IllegalCut> {
        cut(
            &self.position,
            self.rules,
            |x| set & (1 << x) != 0,
            e,
            player,
        )
        .map(|after| bits(&after))
    }

    /// The legal cuts from `set` for either player (an edge either player may cut, under the
    /// rules), in edge order, with the set each leaves.
    pub fn cuts(&self, set: EdgeSet) -> Vec<(usize, EdgeSet)> {
        members(set)
            .filter_map(|e| {
                let owner = match self.colour(e) {
                    Colour::Red => Player::Right,
                    _ => Player::Left,
                };
                self.check_cut(set, e, owner).ok().map(|after| (e, after))
            })
            .collect()
    }

    /// The legal cuts of `player` from `set`, in edge order, with the set each leaves.
    pub fn cuts_for(&self, set: EdgeSet, player: Player) -> Vec<(usize, EdgeSet)> {
        self.cuts(set)
            .into_iter()
            .filter(|&(e, _)| may_chop(self.colour(e), player))
            .collect()
    }

    /// The position made of the edges of `set` (node names and coordinates kept).
    pub fn position_of(&self, set: EdgeSet) -> Position {
        let standing: Vec<bool> = (0..self.edge_count())
            .map(|e| set & (1 << e) != 0)
            .collect();
        self.position.restricted(&standing)
    }

    /// The position of `set` written in the notation the edge names refer to.
    pub fn notation_of(&self, set: EdgeSet) -> String {
        let p = self.position_of(set);
        match self.names.scheme() {
            Scheme::LetterPaths => print(&p),
            Scheme::NodePairs => print_graph(&p),
        }
    }

    /// Why a cut is illegal, in words, naming the edge: for messages.
    pub fn explain(&self, e: usize, player: Player, why: &IllegalCut) -> String {
        explain(&self.names, e, player, why)
    }
}

/// Whether `player` may cut edge `e` of `position` under `rules` while the edges `stands` are
/// standing; if so, which edges stand after it (what no longer reaches the ground has fallen,
/// [`Position::standing`]), else why not. The one rule of a cut, for a [`Board`] and for
/// [`crate::hackenbush::ruleset`]'s boards in play.
pub fn cut(
    position: &Position,
    rules: Rules,
    stands: impl Fn(usize) -> bool,
    e: usize,
    player: Player,
) -> Result<Vec<bool>, IllegalCut> {
    if !stands(e) {
        return Err(IllegalCut::Gone);
    }
    let colour = position.edges()[e].2;
    if !may_chop(colour, player) {
        return Err(IllegalCut::NotYours { colour });
    }
    let after = position.standing(|x| x != e && stands(x));
    if rules == Rules::Childish {
        let falling: Vec<usize> = (0..after.len())
            .filter(|&x| x != e && stands(x) && !after[x])
            .collect();
        if !falling.is_empty() {
            return Err(IllegalCut::WouldDrop { falling });
        }
    }
    Ok(after)
}

/// Why `player` may not cut edge `e` (named by `names`), in words: for messages.
pub fn explain(names: &EdgeNames, e: usize, player: Player, why: &IllegalCut) -> String {
    let name = names.name(e);
    match why {
        IllegalCut::Gone => format!("`{name}` is no longer standing"),
        IllegalCut::NotYours { colour } => format!(
            "`{name}` is {}: only {} may cut it",
            colour.word(),
            player.other()
        ),
        IllegalCut::WouldDrop { falling } => {
            let shown: Vec<String> = falling
                .iter()
                .map(|&f| format!("`{}`", names.name(f)))
                .collect();
            format!(
                "under the childish rules {player} may not cut `{name}`: {} would fall",
                shown.join(", ")
            )
        }
    }
}

/// The members of a set, in edge order.
pub fn members(set: EdgeSet) -> impl Iterator<Item = usize> {
    (0..MAX_BOARD_EDGES).filter(move |&e| set & (1 << e) != 0)
}

fn bits(standing: &[bool]) -> EdgeSet {
    standing
        .iter()
        .enumerate()
        .filter(|(_, &s)| s)
        .fold(0, |acc, (e, _)| acc | (1 << e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str, rules: Rules) -> Board {
        Board::new(&Position::parse(text).unwrap(), rules, MAX_BOARD_EDGES).unwrap()
    }

    #[test]
    fn cutting_drops_what_falls() {
        let b = board("LRRL", Rules::Normal);
        assert_eq!(b.after_cut(b.full(), 1), 0b0001);
        assert_eq!(b.position_of(0b0011).notation(), "LR");
        // Normal rules: every edge is someone's cut; Left has the blue ones.
        assert_eq!(b.cuts(b.full()).len(), 4);
        assert_eq!(
            b.cuts_for(b.full(), Player::Left),
            vec![(0, 0), (3, 0b0111)]
        );
    }

    #[test]
    fn illegal_cuts_say_why() {
        let b = board("LRG", Rules::Childish);
        let full = b.full();
        assert_eq!(
            b.check_cut(full, 0, Player::Left),
            Err(IllegalCut::WouldDrop {
                falling: vec![1, 2]
            })
        );
        assert_eq!(
            b.check_cut(full, 1, Player::Left),
            Err(IllegalCut::NotYours {
                colour: Colour::Red
            })
        );
        assert_eq!(b.check_cut(full, 2, Player::Right), Ok(0b011));
        assert_eq!(b.check_cut(0b011, 2, Player::Right), Err(IllegalCut::Gone));
        assert_eq!(b.cuts(full), vec![(2, 0b011)]);
        assert!(b
            .explain(
                0,
                Player::Left,
                &IllegalCut::WouldDrop {
                    falling: vec![1, 2]
                }
            )
            .contains("`LR`, `LRG` would fall"));
    }

    #[test]
    fn sets_keep_the_original_names() {
        let b = board("g-a L, a-b R, b-g G", Rules::Normal);
        let set = b.after_cut(b.full(), 2);
        assert_eq!(set, 0b011);
        assert_eq!(b.notation_of(set), "g-a L, a-b R");
        assert_eq!(b.position_of(set).notation(), "LR");
        assert!(Board::new(&Position::parse("LRRL").unwrap(), Rules::Normal, 3).is_err());
    }
}
