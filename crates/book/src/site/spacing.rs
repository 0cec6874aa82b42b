//! The spacing pass: give KaTeX's MathML the spacing TeX would have given it.
//!
//! The one idea: **TeX spaces atoms by their classes, MathML by an operator dictionary that does
//! not know the context**, so KaTeX's bare `<mo>` elements come out wrong in a browser: the minus
//! of `1 : -1` is read as a binary operator and gets medium spaces on both sides, `:` gets the
//! dictionary's lopsided punctuation spacing instead of a relation's, and `\!` becomes a text
//! thin space (a *positive* space) instead of a negative one. This pass classifies every bare
//! `<mo>` in each row as TeX does (Ord, Op, Bin, Rel, Open, Close, Punct), demotes a Bin that
//! has no left operand to Ord (TeX's rules 5 and 6, which make `-1` and `\pm 1` unary), and
//! writes the space TeX's inter-atom table puts between neighbours as explicit `lspace`/`rspace`.
//! An `<mo>` that already carries `lspace` or `rspace` was spaced by KaTeX on purpose (e.g.
//! `{\uparrow}`) and is left alone; bases of scripts are embellished operators and also left to
//! the dictionary.

use super::mathml::{self, Below, Element, MarkupError, Node};

/// Rewrites one KaTeX MathML fragment with TeX spacing.
pub fn respace(markup: &str) -> Result<String, MarkupError> {
    let mut nodes = mathml::parse(markup)?;
    mathml::walk_elements(&mut nodes, Style::default(), respace_element);
    Ok(mathml::write(&nodes))
}

/// TeX's atom classes, as far as MathML operators need them (Inner is treated as Ord).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Ord,
    Op,
    Bin,
    Rel,
    Open,
    Close,
    Punct,
}

/// Whether we are in script style (sub/superscripts, inline fractions), where TeX drops the
/// medium and thick spaces, and whether display style is on (fractions in display keep text
/// style for their parts).
#[derive(Debug, Clone, Copy, Default)]
struct Style {
    script: bool,
    display: bool,
}

/// Elements whose children are laid out as one horizontal row (an inferred `<mrow>`).
const ROWS: &[&str] = &[
    "math", "mrow", "mstyle", "mpadded", "mphantom", "msqrt", "menclose", "mtd", "merror",
];
/// Elements whose first child is a base and the rest are scripts or limits.
const SCRIPTED: &[&str] = &[
    "msub",
    "msup",
    "msubsup",
    "munder",
    "mover",
    "munderover",
    "mmultiscripts",
];

/// Spaces the rows an element lays out (its children, or each script or part alone), in the
/// style around it; the children are then walked in the style each is in.
fn respace_element(e: Element<'_>, style: Style) -> Below<Style> {
    let Element {
        name,
        attrs,
        children,
    } = e;
    let style = element_style(name, attrs, style);
    match name.as_str() {
        "annotation" | "annotation-xml" => Below::none(),
        // Only the first child is presentation; the rest are annotations (the TeX source).
        "semantics" => Below {
            first: Some(style),
            rest: None,
        },
        n if ROWS.contains(&n) => {
            respace_row(children, style);
            for child in children.iter_mut() {
                keep_unstretched(child);
            }
            size_flat_fences(children);
            Below::all(style)
        }
        n if SCRIPTED.contains(&n) || n == "mroot" => {
            // The base keeps the outer style; scripts, limits and root indices are smaller.
            let scripts = Style {
                script: true,
                display: false,
            };
            for (i, child) in children.iter_mut().enumerate() {
                // A base `<mo>` is an embellished operator whose spacing belongs to the outer row.
                if i > 0 || n == "mroot" {
                    let inner = if i == 0 { style } else { scripts };
                    respace_row(std::slice::from_mut(child), inner);
                }
            }
            Below {
                first: Some(style),
                rest: Some(scripts),
            }
        }
        "mtable" => {
            lay_out_table(attrs, children);
            Below::all(style)
        }
        "mfrac" => {
            // In display style the numerator and denominator are in text style, else smaller.
            let inner = Style {
                script: style.script || !style.display,
                display: false,
            };
            for child in children.iter_mut() {
                respace_row(std::slice::from_mut(child), inner);
            }
            Below::all(inner)
        }
        _ => Below::all(style),
    }
}

