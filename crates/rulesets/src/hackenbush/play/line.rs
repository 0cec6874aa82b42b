//! Lines of play: a sequence of cuts from a position, replayed and checked, with claims about the
//! positions it passes through.
//!
//! The one idea: prose that says "Left cuts this, then Right that, and Right is left without a
//! move" is a list of [`Step`]s, replayed on a [`Board`]: every cut must be legal (the right
//! player's turn, the edge still standing, its colour the mover's, the childish condition), and
//! every claim is checked against the solver where it is made. A claim that fails comes with the
//! play that refutes it (the winning cut it denies, or the reply that beats the cut it praises).
//!
//! The written form (the body of a ```` ```play ```` block, one item per line, `#` comments):
//!
//! ```text
//! start = left                     who moves first (else: the mover of the first cut)
//! left cuts LR                     a cut, by its mover, of an edge named as in `edge_names`
//! value = 1/2                      the value of the position reached (a game expression)
//! position = LR R                  the position reached, up to isomorphism
//! right to move                    whose turn it is
//! left wins                        who wins from here with perfect play, the player to move moving
//! left has won                     the game is over: the player to move has no cut
//! every move by right loses        (also `every reply by right loses`)
//! left's only winning move is LR   (also `the only winning move for left is LR`)
//! left wins by cutting LR          a winning move (there may be others)
//! ```

use super::table::wins_after;
use super::{Board, EdgeSet};
use crate::hackenbush::canon::Canon;
use crate::hackenbush::notation::NotationError;
use crate::hackenbush::solve::Solver;
use crate::hackenbush::{in_place, Evaluator, Position, SolveError};
use hackenbook_games::{GameId, Games, OutcomeClass, Player};
use std::collections::HashMap;
use std::ops::Range;

/// A statement about the position a line of play has reached.
#[derive(Clone, Debug)]
pub enum Claim {
    /// The position reached is this one, up to isomorphism.
    Position(Position),
    /// Its value.
    Value(GameId),
    /// Whose turn it is.
    ToMove(Player),
    /// The game is over and this player has won: the player to move has no legal cut.
    HasWon(Player),
    /// This player wins from here with perfect play, the player to move moving first.
    Wins(Player),
    /// Every legal cut of this player loses (the opponent, moving next, wins).
    EveryMoveLoses(Player),
    /// This player's winning cuts are exactly this one edge.
    OnlyWinningMove(Player, usize),
    /// This cut wins for this player (others may win too).
    WinningMove(Player, usize),
}

/// One item of a line of play.
#[derive(Clone, Debug)]
pub enum Step {
    Cut { player: Player, edge: usize },
    Claim(Claim),
}

/// A cut in a refutation or in a replayed line.
pub type Cut = (Player, usize);

/// A step that does not hold: an illegal cut (the replay stops there) or a false claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineProblem {
    /// Index of the step in the line.
    pub step: usize,
    pub message: String,
    /// The play that refutes a false claim, from the position where it is made (empty when a
    /// claim is refuted by a fact alone, such as a value).
    pub refutation: Vec<Cut>,
}

/// A position a line passes through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reached {
    /// The edges standing.
    pub set: EdgeSet,
    pub value: GameId,
    /// The cut that led here (`None` for the starting position).
    pub cut: Option<Cut>,
}

/// The outcome of replaying a line.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The starting position, then the position after each cut.
    pub positions: Vec<Reached>,
    /// Every problem found, in step order; the replay stops at an illegal cut.
    pub problems: Vec<LineProblem>,
}

/// Replays `steps` on `board` from its full position, `start` moving first (if not given, the
/// mover of the first cut). Values come from `solver` in `games`.
pub fn replay(
    board: &Board,
    start: Option<Player>,
    steps: &[Step],
    solver: &mut Solver,
    games: &mut Games,
) -> Result<Replay, SolveError> {
    let start = start.or_else(|| {
        steps.iter().find_map(|s| match s {
            Step::Cut { player, .. } => Some(*player),
            Step::Claim(_) => None,
        })
    });
    let mut judge = Judge {
        board,
        solver,
        games,
        values: HashMap::new(),
    };
    let mut set = board.full();
    let mut to_move = start;
    let mut positions = vec![Reached {
        set,
        value: judge.value(set)?,
        cut: None,
    }];
    let mut problems = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let problem = match step {
            Step::Cut { player, edge } => {
                let refused = match to_move {
                    Some(turn) if turn != *player => Some(format!(
                        "it is {turn}'s turn, not {player}'s: players take turns"
                    )),
                    _ => board
                        .check_cut(set, *edge, *player)
                        .map(|after| set = after)
                        .err()
                        .map(|why| board.explain(*edge, *player, &why)),
                };
                if let Some(message) = refused {
                    problems.push(LineProblem {
                        step: i,
                        message,
                        refutation: Vec::new(),
                    });
                    break;
                }
                to_move = Some(player.other());
                positions.push(Reached {
                    set,
                    value: judge.value(set)?,
                    cut: Some((*player, *edge)),
                });
                None
            }
            Step::Claim(claim) => judge.claim(set, to_move, claim)?,
        };
        if let Some((message, refutation)) = problem {
            problems.push(LineProblem {
                step: i,
                message,
                refutation,
            });
        }
    }
    Ok(Replay {
        positions,
        problems,
    })
}

