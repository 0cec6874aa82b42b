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

    /// `base : e` for a canonical `base` under each single edge `e` of `edges`, pushed to
    /// `sums` in their order: an edge is `(left, right)`, whether Left and Right may cut it —
    /// `1` (`{0 |}`), `-1` (`{| 0}`), `*` (`{0 | 0}`), or `0` (`(false, false)`: the sum is
    /// `base`). By the definition `base : 1 = {base^L, base | base^R}`, `base : -1 =
    /// {base^L | base, base^R}`, `base : * = {base^L, base | base, base^R}`; by
    /// [`Games::colon_form`]'s facts (the edge is canonical, its options `0` have none) the
    /// canonical form drops the base's options that `base` itself dominates, and nothing else.
    /// Which those are is worked out once for all the edges (a census of stalks puts every
    /// top edge over each stalk), or given: `dominated`, when the caller knows them, is the
    /// base's left options `<= base` and its right options `>= base` (debug builds check
    /// them). Nothing is cached: a sum is asked for once.
    pub fn ordinal_sums_under_edges(
        &mut self,
        base: GameId,
        dominated: Option<[&[GameId]; 2]>,
        edges: &[(bool, bool)],
        sums: &mut Vec<GameId>,
    ) {
        // For each player: `base` and the base's options it does not dominate, once needed.
        let mut kept: [Option<Vec<GameId>>; 2] = [None, None];
        for &(left_cuts, right_cuts) in edges {
            let mut sides = [self.buffer(), self.buffer()];
            for (player, cuts) in [(Player::Left, left_cuts), (Player::Right, right_cuts)] {
                let side = &mut sides[player.index()];
                let span = self.option_span(base, player);
                if !cuts {
                    side.extend((0..span.len).map(|i| self.at(span, i)));
                    continue;
                }
                let known = &mut kept[player.index()];
                if known.is_none() {
                    let mut list = self.buffer();
                    list.push(base);
                    match dominated {
                        Some(lists) => {
                            let out = lists[player.index()];
                            let options = (0..span.len).map(|i| self.at(span, i));
                            list.extend(options.filter(|o| !out.contains(o)));
                            debug_assert_eq!(list, {
                                let mut by_comparing = vec![base];
                                self.keep_undominated_base_options(base, &mut by_comparing, player);
                                by_comparing
                            });
                        }
                        None => self.keep_undominated_base_options(base, &mut list, player),
                    }
                    *known = Some(list);
                }
                side.extend_from_slice(known.as_deref().unwrap_or_default());
            }
            let [left, right] = sides;
            let sum = self.intern_colon_form(left, right);
            sums.push(sum);
        }
        for list in kept.into_iter().flatten() {
            self.give_back(list);
        }
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

#[cfg(test)]
mod tests {
    use crate::sample::{born_by_day, random_games, Shape};
    use crate::{GameId, Games, Player};

    /// Canonical bases: every game born by day 3 and random games with number-up-star leaves,
    /// deeper than day 3.
    fn bases(games: &mut Games) -> Vec<GameId> {
        let shape = Shape {
            depth: 4,
            max_options: 3,
            nus_leaves: true,
        };
        let mut bases = born_by_day(games, 3);
        bases.extend(random_games(games, 10, 60, shape));
        bases
    }

    /// The sums under single edges, dominated base options dropped and no reversible option
    /// looked for, are the definition's sums, every node of `{base^L, base:e^L | base^R,
    /// base:e^R}` reduced by the general construction ([`Games::ordinal_sum_on_form`]), and
    /// those of [`Games::ordinal_sum`]; asked for together or one by one, and with the
    /// base's options that it dominates given.
    #[test]
    fn sums_under_single_edges_are_the_definitions() {
        let mut games = Games::new();
        let (zero, one, minus_one, star) = (
            games.zero(),
            games.integer(1),
            games.integer(-1),
            games.star(),
        );
        let edges = [
            ((true, false), one),
            ((false, true), minus_one),
            ((true, true), star),
            ((false, false), zero),
        ];
        let cuts: Vec<(bool, bool)> = edges.iter().map(|&(c, _)| c).collect();
        for base in bases(&mut games) {
            let (bl, br) = (
                games.raw_options(base, Player::Left),
                games.raw_options(base, Player::Right),
            );
            let mut together = Vec::new();
            games.ordinal_sums_under_edges(base, None, &cuts, &mut together);
            // The same with the base's dominated options given, found by comparing.
            let left_out: Vec<GameId> =
                bl.iter().copied().filter(|&o| games.leq(o, base)).collect();
            let right_out: Vec<GameId> =
                br.iter().copied().filter(|&o| games.leq(base, o)).collect();
            let mut given = Vec::new();
            let dominated = Some([&left_out[..], &right_out[..]]);
            games.ordinal_sums_under_edges(base, dominated, &cuts, &mut given);
            assert_eq!(given, together);
            for (i, &(cut, edge)) in edges.iter().enumerate() {
                let mut alone = Vec::new();
                games.ordinal_sums_under_edges(base, None, &[cut], &mut alone);
                let plain = games.ordinal_sum_on_form(&bl, &br, edge);
                let by_ordinal_sum = games.ordinal_sum(base, edge);
                let shown = format!("{} : {}", games.display(base), games.display(edge));
                assert_eq!(together[i], plain, "{shown}");
                assert_eq!(alone, [plain], "{shown}");
                assert_eq!(by_ordinal_sum, plain, "{shown}");
            }
        }
    }

    /// The lemma [`Games::colon_form`] rests on: for `K` with no position equal to `G`,
    /// `K <= G : H` exactly when `K <= G`, and `K >= G : H` exactly when `K >= G`; the sums
    /// made by the definition ([`Games::ordinal_sum_on_form`]), not by the construction that
    /// relies on it. Held for the options of options of each base `G` (so none of them is
    /// `<= G : H` through which a left option could reverse, nor `>= G : H` for a right one),
    /// for its options (so one is dominated by an option over `H` exactly when it is by `G`)
    /// and for every `K` born by day 2 under the games born on day 3; and `K = G`, which
    /// breaks the hypothesis, breaks the lemma.
    #[test]
    fn games_without_the_base_among_their_positions_compare_with_g_colon_h_as_with_g() {
        let mut games = Games::new();
        let day2 = born_by_day(&mut games, 2);
        let mut overs = day2.clone();
        for x in [-2, 3] {
            overs.push(games.integer(x));
        }
        let day3: Vec<GameId> = born_by_day(&mut games, 3)
            .into_iter()
            .filter(|g| !day2.contains(g))
            .collect();
        let holds = |games: &mut Games, k: GameId, g: GameId, sum: GameId| {
            games.leq(k, sum) == games.leq(k, g) && games.leq(sum, k) == games.leq(g, k)
        };
        let mut checked = 0;
        for (i, &g) in day3.iter().chain(&bases(&mut games)).enumerate() {
            let (gl, gr) = (
                games.raw_options(g, Player::Left),
                games.raw_options(g, Player::Right),
            );
            // Options of options: of a left option through Right, of a right one through Left.
            let mut ks: Vec<(GameId, Player)> = Vec::new();
            for (options, answer) in [(&gl, Player::Right), (&gr, Player::Left)] {
                for &o in options {
                    for a in games.raw_options(o, answer) {
                        ks.push((a, answer));
                    }
                }
            }
            let day3_base = i < day3.len();
            for &h in &overs {
                let sum = games.ordinal_sum_on_form(&gl, &gr, h);
                for &(k, answer) in &ks {
                    assert!(holds(&mut games, k, g, sum));
                    let reverses = match answer {
                        Player::Right => games.leq(k, sum),
                        Player::Left => games.leq(sum, k),
                    };
                    assert!(!reverses, "an option of the base reverses");
                    checked += 1;
                }
                // The base's own options (whether one is dominated by an option over `H`).
                for &o in gl.iter().chain(&gr) {
                    assert!(holds(&mut games, o, g, sum));
                    checked += 1;
                }
                if day3_base && i % 4 == 0 {
                    for &k in &day2 {
                        assert!(holds(&mut games, k, g, sum));
                        checked += 1;
                    }
                }
            }
            let minus_one = games.integer(-1);
            let below = games.ordinal_sum_on_form(&gl, &gr, minus_one);
            assert!(!holds(&mut games, g, g, below), "{}", games.display(g));
        }
        assert!(checked > 10_000, "{checked}");
    }
}