/// The style inside an element, from its own attributes.
fn element_style(name: &str, attrs: &[(String, String)], outer: Style) -> Style {
    let get = |key: &str| {
        attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let mut style = outer;
    if name == "math" {
        style = Style {
            script: false,
            display: get("display") == Some("block"),
        };
    }
    if name == "mstyle" {
        if let Some(d) = get("displaystyle") {
            style.display = d == "true";
        }
        if let Some(level) = get("scriptlevel") {
            style.script = level.trim() != "0";
        }
    }
    style
}

/// Spaces the operators of one row. Children are atoms, except `<mspace>`, which TeX would see
/// as glue between atoms, and whitespace text.
fn respace_row(children: &mut [Node], style: Style) {
    for child in children.iter_mut() {
        text_space_to_mspace(child);
    }
    let atoms: Vec<usize> = (0..children.len())
        .filter(|&i| is_atom(&children[i]))
        .collect();
    let classes = adjusted_classes(&atoms, children);
    let adjustable: Vec<bool> = atoms.iter().map(|&i| is_bare_mo(&children[i])).collect();
    for k in 0..atoms.len() {
        if !adjustable[k] {
            continue;
        }
        // A gap between two operators is written once, as the left one's rspace.
        let left = match k.checked_sub(1) {
            Some(p) if !adjustable[p] => gap(classes[p], classes[k], style),
            _ => 0,
        };
        let right = match classes.get(k + 1) {
            Some(&next) => gap(classes[k], next, style),
            None => 0,
        };
        let node = &mut children[atoms[k]];
        if is_composite(node) {
            pad_composite(node, left, right);
        } else {
            set_spacing(node, left, right);
        }
    }
}

fn is_atom(node: &Node) -> bool {
    match node {
        Node::Text(t) => !t.trim().is_empty(),
        Node::Element { name, .. } => name != "mspace",
    }
}

/// In TeX only `\left`, `\middle` and `\right` delimiters grow; MathML's operator dictionary
/// makes arrows, bars and brackets stretchy by default, so in a row holding a fraction
/// Chromium draws `{\uparrow}` as a tall arrow. An operator in a row that KaTeX did not mark
/// as a fence and did not give a `stretchy` value is therefore kept at its natural size.
/// (Accents and braces over or under a base are not in rows and keep stretching.) Operators
/// that never stretch across a row (signs, relations, punctuation: [`NEVER_TALL`]) need no
/// such mark, and go without it: it was a tenth of a page's maths.
/// Operators that the operator dictionary does not stretch along the block axis, so a row never
/// makes them tall (some stretch sideways, which happens only over or under a base).
const NEVER_TALL: &[&str] = &[
    "∗", "−", "+", "=", ":", ",", ";", ".", "!", "&lt;", "&gt;", "±", "∓", "⋅", "×", "⋆", "≤", "≥",
    "≠", "\u{2061}",
];

fn keep_unstretched(node: &mut Node) {
    if node.name() != Some("mo") || node.attr("stretchy").is_some() {
        return;
    }
    if NEVER_TALL.contains(&node.own_text().as_str()) {
        return;
    }
    if node.attr("fence") == Some("true") {
        return;
    }
    if let Node::Element { attrs, .. } = node {
        attrs.push(("stretchy".into(), "false".into()));
    }
}

/// `\left( 1 : -1 \right)` around one line of plain atoms is, in TeX, a pair of ordinary
/// parentheses. Chromium measures tokens by the font's line metrics rather than their ink, so
/// it would pick a taller variant with visible gaps. Fences around content with nothing tall
/// in it (no fraction, script, root, table, limits) are therefore kept at natural size; around
/// tall content they stretch as TeX's would.
fn size_flat_fences(row: &mut [Node]) {
    const TALL: &[&str] = &[
        "mfrac",
        "msub",
        "msup",
        "msubsup",
        "munder",
        "mover",
        "munderover",
        "mmultiscripts",
        "msqrt",
        "mroot",
        "mtable",
    ];
    let is_fence = |n: &Node| n.name() == Some("mo") && n.attr("fence") == Some("true");
    let (Some(first), Some(last)) = (row.first(), row.last()) else {
        return;
    };
    if row.len() < 2 || !is_fence(first) || !is_fence(last) {
        return;
    }
    if row.iter().any(|n| contains_any(n, TALL)) {
        return;
    }
    for fence in [0, row.len() - 1] {
        if row[fence].attr("stretchy").is_none() {
            if let Node::Element { attrs, .. } = &mut row[fence] {
                attrs.push(("stretchy".into(), "false".into()));
            }
        }
    }
}

fn contains_any(node: &Node, names: &[&str]) -> bool {
    match node {
        Node::Element { name, children, .. } => {
            names.contains(&name.as_str()) || children.iter().any(|c| contains_any(c, names))
        }
        Node::Text(_) => false,
    }
}

/// KaTeX writes `\mathrel{<\!\!|}` as an `<mo>` holding elements (an `<mo>`, spaces, an
/// `<mi>`). Chromium cannot lay that out (the parts end up on lines of their own), so such an
/// operator becomes an `<mrow>` whose parts touch, padded by `<mspace>` with the space its
/// class calls for.
fn is_composite(node: &Node) -> bool {
    match node {
        Node::Element { name, children, .. } => {
            name == "mo" && children.iter().any(|c| matches!(c, Node::Element { .. }))
        }
        Node::Text(_) => false,
    }
}

fn pad_composite(node: &mut Node, left: u8, right: u8) {
    let Node::Element { name, children, .. } = node else {
        return;
    };
    *name = "mrow".into();
    for part in children.iter_mut() {
        text_space_to_mspace(part);
        if is_bare_mo(part) {
            set_spacing(part, 0, 0);
        }
    }
    if right > 0 {
        children.push(mspace(right));
    }
    if left > 0 {
        children.insert(0, mspace(left));
    }
}

/// An `<mo>` that KaTeX did not space itself.
fn is_bare_mo(node: &Node) -> bool {
    node.name() == Some("mo") && node.attr("lspace").is_none() && node.attr("rspace").is_none()
}

/// Each atom's class after TeX's rules: a Bin with nothing to its left that it could operate on
/// (start of row, or after Bin, Op, Rel, Open, Punct) becomes Ord; so does a Bin followed by
/// Rel, Close or Punct, or ending the row.
fn adjusted_classes(atoms: &[usize], children: &[Node]) -> Vec<Class> {
    let mut classes: Vec<Class> = atoms
        .iter()
        .enumerate()
        .map(|(k, &i)| class_of(&children[i], k == 0))
        .collect();
    for k in 0..classes.len() {
        let prev = k.checked_sub(1).map(|p| classes[p]);
        if classes[k] == Class::Bin
            && matches!(
                prev,
                None | Some(Class::Bin | Class::Op | Class::Rel | Class::Open | Class::Punct)
            )
        {
            classes[k] = Class::Ord;
        }
        if matches!(classes[k], Class::Rel | Class::Close | Class::Punct)
            && prev == Some(Class::Bin)
        {
            classes[k - 1] = Class::Ord;
        }
    }
    if classes.last() == Some(&Class::Bin) {
        let last = classes.len() - 1;
        classes[last] = Class::Ord;
    }
    classes
}

/// The class of one atom. Only bare `<mo>` elements are classified by their character; anything
/// else (numbers, identifiers, groups, operators KaTeX spaced itself) is Ord.
fn class_of(node: &Node, first: bool) -> Class {
    if node.name() != Some("mo") {
        return Class::Ord;
    }
    if node.attr("lspace").is_some() || node.attr("rspace").is_some() {
        return Class::Ord;
    }
    if node.attr("separator") == Some("true") {
        return Class::Punct;
    }
    if is_composite(node) {
        return composite_class(node);
    }
    let text = unescape(&node.own_text());
    if node.attr("fence") == Some("true") && text == "|" {
        return if first { Class::Open } else { Class::Close };
    }
    char_class(&text)
}

/// A composite operator is a relation if any part is one (`<\!\!|`), else a binary operator
/// if any part is one, else (KaTeX having grouped it as an operator) a relation.
fn composite_class(node: &Node) -> Class {
    let Node::Element { children, .. } = node else {
        return Class::Ord;
    };
    let parts: Vec<Class> = children
        .iter()
        .filter(|c| matches!(c.name(), Some("mo" | "mi")))
        .map(|c| char_class(&unescape(&c.own_text())))
        .collect();
    if !parts.contains(&Class::Rel) && parts.contains(&Class::Bin) {
        Class::Bin
    } else {
        Class::Rel
    }
}

/// The character behind the few entities KaTeX writes inside `<mo>` (`x < 0` comes out as
/// `<mo>&lt;</mo>`, which must still classify as a relation).
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

/// TeX's class for an operator character. The CGT order relations (`⧏`, `⧐`, `⊲`, `⊳`,
/// `∥` for "confused with") are relations here, whatever they are in plain TeX; the arrows
/// `↑`, `↓`, `⇑`, `⇓` are values (up, down, double up and down), so ordinary symbols: as
/// relations, `\uparrow{*} + \uparrow{*}` came out as "↑ ∗+ ↑ ∗".
pub fn char_class(text: &str) -> Class {
    const BIN: &str = "+−-±∓×÷⋅·∗*∘∙∪∩∧∨⊕⊖⊗⊘⊙∖⋆⋄";
    const REL: &str = "=<>:≤≥≠∣∥≡≅∼≈⧏⧐⊲⊳◃▹≶≷→←↔⇒⇐⇔↦∈∉⊂⊆⊃⊇≺≻⪯⪰≪≫⩽⩾≮≯≰≱⊏⊐⊴⊵";
    const OPEN: &str = "([{⟨⌊⌈⟦";
    const CLOSE: &str = ")]}⟩⌋⌉⟧";
    const PUNCT: &str = ",;";
    const OP: &str = "∑∏∐∫∬∭∮⋃⋂⨁⨂⨀⋁⋀";
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Class::Ord; // multi-letter operators such as `lim` are KaTeX's business
    };
    let table = [
        (BIN, Class::Bin),
        (REL, Class::Rel),
        (OPEN, Class::Open),
        (CLOSE, Class::Close),
        (PUNCT, Class::Punct),
        (OP, Class::Op),
    ];
    table
        .iter()
        .find(|(set, _)| set.contains(c))
        .map_or(Class::Ord, |&(_, class)| class)
}

