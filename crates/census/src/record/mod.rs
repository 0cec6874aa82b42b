//! What a census knows about each position, and the census itself as grouped records.
//!
//! The one idea: queries only ever ask about a position's properties, so positions with equal
//! properties are interchangeable — a census keeps each distinct record once, with how many
//! positions share it and the smallest of them (for examples and counterexamples).
//!
//! Which engine computed a census's records, and by what method each column was obtained:
//! [`method`].

pub mod method;

use crate::forest::{Forest, MAX_EDGES};
use crate::small::Small;
use hackenbook_games::{Dyadic, GameId, Games};
use hackenbook_rulesets::hackenbush::Colour;
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;

/// A position's value: a number in the fixed-width form, or any other game by its id in the
/// workspace's [`Games`] table. A number is always `Num`, so equal values are equal `Val`s.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Val {
    Num(Small),
    Game(GameId),
}

impl Val {
    /// The `Val` of a canonical game; numbers too large for the fixed width stay games.
    pub fn of_game(g: GameId, games: &Games) -> Val {
        let number = games.as_nus(g).filter(|v| v.is_number());
        match number.and_then(|v| Small::from_dyadic(&v.number)) {
            Some(x) => Val::Num(x),
            None => Val::Game(g),
        }
    }

    pub fn to_game(self, games: &mut Games) -> GameId {
        match self {
            Val::Num(x) => games.number(&x.to_dyadic()),
            Val::Game(g) => g,
        }
    }

    pub fn as_number(self, games: &Games) -> Option<Dyadic> {
        match self {
            Val::Num(x) => Some(x.to_dyadic()),
            Val::Game(g) => games.as_number(g),
        }
    }

    pub fn display(self, games: &Games) -> String {
        match self {
            Val::Num(x) => x.to_string(),
            Val::Game(g) => games.display(g),
        }
    }
}

/// A fact of a record as a table's column holds it: a count or a condition (the Parquet
/// export's `int32` and `boolean` columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    Count(u32),
    Flag(bool),
}

/// The types a record's facts are held in, each as a [`Fact`].
pub trait FactType: Copy {
    fn fact(self) -> Fact;
}

impl FactType for u32 {
    fn fact(self) -> Fact {
        Fact::Count(self)
    }
}

impl FactType for u8 {
    fn fact(self) -> Fact {
        Fact::Count(self.into())
    }
}

impl FactType for bool {
    fn fact(self) -> Fact {
        Fact::Flag(self)
    }
}

/// A count of a packed forest (its edges, edges of a colour, trunks, height, spine), in the
/// record's type for it: at most [`MAX_EDGES`], since the packed shape has two bits per edge
/// in 32, so it is exact in a `u8` and in anything wider.
pub fn forest_count<T: From<u8>>(n: usize) -> T {
    debug_assert!(
        n <= MAX_EDGES,
        "a packed forest has at most {MAX_EDGES} edges"
    );
    // Bounded by MAX_EDGES (16), above.
    T::from(n as u8)
}

