//! The book's integration tests, one test binary: each file of `tests/` is a module here, so the
//! whole book (KaTeX, Tera, the fonts) is linked once rather than once per file. `cargo test -p
//! hackenbook-book --test integration site_render::` runs one file's tests. A new file of
//! `tests/` must be declared here (the root's `tests/layering.rs` fails until it is).

mod check_context;
mod investigate_solver;
mod notation_katex;
mod other_games;
mod page_play;
mod plot;
mod provenance;
mod site_render;
