//! The written forms of a position, read and printed.
//!
//! The one idea: two notations, told apart by a single character. Text containing `-` is the
//! graph form, which names nodes and lists edges; anything else is the stalk/tree/forest
//! shorthand, in which a run of letters climbs from the ground and parentheses branch.
//!
//! ```text
//! shorthand  := sep* ( tree ( sep+ tree )* )? sep*
//! tree       := letter+ ( "(" shorthand ")" )?      the group stands on the top of the run
//! sep        := " " | "\t" | "\n" | ";"            (";" is CGSuite's sibling separator)
//! letter     := "L" | "R" | "G" | "l" | "r" | "e"  (blue, red, green; lower case: CGSuite)
//!
//! graph      := item ( ( "," | ";" | "\n" ) item )* [ "," | ";" ]
//! item       := node ( "-" node )+ colours          a chain of edges: g-a-b-g G
//! colours    := letter+                              one letter for all edges, or one per edge
//! node       := name [ "@(" int "," int ")" ]        coordinates: x right, y up, ground y = 0
//! name       := ( ASCII letter | digit | "_" )+      "g" is the ground
//! ```
//!
//! Spaces may separate any two tokens of the graph form. Coordinates are all-or-nothing: given
//! for every non-ground node (each node once, or repeated identically) or for none, with y ≥ 1.
//! Every error is a [`NotationError`] with the byte span of the offending text.

use super::position::{GraphError, Position};
use super::Colour;
use std::collections::HashMap;
use std::ops::Range;

/// A notation that does not describe a position, located by byte span in the input.
pub type NotationError = hackenbook_base::located::Located;

/// Reads either notation (see the module documentation).
pub fn parse(text: &str) -> Result<Position, NotationError> {
    if text.contains('-') {
        parse_graph(text)
    } else {
        parse_shorthand(text)
    }
}

pub(crate) fn colour_of(c: char, at: usize) -> Result<Colour, NotationError> {
    Colour::from_letter(c).ok_or_else(|| {
        let hint = match c {
            'g' => ": green is `G` (or CGSuite's `e`)",
            'B' | 'b' => ": blue is `L` (Left's colour)",
            _ => ": colours are L (blue), R (red), G (green)",
        };
        NotationError::new(at..at + c.len_utf8(), format!("unexpected `{c}`{hint}"))
    })
}

fn parse_shorthand(text: &str) -> Result<Position, NotationError> {
    let mut edges = Vec::new();
    let mut node_count = 1;
    // Open groups: (node the group stands on, byte offset of its `(`, trees read so far).
    let mut groups: Vec<(usize, usize, usize)> = Vec::new();
    let mut base = 0; // node on which the next tree stands
    let mut tip: Option<usize> = None; // top node of the run being read
    let mut after_group = false; // just closed a group: the tree is complete
    let mut trees_here = 0;
    for (at, c) in text.char_indices() {
        match c {
            ' ' | '\t' | '\n' | '\r' | ';' => {
                tip = None;
                after_group = false;
            }
            '(' => {
                let Some(top) = tip else {
                    return Err(NotationError::new(
                        at..at + 1,
                        "a group `(...)` must stand on a run of edges, as in `L(L R)`",
                    ));
                };
                groups.push((base, at, trees_here));
                base = top;
                tip = None;
                trees_here = 0;
            }
            ')' => {
                let Some((outer, _, outer_trees)) = groups.pop() else {
                    return Err(NotationError::new(at..at + 1, "`)` without a matching `(`"));
                };
                if trees_here == 0 {
                    return Err(NotationError::new(
                        at..at + 1,
                        "an empty group `()`: put at least one edge inside",
                    ));
                }
                base = outer;
                trees_here = outer_trees;
                tip = None;
                after_group = true;
            }
            _ => {
                let colour = colour_of(c, at)?;
                if after_group {
                    return Err(NotationError::new(
                        at..at + c.len_utf8(),
                        "a run cannot continue after a group: put it inside the group",
                    ));
                }
                let below = match tip {
                    Some(top) => top,
                    None => {
                        trees_here += 1;
                        base
                    }
                };
                edges.push((below, node_count, colour));
                tip = Some(node_count);
                node_count += 1;
            }
        }
    }
    if let Some(&(_, at, _)) = groups.last() {
        return Err(NotationError::new(at..at + 1, "this `(` is never closed"));
    }
    Position::from_edges(node_count, edges)
        .map_err(|_| NotationError::new(0..text.len(), "internal error: shorthand not grounded"))
}

