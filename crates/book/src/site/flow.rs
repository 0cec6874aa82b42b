//! Display maths that fits its column, however narrow.
//!
//! The one idea: **a display formula is laid out as pieces the browser wraps like words**.
//! Browsers typeset MathML without breaking lines, so a long display (a sum of four games, a chain
//! of ordinal sums) was wider than a phone's column, and some than a desktop's. Each row is
//! typeset once by KaTeX, then cut at its top level (outside every bracket) before each relation
//! and each binary `+`, `−`, `±`, `:`; each piece becomes a `<math>` of its own. A row's pieces sit
//! in two cells, up to its first relation and from it: on a wide screen the cells of a block form a
//! grid, so its rows line up on their first relation as KaTeX's `aligned` did, and a row too wide
//! for its cell wraps between pieces; on a narrow one (the stylesheet decides) each row is
//! centred and wraps between any two pieces. The pieces keep the spacing the spacing pass gave
//! them (explicit on every operator), so a row that fits looks as one formula would.

use super::mathml::{self, Node};
use super::maths::{self, MathsError};

/// Relations a row breaks before (as KaTeX writes them, `<` and `>` escaped).
const RELATIONS: [&str; 14] = [
    "=", "&lt;", "&gt;", "≤", "≥", "≠", "∥", "⊲", "⊳", "≅", "≡", "≈", "⩽", "⩾",
];
/// Binary operators a row breaks before, when an operand precedes them (not `−1`).
const BINARY: [&str; 5] = ["+", "−", "±", "∓", ":"];
const OPENING: [&str; 4] = ["(", "[", "{", "⟨"];
const CLOSING: [&str; 4] = [")", "]", "}", "⟩"];

/// The widest block, in symbols (its widest left cell and its widest right cell), whose rows line
/// up on their first relation on a wide screen: about 13 px a symbol, 520 px of a desktop's
/// 608 px column. A wider block is set as a phone sets every block, each row centred: in a grid
/// too narrow, a cell would wrap and its neighbour stand beside one of its lines only.
const ALIGNED_WIDTH: usize = 40;

/// A row's pieces: those before its first relation, and those from it.
type Cell = Vec<Vec<Node>>;
type Cut = (Cell, Cell);

/// Typesets display maths, one TeX string a row, as rows of wrapping pieces (see the module
/// documentation): `<span class="display-flow">`, then per row a `<span>` holding a cell before
/// its first relation and a cell from it, each a `<span>` of `<math>` pieces.
pub fn display(rows: &[String]) -> Result<String, MathsError> {
    let mut cut = Vec::with_capacity(rows.len());
    for tex in rows {
        let html = maths::render(tex, true)?;
        let children = formula(&html).map_err(|message| MathsError {
            message: format!("KaTeX output could not be cut into pieces: {message}"),
            offset: None,
        })?;
        cut.push(pieces(&children));
    }
    let widest = |cell: fn(&Cut) -> &Cell| {
        cut.iter()
            .map(|row| cell(row).iter().map(|p| symbols(p)).sum::<usize>())
            .max()
            .unwrap_or(0)
    };
    let aligned = cut.len() > 1 && widest(|row| &row.0) + widest(|row| &row.1) <= ALIGNED_WIDTH;
    let mut out = format!(
        "<span class=\"display-flow{}\">",
        if aligned { " aligned" } else { "" }
    );
    for (left, right) in cut {
        out.push_str("<span>");
        for cell in [left, right] {
            out.push_str("<span>");
            for piece in cell {
                out.push_str("<math>");
                out.push_str(&mathml::write(&piece));
                out.push_str("</math>");
            }
            out.push_str("</span>");
        }
        out.push_str("</span>");
    }
    out.push_str("</span>");
    Ok(out)
}

/// How many symbols `nodes` show (an escaped `&lt;` is one).
fn symbols(nodes: &[Node]) -> usize {
    nodes
        .iter()
        .map(|node| match node {
            Node::Text(t) => t
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
                .chars()
                .count(),
            Node::Element { children, .. } => symbols(children),
        })
        .sum()
}

/// The children of the one `<math>` in `html` (KaTeX's `<span class="katex"><math …>`).
fn formula(html: &str) -> Result<Vec<Node>, String> {
    let nodes = mathml::parse(html).map_err(|e| e.to_string())?;
    let mut level = nodes;
    // Down through the wrapper to the formula (one element at each level).
    loop {
        match level.as_slice() {
            [Node::Element { name, children, .. }] if name == "math" => return Ok(children.clone()),
            [Node::Element { children, .. }] => level = children.clone(),
            _ => return Err("no single <math> element".to_string()),
        }
    }
}

