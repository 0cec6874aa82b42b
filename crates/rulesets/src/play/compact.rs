//! A play table of any game written compactly for a page, with the one drawing the page shows,
//! and read back: what the page's script follows.
//!
//! The one idea: **the page draws every item play can show once, and an entry is the set of items
//! it shows and the moves its items are the targets of**. Each reachable position's drawing is
//! made of items whose ids stay the same across positions ([`crate::draw`]); the page's drawing
//! is their union, each id once (an id must mean the same picture and the same words in every
//! position, or the table is refused), in an order that keeps each drawing's back-to-front
//! order. Every move of every entry must be the target of exactly one of its items for its
//! player, so a click (or a key) on an item makes one move.
//!
//! Bits go six to a character ([`super::letters`]), and what the page can work out is not
//! written: which items the position played (entry 0) shows, since the drawing shows them; an
//! item shown in every entry, or exactly when one of some other items is (a Hackenbush node and
//! the edges that touch it), takes no bit an entry; an item that is a move whenever it is shown
//! (a standing edge under the normal rules) takes no bit saying so; a move named by the last word
//! of its item's words (a Hackenbush edge, "the blue edge LR") is not named again; whether a move
//! wins follows from the outcome of the entry it reaches; the entry reached is not written
//! when the page finds it by itself (below), which the writer checks on every move; and the
//! number of entries is not written when the bits say it.
//!
//! The text, `g3;SHOWN;OUTCOMES;SLOTS;COUNT;BITS`, read with the page's drawing (its
//! `g[data-item]` elements in document order, the items, numbered in base 36; their words,
//! `data-label`; which are shown before play):
//! - `SHOWN`: the items whose being shown is not written, separated by `,`: `k` for an item
//!   every entry shows, `k=j+j…` for one shown exactly when at least one of the items `j` is
//!   (each of them written), `k=j*c` for the `c` items from `k` on, each shown exactly when its
//!   own of the `c` items from `j` on is (a tree's nodes, each with the edge under it);
//! - `OUTCOMES`: one letter per distinct value, its outcome class (`L`, `R`, `P`, `N`);
//! - `SLOTS`: the moves made by clicking an item, by item and Left's before Right's, in groups
//!   separated by `,`, each `ITEM.CODES:NAMES` — `ITEM.` the group's first item, left out when it
//!   is the item after the previous group's last (for the first group, the first item with
//!   words, or 0 if none has any); `CODES` one letter an
//!   item, for consecutive items: `L`, `R` (that player's moves) or `B` (both players', named
//!   alike), each in lower case when a bit says whether the player has the move where the item
//!   is shown (in upper case the move is there whenever the item is; `b` is one bit for both,
//!   who have their moves there in the same entries); `:NAMES` only after one
//!   code: the moves' names, separated by `|`, with `%`, `,`, `;`, `|`, `:`, `>` and `<` written
//!   `%25`, `%2C`, `%3B`, `%7C`, `%3A`, `%3E`, `%3C` (read with `decodeURIComponent`); a name
//!   alone when the page finds the entry a move of that name reaches and the move adds no item,
//!   followed by `>` and the items it adds (joined by `+`) when it adds some, and by `<` when the
//!   entry reached is written. Without `:NAMES`, each item's slots have one name, the last word
//!   of the item's words (after their last space), the page finds the entry and the move adds
//!   nothing;
//! - `COUNT`: the number of entries, in decimal; left out when no move writes the entry it
//!   reaches and every entry after entry 0 takes six bits or more: the entries are then as many
//!   as the bits hold (entry 0, then one more while six bits or more are left);
//! - `BITS`: entry after entry in the table's order: one bit per item written (shown or not; none
//!   in entry 0, which shows what the drawing shows before play), the value index (as many bits
//!   as the largest index needs; none for one value), then for each slot (`B` is two, Left's
//!   first) whose item the entry shows: a bit *the move is there* if the code is in lower case
//!   (Right's of a `b` none: Left's says it),
//!   and for a move there the index of its name (bits as for the value) and, unless the page
//!   finds it, the entry reached (as many bits as the last entry's index needs).
//!
//! The page finds the entry a move reaches as the entry showing the most items (the first of
//! equals) among those that show nothing outside the items of the entry moved from, less the
//! item clicked, with the items the move adds: a cut in Hackenbush leaves the largest grounded
//! set of what stood less the edge cut, and a domino placed shows itself and hides the places
//! it covers. A Left move wins when the entry reached is won by Left (`L`) or by the second
//! player (`P`); a Right move, by Right or the second player.
//!
//! [`decode`] reads the text and the drawing back exactly as `board.js` does, so that a test can
//! hold the page's view of the table against the table itself.

pub use super::letters::DecodeError;
use super::letters::{letter_outcome, outcome_letter, BitReader, BitWriter};
use super::PlayTable;
use crate::draw::{Drawing, Item};
use hackenbook_games::{OutcomeClass, Player};
use std::cmp::Reverse;
use std::collections::HashMap;
use std::fmt;

