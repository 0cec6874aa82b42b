//! Thermography: how hot a game is, and what it is worth once the heat is taxed away.
//!
//! The one idea: **tax every move by `t` and watch the stops.** Cooling a game by `t` charges
//! each move `t`; the left and right stops of the cooled game, as functions of `t ≥ −1`, are the
//! game's *walls*, and together they are its thermograph. For a number both walls are the number
//! itself (a number does not cool). Otherwise, from the options' walls,
//!
//! - the left scaffold is `max over Gᴸ of (right wall of Gᴸ)(t) − t`,
//! - the right scaffold is `min over Gᴿ of (left wall of Gᴿ)(t) + t`,
//!
//! and the walls follow the scaffolds up to the *temperature* `τ`, the least `t` where the left
//! scaffold no longer exceeds the right one; from there both walls are the vertical *mast* at the
//! *mean*. Walls are piecewise linear with slopes −1, 0 and 1 and dyadic breakpoints, so
//! everything is exact. Conventions are CGSuite's: a number with denominator `2ᵏ` has
//! temperature `−1/2ᵏ` (an integer `−1`), and `G` cooled by `t > τ` is its mean (Siegel,
//! *Combinatorial Game Theory*, II.5; Winning Ways, ch. 6).

use super::structure::fold_up;
use super::{Dyadic, GameId, Games};
use std::collections::HashMap;

/// One straight stretch of a wall: from temperature `from` on, the value is `value` plus
/// `slope · (t − from)`, until the next piece starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub from: Dyadic,
    pub value: Dyadic,
    pub slope: i32,
}

/// A wall of a thermograph: a continuous piecewise linear function of the temperature `t`,
/// defined for `t ≥ −1`; its first piece starts at −1 and the last one runs on for ever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    pieces: Vec<Piece>,
}

/// The thermograph of a game: its two walls, its temperature and its mean (where the mast stands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    pub left: Trajectory,
    pub right: Trajectory,
    pub temperature: Dyadic,
    pub mean: Dyadic,
}

fn minus_one() -> Dyadic {
    Dyadic::integer(-1)
}

/// `x / d` for `d` = ±1, ±2 (the only slope differences of walls).
fn divide(x: &Dyadic, d: i32) -> Dyadic {
    let q = match d.abs() {
        1 => x.clone(),
        2 => x.half(),
        // Slopes of walls are −1, 0 and 1, so two of them differ by at most 2.
        other => unreachable!("walls never differ in slope by {other}"),
    };
    if d < 0 {
        -q
    } else {
        q
    }
}

impl Trajectory {
    /// The constant `x` for every `t ≥ −1`.
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            pieces: vec![Piece {
                from: minus_one(),
                value: x,
                slope: 0,
            }],
        }
    }

    /// The pieces, in order of temperature, the first from `t = −1`.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The piece in force at temperature `t` (the last one starting at or below it).
    fn piece_at(&self, t: &Dyadic) -> &Piece {
        let i = self.pieces.partition_point(|p| p.from <= *t);
        &self.pieces[i.saturating_sub(1)]
    }

    /// The value at temperature `t ≥ −1`.
    pub fn at(&self, t: &Dyadic) -> Dyadic {
        let p = self.piece_at(t);
        &p.value + &(&Dyadic::integer(p.slope) * &(t - &p.from))
    }

    /// This wall plus `k · t`.
    fn plus_t(&self, k: i32) -> Trajectory {
        Trajectory {
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece {
                    from: p.from.clone(),
                    value: &p.value + &(&Dyadic::integer(k) * &p.from),
                    slope: p.slope + k,
                })
                .collect(),
        }
    }

    /// The pointwise maximum (`larger`) or minimum of two walls, with a breakpoint wherever
    /// they cross.
    fn envelope(&self, other: &Trajectory, larger: bool) -> Trajectory {
        let mut starts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.from.clone())
            .collect();
        starts.sort();
        starts.dedup();
        // `a` beats `b` if it is larger (for a maximum) or smaller (for a minimum).
        let beats = |a: &Dyadic, b: &Dyadic| if larger { a > b } else { a < b };
        let mut pieces = Vec::new();
        for (i, a) in starts.iter().enumerate() {
            let (p, q) = (self.piece_at(a), other.piece_at(a));
            let (va, vb) = (self.at(a), other.at(a));
            let steeper = |s: i32, r: i32| if larger { s > r } else { s < r };
            let (value, slope, second, second_slope) =
                if beats(&va, &vb) || (va == vb && !steeper(q.slope, p.slope)) {
                    (va, p.slope, vb, q.slope)
                } else {
                    (vb, q.slope, va, p.slope)
                };
            pieces.push(Piece {
                from: a.clone(),
                value: value.clone(),
                slope,
            });
            // The other line overtakes this one inside the stretch if it gains on it.
            if value != second && steeper(second_slope, slope) {
                let cross = a + &divide(&(&value - &second), second_slope - slope);
                if starts.get(i + 1).is_none_or(|next| cross < *next) {
                    let at_cross = &value + &(&Dyadic::integer(slope) * &(&cross - a));
                    pieces.push(Piece {
                        from: cross,
                        value: at_cross,
                        slope: second_slope,
                    });
                }
            }
        }
        Trajectory { pieces }.simplified()
    }

    /// Merges pieces that continue the one before them in a straight line.
    fn simplified(self) -> Trajectory {
        let mut out: Vec<Piece> = Vec::with_capacity(self.pieces.len());
        for p in self.pieces {
            if let Some(last) = out.last() {
                let continued =
                    &last.value + &(&Dyadic::integer(last.slope) * &(&p.from - &last.from));
                if last.slope == p.slope && continued == p.value {
                    continue;
                }
            }
            out.push(p);
        }
        Trajectory { pieces: out }
    }

    /// This wall up to temperature `tau`, and the constant `mast` from there on.
    fn capped(&self, tau: &Dyadic, mast: &Dyadic) -> Trajectory {
        let mut pieces: Vec<Piece> = self
            .pieces
            .iter()
            .filter(|p| p.from < *tau)
            .cloned()
            .collect();
        pieces.push(Piece {
            from: tau.clone(),
            value: mast.clone(),
            slope: 0,
        });
        Trajectory { pieces }.simplified()
    }
}

