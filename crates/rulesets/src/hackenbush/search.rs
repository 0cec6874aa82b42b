//! Number search: the exact value of a blue-red position found by comparisons, not by its game
//! tree.
//!
//! The one idea: a blue-red position `G` (normal rules) is a number, so it is pinned down by
//! answers to "is `G ≥ x`?" and "is `G ≤ x`?" for dyadic `x`, and each answer is an existence
//! question with a short witness. By the definition of `≤` on games, with `x = {xᴸ | xᴿ}` in
//! canonical form,
//!
//! - `G ≥ x` unless some Right option `Gᴿ ≤ x`, or `G ≤ xᴸ`;
//! - `G ≤ x` unless some Left option `Gᴸ ≥ x`, or `G ≥ xᴿ`;
//!
//! so one good move refutes a bound and the rest of the tree is never visited. The search keeps,
//! for every connected piece met (filed under its canonical key), the interval its value is
//! known to lie in — started from the bounds `−r ≤ G ≤ b`, where `r` (`b`) counts the red (blue)
//! edges that reach the ground through edges of their own colour (Right, or Left, can remove all
//! the other colour one edge at a time, each move moving the value strictly towards him) — and
//! every answer narrows it, so a later question the interval already answers costs nothing.
//!
//! A position of several pieces is compared as arithmetic: the known intervals of the pieces are
//! added first (often that settles it), else every piece but the largest is valued exactly and
//! the largest is compared with `x` minus their sum. A piece is valued exactly by bisection in
//! the simplicity order: ask about the simplest number inside its interval; each answer either
//! hits the value or removes that number, and the next simplest is born later, so a piece of `n`
//! edges (birthday at most `n`) needs at most `n + 1` rounds. Forests are valued by the tree rule
//! (see [`super::signs`]) without search.
//!
//! Moves are tried one at a time, each option built only when its turn comes (most questions
//! are settled by the first move tried): first the cuts that disconnect nothing — after which
//! nothing falls and the piece stays one piece — then the rest; within each, the cuts between
//! the busiest nodes (largest sum of degrees) first. In Winning Ways' redwood furniture the
//! cuts that disconnect nothing are Right's good moves. A piece valued also starts from the
//! forests each player can open it to (see [`opened_to_forest`]). Every piece
//! searched costs one position of the caller's [`Budget`], every option looked at costs work as
//! in the game tree, so the search stops with the same named budget error.

use super::budget::{listing_cost, move_cost};
use super::budget::{Budget, SolveError};
use super::canon::{Canon, Key};
use super::moves::legal_moves;
use super::numbers::Numbers;
use super::position::{Position, UnionFind};
use super::signs::forest_value;
use super::{Colour, Rules};
use hackenbook_games::{Dyadic, Player};
use rustc_hash::FxHashMap;
use std::cmp::{Ordering, Reverse};

/// A bound on a value: the number, and whether the value may equal it.
#[derive(Clone, Debug)]
struct Bound {
    at: Dyadic,
    closed: bool,
}

impl Bound {
    /// Is this a tighter lower (`lower`) or upper bound than `than`? At the same number, an
    /// open bound is.
    fn tighter(&self, than: &Bound, lower: bool) -> bool {
        match self.at.cmp(&than.at) {
            Ordering::Equal => !self.closed,
            Ordering::Greater => lower,
            Ordering::Less => !lower,
        }
    }
}

/// What is known of a piece's value: it lies between `lo` and `hi`.
#[derive(Clone, Debug)]
struct Known {
    lo: Bound,
    hi: Bound,
}

impl Known {
    /// Narrowed by the forest one player opens `p` to: an upper bound for `Left` (Right removes
    /// red edges), a lower bound for `Right` (Left removes blue ones); see [`opened_to_forest`].
    fn opened(mut self, p: &Position, side: Player) -> Known {
        let colour = match side {
            Player::Left => Colour::Red,
            Player::Right => Colour::Blue,
        };
        // Strict bounds: "G ≥ v" is false (G < v), "G ≤ v" is false (G > v).
        if let Some(v) = opened_to_forest(p, colour) {
            self.learn(side, &v, false);
        }
        self
    }

    /// The bounds `−r ≤ G ≤ b`, strict when the piece has an edge of the other colour (exact
    /// when it has none: a one-coloured piece is worth its edges).
    fn counted(p: &Position) -> Known {
        let reds = own_grounded(p, Colour::Red);
        let blues = own_grounded(p, Colour::Blue);
        Known {
            lo: Bound {
                at: -Dyadic::integer(reds),
                closed: p.count(Colour::Blue) == 0,
            },
            hi: Bound {
                at: Dyadic::integer(blues),
                closed: p.count(Colour::Red) == 0,
            },
        }
    }

