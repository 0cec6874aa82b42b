//! What a diagram needs to be played in the page: its play table, valued by the build's solver
//! and written compactly ([`compact`]), and each distinct value once, for the page to typeset.
//!
//! The one idea: **the page follows the build's table and computes nothing**, so every figure a
//! reader sees while playing was valued (and checked against the definition) here. Tables are
//! kept small by named budgets — per diagram and per page — and a diagram over budget stays a
//! picture, with a short note saying why in the reader's words.

use super::Context;
use crate::games::{GameId, Games};
use crate::hackenbush::play::{compact, PlayError, PlayLimits, PlayTable};
use crate::hackenbush::{Position, Rules};

/// The budgets of play in the page.
pub struct PageBudget {
    /// Edges and reachable positions of one diagram.
    pub limits: PlayLimits,
    /// Bytes of one diagram's compact table.
    pub diagram_bytes: usize,
    /// Bytes of all compact tables of one page together.
    pub page_bytes: usize,
}

/// The budget every page is built with.
pub const PAGE_BUDGET: PageBudget = PageBudget {
    limits: PlayLimits {
        edges: 24,
        positions: 20_000,
    },
    diagram_bytes: 24_000,
    page_bytes: 64_000,
};

/// A diagram's play, as the page gets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PagePlay {
    /// The compact table and its values, by index.
    Table {
        text: String,
        values: Vec<PlayValue>,
    },
    /// Over budget: why, in the reader's words.
    Static(String),
    /// Nothing to play (no edges).
    Nothing,
}

/// One distinct value of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayValue {
    /// In the game notation (`1/2`, `^*`), as `hackenbook play` prints it.
    pub shown: String,
    pub latex: String,
    /// For the announcement of a screen reader: "one half", "minus 2", "star".
    pub words: String,
}

/// The play of `position` under `rules` within [`PAGE_BUDGET`], counting its bytes against the
/// page's.
pub fn page_play(cx: &mut Context, position: &Position, rules: Rules) -> PagePlay {
    let budget = &PAGE_BUDGET;
    if position.edge_count() == 0 {
        return PagePlay::Nothing;
    }
    let table =
        match PlayTable::build(position, rules, &budget.limits, cx.solver, cx.games) {
            Ok(t) => t,
            Err(PlayError::TooManyEdges(e)) => {
                return PagePlay::Static(format!(
                    "Too large to play in the page: {} edges (the page plays up to {}).",
                    e.edges, e.limit
                ))
            }
            Err(PlayError::TooManyPositions { limit }) => {
                return PagePlay::Static(format!(
                    "Too many ways to play to follow in the page (more than {} positions).",
                    with_commas(limit)
                ))
            }
            // The block itself was valued; a piece that cannot be is beyond the solver's budget.
            Err(PlayError::Solve(_)) => return PagePlay::Static(
                "Not playable in the page: some positions of play are beyond the solver's budget."
                    .to_string(),
            ),
        };
    let Some(text) = compact::encode(&table) else {
        return PagePlay::Static("Too large to play in the page.".to_string());
    };
    if text.len() > budget.diagram_bytes {
        return PagePlay::Static(format!(
            "Too many ways to play to follow in the page ({} positions).",
            with_commas(table.positions.len())
        ));
    }
    if cx.play_bytes + text.len() > budget.page_bytes {
        return PagePlay::Static(
            "Not playable here: this page already carries as many games as it can.".to_string(),
        );
    }
    cx.play_bytes += text.len();
    let values = table
        .games
        .iter()
        .zip(&table.values)
        .map(|(&g, shown)| PlayValue {
            shown: shown.clone(),
            latex: cx.games.latex(g),
            words: value_words(cx.games, g, shown),
        })
        .collect();
    PagePlay::Table { text, values }
}

/// A value in words for a screen reader: numbers as a reader says them ("one half", "minus
/// three quarters", "2"), `*` as "star", `↑` as "up"; anything else spelled from its notation.
fn value_words(games: &Games, g: GameId, shown: &str) -> String {
    if let Some((num, exp)) = games.as_number(g).and_then(|d| d.as_small()) {
        if exp < 62 {
            return number_words(num, 1 << exp);
        }
    }
    let mut out = Vec::new();
    let mut chars = shown.chars().peekable();
    while let Some(c) = chars.next() {
        let word = match c {
            '*' => "star",
            '^' => "up",
            'v' => "down",
            '{' => "the game of",
            '|' => "or",
            '}' => "end",
            '-' => "minus",
            ',' | ' ' => continue,
            d if d.is_ascii_digit() || d == '/' => {
                let mut number = d.to_string();
                while let Some(&n) = chars.peek().filter(|n| n.is_ascii_digit() || **n == '/') {
                    number.push(n);
                    chars.next();
                }
                out.push(number);
                continue;
            }
            other => {
                out.push(other.to_string());
                continue;
            }
        };
        out.push(word.to_string());
    }
    out.join(" ")
}

/// "one half", "minus three eighths", "1 and one quarter", "minus 2".
fn number_words(num: i64, den: i64) -> String {
    let sign = if num < 0 { "minus " } else { "" };
    let (whole, part) = (num.abs() / den, num.abs() % den);
    if part == 0 {
        return format!("{sign}{whole}");
    }
    const NUMERALS: [&str; 10] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    let denominator = match den {
        2 => "half".to_string(),
        4 => "quarter".to_string(),
        8 => "eighth".to_string(),
        d => format!("{d}th"),
    };
    let numerator = NUMERALS
        .get(part as usize)
        .map_or_else(|| part.to_string(), |w| w.to_string());
    let plural = if part == 1 {
        denominator
    } else if den == 2 {
        "halves".to_string()
    } else {
        format!("{denominator}s")
    };
    let fraction = format!("{numerator} {plural}");
    if whole == 0 {
        format!("{sign}{fraction}")
    } else {
        format!("{sign}{whole} and {fraction}")
    }
}

fn with_commas(n: usize) -> String {
    crate::census::literal::with_separators(&(n as u64).into())
}

#[cfg(test)]
mod tests {
    use super::number_words;

    #[test]
    fn numbers_in_words() {
        assert_eq!(number_words(1, 2), "one half");
        assert_eq!(number_words(-3, 4), "minus three quarters");
        assert_eq!(number_words(11, 8), "1 and three eighths");
        assert_eq!(number_words(-2, 1), "minus 2");
        assert_eq!(number_words(0, 1), "0");
        assert_eq!(number_words(5, 16), "five 16ths");
    }
}
