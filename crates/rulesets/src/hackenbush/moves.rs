//! Moves under the two rule sets of the seed.
//!
//! The one idea: a move is the choice of one edge to chop. Left may chop blue and green edges,
//! Right red and green ones. Under the normal rules any such edge may be chopped and whatever
//! no longer reaches the ground falls; under the childish rules only an edge whose removal
//! leaves every other edge grounded may be chopped — green edges included, as the seed defines
//! Childish Hackenbush Hotchpotch (CGSuite exempts green edges; we follow the seed).

use super::position::Position;
use super::Colour;
use hackenbook_games::Player;
use std::fmt;
use std::str::FromStr;

/// Which edges a player may chop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// Chop any edge of your colour (or green); what is cut off falls.
    #[default]
    Normal,
    /// Chop only an edge of your colour (or green) whose removal makes nothing fall.
    Childish,
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rules::Normal => "normal",
            Rules::Childish => "childish",
        })
    }
}

impl FromStr for Rules {
    type Err = String;
    /// `normal` or `childish` (any case).
    fn from_str(text: &str) -> Result<Rules, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "normal" => Ok(Rules::Normal),
            "childish" => Ok(Rules::Childish),
            other => Err(format!(
                "unknown rules `{other}`: write `normal` or `childish`"
            )),
        }
    }
}

/// May `player` chop an edge of colour `c`? Blue is Left's, red Right's, green either's.
pub fn may_chop(c: Colour, player: Player) -> bool {
    match c {
        Colour::Green => true,
        Colour::Blue => player == Player::Left,
        Colour::Red => player == Player::Right,
    }
}

/// The indices of the edges the player may chop, in edge order.
pub fn legal_moves(p: &Position, rules: Rules, player: Player) -> Vec<usize> {
    (0..p.edge_count())
        .filter(|&e| may_chop(p.edges()[e].2, player))
        .filter(|&e| rules == Rules::Normal || p.keeps_everything_grounded(e))
        .collect()
}

/// The positions after one move of the player, one per legal edge, in edge order.
pub fn options(p: &Position, rules: Rules, player: Player) -> Vec<Position> {
    legal_moves(p, rules, player)
        .into_iter()
        .map(|e| p.without_edge(e))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Player::{Left, Right};

    #[test]
    fn childish_rules_forbid_falls() {
        let p = Position::parse("LRG").unwrap();
        assert_eq!(legal_moves(&p, Rules::Normal, Left), vec![0, 2]);
        assert_eq!(legal_moves(&p, Rules::Childish, Left), vec![2]);
        assert_eq!(legal_moves(&p, Rules::Childish, Right), vec![2]);
        let cycle = Position::parse("g-a L, a-b R, b-g L").unwrap();
        assert_eq!(legal_moves(&cycle, Rules::Childish, Left), vec![0, 2]);
        assert_eq!(options(&cycle, Rules::Normal, Right)[0].edge_count(), 2);
        assert_eq!("Childish".parse::<Rules>(), Ok(Rules::Childish));
    }
}
