//! Toads and Frogs: Left's toads move right, Right's frogs move left, one square into an empty
//! square or jumping exactly one piece of the other kind into the empty square behind it.
//!
//! The one idea: a strip falls apart at the pieces that can never move again. Written as strips
//! of `T` (a toad), `F` (a frog) and `.` (an empty square; `□` and `_` too), several strips
//! separated by blanks (their sum): `TT..FF`, `T.F T.F`. Squares are numbered 1, 2, 3… from the
//! left across all strips, and a move is named by the square its piece leaves and the square it
//! reaches: `3→4` (a toad steps), `3→5` (a toad jumps the frog on 4), `6→5`, `6→4` (a frog steps
//! or jumps); `->` may be typed for `→`. A piece has at most one move (a step needs the square
//! ahead empty, a jump needs it occupied), so the piece itself is the move's target in the
//! drawing.
//!
//! **Parts.** A piece is *stuck for good* when everything it could move into or over is stuck
//! for good or is the end of its strip: a toad whose next square is stuck for good and, when
//! that square holds a frog, whose square after it is too (or either is past the end); a frog
//! likewise to its left. The largest set of pieces with that property (found by striking out,
//! until none is left to strike, every piece one of whose ways out is not in the set) never
//! moves in any play, by induction on the moves: a step or a jump lands on an empty square, and
//! every square of the set stays occupied. No piece jumps over one either: the jumper would be
//! its neighbour, which is in the set too. So its squares are walls: the strip splits there and
//! they are dropped (Erickson's dead pieces — runs from `TT` or the left end to `FF` or the right
//! end — are among them). A run between walls splits once more when every frog in it is left of
//! every toad: nothing crosses between the frogs and the toads, and each side is one player's
//! alone. Runs where nobody can move are dropped. The plain game tree checks all of this on
//! every strip of up to 8 squares in the tests.
//!
//! **Key.** A position is filed under its strips, sorted (the solver files parts, which are
//! reduced already); turning the whole board round and exchanging toads and frogs is a position
//! of the opposite value (Left's moves become Right's), so the smaller of the two readings is the
//! key, negated when it is the turned one.
//!
//! **Shortcut.** When no strip has both toads and frogs, nobody can ever block or jump anyone:
//! every toad move fills the square ahead and leaves one behind, so Left makes exactly as many
//! moves as there are empty squares to the right of her toads, counted toad by toad, whatever
//! she does; likewise Right. The value is the difference.

use super::strip::{self, Letters, Square, Strips};
use super::{Declared, Drawing, Item, Keyed, Level, Move, Ruleset};
use hackenbook_base::located::Located;
use hackenbook_games::{GameId, Games, Player};

/// The rules of Toads and Frogs (no variants).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToadsAndFrogs;

/// How Toads and Frogs is written.
pub const LETTERS: Letters = Letters {
    left: 'T',
    right: 'F',
    left_one: "a toad",
    left_many: "toads",
    right_one: "a frog",
    right_many: "frogs",
    example: "TT..FF",
};

/// Where the piece on square `i` of `strip` may move, if anywhere: a step or a jump ahead.
fn target(strip: &[Square], i: usize) -> Option<usize> {
    let at = |j: Option<usize>| j.and_then(|j| strip.get(j).copied());
    let (ahead, beyond, other) = match strip[i] {
        Square::Empty => return None,
        Square::Left => (i.checked_add(1), i.checked_add(2), Square::Right),
        Square::Right => (i.checked_sub(1), i.checked_sub(2), Square::Left),
    };
    match at(ahead) {
        Some(Square::Empty) => ahead,
        Some(s) if s == other && at(beyond) == Some(Square::Empty) => beyond,
        _ => None,
    }
}

/// Which squares hold a piece stuck for good (see the module's doc).
fn stuck_for_good(strip: &[Square]) -> Vec<bool> {
    let n = strip.len();
    let mut stuck: Vec<bool> = strip.iter().map(|&s| s != Square::Empty).collect();
    // Whether square `j` (as an offset that may fall off either end) is a wall.
    let wall = |stuck: &[bool], j: Option<usize>| j.is_none_or(|j| j >= n || stuck[j]);
    let holds = |stuck: &[bool], i: usize| -> bool {
        let (ahead, beyond, other) = match strip[i] {
            Square::Empty => return false,
            Square::Left => (i.checked_add(1), i.checked_add(2), Square::Right),
            Square::Right => (i.checked_sub(1), i.checked_sub(2), Square::Left),
        };
        let jumpable = ahead.is_some_and(|a| a < n && strip[a] == other);
        wall(stuck, ahead) && (!jumpable || wall(stuck, beyond))
    };
    let mut work: Vec<usize> = (0..n).collect();
    while let Some(i) = work.pop() {
        if stuck[i] && !holds(&stuck, i) {
            stuck[i] = false;
            // Only a piece within two squares can have relied on this one.
            let near = i.saturating_sub(2)..(i + 3).min(n);
            work.extend(near.filter(|&j| stuck[j]));
        }
    }
    stuck
}

