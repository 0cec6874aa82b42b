//! The fast engine's distinct records, gathered from every thread into one compact table.
//!
//! The one idea: a census of blue-red forests meets millions of distinct records (7,313,492 for
//! forests of 1–12 edges), and the table that gathers them is the largest thing the census
//! holds. So it is held once, small: every figure of a blue-red forest's record is a count of
//! at most [`MAX_EDGES`](crate::forest::MAX_EDGES) or a number whose numerator fits 27 bits, so
//! a record packs into 24 bytes (each field checked as it is packed: a record that does not fit
//! is the engine's overflow, never a truncated figure), and its smallest member is kept as its
//! order key alone (edges, then dense rank), from which the forest is rebuilt when the rows are
//! made. The threads share the one table, cut into shards each behind its own lock; each thread
//! gathers into a small map of its own ([`Gather`]) and pours it into the shards when it fills,
//! a lock taken once per shard per pour. The rows are made shard by shard, each shard freed as
//! it is read, so the table and the rows are never both whole.

use crate::forest::{shape_of_rank, Forest, Palette, MAX_EDGES};
use crate::record::{Facts, Readings, Record, Row, Val};
use crate::small::Small;
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;
use std::sync::{Mutex, PoisonError};

/// Why the fast engine (`enumerating`) gave up, its table of records here among the
/// reasons; the caller hands the census to the exact composing engine
/// ([`crate::engines::composing`]), or refuses it (a disagreement of ordinal sums).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The options of this forest do not bracket a number (or it has a green edge).
    NotANumber(Forest),
    /// A value left the fixed-width range.
    Overflow(Forest),
    /// The ordinal sum by the general construction on canonical forms failed, or disagreed
    /// with the sign-expansion shortcut.
    Ordinal(String),
    /// A checkpoint could not be saved.
    Checkpoint(String),
    /// The census's clock stopped a worker (see the enumerating engine's `unit`); never
    /// returned by its functions, which unwind with the stop once every worker has returned.
    Stopped(hackenbook_games::Stop),
}

/// A record packed: the counts and truths in the first word, then the five values.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Key([u32; 6]);

/// How many positions share a record, and the order key of the smallest of them.
#[derive(Clone, Copy, Debug)]
struct Tallied {
    count: u64,
    order: u64,
}

impl Tallied {
    fn absorb(&mut self, other: Tallied) {
        self.count += other.count;
        self.order = self.order.min(other.order);
    }
}

/// Shards of the shared table (a power of two); a shard's growth moves 1/256 of the table.
const SHARDS: usize = 256;

/// Entries a thread gathers before pouring them into the shared table (about 640 KB).
const POUR_AT: usize = 1 << 14;

/// Bits of a count or truth in the packed facts.
const FIELD_BITS: u32 = 5;

/// The numerator bits of a packed value (signed), below its 5 bits of exponent.
const NUMERATOR_BITS: u32 = 27;

/// A record's counts and truths in one word, `None` if one does not fit (a blue-red forest has
/// no green edges and no cycles, so those two are required to be 0 and not stored).
fn pack_facts(r: &Record) -> Option<u32> {
    if r.green != 0 || r.cycles != 0 {
        return None;
    }
    let counts = [
        r.edges,
        r.blue,
        r.red,
        r.trunks,
        u32::from(r.height),
        u32::from(r.spine),
    ];
    let mut word = 0u32;
    for c in counts {
        if c >= 1 << FIELD_BITS {
            return None;
        }
        word = (word << FIELD_BITS) | c;
    }
    Some((word << 2) | (u32::from(r.path) << 1) | u32::from(r.colon))
}

fn unpack_facts(word: u32) -> Facts {
    let field = |i: u32| (word >> (2 + FIELD_BITS * (5 - i))) & ((1 << FIELD_BITS) - 1);
    // Each field is at most 31: it fits a u8.
    let byte = |i: u32| field(i) as u8;
    Facts {
        edges: field(0),
        blue: field(1),
        red: field(2),
        green: 0,
        trunks: field(3),
        height: byte(4),
        spine: byte(5),
        path: word & 2 != 0,
        cycles: 0,
        colon: word & 1 != 0,
    }
}

/// A number as its numerator (27 bits, signed) over its exponent (5 bits); `None` for a value
/// that is not a number or does not fit.
fn pack_value(v: Val) -> Option<u32> {
    let Val::Num(x) = v else { return None };
    let (num, exp) = (x.numerator(), x.exponent());
    let half = 1i32 << (NUMERATOR_BITS - 1);
    if !(-half..half).contains(&num) || u32::from(exp) >= 1 << (32 - NUMERATOR_BITS) {
        return None;
    }
    // Two's complement of a numerator that fits 27 bits, shifted into the word's top.
    Some(((num as u32) << (32 - NUMERATOR_BITS)) | u32::from(exp))
}

