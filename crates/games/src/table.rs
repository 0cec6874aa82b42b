//! The interning table: every canonical form is stored once, so equal value means equal id.
//!
//! The one idea: canonical forms are unique, so a canonical form is fully identified by its kind
//! (a number-up-star value, or a list of canonical options) and, for the latter, by the *sets of
//! ids* of its options. Interning on that key turns game equality into integer equality and lets
//! every operation be cached on pairs of ids.

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::player::Player;
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// A canonical short game. Equal value if and only if equal id (within one [`Games`] table).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(pub(crate) u32);

/// A count or a position in the table's vectors as a 32-bit id. Past `u32`, the run stops
/// (unwinding to its [`Games::bounded`], like a time limit): an id is never wrapped.
fn id32(n: usize, what: &'static str) -> u32 {
    u32::try_from(n)
        .unwrap_or_else(|_| std::panic::resume_unwind(Box::new(super::clock::Stop::Full(what))))
}

impl GameId {
    /// The position of this game in its table (stable for the table's lifetime).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Memo of comparisons between existing games and the one being built (whose value is fixed
/// for the whole construction even though its option lists change).
/// Keyed by `id * 2 + (1 for "x <= G", 0 for "x >= G")`. Most constructions ask a handful of
/// such questions: the first [`FormMemo::FEW`] answers are kept in a list, read by scanning
/// it (cheaper than hashing so few), the rest in a hash map.
#[derive(Clone, Debug, Default)]
pub(crate) struct FormMemo {
    few: Vec<(u64, bool)>,
    many: FxHashMap<u64, bool>,
}

impl FormMemo {
    const FEW: usize = 16;

    #[inline]
    pub fn get(&self, key: u64) -> Option<bool> {
        match self.few.iter().find(|&&(k, _)| k == key) {
            Some(&(_, known)) => Some(known),
            None if self.few.len() < FormMemo::FEW => None,
            None => self.many.get(&key).copied(),
        }
    }

    /// Records the answer for a key not yet held.
    #[inline]
    pub fn insert(&mut self, key: u64, answer: bool) {
        if self.few.len() < FormMemo::FEW {
            self.few.push((key, answer));
        } else {
            self.many.insert(key, answer);
        }
    }

    pub fn clear(&mut self) {
        self.few.clear();
        self.many.clear();
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    /// A dyadic number (a nus with no ups and no star).
    Number,
    /// A nus with a non-zero up-multiple or nimber.
    Nus,
    /// Anything else: stored as its canonical options.
    Moves,
}

/// A run of ids in the shared option arena.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Span {
    pub start: u32,
    pub len: u32,
}

#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub kind: Kind,
    /// Index into `nus_values` for `Number` and `Nus` entries.
    pub nus: u32,
    /// Whether `left`/`right` are filled in (always for `Moves`; on demand for nus).
    pub expanded: bool,
    pub left: Span,
    pub right: Span,
    /// Left and right stops, when both are small enough to hold inline.
    pub stops: Stops,
    /// Layers of non-number structure: 0 for numbers, 1 for other nus values, and one more
    /// than the tallest option otherwise. Exact: at most the number of games in the table.
    pub height: u32,
    /// Nodes of the game tree a comparison explores ([`Games::tree_size`]), at most
    /// `u32::MAX`: comparisons of small games skip the cache.
    pub tree: u32,
}

/// A small dyadic held inline as an integer multiple of `2^-60`, so that stops compare as
/// integers. The 128-bit multiple is kept as its high (signed) and low (unsigned) words, so
/// that an entry needs no 16-byte alignment (an [`Entry`] takes 64 bytes, not 80), and put
/// together again to be compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stop {
    high: i64,
    low: u64,
}

impl Stop {
    /// `Some` when `|num| < 2^62` and `exp <= 60`: then `num * 2^(60 - exp)` fits an `i128`
    /// (below `2^122` in size, so its high word is never `i64::MIN`: see [`Stops::NONE`]).
    pub fn of(x: &Dyadic) -> Option<Stop> {
        let (num, exp) = x.as_small()?;
        let fits = num.unsigned_abs() < (1 << 62) && exp <= 60;
        fits.then(|| Stop::from_i128((num as i128) << (60 - exp)))
    }

    fn from_i128(v: i128) -> Stop {
        Stop {
            high: (v >> 64) as i64,
            low: v as u64,
        }
    }

    /// The exponent of the unit a stop counts: `2^-60`.
    pub(crate) const EXPONENT: u32 = 60;

    /// The multiple of `2^-60` it holds.
    #[inline]
    pub(crate) fn to_i128(self) -> i128 {
        (i128::from(self.high) << 64) | i128::from(self.low)
    }

    /// The dyadic it holds.
    pub(crate) fn to_dyadic(self) -> Dyadic {
        Dyadic::from_i128(self.to_i128(), Stop::EXPONENT)
    }
}

impl Ord for Stop {
    #[inline]
    fn cmp(&self, other: &Stop) -> std::cmp::Ordering {
        self.to_i128().cmp(&other.to_i128())
    }
}

impl PartialOrd for Stop {
    #[inline]
    fn partial_cmp(&self, other: &Stop) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }

    #[inline]
    fn lt(&self, other: &Stop) -> bool {
        self.to_i128() < other.to_i128()
    }

    #[inline]
    fn gt(&self, other: &Stop) -> bool {
        self.to_i128() > other.to_i128()
    }
}

/// An entry's left and right stops, or none when a stop is too large to hold inline.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stops {
    left: Stop,
    right: Stop,
}

