//! Tidy layout of a forest standing on the ground (after Reingold and Tilford).
//!
//! The one idea: **a subtree is summarised by its contour** — for every height above its root,
//! the leftmost and rightmost x it occupies. Siblings are placed left to right, each pushed right
//! just far enough that its contour clears the contours already placed by one unit at every
//! height; the parent is then centred over its first and last child. The trees standing on the
//! ground are kept wholly apart (bounding boxes, not contours), so no tree tucks under another's
//! branches and each reads as one piece. So subtrees never overlap,
//! a single child stands straight above its parent (stalks are straight), and order is kept:
//! trees left to right in the order of their ground edges, children in the order of their edges.
//!
//! Everything is iterative — a stalk of a thousand edges must not overflow the stack.

use super::geometry::Point;
use super::graph::Graph;

/// Minimum horizontal distance between two nodes at the same height, in edge lengths.
const SEPARATION: f64 = 1.0;

/// `(left, right)` extent of a subtree at each height above its root, relative to the root's x.
type Contour = Vec<(f64, f64)>;

/// Positions for every dense node of a grounded forest (index 0, the ground, gets the origin).
/// The caller must have checked [`Graph::is_grounded_forest`].
pub fn tidy(graph: &Graph) -> Vec<Point> {
    let children = children_lists(graph);
    let order = preorder(&children);

    let n = graph.node_count();
    let mut contours: Vec<Contour> = vec![Vec::new(); n];
    let mut offset = vec![0.0f64; n];
    // Reverse pre-order visits every child before its parent.
    for &v in order.iter().rev() {
        let (xs, above) = pack_children(&children[v], &mut contours, v == 0);
        for (&c, x) in children[v].iter().zip(xs) {
            offset[c] = x;
        }
        let mut contour = Vec::with_capacity(above.len() + 1);
        contour.push((0.0, 0.0));
        contour.extend(above);
        contours[v] = contour;
    }

    let mut at = vec![Point::new(0.0, 0.0); n];
    for &v in &order {
        for &c in &children[v] {
            at[c] = Point::new(at[v].x + offset[c], at[v].y + 1.0);
        }
    }
    at
}

/// Places the children's subtrees side by side. Returns each child's x relative to the parent
/// (centred over the first and last child) and the merged contour of the children, one entry per
/// height starting at the children's own height. Takes the children's contours out of `contours`:
/// each is needed once. With `boxed`, subtrees are kept apart by their whole width.
fn pack_children(kids: &[usize], contours: &mut [Contour], boxed: bool) -> (Vec<f64>, Contour) {
    let mut merged: Contour = Vec::new();
    let mut xs = Vec::with_capacity(kids.len());
    for &c in kids {
        let contour = std::mem::take(&mut contours[c]);
        let shift = if xs.is_empty() {
            0.0
        } else if boxed {
            box_clearance(&merged, &contour)
        } else {
            clearance(&merged, &contour)
        };
        merge_right(&mut merged, &contour, shift);
        xs.push(shift);
    }
    let centre = match (xs.first(), xs.last()) {
        (Some(first), Some(last)) => (first + last) / 2.0,
        _ => 0.0,
    };
    for x in &mut xs {
        *x -= centre;
    }
    for side in &mut merged {
        side.0 -= centre;
        side.1 -= centre;
    }
    (xs, merged)
}

/// How far right a subtree with contour `next` must go to clear `placed` at every shared height.
fn clearance(placed: &Contour, next: &Contour) -> f64 {
    placed
        .iter()
        .zip(next)
        .map(|(p, q)| p.1 - q.0 + SEPARATION)
        .fold(f64::NEG_INFINITY, f64::max)
}

/// How far right a subtree with contour `next` must go so that its whole width clears the whole
/// width of `placed`.
fn box_clearance(placed: &Contour, next: &Contour) -> f64 {
    let right = placed.iter().map(|s| s.1).fold(f64::NEG_INFINITY, f64::max);
    let left = next.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
    right - left + SEPARATION
}

