//! What a game is made of: its stops, whether it is infinitesimal, whether it is all-small, its
//! birthday — properties read off the canonical form, for statements about every small game.
//!
//! The one idea: each property is a fold over the canonical form's DAG of options, computed
//! bottom-up with an explicit stack and a memo per call, so a deep game (a long ordinal sum)
//! costs heap, never stack, and a subgame shared many times is visited once.

use super::{Dyadic, GameId, Games, Player};
use std::collections::HashMap;

/// Visits every subgame of `g` (canonical options, both sides) after its options, once each,
/// and computes `fold(games, h, &memo)` for it; returns the memo.
pub(super) fn fold_up<T: Clone>(
    games: &mut Games,
    g: GameId,
    mut leaf: impl FnMut(&mut Games, GameId) -> Option<T>,
    mut fold: impl FnMut(&mut Games, GameId, &[T], &[T]) -> T,
) -> HashMap<GameId, T> {
    let mut memo: HashMap<GameId, T> = HashMap::new();
    let mut stack = vec![(g, false)];
    while let Some((h, expanded)) = stack.pop() {
        if memo.contains_key(&h) {
            continue;
        }
        // A fold over a large game is long work too: it reads the clock of a bounded run.
        games.tick();
        if let Some(t) = leaf(games, h) {
            memo.insert(h, t);
            continue;
        }
        let (left, right) = (
            games.raw_options(h, Player::Left),
            games.raw_options(h, Player::Right),
        );
        if expanded {
            let ls: Vec<T> = left.iter().map(|o| memo[o].clone()).collect();
            let rs: Vec<T> = right.iter().map(|o| memo[o].clone()).collect();
            let t = fold(games, h, &ls, &rs);
            memo.insert(h, t);
        } else {
            stack.push((h, true));
            stack.extend(
                left.into_iter()
                    .chain(right)
                    .filter(|o| !memo.contains_key(o))
                    .map(|o| (o, false)),
            );
        }
    }
    memo
}

impl Games {
    /// The left and right stops: where play stops at a number when both play well, Left moving
    /// first (left stop) or Right moving first (right stop). A number is its own two stops.
    pub fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        let memo = fold_up(
            self,
            g,
            |games, h| games.as_number(h).map(|x| (x.clone(), x)),
            |_, _, ls, rs| {
                // A canonical form that is not a number has options on both sides.
                let left = ls.iter().map(|(_, r)| r).max().cloned();
                let right = rs.iter().map(|(l, _)| l).min().cloned();
                let zero = Dyadic::zero();
                (left.unwrap_or_else(|| zero.clone()), right.unwrap_or(zero))
            },
        );
        memo[&g].clone()
    }

    /// Infinitesimal: smaller than every positive number and greater than every negative one;
    /// for a short game, both stops are 0 (`0` itself counts).
    pub fn is_infinitesimal(&mut self, g: GameId) -> bool {
        let (l, r) = self.stops(g);
        l.is_zero() && r.is_zero()
    }

    /// All-small (dicotic): in every position, Left has a move exactly when Right has one.
    /// Decided on the canonical form, which is all-small exactly when the value is.
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        let memo = fold_up(
            self,
            g,
            |games, h| games.as_number(h).map(|x| x.is_zero()),
            |_, _, ls, rs| {
                (ls.is_empty() == rs.is_empty()) && ls.iter().chain(rs).all(|&small| small)
            },
        );
        memo[&g]
    }

    /// The birthday: the height of the canonical game tree (numbers by their own formula).
    pub fn birthday(&mut self, g: GameId) -> u64 {
        let memo = fold_up(
            self,
            g,
            |games, h| {
                games
                    .as_number(h)
                    .map(|x| super::table::number_birthday(&x))
            },
            |_, _, ls, rs| ls.iter().chain(rs).max().map_or(0, |b| b + 1),
        );
        memo[&g]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::born_by_day;

    fn g(games: &mut Games, text: &str) -> GameId {
        games.eval_str(text).unwrap()
    }

    #[test]
    fn published_stops() {
        let mut games = Games::new();
        let cases = [
            ("{4|-2}", "4", "-2"),
            ("{{3|1}|-1}", "1", "-1"),
            ("1*", "1", "1"),
            ("^", "0", "0"),
            ("{1|-1} + 1/2", "3/2", "-1/2"),
            ("3/8", "3/8", "3/8"),
        ];
        for (game, l, r) in cases {
            let id = g(&mut games, game);
            let (ls, rs) = games.stops(id);
            assert_eq!(
                (ls.to_string(), rs.to_string()),
                (l.to_string(), r.to_string()),
                "{game}"
            );
        }
    }

    /// Infinitesimal by the stops agrees with the definition (−x < G < x), tried with a
    /// number far smaller than any non-zero stop of a game born by day 3.
    #[test]
    fn infinitesimals_by_stops_and_by_comparison_agree_on_day_three() {
        let mut games = Games::new();
        let tiny = games.number(&"1/1024".parse().unwrap());
        let minus_tiny = games.number(&"-1/1024".parse().unwrap());
        let all = born_by_day(&mut games, 3);
        let mut count = 0;
        for &h in &all {
            let by_definition = games.lt(h, tiny) && games.lt(minus_tiny, h);
            assert_eq!(
                games.is_infinitesimal(h),
                by_definition,
                "{}",
                games.display(h)
            );
            count += usize::from(by_definition);
        }
        assert!(count > 22, "only {count} infinitesimals");
    }

    /// ONAG, Theorem 57: a game is all-small exactly when every position of it that is a
    /// number is 0 — checked against the definition on every game born by day 3.
    #[test]
    fn all_small_agrees_with_conways_theorem_on_day_three() {
        let mut games = Games::new();
        let all = born_by_day(&mut games, 3);
        for &h in &all {
            let numbers_zero = fold_up(
                &mut games,
                h,
                |games, x| games.as_number(x).map(|n| n.is_zero()),
                |_, _, ls, rs| ls.iter().chain(rs).all(|&z| z),
            )[&h];
            assert_eq!(games.is_all_small(h), numbers_zero, "{}", games.display(h));
            if games.is_all_small(h) {
                assert!(games.is_infinitesimal(h), "{}", games.display(h));
            }
        }
        let star = games.star();
        let up = games.up();
        let one = games.integer(1);
        assert!(games.is_all_small(star) && games.is_all_small(up));
        assert!(!games.is_all_small(one));
    }

    /// A game first appears on the day of its birthday: 1, 3, 18 and 1,452 games are born
    /// exactly on days 0 to 3.
    #[test]
    fn birthdays_match_the_days_they_were_born() {
        let mut games = Games::new();
        let mut earlier: Vec<GameId> = Vec::new();
        for (day, new) in [(0u64, 1usize), (1, 3), (2, 18), (3, 1452)] {
            let all = born_by_day(&mut games, day as u32);
            let fresh: Vec<GameId> = all
                .iter()
                .copied()
                .filter(|h| !earlier.contains(h))
                .collect();
            assert_eq!(fresh.len(), new, "day {day}");
            for &h in &all {
                let expected = if fresh.contains(&h) {
                    day
                } else {
                    games.birthday(h)
                };
                assert!(games.birthday(h) <= day, "{}", games.display(h));
                assert_eq!(games.birthday(h), expected, "{}", games.display(h));
            }
            earlier = all;
        }
        // An ordinal sum of ups is one day older per `: ^` (its canonical form grows a level).
        let deep = g(&mut games, "^ : ^ : ^");
        let up = games.up();
        assert!(games.birthday(deep) > games.birthday(up));
    }
}