impl Stops {
    /// No stops: a high word no [`Stop::of`] gives.
    pub const NONE: Stops = Stops {
        left: Stop {
            high: i64::MIN,
            low: 0,
        },
        right: Stop {
            high: i64::MIN,
            low: 0,
        },
    };

    pub fn new(stops: Option<(Stop, Stop)>) -> Stops {
        match stops {
            Some((left, right)) => Stops { left, right },
            None => Stops::NONE,
        }
    }

    /// `(left stop, right stop)`, when held.
    #[inline]
    pub fn get(self) -> Option<(Stop, Stop)> {
        (self.left.high != i64::MIN).then_some((self.left, self.right))
    }
}

/// The interning table of canonical forms, with the caches of every operation on them.
#[derive(Clone, Debug)]
pub struct Games {
    pub(crate) entries: Vec<Entry>,
    pub(crate) nus_values: Vec<Nus>,
    /// Option lists of all entries, each list sorted by id.
    pub(crate) arena: Vec<GameId>,
    /// The number-up-star values whose parts are tiny ([`tiny_slot`]), by their slot: one
    /// read, no hashing (the leaves of everyday games and their options are such values).
    /// Each id is held as its complement, so that the table starts as zeros (a zeroed
    /// allocation, not a fill) and 0, the complement of [`UNKNOWN`], which is never an id,
    /// marks a value not yet interned.
    pub(crate) tiny_nus_index: Vec<u32>,
    /// The number-up-star values whose parts do not fit one word ([`word_key`]), by value.
    pub(crate) nus_index: FxHashMap<Nus, GameId>,
    /// The same index for the other nus values whose parts fit in one word ([`word_key`]): one
    /// multiplication to hash, no big integer.
    pub(crate) small_nus_index: FxHashMap<u64, GameId>,
    /// The games stored as options, by the hash of their two sorted option lists
    /// ([`options_hash`]): the first game with that hash; `same_hash` links the others.
    /// The lists themselves are read from the arena, so interning allocates nothing per game.
    pub(crate) moves_index: FxHashMap<u64, GameId>,
    /// `same_hash[g]`: the next game after `g` whose option lists have the same hash, or
    /// `u32::MAX` (one slot per game of the table).
    pub(crate) same_hash: Vec<u32>,
    /// Operation caches keyed by [`pair`] of ids; comparisons by the unordered pair, with the
    /// answers both ways ([`super::compare::leq_slot`]).
    pub(crate) leq_cache: FxHashMap<u64, u8>,
    pub(crate) add_cache: FxHashMap<u64, GameId>,
    pub(crate) ordinal_cache: FxHashMap<u64, GameId>,
    /// `neg_cache[g]` is the negative of `g`, or `u32::MAX` when not yet known.
    pub(crate) neg_cache: Vec<u32>,
    /// Reused option buffers of `from_options`.
    pub(crate) scratch: (Vec<GameId>, Vec<GameId>),
    /// Reused option lists of the operations that recurse while they fill them (ordinal
    /// sums): [`Games::buffer`] and [`Games::give_back`].
    pub(crate) buffers: Vec<Vec<GameId>>,
    /// Reused memo of comparisons with the game under construction.
    pub(crate) form_memo: FormMemo,
    /// The clock of the bounded run under way, if any ([`Games::bounded`]).
    pub(crate) clock: super::clock::EngineClock,
}

impl Default for Games {
    fn default() -> Games {
        Games::new()
    }
}

const ZERO: GameId = GameId(0);

/// The most games [`Games::reserve`] makes room for at once (about 40 MB of tables).
pub const RESERVE_AT_MOST: usize = 1 << 18;

/// The most lists [`Games::give_back`] keeps for reuse.
const POOLED_BUFFERS: usize = 64;

/// One cache key for an ordered pair of ids.
#[inline]
pub(crate) fn pair(a: GameId, b: GameId) -> u64 {
    ((a.0 as u64) << 32) | b.0 as u64
}
/// No game: marks an id not yet known in the tables of ids ([`Games::push`] never gives it).
const UNKNOWN: u32 = u32::MAX;

impl Games {
    pub fn new() -> Games {
        // Modest starting capacities: even one small essay interns a few hundred games, and
        // a table of a few hundred games does not copy its entries as it grows.
        let mut games = Games {
            entries: Vec::with_capacity(512),
            nus_values: Vec::with_capacity(256),
            arena: Vec::with_capacity(2048),
            tiny_nus_index: vec![!UNKNOWN; TINY_SLOTS],
            nus_index: FxHashMap::default(),
            small_nus_index: FxHashMap::with_capacity_and_hasher(256, Default::default()),
            moves_index: FxHashMap::with_capacity_and_hasher(256, Default::default()),
            same_hash: Vec::with_capacity(512),
            // Empty until a comparison of larger games is made (smaller ones are not cached):
            // a table made large in advance is memory every copy of the table reads cold.
            leq_cache: FxHashMap::default(),
            add_cache: FxHashMap::with_capacity_and_hasher(128, Default::default()),
            ordinal_cache: FxHashMap::default(),
            neg_cache: Vec::with_capacity(512),
            scratch: (Vec::new(), Vec::new()),
            buffers: Vec::new(),
            form_memo: Default::default(),
            clock: Default::default(),
        };
        let zero = games.insert_nus(Nus::zero());
        debug_assert_eq!(zero, ZERO);
        games
    }

