//! The properties a query may ask of one position, in one table.
//!
//! The one idea: a property is one row — its name, its type, whether it needs a forest under
//! normal play, what it means, and how it is read off a position's [`Record`] — and everything
//! else derives from the table: the words of the query language, the type checker, the refusal
//! of forest-only properties for graphs and childish positions, the README's table (a test holds
//! the two together) and the cache's schema. Adding a property is one row here, plus a field of
//! the record if it reads something the record does not hold yet.

use super::eval::{RowEval, Scalar};
use super::query::Type;
use super::record::Record;
use crate::games::Dyadic;
use std::fmt;

/// One property of a position.
pub struct Property {
    /// The word queries use.
    pub name: &'static str,
    /// Other words for it.
    pub aliases: &'static [&'static str],
    pub ty: Type,
    /// Defined only for a forest under normal play (refused for a graph with a cycle or a
    /// position under the childish rules).
    pub forest_only: bool,
    /// What it means, for the README.
    pub doc: &'static str,
    /// Reads it off a position's record; an error says why it has no value there.
    pub read: fn(&mut RowEval, &Record) -> Result<Scalar, String>,
}

/// A property, by its row in [`PROPERTIES`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Prop(u8);

impl Prop {
    pub fn get(self) -> &'static Property {
        &PROPERTIES[self.0 as usize]
    }
}

impl fmt::Debug for Prop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.get().name)
    }
}

/// The property a word names (its name or an alias).
pub fn property(word: &str) -> Option<Prop> {
    PROPERTIES
        .iter()
        .position(|p| p.name == word || p.aliases.contains(&word))
        .map(|i| Prop(i as u8))
}

/// Every word that names a property.
pub fn words() -> impl Iterator<Item = &'static str> {
    PROPERTIES
        .iter()
        .flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied()))
}

fn count(n: u8) -> Result<Scalar, String> {
    Ok(Scalar::Num(Dyadic::integer(n)))
}

