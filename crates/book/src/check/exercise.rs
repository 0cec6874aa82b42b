//! An `exercise` block: a position of any game, a question the checker decides (its value, who
//! wins, a winning move, the best move), and the author's answer, checked like a claim. A wrong
//! answer fails at its line; a wrong winner or a move that does not win (or is not best) fails
//! with the play that refutes it, from the line-of-play judge (`hackenbook_rulesets::line`). A
//! move question is one path for every game: the answer a move's name (Hackenbush's: an edge's
//! name), judged on the position in play. Whatever the game, the page gets the position in play
//! (its board, drawn by its ruleset) and what the reader's answer is compared with in the
//! browser: the value's parts, the winner, the right moves and every move of the mover by name,
//! with the drawn items they target.

use super::context::{ClaimKind, ClaimRecord, Obtained};
use super::position_block;
use super::Context;
use crate::essay::parse::ExerciseBlock;
use crate::essay::{Diagnostic, Spanned};
use hackenbook_base::provenance::Method;
use hackenbook_games::{notation, GameId, OutcomeClass, Player};
use hackenbook_rulesets::erased::Unconfirmed;
use hackenbook_rulesets::line::{self as generic, verb_of, AnyPlay, Best, Naming, Played};
use hackenbook_rulesets::AnyPosition;
use std::fmt::Display;

/// The kinds of question an exercise may ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// What is it worth?
    Value,
    /// Who wins when this player starts?
    Winner(Player),
    /// Who wins: Left, Right, the first player or the second player?
    Outcome,
    /// Find a winning move for this player (moving first).
    WinningMove(Player),
    /// Find this player's best move: an option as good for the player as every other.
    BestMove(Player),
}

/// What a move question asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// A move that wins.
    Win,
    /// A move to an option as good for the mover as every other.
    Best,
}

/// The forms `question = …` takes, for messages.
const QUESTIONS: &str = "`value`, `who wins when left starts`, `who wins when right starts`, \
                         `who wins`, `winning move for left`, `winning move for right`, \
                         `best move for left`, `best move for right`";

impl Question {
    fn read(text: &str) -> Option<Question> {
        let words: Vec<String> = text
            .split_whitespace()
            .map(|w| w.to_ascii_lowercase())
            .collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let player = |w: &str| w.parse::<Player>().ok();
        Some(match words.as_slice() {
            ["value"] => Question::Value,
            ["who", "wins"] => Question::Outcome,
            ["who", "wins", "when", p, "starts"] => Question::Winner(player(p)?),
            ["winning", "move", "for", p] => Question::WinningMove(player(p)?),
            ["best", "move", "for", p] => Question::BestMove(player(p)?),
            _ => return None,
        })
    }

    /// The mover and what the move must do, for a move question.
    pub fn asks_move(self) -> Option<(Player, Goal)> {
        match self {
            Question::WinningMove(p) => Some((p, Goal::Win)),
            Question::BestMove(p) => Some((p, Goal::Best)),
            _ => None,
        }
    }
}

/// What the reader's answer is compared with, computed at build time: the facts the page
/// words the answer key from.
#[derive(Debug)]
pub enum Expected {
    /// A value: its display form, the value itself (in the build's games table), and when it is
    /// a number plus ups plus a nimber, its parts (numerator, power of two of the denominator,
    /// ups, nimber).
    Value {
        display: String,
        game: GameId,
        parts: Option<(String, u32, i64, u32)>,
    },
    Winner(Player),
    Outcome(OutcomeClass),
    /// A move question: the right moves (winning, or best) and every move of the mover, by
    /// name in the game's order, and the drawn items that are targets of the mover's moves (item
    /// id, the moves' names).
    Named {
        player: Player,
        goal: Goal,
        right: Vec<String>,
        legal: Vec<String>,
        targets: Vec<(String, Vec<String>)>,
    },
}

#[derive(Debug)]
pub struct ExerciseOutcome {
    /// The name other directives use for the position.
    pub name: String,
    /// The position in play, every move open (a Hackenbush position's board with every edge
    /// standing, under its rules): drawn by its ruleset without its value (the value may be the
    /// answer).
    pub position: AnyPosition,
    pub question: Question,
    /// What the answer is: the page words the answer key from it.
    pub expected: Expected,
    pub hint: Option<String>,
    /// Index of the answer among the essay's claims.
    pub claim: usize,
}

