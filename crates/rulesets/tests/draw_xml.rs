//! Just enough of an XML reader to check the drawer's output: it fails the test on anything
//! malformed (unbalanced tags, unquoted or duplicate attributes, a bare `&` or `<` in text).
//! Shared by the draw tests (a module of `main.rs`, with no tests of its own).
#![allow(dead_code)]

#[derive(Debug, Clone)]
pub struct Element {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    /// Direct text content, entities decoded.
    pub text: String,
}

impl Element {
    pub fn attr(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Whether `class` is one of the space-separated class tokens (not merely a substring).
    pub fn has_class(&self, class: &str) -> bool {
        self.attr("class")
            .is_some_and(|c| c.split_whitespace().any(|t| t == class))
    }
}

/// All elements in document order. Panics (failing the test) on malformed input.
pub fn parse(doc: &str) -> Vec<Element> {
    let mut elements: Vec<Element> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut rest = doc;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("</") {
            let end = after.find('>').expect("closing tag ends");
            let name = &after[..end];
            let top = open.pop().expect("closing tag has an opener");
            assert_eq!(elements[top].name, name, "tags balance");
            rest = &after[end + 1..];
        } else if let Some(after) = rest.strip_prefix('<') {
            let (element, self_closing, tail) = tag(after);
            elements.push(element);
            if !self_closing {
                open.push(elements.len() - 1);
            }
            rest = tail;
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            let text = decode(&rest[..end]);
            match open.last() {
                Some(&top) => elements[top].text.push_str(&text),
                None => assert!(text.trim().is_empty(), "text outside the root: {text:?}"),
            }
            rest = &rest[end..];
        }
    }
    assert!(open.is_empty(), "unclosed elements");
    assert!(!elements.is_empty(), "no root");
    elements
}

/// Parses `name attr="v" ... >` or `/>`; returns the element, whether it closed itself, and the
/// rest of the input.
fn tag(s: &str) -> (Element, bool, &str) {
    let name_end = s
        .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
        .expect("tag name ends");
    let name = s[..name_end].to_string();
    assert!(
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()),
        "tag name {name:?}"
    );
    let mut rest = &s[name_end..];
    let mut attrs: Vec<(String, String)> = Vec::new();
    loop {
        rest = rest.trim_start();
        if let Some(tail) = rest.strip_prefix("/>") {
            return (
                Element {
                    name,
                    attrs,
                    text: String::new(),
                },
                true,
                tail,
            );
        }
        if let Some(tail) = rest.strip_prefix('>') {
            return (
                Element {
                    name,
                    attrs,
                    text: String::new(),
                },
                false,
                tail,
            );
        }
        let eq = rest.find('=').expect("attribute has a value");
        let key = rest[..eq].to_string();
        assert!(
            key.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':'),
            "attribute name {key:?}"
        );
        let value_part = rest[eq + 1..]
            .strip_prefix('"')
            .expect("attribute value is quoted");
        let close = value_part.find('"').expect("attribute value ends");
        let raw = &value_part[..close];
        assert!(!raw.contains('<'), "no < in attribute values");
        assert!(
            attrs.iter().all(|(k, _)| *k != key),
            "duplicate attribute {key}"
        );
        attrs.push((key, decode(raw)));
        rest = &value_part[close + 1..];
    }
}

/// Decodes the five predefined entities and numeric ones; a bare `&` is malformed.
fn decode(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let semi = rest[amp..].find(';').expect("entity ends with ;") + amp;
        let entity = &rest[amp + 1..semi];
        let decoded = match entity {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let code = entity
                    .strip_prefix('#')
                    .and_then(|n| n.parse::<u32>().ok())
                    .and_then(char::from_u32);
                code.unwrap_or_else(|| panic!("unknown entity &{entity};"))
            }
        };
        out.push(decoded);
        rest = &rest[semi + 1..];
    }
    out.push_str(rest);
    out
}
