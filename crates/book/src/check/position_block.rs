//! A position block: a position of any game, read in the game's notation, valued by the build's
//! solver and held to every assertion written under it. A `hackenbush` block's board is valued
//! by the run's Hackenbush solver, which cross-checks its fast paths against the game tree and
//! says how it valued each part; another game's block (```` ```domineering ````) by the run's
//! solver of that ruleset, confirmed by its plain game tree where that fits its budget. Drawing
//! it is the page's business.

use super::playable::{board_play, BoardPlay};
use super::Context;
use crate::essay::parse::{KeyValue, PositionBlock};
use crate::essay::source::offset_span;
use crate::essay::Diagnostic;
use hackenbook_base::provenance::Method;
use hackenbook_census::{self as census, NameKind};
use hackenbook_games::{GameId, Player};
use hackenbook_rulesets::erased::Unconfirmed;
use hackenbook_rulesets::hackenbush::{self, Evaluation, Evaluator, Position, Rules};
use hackenbook_rulesets::in_place;
use hackenbook_rulesets::registry;
use hackenbook_rulesets::{AnyPosition, DynRuleset};

/// A position block of any game (```` ```hackenbush ````, ```` ```domineering ````), valued
/// and asserted.
#[derive(Debug)]
pub struct BoardOutcome {
    /// The name other directives use for it (an internal one if the author gave none).
    pub name: String,
    pub position: AnyPosition,
    /// The value itself, in the build's games table (the page typesets it).
    pub game: GameId,
    /// The methods that valued it, which agreed: the solver, and the plain game tree when it
    /// fitted its budget; on a Hackenbush board, those of Hackenbush's solver (the sign
    /// expansion, the tree rule…), which on one part agreed.
    pub methods: Vec<Method>,
    /// The methods of each part, when a Hackenbush board has several standing apart.
    pub parts: Vec<Vec<Method>>,
    pub assertions: Vec<AssertionRecord>,
    /// What the page needs to draw it and let a reader play it.
    pub play: BoardPlay,
}

#[derive(Debug)]
pub struct AssertionRecord {
    pub key: String,
    pub literal: String,
    pub computed: String,
    pub holds: bool,
}

/// The block's name checked, then `f`; a block that fails marks its name as failed.
fn checked_name<T>(
    cx: &mut Context,
    block: &PositionBlock,
    f: impl FnOnce(&mut Context) -> Option<T>,
) -> Option<T> {
    if let Some(name) = &block.name {
        if let Err(message) = cx.workspace.check_name(&name.value, NameKind::Position) {
            let d = Diagnostic::new(cx.file, name.span.clone(), message).label("this name");
            cx.problem(d);
            // Reported here, once: a use of a name that could not be defined says nothing more.
            cx.workspace.position_failed(&name.value);
            return None;
        }
    }
    let outcome = f(cx);
    if let (None, Some(name)) = (&outcome, &block.name) {
        // Reported here, once: uses of the name elsewhere say nothing more.
        cx.workspace.position_failed(&name.value);
    }
    outcome
}

/// A position block (a ```` ```hackenbush ```` block, or an exercise's position) as a board of
/// its game (Hackenbush's when the block names none): its position read in the game's notation
/// under the block's `rules`, valued ([`value_board`]) and held to its assertions.
pub fn check_board(cx: &mut Context, index: usize, block: &PositionBlock) -> Option<BoardOutcome> {
    let ruleset: &'static dyn DynRuleset = block.ruleset.unwrap_or(&hackenbush::ruleset::NORMAL);
    checked_name(cx, block, |cx| {
        let at = block.position.span.start;
        let position = match AnyPosition::parse(ruleset, &block.position.value) {
            Ok(p) => p,
            Err(e) => {
                let game = ruleset.name();
                let help = e.help.clone().unwrap_or_else(|| notation_help(game));
                let d = Diagnostic::new(
                    cx.file,
                    offset_span(&e.span, at),
                    format!("bad {game} position: {}", e.message),
                )
                .label("here")
                .help(help);
                cx.problem(d);
                return None;
            }
        };
        let mut time_limit = None;
        let mut assertions = Vec::new();
        let mut position = position;
        for line in &block.lines {
            match line.key.value.as_str() {
                "time_limit" => time_limit = Some(cx.read_time_limit(&line.value)?),
                // A rule variant of the game (Hackenbush's `childish`), or `normal`: the same
                // position read under the variant's ruleset.
                "rules" => match registry::find_rules(ruleset.name(), &line.value.value) {
                    Ok(variant) => match AnyPosition::parse(variant, &block.position.value) {
                        Ok(p) => position = p,
                        Err(e) => {
                            let d = Diagnostic::new(
                                cx.file,
                                offset_span(&e.span, at),
                                format!("bad {} position: {}", ruleset.name(), e.message),
                            )
                            .label("here");
                            cx.problem(d);
                            return None;
                        }
                    },
                    Err(message) => {
                        let d = Diagnostic::new(cx.file, line.value.span.clone(), message)
                            .label("the rules of this block");
                        cx.problem(d);
                        return None;
                    }
                },
                _ => assertions.push(line),
            }
        }
        cx.with_time_limit(time_limit, |cx| {
            value_board(cx, index, block, position, &assertions)
        })
    })
}

