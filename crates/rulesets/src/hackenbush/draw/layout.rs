//! Choosing a layout and assembling its result.
//!
//! The one idea: **a layout is data.** Whichever strategy places the nodes (author coordinates,
//! tidy tree, layered), the result is the same [`Layout`]: node positions and edge paths in edge
//! lengths with y up and the ground at y = 0, plus the bounding box of all ink. The SVG writer and
//! the tests both read only this.

use super::geometry::Point;
use super::graph::{GEdge, Graph};
use super::shapes::{EdgeShape, Path};
use super::{ground, layered, shapes, tree, Picture};

/// Which strategy placed the nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutKind {
    /// No drawable edge: only the ground is drawn.
    Empty,
    /// The author's coordinates, scaled.
    Given,
    /// Tidy tree layout of a grounded forest.
    Forest,
    /// Layered layout of a general graph.
    Layered,
}

/// A drawn node: its id in the picture and its position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeSpot {
    pub node: usize,
    pub at: Point,
}

/// Where everything goes, in edge lengths (y up, ground at y = 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub kind: LayoutKind,
    /// Non-ground nodes touched by a drawn edge, by ascending node id.
    pub nodes: Vec<NodeSpot>,
    /// Drawn edges in picture order (edges naming missing nodes are skipped).
    pub edges: Vec<EdgeShape>,
    /// Lower-left and upper-right corners of all ink, the ground line included.
    pub min: Point,
    pub max: Point,
    /// The x range the ground line covers.
    pub ground: (f64, f64),
}

impl Layout {
    /// Where node `node` (picture numbering) is drawn, if it is drawn.
    pub fn position(&self, node: usize) -> Option<Point> {
        self.nodes
            .binary_search_by_key(&node, |s| s.node)
            .ok()
            .map(|k| self.nodes[k].at)
    }
}

/// How far the ground line runs past the outermost ink on each side, in edge lengths.
const GROUND_OVERHANG: f64 = 0.6;

/// How far the ground contacts of one piece are drawn together in the layered layout: a cycle
/// through the ground narrows towards it, as it would be sketched by hand.
const CONVERGE: f64 = 0.5;

/// Lays a picture out: author coordinates when complete, else a tidy tree layout for a grounded
/// forest, else a layered layout.
pub fn layout(picture: &Picture) -> Layout {
    let graph = Graph::new(picture);
    if graph.edges.is_empty() {
        return empty();
    }
    let no_arch = |_: &GEdge| 0.0;
    let (kind, at, edges) = if let Some(at) = given(picture, &graph) {
        let contacts = ground::contacts(&graph, &at, 0.0);
        let edges = shapes::build(&graph, &at, &contacts, &no_arch);
        (LayoutKind::Given, at, edges)
    } else if graph.is_grounded_forest() {
        let at = tree::tidy(&graph);
        let contacts = ground::contacts(&graph, &at, 0.0);
        let edges = shapes::build(&graph, &at, &contacts, &no_arch);
        (LayoutKind::Forest, at, edges)
    } else {
        let placed = layered::layered(&graph);
        let contacts = ground::contacts(&graph, &placed.at, CONVERGE);
        let arch = |e: &GEdge| arch_over(e, &placed);
        let edges = shapes::build(&graph, &placed.at, &contacts, &arch);
        (LayoutKind::Layered, placed.at, edges)
    };
    let nodes = graph
        .ids
        .iter()
        .zip(at.iter().skip(1))
        .map(|(&node, &at)| NodeSpot { node, at })
        .collect();
    assemble(kind, nodes, edges)
}

/// Just the ground.
fn empty() -> Layout {
    assemble(LayoutKind::Empty, Vec::new(), Vec::new())
}

/// An edge within one layer whose ends are not neighbours in the layer would run through the
/// nodes between them: arch it upwards, higher for longer spans.
fn arch_over(e: &GEdge, placed: &layered::Layered) -> f64 {
    if e.touches_ground() || e.is_loop() || placed.layer[e.a] != placed.layer[e.b] {
        return 0.0;
    }
    let skipped = placed.rank[e.a].abs_diff(placed.rank[e.b]);
    if skipped <= 1 {
        return 0.0;
    }
    0.7 * (placed.at[e.a].x - placed.at[e.b].x).abs()
}

/// Author coordinates for every dense node, scaled so that the median edge is one unit long.
/// `None` unless every node touched by a drawable edge has coordinates.
fn given(picture: &Picture, graph: &Graph) -> Option<Vec<Point>> {
    let coords = picture.coords.as_ref()?;
    let mut at = vec![Point::new(0.0, 0.0)];
    for &id in &graph.ids {
        let &(x, y) = coords.get(id)?;
        at.push(Point::new(f64::from(x), f64::from(y)));
    }
    let scale = 1.0 / median_length(graph, &at).unwrap_or(1.0);
    Some(at.into_iter().map(|p| p * scale).collect())
}

/// Median length of the non-loop edges, a ground edge counting as its height; `None` when no
/// edge has positive length.
fn median_length(graph: &Graph, at: &[Point]) -> Option<f64> {
    let mut lengths: Vec<f64> = graph
        .edges
        .iter()
        .filter(|e| !e.is_loop())
        .map(|e| {
            if e.touches_ground() {
                at[e.other(0)].y.abs()
            } else {
                at[e.a].distance(at[e.b])
            }
        })
        .filter(|&l| l > 0.0 && l.is_finite())
        .collect();
    if lengths.is_empty() {
        return None;
    }
    lengths.sort_by(f64::total_cmp);
    Some(lengths[lengths.len() / 2])
}

/// Computes the ground extent and bounding box, and translates everything so the ink starts at
/// x = 0 (drawings then read the same whatever x the strategy happened to centre on).
fn assemble(kind: LayoutKind, mut nodes: Vec<NodeSpot>, mut edges: Vec<EdgeShape>) -> Layout {
    let points: Vec<Point> = nodes
        .iter()
        .map(|s| s.at)
        .chain(edges.iter().flat_map(|e| e.path.on_curve()))
        .filter(|p| p.x.is_finite() && p.y.is_finite())
        .collect();
    // An empty picture still gets a short stretch of ground.
    let (lo_x, hi_x) = if points.is_empty() {
        (0.0, 1.0)
    } else {
        let xs = points.iter().map(|p| p.x);
        (
            xs.clone().fold(f64::INFINITY, f64::min),
            xs.fold(f64::NEG_INFINITY, f64::max),
        )
    };
    let lo_y = points.iter().map(|p| p.y).fold(0.0f64, f64::min);
    let hi_y = points.iter().map(|p| p.y).fold(0.0f64, f64::max);

    let shift = Point::new(GROUND_OVERHANG - lo_x, 0.0);
    for s in &mut nodes {
        s.at = s.at + shift;
    }
    for e in &mut edges {
        e.path = translate(e.path, shift);
    }
    let width = hi_x - lo_x + 2.0 * GROUND_OVERHANG;
    Layout {
        kind,
        nodes,
        edges,
        min: Point::new(0.0, lo_y),
        max: Point::new(width, hi_y),
        ground: (0.0, width),
    }
}

fn translate(path: Path, by: Point) -> Path {
    match path {
        Path::Line(a, b) => Path::Line(a + by, b + by),
        Path::Quad(a, c, b) => Path::Quad(a + by, c + by, b + by),
        Path::Cubic(a, c, d, b) => Path::Cubic(a + by, c + by, d + by, b + by),
    }
}
