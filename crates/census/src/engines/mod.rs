//! The census engines: each enumerates the members of one kind of family
//! ([`crate::families`]), once each, and values them.
//!
//! Blue-red forests are [`enumerating`] level by level in arrays (the fast engine), or
//! [`counting`] by value with no forest built; forests of any colours, and the childish rules,
//! are [`composing`] from their options; the [`reference`] engine builds each forest as a
//! nested list and is the yardstick the others are tested against. Connected pictures with
//! cycles are enumerated up to isomorphism and valued by the solver ([`graphs`]); games born by
//! a day ([`games`]) and another game's positions ([`positions`]) are members valued by the
//! games engine. Their names, and the method behind each column they fill, are
//! [`crate::record::method`]'s.

pub mod composing;
pub mod counting;
pub mod enumerating;
pub mod games;
pub mod graphs;
pub mod positions;
pub mod reference;
pub mod tally;
