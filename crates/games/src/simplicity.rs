//! Whether a new game `{L | R}` is a number, read off its options' stops before any reduction.
//!
//! The one idea: the numbers `x` with `G^L ⧏ x ⧏ G^R` for every option form an interval whose
//! ends are the options' stops, so the simplicity theorem decides from the stops (and, at an
//! end, one comparison) whether `G` is a number and which; and when it is not, the stops of `G`
//! are the best of its options', which then settle most of the comparisons the reduction asks.
//!
//! For a number `x` and any game `H` (the facts [`super::compare`] stands on): stops are
//! monotone, and a number is its own two stops, so `x <= H` gives `x <= RS(H)` and `H <= x`
//! gives `LS(H) <= x`; and `x < RS(H)` gives `x < H`, `LS(H) < x` gives `H < x`. Hence, for a
//! left option with right stop `s`, `G^L ⧏ x` (that is, not `x <= G^L`) holds for every
//! `x > s`, fails for every `x < s`, and at `x = s` holds exactly when `s <= G^L` fails;
//! mirrored, `x ⧏ G^R` holds for `x < t`, fails for `x > t`, and at `t = LS(G^R)` holds exactly
//! when `G^R <= t` fails. For a number-up-star option `y + n.^ + *m` the stops are `y` and the
//! test at the end is arithmetic (`y <= y + n.^ + *m` iff `0 <= n.^ + *m`); for an option with
//! moves it is one comparison, made only when that end is the candidate.
//!
//! The simplicity theorem (Siegel, *Combinatorial Game Theory*, ch. II; Conway, *On Numbers
//! and Games*, ch. 2): when some number `x` has `G^L ⧏ x ⧏ G^R` for every option, `G` is
//! the simplest such number. Conversely `G^L ⧏ G ⧏ G^R` holds for every form, so if `G` equals a number,
//! that number fits: when none fits, `G` is not a number. A game that is not a number has
//! the stops `LS(G) = max RS(G^L)` and `RS(G) = min LS(G^R)`, whichever form it is given by
//! (stops depend on the value only: Siegel, ch. II), so they are the ends of the empty interval.

use super::dyadic::{simplest_between_scaled, Dyadic};
use super::nus::Nus;
use super::table::{number_birthday, GameId, Games, Kind, Stop, Stops};

/// One end of the interval of numbers that fit between the options of one player.
#[derive(Clone, Copy)]
struct End {
    /// The best stop of the options: the highest right stop of a left option, or the lowest
    /// left stop of a right option.
    stop: Stop,
    /// The first option with that stop.
    option: GameId,
    /// Whether another option has that stop too.
    shared: bool,
}

/// What [`Games::number_by_stops`] found.
pub(crate) enum Simplest {
    /// `G` is this game: a number, or, when every option is a number, the hot game of the
    /// best ones.
    Game(GameId),
    /// `G` is not a number, and these are its stops.
    NotNumber(Stops),
    /// An option's stops are not held inline: the general reduction decides.
    Unknown,
}

impl Games {
    /// Decides whether `{left | right}` is a number by the simplicity theorem (see the module
    /// doc), interning it when it is. When every option is a number and none fits, the value
    /// is `{a | b}` for the best options `a > b` (a number reverses through nothing above
    /// `a`), or `a*` when `a = b`, and is interned too.
    pub(crate) fn number_by_stops(&mut self, left: &[GameId], right: &[GameId]) -> Simplest {
        let (Some(low), Some(high)) = (self.end(left, true), self.end(right, false)) else {
            return Simplest::Unknown;
        };
        if let (Some(l), Some(h)) = (low, high) {
            // Decided on the stops alone, without making a number, in most cases.
            if l.stop > h.stop {
                return self.not_a_number(left, right, l, h);
            }
            if l.stop == h.stop {
                let x = self.end_value(l);
                let number =
                    self.end_belongs(l, left, true, &x) && self.end_belongs(h, right, false, &x);
                return match number {
                    true => Simplest::Game(self.number(&x)),
                    false => self.not_a_number(left, right, l, h),
                };
            }
        }
        // Two distinct ends, or open on one side: a number fits, the simplest strictly
        // inside unless an end that belongs is simpler (of two numbers born on the same day,
        // a simpler one lies between them, so the ends never tie).
        let scaled = |end: Option<End>| end.map(|e| e.stop.to_i128());
        let inside = simplest_between_scaled(scaled(low), scaled(high), Stop::EXPONENT)
            .expect("an interval of two distinct ends, or open on one side, holds a number");
        // A number option refuses its own stop: most ends need no birthdays.
        let open = |games: &Games, end: Option<End>| {
            end.is_none_or(|e| !e.shared && games.kind(e.option) == Kind::Number)
        };
        if open(self, low) && open(self, high) {
            return Simplest::Game(self.number(&inside));
        }
        let low = low.map(|e| (e, self.end_value(e)));
        let high = high.map(|e| (e, self.end_value(e)));
        let born = number_birthday(&inside);
        let candidate = |end: Option<(End, Dyadic)>, is_left: bool| {
            let (e, value) = end?;
            let day = number_birthday(&value);
            (day < born).then_some((day, e, value, is_left))
        };
        let mut simpler = [candidate(low, true), candidate(high, false)];
        if simpler[0].as_ref().map(|c| c.0) > simpler[1].as_ref().map(|c| c.0) {
            simpler.swap(0, 1);
        }
        for (_, e, value, is_left) in simpler.into_iter().flatten() {
            let options = if is_left { left } else { right };
            if self.end_belongs(e, options, is_left, &value) {
                return Simplest::Game(self.number(&value));
            }
        }
        Simplest::Game(self.number(&inside))
    }