/// The least `t ≥ −1` at which `left(t) ≤ right(t)`, for a non-increasing `left − right`.
fn crossing(left: &Trajectory, right: &Trajectory) -> Option<Dyadic> {
    let mut starts: Vec<Dyadic> = left
        .pieces
        .iter()
        .chain(&right.pieces)
        .map(|p| p.from.clone())
        .collect();
    starts.sort();
    starts.dedup();
    for (i, a) in starts.iter().enumerate() {
        let gap = &left.at(a) - &right.at(a);
        if gap.signum() <= 0 {
            return Some(a.clone());
        }
        let closing = right.piece_at(a).slope - left.piece_at(a).slope;
        if closing > 0 {
            let t = a + &divide(&gap, closing);
            if starts.get(i + 1).is_none_or(|next| t <= *next) {
                return Some(t);
            }
        }
    }
    None
}

impl Games {
    /// The thermograph of `g`: walls, temperature and mean.
    pub fn thermograph(&mut self, g: GameId) -> Thermograph {
        let mark = self.charged();
        let thermograph = self
            .thermographs(g)
            .remove(&g)
            .expect("the fold values its root");
        // The memo of the subgames' walls is gone: it no longer counts against the budget.
        self.release_to(mark);
        thermograph
    }

    /// The thermographs of `g` and of every subgame of its canonical form.
    fn thermographs(&mut self, g: GameId) -> HashMap<GameId, Thermograph> {
        fold_up(
            self,
            g,
            |games, h| {
                games.as_number(h).map(|x| Thermograph {
                    left: Trajectory::constant(x.clone()),
                    right: Trajectory::constant(x.clone()),
                    temperature: -Dyadic::new(1, x.exponent()),
                    mean: x,
                })
            },
            |games, _, ls: &[Thermograph], rs: &[Thermograph]| {
                let thermograph = thermograph_of(ls, rs);
                // The memo holds every subgame's walls: counted against the memory budget.
                games.charge(thermograph.footprint());
                thermograph
            },
        )
    }

    /// The temperature of `g` (CGSuite's `Temperature`; `−1/2ᵏ` for a number of denominator `2ᵏ`).
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).temperature
    }

    /// The mean of `g` (where its thermograph's mast stands; CGSuite's `Mean`).
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).mean
    }

    /// `g` cooled by `t ≥ −1` (CGSuite's `Cool`): every move taxed by `t`, until the game is
    /// infinitesimally close to a number, its mean, which it then stays. A number does not cool.
    pub fn cool(&mut self, g: GameId, t: &Dyadic) -> GameId {
        let mark = self.charged();
        let thermal = self.thermographs(g);
        let tax = self.number(t);
        let memo = fold_up(
            self,
            g,
            |games, h| {
                if games.is_number(h) {
                    return Some(h);
                }
                let th = &thermal[&h];
                (*t > th.temperature).then(|| games.number(&th.mean))
            },
            |games, _, ls: &[GameId], rs: &[GameId]| {
                let left: Vec<GameId> = ls.iter().map(|&l| games.sub(l, tax)).collect();
                let right: Vec<GameId> = rs.iter().map(|&r| games.add(r, tax)).collect();
                games.from_options(&left, &right)
            },
        );
        drop(thermal);
        self.release_to(mark);
        memo[&g]
    }
}

