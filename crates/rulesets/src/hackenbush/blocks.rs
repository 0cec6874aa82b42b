//! A piece is its root block with branches hanging from single nodes.
//!
//! The one idea: the colon principle. A *branch* is what hangs from one node `v` of a piece and
//! touches the rest of the piece only at `v` (never the ground); the piece's value depends on a
//! branch only through the branch's value, because a strategy in the branch's difference game
//! can be mirrored move for move while the rest of the piece is played copy against copy. So:
//!
//! - if the part of the piece touching the ground (its *root block*, the 2-connected block of
//!   its ground edges) is a single edge, the piece is that edge with a branch standing on its
//!   top: the ordinal sum `edge : branch`;
//! - otherwise each branch may be replaced by any picture of the same value — for a value
//!   `x + n.^ + *m` a blue-red stalk (the sign expansion of `x`), `|n|` two-edge stalks `GL` (or
//!   `GR` for downs) and a green stalk of the remaining nimber — which is usually much smaller.
//!
//! Valid under the normal rules only (the childish condition looks through branches).

use super::position::{Edge, Position, UnionFind};
use super::signs::sign_expansion;
use super::Colour;
use hackenbook_games::Nus;

/// How a piece (one component standing on the ground) is built.
pub enum Shape {
    /// The root block is the single edge from the ground to node `top`, of this colour, and
    /// `above` stands on `top` (its ground being `top`).
    Trunk { colour: Colour, above: Position },
    /// The root block has a cycle (or is a loop); branches hang from some of its nodes.
    Block(Block),
}

/// A root block and the branches hanging from it.
pub struct Block {
    node_count: usize,
    root_edges: Vec<Edge>,
    /// Per attachment node (in the piece's numbering): the branch's edges in the piece's
    /// numbering, and the branch as a position whose ground is that node.
    pub branches: Vec<Branch>,
}

/// Everything hanging from one node of the root block.
pub struct Branch {
    pub at: usize,
    edges: Vec<Edge>,
    pub position: Position,
}

/// Splits a piece (a position whose edges all belong to one component at the ground).
pub fn shape(piece: &Position) -> Shape {
    let root = root_block(piece);
    let in_root = {
        let mut mask = vec![false; piece.edge_count()];
        for &e in &root {
            mask[e] = true;
        }
        mask
    };
    // Everything off the root block falls apart into parts each touching it at one node.
    let mut parts = UnionFind::new(piece.node_count());
    for (e, &(a, b, _)) in piece.edges().iter().enumerate() {
        if !in_root[e] {
            parts.union(a, b);
        }
    }
    let mut on_root = vec![false; piece.node_count()];
    for &e in &root {
        let (a, b, _) = piece.edges()[e];
        on_root[a] = true;
        on_root[b] = true;
    }
    // The attachment node of each part: its one node on the root block.
    let mut attachment = vec![usize::MAX; piece.node_count()];
    for node in 0..piece.node_count() {
        if on_root[node] {
            attachment[parts.find(node)] = node;
        }
    }
    let mut by_node: Vec<Vec<Edge>> = vec![Vec::new(); piece.node_count()];
    for (e, &edge) in piece.edges().iter().enumerate() {
        if !in_root[e] {
            let at = attachment[parts.find(edge.0)];
            if at != usize::MAX {
                by_node[at].push(edge);
            }
        }
    }
    let branches: Vec<Branch> = by_node
        .into_iter()
        .enumerate()
        .filter(|(_, edges)| !edges.is_empty())
        .map(|(at, edges)| Branch {
            at,
            position: rooted_at(piece.node_count(), &edges, at),
            edges,
        })
        .collect();
    if let [single] = root[..] {
        let (a, b, colour) = piece.edges()[single];
        if a != b {
            let top = if a == 0 { b } else { a };
            let above = branches
                .into_iter()
                .find(|br| br.at == top)
                .map(|br| br.position)
                .unwrap_or_else(Position::empty);
            return Shape::Trunk { colour, above };
        }
    }
    Shape::Block(Block {
        node_count: piece.node_count(),
        root_edges: root.iter().map(|&e| piece.edges()[e]).collect(),
        branches,
    })
}

impl Block {
    /// The piece again, with the branch at each listed node replaced by a picture worth `value`
    /// (branches not listed are kept as they are).
    pub fn rebuilt(&self, replacements: &[(usize, Nus)]) -> Position {
        let mut edges = self.root_edges.clone();
        let mut node_count = self.node_count;
        for branch in &self.branches {
            match replacements.iter().find(|(at, _)| *at == branch.at) {
                None => edges.extend_from_slice(&branch.edges),
                Some((at, value)) => {
                    for stalk in stalks_worth(value) {
                        let mut below = *at;
                        for c in stalk {
                            edges.push((below, node_count, c));
                            below = node_count;
                            node_count += 1;
                        }
                    }
                }
            }
        }
        Position::from_edges(node_count, edges).unwrap_or_else(|_| Position::empty())
    }
}

/// Edges in the pictures [`stalks_worth`] draws for a value.
pub fn stalk_edges(value: &Nus) -> usize {
    stalks_worth(value).iter().map(Vec::len).sum()
}

