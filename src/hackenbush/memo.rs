//! The memo: values of positions stored under their canonical keys.
//!
//! The one idea: isomorphic positions share one entry, because the entry is filed under the
//! position's canonical key (see [`super::canon`]) and the rule set, never under its drawing.

use super::canon::Key;
use super::Rules;
use std::collections::HashMap;

/// How the memo has been used: lookups, hits among them, and entries held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    pub lookups: u64,
    pub hits: u64,
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
            entries: self.entries + other.entries,
        }
    }
}

/// Values filed under (rules, canonical key).
pub struct Memo<V> {
    map: HashMap<(Rules, Key), V>,
    lookups: u64,
    hits: u64,
}

impl<V> Default for Memo<V> {
    fn default() -> Memo<V> {
        Memo {
            map: HashMap::new(),
            lookups: 0,
            hits: 0,
        }
    }
}

impl<V: Clone> Memo<V> {
    pub fn get(&mut self, rules: Rules, key: &Key) -> Option<V> {
        self.lookups += 1;
        // The tuple key needs an owned Key; clone only the cheap part of the lookup.
        let found = self.map.get(&(rules, key.clone())).cloned();
        if found.is_some() {
            self.hits += 1;
        }
        found
    }

    pub fn insert(&mut self, rules: Rules, key: Key, value: V) {
        self.map.insert((rules, key), value);
    }

    pub fn stats(&self) -> MemoStats {
        MemoStats {
            lookups: self.lookups,
            hits: self.hits,
            entries: self.map.len(),
        }
    }
}