    /// About how many bytes the table may hold before the engine next reads its clock: what
    /// its forms, their options and index, and the caches of its operations hold now (from the
    /// capacities, so it costs a few reads), plus, when a table is nearly full, the larger
    /// storage it is about to move into (while it copies, the old and the new are both held).
    /// The memory budget of a bounded run is counted on it ([`super::clock::MEMORY_BUDGET`]).
    pub fn footprint(&self) -> u64 {
        let mut held = Held::default();
        held.vec(&self.entries);
        held.vec(&self.nus_values);
        held.vec(&self.arena);
        held.vec(&self.neg_cache);
        held.vec(&self.same_hash);
        held.vec(&self.tiny_nus_index);
        held.map(&self.nus_index);
        held.map(&self.small_nus_index);
        held.map(&self.moves_index);
        held.map(&self.leq_cache);
        held.map(&self.add_cache);
        held.map(&self.ordinal_cache);
        held.vec(&self.form_memo.few);
        held.map(&self.form_memo.many);
        held.bytes + held.growth
    }

    /// Room for about `games` more games made from their options, and an ordinal sum and a
    /// comparison or two for each, so that a run that knows how many it will make (a census)
    /// does not grow the tables step by step, copying them each time. At most
    /// [`RESERVE_AT_MOST`] games at once: beyond, the tables grow as they fill, under the
    /// memory budget of a bounded run.
    pub fn reserve(&mut self, games: usize) {
        let games = games.min(RESERVE_AT_MOST);
        self.entries.reserve(games);
        self.neg_cache.reserve(games);
        self.same_hash.reserve(games);
        self.moves_index.reserve(games);
        self.arena.reserve(games.saturating_mul(4));
        self.ordinal_cache.reserve(games);
        self.leq_cache.reserve(games.saturating_mul(2));
    }

    /// Empties the caches of the operations (sums, comparisons, ordinal sums) and gives their
    /// memory back: they only save time, so every later result is the same.
    pub(crate) fn shed_caches(&mut self) {
        self.add_cache = FxHashMap::default();
        self.ordinal_cache = FxHashMap::default();
        self.leq_cache = FxHashMap::default();
        self.form_memo = FormMemo::default();
    }

    /// How many ordinal sums of two numbers ([`Games::ordinal_sum`], by sign expansions) the
    /// table holds: none, after a computation that must not have gone through them.
    pub fn ordinal_sums_cached(&self) -> usize {
        self.ordinal_cache.len()
    }

    /// An empty list from the pool of reused lists, or a new one when the pool is empty.
    pub(crate) fn buffer(&mut self) -> Vec<GameId> {
        self.buffers.pop().unwrap_or_default()
    }

    /// Returns a list to the pool, emptied; the pool holds at most [`POOLED_BUFFERS`] lists
    /// (as many as the recursions that fill them reach deep, in practice), the rest are
    /// freed.
    pub(crate) fn give_back(&mut self, mut list: Vec<GameId>) {
        if self.buffers.len() < POOLED_BUFFERS {
            list.clear();
            self.buffers.push(list);
        }
    }