/// Stalks (colours from their foot up) whose sum is `x + n.^ + *m`: the sign expansion of `x`;
/// `|n|` copies of `GL` (`^*`) or `GR` (`v*`); a green stalk of `m` xor the parity of `n`.
pub fn stalks_worth(value: &Nus) -> Vec<Vec<Colour>> {
    let mut stalks = Vec::new();
    let number = sign_expansion(&value.number);
    if !number.is_empty() {
        stalks.push(number);
    }
    let tip = if value.ups > 0 {
        Colour::Blue
    } else {
        Colour::Red
    };
    for _ in 0..value.ups.unsigned_abs() {
        stalks.push(vec![Colour::Green, tip]);
    }
    let nim = value.nim ^ (value.ups.unsigned_abs() % 2) as u32; // 0 or 1
    if nim > 0 {
        stalks.push(vec![Colour::Green; nim as usize]);
    }
    stalks
}

/// The edges `edges` (numbered within `0..node_count`) as a position whose ground is `at`.
fn rooted_at(node_count: usize, edges: &[Edge], at: usize) -> Position {
    let swap = |n: usize| {
        if n == at {
            0
        } else if n == 0 {
            at
        } else {
            n
        }
    };
    let moved = edges
        .iter()
        .map(|&(a, b, c)| (swap(a), swap(b), c))
        .collect();
    Position::from_edges(node_count, moved).unwrap_or_else(|_| Position::empty())
}

/// The edges of the 2-connected block containing the ground's edges (a piece has one: two
/// edges at the ground of one piece lie on a common cycle through the ground). Iterative
/// Tarjan with an edge stack; loops are blocks of their own and never the root block unless the
/// piece is a loop at the ground.
fn root_block(p: &Position) -> Vec<usize> {
    let adjacency = p.adjacency();
    let n = p.node_count();
    let mut discovered = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut edge_stack: Vec<usize> = Vec::new();
    discovered[0] = 0;
    let mut time = 1;
    // (node, edge by which it was reached, next adjacency index)
    let mut stack = vec![(0usize, usize::MAX, 0usize)];
    let mut root = Vec::new();
    while let Some(&mut (node, via, ref mut next)) = stack.last_mut() {
        if let Some(&(e, other)) = adjacency[node].get(*next) {
            *next += 1;
            if e == via || other == node {
                continue;
            }
            if discovered[other] == usize::MAX {
                discovered[other] = time;
                low[other] = time;
                time += 1;
                edge_stack.push(e);
                stack.push((other, e, 0));
            } else if discovered[other] < discovered[node] {
                edge_stack.push(e);
                low[node] = low[node].min(discovered[other]);
            }
        } else {
            stack.pop();
            let Some(&(parent, _, _)) = stack.last() else {
                break;
            };
            low[parent] = low[parent].min(low[node]);
            if low[node] >= discovered[parent] {
                // The block closed by edge `via` is complete.
                let mut block = Vec::new();
                while let Some(e) = edge_stack.pop() {
                    block.push(e);
                    if e == via {
                        break;
                    }
                }
                if parent == 0 {
                    root = block;
                }
            }
        }
    }
    if root.is_empty() {
        // No non-loop edge at the ground: the piece is loops at the ground.
        root = (0..p.edge_count()).collect();
    }
    root.sort_unstable();
    root
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(text: &str) -> Position {
        Position::parse(text).unwrap()
    }

    #[test]
    fn a_trunk_carries_everything_above_it() {
        match shape(&piece("g-a L, a-b-c-a G, c-d R")) {
            Shape::Trunk { colour, above } => {
                assert_eq!(colour, Colour::Blue);
                assert_eq!(above.edge_count(), 4);
                assert!(!above.is_forest());
            }
            Shape::Block(_) => panic!("a single edge at the ground is a trunk"),
        }
    }

    #[test]
    fn branches_hang_from_the_root_block() {
        let p = piece("g-a L, a-b R, b-g L, a-c G, c-d G, d-c R, b-b G");
        let Shape::Block(block) = shape(&p) else {
            panic!("the triangle is the root block")
        };
        assert_eq!(block.root_edges.len(), 3);
        let sizes: Vec<(usize, usize)> = block
            .branches
            .iter()
            .map(|b| (b.at, b.position.edge_count()))
            .collect();
        assert_eq!(sizes, vec![(1, 3), (2, 1)]);
        // Replacing the loop at b by a picture of `*`: a green stalk of one edge.
        let star = Nus::new(hackenbook_games::Dyadic::zero(), 0, 1);
        let q = block.rebuilt(&[(2, star)]);
        assert_eq!(q.edge_count(), 7);
        assert_eq!(q.count(Colour::Green), 3);
    }

    #[test]
    fn pictures_of_values() {
        let v = Nus::new("3/8".parse().unwrap(), -2, 1);
        let stalks = stalks_worth(&v);
        assert_eq!(
            stalks,
            vec![
                vec![Colour::Blue, Colour::Red, Colour::Red, Colour::Blue],
                vec![Colour::Green, Colour::Red],
                vec![Colour::Green, Colour::Red],
                vec![Colour::Green],
            ]
        );
        assert_eq!(stalk_edges(&v), 9);
    }
}
