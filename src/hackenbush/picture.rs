//! The drawer's input, as the contract defines it: the picture's nodes and edges and optional
//! author-given coordinates.
//!
//! The one idea: a temporary copy of `draw::Picture`, so that `Position::picture()` exists before
//! the drawer lands; the lead replaces this file by a re-export of `draw::Picture`.

use super::Colour;

/// Node 0 is the ground. Coordinates, when given, are per node: x to the right, y upwards with
/// the ground line at y = 0 (every other node has y ≥ 1); node 0's entry is `(0, 0)` and
/// carries no meaning, since each ground contact is drawn where its edge meets the ground line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub node_count: usize,
    /// May include loops (`u == u`) and parallel edges.
    pub edges: Vec<(usize, usize, Colour)>,
    pub coords: Option<Vec<(i32, i32)>>,
}