/// What a page needs to play a table: the compact text and the drawing it refers to.
#[derive(Clone, Debug, PartialEq)]
pub struct PagePlayable {
    pub text: String,
    /// The union of the items of every reachable position, each once, in the order the text
    /// numbers them; only the targets of moves keep their words.
    pub drawing: Drawing,
    /// Which items of [`PagePlayable::drawing`] the position played (entry 0) shows.
    pub shown: Vec<bool>,
}

/// Why a table cannot be written for a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompactError {
    /// An item id draws differently in two positions play reaches.
    ItemChanges {
        id: String,
        first: String,
        then: String,
    },
    /// Two positions play reaches draw an item in front of another and behind it.
    OrderChanges { id: String },
    /// A move no item of its position's drawing is the target of.
    NoTarget {
        position: String,
        player: Player,
        name: String,
    },
    /// An item that is the target of two moves of one player.
    TwoMoves {
        position: String,
        player: Player,
        id: String,
    },
}

impl fmt::Display for CompactError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompactError::ItemChanges { id, first, then } => write!(
                f,
                "the drawing's item `{id}` is drawn differently in two positions play reaches \
                 (`{first}`, then `{then}`)"
            ),
            CompactError::OrderChanges { id } => write!(
                f,
                "the drawing's item `{id}` is drawn in front of another in one position play \
                 reaches and behind it in another"
            ),
            CompactError::NoTarget {
                position,
                player,
                name,
            } => write!(
                f,
                "{player}'s move `{name}` from `{position}` is the target of no item of its drawing"
            ),
            CompactError::TwoMoves {
                position,
                player,
                id,
            } => write!(
                f,
                "the item `{id}` of `{position}` is the target of two of {player}'s moves"
            ),
        }
    }
}

impl std::error::Error for CompactError {}

/// The union of the drawings of every entry, the items each entry shows, and the text.
pub fn encode(table: &PlayTable) -> Result<PagePlayable, CompactError> {
    let drawings: Vec<Drawing> = table.reached.iter().map(|p| p.draw()).collect();
    let union = Union::of(&drawings)?;
    let n = union.items.len();
    let place: HashMap<&str, usize> = union
        .items
        .iter()
        .enumerate()
        .map(|(i, item)| (item.id.as_str(), i))
        .collect();
    let shown: Vec<Items> = drawings
        .iter()
        .map(|d| Items::of(n, d.items.iter().map(|i| place[i.id.as_str()])))
        .collect();
    // Every move by the item it is the target of.
    let mut moves: Vec<Vec<Clicked>> = Vec::with_capacity(table.positions.len());
    let mut targets = vec![false; n];
    for (entry, drawing) in table.positions.iter().zip(&drawings) {
        let mut here = Vec::new();
        for player in Player::BOTH {
            for m in entry.moves(player) {
                let item = place[target(drawing, player, &m.name, &entry.position)?];
                targets[item] = true;
                here.push(Clicked {
                    player,
                    item,
                    name: m.name.as_str(),
                    to: m.to,
                });
            }
        }
        moves.push(here);
    }
    let visibility = Visibility::of(&shown, n);
    let slots = Slot::all(&moves, &shown, &union.items);
    let entries = table.positions.len();
    let mut out = BitWriter::default();
    let value_bits = bits_for(table.values.len());
    let to_bits = bits_for(entries);
    let mut outcomes = vec!['?'; table.values.len()];
    // The fewest bits an entry after entry 0 takes.
    let mut shortest = usize::MAX;
    for (i, entry) in table.positions.iter().enumerate() {
        let start = out.written();
        outcomes[entry.value] = outcome_letter(entry.outcome);
        // Entry 0 shows what the drawing shows before play.
        for k in (0..n).filter(|&k| i > 0 && visibility[k] == Shown::Written) {
            out.push(u64::from(shown[i].has(k)), 1);
        }
        out.push(entry.value as u64, value_bits);
        for slot in &slots {
            if !shown[i].has(slot.item) {
                continue;
            }
            let made = moves[i]
                .iter()
                .find(|m| m.item == slot.item && m.player == slot.player);
            if !slot.implied && !slot.shares {
                out.push(u64::from(made.is_some()), 1);
            }
            let Some(made) = made else { continue };
            let name = slot
                .names
                .iter()
                .position(|x| x.name == made.name)
                .expect("every name of a slot's moves is listed");
            out.push(name as u64, bits_for(slot.names.len()));
            if slot.names[name].adds.is_none() {
                out.push(made.to as u64, to_bits);
            }
        }
        if i > 0 {
            shortest = shortest.min(out.written() - start);
        }
    }
    // The count is left out when the page can count the entries as the bits hold whole ones:
    // each after entry 0 is longer than the last character's padding, and no move writes the
    // entry it reaches (whose bits depend on the count).
    let written_to = slots
        .iter()
        .flat_map(|s| &s.names)
        .any(|x| x.adds.is_none());
    let count = if shortest >= 6 && !written_to {
        String::new()
    } else {
        entries.to_string()
    };
    // Only the targets of moves are named on the page (a focused target's accessible name).
    let mut items = union.items;
    for (k, item) in items.iter_mut().enumerate() {
        if !targets[k] {
            item.label.clear();
        }
    }
    let text = format!(
        "g3;{};{};{};{count};{}",
        visibility_text(&visibility),
        outcomes.iter().collect::<String>(),
        slots_text(&slots, first_with_words(&items)),
        out.finish()
    );
    let shown = (0..n).map(|k| shown[0].has(k)).collect();
    Ok(PagePlayable {
        text,
        drawing: Drawing {
            view: union.view,
            items,
            description: drawings[0].description.clone(),
        },
        shown,
    })
}