/// Declares the record's fields once: the record itself, its two halves ([`Facts`] and
/// [`Readings`]), the one constructor every engine builds a record with ([`Record::new`]), the
/// conversion of its values ([`Record::map`]), the names of its values ([`Field`]) and of all
/// its fields ([`FIELD_NAMES`], which the property table and the Parquet export are held
/// against, and whose facts and values the export writes by [`Facts::named`] and
/// [`Readings::named`]) all come from this list.
macro_rules! record_fields {
    (
        facts { $( $(#[$fm:meta])* $f:ident : $ft:ty ),* $(,)? }
        readings { $( $(#[$rm:meta])* $r:ident => $field:ident ),* $(,)? }
    ) => {
        /// The record's fields by name, in its order: the facts, then the values (each the
        /// name of the property that reads it).
        pub const FIELD_NAMES: &[&str] = &[ $( stringify!($f), )* $( stringify!($r), )* ];

        /// The values a record holds, each computed its own way (see
        /// [`crate::query::obtained`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Field {
            $( $field, )*
        }

        impl Field {
            /// Every value of a record, in its order.
            pub const ALL: &[Field] = &[ $( Field::$field, )* ];

            /// The property that reads it.
            pub fn name(self) -> &'static str {
                match self {
                    $( Field::$field => stringify!($r), )*
                }
            }
        }

        /// Every property of a position that the query language reads directly (the rest of
        /// the [property table](crate::query::property) is computed from these). `V` is how a value is
        /// held: a [`Val`] in a census, a reference to a written-out canonical form in the cache.
        ///
        /// Counts are exact at every size a record is made for: a census member has at most
        /// [`MAX_EDGES`] edges, a named position at most the solver's 100,000, and `u32` holds
        /// either (a position too large for it is refused where its record is made, never
        /// clamped). `height` and `spine` are properties of forests of at most [`MAX_EDGES`]
        /// edges only (`0` in the record of any other picture, which refuses them), so a `u8`
        /// holds them and keeps the record small: censuses hold millions.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
        pub struct Record<V = Val> {
            $( $(#[$fm])* pub $f: $ft, )*
            $( $(#[$rm])* pub $r: V, )*
        }

        /// What a record holds beside values: the picture's counts and shape, and the colon
        /// condition. `Facts::default()` counts nothing: the facts of a position valued alone
        /// (a position of another game, a member counted by value), and the start of a
        /// picture's, which sets the counts it has.
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
        pub struct Facts {
            $( $(#[$fm])* pub $f: $ft, )*
        }

        /// The values a record holds, each computed its own way ([`Field`]).
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub struct Readings<V> {
            $( $(#[$rm])* pub $r: V, )*
        }

        impl Facts {
            /// Every fact by name, in the record's order.
            pub fn named(&self) -> Vec<(&'static str, Fact)> {
                vec![ $( (stringify!($f), FactType::fact(self.$f)), )* ]
            }
        }

        impl<V> Readings<V> {
            /// Every value by name, in the record's order.
            pub fn named(self) -> Vec<(Field, V)> {
                vec![ $( (Field::$field, self.$r), )* ]
            }

            /// Every value converted.
            pub fn map<W>(self, mut f: impl FnMut(V) -> W) -> Readings<W> {
                Readings { $( $r: f(self.$r), )* }
            }

            /// Every value converted (`None` if one cannot be).
            pub fn try_map<W>(self, mut f: impl FnMut(V) -> Option<W>) -> Option<Readings<W>> {
                Some(Readings { $( $r: f(self.$r)?, )* })
            }
        }

        impl<V> Record<V> {
            /// The one way a record is built: what the engine counted and what it valued.
            pub fn new(facts: Facts, readings: Readings<V>) -> Record<V> {
                let Facts { $( $f, )* } = facts;
                let Readings { $( $r, )* } = readings;
                Record { $( $f, )* $( $r, )* }
            }

            /// Its two halves: what the engine counted and what it valued.
            pub fn split(self) -> (Facts, Readings<V>) {
                let Record { $( $f, )* $( $r, )* } = self;
                (Facts { $( $f, )* }, Readings { $( $r, )* })
            }

            /// The same record with every value converted (`None` if one cannot be).
            pub fn map<W>(self, mut f: impl FnMut(V) -> Option<W>) -> Option<Record<W>> {
                Some(Record { $( $f: self.$f, )* $( $r: f(self.$r)?, )* })
            }
        }
    };
}

record_fields! {
    facts {
        edges: u32,
        blue: u32,
        red: u32,
        green: u32,
        trunks: u32,
        height: u8,
        /// Edges on the leftmost path from the ground.
        spine: u8,
        path: bool,
        /// Independent cycles: edges minus the nodes above the ground (0 for a forest).
        cycles: u32,
        /// At the ground and at every node of the leftmost path, the forest standing there is
        /// worth what its own first tree is worth.
        colon: bool,
    }
    readings {
        /// By the game tree: the simplicity rule over the options.
        value => Value,
        /// The leftmost path read as a stalk (Berlekamp's rule).
        reading => Reading,
        /// The tree rule `(±1) : (forest above the trunk)`, applied all the way up, summed over
        /// the trees.
        tree_rule => TreeRule,
        /// The sum of the game-tree values of the separate trees.
        sum => Sum,
        /// One ordinal sum per tree, `trunk : value(forest above)`, on canonical forms, summed.
        ordinal_sum => OrdinalSum,
    }
}

impl Facts {
    /// The counts and shape of a packed forest (the colon condition `false`: it is a matter
    /// of values, which the engine works out and sets).
    pub fn of_forest(f: Forest) -> Facts {
        Facts {
            edges: forest_count(f.edges()),
            blue: forest_count(f.count(Colour::Blue)),
            red: forest_count(f.count(Colour::Red)),
            green: forest_count(f.count(Colour::Green)),
            trunks: forest_count(f.trunks().len()),
            height: forest_count(f.height()),
            spine: forest_count(f.spine().len()),
            path: f.is_path(),
            ..Facts::default()
        }
    }
}

impl<V: Copy> Readings<V> {
    /// Every value the same: a position whose only computed value is its value (a picture
    /// valued by the solver, another game's position, a member counted by value), whose other
    /// columns are refused or never read.
    pub fn all(value: V) -> Readings<V> {
        Readings {
            value,
            reading: value,
            tree_rule: value,
            sum: value,
            ordinal_sum: value,
        }
    }
}

impl Record {
    /// The record of a forest whose values are canonical games of `games` (the game-tree
    /// engines): each held as a [`Val`], a number in the fixed width where it is one.
    pub fn of_games(facts: Facts, readings: Readings<GameId>, games: &Games) -> Record {
        Record::new(facts, readings.map(|g| Val::of_game(g, games)))
    }
}

impl<V: Copy> Record<V> {
    /// The record of a position with these facts whose one computed value is `value`
    /// ([`Readings::all`]).
    pub fn valued(facts: Facts, value: V) -> Record<V> {
        Record::new(facts, Readings::all(value))
    }
}

/// One distinct record and the positions that have it. `M` is how the smallest of them is held:
/// a packed [`Forest`], or a [`Position`](hackenbook_rulesets::hackenbush::Position) for a census of graphs.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Row<V = Val, M = Forest> {
    pub record: Record<V>,
    pub count: u64,
    /// The smallest position with this record: fewest edges, then enumeration order.
    pub first: M,
    /// Sort key of `first`: edges, then rank.
    pub order: u64,
}

/// The sort key of the position of `edges` edges with dense rank `rank`.
pub fn order_key(edges: usize, rank: u64) -> u64 {
    ((edges as u64) << 56) | rank
}

/// Distinct records, each with how many positions have it and the smallest of them (its order
/// key and the member): every engine gathers its census here and turns it into sorted rows.
#[derive(Clone, Debug)]
pub struct Groups<M = Forest>(FxHashMap<Record, (u64, u64, M)>);

impl<M> Default for Groups<M> {
    fn default() -> Groups<M> {
        Groups(FxHashMap::default())
    }
}

impl<M> Groups<M> {
    /// Counts `count` positions with `record`, the smallest of them at `order`: `first()`
    /// (called only when it becomes the group's smallest).
    pub fn add(&mut self, record: Record, count: u64, order: u64, first: impl FnOnce() -> M) {
        match self.0.entry(record) {
            Entry::Occupied(mut e) => {
                let entry = e.get_mut();
                entry.0 += count;
                if order < entry.1 {
                    entry.1 = order;
                    entry.2 = first();
                }
            }
            Entry::Vacant(e) => {
                e.insert((count, order, first()));
            }
        }
    }

    /// Both gatherings in one: counts added, the smaller member kept.
    pub fn merge(mut self, other: Groups<M>) -> Groups<M> {
        if self.0.len() < other.0.len() {
            return other.merge(self);
        }
        for (record, (count, order, first)) in other.0 {
            self.add(record, count, order, || first);
        }
        self
    }

    /// Rows already gathered, for merging with others.
    pub fn from_rows(rows: Vec<Row<Val, M>>) -> Groups<M> {
        let mut groups = Groups::default();
        for r in rows {
            groups.add(r.record, r.count, r.order, || r.first);
        }
        groups
    }

    /// The rows, smallest member first.
    pub fn into_rows(self) -> Vec<Row<Val, M>> {
        let mut rows: Vec<Row<Val, M>> = self
            .0
            .into_iter()
            .map(|(record, (count, order, first))| Row {
                record,
                count,
                first,
                order,
            })
            .collect();
        // Every group's smallest member is a different position, so the keys are distinct and
        // an unstable sort is as deterministic as a stable one.
        rows.sort_unstable_by_key(|r| r.order);
        rows
    }

    /// Room for `more` groups (up to [`RESERVE_AT_MOST`]), so a census of distinct records
    /// does not rehash as it grows.
    pub fn reserve(&mut self, more: u64) {
        self.0.reserve(more.min(RESERVE_AT_MOST) as usize);
    }
}

/// The most groups [`Groups::reserve`] makes room for at once (some megabytes); a larger census
/// grows the map as it goes, so a census whose positions share few records never holds room
/// for one group per position.
pub const RESERVE_AT_MOST: u64 = 1 << 16;
