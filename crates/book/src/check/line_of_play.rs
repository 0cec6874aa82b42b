//! A `play` block: a line of play, replayed from its position with every move checked for
//! legality and every claim against the solver (the one judge of `hackenbook_rulesets::line`):
//! Hackenbush's cuts on its board of edges, any other game's moves by the names its ruleset
//! gives them. A failure is reported at its line with the play that refutes it; what the page
//! needs (each position reached, its value, the move that led there) is kept in a
//! [`PlayOutcome`].

use super::Context;
use crate::essay::source::offset_span;
use crate::essay::{Diagnostic, Spanned};
use hackenbook_base::located::Located;
use hackenbook_games::{GameId, Player};
use hackenbook_rulesets::hackenbush::play::{Board, PlayLimits};
use hackenbook_rulesets::hackenbush::{Colour, Hackenbush, InPlay, Position, Rules};
use hackenbook_rulesets::in_place;
use hackenbook_rulesets::line::{self as generic, AnyPlay, AnyReader, Naming, CUT, PLAY};
use hackenbook_rulesets::{registry, AnyPosition};
use std::ops::Range;

#[derive(Debug)]
pub struct PlayOutcome {
    /// The Hackenbush position as written, every frame drawn in its layout; `None` for another
    /// game, whose frames carry their positions.
    pub position: Option<Position>,
    /// The starting position, then one frame per move.
    pub frames: Vec<PlayFrame>,
}

/// One position a line of play passes through.
#[derive(Debug)]
pub struct PlayFrame {
    /// What is drawn.
    pub picture: FramePicture,
    /// Its value, in the build's games table (the page puts it into words and typesets it).
    pub value: GameId,
    /// The move that led here (`None` for the start).
    pub cut: Option<PlayedCut>,
}

/// A frame's picture.
#[derive(Debug)]
pub enum FramePicture {
    /// Per edge of the Hackenbush position as written: whether it still stands.
    Standing(Vec<bool>),
    /// Another game's position reached.
    Board(AnyPosition),
}

/// A move, as a reader is told of it.
#[derive(Debug)]
pub struct PlayedCut {
    pub player: Player,
    pub kind: MoveKind,
}