    /// Number of distinct canonical forms interned so far.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn zero(&self) -> GameId {
        ZERO
    }

    /// The number `d`, interned once: equal numbers get one id, whatever their size.
    pub fn number(&mut self, d: &Dyadic) -> GameId {
        self.nus_parts(d, 0, 0)
    }

    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(&Dyadic::from(n))
    }

    pub fn nimber(&mut self, n: u32) -> GameId {
        self.nus(Nus::new(Dyadic::zero(), 0, n))
    }

    pub fn star(&mut self) -> GameId {
        self.nimber(1)
    }

    pub fn up(&mut self) -> GameId {
        self.nus(Nus::new(Dyadic::zero(), 1, 0))
    }

    pub fn down(&mut self) -> GameId {
        self.nus(Nus::new(Dyadic::zero(), -1, 0))
    }

    /// `number + ups.^ + *nim`, interned compactly.
    pub fn nus(&mut self, value: Nus) -> GameId {
        let place = NusPlace::of(&value.number, value.ups, value.nim);
        match self.find_small(place) {
            Some(id) => id,
            None => self.nus_missed(Cow::Owned(value), place),
        }
    }

    /// As [`Games::nus`], cloning `value` only when it is new.
    #[inline]
    pub fn nus_ref(&mut self, value: &Nus) -> GameId {
        let place = NusPlace::of(&value.number, value.ups, value.nim);
        match self.find_small(place) {
            Some(id) => id,
            None => self.nus_missed(Cow::Borrowed(value), place),
        }
    }

    /// As [`Games::nus`], for the value `number + ups.^ + *nim` given by its parts, made only
    /// when it is new.
    #[inline]
    pub(crate) fn nus_parts(&mut self, number: &Dyadic, ups: i64, nim: u32) -> GameId {
        let place = NusPlace::of(number, ups, nim);
        match self.find_small(place) {
            Some(id) => id,
            None => self.nus_missed_parts(number, ups, nim, place),
        }
    }

    /// [`Games::nus_missed`] for a value given by its parts, made here, out of line.
    #[inline(never)]
    fn nus_missed_parts(&mut self, number: &Dyadic, ups: i64, nim: u32, place: NusPlace) -> GameId {
        self.nus_missed(Cow::Owned(Nus::new(number.clone(), ups, nim)), place)
    }

    /// [`Games::nus`] past the tiny slots and one-word keys: the general index looked up, and
    /// the value interned when new. Out of line, so that the look-ups that hit stay small.
    #[inline(never)]
    fn nus_missed(&mut self, value: Cow<'_, Nus>, place: NusPlace) -> GameId {
        if place == NusPlace::Large {
            if let Some(id) = self.find_large_nus(&value) {
                return id;
            }
        }
        self.insert_nus_at(value.into_owned(), place)
    }

    #[inline]
    pub(crate) fn find_nus(&self, value: &Nus) -> Option<GameId> {
        self.locate(value).ok()
    }

    /// The id of `value`, or, when it is not interned, the place in the index where it goes
    /// ([`NusPlace`]): its key is worked out once, for the look-up and the insertion alike.
    #[inline(always)]
    fn locate(&self, value: &Nus) -> Result<GameId, NusPlace> {
        let place = NusPlace::of(&value.number, value.ups, value.nim);
        let found = match place {
            NusPlace::Large => self.find_large_nus(value),
            _ => self.find_small(place),
        };
        found.ok_or(place)
    }

    /// The id at a place of the tiny slots or of the one-word keys, if interned.
    #[inline]
    fn find_small(&self, place: NusPlace) -> Option<GameId> {
        match place {
            NusPlace::Tiny(slot) => {
                let id = !self.tiny_nus_index[slot];
                (id != UNKNOWN).then_some(GameId(id))
            }
            NusPlace::Word(key) => self.small_nus_index.get(&key).copied(),
            NusPlace::Large => None,
        }
    }

    /// [`Games::locate`] in the general index, for values past the one-word key.
    #[cold]
    fn find_large_nus(&self, value: &Nus) -> Option<GameId> {
        self.nus_index.get(value).copied()
    }

    pub(crate) fn insert_nus(&mut self, value: Nus) -> GameId {
        let place = NusPlace::of(&value.number, value.ups, value.nim);
        self.insert_nus_at(value, place)
    }

    /// Interns a value not yet interned, at its place in the index ([`Games::locate`]).
    fn insert_nus_at(&mut self, value: Nus, place: NusPlace) -> GameId {
        let kind = if value.is_number() {
            Kind::Number
        } else {
            Kind::Nus
        };
        let stops = Stops::new(Stop::of(&value.number).map(|s| (s, s)));
        let id = self.push(Entry {
            kind,
            nus: id32(self.nus_values.len(), "number-up-star values in one table"),
            expanded: false,
            left: Span::default(),
            right: Span::default(),
            stops,
            height: u32::from(kind == Kind::Nus),
            tree: nus_tree_size(value.ups, value.nim),
        });
        match place {
            NusPlace::Tiny(slot) => self.tiny_nus_index[slot] = !id.0,
            NusPlace::Word(key) => {
                self.small_nus_index.insert(key, id);
            }
            NusPlace::Large => {
                self.nus_index.insert(value.clone(), id);
            }
        }
        self.nus_values.push(value);
        id
    }

    /// Appends an entry (inlined: the entry is written in place, not built aside and copied,
    /// which a profile showed stalling on the copy's loads).
    #[inline(always)]
    fn push(&mut self, entry: Entry) -> GameId {
        // [`UNKNOWN`] marks a missing id in the tables of ids, so it is never an id: the
        // table stops one game short of it.
        let id = GameId(id32(self.entries.len() + 1, "games in one table") - 1);
        self.entries.push(entry);
        self.neg_cache.push(UNKNOWN);
        self.same_hash.push(UNKNOWN);
        id
    }

    pub(crate) fn kind(&self, g: GameId) -> Kind {
        self.entries[g.index()].kind
    }

    /// Layers of non-number structure in the canonical form of `g`: 0 for a number, 1 for
    /// another number-up-star value, one more than its tallest option otherwise.
    pub fn height(&self, g: GameId) -> u32 {
        self.entries[g.index()].height
    }

    /// The nodes of the canonical game tree of `g` that a comparison explores, counted as
    /// paths from the root (a subgame met twice counts twice), a number counting as one node
    /// (its options are never explored), at most `u32::MAX`: without its cache, a comparison
    /// of `g` and `h` visits at most `tree_size(g) * tree_size(h)` pairs of subgames, each by
    /// as many paths as the orders of their moves.
    pub fn tree_size(&self, g: GameId) -> u32 {
        self.entries[g.index()].tree
    }

    pub fn is_number(&self, g: GameId) -> bool {
        self.kind(g) == Kind::Number
    }

    /// Whether `g` is `x + n.^ + *m` for some number `x`, integer `n` and nimber `m`.
    pub fn is_nus(&self, g: GameId) -> bool {
        self.kind(g) != Kind::Moves
    }

    /// The `(number, ups, nimber)` of a number-up-star value.
    pub fn as_nus(&self, g: GameId) -> Option<&Nus> {
        let entry = &self.entries[g.index()];
        match entry.kind {
            Kind::Moves => None,
            _ => Some(&self.nus_values[entry.nus as usize]),
        }
    }

    #[inline]
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.as_nus(g)
            .filter(|v| v.is_number())
            .map(|v| v.number.clone())
    }

    /// `Some(n)` when `g` is the nimber `*n` (`*0` being zero).
    pub fn as_nimber(&self, g: GameId) -> Option<u32> {
        self.as_nus(g)
            .filter(|v| v.ups == 0 && v.number.is_zero())
            .map(|v| v.nim)
    }

    /// Interns an already-canonical pair of option lists that is known not to be a nus.
    pub(crate) fn intern_moves(&mut self, left: &mut [GameId], right: &mut [GameId]) -> GameId {
        left.sort_unstable();
        right.sort_unstable();
        let hash = options_hash(left, right);
        let first = self.moves_index.get(&hash).copied();
        let mut next = first;
        while let Some(g) = next {
            let entry = &self.entries[g.index()];
            if self.span_is(entry.left, left) && self.span_is(entry.right, right) {
                return g;
            }
            next = Some(self.same_hash[g.index()])
                .filter(|&n| n != UNKNOWN)
                .map(GameId);
        }
        let stops = Stops::new(self.stops_from(left, right));
        // An option is interned before the game, so a height is at most the number of games
        // in the table, which `push` keeps within `u32`: this never saturates.
        let height = left
            .iter()
            .chain(right.iter())
            .map(|g| self.entries[g.index()].height)
            .max()
            .unwrap_or(0)
            .saturating_add(1);
        let tree = left
            .iter()
            .chain(right.iter())
            .fold(1u32, |n, g| n.saturating_add(self.entries[g.index()].tree));
        let left = self.store(left);
        let right = self.store(right);
        let id = self.push(Entry {
            kind: Kind::Moves,
            nus: u32::MAX,
            expanded: true,
            left,
            right,
            stops,
            height,
            tree,
        });
        match first {
            // Linked after the first game of its hash (the order of a chain does not matter).
            Some(head) => {
                self.same_hash[id.index()] = self.same_hash[head.index()];
                self.same_hash[head.index()] = id.0;
            }
            None => {
                self.moves_index.insert(hash, id);
            }
        }
        id
    }

    /// Whether the arena's run `span` holds exactly `ids`.
    fn span_is(&self, span: Span, ids: &[GameId]) -> bool {
        let start = span.start as usize;
        span.len as usize == ids.len() && self.arena[start..start + ids.len()] == *ids
    }

    /// Stops of a non-number: the best stop each player reaches by moving first.
    fn stops_from(&self, left: &[GameId], right: &[GameId]) -> Option<(Stop, Stop)> {
        let mut left_stop: Option<Stop> = None;
        for &g in left {
            let (_, r) = self.entries[g.index()].stops.get()?;
            left_stop = Some(left_stop.map_or(r, |s| s.max(r)));
        }
        let mut right_stop: Option<Stop> = None;
        for &g in right {
            let (l, _) = self.entries[g.index()].stops.get()?;
            right_stop = Some(right_stop.map_or(l, |s| s.min(l)));
        }
        Some((left_stop?, right_stop?))
    }

    fn store(&mut self, ids: &[GameId]) -> Span {
        let span = Span {
            start: id32(self.arena.len(), "option ids in one table"),
            len: id32(ids.len(), "options of one game"),
        };
        self.arena.extend_from_slice(ids);
        span
    }

    /// Makes sure the options of `g` are in the arena, producing them for nus values.
    #[inline]
    pub(crate) fn expand(&mut self, g: GameId) {
        if !self.entries[g.index()].expanded {
            self.expand_nus(g);
        }
    }

    /// Interns the options of a nus and stores their ids in the arena, each list sorted.
    #[inline(never)]
    fn expand_nus(&mut self, g: GameId) {
        // Taken out of its place while its options are interned (which never read it), and
        // put back after: no copy of the value.
        let at = self.entries[g.index()].nus as usize;
        let value = std::mem::replace(&mut self.nus_values[at], Nus::zero());
        let start = self.arena.len();
        let mut right_start = None;
        value.for_each_option_parts(|player, number, ups, nim| {
            if player == Player::Right && right_start.is_none() {
                right_start = Some(self.arena.len());
            }
            let id = self.nus_parts(number, ups, nim);
            self.arena.push(id);
        });
        let end = self.arena.len();
        let middle = right_start.unwrap_or(end);
        self.arena[start..middle].sort_unstable();
        self.arena[middle..end].sort_unstable();
        let span = |from: usize, to: usize| Span {
            start: id32(from, "option ids in one table"),
            len: id32(to - from, "options of one game"),
        };
        let (left, right) = (span(start, middle), span(middle, end));
        let entry = &mut self.entries[g.index()];
        entry.left = left;
        entry.right = right;
        entry.expanded = true;
        self.nus_values[at] = value;
    }

    /// The arena span of the options of `g` for `player`.
    #[inline(always)]
    pub(crate) fn option_span(&mut self, g: GameId, player: Player) -> Span {
        self.expand(g);
        let entry = &self.entries[g.index()];
        match player {
            Player::Left => entry.left,
            Player::Right => entry.right,
        }
    }

    /// The `i`-th id of a span (the arena only grows, so spans stay valid).
    #[inline]
    pub(crate) fn at(&self, span: Span, i: u32) -> GameId {
        self.arena[(span.start + i) as usize]
    }

    /// Canonical options sorted by id (cheap; order depends on interning history).
    pub fn raw_options(&mut self, g: GameId, player: Player) -> Vec<GameId> {
        let span = self.option_span(g, player);
        self.arena[span.start as usize..(span.start + span.len) as usize].to_vec()
    }

    /// The canonical left options of `g`, in a deterministic display order.
    pub fn left_options(&mut self, g: GameId) -> Vec<GameId> {
        let mut options = self.raw_options(g, Player::Left);
        self.sort_for_display(&mut options);
        options
    }

    /// The canonical right options of `g`, in a deterministic display order.
    pub fn right_options(&mut self, g: GameId) -> Vec<GameId> {
        let mut options = self.raw_options(g, Player::Right);
        self.sort_for_display(&mut options);
        options
    }

    /// The largest nimber part and the latest birthday of a number among the subgames of `g`
    /// (over its canonical forms; a nus with ups counts its nimber plus one, as its options
    /// may carry it). Used to refuse work that would be too large before starting it.
    pub fn extremes(&mut self, g: GameId) -> (u32, u64) {
        let mut seen = FxHashMap::<u32, ()>::default();
        let mut stack = vec![g];
        let (mut nim, mut born) = (0u32, 0u64);
        while let Some(h) = stack.pop() {
            if seen.insert(h.0, ()).is_some() {
                continue;
            }
            if let Some(v) = self.as_nus(h) {
                let extra = (v.ups != 0) as u32;
                nim = nim.max(v.nim.saturating_add(extra));
                born = born.max(number_birthday(&v.number));
                continue;
            }
            stack.extend(self.raw_options(h, Player::Left));
            stack.extend(self.raw_options(h, Player::Right));
        }
        (nim, born)
    }
}

