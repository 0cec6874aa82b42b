//! The rule of a cut: whether a player may cut an edge of a position in play, what stands after
//! it, and why not, in words.
//!
//! The one idea: a cut removes one edge, then whatever no longer reaches the ground falls
//! ([`Position::standing`], the one rule of falling); edges keep the indices (and the names,
//! [`EdgeNames`]) they have in the position as written. Every board in play
//! ([`crate::hackenbush::ruleset`]: lines of play, exercises, play tables, `hackenbook play`)
//! cuts by [`cut`] and says why not by [`explain`].

use super::edge_names::EdgeNames;
use super::moves::may_chop;
use super::position::Position;
use super::{Colour, Rules};
use hackenbook_games::Player;

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

/// Whether `player` may cut edge `e` of `position` under `rules` while the edges `stands` are
/// standing; if so, which edges stand after it (what no longer reaches the ground has fallen,
/// [`Position::standing`]), else why not. The one rule of a cut, for
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `cut` on the position as written, every edge standing.
    fn cut_all(
        p: &Position,
        rules: Rules,
        e: usize,
        player: Player,
    ) -> Result<Vec<bool>, IllegalCut> {
        cut(p, rules, |_| true, e, player)
    }

    #[test]
    fn cutting_drops_what_falls() {
        let p = Position::parse("LRRL").unwrap();
        // The first red edge carries the two above it: they fall with it.
        assert_eq!(
            cut_all(&p, Rules::Normal, 1, Player::Right),
            Ok(vec![true, false, false, false])
        );
        assert_eq!(
            cut_all(&p, Rules::Normal, 3, Player::Left),
            Ok(vec![true, true, true, false])
        );
        // Under the normal rules every edge is someone's cut.
        let mine = |player| {
            (0..4)
                .filter(|&e| cut_all(&p, Rules::Normal, e, player).is_ok())
                .count()
        };
        assert_eq!(mine(Player::Left) + mine(Player::Right), 4);
    }

    #[test]
    fn illegal_cuts_say_why() {
        let p = Position::parse("LRG").unwrap();
        assert_eq!(
            cut_all(&p, Rules::Childish, 0, Player::Left),
            Err(IllegalCut::WouldDrop {
                falling: vec![1, 2]
            })
        );
        assert_eq!(
            cut_all(&p, Rules::Childish, 1, Player::Left),
            Err(IllegalCut::NotYours {
                colour: Colour::Red
            })
        );
        assert_eq!(
            cut_all(&p, Rules::Childish, 2, Player::Right),
            Ok(vec![true, true, false])
        );
        let after = [true, true, false];
        assert_eq!(
            cut(&p, Rules::Childish, |x| after[x], 2, Player::Right),
            Err(IllegalCut::Gone)
        );
        let why = IllegalCut::WouldDrop {
            falling: vec![1, 2],
        };
        let said = explain(&EdgeNames::of(&p), 0, Player::Left, &why);
        assert!(said.contains("`LR`, `LRG` would fall"), "{said}");
    }

    /// In a graph the edges keep their indices: a cut leaves the rest where it was written.
    #[test]
    fn cuts_keep_the_written_indices() {
        let p = Position::parse("g-a L, a-b R, b-g G").unwrap();
        assert_eq!(
            cut_all(&p, Rules::Normal, 2, Player::Right),
            Ok(vec![true, true, false])
        );
        // Cut at the ground, the cycle still stands through its other end.
        assert_eq!(
            cut_all(&p, Rules::Childish, 0, Player::Left),
            Ok(vec![false, true, true])
        );
    }
}