/// A tiny cursor over the graph form.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
}

impl Cursor<'_> {
    fn skip_blanks(&mut self) {
        while let Some(c) = self.peek() {
            if c == ' ' || c == '\t' || c == '\r' {
                self.at += 1;
            } else {
                break;
            }
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_blanks();
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn word(&mut self) -> Range<usize> {
        self.skip_blanks();
        let start = self.at;
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == '_' {
                self.at += 1;
            } else {
                break;
            }
        }
        start..self.at
    }

    fn error_here(&self, message: impl Into<String>) -> NotationError {
        let len = self.peek().map_or(0, char::len_utf8);
        NotationError::new(self.at..self.at + len, message)
    }

    fn integer(&mut self) -> Result<i32, NotationError> {
        self.skip_blanks();
        let start = self.at;
        if self.peek() == Some('-') {
            self.at += 1;
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        if !self.text[start..self.at]
            .bytes()
            .any(|b| b.is_ascii_digit())
        {
            self.at = start;
            return Err(self.error_here("expected an integer"));
        }
        self.text[start..self.at]
            .parse()
            .map_err(|_| NotationError::new(start..self.at, "this integer is too large"))
    }
}

/// What the graph parser accumulates.
#[derive(Default)]
struct GraphBuilder {
    names: Vec<String>,
    index: HashMap<String, usize>,
    first_span: Vec<Range<usize>>,
    coords: Vec<Option<(i32, i32)>>,
    edges: Vec<(usize, usize, Colour)>,
    edge_spans: Vec<Range<usize>>,
}

impl GraphBuilder {
    fn new() -> GraphBuilder {
        let mut b = GraphBuilder::default();
        b.node("g", 0..0);
        b
    }

    fn node(&mut self, name: &str, span: Range<usize>) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        self.names.push(name.to_string());
        self.first_span.push(span);
        self.coords.push(None);
        self.index.insert(name.to_string(), self.names.len() - 1);
        self.names.len() - 1
    }
}

fn parse_graph(text: &str) -> Result<Position, NotationError> {
    let mut cur = Cursor { text, at: 0 };
    let mut b = GraphBuilder::new();
    loop {
        while cur.eat('\n') || cur.eat(',') || cur.eat(';') {}
        cur.skip_blanks();
        if cur.at >= text.len() {
            break;
        }
        parse_item(&mut cur, &mut b)?;
        cur.skip_blanks();
        match cur.peek() {
            None | Some('\n') | Some(',') | Some(';') => {}
            Some(_) => {
                return Err(cur.error_here("expected `,` between edges, as in `g-a L, a-b R`"))
            }
        }
    }
    finish_graph(text, b)
}

/// One chain `a-b-c LR` (after the separators).
fn parse_item(cur: &mut Cursor, b: &mut GraphBuilder) -> Result<(), NotationError> {
    let mut chain = vec![parse_node(cur, b)?];
    while cur.eat('-') {
        chain.push(parse_node(cur, b)?);
    }
    if chain.len() < 2 {
        return Err(cur.error_here("expected `-` and a second node, as in `g-a L`"));
    }
    let letters = cur.word();
    if letters.is_empty() {
        return Err(cur.error_here("expected the edge's colour: L, R or G"));
    }
    let colours = cur.text[letters.clone()]
        .char_indices()
        .map(|(i, c)| colour_of(c, letters.start + i))
        .collect::<Result<Vec<_>, _>>()?;
    let edge_count = chain.len() - 1;
    if colours.len() != 1 && colours.len() != edge_count {
        return Err(NotationError::new(
            letters,
            format!(
                "{} colours for a chain of {edge_count} edges: give one for all, or one per edge",
                colours.len()
            ),
        ));
    }
    for (i, pair) in chain.windows(2).enumerate() {
        let colour = colours[if colours.len() == 1 { 0 } else { i }];
        b.edges.push((pair[0].0, pair[1].0, colour));
        b.edge_spans.push(pair[0].1.start..pair[1].1.end);
    }
    Ok(())
}