/// One move of an entry, by the item clicked to make it.
struct Clicked<'t> {
    player: Player,
    item: usize,
    name: &'t str,
    to: usize,
}

/// A set of the page drawing's items, one bit an item.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Items(Vec<u64>);

impl Items {
    fn of(n: usize, members: impl Iterator<Item = usize>) -> Items {
        let mut set = Items(vec![0; n.div_ceil(64)]);
        for k in members {
            set.add(k);
        }
        set
    }

    fn has(&self, k: usize) -> bool {
        self.0[k / 64] >> (k % 64) & 1 == 1
    }

    fn add(&mut self, k: usize) {
        self.0[k / 64] |= 1 << (k % 64);
    }

    fn remove(&mut self, k: usize) {
        self.0[k / 64] &= !(1 << (k % 64));
    }

    fn within(&self, other: &Items) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    fn union(&mut self, other: &Items) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    fn members(&self) -> impl Iterator<Item = usize> + '_ {
        (0..64 * self.0.len()).filter(|&k| self.has(k))
    }
}

/// How the page knows whether an entry shows an item.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Shown {
    /// One bit an entry.
    Written,
    /// Every entry shows it.
    Always,
    /// Shown exactly when at least one of these items (each [`Shown::Written`]) is: a
    /// Hackenbush node with the edges that touch it.
    With(Vec<usize>),
}

/// Per item of the page's drawing, how its being shown is written: whichever takes fewer
/// bits (a bit an entry, or the item's place in the text's list).
struct Visibility;

impl Visibility {
    fn of(shown: &[Items], n: usize) -> Vec<Shown> {
        let entries = shown.len();
        // By item: the entries that show it.
        let by_item: Vec<Items> = (0..n)
            .map(|k| Items::of(entries, (0..entries).filter(|&i| shown[i].has(k))))
            .collect();
        let mut out = vec![Shown::Written; n];
        // Items a derived item is shown with stay written.
        let mut parent = vec![false; n];
        for k in 0..n {
            if by_item[k].count() == entries {
                out[k] = Shown::Always;
                continue;
            }
            if parent[k] {
                continue;
            }
            // Items shown only where k is, taken greedily by how many of k's entries they add.
            let mut candidates: Vec<usize> = (0..n)
                .filter(|&j| j != k && out[j] == Shown::Written && by_item[j].within(&by_item[k]))
                .filter(|&j| by_item[j] != by_item[k] || j < k)
                .collect();
            let mut covered = Items::of(entries, std::iter::empty());
            let mut with = Vec::new();
            while covered != by_item[k] {
                // The entries of k it adds.
                let gain = |j: &usize| -> usize {
                    by_item[*j]
                        .0
                        .iter()
                        .zip(&covered.0)
                        .map(|(a, c)| (a & !c).count_ones() as usize)
                        .sum()
                };
                let Some(best) = candidates
                    .iter()
                    .copied()
                    .max_by_key(|j| (gain(j), Reverse(*j)))
                else {
                    break;
                };
                if gain(&best) == 0 {
                    break;
                }
                covered.union(&by_item[best]);
                with.push(best);
                candidates.retain(|&j| j != best);
            }
            if covered != by_item[k] {
                continue;
            }
            with.sort_unstable();
            for &j in &with {
                parent[j] = true;
            }
            out[k] = Shown::With(with);
        }
        // Each spec of the text kept only if shorter than a bit for each of its items in every
        // entry but entry 0 (read from the drawing); its items written otherwise.
        for (text, items) in specs(&out) {
            if 6 * (text.len() + 1) >= entries.saturating_sub(1) * items.len() {
                for k in items {
                    out[k] = Shown::Written;
                }
            }
        }
        out
    }
}

