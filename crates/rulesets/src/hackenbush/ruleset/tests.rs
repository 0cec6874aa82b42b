//! Hackenbush as a ruleset, held against the plain game tree built from its cuts alone.

use super::*;
use crate::yardstick::{agree_with_plain, reads_back, targets_are_the_moves, Unaided};
use hackenbook_games::sample::Rng;

/// A random position of at most `most` edges: each edge rises from a node already grounded to
/// a new node, to a node already there (a cycle), or to itself (a loop), in any colour.
pub(super) fn random_position(rng: &mut Rng, most: u64) -> Position {
    let mut nodes = 1usize;
    let mut edges = Vec::new();
    for _ in 0..rng.below(most + 1) {
        let a = rng.below(nodes as u64) as usize;
        let b = match rng.below(8) {
            0 => a,
            1..=2 => rng.below(nodes as u64) as usize,
            _ => {
                nodes += 1;
                nodes - 1
            }
        };
        let colour = [Colour::Blue, Colour::Red, Colour::Green][rng.below(3) as usize];
        edges.push((a, b, colour));
    }
    Position::from_edges(nodes, edges).expect("every edge rises from a grounded node")
}

fn boards(seed: u64, count: usize, most: u64) -> Vec<InPlay> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| InPlay::new(&random_position(&mut rng, most)))
        .collect()
}

/// The solver of every game with Hackenbush's parts, key and shortcut (its own solver) against
/// the plain game tree of the cuts, on random positions (forests, cycles, loops, green edges)
/// under both rules; then the same with the shortcut taken away, so the parts and the key are
/// held against the game tree by themselves.
#[test]
fn the_solver_agrees_with_the_plain_game_tree_under_both_rules() {
    let mut games = Games::new();
    for (rules, seed) in [(Rules::Normal, 1), (Rules::Childish, 2)] {
        let positions = boards(seed, 150, 9);
        let ruleset = Hackenbush { rules };
        let values = agree_with_plain(&ruleset, &positions, &mut games);
        let unaided = agree_with_plain(&Unaided(ruleset), &positions, &mut games);
        assert_eq!(values, unaided, "{rules}");
        // Both rules are exercised: some positions differ between them.
        if rules == Rules::Childish {
            let normal = agree_with_plain(&NORMAL, &positions, &mut games);
            assert_ne!(normal, values, "the rules never mattered");
        }
    }
}

#[test]
fn cuts_are_named_as_written_and_drop_what_falls() {
    let p = NORMAL.parse("LRRL").unwrap();
    let names: Vec<String> = NORMAL
        .moves(&p, Player::Left)
        .into_iter()
        .map(|m| m.name)
        .collect();
    assert_eq!(names, ["L", "LRRL"]);
    let after = NORMAL.find_move(&p, Player::Right, "LR").unwrap().to;
    assert_eq!(NORMAL.print(&after), "L");
    assert_eq!(
        NORMAL.find_move(&after, Player::Left, "LRRL").unwrap_err(),
        "`LRRL` is no longer standing"
    );
    let e = NORMAL.find_move(&p, Player::Left, "LR").unwrap_err();
    assert_eq!(e, "`LR` is red: only Right may cut it");
    let e = CHILDISH.find_move(&p, Player::Left, "L").unwrap_err();
    assert!(e.contains("`LR`, `LRR`, `LRRL` would fall"), "{e}");
    // The graph form keeps its node names while edges fall.
    let g = NORMAL.parse("g-a L, a-b R, b-g G, b-c L").unwrap();
    let after = NORMAL.find_move(&g, Player::Left, "b-g").unwrap().to;
    assert_eq!(NORMAL.print(&after), "g-a L, a-b R, b-c L");
    assert_eq!(NORMAL.size(&after), 3);
}

#[test]
fn pieces_and_keys() {
    let p = NORMAL.parse("LR RL L").unwrap();
    let parts = NORMAL.components(&p);
    let printed: Vec<String> = parts.iter().map(|q| NORMAL.print(q)).collect();
    assert_eq!(printed, ["LR", "RL", "L"]);
    // Isomorphic pieces share a key, and a piece and its negative share it, negated.
    let (a, b) = (NORMAL.key(&parts[0]), NORMAL.key(&parts[1]));
    assert_eq!(a.key, b.key);
    assert_ne!(a.negated, b.negated);
    let written_apart = NORMAL.parse("L(R)").unwrap();
    assert_eq!(NORMAL.key(&written_apart).key, a.key);
    let all_cut = NORMAL
        .find_move(&parts[2], Player::Left, "L[2]")
        .unwrap()
        .to;
    assert!(NORMAL.components(&all_cut).is_empty());
}

