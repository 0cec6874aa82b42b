//! What a diagram needs to be played in the page: its play table, valued by the build's solver
//! and written compactly ([`compact`]), and each distinct value once, for the page to typeset.
//! A Hackenbush diagram's table is one of standing edges; another game's board's is the generic
//! table of any ruleset ([`hackenbook_rulesets::play`]) with the one drawing the page shows.
//!
//! The one idea: **the page follows the build's table and computes nothing**, so every figure a
//! reader sees while playing was valued (and checked against the definition) here. Tables are
//! kept small by named budgets — per diagram here, per page where the page is written
//! (`page::play`, which counts the typeset values too) — and a diagram over budget stays a
//! picture, with a short note saying why in the reader's words.

use super::Context;
use crate::essay::Diagnostic;
use hackenbook_games::{GameId, Games};
use hackenbook_rulesets::hackenbush::play::{compact, PlayError, PlayLimits, PlayTable};
use hackenbook_rulesets::hackenbush::{Evaluator, Position, Rules};
use hackenbook_rulesets::play::{self as any_play, compact::encode as encode_board};
use hackenbook_rulesets::{AnyPosition, Drawing};
use std::ops::Range;

/// The budgets of play in the page.
pub struct PageBudget {
    /// Edges and reachable positions of one diagram.
    pub limits: PlayLimits,
    /// Bytes play adds to one diagram: its compact table and, on another game's board, the
    /// items of its drawing that only play shows.
    pub diagram_bytes: usize,
    /// Bytes play adds to one page, all its diagrams together, as the page writes them: each
    /// table's attributes, the drawing play adds on another game's boards, and the hidden pool
    /// of typeset values (each distinct value once). What keeps a page within the weight a
    /// reader's browser loads (the browser test's 500 KB, with the fonts, stylesheet and
    /// scripts). Held where the page is written (`page::play`), in the essay's order.
    pub page_bytes: usize,
}