/// TeX's inter-atom space between `left` and `right`, in mu/3 units: 1 thin, 2 medium, 3 thick.
/// Negative entries are the ones TeX omits in script style. (Bin-Bin etc. cannot occur after
/// the adjustment and are 0.)
fn gap(left: Class, right: Class, style: Style) -> u8 {
    use Class::*;
    const ORDER: [Class; 7] = [Ord, Op, Bin, Rel, Open, Close, Punct];
    #[rustfmt::skip]
    const TABLE: [[i8; 7]; 7] = [
        //  Ord  Op  Bin  Rel Open Close Punct
        [   0,   1,  -2,  -3,   0,   0,   0], // Ord
        [   1,   1,   0,  -3,   0,   0,   0], // Op
        [  -2,  -2,   0,   0,  -2,   0,   0], // Bin
        [  -3,  -3,   0,   0,  -3,   0,   0], // Rel
        [   0,   0,   0,   0,   0,   0,   0], // Open
        [   0,   1,  -2,  -3,   0,   0,   0], // Close
        [  -1,  -1,   0,  -1,  -1,  -1,  -1], // Punct
    ];
    let index = |c: Class| ORDER.iter().position(|&o| o == c).unwrap_or(0);
    let entry = TABLE[index(left)][index(right)];
    if entry < 0 && style.script {
        0
    } else {
        entry.unsigned_abs()
    }
}

