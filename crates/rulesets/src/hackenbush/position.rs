//! A Hackenbush position is a multigraph with one distinguished node, the ground (node 0), in
//! which every edge is connected to the ground.
//!
//! The one idea: keep that invariant at every step. Constructors refuse ungrounded edges, and
//! removing an edge immediately drops whatever no longer reaches the ground (and renumbers the
//! surviving nodes compactly), so every `Position` value is a legal picture.
//!
//! Every algorithm here is iterative (no recursion over the graph), so a stalk of a million
//! edges cannot overflow the stack.

use super::Colour;

/// An edge `(a, b, colour)` between nodes `a` and `b`; `a == b` is a loop, node 0 the ground.
pub type Edge = (usize, usize, Colour);

/// A picture standing on the ground. Equality (`==`) is equality of the node count and the
/// edge list as stored; use [`crate::hackenbush::canon`] keys for equality up to isomorphism.
#[derive(Clone, Debug, Default)]
pub struct Position {
    node_count: usize,
    edges: Vec<Edge>,
    /// Node names of the graph notation (index = node), kept for printing; `None` = generated.
    names: Option<Vec<String>>,
    /// Author-given drawing coordinates per node; node 0 (the ground) is `(0, 0)` by convention.
    coords: Option<Vec<(i32, i32)>>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.node_count == other.node_count && self.edges == other.edges
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.node_count.hash(state);
        self.edges.hash(state);
    }
}

/// Why a list of edges is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// Edge `index` names a node `>= node_count`.
    NoSuchNode { index: usize },
    /// Edge `index` is not connected to the ground, not even through other edges.
    Ungrounded { index: usize },
}

/// A plane tree: an edge of some colour carrying an ordered forest on its upper end.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tree {
    pub colour: Colour,
    pub above: Vec<Tree>,
}

impl Tree {
    /// A stalk read from the ground up.
    pub fn stalk(colours: &[Colour]) -> Option<Tree> {
        let (first, rest) = colours.split_first()?;
        Some(Tree {
            colour: *first,
            above: Tree::stalk(rest).into_iter().collect(),
        })
    }
}

/// Trees deeper than this are not converted to [`Tree`] (whose recursive drop would need stack).
pub const MAX_TREE_DEPTH: usize = 2_000;

impl Position {
    /// The empty picture: nothing but the ground, worth 0.
    pub fn empty() -> Position {
        Position {
            node_count: 1,
            ..Position::default()
        }
    }

    /// Builds a position from edges between nodes `0..node_count` (0 = ground). Every edge must
    /// reach the ground; nodes without edges are dropped and the rest renumbered in order.
    pub fn from_edges(node_count: usize, edges: Vec<Edge>) -> Result<Position, GraphError> {
        let node_count = node_count.max(1);
        if let Some(index) = edges
            .iter()
            .position(|&(a, b, _)| a >= node_count || b >= node_count)
        {
            return Err(GraphError::NoSuchNode { index });
        }
        let reach = reachable(node_count, &edges);
        if let Some(index) = edges.iter().position(|&(a, _, _)| !reach[a]) {
            return Err(GraphError::Ungrounded { index });
        }
        Ok(Position {
            node_count,
            edges,
            names: None,
            coords: None,
        }
        .compacted())
    }

    /// The position of `edges` over nodes `0..node_count`, every one of which an edge touches
    /// (the ground aside), every edge reaching the ground: what [`Position::restricted`] gives,
    /// built by a caller that numbered the nodes itself (the number search's bit sets).
    pub(crate) fn standing_edges(node_count: usize, edges: Vec<Edge>) -> Position {
        let p = Position {
            node_count,
            edges,
            names: None,
            coords: None,
        };
        debug_assert_eq!(
            Position::from_edges(node_count, p.edges.clone()).as_ref(),
            Ok(&p)
        );
        p
    }

    /// A stalk read from the ground up, e.g. `[Blue, Red, Red, Blue]` for `LRRL`.
    pub fn stalk(colours: &[Colour]) -> Position {
        let edges = colours
            .iter()
            .enumerate()
            .map(|(i, &c)| (i, i + 1, c))
            .collect();
        Position {
            node_count: colours.len() + 1,
            edges,
            names: None,
            coords: None,
        }
    }

