//! An `exercise` block: a position, a question the checker decides (its value, who wins, a
//! winning move), and the author's answer, checked like a claim. A wrong answer fails at its line;
//! a wrong winner or a "winning move" that does not win fails with the play that refutes it, from
//! the line-of-play judge (`hackenbush::play::line`). The page gets what the reader's answer is
//! compared with in the browser: the value's parts, the winner, the set of winning edges.

use super::context::{ClaimKind, ClaimRecord};
use super::position_block::{self, PositionOutcome};
use super::Context;
use crate::essay::parse::ExerciseBlock;
use crate::essay::source::offset_span;
use crate::essay::{Diagnostic, Spanned};
use hackenbook_base::provenance::Method;
use hackenbook_games::{notation, OutcomeClass, Player};
use hackenbook_rulesets::hackenbush::play::{self, Board, PlayLimits, PlayTable};

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
}

/// The forms `question = …` takes, for messages.
const QUESTIONS: &str = "`value`, `who wins when left starts`, `who wins when right starts`, \
                         `who wins`, `winning move for left`, `winning move for right`";

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
            _ => return None,
        })
    }

    /// The question as the reader reads it.
    pub fn words(self) -> String {
        match self {
            Question::Value => "What is it worth?".to_string(),
            Question::Winner(p) => format!("Who wins when {p} starts?"),
            Question::Outcome => {
                "Who wins: Left, Right, the first player or the second player?".to_string()
            }
            Question::WinningMove(p) => format!("Find a winning move for {p}, moving first."),
        }
    }
}

/// What the reader's answer is compared with, computed at build time.
#[derive(Debug)]
pub enum Expected {
    /// A value: its display form, and when it is a number plus ups plus a nimber, its parts
    /// (numerator, power of two of the denominator, ups, nimber).
    Value {
        display: String,
        parts: Option<(String, u32, i64, u32)>,
    },
    Winner(Player),
    Outcome(OutcomeClass),
    /// The mover's winning edges and every edge the mover may cut (indices of the position).
    Moves {
        player: Player,
        winning: Vec<usize>,
        legal: Vec<usize>,
        names: Vec<String>,
    },
}