/// What the containers of a table hold ([`Games::footprint`]).
#[derive(Default)]
struct Held {
    bytes: u64,
    /// The largest new storage a nearly full container is about to take.
    growth: u64,
}

impl Held {
    fn add(&mut self, len: usize, capacity: usize, bytes: usize) {
        self.bytes += bytes as u64;
        // Within a quarter of full: the clock's next thousand steps may grow it, to twice
        // its storage.
        if (capacity - len) * 4 <= capacity {
            self.growth = self.growth.max(2 * bytes as u64);
        }
    }

    fn vec<T>(&mut self, v: &Vec<T>) {
        self.add(
            v.len(),
            v.capacity(),
            v.capacity() * std::mem::size_of::<T>(),
        );
    }

    fn map<K, V, S>(&mut self, m: &std::collections::HashMap<K, V, S>) {
        // A hash table has a slot of key and value and a control byte per bucket, and at most
        // seven of every eight buckets full.
        let buckets = m.capacity() / 7 * 8;
        let slot = std::mem::size_of::<(K, V)>() + 1;
        self.add(m.len(), m.capacity(), buckets * slot);
    }
}

/// The hash of a game's two sorted option lists, the key of [`Games::moves_index`]: the left
/// list's length, then the ids of both lists.
#[inline]
fn options_hash(left: &[GameId], right: &[GameId]) -> u64 {
    use std::hash::Hasher;
    let mut hasher = rustc_hash::FxHasher::default();
    hasher.write_usize(left.len());
    for g in left.iter().chain(right) {
        hasher.write_u32(g.0);
    }
    hasher.finish()
}