/// Checks one exercise; `None` if it failed (every problem is reported).
pub fn check(cx: &mut Context, index: usize, block: &ExerciseBlock) -> Option<ExerciseOutcome> {
    let question = Question::read(&block.question.value);
    let Some(question) = question else {
        cx.problem(
            Diagnostic::new(
                cx.file,
                block.question.span.clone(),
                format!("unknown question `{}`", block.question.value),
            )
            .label("not a question the checker decides")
            .help(format!("an exercise asks one of: {QUESTIONS}")),
        );
        return None;
    };
    if let Some(hint) = &block.hint {
        check_hint_maths(cx, hint);
    }
    // The block keeps only its `rules` line: the position is checked like a position block (a
    // Hackenbush one by the Hackenbush solver, and named with its Hackenbush properties), then
    // asked about as a board in play like every game's.
    let board = position_block::check_board(cx, index, &block.position)?;
    let (name, position) = (board.name, board.position);
    let answer = &block.answer;
    let checked = judge(cx, &name, &position, question, answer);
    let (figure, holds, expected) = match checked {
        Ok(found) => found,
        Err(diagnostic) => {
            cx.problem(diagnostic);
            record(cx, question, &name, answer, String::new(), false);
            return None;
        }
    };
    let claim = record(cx, question, &name, answer, figure, holds);
    if !holds {
        return None;
    }
    Some(ExerciseOutcome {
        name,
        position,
        question,
        expected,
        hint: block.hint.as_ref().map(|h| h.value.clone()),
        claim,
    })
}

/// A relation between games in the hint's maths (`$\tfrac34 - 1 = -\tfrac14$`) is checked like
/// one written `` `{$…$}` `` in the prose; other maths is only typeset.
fn check_hint_maths(cx: &mut Context, hint: &Spanned<String>) {
    let mut rest = hint.value.as_str();
    let mut offset = 0;
    while let Some(open) = rest.find('$') {
        let Some(close) = rest[open + 1..].find('$') else {
            return;
        };
        let tex = &rest[open + 1..open + 1 + close];
        if super::maths_claim::reads_as_relation(tex).is_some() {
            let start = hint.span.start + offset + open + 1;
            let formula = Spanned {
                value: tex.to_string(),
                span: start..start + tex.len(),
            };
            super::maths_claim::check(cx, &formula);
        }
        let consumed = open + 1 + close + 1;
        offset += consumed;
        rest = &rest[consumed..];
    }
}

/// The figure (for authors), whether the answer holds, and what the page compares with; or a
/// diagnostic when the answer cannot be read.
type Judged = Result<(String, bool, Expected), Diagnostic>;

fn judge(
    cx: &mut Context,
    name: &str,
    position: &AnyPosition,
    question: Question,
    answer: &Spanned<String>,
) -> Judged {
    let value = cx
        .workspace
        .position_value(name)
        .expect("the exercise's position was just defined");
    let bad = |message: String, span: std::ops::Range<usize>| {
        Diagnostic::new(cx.file, span, message).label("this answer")
    };
    match question {
        Question::Value => {
            let claimed = notation::evaluate(&answer.value, &mut cx.ev.games, &mut |_| None)
                .map_err(|e| {
                    bad(
                        format!("bad game value `{}`: {}", answer.value, e.message),
                        answer.span.clone(),
                    )
                })?;
            let display = cx.ev.games.display(value);
            let parts = cx.ev.games.as_nus(value).map(|v| {
                (
                    v.number.numerator().to_string(),
                    v.number.exponent(),
                    v.ups,
                    v.nim,
                )
            });
            let holds = claimed == value;
            if !holds {
                cx.problem(
                    Diagnostic::new(
                        cx.file,
                        answer.span.clone(),
                        format!(
                            "the exercise's answer does not hold: it says `{}`, the position is \
                             worth {display}",
                            answer.value
                        ),
                    )
                    .label(format!("computed {display}")),
                );
            }
            Ok((
                display.clone(),
                holds,
                Expected::Value {
                    display,
                    game: value,
                    parts,
                },
            ))
        }
        Question::Winner(starter) => {
            let claimed = answer
                .value
                .parse::<Player>()
                .map_err(|m| bad(m, answer.span.clone()))?;
            let winner = cx.ev.games.outcome(value).winner(starter);
            let holds = claimed == winner;
            if !holds {
                refute_named(cx, position, starter, generic::Claim::Wins(claimed), answer);
            }
            Ok((format!("{winner} wins"), holds, Expected::Winner(winner)))
        }
        Question::Outcome => {
            let claimed = read_class(&answer.value).ok_or_else(|| {
                bad(
                    format!(
                        "`{}` is not an outcome: write `left`, `right`, `first player` or \
                         `second player`",
                        answer.value
                    ),
                    answer.span.clone(),
                )
            })?;
            let class = cx.ev.games.outcome(value);
            let holds = claimed == class;
            if !holds {
                // A starter for whom the answer names the wrong winner: the play shows it.
                let starter = [Player::Left, Player::Right]
                    .into_iter()
                    .find(|&s| claimed.winner(s) != class.winner(s))
                    .unwrap_or(Player::Left);
                let claim = generic::Claim::Wins(claimed.winner(starter));
                refute_named(cx, position, starter, claim, answer);
            }
            Ok((
                class.describe().to_string(),
                holds,
                Expected::Outcome(class),
            ))
        }
        Question::WinningMove(_) | Question::BestMove(_) => {
            let Some((player, goal)) = question.asks_move() else {
                unreachable!("a move question")
            };
            judge_move(cx, position, value, player, goal, answer)
        }
    }
}

