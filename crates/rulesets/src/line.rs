//! Lines of play for every game: a sequence of moves from a position, replayed and checked, with
//! claims about the positions it passes through.
//!
//! The one idea: prose that says "Left plays this, then Right that, and Right is left without a
//! move" is a list of [`Step`]s replayed by one judge over any game that says how it is played
//! ([`Played`]: its moves by name, the value of a position reached). Every move must be legal
//! (the right player's turn, a move the game has there), and every claim is checked where it is
//! made. A claim that fails comes with the play that refutes it (the winning move it denies, or
//! the reply that beats the move it praises). Every game plays through [`AnyPlay`] (moves by the
//! names the ruleset gives them, values as position blocks confirm them): Hackenbush too, as its
//! boards in play ([`crate::hackenbush::ruleset`]), its cuts named by the edges as written.
//!
//! The written form (the body of a ```` ```play ```` block, one item per line, `#` comments):
//!
//! ```text
//! start = left                     who moves first (else: the mover of the first move)
//! left plays a1-a2                 a move, by its mover, named as the game names it
//!                                  (Hackenbush: `left cuts LR`, Cutcake also `cuts`)
//! value = 1/2                      the value of the position reached (a game expression)
//! position = 2x2                   the position reached (Hackenbush: up to isomorphism)
//! right to move                    whose turn it is
//! left wins                        who wins from here with perfect play, the player to move moving
//! left has won                     the game is over: the player to move has no move
//! every move by right loses        (also `every reply by right loses`)
//! left's only winning move is X    (also `the only winning move for left is X`)
//! left wins by playing X           a winning move (there may be others; Hackenbush: `cutting`)
//! left's best move is X            (also `the best move for left is X`) an option of largest
//!                                  value for Left, smallest for Right, greater or equal to each
//! ```

use crate::erased::{AnyPosition, Solvers, Unconfirmed};
use hackenbook_base::located::Located;
use hackenbook_games::{GameId, Games, OutcomeClass, Player};
use std::collections::HashMap;
use std::fmt::Debug;
use std::ops::Range;

/// A statement about the position a line of play has reached; `M` is a move as written, `P` a
/// position as written.
#[derive(Clone, Debug)]
pub enum Claim<M, P> {
    /// The position reached is this one.
    Position(P),
    /// Its value.
    Value(GameId),
    /// Whose turn it is.
    ToMove(Player),
    /// The game is over and this player has won: the player to move has no legal move.
    HasWon(Player),
    /// This player wins from here with perfect play, the player to move moving first.
    Wins(Player),
    /// Every legal move of this player loses (the opponent, moving next, wins).
    EveryMoveLoses(Player),
    /// This player's winning moves are exactly this one.
    OnlyWinningMove(Player, M),
    /// This move wins for this player (others may win too).
    WinningMove(Player, M),
    /// This move reaches an option as good for this player as every other (largest for Left,
    /// smallest for Right).
    BestMove(Player, M),
}

/// One item of a line of play.
#[derive(Clone, Debug)]
pub enum Step<M, P> {
    Move { player: Player, mv: M },
    Claim(Claim<M, P>),
}

/// A step that does not hold: an illegal move (the replay stops there) or a false claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineProblem<M> {
    /// Index of the step in the line.
    pub step: usize,
    pub message: String,
    /// The play that refutes a false claim, from the position where it is made (empty when a
    /// claim is refuted by a fact alone, such as a value).
    pub refutation: Vec<(Player, M)>,
}

/// A position a line passes through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reached<S, M> {
    pub state: S,
    pub value: GameId,
    /// The move that led here, as the game names it (`None` for the starting position).
    pub by: Option<(Player, M)>,
}

/// The outcome of replaying a line.
#[derive(Clone, Debug)]
pub struct Replay<S, M> {
    /// The starting position, then the position after each move.
    pub positions: Vec<Reached<S, M>>,
    /// Every problem found, in step order; the replay stops at an illegal move.
    pub problems: Vec<LineProblem<M>>,
}

/// How a game's moves are said: "cut", "cuts", "cutting" for Hackenbush; "move", "plays",
/// "playing" for the others.
#[derive(Clone, Copy, Debug)]
pub struct Verb {
    pub noun: &'static str,
    pub says: &'static str,
    pub doing: &'static str,
}

/// How a game's moves are said: its verb, and a move's name.
pub type Naming<'a, M> = (Verb, &'a dyn Fn(&M) -> String);

/// The words of Hackenbush's moves.
pub const CUT: Verb = Verb {
    noun: "cut",
    says: "cuts",
    doing: "cutting",
};

/// The words of every other game's moves.
pub const PLAY: Verb = Verb {
    noun: "move",
    says: "plays",
    doing: "playing",
};

/// A game as a line of play replays it.
pub trait Played {
    /// A position in play.
    type State: Clone;
    /// A move, as written or as the game names it.
    type Move: Clone + PartialEq + Debug;
    /// A position as written in a `position =` claim.
    type Position;
    /// Why a value could not be had.
    type Error;