/// How a position of `game` is written, for an author whose position did not read.
fn notation_help(game: &str) -> String {
    if game == "hackenbush" {
        "stalks `LRRL`, trees `L(L R)`, forests `LR RL`, graphs `g-a L, a-b R, b-g G`".into()
    } else {
        format!("README.md's \"Other games\" says how a {game} position is written")
    }
}

/// A board valued, named and asserted. A Hackenbush board is valued by the run's Hackenbush
/// solver (the shortcut the solver of every game takes on it, which checks itself), which says
/// how, part by part; another game's by the run's solver of its ruleset, confirmed by its plain
/// game tree where that fits its budget.
fn value_board(
    cx: &mut Context,
    index: usize,
    block: &PositionBlock,
    position: AnyPosition,
    assertions: &[&KeyValue],
) -> Option<BoardOutcome> {
    let name = block
        .name
        .as_ref()
        .map_or_else(|| format!("position-{}", index + 1), |n| n.value.clone());
    let Evaluator {
        games, rulesets, ..
    } = &mut *cx.ev;
    let hackenbush = hackenbush::ruleset::standing_of(&position);
    let valued = match &hackenbush {
        Some((board, rules)) => rulesets
            .hackenbush()
            .evaluate(board, *rules, games)
            .map_err(|e| format!("cannot value this position: {e}")),
        None => position
            .confirmed_value(rulesets, games)
            .map(|(value, methods)| Evaluation {
                value,
                methods,
                parts: Vec::new(),
            })
            .map_err(|e| match e {
                Unconfirmed::Unsolved(e) => format!("cannot value this position: {e}"),
                disagree => disagree.to_string(),
            }),
    };
    let evaluation = match valued {
        Ok(evaluation) => evaluation,
        Err(message) => {
            let d = Diagnostic::new(cx.file, block.position.span.clone(), message)
                .label("this position");
            cx.problem(d);
            return None;
        }
    };
    // A Hackenbush board is named as a Hackenbush position: its properties, lines of play and
    // census literals read its edges.
    match &hackenbush {
        Some((board, rules)) => {
            cx.workspace
                .define_position(&name, &evaluation, board.clone(), *rules)
        }
        None => cx.workspace.define_game_position(
            &name,
            evaluation.value,
            evaluation.methods.clone(),
            position.clone(),
        ),
    }
    let facts = Facts {
        name: &name,
        board: match &hackenbush {
            Some((board, rules)) => Subject::Hackenbush(board, *rules),
            None => Subject::Other(&position),
        },
        value: evaluation.value,
    };
    let assertions = assertions
        .iter()
        .map(|line| check_assertion(cx, line, &facts))
        .collect();
    let play = board_play(cx, &position, block.position.span.clone());
    Some(BoardOutcome {
        play,
        game: evaluation.value,
        name,
        position,
        methods: evaluation.methods,
        parts: evaluation.parts,
        assertions,
    })
}

/// What an assertion may be checked against.
struct Facts<'a> {
    name: &'a str,
    board: Subject<'a>,
    value: GameId,
}

