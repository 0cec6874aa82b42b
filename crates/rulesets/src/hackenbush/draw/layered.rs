//! Layered layout for pictures that are not grounded forests (after Sugiyama).
//!
//! The one idea: **height is distance from the ground.** A breadth-first search from the ground
//! gives every node its layer, so every edge joins two adjacent layers or stays within one; the
//! drawing then only has to choose an order inside each layer (barycentre sweeps, keeping the
//! order with fewest crossings) and x positions (each node pulled towards its neighbours, as a
//! least-squares fit that keeps the order and a minimum gap). Every step is a fixed number of
//! passes with stable tie-breaks, so the same picture always gets the same drawing.

use super::geometry::Point;
use super::graph::Graph;

/// Barycentre sweeps (down and up count as one each).
const ORDER_SWEEPS: usize = 8;
/// Passes pulling nodes towards their neighbours (odd: the last one goes down).
const PLACE_SWEEPS: usize = 7;
/// Minimum horizontal gap between neighbours in one layer, in edge lengths.
const SEPARATION: f64 = 1.0;

/// The result: a position per dense node (index 0, the ground, gets the origin) and each node's
/// layer and rank within it, which the edge shaper uses to arch same-layer edges over nodes.
pub struct Layered {
    pub at: Vec<Point>,
    pub layer: Vec<usize>,
    pub rank: Vec<usize>,
}

pub fn layered(graph: &Graph) -> Layered {
    let layer = depths(graph);
    let (up, down) = between_layers(graph, &layer);
    let mut layers = group_layers(&layer);
    order_layers(&mut layers, &up, &down);

    let n = graph.node_count();
    let mut rank = vec![0usize; n];
    for row in &layers {
        for (i, &v) in row.iter().enumerate() {
            rank[v] = i;
        }
    }
    let x = place(&layers, &up, &down, n);
    let at = (0..n).map(|v| Point::new(x[v], layer[v] as f64)).collect();
    Layered { at, layer, rank }
}

/// Breadth-first depth from the ground. Pieces not connected to the ground (a picture may hold
/// them) are searched from their lowest node, which is put at depth 1.
fn depths(graph: &Graph) -> Vec<usize> {
    let incidence = graph.incidence();
    let n = graph.node_count();
    let mut depth: Vec<Option<usize>> = vec![None; n];
    for start in 0..n {
        if depth[start].is_some() {
            continue;
        }
        depth[start] = Some(if start == 0 { 0 } else { 1 });
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(v) = queue.pop_front() {
            let d = depth[v].unwrap_or(0);
            for &e in &incidence[v] {
                let w = graph.edges[e].other(v);
                if depth[w].is_none() {
                    depth[w] = Some(d + 1);
                    queue.push_back(w);
                }
            }
        }
    }
    depth.into_iter().map(|d| d.unwrap_or(1)).collect()
}

/// For each node, its neighbours one layer up and one layer down (the ground excluded: its
/// contact points are chosen after the nodes). Parallel edges count once per copy, so a doubled
/// edge pulls twice as hard.
fn between_layers(graph: &Graph, layer: &[usize]) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let n = graph.node_count();
    let (mut up, mut down) = (vec![Vec::new(); n], vec![Vec::new(); n]);
    for e in graph.edges.iter().filter(|e| !e.touches_ground()) {
        let (lo, hi) = match layer[e.a].cmp(&layer[e.b]) {
            std::cmp::Ordering::Less => (e.a, e.b),
            std::cmp::Ordering::Greater => (e.b, e.a),
            std::cmp::Ordering::Equal => continue,
        };
        up[lo].push(hi);
        down[hi].push(lo);
    }
    (up, down)
}

/// Nodes grouped by layer, in dense-node order (that is, by original node id) inside a layer.
/// Row 0 holds only the ground and is never reordered.
fn group_layers(layer: &[usize]) -> Vec<Vec<usize>> {
    let height = layer.iter().copied().max().unwrap_or(0);
    let mut layers = vec![Vec::new(); height + 1];
    for (v, &d) in layer.iter().enumerate() {
        layers[d].push(v);
    }
    layers
}

