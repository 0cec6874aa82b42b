//! hackenbook, the command line: the commands (`commands`), the local server (`serve`), a new
//! site (`init`) and the mdBook preprocessor (`mdbook`), over the book (`hackenbook_book`: essays
//! checked and rendered) and the engines below it (`hackenbook_census`, `hackenbook_rulesets`,
//! `hackenbook_games`, `hackenbook_base`).
//!
//! Layers, each importing only from those below it (`tests/layering.rs` holds them to it): the
//! commands (`commands`, `serve`) run the book's driver and `init` (which writes a new site);
//! `mdbook` runs the driver's check for a book.
pub mod commands;
pub mod init;
pub mod mdbook;
pub mod serve;