/// Spaces in units of 1 to 3 (see [`gap`]) as CSS lengths.
const EM: [&str; 4] = ["0em", "0.1667em", "0.2222em", "0.2778em"];

/// Writes the two spaces (in units of 1 to 3, see [`gap`]) onto a bare `<mo>`.
fn set_spacing(node: &mut Node, left: u8, right: u8) {
    if let Node::Element { attrs, .. } = node {
        attrs.push(("lspace".into(), EM[usize::from(left.min(3))].into()));
        attrs.push(("rspace".into(), EM[usize::from(right.min(3))].into()));
    }
}

fn mspace(units: u8) -> Node {
    Node::Element {
        name: "mspace".into(),
        attrs: vec![("width".into(), EM[usize::from(units.min(3))].into())],
        children: Vec::new(),
        empty: true,
    }
}

/// MathML Core, and so Chromium, ignores `columnalign`, `columnspacing` and `rowspacing` on
/// `<mtable>`: every cell would be centred with the browser's default padding, which breaks
/// `aligned` (right column flush left against the `=`). Restate them as CSS on each cell:
/// `text-align`, and half of each spacing on either side of the gap it belongs to (none on the
/// table's outer edges). A list shorter than the table repeats its last value, as in MathML.
///
/// Chromium also lays a cell's content out from its inline start whatever `text-align` says,
/// so a right-aligned cell is made right-to-left (`dir="rtl"`, which starts the row at the
/// right edge) with its content wrapped in one left-to-right `<mrow>` so the order of the
/// content is kept. Centred cells still come out flush left in Chromium.
fn lay_out_table(attrs: &[(String, String)], rows: &mut [Node]) {
    let list = |key: &str| -> Vec<String> {
        attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default()
    };
    let (align, column_gap, row_gap) = (
        list("columnalign"),
        list("columnspacing"),
        list("rowspacing"),
    );
    let nth = |values: &[String], i: usize| values.get(i).or(values.last()).cloned();
    let half = |gap: Option<String>| gap.map_or("0".to_string(), |g| format!("calc({g} / 2)"));
    let row_count = rows.len();
    for (r, row) in rows.iter_mut().enumerate() {
        let Node::Element {
            children: cells, ..
        } = row
        else {
            continue;
        };
        let cell_count = cells.len();
        for (c, cell) in cells.iter_mut().enumerate() {
            let Node::Element {
                name,
                attrs,
                children,
                ..
            } = cell
            else {
                continue;
            };
            if name != "mtd" {
                continue;
            }
            let top = if r == 0 { None } else { nth(&row_gap, r - 1) };
            let bottom = if r + 1 == row_count {
                None
            } else {
                nth(&row_gap, r)
            };
            let left = if c == 0 {
                None
            } else {
                nth(&column_gap, c - 1)
            };
            let right = if c + 1 == cell_count {
                None
            } else {
                nth(&column_gap, c)
            };
            let mut css = format!(
                "padding:{} {} {} {}",
                half(top),
                half(right),
                half(bottom),
                half(left)
            );
            if let Some(a) = nth(&align, c) {
                css = format!("text-align:{a};{css}");
                if a == "right" {
                    right_to_left(attrs, children);
                }
            }
            match attrs.iter_mut().find(|(k, _)| k == "style") {
                Some((_, existing)) => *existing = format!("{css};{existing}"),
                None => attrs.push(("style".into(), css)),
            }
        }
    }
}