/// Where a number-up-star value is indexed: its slot among the tiny values ([`tiny_slot`]),
/// its one-word key ([`word_key`]), or the general index by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NusPlace {
    Tiny(usize),
    Word(u64),
    Large,
}

impl NusPlace {
    #[inline]
    fn of(number: &Dyadic, ups: i64, nim: u32) -> NusPlace {
        if let Some(slot) = tiny_slot(number, ups, nim) {
            return NusPlace::Tiny(slot);
        }
        match word_key(number, ups, nim) {
            Some(key) => NusPlace::Word(key),
            None => NusPlace::Large,
        }
    }
}

/// Slots of [`Games::tiny_nus_index`]: numerators in `-16..16`, exponents in `0..4`, up-multiples
/// in `-4..4` and nimbers in `0..4` (16 KB a table).
const TINY_SLOTS: usize = 32 * 4 * 8 * 4;

/// The slot of `number + ups.^ + *nim` in [`Games::tiny_nus_index`] when each part is in its
/// range ([`TINY_SLOTS`]): each part in bits of its own, so distinct values get distinct slots.
#[inline]
fn tiny_slot(number: &Dyadic, ups: i64, nim: u32) -> Option<usize> {
    let (numerator, exponent) = number.as_small()?;
    // Shifted to start at 0 (wrapping: a part below its range wraps far above it), so that
    // each part is in range exactly when no bit above its width is set: one test for all four.
    let numerator = u64::from_ne_bytes(numerator.to_ne_bytes()).wrapping_add(16);
    let ups = u64::from_ne_bytes(ups.to_ne_bytes()).wrapping_add(4);
    let (exponent, nim) = (u64::from(exponent), u64::from(nim));
    let beyond = numerator >> 5 | exponent >> 2 | ups >> 3 | nim >> 2;
    let slot = numerator << 7 | exponent << 5 | ups << 2 | nim;
    (beyond == 0).then(|| usize::try_from(slot).ok()).flatten()
}

/// The nus `number + ups.^ + *nim` as one word, when its numerator fits 32 bits, its
/// exponent and nimber 8 bits and its up-multiple 16 bits: each part in bits of its own, so
/// distinct values get distinct words.
#[inline]
fn word_key(number: &Dyadic, ups: i64, nim: u32) -> Option<u64> {
    // Read the number's machine words as they are, without making a big integer.
    let (numerator, exponent) = number.as_small()?;
    let numerator = u32::from_ne_bytes(i32::try_from(numerator).ok()?.to_ne_bytes());
    let exponent = u8::try_from(exponent).ok()?;
    let ups = u16::from_ne_bytes(i16::try_from(ups).ok()?.to_ne_bytes());
    let nim = u8::try_from(nim).ok()?;
    Some(
        u64::from(numerator) << 32
            | u64::from(exponent) << 24
            | u64::from(ups) << 8
            | u64::from(nim),
    )
}

