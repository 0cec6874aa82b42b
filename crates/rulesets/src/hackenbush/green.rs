//! Green Hackenbush by the colon and fusion principles: every green picture is a nimber.
//!
//! The one idea: a green graph collapses to a bamboo stalk. The colon principle says branches
//! meeting at a node may be replaced by one stalk of their nim-sum, so a tree is worth, at each
//! node, the nim-sum over the edges leaving it upwards of `1 + (what stands on that edge)`. The
//! fusion principle says the nodes of a cycle may be fused into one, the cycle's edges becoming
//! loops; a loop is a stalk of one edge (`*`). Fusing every 2-edge-connected block (found via
//! its bridges) leaves a tree of bridges with loops at its nodes, which the colon principle
//! finishes. Everything is linear in the size of the graph.

use super::position::{Position, UnionFind};

/// The nim value of a green forest by the colon principle (`None` unless the position is a
/// green forest).
pub fn colon_nimber(p: &Position) -> Option<u64> {
    if !p.is_green() {
        return None;
    }
    let rooted = p.rooted()?;
    let mut above = vec![0u64; p.node_count()];
    for &node in rooted.order.iter().rev() {
        above[node] = rooted.children[node]
            .iter()
            .fold(0, |acc, &e| acc ^ (1 + above[rooted.upper[e]]));
    }
    Some(above[0])
}

/// The nim value of any green picture by the fusion principle, then the colon principle
/// (`None` if the position has an edge that is not green).
pub fn fusion_nimber(p: &Position) -> Option<u64> {
    if !p.is_green() {
        return None;
    }
    let bridge = bridges(p);
    // Fuse the ends of every edge that lies on a cycle.
    let mut blocks = UnionFind::new(p.node_count());
    for (e, &(a, b, _)) in p.edges().iter().enumerate() {
        if !bridge[e] {
            blocks.union(a, b);
        }
    }
    let block: Vec<usize> = (0..p.node_count()).map(|n| blocks.find(n)).collect();
    // Loops left at each fused node, and the tree of bridges between fused nodes.
    let mut loops = vec![0u64; p.node_count()];
    let mut tree_adjacency = vec![Vec::new(); p.node_count()];
    for (e, &(a, b, _)) in p.edges().iter().enumerate() {
        if bridge[e] {
            tree_adjacency[block[a]].push(block[b]);
            tree_adjacency[block[b]].push(block[a]);
        } else {
            loops[block[a]] += 1;
        }
    }
    // Order the fused tree from the ground, then fold the colon principle from the top down.
    let root = block[0];
    let mut parent = vec![usize::MAX; p.node_count()];
    let mut order = vec![root];
    parent[root] = root;
    let mut i = 0;
    while i < order.len() {
        let node = order[i];
        i += 1;
        for &next in &tree_adjacency[node] {
            if parent[next] == usize::MAX {
                parent[next] = node;
                order.push(next);
            }
        }
    }
    let mut value: Vec<u64> = loops.iter().map(|&n| n % 2).collect();
    for &node in order.iter().rev() {
        if node != root {
            let up = 1 + value[node];
            value[parent[node]] ^= up;
        }
    }
    Some(value[root])
}

/// Which edges are bridges (their removal disconnects the graph); loops and edges with a
/// parallel twin never are. Iterative Tarjan low-link, skipping the arrival edge by index.
pub(crate) fn bridges(p: &Position) -> Vec<bool> {
    let (n, edges) = (p.node_count(), p.edges());
    // Incident (edge, other end) of node `v`: `around[first[v]..first[v + 1]]`, in edge order.
    let mut first = vec![0usize; n + 1];
    for &(a, b, _) in edges {
        first[a + 1] += 1;
        if a != b {
            first[b + 1] += 1;
        }
    }
    for v in 0..n {
        first[v + 1] += first[v];
    }
    let mut fill = first.clone();
    let mut around = vec![(0usize, 0usize); first[n]];
    for (e, &(a, b, _)) in edges.iter().enumerate() {
        around[fill[a]] = (e, b);
        fill[a] += 1;
        if a != b {
            around[fill[b]] = (e, a);
            fill[b] += 1;
        }
    }
    let mut is_bridge = vec![false; edges.len()];
    let mut discovered = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut time = 0;
    // (node, edge by which it was reached, next adjacency index)
    let mut stack: Vec<(usize, usize, usize)> = Vec::new();
    for start in 0..n {
        if discovered[start] != usize::MAX {
            continue;
        }
        discovered[start] = time;
        low[start] = time;
        time += 1;
        stack.push((start, usize::MAX, 0));
        while let Some(&mut (node, via, ref mut next)) = stack.last_mut() {
            if let Some(&(e, other)) = around[first[node]..first[node + 1]].get(*next) {
                *next += 1;
                if e == via || other == node {
                    continue;
                }
                if discovered[other] == usize::MAX {
                    discovered[other] = time;
                    low[other] = time;
                    time += 1;
                    stack.push((other, e, 0));
                } else {
                    low[node] = low[node].min(discovered[other]);
                }
            } else {
                stack.pop();
                if let Some(&(parent, _, _)) = stack.last() {
                    low[parent] = low[parent].min(low[node]);
                    if low[node] > discovered[parent] {
                        is_bridge[via] = true;
                    }
                }
            }
        }
    }
    is_bridge
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nim(text: &str) -> u64 {
        fusion_nimber(&Position::parse(text).unwrap()).unwrap()
    }

    #[test]
    fn triangles_squares_and_loops() {
        assert_eq!(nim("g-a-b-g G"), 1);
        assert_eq!(nim("g-a-b-c-g G"), 0);
        assert_eq!(nim("g-a G, a-a G"), 2);
        assert_eq!(nim("g-g G"), 1);
        assert_eq!(nim("g-a G, g-a G"), 0);
        // A lollipop: stalk of one edge carrying a triangle: 1 + * = *2.
        assert_eq!(nim("g-a G, a-b-c-a G"), 2);
    }

    #[test]
    fn trees_agree_with_the_colon_principle() {
        for text in ["GGG", "G(G G)", "G(GG G) GG", "G(G(G G) G)"] {
            let p = Position::parse(text).unwrap();
            assert_eq!(colon_nimber(&p), fusion_nimber(&p), "{text}");
        }
        assert_eq!(nim("G(G G)"), 1);
        assert_eq!(nim("GGG G"), 2);
    }
}