/// `left`, `right`, `first player`, `second player` (or `first`, `second`).
pub fn read_class(text: &str) -> Option<OutcomeClass> {
    let lower = text.trim().to_ascii_lowercase();
    Some(match lower.as_str() {
        "left" => OutcomeClass::LeftWins,
        "right" => OutcomeClass::RightWins,
        "first" | "first player" => OutcomeClass::FirstPlayer,
        "second" | "second player" => OutcomeClass::SecondPlayer,
        _ => return None,
    })
}

/// The best moves found, or why there is none to ask for (the best are incomparable, or there
/// is no move), as the answer's problem.
fn best_or_refused<M: Clone + PartialEq>(
    cx: &mut Context,
    (found, options): (Best, Vec<(M, GameId)>),
    player: Player,
    answer: &Spanned<String>,
    name: &dyn Fn(&M) -> String,
) -> Result<Vec<M>, Diagnostic> {
    match found {
        Best::Moves(best) => Ok(best.into_iter().map(|i| options[i].0.clone()).collect()),
        Best::Incomparable(undominated) => {
            let shown: Vec<String> = undominated
                .iter()
                .map(|&i| {
                    format!(
                        "`{}` (leaving {})",
                        name(&options[i].0),
                        cx.ev.games.display(options[i].1)
                    )
                })
                .collect();
            Err(Diagnostic::new(
                cx.file,
                answer.span.clone(),
                format!(
                    "{player} has no single best move here: {} are incomparable, and no other \
                     move is better for {player} than these",
                    shown.join(", ")
                ),
            )
            .label("no answer is the best move")
            .help(format!(
                "ask for a `winning move for {}` instead, or choose another position",
                player.name().to_lowercase()
            )))
        }
        Best::NoMove => Err(Diagnostic::new(
            cx.file,
            answer.span.clone(),
            format!("{player} has no move here"),
        )
        .label("no answer is a move")
        .help("choose a position where the mover has a move")),
    }
}

/// Reports that `player` has no winning move at all, and why: no answer could hold.
fn no_winning_move(cx: &mut Context, value: GameId, player: Player, answer: &Spanned<String>) {
    let display = cx.ev.games.display(value);
    let class = cx.ev.games.outcome(value);
    cx.problem(
        Diagnostic::new(
            cx.file,
            answer.span.clone(),
            generic::no_winning_move(player, &display, class),
        )
        .label(format!("no move of {player}'s wins"))
        .help(format!(
            "ask `who wins` instead, or choose a position where {player}, moving first, wins"
        )),
    );
}

