//! hackenbook: Markdown essays about combinatorial games in, a static site out — and every
//! mathematical claim in the prose checked against the solver on the way.
//!
//! The pipeline is `essay` (load and parse) → `check` (evaluate positions, games and censuses,
//! compare claims) → `page` (HTML of each essay) → `site` (templates, assets, publishing), run by
//! `driver`. Each stage hands the next plain data, so `check` and `build` cannot drift apart.
//!
//! Layers, each importing only from those below it (`tests/layering.rs` holds them to it): the
//! commands (`commands`, `serve`) run the `driver`; the driver runs `check`, `page` and `site`;
//! `page` turns what `check` computed into HTML, with `site`'s typesetting; `check` asks
//! `census`, `hackenbush` and `games`; `census` builds on `hackenbush`, which builds on `games`.
pub mod check;
pub mod commands;
pub mod driver;
pub mod essay;
pub mod init;
pub mod mdbook;
pub mod page;
pub mod serve;
pub mod site;
