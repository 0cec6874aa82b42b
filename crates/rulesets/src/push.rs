//! Push and Shove: strips of squares holding Left's and Right's pieces; a player pushes one of
//! her own pieces one square towards the left end, and pieces pushed past it fall off. In Shove
//! every piece to the left of the pushed one moves with it; in Push only the run of pieces
//! touching it, up to the first empty square, which it fills.
//!
//! The one idea: a move only ever costs its mover, so every position is a number — and for Push
//! nobody knows which number without playing it out. Written as strips of `L` (Left's piece),
//! `R` (Right's) and `.` (an empty square; `□` and `_` too), several strips separated by blanks
//! (their sum): `LR.L`, `.RL R.L`. Squares are numbered 1, 2, 3… from the left across all strips,
//! and a move is named by the square of the pushed piece and where it goes: `3→2`, or `1→off`
//! for a piece on a strip's first square; `->` may be typed for `→`. Each piece has exactly one
//! move, and is its target in the drawing.
//!
//! The rules are as Carvalho, Huggan, Nowakowski and Pereira dos Santos ("A note on numbers",
//! 2021, which shows every position of both is a number) and the LeanPool formalisation
//! (`MisereGames/Ruleset/Push.lean` and `Shove.lean`) state them; the issue credits both games
//! to Siegel's *Combinatorial Game Theory*, not consulted here. Carvalho and Santos's project "A
//! note on numbers: the ruleset PUSH" (CEMAPRE) calls Shove solved by a closed formula and Push
//! unsolved.
//!
//! **Parts.** Each strip is a part, without the empty squares at its right end (nothing ever
//! moves into them); a strip with no pieces is dropped. A strip is not split further: a piece
//! can come to carry any piece on its left once the squares between have filled.
//! **Key.** Exchanging the colours of every piece exchanges the players' moves: the position of
//! opposite value. A position is filed under its trimmed strips, sorted, or under the same with
//! colours exchanged, whichever is smaller, negated if that one.
//! **Shortcut.** Push: a strip with one player's pieces only. Every move takes the sum of those
//! pieces' square numbers down by at least one (a piece falling off the first square counts as
//! going to 0), and pushing the leftmost piece takes it down by exactly one, so that player has
//! exactly that many moves at best: the value is the sum (negative for Right). Nothing more is
//! known for Push. Shove: every strip is read off the board like a Hackenbush stalk
//! ([`shove_value`]): going from the right end, each piece counts its square number, for Left
//! or against her, at full weight until the colour first changes, at half weight for the piece
//! where it changes and half again for each piece after that (`LRL` = 3 − 2/2 + 1/4 = 9/4). This
//! reading was found here from the game tree's values, not taken from print (the formula the
//! project above mentions was not seen); the tests hold it against the game tree on every strip
//! of up to 9 squares.

use super::strip::{self, Letters, Square, Strips};
use super::{Declared, Drawing, Item, Keyed, Level, Move, Ruleset};
use hackenbook_base::located::Located;
use hackenbook_games::{Dyadic, GameId, Games, Player};
use num_bigint::BigInt;

/// Push or Shove: the same board, two rules for what a push carries with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pushing {
    /// The pushed piece carries the run of pieces touching it on its left.
    Push,
    /// The pushed piece carries every piece on its left.
    Shove,
}

/// How Push and Shove are written.
pub const LETTERS: Letters = Letters {
    left: 'L',
    right: 'R',
    left_one: "a piece of Left's",
    left_many: "pieces of Left's",
    right_one: "a piece of Right's",
    right_many: "pieces of Right's",
    example: "LR.L",
};

impl Pushing {
    /// `strip` after the piece on square `i` (from 0) is pushed.
    fn pushed(self, strip: &[Square], i: usize) -> Vec<Square> {
        // The first square that moves: the strip's first, or (Push) the empty square the run fills.
        let from = match self {
            Pushing::Shove => None,
            Pushing::Push => strip[..i].iter().rposition(|&s| s == Square::Empty),
        };
        let mut after = strip.to_vec();
        match from {
            Some(gap) => after[gap..=i].rotate_left(1),
            None => {
                after[..=i].rotate_left(1);
                // The piece from the first square fell off.
            }
        }
        after[i] = Square::Empty;
        after
    }
}

/// A strip without the empty squares at its right end.
fn trimmed(strip: &[Square]) -> &[Square] {
    let end = strip
        .iter()
        .rposition(|&s| s != Square::Empty)
        .map_or(0, |i| i + 1);
    &strip[..end]
}

/// The sum of the square numbers of a one-coloured strip's pieces (see the module's doc), or
/// `None` if it has both colours.
fn one_sided(strip: &[Square]) -> Option<i64> {
    let left = strip.contains(&Square::Left);
    let right = strip.contains(&Square::Right);
    if left && right {
        return None;
    }
    let total: i64 = strip
        .iter()
        .enumerate()
        .filter(|(_, &s)| s != Square::Empty)
        .map(|(i, _)| i as i64 + 1)
        .sum();
    Some(if right { -total } else { total })
}