    /// A plane forest, trees in order, each tree's edges in depth-first order.
    pub fn from_forest(forest: &[Tree]) -> Position {
        let mut edges = Vec::new();
        let mut node_count = 1;
        // (tree, node it stands on), processed depth first in written order.
        let mut stack: Vec<(&Tree, usize)> = forest.iter().rev().map(|t| (t, 0)).collect();
        while let Some((tree, below)) = stack.pop() {
            let top = node_count;
            node_count += 1;
            edges.push((below, top, tree.colour));
            stack.extend(tree.above.iter().rev().map(|t| (t, top)));
        }
        Position {
            node_count,
            edges,
            names: None,
            coords: None,
        }
    }

    /// Attaches node names (index = node) used when printing the graph notation.
    pub(crate) fn with_names(mut self, names: Vec<String>) -> Position {
        if names.len() == self.node_count {
            self.names = Some(names);
        }
        self
    }

    /// Attaches drawing coordinates (index = node).
    pub(crate) fn with_coords(mut self, coords: Vec<(i32, i32)>) -> Position {
        if coords.len() == self.node_count {
            self.coords = Some(coords);
        }
        self
    }

    pub fn node_count(&self) -> usize {
        self.node_count
    }

    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    pub fn names(&self) -> Option<&[String]> {
        self.names.as_deref()
    }

    pub fn coords(&self) -> Option<&[(i32, i32)]> {
        self.coords.as_deref()
    }

    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// How many edges have colour `c`.
    pub fn count(&self, c: Colour) -> usize {
        self.edges.iter().filter(|e| e.2 == c).count()
    }

    /// Only blue and red edges (the empty position included): the values are numbers.
    pub fn is_blue_red(&self) -> bool {
        self.count(Colour::Green) == 0
    }

    /// Only green edges: the values are nimbers.
    pub fn is_green(&self) -> bool {
        self.count(Colour::Green) == self.edges.len()
    }

    /// The number of edges touching the ground (a loop at the ground counts once).
    pub fn trunks(&self) -> usize {
        self.edges.iter().filter(|e| e.0 == 0 || e.1 == 0).count()
    }

    /// No cycles and no loops, counting paths through the ground: a plane forest of trees.
    pub fn is_forest(&self) -> bool {
        let mut sets = UnionFind::new(self.node_count);
        self.edges.iter().all(|&(a, b, _)| sets.union(a, b))
    }

    /// A single path starting on the ground (the empty position is not a stalk).
    pub fn is_stalk(&self) -> bool {
        !self.edges.is_empty() && self.trunks() == 1 && self.is_forest() && self.max_degree() <= 2
    }

    fn max_degree(&self) -> usize {
        self.degrees().into_iter().skip(1).max().unwrap_or(0)
    }

    /// Degree of every node, a loop counting twice.
    pub fn degrees(&self) -> Vec<usize> {
        let mut deg = vec![0; self.node_count];
        for &(a, b, _) in &self.edges {
            deg[a] += 1;
            deg[b] += 1;
        }
        deg
    }

    /// The colours of a stalk from the ground up, if this is one.
    pub fn stalk_colours(&self) -> Option<Vec<Colour>> {
        if !self.is_stalk() {
            return None;
        }
        let forest = self.rooted()?;
        let mut colours = Vec::with_capacity(self.edges.len());
        let mut node = 0;
        while let Some(&e) = forest.children[node].first() {
            colours.push(self.edges[e].2);
            node = forest.upper[e];
        }
        Some(colours)
    }

    /// The forest as nested [`Tree`]s, children in stored edge order; `None` if the position has a
    /// cycle or is deeper than [`MAX_TREE_DEPTH`].
    pub fn to_forest(&self) -> Option<Vec<Tree>> {
        let rooted = self.rooted()?;
        if rooted.depth > MAX_TREE_DEPTH {
            return None;
        }
        fn build(pos: &Position, rooted: &Rooted, node: usize) -> Vec<Tree> {
            rooted.children[node]
                .iter()
                .map(|&e| Tree {
                    colour: pos.edges[e].2,
                    above: build(pos, rooted, rooted.upper[e]),
                })
                .collect()
        }
        Some(build(self, &rooted, 0))
    }

