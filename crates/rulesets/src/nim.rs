//! Nim: heaps of counters; a move takes one or more counters from one heap, and either player
//! may make it.
//!
//! The one idea: the smallest complete ruleset — notation, named moves, parts, a key, a
//! drawing — and the one whose theorem (a heap of n is ∗n, heaps add by the nim-sum) the plain
//! game tree can confirm on every small position. Written `3 5 7` (heaps in order, separated by
//! blanks, commas or `+`); a move is named by the heap and what it leaves, `7→4` (ASCII `7->4`),
//! with `[k]` for the k-th of several equal heaps (`3[2]→1`).

use super::census::{partitions, Count, Declared, Level};
use super::{Drawing, Item, Keyed, Move, Ruleset};
use crate::draw::num;
use hackenbook_base::located::Located;
use hackenbook_games::{GameId, Games, Player};

/// The rules of Nim (no variants).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

/// The largest heap a position may hold: its nimber must fit the games table's `u32`.
pub const MAX_HEAP: u64 = u32::MAX as u64;

/// Heaps in the order written (empty heaps kept, so that play keeps each heap in its place).
pub type Heaps = Vec<u64>;

impl Nim {
    /// The name of a heap: its size, and `[k]` when several heaps have that size.
    fn heap_name(heaps: &[u64], i: usize) -> String {
        let size = heaps[i];
        let same = heaps.iter().filter(|&&h| h == size).count();
        if same == 1 {
            size.to_string()
        } else {
            let k = heaps[..=i].iter().filter(|&&h| h == size).count();
            format!("{size}[{k}]")
        }
    }
}

/// The families a census of Nim enumerates ([`Ruleset::census_families`]).
const CENSUS_FAMILIES: &[Declared] = &[
    Declared {
        nouns: &["positions"],
        unit: Some("counters"),
        doc: "every position of n counters, its heaps in any order (the partitions of n: \
              1, 2, 3, 5, 7, 11, … for n = 1, 2, 3, …, OEIS A000041), by number of heaps, \
              then largest heap first",
        count: |level| match level {
            Level::Size(n) => Count::Exact(partitions(n)),
            Level::Box { .. } => Count::Exact(0),
        },
    },
    Declared {
        nouns: &["heaps"],
        unit: Some("counters"),
        doc: "one heap of n counters for each n",
        count: |level| Count::Exact(u128::from(matches!(level, Level::Size(_)))),
    },
];

impl Ruleset for Nim {
    type Position = Heaps;
    type Key = Vec<u64>;

