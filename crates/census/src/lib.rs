//! Censuses: named families of positions (or of games) enumerated exhaustively, and a query language that
//! binds each figure of an essay to a count, a share or a universal statement over a family.
//!
//! The one idea: a figure in prose is only as good as the computation behind it, so every
//! figure is a query over a census that is enumerated without duplicates or omissions (its
//! size is checked against a closed form), evaluated by the game tree and compared exactly;
//! the theorems a query compares with the value are computed apart from it, and a comparison
//! of two figures computed the same way is refused ([`obtained`]).
//!
//! Pipeline: [`definition`] reads a census block → [`engine`] (blue-red, fast) or [`mixed`]
//! (any colours, or the childish rules, composed tree by tree; [`reference`], the plain game
//! tree, is its yardstick in the tests) or [`graphs`] (connected pictures with cycles, once up
//! to isomorphism, valued by the solver) enumerates and evaluates it into grouped [`record`]s
//! (a census of games, [`games`], or of another game's positions, [`positions`], into members),
//! cached by [`cache`] → [`query`] parses a question, [`eval`] answers it per record, and
//! [`workspace`] (what an essay defined; its checker, runner and figures, a file each)
//! aggregates the answer into a [`Figure`] → [`literal`] holds the essay's
//! words against it. A question that reads values alone of a blue-red census (`count`, `share`,
//! `min`, `max`, `total` on `value` and `edges`) is answered instead by [`counting`] the
//! members by value, none built, and asking [`counted`] sizes and values.
pub mod cache;
pub mod counted;
pub mod counting;
pub mod definition;
pub mod engine;
pub mod engines;
pub mod eval;
#[cfg(feature = "parquet")]
pub mod export;
pub mod family;
pub mod forest;
pub mod games;
pub mod graphs;
pub mod literal;
pub mod memory;
pub mod mixed;
pub mod obtained;
pub mod positions;
pub mod progress;
pub mod property;
pub mod query;
pub mod record;
pub mod reference;
pub mod row;
pub mod shard;
pub mod small;
pub mod workspace;

pub use literal::{literal_holds, render_figure, Example, Figure};
pub use query::QueryError;
pub use workspace::{CensusRun, Ladder, Listing, NameKind, Refused, SetAside, Workspace};
