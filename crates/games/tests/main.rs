//! The algebra's integration tests, one test binary: each file of `tests/` is a module here, so
//! the crate and its test dependencies are linked once rather than once per file. `cargo test -p
//! hackenbook-games --test integration games_thermal::` runs one file's tests. A new file of
//! `tests/` must be declared here (the root's `tests/layering.rs` fails until it is).

// What several files share.
mod days;

mod games_cgt;
mod games_days;
mod games_notation;
mod games_props;
mod games_thermal;