/// A node name with optional `@(x, y)`; returns its index and the span of its name.
fn parse_node(
    cur: &mut Cursor,
    b: &mut GraphBuilder,
) -> Result<(usize, Range<usize>), NotationError> {
    let span = cur.word();
    if span.is_empty() {
        return Err(cur.error_here("expected a node name (`g` is the ground)"));
    }
    let name = &cur.text[span.clone()];
    let node = b.node(name, span.clone());
    if cur.eat('@') {
        let start = cur.at - 1;
        if !cur.eat('(') {
            return Err(cur.error_here("expected `(` after `@`: coordinates are `@(x,y)`"));
        }
        let x = cur.integer()?;
        if !cur.eat(',') {
            return Err(cur.error_here("expected `,` between the coordinates x and y"));
        }
        let y = cur.integer()?;
        if !cur.eat(')') {
            return Err(cur.error_here("expected `)` closing the coordinates"));
        }
        let here = start..cur.at;
        if node == 0 {
            return Err(NotationError::new(
                here,
                "the ground takes no coordinates: it is the line y = 0",
            ));
        }
        if y < 1 {
            return Err(NotationError::new(
                here,
                "a node must be above the ground: y must be at least 1",
            ));
        }
        match b.coords[node] {
            Some(old) if old != (x, y) => {
                return Err(NotationError::new(
                    here,
                    format!("`{name}` was already placed at ({}, {})", old.0, old.1),
                ))
            }
            _ => b.coords[node] = Some((x, y)),
        }
    }
    Ok((node, span))
}

fn finish_graph(text: &str, b: GraphBuilder) -> Result<Position, NotationError> {
    let placed = b.coords.iter().skip(1).filter(|c| c.is_some()).count();
    let coords = if placed == 0 {
        None
    } else if let Some(missing) = (1..b.names.len()).find(|&n| b.coords[n].is_none()) {
        let example = (1..b.names.len())
            .find(|&n| b.coords[n].is_some())
            .unwrap_or(1);
        return Err(NotationError::new(
            b.first_span[missing].clone(),
            format!(
                "`{}` has no coordinates but `{}` has: give them for every node or for none",
                b.names[missing], b.names[example]
            ),
        ));
    } else {
        Some(b.coords.iter().map(|c| c.unwrap_or((0, 0))).collect())
    };
    let node_count = b.names.len();
    let position = Position::from_edges(node_count, b.edges).map_err(|e| match e {
        GraphError::Ungrounded { index } => NotationError::new(
            b.edge_spans[index].clone(),
            "this edge is not connected to the ground `g`, not even through other edges",
        ),
        GraphError::NoSuchNode { index } => {
            NotationError::new(b.edge_spans[index].clone(), "internal error: unknown node")
        }
    })?;
    let _ = text;
    let position = position.with_names(b.names);
    Ok(match coords {
        Some(c) => position.with_coords(c),
        None => position,
    })
}

/// The shorthand for forests (without coordinates), the graph form otherwise. Reading the
/// result back gives an equal position.
pub fn print(p: &Position) -> String {
    if p.coords().is_none() {
        if let Some(text) = print_shorthand(p) {
            return text;
        }
    }
    print_graph(p)
}

fn print_shorthand(p: &Position) -> Option<String> {
    let rooted = p.rooted()?;
    enum Piece {
        Edge(usize),
        Text(&'static str),
    }
    let mut out = String::new();
    let mut stack: Vec<Piece> = Vec::new();
    let push_siblings = |stack: &mut Vec<Piece>, siblings: &[usize]| {
        for (i, &e) in siblings.iter().enumerate().rev() {
            stack.push(Piece::Edge(e));
            if i > 0 {
                stack.push(Piece::Text(" "));
            }
        }
    };
    push_siblings(&mut stack, &rooted.children[0]);
    while let Some(piece) = stack.pop() {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Edge(e) => {
                out.push(p.edges()[e].2.letter());
                let above = &rooted.children[rooted.upper[e]];
                match above.len() {
                    0 => {}
                    1 => stack.push(Piece::Edge(above[0])),
                    _ => {
                        stack.push(Piece::Text(")"));
                        push_siblings(&mut stack, above);
                        stack.push(Piece::Text("("));
                    }
                }
            }
        }
    }
    Some(out)
}

