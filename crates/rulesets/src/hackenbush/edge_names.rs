//! Names for the edges of a position, so that an author (or a player at the terminal) can say
//! which edge is cut.
//!
//! The one idea: an edge is named in the notation its position is written in, by the way you
//! would point at it in that text.
//!
//! - **Shorthand** (a forest: `LRRL`, `L(L RL) RL`): an edge is named by its *letters path*, the
//!   colours read from the ground up to and including the edge. In `LRRL` the edges are `L`,
//!   `LR`, `LRR` and `LRRL`; in `L(L RL)` they are `L`, `LL`, `LR` and `LRL`. When several edges
//!   share a path (`L(L L)`, or the two trees of `LR LR`), `[k]` picks the k-th of them in written
//!   order: `LL[1]`, `LL[2]`. The path says the colour of the edge it ends on, so a name checks
//!   itself: a cut of `LR` is a cut of a red edge.
//! - **Graph form** (`g-a L, a-b R, b-g G`): an edge is named by its two nodes, `a-b` (or `b-a`);
//!   a loop by `a-a`. Parallel edges between the same two nodes take `[k]` in written order:
//!   `a-b[1]`, `a-b[2]`. A position written in the graph form is named this way even when it is a
//!   forest; a position with a cycle that was never written out (built by a program) is named with
//!   the generated node names its graph form prints with.
//!
//! Names are printed with `[k]` exactly when they need it, and every printed name reads back as
//! its own edge.

use super::notation::{colour_of, node_name, print, print_graph, NotationError};
use super::position::Position;
use super::Colour;
use std::collections::HashMap;

/// How a position's edges are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// By the colours from the ground up (the shorthand).
    LetterPaths,
    /// By the two nodes (the graph form).
    NodePairs,
}

/// The names of one position's edges, each written when asked ([`EdgeNames::name`]), and the
/// reader of names ([`EdgeNames::parse`]). What is kept is a few numbers per edge and node, so
/// naming a position costs no more than the position: a letters path is as long as its edge is
/// high, and a stalk of n edges has names of n²/2 letters in all, written only for the edges
/// asked about.
#[derive(Clone, Debug)]
pub struct EdgeNames {
    scheme: Scheme,
    /// The position in the notation the names refer to.
    notation: String,
    /// Per edge, its `k` when its name needs `[k]` (other edges share its path or its nodes).
    index: Vec<Option<usize>>,
    /// Letter paths: per node, the edges standing on it (upwards), in edge order.
    above: Vec<Vec<usize>>,
    /// Letter paths: per edge, its upper node.
    upper: Vec<usize>,
    /// Letter paths: per edge, the edge it stands on (`None` on the ground).
    below: Vec<Option<usize>>,
    /// Node pairs: per edge, its two nodes as written.
    ends: Vec<(usize, usize)>,
    /// Node pairs: per node, its name.
    node_names: Vec<String>,
    /// Node pairs: node names to node indices.
    nodes: HashMap<String, usize>,
    /// Node pairs: per unordered pair of nodes, the edges between them in edge order.
    pairs: HashMap<(usize, usize), Vec<usize>>,
    colours: Vec<Colour>,
}

