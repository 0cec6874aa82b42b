//! How each census engine obtains every column of a record (the notebook's account of a figure
//! reads it). The engines themselves — which one computed a census's rows, by name, and how
//! each values a member — are [`Engine`], of the rulesets' layer, where a family names the
//! engine that lists and values its members.

use crate::record::{Field, Record};
use hackenbook_base::provenance::Method;

pub use hackenbook_rulesets::Engine;

/// How an engine obtains every column of a record (the engines themselves, with their names
/// and how each values a member, are the rulesets' layer's [`Engine`], which a census family
/// names as the one that lists and values its members).
pub trait Columns: Copy {
    /// How `field` is computed for the member with record `r`.
    fn method(self, field: Field, r: &Record) -> Method;

    /// How `field` is computed for a member of several trees with a fork on its leftmost path.
    fn general(self, field: Field) -> Method;
}

impl Columns for Engine {
    fn method(self, field: Field, r: &Record) -> Method {
        let alone = matches!(self, Engine::Fast | Engine::Composing | Engine::Reference);
        match field {
            // A single tree is its own sum.
            Field::Sum if alone && r.trunks == 1 => self.value_method(),
            // A stalk is its own leftmost reading (the fast engine reads it by its signs).
            Field::Reading if alone && self != Engine::Fast && r.path => self.value_method(),
            _ => self.general(field),
        }
    }

    fn general(self, field: Field) -> Method {
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
