//! Exact short-game algebra: dyadic numbers, canonical forms, sums, ordinal sums, notation.
//!
//! The one idea: every short game is handled through its canonical form, interned once in a
//! [`Games`] table, so that equal values share one [`GameId`] and every operation (sum,
//! negation, comparison, ordinal sum) is a cached function of ids.
//!
//! ```
//! use hackenbook_games::{Games, Relation};
//! let mut games = Games::new();
//! let zero = games.zero();
//! let half = games.number(&"1/2".parse().unwrap());
//! let two = games.integer(2);
//! let g = games.from_options(&[zero, half], &[two]); // {0, 1/2 | 2}
//! assert_eq!(games.display(g), "1");
//! let up = games.up();
//! assert_eq!(games.compare(up, zero), Relation::Greater);
//! ```
pub mod arith;
mod atomic;
mod bounded;
mod canonical;
pub mod clock;
mod compare;
pub mod display;
pub mod dyadic;
pub mod notation;
pub mod nus;
pub mod player;
pub mod sample;
pub mod signs;
mod simplicity;
mod structure;
mod table;
pub mod thermal;

pub use clock::{Clock, Stop};
pub use dyadic::Dyadic;
pub use notation::ParseError;
pub use nus::Nus;
pub use player::{OutcomeClass, Player, Relation};
pub use table::{GameId, Games};

#[cfg(test)]
mod tests;
