//! Censuses of games: every canonical game born by day n, or every game *form* born by day n
//! ([`crate::engines::games`] lists them and their members).
//!
//! The one idea: a family of games is a kind (values or forms) and a day, its size published
//! (the enumeration is tested against it), and the day bounded where the family is read so
//! that every census of games runs in moments.

use hackenbook_rulesets::{Count, Engine, Family, Level};
use std::fmt;

/// The latest day whose games a census enumerates (day 4 has trillions).
pub const MAX_GAMES_DAY: u32 = 3;
/// The latest day whose forms a census enumerates (day 3 has 2^512).
pub const MAX_FORMS_DAY: u32 = 2;

/// Games born by day 0, 1, 2, 3 (canonical forms, one per value).
const GAMES_BORN_BY: [u64; 4] = [1, 4, 22, 1474];
/// Forms born by day 0, 1, 2: `{L | R}` for any sets L, R of forms born the day before.
const FORMS_BORN_BY: [u64; 3] = [1, 4, 256];

/// Values, or forms as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// One member per value born by the day: its canonical form.
    Games,
    /// Every form born by the day: `{L | R}` for every pair of sets of earlier forms.
    Forms,
}

impl GameKind {
    pub fn parse(word: &str) -> Option<GameKind> {
        match word {
            "games" | "game" => Some(GameKind::Games),
            "forms" | "form" | "game forms" => Some(GameKind::Forms),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Games => "games",
            GameKind::Forms => "forms",
        }
    }

    /// The latest day a census of this kind enumerates.
    pub fn max_day(self) -> u32 {
        match self {
            GameKind::Games => MAX_GAMES_DAY,
            GameKind::Forms => MAX_FORMS_DAY,
        }
    }

    /// Why a later day is refused: how many members it would have.
    pub fn beyond(self) -> &'static str {
        match self {
            GameKind::Games => "the games born by day 4 number in the trillions",
            GameKind::Forms => "the forms born by day 3 number 2^512",
        }
    }
}

/// A family of games: every game (or form) born by a day.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameFamily {
    pub kind: GameKind,
    pub born_by: u32,
}

impl GameFamily {
    /// The number of members, as published (the enumeration is tested against it).
    pub fn size(&self) -> u64 {
        match self.kind {
            GameKind::Games => GAMES_BORN_BY[self.born_by as usize],
            GameKind::Forms => FORMS_BORN_BY[self.born_by as usize],
        }
    }

    /// The family a built-in name stands for: `games3`, `forms2`.
    pub fn builtin(name: &str) -> Option<GameFamily> {
        let digits = name.find(|c: char| c.is_ascii_digit())?;
        let kind = GameKind::parse(&name[..digits])?;
        let born_by: u32 = name[digits..].parse().ok()?;
        (born_by <= kind.max_day()).then_some(GameFamily { kind, born_by })
    }
}

impl Family for GameFamily {
    /// `games born_by=3`, `forms born_by=2`.
    fn key(&self) -> String {
        format!("{} born_by={}", self.kind.name(), self.born_by)
    }

    /// "every game (each value once) born by day 3".
    fn in_words(&self) -> String {
        let what = match self.kind {
            GameKind::Games => "game (each value once)",
            GameKind::Forms => "game form",
        };
        format!("every {what} born by day {}", self.born_by)
    }

    /// The days 0 to the day they are born by: members are listed by birthday.
    fn levels(&self) -> Vec<Level> {
        (0..=self.born_by as usize).map(Level::Size).collect()
    }

    /// Exactly, as published: those born by the day less those born by the day before.
    fn count_at(&self, level: Level) -> Count {
        let born_by = |day: usize| -> u128 {
            let published: &[u64] = match self.kind {
                GameKind::Games => &GAMES_BORN_BY,
                GameKind::Forms => &FORMS_BORN_BY,
            };
            published.get(day).map_or(0, |&n| u128::from(n))
        };
        match level {
            Level::Size(0) => Count::Exact(born_by(0)),
            Level::Size(day) if day <= self.born_by as usize => {
                Count::Exact(born_by(day) - born_by(day - 1))
            }
            _ => Count::Exact(0),
        }
    }

    /// Exactly, as published ([`GameFamily::size`]).
    fn count(&self) -> Count {
        Count::Exact(u128::from(self.size()))
    }

    fn engine(&self) -> Engine {
        Engine::Games
    }

    /// Always: the day is bounded where the family is read ([`GameKind::max_day`]), so that
    /// every census of games runs in moments.
    fn within(&self, _max_positions: u128, _how: &str) -> Result<(), String> {
        Ok(())
    }
}

impl fmt::Display for GameFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            GameKind::Games => "games",
            GameKind::Forms => "game forms",
        };
        write!(f, "{what} born by day {}", self.born_by)
    }
}
