//! Censuses of any game's positions: `domineering boards of up to 8 cells`, `toads-and-frogs
//! strips of up to 6 squares`, `cutcake cakes up to 4x4`, `nim positions of up to 10 counters`.
//!
//! The one idea: a family of a game's positions is one of the census families its ruleset
//! declares ([`hackenbook_rulesets::Declared`]) and a bound, named in words by one rule for every
//! game, `GAME NOUN [of] up to BOUND [UNIT]` ([`parse_phrase`]), in a query and in a census
//! block alike; how many members it holds is the ruleset's count, exact where a closed form is
//! known. [`crate::engines::positions`] lists and values its members.

use super::group;
use hackenbook_base::located::Located as QueryError;
use hackenbook_rulesets::{registry, Count, Declared, DynRuleset, Engine, Family, Level};
use std::fmt;
use std::ops::Range;

/// A census of more members than this (by the bound known before it runs) runs only when its
/// author confirms it (`max_positions` in the block, `--yes` on the command line): each member
/// is valued by the solver and confirmed by the plain game tree.
pub const POSITIONS_CONFIRM_ABOVE: u128 = 100_000;

/// A census of more members than this is refused outright: every member is held in memory with
/// its value.
pub const MAX_POSITION_MEMBERS: u128 = 10_000_000;

/// Every position of one of a game's census families up to a bound.
#[derive(Clone)]
pub struct PositionFamily {
    pub ruleset: &'static dyn DynRuleset,
    /// Which of the ruleset's [`census families`](DynRuleset::census_families_erased).
    pub family: usize,
    /// The largest level: a size, or a box of rows × columns.
    pub up_to: Level,
}

impl PartialEq for PositionFamily {
    fn eq(&self, other: &PositionFamily) -> bool {
        self.ruleset.name() == other.ruleset.name()
            && self.family == other.family
            && self.up_to == other.up_to
    }
}

impl fmt::Debug for PositionFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PositionFamily({self})")
    }
}

impl PositionFamily {
    /// The ruleset's description of the family.
    pub fn info(&self) -> &'static Declared {
        &self.ruleset.census_families_erased()[self.family]
    }
}

impl Family for PositionFamily {
    /// The family as written in a query, normalised: `domineering boards of 1 to 8 cells`.
    fn key(&self) -> String {
        self.to_string()
    }

    /// The family as written in a query, normalised.
    fn in_words(&self) -> String {
        self.to_string()
    }

    /// The sizes 1 to the bound, or every box within it ([`Declared::levels`]).
    fn levels(&self) -> Vec<Level> {
        self.info().levels(self.up_to)
    }

    /// As the ruleset counts its positions: exactly where a closed form is known, or at most.
    fn count_at(&self, level: Level) -> Count {
        (self.info().count)(level)
    }

    /// Each member valued by the run's solver of its ruleset (and confirmed by its plain game
    /// tree where that fits the budget).
    fn engine(&self) -> Engine {
        Engine::Solver
    }

    /// Beyond [`MAX_POSITION_MEMBERS`], refused whatever the budget.
    fn within(&self, max_positions: u128, how: &str) -> Result<(), String> {
        let (n, words) = match self.count() {
            Count::Exact(n) => (n, group(n)),
            Count::AtMost(n) => (n, format!("up to {}", group(n))),
        };
        if n > MAX_POSITION_MEMBERS {
            return Err(format!(
                "{self} would hold {words} positions, more than the {} a census of a game's \
                 positions may hold: choose a smaller bound",
                group(MAX_POSITION_MEMBERS)
            ));
        }
        if n <= max_positions {
            return Ok(());
        }
        Err(format!(
            "this census would hold {words} positions, each valued by the solver; it runs only \
             when confirmed: {how}"
        ))
    }
}

impl PositionFamily {
    /// `6 cells`, `4x5`.
    pub(crate) fn level_words(&self, level: Level) -> String {
        match (level, self.info().unit) {
            (Level::Size(n), Some(unit)) => format!("{n} {}", unit_for(unit, n)),
            (level, _) => level.to_string(),
        }
    }
}

/// `cells`, or `cell` for one.
fn unit_for(unit: &str, n: usize) -> &str {
    if n == 1 {
        unit.strip_suffix('s').unwrap_or(unit)
    } else {
        unit
    }
}

impl fmt::Display for PositionFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let info = self.info();
        let game = self.ruleset.name();
        match (self.up_to, info.unit) {
            (Level::Size(1), Some(unit)) => {
                write!(f, "{game} {} of 1 {}", info.noun(), unit_for(unit, 1))
            }
            (Level::Size(n), Some(unit)) => write!(f, "{game} {} of 1 to {n} {unit}", info.noun()),
            (level, _) => write!(f, "{game} {} up to {level}", info.noun()),
        }
    }
}