/// The table. Order is the README's.
pub static PROPERTIES: &[Property] = &[
    Property {
        name: "edges",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        doc: "number of edges",
        read: |_, r| count(r.edges),
    },
    Property {
        name: "blue",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        doc: "number of blue edges",
        read: |_, r| count(r.blue),
    },
    Property {
        name: "red",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        doc: "number of red edges",
        read: |_, r| count(r.red),
    },
    Property {
        name: "green",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        doc: "number of green edges",
        read: |_, r| count(r.green),
    },
    Property {
        name: "trunks",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        doc: "edges standing on the ground (trees in the forest)",
        read: |_, r| count(r.trunks),
    },
    Property {
        name: "height",
        aliases: &[],
        ty: Type::Value,
        forest_only: true,
        doc: "edges on the longest path up from the ground",
        read: |_, r| count(r.height),
    },
    Property {
        name: "spine",
        aliases: &[],
        ty: Type::Value,
        forest_only: true,
        doc: "edges on the leftmost path",
        read: |_, r| count(r.spine),
    },
    Property {
        name: "path",
        aliases: &["stalk"],
        ty: Type::Bool,
        forest_only: false,
        doc: "one trunk and no forks",
        read: |_, r| Ok(Scalar::Bool(r.path)),
    },
    Property {
        name: "tree",
        aliases: &[],
        ty: Type::Bool,
        forest_only: false,
        doc: "exactly one trunk",
        read: |_, r| Ok(Scalar::Bool(r.trunks == 1)),
    },
    Property {
        name: "colon",
        aliases: &[],
        ty: Type::Bool,
        forest_only: true,
        doc: "the colon condition: at the ground and at every node of the leftmost path, the forest standing there is worth what its own first tree is worth",
        read: |_, r| Ok(Scalar::Bool(r.colon)),
    },
    Property {
        name: "value",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        doc: "the value by the game tree: canonical form of the options (for numbers, the simplicity rule)",
        read: |ev, r| Ok(ev.scalar(r.value)),
    },
    Property {
        name: "reading",
        aliases: &[],
        ty: Type::Value,
        forest_only: true,
        doc: "the leftmost reading: walk up from the ground taking the first edge at every fork, read the colours as a stalk (Berlekamp's rule)",
        read: |ev, r| Ok(ev.scalar(r.reading)),
    },
    Property {
        name: "tree_rule",
        aliases: &[],
        ty: Type::Value,
        forest_only: true,
        doc: "the tree rule `(±1) : (forest above the trunk)` applied recursively (sign expansions), summed over the trees",
        read: |ev, r| Ok(ev.scalar(r.tree_rule)),
    },
    Property {
        name: "sum",
        aliases: &[],
        ty: Type::Value,
        forest_only: true,
        doc: "the sum of the separate trees' values",
        read: |ev, r| Ok(ev.scalar(r.sum)),
    },
    Property {
        name: "ordinal_sum",
        aliases: &[],
        ty: Type::Value,
        forest_only: true,
        doc: "per tree, the ordinal sum `trunk : value(forest above)` on canonical forms (games engine), summed over the trees",
        read: |ev, r| Ok(ev.scalar(r.ordinal_sum)),
    },
    Property {
        name: "number",
        aliases: &[],
        ty: Type::Bool,
        forest_only: false,
        doc: "the value is a number",
        read: |ev, r| Ok(Scalar::Bool(matches!(ev.scalar(r.value), Scalar::Num(_)))),
    },
    Property {
        name: "nimber",
        aliases: &[],
        ty: Type::Bool,
        forest_only: false,
        doc: "the value is a nimber (`0` counts)",
        read: |ev, r| Ok(Scalar::Bool(ev.is_nimber(r.value))),
    },
    Property {
        name: "sign",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        doc: "`1` if Left wins, `-1` if Right wins, `0` if the second player wins (an error for a value confused with 0)",
        read: |ev, r| {
            let v = ev.scalar(r.value);
            ev.sign(&v)
        },
    },
    Property {
        name: "majority",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        doc: "`sign(blue - red)`",
        read: |_, r| Ok(Scalar::Num(Dyadic::integer((r.blue as i32 - r.red as i32).signum()))),
    },
    Property {
        name: "places",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        doc: "the number of binary places of the value: `3` for `3/8` (0.011 in binary), `0` for an integer; only for a number",
        read: |ev, r| {
            let x = ev.number(r.value, "binary places")?;
            Ok(Scalar::Num(Dyadic::integer(x.exponent())))
        },
    },
    Property {
        name: "integer_part",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        doc: "the integer part of the value, rounded toward zero: `1` for `3/2`, `0` for `-3/8`; only for a number",
        read: |ev, r| {
            let x = ev.number(r.value, "integer part")?;
            let whole = if x.signum() < 0 { x.ceil() } else { x.floor() };
            Ok(Scalar::Num(Dyadic::integer(whole)))
        },
    },
    Property {
        name: "denominator",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        doc: "the denominator of the value, `2^places`: `8` for `3/8`, `1` for an integer; only for a number",
        read: |ev, r| {
            let x = ev.number(r.value, "denominator")?;
            Ok(Scalar::Num(Dyadic::integer(num_bigint::BigInt::from(1) << x.exponent())))
        },
    },
];

/// The README's table of properties, as Markdown.
pub fn readme_table() -> String {
    let mut out = String::from("| property | type | forests only | meaning |\n|---|---|---|---|\n");
    for p in PROPERTIES {
        let mut names = format!("`{}`", p.name);
        for alias in p.aliases {
            names.push_str(&format!(" (`{alias}`)"));
        }
        let ty = match p.ty {
            Type::Bool => "condition",
            Type::Value => "value",
        };
        let forest = if p.forest_only { "yes" } else { "" };
        out.push_str(&format!("| {names} | {ty} | {forest} | {} |\n", p.doc));
    }
    out
}

/// What the cache's schema takes from the table: every word and what it reads as.
pub fn schema() -> String {
    PROPERTIES
        .iter()
        .map(|p| format!("{} {:?} {} {:?}\n", p.name, p.ty, p.forest_only, p.aliases))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_unique_and_found() {
        let all: Vec<&str> = words().collect();
        for (i, w) in all.iter().enumerate() {
            assert!(!all[..i].contains(w), "`{w}` names two properties");
            assert!(property(w).is_some());
        }
        assert_eq!(property("stalk"), property("path"));
        assert!(PROPERTIES.len() < u8::MAX as usize);
    }
}
