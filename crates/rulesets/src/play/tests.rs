use super::compact::{decode, encode, CompactError};
use super::*;
use crate::domineering::Domineering;
use crate::erased::DynRuleset;
use crate::nim::Nim;
use crate::toads_and_frogs::ToadsAndFrogs;
use crate::{Drawing, Keyed, Move, Ruleset};
use hackenbook_base::located::Located;

pub(crate) fn table(ruleset: &'static dyn DynRuleset, text: &str) -> (PlayTable, Solvers, Games) {
    let mut games = Games::new();
    let mut solvers = Solvers::default();
    let p = AnyPosition::parse(ruleset, text).unwrap();
    let t = PlayTable::build(&p, &PlayLimits::default(), &mut solvers, &mut games).unwrap();
    (t, solvers, games)
}

/// Every entry's value is the plain game tree's (no parts, no symmetry, no shortcut), every move
/// leads to the entry of the position the ruleset's move reaches, and each position is there
/// once.
#[test]
fn tables_agree_with_the_plain_game_tree() {
    let cases: [(&'static dyn DynRuleset, &str); 6] = [
        (&Domineering, "2x2"),
        (&Domineering, "2x3"),
        (&Domineering, "3x3"),
        (&ToadsAndFrogs, "TT..FF"),
        (&ToadsAndFrogs, "T.TF"),
        (&Nim, "1 2 3"),
    ];
    for (ruleset, text) in cases {
        let (t, mut solvers, mut games) = table(ruleset, text);
        assert_eq!(t.positions[0].position, text);
        assert_eq!(t.reached.len(), t.positions.len());
        for (i, entry) in t.positions.iter().enumerate() {
            let p = &t.reached[i];
            assert_eq!(entry.position, p.print());
            let plain = p.plain_value(&mut solvers, &mut games).unwrap();
            assert_eq!(t.games[entry.value], plain, "{text}: {}", entry.position);
            assert_eq!(entry.outcome, games.outcome(plain));
            for player in Player::BOTH {
                let moves = p.moves(player);
                assert_eq!(moves.len(), entry.moves(player).len());
                for ((name, to), m) in moves.iter().zip(entry.moves(player)) {
                    assert_eq!(*name, m.name);
                    assert!(t.reached[m.to] == *to, "{text}: {name}");
                    // Wins for the mover: the opponent, to move, loses what is reached.
                    let after = games.outcome(t.games[t.positions[m.to].value]);
                    assert_eq!(m.wins, after.winner(player.other()) == player);
                }
            }
            for (j, other) in t.reached.iter().enumerate().skip(i + 1) {
                assert!(other != p, "{text}: entries {i} and {j} are one position");
            }
        }
    }
}

/// Facts a reader derives by hand. On the 2×2 board (±1) whoever starts wins with any domino:
/// the other player then has no move. Left's vertical domino leaves one free column, where only
/// Left can play: worth 1. In a heap of 3 the only winning move of either player takes it all.
#[test]
fn winning_moves_are_the_ones_derived_by_hand() {
    let (t, _, mut games) = table(&Domineering, "2x2");
    let start = &t.positions[0];
    assert_eq!(start.outcome, OutcomeClass::FirstPlayer);
    for player in Player::BOTH {
        assert_eq!(start.moves(player).len(), 2);
        assert!(start.moves(player).iter().all(|m| m.wins), "{player}");
        for m in start.moves(player) {
            let after = &t.positions[m.to];
            assert!(after.moves(player.other()).is_empty());
            let one = games.integer(match player {
                Player::Left => 1,
                Player::Right => -1,
            });
            assert_eq!(t.games[after.value], one);
        }
    }
    // 2x2, its four boards with one column or one row covered (equal positions are one entry,
    // symmetric ones are not), and the board all covered by Left's two dominoes or by Right's
    // (positions remember who placed which domino, to draw them).
    assert_eq!(t.positions.len(), 7);

    let (t, _, _) = table(&Nim, "3");
    for player in Player::BOTH {
        let winning: Vec<&str> = t.winning(0, player).map(|m| m.name.as_str()).collect();
        assert_eq!(winning, ["3→0"], "{player}");
    }
}

#[test]
fn a_table_beyond_its_budget_is_refused_by_name() {
    let mut games = Games::new();
    let mut solvers = Solvers::default();
    let p = AnyPosition::parse(&Domineering, "3x3").unwrap();
    let e =
        PlayTable::build(&p, &PlayLimits { positions: 10 }, &mut solvers, &mut games).unwrap_err();
    assert_eq!(e, PlayError::TooManyPositions { limit: 10 });
    assert!(e.to_string().contains("more than 10 positions"), "{e}");
}

/// Nim whose shortcut says every heap is worth 0: the table's own options define another value
/// for a heap of one (`{0 | 0}` = ∗), and the table is refused.
#[derive(Clone, Debug)]
struct Lying;

impl Ruleset for Lying {
    type Position = <Nim as Ruleset>::Position;
    type Key = <Nim as Ruleset>::Key;
    fn name(&self) -> &'static str {
        "nim"
    }
    fn variant(&self) -> Option<&'static str> {
        Some("lying")
    }
    fn parse(&self, text: &str) -> Result<Self::Position, Located> {
        Nim.parse(text)
    }
    fn print(&self, p: &Self::Position) -> String {
        Nim.print(p)
    }
    fn size(&self, p: &Self::Position) -> usize {
        Nim.size(p)
    }
    fn size_unit(&self) -> &'static str {
        "counters"
    }
    fn moves(&self, p: &Self::Position, player: Player) -> Vec<Move<Self::Position>> {
        Nim.moves(p, player)
    }
    fn key(&self, p: &Self::Position) -> Keyed<Self::Key> {
        Nim.key(p)
    }
    fn fast_value(&self, _p: &Self::Position, games: &mut Games) -> Option<GameId> {
        Some(games.zero())
    }
    fn draw(&self, p: &Self::Position) -> Drawing {
        Nim.draw(p)
    }
}