    fn name(&self) -> &'static str {
        "nim"
    }

    fn parse(&self, text: &str) -> Result<Heaps, Located> {
        let mut heaps = Vec::new();
        let mut at = 0;
        for piece in text.split_inclusive(|c: char| c.is_whitespace() || c == ',' || c == '+') {
            let start = at;
            at += piece.len();
            let word = piece.trim_end_matches(|c: char| c.is_whitespace() || c == ',' || c == '+');
            if word.is_empty() {
                continue;
            }
            let span = start..start + word.len();
            if !word.bytes().all(|b| b.is_ascii_digit()) {
                return Err(Located::new(
                    span,
                    format!("`{word}` is not a heap: a heap is a number of counters, such as 3"),
                ));
            }
            if word.len() > 1 && word.starts_with('0') {
                return Err(Located::new(
                    span,
                    format!("`{word}` has a leading zero: write the heap as a plain number"),
                ));
            }
            match word.parse::<u64>() {
                Ok(n) if n <= MAX_HEAP => heaps.push(n),
                _ => {
                    return Err(Located::new(
                        span,
                        format!("a heap holds at most {MAX_HEAP} counters"),
                    ))
                }
            }
        }
        if heaps.is_empty() {
            return Err(Located::new(
                0..text.len(),
                "no heaps: write the heaps' sizes, such as `3 5 7`",
            ));
        }
        Ok(heaps)
    }

    fn print(&self, p: &Heaps) -> String {
        p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
    }

    fn size(&self, p: &Heaps) -> usize {
        p.iter().fold(0usize, |s, &h| {
            s.saturating_add(usize::try_from(h).unwrap_or(usize::MAX))
        })
    }

    fn size_unit(&self) -> &'static str {
        "counters"
    }

    fn moves(&self, p: &Heaps, _player: Player) -> Vec<Move<Heaps>> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            let name = Nim::heap_name(p, i);
            for left in (0..p[i]).rev() {
                let mut to = p.clone();
                to[i] = left;
                out.push(Move {
                    name: format!("{name}→{left}"),
                    to,
                });
            }
        }
        out
    }

    fn components(&self, p: &Heaps) -> Vec<Heaps> {
        p.iter().filter(|&&h| h > 0).map(|&h| vec![h]).collect()
    }

    fn key(&self, p: &Heaps) -> Keyed<Vec<u64>> {
        let mut key: Vec<u64> = p.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        // Nim is impartial: every position is its own negative.
        Keyed {
            key,
            negated: false,
        }
    }

    fn fast_value(&self, p: &Heaps, games: &mut Games) -> Option<GameId> {
        let nim_sum = p.iter().fold(0u64, |x, &h| x ^ h);
        Some(games.nimber(u32::try_from(nim_sum).ok()?))
    }

    fn census_families(&self) -> &'static [Declared] {
        CENSUS_FAMILIES
    }

    fn census_members(&self, family: usize, level: Level) -> Vec<Heaps> {
        let Level::Size(n) = level else {
            return Vec::new();
        };
        let Ok(heap) = u64::try_from(n) else {
            return Vec::new();
        };
        match family {
            0 => {
                let mut all = Vec::new();
                partitions_of(heap, heap, &mut Vec::new(), &mut all);
                // Stable: within a number of heaps, largest heap first, as generated.
                all.sort_by_key(Vec::len);
                all
            }
            1 if n > 0 => vec![vec![heap]],
            _ => Vec::new(),
        }
    }

    /// The heaps, largest first, empty ones dropped (a position of empty heaps only is `0`).
    fn census_form(&self, p: &Heaps) -> Heaps {
        let mut heaps: Heaps = p.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable_by(|a, b| b.cmp(a));
        if heaps.is_empty() {
            heaps.push(0);
        }
        heaps
    }

    fn draw(&self, p: &Heaps) -> Drawing {
        const GAP: f32 = 1.6;
        let tallest = p.iter().copied().max().unwrap_or(0).min(40) as f32;
        let mut items = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            let x = GAP * i as f32 + 0.8;
            let name = Nim::heap_name(p, i);
            items.push(Item {
                piece: None,
                id: format!("heap{i}"),
                svg: format!(
                    "<line class=\"hb-ground\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                    num(x - 0.6),
                    num(tallest + 0.6),
                    num(x + 0.6),
                    num(tallest + 0.6)
                ),
                moves: Vec::new(),
                label: format!("heap {}", i + 1),
            });
            // Counter j (from the bottom) is the target of the move that leaves j counters.
            for j in 0..h.min(40) {
                let y = tallest - j as f32;
                items.push(Item {
                    piece: None,
                    id: format!("heap{i}-counter{j}"),
                    svg: format!(
                        "<circle class=\"hb-counter\" cx=\"{}\" cy=\"{y}\" r=\"0.4\"/>",
                        num(x)
                    ),
                    moves: Player::BOTH
                        .iter()
                        .map(|&who| (who, format!("{name}→{j}")))
                        .collect(),
                    label: format!("counter {} of heap {}", j + 1, i + 1),
                });
            }
        }
        let sizes: Vec<String> = p.iter().map(u64::to_string).collect();
        Drawing {
            view: [0.0, -0.2, GAP * p.len().max(1) as f32, tallest + 1.2],
            items,
            description: match p.len() {
                1 => format!("a heap of {} counters", p[0]),
                n => {
                    let (last, rest) = sizes.split_last().expect("more than one heap");
                    format!("{n} heaps of {} and {last} counters", rest.join(", "))
                }
            },
        }
    }
}

