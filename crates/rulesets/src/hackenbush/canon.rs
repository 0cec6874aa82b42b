//! Canonical keys: one memo entry per position up to isomorphism.
//!
//! The one idea: a key is always the complete edge list of the position under *some*
//! relabelling of its nodes, so two positions with equal keys are certainly isomorphic (a memo
//! hit is never wrong); the work goes into choosing the relabelling canonically, so that
//! isomorphic positions also get equal keys (a memo hit is not missed).
//!
//! - Forests: the classic rooted-tree code (Aho–Hopcroft–Ullman), sorted children, exact.
//! - Graphs with cycles: colour refinement from the ground, then individualisation of the
//!   first ambiguous cell, keeping the least edge list over all branches. Exact while the
//!   search has at most [`LEAF_LIMIT`] leaves; beyond (graphs with large symmetric cells, such
//!   as many identical pieces hanging from one node) it keeps the least list found so far, which
//!   is still a correct key but may differ between isomorphic copies: fewer memo hits, never a
//!   wrong one.

use super::position::Position;
use super::Colour;
use rustc_hash::FxHashMap;

/// The canonical key of a position (node 0 stays the ground). Keys of forests are numbers
/// interned in a [`Canon`], so keys are comparable only when made by the same `Canon`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Key {
    Forest(u32),
    Graph(Vec<u32>),
}

/// Leaves of the individualisation search explored before settling for the best found.
pub const LEAF_LIMIT: usize = 64;

fn colour_code(c: Colour) -> u32 {
    match c {
        Colour::Blue => 1,
        Colour::Red => 2,
        Colour::Green => 3,
    }
}

/// The maker of keys: it interns the rooted subtrees it has seen, so the key of a forest costs
/// one hash lookup per node however deep the forest is.
#[derive(Default)]
pub struct Canon {
    subtrees: FxHashMap<Vec<u32>, u32>,
}

impl Canon {
    pub fn new() -> Canon {
        Canon::default()
    }

    /// The key of `p`: exact for forests and for graphs with small symmetric cells.
    pub fn key(&mut self, p: &Position) -> Key {
        match self.forest_key(p) {
            Some(id) => Key::Forest(id),
            None => Key::Graph(graph_code(p)),
        }
    }

    /// How many distinct rooted subtrees have been interned.
    pub fn interned(&self) -> usize {
        self.subtrees.len()
    }

    /// Rooted-tree code: a node is the sorted list of (colour, code of what stands on it) over
    /// the edges leaving it upwards, interned to a number.
    fn forest_key(&mut self, p: &Position) -> Option<u32> {
        let rooted = p.rooted()?;
        let mut id = vec![0u32; p.node_count()];
        for &node in rooted.order.iter().rev() {
            let mut parts: Vec<(u32, u32)> = rooted.children[node]
                .iter()
                .map(|&e| (colour_code(p.edges()[e].2), id[rooted.upper[e]]))
                .collect();
            parts.sort_unstable();
            let code: Vec<u32> = parts.into_iter().flat_map(|(c, i)| [c, i]).collect();
            // Past 2^32 subtrees the position is keyed by its graph code instead.
            let next = u32::try_from(self.subtrees.len()).ok()?;
            id[node] = *self.subtrees.entry(code).or_insert(next);
        }
        Some(id[0])
    }
}

/// The canonical code of a graph with cycles: node count, then the sorted edge list.
fn graph_code(p: &Position) -> Vec<u32> {
    code(p)
}

/// The canonical code of any position with no [`Canon`] to intern it: its node count, then its
/// edge list under the least relabelling found within [`LEAF_LIMIT`] leaves. Equal codes are
/// isomorphic positions; isomorphic positions have equal codes unless a large symmetric cell
/// cut the search short. Comparable across runs and threads (a forest's [`Key`] is not).
pub fn code(p: &Position) -> Vec<u32> {
    code_within(p, LEAF_LIMIT)
}