impl Games {
    /// `g` heated by `t` (CGSuite's `Heat`, Siegel's `∫ᵗ G`): a number stays itself, otherwise
    /// `{t + ∫ᵗ Gᴸ | −t + ∫ᵗ Gᴿ}` on the canonical form. Heating by a number `t` undoes cooling
    /// by `t` on the games whose options are all hot enough to have been cooled by `t`.
    pub fn heat(&mut self, g: GameId, t: GameId) -> GameId {
        self.heated(g, t, |games, h| games.is_number(h).then_some(h))
    }

    /// `g` overheated from `s` to `t` (CGSuite's `Overheat`, Berlekamp's `∫ₛᵗ G`): an integer
    /// `n` becomes `n` copies of `s` (`n · s`), otherwise `{t + ∫ₛᵗ Gᴸ | −t + ∫ₛᵗ Gᴿ}`.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> GameId {
        self.heated(g, t, |games, h| {
            let n = games.as_number(h).filter(Dyadic::is_integer)?;
            Some(games.integer_multiple(&n, s))
        })
    }

    /// The fold behind heating and overheating: `base` values the leaves (numbers or
    /// integers), every other subgame is `{t + Gᴸ' | −t + Gᴿ'}` of its heated options.
    fn heated(
        &mut self,
        g: GameId,
        t: GameId,
        base: impl FnMut(&mut Games, GameId) -> Option<GameId>,
    ) -> GameId {
        let minus_t = self.neg(t);
        let memo = fold_up(self, g, base, |games, _, ls: &[GameId], rs: &[GameId]| {
            let left: Vec<GameId> = ls.iter().map(|&l| games.add(l, t)).collect();
            let right: Vec<GameId> = rs.iter().map(|&r| games.add(r, minus_t)).collect();
            games.from_options(&left, &right)
        });
        memo[&g]
    }

    /// `n · s` for an integer `n`: `n` copies of `s` (the negatives of `−n` copies for `n < 0`),
    /// summed by doubling.
    pub fn integer_multiple(&mut self, n: &Dyadic, s: GameId) -> GameId {
        use num_traits::Signed;
        let numerator = n.numerator();
        let (mut k, mut power) = if numerator.is_negative() {
            (-numerator, self.neg(s))
        } else {
            (numerator, s)
        };
        let two = num_bigint::BigInt::from(2);
        let mut total = self.zero();
        while k.is_positive() {
            if (&k % &two).is_positive() {
                total = self.add(total, power);
            }
            k /= &two;
            if k.is_positive() {
                power = self.add(power, power);
            }
        }
        total
    }
}

impl Thermograph {
    /// About how many bytes its walls hold (each piece: three fields, two of them dyadics
    /// with their digits).
    fn footprint(&self) -> usize {
        let pieces = self.left.pieces.iter().chain(&self.right.pieces);
        pieces
            .map(|p| std::mem::size_of::<Piece>() + p.from.digits_bytes() + p.value.digits_bytes())
            .sum()
    }
}

/// The thermograph of a game that is not a number, from its options' thermographs.
fn thermograph_of(ls: &[Thermograph], rs: &[Thermograph]) -> Thermograph {
    let envelope = |walls: Vec<Trajectory>, larger: bool| {
        walls.into_iter().reduce(|a, b| a.envelope(&b, larger))
    };
    let left = envelope(ls.iter().map(|o| o.right.plus_t(-1)).collect(), true);
    let right = envelope(rs.iter().map(|o| o.left.plus_t(1)).collect(), false);
    match (left, right) {
        (Some(left), Some(right)) => {
            // The scaffolds cross: the left one falls, the right one rises.
            let tau = crossing(&left, &right).unwrap_or_else(minus_one);
            let mean = left.at(&tau);
            Thermograph {
                left: left.capped(&tau, &mean),
                right: right.capped(&tau, &mean),
                temperature: tau,
                mean,
            }
        }
        // A canonical form with no option on one side is an integer, valued as a number before
        // this is reached.
        _ => unreachable!("a game that is not a number has options on both sides"),
    }
}
