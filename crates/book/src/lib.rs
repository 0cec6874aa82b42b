//! The book: Markdown essays about combinatorial games in, a static site out — and every
//! mathematical claim in the prose checked against the solver on the way.
//!
//! The pipeline is `essay` (load and parse) → `check` (evaluate positions, games and censuses,
//! compare claims) → `page` (HTML of each essay) → `site` (templates, assets, publishing), run by
//! `driver`. Each stage hands the next plain data, so `check` and `build` cannot drift apart.
//!
//! Layers, each importing only from those below it (`tests/layering.rs` holds them to it): the
//! driver runs `check`, `page` and `site`; `page` turns what `check` computed into HTML, with
//! `site`'s typesetting; `site` writes pages whose slugs `essay` vouched for; `check` asks the
//! census, rulesets and games crates about what `essay` read.
pub mod check;
pub mod driver;
pub mod essay;
pub mod page;
pub mod site;
