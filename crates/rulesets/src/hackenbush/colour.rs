//! The three colours of Hackenbush: who may cut an edge.

use hackenbook_games::{GameId, Games};

/// Blue edges are Left's, red edges Right's, green edges either player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Blue,
    Red,
    Green,
}

impl Colour {
    /// The letter of the stalk notation: `L`, `R` or `G`.
    pub fn letter(self) -> char {
        match self {
            Colour::Blue => 'L',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }

    /// `blue`, `red` or `green`, for messages.
    pub fn word(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Green => "green",
        }
    }

    /// Reads `L`/`R`/`G`, and CGSuite's lower-case `l`/`r`/`e` (e for green).
    pub fn from_letter(c: char) -> Option<Colour> {
        match c {
            'L' | 'l' => Some(Colour::Blue),
            'R' | 'r' => Some(Colour::Red),
            'G' | 'e' => Some(Colour::Green),
            _ => None,
        }
    }

    /// The value of a single edge of this colour standing on the ground: `1`, `-1` or `*`.
    pub fn edge_value(self, games: &mut Games) -> GameId {
        match self {
            Colour::Blue => games.integer(1),
            Colour::Red => games.integer(-1),
            Colour::Green => games.nimber(1),
        }
    }

    /// The colour with the players' roles swapped.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::Blue => Colour::Red,
            Colour::Red => Colour::Blue,
            Colour::Green => Colour::Green,
        }
    }
}
