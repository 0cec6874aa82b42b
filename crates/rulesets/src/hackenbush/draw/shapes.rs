//! The curve each edge is drawn as, once nodes and ground contacts are placed.
//!
//! The one idea: **every edge gets a path no other edge has.** A plain edge is a straight
//! segment; copies of one edge (parallel edges) bend apart as quadratic Béziers, symmetrically
//! about the straight line (edges from the ground to one node, whose feet are apart already,
//! bow outwards); a loop is a teardrop pointing where its node has most room (upwards
//! when free), a loop sent the same way as an earlier one drawn larger; an edge the layout asks to
//! arch (a same-layer edge that would run through nodes) bends upwards.

use std::collections::BTreeMap;

use super::geometry::Point;
use super::graph::{GEdge, Graph};
use crate::hackenbush::Colour;

/// The geometry of one edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Path {
    /// A straight segment.
    Line(Point, Point),
    /// A quadratic Bézier: start, control, end.
    Quad(Point, Point, Point),
    /// A cubic Bézier: start, two controls, end (loops start and end at their node).
    Cubic(Point, Point, Point, Point),
}

impl Path {
    /// Every point defining the path; the curve lies in their convex hull.
    pub fn points(&self) -> Vec<Point> {
        match *self {
            Path::Line(a, b) => vec![a, b],
            Path::Quad(a, c, b) => vec![a, c, b],
            Path::Cubic(a, c, d, b) => vec![a, c, d, b],
        }
    }

    /// Points on the path, its ends among them, close enough together that the drawing's frame
    /// fits them: a curve's control points lie far outside its bend (a loop's, an edge's
    /// height above its top), and a frame fitted to them leaves empty space there.
    pub fn on_curve(&self) -> Vec<Point> {
        const STEPS: u32 = 32;
        (0..=STEPS)
            .map(|k| {
                let t = f64::from(k) / f64::from(STEPS);
                let s = 1.0 - t;
                match *self {
                    Path::Line(a, b) => a * s + b * t,
                    Path::Quad(a, c, b) => a * (s * s) + c * (2.0 * s * t) + b * (t * t),
                    Path::Cubic(a, c, d, b) => {
                        a * (s * s * s)
                            + c * (3.0 * s * s * t)
                            + d * (3.0 * s * t * t)
                            + b * (t * t * t)
                    }
                }
            })
            .collect()
    }

    /// First and last point.
    pub fn ends(&self) -> (Point, Point) {
        match *self {
            Path::Line(a, b) | Path::Quad(a, _, b) | Path::Cubic(a, _, _, b) => (a, b),
        }
    }
}

/// One drawn edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EdgeShape {
    /// Position of the edge in `Picture::edges`.
    pub index: usize,
    pub colour: Colour,
    pub path: Path,
}

/// Control-point offset between neighbouring copies of a parallel edge, in edge lengths (the
/// curve itself moves half as far).
const PARALLEL_BEND: f64 = 0.8;
/// Height of the first loop's control points; later loops grow by `LOOP_GROWTH`.
const LOOP_SIZE: f64 = 0.8;
const LOOP_GROWTH: f64 = 0.35;