/// The text's specs of the items not written a bit an entry, with the items each covers: `k`
/// (always shown), `k=j+j…` (shown with any of the items `j`), `k=j*c` (a run of `c` items from
/// `k`, each shown exactly when its own of the `c` items from `j` is).
fn specs(visibility: &[Shown]) -> Vec<(String, Vec<usize>)> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < visibility.len() {
        match &visibility[k] {
            Shown::Written => k += 1,
            Shown::Always => {
                out.push((base36(k), vec![k]));
                k += 1;
            }
            Shown::With(with) => {
                let run = match with[..] {
                    [j] => (1..)
                        .take_while(|t| visibility.get(k + t) == Some(&Shown::With(vec![j + t])))
                        .count(),
                    _ => 0,
                };
                if run > 0 {
                    let c = run + 1;
                    out.push((
                        format!("{}={}*{}", base36(k), base36(with[0]), base36(c)),
                        (k..k + c).collect(),
                    ));
                    k += c;
                } else {
                    out.push((format!("{}={}", base36(k), join36(with, '+')), vec![k]));
                    k += 1;
                }
            }
        }
    }
    out
}

/// The text's list of the items not written a bit an entry ([`specs`]).
fn visibility_text(visibility: &[Shown]) -> String {
    let texts: Vec<String> = specs(visibility).into_iter().map(|(t, _)| t).collect();
    texts.join(",")
}

/// One name of a slot's moves, and, when the page finds the entry a move of this name reaches
/// by itself, the items the move adds to the board ([`reached`]).
#[derive(Clone, Debug, PartialEq, Eq)]
struct SlotName<'t> {
    name: &'t str,
    adds: Option<Vec<usize>>,
}

/// The moves one player makes by clicking one item: their names, whether the item is a move
/// whenever it is shown, and how the entry reached is known.
#[derive(Clone, Debug)]
struct Slot<'t> {
    item: usize,
    player: Player,
    /// The player has a move here in every entry that shows the item (no bit says so).
    implied: bool,
    names: Vec<SlotName<'t>>,
    /// One name, the last word of the item's words, reaching an entry the page finds and
    /// adding nothing: not written.
    labelled: bool,
    /// The entries where the player has the move.
    present: Vec<usize>,
    /// Right's slot written with Left's on the same item, before it (one code): their names
    /// and how their entries are found agree, and so do the entries where they have the move
    /// (one bit says it for both, unless the moves are there wherever the item is).
    shares: bool,
}

/// The most subset tests the writer spends on finding which moves' entries the page can find
/// by itself; past it, the remaining moves' entries are written (the table stays exact, only
/// longer).
const INFERENCE_CHECKS: usize = 20_000_000;

