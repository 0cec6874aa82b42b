//! The values a row is read into: a property reads a position's record (or a game) into a
//! [`Scalar`] through [`Values`], the run's games table with what reading a value needs (a
//! number when it is one, a sign, a nimber); the query's expressions are evaluated on those
//! scalars (`eval`).

use crate::record::Val;
use hackenbook_games::{Dyadic, GameId, Games, Relation};
use num_bigint::BigInt;

/// A per-position value: a number, a truth, or a game that is not a number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    Num(Dyadic),
    Bool(bool),
    Game(GameId),
}

/// What a property's reader reads values with: the run's games table.
pub struct Values<'a> {
    pub games: &'a mut Games,
}

fn num(n: impl Into<BigInt>) -> Scalar {
    Scalar::Num(Dyadic::integer(n))
}

impl Values<'_> {
    /// A record's value as a scalar: a number when it is one.
    pub fn scalar(&mut self, v: Val) -> Scalar {
        match v {
            Val::Num(x) => Scalar::Num(x.to_dyadic()),
            Val::Game(g) => match self.games.as_number(g) {
                Some(d) => Scalar::Num(d),
                None => Scalar::Game(g),
            },
        }
    }

    /// A scalar as a game (a number as its game).
    pub(crate) fn game(&mut self, s: &Scalar) -> GameId {
        match s {
            Scalar::Num(d) => self.games.number(d),
            Scalar::Game(g) => *g,
            Scalar::Bool(_) => self.games.zero(), // excluded by the type check
        }
    }

    /// A game as a scalar: a number when it is one.
    pub fn normal(&mut self, g: GameId) -> Scalar {
        match self.games.as_number(g) {
            Some(d) => Scalar::Num(d),
            None => Scalar::Game(g),
        }
    }

    /// -1, 0 or 1 for a value with a sign; an error for a fuzzy one.
    pub fn sign(&mut self, s: &Scalar) -> Result<Scalar, String> {
        match s {
            Scalar::Num(d) => Ok(num(d.signum())),
            _ => {
                let g = self.game(s);
                let zero = self.games.zero();
                match self.games.compare(g, zero) {
                    Relation::Greater => Ok(num(1)),
                    Relation::Less => Ok(num(-1)),
                    Relation::Equal => Ok(num(0)),
                    Relation::Confused => Err(format!(
                        "the sign of {} is undefined: it is confused with 0 (the first player wins)",
                        self.games.display(g)
                    )),
                }
            }
        }
    }

    /// Whether a value is a nimber (`0` included).
    pub fn is_nimber(&mut self, v: &Scalar) -> bool {
        match v {
            Scalar::Num(d) => d.is_zero(),
            Scalar::Game(g) => self.games.as_nimber(*g).is_some(),
            Scalar::Bool(_) => false,
        }
    }

    /// A value as a number, for a property only numbers have (`what` it is); an error for
    /// any other game.
    pub fn number(&mut self, v: &Scalar, what: &str) -> Result<Dyadic, String> {
        match v {
            Scalar::Num(d) => Ok(d.clone()),
            _ => {
                let g = self.game(v);
                Err(format!(
                    "the value {} is not a number, so it has no {what}",
                    self.games.display(g)
                ))
            }
        }
    }
}