/// Every partition of `n` into parts of at most `most`, largest part first, appended to `out`
/// after `prefix`, the largest parts first (`[3]`, `[2, 1]`, `[1, 1, 1]` for 3). Iterative over
/// the parts' sizes, recursive only as deep as a partition has parts, at most `n`: a census
/// bounds `n` by its budget long before that matters.
fn partitions_of(n: u64, most: u64, prefix: &mut Vec<u64>, out: &mut Vec<Heaps>) {
    if n == 0 {
        out.push(prefix.clone());
        return;
    }
    for part in (1..=most.min(n)).rev() {
        prefix.push(part);
        partitions_of(n - part, part, prefix, out);
        prefix.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use hackenbook_games::clock::Running;

    fn heaps(text: &str) -> Heaps {
        Nim.parse(text).unwrap()
    }

    #[test]
    fn notation_reads_back_and_refuses_what_is_not_a_heap() {
        assert_eq!(heaps("3 5 7"), vec![3, 5, 7]);
        assert_eq!(heaps("3, 5 + 7"), vec![3, 5, 7]);
        assert_eq!(Nim.print(&heaps(" 0 12 ")), "0 12");
        let e = Nim.parse("3 x5").unwrap_err();
        assert_eq!(e.span, 2..4);
        assert!(Nim
            .parse("3 05")
            .unwrap_err()
            .message
            .contains("leading zero"));
        assert!(Nim.parse("99999999999").is_err());
        assert!(Nim.parse("  ").is_err());
    }

    #[test]
    fn moves_are_named_by_heap_and_what_is_left() {
        let p = heaps("3 3 1");
        let names: Vec<String> = Nim
            .moves(&p, Player::Left)
            .into_iter()
            .map(|m| m.name)
            .collect();
        assert_eq!(
            names,
            ["3[1]→2", "3[1]→1", "3[1]→0", "3[2]→2", "3[2]→1", "3[2]→0", "1→0"]
        );
        let m = Nim.find_move(&p, Player::Right, "3[2] -> 1").unwrap();
        assert_eq!(m.to, vec![3, 1, 1]);
        let e = Nim.find_move(&p, Player::Right, "3→1").unwrap_err();
        assert!(e.contains("3[1]→1"), "{e}");
    }

    /// Every position of up to three heaps of at most 5: the solver with its parts, key and
    /// shortcut against the plain game tree, and both against the nim-sum computed here.
    #[test]
    fn the_solver_agrees_with_the_plain_game_tree_and_the_nim_sum() {
        let mut games = Games::new();
        let clock = Running::default();
        let mut full = Solver::new(Nim);
        let mut plain = Solver::plain(Nim);
        for a in 0..=5u64 {
            for b in 0..=5 {
                for c in 0..=5 {
                    let p = vec![a, b, c];
                    let v = full.value(&p, &mut games, &clock).unwrap();
                    let w = plain.value(&p, &mut games, &clock).unwrap();
                    assert_eq!(v, w, "{p:?}");
                    let nim_sum = u32::try_from(a ^ b ^ c).unwrap();
                    assert_eq!(games.as_nimber(w), Some(nim_sum), "{p:?}");
                }
            }
        }
        assert!(plain.stats.valued > full.stats.valued);
    }

    #[test]
    fn the_plain_solver_stops_at_its_budget() {
        let mut games = Games::new();
        let mut plain = Solver::plain(Nim);
        plain.limits.positions = 50;
        let e = plain
            .value(&heaps("6 6 6"), &mut games, &Running::default())
            .unwrap_err();
        assert_eq!(e, crate::Unsolved::TooManyPositions { limit: 50 });
    }

    #[test]
    fn every_counter_is_the_target_of_the_move_that_takes_it() {
        let p = heaps("2 1");
        let d = Nim.draw(&p);
        for m in Nim.moves(&p, Player::Left) {
            assert!(
                d.items
                    .iter()
                    .any(|i| i.moves.contains(&(Player::Left, m.name.clone()))),
                "{}",
                m.name
            );
        }
        assert_eq!(d.description, "2 heaps of 2 and 1 counters");
    }
}