/// The operator a node is, if it is an `<mo>`: its text as written.
fn operator(node: &Node) -> Option<String> {
    (node.name() == Some("mo")).then(|| node.own_text())
}

/// A row's top-level nodes cut into pieces: those before its first relation, and those from it.
fn pieces(children: &[Node]) -> Cut {
    let mut left: Vec<Vec<Node>> = Vec::new();
    let mut right: Vec<Vec<Node>> = Vec::new();
    let mut current: Vec<Node> = Vec::new();
    let mut in_right = false;
    let mut depth = 0usize;
    // Whether the node before is an operand (so a `+` or `−` after it is binary).
    let mut after_operand = false;
    for node in children {
        let op = operator(node);
        let text = op.as_deref().unwrap_or("");
        let relation = op.is_some() && RELATIONS.contains(&text);
        let binary = op.is_some() && BINARY.contains(&text) && after_operand;
        if depth == 0 && (relation || binary) && !current.is_empty() {
            let done = std::mem::take(&mut current);
            if in_right { &mut right } else { &mut left }.push(done);
        }
        if depth == 0 && relation {
            in_right = true;
        }
        if OPENING.contains(&text) {
            depth += 1;
        } else if CLOSING.contains(&text) {
            depth = depth.saturating_sub(1);
        }
        after_operand = match (op.as_deref(), node.name()) {
            (Some(t), _) => {
                CLOSING.contains(&t)
                    || !(RELATIONS.contains(&t) || BINARY.contains(&t) || OPENING.contains(&t))
            }
            (None, Some("mspace")) => after_operand,
            _ => true,
        };
        current.push(node.clone());
    }
    if !current.is_empty() {
        if in_right { &mut right } else { &mut left }.push(current);
    }
    (left, right)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces of a row as the text of their leaves, `|` between pieces, `‖` between cells.
    fn cut(tex: &str) -> String {
        let html = maths::render(tex, true).unwrap();
        let (left, right) = pieces(&formula(&html).unwrap());
        let text = |cell: Vec<Vec<Node>>| {
            cell.iter()
                .map(|p| p.iter().map(leaves).collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        };
        format!("{}‖{}", text(left), text(right))
    }

    fn leaves(node: &Node) -> String {
        match node {
            Node::Text(t) => t.clone(),
            Node::Element { children, .. } => children.iter().map(leaves).collect(),
        }
    }

    #[test]
    fn a_row_breaks_before_relations_and_binary_operators_outside_brackets() {
        assert_eq!(
            cut(r"\{0 \mid {\downarrow}{*}\} + \{0 \mid {\downarrow} + {*}\} < {\uparrow}"),
            "{0∣↓∗}|+{0∣↓+∗}‖&lt;↑"
        );
        assert_eq!(cut(r"1 : -1 = \tfrac12 - {\uparrow}"), "1|:−1‖=12|−↑");
        assert_eq!(cut(r"L(G) \le L(G + H)"), "L(G)‖≤L(G+H)");
        assert_eq!(cut(r"a \;=\; b"), "a‖=b");
    }

    #[test]
    fn a_row_without_a_relation_is_all_left_cell() {
        assert_eq!(cut(r"-\tfrac12 + {*}"), "−12|+∗‖");
    }

    #[test]
    fn every_row_gives_two_cells_of_math_pieces() {
        let html = display(&["a = b + c".to_string(), "d < e".to_string()]).unwrap();
        assert!(
            html.starts_with(
                "<span class=\"display-flow aligned\"><span><span><math><mi>a</mi></math></span><span><math><mo"
            ),
            "{html}"
        );
        assert_eq!(html.matches("<span>").count(), 6, "{html}");
        assert_eq!(html.matches("<math>").count(), 5, "{html}");
        assert!(!html.contains("display=\"block\""), "{html}");
    }

    #[test]
    fn only_a_block_of_short_rows_is_aligned() {
        let short = "1 + {*} = 1{*}".to_string();
        // The-mixed-case's widest row: four games of 14 symbols each, 740 px on a desktop.
        let game = r"\{0 \mid {\downarrow} + \{{\uparrow}{*} \mid 0\} + {*}\}";
        let long =
            format!("{game} + {game} + {game} + {game} < \\{{0 \\mid {{\\downarrow}}{{*}}\\}}");
        let class = |rows: &[String]| {
            let html = display(rows).unwrap();
            html[..html.find("\">").unwrap()].to_string()
        };
        assert_eq!(
            class(&[short.clone(), short.clone()]),
            "<span class=\"display-flow aligned"
        );
        assert_eq!(class(&[short.clone(), long]), "<span class=\"display-flow");
        // One row has nothing to line up with.
        assert_eq!(class(&[short]), "<span class=\"display-flow");
    }
}
