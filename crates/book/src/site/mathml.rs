//! A tiny tree for the MathML that KaTeX writes, so the spacing pass can look at neighbours.
//!
//! The one idea: **KaTeX's output is machine-written, well-formed XML with double-quoted
//! attributes and already-escaped text**, so a forty-line reader that keeps text and attribute
//! values exactly as written (entities untouched) is enough, and writing the tree back gives the
//! input byte for byte when nothing was changed. It is not a general XML parser and is not meant
//! for hand-written markup.
//!
//! Every pass over the tree goes through [`walk_elements`], which keeps its own stack; the reader
//! refuses elements nested deeper than [`MAX_DEPTH`] (the author's TeX decides the depth), so the
//! few recursive helpers (the reader, the writer, a search below one node) are bounded too.

use std::fmt::Write;

/// One node of KaTeX's MathML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// An element; `empty` remembers `<x/>` so the writer can give it back unchanged.
    Element {
        name: String,
        attrs: Vec<(String, String)>,
        children: Vec<Node>,
        empty: bool,
    },
    /// Text exactly as written, entities and all.
    Text(String),
}

impl Node {
    /// The element name, or `None` for text.
    pub fn name(&self) -> Option<&str> {
        match self {
            Node::Element { name, .. } => Some(name),
            Node::Text(_) => None,
        }
    }

    /// The value of attribute `key`, if this is an element that has it.
    pub fn attr(&self, key: &str) -> Option<&str> {
        match self {
            Node::Element { attrs, .. } => attrs
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str()),
            Node::Text(_) => None,
        }
    }

    /// The concatenated text directly inside this element (not its descendants).
    pub fn own_text(&self) -> String {
        match self {
            Node::Element { children, .. } => children
                .iter()
                .filter_map(|c| match c {
                    Node::Text(t) => Some(t.as_str()),
                    Node::Element { .. } => None,
                })
                .collect(),
            Node::Text(t) => t.clone(),
        }
    }
}

/// Why a fragment could not be read (KaTeX never produces these; a bug elsewhere would).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("malformed MathML at byte {offset}: {message}")]
pub struct MarkupError {
    pub offset: usize,
    pub message: &'static str,
}

/// How deep elements may nest in one fragment. KaTeX's MathML of a formula an essay would write
/// is a few dozen deep; this bounds the recursion of everything that reads the tree.
pub const MAX_DEPTH: usize = 256;

/// Reads a sequence of sibling nodes (a whole fragment).
pub fn parse(src: &str) -> Result<Vec<Node>, MarkupError> {
    let mut reader = Reader {
        src,
        pos: 0,
        depth: 0,
    };
    let nodes = reader.nodes(None)?;
    if reader.pos < src.len() {
        return Err(reader.error("unexpected closing tag"));
    }
    Ok(nodes)
}

/// Writes nodes back as markup.
pub fn write(nodes: &[Node]) -> String {
    let mut out = String::new();
    for node in nodes {
        write_node(node, &mut out);
    }
    out
}

fn write_node(node: &Node, out: &mut String) {
    match node {
        Node::Text(t) => out.push_str(t),
        Node::Element {
            name,
            attrs,
            children,
            empty,
        } => {
            out.push('<');
            out.push_str(name);
            for (k, v) in attrs {
                // Values are kept escaped as read, so they are written back as they are.
                let _ = write!(out, " {k}=\"{v}\"");
            }
            if *empty && children.is_empty() {
                out.push_str("/>");
                return;
            }
            out.push('>');
            for child in children {
                write_node(child, out);
            }
            let _ = write!(out, "</{name}>");
        }
    }
}

/// An element, as [`walk_elements`] hands it to its visitor.
pub struct Element<'a> {
    pub name: &'a mut String,
    pub attrs: &'a mut Vec<(String, String)>,
    pub children: &'a mut Vec<Node>,
}

/// Which children of an element a walk goes on into, and in what context: the first child in
/// `first`, each of the others in `rest` (`None`: not visited).
#[derive(Debug, Clone, Copy)]
pub struct Below<C> {
    pub first: Option<C>,
    pub rest: Option<C>,
}

impl<C: Copy> Below<C> {
    /// Every child, in context `c`.
    pub fn all(c: C) -> Self {
        Below {
            first: Some(c),
            rest: Some(c),
        }
    }

    /// No child.
    pub fn none() -> Self {
        Below {
            first: None,
            rest: None,
        }
    }
}

/// Visits the elements of `nodes` and below them, in document order, each before its children:
/// a top-level element in `context`, any other in the context its parent's visit gave it. The
/// visitor may change the element (its children too); the walk goes on into the children as
/// the visit left them. Iterative: the walk keeps its own stack, however deep the tree.
pub fn walk_elements<C: Copy>(
    nodes: &mut [Node],
    context: C,
    mut visit: impl FnMut(Element<'_>, C) -> Below<C>,
) {
    let mut stack: Vec<(&mut Node, C)> = nodes.iter_mut().rev().map(|n| (n, context)).collect();
    while let Some((node, c)) = stack.pop() {
        let Node::Element {
            name,
            attrs,
            children,
            ..
        } = node
        else {
            continue;
        };
        let below = visit(
            Element {
                name: &mut *name,
                attrs: &mut *attrs,
                children: &mut *children,
            },
            c,
        );
        let contexts = std::iter::once(below.first).chain(std::iter::repeat(below.rest));
        let next: Vec<(&mut Node, C)> = children
            .iter_mut()
            .zip(contexts)
            .filter_map(|(child, c)| c.map(|c| (child, c)))
            .collect();
        stack.extend(next.into_iter().rev());
    }
}

struct Reader<'a> {
    src: &'a str,
    pos: usize,
    /// Elements open around the reader's position.
    depth: usize,
}

