//! Random Hackenbush positions for property tests, shared by the test files that include this
//! module (`mod random_positions;`).
#![allow(dead_code)]

use hackenbook_rulesets::hackenbush::{Colour, Position};

/// Blue, red and green, in the order spec bytes pick them.
pub const ALL: [Colour; 3] = [Colour::Blue, Colour::Red, Colour::Green];

/// A random grounded multigraph over the given colours (cycles, loops and parallel edges
/// included): each edge joins a node already standing to a node already standing or to a new
/// one, so every edge reaches the ground.
pub fn graph(spec: &[(u8, u8, u8)], colours: &[Colour]) -> Position {
    let mut nodes = 1usize;
    let mut edges = Vec::new();
    for &(a, b, c) in spec {
        let a = a as usize % nodes;
        let b = b as usize % (nodes + 1);
        if b == nodes {
            nodes += 1;
        }
        edges.push((a, b, colours[c as usize % colours.len()]));
    }
    Position::from_edges(nodes, edges).unwrap()
}

/// A random plane forest over the given colours: every edge climbs from a standing node to a
/// new one.
pub fn forest(spec: &[(u8, u8)], colours: &[Colour]) -> Position {
    let edges: Vec<_> = spec
        .iter()
        .enumerate()
        .map(|(i, &(a, c))| {
            (
                a as usize % (i + 1),
                i + 1,
                colours[c as usize % colours.len()],
            )
        })
        .collect();
    Position::from_edges(spec.len() + 1, edges).unwrap()
}