/// Shove's value of one strip, read off the board (see the module's doc).
pub fn shove_value(strip: &[Square]) -> Dyadic {
    let mut total = Dyadic::zero();
    let mut last = None;
    // The weight of the next piece, as a power of a half: 0 until the colour first changes.
    let mut halvings = 0u32;
    for (i, &s) in strip.iter().enumerate().rev() {
        if s == Square::Empty {
            continue;
        }
        if halvings > 0 || last.is_some_and(|l| l != s) {
            halvings += 1;
        }
        last = Some(s);
        let square = Dyadic::new(BigInt::from(i + 1), halvings);
        total = if s == Square::Left {
            total + square
        } else {
            total - square
        };
    }
    total
}

impl Ruleset for Pushing {
    type Position = Strips;
    type Key = Vec<Vec<Square>>;

    fn name(&self) -> &'static str {
        match self {
            Pushing::Push => "push",
            Pushing::Shove => "shove",
        }
    }

    fn players(&self) -> Option<&'static str> {
        Some("Left pushes the discs, Right the squares, towards the left end")
    }

    fn move_verb(&self) -> &'static str {
        "pushes"
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
            Some((self.pushed(strip, i), i.checked_sub(1)))
        })
    }

    fn components(&self, p: &Strips) -> Vec<Strips> {
        p.iter()
            .map(|s| trimmed(s))
            .filter(|s| !s.is_empty())
            .map(|s| vec![s.to_vec()])
            .collect()
    }

    fn key(&self, p: &Strips) -> Keyed<Vec<Vec<Square>>> {
        let strips = p
            .iter()
            .map(|s| trimmed(s).to_vec())
            .filter(|s| !s.is_empty())
            .collect();
        strip::keyed(strips, |s| s.iter().map(|q| q.swapped()).collect())
    }

    fn fast_value(&self, p: &Strips, games: &mut Games) -> Option<GameId> {
        let mut total = Dyadic::zero();
        for strip in p {
            total = total
                + match self {
                    Pushing::Shove => shove_value(strip),
                    Pushing::Push => Dyadic::integer(one_sided(strip)?),
                };
        }
        Some(games.number(&total))
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
            let mut items = Vec::new();
            if at.offset == 0 {
                // The left end, where pieces fall off.
                items.push(Item {
                    piece: None,
                    id: format!("end-{}", at.number),
                    svg: format!(
                        "<line class=\"hb-strip-end\" x1=\"{0}\" y1=\"0\" x2=\"{0}\" y2=\"1\"/>",
                        at.x
                    ),
                    moves: Vec::new(),
                    label: format!("the left end of the strip from square {}", at.number),
                });
            }
            // Left's pieces are discs, Right's squares: the colour is not the only sign.
            let Some(owner) = at.square.owner() else {
                return items;
            };
            let shape = match owner {
                Player::Left => format!(
                    "<circle class=\"hb-piece-left\" cx=\"{}\" cy=\"0.5\" r=\"0.3\"/>",
                    at.x + 0.5
                ),
                Player::Right => format!(
                    "<rect class=\"hb-piece-right\" x=\"{}\" y=\"0.25\" width=\"0.5\" \
                         height=\"0.5\"/>",
                    at.x + 0.25
                ),
            };
            items.push(Item {
                piece: None,
                // By owner and square: an id draws the same in every position play reaches.
                id: format!("{}-piece-{}", owner.name().to_lowercase(), at.number),
                svg: shape,
                moves: strip::targets(&moves[owner.index()], owner, at.number),
                label: format!("the piece of {owner}'s on square {}", at.number),
            });
            items
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strip::all_strips;
    use crate::yardstick::{agree_with_plain, reads_back, targets_are_the_moves, Unaided};
    use crate::Solver;
    use hackenbook_games::clock::Running;

    fn strips(text: &str) -> Strips {
        reads_back(&Pushing::Push, text)
    }

    fn after(rules: Pushing, text: &str, player: Player) -> Vec<(String, String)> {
        rules
            .moves(&strips(text), player)
            .into_iter()
            .map(|m| (m.name, rules.print(&m.to)))
            .collect()
    }

    #[test]
    fn notation_reads_back_and_refuses_what_is_not_a_square() {
        assert_eq!(Pushing::Push.print(&strips("l□r_ R\r\n")), "L.R. R");
        let e = Pushing::Shove.parse("LRT").unwrap_err();
        assert_eq!(e.span, 2..3);
        assert!(
            e.message.contains("L for a piece of Left's"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_push_carries_the_touching_run_a_shove_everything_to_the_left() {
        let pair = |n: &str, p: &str| (n.to_string(), p.to_string());
        // Push: the run R L on squares 3 and 4 moves into the empty square 2.
        assert_eq!(
            after(Pushing::Push, "L.RL", Player::Left),
            [pair("1→off", "..RL"), pair("4→3", "LRL.")]
        );
        // Shove: everything left of square 4 moves; the piece on square 1 falls off.
        assert_eq!(
            after(Pushing::Shove, "L.RL", Player::Left),
            [pair("1→off", "..RL"), pair("4→3", ".RL.")]
        );
        // With no empty square to the left, Push shoves too.
        assert_eq!(
            after(Pushing::Push, "LRR", Player::Right),
            [pair("2→1", "R.R"), pair("3→2", "RR.")]
        );
        assert_eq!(
            after(Pushing::Push, "R. .L", Player::Left),
            [pair("4→3", "R. L.")]
        );
    }

    /// Every strip of up to 7 squares and every pair of up to 3 each: parts, key and shortcut
    /// against the plain game tree, for both games.
    #[test]
    fn the_solver_agrees_with_the_plain_game_tree() {
        let mut positions: Vec<Strips> = (1..=7).flat_map(all_strips).map(|s| vec![s]).collect();
        for a in (1..=3).flat_map(all_strips) {
            for b in (1..=3).flat_map(all_strips) {
                positions.push(vec![a.clone(), b]);
            }
        }
        let mut games = Games::new();
        for rules in [Pushing::Push, Pushing::Shove] {
            agree_with_plain(&rules, &positions, &mut games);
        }
    }

    /// "A note on numbers" (Carvalho, Huggan, Nowakowski and Pereira dos Santos): every
    /// position of Push and of Shove is a number. The census of every strip of up to 9 squares
    /// bears it out by the game tree (Shove without its formula), shows that the values are not
    /// all integers, and holds Shove's reading of the board against every one.
    #[test]
    fn every_strip_is_a_number_and_shoves_reading_holds() {
        let mut games = Games::new();
        let clock = Running::default();
        let mut push = Solver::new(Pushing::Push);
        let mut shove = Solver::new(Unaided(Pushing::Shove));
        let mut fractions = [0, 0];
        let mut push_differs = 0;
        for strip in (1..=9).flat_map(all_strips) {
            let p = vec![strip];
            let values = [
                push.value(&p, &mut games, &clock).unwrap(),
                shove.value(&p, &mut games, &clock).unwrap(),
            ];
            for (k, &v) in values.iter().enumerate() {
                let Some(x) = games.as_number(v) else {
                    panic!(
                        "`{}` = {} is not a number",
                        Pushing::Push.print(&p),
                        games.display(v)
                    );
                };
                if !x.is_integer() {
                    fractions[k] += 1;
                }
            }
            let read = games.number(&shove_value(&p[0]));
            assert_eq!(read, values[1], "Shove `{}`", Pushing::Shove.print(&p));
            if values[0] != values[1] {
                push_differs += 1;
            }
        }
        assert!(fractions[0] > 0 && fractions[1] > 0, "{fractions:?}");
        // Push is not Shove: the reading of the board does not value Push.
        assert!(push_differs > 0);
    }

    /// Every move is a concession: on every strip of up to 7 squares, each option of Left's is
    /// worth less than the position and each of Right's more (which is why it is a number).
    #[test]
    fn every_move_is_a_concession() {
        let mut games = Games::new();
        let clock = Running::default();
        for rules in [Pushing::Push, Pushing::Shove] {
            let mut solver = Solver::new(rules);
            for strip in (1..=7).flat_map(all_strips) {
                let p = vec![strip];
                let v = solver.value(&p, &mut games, &clock).unwrap();
                for player in Player::BOTH {
                    for (name, w) in solver
                        .option_values(&p, player, &mut games, &clock)
                        .unwrap()
                    {
                        let worse = match player {
                            Player::Left => games.lt(w, v),
                            Player::Right => games.lt(v, w),
                        };
                        assert!(
                            worse,
                            "{} `{}`: {player}'s {name}",
                            rules.name(),
                            rules.print(&p)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn shoves_reading_of_the_board() {
        let read = |text: &str| shove_value(&strips(text)[0]);
        assert_eq!(read("LRL"), Dyadic::from_parts(9, 2));
        assert_eq!(read("LRR"), Dyadic::from_parts(-9, 1));
        assert_eq!(read("..RR"), Dyadic::integer(-7));
        assert_eq!(read("LLRL"), Dyadic::from_parts(25, 3));
        assert_eq!(read("...."), Dyadic::zero());
    }

    #[test]
    fn exchanging_colours_negates() {
        let k = Pushing::Push.key(&strips("LR.."));
        let m = Pushing::Push.key(&strips("RL"));
        assert_eq!(k.key, m.key);
        assert_ne!(k.negated, m.negated);
    }

    #[test]
    fn every_piece_is_the_target_of_its_push() {
        for rules in [Pushing::Push, Pushing::Shove] {
            for text in ["LR.L", "R. .L", "...", "L"] {
                targets_are_the_moves(&rules, &strips(text));
            }
        }
        let d = Pushing::Push.draw(&strips("L.R"));
        let piece = d.items.iter().find(|i| i.id == "right-piece-3").unwrap();
        assert_eq!(piece.moves, [(Player::Right, "3→2".to_string())]);
        assert_eq!(
            d.description,
            "a strip of 3 squares: a piece of Left's on square 1, a piece of Right's on square 3"
        );
    }
}