/// Starts a cell's row at its right edge without reversing the content.
fn right_to_left(attrs: &mut Vec<(String, String)>, children: &mut Vec<Node>) {
    attrs.push(("dir".into(), "rtl".into()));
    let content = std::mem::take(children);
    children.push(Node::Element {
        name: "mrow".into(),
        attrs: vec![("dir".into(), "ltr".into())],
        children: content,
        empty: false,
    });
}

/// KaTeX writes `\,`, `\:`, `\;`, `\!` and friends as `<mtext>` holding a Unicode space (with an
/// invisible separator U+2063 appended to mark a *negative* space, which a browser then shows
/// as a positive one). Replace them by `<mspace>`: a real width, or for a negative space a
/// negative margin (MathML Core widths cannot be negative, CSS margins can).
fn text_space_to_mspace(node: &mut Node) {
    if node.name() != Some("mtext") {
        return;
    }
    let Some(width) = space_width(&node.own_text()) else {
        return;
    };
    let attrs = if width.starts_with('-') {
        vec![
            ("width".to_string(), "0em".to_string()),
            ("style".to_string(), format!("margin-left:{width}")),
        ]
    } else {
        vec![("width".to_string(), width.to_string())]
    };
    *node = Node::Element {
        name: "mspace".into(),
        attrs,
        children: Vec::new(),
        empty: true,
    };
}

