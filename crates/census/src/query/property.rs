//! The properties a query may ask of one position or one game, in one table.
//!
//! The one idea: a property is one row — its name, its type, whether it needs a forest under
//! normal play, what it means, and how it is read off a position's [`Record`] and off a member
//! of a census of games ([`GameMember`]), either reader absent when it does not apply — and
//! everything else derives from the table: the words of the query language, the type checker,
//! the refusal of forest-only properties for graphs and childish positions, of position-only
//! properties for games and of game-only ones for positions, the README's table (a test holds
//! the two together) and the cache's schema. Adding a property is one row here, plus a field of
//! the record if it reads something the record does not hold yet.

use crate::engines::games::GameMember;
use crate::query::row::{Scalar, Values};
use crate::record::{Field, Record};
use hackenbook_games::{Dyadic, GameId};
use std::fmt;

/// The two kinds of per-position expression: a truth, or a value (numbers and games).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    Bool,
    Value,
}

impl Type {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Type::Bool => "a condition (true or false)",
            Type::Value => "a value",
        }
    }
}

/// How a property is read off a subject (a position's record, or a game).
pub type Reader<S> = fn(&mut Values, &S) -> Result<Scalar, String>;

/// One property of a position or a game.
pub struct Property {
    /// The word queries use.
    pub name: &'static str,
    /// Other words for it.
    pub aliases: &'static [&'static str],
    pub ty: Type,
    /// Defined only for a forest under normal play (refused for a graph with a cycle or a
    /// position under the childish rules).
    pub forest_only: bool,
    /// Which of a position's computed values it is read from (`None`: a count or a shape,
    /// counted on the picture): what decides whether two properties were computed the same way.
    pub from: Option<Field>,
    /// What it means, for the README.
    pub doc: &'static str,
    /// Reads it off a position's record (`None`: not a property of positions); an error says
    /// why it has no value there.
    pub read: Option<Reader<Record>>,
    /// Reads it off a member of a census of games (`None`: not a property of games).
    pub read_game: Option<Reader<GameMember>>,
}

impl Property {
    /// Whether it can be asked of a position (`Subject::Position`) or a game.
    pub fn applies_to(&self, game: bool) -> bool {
        if game {
            self.read_game.is_some()
        } else {
            self.read.is_some()
        }
    }

    /// What it can be asked of, in words: `positions`, `forests`, `games`, `positions, games`.
    pub fn asked_of(&self) -> &'static str {
        match (
            self.read.is_some(),
            self.forest_only,
            self.read_game.is_some(),
        ) {
            (true, false, true) => "positions, games",
            (true, true, true) => "forests, games",
            (true, false, false) => "positions",
            (true, true, false) => "forests",
            (false, _, _) => "games",
        }
    }
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
        // A row of the table, which has fewer than 255 (a test holds it).
        .map(|i| Prop(i as u8))
}

/// Every word that names a property.
pub fn words() -> impl Iterator<Item = &'static str> {
    PROPERTIES
        .iter()
        .flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied()))
}

fn count(n: impl Into<u32>) -> Result<Scalar, String> {
    let n: u32 = n.into();
    Ok(Scalar::Num(Dyadic::integer(n)))
}

/// The value of a position as a game of the engine (a number is interned as one).
fn value_game(ev: &mut Values, r: &Record) -> GameId {
    match ev.scalar(r.value) {
        Scalar::Num(d) => ev.games.number(&d),
        Scalar::Game(g) => g,
        Scalar::Bool(_) => unreachable!("a position's value is a game"),
    }
}

fn atomic_weight(ev: &mut Values, g: GameId) -> Result<Scalar, String> {
    match ev.games.atomic_weight(g) {
        Some(w) => Ok(ev.normal(w)),
        None => Err(format!(
            "the value {} is not all-small, so it has no atomic weight",
            ev.games.display(g)
        )),
    }
}

/// `sign(a - b)`, exact for any counts.
fn sign_of_difference(a: u32, b: u32) -> i8 {
    match a.cmp(&b) {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    }
}

fn count_u64(n: u64) -> Result<Scalar, String> {
    Ok(Scalar::Num(Dyadic::integer(n)))
}