/// What a failed claim says, and the play that refutes it.
type Refuted = Option<(String, Vec<Cut>)>;

/// The valuer of a replay: values of the sets met, memoised.
struct Judge<'a> {
    board: &'a Board,
    solver: &'a mut Solver,
    games: &'a mut Games,
    values: HashMap<EdgeSet, GameId>,
}

impl Judge<'_> {
    fn value(&mut self, set: EdgeSet) -> Result<GameId, SolveError> {
        if let Some(&v) = self.values.get(&set) {
            return Ok(v);
        }
        let p = self.board.position_of(set);
        let v = self
            .solver
            .evaluate_on_this_thread(&p, self.board.rules(), self.games)?
            .value;
        self.values.insert(set, v);
        Ok(v)
    }

    fn outcome(&mut self, set: EdgeSet) -> Result<OutcomeClass, SolveError> {
        let v = self.value(set)?;
        Ok(self.games.outcome(v))
    }

    /// The cuts of `player` from `set` that win (the opponent moving next), in edge order.
    fn winning_cuts(&mut self, set: EdgeSet, player: Player) -> Result<Vec<usize>, SolveError> {
        let mut winning = Vec::new();
        for (e, after) in self.board.cuts_for(set, player) {
            if wins_after(self.outcome(after)?, player) {
                winning.push(e);
            }
        }
        Ok(winning)
    }

    fn name(&self, e: usize) -> &str {
        self.board.names().name(e)
    }

    /// "`LR` (to 1/2)": a cut and the value it leaves.
    fn cut_text(&mut self, set: EdgeSet, e: usize) -> Result<String, SolveError> {
        let after = self.board.after_cut(set, e);
        let v = self.value(after)?;
        Ok(format!(
            "`{}` (leaving {})",
            self.name(e),
            self.games.display(v)
        ))
    }

    /// Why `loser` loses from `set` when `mover` moves: the refuting play and its words.
    fn refute_loser(
        &mut self,
        set: EdgeSet,
        mover: Player,
        loser: Player,
    ) -> Result<(String, Vec<Cut>), SolveError> {
        let winner = loser.other();
        if mover == winner {
            let e = self.winning_cuts(set, winner)?[0];
            let text = self.cut_text(set, e)?;
            return Ok((
                format!("{winner} wins by cutting {text}"),
                vec![(winner, e)],
            ));
        }
        let cuts = self.board.cuts_for(set, loser);
        let Some(&(e, after)) = cuts.first() else {
            return Ok((
                format!("{loser} is to move and has no cut, so {winner} has won"),
                Vec::new(),
            ));
        };
        let reply = self.winning_cuts(after, winner)?;
        let mut words = format!("every cut by {loser} loses: after `{}`", self.name(e));
        let mut play = vec![(loser, e)];
        match reply.first() {
            Some(&r) => {
                let text = self.cut_text(after, r)?;
                words.push_str(&format!(", {winner} replies {text} and wins"));
                play.push((winner, r));
            }
            None => words.push_str(&format!(", {winner} has won: no cut is left for {loser}")),
        }
        Ok((words, play))
    }

    /// Why cutting `e` does not win for `p` from `set`: the cut is illegal, or the opponent's
    /// winning reply (the refuting play starts with the cut).
    fn refute_cut(
        &mut self,
        set: EdgeSet,
        p: Player,
        e: usize,
    ) -> Result<(String, Vec<Cut>), SolveError> {
        Ok(match self.board.check_cut(set, e, p) {
            Err(why) => (self.board.explain(e, p, &why), Vec::new()),
            Ok(after) => {
                let (why, mut play) = self.refute_loser(after, p.other(), p)?;
                play.insert(0, (p, e));
                (
                    format!("`{}` does not win for {p}: after it, {why}", self.name(e)),
                    play,
                )
            }
        })
    }

    fn claim(
        &mut self,
        set: EdgeSet,
        to_move: Option<Player>,
        claim: &Claim,
    ) -> Result<Refuted, SolveError> {
        let needs_turn = || {
            Some((
                "this claim depends on whose turn it is: say who starts (`start = left` or \
                 `start = right`)"
                    .to_string(),
                Vec::new(),
            ))
        };
        Ok(match claim {
            Claim::Position(q) => {
                let here = self.board.position_of(set);
                let mut canon = Canon::new();
                if canon.key(&here) == canon.key(q) {
                    None
                } else {
                    Some((
                        format!(
                            "the position reached is `{}`, not `{}`",
                            self.board.notation_of(set),
                            q.notation()
                        ),
                        Vec::new(),
                    ))
                }
            }
            Claim::Value(g) => {
                let v = self.value(set)?;
                if v == *g {
                    None
                } else {
                    Some((
                        format!(
                            "the position reached is worth {}, not {}",
                            self.games.display(v),
                            self.games.display(*g)
                        ),
                        Vec::new(),
                    ))
                }
            }
            Claim::ToMove(p) => match to_move {
                None => needs_turn(),
                Some(t) if t == *p => None,
                Some(t) => Some((format!("it is {t}'s turn, not {p}'s"), Vec::new())),
            },
            Claim::HasWon(p) => match to_move {
                None => needs_turn(),
                Some(t) => match self.board.cuts_for(set, t).first() {
                    Some(&(e, _)) => Some((
                        format!(
                            "the game is not over: {t}, to move, can still cut `{}`",
                            self.name(e)
                        ),
                        vec![(t, e)],
                    )),
                    None if t == *p => Some((
                        format!("{t} is to move and has no cut: {} has won", t.other()),
                        Vec::new(),
                    )),
                    None => None,
                },
            },
            Claim::Wins(p) => match to_move {
                None => needs_turn(),
                Some(t) => {
                    let outcome = self.outcome(set)?;
                    if outcome.winner(t) == *p {
                        None
                    } else {
                        let (why, play) = self.refute_loser(set, t, *p)?;
                        let v = self.value(set)?;
                        Some((
                            format!(
                                "{p} does not win here: the position is worth {} and {t} is to \
                                 move; {why}",
                                self.games.display(v)
                            ),
                            play,
                        ))
                    }
                }
            },
            Claim::EveryMoveLoses(p) => match self.winning_cuts(set, *p)?.first() {
                None => None,
                Some(&e) => {
                    let text = self.cut_text(set, e)?;
                    Some((
                        format!("not every move by {p} loses: {p} wins by cutting {text}"),
                        vec![(*p, e)],
                    ))
                }
            },
            Claim::WinningMove(p, e) => {
                let winning = self.winning_cuts(set, *p)?;
                match winning.contains(e) {
                    true => None,
                    false => Some(self.refute_cut(set, *p, *e)?),
                }
            }
            Claim::OnlyWinningMove(p, e) => {
                let winning = self.winning_cuts(set, *p)?;
                if !winning.contains(e) {
                    Some(self.refute_cut(set, *p, *e)?)
                } else if let Some(&other) = winning.iter().find(|&&x| x != *e) {
                    let text = self.cut_text(set, other)?;
                    Some((
                        format!(
                            "`{}` is not {p}'s only winning move: {text} wins too",
                            self.name(*e)
                        ),
                        vec![(*p, other)],
                    ))
                } else {
                    None
                }
            }
        })
    }
}

