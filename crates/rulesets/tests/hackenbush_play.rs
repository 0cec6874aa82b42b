//! Play over Hackenbush positions, on the table every game has (`hackenbook_rulesets::play`;
//! its entries against `moves.rs` and the plain game tree are in the crate's
//! `hackenbush/ruleset/generic_table.rs`): its budget and values, edge names read back, the
//! solver winning every game it can win, and lines of play refuted by the right play.

use hackenbook_base::located::Located;
use hackenbook_games::{OutcomeClass, Player};
use hackenbook_rulesets::hackenbush::{
    Colour, EdgeNames, Evaluator, Hackenbush, InPlay, Position, Rules,
};
use hackenbook_rulesets::in_place;
use hackenbook_rulesets::line::{self, AnyPlay, AnyReader, Replay, Script, CUT};
use hackenbook_rulesets::play::{PlayError, PlayLimits as Budget, PlayTable as GameTable};
use hackenbook_rulesets::AnyPosition;
use proptest::prelude::*;
use std::collections::HashSet;

use crate::random_positions;
use random_positions::graph;

type Claim = line::Claim<String, AnyPosition>;
type Step = line::Step<String, AnyPosition>;

/// Reads a line of play on a Hackenbush position under `rules`, as an essay's is read: cuts by
/// the edges' names, values in the run's context `ev`.
fn parse_script(
    text: &str,
    rules: Rules,
    ev: &mut Evaluator,
) -> (Script<String, AnyPosition>, Vec<Located>) {
    let Evaluator {
        rulesets, games, ..
    } = ev;
    let mut value = |t: &str| in_place::evaluate(t, rulesets, games, &mut |_| None);
    let mut reader = AnyReader {
        ruleset: Hackenbush::of(rules),
        example: "LR".into(),
        value: &mut value,
    };
    line::parse_script(text, &mut reader, &|_| false)
}

/// Replays `steps` on `p` under `rules` through the judge every game shares.
fn replay(
    p: &Position,
    rules: Rules,
    start: Option<Player>,
    steps: &[Step],
    ev: &mut Evaluator,
) -> Replay<AnyPosition, String> {
    let board = AnyPosition::of(Hackenbush::of(rules), InPlay::new(p));
    let game = AnyPlay::saying(&mut ev.rulesets, CUT);
    line::replay(game, board, start, steps, &mut ev.games).unwrap()
}

/// The edges standing on a board a line reached, as a play table's set.
fn set_of(reached: &AnyPosition) -> u64 {
    let board = reached.downcast::<Hackenbush>().unwrap();
    board.standing().iter().fold(0, |set, e| set | (1 << e))
}

fn cut(player: Player, name: &str) -> Step {
    Step::Move {
        player,
        mv: name.to_string(),
    }
}

/// The table every game has of `p` under `rules`, as `hackenbook play` builds it.
fn game_table(p: &Position, rules: Rules, ev: &mut Evaluator) -> GameTable {
    let position = AnyPosition::of(Hackenbush::of(rules), InPlay::new(p));
    GameTable::build(
        &position,
        &Budget::default(),
        &mut ev.rulesets,
        &mut ev.games,
    )
    .unwrap()
}

/// Palettes: blue-red, green, all three.
const PALETTES: [&[Colour]; 3] = [
    &[Colour::Blue, Colour::Red],
    &[Colour::Green],
    &[Colour::Blue, Colour::Red, Colour::Green],
];

/// The graph form of a position, written out with node names `g`, `n1`, `n2`, ….
fn graph_text(p: &Position) -> String {
    let node = |n: usize| {
        if n == 0 {
            "g".to_string()
        } else {
            format!("n{n}")
        }
    };
    let items: Vec<String> = p
        .edges()
        .iter()
        .map(|&(a, b, c)| format!("{}-{} {}", node(a), node(b), c.letter()))
        .collect();
    items.join(", ")
}

