//! Censuses: named families of positions (or of games) enumerated exhaustively, and a query language that
//! binds each figure of an essay to a count, a share or a universal statement over a family.
//!
//! The one idea: a figure in prose is only as good as the computation behind it, so every
//! figure is a query over a census that is enumerated without duplicates or omissions (its
//! size is checked against a closed form), evaluated by the game tree and compared exactly;
//! the theorems a query compares with the value are computed apart from it, and a comparison
//! of two figures computed the same way is refused ([`query::obtained`]).
//!
//! Pipeline: [`definition`] reads a census block into one of the [`families`] → one of the [`engines`]
//! enumerates and values its members into grouped [`record`]s (blue-red forests by
//! [`engines::enumerating`], fast; any colours, or the childish rules, by
//! [`engines::composing`], with [`engines::reference`], the plain game tree, its yardstick in
//! the tests; pictures with cycles by [`engines::graphs`]; games by [`engines::games`]; another
//! game's positions by [`engines::positions`]), kept on disk by [`store`] → the [`query`]
//! language parses a question and evaluates it per record, and the [`workspace`] (what an
//! essay defined; its checker, runner and figures, a file each) aggregates the answer into a
//! [`Figure`] → [`query::literal`] holds the essay's words against it. A question that reads
//! values alone of a blue-red census (`count`, `share`, `min`, `max`, `total`, `distinct` on
//! `value` and `edges`) is answered instead by [`engines::counting`] the members by value, none
//! built, and asking [`query::counted`] sizes and values.
//!
//! The folders, bottom up (none uses one above it, `tests/layering.rs`): [`forest`] and
//! [`small`] (a packed forest, a fixed-width dyadic); [`record`] (what a census knows of each
//! member, and which engine computed it how); [`families`] (what a census enumerates: each
//! implements the one family trait of the rulesets' layer, [`hackenbook_rulesets::Family`] —
//! Hackenbush forests and graphs, games by birthday and every ruleset's families of positions) with the [`memory`] and [`progress`] of a run; [`engines`];
//! [`query`]; [`store`]; [`definition`]; [`workspace`].
pub mod definition;
pub mod engines;
pub mod families;
pub mod forest;
pub mod memory;
pub mod progress;
pub mod query;
pub mod record;
pub mod small;
pub mod store;
pub mod workspace;

pub use query::literal::{literal_holds, render_figure, Example, Figure};
pub use query::QueryError;
pub use workspace::{CensusRun, Ladder, Listing, NameKind, Refused, SetAside, Workspace};