fn places(ev: &mut Values, v: Scalar) -> Result<Scalar, String> {
    let x = ev.number(&v, "binary places")?;
    Ok(Scalar::Num(Dyadic::integer(x.exponent())))
}

fn integer_part(ev: &mut Values, v: Scalar) -> Result<Scalar, String> {
    let x = ev.number(&v, "integer part")?;
    let whole = if x.signum() < 0 { x.ceil() } else { x.floor() };
    Ok(Scalar::Num(Dyadic::integer(whole)))
}

fn denominator(ev: &mut Values, v: Scalar) -> Result<Scalar, String> {
    let x = ev.number(&v, "denominator")?;
    Ok(Scalar::Num(Dyadic::integer(
        num_bigint::BigInt::from(1) << x.exponent(),
    )))
}

/// The table. Order is the README's.
pub static PROPERTIES: &[Property] = &[
    Property {
        name: "edges",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: None,
        doc: "number of edges",
        read: Some(|_, r| count(r.edges)),
        read_game: None,
    },
    Property {
        name: "size",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: None,
        doc: "the size of a position as its game counts it: a Hackenbush position's edges, a Domineering board's free cells, a strip's squares, Nim's counters, a cake's cells (a census of a game's positions counts it; a game born by a day has none)",
        read: Some(|_, r| count(r.edges)),
        read_game: Some(|_, m| match &m.position {
            Some(p) => count_u64(u64::try_from(p.size).map_err(|_| "a size beyond 2^64".to_string())?),
            None => Err("`size` is the size of a game's position; a game of a census of games born by a day is a value, with no position".to_string()),
        }),
    },
    Property {
        name: "blue",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: None,
        doc: "number of blue edges",
        read: Some(|_, r| count(r.blue)),
        read_game: None,
    },
    Property {
        name: "red",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: None,
        doc: "number of red edges",
        read: Some(|_, r| count(r.red)),
        read_game: None,
    },
    Property {
        name: "green",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: None,
        doc: "number of green edges",
        read: Some(|_, r| count(r.green)),
        read_game: None,
    },
    Property {
        name: "trunks",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: None,
        doc: "edges standing on the ground (trees in the forest)",
        read: Some(|_, r| count(r.trunks)),
        read_game: None,
    },
    Property {
        name: "height",
        aliases: &[],
        ty: Type::Value,
        forest_only: true,
        from: None,
        doc: "edges on the longest path up from the ground",
        read: Some(|_, r| count(r.height)),
        read_game: None,
    },
    Property {
        name: "spine",
        aliases: &[],
        ty: Type::Value,
        forest_only: true,
        from: None,
        doc: "edges on the leftmost path",
        read: Some(|_, r| count(r.spine)),
        read_game: None,
    },
    Property {
        name: "path",
        aliases: &["stalk"],
        ty: Type::Bool,
        forest_only: false,
        from: None,
        doc: "one trunk and no forks",
        read: Some(|_, r| Ok(Scalar::Bool(r.path))),
        read_game: None,
    },
    Property {
        name: "tree",
        aliases: &[],
        ty: Type::Bool,
        forest_only: false,
        from: None,
        doc: "exactly one trunk",
        read: Some(|_, r| Ok(Scalar::Bool(r.trunks == 1))),
        read_game: None,
    },
    Property {
        name: "cycles",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: None,
        doc: "independent cycles: edges minus the nodes above the ground (`0` for a forest; a loop is a cycle, and so is a pair of parallel edges)",
        read: Some(|_, r| count(r.cycles)),
        read_game: None,
    },
    Property {
        name: "colon",
        aliases: &[],
        ty: Type::Bool,
        forest_only: true,
        from: None,
        doc: "the colon condition: at the ground and at every node of the leftmost path, the forest standing there is worth what its own first tree is worth",
        read: Some(|_, r| Ok(Scalar::Bool(r.colon))),
        read_game: None,
    },
    Property {
        name: "value",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the value by the game tree: canonical form of the options (for numbers, the simplicity rule)",
        read: Some(|ev, r| Ok(ev.scalar(r.value))),
        read_game: Some(|ev, m| Ok(ev.normal(m.value))),
    },
    Property {
        name: "reading",
        aliases: &[],
        ty: Type::Value,
        forest_only: true,
        from: Some(Field::Reading),
        doc: "the leftmost reading: walk up from the ground taking the first edge at every fork, read the colours as a stalk (Berlekamp's rule: by its sign expansion for blue-red forests, by its game tree otherwise)",
        read: Some(|ev, r| Ok(ev.scalar(r.reading))),
        read_game: None,
    },
    Property {
        name: "tree_rule",
        aliases: &[],
        ty: Type::Value,
        forest_only: true,
        from: Some(Field::TreeRule),
        doc: "the tree rule `(±1) : (forest above the trunk)` applied recursively, summed over the trees (on sign expansions for blue-red forests; otherwise ordinal sums of canonical forms, `*` for a green trunk, or sign expansions where a number stands on a blue or red trunk)",
        read: Some(|ev, r| Ok(ev.scalar(r.tree_rule))),
        read_game: None,
    },
    Property {
        name: "sum",
        aliases: &[],
        ty: Type::Value,
        forest_only: true,
        from: Some(Field::Sum),
        doc: "the sum of the separate trees' game-tree values (for a single tree, its value)",
        read: Some(|ev, r| Ok(ev.scalar(r.sum))),
        read_game: None,
    },
    Property {
        name: "ordinal_sum",
        aliases: &[],
        ty: Type::Value,
        forest_only: true,
        from: Some(Field::OrdinalSum),
        doc: "per tree, the ordinal sum `trunk : value(forest above)`, the forest above valued by its game tree, summed over the trees; the ordinal sum is taken on canonical forms (games engine), or by sign expansions where the trunk is blue or red and what it carries is a number (the fast engine holds each of those against the construction on canonical forms, and a disagreement fails the census)",
        read: Some(|ev, r| Ok(ev.scalar(r.ordinal_sum))),
        read_game: None,
    },
    Property {
        name: "number",
        aliases: &[],
        ty: Type::Bool,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the value is a number",
        read: Some(|ev, r| Ok(Scalar::Bool(matches!(ev.scalar(r.value), Scalar::Num(_))))),
        read_game: Some(|ev, m| Ok(Scalar::Bool(ev.games.is_number(m.value)))),
    },
    Property {
        name: "nimber",
        aliases: &[],
        ty: Type::Bool,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the value is a nimber (`0` counts)",
        read: Some(|ev, r| {
            let v = ev.scalar(r.value);
            Ok(Scalar::Bool(ev.is_nimber(&v)))
        }),
        read_game: Some(|ev, m| {
            let v = ev.normal(m.value);
            Ok(Scalar::Bool(ev.is_nimber(&v)))
        }),
    },
    Property {
        name: "sign",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: Some(Field::Value),
        doc: "`1` if Left wins, `-1` if Right wins, `0` if the second player wins (an error for a value confused with 0)",
        read: Some(|ev, r| {
            let v = ev.scalar(r.value);
            ev.sign(&v)
        }),
        read_game: Some(|ev, m| {
            let v = ev.normal(m.value);
            ev.sign(&v)
        }),
    },
    Property {
        name: "majority",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: None,
        doc: "`sign(blue - red)`",
        read: Some(|_, r| Ok(Scalar::Num(Dyadic::integer(sign_of_difference(r.blue, r.red))))),
        read_game: None,
    },
    Property {
        name: "places",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the number of binary places of the value: `3` for `3/8` (0.011 in binary), `0` for an integer; only for a number",
        read: Some(|ev, r| {
            let v = ev.scalar(r.value);
            places(ev, v)
        }),
        read_game: Some(|ev, m| {
            let v = ev.normal(m.value);
            places(ev, v)
        }),
    },
    Property {
        name: "integer_part",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the integer part of the value, rounded toward zero: `1` for `3/2`, `0` for `-3/8`; only for a number",
        read: Some(|ev, r| {
            let v = ev.scalar(r.value);
            integer_part(ev, v)
        }),
        read_game: Some(|ev, m| {
            let v = ev.normal(m.value);
            integer_part(ev, v)
        }),
    },
    Property {
        name: "denominator",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the denominator of the value, `2^places`: `8` for `3/8`, `1` for an integer; only for a number",
        read: Some(|ev, r| {
            let v = ev.scalar(r.value);
            denominator(ev, v)
        }),
        read_game: Some(|ev, m| {
            let v = ev.normal(m.value);
            denominator(ev, v)
        }),
    },
    Property {
        name: "birthday",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the birthday of the value: the height of its canonical game tree (`0` for `0`, `1` for `*`, `3` for `^^*`)",
        read: Some(|ev, r| {
            let g = value_game(ev, r);
            count_u64(ev.games.birthday(g))
        }),
        read_game: Some(|ev, m| count_u64(ev.games.birthday(m.value))),
    },
    Property {
        name: "infinitesimal",
        aliases: &[],
        ty: Type::Bool,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the value lies strictly between every negative and every positive number (both stops are 0; `0` counts)",
        read: Some(|ev, r| {
            let g = value_game(ev, r);
            Ok(Scalar::Bool(ev.games.is_infinitesimal(g)))
        }),
        read_game: Some(|ev, m| Ok(Scalar::Bool(ev.games.is_infinitesimal(m.value)))),
    },
    Property {
        name: "all_small",
        aliases: &[],
        ty: Type::Bool,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the value is all-small (dicotic): in every position of its canonical form, Left has a move exactly when Right has one",
        read: Some(|ev, r| {
            let g = value_game(ev, r);
            Ok(Scalar::Bool(ev.games.is_all_small(g)))
        }),
        read_game: Some(|ev, m| Ok(Scalar::Bool(ev.games.is_all_small(m.value)))),
    },
    Property {
        name: "temperature",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the temperature of the value, as `temp(G)` in game expressions (CGSuite's: `-1/2^k` for a number of denominator `2^k`, `-1` for an integer, `0` for `*` and `^`)",
        read: Some(|ev, r| {
            let g = value_game(ev, r);
            Ok(Scalar::Num(ev.games.temperature(g)))
        }),
        read_game: Some(|ev, m| Ok(Scalar::Num(ev.games.temperature(m.value)))),
    },
    Property {
        name: "mean",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the mean value, where the thermograph's mast stands (`mean(G)`); a number is its own mean",
        read: Some(|ev, r| {
            let g = value_game(ev, r);
            Ok(Scalar::Num(ev.games.mean(g)))
        }),
        read_game: Some(|ev, m| Ok(Scalar::Num(ev.games.mean(m.value)))),
    },
    Property {
        name: "left_stop",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the number play stops at when Left moves first and both play well (`leftstop(G)`)",
        read: Some(|ev, r| {
            let g = value_game(ev, r);
            Ok(Scalar::Num(ev.games.stops(g).0))
        }),
        read_game: Some(|ev, m| Ok(Scalar::Num(ev.games.stops(m.value).0))),
    },
    Property {
        name: "right_stop",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the number play stops at when Right moves first (`rightstop(G)`)",
        read: Some(|ev, r| {
            let g = value_game(ev, r);
            Ok(Scalar::Num(ev.games.stops(g).1))
        }),
        read_game: Some(|ev, m| Ok(Scalar::Num(ev.games.stops(m.value).1))),
    },
    Property {
        name: "atomic_weight",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the atomic weight of an all-small value (`aw(G)`): how many ups it plays like, `1` for `^`, `0` for `*`, `2` for `^^*`; an error for a value that is not all-small",
        read: Some(|ev, r| {
            let g = value_game(ev, r);
            atomic_weight(ev, g)
        }),
        read_game: Some(|ev, m| atomic_weight(ev, m.value)),
    },
    Property {
        name: "reduced_canonical_form",
        aliases: &["rcf"],
        ty: Type::Value,
        forest_only: false,
        from: Some(Field::Value),
        doc: "the reduced canonical form (`rcf(G)`): the simplest game infinitely close to the value: `0` for `^*`, `3/4` for `3/4 + ^^*`",
        read: Some(|ev, r| {
            let g = value_game(ev, r);
            let reduced = ev.games.reduced_canonical_form(g);
            Ok(ev.normal(reduced))
        }),
        read_game: Some(|ev, m| {
            let reduced = ev.games.reduced_canonical_form(m.value);
            Ok(ev.normal(reduced))
        }),
    },
    Property {
        name: "left_options",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: None,
        doc: "the number of Left options (of the form as written, or of the canonical form)",
        read: None,
        read_game: Some(|_, m| count_u64(m.left.len() as u64)),
    },
    Property {
        name: "right_options",
        aliases: &[],
        ty: Type::Value,
        forest_only: false,
        from: None,
        doc: "the number of Right options",
        read: None,
        read_game: Some(|_, m| count_u64(m.right.len() as u64)),
    },
    Property {
        name: "options_numbers",
        aliases: &[],
        ty: Type::Bool,
        forest_only: false,
        from: None,
        doc: "every option, Left's and Right's, is a number",
        read: None,
        read_game: Some(|ev, m| {
            let games = &*ev.games;
            Ok(Scalar::Bool(m.left.iter().chain(&m.right).all(|&o| games.is_number(o))))
        }),
    },
    Property {
        name: "left_below_right",
        aliases: &[],
        ty: Type::Bool,
        forest_only: false,
        from: None,
        doc: "every Left option is less than every Right option (true when a side has none)",
        read: None,
        read_game: Some(|ev, m| {
            let below = m
                .left
                .iter()
                .all(|&l| m.right.iter().all(|&r| ev.games.lt(l, r)));
            Ok(Scalar::Bool(below))
        }),
    },
    Property {
        name: "shared_number_option",
        aliases: &[],
        ty: Type::Bool,
        forest_only: false,
        from: None,
        doc: "some Left option equals some Right option, and that option is a number",
        read: None,
        read_game: Some(|ev, m| {
            let games = &*ev.games;
            let shared = m
                .left
                .iter()
                .any(|&l| games.is_number(l) && m.right.contains(&l));
            Ok(Scalar::Bool(shared))
        }),
    },
    Property {
        name: "colon_numbers",
        aliases: &[],
        ty: Type::Bool,
        forest_only: false,
        from: None,
        doc: "the ordinal sum `G : x`, on the options as written, is a number for every number `x` born by day 2 (`-2`, `-1`, `-1/2`, `0`, `1/2`, `1`, `2`)",
        read: None,
        read_game: Some(|ev, m| {
            let numbers: Vec<GameId> = ["-2", "-1", "-1/2", "0", "1/2", "1", "2"]
                .iter()
                .map(|x| ev.games.number(&x.parse().expect("a dyadic literal")))
                .collect();
            let all = numbers.into_iter().all(|x| {
                let sum = ev.games.ordinal_sum_on_form(&m.left, &m.right, x);
                ev.games.is_number(sum)
            });
            Ok(Scalar::Bool(all))
        }),
    },
];

/// The README's table of properties, as Markdown.
pub fn readme_table() -> String {
    let mut out = String::from("| property | type | asked of | meaning |\n|---|---|---|---|\n");
    for p in PROPERTIES {
        let mut names = format!("`{}`", p.name);
        for alias in p.aliases {
            names.push_str(&format!(" (`{alias}`)"));
        }
        let ty = match p.ty {
            Type::Bool => "condition",
            Type::Value => "value",
        };
        out.push_str(&format!(
            "| {names} | {ty} | {} | {} |\n",
            p.asked_of(),
            p.doc
        ));
    }
    out
}

/// What the cache's schema takes from the table: every word and what it reads as.
pub fn schema() -> String {
    PROPERTIES
        .iter()
        .map(|p| format!("{} {:?} {} {:?}\n", p.name, p.ty, p.asked_of(), p.aliases))
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

    /// Every field of the record is read by the property of its name, a value by the property
    /// that says it is computed from that value ([`Property::from`]); a field added to the
    /// record and not to this table fails here.
    #[test]
    fn every_record_field_is_a_property() {
        use crate::record::{Field, FIELD_NAMES};
        for name in FIELD_NAMES {
            let p = property(name).unwrap_or_else(|| panic!("`{name}` is not a property"));
            assert!(p.get().read.is_some(), "`{name}` is not read off a record");
            let field = Field::ALL.iter().find(|f| f.name() == *name);
            assert_eq!(p.get().from, field.copied(), "`{name}`");
        }
    }
}
