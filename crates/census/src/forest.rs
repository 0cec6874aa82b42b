//! Plane forests packed into two machine words, with a dense ranking.
//!
//! The one idea: a plane forest of `n` coloured edges is a balanced-parenthesis word of length
//! `2n` (an edge opens, carries its forest, closes) plus one colour per edge in preorder. Cutting
//! an edge deletes one contiguous stretch of both, and the forests of `n` edges are ranked
//! densely (shape rank × k^n + colour digits), so values can live in flat arrays indexed by rank.
//! Unpacked, a forest is the solver's own [`Tree`]s, and it is written and read in the position
//! notation of [`hackenbook_rulesets::hackenbush::notation`].

use hackenbook_base::located::Located;
use hackenbook_rulesets::hackenbush::{Colour, Position, Tree};
use std::fmt;

/// The largest forest the packed form holds (the shape word needs `2n` bits of a `u32`).
pub const MAX_EDGES: usize = 16;

/// A plane forest: an ordered list of trees, each a coloured edge carrying an ordered forest.
///
/// `shape` bit `j` is 0 for an opening step (an edge starts) and 1 for a closing step; `colours`
/// holds two bits per edge in preorder (0 blue, 1 red, 2 green).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(into = "(u32, u32, u8)", try_from = "(u32, u32, u8)")]
pub struct Forest {
    shape: u32,
    colours: u32,
    edges: u8,
}

fn code(c: Colour) -> u32 {
    match c {
        Colour::Blue => 0,
        Colour::Red => 1,
        Colour::Green => 2,
    }
}

fn colour_of(code: u32) -> Colour {
    match code {
        0 => Colour::Blue,
        1 => Colour::Red,
        _ => Colour::Green,
    }
}

fn mask(bits: u32) -> u32 {
    if bits >= 32 {
        u32::MAX
    } else {
        (1u32 << bits) - 1
    }
}

/// Where one edge sits in the packed words: its preorder index and its stretch of the shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeSpan {
    pub index: usize,
    pub open: u32,
    pub close: u32,
}

impl EdgeSpan {
    /// Edges in the subtree of this edge, itself included.
    pub fn size(self) -> usize {
        // `close - open + 1` steps, two per edge: `close - open` is odd, so rounding up halves it.
        (self.close - self.open).div_ceil(2) as usize
    }
}

/// The edges of a forest, without allocating.
#[derive(Clone, Copy, Debug)]
pub struct EdgeList {
    items: [EdgeSpan; MAX_EDGES],
    len: usize,
}

impl EdgeList {
    fn new() -> EdgeList {
        EdgeList {
            items: [EdgeSpan {
                index: 0,
                open: 0,
                close: 0,
            }; MAX_EDGES],
            len: 0,
        }
    }

    fn push(&mut self, e: EdgeSpan) {
        self.items[self.len] = e;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[EdgeSpan] {
        &self.items[..self.len]
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn first(&self) -> Option<EdgeSpan> {
        self.as_slice().first().copied()
    }

    pub fn iter(&self) -> impl Iterator<Item = EdgeSpan> + '_ {
        self.as_slice().iter().copied()
    }
}

/// Stored as `[shape, colours, edges]`.
impl From<Forest> for (u32, u32, u8) {
    fn from(f: Forest) -> (u32, u32, u8) {
        (f.shape, f.colours, f.edges)
    }
}

impl TryFrom<(u32, u32, u8)> for Forest {
    type Error = String;
    fn try_from((shape, colours, edges): (u32, u32, u8)) -> Result<Forest, String> {
        if edges as usize > MAX_EDGES || (edges < 16 && shape >> (2 * edges) != 0) {
            return Err(format!("not a forest of at most {MAX_EDGES} edges"));
        }
        Ok(Forest::from_parts(shape, colours, edges as usize))
    }
}

/// Every edge count, index and size of a packed forest is at most [`MAX_EDGES`] (the 32-bit
/// shape has two bits per edge), so the conversions to `u8` and `u32` below are exact.
impl Forest {
    pub const EMPTY: Forest = Forest {
        shape: 0,
        colours: 0,
        edges: 0,
    };

