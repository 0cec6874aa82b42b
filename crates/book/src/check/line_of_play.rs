//! A `play` block: a line of play, replayed from its position with every move checked for
//! legality and every claim against the solver (the one judge of `hackenbook_rulesets::line`).
//! One path for every game: moves by the names its ruleset gives them (Hackenbush's cuts by the
//! names of the edges as written), on the position in play. A failure is reported at its line with the play that refutes it; what the page
//! needs (each position reached, its value, the move that led there) is kept in a
//! [`PlayOutcome`].

use super::Context;
use crate::essay::source::offset_span;
use crate::essay::{Diagnostic, Spanned};
use hackenbook_base::located::Located;
use hackenbook_games::{GameId, Player};
use hackenbook_rulesets::hackenbush::ruleset as hackenbush;
use hackenbook_rulesets::hackenbush::{Hackenbush, InPlay, Position, Rules};
use hackenbook_rulesets::in_place;
use hackenbook_rulesets::line::{self as generic, verb_of, AnyPlay, AnyReader, Naming, Verb};
use hackenbook_rulesets::{registry, AnyPosition, Taken};
use std::ops::Range;

#[derive(Debug)]
pub struct PlayOutcome {
    /// The starting position, then one frame per move.
    pub frames: Vec<PlayFrame>,
}

/// One position a line of play passes through.
#[derive(Debug)]
pub struct PlayFrame {
    /// The position reached (the page draws it).
    pub position: AnyPosition,
    /// Its value, in the build's games table (the page puts it into words and typesets it).
    pub value: GameId,
    /// The move that led here (`None` for the start).
    pub by: Option<PlayedMove>,
}

/// A move, as a reader is told of it: facts the page words.
#[derive(Debug)]
pub struct PlayedMove {
    pub player: Player,
    /// The game's verb for a move ("cuts", "pushes").
    pub verb: &'static str,
    /// The move's name, as its game names it.
    pub name: String,
    /// What it took, when its game tells a move so ([`Taken`]: a Hackenbush cut's edge and
    /// the edges that fell with it); `None`: the move is told by its name.
    pub taken: Option<Taken>,
}