#[test]
fn a_value_the_options_do_not_define_refuses_the_table() {
    let mut games = Games::new();
    let mut solvers = Solvers::default();
    let p = AnyPosition::parse(&Lying, "1").unwrap();
    match PlayTable::build(&p, &PlayLimits::default(), &mut solvers, &mut games) {
        Err(e @ PlayError::Disagree { .. }) => {
            assert!(e.to_string().contains("at 0 but its options"), "{e}")
        }
        other => panic!("{other:?}"),
    }
}

/// The page's view of a table, read back as the script reads it, is the table: each entry's
/// value, outcome, items shown (those of its position's drawing) and moves (name, mover, item
/// clicked, entry reached, whether it wins), for every game (Hackenbush's cases are beside its
/// ruleset, `hackenbush::ruleset::generic_table`, so that `play` does not use `hackenbush`).
#[test]
fn the_compact_table_reads_back_as_the_table() {
    for (ruleset, text) in [
        (&Domineering as &'static dyn DynRuleset, "2x3"),
        (&Domineering, "..#/.../#.."),
        (&ToadsAndFrogs, "TT.F.F"),
        (&crate::push::Pushing::Push, "L.RL"),
        (&crate::push::Pushing::Shove, "LR.L R"),
    ] {
        assert_page_reads_back(ruleset, text);
    }
}

/// The page's view of the table of `text`, read back as the script reads it, is the table.
pub(crate) fn assert_page_reads_back(ruleset: &'static dyn DynRuleset, text: &str) {
    let (t, _, _) = table(ruleset, text);
    let page = encode(&t).unwrap();
    let read = decode(&page).unwrap();
    assert_eq!(read.items, page.drawing.items.len());
    assert_eq!(read.entries.len(), t.positions.len());
    let ids: Vec<&str> = page.drawing.items.iter().map(|i| i.id.as_str()).collect();
    for (i, (entry, back)) in t.positions.iter().zip(&read.entries).enumerate() {
        assert_eq!(back.value, entry.value);
        assert_eq!(back.outcome, entry.outcome);
        let drawing = t.reached[i].draw();
        let mut shown: Vec<&str> = back.shown.iter().map(|&k| ids[k]).collect();
        let mut own: Vec<&str> = drawing.items.iter().map(|i| i.id.as_str()).collect();
        shown.sort_unstable();
        own.sort_unstable();
        assert_eq!(shown, own, "{text}: {}", entry.position);
        let mut expected: Vec<(Player, &str, usize, bool)> = Player::BOTH
            .iter()
            .flat_map(|&p| {
                entry
                    .moves(p)
                    .iter()
                    .map(move |m| (p, m.name.as_str(), m.to, m.wins))
            })
            .collect();
        let mut got: Vec<(Player, &str, usize, bool)> = back
            .moves
            .iter()
            .map(|m| (m.player, m.name.as_str(), m.to, m.wins))
            .collect();
        // The page lists moves by item, the table by the ruleset's order.
        let order = |m: &(Player, &str, usize, bool)| (m.0.index(), m.1.to_string(), m.2);
        expected.sort_by_key(order);
        got.sort_by_key(order);
        assert_eq!(got, expected, "{text}: {}", entry.position);
        for m in &back.moves {
            let item = drawing.items.iter().find(|x| x.id == ids[m.item]).unwrap();
            assert!(item.moves.contains(&(m.player, m.name.clone())));
        }
    }
    let first = t.reached[0].draw();
    for (item, &on) in page.drawing.items.iter().zip(&page.shown) {
        assert_eq!(
            on,
            first.items.iter().any(|x| x.id == item.id),
            "{}",
            item.id
        );
    }
}

/// Each id once in the page's drawing, each drawing's items in its own back-to-front order.
#[test]
fn the_page_drawing_is_every_item_once_in_order() {
    let (t, _, _) = table(&Domineering, "2x3");
    let page = encode(&t).unwrap();
    let ids: Vec<&str> = page.drawing.items.iter().map(|i| i.id.as_str()).collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len());
    for p in &t.reached {
        let own: Vec<usize> = p
            .draw()
            .items
            .iter()
            .map(|i| ids.iter().position(|x| *x == i.id).unwrap())
            .collect();
        assert!(own.windows(2).all(|w| w[0] < w[1]), "{}", p.print());
    }
    // a1 is free, then under a domino; never blocked, since every square of 2x3 starts free.
    assert!(ids.contains(&"placed-a1-a2") && ids.contains(&"square-a1"));
    assert!(!ids.contains(&"blocked-a1"));
    assert!(page.drawing.items.iter().all(|i| i.moves.is_empty()));
}