impl EdgeNames {
    /// The names of `p`'s edges, in time and memory proportional to `p`.
    pub fn of(p: &Position) -> EdgeNames {
        let rooted = match (p.names(), p.coords()) {
            (None, None) => p.rooted(),
            _ => None,
        };
        let colours: Vec<Colour> = p.edges().iter().map(|e| e.2).collect();
        let mut names = EdgeNames {
            scheme: Scheme::NodePairs,
            notation: String::new(),
            index: Vec::new(),
            above: Vec::new(),
            upper: Vec::new(),
            below: Vec::new(),
            ends: Vec::new(),
            node_names: Vec::new(),
            nodes: HashMap::new(),
            pairs: HashMap::new(),
            colours,
        };
        match rooted {
            Some(rooted) => {
                names.scheme = Scheme::LetterPaths;
                names.notation = print(p);
                // Equal letters paths get one number: a path is the number of the path below
                // it (none on the ground) and a colour (parents come before children in `order`).
                let mut numbers: HashMap<(Option<usize>, Colour), usize> = HashMap::new();
                let mut path = vec![0usize; p.edge_count()];
                let mut below = vec![None; p.edge_count()];
                // Per node, the edge leading up to it.
                let mut leading: Vec<Option<usize>> = vec![None; p.node_count()];
                for &node in &rooted.order {
                    for &e in &rooted.children[node] {
                        below[e] = leading[node];
                        let fresh = numbers.len();
                        path[e] = *numbers
                            .entry((leading[node].map(|b| path[b]), p.edges()[e].2))
                            .or_insert(fresh);
                        leading[rooted.upper[e]] = Some(e);
                    }
                }
                names.index = numbered(&path);
                names.below = below;
                names.above = rooted.children;
                names.upper = rooted.upper;
            }
            None => {
                names.notation = print_graph(p);
                let pair = |&(a, b, _): &(usize, usize, Colour)| (a.min(b), a.max(b));
                for (e, edge) in p.edges().iter().enumerate() {
                    names.pairs.entry(pair(edge)).or_default().push(e);
                }
                // Parallel edges share a pair whatever their orientation: number them by pair.
                let pairs: Vec<(usize, usize)> = p.edges().iter().map(pair).collect();
                names.index = numbered(&pairs);
                names.ends = p.edges().iter().map(|&(a, b, _)| (a, b)).collect();
                names.node_names = (0..p.node_count()).map(|n| node_name(p, n)).collect();
                names.nodes = (names.node_names.iter().cloned())
                    .zip(0..p.node_count())
                    .collect();
            }
        }
        names
    }

    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// The position written in the notation its edge names refer to.
    pub fn notation(&self) -> &str {
        &self.notation
    }

    /// The name of edge `e`, written now: as long as the edge is high for a letters path.
    pub fn name(&self, e: usize) -> String {
        let mut name = match self.scheme {
            Scheme::LetterPaths => {
                let mut letters = Vec::new();
                let mut at = Some(e);
                while let Some(edge) = at {
                    letters.push(self.colours[edge].letter());
                    at = self.below[edge];
                }
                letters.iter().rev().collect()
            }
            Scheme::NodePairs => {
                let (a, b) = self.ends[e];
                format!("{}-{}", self.node_names[a], self.node_names[b])
            }
        };
        if let Some(k) = self.index[e] {
            name.push_str(&format!("[{k}]"));
        }
        name
    }

    /// In a forest named by letter paths, the edge that edge `e` stands on (`None` on the
    /// ground); `None` for every edge of a graph named by node pairs.
    pub fn stands_on(&self, e: usize) -> Option<usize> {
        self.below.get(e).copied().flatten()
    }

    /// In a graph named by node pairs, the ground's name; `None` for letter paths.
    pub fn ground(&self) -> Option<&str> {
        self.nodes
            .iter()
            .find(|&(_, &n)| n == 0)
            .map(|(name, _)| name.as_str())
    }

    /// Every edge's name, by edge index: as long as all of them together.
    pub fn all(&self) -> Vec<String> {
        (0..self.colours.len()).map(|e| self.name(e)).collect()
    }

    /// The edge a name picks. Errors are located by byte span within `text`.
    pub fn parse(&self, text: &str) -> Result<usize, NotationError> {
        let (body, index) = split_index(text)?;
        let candidates = match self.scheme {
            Scheme::LetterPaths => self.follow_letters(text, body.clone())?,
            Scheme::NodePairs => self.between_nodes(text, body.clone())?,
        };
        let shown = text[body.clone()].trim();
        match (index, candidates.len()) {
            (None, 1) => Ok(candidates[0]),
            (None, n) => Err(NotationError::new(
                body,
                format!(
                    "`{shown}` names {n} edges here: write {}",
                    self.choices(&candidates)
                ),
            )),
            (Some((k, span)), n) if k == 0 || k > n => Err(NotationError::new(
                span,
                match n {
                    1 => format!("there is only one `{shown}` edge: leave out the `[{k}]`"),
                    _ => format!(
                        "there are {n} `{shown}` edges, so `[{k}]` picks none: write {}",
                        self.choices(&candidates)
                    ),
                },
            )),
            (Some((k, _)), _) => Ok(candidates[k - 1]),
        }
    }

    /// "`LL[1]` (blue) or `LL[2]` (red)".
    fn choices(&self, edges: &[usize]) -> String {
        let listed: Vec<String> = edges
            .iter()
            .map(|&e| format!("`{}` ({})", self.name(e), self.colours[e].word()))
            .collect();
        join_or(&listed)
    }

