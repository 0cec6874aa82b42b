//! The memo: values of positions stored under their canonical keys.
//!
//! The one idea: isomorphic positions share one entry, because the entry is filed under the
//! position's canonical key (see [`super::canon`]) and the rule set, never under its drawing.
//! In front of it sits a table of exact (labelled) copies: the same sub-position reached by
//! moves in a different order is found there without computing its canonical key at all.

use super::canon::{Canon, Key};
use super::position::Position;
use super::Rules;
use rustc_hash::FxHashMap;

/// How the memo has been used: lookups, hits among them (of which exact-copy hits), entries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    pub lookups: u64,
    pub hits: u64,
    /// Hits found in the table of exact copies, without a canonical key.
    pub exact_hits: u64,
    /// Distinct positions up to isomorphism.
    pub entries: usize,
}

impl MemoStats {
    /// Hits per lookup, for reports (0 when nothing was looked up).
    pub fn hit_rate(&self) -> f64 {
        if self.lookups == 0 {
            0.0
        } else {
            self.hits as f64 / self.lookups as f64
        }
    }

    /// The two tables' figures together.
    pub fn plus(&self, other: &MemoStats) -> MemoStats {
        MemoStats {
            lookups: self.lookups + other.lookups,
            hits: self.hits + other.hits,
            exact_hits: self.exact_hits + other.exact_hits,
            entries: self.entries + other.entries,
        }
    }
}

/// Values filed under (rules, canonical key), with exact copies in front.
pub struct Memo<V> {
    /// Indexed by rules: normal, childish.
    canonical: [FxHashMap<Key, V>; 2],
    exact: [FxHashMap<Position, V>; 2],
    lookups: u64,
    hits: u64,
    exact_hits: u64,
}

impl<V> Default for Memo<V> {
    fn default() -> Memo<V> {
        Memo {
            canonical: Default::default(),
            exact: Default::default(),
            lookups: 0,
            hits: 0,
            exact_hits: 0,
        }
    }
}

/// Exact copies kept before the table is cleared (it is only a shortcut to the canonical one).
const EXACT_LIMIT: usize = 1 << 20;

impl<V: Clone> Memo<V> {
    /// The stored value of `p`, or the canonical key under which to store it once computed.
    pub fn find(&mut self, canon: &mut Canon, rules: Rules, p: &Position) -> Result<V, Key> {
        self.lookups += 1;
        let r = rules as usize;
        if let Some(v) = self.exact[r].get(p) {
            self.hits += 1;
            self.exact_hits += 1;
            return Ok(v.clone());
        }
        let key = canon.key(p);
        match self.canonical[r].get(&key) {
            Some(v) => {
                self.hits += 1;
                let v = v.clone();
                self.remember_exact(r, p, v.clone());
                Ok(v)
            }
            None => Err(key),
        }
    }

    /// Files the value of `p` under its canonical key (from [`Memo::find`]) and as an exact copy.
    pub fn store(&mut self, rules: Rules, p: &Position, key: Key, value: V) {
        let r = rules as usize;
        self.remember_exact(r, p, value.clone());
        self.canonical[r].insert(key, value);
    }

    fn remember_exact(&mut self, r: usize, p: &Position, value: V) {
        if self.exact[r].len() >= EXACT_LIMIT {
            self.exact[r].clear();
        }
        self.exact[r].insert(p.clone(), value);
    }

    pub fn stats(&self) -> MemoStats {
        MemoStats {
            lookups: self.lookups,
            hits: self.hits,
            exact_hits: self.exact_hits,
            entries: self.canonical[0].len() + self.canonical[1].len(),
        }
    }
}