    pub fn from_parts(shape: u32, colours: u32, edges: usize) -> Forest {
        debug_assert!(
            edges <= MAX_EDGES,
            "a packed forest has at most {MAX_EDGES} edges"
        );
        Forest {
            shape,
            colours,
            edges: edges as u8, // at most MAX_EDGES: the shape has two bits per edge in 32
        }
    }

    pub fn shape(self) -> u32 {
        self.shape
    }

    pub fn colour_bits(self) -> u32 {
        self.colours
    }

    pub fn edges(self) -> usize {
        self.edges as usize
    }

    pub fn colour(self, i: usize) -> Colour {
        colour_of((self.colours >> (2 * i)) & 3)
    }

    /// The edge opening at shape position `open` (index `index`), with its closing position.
    fn span_at(self, index: usize, open: u32) -> EdgeSpan {
        let mut depth = 0i32;
        let mut j = open;
        loop {
            if (self.shape >> j) & 1 == 0 {
                depth += 1;
            } else {
                depth -= 1;
                if depth == 0 {
                    return EdgeSpan {
                        index,
                        open,
                        close: j,
                    };
                }
            }
            j += 1;
        }
    }

    /// Every edge in preorder, found in one pass over the shape.
    pub fn edge_list(self) -> EdgeList {
        let blank = EdgeSpan {
            index: 0,
            open: 0,
            close: 0,
        };
        let mut list = EdgeList {
            items: [blank; MAX_EDGES],
            len: 0,
        };
        let mut stack = [0usize; MAX_EDGES];
        let mut depth = 0;
        for j in 0..2 * self.edges as u32 {
            if (self.shape >> j) & 1 == 0 {
                list.items[list.len] = EdgeSpan {
                    index: list.len,
                    open: j,
                    close: j,
                };
                stack[depth] = list.len;
                depth += 1;
                list.len += 1;
            } else {
                depth -= 1;
                list.items[stack[depth]].close = j;
            }
        }
        list
    }

    /// The `i`-th edge in preorder.
    pub fn edge(self, i: usize) -> EdgeSpan {
        let mut seen = 0;
        let mut j = 0;
        loop {
            if (self.shape >> j) & 1 == 0 {
                if seen == i {
                    return self.span_at(i, j);
                }
                seen += 1;
            }
            j += 1;
        }
    }

    /// The trunks (top-level edges), left to right.
    pub fn trunks(self) -> EdgeList {
        self.children_between(0, 2 * self.edges as u32, 0)
    }

    /// The edges standing directly on the far end of `e`.
    pub fn children(self, e: EdgeSpan) -> EdgeList {
        self.children_between(e.open + 1, e.close, e.index + 1)
    }

    fn children_between(self, start: u32, end: u32, first_index: usize) -> EdgeList {
        let mut out = EdgeList::new();
        let (mut j, mut index) = (start, first_index);
        while j < end {
            let e = self.span_at(index, j);
            index += e.size();
            j = e.close + 1;
            out.push(e);
        }
        out
    }

    /// The forest left when `e` is cut: everything above it falls with it.
    pub fn without(self, e: EdgeSpan) -> Forest {
        let (p, q) = (e.open, e.close + 1);
        let shape = (self.shape & mask(p)) | (self.shape.checked_shr(q).unwrap_or(0) << p);
        let (a, b) = (2 * e.index as u32, 2 * (e.index + e.size()) as u32);
        let colours = (self.colours & mask(a)) | (self.colours.checked_shr(b).unwrap_or(0) << a);
        Forest {
            shape,
            colours,
            edges: self.edges - e.size() as u8,
        }
    }