    /// The edges whose letters path is `text[body]`, in edge order.
    fn follow_letters(
        &self,
        text: &str,
        body: std::ops::Range<usize>,
    ) -> Result<Vec<usize>, NotationError> {
        let mut nodes = vec![0usize];
        let mut reached: Vec<usize> = Vec::new();
        let mut read = String::new();
        let mut any = false;
        for (i, c) in text[body.clone()].char_indices() {
            let at = body.start + i;
            if c == ' ' || c == '\t' {
                continue;
            }
            if !any && c == '-' {
                break;
            }
            let colour = colour_of(c, at)?;
            any = true;
            reached = nodes
                .iter()
                .flat_map(|&n| self.above[n].iter().copied())
                .filter(|&e| self.colours[e] == colour)
                .collect();
            if reached.is_empty() {
                let standing: Vec<usize> = nodes
                    .iter()
                    .flat_map(|&n| self.above[n].iter().copied())
                    .collect();
                let place = if read.is_empty() {
                    "on the ground".to_string()
                } else {
                    format!("on top of `{read}`")
                };
                let there = if standing.is_empty() {
                    "nothing stands there".to_string()
                } else {
                    let mut letters: Vec<char> =
                        standing.iter().map(|&e| self.colours[e].letter()).collect();
                    letters.sort_unstable();
                    letters.dedup();
                    let letters: Vec<String> = letters.iter().map(|l| format!("`{l}`")).collect();
                    format!(
                        "the edges there are {}",
                        join_or(&letters).replace(" or ", " and ")
                    )
                };
                return Err(NotationError::new(
                    at..at + c.len_utf8(),
                    format!("no {} edge stands {place}: {there}", colour.word()),
                ));
            }
            read.push(colour.letter());
            nodes = reached.iter().map(|&e| self.upper[e]).collect();
        }
        if !any {
            return Err(NotationError::new(
                body,
                "expected an edge: the colours from the ground up to it, as in `LR` (this position \
                 is written in the shorthand, so its edges are named by letters, not nodes)",
            ));
        }
        reached.sort_unstable();
        Ok(reached)
    }

    /// The edges between the two nodes of `text[body]` (`a-b`), in edge order.
    fn between_nodes(
        &self,
        text: &str,
        body: std::ops::Range<usize>,
    ) -> Result<Vec<usize>, NotationError> {
        let inner = &text[body.clone()];
        let Some(dash) = inner.find('-') else {
            return Err(NotationError::new(
                body,
                "expected an edge named by its two nodes, as in `a-b` (this position is written \
                 in the graph form)",
            ));
        };
        let mut ends = Vec::with_capacity(2);
        for (start, part) in [(0, &inner[..dash]), (dash + 1, &inner[dash + 1..])] {
            let trimmed = part.trim();
            let offset = body.start + start + (part.len() - part.trim_start().len());
            let span = offset..offset + trimmed.len();
            if trimmed.is_empty()
                || !trimmed
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                return Err(NotationError::new(
                    if trimmed.is_empty() {
                        body.clone()
                    } else {
                        span
                    },
                    "expected a node name on each side of `-`, as in `a-b`",
                ));
            }
            match self.nodes.get(trimmed) {
                Some(&n) => ends.push(n),
                None => {
                    let mut known: Vec<&String> = self.nodes.keys().collect();
                    known.sort_by_key(|name| self.nodes[*name]);
                    let known: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
                    return Err(NotationError::new(
                        span,
                        format!(
                            "no node `{trimmed}` in this position: its nodes are {}",
                            join_or(&known).replace(" or ", " and ")
                        ),
                    ));
                }
            }
        }
        let (a, b) = (ends[0], ends[1]);
        match self.pairs.get(&(a.min(b), a.max(b))) {
            Some(edges) => Ok(edges.clone()),
            None => Err(NotationError::new(
                body,
                format!(
                    "no edge joins `{}` and `{}`",
                    inner[..dash].trim(),
                    inner[dash + 1..].trim()
                ),
            )),
        }
    }
}

/// Splits an optional trailing `[k]` from a name: the span of the rest, and (k, span of `[k]`).
#[allow(clippy::type_complexity)]
fn split_index(
    text: &str,
) -> Result<
    (
        std::ops::Range<usize>,
        Option<(usize, std::ops::Range<usize>)>,
    ),
    NotationError,