/// What a move was.
#[derive(Debug)]
pub enum MoveKind {
    /// A Hackenbush cut: the edge's colour and how many other edges fell with it.
    Cut { colour: Colour, fallen: usize },
    /// Another game's move, by its name, with the game's verb for a move ("pushes").
    Named { verb: &'static str, name: String },
}

/// Returns what the page draws, or `None` if the line failed (every problem is reported).
pub fn check(
    cx: &mut Context,
    name: Option<&Spanned<String>>,
    lines: &[Spanned<String>],
    whole: &std::ops::Range<usize>,
) -> Option<PlayOutcome> {
    let (position, rules, script_lines) = match resolve_position(cx, name, lines, whole)? {
        Start::Hackenbush(p, rules, script) => (p, rules, script),
        Start::Other(p, script) => return check_other(cx, p, script, whole),
    };
    // The play budget's edges (the page plays the same board); then the board in play.
    let board = Board::new(&position, rules, PlayLimits::default().edges)
        .map_err(|e| e.to_string())
        .and_then(|_| InPlay::new(&position).ok_or_else(|| "too many edges to play".to_string()));
    let board = match board {
        Ok(b) => b,
        Err(e) => {
            let at = name.map_or_else(|| lines[0].span.clone(), |n| n.span.clone());
            cx.problem(Diagnostic::new(
                cx.file,
                at,
                format!("cannot play this position: {e}"),
            ));
            return None;
        }
    };
    let (Some(first), Some(last)) = (script_lines.first(), script_lines.last()) else {
        cx.problem(empty(cx, whole, "cuts", "left cuts L[1]"));
        return None;
    };
    let at = first.span.start;
    let text = &cx.file.text[at..last.span.end];
    let ruleset = Hackenbush::of(rules);
    // `rules = …` belongs to an inline position; a named one brings its own rules.
    let header = |line: &str| name.is_none() && is_rules_line(line);
    let (script, errors) = read_script(cx, ruleset, "LR".into(), text, &header);
    if !read_errors(cx, errors, at) {
        return None;
    }
    if script.steps.is_empty() {
        cx.problem(empty(cx, whole, "cuts", "left cuts L[1]"));
        return None;
    }
    let steps: Vec<_> = script.steps.iter().map(|(s, _)| s.clone()).collect();
    let start = script.start.as_ref().map(|(p, _)| *p);
    let ev = &mut *cx.ev;
    let replayed = generic::replay(
        AnyPlay::saying(&mut ev.rulesets, CUT),
        AnyPosition::of(ruleset, board),
        start,
        &steps,
        &mut ev.games,
    );
    let replayed = replayed_or_report(cx, replayed, first)?;
    let name = |m: &String| m.clone();
    if !report(cx, (CUT, &name), &script, &replayed.problems, at) {
        return None;
    }
    let mut frames = Vec::with_capacity(replayed.positions.len());
    let mut before = position.edge_count();
    for reached in &replayed.positions {
        let Some(board) = reached.state.downcast::<Hackenbush>() else {
            unreachable!("a line on a Hackenbush board reaches Hackenbush boards")
        };
        let standing = board.standing().count();
        let cut = match &reached.by {
            None => None,
            Some((player, name)) => {
                let Ok(e) = board.names().parse(name) else {
                    unreachable!("a cut's name, as the board names it, reads back")
                };
                Some(PlayedCut {
                    player: *player,
                    kind: MoveKind::Cut {
                        colour: position.edges()[e].2,
                        fallen: before.saturating_sub(standing + 1),
                    },
                })
            }
        };
        before = standing;
        frames.push(PlayFrame {
            picture: FramePicture::Standing(board.flags()),
            value: reached.value,
            cut,
        });
    }
    Some(PlayOutcome {
        position: Some(position),
        frames,
    })
}

/// Reads a line of play on a position of `ruleset`: moves as written, values in the run's
/// context (position blocks by name, positions in brackets).
fn read_script(
    cx: &mut Context,
    ruleset: &'static dyn hackenbook_rulesets::DynRuleset,
    example: String,
    text: &str,
    header: &dyn Fn(&str) -> bool,
) -> (generic::Script<String, AnyPosition>, Vec<Located>) {
    let workspace = &cx.workspace;
    let ev = &mut *cx.ev;
    let mut value = |text: &str| {
        in_place::evaluate(text, &mut ev.rulesets, &mut ev.games, &mut |n| {
            workspace.position_value(n)
        })
    };
    let mut reader = AnyReader {
        ruleset,
        example,
        value: &mut value,
    };
    generic::parse_script(text, &mut reader, header)
}

/// The replay, or `None` with its failure reported at the script's first line.
fn replayed_or_report<T, E: std::fmt::Display>(
    cx: &mut Context,
    replayed: Result<T, E>,
    first: &Spanned<String>,
) -> Option<T> {
    replayed
        .map_err(|e| {
            cx.problem(
                Diagnostic::new(
                    cx.file,
                    first.span.clone(),
                    format!("cannot replay this line: {e}"),
                )
                .label("while replaying from here"),
            );
        })
        .ok()
}

/// A line of play with no steps.
fn empty(cx: &Context, whole: &Range<usize>, moves: &str, example: &str) -> Diagnostic {
    Diagnostic::new(cx.file, whole.clone(), "this line of play has no steps")
        .label(format!("expected {moves} and claims after the position"))
        .help(format!("for example `{example}`, then `right has won`"))
}

/// Reports the script's reading errors (spans from `at`); whether there were none.
fn read_errors(cx: &mut Context, errors: Vec<Located>, at: usize) -> bool {
    let none = errors.is_empty();
    for e in errors {
        cx.problem(
            Diagnostic::new(
                cx.file,
                offset_span(&e.span, at),
                format!("bad line of play: {}", e.message),
            )
            .label("here")
            .help_if(e.help),
        );
    }
    none
}

/// Reports each problem of a replay at its step, with the refuting play; whether there were
/// none.
fn report<M, P>(
    cx: &mut Context,
    (verb, name): Naming<'_, M>,
    script: &generic::Script<M, P>,
    problems: &[generic::LineProblem<M>],
    at: usize,
) -> bool {
    for problem in problems {
        let span = offset_span(&script.steps[problem.step].1, at);
        let mut d = Diagnostic::new(
            cx.file,
            span,
            format!("the line of play does not hold: {}", problem.message),
        )
        .label(match script.steps[problem.step].0 {
            generic::Step::Move { .. } => match verb.noun {
                "cut" => "this cut is not legal here",
                _ => "this move is not legal here",
            },
            generic::Step::Claim(_) => "this claim does not hold",
        });
        if let Some(play) = generic::play_words(verb, name, &problem.refutation) {
            d = d.help(format!("the refuting play, from this step: {play}"));
        }
        cx.problem(d);
    }
    problems.is_empty()
}

/// A line of play on another game's position: moves by their names, each position reached
/// valued as a position block's value is (the solver, confirmed by the plain game tree).
fn check_other(
    cx: &mut Context,
    position: AnyPosition,
    script_lines: &[Spanned<String>],
    whole: &Range<usize>,
) -> Option<PlayOutcome> {
    let example = Player::BOTH
        .iter()
        .find_map(|&p| position.moves(p).into_iter().next())
        .map_or_else(|| "a1-a2".to_string(), |(name, _)| name);
    let first_move = format!("left plays {example}");
    let (Some(first), Some(last)) = (script_lines.first(), script_lines.last()) else {
        cx.problem(empty(cx, whole, "moves", &first_move));
        return None;
    };
    let at = first.span.start;
    let text = &cx.file.text[at..last.span.end];
    let (script, errors) = read_script(cx, position.ruleset(), example, text, &|_| false);
    if !read_errors(cx, errors, at) {
        return None;
    }
    if script.steps.is_empty() {
        cx.problem(empty(cx, whole, "moves", &first_move));
        return None;
    }
    let steps: Vec<_> = script.steps.iter().map(|(s, _)| s.clone()).collect();
    let start = script.start.as_ref().map(|(p, _)| *p);
    let verb = position.ruleset().move_verb();
    let ev = &mut *cx.ev;
    let replayed = generic::replay(
        AnyPlay::new(&mut ev.rulesets),
        position,
        start,
        &steps,
        &mut ev.games,
    );
    let replayed = replayed_or_report(cx, replayed, first)?;
    let name = |m: &String| m.clone();
    if !report(cx, (PLAY, &name), &script, &replayed.problems, at) {
        return None;
    }
    let frames = replayed
        .positions
        .into_iter()
        .map(|reached| {
            let cut = reached.by.map(|(player, name)| PlayedCut {
                player,
                kind: MoveKind::Named { verb, name },
            });
            PlayFrame {
                picture: FramePicture::Board(reached.state),
                value: reached.value,
                cut,
            }
        })
        .collect();
    Some(PlayOutcome {
        position: None,
        frames,
    })
}

/// A starting position that does not read: reported where it is wrong in `line`, with its help.
fn bad_position<T>(cx: &mut Context, e: Located, line: &Spanned<String>) -> Option<T> {
    cx.problem(
        Diagnostic::new(
            cx.file,
            offset_span(&e.span, line.span.start),
            format!("bad position: {}", e.message),
        )
        .label("here")
        .help_if(e.help),
    );
    None
}

fn is_rules_line(line: &str) -> bool {
    line.split_once('=')
        .is_some_and(|(key, _)| key.trim().eq_ignore_ascii_case("rules"))
}

/// The position a line of play starts from, and the lines of the script proper.
enum Start<'l> {
    Hackenbush(Position, Rules, &'l [Spanned<String>]),
    Other(AnyPosition, &'l [Spanned<String>]),
}

/// The position played, its rules, and the lines of the script proper.
fn resolve_position<'l>(
    cx: &mut Context,
    name: Option<&Spanned<String>>,
    lines: &'l [Spanned<String>],
    whole: &std::ops::Range<usize>,
) -> Option<Start<'l>> {
    if let Some(name) = name {
        return match cx.workspace.position(&name.value) {
            Some((p, rules)) => Some(Start::Hackenbush(p.clone(), rules, lines)),
            // Its block failed, and said so.
            None if cx.workspace.is_failed_position(&name.value) => None,
            None if cx.workspace.game_position(&name.value).is_some() => cx
                .workspace
                .game_position(&name.value)
                .map(|p| Start::Other(p.clone(), lines)),
            None => {
                cx.problem(
                    Diagnostic::new(
                        cx.file,
                        name.span.clone(),
                        format!("no position block is named `{}`", name.value),
                    )
                    .label("not a position of this essay")
                    .help(
                        "name a position block (```hackenbush NAME, ```domineering NAME …), or \
                         write the position on the first line",
                    ),
                );
                None
            }
        };
    }
    let Some((first, rest)) = lines.split_first() else {
        cx.problem(
            Diagnostic::new(cx.file, whole.clone(), "this line of play has no position")
                .label("expected a position on the first line")
                .help("write the position first (`LR R`), or name a position block: ```play NAME"),
        );
        return None;
    };
    // Another game's position written in place: `domineering: 2x3`.
    if let Some(read) = registry::parse_tagged(&first.value) {
        return match read {
            Ok(p) => Some(Start::Other(p, rest)),
            Err(e) => bad_position(cx, e, first),
        };
    }
    let position = match Position::parse(&first.value) {
        Ok(p) => p,
        Err(e) => return bad_position(cx, e, first),
    };
    let mut rules = Rules::Normal;
    for line in rest.iter().filter(|l| is_rules_line(&l.value)) {
        let eq = line.value.find('=').unwrap_or(0) + 1;
        let value = line.value[eq..].trim();
        let start =
            line.span.start + eq + (line.value[eq..].len() - line.value[eq..].trim_start().len());
        let value = Spanned {
            value: value.to_string(),
            span: start..start + value.len(),
        };
        rules = super::position_block::read_rules(cx, &value)?;
    }
    Some(Start::Hackenbush(position, rules, rest))
}
