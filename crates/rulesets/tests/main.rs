//! The rulesets' integration tests, one test binary: each file of `tests/` is a module here, so
//! the crate and its test dependencies are linked once rather than once per file. `cargo test -p
//! hackenbook-rulesets --test integration hackenbush_play::` runs one file's tests. A new file of
//! `tests/` must be declared here (the root's `tests/layering.rs` fails until it is).

// What several files share.
mod draw_xml;
mod random_positions;

mod census_families;
mod draw_gallery;
mod draw_layout;
mod draw_svg;
mod hackenbush_notation;
mod hackenbush_play;
mod hackenbush_solver;
mod hackenbush_theorems;
mod hackenbush_values;
mod number_search;