> {
    let trimmed_end = text.trim_end().len();
    let start = text.len() - text.trim_start().len();
    let Some(open) = text[..trimmed_end].rfind('[') else {
        if let Some(close) = text.find(']') {
            return Err(NotationError::new(close..close + 1, "`]` without a `[`"));
        }
        return Ok((start..trimmed_end, None));
    };
    let span = open..trimmed_end;
    let inside = text[..trimmed_end]
        .strip_suffix(']')
        .map(|t| &t[open + 1..])
        .filter(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()));
    let Some(digits) = inside else {
        return Err(NotationError::new(
            span,
            "`[k]` after a name picks the k-th of several edges: k is a whole number, as in `[2]`",
        ));
    };
    let k = digits.parse().unwrap_or(usize::MAX);
    Ok((start..open, Some((k, span))))
}

/// Per edge, given what its name is made of (equal for equal names), `None` when its name is
/// unique, else `Some(k)` for the k-th edge of that name in edge order.
fn numbered<T: Eq + std::hash::Hash>(base: &[T]) -> Vec<Option<usize>> {
    let mut counts: HashMap<&T, usize> = HashMap::new();
    for name in base {
        *counts.entry(name).or_insert(0) += 1;
    }
    let mut seen: HashMap<&T, usize> = HashMap::new();
    base.iter()
        .map(|name| {
            (counts[name] > 1).then(|| {
                let k = seen.entry(name).or_default();
                *k += 1;
                *k
            })
        })
        .collect()
}

/// "`a`, `b` or `c`".
fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        EdgeNames::of(&Position::parse(text).unwrap()).all()
    }

    #[test]
    fn shorthand_edges_are_named_by_their_letters() {
        assert_eq!(names("LRRL"), ["L", "LR", "LRR", "LRRL"]);
        assert_eq!(names("L(L RL) RL"), ["L", "LL", "LR", "LRL", "R", "RL"]);
        assert_eq!(names("L(L L)"), ["L", "LL[1]", "LL[2]"]);
        assert_eq!(names("LR LR R"), ["L[1]", "LR[1]", "L[2]", "LR[2]", "R"]);
    }

    #[test]
    fn graph_edges_are_named_by_their_nodes() {
        assert_eq!(names("g-a L, a-b R, b-g G"), ["g-a", "a-b", "b-g"]);
        assert_eq!(
            names("g-a L, a-b R, b-a R, a-a G"),
            ["g-a", "a-b[1]", "b-a[2]", "a-a"]
        );
        // A forest written as a graph keeps its node names.
        assert_eq!(names("g-x L, x-y R"), ["g-x", "x-y"]);
    }

    #[test]
    fn names_read_back() {
        for text in ["LRRL", "L(L L) LR LR", "g-a L, a-b R, b-a R, a-a G, g-a G"] {
            let p = Position::parse(text).unwrap();
            let names = EdgeNames::of(&p);
            for (e, name) in names.all().iter().enumerate() {
                assert_eq!(names.parse(name), Ok(e), "{text}: {name}");
            }
        }
        let p = EdgeNames::of(&Position::parse("g-a L, a-b R").unwrap());
        assert_eq!(p.parse(" b - a "), Ok(1));
        let q = EdgeNames::of(&Position::parse("l(l;rl)").unwrap());
        assert_eq!(q.parse("lrl"), Ok(3));
    }

    #[test]
    fn bad_names_are_located() {
        let tree = EdgeNames::of(&Position::parse("L(L L) RL").unwrap());
        let e = tree.parse("LG").unwrap_err();
        assert_eq!(e.span, 1..2);
        assert!(e.message.contains("on top of `L`"), "{}", e.message);
        let e = tree.parse("LL").unwrap_err();
        assert_eq!(e.span, 0..2);
        assert!(
            e.message.contains("`LL[1]` (blue) or `LL[2]` (blue)"),
            "{}",
            e.message
        );
        assert_eq!(tree.parse("LL[3]").unwrap_err().span, 2..5);
        assert_eq!(tree.parse("RL[1]"), Ok(4));
        assert_eq!(tree.parse("RL[2]").unwrap_err().span, 2..5);
        assert_eq!(tree.parse("LL[x]").unwrap_err().span, 2..5);
        assert_eq!(tree.parse("LX").unwrap_err().span, 1..2);
        assert!(tree.parse("g-a").is_err());
        let graph = EdgeNames::of(&Position::parse("g-a L, a-b R, b-a G").unwrap());
        assert_eq!(graph.parse("a-c").unwrap_err().span, 2..3);
        assert_eq!(graph.parse("g-b").unwrap_err().span, 0..3);
        assert_eq!(graph.parse("a-b").unwrap_err().span, 0..3);
        assert_eq!(graph.parse("a-b[2]"), Ok(2));
        assert!(graph.parse("LR").is_err());
    }
}
