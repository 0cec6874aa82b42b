//! Negation, disjunctive sum and ordinal sum of canonical games, each cached on ids.
//!
//! The one idea: `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`, but almost all of the work can
//! be avoided: number-up-star values add arithmetically, and a number `x` only translates a
//! non-number `G` (`G + x = {G^L + x | G^R + x}`, already canonical), so numbers never have their
//! options expanded in a sum.
//!
//! Ordinal sums rest on one fact, for any form `G` and any games `H`, `K`: `G : H <= G : K`
//! exactly when `H <= K`. If `H <= K`, Right wins `G:H - G:K` moving second: he answers a
//! move in `H - K` as his winning strategy there says, and a move in either copy of the base
//! (which wipes out what lies over it) by the mirror move in the other copy, leaving a game
//! `X - X`. If `H <= K` fails, Left wins `G:H - G:K` moving first the same way: when Right
//! has no move left in `H - K` he must move in a base, and her mirror move leaves `X - X`
//! with him to move. So `G : H` depends only on the value of `H`, and on the options of a
//! canonical `H` it keeps their order: [`Games::colon_form`] builds on this.

use super::dyadic::Dyadic;
use super::player::Player;
use super::signs;
use super::table::{pair, GameId, Games, Kind};
use num_bigint::BigInt;
use num_traits::Zero;
use std::collections::HashMap;

impl Games {
    /// `-g`: swap the players. Canonical forms negate to canonical forms, so no search.
    pub fn neg(&mut self, g: GameId) -> GameId {
        let known = self.neg_cache[g.index()];
        if known != u32::MAX {
            return GameId(known);
        }
        let result = if self.kind(g) == Kind::Moves {
            let left = self.raw_options(g, Player::Right);
            let right = self.raw_options(g, Player::Left);
            let mut left: Vec<GameId> = left.into_iter().map(|h| self.neg(h)).collect();
            let mut right: Vec<GameId> = right.into_iter().map(|h| self.neg(h)).collect();
            self.intern_moves(&mut left, &mut right)
        } else {
            let value = self.nus_of(g).neg();
            self.nus(value)
        };
        self.neg_cache[g.index()] = result.0;
        self.neg_cache[result.index()] = g.0;
        result
    }

    /// `a - b`.
    pub fn sub(&mut self, a: GameId, b: GameId) -> GameId {
        let nb = self.neg(b);
        self.add(a, nb)
    }

    /// The disjunctive sum `a + b`.
    pub fn add(&mut self, a: GameId, b: GameId) -> GameId {
        let zero = self.zero();
        if a == zero {
            return b;
        }
        if b == zero {
            return a;
        }
        let (ka, kb) = (self.kind(a), self.kind(b));
        if ka != Kind::Moves && kb != Kind::Moves {
            let value = self.nus_of(a).add(self.nus_of(b));
            return self.nus(value);
        }
        let key = if a <= b { pair(a, b) } else { pair(b, a) };
        if let Some(&known) = self.add_cache.get(&key) {
            return known;
        }
        self.tick();
        let result = match (ka, kb) {
            (Kind::Number, _) => self.translate(b, a),
            (_, Kind::Number) => self.translate(a, b),
            (Kind::Nus, _) if !self.nus_of(a).number.is_zero() => self.add_split(a, b),
            (_, Kind::Nus) if !self.nus_of(b).number.is_zero() => self.add_split(b, a),
            _ => self.add_by_options(a, b),
        };
        self.add_cache.insert(key, result);
        result
    }

    /// `g + x` for a non-number `g` and a number `x`: shift every option by `x`.
    fn translate(&mut self, g: GameId, x: GameId) -> GameId {
        let left = self.raw_options(g, Player::Left);
        let right = self.raw_options(g, Player::Right);
        let mut left: Vec<GameId> = left.into_iter().map(|o| self.add(o, x)).collect();
        let mut right: Vec<GameId> = right.into_iter().map(|o| self.add(o, x)).collect();
        self.intern_moves(&mut left, &mut right)
    }

    /// `(x + e) + g` for a nus with a non-zero number part `x`: `(e + g) + x`.
    fn add_split(&mut self, nus: GameId, g: GameId) -> GameId {
        let value = self.nus_of(nus).clone();
        let e = self.nus(value.infinitesimal());
        let x = self.number(&value.number);
        let sum = self.add(e, g);
        self.add(sum, x)
    }

    /// The definition, on the options of the non-number summands.
    fn add_by_options(&mut self, a: GameId, b: GameId) -> GameId {
        let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
        for player in Player::BOTH {
            let side = player.index();
            for o in self.raw_options(a, player) {
                let s = self.add(o, b);
                sides[side].push(s);
            }
            for o in self.raw_options(b, player) {
                let s = self.add(a, o);
                sides[side].push(s);
            }
        }
        let [left, right] = sides;
        self.from_options(&left, &right)
    }