/// Barycentre sweeps, alternately down (order by neighbours below) and up (by neighbours above);
/// the ordering with the fewest crossings seen is kept, the earliest on ties.
fn order_layers(layers: &mut [Vec<usize>], up: &[Vec<usize>], down: &[Vec<usize>]) {
    let n = up.len();
    let mut best = layers.to_vec();
    let mut best_crossings = crossings(layers, up, n);
    for sweep in 0..ORDER_SWEEPS {
        let downward = sweep % 2 == 0;
        let rows: Vec<usize> = if downward {
            (2..layers.len()).collect()
        } else {
            (1..layers.len().saturating_sub(1)).rev().collect()
        };
        for d in rows {
            let (fixed, neighbours) = if downward { (d - 1, down) } else { (d + 1, up) };
            let reference = relative_ranks(&layers[fixed], n);
            sort_by_barycentre(&mut layers[d], neighbours, &reference, n);
        }
        let count = crossings(layers, up, n);
        if count < best_crossings {
            best_crossings = count;
            best = layers.to_vec();
        }
    }
    layers.clone_from_slice(&best);
}

/// Each node's place in its row scaled into (0, 1), so rows of different lengths compare.
fn relative_ranks(row: &[usize], n: usize) -> Vec<f64> {
    let mut r = vec![f64::NAN; n];
    for (i, &v) in row.iter().enumerate() {
        r[v] = (i as f64 + 0.5) / row.len() as f64;
    }
    r
}

/// Stable sort of a row by the mean rank of each node's neighbours in the fixed row; a node with
/// no such neighbour keeps its own current relative rank.
fn sort_by_barycentre(row: &mut [usize], neighbours: &[Vec<usize>], reference: &[f64], n: usize) {
    let own = relative_ranks(row, n);
    let mut keyed: Vec<(f64, usize)> = row
        .iter()
        .map(|&v| {
            let ranks: Vec<f64> = neighbours[v]
                .iter()
                .map(|&w| reference[w])
                .filter(|r| r.is_finite())
                .collect();
            let key = if ranks.is_empty() {
                own[v]
            } else {
                ranks.iter().sum::<f64>() / ranks.len() as f64
            };
            (key, v)
        })
        .collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (slot, (_, v)) in row.iter_mut().zip(keyed) {
        *slot = v;
    }
}

/// Number of pairs of edges between adjacent layers that cross.
fn crossings(layers: &[Vec<usize>], up: &[Vec<usize>], n: usize) -> usize {
    let mut rank = vec![0usize; n];
    for row in layers {
        for (i, &v) in row.iter().enumerate() {
            rank[v] = i;
        }
    }
    let mut total = 0;
    for row in layers.iter().skip(1) {
        let mut pairs: Vec<(usize, usize)> = row
            .iter()
            .flat_map(|&v| up[v].iter().map(move |&w| (v, w)))
            .map(|(v, w)| (rank[v], rank[w]))
            .collect();
        pairs.sort_unstable();
        for (i, a) in pairs.iter().enumerate() {
            total += pairs[i + 1..]
                .iter()
                .filter(|b| b.0 > a.0 && b.1 < a.1)
                .count();
        }
    }
    total
}

/// x positions: rows start centred, then sweeps alternate down (each row pulled towards its
/// neighbours in the row below) and up (towards the row above), each row fitted by least squares
/// keeping its order and the minimum gap. An odd number of sweeps ends going down, so whatever
/// stands on a single node (a stalk on a cycle) ends straight above it.
fn place(layers: &[Vec<usize>], up: &[Vec<usize>], down: &[Vec<usize>], n: usize) -> Vec<f64> {
    let mut x = vec![0.0f64; n];
    for row in layers.iter().skip(1) {
        let half = (row.len() as f64 - 1.0) / 2.0;
        for (i, &v) in row.iter().enumerate() {
            x[v] = (i as f64 - half) * SEPARATION;
        }
    }
    for sweep in 0..PLACE_SWEEPS {
        let downward = sweep % 2 == 0;
        let (rows, towards): (Vec<usize>, _) = if downward {
            ((1..layers.len()).collect(), down)
        } else {
            ((1..layers.len()).rev().collect(), up)
        };
        for d in rows {
            let wanted: Vec<f64> = layers[d]
                .iter()
                .map(|&v| mean(towards[v].iter().map(|&w| x[w])).unwrap_or(x[v]))
                .collect();
            for (&v, fitted) in layers[d].iter().zip(spaced_fit(&wanted, SEPARATION)) {
                x[v] = fitted;
            }
        }
    }
    x
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, count) = values.fold((0.0, 0usize), |(s, c), v| (s + v, c + 1));
    (count > 0).then(|| sum / count as f64)
}

