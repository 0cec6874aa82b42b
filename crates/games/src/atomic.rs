//! Infinitesimals weighed and discarded: atomic weight, reduced canonical form, incentives.
//!
//! The one idea: **read a game to the precision that matters.** The atomic weight measures an
//! all-small game in ups (`G` plays like `aw(G) · ↑` next to a far star); the reduced canonical
//! form forgets infinitesimals altogether (the simplest game infinitely close to `G`). Both are
//! folds over the canonical form, as CGSuite computes them (Siegel, *Combinatorial Game
//! Theory*, II.6–II.7; Winning Ways, ch. 7–8):
//!
//! - the *atomic weight calculus*: `aw(x + n·↑ + ∗m) = n`; otherwise `G₀ = {aw(Gᴸ) − 2 |
//!   aw(Gᴿ) + 2}`, and `aw(G) = G₀` unless `G₀` is an integer and `G` is comparable with the far
//!   star `∗N` (`N` beyond every nimber in `G`): then `aw(G)` is the least integer `n ⧐` every
//!   `aw(Gᴸ) − 2` when `G < ∗N`, the greatest integer `n ⧏` every `aw(Gᴿ) + 2` when `G > ∗N`;
//! - the reduced canonical form: `x + n·↑ + ∗m` reduces to `x`; otherwise heat `G` by `∗`
//!   and replace every subgame `x∗` by `x` (Siegel, II.6).

use super::structure::fold_up;
use super::{Dyadic, GameId, Games, Player};

impl Games {
    /// The atomic weight of an all-small `g` (CGSuite's `AtomicWeight`), or `None` when `g` is
    /// not all-small (the atomic weight calculus is not defined for it here).
    pub fn atomic_weight(&mut self, g: GameId) -> Option<GameId> {
        if !self.is_all_small(g) {
            return None;
        }
        let far = self.far_stars(g);
        let memo = fold_up(
            self,
            g,
            |games, h| {
                let ups = games.as_nus(h)?.ups;
                Some(games.integer(ups))
            },
            |games, h, ls: &[GameId], rs: &[GameId]| {
                let (two, minus_two) = (games.integer(2), games.integer(-2));
                let left: Vec<GameId> = ls.iter().map(|&l| games.add(l, minus_two)).collect();
                let right: Vec<GameId> = rs.iter().map(|&r| games.add(r, two)).collect();
                let g0 = games.from_options(&left, &right);
                if !games.as_number(g0).is_some_and(|x| x.is_integer()) {
                    return g0;
                }
                let star = games.nimber(far[&h]);
                match games.compare(h, star) {
                    super::Relation::Less => games.least_integer_beyond(&left),
                    super::Relation::Greater => {
                        let negated: Vec<GameId> = right.iter().map(|&r| games.neg(r)).collect();
                        let n = games.least_integer_beyond(&negated);
                        games.neg(n)
                    }
                    _ => g0,
                }
            },
        );
        Some(memo[&g])
    }

    /// The least integer `n` with `n ⧐ x` (not `n ≤ x`) for every `x` (`0` for none).
    fn least_integer_beyond(&mut self, xs: &[GameId]) -> GameId {
        let mut best: Option<Dyadic> = None;
        for &x in xs {
            let (_, right_stop) = self.stops(x);
            let mut n = Dyadic::integer(right_stop.ceil());
            let candidate = self.number(&n);
            if self.leq(candidate, x) {
                n = &n + &Dyadic::one();
            }
            if best.as_ref().is_none_or(|b| n > *b) {
                best = Some(n);
            }
        }
        self.number(&best.unwrap_or_else(Dyadic::zero))
    }

    /// For every subgame of `g`, the `N` of its far star `∗N`: one more than every nimber among
    /// its subgames (CGSuite's `farStar`).
    fn far_stars(&mut self, g: GameId) -> std::collections::HashMap<GameId, u32> {
        fold_up(
            self,
            g,
            |games, h| games.as_nimber(h).map(|n| n + 1),
            |_, _, ls: &[u32], rs: &[u32]| ls.iter().chain(rs).copied().fold(1, u32::max),
        )
    }

    /// The reduced canonical form of `g` (CGSuite's `ReducedCanonicalForm`): the simplest game
    /// whose difference from `g` is infinitesimal; `x` for any `x + n·↑ + ∗m`.
    pub fn reduced_canonical_form(&mut self, g: GameId) -> GameId {
        if let Some(v) = self.as_nus(g) {
            let x = v.number.clone();
            return self.number(&x);
        }
        let star = self.star();
        let heated = self.heat(g, star);
        let memo = fold_up(
            self,
            heated,
            |games, h| {
                let v = games.as_nus(h)?;
                let x = v.number.clone();
                (v.ups == 0 && v.nim <= 1).then(|| games.number(&x))
            },
            |games, _, ls: &[GameId], rs: &[GameId]| games.from_options(ls, rs),
        );
        memo[&heated]
    }

    /// The incentives of `player` in `g` (CGSuite's `LeftIncentives`, `RightIncentives`): what a
    /// move gains, `Gᴸ − G` for Left and `G − Gᴿ` for Right, on the canonical form, keeping only
    /// the maximal ones (the others never bear on play); sorted for display.
    pub fn incentives(&mut self, g: GameId, players: &[Player]) -> Vec<GameId> {
        let mut all = Vec::new();
        for &player in players {
            for o in self.raw_options(g, player) {
                all.push(match player {
                    Player::Left => self.sub(o, g),
                    Player::Right => self.sub(g, o),
                });
            }
        }
        all.sort_unstable();
        all.dedup();
        // The maximal incentives are the ones Left would keep as options.
        self.remove_dominated(&mut all, Player::Left);
        self.sort_for_display(&mut all);
        all
    }
}
