//! The geometry: tidy trees (no overlaps, children above and centred, order kept, stalks
//! straight), ground contacts distinct, loops and parallel edges distinct, coordinates honoured.

use hackenbook_rulesets::hackenbush::draw::{layout, Layout, LayoutKind, Path, Picture, Point};
use hackenbook_rulesets::hackenbush::Colour::{self, *};
use proptest::prelude::*;

const EPS: f64 = 1e-9;

fn pic(edges: &[(usize, usize, Colour)]) -> Picture {
    let n = edges.iter().map(|&(u, v, _)| u.max(v)).max().unwrap_or(0) + 1;
    Picture {
        node_count: n,
        edges: edges.to_vec(),
        coords: None,
    }
}

fn at(l: &Layout, node: usize) -> Point {
    l.position(node).expect("node is drawn")
}

/// A plane forest from parent choices: node `i + 1` hangs from node `parents[i] % (i + 1)`
/// (0 = the ground), its edge the `i`-th. Edge order is node order.
fn forest(parents: &[(usize, Colour)]) -> Picture {
    let edges: Vec<_> = parents
        .iter()
        .enumerate()
        .map(|(i, &(p, c))| (p % (i + 1), i + 1, c))
        .collect();
    Picture {
        node_count: parents.len() + 1,
        edges,
        coords: None,
    }
}