    /// The forest standing on the far end of `e`.
    pub fn above(self, e: EdgeSpan) -> Forest {
        let n = e.size() - 1;
        Forest {
            shape: (self.shape >> (e.open + 1)) & mask(2 * n as u32),
            colours: (self.colours >> (2 * (e.index + 1))) & mask(2 * n as u32),
            edges: n as u8,
        }
    }

    /// The single tree made of `e` and everything above it.
    pub fn tree(self, e: EdgeSpan) -> Forest {
        let n = e.size();
        Forest {
            shape: (self.shape >> e.open) & mask(2 * n as u32),
            colours: (self.colours >> (2 * e.index)) & mask(2 * n as u32),
            edges: n as u8,
        }
    }

    /// No node carries two edges and only one edge stands on the ground: a stalk.
    pub fn is_path(self) -> bool {
        let n = self.edges as u32;
        n > 0 && self.shape == mask(n) << n
    }

    /// The edges met by walking up from the ground, taking the first edge at every fork.
    pub fn spine(self) -> EdgeList {
        let mut out = EdgeList::new();
        if self.edges == 0 {
            return out;
        }
        let mut e = self.span_at(0, 0);
        loop {
            out.push(e);
            if e.close == e.open + 1 {
                return out;
            }
            e = self.span_at(e.index + 1, e.open + 1);
        }
    }

    /// How many edges have colour `c`, by counting bits of the colour word.
    pub fn count(self, c: Colour) -> usize {
        let low = (self.colours & 0x5555_5555).count_ones() as usize; // red edges: code 01
        let high = (self.colours & 0xAAAA_AAAA).count_ones() as usize; // green edges: code 10
        match c {
            Colour::Red => low,
            Colour::Green => high,
            Colour::Blue => self.edges() - low - high,
        }
    }

    /// The length of the longest path from the ground.
    pub fn height(self) -> usize {
        let (mut depth, mut best) = (0usize, 0usize);
        for j in 0..2 * self.edges as u32 {
            if (self.shape >> j) & 1 == 0 {
                depth += 1;
                best = best.max(depth);
            } else {
                depth -= 1;
            }
        }
        best
    }

    pub fn to_trees(self) -> Vec<Tree> {
        self.trunks().iter().map(|e| self.tree_at(e)).collect()
    }

    fn tree_at(self, e: EdgeSpan) -> Tree {
        Tree {
            colour: self.colour(e.index),
            above: self.children(e).iter().map(|c| self.tree_at(c)).collect(),
        }
    }

    /// Packs a forest; `None` if it has more than [`MAX_EDGES`] edges.
    pub fn from_trees(trees: &[Tree]) -> Option<Forest> {
        let mut f = Forest::EMPTY;
        let mut bit = 0u32;
        fn push(nodes: &[Tree], f: &mut Forest, bit: &mut u32) -> Option<()> {
            for n in nodes {
                if f.edges as usize >= MAX_EDGES {
                    return None;
                }
                f.colours |= code(n.colour) << (2 * f.edges as u32);
                f.edges += 1;
                *bit += 1; // opening step: a zero bit
                push(&n.above, f, bit)?;
                f.shape |= 1 << *bit;
                *bit += 1;
            }
            Some(())
        }
        push(trees, &mut f, &mut bit)?;
        Some(f)
    }

    /// Reads a forest in the position notation (`LRRL`, `L(L R)`, `LR RL`, CGSuite's
    /// `l(l;rl)`, or the graph form of a forest). Errors carry byte spans.
    pub fn parse(text: &str) -> Result<Forest, Located> {
        let whole = || 0..text.len();
        let position = Position::parse(text)?;
        if position.is_empty() {
            return Err(Located::new(whole(), "a position needs at least one edge"));
        }
        let trees = position.to_forest().ok_or_else(|| {
            Located::new(whole(), "a census position is a forest, without cycles")
        })?;
        Forest::from_trees(&trees).ok_or_else(|| {
            Located::new(
                whole(),
                format!("a census position has at most {MAX_EDGES} edges"),
            )
        })
    }