/// One shape per edge of `graph`, in the same order. `contacts` gives the ground point of each
/// ground edge; `arch(edge)` how far (control-point offset) to bend an edge upwards.
pub fn build(
    graph: &Graph,
    at: &[Point],
    contacts: &[Option<f64>],
    arch: &dyn Fn(&GEdge) -> f64,
) -> Vec<EdgeShape> {
    let copies = parallel_counts(graph);
    // Edges from the ground to each node (loops at the ground aside), and how many were shaped.
    let mut ground_fans = vec![0usize; graph.node_count()];
    for e in graph
        .edges
        .iter()
        .filter(|e| e.touches_ground() && !e.is_loop())
    {
        ground_fans[e.other(0)] += 1;
    }
    let mut ground_seen = vec![0usize; graph.node_count()];
    let mut copy_seen: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    // Directions (angles) in which ink leaves each node; loops go where there is room.
    let mut leaving: Vec<Vec<f64>> = vec![Vec::new(); graph.node_count()];
    let mut paths: Vec<Option<Path>> = vec![None; graph.edges.len()];

    for (i, e) in graph.edges.iter().enumerate() {
        if e.is_loop() {
            if e.touches_ground() {
                let foot = Point::new(contacts[i].unwrap_or(0.0), 0.0);
                paths[i] = Some(teardrop(foot, std::f64::consts::FRAC_PI_2, 0));
            }
            continue;
        }
        let path = if e.touches_ground() {
            let v = e.other(0);
            let foot = Point::new(contacts[i].unwrap_or(0.0), 0.0);
            leaving[v].push(angle(foot - at[v]));
            // Several edges from the ground to one node (a doubled trunk) are parallel edges
            // too: their feet fan apart, and each bows outwards, so they read as two curves.
            let j = ground_seen[v] as f64;
            ground_seen[v] += 1;
            let k = ground_fans[v] as f64;
            if k > 1.0 {
                bent(foot, at[v], ((k - 1.0) / 2.0 - j) * PARALLEL_BEND, 0.0)
            } else {
                Path::Line(foot, at[v])
            }
        } else {
            let key = pair_key(e);
            let seen = copy_seen.entry(key).or_insert(0);
            let j = *seen as f64;
            *seen += 1;
            let k = copies.get(&key).copied().unwrap_or(1) as f64;
            let spread = (j - (k - 1.0) / 2.0) * PARALLEL_BEND;
            let path = bent(at[key.0], at[key.1], spread, arch(e));
            let towards = |from: Point| match path {
                Path::Quad(_, c, _) => c - from,
                _ => at[key.0] + at[key.1] - from - from,
            };
            leaving[key.0].push(angle(towards(at[key.0])));
            leaving[key.1].push(angle(towards(at[key.1])));
            path
        };
        paths[i] = Some(path);
    }

    let mut loops_sent: Vec<Vec<f64>> = vec![Vec::new(); graph.node_count()];
    for (i, e) in graph.edges.iter().enumerate() {
        if e.is_loop() && !e.touches_ground() {
            let direction = roomiest(&leaving[e.a]);
            let same_way = loops_sent[e.a]
                .iter()
                .filter(|&&d| apart(d, direction) < 1e-6)
                .count();
            leaving[e.a].push(direction);
            loops_sent[e.a].push(direction);
            paths[i] = Some(teardrop(at[e.a], direction, same_way));
        }
    }

    graph
        .edges
        .iter()
        .zip(paths)
        .map(|(e, path)| EdgeShape {
            index: e.index,
            colour: e.colour,
            // Every edge got a path above; a straight dot is a harmless fallback.
            path: path.unwrap_or(Path::Line(at[e.a], at[e.b])),
        })
        .collect()
}

fn angle(v: Point) -> f64 {
    v.y.atan2(v.x)
}

/// Angular distance between two directions, in `[0, π]`.
fn apart(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(std::f64::consts::TAU);
    d.min(std::f64::consts::TAU - d)
}

/// The direction for a loop: of a fixed list of candidates, upwards first, the one farthest from
/// every direction already in use (the first such on ties, for determinism).
fn roomiest(used: &[f64]) -> f64 {
    const CANDIDATES_DEG: [f64; 10] = [
        90.0, 60.0, 120.0, 30.0, 150.0, 0.0, 180.0, -30.0, -150.0, -90.0,
    ];
    let mut best = (f64::NEG_INFINITY, std::f64::consts::FRAC_PI_2);
    for deg in CANDIDATES_DEG {
        let a = deg.to_radians();
        let room = used
            .iter()
            .map(|&u| apart(a, u))
            .fold(std::f64::consts::PI, f64::min);
        // A later candidate must be clearly better, so near-ties keep the earlier (more upright).
        if room > best.0 + 0.01 {
            best = (room, a);
        }
    }
    best.1
}

/// Unordered endpoint pair, so `a-b` and `b-a` are recognised as copies of one edge.
fn pair_key(e: &GEdge) -> (usize, usize) {
    (e.a.min(e.b), e.a.max(e.b))
}

/// How many copies of each non-ground, non-loop edge there are.
fn parallel_counts(graph: &Graph) -> BTreeMap<(usize, usize), usize> {
    let mut counts = BTreeMap::new();
    for e in graph
        .edges
        .iter()
        .filter(|e| !e.touches_ground() && !e.is_loop())
    {
        *counts.entry(pair_key(e)).or_insert(0) += 1;
    }
    counts
}

/// The edge from `p` to `q`, its control point moved `spread` along the pair's own normal (which
/// side is fixed by the pair's node order, so copies fan out symmetrically) and `up` along the
/// normal pointing upwards. Straight when both are zero. Drawn from the lower end up.
fn bent(p: Point, q: Point, spread: f64, up: f64) -> Path {
    let (from, to) = if (p.y, p.x) <= (q.y, q.x) {
        (p, q)
    } else {
        (q, p)
    };
    if spread == 0.0 && up == 0.0 {
        return Path::Line(from, to);
    }
    let normal = (q - p).unit_normal();
    let upward = if normal.y < 0.0 {
        normal * -1.0
    } else {
        normal
    };
    let control = p.midpoint(q) + normal * spread + upward * up;
    Path::Quad(from, control, to)
}

/// A closed teardrop leaving `p` in direction `angle`; the `k`-th loop sent one way from a node
/// is larger than the ones before, so loops nest without touching.
fn teardrop(p: Point, angle: f64, k: usize) -> Path {
    let s = LOOP_SIZE + LOOP_GROWTH * k as f64;
    let along = Point::new(angle.cos(), angle.sin());
    let across = Point::new(-along.y, along.x);
    Path::Cubic(
        p,
        p + along * (1.25 * s) + across * s,
        p + along * (1.25 * s) - across * s,
        p,
    )
}