impl Reader<'_> {
    fn error(&self, message: &'static str) -> MarkupError {
        MarkupError {
            offset: self.pos,
            message,
        }
    }

    fn rest(&self) -> &str {
        &self.src[self.pos..]
    }

    /// Nodes up to the closing tag of `parent` (consumed) or the end of input (top level).
    fn nodes(&mut self, parent: Option<&str>) -> Result<Vec<Node>, MarkupError> {
        let mut nodes = Vec::new();
        loop {
            if self.pos == self.src.len() {
                return match parent {
                    None => Ok(nodes),
                    Some(_) => Err(self.error("unclosed element")),
                };
            }
            if let Some(after) = self.rest().strip_prefix("</") {
                let Some(name) = parent else {
                    return Ok(nodes); // `parse` reports the stray closing tag
                };
                let close_len = after
                    .find('>')
                    .ok_or_else(|| self.error("unterminated closing tag"))?;
                if &after[..close_len] != name {
                    return Err(self.error("mismatched closing tag"));
                }
                self.pos += 2 + close_len + 1;
                return Ok(nodes);
            }
            if self.rest().starts_with('<') {
                nodes.push(self.element()?);
            } else {
                let len = self.rest().find('<').unwrap_or(self.rest().len());
                nodes.push(Node::Text(self.rest()[..len].to_string()));
                self.pos += len;
            }
        }
    }

    fn element(&mut self) -> Result<Node, MarkupError> {
        let start = self.pos;
        self.pos += 1; // '<'
        let name = self.word();
        if name.is_empty() {
            return Err(self.error("expected an element name"));
        }
        let mut attrs = Vec::new();
        loop {
            self.skip_space();
            let rest = self.rest();
            if rest.starts_with("/>") {
                self.pos += 2;
                return Ok(Node::Element {
                    name,
                    attrs,
                    children: Vec::new(),
                    empty: true,
                });
            }
            if rest.starts_with('>') {
                if self.depth == MAX_DEPTH {
                    return Err(MarkupError {
                        offset: start,
                        message: "elements nested more than 256 deep",
                    });
                }
                self.pos += 1;
                self.depth += 1;
                let children = self.nodes(Some(&name))?;
                self.depth -= 1;
                return Ok(Node::Element {
                    name,
                    attrs,
                    children,
                    empty: false,
                });
            }
            attrs.push(self.attribute()?);
        }
    }

    fn attribute(&mut self) -> Result<(String, String), MarkupError> {
        let key = self.word();
        if key.is_empty() || !self.rest().starts_with("=\"") {
            return Err(self.error("expected key=\"value\""));
        }
        self.pos += 2;
        let len = self
            .rest()
            .find('"')
            .ok_or_else(|| self.error("unterminated attribute value"))?;
        let value = self.rest()[..len].to_string();
        self.pos += len + 1;
        Ok((key, value))
    }

    fn word(&mut self) -> String {
        let len = self
            .rest()
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | ':' | '_' | '.')))
            .unwrap_or(self.rest().len());
        let word = self.rest()[..len].to_string();
        self.pos += len;
        word
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_is_byte_identical() {
        let src = r#"<span class="katex"><math xmlns="x" display="block"><mrow><mi>a</mi><mo>&lt;</mo><mspace width="1em"/></mrow></math></span>"#;
        let nodes = parse(src).unwrap();
        assert_eq!(write(&nodes), src);
    }

    #[test]
    fn reads_attributes_and_text() {
        let nodes = parse(r#"<mo stretchy="false">{</mo>"#).unwrap();
        assert_eq!(nodes[0].attr("stretchy"), Some("false"));
        assert_eq!(nodes[0].own_text(), "{");
    }

    #[test]
    fn elements_nest_at_most_max_depth_deep() {
        let nested = |depth: usize| "<mrow>".repeat(depth) + &"</mrow>".repeat(depth);
        assert!(parse(&nested(MAX_DEPTH)).is_ok());
        let err = parse(&nested(MAX_DEPTH + 1)).unwrap_err();
        assert_eq!(err.offset, MAX_DEPTH * "<mrow>".len());
        assert!(err.message.contains(&MAX_DEPTH.to_string()), "{err}");
    }

    #[test]
    fn the_walk_visits_parents_first_in_document_order_with_their_contexts() {
        let mut nodes = parse("<a><b><c/></b>t<d/><e><f/></e></a><g/>").unwrap();
        let mut seen = Vec::new();
        walk_elements(&mut nodes, 0, |e, depth| {
            seen.push(format!("{}{depth}", e.name));
            // Below `a`, only its first child is entered one level down; the rest stay at 1.
            match e.name.as_str() {
                "a" => Below {
                    first: Some(depth + 1),
                    rest: Some(depth),
                },
                "d" => Below::none(),
                _ => Below::all(depth + 1),
            }
        });
        assert_eq!(seen, ["a0", "b1", "c2", "d0", "e0", "f1", "g0"]);
    }

    #[test]
    fn the_walk_goes_into_children_as_the_visit_left_them() {
        let mut nodes = parse("<a><b/></a>").unwrap();
        walk_elements(&mut nodes, (), |e, ()| {
            if e.name == "a" {
                e.children.push(Node::Element {
                    name: "c".into(),
                    attrs: Vec::new(),
                    children: Vec::new(),
                    empty: true,
                });
            } else {
                *e.name = e.name.to_uppercase();
            }
            Below::all(())
        });
        assert_eq!(write(&nodes), "<a><B/><C/></a>");
    }

    #[test]
    fn rejects_mismatched_and_unclosed_tags() {
        assert!(parse("<mi>a</mo>").is_err());
        assert!(parse("<mi>a").is_err());
        assert!(parse("a</mi>").is_err());
    }
}