/// Adds `next`, shifted by `shift`, on the right of `placed`. Where both exist the new subtree
/// is the rightmost (it was placed clear of the others), so only right edges change.
fn merge_right(placed: &mut Contour, next: &Contour, shift: f64) {
    for (level, &(l, r)) in next.iter().enumerate() {
        match placed.get_mut(level) {
            Some(side) => side.1 = r + shift,
            None => placed.push((l + shift, r + shift)),
        }
    }
}

/// The children of every node when the forest hangs from the ground (node 0): ground edges in
/// edge order, then for each node its other edges in edge order.
fn children_lists(graph: &Graph) -> Vec<Vec<usize>> {
    let incidence = graph.incidence();
    let mut children = vec![Vec::new(); graph.node_count()];
    let mut seen = vec![false; graph.node_count()];
    seen[0] = true;
    let mut stack = vec![0usize];
    while let Some(v) = stack.pop() {
        for &e in &incidence[v] {
            let w = graph.edges[e].other(v);
            // In a grounded forest a node is reached only once; `seen` keeps this total anyway.
            if !seen[w] {
                seen[w] = true;
                children[v].push(w);
                stack.push(w);
            }
        }
    }
    children
}

/// Pre-order of the forest from the ground, children in order.
fn preorder(children: &[Vec<usize>]) -> Vec<usize> {
    let mut order = Vec::with_capacity(children.len());
    let mut stack = vec![0usize];
    while let Some(v) = stack.pop() {
        order.push(v);
        stack.extend(children[v].iter().rev());
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hackenbush::draw::Picture;
    use crate::hackenbush::Colour::*;

    fn positions(edges: &[(usize, usize)]) -> Vec<Point> {
        let n = edges.iter().map(|&(u, v)| u.max(v)).max().unwrap_or(0) + 1;
        let picture = Picture {
            node_count: n,
            edges: edges.iter().map(|&(u, v)| (u, v, Blue)).collect(),
            coords: None,
        };
        tidy(&Graph::new(&picture))
    }

    #[test]
    fn cherry_is_symmetric_with_centred_parent() {
        let at = positions(&[(0, 1), (1, 2), (1, 3)]);
        assert_eq!(at[1], Point::new(0.0, 1.0));
        assert_eq!(at[2], Point::new(-0.5, 2.0));
        assert_eq!(at[3], Point::new(0.5, 2.0));
    }

    #[test]
    fn stalk_is_vertical() {
        let at = positions(&[(0, 1), (1, 2), (2, 3), (3, 4)]);
        assert!(at[1..].iter().all(|p| p.x == 0.0));
        assert_eq!(at[4].y, 4.0);
    }

    #[test]
    fn cousins_are_pushed_apart() {
        // Two trunks, each a cherry: the inner grandchildren must be one unit apart.
        let at = positions(&[(0, 1), (1, 2), (1, 3), (0, 4), (4, 5), (4, 6)]);
        assert!(at[5].x - at[3].x >= 1.0 - 1e-9);
        assert!(at[4].x > at[1].x);
    }

    #[test]
    fn trees_on_the_ground_do_not_interleave() {
        // A tree with a wide crown, then a single edge that would fit under the crown.
        let at = positions(&[(0, 1), (1, 2), (2, 3), (2, 4), (3, 5), (4, 6), (0, 7)]);
        let crown_right = at[1..7].iter().map(|p| p.x).fold(f64::MIN, f64::max);
        assert!(at[7].x >= crown_right + 1.0 - 1e-9);
    }

    #[test]
    fn deep_stalk_does_not_overflow() {
        let edges: Vec<(usize, usize)> = (0..1500).map(|i| (i, i + 1)).collect();
        let at = positions(&edges);
        assert_eq!(at[1500].y, 1500.0);
    }
}