/// The position a block asserts about.
enum Subject<'a> {
    Hackenbush(&'a Position, Rules),
    Other(&'a AnyPosition),
}

fn check_assertion(cx: &mut Context, line: &KeyValue, facts: &Facts) -> AssertionRecord {
    let key = line.key.value.as_str();
    let outcome = match key {
        // Values are games, compared exactly by the engine, whatever their kind (3/8, 1*, ^*).
        "value" => check_value(cx, facts.value, &line.value.value),
        "left" | "right" => check_options(
            cx,
            facts,
            if key == "left" {
                Player::Left
            } else {
                Player::Right
            },
            &line.value.value,
        ),
        // A word that is neither a key of the block nor a property nor a measure: most likely
        // a typo of one of them.
        _ if is_name(key)
            && census::query::property(key).is_none()
            && !cx.workspace.knows_measure(key) =>
        {
            Err(Refusal {
                message: format!("unknown key `{key}` in a position block"),
                span: Some(line.key.span.clone()),
                help: Some(census::query::unknown_name_help(key, &KEYS)),
            })
        }
        _ => cx
            .workspace
            .property(facts.name, key, cx.ev)
            .map_err(|e| Refusal {
                message: e.message,
                span: Some(offset_span(&e.span, line.key.span.start)),
                help: e.help,
            })
            .and_then(|figure| {
                let shown = census::render_figure(&figure, &cx.ev.games);
                census::literal_holds(&line.value.value, &figure, &mut cx.ev.games)
                    .map(|holds| (shown, holds))
                    .map_err(|e| Refusal::at_literal(e.message))
            }),
    };
    let (computed, holds) = match outcome {
        Ok(pair) => pair,
        Err(refusal) => {
            let span = refusal.span.unwrap_or_else(|| line.value.span.clone());
            cx.problem(
                Diagnostic::new(cx.file, span, refusal.message)
                    .label("here")
                    .help_if(refusal.help),
            );
            return record(line, String::new(), false);
        }
    };
    if !holds {
        cx.problem(
            Diagnostic::new(
                cx.file,
                line.value.span.clone(),
                format!(
                    "assertion does not hold: `{key} = {}`, but the computed {key} is {computed}",
                    line.value.value
                ),
            )
            .label(format!("computed {computed}")),
        );
    }
    record(line, computed, holds)
}

fn record(line: &KeyValue, computed: String, holds: bool) -> AssertionRecord {
    AssertionRecord {
        key: line.key.value.clone(),
        literal: line.value.value.clone(),
        computed,
        holds,
    }
}

/// The keys a position block takes besides the properties of the query language.
const KEYS: [&str; 4] = ["value", "left", "right", "rules"];

/// `edges`, `valeu`: a single word, as a key naming one property is.
fn is_name(key: &str) -> bool {
    !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Why an assertion could not be checked: where (the literal's span when `None`), and what to do.
struct Refusal {
    message: String,
    span: Option<std::ops::Range<usize>>,
    help: Option<String>,
}

impl Refusal {
    fn at_literal(message: String) -> Refusal {
        Refusal {
            message,
            span: None,
            help: None,
        }
    }
}

type Checked = Result<(String, bool), Refusal>;

fn check_value(cx: &mut Context, value: GameId, literal: &str) -> Checked {
    let ev = &mut *cx.ev;
    let claimed = in_place::evaluate(literal, &mut ev.rulesets, &mut ev.games, &mut |_| None)
        .map_err(|e| Refusal::at_literal(format!("bad game value `{literal}`: {}", e.message)))?;
    Ok((cx.ev.games.display(value), claimed == value))
}

/// `left = 0, 1/2`: the values of the player's options, compared as sets.
fn check_options(cx: &mut Context, facts: &Facts, player: Player, literal: &str) -> Checked {
    let Evaluator { games, rulesets } = &mut *cx.ev;
    let cannot =
        |e: &dyn std::fmt::Display| Refusal::at_literal(format!("cannot value an option: {e}"));
    let values: Vec<GameId> = match facts.board {
        Subject::Hackenbush(position, rules) => hackenbush::options(position, rules, player)
            .iter()
            .map(|option| {
                rulesets
                    .hackenbush()
                    .evaluate(option, rules, games)
                    .map(|e| e.value)
            })
            .collect::<Result<_, _>>()
            .map_err(|e| cannot(&e))?,
        Subject::Other(position) => position
            .option_values(player, rulesets, games)
            .map_err(|e| cannot(&e))?
            .into_iter()
            .map(|(_, v)| v)
            .collect(),
    };
    let mut computed: Vec<GameId> = Vec::new();
    for value in values {
        if !computed.contains(&value) {
            computed.push(value);
        }
    }
    let mut claimed: Vec<GameId> = Vec::new();
    let none_claimed = matches!(literal.trim(), "none" | "{}");
    let items = if none_claimed {
        Vec::new()
    } else {
        split_top_level(literal)
    };
    for item in items {
        if item.trim().is_empty() {
            continue;
        }
        let value =
            in_place::evaluate(item.trim(), rulesets, games, &mut |_| None).map_err(|e| {
                Refusal::at_literal(format!("bad game value `{}`: {}", item.trim(), e.message))
            })?;
        if !claimed.contains(&value) {
            claimed.push(value);
        }
    }
    computed.sort();
    claimed.sort();
    let shown = if computed.is_empty() {
        "none (no moves)".to_string()
    } else {
        computed
            .iter()
            .map(|g| games.display(*g))
            .collect::<Vec<_>>()
            .join(", ")
    };
    Ok((
        shown,
        computed == claimed && (!claimed.is_empty() || none_claimed),
    ))
}

/// Splits `0, {1|-1}, 1/2` at the commas not inside braces.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}
