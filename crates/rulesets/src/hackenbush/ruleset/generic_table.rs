//! The generic play table (`crate::play`) on Hackenbush positions: held against Hackenbush's own
//! moves and their plain game tree, read back as the page reads it, and writing only what the
//! page cannot work out. Here rather than in `play`'s own tests, since `play` must not use
//! `hackenbush`.

use super::tests::random_position;
use super::{Hackenbush, InPlay, CHILDISH, NORMAL};
use crate::hackenbush::moves::{legal_moves, may_chop};
use crate::hackenbush::{Position, Rules};
use crate::play::compact::encode;
use crate::play::tests::{assert_page_reads_back, base36, table};
use crate::Ruleset;
use hackenbook_games::sample::Rng;
use hackenbook_games::{GameId, Games, Player};
use std::collections::HashMap;

/// Stalks, trees, a cycle, a loop and greens, under both rules.
#[test]
fn the_compact_table_reads_back_as_the_table() {
    for (ruleset, text) in [
        (&NORMAL, "LR"),
        (&NORMAL, "L(L RL) RG G"),
        (&NORMAL, "g-a L, a-b R, b-g G, a-a R, b-c L"),
        (&CHILDISH, "LRG L(GR)"),
        (&CHILDISH, "g-a G, a-b G, b-g G"),
    ] {
        assert_page_reads_back(ruleset, text);
    }
}

/// What the page works out is not written: on `LRRL`, a green stalk and `LRRL` under the normal
/// rules, each node is shown exactly when the edge under it is, and the ground and its hatching
/// in every entry; every standing edge is a move for each player
/// who may cut it, named by its words ("the blue edge LR"), and the entry each cut reaches is found
/// by the page: the slots are one letter an edge, its colour's. Under the childish rules a cut
/// that would drop edges is no move, so a bit says whether each edge but the top one is (one
/// bit for both players on a green edge).
#[test]
fn hackenbush_tables_write_only_what_the_page_cannot_work_out() {
    let (t, _, _) = table(&NORMAL, "LRRL GGGG LRRL");
    let page = encode(&t).unwrap();
    let fields: Vec<&str> = page.text.split(';').collect();
    let ids: Vec<&str> = page.drawing.items.iter().map(|i| i.id.as_str()).collect();
    // The hatching and the ground in every entry; each node with the edge under it, in a run.
    let at = |id: &str| base36(ids.iter().position(|&x| x == id).unwrap());
    let first_node = ids.iter().position(|x| x.starts_with("node-")).unwrap();
    assert!(
        ids[first_node..].iter().all(|x| x.starts_with("node-")),
        "{ids:?}"
    );
    let run = format!("{}={}*{}", base36(first_node), at("edge-0"), base36(12));
    assert_eq!(
        fields[1],
        format!("{},{},{run}", at("hatching"), at("ground"))
    );
    assert_eq!(fields[3], "LRRLBBBBLRRL");
    let (t, _, _) = table(&CHILDISH, "LRRL");
    let page = encode(&t).unwrap();
    assert_eq!(page.text.split(';').nth(3).unwrap(), "lrrL");
    // A green edge is cut by both players or by neither: one bit says which (`b`).
    let (t, _, _) = table(&CHILDISH, "GG");
    let page = encode(&t).unwrap();
    assert_eq!(page.text.split(';').nth(3).unwrap(), "bB");
}

/// The value of `p` under `rules` by the plain game tree of Hackenbush's own moves
/// ([`legal_moves`] and [`Position::without_edge`], not the ruleset's cuts), remembered by the
/// edges standing.
fn tree_value(
    p: &Position,
    rules: Rules,
    memo: &mut HashMap<String, GameId>,
    games: &mut Games,
) -> GameId {
    let key = format!("{:?}", p.edges());
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for player in Player::BOTH {
        for e in legal_moves(p, rules, player) {
            let option = tree_value(&p.without_edge(e), rules, memo, games);
            sides[player.index()].push(option);
        }
    }
    let v = games.from_options(&sides[0], &sides[1]);
    memo.insert(key, v);
    v
}

/// The generic table of random Hackenbush positions (trees, cycles, loops, green edges, under
/// both rules) against Hackenbush's own moves and the plain game tree built from them: every
/// entry's value is the tree's; each player's moves are exactly the legal cuts, each named by
/// its edge, reaching the entry where what stood less the cut edge and what fell with it
/// stands, and winning exactly when the mover wins the tree's value of what is left; and the
/// page reads each table back.
#[test]
fn tables_agree_with_the_legal_cuts_and_the_plain_game_tree() {
    let mut rng = Rng::new(23);
    let mut held_back = 0;
    for round in 0..160 {
        let rules = if round % 2 == 0 {
            Rules::Normal
        } else {
            Rules::Childish
        };
        let ruleset = Hackenbush::of(rules);
        let text = ruleset.print(&InPlay::new(&random_position(&mut rng, 7)));
        let (t, _, mut games) = table(ruleset, &text);
        let mut memo = HashMap::new();
        for (i, entry) in t.positions.iter().enumerate() {
            let board = t.reached[i].downcast::<Hackenbush>().unwrap();
            let here = board.position();
            // Edge `k` of `here` is the `k`-th edge standing of the position as written.
            let written: Vec<usize> = board.standing().iter().collect();
            let value = tree_value(&here, rules, &mut memo, &mut games);
            assert_eq!(t.games[entry.value], value, "{text}: {}", entry.position);
            assert_eq!(entry.outcome, games.outcome(value));
            for player in Player::BOTH {
                let legal = legal_moves(&here, rules, player);
                let listed = entry.moves(player);
                assert_eq!(listed.len(), legal.len(), "{text}: {}", entry.position);
                let colour_may = (0..here.edge_count())
                    .filter(|&k| may_chop(here.edges()[k].2, player))
                    .count();
                held_back += colour_may - legal.len();
                for k in legal {
                    let e = written[k];
                    let name = board.names().name(e);
                    let m = listed.iter().find(|m| m.name == name).unwrap_or_else(|| {
                        panic!("{text}: {}: {player} may cut {name}", entry.position)
                    });
                    let reached = t.reached[m.to].downcast::<Hackenbush>().unwrap();
                    let stood = board
                        .written()
                        .standing(|x| x != e && board.standing().contains(x));
                    assert_eq!(reached.flags(), stood, "{text}: {}, {name}", entry.position);
                    let option = here.without_edge(k);
                    assert_eq!(reached.position().edge_count(), option.edge_count());
                    let left = tree_value(&option, rules, &mut memo, &mut games);
                    let wins = games.outcome(left).winner(player.other()) == player;
                    assert_eq!(m.wins, wins, "{text}: {}, {name}", entry.position);
                }
            }
        }
        assert_page_reads_back(ruleset, &text);
    }
    // The childish rules held some cuts back.
    assert!(held_back > 0);
}