/// The points `x_0 <= x_1 <= ...` with `x_{i+1} - x_i >= gap` closest (least squares) to
/// `wanted`. Substituting `y_i = x_i - i·gap` makes this isotonic regression, solved exactly by
/// pooling adjacent violators.
pub fn spaced_fit(wanted: &[f64], gap: f64) -> Vec<f64> {
    // Blocks of (sum, count) whose means are non-decreasing.
    let mut blocks: Vec<(f64, usize)> = Vec::with_capacity(wanted.len());
    for (i, &w) in wanted.iter().enumerate() {
        let mut block = (w - i as f64 * gap, 1usize);
        while let Some(&(sum, count)) = blocks.last() {
            if sum / count as f64 > block.0 / block.1 as f64 {
                block = (block.0 + sum, block.1 + count);
                blocks.pop();
            } else {
                break;
            }
        }
        blocks.push(block);
    }
    let mut out = Vec::with_capacity(wanted.len());
    for (sum, count) in blocks {
        let mean = sum / count as f64;
        for _ in 0..count {
            let i = out.len();
            out.push(mean + i as f64 * gap);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hackenbush::draw::Picture;
    use crate::hackenbush::Colour::*;

    #[test]
    fn spaced_fit_keeps_order_and_gap() {
        assert_eq!(spaced_fit(&[0.0, 0.0], 1.0), vec![-0.5, 0.5]);
        assert_eq!(spaced_fit(&[-3.0, 0.0, 5.0], 1.0), vec![-3.0, 0.0, 5.0]);
        let fit = spaced_fit(&[2.0, 1.0, 0.0], 1.0);
        assert!(fit.windows(2).all(|w| w[1] - w[0] >= 1.0 - 1e-9));
        assert!((fit.iter().sum::<f64>() - 3.0).abs() < 1e-9);
    }

    #[test]
    fn layers_are_distances_from_the_ground() {
        // Triangle g-1-2-g with a stalk 2-3-4 on top.
        let picture = Picture {
            node_count: 5,
            edges: vec![
                (0, 1, Green),
                (1, 2, Green),
                (2, 0, Green),
                (2, 3, Blue),
                (3, 4, Red),
            ],
            coords: None,
        };
        let out = layered(&Graph::new(&picture));
        assert_eq!(out.layer, vec![0, 1, 1, 2, 3]);
        // The stalk stands straight above its base.
        assert!((out.at[3].x - out.at[2].x).abs() < 1e-9);
        assert!((out.at[4].x - out.at[3].x).abs() < 1e-9);
        assert!((out.at[2].x - out.at[1].x).abs() >= 1.0 - 1e-9);
    }

    #[test]
    fn crossings_are_removed_when_possible() {
        // Two ground nodes 1, 2; above them 3 on 2 and 4 on 1, listed crosswise.
        let picture = Picture {
            node_count: 5,
            edges: vec![
                (0, 1, Blue),
                (0, 2, Blue),
                (2, 3, Red),
                (1, 4, Red),
                (3, 4, Green),
            ],
            coords: None,
        };
        let g = Graph::new(&picture);
        let out = layered(&g);
        let (up, _) = between_layers(&g, &out.layer);
        let mut layers = group_layers(&out.layer);
        for row in &mut layers {
            row.sort_by_key(|&v| out.rank[v]);
        }
        assert_eq!(crossings(&layers, &up, g.node_count()), 0);
    }
}
