//! Hackenbush positions: graphs standing on a ground, their notation, moves, values and drawings.
//!
//! The one idea: a position is a graph with a ground, nothing more; every rule (the moves, the
//! childish condition, the theorems used as fast paths) is a function of that graph, and the
//! solver checks every theorem it uses against the plain game tree whenever it can afford to.
pub mod blocks;
pub mod budget;
pub mod canon;
pub mod colour;
pub mod cut;
pub mod draw;
pub mod edge_names;
pub mod evaluation;
pub mod evaluator;
pub mod green;
pub mod memo;
pub mod moves;
pub mod notation;
pub mod numbers;
pub mod position;
pub mod ruleset;
pub mod search;
pub mod signs;
pub mod solve;
pub mod value_cache;

pub use budget::SolveError;
pub use colour::Colour;
pub use draw::Picture;
pub use edge_names::EdgeNames;
pub use evaluation::Evaluation;
pub use evaluator::{Evaluator, Settings};
pub use hackenbook_games::Player;
pub use moves::{options, Rules};
pub use notation::NotationError;
pub use position::{Edge, GraphError, Position, Tree};
pub use ruleset::{Hackenbush, InPlay};
pub use solve::{evaluate, Limits, Solver, SolverStats};

impl Position {
    /// Reads the shorthand (`L(L R) RL`), the graph form (`g-a L, a-b R, b-g G`) or CGSuite's
    /// strings (`l(l;rl)`); see [`notation`] for the grammar.
    pub fn parse(text: &str) -> Result<Position, NotationError> {
        notation::parse(text)
    }

    /// The shorthand when the position is a forest without coordinates, else the graph form.
    pub fn notation(&self) -> String {
        notation::print(self)
    }

    /// The value of a blue-red forest by the tree rule, `(±1) : (forest above the trunk)` on
    /// sign expansions, without building any game: one step per edge. `None` for a position
    /// with a green edge or a cycle.
    pub fn forest_number(&self) -> Option<hackenbook_games::Dyadic> {
        signs::forest_value(self)
    }
}

impl std::str::FromStr for Position {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Position, NotationError> {
        Position::parse(text)
    }
}