    fn exactly(x: Dyadic) -> Known {
        Known {
            lo: Bound {
                at: x.clone(),
                closed: true,
            },
            hi: Bound {
                at: x,
                closed: true,
            },
        }
    }

    /// The value, when the interval is a single point.
    fn exact(&self) -> Option<&Dyadic> {
        (self.lo.closed && self.hi.closed && self.lo.at == self.hi.at).then_some(&self.lo.at)
    }

    /// Is `G ≥ x` (for `Left`) or `G ≤ x` (for `Right`) settled by the interval, and how?
    fn answers(&self, side: Player, x: &Dyadic) -> Option<bool> {
        let (near, far) = match side {
            Player::Left => (&self.lo, &self.hi),
            Player::Right => (&self.hi, &self.lo),
        };
        // `near` beyond or at x on the asked side settles yes; `far` short of x settles no.
        let beyond = |b: &Bound| match side {
            Player::Left => b.at >= *x,
            Player::Right => b.at <= *x,
        };
        let short = |b: &Bound| match side {
            Player::Left => b.at < *x || (b.at == *x && !b.closed),
            Player::Right => b.at > *x || (b.at == *x && !b.closed),
        };
        if beyond(near) {
            Some(true)
        } else if short(far) {
            Some(false)
        } else {
            None
        }
    }

    /// Records the answer to "`G ≥ x`?" (`Left`) or "`G ≤ x`?" (`Right`): a yes is a closed
    /// bound on the asked side, a no an open bound on the other.
    fn learn(&mut self, side: Player, x: &Dyadic, yes: bool) {
        let bound = Bound {
            at: x.clone(),
            closed: yes,
        };
        let lower = (side == Player::Left) == yes;
        let old = if lower { &mut self.lo } else { &mut self.hi };
        if bound.tighter(old, lower) {
            *old = bound;
        }
    }

    /// The bounds of a sum's pieces, added up.
    fn sum(known: &[Known]) -> Known {
        let mut total = Known::exactly(Dyadic::zero());
        for k in known {
            total.lo.at = &total.lo.at + &k.lo.at;
            total.lo.closed &= k.lo.closed;
            total.hi.at = &total.hi.at + &k.hi.at;
            total.hi.closed &= k.hi.closed;
        }
        total
    }
}

/// Edges of `colour` that reach the ground through edges of that colour alone: what stands
/// when the other player has removed every edge of his.
fn own_grounded(p: &Position, colour: Colour) -> usize {
    p.standing(|e| p.edges()[e].2 == colour)
        .iter()
        .filter(|&&s| s)
        .count()
}

/// The value of the forest left when one player removes edges of `colour` that drop nothing
/// (edges on cycles) until no cycle is left; `None` if that cannot be done (a cycle has no edge
/// of `colour`) or `p` is a forest. Each removal is a move of that player, which moves the value
/// strictly his way, so the forest's value (by the tree rule) is a strict bound on the value of
/// `p`: an upper bound when Right removes red edges, a lower bound when Left removes blue ones.
/// The forest kept is a spanning tree with every edge of the other colour (Kruskal's order:
/// those first); removing the edges outside it one by one never drops anything, as the tree
/// stands throughout.
fn opened_to_forest(p: &Position, colour: Colour) -> Option<Dyadic> {
    if p.is_forest() {
        return None;
    }
    let mut sets = UnionFind::new(p.node_count());
    let mut kept = vec![false; p.edge_count()];
    for (e, &(a, b, c)) in p.edges().iter().enumerate() {
        if c != colour {
            if !sets.union(a, b) {
                return None;
            }
            kept[e] = true;
        }
    }
    for (e, &(a, b, c)) in p.edges().iter().enumerate() {
        if c == colour {
            kept[e] = sets.union(a, b);
        }
    }
    forest_value(&p.restricted(&kept))
}

/// Which edges disconnect something when cut: an edge at the ground whose top then falls, or
/// an edge off the ground that is a bridge once the ground is split into one node per ground
/// contact (its cut drops edges or splits the piece in two).
fn disconnecting(p: &Position) -> Vec<bool> {
    let at_ground = super::green::bridges(p);
    let mut n = p.node_count();
    let split: Vec<_> = p
        .edges()
        .iter()
        .map(|&(a, b, c)| {
            let mut fresh = |v: usize| {
                if v == 0 {
                    n += 1;
                    n - 1
                } else {
                    v
                }
            };
            (fresh(a), fresh(b), c)
        })
        .collect();
    let off_ground = super::green::bridges_of(n, &split);
    p.edges()
        .iter()
        .enumerate()
        .map(|(e, &(a, b, _))| {
            if a == 0 || b == 0 {
                at_ground[e]
            } else {
                off_ground[e]
            }
        })
        .collect()
}