/// Reads a family of a game's positions written in words: `GAME NOUN [of] [size|length] up to
/// BOUND [UNIT]` — `domineering boards of up to 8 cells`, `toads-and-frogs strips up to 6`,
/// `cutcake cakes up to 4x4`, `nim positions of size up to 10`. `NOUN` is one of the game's
/// census families, or `positions` for its first family bounded by size; `BOUND` is a size, or
/// `ROWSxCOLUMNS` for a family bounded by a box; `UNIT` is the family's (`cells`). Errors are
/// located in `text`.
pub fn parse_phrase(text: &str) -> Result<PositionFamily, QueryError> {
    let words = words_of(text);
    let whole = 0..text.len();
    let example =
        "write a game, what to count and a bound, such as `domineering boards of up to 8 \
                   cells` or `cutcake cakes up to 4x4`";
    let Some((game, game_span)) = words.first() else {
        return Err(QueryError::new(whole, format!("no family: {example}")));
    };
    let ruleset = registry::find(game).ok_or_else(|| {
        QueryError::new(game_span.clone(), format!("unknown game `{game}`"))
            .with_help(registry::unknown_help(game))
    })?;
    let families = ruleset.census_families_erased();
    let nouns = || nouns_in_words(ruleset);
    let Some((noun, noun_span)) = words.get(1) else {
        return Err(QueryError::new(
            game_span.clone(),
            format!("say which positions of {game} to count: {}", nouns()),
        ));
    };
    let mut rest = words[2..].iter().peekable();
    rest.next_if(|(w, _)| *w == "of");
    rest.next_if(|(w, _)| *w == "size" || *w == "length");
    let up = rest.next_if(|(w, _)| *w == "up");
    let to = match up {
        Some(_) => rest.next_if(|(w, _)| *w == "to"),
        None => None,
    };
    if up.is_none() || to.is_none() {
        let at = rest
            .peek()
            .map_or(text.len()..text.len(), |(_, s)| s.clone());
        return Err(QueryError::new(
            at,
            format!("expected `up to` and a bound after `{game} {noun}`: {example}"),
        ));
    }
    let Some((bound_text, bound_span)) = rest.next() else {
        return Err(QueryError::new(
            text.len()..text.len(),
            format!("expected a bound after `up to`: {example}"),
        ));
    };
    let bound = parse_bound(bound_text, bound_span.clone())?;
    let boxed = matches!(bound, Level::Box { .. });
    let noun: &str = noun;
    let named = |f: &Declared| f.nouns.contains(&noun) || (noun == "positions" && !f.boxed());
    let Some(family) = families.iter().position(|f| named(f) && f.boxed() == boxed) else {
        return Err(match families.iter().find(|f| named(f)) {
            Some(f) if f.boxed() => QueryError::new(
                bound_span.clone(),
                format!("{game} {noun} are bounded by rows and columns: write `up to 4x5`"),
            ),
            Some(f) => QueryError::new(
                bound_span.clone(),
                format!(
                    "{game} {noun} are bounded by their size in {}: write a number, `up to 6`",
                    f.unit.unwrap_or("cells")
                ),
            ),
            None => QueryError::new(
                noun_span.clone(),
                format!("{game} has no census of `{noun}`: {}", nouns()),
            ),
        });
    };
    let info = &families[family];
    if let Some((unit, span)) = rest.next() {
        let unit: &str = unit;
        let expected = info
            .unit
            .filter(|u| *u == unit || u.strip_suffix('s') == Some(unit));
        if expected.is_none() {
            let message = match info.unit {
                Some(u) => format!("`{unit}` is not what {game} {noun} are counted in: `{u}`"),
                None => format!("`{unit}` follows the bound: {game} {noun} are bounded by rows and columns alone"),
            };
            return Err(QueryError::new(span.clone(), message));
        }
    }
    if let Some((word, span)) = rest.next() {
        return Err(QueryError::new(
            span.start..text.len(),
            format!("unexpected `{word}` after the family's bound"),
        ));
    }
    Ok(PositionFamily {
        ruleset,
        family,
        up_to: bound,
    })
}