fn unpack_value(word: u32) -> Result<Val, String> {
    // The arithmetic shift restores the numerator's sign.
    let num = (word as i32) >> (32 - NUMERATOR_BITS);
    let exp = (word & ((1 << (32 - NUMERATOR_BITS)) - 1)) as u8; // at most 31
    Small::try_from((num, exp)).map(Val::Num)
}

fn pack(r: &Record) -> Option<Key> {
    Some(Key([
        pack_facts(r)?,
        pack_value(r.value)?,
        pack_value(r.reading)?,
        pack_value(r.tree_rule)?,
        pack_value(r.sum)?,
        pack_value(r.ordinal_sum)?,
    ]))
}

fn unpack(key: Key) -> Result<Record, String> {
    let [facts, value, reading, tree_rule, sum, ordinal_sum] = key.0;
    let readings = Readings {
        value: unpack_value(value)?,
        reading: unpack_value(reading)?,
        tree_rule: unpack_value(tree_rule)?,
        sum: unpack_value(sum)?,
        ordinal_sum: unpack_value(ordinal_sum)?,
    };
    Ok(Record::new(unpack_facts(facts), readings))
}

/// The shard of a key: a mix of its words other than the maps' own hash, so that the keys of
/// one shard still spread over its map.
fn shard_of(key: &Key) -> usize {
    let mixed = key.0.iter().fold(0x243F_6A88_85A3_08D3u64, |h, &w| {
        (h ^ u64::from(w)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    });
    (mixed >> (64 - SHARDS.trailing_zeros())) as usize
}

/// The distinct records of one census, shared by its threads.
pub struct Tally {
    palette: Palette,
    shards: Vec<Mutex<FxHashMap<Key, Tallied>>>,
}

impl Tally {
    /// An empty table for a census over `palette` (whose members it rebuilds from their ranks).
    pub fn new(palette: Palette) -> Tally {
        Tally {
            palette,
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
        }
    }

    /// A thread's own small map, poured into this table when it fills and when it is dropped.
    pub fn gather(&self) -> Gather<'_> {
        Gather {
            tally: self,
            local: FxHashMap::default(),
        }
    }

    /// Rows already gathered (a checkpoint's), each member checked against its order key.
    pub fn add_rows(&self, rows: Vec<Row>) -> Result<(), EngineError> {
        let mut gather = self.gather();
        for row in rows {
            if self.member(row.order)? != row.first {
                return Err(EngineError::Checkpoint(format!(
                    "a row's smallest member {} is not the forest its order key names",
                    row.first
                )));
            }
            gather.add_many(&row.record, row.count, row.order, || row.first)?;
        }
        Ok(())
    }

    /// The forest with this order key (edges in the top byte, dense rank below).
    fn member(&self, order: u64) -> Result<Forest, EngineError> {
        let n = (order >> 56) as usize; // a byte
        let rank = order & ((1 << 56) - 1);
        let none = || EngineError::Checkpoint(format!("no forest of {n} edges has rank {rank}"));
        if n > MAX_EDGES {
            return Err(none());
        }
        let kn = self.palette.colourings(n);
        let shape = shape_of_rank(rank / kn, n).ok_or_else(none)?;
        Ok(Forest::from_parts(
            shape,
            self.palette.colouring(rank % kn, n),
            n,
        ))
    }

    fn row(&self, key: Key, t: Tallied) -> Result<Row, EngineError> {
        let first = self.member(t.order)?;
        Ok(Row {
            // Packed from a number in normal form, so it unpacks.
            record: unpack(key).map_err(|_| EngineError::Overflow(first))?,
            count: t.count,
            first,
            order: t.order,
        })
    }

    /// The rows so far, smallest member first, the table kept (a checkpoint's).
    pub fn rows(&self) -> Result<Vec<Row>, EngineError> {
        let mut rows = Vec::new();
        for shard in &self.shards {
            let shard = shard.lock().unwrap_or_else(PoisonError::into_inner);
            for (&key, &t) in shard.iter() {
                rows.push(self.row(key, t)?);
            }
        }
        rows.sort_unstable_by_key(|r| r.order);
        Ok(rows)
    }

    /// The rows, smallest member first; each shard is freed once its rows are made.
    pub fn into_rows(self) -> Result<Vec<Row>, EngineError> {
        let total = (self.shards.iter())
            .map(|s| s.lock().unwrap_or_else(PoisonError::into_inner).len())
            .sum();
        let mut rows = Vec::with_capacity(total);
        for shard in &self.shards {
            let map = std::mem::take(&mut *shard.lock().unwrap_or_else(PoisonError::into_inner));
            for (key, t) in map {
                rows.push(self.row(key, t)?);
            }
        }
        // Every record's smallest member is a different position: the keys are distinct.
        rows.sort_unstable_by_key(|r| r.order);
        Ok(rows)
    }
}

/// One thread's records on their way to the shared [`Tally`].
pub struct Gather<'t> {
    tally: &'t Tally,
    local: FxHashMap<Key, Tallied>,
}