/// A line of play as written: who starts, and the steps with their spans.
#[derive(Clone, Debug, Default)]
pub struct Script {
    pub start: Option<(Player, Range<usize>)>,
    pub steps: Vec<(Step, Range<usize>)>,
}

/// Reads the steps of a line of play (see the module documentation) against `board`, one per
/// line of `text`; lines for which `header` returns true (`rules = …`, handled by the caller)
/// are skipped. Every problem is reported, located by byte span in `text`. Game values may name
/// positions through `resolve`, or write them in place (valued in the run's context `ev`).
pub fn parse_script(
    text: &str,
    board: &Board,
    ev: &mut Evaluator,
    resolve: &mut dyn FnMut(&str) -> Option<GameId>,
    header: &dyn Fn(&str) -> bool,
) -> (Script, Vec<NotationError>) {
    let mut script = Script::default();
    let mut errors = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let line_start = offset;
        offset += raw.len();
        let body = raw.split('#').next().unwrap_or("").trim_end();
        let lead = body.len() - body.trim_start().len();
        let line = body.trim_start();
        if line.is_empty() || header(line) {
            continue;
        }
        let at = line_start + lead;
        let span = at..at + line.len();
        match read_item(line, at, board, ev, resolve) {
            Ok(Item::Start(p)) => {
                if script.start.is_some() {
                    errors.push(NotationError::new(span, "`start` is given twice"));
                } else {
                    script.start = Some((p, span));
                }
            }
            Ok(Item::Step(step)) => script.steps.push((step, span)),
            Err(e) => errors.push(e),
        }
    }
    (script, errors)
}

enum Item {
    Start(Player),
    Step(Step),
}