/// The exact canonical code of any position (forest or not): its node count, then its edge list
/// `[low node, high node, colour code]…` sorted, under the least relabelling the complete
/// individualisation-refinement search finds — equal exactly for isomorphic positions. The search
/// has at most `(nodes - 1)!` leaves (a star of identical edges reaches it), so this is for small
/// positions: the census of graphs uses it on pictures of a few edges.
pub fn exact_code(p: &Position) -> Vec<u32> {
    code_within(p, usize::MAX)
}

/// The position a code was made from, up to isomorphism: nodes renamed as in the code.
pub fn from_code(code: &[u32]) -> Option<Position> {
    let (&nodes, edges) = code.split_first()?;
    let edges = edges
        .chunks_exact(3)
        .map(|e| {
            let colour = match e[2] {
                1 => Colour::Blue,
                2 => Colour::Red,
                _ => Colour::Green,
            };
            (e[0] as usize, e[1] as usize, colour)
        })
        .collect();
    Position::from_edges(nodes as usize, edges).ok()
}

/// The code of `p` under the least relabelling found among at most `leaf_limit` leaves.
fn code_within(p: &Position, leaf_limit: usize) -> Vec<u32> {
    let n = p.node_count();
    let graph = Neighbours::of(p);
    // Initial cells: the ground alone first, then nodes by the (order-free) hash of their loops.
    let mut loops = vec![0u64; n];
    for &(a, b, c) in p.edges() {
        if a == b {
            loops[a] = loops[a].wrapping_add(mix(u64::from(colour_code(c)) + 0x100));
        }
    }
    let mut refiner = Refiner::new(&graph, n);
    refiner
        .signatures
        .extend((0..n).map(|v| (u32::from(v != 0), loops[v])));
    let mut cells = vec![0; n];
    let count = refiner.rank(&mut cells);
    refiner.refine(&mut cells, count);
    let mut search = Search {
        p,
        refiner,
        best: None,
        leaves: 0,
        leaf_limit,
    };
    search.explore(cells);
    // A node count: at most the edges plus one, and a position's edges are held in memory
    // (12 bytes and more each), never 2^32 of them.
    let mut code = vec![n as u32];
    code.extend(search.best.unwrap_or_default());
    code
}

/// Neighbour lists in one flat array: node `v`'s non-loop edge ends are
/// `around[start[v]..start[v + 1]]`, each (colour code, other node).
struct Neighbours {
    start: Vec<usize>,
    around: Vec<(u32, usize)>,
}