#[test]
fn written_positions_read_back_and_every_cut_is_an_items_target() {
    for text in [
        "LRRL",
        "L(L R) RL",
        "g-a L, a-b R, b-g G",
        "g-g G, g-a L, a-b L",
    ] {
        let p = reads_back(&NORMAL, text);
        targets_are_the_moves(&NORMAL, &p);
        targets_are_the_moves(&CHILDISH, &p);
        for m in NORMAL.moves(&p, Player::Left) {
            targets_are_the_moves(&NORMAL, &m.to);
        }
    }
    let p = NORMAL.parse("LR").unwrap();
    let after = NORMAL.find_move(&p, Player::Right, "LR").unwrap().to;
    let d = NORMAL.draw(&after);
    let ids: Vec<&str> = d.items.iter().map(|i| i.id.as_str()).collect();
    assert!(
        ids.contains(&"edge-0") && !ids.contains(&"edge-1"),
        "{ids:?}"
    );
    // The frame is the written position's, whatever has fallen.
    assert_eq!(d.view, NORMAL.draw(&p).view);
}

/// The solver of every game keeps one Hackenbush solver as Hackenbush's shortcut for its whole
/// life, under the solver's budgets: what it filed valuing one board is still there when the
/// next is valued, and the budget scale set on the solver (a run's longer time limit) is the
/// one its Hackenbush solver works under.
#[test]
fn the_shortcut_is_one_hackenbush_solver_for_the_solver_s_life() {
    let mut games = Games::new();
    let mut solver = crate::Solver::new(NORMAL);
    solver.limits.scale = 3;
    let entries = |solver: &crate::Solver<Hackenbush>| {
        let kept = solver
            .shortcut()
            .and_then(|s| s.downcast_ref::<solve::Solver>())
            .expect("Hackenbush's shortcut keeps a Hackenbush solver");
        let scaled = solve::Limits::scaled(3);
        assert_eq!(
            (kept.limits.positions, kept.limits.work),
            (scaled.positions, scaled.work)
        );
        kept.stats().total().entries
    };
    let mut value = |solver: &mut crate::Solver<Hackenbush>, text: &str| {
        let board = NORMAL.parse(text).unwrap();
        games
            .timed(|games| {
                let clock = games.running();
                solver.value(&board, games, &clock)
            })
            .unwrap()
            .unwrap()
    };
    // Cycles: no theorem values them, so the Hackenbush solver files their pieces' options.
    let large = "g-a L, a-b R, b-c L, c-g R, a-d L, d-e R";
    let small = "g-a L, a-g R";
    value(&mut solver, large);
    let first = entries(&solver);
    // The small board alone files fewer entries than the large one did ...
    let mut fresh = crate::Solver::new(NORMAL);
    fresh.limits.scale = 3;
    value(&mut fresh, small);
    assert!(entries(&fresh) < first, "{} {first}", entries(&fresh));
    // ... and valued after it by the same solver, finds them all still there.
    value(&mut solver, small);
    assert!(entries(&solver) >= first, "the shortcut's memo was dropped");
}

/// Hackenbush's shortcut, the Hackenbush solver, holds each piece against its own plain
/// game tree: a Hackenbush board's value is the solver's, with no second game tree on top
/// (`LR` = 1/2, Winning Ways ch. 1); another game's value still gets the plain game tree.
#[test]
fn a_ruleset_whose_shortcut_checks_itself_gets_no_second_game_tree() {
    let mut games = Games::new();
    let mut solvers = crate::erased::Solvers::default();
    let board = crate::AnyPosition::parse(&NORMAL, "LR").unwrap();
    let (value, methods) = board.confirmed_value(&mut solvers, &mut games).unwrap();
    assert_eq!(value, games.eval_str("1/2").unwrap());
    assert_eq!(methods, [hackenbook_base::provenance::Method::Solver]);
    let heap = crate::AnyPosition::parse(&crate::nim::Nim, "2").unwrap();
    let (_, methods) = heap.confirmed_value(&mut solvers, &mut games).unwrap();
    assert_eq!(
        methods,
        [
            hackenbook_base::provenance::Method::Solver,
            hackenbook_base::provenance::Method::GameTree
        ]
    );
}