/// The words of `text` with their spans; `4 x 5` is one word, `4x5`.
fn words_of(text: &str) -> Vec<(&str, Range<usize>)> {
    let mut out: Vec<(&str, Range<usize>)> = Vec::new();
    let mut at = 0;
    for piece in text.split_inclusive(char::is_whitespace) {
        let start = at;
        at += piece.len();
        let word = piece.trim_end();
        if !word.is_empty() {
            out.push((word, start..start + word.len()));
        }
    }
    // `4 x 5`: three words that are one bound.
    let mut joined: Vec<(&str, Range<usize>)> = Vec::new();
    let mut i = 0;
    while i < out.len() {
        let digits = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
        if i + 2 < out.len()
            && digits(out[i].0)
            && out[i + 1].0.eq_ignore_ascii_case("x")
            && digits(out[i + 2].0)
        {
            let span = out[i].1.start..out[i + 2].1.end;
            joined.push((&text[span.clone()], span));
            i += 3;
        } else {
            joined.push(out[i].clone());
            i += 1;
        }
    }
    joined
}

/// `8` (a size) or `4x5` (rows × columns; `4 x 5`, `4X5`).
fn parse_bound(text: &str, span: Range<usize>) -> Result<Level, QueryError> {
    let number = |s: &str| -> Option<usize> {
        let s = s.trim();
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
            .filter(|&n| n > 0)
    };
    let bad = || {
        QueryError::new(
            span.clone(),
            format!("`{text}` is not a bound: write a size from 1 (`8`) or rows x columns (`4x5`)"),
        )
    };
    match text.split_once(['x', 'X']) {
        Some((r, c)) => Ok(Level::Box {
            rows: number(r).ok_or_else(bad)?,
            cols: number(c).ok_or_else(bad)?,
        }),
        None => number(text).map(Level::Size).ok_or_else(bad),
    }
}

/// A game's census families in words: `boards (up to n cells), rectangles (up to m x n)`.
fn nouns_in_words(ruleset: &dyn DynRuleset) -> String {
    let families = ruleset.census_families_erased();
    if families.is_empty() {
        return format!("{} has no census", ruleset.name());
    }
    let list: Vec<String> = families
        .iter()
        .map(|f| match f.unit {
            Some(unit) => format!("`{} up to N` {unit}", f.noun()),
            None => format!("`{} up to MxN`", f.noun()),
        })
        .collect();
    format!(
        "its censuses are {}, or `positions up to N`",
        list.join(", ")
    )
}

/// Whether a census's name is a family written in words rather than a name (it has blanks).
pub fn is_phrase(name: &str) -> bool {
    name.contains(char::is_whitespace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rule_reads_every_game() {
        for (text, shown) in [
            (
                "domineering boards of up to 8 cells",
                "domineering boards of 1 to 8 cells",
            ),
            (
                "domineering rectangles up to 4x5",
                "domineering rectangles up to 4x5",
            ),
            (
                "domineering boards up to 3 x 3",
                "domineering rectangles up to 3x3",
            ),
            (
                "toads-and-frogs strips of length up to 6",
                "toads-and-frogs strips of 1 to 6 squares",
            ),
            (
                "toads-and-frogs positions up to 6 squares",
                "toads-and-frogs strips of 1 to 6 squares",
            ),
            ("cutcake cakes up to 4x4", "cutcake cakes up to 4x4"),
            (
                "cutcake cakes of up to 12 cells",
                "cutcake cakes of 1 to 12 cells",
            ),
            ("push strips up to 7", "push strips of 1 to 7 squares"),
            ("nim heaps up to 10", "nim heaps of 1 to 10 counters"),
            (
                "nim positions of size up to 1",
                "nim positions of 1 counter",
            ),
        ] {
            let family = parse_phrase(text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
            assert_eq!(family.to_string(), shown, "`{text}`");
        }
    }

    #[test]
    fn mistakes_are_located_with_the_fix() {
        for (text, at, says) in [
            (
                "dominering boards up to 6",
                "dominering",
                "did you mean `domineering`?",
            ),
            (
                "domineering squares up to 6",
                "squares",
                "its censuses are `boards up to N` cells",
            ),
            ("domineering rectangles up to 6", "6", "write `up to 4x5`"),
            ("cutcake cakes up to 0", "0", "not a bound"),
            ("nim heaps up to 4 cells", "cells", "`counters`"),
            ("nim heaps to 4", "to", "expected `up to`"),
            (
                "push strips up to 4 squares wide",
                "wide",
                "unexpected `wide`",
            ),
        ] {
            let e = parse_phrase(text).unwrap_err();
            assert_eq!(&text[e.span.clone()], at, "`{text}`: {e}");
            let words = format!("{} {}", e.message, e.help.clone().unwrap_or_default());
            assert!(words.contains(says), "`{text}`: {words}");
        }
    }
}