/// Whether anyone can move in `strip`.
fn anyone_moves(strip: &[Square]) -> bool {
    (0..strip.len()).any(|i| target(strip, i).is_some())
}

/// The independent parts of one strip (see the module's doc).
fn parts_of(strip: &[Square], out: &mut Vec<Vec<Square>>) {
    let stuck = stuck_for_good(strip);
    let mut start = 0;
    for end in 0..=strip.len() {
        if end < strip.len() && !stuck[end] {
            continue;
        }
        let run = &strip[start..end];
        start = end + 1;
        let first_toad = run.iter().position(|&s| s == Square::Left);
        let last_frog = run.iter().rposition(|&s| s == Square::Right);
        let sides = match (last_frog, first_toad) {
            (Some(f), Some(t)) if f < t => vec![&run[..=f], &run[t..]],
            _ => vec![run],
        };
        out.extend(
            sides
                .into_iter()
                .filter(|side| anyone_moves(side))
                .map(<[Square]>::to_vec),
        );
    }
}

/// The parts of a position, each one strip.
fn parts(p: &Strips) -> Vec<Vec<Square>> {
    let mut out = Vec::new();
    for strip in p {
        parts_of(strip, &mut out);
    }
    out
}

/// The strip turned round with toads and frogs exchanged: the negative.
fn turned(strip: &[Square]) -> Vec<Square> {
    strip.iter().rev().map(|s| s.swapped()).collect()
}

/// The moves one player has in a one-sided strip, whatever order they are made in.
fn one_sided_moves(strip: &[Square]) -> i64 {
    let mut empty_ahead = 0i64;
    let mut moves = 0i64;
    // Toads count the empty squares to their right; frogs, read from the other end, to their left.
    let (order, piece): (Box<dyn Iterator<Item = &Square>>, Square) =
        if strip.contains(&Square::Left) {
            (Box::new(strip.iter().rev()), Square::Left)
        } else {
            (Box::new(strip.iter()), Square::Right)
        };
    for &s in order {
        if s == Square::Empty {
            empty_ahead += 1;
        } else if s == piece {
            moves += empty_ahead;
        }
    }
    moves
}

impl Ruleset for ToadsAndFrogs {
    type Position = Strips;
    type Key = Vec<Vec<Square>>;