/// A move question: the answer a move's name (Hackenbush's: an edge's), checked against the
/// winning (or best) moves the judge finds from the values of the options.
fn judge_move(
    cx: &mut Context,
    position: &AnyPosition,
    value: GameId,
    player: Player,
    goal: Goal,
    answer: &Spanned<String>,
) -> Judged {
    let bad = |cx: &Context, message: String| {
        Diagnostic::new(cx.file, answer.span.clone(), message).label("this answer")
    };
    let chosen = match position.find_move(player, &answer.value) {
        Ok((name, _)) => name,
        Err(why) => return Err(bad(cx, format!("bad move: {why}"))),
    };
    let legal: Vec<String> = position.moves(player).into_iter().map(|m| m.0).collect();
    let unvalued = |cx: &Context, e: Unconfirmed| bad(cx, format!("cannot value its options: {e}"));
    let verb = verb_of(position.ruleset());
    let right = match goal {
        Goal::Win => {
            let ev = &mut *cx.ev;
            let mut game = AnyPlay::saying(&mut ev.rulesets, verb);
            let found = generic::winning_moves(&mut game, position, player, &mut ev.games);
            found.map_err(|e| unvalued(cx, e))?
        }
        Goal::Best => {
            let ev = &mut *cx.ev;
            let mut game = AnyPlay::saying(&mut ev.rulesets, verb);
            let found = generic::best_moves(&mut game, position, player, &mut ev.games);
            let found = found.map_err(|e| unvalued(cx, e))?;
            best_or_refused(cx, found, player, answer, &|m: &String| m.clone())?
        }
    };
    let holds = right.contains(&chosen);
    if right.is_empty() {
        no_winning_move(cx, value, player, answer);
    } else if !holds {
        let claim = match goal {
            Goal::Win => generic::Claim::WinningMove(player, chosen.clone()),
            Goal::Best => generic::Claim::BestMove(player, chosen.clone()),
        };
        refute_named(cx, position, player, claim, answer);
    }
    let list = |names: &mut dyn Iterator<Item = &String>| {
        let names: Vec<&str> = names.map(String::as_str).collect();
        match names.as_slice() {
            [] => "none".to_string(),
            _ => names.join(", "),
        }
    };
    let (right_word, other_word) = match goal {
        Goal::Win => ("winning", "losing"),
        Goal::Best => ("best", "others"),
    };
    // For authors (`hackenbook claims`): every move of the mover.
    let figure = format!(
        "{right_word}: {}; {other_word}: {}",
        list(&mut right.iter()),
        list(&mut legal.iter().filter(|m| !right.contains(m)))
    );
    let targets = position
        .draw()
        .items
        .into_iter()
        .filter_map(|item| {
            let names: Vec<String> = item
                .moves
                .into_iter()
                .filter(|(p, _)| *p == player)
                .map(|(_, name)| name)
                .collect();
            (!names.is_empty()).then_some((item.id, names))
        })
        .collect();
    Ok((
        figure,
        holds,
        Expected::Named {
            player,
            goal,
            right,
            legal,
            targets,
        },
    ))
}

/// A wrong answer's problem, with the play that refutes it, from the judge of lines of play on
/// the position as written, `starter` moving first.
#[allow(clippy::too_many_arguments)]
fn refuted<G: Played>(
    file: &crate::essay::SourceFile,
    games: &mut hackenbook_games::Games,
    game: G,
    state: &G::State,
    starter: Player,
    claim: &generic::Claim<G::Move, G::Position>,
    answer: &Spanned<String>,
    (verb, name): Naming<'_, G::Move>,
) -> Diagnostic
where
    G::Error: Display,
{
    let message = |text: String| {
        Diagnostic::new(
            file,
            answer.span.clone(),
            format!("the exercise's answer does not hold: {text}"),
        )
        .label("this answer")
    };
    match generic::check_claim(game, state, Some(starter), claim, games) {
        Err(e) => message(format!("cannot replay: {e}")),
        Ok(None) => message("the judge of lines of play disagrees with the solver".to_string()),
        Ok(Some((text, play))) => {
            let mut d = message(text);
            if let Some(play) = generic::play_words(verb, name, &play) {
                d = d.help(format!("the refuting play: {play}"));
            }
            d
        }
    }
}

/// A wrong answer, refuted by the judge of lines of play on the position in play.
fn refute_named(
    cx: &mut Context,
    position: &AnyPosition,
    starter: Player,
    claim: generic::Claim<String, AnyPosition>,
    answer: &Spanned<String>,
) {
    let name = |m: &String| m.clone();
    let verb = verb_of(position.ruleset());
    let ev = &mut *cx.ev;
    let d = refuted(
        cx.file,
        &mut ev.games,
        AnyPlay::saying(&mut ev.rulesets, verb),
        position,
        starter,
        &claim,
        answer,
        (verb, &name),
    );
    cx.problem(d);
}

fn record(
    cx: &mut Context,
    question: Question,
    name: &str,
    answer: &Spanned<String>,
    figure: String,
    holds: bool,
) -> usize {
    let query = match question {
        Question::Value => format!("value of {name}"),
        Question::Winner(p) => format!("who wins {name} when {} starts", p.name().to_lowercase()),
        Question::Outcome => format!("who wins {name}"),
        Question::WinningMove(p) => {
            format!("winning move for {} in {name}", p.name().to_lowercase())
        }
        Question::BestMove(p) => {
            format!("best move for {} in {name}", p.name().to_lowercase())
        }
    };
    let (line, column) = cx.file.line_col(answer.span.start);
    cx.claims.push(ClaimRecord {
        kind: ClaimKind::Exercise,
        file: cx.file.name.clone(),
        line,
        column,
        literal_range: answer.span.clone(),
        literal: answer.value.clone(),
        query,
        figure,
        holds,
        how: Obtained::Answer(Method::Solver),
    });
    cx.claims.len() - 1
}
