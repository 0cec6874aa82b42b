//! The censuses' integration tests, one test binary: each file of `tests/` is a module here, so
//! the crate and its test dependencies are linked once rather than once per file. `cargo test -p
//! hackenbook-census --test integration census_shards::` runs one file's tests. A new file of
//! `tests/` must be declared here (the root's `tests/layering.rs` fails until it is).

// What several files share.
mod support;

mod census_clock;
mod census_counting;
mod census_engines;
mod census_figures;
mod census_games;
mod census_graphs;
// Reads the export back: needs the export (`--features parquet`; the command line's default).
#[cfg(feature = "parquet")]
mod census_parquet;
mod census_positions;
mod census_shards;
mod readme_properties;
