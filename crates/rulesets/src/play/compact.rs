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
//! The text, `g1;ITEMS;OUTCOMES;NAMES;ENTRIES`:
//! - `ITEMS`: the number of items of the page's drawing, in decimal (the script finds them as
//!   the drawing's `g[data-item]` elements, in document order);
//! - `OUTCOMES`: one letter per distinct value, its outcome class (`L`, `R`, `P`, `N`);
//! - `NAMES`: the distinct move names, separated by `,`, with `%`, `,`, `;` and `|` written
//!   `%25`, `%2C`, `%3B`, `%7C` (the script reads a name with `decodeURIComponent`);
//! - `ENTRIES`: the entries in the table's order, separated by `,`; an entry is its value index
//!   (base 36), then `.` and the items it shows as a bit set over the items (six bits a
//!   character in `A–Z a–z 0–9 - _`, least significant bit first), then for each move `.` and
//!   the mover's letter (`L` or `R`; in lower case when the move does not win for the mover),
//!   the item clicked, the name's index and the entry reached, in base 36 and separated by `:`.
//!
//! [`decode`] reads the text back exactly as `player.js` does, so that a test can hold the page's
//! view of the table against the table itself.

pub use super::letters::DecodeError;
use super::letters::{flags, letter_outcome, outcome_letter, BitReader};
use super::PlayTable;
use crate::draw::{Drawing, Item};
use hackenbook_games::{OutcomeClass, Player};
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
    let mut names: Vec<&str> = Vec::new();
    let mut name_index: HashMap<&str, usize> = HashMap::new();
    let mut outcomes = vec!['?'; table.values.len()];
    let mut entries = Vec::with_capacity(table.positions.len());
    let mut targets = vec![false; n];
    for (entry, drawing) in table.positions.iter().zip(&drawings) {
        outcomes[entry.value] = outcome_letter(entry.outcome);
        let mut shown = vec![false; n];
        for item in &drawing.items {
            shown[place[item.id.as_str()]] = true;
        }
        let mut text = format!("{}.{}", base36(entry.value), flags(&shown));
        for player in Player::BOTH {
            for m in entry.moves(player) {
                let item = target(drawing, player, &m.name, &entry.position)?;
                targets[place[item]] = true;
                let index = *name_index.entry(m.name.as_str()).or_insert_with(|| {
                    names.push(m.name.as_str());
                    names.len() - 1
                });
                let letter = match (player, m.wins) {
                    (Player::Left, true) => 'L',
                    (Player::Left, false) => 'l',
                    (Player::Right, true) => 'R',
                    (Player::Right, false) => 'r',
                };
                text.push_str(&format!(
                    ".{letter}{}:{}:{}",
                    base36(place[item]),
                    base36(index),
                    base36(m.to)
                ));
            }
        }
        entries.push(text);
    }
    let names: Vec<String> = names.iter().map(|n| escape_name(n)).collect();
    // Only the targets of moves are named on the page (a focused target's accessible name).
    let mut items = union.items;
    for (k, item) in items.iter_mut().enumerate() {
        if !targets[k] {
            item.label.clear();
        }
    }
    let text = format!(
        "g1;{n};{};{};{}",
        outcomes.iter().collect::<String>(),
        names.join(","),
        entries.join(",")
    );
    let shown = {
        let first: Vec<&str> = drawings[0].items.iter().map(|i| i.id.as_str()).collect();
        items
            .iter()
            .map(|i| first.contains(&i.id.as_str()))
            .collect()
    };
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

pub(super) fn escape_name(name: &str) -> String {
    name.replace('%', "%25")
        .replace(',', "%2C")
        .replace(';', "%3B")
        .replace('|', "%7C")
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
    pub moves: Vec<PageMove>,
}

/// A compact table read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageTable {
    pub items: usize,
    pub entries: Vec<PageEntry>,
}

/// Reads a table written by [`encode`], as `player.js` does.
pub fn decode(text: &str) -> Result<PageTable, DecodeError> {
    let bad = |what: &str| DecodeError(what.to_string());
    let parts: Vec<&str> = text.split(';').collect();
    let [version, items, outcomes, names, entries] = parts[..] else {
        return Err(bad("expected five fields"));
    };
    if version != "g1" {
        return Err(bad("unknown version"));
    }
    let items: usize = items.parse().map_err(|_| bad("bad item count"))?;
    let outcomes: Vec<OutcomeClass> = outcomes
        .chars()
        .map(|c| letter_outcome(c).ok_or_else(|| bad("bad outcome")))
        .collect::<Result<_, _>>()?;
    let names: Vec<String> = if names.is_empty() {
        Vec::new()
    } else {
        names.split(',').map(unescape_name).collect()
    };
    let number = |s: &str| usize::from_str_radix(s, 36).map_err(|_| bad("bad number"));
    let mut out = Vec::new();
    for entry in entries.split(',') {
        let mut parts = entry.split('.');
        let value = number(parts.next().unwrap_or_default())?;
        let outcome = *outcomes
            .get(value)
            .ok_or_else(|| bad("value out of range"))?;
        let set = parts.next().ok_or_else(|| bad("no items shown"))?;
        if set.len() != items.div_ceil(6) {
            return Err(bad("the set of items shown has the wrong length"));
        }
        let mut read = BitReader::new(set).ok_or_else(|| bad("bad character in a set"))?;
        let shown: Vec<usize> = (0..read.len())
            .filter(|_| read.take(1) == Some(1))
            .collect();
        if shown.iter().any(|&i| i >= items) {
            return Err(bad("an item out of range"));
        }
        let mut moves = Vec::new();
        for m in parts {
            let mut chars = m.chars();
            let letter = chars.next().ok_or_else(|| bad("empty move"))?;
            let player = match letter.to_ascii_uppercase() {
                'L' => Player::Left,
                'R' => Player::Right,
                _ => return Err(bad("bad mover")),
            };
            let fields: Vec<&str> = chars.as_str().split(':').collect();
            let [item, name, to] = fields[..] else {
                return Err(bad("a move has three numbers"));
            };
            moves.push(PageMove {
                player,
                item: number(item)?,
                name: names
                    .get(number(name)?)
                    .ok_or_else(|| bad("name out of range"))?
                    .clone(),
                to: number(to)?,
                wins: letter.is_ascii_uppercase(),
            });
        }
        out.push(PageEntry {
            value,
            outcome,
            shown,
            moves,
        });
    }
    if out.iter().flat_map(|e| &e.moves).any(|m| m.to >= out.len()) {
        return Err(bad("a move to an entry out of range"));
    }
    Ok(PageTable {
        items,
        entries: out,
    })
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