    fn verb(&self) -> Verb;
    /// The value of a position in play, in `games`.
    fn value(&mut self, s: &Self::State, games: &mut Games) -> Result<GameId, Self::Error>;
    /// Every legal move of `player` from `s`, as the game names it, with the position reached.
    fn moves(&self, s: &Self::State, player: Player) -> Vec<(Self::Move, Self::State)>;
    /// The move `m` of `player` from `s` as the game names it, and where it leads; or why it is
    /// not a legal move there, in words that name the moves there are.
    fn find(
        &self,
        s: &Self::State,
        player: Player,
        m: &Self::Move,
    ) -> Result<(Self::Move, Self::State), String>;
    /// A move's name, for messages.
    fn name(&self, m: &Self::Move) -> String;
    /// `None` when `s` is the position `p`; else the position reached and `p`, as written.
    fn differs(&mut self, s: &Self::State, p: &Self::Position) -> Option<(String, String)>;
}

/// Moves as an author writes them: "right cuts R, then left cuts L[2]"; `None` for no moves.
pub fn play_words<M>(
    verb: Verb,
    name: &dyn Fn(&M) -> String,
    moves: &[(Player, M)],
) -> Option<String> {
    let words: Vec<String> = moves
        .iter()
        .map(|(p, m)| format!("{} {} {}", p.name().to_lowercase(), verb.says, name(m)))
        .collect();
    (!words.is_empty()).then(|| words.join(", then "))
}

/// Whether a move to a position of outcome `option` wins for `player` (the opponent moves next).
pub fn wins_after(option: OutcomeClass, player: Player) -> bool {
    option.winner(player.other()) == player
}

/// The best of a player's options, by value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Best {
    /// The player has no move.
    NoMove,
    /// The indices of the options as good for the player as every option (equal to each other).
    Moves(Vec<usize>),
    /// No option is as good as every other: the indices of those no other option beats, among
    /// which some are incomparable.
    Incomparable(Vec<usize>),
}

/// The best options among `values` for `player`: for Left the options greater than or equal to
/// every option, for Right less than or equal to every option; when there are none, the options
/// no other beats (some of them incomparable).
pub fn best(values: &[GameId], player: Player, games: &mut Games) -> Best {
    if values.is_empty() {
        return Best::NoMove;
    }
    // `a` at least as good as `b` for the player.
    let mut good = |a: GameId, b: GameId| match player {
        Player::Left => games.geq(a, b),
        Player::Right => games.leq(a, b),
    };
    let mut best = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        if values.iter().all(|&w| good(v, w)) {
            best.push(i);
        }
    }
    if !best.is_empty() {
        return Best::Moves(best);
    }
    let mut undominated = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        if !values.iter().any(|&w| good(w, v) && !good(v, w)) {
            undominated.push(i);
        }
    }
    Best::Incomparable(undominated)
}

/// The moves of `player` from `s` that win (the opponent moving next), in the game's order.
pub fn winning_moves<G: Played>(
    game: &mut G,
    s: &G::State,
    player: Player,
    games: &mut Games,
) -> Result<Vec<G::Move>, G::Error> {
    let mut winning = Vec::new();
    for (m, after) in game.moves(s, player) {
        let v = game.value(&after, games)?;
        if wins_after(games.outcome(v), player) {
            winning.push(m);
        }
    }
    Ok(winning)
}

/// The best moves of `player` from `s` ([`best`] of the options' values), with every move of
/// `player` there and the value it leaves, in the game's order.
#[allow(clippy::type_complexity)]
pub fn best_moves<G: Played>(
    game: &mut G,
    s: &G::State,
    player: Player,
    games: &mut Games,
) -> Result<(Best, Vec<(G::Move, GameId)>), G::Error> {
    let mut options = Vec::new();
    for (m, after) in game.moves(s, player) {
        let v = game.value(&after, games)?;
        options.push((m, v));
    }
    let values: Vec<GameId> = options.iter().map(|o| o.1).collect();
    Ok((best(&values, player, games), options))
}

/// Why `player` has no winning move in a position worth `value` (displayed) of outcome
/// `class`: "Right has no winning move here: the position is worth 1/8, and Left wins whoever
/// starts".
pub fn no_winning_move(player: Player, value: &str, class: OutcomeClass) -> String {
    format!(
        "{player} has no winning move here: the position is worth {value}, and {}",
        class.describe()
    )
}