    /// The forest rooted at the ground, if the position is one.
    pub(crate) fn rooted(&self) -> Option<Rooted> {
        if !self.is_forest() {
            return None;
        }
        let adjacency = self.adjacency();
        let mut children = vec![Vec::new(); self.node_count];
        let mut upper = vec![0; self.edges.len()];
        let mut depth = vec![0; self.node_count];
        let mut order = vec![0];
        let mut seen = vec![false; self.node_count];
        seen[0] = true;
        let mut i = 0;
        while i < order.len() {
            let node = order[i];
            i += 1;
            for &(e, other) in &adjacency[node] {
                if !seen[other] {
                    seen[other] = true;
                    children[node].push(e);
                    upper[e] = other;
                    depth[other] = depth[node] + 1;
                    order.push(other);
                }
            }
        }
        Some(Rooted {
            depth: depth.iter().copied().max().unwrap_or(0),
            children,
            upper,
            order,
        })
    }

    /// For every node, its incident `(edge index, other end)` in edge order; a loop appears once.
    pub(crate) fn adjacency(&self) -> Vec<Vec<(usize, usize)>> {
        let mut adjacency = vec![Vec::new(); self.node_count];
        for (e, &(a, b, _)) in self.edges.iter().enumerate() {
            adjacency[a].push((e, b));
            if a != b {
                adjacency[b].push((e, a));
            }
        }
        adjacency
    }

    /// The position after edge `index` is chopped and whatever falls has fallen.
    pub fn without_edge(&self, index: usize) -> Position {
        self.restricted(&self.standing(|e| e != index))
    }

    /// Which edges still stand when only the edges `kept` are left: those kept that reach the
    /// ground through kept edges. Everything else has fallen. The one rule of falling, used by
    /// every move and by play over sets of the original edges.
    pub fn standing(&self, kept: impl Fn(usize) -> bool) -> Vec<bool> {
        let mut sets = UnionFind::new(self.node_count);
        for (e, &(a, b, _)) in self.edges.iter().enumerate() {
            if kept(e) {
                sets.union(a, b);
            }
        }
        let ground = sets.find(0);
        self.edges
            .iter()
            .enumerate()
            .map(|(e, &(a, _, _))| kept(e) && sets.find(a) == ground)
            .collect()
    }

    /// The position made of the edges marked in `standing` (each of which must reach the ground
    /// through the others, as [`Position::standing`] guarantees), in their order, with the
    /// node names and coordinates of the nodes they use.
    pub fn restricted(&self, standing: &[bool]) -> Position {
        let edges = self
            .edges
            .iter()
            .zip(standing)
            .filter(|(_, &keep)| keep)
            .map(|(&edge, _)| edge)
            .collect();
        Position {
            node_count: self.node_count,
            edges,
            names: self.names.clone(),
            coords: self.coords.clone(),
        }
        .compacted()
    }

    /// Would chopping edge `index` leave every other edge grounded (the childish condition)?
    pub fn keeps_everything_grounded(&self, index: usize) -> bool {
        self.standing(|e| e != index)
            .iter()
            .enumerate()
            .all(|(e, &stands)| e == index || stands)
    }

    /// The pieces standing separately on the ground, each a position of its own. The ground is
    /// not an edge and cannot be cut, so the position is the disjunctive sum of its pieces.
    /// A loop at the ground is a piece by itself. Pieces come in order of their first edge.
    pub fn components(&self) -> Vec<Position> {
        let mut sets = UnionFind::new(self.node_count);
        for &(a, b, _) in &self.edges {
            if a != 0 && b != 0 {
                sets.union(a, b);
            }
        }
        // The representative of a piece: the set of its upper node, or a fresh id for ground loops.
        let mut piece_of_root = vec![usize::MAX; self.node_count];
        let mut pieces: Vec<Vec<Edge>> = Vec::new();
        for &(a, b, c) in &self.edges {
            let piece = if a == 0 && b == 0 {
                pieces.push(Vec::new());
                pieces.len() - 1
            } else {
                let root = sets.find(if a == 0 { b } else { a });
                if piece_of_root[root] == usize::MAX {
                    piece_of_root[root] = pieces.len();
                    pieces.push(Vec::new());
                }
                piece_of_root[root]
            };
            pieces[piece].push((a, b, c));
        }
        pieces
            .into_iter()
            .map(|edges| {
                Position {
                    node_count: self.node_count,
                    edges,
                    names: None,
                    coords: None,
                }
                .compacted()
            })
            .collect()
    }

    /// The same picture with every colour swapped: the negative.
    pub fn negated(&self) -> Position {
        let mut p = self.clone();
        for e in &mut p.edges {
            e.2 = e.2.opposite();
        }
        p
    }

