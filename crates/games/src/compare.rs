//! Comparison of canonical games, cached on pairs of ids.
//!
//! The one idea: `G <= H` unless some `G^L >= H` or some `H^R <= G` (Conway's definition),
//! shortened by two facts: number-up-star values compare arithmetically, and against a number
//! `x` a non-number `G` needs only its own options (`x <= G` iff no `G^R <= x`), which keeps the
//! recursion out of the long option chains of big numbers. Stops, kept with every entry,
//! settle many comparisons at once: `G <= H` needs `LS(G) <= LS(H)` and `RS(G) <= RS(H)`, and
//! `LS(G) < RS(H)` already gives `G < H`.

use super::player::Player;
use super::player::Relation;
use super::table::{pair, GameId, Games, Kind};

/// Comparisons of games whose [`Games::tree_size`]s multiply to at most this are not cached:
/// recomputing their few subgame pairs costs less than the cache's memory.
const SMALL: u64 = 256;

/// Where the comparison cache keeps `a <= b`: one entry per unordered pair (so `a <= b` and
/// `b <= a`, which a comparison and a domination test both ask, share a slot), keyed by the
/// pair with the smaller id first; in its value, the bit saying the answer is known and the
/// bit of the answer: the low two bits for the smaller id on the left of `<=`, the next two
/// for the larger.
#[inline]
pub(crate) fn leq_slot(a: GameId, b: GameId) -> (u64, u8, u8) {
    // Without a branch: which of the two comes first is as good as a coin toss.
    let shift = 2 * u8::from(a > b);
    (pair(a.min(b), a.max(b)), 1 << shift, 2 << shift)
}

impl Games {
    /// `a <= b`. The common cases, equal ids and comparisons that the stops settle, are
    /// inlined into the caller; the rest is [`Games::leq_beyond_stops`].
    #[inline]
    pub fn leq(&mut self, a: GameId, b: GameId) -> bool {
        if a == b {
            return true;
        }
        let (ea, eb) = (&self.entries[a.index()], &self.entries[b.index()]);
        if let (Some((al, ar)), Some((bl, br))) = (ea.stops.get(), eb.stops.get()) {
            // Stops are monotone, and LS(a) < RS(b) forces a < b.
            if al < br {
                return true;
            }
            if al > bl || ar > br {
                return false;
            }
        }
        self.leq_beyond_stops(a, b)
    }

    /// `a <= b` for distinct games whose stops, if held, leave the answer open.
    #[inline(never)]
    fn leq_beyond_stops(&mut self, a: GameId, b: GameId) -> bool {
        let (ea, eb) = (&self.entries[a.index()], &self.entries[b.index()]);
        let (ka, kb) = (ea.kind, eb.kind);
        if ka != Kind::Moves && kb != Kind::Moves {
            let (x, y) = (self.nus_of(a), self.nus_of(b));
            return match (ea.stops.get(), eb.stops.get()) {
                // A nus's stops are its number: here the numbers are equal.
                (Some(_), Some(_)) => x.infinitesimal_leq(y),
                _ => x.leq(y),
            };
        }
        let (a_number, b_number) = (ka == Kind::Number, kb == Kind::Number);
        if u64::from(ea.tree) * u64::from(eb.tree) <= SMALL {
            // Recomputing is cheaper than hashing for such short games.
            return self.leq_by_options(a, b, a_number, b_number);
        }
        let (key, known_bit, true_bit) = leq_slot(a, b);
        if let Some(&bits) = self.leq_cache.get(&key) {
            if bits & known_bit != 0 {
                return bits & true_bit != 0;
            }
        }
        let result = self.leq_by_options(a, b, a_number, b_number);
        let bits = self.leq_cache.entry(key).or_insert(0);
        *bits |= known_bit | if result { true_bit } else { 0 };
        result
    }

    /// `a <= b` from the options, skipping the options of whichever side is a number.
    fn leq_by_options(&mut self, a: GameId, b: GameId, a_number: bool, b_number: bool) -> bool {
        self.tick();
        if !a_number {
            let lefts = self.option_span(a, Player::Left);
            for i in 0..lefts.len {
                let al = self.at(lefts, i);
                if self.leq(b, al) {
                    return false;
                }
            }
        }
        if !b_number {
            let rights = self.option_span(b, Player::Right);
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

    /// Who wins `g`: its relation with zero read as an outcome class (`g > 0` Left wins,
    /// `g < 0` Right wins, `g = 0` the second player, `g ‖ 0` the first player).
    pub fn outcome(&mut self, g: GameId) -> super::OutcomeClass {
        let zero = self.zero();
        super::OutcomeClass::of(self.compare(g, zero))
    }

    pub(crate) fn nus_of(&self, g: GameId) -> &super::nus::Nus {
        &self.nus_values[self.entries[g.index()].nus as usize]
    }
}