/// The canonical left (`Left`) or right (`Right`) option of the number `x`, if it has one.
fn option_of(x: &Dyadic, side: Player) -> Option<Dyadic> {
    let step = Dyadic::from_parts(1, x.exponent());
    match (side, x.is_integer()) {
        (Player::Left, true) if x.signum() <= 0 => None,
        (Player::Right, true) if x.signum() >= 0 => None,
        (Player::Left, _) => Some(x - &step),
        (Player::Right, _) => Some(x + &step),
    }
}

/// The searcher: what is known of every piece met, filed under canonical keys.
#[derive(Default)]
pub struct NumberSearch {
    known: FxHashMap<Key, Known>,
    /// The keys of positions met exactly so (a canonical key of a graph with cycles costs a
    /// search of its own; the same position reached by moves in another order costs a lookup).
    keys: FxHashMap<Position, Key>,
}

/// Exact copies kept before their table is cleared (it is only a shortcut to the canonical one).
const EXACT_LIMIT: usize = 1 << 20;

impl NumberSearch {
    pub fn new() -> NumberSearch {
        NumberSearch::default()
    }

    /// Pieces whose value is known to lie in some interval (for reports).
    pub fn entries(&self) -> usize {
        self.known.len()
    }

    /// The interval known for a connected piece, from the table or from its edge counts.
    fn known(&mut self, cx: &mut Cx, p: &Position) -> (Key, Known) {
        let key = match self.keys.get(p) {
            Some(key) => key.clone(),
            None => {
                if self.keys.len() >= EXACT_LIMIT {
                    self.keys.clear();
                }
                let key = cx.canon.key(p);
                self.keys.insert(p.clone(), key.clone());
                key
            }
        };
        let known = self
            .known
            .entry(key.clone())
            .or_insert_with(|| match forest_value(p) {
                Some(v) => Known::exactly(v),
                None => Known::counted(p),
            })
            .clone();
        (key, known)
    }

    /// The exact value of a connected piece, by bisection in the simplicity order.
    fn piece_value(&mut self, cx: &mut Cx, p: &Position) -> Result<Dyadic, SolveError> {
        let (key, mut known) = self.known(cx, p);
        if known.exact().is_none() {
            // The forests each player can open the piece to narrow the interval bisected. Only
            // here: for every position met they cost more than they save (measured on beds).
            known = known.opened(p, Player::Left).opened(p, Player::Right);
            self.known.insert(key.clone(), known.clone());
        }
        loop {
            if let Some(v) = known.exact() {
                let v = v.clone();
                self.known.insert(key, Known::exactly(v.clone()));
                return Ok(v);
            }
            // A closed end may be the value itself; else ask about the simplest number inside.
            let (x, sides) = if known.lo.closed {
                (known.lo.at.clone(), vec![Player::Right])
            } else if known.hi.closed {
                (known.hi.at.clone(), vec![Player::Left])
            } else {
                let x = Dyadic::simplest_between(Some(&known.lo.at), Some(&known.hi.at))
                    .expect("a number lies strictly inside its open interval");
                (x, vec![Player::Left, Player::Right])
            };
            for side in sides {
                self.piece_compare(cx, p, side, &x)?;
            }
            known = self.known(cx, p).1;
        }
    }

    /// Is `p ≥ x` (`Left`) or `p ≤ x` (`Right`), for a position of any number of pieces?
    fn compare(
        &mut self,
        cx: &mut Cx,
        p: &Position,
        side: Player,
        x: &Dyadic,
    ) -> Result<bool, SolveError> {
        let mut pieces = p.components();
        match pieces.len() {
            0 => {
                return Ok(Known::exactly(Dyadic::zero())
                    .answers(side, x)
                    .unwrap_or(false))
            }
            1 => return self.piece_compare(cx, &pieces[0], side, x),
            _ => {}
        }
        let known: Vec<Known> = pieces.iter().map(|q| self.known(cx, q).1).collect();
        if let Some(yes) = Known::sum(&known).answers(side, x) {
            return Ok(yes);
        }
        pieces.sort_by_key(|q| q.edge_count());
        let largest = pieces.pop().expect("two or more pieces");
        let mut rest = Dyadic::zero();
        for q in &pieces {
            rest = &rest + &self.piece_value(cx, q)?;
        }
        self.piece_compare(cx, &largest, side, &(x - &rest))
    }