fn segments_cross(a: (Point, Point), b: (Point, Point)) -> bool {
    let side = |p: Point, q: Point, r: Point| (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
    let d1 = side(a.0, a.1, b.0);
    let d2 = side(a.0, a.1, b.1);
    let d3 = side(b.0, b.1, a.0);
    let d4 = side(b.0, b.1, a.1);
    d1 * d2 < -EPS && d3 * d4 < -EPS
}

#[test]
fn cherry_layout() {
    let l = layout(&pic(&[(0, 1, Blue), (1, 2, Blue), (1, 3, Red)]));
    assert_eq!(l.kind, LayoutKind::Forest);
    let (trunk, left, right) = (at(&l, 1), at(&l, 2), at(&l, 3));
    assert_eq!(trunk.y, 1.0);
    assert_eq!((left.y, right.y), (2.0, 2.0));
    assert!(left.x < trunk.x && trunk.x < right.x);
    assert!((trunk.x - (left.x + right.x) / 2.0).abs() < EPS);
    // The trunk meets the ground straight below its top.
    assert_eq!(l.edges[0].path, Path::Line(Point::new(trunk.x, 0.0), trunk));
}

#[test]
fn stalk_is_straight_up() {
    let l = layout(&pic(&[
        (0, 1, Blue),
        (1, 2, Red),
        (2, 3, Red),
        (3, 4, Blue),
    ]));
    let x = at(&l, 1).x;
    for n in 1..=4 {
        assert_eq!(at(&l, n), Point::new(x, n as f64));
    }
    assert!(l.edges.iter().all(|e| matches!(e.path, Path::Line(..))));
}

#[test]
fn edge_direction_in_the_input_does_not_matter() {
    let a = layout(&pic(&[(0, 1, Blue), (1, 2, Blue), (1, 3, Red)]));
    let b = layout(&pic(&[(1, 0, Blue), (2, 1, Blue), (3, 1, Red)]));
    assert_eq!(a.nodes, b.nodes);
}

#[test]
fn trees_stand_left_to_right_in_ground_edge_order() {
    // Ground edges listed as 5, 1, 3: the trees must appear in that order.
    let l = layout(&pic(&[
        (0, 5, Red),
        (5, 6, Blue),
        (0, 1, Blue),
        (1, 2, Red),
        (0, 3, Green),
    ]));
    assert!(at(&l, 5).x < at(&l, 1).x);
    assert!(at(&l, 1).x < at(&l, 3).x);
}

proptest! {
    #[test]
    fn tidy_forests(parents in proptest::collection::vec(
        (0usize..1000, prop_oneof![Just(Blue), Just(Red), Just(Green)]), 1..40)) {
        let picture = forest(&parents);
        let l = layout(&picture);
        prop_assert_eq!(l.kind, LayoutKind::Forest);
        prop_assert_eq!(l.nodes.len(), parents.len());

        // No two nodes closer than one unit.
        for (i, a) in l.nodes.iter().enumerate() {
            for b in &l.nodes[i + 1..] {
                prop_assert!(a.at.distance(b.at) >= 1.0 - EPS, "{:?} {:?}", a, b);
            }
        }
        let parent_of = |v: usize| picture.edges[v - 1].0;
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); parents.len() + 1];
        for v in 1..=parents.len() {
            children[parent_of(v)].push(v);
        }
        for v in 1..=parents.len() {
            let p = parent_of(v);
            let here = at(&l, v);
            // Children one level above their parent; trunks at height 1.
            let below = if p == 0 { 0.0 } else { at(&l, p).y };
            prop_assert_eq!(here.y, below + 1.0);
        }
        for (p, kids) in children.iter().enumerate() {
            // Children left to right in edge order.
            for w in kids.windows(2) {
                prop_assert!(at(&l, w[0]).x < at(&l, w[1]).x);
            }
            // A parent is centred over its first and last child (so one child is straight above).
            if p != 0 && !kids.is_empty() {
                let first = at(&l, kids[0]).x;
                let last = at(&l, kids[kids.len() - 1]).x;
                prop_assert!((at(&l, p).x - (first + last) / 2.0).abs() < EPS);
            }
        }
        // Trees on the ground occupy disjoint x ranges, in ground-edge order.
        let tree_of = |mut v: usize| { while parent_of(v) != 0 { v = parent_of(v); } v };
        let mut ranges: Vec<(usize, f64, f64)> = Vec::new();
        for v in 1..=parents.len() {
            let (t, x) = (tree_of(v), at(&l, v).x);
            match ranges.iter_mut().find(|r| r.0 == t) {
                Some(r) => { r.1 = r.1.min(x); r.2 = r.2.max(x); }
                None => ranges.push((t, x, x)),
            }
        }
        ranges.sort_by_key(|r| r.0); // trunk nodes are numbered in ground-edge order
        for w in ranges.windows(2) {
            prop_assert!(w[1].1 >= w[0].2 + 1.0 - EPS, "trees interleave: {:?}", ranges);
        }
        // Straight edges only, and no two of them cross.
        let segs: Vec<(Point, Point)> = l.edges.iter().map(|e| match e.path {
            Path::Line(a, b) => Ok((a, b)),
            other => Err(other),
        }).collect::<Result<_, _>>().map_err(|p| TestCaseError::fail(format!("curve {p:?}")))?;
        for (i, a) in segs.iter().enumerate() {
            for b in &segs[i + 1..] {
                prop_assert!(!segments_cross(*a, *b), "{:?} crosses {:?}", a, b);
            }
        }
        // Deterministic.
        prop_assert_eq!(l, layout(&picture));
    }

    #[test]
    fn ground_contacts_are_distinct_and_nodes_apart(
        n in 2usize..8,
        edges in proptest::collection::vec((0usize..8, 0usize..8,
            prop_oneof![Just(Blue), Just(Red), Just(Green)]), 1..20),
    ) {
        let picture = Picture { node_count: n, edges, coords: None };
        let l = layout(&picture);
        let mut feet: Vec<f64> = l.edges.iter()
            .filter(|e| { let (u, v, _) = picture.edges[e.index]; u == 0 || v == 0 })
            .map(|e| e.path.ends().0)
            .inspect(|p| assert_eq!(p.y, 0.0))
            .map(|p| p.x)
            .collect();
        feet.sort_by(f64::total_cmp);
        for w in feet.windows(2) {
            prop_assert!(w[1] - w[0] >= 0.5 - EPS, "contacts {:?}", feet);
        }
        for (i, a) in l.nodes.iter().enumerate() {
            prop_assert!(a.at.y >= 1.0 - EPS, "above the ground");
            for b in &l.nodes[i + 1..] {
                prop_assert!(a.at.distance(b.at) >= 1.0 - EPS);
            }
        }
        // Every path is distinct from every other.
        for (i, a) in l.edges.iter().enumerate() {
            for b in &l.edges[i + 1..] {
                prop_assert_ne!(a.path, b.path);
            }
        }
    }
}

#[test]
fn graphs_with_cycles_use_layers_from_the_ground() {
    let l = layout(&pic(&[
        (0, 1, Green),
        (1, 2, Green),
        (2, 0, Green),
        (2, 3, Blue),
    ]));
    assert_eq!(l.kind, LayoutKind::Layered);
    assert_eq!((at(&l, 1).y, at(&l, 2).y, at(&l, 3).y), (1.0, 1.0, 2.0));
    assert!((at(&l, 3).x - at(&l, 2).x).abs() < EPS, "stalk straight up");
}