    /// [`Games::number_by_stops`] once no number fits between the ends `low` and `high`.
    fn not_a_number(&mut self, left: &[GameId], right: &[GameId], low: End, high: End) -> Simplest {
        let all_numbers = left.iter().chain(right).all(|&g| self.is_number(g));
        if !all_numbers {
            return Simplest::NotNumber(Stops::new(Some((low.stop, high.stop))));
        }
        if low.option == high.option {
            // {x | x} = x*
            let x = self.nus_of(low.option).number.clone();
            return Simplest::Game(self.nus(Nus::new(x, 0, 1)));
        }
        Simplest::Game(self.intern_moves(&mut [low.option], &mut [high.option]))
    }

    /// The end of the interval the options of one player set (`Some(None)` for no options),
    /// or `None` when an option's stops are not held inline.
    #[inline]
    fn end(&self, options: &[GameId], left: bool) -> Option<Option<End>> {
        let mut end: Option<End> = None;
        for &g in options {
            let (ls, rs) = self.entries[g.index()].stops.get()?;
            let stop = if left { rs } else { ls };
            match &mut end {
                Some(e) if e.stop == stop => e.shared = true,
                Some(e) if (e.stop > stop) == left => {}
                _ => {
                    end = Some(End {
                        stop,
                        option: g,
                        shared: false,
                    })
                }
            }
        }
        Some(end)
    }

    /// Whether the number `x`, the stop of `end`, belongs to the interval as far as the
    /// options of one player say: a number option refuses it; a number-up-star option
    /// `x + i` refuses it when `0 <= i` (left) or `i <= 0` (right); an option `H` with moves
    /// when `x <= H` (left) or `H <= x` (right), compared only when no other option refuses.
    fn end_belongs(&mut self, end: End, options: &[GameId], left: bool, x: &Dyadic) -> bool {
        let zero = Nus::zero();
        let mut moves = false;
        let refuses = |games: &Games, g: GameId, moves: &mut bool| match games.kind(g) {
            Kind::Number => true,
            Kind::Nus if left => zero.infinitesimal_leq(games.nus_of(g)),
            Kind::Nus => games.nus_of(g).infinitesimal_leq(&zero),
            Kind::Moves => {
                *moves = true;
                false
            }
        };
        let with_stop = |games: &Games, g: GameId| {
            let (ls, rs) = games.entries[g.index()].stops.get().expect("held: `end`");
            (if left { rs } else { ls }) == end.stop
        };
        if !end.shared {
            if refuses(self, end.option, &mut moves) {
                return false;
            }
        } else if options
            .iter()
            .any(|&g| with_stop(self, g) && refuses(self, g, &mut moves))
        {
            return false;
        }
        if !moves {
            return true;
        }
        let x = self.number(x);
        !options.iter().any(|&g| {
            if self.kind(g) != Kind::Moves || !with_stop(self, g) {
                return false;
            }
            if left {
                self.leq(x, g)
            } else {
                self.leq(g, x)
            }
        })
    }

    /// The number an end's stop holds.
    fn end_value(&self, end: End) -> Dyadic {
        match self.kind(end.option) {
            Kind::Moves => end.stop.to_dyadic(),
            _ => self.nus_of(end.option).number.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The birthdays the simplest number is chosen by, in machine words, are one day more
    /// than the latest of the number's canonical options (none for 0), for the numbers in
    /// sixteenths from -9 to 9 and a few far ones.
    #[test]
    fn birthdays_are_one_day_after_the_options() {
        let mut numbers: Vec<Dyadic> = (-144..=144).map(|n| Dyadic::from_parts(n, 4)).collect();
        numbers.extend([Dyadic::from_parts(i64::MAX, 0), Dyadic::from_parts(-5, 62)]);
        for x in numbers {
            let (left, right) = Nus::of_number(x.clone()).options();
            let latest = left
                .iter()
                .chain(&right)
                .map(|o| number_birthday(&o.number) + 1)
                .max()
                .unwrap_or(0);
            assert_eq!(number_birthday(&x), latest, "{x}");
        }
    }
}