    fn name(&self) -> &'static str {
        "toads-and-frogs"
    }

    fn players(&self) -> Option<&'static str> {
        Some("Left's toads move right, Right's frogs left")
    }

    fn parse(&self, text: &str) -> Result<Strips, Located> {
        strip::parse(text, &LETTERS)
    }

    fn print(&self, p: &Strips) -> String {
        strip::print(p, &LETTERS)
    }

    fn size(&self, p: &Strips) -> usize {
        strip::square_count(p)
    }

    /// The squares a position may have in all ([`strip::MAX_SQUARES`]).
    fn max_size(&self) -> usize {
        strip::MAX_SQUARES
    }

    fn size_unit(&self) -> &'static str {
        "squares"
    }

    fn moves(&self, p: &Strips, player: Player) -> Vec<Move<Strips>> {
        strip::moves(p, player, |strip, i| {
            let j = target(strip, i)?;
            let mut after = strip.to_vec();
            after.swap(i, j);
            Some((after, Some(j)))
        })
    }

    fn components(&self, p: &Strips) -> Vec<Strips> {
        parts(p).into_iter().map(|part| vec![part]).collect()
    }

    fn key(&self, p: &Strips) -> Keyed<Vec<Vec<Square>>> {
        // The solver keys parts, which `components` has reduced already.
        strip::keyed(p.clone(), turned)
    }

    fn fast_value(&self, p: &Strips, games: &mut Games) -> Option<GameId> {
        // The solver asks about parts, which `components` has split already.
        let mut total = 0i64;
        for strip in p {
            let toads = strip.contains(&Square::Left);
            let frogs = strip.contains(&Square::Right);
            match (toads, frogs) {
                (true, true) => return None,
                (true, false) => total += one_sided_moves(strip),
                (false, true) => total -= one_sided_moves(strip),
                (false, false) => {}
            }
        }
        Some(games.integer(total))
    }

    fn census_families(&self) -> &'static [Declared] {
        &[strip::STRIPS]
    }

    fn census_members(&self, family: usize, level: Level) -> Vec<Strips> {
        match family {
            0 => strip::census_strips(level),
            _ => Vec::new(),
        }
    }

    fn draw(&self, p: &Strips) -> Drawing {
        let moves = Player::BOTH.map(|who| self.moves(p, who));
        strip::draw(p, &LETTERS, |at| {
            // A toad is a triangle pointing right, the way it moves; a frog left.
            let Some(owner) = at.square.owner() else {
                return Vec::new();
            };
            let (name, points) = match owner {
                Player::Left => ("toad", [(0.25f32, 0.25f32), (0.75, 0.5), (0.25, 0.75)]),
                Player::Right => ("frog", [(0.75, 0.25), (0.25, 0.5), (0.75, 0.75)]),
            };
            let points: Vec<String> = points
                .iter()
                .map(|(dx, dy)| format!("{},{dy}", at.x + dx))
                .collect();
            vec![Item {
                piece: None,
                id: format!("{name}-{}", at.number),
                svg: format!(
                    "<polygon class=\"hb-{name}\" points=\"{}\"/>",
                    points.join(" ")
                ),
                moves: strip::targets(&moves[owner.index()], owner, at.number),
                label: format!("the {name} on square {}", at.number),
            }]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strip::all_strips;
    use crate::yardstick::{agree_with_plain, plain_value, reads_back, targets_are_the_moves};
    use crate::Solver;
    use hackenbook_games::clock::Running;

    fn strips(text: &str) -> Strips {
        reads_back(&ToadsAndFrogs, text)
    }

    /// The value of `text` by the plain game tree.
    fn plain(text: &str, games: &mut Games) -> GameId {
        plain_value(&ToadsAndFrogs, &strips(text), games)
    }

    /// The solver with its parts, key and shortcut (held against the plain game tree in
    /// `the_solver_agrees_with_the_plain_game_tree`), and a games table: for the longer strips.
    struct Values {
        solver: Solver<ToadsAndFrogs>,
        games: Games,
    }

    impl Values {
        fn new() -> Values {
            Values {
                solver: Solver::new(ToadsAndFrogs),
                games: Games::new(),
            }
        }

        fn of(&mut self, text: &str) -> GameId {
            self.solver
                .value(&strips(text), &mut self.games, &Running::default())
                .unwrap()
        }
    }

    fn names(text: &str, player: Player) -> Vec<String> {
        ToadsAndFrogs
            .moves(&strips(text), player)
            .into_iter()
            .map(|m| m.name)
            .collect()
    }

    #[test]
    fn notation_reads_back_and_refuses_what_is_not_a_square() {
        assert_eq!(ToadsAndFrogs.print(&strips("TT□□FF")), "TT..FF");
        assert_eq!(ToadsAndFrogs.print(&strips("t_f  \r\nT.F")), "T.F T.F");
        let e = ToadsAndFrogs.parse("TT..GF").unwrap_err();
        assert_eq!(e.span, 4..5);
        assert!(
            e.message.contains("T for a toad, F for a frog"),
            "{}",
            e.message
        );
        assert!(ToadsAndFrogs.parse("").is_err());
    }

    #[test]
    fn toads_step_and_jump_right_frogs_left() {
        assert_eq!(names("T.F", Player::Left), ["1→2"]);
        assert_eq!(names("T.F", Player::Right), ["3→2"]);
        assert_eq!(names("TF.", Player::Left), ["1→3"]);
        assert_eq!(names(".TF", Player::Right), ["3→1"]);
        // Two pieces to jump is one too many; a toad never jumps a toad.
        assert!(names("TFF.", Player::Left).is_empty());
        assert!(names("TT.", Player::Left) == ["2→3"]);
        // Squares are numbered across strips, and a strip's end is a wall.
        assert_eq!(names("T. T.", Player::Left), ["1→2", "3→4"]);
        assert!(names("T .F", Player::Left).is_empty());
        let m = ToadsAndFrogs
            .find_move(&strips("TF."), Player::Left, "1 -> 3")
            .unwrap();
        assert_eq!(ToadsAndFrogs.print(&m.to), ".FT");
        let e = ToadsAndFrogs
            .find_move(&strips("T.F"), Player::Left, "1→3")
            .unwrap_err();
        assert!(e.contains("1→2"), "{e}");
    }

    /// Erickson's own program's help text (jeffe.cs.illinois.edu/pubs/misc/HELP_TOADS: "|t f|
    /// returns *", "| tf| = 0", "|ft | = 1", "|t tf| = 1/2"), and the examples the post "II.8:
    /// Arrows" (combinatorialgames.wordpress.com, 2013) takes from Winning Ways: TFTF□ = 0,
    /// TF□TF = 0, TFT□F = ∗, T□TFF = {0 | ∗} = ↑. (Winning Ways itself was not consulted.)
    #[test]
    fn the_small_values_in_the_literature() {
        let mut games = Games::new();
        for (position, expected) in [
            ("T.F", "*"),
            (".TF", "0"),
            ("FT.", "1"),
            ("T.TF", "1/2"),
            ("T.TFF", "^"),
            ("TFT.F", "*"),
            ("TF.TF", "0"),
            ("TFTF.", "0"),
        ] {
            let v = plain(position, &mut games);
            let want = games.eval_str(expected).unwrap();
            assert_eq!(v, want, "{position} = {}", games.display(v));
        }
    }

    /// Erickson's conjectures as Thanatipanonda lists them ("Further Hopping with Toads and
    /// Frogs", Electron. J. Combin., published 24 March 2011, §1; arXiv:0804.0640): E2, Tᵃ□□□FF =
    /// {a−2 | a−2} for all a ≥ 2, and E3, Tᵃ□□□FFF = a − 7/2 for all a ≥ 5. (The text copies of
    /// the paper drop the boxes; its abstract names the families Tᵃ□□□FFF and Tᵃ□□□Fᵇ, and the
    /// game tree bears the three boxes out: Tᵃ□□FF is not {a−2 | a−2}, below.)
    #[test]
    fn ericksons_families_with_three_empty_squares() {
        let mut values = Values::new();
        let full = |a: usize, gaps: usize, frogs: usize| {
            format!("{}{}{}", "T".repeat(a), ".".repeat(gaps), "F".repeat(frogs))
        };
        for a in 2..=6i64 {
            let v = values.of(&full(a as usize, 3, 2));
            let n = values.games.integer(a - 2);
            let want = values.games.from_options(&[n], &[n]);
            assert_eq!(v, want, "a = {a}: {}", values.games.display(v));
            // With two empty squares the family is something else (from three toads on: TT□□FF
            // is ∗ too).
            if a >= 3 {
                let two = values.of(&full(a as usize, 2, 2));
                assert_ne!(two, want, "a = {a}");
            }
        }
        for a in 5..=7i64 {
            let v = values.of(&full(a as usize, 3, 3));
            let want = values.games.eval_str(&format!("{a} - 7/2")).unwrap();
            assert_eq!(v, want, "a = {a}: {}", values.games.display(v));
        }
    }

    /// Erickson's E1 as Thanatipanonda lists it (same place): Tᵃ□□Fᵇ = {{a−3 | a−b} | {∗ | 3−b}}
    /// for all a > b ≥ 2.
    #[test]
    fn ericksons_family_with_two_empty_squares() {
        let mut values = Values::new();
        for b in 2..=3usize {
            for a in b + 1..=6 {
                let text = format!("{}..{}", "T".repeat(a), "F".repeat(b));
                let v = values.of(&text);
                let (a, b) = (a as i64, b as i64);
                let want = values
                    .games
                    .eval_str(&format!(
                        "{{{{{} | {}}} | {{* | {}}}}}",
                        a - 3,
                        a - b,
                        3 - b
                    ))
                    .unwrap();
                assert_eq!(v, want, "{text} = {}", values.games.display(v));
            }
        }
    }

    /// CGSuite's test suite (lib/core/src/test/scala/org/cgsuite/lang/GameStripTest.scala):
    /// `ToadsAndFrogs("ttttt..fffff").CanonicalForm` is
    /// `+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}`.
    /// Written out here: `+-{A,B}` = {A, B | −A, −B} (CGSuite's EvalTest: "Multiple switch"),
    /// `v<2>` = ↓² = −{0 | ↓∗} = {↑∗ | 0} (CGSuite's `Pow`, CanonicalShortGame.scala), and
    /// `Miny(1/32)` = {1/32 | 0 || 0} (CanonicalStopper.cgs).
    #[test]
    fn five_toads_and_five_frogs_as_cgsuite_gives_them() {
        let mut values = Values::new();
        let v = values.of("TTTTT..FFFFF");
        let games = &mut values.games;
        let down2 = "{^* | 0}";
        let miny = "{1/32 | 0 || 0}";
        let a = games.eval_str("{2 | *}").unwrap();
        let b = games
            .eval_str(&format!(
                "{{5/2 || 2 | {{0 |||| {{0 || {down2} | -1}}, {{0 |||| 0 || {miny} | -2 ||| \
                 -1/2*}} ||| {down2} | -1/2 || -1*}} ||| 0}}"
            ))
            .unwrap();
        let (na, nb) = (games.neg(a), games.neg(b));
        let want = games.from_options(&[a, b], &[na, nb]);
        assert_eq!(v, want, "{}", games.display(v));
    }

    /// Every strip of up to 8 squares, and every pair of strips of up to 3 squares each: parts,
    /// key and shortcut against the plain game tree.
    #[test]
    fn the_solver_agrees_with_the_plain_game_tree() {
        let mut games = Games::new();
        let mut positions: Vec<Strips> = (1..=8).flat_map(all_strips).map(|s| vec![s]).collect();
        for a in (1..=3).flat_map(all_strips) {
            for b in (1..=3).flat_map(all_strips) {
                positions.push(vec![a.clone(), b]);
            }
        }
        let values = agree_with_plain(&ToadsAndFrogs, &positions, &mut games);
        // The strips are not all numbers: the test covers hot and infinitesimal parts too.
        assert!(values.iter().any(|&v| !games.is_number(v)));
    }

    #[test]
    fn pieces_stuck_for_good_are_walls() {
        let parts = |text: &str| -> Vec<String> {
            ToadsAndFrogs
                .components(&strips(text))
                .iter()
                .map(|p| ToadsAndFrogs.print(p))
                .collect()
        };
        // Erickson's dead run TTFF splits the strip and goes.
        assert_eq!(parts("T.TTFF.F"), ["T.", ".F"]);
        // A toad at the right end and a frog at the left end never move.
        assert_eq!(parts("F.TF.T"), [".TF."]);
        // TF can still jump: no split.
        assert_eq!(parts("T.TF.F"), ["T.TF.F"]);
        // Frogs all left of toads: two one-sided parts, the empty middle dropped.
        assert_eq!(parts("..F...T.."), ["..F", "T.."]);
        // Nobody can move: no parts.
        assert!(parts("FT TTFF").is_empty());
        // Erickson's dead runs: from TT or the left end to FF or the right end.
        assert!(parts(".TTFTFF.").is_empty());
        assert_eq!(parts("FTFF.T.F"), [".T.F"]);
        assert_eq!(parts("T.TTF"), ["T."]);
        let mut games = Games::new();
        let v = ToadsAndFrogs
            .fast_value(&strips("..F T.. T.T."), &mut games)
            .unwrap();
        assert_eq!(v, games.integer(2 + 3 - 2));
        assert!(ToadsAndFrogs
            .fast_value(&strips("T.F"), &mut games)
            .is_none());
    }

    #[test]
    fn turning_the_board_round_negates() {
        let k = ToadsAndFrogs.key(&strips("T.TF"));
        let m = ToadsAndFrogs.key(&strips("TF.F"));
        assert_eq!(k.key, m.key);
        assert_ne!(k.negated, m.negated);
    }

    #[test]
    fn every_piece_is_the_target_of_its_move() {
        for text in ["TT..FF", "T.F TF.", "TFTF.", "F.T", "TTFF"] {
            targets_are_the_moves(&ToadsAndFrogs, &strips(text));
        }
        let d = ToadsAndFrogs.draw(&strips("T.F TF."));
        let toad = d.items.iter().find(|i| i.id == "toad-4").unwrap();
        assert_eq!(toad.moves, [(Player::Left, "4→6".to_string())]);
        assert_eq!(toad.label, "the toad on square 4");
        // The second strip starts half a square after the first's three squares.
        assert_eq!(
            toad.svg,
            "<polygon class=\"hb-toad\" points=\"3.75,0.25 4.25,0.5 3.75,0.75\"/>"
        );
        assert_eq!(
            d.description,
            "2 strips of 6 squares in all: toads on squares 1 and 4, frogs on squares 3 and 5"
        );
    }
}