/// Replays `steps` on `game` from `start_state`, `start` moving first (if not given, the mover
/// of the first move). Values are found in `games`.
pub fn replay<G: Played>(
    game: G,
    start_state: G::State,
    start: Option<Player>,
    steps: &[Step<G::Move, G::Position>],
    games: &mut Games,
) -> Result<Replay<G::State, G::Move>, G::Error> {
    let start = start.or_else(|| {
        steps.iter().find_map(|s| match s {
            Step::Move { player, .. } => Some(*player),
            Step::Claim(_) => None,
        })
    });
    let mut judge = Judge { game, games };
    let mut state = start_state;
    let mut to_move = start;
    let mut positions = vec![Reached {
        value: judge.value(&state)?,
        state: state.clone(),
        by: None,
    }];
    let mut problems = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let problem = match step {
            Step::Move { player, mv } => {
                let found = match to_move {
                    Some(turn) if turn != *player => Err(format!(
                        "it is {turn}'s turn, not {player}'s: players take turns"
                    )),
                    _ => judge.game.find(&state, *player, mv),
                };
                let (named, after) = match found {
                    Ok(found) => found,
                    Err(message) => {
                        problems.push(LineProblem {
                            step: i,
                            message,
                            refutation: Vec::new(),
                        });
                        break;
                    }
                };
                state = after;
                to_move = Some(player.other());
                positions.push(Reached {
                    value: judge.value(&state)?,
                    state: state.clone(),
                    by: Some((*player, named)),
                });
                None
            }
            Step::Claim(claim) => judge.claim(&state, to_move, claim)?,
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

/// Checks one claim about the position `state`, `to_move` to move: `None` when it holds, else
/// the message and the refuting play (what an exercise's answer is held to).
pub fn check_claim<G: Played>(
    game: G,
    state: &G::State,
    to_move: Option<Player>,
    claim: &Claim<G::Move, G::Position>,
    games: &mut Games,
) -> Result<Refuted<G::Move>, G::Error> {
    Judge { game, games }.claim(state, to_move, claim)
}

/// What a failed claim says, and the play that refutes it.
pub type Refutation<M> = (String, Vec<(Player, M)>);

/// A claim's verdict: `None` when it holds.
pub type Refuted<M> = Option<Refutation<M>>;

/// The judge of a replay: the game and the games table its values live in.
struct Judge<'g, G> {
    game: G,
    games: &'g mut Games,
}

impl<G: Played> Judge<'_, G> {
    fn value(&mut self, s: &G::State) -> Result<GameId, G::Error> {
        self.game.value(s, self.games)
    }

    fn outcome(&mut self, s: &G::State) -> Result<OutcomeClass, G::Error> {
        let v = self.value(s)?;
        Ok(self.games.outcome(v))
    }

    /// The moves of `player` from `s` that win (the opponent moving next), in the game's order.
    fn winning(&mut self, s: &G::State, player: Player) -> Result<Vec<G::Move>, G::Error> {
        winning_moves(&mut self.game, s, player, self.games)
    }

    /// "`LR` (leaving 1/2)": a move and the value it leaves.
    fn move_text(&mut self, after: &G::State, m: &G::Move) -> Result<String, G::Error> {
        let v = self.value(after)?;
        Ok(format!(
            "`{}` (leaving {})",
            self.game.name(m),
            self.games.display(v)
        ))
    }

    /// Where move `m` (as the game names it) of `player` leads from `s`.
    fn after(&self, s: &G::State, player: Player, m: &G::Move) -> Option<G::State> {
        self.game
            .moves(s, player)
            .into_iter()
            .find(|(x, _)| x == m)
            .map(|(_, after)| after)
    }

    /// Why `loser` loses from `s` when `mover` moves: the refuting play and its words.
    fn refute_loser(
        &mut self,
        s: &G::State,
        mover: Player,
        loser: Player,
    ) -> Result<Refutation<G::Move>, G::Error> {
        let verb = self.game.verb();
        let winner = loser.other();
        if mover == winner {
            let m = self.winning(s, winner)?.remove(0);
            let after = self.after(s, winner, &m).expect("a winning move is a move");
            let text = self.move_text(&after, &m)?;
            return Ok((
                format!("{winner} wins by {} {text}", verb.doing),
                vec![(winner, m)],
            ));
        }
        let moves = self.game.moves(s, loser);
        let Some((m, after)) = moves.into_iter().next() else {
            return Ok((
                format!(
                    "{loser} is to move and has no {}, so {winner} has won",
                    verb.noun
                ),
                Vec::new(),
            ));
        };
        let reply = self.winning(&after, winner)?;
        let mut words = format!(
            "every {} by {loser} loses: after `{}`",
            verb.noun,
            self.game.name(&m)
        );
        let mut play = vec![(loser, m)];
        match reply.into_iter().next() {
            Some(r) => {
                let next = self.after(&after, winner, &r).expect("a reply is a move");
                let text = self.move_text(&next, &r)?;
                words.push_str(&format!(", {winner} replies {text} and wins"));
                play.push((winner, r));
            }
            None => words.push_str(&format!(
                ", {winner} has won: no {} is left for {loser}",
                verb.noun
            )),
        }
        Ok((words, play))
    }

    /// Why `m` does not win for `p` from `s`: the move is illegal, or the opponent's winning
    /// reply (the refuting play starts with the move).
    fn refute_move(
        &mut self,
        s: &G::State,
        p: Player,
        m: &G::Move,
    ) -> Result<Refutation<G::Move>, G::Error> {
        Ok(match self.game.find(s, p, m) {
            Err(why) => (why, Vec::new()),
            Ok((named, after)) => {
                let (why, mut play) = self.refute_loser(&after, p.other(), p)?;
                let name = self.game.name(&named);
                play.insert(0, (p, named));
                (
                    format!("`{name}` does not win for {p}: after it, {why}"),
                    play,
                )
            }
        })
    }

    /// "Right has no winning move here: the position is worth 1/8, and Left wins whoever
    /// starts".
    fn no_winning_move(&mut self, s: &G::State, p: Player) -> Result<String, G::Error> {
        let v = self.value(s)?;
        let class = self.games.outcome(v);
        Ok(no_winning_move(p, &self.games.display(v), class))
    }

    /// Whether `m` is a best move of `p` from `s`; if not, why, and the better move.
    fn refute_best(
        &mut self,
        s: &G::State,
        p: Player,
        m: &G::Move,
    ) -> Result<Refuted<G::Move>, G::Error> {
        let (named, _) = match self.game.find(s, p, m) {
            Ok(found) => found,
            Err(why) => return Ok(Some((why, Vec::new()))),
        };
        let (found, options) = best_moves(&mut self.game, s, p, self.games)?;
        let texts = |judge: &mut Self, i: usize| -> Result<String, G::Error> {
            Ok(format!(
                "`{}` (leaving {})",
                judge.game.name(&options[i].0),
                judge.games.display(options[i].1)
            ))
        };
        let at = options.iter().position(|(x, _)| *x == named);
        Ok(match found {
            Best::Moves(best) if at.is_some_and(|i| best.contains(&i)) => None,
            Best::Moves(best) => {
                let better = texts(self, best[0])?;
                let this = match at {
                    Some(i) => texts(self, i)?,
                    None => format!("`{}`", self.game.name(&named)),
                };
                Some((
                    format!("{this} is not {p}'s best move: {better} is better for {p}"),
                    vec![(p, options[best[0]].0.clone())],
                ))
            }
            Best::Incomparable(undominated) => {
                let mut shown = Vec::new();
                for &i in &undominated {
                    shown.push(texts(self, i)?);
                }
                Some((
                    format!(
                        "{p} has no single best move here: {} are incomparable, and no other \
                         move is better for {p} than these",
                        join_and(&shown)
                    ),
                    Vec::new(),
                ))
            }
            Best::NoMove => Some((format!("{p} has no {} here", self.game.verb().noun), vec![])),
        })
    }

    fn claim(
        &mut self,
        s: &G::State,
        to_move: Option<Player>,
        claim: &Claim<G::Move, G::Position>,
    ) -> Result<Refuted<G::Move>, G::Error> {
        let verb = self.game.verb();
        let needs_turn = || {
            Some((
                "this claim depends on whose turn it is: say who starts (`start = left` or \
                 `start = right`)"
                    .to_string(),
                Vec::new(),
            ))
        };
        Ok(match claim {
            Claim::Position(q) => self.game.differs(s, q).map(|(here, written)| {
                (
                    format!("the position reached is `{here}`, not `{written}`"),
                    Vec::new(),
                )
            }),
            Claim::Value(g) => {
                let v = self.value(s)?;
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
                Some(t) => match self.game.moves(s, t).into_iter().next() {
                    Some((m, _)) => Some((
                        format!(
                            "the game is not over: {t}, to move, can still {} `{}`",
                            match verb.noun {
                                "cut" => "cut",
                                _ => "play",
                            },
                            self.game.name(&m)
                        ),
                        vec![(t, m)],
                    )),
                    None if t == *p => Some((
                        format!(
                            "{t} is to move and has no {}: {} has won",
                            verb.noun,
                            t.other()
                        ),
                        Vec::new(),
                    )),
                    None => None,
                },
            },
            Claim::Wins(p) => match to_move {
                None => needs_turn(),
                Some(t) => {
                    let outcome = self.outcome(s)?;
                    if outcome.winner(t) == *p {
                        None
                    } else {
                        let (why, play) = self.refute_loser(s, t, *p)?;
                        let v = self.value(s)?;
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
            Claim::EveryMoveLoses(p) => match self.winning(s, *p)?.into_iter().next() {
                None => None,
                Some(m) => {
                    let after = self.after(s, *p, &m).expect("a winning move is a move");
                    let text = self.move_text(&after, &m)?;
                    Some((
                        format!(
                            "not every move by {p} loses: {p} wins by {} {text}",
                            verb.doing
                        ),
                        vec![(*p, m)],
                    ))
                }
            },
            Claim::WinningMove(p, m) => {
                let winning = self.winning(s, *p)?;
                let named = self.game.find(s, *p, m).ok().map(|(n, _)| n);
                match named.is_some_and(|n| winning.contains(&n)) {
                    true => None,
                    false => Some(self.refute_winning(s, *p, m, winning.is_empty())?),
                }
            }
            Claim::OnlyWinningMove(p, m) => {
                let winning = self.winning(s, *p)?;
                let named = self.game.find(s, *p, m).ok().map(|(n, _)| n);
                match named {
                    Some(n) if winning.contains(&n) => match winning.iter().find(|&x| *x != n) {
                        Some(other) => {
                            let after = self.after(s, *p, other).expect("a move");
                            let text = self.move_text(&after, other)?;
                            Some((
                                format!(
                                    "`{}` is not {p}'s only winning move: {text} wins too",
                                    self.game.name(&n)
                                ),
                                vec![(*p, other.clone())],
                            ))
                        }
                        None => None,
                    },
                    _ => Some(self.refute_winning(s, *p, m, winning.is_empty())?),
                }
            }
            Claim::BestMove(p, m) => self.refute_best(s, *p, m)?,
        })
    }

    /// Why `m` is not a winning move of `p`; first, when `p` has none, that it has none and why.
    fn refute_winning(
        &mut self,
        s: &G::State,
        p: Player,
        m: &G::Move,
        none_wins: bool,
    ) -> Result<Refutation<G::Move>, G::Error> {
        let (why, play) = self.refute_move(s, p, m)?;
        if none_wins {
            let none = self.no_winning_move(s, p)?;
            return Ok((format!("{none} ({why})"), play));
        }
        Ok((why, play))
    }
}

/// "`a`, `b` and `c`".
pub fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A line of play as written: who starts, and the steps with their spans.
#[derive(Clone, Debug)]
pub struct Script<M, P> {
    pub start: Option<(Player, Range<usize>)>,
    pub steps: Vec<(Step<M, P>, Range<usize>)>,
}

impl<M, P> Default for Script<M, P> {
    fn default() -> Self {
        Script {
            start: None,
            steps: Vec::new(),
        }
    }
}

/// What reading a script needs from its game: its moves, positions and values as written, and
/// the words its moves are said with. Errors are located in the text given.
pub trait ScriptReader {
    type Move;
    type Position;
    fn verb(&self) -> Verb;
    /// A move as an example in messages (`LR`, `a1-a2`).
    fn example(&self) -> &str;
    fn read_move(&mut self, text: &str) -> Result<Self::Move, Located>;
    fn read_position(&mut self, text: &str) -> Result<Self::Position, Located>;
    fn read_value(&mut self, text: &str) -> Result<GameId, Located>;
    /// Whether any `#` starts a comment (Hackenbush's names have none), not only one after a
    /// blank.
    fn comments_anywhere(&self) -> bool {
        false
    }
}

/// Reads the steps of a line of play (see the module documentation), one per line of `text`;
/// lines for which `header` returns true (`rules = …`, handled by the caller) are skipped.
/// Every problem is reported, located by byte span in `text`.
#[allow(clippy::type_complexity)]
pub fn parse_script<R: ScriptReader>(
    text: &str,
    reader: &mut R,
    header: &dyn Fn(&str) -> bool,
) -> (Script<R::Move, R::Position>, Vec<Located>) {
    let mut script = Script::default();
    let mut errors = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let line_start = offset;
        offset += raw.len();
        let comment = match reader.comments_anywhere() {
            true => raw.find('#').unwrap_or(raw.len()),
            false => comment_start(raw),
        };
        let body = raw[..comment].trim_end();
        let lead = body.len() - body.trim_start().len();
        let line = body.trim_start();
        if line.is_empty() || header(line) {
            continue;
        }
        let at = line_start + lead;
        let span = at..at + line.len();
        match read_item(line, at, reader) {
            Ok(Item::Start(p)) => {
                if script.start.is_some() {
                    errors.push(Located::new(span, "`start` is given twice"));
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

/// Where a line's comment starts: at a `#` outside brackets that begins the line or follows a
/// blank (Domineering writes a blocked square `#`, inside a position).
fn comment_start(line: &str) -> usize {
    let mut depth = 0usize;
    let mut previous = ' ';
    for (at, c) in line.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            '#' if depth == 0 && previous.is_whitespace() => return at,
            _ => {}
        }
        previous = c;
    }
    line.len()
}

enum Item<M, P> {
    Start(Player),
    Step(Step<M, P>),
}

/// One line (comment and blanks removed), at byte `at` of the script.
fn read_item<R: ScriptReader>(
    line: &str,
    at: usize,
    reader: &mut R,
) -> Result<Item<R::Move, R::Position>, Located> {
    let whole = at..at + line.len();
    let lower = line.to_ascii_lowercase();
    // The span of `line[from..]`, its blanks trimmed, and its text.
    let rest = |from: usize| {
        let tail = &line[from..];
        let lead = tail.len() - tail.trim_start().len();
        let text = tail.trim();
        (at + from + lead..at + from + lead + text.len(), text)
    };
    let shifted = |e: Located, by: usize| e.shifted(by);
    if let Some((key, _)) = line.split_once('=') {
        let key = key.trim().to_ascii_lowercase();
        let (span, text) = rest(line.find('=').unwrap_or(0) + 1);
        return match key.as_str() {
            "start" => text
                .parse::<Player>()
                .map(Item::Start)
                .map_err(|m| Located::new(span, m)),
            "value" => reader
                .read_value(text)
                .map(|g| Item::Step(Step::Claim(Claim::Value(g))))
                .map_err(|e| shifted(e, span.start)),
            "position" => reader
                .read_position(text)
                .map(|p| Item::Step(Step::Claim(Claim::Position(p))))
                .map_err(|e| shifted(e, span.start)),
            _ => Err(Located::new(
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
    let verb = reader.verb();
    let example = reader.example().to_string();
    let mut mv = |from: usize| -> Result<R::Move, Located> {
        let (span, text) = rest(from);
        reader.read_move(text).map_err(|e| e.shifted(span.start))
    };
    let says = |w: &str| w == "plays" || w == verb.says;
    let doing = |w: &str| w == "playing" || w == verb.doing;
    let step = match words.as_slice() {
        [p, v, ..] if says(v) && player(p).is_some() && !p.ends_with("'s") => {
            let player = player(p).unwrap_or(Player::Left);
            Step::Move {
                player,
                mv: mv(after_words(2))?,
            }
        }
        [p, "wins", "by", v, ..] if doing(v) => {
            let who = player_word(p, player, &whole)?;
            Step::Claim(Claim::WinningMove(who, mv(after_words(4))?))
        }
        [p, "to", "move"] => Step::Claim(Claim::ToMove(player_word(p, player, &whole)?)),
        [p, "has", "won"] => Step::Claim(Claim::HasWon(player_word(p, player, &whole)?)),
        [p, "wins"] => Step::Claim(Claim::Wins(player_word(p, player, &whole)?)),
        ["every", "move" | "reply" | "cut", "by", p, "loses"] => {
            Step::Claim(Claim::EveryMoveLoses(player_word(p, player, &whole)?))
        }
        [p, "only", "winning", "move", "is", ..] if p.ends_with("'s") => {
            let who = player_word(p, player, &whole)?;
            Step::Claim(Claim::OnlyWinningMove(who, mv(after_words(5))?))
        }
        ["the", "only", "winning", "move", "for", p, "is", ..] => {
            let who = player_word(p, player, &whole)?;
            Step::Claim(Claim::OnlyWinningMove(who, mv(after_words(7))?))
        }
        [p, "best", "move", "is", ..] if p.ends_with("'s") => {
            let who = player_word(p, player, &whole)?;
            Step::Claim(Claim::BestMove(who, mv(after_words(4))?))
        }
        ["the", "best", "move", "for", p, "is", ..] => {
            let who = player_word(p, player, &whole)?;
            Step::Claim(Claim::BestMove(who, mv(after_words(6))?))
        }
        _ => {
            let x = example;
            let (noun, says, doing) = (verb.noun, verb.says, verb.doing);
            return Err(Located::new(
                whole,
                format!(
                    "not a step of a line of play: write a {noun} (`left {says} {x}`), or a \
                     claim (`value = 1/2`, `position = …`, `left to move`, `left wins`, \
                     `left has won`, `every move by right loses`, `left's only winning move is \
                     {x}`, `left wins by {doing} {x}`, `left's best move is {x}`)"
                ),
            ));
        }
    };
    Ok(Item::Step(step))
}

fn player_word(
    word: &str,
    player: impl Fn(&str) -> Option<Player>,
    span: &Range<usize>,
) -> Result<Player, Located> {
    player(word).ok_or_else(|| {
        Located::new(
            span.clone(),
            format!("`{word}` is not a player: write `left` or `right`"),
        )
    })
}

/// The words of `ruleset`'s moves: Hackenbush's cuts, Cutcake's (a move that cuts), every
/// other game's plays.
pub fn verb_of(ruleset: &dyn crate::DynRuleset) -> Verb {
    match ruleset.name() {
        "hackenbush" => CUT,
        "cutcake" => Verb {
            says: "cuts",
            doing: "cutting",
            ..PLAY
        },
        _ => PLAY,
    }
}

/// Any game in a line of play: moves by the names its ruleset gives them, the value of each
/// position reached as a position block's is vouched for (the run's solver, confirmed by the
/// plain game tree where that fits its budget).
pub struct AnyPlay<'a> {
    pub solvers: &'a mut Solvers,
    /// Values found, by the position's notation.
    values: HashMap<String, GameId>,
    verb: Verb,
}

impl<'a> AnyPlay<'a> {
    /// The judge's game, its moves said with "plays".
    pub fn new(solvers: &'a mut Solvers) -> AnyPlay<'a> {
        AnyPlay::saying(solvers, PLAY)
    }

    /// The judge's game, its moves said with `verb` (Hackenbush's [`CUT`]).
    pub fn saying(solvers: &'a mut Solvers, verb: Verb) -> AnyPlay<'a> {
        AnyPlay {
            solvers,
            values: HashMap::new(),
            verb,
        }
    }
}

impl Played for AnyPlay<'_> {
    type State = AnyPosition;
    type Move = String;
    type Position = AnyPosition;
    type Error = Unconfirmed;

    fn verb(&self) -> Verb {
        self.verb
    }

    fn value(&mut self, s: &AnyPosition, games: &mut Games) -> Result<GameId, Unconfirmed> {
        let key = s.print();
        if let Some(&v) = self.values.get(&key) {
            return Ok(v);
        }
        let (v, _) = s.confirmed_value(self.solvers, games)?;
        self.values.insert(key, v);
        Ok(v)
    }

    fn moves(&self, s: &AnyPosition, player: Player) -> Vec<(String, AnyPosition)> {
        s.moves(player)
    }

    fn find(
        &self,
        s: &AnyPosition,
        player: Player,
        m: &String,
    ) -> Result<(String, AnyPosition), String> {
        s.find_move(player, m)
    }

    fn name(&self, m: &String) -> String {
        m.clone()
    }

    fn differs(&mut self, s: &AnyPosition, p: &AnyPosition) -> Option<(String, String)> {
        (!s.same(p)).then(|| (s.print(), p.print()))
    }
}

/// Reads a line of play on a position of another game: moves are kept as written (the
/// position reached names the moves there are), positions in the game's notation, values by
/// `value`.
pub struct AnyReader<'a> {
    pub ruleset: &'static dyn crate::DynRuleset,
    pub example: String,
    pub value: &'a mut dyn FnMut(&str) -> Result<GameId, Located>,
}

impl ScriptReader for AnyReader<'_> {
    type Move = String;
    type Position = AnyPosition;

    fn verb(&self) -> Verb {
        verb_of(self.ruleset)
    }

    fn example(&self) -> &str {
        &self.example
    }

    fn read_move(&mut self, text: &str) -> Result<String, Located> {
        if text.is_empty() {
            return Err(Located::new(0..0, "a move needs its name here"));
        }
        Ok(text.to_string())
    }

    fn read_position(&mut self, text: &str) -> Result<AnyPosition, Located> {
        AnyPosition::parse(self.ruleset, text)
    }

    fn read_value(&mut self, text: &str) -> Result<GameId, Located> {
        (self.value)(text)
    }

    /// Hackenbush's edge names hold no `#`: any starts a comment.
    fn comments_anywhere(&self) -> bool {
        self.ruleset.name() == "hackenbush"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domineering::Domineering;
    use crate::toads_and_frogs::ToadsAndFrogs;

    /// The value of `p` by the plain game tree alone: every option's value from the plain tree,
    /// recursively, put together by the games table (no solver, no memo but the table's).
    fn tree_value(p: &AnyPosition, games: &mut Games) -> GameId {
        let mut sides = [Vec::new(), Vec::new()];
        for player in Player::BOTH {
            for (_, q) in p.moves(player) {
                sides[player.index()].push(tree_value(&q, games));
            }
        }
        let [left, right] = sides;
        games.from_options(&left, &right)
    }

    fn reader_value(games: &mut Games) -> impl FnMut(&str) -> Result<GameId, Located> + '_ {
        move |text: &str| hackenbook_games::notation::evaluate(text, games, &mut |_| None)
    }

    fn script(
        text: &str,
        ruleset: &'static dyn crate::DynRuleset,
        games: &mut Games,
    ) -> Script<String, AnyPosition> {
        let mut value = reader_value(games);
        let mut reader = AnyReader {
            ruleset,
            example: "a1-a2".into(),
            value: &mut value,
        };
        let (script, errors) = parse_script(text, &mut reader, &|_| false);
        assert!(errors.is_empty(), "{errors:?}");
        script
    }

    /// A line of play on Domineering 2×3 (two rows, three columns): after each move the value
    /// the judge finds is the one the plain game tree gives, recomputed here from the moves.
    #[test]
    fn a_domineering_line_is_valued_as_the_game_tree_values_it() {
        let mut games = Games::new();
        let mut solvers = Solvers::default();
        let start = AnyPosition::parse(&Domineering, "2x3").unwrap();
        let text = "start = left\nleft plays a1-a2\nright plays b1-c1\nright has won\n";
        let steps: Vec<_> = script(text, &Domineering, &mut games)
            .steps
            .into_iter()
            .map(|s| s.0)
            .collect();
        let line = replay(
            AnyPlay::new(&mut solvers),
            start.clone(),
            Some(Player::Left),
            &steps,
            &mut games,
        )
        .unwrap();
        assert!(line.problems.is_empty(), "{:?}", line.problems);
        assert_eq!(line.positions.len(), 3);
        // The same moves made here, by name, on the moves the ruleset lists.
        let mut here = start;
        for (i, reached) in line.positions.iter().enumerate() {
            if i > 0 {
                let (player, name) = reached.by.clone().unwrap();
                here = here
                    .moves(player)
                    .into_iter()
                    .find(|(n, _)| *n == name)
                    .unwrap()
                    .1;
            }
            assert_eq!(reached.state, here);
            assert_eq!(reached.value, tree_value(&here, &mut games), "step {i}");
        }
        // 2×3 is {2 | -1/2} (Winning Ways; Berlekamp's table of small boards).
        assert_eq!(
            line.positions[0].value,
            games.eval_str("{2 | -1/2}").unwrap()
        );
    }

    /// A claimed value that is wrong fails, naming the value the game tree gives; a move that
    /// is not a move fails at its step with the moves there are, and stops the replay.
    #[test]
    fn wrong_claims_and_unknown_moves_are_refuted() {
        let mut games = Games::new();
        let mut solvers = Solvers::default();
        let start = AnyPosition::parse(&Domineering, "2x3").unwrap();
        let text = "left plays a1-a2\nvalue = 1\nright plays a1-b1\nleft wins\n";
        let steps: Vec<_> = script(text, &Domineering, &mut games)
            .steps
            .into_iter()
            .map(|s| s.0)
            .collect();
        let line = replay(AnyPlay::new(&mut solvers), start, None, &steps, &mut games).unwrap();
        let after = line.positions[1].value;
        assert_eq!(line.problems.len(), 2, "{:?}", line.problems);
        assert_eq!(line.problems[0].step, 1);
        assert!(
            line.problems[0]
                .message
                .contains(&format!("worth {}, not 1", games.display(after))),
            "{}",
            line.problems[0].message
        );
        assert_eq!(line.problems[1].step, 2);
        let names: Vec<String> = line.positions[1]
            .state
            .moves(Player::Right)
            .into_iter()
            .map(|m| m.0)
            .collect();
        assert!(!names.is_empty());
        let message = &line.problems[1].message;
        assert!(message.contains("a1 is not free"), "{message}");
        assert!(message.contains(&names.join(", ")), "{message}");
    }

    /// The winning moves the judge accepts on a Toads-and-Frogs strip are exactly the moves
    /// whose option value (valued apart here) the mover wins moving second in.
    #[test]
    fn toads_and_frogs_winning_moves_agree_with_option_values() {
        let mut games = Games::new();
        let mut solvers = Solvers::default();
        for strip in ["T.TF", "TT.F.F", "T..TF.F", "T.F"] {
            let p = AnyPosition::parse(&ToadsAndFrogs, strip).unwrap();
            for player in Player::BOTH {
                let options = p.option_values(player, &mut solvers, &mut games).unwrap();
                for (name, value) in options {
                    // Left wins moving second in G when G >= 0; Right when G <= 0.
                    let zero = games.zero();
                    let expected = match player {
                        Player::Left => games.geq(value, zero),
                        Player::Right => games.leq(value, zero),
                    };
                    let claim = Claim::WinningMove(player, name.clone());
                    let refuted = check_claim(
                        AnyPlay::new(&mut solvers),
                        &p,
                        Some(player),
                        &claim,
                        &mut games,
                    )
                    .unwrap();
                    assert_eq!(refuted.is_none(), expected, "{strip} {player} {name}");
                }
            }
        }
    }

    /// `best` picks the options every other is at most (for Left), all of them when equal, and
    /// says when the best are incomparable.
    #[test]
    fn best_moves_and_incomparable_options() {
        let mut games = Games::new();
        let v = |games: &mut Games, s: &str| games.eval_str(s).unwrap();
        let (zero, half, one, star) = (
            v(&mut games, "0"),
            v(&mut games, "1/2"),
            v(&mut games, "1"),
            v(&mut games, "*"),
        );
        assert_eq!(
            best(&[zero, one, half, one], Player::Left, &mut games),
            Best::Moves(vec![1, 3])
        );
        assert_eq!(
            best(&[zero, one, half], Player::Right, &mut games),
            Best::Moves(vec![0])
        );
        // 0 and * are incomparable; -1 is worse than both for Left.
        let minus = v(&mut games, "-1");
        assert_eq!(
            best(&[zero, star, minus], Player::Left, &mut games),
            Best::Incomparable(vec![0, 1])
        );
        assert_eq!(best(&[], Player::Left, &mut games), Best::NoMove);
    }

    /// Nim heaps of 1 and 2: the options are worth *2 (take the 1), * and 0 (from the 2), no
    /// two comparable, so no move is best and the claim that one is says so.
    #[test]
    fn a_best_move_among_incomparable_options_is_refused() {
        let mut games = Games::new();
        let mut solvers = Solvers::default();
        let p = AnyPosition::parse(&crate::nim::Nim, "1 2").unwrap();
        let names: Vec<String> = p.moves(Player::Left).into_iter().map(|m| m.0).collect();
        assert_eq!(names.len(), 3, "{names:?}");
        for name in &names {
            let claim = Claim::BestMove(Player::Left, name.clone());
            let refuted = check_claim(AnyPlay::new(&mut solvers), &p, None, &claim, &mut games)
                .unwrap()
                .expect("no move is best");
            assert!(refuted.0.contains("no single best move"), "{}", refuted.0);
            for n in &names {
                assert!(refuted.0.contains(&format!("`{n}`")), "{}", refuted.0);
            }
        }
        // From Toads and Frogs `T.F` (worth *), Left's one move is her best.
        let strip = AnyPosition::parse(&ToadsAndFrogs, "T.F").unwrap();
        let (name, _) = strip.moves(Player::Left).remove(0);
        let claim = Claim::BestMove(Player::Left, name);
        let refuted =
            check_claim(AnyPlay::new(&mut solvers), &strip, None, &claim, &mut games).unwrap();
        assert!(refuted.is_none(), "{refuted:?}");
    }
}