impl<'t> Slot<'t> {
    /// Every slot, by item, Left's before Right's.
    fn all(moves: &[Vec<Clicked<'t>>], shown: &[Items], items: &[Item]) -> Vec<Slot<'t>> {
        let mut by: HashMap<(usize, usize), Vec<(usize, &Clicked<'t>)>> = HashMap::new();
        for (i, here) in moves.iter().enumerate() {
            for m in here {
                by.entry((m.item, m.player.index()))
                    .or_default()
                    .push((i, m));
            }
        }
        let finder = Finder::new(shown);
        let mut checks = 0;
        let mut slots = Vec::new();
        for (item, drawn) in items.iter().enumerate() {
            // Entries showing the item.
            let showing = shown.iter().filter(|s| s.has(item)).count();
            for player in Player::BOTH {
                let Some(made) = by.get(&(item, player.index())) else {
                    continue;
                };
                let mut names: Vec<SlotName<'t>> = Vec::new();
                for (_, m) in made {
                    if !names.iter().any(|x| x.name == m.name) {
                        names.push(SlotName {
                            name: m.name,
                            adds: None,
                        });
                    }
                }
                for slot_name in &mut names {
                    let of: Vec<(usize, usize)> = made
                        .iter()
                        .filter(|(_, m)| m.name == slot_name.name)
                        .map(|(i, m)| (*i, m.to))
                        .collect();
                    slot_name.adds = finder.adds(&of, item, &mut checks);
                }
                // The page reads the one name from the item's words, checked here.
                let labelled = matches!(&names[..], [one] if one.adds.as_deref() == Some(&[])
                    && !one.name.is_empty()
                    && one.name == label_name(&drawn.label));
                slots.push(Slot {
                    item,
                    player,
                    implied: made.len() == showing,
                    names,
                    labelled,
                    present: made.iter().map(|(i, _)| *i).collect(),
                    shares: false,
                });
            }
        }
        for k in 1..slots.len() {
            let (s, t) = (&slots[k - 1], &slots[k]);
            let agree = s.item == t.item
                && !s.shares
                && s.names == t.names
                && s.implied == t.implied
                && (s.implied || s.present == t.present);
            slots[k].shares = agree;
        }
        slots
    }
}

/// Whether the page can find the entries moves reach by itself ([`reached`]), checked on
/// every move.
struct Finder<'s> {
    shown: &'s [Items],
    /// Entries by the number of items they show.
    by_count: Vec<Vec<usize>>,
}

impl<'s> Finder<'s> {
    fn new(shown: &'s [Items]) -> Finder<'s> {
        let most = shown.iter().map(Items::count).max().unwrap_or(0);
        let mut by_count = vec![Vec::new(); most + 1];
        for (i, s) in shown.iter().enumerate() {
            by_count[s.count()].push(i);
        }
        Finder { shown, by_count }
    }

    /// For the moves `of` (entry moved from, entry reached) made by clicking `item`: the items
    /// they add, if from each entry [`reached`] finds the entry reached; `None` if not, or
    /// past [`INFERENCE_CHECKS`].
    fn adds(&self, of: &[(usize, usize)], item: usize, checks: &mut usize) -> Option<Vec<usize>> {
        let n = 64 * self.shown[0].0.len();
        let mut adds = Items::of(n, std::iter::empty());
        for &(i, to) in of {
            for k in self.shown[to].members() {
                if !self.shown[i].has(k) {
                    adds.add(k);
                }
            }
        }
        for &(i, to) in of {
            let mut within = self.shown[i].clone();
            within.remove(item);
            within.union(&adds);
            if !self.shown[to].within(&within) {
                return None;
            }
            // No entry within shows more items, nor as many and comes first.
            let least = self.shown[to].count();
            for count in least..=within.count().min(self.by_count.len() - 1) {
                for &j in &self.by_count[count] {
                    if count == least && j >= to {
                        break;
                    }
                    *checks += 1;
                    if *checks > INFERENCE_CHECKS || self.shown[j].within(&within) {
                        return None;
                    }
                }
            }
        }
        Some(adds.members().collect())
    }
}

/// The text's list of slots: groups `[ITEM.]CODES[:NAMES]`, a code an item, the items of a
/// group consecutive and the first one written only when it is not the one after the previous
/// group's last; a slot of both players one code when their names and how their entries are
/// found agree; names written only for a group of one code whose slots are not [`Slot::labelled`].
fn slots_text(slots: &[Slot], first: usize) -> String {
    let code = |s: &Slot, both: Option<&Slot>| -> char {
        let c = match (s.player, both) {
            (_, Some(_)) => 'B',
            (Player::Left, None) => 'L',
            (Player::Right, None) => 'R',
        };
        if s.implied {
            c
        } else {
            c.to_ascii_lowercase()
        }
    };
    let names = |s: &Slot| {
        let written: Vec<String> = s
            .names
            .iter()
            .map(|x| match &x.adds {
                None => format!("{}<", escape_name(x.name)),
                Some(adds) if adds.is_empty() => escape_name(x.name),
                Some(adds) => format!("{}>{}", escape_name(x.name), join36(adds, '+')),
            })
            .collect();
        written.join("|")
    };
    // Each item's code (and names, unless labelled), in the slots' order.
    let mut units: Vec<(usize, char, Option<String>)> = Vec::new();
    let mut k = 0;
    while k < slots.len() {
        let s = &slots[k];
        let both = slots.get(k + 1).filter(|t| t.shares);
        let written = (!s.labelled).then(|| names(s));
        units.push((s.item, code(s, both), written));
        k += if both.is_some() { 2 } else { 1 };
    }
    let mut out = String::new();
    // The item the next code is read for, when no item is written.
    let mut next = first;
    let mut open = false;
    for (item, c, written) in units {
        if !(open && item == next && written.is_none()) {
            if !out.is_empty() {
                out.push(',');
            }
            if item != next {
                out.push_str(&format!("{}.", base36(item)));
            }
        }
        out.push(c);
        next = item + 1;
        open = written.is_none();
        if let Some(written) = written {
            out.push(':');
            out.push_str(&written);
        }
    }
    out
}

/// The item the first group of slots starts at when it is not written: the first with words
/// (the page's first target, past a board's frame or a ground's hatching), else 0.
fn first_with_words(items: &[Item]) -> usize {
    items.iter().position(|i| !i.label.is_empty()).unwrap_or(0)
}

/// The name the page reads from an item's words: their last word (after the last space).
fn label_name(label: &str) -> &str {
    label.rsplit(' ').next().unwrap_or("")
}

/// Bits to write any index below `count` (none for a single one).
fn bits_for(count: usize) -> usize {
    (usize::BITS - count.saturating_sub(1).leading_zeros()) as usize
}

fn join36(items: &[usize], by: char) -> String {
    let parts: Vec<String> = items.iter().map(|&k| base36(k)).collect();
    parts.join(&by.to_string())
}

/// The id of the one item of `drawing` that is the target of `player`'s move `name`.
fn target<'d>(
    drawing: &'d Drawing,
    player: Player,
    name: &str,
    position: &str,
) -> Result<&'d str, CompactError> {
    let mut found = drawing
        .items
        .iter()
        .filter(|item| item.moves.iter().any(|(p, m)| *p == player && m == name));
    let Some(item) = found.next() else {
        return Err(CompactError::NoTarget {
            position: position.to_string(),
            player,
            name: name.to_string(),
        });
    };
    let of_player = item.moves.iter().filter(|(p, _)| *p == player).count();
    if of_player > 1 || found.next().is_some() {
        return Err(CompactError::TwoMoves {
            position: position.to_string(),
            player,
            id: item.id.clone(),
        });
    }
    Ok(&item.id)
}

/// Every item of several drawings once, in an order that keeps each drawing's own
/// back-to-front order, and the view box holding all.
///
/// The order is a merge of the drawings' orders: each drawing says which of its items comes
/// just before which, and the items are taken in the first order that keeps every such pair,
/// the item seen first among those ready going first. (Putting a new item just after the one
/// drawn before it is not enough: two dominoes placed in different positions, each drawn after
/// the same square, would come in the order the positions were met, which a position holding
/// both can contradict.)
struct Union {
    items: Vec<Item>,
    view: [f32; 4],
}

impl Union {
    fn of(drawings: &[Drawing]) -> Result<Union, CompactError> {
        let mut items: Vec<Item> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut after: Vec<Vec<usize>> = Vec::new();
        let mut waiting: Vec<usize> = Vec::new();
        let mut pairs = std::collections::HashSet::new();
        let [mut x0, mut y0, mut x1, mut y1] = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
        for drawing in drawings {
            let [x, y, w, h] = drawing.view;
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + w), y1.max(y + h));
            let mut before: Option<usize> = None;
            for item in &drawing.items {
                let k = match index.get(&item.id) {
                    Some(&k) => {
                        let seen = &items[k];
                        if seen.svg != item.svg || seen.label != item.label {
                            return Err(CompactError::ItemChanges {
                                id: item.id.clone(),
                                first: format!("{}, {}", seen.svg, seen.label),
                                then: format!("{}, {}", item.svg, item.label),
                            });
                        }
                        k
                    }
                    None => {
                        index.insert(item.id.clone(), items.len());
                        items.push(Item {
                            moves: Vec::new(),
                            ..item.clone()
                        });
                        after.push(Vec::new());
                        waiting.push(0);
                        items.len() - 1
                    }
                };
                if let Some(b) = before {
                    if pairs.insert((b, k)) {
                        after[b].push(k);
                        waiting[k] += 1;
                    }
                }
                before = Some(k);
            }
        }
        // Kahn's order, the item seen first among those with nothing left before them.
        let mut ready: std::collections::BinaryHeap<std::cmp::Reverse<usize>> = (0..items.len())
            .filter(|&k| waiting[k] == 0)
            .map(std::cmp::Reverse)
            .collect();
        let mut order = Vec::with_capacity(items.len());
        while let Some(std::cmp::Reverse(k)) = ready.pop() {
            order.push(k);
            for &next in &after[k] {
                waiting[next] -= 1;
                if waiting[next] == 0 {
                    ready.push(std::cmp::Reverse(next));
                }
            }
        }
        if order.len() < items.len() {
            // Two drawings draw two items in opposite orders: no one order keeps both.
            let stuck = (0..items.len())
                .find(|k| !order.contains(k))
                .expect("an item is left");
            return Err(CompactError::OrderChanges {
                id: items[stuck].id.clone(),
            });
        }
        let mut slots: Vec<Option<Item>> = items.into_iter().map(Some).collect();
        let items = order
            .into_iter()
            .map(|k| slots[k].take().expect("each item once"))
            .collect();
        Ok(Union {
            items,
            view: [x0, y0, x1 - x0, y1 - y0],
        })
    }
}