    /// The disjoint union standing on one ground: the sum.
    pub fn plus(&self, other: &Position) -> Position {
        let shift = self.node_count - 1;
        let moved = |n: usize| if n == 0 { 0 } else { n + shift };
        let mut edges = self.edges.clone();
        edges.extend(other.edges.iter().map(|&(a, b, c)| (moved(a), moved(b), c)));
        Position {
            node_count: self.node_count + other.node_count - 1,
            edges,
            names: None,
            coords: None,
        }
    }

    /// Drops nodes without edges (other than the ground) and renumbers the rest in order,
    /// carrying names and coordinates along.
    fn compacted(mut self) -> Position {
        let mut used = vec![false; self.node_count];
        used[0] = true;
        for &(a, b, _) in &self.edges {
            used[a] = true;
            used[b] = true;
        }
        if used.iter().all(|&u| u) {
            return self;
        }
        let mut new_index = vec![usize::MAX; self.node_count];
        let mut next = 0;
        for (node, &u) in used.iter().enumerate() {
            if u {
                new_index[node] = next;
                next += 1;
            }
        }
        for e in &mut self.edges {
            e.0 = new_index[e.0];
            e.1 = new_index[e.1];
        }
        fn keep<T>(values: Vec<T>, used: &[bool]) -> Vec<T> {
            values
                .into_iter()
                .zip(used)
                .filter(|(_, &u)| u)
                .map(|(x, _)| x)
                .collect()
        }
        self.names = self.names.map(|v| keep(v, &used));
        self.coords = self.coords.map(|v| keep(v, &used));
        self.node_count = next;
        self
    }
}

/// The forest structure of an acyclic position rooted at the ground.
pub(crate) struct Rooted {
    /// Per node, the edges leading up from it, in stored order.
    pub children: Vec<Vec<usize>>,
    /// Per edge, its node further from the ground.
    pub upper: Vec<usize>,
    /// Nodes in breadth-first order from the ground (parents before children).
    pub order: Vec<usize>,
    /// The largest number of edges between the ground and a node.
    pub depth: usize,
}

/// Which nodes reach the ground. Union-find rather than a search, so that no adjacency lists
/// are built for what is called once per move.
fn reachable(node_count: usize, edges: &[Edge]) -> Vec<bool> {
    let mut sets = UnionFind::new(node_count);
    for &(a, b, _) in edges {
        sets.union(a, b);
    }
    let ground = sets.find(0);
    (0..node_count).map(|n| sets.find(n) == ground).collect()
}

/// Disjoint sets with path halving; `union` reports whether the two were separate.
pub(crate) struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    pub fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    pub fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        self.parent[ra.max(rb)] = ra.min(rb);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::*;

    #[test]
    fn chopping_drops_what_falls() {
        let p = Position::stalk(&[Blue, Red, Red, Blue]);
        let q = p.without_edge(1);
        assert_eq!(q.edges(), &[(0, 1, Blue)]);
        assert!(!p.keeps_everything_grounded(1));
        assert!(p.keeps_everything_grounded(3));
    }

    #[test]
    fn ungrounded_edges_are_refused() {
        let err = Position::from_edges(4, vec![(0, 1, Blue), (2, 3, Red)]).unwrap_err();
        assert_eq!(err, GraphError::Ungrounded { index: 1 });
    }

    #[test]
    fn components_split_at_the_ground() {
        // A triangle through the ground is one piece; a ground loop another; a stalk a third.
        let p = Position::from_edges(
            5,
            vec![
                (0, 1, Green),
                (1, 2, Green),
                (2, 0, Green),
                (0, 0, Blue),
                (0, 3, Red),
                (3, 4, Red),
            ],
        )
        .unwrap();
        let pieces = p.components();
        assert_eq!(pieces.len(), 3);
        assert_eq!(pieces[0].edge_count(), 3);
        assert_eq!(pieces[1].edges(), &[(0, 0, Blue)]);
        assert_eq!(pieces[2].edges(), &[(0, 1, Red), (1, 2, Red)]);
        assert!(!p.is_forest());
        assert_eq!(p.trunks(), 4);
    }

    #[test]
    fn forests_round_trip() {
        let cherry = Tree {
            colour: Blue,
            above: vec![Tree::stalk(&[Blue]).unwrap(), Tree::stalk(&[Red]).unwrap()],
        };
        let p = Position::from_forest(std::slice::from_ref(&cherry));
        assert_eq!(p.to_forest().unwrap(), vec![cherry]);
        assert!(!p.is_stalk());
        assert_eq!(
            Position::stalk(&[Blue, Green]).stalk_colours().unwrap(),
            vec![Blue, Green]
        );
    }
}