/// Returns what the page draws, or `None` if the line failed (every problem is reported).
/// Every game's line is one path: moves by the names its ruleset gives them (Hackenbush's cuts
/// by the edges' names as written), each position reached valued as a position block's value
/// is (the solver, confirmed by the plain game tree where the game's solver does not check
/// itself).
pub fn check(
    cx: &mut Context,
    name: Option<&Spanned<String>>,
    lines: &[Spanned<String>],
    whole: &Range<usize>,
) -> Option<PlayOutcome> {
    let (position, script_lines) = resolve_position(cx, name, lines, whole)?;
    let ruleset = position.ruleset();
    let verb = verb_of(ruleset);
    let example = Player::BOTH
        .iter()
        .find_map(|&p| position.moves(p).into_iter().next())
        .map_or_else(|| "a1-a2".to_string(), |(name, _)| name);
    let first_move = format!("left {} {example}", verb.says);
    let (Some(first), Some(last)) = (script_lines.first(), script_lines.last()) else {
        cx.problem(empty(cx, whole, verb, &first_move));
        return None;
    };
    let at = first.span.start;
    let text = &cx.file.text[at..last.span.end];
    // `rules = …` belongs to a position written in place; a named one brings its own rules.
    let header = |line: &str| name.is_none() && is_rules_line(line);
    let (script, errors) = read_script(cx, ruleset, example, text, &header);
    if !read_errors(cx, errors, at) {
        return None;
    }
    if script.steps.is_empty() {
        cx.problem(empty(cx, whole, verb, &first_move));
        return None;
    }
    let steps: Vec<_> = script.steps.iter().map(|(s, _)| s.clone()).collect();
    let start = script.start.as_ref().map(|(p, _)| *p);
    let ev = &mut *cx.ev;
    let replayed = generic::replay(
        AnyPlay::saying(&mut ev.rulesets, verb),
        position,
        start,
        &steps,
        &mut ev.games,
    );
    let replayed = replayed_or_report(cx, replayed, first)?;
    let name = |m: &String| m.clone();
    if !report(cx, (verb, &name), &script, &replayed.problems, at) {
        return None;
    }
    let mut frames: Vec<PlayFrame> = Vec::with_capacity(replayed.positions.len());
    for reached in replayed.positions {
        let by = reached.by.map(|(player, name)| PlayedMove {
            player,
            verb: ruleset.move_verb(),
            taken: frames
                .last()
                .and_then(|before| before.position.taken(&name, &reached.state)),
            name,
        });
        frames.push(PlayFrame {
            position: reached.state,
            value: reached.value,
            by,
        });
    }
    Some(PlayOutcome { frames })
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
fn empty(cx: &Context, whole: &Range<usize>, verb: Verb, example: &str) -> Diagnostic {
    Diagnostic::new(cx.file, whole.clone(), "this line of play has no steps")
        .label(format!(
            "expected {}s and claims after the position",
            verb.noun
        ))
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
type Start<'l> = (AnyPosition, &'l [Spanned<String>]);

/// The position played, under its rules, and the lines of the script proper: a position block
/// by its name, or the position written on the first line (`domineering: 2x3`, or untagged, a
/// Hackenbush position), its rules from a `rules = …` line.
fn resolve_position<'l>(
    cx: &mut Context,
    name: Option<&Spanned<String>>,
    lines: &'l [Spanned<String>],
    whole: &Range<usize>,
) -> Option<Start<'l>> {
    if let Some(name) = name {
        return match named_position(cx, &name.value) {
            Some(Ok(p)) => Some((p, lines)),
            Some(Err(e)) => {
                cx.problem(Diagnostic::new(
                    cx.file,
                    name.span.clone(),
                    format!("cannot play this position: {e}"),
                ));
                None
            }
            // Its block failed, and said so.
            None if cx.workspace.is_failed_position(&name.value) => None,
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
    // Another game's position written in place (`domineering: 2x3`); untagged, Hackenbush's.
    let (mut ruleset, text, at): (&'static dyn hackenbook_rulesets::DynRuleset, &str, usize) =
        match registry::tagged_game(&first.value) {
            Some(Ok((ruleset, at))) => (ruleset, &first.value[at..], at),
            Some(Err(e)) => return bad_position(cx, e, first),
            None => (&hackenbush::NORMAL, first.value.as_str(), 0),
        };
    for line in rest.iter().filter(|l| is_rules_line(&l.value)) {
        let eq = line.value.find('=').unwrap_or(0) + 1;
        let value = line.value[eq..].trim();
        let start =
            line.span.start + eq + (line.value[eq..].len() - line.value[eq..].trim_start().len());
        match registry::find_rules(ruleset.name(), value) {
            Ok(r) => ruleset = r,
            Err(expected) => {
                cx.problem(
                    Diagnostic::new(
                        cx.file,
                        start..start + value.len(),
                        format!("unknown rules `{value}`"),
                    )
                    .label(expected),
                );
                return None;
            }
        }
    }
    match AnyPosition::parse(ruleset, text) {
        Ok(p) => Some((p, rest)),
        Err(e) => bad_position(cx, e.shifted(at), first),
    }
}

/// The position block `name` as a position in play: another game's as it is, a Hackenbush
/// position as its board in play; `None` when no block of that name holds a position.
fn named_position(cx: &Context, name: &str) -> Option<Result<AnyPosition, String>> {
    if let Some(p) = cx.workspace.game_position(name) {
        return Some(Ok(p.clone()));
    }
    let (position, rules) = cx.workspace.position(name)?;
    Some(in_play(position, rules))
}

/// A Hackenbush position as a position in play, every edge standing, under `rules`.
pub(super) fn in_play(position: &Position, rules: Rules) -> Result<AnyPosition, String> {
    Ok(AnyPosition::of(
        Hackenbush::of(rules),
        InPlay::new(position),
    ))
}
