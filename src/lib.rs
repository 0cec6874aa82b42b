//! hackenbook: Markdown essays about combinatorial games in, a static site out — and every
//! mathematical claim in the prose checked against the solver on the way.
//!
//! The pipeline is `essay` (load and parse) → `check` (evaluate positions, games and censuses,
//! compare claims) → `site` (render HTML, maths and diagrams). Each stage hands the next plain data.
pub mod census;
pub mod essay;
pub mod games;
pub mod hackenbush;
pub mod site;
