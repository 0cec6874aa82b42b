//! Where edges meet the ground.
//!
//! The one idea: **the ground is one node but many points.** Each edge touching the ground gets
//! its own contact point on the line, wanted straight below the node it holds up; several ground
//! edges at one node fan out around that spot, and all contacts are then fitted (least squares)
//! to keep their order and a minimum gap, so no two edges share a point on the ground.

use super::geometry::Point;
use super::graph::Graph;
use super::layered::spaced_fit;

/// Minimum gap between two contact points, in edge lengths.
const GAP: f64 = 0.5;
/// Spacing of the fan of ground edges at one node.
const FAN: f64 = 0.5;

/// The x of each edge's ground contact, indexed like `graph.edges` (`None` for edges off the
/// ground). A loop at the ground gets a contact too: it stands on the line to the right of the
/// rest. With `converge` in (0, 1], each contact of a piece is moved that fraction of the way from
/// its node's x towards the mean x of the piece's grounded nodes.
pub fn contacts(graph: &Graph, at: &[Point], converge: f64) -> Vec<Option<f64>> {
    let centre = grounded_centres(graph, at);
    let mut fan_size = vec![0usize; graph.node_count()];
    for e in graph
        .edges
        .iter()
        .filter(|e| e.touches_ground() && !e.is_loop())
    {
        fan_size[e.other(0)] += 1;
    }
    let rightmost = at
        .iter()
        .skip(1)
        .map(|p| p.x)
        .fold(f64::NEG_INFINITY, f64::max);
    let rightmost = if rightmost.is_finite() {
        rightmost
    } else {
        0.0
    };

    // (wanted x, edge position), one per ground edge.
    let mut wanted: Vec<(f64, usize)> = Vec::new();
    let mut fan_seen = vec![0usize; graph.node_count()];
    let mut ground_loops = 0usize;
    for (i, e) in graph.edges.iter().enumerate() {
        if !e.touches_ground() {
            continue;
        }
        if e.is_loop() {
            ground_loops += 1;
            wanted.push((rightmost + ground_loops as f64, i));
            continue;
        }
        let v = e.other(0);
        let k = fan_size[v] as f64;
        let j = fan_seen[v] as f64;
        fan_seen[v] += 1;
        let below = at[v].x + (centre[v] - at[v].x) * converge;
        wanted.push((below + (j - (k - 1.0) / 2.0) * FAN, i));
    }
    wanted.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));

    let xs: Vec<f64> = wanted.iter().map(|w| w.0).collect();
    let mut out = vec![None; graph.edges.len()];
    for ((_, i), x) in wanted.iter().zip(spaced_fit(&xs, GAP)) {
        out[*i] = Some(x);
    }
    out
}

/// For each node, the mean x of the grounded nodes of its piece (its own x if none).
fn grounded_centres(graph: &Graph, at: &[Point]) -> Vec<f64> {
    let pieces = graph.pieces();
    let mut sum = vec![(0.0f64, 0usize); graph.node_count()];
    for e in graph
        .edges
        .iter()
        .filter(|e| e.touches_ground() && !e.is_loop())
    {
        let v = e.other(0);
        let s = &mut sum[pieces[v]];
        *s = (s.0 + at[v].x, s.1 + 1);
    }
    (0..graph.node_count())
        .map(|v| match sum[pieces[v]] {
            (total, count) if count > 0 => total / count as f64,
            _ => at[v].x,
        })
        .collect()
}
