//! The two players, and who wins a game: the vocabulary shared by the games engine and every game
//! played on top of it.
//!
//! The one idea: a side is a [`Player`], never a `bool`; who wins a game is its
//! [`OutcomeClass`], read off its relation with zero.

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Left (blue, positive values) or Right (red, negative values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    Left,
    Right,
}

impl Player {
    /// Both players, Left first.
    pub const BOTH: [Player; 2] = [Player::Left, Player::Right];

    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }

    /// `Left` or `Right`, capitalised as in prose.
    pub fn name(self) -> &'static str {
        match self {
            Player::Left => "Left",
            Player::Right => "Right",
        }
    }

    /// 0 for Left, 1 for Right: an index into per-player arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Player {
    type Err = String;
    /// `left` or `right`, any case (also `l` / `r`, and `blue` / `red` for the colours they play).
    fn from_str(text: &str) -> Result<Player, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "left" | "l" | "blue" => Ok(Player::Left),
            "right" | "r" | "red" => Ok(Player::Right),
            other => Err(format!(
                "`{other}` is not a player: write `left` or `right`"
            )),
        }
    }
}

/// Who wins a game with perfect play: the four outcome classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum OutcomeClass {
    /// G > 0: Left wins, whoever starts.
    #[serde(rename = "L")]
    LeftWins,
    /// G < 0: Right wins, whoever starts.
    #[serde(rename = "R")]
    RightWins,
    /// G = 0: the second player (the one who does not start) wins.
    #[serde(rename = "P")]
    SecondPlayer,
    /// G ‖ 0: the first player wins.
    #[serde(rename = "N")]
    FirstPlayer,
}

impl OutcomeClass {
    /// The class of a game from its relation with zero.
    pub fn of(relation_with_zero: Relation) -> OutcomeClass {
        match relation_with_zero {
            Relation::Greater => OutcomeClass::LeftWins,
            Relation::Less => OutcomeClass::RightWins,
            Relation::Equal => OutcomeClass::SecondPlayer,
            Relation::Confused => OutcomeClass::FirstPlayer,
        }
    }

    /// Who wins when `to_move` moves first.
    pub fn winner(self, to_move: Player) -> Player {
        match self {
            OutcomeClass::LeftWins => Player::Left,
            OutcomeClass::RightWins => Player::Right,
            OutcomeClass::SecondPlayer => to_move.other(),
            OutcomeClass::FirstPlayer => to_move,
        }
    }

    /// The standard letter: `L`, `R`, `P` (previous player), `N` (next player).
    pub fn letter(self) -> char {
        match self {
            OutcomeClass::LeftWins => 'L',
            OutcomeClass::RightWins => 'R',
            OutcomeClass::SecondPlayer => 'P',
            OutcomeClass::FirstPlayer => 'N',
        }
    }

    /// In words, for messages: "Left wins whoever starts".
    pub fn describe(self) -> &'static str {
        match self {
            OutcomeClass::LeftWins => "Left wins whoever starts",
            OutcomeClass::RightWins => "Right wins whoever starts",
            OutcomeClass::SecondPlayer => "the second player wins",
            OutcomeClass::FirstPlayer => "the first player wins",
        }
    }
}

/// How one game compares with another.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Relation {
    Less,
    Equal,
    Greater,
    Confused,
}

impl Relation {
    /// The relation seen from the other side.
    pub fn flip(self) -> Relation {
        match self {
            Relation::Less => Relation::Greater,
            Relation::Greater => Relation::Less,
            other => other,
        }
    }

    /// The usual symbol: `<`, `=`, `>`, `||`.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Less => "<",
            Relation::Equal => "=",
            Relation::Greater => ">",
            Relation::Confused => "||",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winners_follow_the_class() {
        use OutcomeClass::*;
        use Player::*;
        assert_eq!(SecondPlayer.winner(Left), Right);
        assert_eq!(FirstPlayer.winner(Right), Right);
        assert_eq!(LeftWins.winner(Right), Left);
        assert_eq!(OutcomeClass::of(Relation::Confused), FirstPlayer);
        assert_eq!("Right".parse::<Player>(), Ok(Right));
        assert!("up".parse::<Player>().is_err());
        assert_eq!(Left.other(), Right);
    }
}