/// One line (comment and blanks removed), at byte `at` of the script.
fn read_item(
    line: &str,
    at: usize,
    board: &Board,
    ev: &mut Evaluator,
    resolve: &mut dyn FnMut(&str) -> Option<GameId>,
) -> Result<Item, NotationError> {
    let whole = at..at + line.len();
    let lower = line.to_ascii_lowercase();
    // The span of `line[from..]`, its blanks trimmed, and its text.
    let rest = |from: usize| {
        let tail = &line[from..];
        let lead = tail.len() - tail.trim_start().len();
        let text = tail.trim();
        (at + from + lead..at + from + lead + text.len(), text)
    };
    let edge = |from: usize| -> Result<usize, NotationError> {
        let (span, text) = rest(from);
        board
            .names()
            .parse(text)
            .map_err(|e| NotationError::new(shift(&e.span, span.start), e.message))
    };
    if let Some((key, _)) = line.split_once('=') {
        let key = key.trim().to_ascii_lowercase();
        let (span, text) = rest(line.find('=').unwrap_or(0) + 1);
        return match key.as_str() {
            "start" => text
                .parse::<Player>()
                .map(Item::Start)
                .map_err(|m| NotationError::new(span, m)),
            "value" => in_place::evaluate(
                text,
                &mut ev.solver,
                &mut ev.rulesets,
                &mut ev.games,
                resolve,
            )
            .map(|g| Item::Step(Step::Claim(Claim::Value(g))))
            .map_err(|e| NotationError::new(shift(&e.span, span.start), e.message)),
            "position" => Position::parse(text)
                .map(|p| Item::Step(Step::Claim(Claim::Position(p))))
                .map_err(|e| NotationError::new(shift(&e.span, span.start), e.message)),
            _ => Err(NotationError::new(
                at..at + line.find('=').unwrap_or(0),
                format!(
                    "unknown key `{key}`: a line of play knows `start`, `value` and `position` \
                     (and `rules` without a named position)"
                ),
            )),
        };
    }
    let words: Vec<&str> = lower.split_whitespace().collect();
    let player = |w: &str| -> Option<Player> {
        match w.trim_end_matches("'s").trim_end_matches("’s") {
            "left" => Some(Player::Left),
            "right" => Some(Player::Right),
            _ => None,
        }
    };
    // Byte offset, in `line`, just after the n-th word.
    let after_words = |n: usize| -> usize {
        let mut pos = 0;
        for _ in 0..n {
            let tail = &line[pos..];
            let lead = tail.len() - tail.trim_start().len();
            let word = tail.split_whitespace().next().unwrap_or("");
            pos += lead + word.len();
        }
        pos
    };
    let step = match words.as_slice() {
        [p, "cuts", ..] if player(p).is_some() && !p.ends_with("'s") => {
            let player = player(p).unwrap_or(Player::Left);
            Step::Cut {
                player,
                edge: edge(after_words(2))?,
            }
        }
        [p, "wins", "by", "cutting", ..] => {
            let who = player_word(p, player, &whole)?;
            Step::Claim(Claim::WinningMove(who, edge(after_words(4))?))
        }
        [p, "to", "move"] => Step::Claim(Claim::ToMove(player_word(p, player, &whole)?)),
        [p, "has", "won"] => Step::Claim(Claim::HasWon(player_word(p, player, &whole)?)),
        [p, "wins"] => Step::Claim(Claim::Wins(player_word(p, player, &whole)?)),
        ["every", "move" | "reply" | "cut", "by", p, "loses"] => {
            Step::Claim(Claim::EveryMoveLoses(player_word(p, player, &whole)?))
        }
        [p, "only", "winning", "move", "is", ..] if p.ends_with("'s") => {
            let who = player_word(p, player, &whole)?;
            Step::Claim(Claim::OnlyWinningMove(who, edge(after_words(5))?))
        }
        ["the", "only", "winning", "move", "for", p, "is", ..] => {
            let who = player_word(p, player, &whole)?;
            Step::Claim(Claim::OnlyWinningMove(who, edge(after_words(7))?))
        }
        _ => {
            return Err(NotationError::new(
                whole,
                "not a step of a line of play: write a cut (`left cuts LR`), or a claim \
                 (`value = 1/2`, `position = LR`, `left to move`, `left wins`, `left has won`, \
                 `every move by right loses`, `left's only winning move is LR`, \
                 `left wins by cutting LR`)",
            ))
        }
    };
    Ok(Item::Step(step))
}

fn player_word(
    word: &str,
    player: impl Fn(&str) -> Option<Player>,
    span: &Range<usize>,
) -> Result<Player, NotationError> {
    player(word).ok_or_else(|| {
        NotationError::new(
            span.clone(),
            format!("`{word}` is not a player: write `left` or `right`"),
        )
    })
}

fn shift(span: &Range<usize>, by: usize) -> Range<usize> {
    span.start + by..span.end + by
}
