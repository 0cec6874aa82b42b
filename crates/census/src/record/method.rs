//! The engines a census can run on, by name: which one computed a census's rows, and how each
//! engine obtains every column of a record (the notebook's account of a figure reads it).

use crate::record::{Field, Record};
use hackenbook_base::provenance::Method;

/// The engine that computed a census's rows (or a named position's record).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Blue-red forests under normal play, level by level in arrays ([`crate::engines::enumerating`]).
    Fast,
    /// Forests of any colours, or under the childish rules, each from its options
    /// ([`crate::engines::composing`]).
    Composing,
    /// The plain game tree on nested lists ([`crate::engines::reference`]): named positions.
    Reference,
    /// Pictures, each valued by the solver ([`crate::engines::graphs`]); a named position that is not a
    /// forest of at most 16 edges under normal play.
    Solver,
    /// Games enumerated by birthday ([`crate::engines::games`]).
    Games,
    /// Blue-red forests counted by value, none built ([`crate::engines::counting`]): only figures
    /// that read values alone.
    Counting,
}

impl Engine {
    pub const ALL: [Engine; 6] = [
        Engine::Fast,
        Engine::Composing,
        Engine::Reference,
        Engine::Solver,
        Engine::Games,
        Engine::Counting,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Engine::Fast => "fast engine",
            Engine::Composing => "composing engine",
            Engine::Reference => "reference engine",
            Engine::Solver => "solver",
            Engine::Games => "games engine",
            Engine::Counting => "counting engine",
        }
    }

    /// How the engine values a member: the game tree for every engine but the solver's.
    pub fn value_method(self) -> Method {
        match self {
            Engine::Fast => Method::SimplicityRule,
            Engine::Composing | Engine::Reference | Engine::Games => Method::GameTree,
            Engine::Solver => Method::Solver,
            Engine::Counting => Method::TreeRule,
        }
    }

    /// How `field` is computed for the member with record `r`.
    pub fn method(self, field: Field, r: &Record) -> Method {
        let alone = matches!(self, Engine::Fast | Engine::Composing | Engine::Reference);
        match field {
            // A single tree is its own sum.
            Field::Sum if alone && r.trunks == 1 => self.value_method(),
            // A stalk is its own leftmost reading (the fast engine reads it by its signs).
            Field::Reading if alone && self != Engine::Fast && r.path => self.value_method(),
            _ => self.general(field),
        }
    }

    /// How `field` is computed for a member of several trees with a fork on its leftmost path.
    pub fn general(self, field: Field) -> Method {
        match (self, field) {
            (_, Field::Value) => self.value_method(),
            // A picture valued by the solver has none of the forest columns: they hold its value.
            (Engine::Solver | Engine::Games, _) => self.value_method(),
            // Counting reads nothing but the value, by the tree rule.
            (Engine::Counting, _) => self.value_method(),
            (Engine::Fast, Field::Reading) => Method::SignExpansion,
            (_, Field::Reading) => Method::GameTreeOfReading,
            (Engine::Fast, Field::TreeRule) => Method::TreeRule,
            (_, Field::TreeRule) => Method::OrdinalSums,
            (_, Field::Sum) => Method::SumOfPieces,
            (_, Field::OrdinalSum) => Method::OrdinalSum,
        }
    }
}