/// The width KaTeX meant by a space-only `<mtext>`, as a CSS length.
fn space_width(text: &str) -> Option<&'static str> {
    Some(match text {
        "\u{200a}" => "0.0556em",
        "\u{2009}" => "0.1667em",
        "\u{2005}" => "0.2222em",
        "\u{2005}\u{200a}" => "0.2778em",
        "\u{200a}\u{2063}" => "-0.0556em",
        "\u{2009}\u{2063}" => "-0.1667em",
        "\u{205f}\u{2063}" => "-0.2222em",
        "\u{2005}\u{2063}" => "-0.2778em",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mo(markup: &str, text: &str) -> Vec<String> {
        // The <mo> elements whose text is `text`, as written.
        let mut found = Vec::new();
        let mut rest = markup;
        while let Some(start) = rest.find("<mo") {
            let end = rest[start..]
                .find("</mo>")
                .map_or(rest.len(), |e| start + e + 5);
            let piece = &rest[start..end];
            if piece.ends_with(&format!(">{text}</mo>")) {
                // Stretchiness has its own test; these compare spacing only.
                found.push(piece.replace(r#" stretchy="false""#, ""));
            }
            rest = &rest[end..];
        }
        found
    }

    #[test]
    fn unary_minus_after_a_relation_gets_no_space() {
        let out =
            respace("<math><mrow><mn>1</mn><mo>:</mo><mo>−</mo><mn>1</mn></mrow></math>").unwrap();
        // The gap after `:` is written on `:` itself, so the minus has none on either side.
        assert_eq!(
            mo(&out, ":"),
            [r#"<mo lspace="0.2778em" rspace="0.2778em">:</mo>"#]
        );
        assert_eq!(mo(&out, "−"), [r#"<mo lspace="0em" rspace="0em">−</mo>"#]);
    }

    #[test]
    fn leading_plus_minus_is_unary_and_infix_minus_is_binary() {
        let out =
            respace("<math><mrow><mo>±</mo><mn>1</mn><mo>−</mo><mn>2</mn></mrow></math>").unwrap();
        assert_eq!(mo(&out, "±"), [r#"<mo lspace="0em" rspace="0em">±</mo>"#]);
        assert_eq!(
            mo(&out, "−"),
            [r#"<mo lspace="0.2222em" rspace="0.2222em">−</mo>"#]
        );
    }

    #[test]
    fn scripts_lose_medium_and_thick_spaces() {
        let out = respace(
            "<math><msup><mn>2</mn><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow></msup></math>",
        )
        .unwrap();
        assert_eq!(mo(&out, "+"), [r#"<mo lspace="0em" rspace="0em">+</mo>"#]);
    }

    #[test]
    fn katex_spaced_operators_and_annotations_are_untouched() {
        let src = r#"<math><semantics><mrow><mo lspace="0em" rspace="0em">↑</mo><mo>=</mo><mn>1</mn></mrow><annotation encoding="application/x-tex">\uparrow = 1</annotation></semantics></math>"#;
        let out = respace(src).unwrap();
        assert!(out.contains(r#"<mo lspace="0em" rspace="0em" stretchy="false">↑</mo>"#));
        assert!(
            out.contains(r#"<annotation encoding="application/x-tex">\uparrow = 1</annotation>"#)
        );
    }

    #[test]
    fn negative_thin_space_becomes_a_negative_margin() {
        let out = respace(
            "<math><mrow><mi>a</mi><mtext>\u{2009}\u{2063}</mtext><mi>b</mi></mrow></math>",
        )
        .unwrap();
        assert!(out.contains(r#"<mspace width="0em" style="margin-left:-0.1667em"/>"#));
        let out = respace("<math><mrow><mi>a</mi><mtext>\u{2009}</mtext><mi>b</mi></mrow></math>")
            .unwrap();
        assert!(out.contains(r#"<mspace width="0.1667em"/>"#));
    }

    #[test]
    fn spaces_are_transparent_to_classes() {
        // `= \! -1`: the minus still follows the relation, so it is unary.
        let out = respace(
            "<math><mrow><mi>x</mi><mo>=</mo><mtext>\u{2009}\u{2063}</mtext><mo>−</mo><mn>1</mn></mrow></math>",
        )
        .unwrap();
        assert_eq!(mo(&out, "−"), [r#"<mo lspace="0em" rspace="0em">−</mo>"#]);
    }

    #[test]
    fn escaped_operators_are_classified_by_their_character() {
        let out = respace("<math><mrow><mi>x</mi><mo>&lt;</mo><mn>0</mn></mrow></math>").unwrap();
        assert_eq!(
            mo(&out, "&lt;"),
            [r#"<mo lspace="0.2778em" rspace="0.2778em">&lt;</mo>"#]
        );
    }

    #[test]
    fn composite_operators_become_padded_rows() {
        // KaTeX's `G \mathrel{<\!|} H`.
        let out = respace(concat!(
            "<math><mrow><mi>G</mi><mo><mo>&lt;</mo><mtext>\u{2009}\u{2063}</mtext>",
            r#"<mi mathvariant="normal">∣</mi></mo><mi>H</mi></mrow></math>"#
        ))
        .unwrap();
        assert!(
            out.contains(concat!(
                r#"<mrow><mspace width="0.2778em"/><mo lspace="0em" rspace="0em">&lt;</mo>"#,
                r#"<mspace width="0em" style="margin-left:-0.1667em"/>"#,
                r#"<mi mathvariant="normal">∣</mi><mspace width="0.2778em"/></mrow>"#
            )),
            "{out}"
        );
    }

    #[test]
    fn only_fences_stretch() {
        let out = respace(concat!(
            r#"<math><mrow><mo fence="true">(</mo><mfrac><mn>1</mn><mn>2</mn></mfrac>"#,
            r#"<mo lspace="0em" rspace="0em">↑</mo><mo stretchy="true">|</mo>"#,
            r#"<mo fence="true">)</mo></mrow><mover><mi>x</mi><mo>^</mo></mover></math>"#
        ))
        .unwrap();
        assert!(out.contains(r#"<mo lspace="0em" rspace="0em" stretchy="false">↑</mo>"#));
        assert!(
            out.contains(r#"<mo stretchy="true" "#),
            "KaTeX's own choice is kept: {out}"
        );
        assert!(out.contains(r#"<mo fence="true" lspace="0em" rspace="0em">(</mo>"#));
        assert!(
            out.contains(r#"<mo lspace="0em" rspace="0em">^</mo></mover>"#),
            "accents still stretch: {out}"
        );
    }

    #[test]
    fn fences_around_flat_content_keep_their_size() {
        let flat = respace(concat!(
            r#"<math><mrow><mo fence="true">(</mo><mn>1</mn><mo>:</mo><mo>−</mo><mn>1</mn>"#,
            r#"<mo fence="true">)</mo></mrow></math>"#
        ))
        .unwrap();
        assert!(
            flat.contains(r#"<mo fence="true" lspace="0em" rspace="0em" stretchy="false">(</mo>"#),
            "{flat}"
        );
        let tall = respace(concat!(
            r#"<math><mrow><mo fence="true">(</mo><mfrac><mn>1</mn><mn>2</mn></mfrac>"#,
            r#"<mo fence="true">)</mo></mrow></math>"#
        ))
        .unwrap();
        assert!(
            !tall.contains(r#"<mo fence="true" lspace="0em" rspace="0em" stretchy="false">"#),
            "{tall}"
        );
    }

    #[test]
    fn trailing_star_is_ordinary() {
        let out = respace("<math><mrow><mn>1</mn><mo>∗</mo></mrow></math>").unwrap();
        assert_eq!(mo(&out, "∗"), [r#"<mo lspace="0em" rspace="0em">∗</mo>"#]);
    }

    #[test]
    fn table_alignment_and_spacing_become_cell_styles() {
        let out = respace(concat!(
            r#"<math><mtable rowspacing="0.25em" columnalign="right left" columnspacing="0em">"#,
            "<mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr>",
            "<mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable></math>"
        ))
        .unwrap();
        assert!(out.contains(
            r#"<mtd dir="rtl" style="text-align:right;padding:0 calc(0em / 2) calc(0.25em / 2) 0"><mrow dir="ltr"><mi>a</mi></mrow>"#
        ), "{out}");
        assert!(out.contains(
            r#"<mtd style="text-align:left;padding:calc(0.25em / 2) 0 0 calc(0em / 2)"><mi>d</mi>"#
        ), "{out}");
    }

    #[test]
    fn adjacent_relations_share_one_gap() {
        // `a := b`: no space between `:` and `=`, a thick space on the outside of each.
        let out =
            respace("<math><mrow><mi>a</mi><mo>:</mo><mo>=</mo><mi>b</mi></mrow></math>").unwrap();
        assert_eq!(
            mo(&out, ":"),
            [r#"<mo lspace="0.2778em" rspace="0em">:</mo>"#]
        );
        assert_eq!(
            mo(&out, "="),
            [r#"<mo lspace="0em" rspace="0.2778em">=</mo>"#]
        );
    }

    #[test]
    fn arrows_are_values_not_relations() {
        // `\uparrow{*} + \uparrow{*} = \Uparrow`: each arrow sits against its star; only the
        // `+` and the `=` are spaced.
        let out = respace(concat!(
            "<math><mrow><mo>↑</mo><mrow><mo>∗</mo></mrow><mo>+</mo><mo>↑</mo>",
            "<mrow><mo>∗</mo></mrow><mo>=</mo><mo>⇑</mo></mrow></math>"
        ))
        .unwrap();
        for arrow in ["↑", "⇑"] {
            for written in mo(&out, arrow) {
                assert!(
                    !written.contains("0.2778em"),
                    "{arrow} spaced as a relation: {out}"
                );
            }
        }
        assert_eq!(
            mo(&out, "+"),
            [r#"<mo lspace="0.2222em" rspace="0.2222em">+</mo>"#]
        );
    }
}