/// In play, the domino a move places stays on the board as that player's domino: the entry a
/// move reaches shows the item of the placed domino (in the mover's colour) and no blocked
/// square; the position played shows none. Two entries with the same squares covered by
/// different players' dominoes are two entries, drawn differently.
#[test]
fn a_domino_placed_in_play_shows_as_a_domino() {
    let (t, _, _) = table(&Domineering, "2x2");
    let page = encode(&t).unwrap();
    let read = decode(&page).unwrap();
    let ids: Vec<&str> = page.drawing.items.iter().map(|i| i.id.as_str()).collect();
    let shown =
        |entry: usize| -> Vec<&str> { read.entries[entry].shown.iter().map(|&k| ids[k]).collect() };
    assert!(!shown(0)
        .iter()
        .any(|id| id.starts_with("placed-") || id.starts_with("blocked-")));
    for (player, name, class) in [
        (Player::Left, "a1-a2", "hb-placed hb-left"),
        (Player::Right, "a1-b1", "hb-placed hb-right"),
    ] {
        let m = t.positions[0]
            .moves(player)
            .iter()
            .find(|m| m.name == name)
            .unwrap();
        let after = shown(m.to);
        let placed = format!("placed-{name}");
        assert!(after.contains(&placed.as_str()), "{name}: {after:?}");
        assert!(
            !after.iter().any(|id| id.starts_with("blocked-")),
            "{after:?}"
        );
        let item = page.drawing.items.iter().find(|i| i.id == placed).unwrap();
        assert!(item.svg.contains(class), "{}", item.svg);
    }
    // Both columns filled by Left, both rows by Right: every square covered either way.
    let full: Vec<&TableEntry> = t
        .positions
        .iter()
        .filter(|e| e.position == "LL/LL" || e.position == "RR/RR")
        .collect();
    assert_eq!(
        full.len(),
        2,
        "{:?}",
        t.positions.iter().map(|e| &e.position).collect::<Vec<_>>()
    );
}

