//! Comparison of canonical games, cached on pairs of ids.
//!
//! The one idea: `G <= H` unless some `G^L >= H` or some `H^R <= G` (Conway's definition),
//! shortened by two facts: number-up-star values compare arithmetically, and against a number
//! `x` a non-number `G` needs only its own options (`x <= G` iff no `G^R <= x`), which keeps the
//! recursion out of the long option chains of big numbers.

use super::table::{GameId, Games, Kind, Relation};

impl Games {
    /// `a <= b`.
    pub fn leq(&mut self, a: GameId, b: GameId) -> bool {
        if a == b {
            return true;
        }
        let (ka, kb) = (self.kind(a), self.kind(b));
        if ka != Kind::Moves && kb != Kind::Moves {
            let (x, y) = (self.nus_of(a), self.nus_of(b));
            return x.leq(y);
        }
        if let Some(&known) = self.leq_cache.get(&(a, b)) {
            return known;
        }
        let result = self.leq_by_options(a, b, ka == Kind::Number, kb == Kind::Number);
        self.leq_cache.insert((a, b), result);
        result
    }

    /// `a <= b` from the options, skipping the options of whichever side is a number.
    fn leq_by_options(&mut self, a: GameId, b: GameId, a_number: bool, b_number: bool) -> bool {
        if !a_number {
            let lefts = self.option_span(a, true);
            for i in 0..lefts.len {
                let al = self.at(lefts, i);
                if self.leq(b, al) {
                    return false;
                }
            }
        }
        if !b_number {
            let rights = self.option_span(b, false);
            for i in 0..rights.len {
                let br = self.at(rights, i);
                if self.leq(br, a) {
                    return false;
                }
            }
        }
        true
    }

    /// `a >= b`.
    pub fn geq(&mut self, a: GameId, b: GameId) -> bool {
        self.leq(b, a)
    }

    /// `a < b`.
    pub fn lt(&mut self, a: GameId, b: GameId) -> bool {
        a != b && self.leq(a, b)
    }

    /// `a <| b`: less than or confused with (`a >= b` fails).
    pub fn less_or_confused(&mut self, a: GameId, b: GameId) -> bool {
        !self.leq(b, a)
    }

    pub fn compare(&mut self, a: GameId, b: GameId) -> Relation {
        if a == b {
            Relation::Equal
        } else if self.leq(a, b) {
            Relation::Less
        } else if self.leq(b, a) {
            Relation::Greater
        } else {
            Relation::Confused
        }
    }

    /// `Relation` of `g` with zero: `Greater` means Left wins, `Less` Right wins, `Equal` the
    /// second player wins, `Confused` the first player wins.
    pub fn outcome(&mut self, g: GameId) -> Relation {
        let zero = self.zero();
        self.compare(g, zero)
    }

    pub(crate) fn nus_of(&self, g: GameId) -> &super::nus::Nus {
        &self.nus_values[self.entries[g.index()].nus as usize]
    }
}