/// The budget every page is built with.
pub const PAGE_BUDGET: PageBudget = PageBudget {
    limits: PlayLimits {
        edges: 24,
        positions: 20_000,
    },
    diagram_bytes: 24_000,
    page_bytes: 10_000,
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

/// The play of `position` under `rules` within [`PAGE_BUDGET`]'s limits of one diagram.
pub fn page_play(cx: &mut Context, position: &Position, rules: Rules) -> PagePlay {
    let budget = &PAGE_BUDGET;
    if position.edge_count() == 0 {
        return PagePlay::Nothing;
    }
    let table =
        match PlayTable::build(
            position,
            rules,
            &budget.limits,
            &mut cx.ev.solver,
            &mut cx.ev.games,
        ) {
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
    within_page(
        cx,
        text,
        0,
        table.positions.len(),
        &table.games,
        &table.values,
    )
}

/// A table's text, and the `drawn` bytes its drawing adds for play, within the budget of one
/// diagram, with its values for the page to typeset; or why not, in the reader's words.
fn within_page(
    cx: &mut Context,
    text: String,
    drawn: usize,
    positions: usize,
    games: &[GameId],
    shown: &[String],
) -> PagePlay {
    let budget = &PAGE_BUDGET;
    let cost = text.len() + drawn;
    if cost > budget.diagram_bytes {
        return PagePlay::Static(format!(
            "Too many ways to play to follow in the page ({} positions).",
            with_commas(positions)
        ));
    }
    let values = games
        .iter()
        .zip(shown)
        .map(|(&g, shown)| PlayValue {
            shown: shown.clone(),
            latex: cx.ev.games.latex(g),
            words: value_words(&cx.ev.games, g, shown),
        })
        .collect();
    PagePlay::Table { text, values }
}

/// Another game's board as the page plays it: its play and the drawing the page shows (the
/// union of every position's items, those of the position itself shown), or the position's own
/// drawing when it is not played.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardPlay {
    pub play: PagePlay,
    pub drawing: Drawing,
    /// Which items of `drawing` the position shows (the others appear in play).
    pub shown: Vec<bool>,
}

/// The play of a board of another game within [`PAGE_BUDGET`]'s limits of one diagram. A table whose values the solver and the definition disagree on is
/// an error at `span` (the block's position): a bug of hackenbook's, never published.
pub fn board_play(cx: &mut Context, position: &AnyPosition, span: Range<usize>) -> BoardPlay {
    let still = |play: PagePlay| {
        let drawing = position.draw();
        BoardPlay {
            play,
            shown: vec![true; drawing.items.len()],
            drawing,
        }
    };
    let Evaluator {
        games, rulesets, ..
    } = &mut *cx.ev;
    let limits = any_play::PlayLimits {
        positions: PAGE_BUDGET.limits.positions,
    };
    let table =
        match any_play::PlayTable::build(position, &limits, rulesets, games) {
            Ok(t) => t,
            Err(any_play::PlayError::TooManyPositions { limit }) => {
                return still(PagePlay::Static(format!(
                    "Too many ways to play to follow in the page (more than {} positions).",
                    with_commas(limit)
                )))
            }
            Err(any_play::PlayError::Unsolved(_)) => return still(PagePlay::Static(
                "Not playable in the page: some positions of play are beyond the solver's budget."
                    .to_string(),
            )),
            Err(e @ any_play::PlayError::Disagree { .. }) => {
                let d = Diagnostic::new(cx.file, span, format!("cannot play this position: {e}"))
                    .label("this position");
                cx.problem(d);
                return still(PagePlay::Nothing);
            }
        };
    if table.positions[0].left.is_empty() && table.positions[0].right.is_empty() {
        return still(PagePlay::Nothing);
    }
    let page = match encode_board(&table) {
        Ok(page) => page,
        // The game's drawing cannot be followed move by move yet (its pieces are redrawn, not
        // moved): a picture.
        Err(_) => {
            return still(PagePlay::Static(
                "This game cannot be played in the page yet.".to_string(),
            ))
        }
    };
    // What play adds to the page's drawing: the items of every position play reaches, each
    // named if it is a target, beyond the position's own drawing.
    let drawn = page
        .drawing
        .to_svg_playable(1.0, None, &page.shown)
        .len()
        .saturating_sub(position.draw().to_svg_titled(1.0, None).len());
    let play = within_page(
        cx,
        page.text,
        drawn,
        table.positions.len(),
        &table.games,
        &table.values,
    );
    match play {
        PagePlay::Table { .. } => BoardPlay {
            play,
            drawing: page.drawing,
            shown: page.shown,
        },
        other => still(other),
    }
}

/// A value in words for a screen reader: numbers as a reader says them ("one half", "minus
/// three quarters", "2"), `*` as "star", `↑` as "up", `{1|-1}` as "the game with Left's options
/// 1 and Right's options minus 1".
fn value_words(games: &Games, g: GameId, shown: &str) -> String {
    if let Some((num, exp)) = games.as_number(g).and_then(|d| d.as_small()) {
        if exp < 62 {
            return number_words(num, 1 << exp);
        }
    }
    let mut out: Vec<String> = Vec::new();
    let mut rest = shown;
    while let Some(c) = rest.chars().next() {
        let number_len = rest
            .find(|d: char| !(d.is_ascii_digit() || d == '/'))
            .unwrap_or(rest.len());
        if number_len > 0 {
            let (number, after) = rest.split_at(number_len);
            let (num, den) = number.split_once('/').unwrap_or((number, "1"));
            match (num.parse::<i64>(), den.parse::<i64>()) {
                (Ok(num), Ok(den)) if den > 0 => out.push(number_words(num, den)),
                _ => out.push(number.to_string()),
            }
            rest = after;
            continue;
        }
        let (word, len) = match c {
            '+' if rest.starts_with("+-") => ("plus or minus", 2),
            '*' => ("star", 1),
            '^' => ("up", 1),
            'v' => ("down", 1),
            '-' => ("minus", 1),
            '{' => ("the game with Left's options", 1),
            '|' => (
                "and Right's options",
                rest.len() - rest.trim_start_matches('|').len(),
            ),
            other => ("", other.len_utf8()),
        };
        if !word.is_empty() {
            out.push(word.to_string());
        }
        rest = &rest[len..];
    }
    out.join(" ")
}

/// "one half", "minus three eighths", "1 and one quarter", "minus 2", "5 over 128".
fn number_words(num: i64, den: i64) -> String {
    let sign = if num < 0 { "minus " } else { "" };
    let (whole, part) = (num.abs() / den, num.abs() % den);
    if part == 0 {
        return format!("{sign}{whole}");
    }
    const NUMERALS: [&str; 10] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    const PARTS: [(i64, &str, &str); 6] = [
        (2, "half", "halves"),
        (4, "quarter", "quarters"),
        (8, "eighth", "eighths"),
        (16, "sixteenth", "sixteenths"),
        (32, "thirty-second", "thirty-seconds"),
        (64, "sixty-fourth", "sixty-fourths"),
    ];
    let fraction = match PARTS.iter().find(|(d, _, _)| *d == den) {
        Some(&(_, one, many)) => {
            let numerator = NUMERALS
                .get(part as usize)
                .map_or_else(|| part.to_string(), |w| w.to_string());
            format!("{numerator} {}", if part == 1 { one } else { many })
        }
        None => format!("{part} over {den}"),
    };
    if whole == 0 {
        format!("{sign}{fraction}")
    } else {
        format!("{sign}{whole} and {fraction}")
    }
}

fn with_commas(n: usize) -> String {
    hackenbook_census::literal::with_separators(&(n as u64).into())
}

#[cfg(test)]
mod tests {
    use super::{number_words, value_words};
    use hackenbook_games::Games;

    #[test]
    fn numbers_in_words() {
        assert_eq!(number_words(1, 2), "one half");
        assert_eq!(number_words(-3, 4), "minus three quarters");
        assert_eq!(number_words(11, 8), "1 and three eighths");
        assert_eq!(number_words(-2, 1), "minus 2");
        assert_eq!(number_words(0, 1), "0");
        assert_eq!(number_words(5, 16), "five sixteenths");
        assert_eq!(number_words(77, 128), "77 over 128");
        assert_eq!(number_words(-1, 32), "minus one thirty-second");
    }

    #[test]
    fn other_values_in_words() {
        let mut games = Games::new();
        let star = games.star();
        for (shown, words) in [
            ("1/2*", "one half star"),
            ("+-1", "plus or minus 1"),
            ("^*", "up star"),
            ("*2", "star 2"),
            ("-3/4v*", "minus three quarters down star"),
            (
                "{0,v*|0}",
                "the game with Left's options 0 down star and Right's options 0",
            ),
        ] {
            assert_eq!(value_words(&games, star, shown), words, "{shown}");
        }
    }
}
