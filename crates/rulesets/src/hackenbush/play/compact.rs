//! The play table written compactly for a page, and read back: what the page's script follows.
//!
//! The one idea: **a page needs per reachable position only its standing edges, its value and,
//! per standing edge, whether it is a legal cut and whether it wins; everything else follows**.
//! The entry a cut leads to is not written: it is the largest entry whose edges lie within the
//! standing edges less the one cut. (Every position play reaches is grounded, and the position a
//! cut leaves is the largest grounded set within what stood, so it is the one entry of the table
//! that contains every other entry inside that set.) Outcome classes are a function of values,
//! so they are written once per value.
//!
//! The text, `v1;COLOURS;RULES;OUTCOMES;COUNT;BITS`:
//! - `COLOURS`: one letter per edge of the position as written, `L`, `R` or `G`;
//! - `RULES`: `n` (normal) or `c` (childish);
//! - `OUTCOMES`: one letter per distinct value, its outcome class (`L`, `R`, `P`, `N`);
//! - `COUNT`: the number of entries, in decimal;
//! - `BITS`: a bit stream in base 64 (`A–Z a–z 0–9 - _`, six bits a character, least significant
//!   bit first), entry after entry in the table's order: the standing edges (one bit per edge),
//!   the value index (as many bits as the largest index needs; none for a single value), then for
//!   each standing edge in edge order: under the childish rules one bit *legal*; for a legal cut,
//!   one bit *Left wins by it* unless the edge is red, one bit *Right wins by it* unless it is blue.
//!
//! [`decode`] reads the text back exactly as `player.js` does, so that a test can hold the page's
//! view of the table against the table itself.

use super::table::PlayTable;
use super::{members, EdgeSet};
use crate::hackenbush::{Colour, Rules};
pub use crate::play::letters::DecodeError;
use crate::play::letters::{letter_outcome, outcome_letter, BitReader, BitWriter};
use hackenbook_games::OutcomeClass;

/// The most edges a compact table is written for: the script keeps a set of standing edges in a
/// 32-bit integer.
pub const MAX_COMPACT_EDGES: usize = 30;

/// The table as text for a page; `None` if the position has more than [`MAX_COMPACT_EDGES`].
pub fn encode(table: &PlayTable) -> Option<String> {
    let n = table.edges.len();
    if n > MAX_COMPACT_EDGES {
        return None;
    }
    let colours: Vec<char> = table.edges.iter().map(|e| e.colour).collect();
    let mut outcomes = vec!['?'; table.values.len()];
    for entry in &table.positions {
        outcomes[entry.value] = outcome_letter(entry.outcome);
    }
    let value_bits = bits_for(table.values.len());
    let childish = table.rules == Rules::Childish;
    let mut out = BitWriter::default();
    for entry in &table.positions {
        out.push(entry.set, n);
        out.push(entry.value as u64, value_bits);
        for e in members(entry.set) {
            let legal = entry.cuts.iter().any(|&(x, _)| x == e);
            if childish {
                out.push(u64::from(legal), 1);
            }
            if !legal {
                continue;
            }
            if colours[e] != 'R' {
                out.push(u64::from(entry.left.contains(&e)), 1);
            }
            if colours[e] != 'L' {
                out.push(u64::from(entry.right.contains(&e)), 1);
            }
        }
    }
    Some(format!(
        "v1;{};{};{};{};{}",
        colours.iter().collect::<String>(),
        if childish { 'c' } else { 'n' },
        outcomes.iter().collect::<String>(),
        table.positions.len(),
        out.finish()
    ))
}

/// One entry as the page reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageEntry {
    pub set: EdgeSet,
    pub value: usize,
    pub outcome: OutcomeClass,
    /// The legal cuts, in edge order.
    pub cuts: Vec<usize>,
    pub left: Vec<usize>,
    pub right: Vec<usize>,
}

/// A compact table read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageTable {
    pub colours: Vec<Colour>,
    pub rules: Rules,
    pub entries: Vec<PageEntry>,
}

impl PageTable {
    /// The entry a cut of `e` from entry `i` leads to, found as the page finds it: the entry
    /// with the most edges among those within the standing edges less `e`.
    pub fn after(&self, i: usize, e: usize) -> Option<usize> {
        let within = self.entries[i].set & !(1 << e);
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, x)| x.set & !within == 0)
            .max_by_key(|(j, x)| (x.set.count_ones(), std::cmp::Reverse(*j)))
            .map(|(j, _)| j)
    }
}

/// Reads a table written by [`encode`].
pub fn decode(text: &str) -> Result<PageTable, DecodeError> {
    let bad = |what: &str| DecodeError(what.to_string());
    let parts: Vec<&str> = text.split(';').collect();
    let [version, colours, rules, outcomes, count, bits] = parts[..] else {
        return Err(bad("expected six fields"));
    };
    if version != "v1" {
        return Err(bad("unknown version"));
    }
    let colours: Vec<Colour> = colours
        .chars()
        .map(|c| Colour::from_letter(c).ok_or_else(|| bad("bad colour")))
        .collect::<Result<_, _>>()?;
    let rules = match rules {
        "n" => Rules::Normal,
        "c" => Rules::Childish,
        _ => return Err(bad("bad rules")),
    };
    let outcomes: Vec<OutcomeClass> = outcomes
        .chars()
        .map(|c| letter_outcome(c).ok_or_else(|| bad("bad outcome")))
        .collect::<Result<_, _>>()?;
    let count: usize = count.parse().map_err(|_| bad("bad count"))?;
    let mut read = BitReader::new(bits).ok_or_else(|| bad("bad character in the bits"))?;
    let n = colours.len();
    let value_bits = bits_for(outcomes.len());
    let mut entries = Vec::with_capacity(count);
    for _ in 0..count {
        let set = read.take(n).ok_or_else(|| bad("bits end early"))?;
        let value = read.take(value_bits).ok_or_else(|| bad("bits end early"))? as usize;
        let outcome = *outcomes
            .get(value)
            .ok_or_else(|| bad("value out of range"))?;
        let mut entry = PageEntry {
            set,
            value,
            outcome,
            cuts: Vec::new(),
            left: Vec::new(),
            right: Vec::new(),
        };
        for e in members(set) {
            let mut bit = || read.take(1).ok_or_else(|| bad("bits end early"));
            if rules == Rules::Childish && bit()? == 0 {
                continue;
            }
            entry.cuts.push(e);
            if colours[e] != Colour::Red && bit()? == 1 {
                entry.left.push(e);
            }
            if colours[e] != Colour::Blue && bit()? == 1 {
                entry.right.push(e);
            }
        }
        entries.push(entry);
    }
    Ok(PageTable {
        colours,
        rules,
        entries,
    })
}

/// Bits to write any index below `count`.
fn bits_for(count: usize) -> usize {
    (usize::BITS - count.saturating_sub(1).leading_zeros()) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_indices_take_the_bits_the_largest_needs() {
        assert_eq!(bits_for(1), 0);
        assert_eq!(bits_for(2), 1);
        assert_eq!(bits_for(5), 3);
    }

    #[test]
    fn bad_text_is_refused() {
        assert!(decode("v2;L;n;L;1;B").is_err());
        assert!(decode("v1;L;n;L;7;B").is_err(), "too few bits");
        assert!(decode("v1;X;n;L;1;B").is_err());
        assert!(decode("v1;L;n;L;1;*").is_err());
    }
}