fn base36(mut n: usize) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII digits")
}

/// A name as the text writes it: `%`, `,`, `;`, `|`, `:`, `>` and `<` written `%25`, `%2C`,
/// `%3B`, `%7C`, `%3A`, `%3E`, `%3C` (the script reads it with `decodeURIComponent`).
pub(super) fn escape_name(name: &str) -> String {
    name.replace('%', "%25")
        .replace(',', "%2C")
        .replace(';', "%3B")
        .replace('|', "%7C")
        .replace(':', "%3A")
        .replace('>', "%3E")
        .replace('<', "%3C")
}

/// One move as the page reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageMove {
    pub player: Player,
    /// The item clicked, by its place in the page's drawing.
    pub item: usize,
    pub name: String,
    /// The entry reached.
    pub to: usize,
    pub wins: bool,
}

/// One entry as the page reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageEntry {
    pub value: usize,
    pub outcome: OutcomeClass,
    /// The items shown, by place in the page's drawing, in order.
    pub shown: Vec<usize>,
    /// Its moves, by item clicked (in the drawing's order), Left's before Right's on one item.
    pub moves: Vec<PageMove>,
}

/// A compact table read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageTable {
    pub items: usize,
    pub entries: Vec<PageEntry>,
}

/// A slot as the page reads it: item, player, implied, names with the items they add.
/// A slot as the page reads it: item, player, implied, shares (Right's, its move there when
/// Left's is), names with the items they add.
type ReadSlot = (usize, Player, bool, bool, Vec<(String, Option<Vec<usize>>)>);

