//! Exact short-game algebra: dyadic numbers, canonical forms, sums, ordinal sums, notation.
pub mod dyadic;

pub use dyadic::Dyadic;