/// A cut is told by what it takes: the colour of the edge cut, and how many other edges fell
/// (counted here from the edges standing before and after, apart from the ruleset's count);
/// a frame of play is the diagram of the position as written with only the standing edges.
#[test]
fn a_cut_is_told_by_its_edge_and_what_falls_and_a_frame_keeps_the_written_layout() {
    let board = NORMAL.parse("LRR L").unwrap();
    for player in Player::BOTH {
        for m in NORMAL.moves(&board, player) {
            let taken = NORMAL.taken(&board, &m.name, &m.to).unwrap();
            let e = board.names().parse(&m.name).unwrap();
            let fell = (0..board.written().edge_count())
                .filter(|&x| x != e && board.standing().contains(x) && !m.to.standing().contains(x))
                .count();
            assert_eq!(taken.with, fell, "{}", m.name);
            assert_eq!(taken.noun, "edge");
            assert_eq!(
                taken.piece,
                format!("{} edge", board.written().edges()[e].2.word())
            );
            // Every frame is drawn in the whole written position's box, with no words.
            let frame = NORMAL.frame_picture(&m.to).unwrap();
            let whole = super::super::draw::svg(&board.written().picture(), "", "");
            let view = |svg: &str| {
                svg.split("viewBox=\"")
                    .nth(1)?
                    .split('"')
                    .next()
                    .map(String::from)
            };
            assert_eq!(view(&frame), view(&whole), "{}", m.name);
            assert!(frame.contains("aria-hidden=\"true\"") && !frame.contains("<title>"));
        }
    }
    // Cutting the blue edge at the foot of `LRR` drops its two red edges.
    let foot = NORMAL
        .moves(&board, Player::Left)
        .into_iter()
        .find(|m| m.to.standing().count() == 1)
        .unwrap();
    assert_eq!(NORMAL.taken(&board, &foot.name, &foot.to).unwrap().with, 2);
}

/// A board of 5,000 edges (past the 1,000 a board in play once wrote every edge's name up front
/// for) is read as any position is, valued by the run's solvers, and its edges' names, written
/// when asked, read back as their edges; a board past the solver's 100,000 edges is an error at
/// the text that says so.
#[test]
fn large_boards_are_read_and_named_on_demand() {
    use crate::{AnyPosition, Solvers};
    // 2,500 stalks `LR`: 2,500 × 1/2.
    let text = vec!["LR"; 2_500].join(" ");
    let board = AnyPosition::parse(&NORMAL, &text).unwrap();
    assert_eq!(board.size(), 5_000);
    let mut games = Games::new();
    let mut solvers = Solvers::default();
    let value = board.value(&mut solvers, &mut games).unwrap();
    assert_eq!(games.display(value), "1250");
    let in_play = board.downcast::<Hackenbush>().unwrap();
    for e in [0, 1, 2_000, 4_999] {
        let name = in_play.names().name(e);
        assert_eq!(
            name,
            if e % 2 == 0 {
                format!("L[{}]", e / 2 + 1)
            } else {
                format!("LR[{}]", e / 2 + 1)
            }
        );
        assert_eq!(in_play.names().parse(&name), Ok(e));
    }
    // A stalk of 3,000 edges: deeper than a tree is built for, named by its letters all the same.
    let stalk = AnyPosition::parse(&NORMAL, &"L".repeat(3_000)).unwrap();
    let stalk = stalk.downcast::<Hackenbush>().unwrap();
    assert_eq!(stalk.names().name(2_999), "L".repeat(3_000));
    assert_eq!(stalk.names().parse(&"L".repeat(1_500)), Ok(1_499));
    let most = NORMAL.max_size();
    assert_eq!(most, super::Limits::default().max_edges);
    let e = AnyPosition::parse(&NORMAL, &vec!["L"; most + 1].join(" "))
        .err()
        .unwrap();
    assert_eq!(e.span.start, 0);
    assert!(
        e.message.contains(&format!("at most {most}")),
        "{}",
        e.message
    );
    assert!(e.message.contains("standing edges"), "{}", e.message);
}

/// The solver of every game starts on a Hackenbush board of up to the 100,000 edges Hackenbush's
/// own solver values (its shortcut checks itself), not only on the 10,000 of its default
/// budget: a stalk of 10,001 blue edges is worth 10,001. A game whose shortcut does not check
/// itself (Nim) keeps the budget's size.
#[test]
fn a_board_past_the_budget_s_size_is_valued_by_the_shortcut_that_checks_itself() {
    use crate::solve::Unsolved;
    use crate::{AnyPosition, Solvers};
    let mut games = Games::new();
    let mut solvers = Solvers::default();
    let size = solvers.limits.size;
    assert_eq!(size, 10_000);
    let stalk = AnyPosition::parse(&NORMAL, &"L".repeat(size + 1)).unwrap();
    let value = stalk.value(&mut solvers, &mut games);
    assert_eq!(value.map(|v| games.display(v)), Ok("10001".to_string()));
    let heap = AnyPosition::parse(&crate::nim::Nim, &format!("{}", size + 1)).unwrap();
    assert_eq!(
        heap.value(&mut solvers, &mut games),
        Err(Unsolved::TooLarge {
            size: size + 1,
            limit: size
        })
    );
}
