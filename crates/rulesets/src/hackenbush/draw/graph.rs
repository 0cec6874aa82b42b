//! The picture as the layouts see it: only drawable edges, nodes renumbered densely.
//!
//! A `Picture` may name nodes far beyond its edges (or beyond `node_count`); nothing here ever
//! allocates by `node_count`, only by the nodes that edges actually touch, so no input can make
//! the drawer allocate absurdly or index out of range.

use super::{Picture, MAX_EDGES};
use crate::hackenbush::Colour;

/// One drawable edge between dense node numbers (0 = the ground).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GEdge {
    /// Position of the edge in `Picture::edges`.
    pub index: usize,
    pub a: usize,
    pub b: usize,
    pub colour: Colour,
}

impl GEdge {
    pub fn is_loop(&self) -> bool {
        self.a == self.b
    }

    /// The endpoint that is not `n` (for a loop, `n` itself).
    pub fn other(&self, n: usize) -> usize {
        if self.a == n {
            self.b
        } else {
            self.a
        }
    }

    pub fn touches_ground(&self) -> bool {
        self.a == 0 || self.b == 0
    }
}

/// Drawable edges over dense node numbers: 0 is the ground, `k >= 1` is `ids[k - 1]`.
#[derive(Clone, Debug)]
pub struct Graph {
    /// Original ids of the non-ground nodes that some drawable edge touches, ascending.
    pub ids: Vec<usize>,
    pub edges: Vec<GEdge>,
}

impl Graph {
    /// Keeps the first [`MAX_EDGES`] edges whose endpoints are both `< node_count`.
    pub fn new(picture: &Picture) -> Graph {
        let valid: Vec<(usize, usize, usize, Colour)> = picture
            .edges
            .iter()
            .enumerate()
            .filter(|(_, &(u, v, _))| u < picture.node_count && v < picture.node_count)
            .take(MAX_EDGES)
            .map(|(i, &(u, v, c))| (i, u, v, c))
            .collect();
        let mut ids: Vec<usize> = valid
            .iter()
            .flat_map(|&(_, u, v, _)| [u, v])
            .filter(|&n| n != 0)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let dense = |n: usize| -> usize {
            if n == 0 {
                0
            } else {
                // Present by construction; `map_or` keeps this total anyway.
                ids.binary_search(&n).map_or(0, |k| k + 1)
            }
        };
        let edges = valid
            .iter()
            .map(|&(index, u, v, colour)| GEdge {
                index,
                a: dense(u),
                b: dense(v),
                colour,
            })
            .collect();
        Graph { ids, edges }
    }

    /// Number of dense nodes, the ground included.
    pub fn node_count(&self) -> usize {
        self.ids.len() + 1
    }

    /// For each dense node, its incident edges (positions in `self.edges`) in edge order.
    /// A loop is listed once.
    pub fn incidence(&self) -> Vec<Vec<usize>> {
        let mut inc = vec![Vec::new(); self.node_count()];
        for (e, edge) in self.edges.iter().enumerate() {
            inc[edge.a].push(e);
            if !edge.is_loop() {
                inc[edge.b].push(e);
            }
        }
        inc
    }

    /// True when the graph minus the ground is a forest each of whose trees touches the ground
    /// by exactly one edge: then every node has a unique path down to the ground, and a tidy
    /// tree layout draws it faithfully.
    pub fn is_grounded_forest(&self) -> bool {
        let n = self.node_count();
        let mut sets = DisjointSets::new(n);
        for e in &self.edges {
            if e.is_loop() {
                return false;
            }
            // Edges between two non-ground nodes must never close a cycle (parallel edges
            // included: the second copy joins two nodes already joined).
            if !e.touches_ground() && !sets.union(e.a, e.b) {
                return false;
            }
        }
        let mut contacts = vec![0usize; n];
        for e in self.edges.iter().filter(|e| e.touches_ground()) {
            contacts[sets.find(e.other(0))] += 1;
        }
        (1..n).all(|v| contacts[sets.find(v)] == 1)
    }
}

impl Graph {
    /// A label per dense node naming its piece once the ground is removed (the smallest dense
    /// node of the piece); the ground is labelled 0.
    pub fn pieces(&self) -> Vec<usize> {
        let mut sets = DisjointSets::new(self.node_count());
        for e in self.edges.iter().filter(|e| !e.touches_ground()) {
            sets.union(e.a, e.b);
        }
        (0..self.node_count()).map(|v| sets.find(v)).collect()
    }
}

/// Union–find with path halving; small and iterative so no input can overflow the stack.
struct DisjointSets {
    parent: Vec<usize>,
}

impl DisjointSets {
    fn new(n: usize) -> DisjointSets {
        DisjointSets {
            parent: (0..n).collect(),
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// Joins the sets of `a` and `b`; false when they were already one set.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        // Attach the larger root under the smaller so the result does not depend on call order.
        let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
        self.parent[hi] = lo;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::*;

    fn pic(n: usize, edges: &[(usize, usize, Colour)]) -> Picture {
        Picture {
            node_count: n,
            edges: edges.to_vec(),
            coords: None,
        }
    }

    #[test]
    fn out_of_range_edges_are_dropped_and_ids_are_dense() {
        let g = Graph::new(&pic(10, &[(0, 7, Blue), (7, 99, Red), (7, 3, Green)]));
        assert_eq!(g.ids, vec![3, 7]);
        assert_eq!(g.edges.len(), 2);
        assert_eq!((g.edges[1].index, g.edges[1].a, g.edges[1].b), (2, 2, 1));
    }

    #[test]
    fn forest_classification() {
        let cherry = pic(4, &[(0, 1, Blue), (1, 2, Blue), (1, 3, Red)]);
        assert!(Graph::new(&cherry).is_grounded_forest());
        let triangle = pic(3, &[(0, 1, Green), (1, 2, Green), (2, 0, Green)]);
        assert!(!Graph::new(&triangle).is_grounded_forest());
        let parallel = pic(3, &[(0, 1, Blue), (1, 2, Red), (1, 2, Red)]);
        assert!(!Graph::new(&parallel).is_grounded_forest());
        let looped = pic(2, &[(0, 1, Blue), (1, 1, Red)]);
        assert!(!Graph::new(&looped).is_grounded_forest());
        let floating = pic(4, &[(0, 1, Blue), (2, 3, Red)]);
        assert!(!Graph::new(&floating).is_grounded_forest());
        assert!(Graph::new(&pic(1, &[])).is_grounded_forest());
    }
}