#[derive(Debug)]
pub struct ExerciseOutcome {
    /// The position, drawn without its value (the value may be the answer).
    pub position: PositionOutcome,
    pub question: Question,
    pub expected: Expected,
    /// The answer for the answer key, in words or typeset (LaTeX when `latex`).
    pub answer: String,
    pub answer_is_latex: bool,
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
    // The block keeps only its `rules` line: the position is checked like a position block.
    let position = position_block::check(cx, index, &block.position)?;
    let answer = &block.answer;
    let checked = judge(cx, &position, question, answer);
    let (figure, holds, expected, key) = match checked {
        Ok(found) => found,
        Err(diagnostic) => {
            cx.problem(diagnostic);
            record(cx, question, &position.name, answer, String::new(), false);
            return None;
        }
    };
    let claim = record(cx, question, &position.name, answer, figure, holds);
    if !holds {
        return None;
    }
    Some(ExerciseOutcome {
        position,
        question,
        expected,
        answer: key.0,
        answer_is_latex: key.1,
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

/// The figure, whether the answer holds, what the page compares with, and the answer for the
/// key (text, and whether it is LaTeX); or a diagnostic when the answer cannot be read.
type Judged = Result<(String, bool, Expected, (String, bool)), Diagnostic>;

fn judge(
    cx: &mut Context,
    position: &PositionOutcome,
    question: Question,
    answer: &Spanned<String>,
) -> Judged {
    let value = cx
        .workspace
        .position_value(&position.name)
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
            let latex = cx.ev.games.latex(value);
            Ok((
                display.clone(),
                holds,
                Expected::Value { display, parts },
                (latex, true),
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
                refute(cx, position, starter, play::Claim::Wins(claimed), answer);
            }
            Ok((
                format!("{winner} wins"),
                holds,
                Expected::Winner(winner),
                (format!("{winner} wins."), false),
            ))
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
                let claim = play::Claim::Wins(claimed.winner(starter));
                refute(cx, position, starter, claim, answer);
            }
            let words = class.describe();
            let key = format!("{}{}.", words[..1].to_uppercase(), &words[1..]);
            Ok((
                words.to_string(),
                holds,
                Expected::Outcome(class),
                (key, false),
            ))
        }
        Question::WinningMove(player) => {
            let board = Board::new(
                &position.position,
                position.rules,
                PlayLimits::default().edges,
            )
            .map_err(|e| {
                bad(
                    format!("cannot play this position: {e}"),
                    answer.span.clone(),
                )
            })?;
            let edge = board.names().parse(&answer.value).map_err(|e| {
                bad(
                    format!("bad edge name: {}", e.message),
                    offset_span(&e.span, answer.span.start),
                )
            })?;
            let table = PlayTable::build(
                &position.position,
                position.rules,
                &PlayLimits::default(),
                &mut cx.ev.solver,
                &mut cx.ev.games,
            )
            .map_err(|e| {
                bad(
                    format!("cannot play this position: {e}"),
                    answer.span.clone(),
                )
            })?;
            let winning = table.winning(0, player).to_vec();
            let holds = winning.contains(&edge);
            if winning.is_empty() {
                // No answer could hold: say why, rather than what is wrong with this one.
                let display = cx.ev.games.display(value);
                let class = cx.ev.games.outcome(value);
                cx.problem(
                    Diagnostic::new(
                        cx.file,
                        answer.span.clone(),
                        format!(
                            "{player} has no winning move here: the position is worth {display}, \
                             and {}",
                            class.describe()
                        ),
                    )
                    .label(format!("no move of {player}'s wins"))
                    .help(format!(
                        "ask `who wins` instead, or choose a position where {player}, moving \
                         first, wins"
                    )),
                );
            } else if !holds {
                refute(
                    cx,
                    position,
                    player,
                    play::Claim::WinningMove(player, edge),
                    answer,
                );
            }
            let names: Vec<String> = (0..board.edge_count())
                .map(|e| board.names().name(e).to_string())
                .collect();
            let legal: Vec<usize> = board
                .cuts_for(board.full(), player)
                .into_iter()
                .map(|(e, _)| e)
                .collect();
            let list = |edges: &mut dyn Iterator<Item = &usize>| {
                let names: Vec<&str> = edges.map(|&e| names[e].as_str()).collect();
                match names.as_slice() {
                    [] => "none".to_string(),
                    _ => names.join(", "),
                }
            };
            // For authors (`hackenbook claims`): every cut of the mover, winning or not.
            let figure = format!(
                "winning: {}; losing: {}",
                list(&mut winning.iter()),
                list(&mut legal.iter().filter(|e| !winning.contains(e)))
            );
            let key = match winning.len() {
                1 => format!(
                    "{player} wins by cutting the {} edge drawn thick.",
                    colour_word(&board, edge)
                ),
                n => format!("{player} has {n} winning moves: the edges drawn thick."),
            };
            Ok((
                figure,
                holds,
                Expected::Moves {
                    player,
                    winning,
                    legal,
                    names,
                },
                (key, false),
            ))
        }
    }
}

fn colour_word(board: &Board, e: usize) -> &'static str {
    board.colour(e).word()
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

/// Reports a wrong answer at its line with the play that refutes it, replayed by the judge of
/// lines of play from the position as written, `starter` moving first.
fn refute(
    cx: &mut Context,
    position: &PositionOutcome,
    starter: Player,
    claim: play::Claim,
    answer: &Spanned<String>,
) {
    let message = |text: String| {
        Diagnostic::new(
            cx.file,
            answer.span.clone(),
            format!("the exercise's answer does not hold: {text}"),
        )
        .label("this answer")
    };
    let board = match Board::new(
        &position.position,
        position.rules,
        PlayLimits::default().edges,
    ) {
        Ok(b) => b,
        Err(e) => {
            let d = message(format!("cannot play this position: {e}"));
            cx.problem(d);
            return;
        }
    };
    let steps = [play::Step::Claim(claim)];
    let replayed = play::replay(
        &board,
        Some(starter),
        &steps,
        &mut cx.ev.solver,
        &mut cx.ev.games,
    );
    let d = match replayed {
        Err(e) => message(format!("cannot replay: {e}")),
        Ok(r) => match r.problems.first() {
            None => message("the judge of lines of play disagrees with the solver".to_string()),
            Some(problem) => {
                let mut d = message(problem.message.clone());
                if let Some(play) = super::line_of_play::play_words(&board, &problem.refutation) {
                    d = d.help(format!("the refuting play: {play}"));
                }
                d
            }
        },
    };
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
    };
    let (line, column) = cx.file.line_col(answer.span.start);
    cx.claims.push(ClaimRecord {
        id: format!("claim-{}", cx.claims.len() + 1),
        kind: ClaimKind::Exercise,
        file: cx.file.name.clone(),
        line,
        column,
        literal_range: answer.span.clone(),
        literal: answer.value.clone(),
        query,
        figure,
        holds,
        how: vec![hackenbook_census::obtained::How {
            what: "answer".into(),
            words: Method::Solver.words().into(),
        }],
    });
    cx.claims.len() - 1
}