/// Names for nodes without given names: `a`, `b`, …, skipping `g`, then `n26`, `n27`, ….
fn generated_name(node: usize) -> String {
    const LETTERS: &[u8] = b"abcdefhijkmnpqrstuvwxyz";
    match node {
        0 => "g".to_string(),
        n if n <= LETTERS.len() => (LETTERS[n - 1] as char).to_string(),
        n => format!("n{n}"),
    }
}

/// The name of node `n` in the graph form: the author's, or a generated one.
pub(crate) fn node_name(p: &Position, n: usize) -> String {
    match p.names() {
        Some(names) => names[n].clone(),
        None => generated_name(n),
    }
}

/// The graph form, whatever the position's shape.
pub(crate) fn print_graph(p: &Position) -> String {
    let name = |n: usize| node_name(p, n);
    let mut placed = vec![false; p.node_count()];
    placed[0] = true;
    let mut show = |n: usize| {
        let mut s = name(n);
        if let (Some(coords), false) = (p.coords(), placed[n]) {
            let (x, y) = coords[n];
            s.push_str(&format!("@({x},{y})"));
        }
        placed[n] = true;
        s
    };
    let items: Vec<String> = p
        .edges()
        .iter()
        .map(|&(a, b, c)| format!("{}-{} {}", show(a), show(b), c.letter()))
        .collect();
    items.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::*;

    #[test]
    fn reads_stalks_trees_and_forests() {
        let p = parse("L(L RL) RL").unwrap();
        assert_eq!(p.edge_count(), 6);
        assert_eq!(p.trunks(), 2);
        assert_eq!(print(&p), "L(L RL) RL");
        assert_eq!(print(&parse("l(l;rl)").unwrap()), "L(L RL)");
        assert_eq!(print(&parse(" L(R) ").unwrap()), "LR");
        assert_eq!(
            parse("LRRL").unwrap().stalk_colours().unwrap(),
            vec![Blue, Red, Red, Blue]
        );
        assert!(parse("").unwrap().is_empty());
    }

    #[test]
    fn reads_graphs() {
        let p = parse("g-a L, a-b R, b-g G").unwrap();
        assert_eq!(p.edges(), &[(0, 1, Blue), (1, 2, Red), (2, 0, Green)]);
        let q = parse("g-a-b-g G; a-a L").unwrap();
        assert_eq!(q.edge_count(), 4);
        assert_eq!(
            parse("g-a-b LR").unwrap().stalk_colours().unwrap(),
            vec![Blue, Red]
        );
        assert_eq!(print(&p), "g-a L, a-b R, b-g G");
        assert_eq!(print(&parse("g-x L, x-y R").unwrap()), "LR");
    }

    #[test]
    fn reads_coordinates() {
        let p = parse("g-a@(0,1) L, a-b@(1, 2) R, b-a G").unwrap();
        assert_eq!(p.coords().unwrap(), &[(0, 0), (0, 1), (1, 2)]);
        assert_eq!(print(&p), "g-a@(0,1) L, a-b@(1,2) R, b-a G");
        assert_eq!(parse(&print(&p)).unwrap().coords(), p.coords());
    }

    #[test]
    fn errors_are_located() {
        let e = parse("g-a L, b-c R").unwrap_err();
        assert_eq!(e.span, 7..10);
        let e = parse("L(L R").unwrap_err();
        assert_eq!(e.span, 1..2);
        let e = parse("LXR").unwrap_err();
        assert_eq!(e.span, 1..2);
        let e = parse("L(L R)L").unwrap_err();
        assert_eq!(e.span, 6..7);
        let e = parse("g-a@(1,2) L, a-b R").unwrap_err();
        assert_eq!(e.span, 15..16);
        let e = parse("g-a@(1,0) L").unwrap_err();
        assert_eq!(e.span, 3..9);
        assert!(parse("()").is_err());
        assert!(parse("L()").is_err());
        assert!(parse("L)").is_err());
        assert!(parse("g-a LRR").is_err());
        assert!(parse("g-a").is_err());
        assert!(parse("g-a L b").is_err());
        assert!(parse("a-a G").is_err());
    }
}