fn rules(childish: bool) -> Rules {
    if childish {
        Rules::Childish
    } else {
        Rules::Normal
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every edge's printed name reads back as that edge, in both naming schemes (a forest
    /// without node names is named by letters; printed in the graph form and read back, by
    /// nodes).
    #[test]
    fn edge_names_read_back(
        spec in prop::collection::vec(any::<(u8, u8, u8)>(), 0..14),
        palette in 0usize..3,
    ) {
        let p = graph(&spec, PALETTES[palette]);
        let written = Position::parse(&p.notation()).unwrap();
        let as_graph = Position::parse(&graph_text(&p)).unwrap();
        for q in [&p, &written, &as_graph] {
            let names = EdgeNames::of(q);
            for (e, name) in names.all().iter().enumerate() {
                prop_assert_eq!(names.parse(name), Ok(e), "{} in {}", name, q.notation());
            }
        }
    }

    /// The solver wins every game it can: whatever legal cuts its opponent makes, a side that
    /// wins the starting position (with the given first player) wins the game, played on the
    /// table every game has, as `hackenbook play` plays it.
    #[test]
    fn the_solver_wins_what_it_can(
        spec in prop::collection::vec(any::<(u8, u8, u8)>(), 0..8),
        palette in 0usize..3,
        childish in any::<bool>(),
        first_left in any::<bool>(),
        choices in prop::collection::vec(any::<u8>(), 10),
    ) {
        let p = graph(&spec, PALETTES[palette]);
        let table = game_table(&p, rules(childish), &mut Evaluator::default());
        let first = if first_left { Player::Left } else { Player::Right };
        let solver_side = table.positions[0].outcome.winner(first);
        let (mut at, mut to_move, mut turn) = (0, first, 0);
        let winner = loop {
            let moves = table.positions[at].moves(to_move);
            if moves.is_empty() {
                break to_move.other();
            }
            let m = if to_move == solver_side {
                table.solver_choice(at, to_move).unwrap()
            } else {
                &moves[choices[turn % choices.len()] as usize % moves.len()]
            };
            at = m.to;
            to_move = to_move.other();
            turn += 1;
        };
        prop_assert_eq!(winner, solver_side, "{}", p.notation());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// A game played through the table, written out as a line of play (cuts by name, the value
    /// after each), reads back and holds; the same line with one value changed fails there and
    /// only there.
    #[test]
    fn written_lines_replay(
        spec in prop::collection::vec(any::<(u8, u8, u8)>(), 1..8),
        palette in 0usize..3,
        childish in any::<bool>(),
        choices in prop::collection::vec(any::<u8>(), 8),
        wrong in any::<u8>(),
    ) {
        let p = graph(&spec, PALETTES[palette]);
        let rules = rules(childish);
        let mut ev = Evaluator::default();
        let table = game_table(&p, rules, &mut ev);
        let (mut at, mut mover) = (0, Player::Left);
        let mut lines = vec!["start = left".to_string()];
        let mut value_lines = Vec::new();
        for &choice in &choices {
            let moves = table.positions[at].moves(mover);
            if moves.is_empty() {
                break;
            }
            let m = &moves[choice as usize % moves.len()];
            lines.push(format!("{} cuts {}", mover.name().to_lowercase(), m.name));
            at = m.to;
            mover = mover.other();
            value_lines.push(lines.len());
            lines.push(format!("value = {}", table.values[table.positions[at].value]));
        }
        let check = |text: &str, ev: &mut Evaluator| {
            let (script, errors) = parse_script(text, rules, ev);
            assert!(errors.is_empty(), "{errors:?} in\n{text}");
            let start = script.start.as_ref().map(|(p, _)| *p);
            let steps: Vec<Step> = script.steps.into_iter().map(|(s, _)| s).collect();
            replay(&p, rules, start, &steps, ev)
        };
        let line = check(&lines.join("\n"), &mut ev);
        prop_assert!(line.problems.is_empty(), "{:?}\n{}", line.problems, lines.join("\n"));
        prop_assert_eq!(line.positions.last().map(|r| set_of(&r.state)), Some(set_of(&table.reached[at])));
        if !value_lines.is_empty() {
            let k = value_lines[wrong as usize % value_lines.len()];
            lines[k] = "value = 1000".to_string();
            let line = check(&lines.join("\n"), &mut ev);
            let failed: Vec<usize> = line.problems.iter().map(|p| p.step).collect();
            // Steps are the lines after `start`.
            prop_assert_eq!(failed, vec![k - 1]);
        }
    }
}

#[test]
fn budgets_are_named() {
    let mut ev = Evaluator::default();
    // Eight separate green edges reach 2^8 = 256 sets.
    let bush = AnyPosition::of(
        Hackenbush::of(Rules::Normal),
        InPlay::new(&Position::parse("G G G G G G G G").unwrap()),
    );
    let build = |positions: usize, ev: &mut Evaluator| {
        let limits = Budget { positions };
        GameTable::build(&bush, &limits, &mut ev.rulesets, &mut ev.games)
    };
    let err = build(255, &mut ev).unwrap_err();
    assert_eq!(err, PlayError::TooManyPositions { limit: 255 });
    assert!(err.to_string().contains("more than 255 positions"), "{err}");
    assert_eq!(build(256, &mut ev).unwrap().positions.len(), 256);
}

#[test]
fn distinct_values_are_listed_once() {
    let p = Position::parse("LR LR R").unwrap();
    let table = game_table(&p, Rules::Normal, &mut Evaluator::default());
    let distinct: HashSet<&String> = table.values.iter().collect();
    assert_eq!(distinct.len(), table.values.len());
    // The seed's balance: worth 0, a second-player win, and no winning cut for either side.
    let start = &table.positions[0];
    assert_eq!(table.values[start.value], "0");
    assert_eq!(start.outcome, OutcomeClass::SecondPlayer);
    for player in Player::BOTH {
        assert_eq!(table.winning(0, player).count(), 0, "{player}");
        assert!(!start.moves(player).is_empty(), "{player}");
    }
}

/// `LR LR R` (worth 0): Left, moving first, loses; every claim that she wins is refuted by
/// Right's winning reply.
#[test]
fn a_wrong_line_fails_with_the_refuting_play() {
    let p = Position::parse("LR LR R").unwrap();
    let mut ev = Evaluator::default();
    let half = ev.games.eval_str("-1/2").unwrap();
    let steps = vec![
        Step::Claim(Claim::Wins(Player::Left)),
        cut(Player::Left, "L[1]"),
        Step::Claim(Claim::Value(half)),
        Step::Claim(Claim::Wins(Player::Left)),
        Step::Claim(Claim::OnlyWinningMove(Player::Right, "R".into())),
    ];
    let line = replay(&p, Rules::Normal, None, &steps, &mut ev);
    let steps_failed: Vec<usize> = line.problems.iter().map(|p| p.step).collect();
    assert_eq!(steps_failed, vec![0, 3, 4]);
    let named = |play: &[(Player, &str)]| -> Vec<(Player, String)> {
        play.iter().map(|&(p, n)| (p, n.to_string())).collect()
    };
    // At the start, Left to move: every cut of hers loses, her first one to Right's reply.
    assert_eq!(
        line.problems[0].refutation,
        named(&[(Player::Left, "L[1]"), (Player::Right, "LR[2]")])
    );
    // After L[1], Right to move wins by cutting LR[2] (leaving L R, worth 0).
    assert_eq!(
        line.problems[1].refutation,
        named(&[(Player::Right, "LR[2]")])
    );
    assert!(
        line.problems[1].message.contains("`LR[2]` (leaving 0)"),
        "{}",
        line.problems[1].message
    );
    // Cutting the lone red edge leaves 1/2: it loses, and Left's answer shows it.
    assert_eq!(
        line.problems[2].refutation[0],
        (Player::Right, "R".to_string())
    );
    assert_eq!(line.positions.len(), 2);
}

#[test]
fn illegal_cuts_stop_the_line() {
    let p = Position::parse("LRG").unwrap();
    let mut ev = Evaluator::default();
    let script = "start = left\nleft cuts L   # drops LR and LRG\nvalue = 0\n";
    let (script, errors) = parse_script(script, Rules::Childish, &mut ev);
    assert!(errors.is_empty(), "{errors:?}");
    let steps: Vec<Step> = script.steps.into_iter().map(|(s, _)| s).collect();
    let line = replay(&p, Rules::Childish, Some(Player::Left), &steps, &mut ev);
    assert_eq!(line.problems.len(), 1);
    assert!(
        line.problems[0].message.contains("`LR`, `LRG` would fall"),
        "{}",
        line.problems[0].message
    );
    // Turns alternate.
    let steps = vec![cut(Player::Left, "LRG"), cut(Player::Left, "LR")];
    let line = replay(&p, Rules::Childish, None, &steps, &mut ev);
    assert!(line.problems[0].message.contains("Right's turn"));
    assert_eq!(line.problems[0].step, 1);
}

/// A right line, as an essay would write it: the seed's balance played out.
#[test]
fn a_right_line_holds() {
    let p = Position::parse("LR LR R").unwrap();
    let mut ev = Evaluator::default();
    let text = "\
start = left
value = 0
every move by left loses
left cuts L[1]        # the trunk of one stalk
value = -1/2
position = LR R
right to move
right's only winning move is LR[2]
right cuts LR[2]
value = 0
left to move
every reply by left loses
left cuts L[2]
right cuts R
right has won
";
    let (script, errors) = parse_script(text, Rules::Normal, &mut ev);
    assert!(errors.is_empty(), "{errors:?}");
    let start = script.start.as_ref().map(|(p, _)| *p);
    let steps: Vec<Step> = script.steps.into_iter().map(|(s, _)| s).collect();
    let line = replay(&p, Rules::Normal, start, &steps, &mut ev);
    assert!(line.problems.is_empty(), "{:?}", line.problems);
    assert_eq!(line.positions.len(), 5);
    // A position claimed that is not the one reached (up to isomorphism) fails.
    let wrong = text.replace("position = LR R", "position = LR L");
    let (script, _) = parse_script(&wrong, Rules::Normal, &mut ev);
    let steps: Vec<Step> = script.steps.into_iter().map(|(s, _)| s).collect();
    let line = replay(&p, Rules::Normal, start, &steps, &mut ev);
    let failed: Vec<usize> = line.problems.iter().map(|p| p.step).collect();
    assert_eq!(failed, [4], "{:?}", line.problems);
    assert!(
        line.problems[0]
            .message
            .contains("the position reached is `LR R`, not `LR L`"),
        "{}",
        line.problems[0].message
    );
}

#[test]
fn scripts_report_every_bad_line_located() {
    let p = Position::parse("g-a L, a-b R, b-g G").unwrap();
    let mut ev = Evaluator::default();
    let text = "left cuts a-c\nvalue = 1/\nleft jumps\nstart = up\nleft cuts g-a\n";
    let (script, errors) = parse_script(text, Rules::Normal, &mut ev);
    let spans: Vec<_> = errors.iter().map(|e| e.span.clone()).collect();
    // The end of `1/` in line 2; all of line 3; `up` in line 4.
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert_eq!(&text[spans[1].clone()], "left jumps");
    assert_eq!(&text[spans[2].clone()], "up");
    assert_eq!(script.steps.len(), 2);
    // A name that is no edge is refused where the line is replayed, and stops it there.
    let steps: Vec<Step> = script.steps.into_iter().map(|(s, _)| s).collect();
    let line = replay(&p, Rules::Normal, None, &steps, &mut ev);
    assert_eq!(line.problems.len(), 1, "{:?}", line.problems);
    assert_eq!(line.problems[0].step, 0);
    assert_eq!(line.positions.len(), 1);
}