#[test]
fn loops_and_parallel_edges_are_distinct_curves() {
    let l = layout(&pic(&[
        (0, 1, Blue),
        (1, 2, Red),
        (2, 1, Red),
        (1, 2, Green),
        (2, 2, Blue),
        (2, 2, Blue),
        (0, 0, Green),
    ]));
    let paths: Vec<Path> = l.edges.iter().map(|e| e.path).collect();
    // Three copies of 1-2: symmetric fan, the middle one straight.
    let (a, b) = (at(&l, 1), at(&l, 2));
    let controls: Vec<Option<Point>> = paths[1..4]
        .iter()
        .map(|p| match *p {
            Path::Quad(_, c, _) => Some(c),
            Path::Line(..) => None,
            Path::Cubic(..) => panic!("not a loop"),
        })
        .collect();
    assert_eq!(controls.iter().filter(|c| c.is_none()).count(), 1);
    let bends: Vec<Point> = controls
        .iter()
        .flatten()
        .map(|&c| c - a.midpoint(b))
        .collect();
    assert_eq!(bends.len(), 2);
    assert!(
        (bends[0] + bends[1]).length() < EPS,
        "bent apart symmetrically"
    );
    assert!(bends[0].length() > 0.3);
    // Loops are closed curves at their node, distinct from each other.
    for p in &paths[4..6] {
        match *p {
            Path::Cubic(s, _, _, e) => assert!(s == b && e == b),
            other => panic!("a loop must be a closed cubic, got {other:?}"),
        }
    }
    assert_ne!(paths[4], paths[5]);
    // The ground loop stands on the ground.
    match paths[6] {
        Path::Cubic(s, c, _, e) => {
            assert!(s == e && s.y == 0.0 && c.y > 0.0);
        }
        other => panic!("ground loop {other:?}"),
    }
}

#[test]
fn a_lone_loop_points_up_and_one_by_the_trunk_does_not_hit_it() {
    let l = layout(&pic(&[(0, 1, Blue), (1, 1, Red)]));
    let Path::Cubic(p, c1, c2, _) = l.edges[1].path else {
        panic!("loop is cubic")
    };
    assert!(c1.y > p.y && c2.y > p.y, "points upwards");
}

#[test]
fn author_coordinates_are_honoured_up_to_scale_and_shift() {
    let coords = vec![(0, 0), (0, 2), (4, 2), (2, 4), (2, 8)];
    let picture = Picture {
        node_count: 5,
        edges: vec![
            (0, 1, Blue),
            (0, 2, Red),
            (1, 2, Green),
            (1, 3, Blue),
            (2, 3, Blue),
            (3, 4, Red),
        ],
        coords: Some(coords.clone()),
    };
    let l = layout(&picture);
    assert_eq!(l.kind, LayoutKind::Given);
    let origin = at(&l, 1);
    let scale = at(&l, 1).y / 2.0;
    assert!(scale > 0.0);
    for (n, &(x, y)) in coords.iter().enumerate().skip(1) {
        let p = at(&l, n);
        assert!((p.y - f64::from(y) * scale).abs() < EPS, "y of {n}");
        assert!(
            (p.x - origin.x - f64::from(x) * scale).abs() < EPS,
            "x of {n}"
        );
    }
    // Scaled so that a typical edge is about one unit long.
    assert!((0.25..=1.0).contains(&scale));
    // Missing coordinates fall back to the automatic layout.
    let partial = Picture {
        coords: Some(coords[..3].to_vec()),
        ..picture
    };
    assert_eq!(layout(&partial).kind, LayoutKind::Layered);
}

#[test]
fn bounds_fit_the_ink() {
    // The cycle essay's triangle bed: three legs, their tops joined in a ring, one join arched
    // over the other two.
    let l = layout(&pic(&[
        (0, 1, Blue),
        (0, 2, Blue),
        (0, 3, Blue),
        (1, 4, Red),
        (2, 5, Red),
        (3, 6, Red),
        (4, 5, Red),
        (5, 6, Red),
        (6, 4, Red),
    ]));
    let mut top = f64::NEG_INFINITY;
    for e in &l.edges {
        for p in e.path.on_curve() {
            assert!(p.x >= l.min.x - EPS && p.x <= l.max.x + EPS);
            assert!(p.y >= l.min.y - EPS && p.y <= l.max.y + EPS);
            top = top.max(p.y);
        }
    }
    assert!(l.ground.0 <= l.min.x + EPS && l.ground.1 >= l.max.x - EPS);
    // The frame ends at the top of the ink, not at the arch's control point above it: no
    // empty band above the picture.
    let controls = l.edges.iter().flat_map(|e| e.path.points()).map(|p| p.y);
    assert!(controls.fold(f64::NEG_INFINITY, f64::max) > top + 0.1);
    assert!(
        (l.max.y - top).abs() < EPS,
        "{} above the ink at {top}",
        l.max.y
    );
}

#[test]
fn empty_picture_is_just_ground() {
    let l = layout(&Picture::default());
    assert_eq!(l.kind, LayoutKind::Empty);
    assert!(l.nodes.is_empty() && l.edges.is_empty());
    assert!(l.ground.1 > l.ground.0);
}