    /// Is the connected piece `p ≥ x` (`Left`) or `≤ x` (`Right`)? By the definition of `≤`,
    /// with the table's interval first, then the options one at a time, built only when
    /// their turn comes: the cuts that disconnect nothing first.
    fn piece_compare(
        &mut self,
        cx: &mut Cx,
        p: &Position,
        side: Player,
        x: &Dyadic,
    ) -> Result<bool, SolveError> {
        let (key, known) = self.known(cx, p);
        if let Some(yes) = known.answers(side, x) {
            return Ok(yes);
        }
        cx.budget.spend()?;
        // `G ≥ x` is refuted by a Right option `≤ x`; `G ≤ x` by a Left option `≥ x`.
        let mover = side.other();
        cx.budget.spend_work(listing_cost(p, Rules::Normal))?;
        let disconnects = disconnecting(p);
        let degree = p.degrees();
        let reach = |e: usize| {
            let (a, b, _) = p.edges()[e];
            [a, b]
                .iter()
                .filter(|&&v| v != 0)
                .map(|&v| degree[v])
                .sum::<usize>()
        };
        let mut order = legal_moves(p, Rules::Normal, mover);
        order.sort_by_key(|&e| (disconnects[e], Reverse(reach(e))));
        let mut yes = true;
        for e in order {
            cx.budget.spend_work(move_cost(p))?;
            let q = p.without_edge(e);
            // A cut that disconnects nothing leaves one piece: no need to split it.
            let refuted = match disconnects[e] {
                false => self.piece_compare(cx, &q, side.other(), x)?,
                true => self.compare(cx, &q, side.other(), x)?,
            };
            if refuted {
                yes = false;
                break;
            }
        }
        // Otherwise `G ≥ x` fails only if `G ≤ xᴸ` (and `G ≤ x` only if `G ≥ xᴿ`).
        if yes {
            if let Some(y) = option_of(x, side) {
                if self.piece_compare(cx, p, side.other(), &y)? {
                    yes = false;
                }
            }
        }
        self.known.entry(key).or_insert(known).learn(side, x, yes);
        Ok(yes)
    }
}

/// Pieces are searched under the normal rules only; any other rules give `None` (a position
/// with a green edge gives `None` before any piece is looked at).
impl Numbers for NumberSearch {
    fn piece(
        &mut self,
        canon: &mut Canon,
        p: &Position,
        rules: Rules,
        budget: &mut Budget,
    ) -> Result<Option<Dyadic>, SolveError> {
        if rules != Rules::Normal {
            return Ok(None);
        }
        self.piece_value(&mut Cx { canon, budget }, p).map(Some)
    }
}

/// The context of one search: the key maker and the budget it spends.
struct Cx<'a> {
    canon: &'a mut Canon,
    budget: &'a mut Budget,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hackenbush::numbers::{NumberTree, Numbers};

    fn both(text: &str) -> (String, String) {
        let p = Position::parse(text).unwrap();
        let mut canon = Canon::new();
        let mut budget = Budget::new("positions", 1_000_000);
        let searched = NumberSearch::new()
            .value(&mut canon, &p, Rules::Normal, &mut budget)
            .unwrap()
            .unwrap();
        let tree = NumberTree::new(false)
            .value(&mut canon, &p, Rules::Normal, &mut budget)
            .unwrap()
            .unwrap();
        (searched.to_string(), tree.to_string())
    }

    /// The beds of essays/the-cycle.md, at their published values, agreed by the game tree.
    #[test]
    fn beds_of_the_cycle_essay() {
        for (text, value) in [
            ("g-a L, g-b L, a-c R, b-d R, c-d R", "1/2"),
            ("g-a L, g-b L, a-c R, b-d R, c-d R, c-d R", "1/4"),
            ("g-a L, g-b L, a-c R, b-d R, c-d R, c-d R, c-d R", "1/8"),
            ("g-a L, g-b L, g-e L, a-c R, b-d R, e-f R, c-d R, d-f R", "1/2"),
            ("g-a L, g-b L, g-e L, a-c R, b-d R, e-f R, c-d R, d-f R, f-c R", "1/4"),
            ("g-a L, g-b L, g-e L, g-h L, a-c R, b-d R, e-f R, h-i R, c-d R, d-f R, f-i R, i-c R, c-f R, d-i R", "1/16"),
            ("g-a L, a-b R, b-g L", "1"),
        ] {
            let (searched, tree) = both(text);
            assert_eq!(searched, value, "{text}");
            assert_eq!(tree, value, "{text}");
        }
    }

    #[test]
    fn options_of_numbers() {
        let d = |s: &str| s.parse::<Dyadic>().unwrap();
        assert_eq!(option_of(&d("3/4"), Player::Left), Some(d("1/2")));
        assert_eq!(option_of(&d("3/4"), Player::Right), Some(d("1")));
        assert_eq!(option_of(&d("2"), Player::Left), Some(d("1")));
        assert_eq!(option_of(&d("2"), Player::Right), None);
        assert_eq!(option_of(&d("0"), Player::Left), None);
        assert_eq!(option_of(&d("-2"), Player::Right), Some(d("-1")));
    }
}