impl Neighbours {
    fn of(p: &Position) -> Neighbours {
        let n = p.node_count();
        let mut start = vec![0usize; n + 1];
        for &(a, b, _) in p.edges() {
            if a != b {
                start[a + 1] += 1;
                start[b + 1] += 1;
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut around = vec![(0, 0); start[n]];
        for &(a, b, c) in p.edges() {
            if a != b {
                around[fill[a]] = (colour_code(c), b);
                fill[a] += 1;
                around[fill[b]] = (colour_code(c), a);
                fill[b] += 1;
            }
        }
        Neighbours { start, around }
    }
}

/// Colour refinement over one graph, with its working space kept from round to round.
struct Refiner<'a> {
    graph: &'a Neighbours,
    /// Per node, the signature ranked next: its cell, then the hash of its neighbourhood.
    signatures: Vec<(u32, u64)>,
    /// The nodes in order of their signatures.
    order: Vec<usize>,
    /// Per leading cell, where its nodes start in `order` (the counting sort's).
    starts: Vec<usize>,
    /// The next round's cells.
    next: Vec<u32>,
}

impl<'a> Refiner<'a> {
    fn new(graph: &'a Neighbours, n: usize) -> Refiner<'a> {
        Refiner {
            graph,
            signatures: Vec::with_capacity(n),
            order: Vec::with_capacity(n),
            starts: Vec::with_capacity(n + 1),
            next: vec![0; n],
        }
    }

    /// Writes into `cells` each node's rank among the distinct signatures (an invariant
    /// labelling, dense: the ranks are `0..k`), and returns `k`. The signatures are put in order
    /// by their leading cell first (a counting sort: cells are below the node count), then by
    /// hash within each cell, which refinement keeps small.
    fn rank(&mut self, cells: &mut [u32]) -> u32 {
        let signatures = &self.signatures;
        let n = signatures.len();
        let cells_before = signatures
            .iter()
            .map(|s| s.0 as usize + 1)
            .max()
            .unwrap_or(0);
        let starts = &mut self.starts;
        starts.clear();
        starts.resize(cells_before + 1, 0);
        for s in signatures {
            starts[s.0 as usize + 1] += 1;
        }
        for c in 0..cells_before {
            starts[c + 1] += starts[c];
        }
        self.order.clear();
        self.order.resize(n, 0);
        for (v, s) in signatures.iter().enumerate() {
            let at = &mut starts[s.0 as usize];
            self.order[*at] = v;
            *at += 1;
        }
        // `starts[c]` is now the end of cell `c`'s run.
        let mut from = 0;
        for &end in &starts[..cells_before] {
            if end - from > 1 {
                self.order[from..end].sort_unstable_by_key(|&v| signatures[v].1);
            }
            from = end;
        }
        let mut rank = 0;
        for (i, &v) in self.order.iter().enumerate() {
            if i > 0 && signatures[v] != signatures[self.order[i - 1]] {
                rank += 1;
            }
            // A rank among at most as many signatures as the position has nodes (see above).
            cells[v] = rank;
        }
        if n == 0 {
            0
        } else {
            rank + 1
        }
    }

    /// Colour refinement of `cells` (`count` of them): split cells by the multiset of (edge
    /// colour, neighbour's cell), held as an order-free sum of hashes, until stable. The old
    /// cell leads the signature, so cells only split, in order. A hash collision could only
    /// leave cells coarser: the result is still a function of the graph up to isomorphism,
    /// which is all the search needs.
    fn refine(&mut self, cells: &mut Vec<u32>, mut count: u32) {
        let graph = self.graph;
        loop {
            self.signatures.clear();
            self.signatures
                .extend(cells.iter().enumerate().map(|(v, &cell)| {
                    let h = graph.around[graph.start[v]..graph.start[v + 1]]
                        .iter()
                        .fold(0u64, |h, &(c, o)| {
                            h.wrapping_add(mix((u64::from(c) << 32) | u64::from(cells[o])))
                        });
                    (cell, h)
                }));
            let mut next = std::mem::take(&mut self.next);
            let next_count = self.rank(&mut next);
            std::mem::swap(cells, &mut next);
            self.next = next;
            if next_count == count {
                return;
            }
            count = next_count;
        }
    }
}

/// The individualisation-refinement search for the least relabelled edge list.
struct Search<'a> {
    p: &'a Position,
    refiner: Refiner<'a>,
    best: Option<Vec<u32>>,
    leaves: usize,
    leaf_limit: usize,
}

impl Search<'_> {
    fn explore(&mut self, cells: Vec<u32>) {
        if self.leaves >= self.leaf_limit {
            return;
        }
        let Some(target) = first_ambiguous_cell(&cells) else {
            self.leaves += 1;
            let code = relabelled(self.p, &cells);
            if self.best.as_ref().is_none_or(|b| code < *b) {
                self.best = Some(code);
            }
            return;
        };
        // Cells are dense ranks, so one more than the largest is how many there are.
        let count = cells.iter().max().map_or(0, |&m| m + 1);
        for v in (0..cells.len()).filter(|&v| cells[v] == target) {
            // v keeps the cell's rank; the rest of its cell and every later cell move up one.
            let mut split: Vec<u32> = cells
                .iter()
                .enumerate()
                .map(|(u, &c)| {
                    if c > target || (c == target && u != v) {
                        c + 1
                    } else {
                        c
                    }
                })
                .collect();
            self.refiner.refine(&mut split, count + 1);
            self.explore(split);
        }
    }
}

/// The smallest cell id shared by two or more nodes (cells are dense ranks `0..k`).
fn first_ambiguous_cell(cells: &[u32]) -> Option<u32> {
    let mut seen = vec![0u8; cells.len()];
    let mut least: Option<u32> = None;
    for &c in cells {
        let s = &mut seen[c as usize];
        if *s == 1 && least.is_none_or(|l| c < l) {
            least = Some(c);
        }
        *s = s.saturating_add(1);
    }
    least
}

