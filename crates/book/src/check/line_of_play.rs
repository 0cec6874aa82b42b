//! A `play` block: a line of play, replayed from its position with every cut checked for
//! legality and every claim against the solver (`hackenbush::play::line`). A failure is reported
//! at its line with the play that refutes it; what the page needs (each position reached, its
//! value, the cut that led there) is kept in a [`PlayOutcome`].

use super::Context;
use crate::essay::source::offset_span;
use crate::essay::{Diagnostic, Spanned};
use hackenbook_games::Player;
use hackenbook_rulesets::hackenbush::play::{self, Board, PlayLimits};
use hackenbook_rulesets::hackenbush::{Colour, Position, Rules};

/// Cuts as an author writes them: "right cuts R, then left cuts L[2]"; `None` for no cuts.
pub(super) fn play_words(board: &Board, cuts: &[(Player, usize)]) -> Option<String> {
    let words: Vec<String> = cuts
        .iter()
        .map(|&(p, e)| format!("{} cuts {}", p.name().to_lowercase(), board.names().name(e)))
        .collect();
    (!words.is_empty()).then(|| words.join(", then "))
}

#[derive(Debug)]
pub struct PlayOutcome {
    /// The position as written: every frame is drawn in its layout.
    pub position: Position,
    /// The starting position, then one frame per cut.
    pub frames: Vec<PlayFrame>,
}

/// One position a line of play passes through.
#[derive(Debug)]
pub struct PlayFrame {
    /// Per edge of the position as written: whether it still stands.
    pub standing: Vec<bool>,
    pub value: String,
    pub value_latex: String,
    /// The cut that led here (`None` for the start).
    pub cut: Option<PlayedCut>,
}

/// A cut, as a reader is told of it.
#[derive(Debug)]
pub struct PlayedCut {
    pub player: Player,
    pub colour: Colour,
    /// How many other edges fell with it.
    pub fallen: usize,
}

/// Returns what the page draws, or `None` if the line failed (every problem is reported).
pub fn check(
    cx: &mut Context,
    name: Option<&Spanned<String>>,
    lines: &[Spanned<String>],
    whole: &std::ops::Range<usize>,
) -> Option<PlayOutcome> {
    let (position, rules, script_lines) = resolve_position(cx, name, lines, whole)?;
    let board = match Board::new(&position, rules, PlayLimits::default().edges) {
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
    let empty = || {
        Diagnostic::new(cx.file, whole.clone(), "this line of play has no steps")
            .label("expected cuts and claims after the position")
            .help("for example `left cuts L[1]`, then `right has won`")
    };
    let (Some(first), Some(last)) = (script_lines.first(), script_lines.last()) else {
        cx.problem(empty());
        return None;
    };
    let at = first.span.start;
    let text = &cx.file.text[at..last.span.end];
    // `rules = …` belongs to an inline position; a named one brings its own rules.
    let header = |line: &str| name.is_none() && is_rules_line(line);
    let workspace = &cx.workspace;
    let mut resolve = |n: &str| workspace.position_value(n);
    let (script, errors) = play::parse_script(text, &board, cx.ev, &mut resolve, &header);
    let before = cx.problems.len();
    for e in errors {
        cx.problem(
            Diagnostic::new(
                cx.file,
                offset_span(&e.span, at),
                format!("bad line of play: {}", e.message),
            )
            .label("here"),
        );
    }
    if cx.problems.len() > before {
        return None;
    }
    if script.steps.is_empty() {
        cx.problem(empty());
        return None;
    }
    let steps: Vec<play::Step> = script.steps.iter().map(|(s, _)| s.clone()).collect();
    let start = script.start.map(|(p, _)| p);
    let replayed = match play::replay(&board, start, &steps, &mut cx.ev.solver, &mut cx.ev.games) {
        Ok(r) => r,
        Err(e) => {
            cx.problem(
                Diagnostic::new(
                    cx.file,
                    first.span.clone(),
                    format!("cannot replay this line: {e}"),
                )
                .label("while replaying from here"),
            );
            return None;
        }
    };
    for problem in &replayed.problems {
        let span = offset_span(&script.steps[problem.step].1, at);
        let mut d = Diagnostic::new(
            cx.file,
            span,
            format!("the line of play does not hold: {}", problem.message),
        )
        .label(match script.steps[problem.step].0 {
            play::Step::Cut { .. } => "this cut is not legal here",
            play::Step::Claim(_) => "this claim does not hold",
        });
        if let Some(play) = play_words(&board, &problem.refutation) {
            d = d.help(format!("the refuting play, from this step: {play}"));
        }
        cx.problem(d);
    }
    if !replayed.problems.is_empty() {
        return None;
    }
    let frames = replayed
        .positions
        .iter()
        .scan(board.full(), |before, reached| {
            let standing: Vec<bool> = (0..board.edge_count())
                .map(|e| reached.set & (1 << e) != 0)
                .collect();
            let cut = reached.cut.map(|(player, e)| PlayedCut {
                player,
                colour: board.colour(e),
                fallen: (*before & !reached.set).count_ones() as usize - 1,
            });
            *before = reached.set;
            Some((standing, reached.value, cut))
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|(standing, value, cut)| PlayFrame {
            standing,
            value: cx.ev.games.display(value),
            value_latex: cx.ev.games.latex(value),
            cut,
        })
        .collect();
    Some(PlayOutcome { position, frames })
}

fn is_rules_line(line: &str) -> bool {
    line.split_once('=')
        .is_some_and(|(key, _)| key.trim().eq_ignore_ascii_case("rules"))
}

/// The position played, its rules, and the lines of the script proper.
fn resolve_position<'l>(
    cx: &mut Context,
    name: Option<&Spanned<String>>,
    lines: &'l [Spanned<String>],
    whole: &std::ops::Range<usize>,
) -> Option<(Position, Rules, &'l [Spanned<String>])> {
    if let Some(name) = name {
        return match cx.workspace.position(&name.value) {
            Some((p, rules)) => Some((p.clone(), rules, lines)),
            // Its block failed, and said so.
            None if cx.workspace.is_failed_position(&name.value) => None,
            None if cx.workspace.game_position(&name.value).is_some() => {
                let game = cx
                    .workspace
                    .game_position(&name.value)
                    .map_or("", |p| p.ruleset().name());
                cx.problem(
                    Diagnostic::new(
                        cx.file,
                        name.span.clone(),
                        format!("`{}` is a {game} position: lines of play are for Hackenbush positions for now", name.value),
                    )
                    .label("not a Hackenbush position")
                    .help("state its values in a ```game block instead: `NAME = …`"),
                );
                None
            }
            None => {
                cx.problem(
                    Diagnostic::new(
                        cx.file,
                        name.span.clone(),
                        format!("no position block is named `{}`", name.value),
                    )
                    .label("not a position of this essay")
                    .help(
                        "name a ```hackenbush NAME block, or write the position on the first line",
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
    let position = match Position::parse(&first.value) {
        Ok(p) => p,
        Err(e) => {
            cx.problem(
                Diagnostic::new(
                    cx.file,
                    offset_span(&e.span, first.span.start),
                    format!("bad position: {}", e.message),
                )
                .label("here"),
            );
            return None;
        }
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
    Some((position, rules, rest))
}