    /// The canonical notation: runs of letters for chains, parentheses at forks.
    pub fn notation(self) -> String {
        let mut out = String::new();
        write_forest(&self.to_trees(), &mut out);
        out
    }
}

fn write_forest(nodes: &[Tree], out: &mut String) {
    for (i, n) in nodes.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        write_tree(n, out);
    }
}

fn write_tree(n: &Tree, out: &mut String) {
    out.push(n.colour.letter());
    match n.above.len() {
        0 => {}
        1 => write_tree(&n.above[0], out),
        _ => {
            out.push('(');
            write_forest(&n.above, out);
            out.push(')');
        }
    }
}

impl fmt::Display for Forest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

/// The colours a family may use, and each colour's digit in the dense rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Palette {
    colours: [Option<Colour>; 3],
    len: u8,
}

impl Palette {
    /// Colours in the order blue, red, green, whatever order they were given in.
    pub fn new(colours: &[Colour]) -> Palette {
        let mut p = Palette {
            colours: [None; 3],
            len: 0,
        };
        for c in [Colour::Blue, Colour::Red, Colour::Green] {
            if colours.contains(&c) {
                p.colours[p.len as usize] = Some(c);
                p.len += 1;
            }
        }
        p
    }

    pub fn colours(&self) -> impl Iterator<Item = Colour> + '_ {
        self.colours.iter().flatten().copied()
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn letters(&self) -> String {
        self.colours().map(Colour::letter).collect()
    }

    pub fn is_blue_red(&self) -> bool {
        !self.colours().any(|c| c == Colour::Green)
    }

    fn digit(&self, code: u32) -> u64 {
        let c = colour_of(code);
        self.colours().position(|x| x == c).unwrap_or(0) as u64
    }

    /// `k^n`: the colourings of one shape.
    pub fn colourings(&self, n: usize) -> u64 {
        (self.len as u64).pow(n as u32) // n ≤ MAX_EDGES
    }

    /// The colour word of the `index`-th colouring of `n` edges (first edge most significant).
    pub fn colouring(&self, mut index: u64, n: usize) -> u32 {
        let k = self.len as u64;
        let mut bits = 0u32;
        for i in (0..n).rev() {
            let c = self.colours[(index % k) as usize].map_or(0, code);
            bits |= c << (2 * i);
            index /= k;
        }
        bits
    }

    /// The dense rank of a forest among all forests of its size over this palette.
    pub fn rank(&self, f: Forest) -> u64 {
        shape_rank(f.shape, f.edges()) * self.colourings(f.edges()) + self.digits(f)
    }

    /// The colouring's index: the colours in preorder read as base-`k` digits, first edge
    /// most significant.
    pub fn digits(&self, f: Forest) -> u64 {
        let n = f.edges();
        match self.colours {
            [Some(_), None, None] => 0,
            [Some(Colour::Blue), Some(Colour::Red), None] => {
                // Codes are 0 and 1: gather the low bit of each pair, then reverse the order.
                let mut x = f.colours & 0x5555_5555;
                x = (x | (x >> 1)) & 0x3333_3333;
                x = (x | (x >> 2)) & 0x0F0F_0F0F;
                x = (x | (x >> 4)) & 0x00FF_00FF;
                x = (x | (x >> 8)) & 0x0000_FFFF;
                if n == 0 {
                    0
                } else {
                    (x.reverse_bits() >> (32 - n)) as u64
                }
            }
            _ => {
                let k = self.len as u64;
                (0..n).fold(0, |acc, i| acc * k + self.digit((f.colours >> (2 * i)) & 3))
            }
        }
    }
}

/// `WAYS[r][h]`: the ways to finish a balanced word with `r` steps left at height `h`.
const WAYS: [[u64; MAX_EDGES + 2]; 2 * MAX_EDGES + 1] = ways_table();

