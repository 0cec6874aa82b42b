//! Drawing Hackenbush positions as inline SVG.
//!
//! The one idea: **geometry first, markup last.** A [`Picture`] (a graph whose node 0 is the
//! ground) is turned into a [`Layout`] — plain coordinates in "edge lengths", y up, the ground at
//! y = 0 — and only then written out as SVG. Everything that can be tested about a drawing
//! (nodes do not overlap, children stand above parents, loops and parallel edges get distinct
//! curves, author coordinates are honoured) is asserted on the layout, not on the markup.
//!
//! Three layouts are chosen from, in this order:
//! 1. author-given `coords` ([`Picture::coords`]), scaled so a typical edge is one unit long;
//! 2. a tidy tree layout when the picture is a forest standing on the ground (module `tree`);
//! 3. a layered layout for everything else: cycles, loops, parallel edges, several ground
//!    contacts (module `layered`).
//!
//! The ground is one node of the graph but is drawn as a line: every edge that touches it gets its
//! own contact point along that line (module `ground`).
//!
//! Styling (module `svg`): colours never stand alone. Blue edges are solid, red edges
//! are a double line (a thick stroke with a white core), green edges are dashed; the hues are
//! from the Okabe–Ito palette, dark enough for white paper and grey-scale print.

mod geometry;
mod graph;
mod ground;
mod layered;
mod layout;
mod shapes;
mod svg;
mod tree;

pub use geometry::Point;
pub use layout::{layout, Layout, LayoutKind, NodeSpot};
pub use shapes::{EdgeShape, Path};
pub use svg::{fit, parts, svg, svg_standing, touched, Parts, EDGE_EM, STYLE, UNIT};

use crate::hackenbush::{Colour, Position};

/// What the drawer is given: a graph standing on the ground.
///
/// Node 0 is the ground. Edges may be loops (`u == u`) and may repeat (parallel edges); an edge
/// naming a node `>= node_count` is not drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picture {
    pub node_count: usize,
    pub edges: Vec<(usize, usize, Colour)>,
    /// Optional author-given coordinates, one per node (x to the right, y up, the ground at
    /// y = 0). Used only when every node touched by an edge has one; entry 0 (the ground) is
    /// ignored, because the ground is a line.
    pub coords: Option<Vec<(i32, i32)>>,
}

/// At most this many edges are drawn; the rest of a larger picture is left out, because such a
/// drawing would be unreadable anyway and layout time must stay bounded.
pub const MAX_EDGES: usize = 2000;

impl Position {
    /// What the drawer needs: nodes, edges (loops and parallel edges included), coordinates.
    pub fn picture(&self) -> Picture {
        Picture {
            node_count: self.node_count(),
            edges: self.edges().to_vec(),
            coords: self.coords().map(<[_]>::to_vec),
        }
    }
}