/// An id that draws differently in two positions (a heap's counters move down as the tallest
/// heap shrinks) refuses the page's table, naming the item.
#[test]
fn an_item_that_changes_refuses_the_page_table() {
    let (t, _, _) = table(&Nim, "2 3");
    match encode(&t) {
        Err(e @ CompactError::ItemChanges { .. }) => {
            assert!(e.to_string().contains("drawn differently"), "{e}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn names_are_escaped_and_read_back() {
    for name in ["a1-a2", "3→4", "x,y;z|w%2C", "a:b>c<", ""] {
        assert_eq!(
            super::compact::unescape_name(&super::compact::escape_name(name)),
            name
        );
    }
}

/// A page of `text` over a drawing of items with these words, `shown` before play.
fn page_of(text: &str, labels: &[&str], shown: &[bool]) -> super::compact::PagePlayable {
    super::compact::PagePlayable {
        text: text.to_string(),
        drawing: Drawing {
            items: labels
                .iter()
                .map(|l| crate::draw::Item {
                    label: l.to_string(),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        },
        shown: shown.to_vec(),
    }
}

/// Bad text is refused with a reason, never a panic; each case one step from a good one.
#[test]
fn bad_page_tables_are_refused() {
    let read = |text: &str| decode(&page_of(text, &["x", "y", "the edge z"], &[true; 3]));
    assert!(read("g3;;P;;1;").is_ok());
    assert!(read("g2;;P;;1;").is_err(), "an unknown version");
    assert!(read("g3;;P;;1").is_err(), "five fields");
    assert!(read("g3;;P;0.L:a<;1;A").is_ok());
    assert!(read("g3;;P;0.L:a<;3;A").is_err(), "bits end early");
    assert!(read("g3;;P;3.L:a;1;A").is_err(), "an item out of range");
    assert!(
        read("g3;;P;2.LL;1;A").is_err(),
        "a group past the last item"
    );
    assert!(
        read("g3;;P;zzzzzzzzzzzzzz.LL;1;A").is_err(),
        "an item far out of range"
    );
    assert!(read("g3;3;P;;1;A").is_err(), "an item out of range");
    assert!(read("g3;;P;X:a;1;A").is_err(), "a bad mover");
    assert!(read("g3;;P;LR:a;1;A").is_err(), "names after two codes");
    assert!(read("g3;;P;.L;1;A").is_err(), "no item before the dot");
    // Named by the item's words: the last word of `the edge z`; `x` alone is a word too.
    let named = decode(&page_of(
        "g3;;P;2.L;2;A",
        &["x", "", "the edge z"],
        &[false, false, true],
    ))
    .unwrap();
    assert_eq!(named.entries[0].moves[0].name, "z");
    assert_eq!(
        named.entries[0].moves[0].to, 1,
        "found: entry 1, showing nothing"
    );
    // No item written: the first group starts at the first item with words.
    let unwritten = decode(&page_of(
        "g3;;P;L;2;A",
        &["", "", "the edge z"],
        &[false, false, true],
    ));
    assert_eq!(unwritten.unwrap(), named);
    assert!(
        decode(&page_of(
            "g3;;P;1.L;2;A",
            &["x", "", "z"],
            &[false, true, false]
        ))
        .is_err(),
        "a slot named by words its item has not"
    );
    assert!(
        decode(&page_of("g3;;P;;1;", &["x"], &[true, true])).is_err(),
        "more items shown than drawn"
    );
    // No count: entry 0, then as many entries as the bits hold, each six bits or more.
    assert_eq!(read("g3;;P;;;").unwrap().entries.len(), 1);
    assert!(
        read("g3;;P;0.L:a<;;A").is_err(),
        "an entry reached written, no count"
    );
    assert!(
        read("g3;;P;;;AA").is_err(),
        "entries of three bits, no count"
    );
    let six = |text: &str| decode(&page_of(text, &["", "", "", "", "", ""], &[true; 6]));
    assert_eq!(six("g3;;P;;;AA").unwrap().entries.len(), 3);
    assert_eq!(six("g3;;P;;;AAA").unwrap().entries.len(), 4);
    // A run: items 2 and 3 each shown with its own of items 0 and 1.
    let four = |text: &str| {
        decode(&page_of(
            text,
            &["", "", "", ""],
            &[true, false, true, false],
        ))
    };
    let run = four("g3;2=0*2;P;;2;C").unwrap();
    assert_eq!(run.entries[0].shown, [0, 2]);
    assert_eq!(run.entries[1].shown, [1, 3]);
    assert!(four("g3;2=0*3;P;;2;C").is_err(), "a run past the last item");
    assert!(
        four("g3;2=0*zzzzzzzzzzzz;P;;2;C").is_err(),
        "a run longer than the drawing"
    );
    assert!(
        four("g3;zzzzzzzzzzzz=0*2;P;;2;C").is_err(),
        "a run far out of range"
    );
    // Entry 0 shows what the drawing shows: here item 0 alone, and a move there reaches entry 1.
    let one = |shown: bool, text: &str| decode(&page_of(text, &["x"], &[shown]));
    let first = one(true, "g3;;P;0.L:a<;3;B").unwrap();
    assert_eq!(first.entries[0].shown, [0]);
    assert_eq!(first.entries[0].moves[0].to, 1);
    assert!(
        one(true, "g3;;P;0.L:a<;3;D").is_err(),
        "an entry out of range"
    );
    assert!(
        one(true, "g3;;P;0.L:a;1;").is_err(),
        "no entry within what stood"
    );
    assert!(one(false, "g3;;P;0.L:a;1;").unwrap().entries[0]
        .moves
        .is_empty());
}

pub(crate) fn base36(n: usize) -> String {
    let digits = "0123456789abcdefghijklmnopqrstuvwxyz".as_bytes();
    let mut out = vec![digits[n % 36]];
    let mut n = n / 36;
    while n > 0 {
        out.insert(0, digits[n % 36]);
        n /= 36;
    }
    String::from_utf8(out).unwrap()
}