    /// The ordinal sum `base : over = {base^L, base:over^L | base^R, base:over^R}`, taken on
    /// the canonical form of `base` (the value depends on that form, not only on its value),
    /// and built by [`Games::colon_form`], which only reduces the base's own options.
    pub fn ordinal_sum(&mut self, base: GameId, over: GameId) -> GameId {
        if over == self.zero() {
            return base;
        }
        if let Some(&known) = self.ordinal_cache.get(&pair(base, over)) {
            return known;
        }
        self.tick();
        let result = if self.is_number(over) {
            let y = self.nus_of(over).number.clone();
            if self.is_number(base) {
                let x = self.nus_of(base).number.clone();
                let z = signs::ordinal_sum(&x, &y).expect("a sign run beyond 2^32 signs");
                self.number(&z)
            } else {
                self.ordinal_walk(Base::Canonical(base), &y)
            }
        } else {
            // The lists come from the table's pool: this recursion is the census's hot path.
            let mut sides = [self.buffer(), self.buffer()];
            for player in Player::BOTH {
                let span = self.option_span(over, player);
                for i in 0..span.len {
                    let o = self.at(span, i);
                    let sum = self.ordinal_sum(base, o);
                    sides[player.index()].push(sum);
                }
            }
            let [left, right] = sides;
            self.colon_form(base, left, right)
        };
        self.ordinal_cache.insert(pair(base, over), result);
        result
    }

    /// `G : over` for the base *as written*, `G = {base_left | base_right}`, not for its
    /// canonical form: the ordinal sum reads the base's options, so `{-1|1} : 1 = 1/2` although
    /// `{-1|1} = 0` and `0 : 1 = 1`.
    pub fn ordinal_sum_on_form(
        &mut self,
        base_left: &[GameId],
        base_right: &[GameId],
        over: GameId,
    ) -> GameId {
        let mut memo = HashMap::new();
        self.ordinal_on_form(base_left, base_right, over, &mut memo)
    }

    fn ordinal_on_form(
        &mut self,
        base_left: &[GameId],
        base_right: &[GameId],
        over: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(&known) = memo.get(&over) {
            return known;
        }
        let base = Base::Form(base_left, base_right);
        let result = match self.as_number(over) {
            Some(y) => self.ordinal_walk(base, &y),
            None => {
                let mut left = Vec::new();
                let mut right = Vec::new();
                for o in self.raw_options(over, Player::Left) {
                    left.push(self.ordinal_on_form(base_left, base_right, o, memo));
                }
                for o in self.raw_options(over, Player::Right) {
                    right.push(self.ordinal_on_form(base_left, base_right, o, memo));
                }
                self.colon(&base, left, right)
            }
        };
        memo.insert(over, result);
        result
    }

    /// `base : H` from the sums over the options of `H`: `{base^L, left | base^R, right}`.
    fn colon(&mut self, base: &Base, mut left: Vec<GameId>, mut right: Vec<GameId>) -> GameId {
        match *base {
            Base::Canonical(g) if left.is_empty() && right.is_empty() => g,
            Base::Canonical(g) => self.colon_form(g, left, right),
            Base::Form(base_left, base_right) => {
                left.extend_from_slice(base_left);
                right.extend_from_slice(base_right);
                let g = self.from_options(&left, &right);
                self.give_back(left);
                self.give_back(right);
                g
            }
        }
    }

    /// `base : y` for a number `y`, walking `y`'s sign expansion without recursion: the
    /// canonical options of each prefix are the latest earlier prefixes below and above it.
    fn ordinal_walk(&mut self, base: Base, y: &Dyadic) -> GameId {
        // base : (prefix below) and base : (prefix above), None while unbounded.
        let (mut below, mut above): (Option<GameId>, Option<GameId>) = (None, None);
        let mut current = self.colon(&base, Vec::new(), Vec::new());
        for (plus, count) in signs::sign_runs(y).into_iter().flatten() {
            let count = count.numerator();
            let mut k = BigInt::zero();
            while k < count {
                if plus {
                    below = Some(current);
                } else {
                    above = Some(current);
                }
                let (mut left, mut right) = (self.buffer(), self.buffer());
                left.extend(below);
                right.extend(above);
                current = self.colon(&base, left, right);
                k += 1;
            }
        }
        current
    }
}

/// The base of an ordinal sum: a canonical form, or options as written.
enum Base<'a> {
    Canonical(GameId),
    Form(&'a [GameId], &'a [GameId]),
}

#[cfg(test)]
impl Games {
    /// The sign-expansion walk of `ordinal_sum`, usable on number bases too.
    pub(crate) fn ordinal_sum_over_number_for_test(
        &mut self,
        base: GameId,
        over: GameId,
    ) -> GameId {
        let y = self.as_number(over).expect("a number");
        self.ordinal_walk(Base::Canonical(base), &y)
    }
}