/// Reads a table written by [`encode`] with the page's drawing, as `board.js` does: the items'
/// words (a labelled slot's name) and which items the drawing shows before play (entry 0); the
/// entry a move reaches, when not written, found by [`reached`] over every entry.
pub fn decode(page: &PagePlayable) -> Result<PageTable, DecodeError> {
    let bad = |what: &str| DecodeError(what.to_string());
    let parts: Vec<&str> = page.text.split(';').collect();
    let [version, visibility, outcomes, slots, count, bits] = parts[..] else {
        return Err(bad("expected six fields"));
    };
    if version != "g3" {
        return Err(bad("unknown version"));
    }
    let number = |s: &str| usize::from_str_radix(s, 36).map_err(|_| bad("bad number"));
    let numbers = |s: &str| -> Result<Vec<usize>, DecodeError> {
        if s.is_empty() {
            return Ok(Vec::new());
        }
        s.split('+').map(number).collect()
    };
    let n = page.drawing.items.len();
    if page.shown.len() != n {
        return Err(bad(
            "the drawing's items and those shown before play differ in number",
        ));
    }
    let mut fixed: Vec<Option<Vec<usize>>> = vec![None; n];
    let mut always = vec![false; n];
    for spec in visibility.split(',').filter(|s| !s.is_empty()) {
        // Each item of the spec with the items it is shown with (none: always).
        let each: Vec<(usize, Option<Vec<usize>>)> = match spec.split_once('=') {
            Some((k, with)) => match with.split_once('*') {
                Some((j, c)) => {
                    let (k, j, c) = (number(k)?, number(j)?, number(c)?);
                    if c > n {
                        return Err(bad("an item out of range"));
                    }
                    (0..c)
                        .map(|t| (k.saturating_add(t), Some(vec![j.saturating_add(t)])))
                        .collect()
                }
                None => vec![(number(k)?, Some(numbers(with)?))],
            },
            None => vec![(number(spec)?, None)],
        };
        for (k, with) in each {
            if k >= n || with.iter().flatten().any(|&j| j >= n) {
                return Err(bad("an item out of range"));
            }
            match with {
                Some(with) => fixed[k] = Some(with),
                None => always[k] = true,
            }
        }
    }
    let outcomes: Vec<OutcomeClass> = outcomes
        .chars()
        .map(|c| letter_outcome(c).ok_or_else(|| bad("bad outcome")))
        .collect::<Result<_, _>>()?;
    let mut read_slots: Vec<ReadSlot> = Vec::new();
    let mut next = first_with_words(&page.drawing.items);
    for group in slots.split(',').filter(|s| !s.is_empty()) {
        let (head, names) = match group.split_once(':') {
            Some((head, names)) => (head, Some(names)),
            None => (group, None),
        };
        let (first, codes) = match head.split_once('.') {
            Some((item, codes)) => (number(item)?, codes),
            None => (next, head),
        };
        if codes.is_empty() || (names.is_some() && codes.chars().count() > 1) {
            return Err(bad("a slot group has one code, or several without names"));
        }
        for (j, c) in codes.chars().enumerate() {
            let item = first.saturating_add(j);
            let label = page
                .drawing
                .items
                .get(item)
                .ok_or_else(|| bad("an item out of range"))?
                .label
                .as_str();
            let names = match names {
                Some(names) => names
                    .split('|')
                    .map(|x| match (x.split_once('>'), x.strip_suffix('<')) {
                        (Some((name, adds)), _) => Ok((unescape_name(name), Some(numbers(adds)?))),
                        (None, Some(name)) => Ok((unescape_name(name), None)),
                        (None, None) => Ok((unescape_name(x), Some(Vec::new()))),
                    })
                    .collect::<Result<Vec<_>, DecodeError>>()?,
                None if label_name(label).is_empty() => {
                    return Err(bad("a slot named by its item's words has none"))
                }
                None => vec![(label_name(label).to_string(), Some(Vec::new()))],
            };
            let players: &[Player] = match c.to_ascii_uppercase() {
                'L' => &[Player::Left],
                'R' => &[Player::Right],
                'B' => &Player::BOTH,
                _ => return Err(bad("bad mover")),
            };
            for &player in players {
                let shares = players.len() == 2 && player == Player::Right;
                read_slots.push((item, player, c.is_ascii_uppercase(), shares, names.clone()));
            }
            next = item + 1;
        }
    }
    // No count: as many entries as the bits hold, each after entry 0 at least six bits long.
    let count: Option<usize> = match count {
        "" => None,
        count => Some(count.parse().map_err(|_| bad("bad count"))?),
    };
    if count.is_none() && read_slots.iter().any(|s| s.4.iter().any(|x| x.1.is_none())) {
        return Err(bad(
            "a table without its count writes no entry a move reaches",
        ));
    }
    let mut read = BitReader::new(bits).ok_or_else(|| bad("bad character in the bits"))?;
    let value_bits = bits_for(outcomes.len());
    let to_bits = bits_for(count.unwrap_or(0));
    let more = |i: usize, read: &BitReader| match count {
        Some(count) => i < count,
        None => i == 0 || read.left() >= 6,
    };
    let mut sets: Vec<Vec<bool>> = Vec::new();
    // Per entry its moves: player, item, name, entry reached or the items the move adds.
    type Pending = (Player, usize, String, Result<usize, Vec<usize>>);
    let mut pending: Vec<(usize, Vec<Pending>)> = Vec::new();
    let mut i = 0;
    while more(i, &read) {
        let before = read.left();
        let mut take = |width: usize| read.take(width).ok_or_else(|| bad("bits end early"));
        let mut set = vec![false; n];
        for k in 0..n {
            if !always[k] && fixed[k].is_none() {
                set[k] = if i == 0 { page.shown[k] } else { take(1)? == 1 };
            }
        }
        for k in 0..n {
            set[k] = set[k] || always[k] || fixed[k].iter().flatten().any(|&j| set[j]);
        }
        let value = take(value_bits)? as usize;
        let mut moves = Vec::new();
        // Whether Left has the move on the item of the slot read last (Right's may share it).
        let mut had = false;
        for (item, player, implied, shares, names) in &read_slots {
            if !set[*item] {
                continue;
            }
            had = *implied || if *shares { had } else { take(1)? == 1 };
            if !had {
                continue;
            }
            let (name, adds) = names
                .get(take(bits_for(names.len()))? as usize)
                .ok_or_else(|| bad("name out of range"))?;
            let to = match adds {
                Some(adds) => Err(adds.clone()),
                None => Ok(take(to_bits)? as usize),
            };
            moves.push((*player, *item, name.clone(), to));
        }
        // Counted by its bits, an entry is longer than any padding (and the reading ends).
        if count.is_none() && i > 0 && before - read.left() < 6 {
            return Err(bad(
                "an entry shorter than six bits in a table without its count",
            ));
        }
        sets.push(set);
        pending.push((value, moves));
        i += 1;
    }
    let values: Vec<usize> = pending.iter().map(|(value, _)| *value).collect();
    let outcome_of = |i: usize| values.get(i).and_then(|&v| outcomes.get(v)).copied();
    let mut entries = Vec::with_capacity(pending.len());
    for (i, (value, moves)) in pending.into_iter().enumerate() {
        let outcome = outcome_of(i).ok_or_else(|| bad("value out of range"))?;
        let mut page_moves = Vec::new();
        for (player, item, name, to) in moves {
            let to = match to {
                Ok(to) => to,
                Err(adds) => {
                    reached(&sets, i, item, &adds).ok_or_else(|| bad("no entry reached"))?
                }
            };
            let after = outcome_of(to).ok_or_else(|| bad("a move to an entry out of range"))?;
            page_moves.push(PageMove {
                player,
                item,
                name,
                to,
                // Left wins by a move to a position Left wins or the next player loses.
                wins: matches!(
                    (player, after),
                    (
                        Player::Left,
                        OutcomeClass::LeftWins | OutcomeClass::SecondPlayer
                    ) | (
                        Player::Right,
                        OutcomeClass::RightWins | OutcomeClass::SecondPlayer
                    )
                ),
            });
        }
        entries.push(PageEntry {
            value,
            outcome,
            shown: (0..n).filter(|&k| sets[i][k]).collect(),
            moves: page_moves,
        });
    }
    Ok(PageTable { items: n, entries })
}

/// The entry a move reaches when the text does not write it, as the page finds it: from
/// entry `i`'s items, less the item clicked, with the items the move `adds`, the entry showing
/// the most items among those showing none outside them (the first of equals).
fn reached(sets: &[Vec<bool>], i: usize, clicked: usize, adds: &[usize]) -> Option<usize> {
    let mut within = sets[i].clone();
    within[clicked] = false;
    for &k in adds {
        *within.get_mut(k)? = true;
    }
    let mut best: Option<(usize, usize)> = None;
    for (j, set) in sets.iter().enumerate() {
        if set.iter().zip(&within).all(|(&s, &w)| !s || w) {
            let count = set.iter().filter(|&&s| s).count();
            if best.is_none_or(|(most, _)| count > most) {
                best = Some((count, j));
            }
        }
    }
    best.map(|(_, j)| j)
}

/// A name as `decodeURIComponent` reads the escapes [`escape_name`] writes: `%` and two hex
/// digits is the byte they spell.
pub(super) fn unescape_name(name: &str) -> String {
    let bytes = name.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