/// The sorted edge list with node `v` renamed `cells[v]` (a permutation once cells are discrete).
fn relabelled(p: &Position, cells: &[u32]) -> Vec<u32> {
    let mut edges: Vec<[u32; 3]> = p
        .edges()
        .iter()
        .map(|&(a, b, c)| {
            let (x, y) = (cells[a], cells[b]);
            [x.min(y), x.max(y), colour_code(c)]
        })
        .collect();
    edges.sort_unstable();
    edges.concat()
}

/// Mixes one word into a well-spread hash (a finaliser, for order-free sums of hashes).
#[inline]
pub fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    let x = (x ^ (x >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same(a: &str, b: &str) -> bool {
        let mut canon = Canon::new();
        let ka = canon.key(&Position::parse(a).unwrap());
        ka == canon.key(&Position::parse(b).unwrap())
    }

    #[test]
    fn forests_up_to_order() {
        assert!(same("L(L R) RL", "RL L(R L)"));
        assert!(!same("L(L R)", "L(L L)"));
        assert!(!same("LR", "RL"));
        assert!(!same("LR", "L R"));
        assert!(same("g-a L, a-b R, a-c L", "L(L R)"));
    }

    #[test]
    fn graphs_up_to_relabelling() {
        assert!(same("g-a L, a-b R, b-g G", "g-x G, x-y R, y-g L"));
        assert!(!same("g-a L, a-b R, b-g G", "g-a L, a-b G, b-g R"));
        assert!(same(
            "g-a L, a-b R, b-g L, b-c G, c-c R",
            "g-q L, q-c G, c-c R, q-p R, p-g L"
        ));
        assert!(!same("g-a-b-g G, a-a G", "g-a-b-g G, g-g G"));
        // A hexagon through the ground against two triangles through it: refinement alone
        // cannot tell every node apart, the search must.
        assert!(!same("g-a-b-c-d-e-g G", "g-a-b-g G, g-c-d-g G"));
        assert!(same("g-a-b-g G, g-c-d-g G", "g-c-a-g G, g-d-b-g G"));
    }

    /// A code is the position under a relabelling: read back, it is a position with the same
    /// code, the same edges by colour and the same node count; and relabelling a position's
    /// nodes (the ground kept) and reversing its edge list never changes its code. On random
    /// multigraphs, at the search's leaf limit and (for small ones) exactly.
    #[test]
    fn codes_are_relabellings_and_forget_the_labels() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |below: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % below as u64) as usize
        };
        for round in 0..3000 {
            let mut nodes = 1;
            let mut edges = Vec::new();
            for _ in 0..1 + round % 20 {
                let a = next(nodes);
                let b = next(nodes + 1);
                if b == nodes {
                    nodes += 1;
                }
                let colour = [Colour::Blue, Colour::Red, Colour::Green][next(3)];
                edges.push((a, b, colour));
            }
            let p = Position::from_edges(nodes, edges.clone()).unwrap();
            let mut perm: Vec<usize> = (1..nodes).collect();
            for i in (1..perm.len()).rev() {
                perm.swap(i, next(i + 1));
            }
            let map = |v: usize| if v == 0 { 0 } else { perm[v - 1] };
            let moved = edges
                .iter()
                .rev()
                .map(|&(a, b, c)| (map(b), map(a), c))
                .collect();
            let q = Position::from_edges(nodes, moved).unwrap();
            let limits: &[usize] = if nodes <= 8 {
                &[LEAF_LIMIT, usize::MAX]
            } else {
                &[LEAF_LIMIT]
            };
            for &limit in limits {
                let c = code_within(&p, limit);
                let back = from_code(&c).unwrap();
                assert_eq!(code_within(&back, limit), c, "{}", p.notation());
                assert_eq!(back.node_count(), p.node_count());
                for colour in [Colour::Blue, Colour::Red, Colour::Green] {
                    assert_eq!(back.count(colour), p.count(colour));
                }
                if limit == usize::MAX {
                    assert_eq!(code_within(&q, limit), c, "{}", p.notation());
                }
            }
        }
    }
}