const fn ways_table() -> [[u64; MAX_EDGES + 2]; 2 * MAX_EDGES + 1] {
    let mut t = [[0u64; MAX_EDGES + 2]; 2 * MAX_EDGES + 1];
    t[0][0] = 1;
    let mut r = 1;
    while r <= 2 * MAX_EDGES {
        let mut h = 0;
        while h <= MAX_EDGES {
            let up = t[r - 1][h + 1];
            let down = if h > 0 { t[r - 1][h - 1] } else { 0 };
            t[r][h] = up + down;
            h += 1;
        }
        r += 1;
    }
    t
}

/// The Catalan number: the shapes of plane forests with `n` edges.
pub fn catalan(n: usize) -> u64 {
    WAYS[2 * n][0]
}

/// Position of a shape among all shapes of `n` edges in lexicographic order (opening first).
pub fn shape_rank(shape: u32, n: usize) -> u64 {
    let mut rank = 0;
    let mut h = 0usize;
    let len = 2 * n;
    for j in 0..len {
        // At a closing step, every word that opens here instead comes first. Branch-free:
        // the bit is unpredictable. `h + 1` never leaves the table, which has a spare column.
        let closing = ((shape >> j) & 1) as usize;
        rank += closing as u64 * WAYS[len - j - 1][h + 1];
        h = h + 1 - 2 * closing;
    }
    rank
}

/// The shape of `n` edges with rank `rank` ([`shape_rank`] inverted), `None` past the last.
pub fn shape_of_rank(mut rank: u64, n: usize) -> Option<u32> {
    if n > MAX_EDGES {
        return None;
    }
    let len = 2 * n;
    let (mut h, mut word) = (0usize, 0u32);
    for j in 0..len {
        // The words that open here come first; `h + 1` never leaves the table.
        let opening = WAYS[len - j - 1][h + 1];
        if rank < opening {
            h += 1;
        } else if h == 0 {
            return None;
        } else {
            rank -= opening;
            word |= 1 << j;
            h -= 1;
        }
    }
    (rank == 0 && h == 0).then_some(word)
}

/// Largest size whose shapes get a direct look-up table (`4^n` entries).
pub const INDEXED_EDGES: usize = 11;

/// A direct table from shape word to shape rank, for sizes up to [`INDEXED_EDGES`].
pub fn shape_index(n: usize) -> Option<Vec<u32>> {
    if n > INDEXED_EDGES {
        return None;
    }
    let mut table = vec![u32::MAX; 1 << (2 * n)];
    for (rank, s) in shapes(n).into_iter().enumerate() {
        table[s as usize] = rank as u32; // below Catalan(16) = 35,357,670
    }
    Some(table)
}

/// Every shape of `n` edges, in rank order.
pub fn shapes(n: usize) -> Vec<u32> {
    fn go(n: usize, j: usize, h: usize, opened: usize, word: u32, out: &mut Vec<u32>) {
        if j == 2 * n {
            out.push(word);
            return;
        }
        if opened < n {
            go(n, j + 1, h + 1, opened + 1, word, out);
        }
        if h > 0 {
            go(n, j + 1, h - 1, opened, word | (1 << j), out);
        }
    }
    let mut out = Vec::with_capacity(catalan(n) as usize);
    go(n, 0, 0, 0, 0, &mut out);
    out
}

