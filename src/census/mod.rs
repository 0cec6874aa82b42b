//! Censuses: named families of positions enumerated exhaustively, and a query language that
//! binds each figure of an essay to a count, a share or a universal statement over a family.
pub mod engine;
pub mod family;
pub mod query;
pub mod forest;
pub mod record;
pub mod small;
