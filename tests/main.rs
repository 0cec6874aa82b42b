//! The command line's integration tests, one test binary: each file of `tests/` is a module
//! here, so that the whole stack (KaTeX, Tera, Parquet…) is linked once rather than once per
//! file. `cargo test --test integration essay_fixtures::` runs one file's tests. A new file of
//! `tests/` must be declared here (`tests/layering.rs` fails until it is). `serve_threads.rs`
//! stays a binary of its own: it counts the threads of its process.

// What several files share.
mod oracles;
mod refusal;
mod serve_support;

mod build_output;
mod cache_trust;
mod commands_essays;
mod essay_fixtures;
mod essay_input;
mod essays_hold;
mod hostile_input;
mod layering;
mod mdbook_preprocessor;
mod message_formats;
mod serve_cli;
mod serve_live;
mod serve_rebuild;
mod site_deploy;
mod test_binaries;