impl Gather<'_> {
    /// One position with `record`, at `order`; `member` names it if its record cannot be packed.
    pub fn add(
        &mut self,
        record: &Record,
        order: u64,
        member: impl FnOnce() -> Forest,
    ) -> Result<(), EngineError> {
        self.add_many(record, 1, order, member)
    }

    fn add_many(
        &mut self,
        record: &Record,
        count: u64,
        order: u64,
        member: impl FnOnce() -> Forest,
    ) -> Result<(), EngineError> {
        let key = pack(record).ok_or_else(|| EngineError::Overflow(member()))?;
        let t = Tallied { count, order };
        match self.local.entry(key) {
            Entry::Occupied(mut e) => e.get_mut().absorb(t),
            Entry::Vacant(e) => {
                e.insert(t);
                if self.local.len() >= POUR_AT {
                    self.pour();
                }
            }
        }
        Ok(())
    }

    /// Everything gathered so far into the shared table, one lock per shard it touches.
    fn pour(&mut self) {
        let mut pending: Vec<(usize, Key, Tallied)> = (self.local.drain())
            .map(|(key, t)| (shard_of(&key), key, t))
            .collect();
        pending.sort_unstable_by_key(|p| p.0);
        for run in pending.chunk_by(|a, b| a.0 == b.0) {
            let mut shard = self.tally.shards[run[0].0]
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            for &(_, key, t) in run {
                shard
                    .entry(key)
                    .and_modify(|mine| mine.absorb(t))
                    .or_insert(t);
            }
        }
    }
}

impl Drop for Gather<'_> {
    fn drop(&mut self) {
        self.pour();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small(num: i32, exp: u8) -> Val {
        Val::Num(Small::try_from((num, exp)).unwrap())
    }

    fn record(value: Val) -> Record {
        let facts = Facts {
            edges: 12,
            blue: 5,
            red: 7,
            trunks: 3,
            height: 4,
            spine: 2,
            path: false,
            colon: true,
            ..Facts::default()
        };
        let readings = Readings {
            value,
            reading: small(-3, 2),
            tree_rule: value,
            sum: small(1, 0),
            ordinal_sum: small(-(1 << 26), 0),
        };
        Record::new(facts, readings)
    }

    #[test]
    fn a_record_packs_and_unpacks_to_itself() {
        for value in [small(0, 0), small(77, 7), small(-77, 15), small(1, 30)] {
            let r = record(value);
            assert_eq!(unpack(pack(&r).unwrap()).unwrap(), r);
        }
        let path = Record {
            path: true,
            colon: false,
            ..record(small(5, 3))
        };
        assert_eq!(unpack(pack(&path).unwrap()).unwrap(), path);
    }

    #[test]
    fn a_record_that_does_not_fit_is_refused_not_cut() {
        // A numerator past 27 bits, a count past 31, a green edge, a game that is not a number.
        assert!(pack(&record(small(1 << 26, 0))).is_none());
        assert!(pack(&record(small(-(1 << 26) - 1, 0))).is_none());
        assert!(pack(&Record {
            blue: 32,
            ..record(small(1, 0))
        })
        .is_none());
        assert!(pack(&Record {
            green: 1,
            ..record(small(1, 0))
        })
        .is_none());
        let game = Val::Game(hackenbook_games::Games::new().zero());
        assert!(pack(&record(game)).is_none());
    }

    #[test]
    fn threads_pouring_into_one_table_count_each_position_once() {
        let palette = Palette::new(&[
            hackenbook_rulesets::hackenbush::Colour::Blue,
            hackenbook_rulesets::hackenbush::Colour::Red,
        ]);
        let tally = Tally::new(palette);
        let namer = Tally::new(palette);
        let forest = |order: u64| namer.member(order).unwrap();
        // Forests of 3 edges (5 shapes × 8 colourings, ranks 0 to 39); position j has rank
        // j mod 40 and a record by value j mod 20,000: more than a thread gathers before it
        // pours, so each thread pours midway and again when it is dropped.
        std::thread::scope(|s| {
            for thread in 0..2u64 {
                let tally = &tally;
                s.spawn(move || {
                    let mut gather = tally.gather();
                    for j in thread * 50_000..(thread + 1) * 50_000 {
                        let order = (3 << 56) | (j % 40);
                        let r = record(small((j % 20_000) as i32, 0));
                        gather.add(&r, order, || forest(order)).unwrap();
                    }
                });
            }
        });
        let rows = tally.into_rows().unwrap();
        assert_eq!(rows.len(), 20_000);
        for row in &rows {
            // 100,000 positions, 5 to a record; the smallest of value v has rank v mod 40.
            let Val::Num(v) = row.record.value else {
                panic!("{row:?}")
            };
            assert_eq!(row.count, 5);
            assert_eq!(row.order, (3 << 56) | (v.numerator() as u64 % 40));
            assert_eq!(row.first, forest(row.order));
            assert_eq!(palette.rank(row.first), row.order & ((1 << 56) - 1));
        }
    }
}