/// True when the shape is a single tree (the word returns to the ground only at its end).
pub fn is_single_tree(shape: u32, n: usize) -> bool {
    if n == 0 {
        return false;
    }
    let mut h = 0i32;
    for j in 0..2 * n {
        h += if (shape >> j) & 1 == 0 { 1 } else { -1 };
        if h == 0 && j + 1 < 2 * n {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(text: &str) -> Forest {
        Forest::parse(text).unwrap()
    }

    #[test]
    fn a_shape_is_found_again_from_its_rank() {
        for n in 0..=9 {
            for (rank, shape) in shapes(n).into_iter().enumerate() {
                assert_eq!(shape_of_rank(rank as u64, n), Some(shape), "{n} edges");
            }
            assert_eq!(shape_of_rank(catalan(n), n), None, "{n} edges");
        }
        assert_eq!(shape_of_rank(0, MAX_EDGES + 1), None);
    }

    #[test]
    fn notation_round_trips() {
        for text in [
            "LRRL",
            "L(L R)",
            "LR RL",
            "L(L RL)",
            "R(L L) G",
            "L(L(R G) R) L",
        ] {
            let forest = f(text);
            assert_eq!(Forest::parse(&forest.notation()).unwrap(), forest, "{text}");
        }
        assert_eq!(f("L(L)").notation(), "LL");
        assert_eq!(f("  L( L  R ) ").notation(), "L(L R)");
        assert_eq!(f("L(L R)").edges(), 3);
    }

    #[test]
    fn bad_notation_is_located() {
        assert_eq!(Forest::parse("L(L R").unwrap_err().span, 1..2);
        assert_eq!(Forest::parse("LX").unwrap_err().span, 1..2);
        assert_eq!(Forest::parse("L)").unwrap_err().span, 1..2);
        assert!(Forest::parse("").is_err());
        assert!(Forest::parse("L()").is_err());
        assert!(Forest::parse(&"L".repeat(17)).is_err());
        assert!(Forest::parse("g-a L, a-b R, b-g L").is_err());
    }

    #[test]
    fn the_position_notation_is_read_whole() {
        // CGSuite's letters and sibling separator, as in a position block.
        assert_eq!(f("l(l;rl)"), f("L(L RL)"));
        assert_eq!(f("le").notation(), "LG");
        assert_eq!(f("g-a L, a-b R").notation(), "LR");
    }

    #[test]
    fn cutting_takes_everything_above() {
        let cherry = f("L(L R)");
        assert_eq!(cherry.without(cherry.edge(0)), Forest::EMPTY);
        assert_eq!(cherry.without(cherry.edge(1)).notation(), "LR");
        assert_eq!(cherry.without(cherry.edge(2)).notation(), "LL");
        let forest = f("LR R(L L) G");
        assert_eq!(forest.without(forest.edge(2)).notation(), "LR G");
        assert_eq!(forest.without(forest.edge(5)).notation(), "LR R(L L)");
        assert_eq!(forest.above(forest.edge(2)).notation(), "L L");
        assert_eq!(forest.tree(forest.edge(2)).notation(), "R(L L)");
        let t: Vec<String> = forest
            .trunks()
            .iter()
            .map(|e| forest.tree(e).notation())
            .collect();
        assert_eq!(t, ["LR", "R(L L)", "G"]);
    }

    #[test]
    fn spine_paths_and_height() {
        let x = f("L(RL(G G) R) L");
        let spine: String = x
            .spine()
            .iter()
            .map(|e| x.colour(e.index).letter())
            .collect();
        assert_eq!(spine, "LRLG");
        assert_eq!(x.height(), 4);
        assert!(f("LRRL").is_path());
        assert!(!f("L(L R)").is_path());
        assert!(!f("L L").is_path());
    }

    #[test]
    fn ranks_are_dense_and_in_enumeration_order() {
        let palette = Palette::new(&[Colour::Blue, Colour::Red]);
        for n in 0..=6 {
            let all = shapes(n);
            assert_eq!(all.len() as u64, catalan(n));
            let mut next = 0;
            for &s in &all {
                for c in 0..palette.colourings(n) {
                    let forest = Forest::from_parts(s, palette.colouring(c, n), n);
                    assert_eq!(palette.rank(forest), next);
                    assert_eq!(shape_index(n).unwrap()[s as usize] as u64, shape_rank(s, n));
                    next += 1;
                }
            }
        }
        assert_eq!(catalan(10), 16796);
        assert_eq!(
            shapes(3).iter().filter(|&&s| is_single_tree(s, 3)).count(),
            2
        );
    }
}