/// [`Games::tree_size`] of `x + ups.^ + *nim`, from the patterns of [`Nus::options`]
/// without making them: one node for a number; `3^m` for `x + *m` (itself and twice the
/// trees of `x + *j`, `j < m`); two more per up from the one-up value, whose tree is six nodes
/// for `x + ^*` (`{x, x* | x}`) and `2 + tree(x + *(m^1))` otherwise (`{x | x + *(m^1)}`).
fn nus_tree_size(ups: i64, nim: u32) -> u32 {
    let star_power = |m: u32| 3u32.checked_pow(m).unwrap_or(u32::MAX);
    if ups == 0 {
        return star_power(nim);
    }
    let steps = ups.unsigned_abs() - 1;
    // The nimber flips at each step down to one up.
    let nim_at_one = nim ^ (steps & 1) as u32;
    let one_up = if nim_at_one == 1 {
        6
    } else {
        star_power(nim_at_one ^ 1).saturating_add(2)
    };
    u32::try_from(steps.saturating_mul(2))
        .unwrap_or(u32::MAX)
        .saturating_add(one_up)
}

/// Integers are born on day `|n|`; `m/2^k` (k > 0) on day `|trunc(x)| + k + 1`.
pub(crate) fn number_birthday(x: &Dyadic) -> u64 {
    use num_traits::{Signed, ToPrimitive};
    if let Some((n, e)) = x.as_small() {
        // In machine words: `|trunc(x)|` is `|n| >> e` (the numerator is odd when e > 0).
        let whole = n.unsigned_abs().checked_shr(e).unwrap_or(0);
        return if e == 0 {
            whole
        } else {
            whole + u64::from(e) + 1
        };
    }
    let whole = if x.signum() >= 0 { x.floor() } else { x.ceil() };
    let whole = whole.abs().to_u64().unwrap_or(u64::MAX);
    if x.is_integer() {
        whole
    } else {
        whole.saturating_add(x.exponent() as u64 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{Clock, Stop};

    /// Stops held in two words order as the dyadics they hold, at the limits of what is held
    /// inline too, and an entry takes 64 bytes.
    #[test]
    fn inline_stops_order_as_their_numbers() {
        let limit = (1i64 << 62) - 1;
        let mut xs = vec![Dyadic::zero()];
        for n in [
            1,
            -1,
            3,
            -3,
            5,
            limit,
            -limit,
            limit - 2,
            1 << 40,
            -(1 << 40),
        ] {
            for e in [0, 1, 2, 7, 33, 59, 60] {
                xs.push(Dyadic::new(n, e));
            }
        }
        for a in &xs {
            let sa = super::Stop::of(a).expect("held inline");
            assert_eq!(super::Stop::from_i128(sa.to_i128()), sa);
            for b in &xs {
                let sb = super::Stop::of(b).expect("held inline");
                assert_eq!(sa.cmp(&sb), a.cmp(b), "{a} against {b}");
                assert_eq!(sa < sb, a < b);
                assert_eq!(sa > sb, a > b);
            }
        }
        assert_eq!(super::Stop::of(&Dyadic::new(1, 61)), None);
        assert_eq!(super::Stop::of(&Dyadic::new(1i64 << 62, 0)), None);
        let none = Stops::NONE.get();
        assert!(none.is_none());
        let zero = super::Stop::of(&Dyadic::zero());
        assert!(Stops::new(zero.map(|s| (s, s))).get().is_some());
        assert_eq!(std::mem::size_of::<Entry>(), 64);
    }

    /// Number-up-star values at the limits of the one-word key and past them: each part in
    /// bits of its own (no two values share a word), those past it kept by the general index,
    /// and each value interned once either way, with its own value.
    #[test]
    fn nus_values_get_one_id_whether_their_key_is_a_word_or_not() {
        let mut values = Vec::new();
        for n in [
            0,
            1,
            -1,
            3,
            i32::MAX as i64,
            i32::MIN as i64,
            1 << 31,
            -(1 << 31) - 1,
        ] {
            for e in [0, 1, 255, 256] {
                for ups in [0, 1, -1, 32_767, -32_768, 32_768, -32_769] {
                    for nim in [0, 1, 255, 256] {
                        values.push(Nus::new(Dyadic::new(n | 1, e), ups, nim));
                    }
                }
            }
        }
        // At the limits of the tiny slots, inside and just outside.
        for n in [-17, -16, -15, -1, 1, 15, 17] {
            for e in [0, 1, 3, 4] {
                for ups in [-5, -4, -1, 0, 1, 3, 4] {
                    for nim in [0, 1, 3, 4] {
                        values.push(Nus::new(Dyadic::new(n, e), ups, nim));
                    }
                }
            }
        }
        values.push(Nus::new(Dyadic::from(-16), 0, 0));
        values.push(Nus::new(Dyadic::from(16), 0, 0));
        for n in [i32::MIN as i64, i32::MAX as i64 + 1, 1 << 40] {
            values.push(Nus::new(Dyadic::from(n), 2, 3));
            values.push(Nus::of_number(Dyadic::from(n)));
        }
        values.push(Nus::zero());
        let mut games = Games::new();
        let ids: Vec<GameId> = values.iter().map(|v| games.nus_ref(v)).collect();
        let mut words = FxHashMap::default();
        let mut slots = FxHashMap::default();
        for (v, &id) in values.iter().zip(&ids) {
            assert_eq!(games.nus_ref(v), id, "{v:?} interned twice");
            assert_eq!(
                games.nus_parts(&v.number, v.ups, v.nim),
                id,
                "{v:?} by its parts"
            );
            assert_eq!(games.find_nus(v), Some(id), "{v:?} found");
            assert_eq!(games.as_nus(id), Some(v));
            if let Some(slot) = tiny_slot(&v.number, v.ups, v.nim) {
                assert_eq!(!games.tiny_nus_index[slot], id.0, "{v:?} in its slot");
                let earlier = slots.insert(slot, v.clone());
                assert!(
                    earlier.as_ref().is_none_or(|w| w == v),
                    "{v:?}, {earlier:?}: one slot"
                );
            }
            if let Some(word) = word_key(&v.number, v.ups, v.nim) {
                let earlier = words.insert(word, v.clone());
                assert!(
                    earlier.as_ref().is_none_or(|w| w == v),
                    "{v:?}, {earlier:?}: one word"
                );
            }
        }
        let distinct: std::collections::HashSet<&Nus> = values.iter().collect();
        let distinct_ids: std::collections::HashSet<&GameId> = ids.iter().collect();
        assert_eq!(distinct.len(), distinct_ids.len());
        let word_key_of = |v: &Nus| word_key(&v.number, v.ups, v.nim);
        assert!(word_key_of(&Nus::new(Dyadic::new(1i64 << 31, 0), 0, 0)).is_none());
        assert!(word_key_of(&Nus::new(Dyadic::new(1, 256), 0, 0)).is_none());
        assert!(word_key_of(&Nus::new(Dyadic::one(), 32_768, 0)).is_none());
        assert!(word_key_of(&Nus::new(Dyadic::one(), 0, 256)).is_none());
        let lowest = Nus::new(Dyadic::from(i32::MIN as i64), -32_768, 255);
        assert!(word_key(&lowest.number, lowest.ups, lowest.nim).is_some());
        let tiny = |n: i64, e: u32, ups: i64, nim: u32| tiny_slot(&Dyadic::new(n, e), ups, nim);
        assert!(tiny(-16, 0, -4, 3).is_some() && tiny(15, 3, 3, 3).is_some());
        assert!(tiny(-17, 0, 0, 0).is_none() && tiny(16, 0, 0, 0).is_none());
        assert!(tiny(1, 4, 0, 0).is_none() && tiny(1, 0, 4, 0).is_none());
        assert!(tiny(1, 0, -5, 0).is_none() && tiny(1, 0, 0, 4).is_none());
        for n in [-5i64, 0, 7, 1 << 40] {
            let d = Dyadic::from(n);
            assert_eq!(games.number(&d), games.nus_ref(&Nus::of_number(d.clone())));
        }
    }

    /// The memo of a construction answers alike from its list and from its hash map, and
    /// forgets everything when cleared.
    #[test]
    fn a_form_memo_answers_from_list_and_map_alike() {
        let mut memo = FormMemo::default();
        let answer = |k: u64| k.is_multiple_of(3);
        for round in 0..2 {
            for k in 0..3 * FormMemo::FEW as u64 {
                assert_eq!(memo.get(k * 7), None, "round {round}: {k} before");
                memo.insert(k * 7, answer(k));
                for j in 0..=k {
                    assert_eq!(memo.get(j * 7), Some(answer(j)), "round {round}: {j}");
                }
                assert_eq!(memo.get(k * 7 + 1), None);
            }
            assert!(!memo.many.is_empty());
            memo.clear();
        }
    }

    /// The nodes a comparison explores below `g`, counted on its options one by one: one for
    /// a number, one more than its options' otherwise (saturating).
    fn tree_by_options(games: &mut Games, g: GameId) -> u32 {
        if games.is_number(g) {
            return 1;
        }
        let mut options = games.raw_options(g, Player::Left);
        options.extend(games.raw_options(g, Player::Right));
        options
            .into_iter()
            .fold(1u32, |n, o| n.saturating_add(tree_by_options(games, o)))
    }

    /// The tree size of a number-up-star value, read from its formula, is the one counted on
    /// its options, and a game of options counts its options' trees; past `u32` it saturates.
    #[test]
    fn tree_sizes_count_the_options() {
        let mut games = Games::new();
        for number in [Dyadic::zero(), Dyadic::new(-3, 2), Dyadic::from(5)] {
            for ups in -7i64..=7 {
                for nim in 0..7 {
                    let g = games.nus(Nus::new(number.clone(), ups, nim));
                    let counted = tree_by_options(&mut games, g);
                    assert_eq!(games.tree_size(g), counted, "{ups} ups, *{nim}");
                }
            }
        }
        let up = games.up();
        let star = games.star();
        let g = games.from_options(&[up], &[star]);
        assert_eq!(games.tree_size(g), 1 + 5 + 3);
        assert_eq!(games.tree_size(g), tree_by_options(&mut games, g));
        let huge = games.nus(Nus::new(Dyadic::zero(), 0, 40));
        assert_eq!(games.tree_size(huge), u32::MAX);
        let far = games.nus(Nus::new(Dyadic::zero(), i64::MIN, 3));
        assert_eq!(games.tree_size(far), u32::MAX);
    }

    /// A table grown past its 32-bit ids stops the run with the reason; an id is never wrapped.
    #[test]
    fn an_id_past_32_bits_stops_the_run() {
        let mut games = Games::new();
        let past = u32::MAX as usize + 1;
        let stopped = games.bounded(&Clock::default(), |_| id32(past, "games in one table"));
        assert_eq!(stopped, Err(Stop::Full("games in one table")));
        let fits = games.bounded(&Clock::default(), |_| id32(7, "games in one table"));
        assert_eq!(fits, Ok(7));
        assert_eq!(
            Stop::Full("games in one table").to_string(),
            "beyond the games table's capacity: more than 4294967295 games in one table"
        );
    }
}
