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
//! One search works on one connected piece, and every position it meets is a set of that
//! piece's edges (what still stands after some cuts): a bit set, so a move, what falls and the
//! pieces left are a few bit operations, and a set is built as a position only the first time
//! it is met, for its canonical key (see [`Frame`]). Pieces of more than
//! [`MAX_SEARCHED_EDGES`] edges are left to the game tree.
//!
//! A canonical key is most of the cost of filing a piece, so it is worked out only when it can
//! help. A piece is first looked up by its exact shape (its edges as the written position
//! numbers them, [`Frame::shape`]): the search of an option meets the pieces its position's
//! search filed, and finds them so. And the first piece filed of an invariant ([`Frame::invariant`],
//! equal for isomorphic pieces, cheap) has no isomorphic copy filed yet, so it is filed without
//! a key; when a second piece of that invariant comes, both are keyed. Slots are shared only by
//! equal shapes or equal keys: the invariant decides when to look, never what is shared.
//!
//! Moves are tried one at a time, each option looked at only when its turn comes (most questions
//! are settled by the first move tried): first the cuts that disconnect nothing — after which
//! nothing falls and the piece stays one piece — then the rest; within each, the cuts between
//! the busiest nodes (largest sum of degrees) first. In Winning Ways' redwood furniture the
//! cuts that disconnect nothing are Right's good moves. A piece valued also starts from the
//! forests each player can open it to (see [`opened_to_forest`]). Every piece
//! searched costs one position of the caller's [`Budget`], every option looked at costs work as
//! in the game tree, so the search stops with the same named budget error.

use super::budget::{edge_steps, Budget, SolveError};
use super::canon::{mix, Canon, Key};
use super::numbers::Numbers;
use super::position::{Edge, Position, UnionFind};
use super::signs::forest_value;
use super::{Colour, Rules};
use hackenbook_games::{Dyadic, Player};
use rustc_hash::{FxHashMap, FxHashSet};
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

    /// The bounds `−r ≤ G ≤ b` of a piece of the frame, where `r` (`b`) counts the red
    /// (blue) edges that reach the ground through edges of their own colour (what stands when
    /// the other player has removed every edge of his); strict when the piece has an edge of
    /// the other colour (exact when it has none: a one-coloured piece is worth its edges).
    fn counted(frame: &Frame, set: Edges) -> Known {
        let own = |colour: Edges| frame.standing(set & colour).count_ones();
        Known {
            lo: Bound {
                at: -Dyadic::integer(own(frame.red)),
                closed: set & frame.blue == 0,
            },
            hi: Bound {
                at: Dyadic::integer(own(frame.blue)),
                closed: set & frame.red == 0,
            },
        }
    }

    /// Both known of one value (of isomorphic positions): the tighter bound of each side.
    fn meet(&mut self, other: &Known) {
        if other.lo.tighter(&self.lo, true) {
            self.lo = other.lo.clone();
        }
        if other.hi.tighter(&self.hi, false) {
            self.hi = other.hi.clone();
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
    /// The slot of every canonical key filed.
    slot_of: FxHashMap<Key, u32>,
    /// In front of the keys, as in the memo ([`super::memo`]): the slot of every piece filed, by
    /// its exact shape ([`Frame::shape`]), so a piece met again in another search — the same
    /// edges of the same written position, standing after other cuts: an option's search
    /// meets what its position's search met — is found without its canonical key.
    slot_of_shape: FxHashMap<Shape, u32>,
    /// Pieces filed without a canonical key, by their invariant ([`Frame::invariant`]): the
    /// first piece filed of an invariant has no isomorphic copy filed, so its key (most of the
    /// cost of filing) is worked out only when a second piece of that invariant comes, from the
    /// shape kept here.
    unkeyed: FxHashMap<u64, (u32, Shape)>,
    /// The invariants of the pieces filed under keys.
    keyed: FxHashSet<u64>,
    /// What is known of each value, by slot: a filed piece's (under a key, or unkeyed), or
    /// one edge set's of a search not yet filed (see [`Frame`]). Once a search is done only the
    /// slots of filed pieces are kept ([`NumberSearch::reclaim`]): an edge set's slot means
    /// nothing to another search, which meets its sets anew.
    known: Vec<Known>,
}

/// A set of the edges of a [`Frame`]'s piece: bit `e` is its edge `e`.
type Edges = u128;

/// The most edges (and nodes) a piece searched may have: one bit each in [`Edges`]. A larger
/// piece is left to the game tree (`None` from [`Numbers::piece`]).
pub const MAX_SEARCHED_EDGES: usize = Edges::BITS as usize;

/// Edge sets met in one search, kept before their table is cleared (it is only a shortcut to
/// the canonical key).
const EXACT_LIMIT: usize = 1 << 20;

/// Shapes of pieces filed, kept before their table is cleared (a shortcut too): at most about
/// 80 MB of shapes of 128 edges, far less of beds' 30 (a bed and its 30 options file about
/// 240,000).
const SHAPE_LIMIT: usize = 1 << 18;

/// A piece's position written out exactly ([`Frame::shape`]): two bytes an edge.
type Shape = Box<[u8]>;

/// One search, of one connected piece: every position it meets is what stands of the piece's
/// edges after some cuts, so it is a set of those edges, and a move is a few bit operations
/// instead of a new edge list. A set met for the first time gets a slot of its own, its
/// interval from its edge counts (or its value, for a forest); only when the search must
/// look at its options, which is rarer, is it filed — by its shape, its invariant and, when
/// those do not settle it, its canonical key (a graph's costs a search of its own) — and what
/// the two slots know is met in the filed slot, shared by isomorphic positions and by later
/// searches.
struct Frame {
    /// Each edge's two ends.
    ends: Vec<(usize, usize)>,
    /// Each node's edges (a loop once).
    at: Vec<Edges>,
    blue: Edges,
    red: Edges,
    loops: Edges,
    /// The slot of every edge set met, and whether it is its canonical key's.
    slots: FxHashMap<Edges, (u32, bool)>,
}

fn bit(e: usize) -> Edges {
    1 << e
}

/// The members of a set, smallest first.
fn members(mut set: Edges) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let e = set.trailing_zeros() as usize;
            set &= set - 1;
            e
        })
    })
}

impl Frame {
    /// The frame of a connected piece, if it is small enough for [`Edges`].
    fn new(p: &Position) -> Option<Frame> {
        if p.edge_count() > MAX_SEARCHED_EDGES || p.node_count() > MAX_SEARCHED_EDGES {
            return None;
        }
        let mut at = vec![0; p.node_count()];
        let (mut blue, mut red, mut loops) = (0, 0, 0);
        for (e, &(a, b, c)) in p.edges().iter().enumerate() {
            at[a] |= bit(e);
            at[b] |= bit(e);
            match c {
                Colour::Blue => blue |= bit(e),
                Colour::Red => red |= bit(e),
                Colour::Green => {}
            }
            if a == b {
                loops |= bit(e);
            }
        }
        Some(Frame {
            ends: p.edges().iter().map(|&(a, b, _)| (a, b)).collect(),
            at,
            blue,
            red,
            loops,
            slots: FxHashMap::default(),
        })
    }

    fn all(&self) -> Edges {
        match self.ends.len() {
            0 => 0,
            n => Edges::MAX >> (MAX_SEARCHED_EDGES - n),
        }
    }

    /// The nodes the edges of `set` touch, as a set of nodes.
    fn ends_of(&self, set: Edges) -> Edges {
        members(set).fold(0, |nodes, e| {
            let (a, b) = self.ends[e];
            nodes | bit(a) | bit(b)
        })
    }

    /// The edges of `set` reachable from `from` (a set of edges) through edges of `set`,
    /// never passing through the ground when `through_ground` is false.
    fn reached(&self, set: Edges, from: Edges, through_ground: bool) -> Edges {
        let (mut edges, mut nodes, mut fresh) = (from, 0, from);
        if !through_ground {
            nodes |= bit(0);
        }
        while fresh != 0 {
            let new_nodes = self.ends_of(fresh) & !nodes;
            nodes |= new_nodes;
            fresh = members(new_nodes).fold(0, |acc, v| acc | self.at[v]) & set & !edges;
            edges |= fresh;
        }
        edges
    }

    /// The edges of `set` that still reach the ground: what stands after the others are cut.
    fn standing(&self, set: Edges) -> Edges {
        self.reached(set, set & self.at[0], true)
    }

    /// The pieces of a standing set, in order of their first edge, as
    /// [`Position::components`] gives them; of any set, the pieces of what stands of it (a part
    /// joined to the rest only through the ground stands if and only if it touches the ground).
    fn pieces(&self, mut set: Edges) -> Vec<Edges> {
        let mut pieces = Vec::new();
        while set != 0 {
            let piece = self.reached(set, set & set.wrapping_neg(), false);
            if piece & self.at[0] != 0 {
                pieces.push(piece);
            }
            set &= !piece;
        }
        pieces
    }

    /// The edges of the piece `set` whose cut drops something or splits the piece: an edge at
    /// the ground that is a bridge (its top falls), an edge off the ground that is a bridge of
    /// the piece without its edges at the ground (a part falls, or stands apart).
    fn disconnecting(&self, set: Edges) -> Edges {
        let at_ground = set & self.at[0];
        (self.bridges(set) & at_ground) | (self.bridges(set & !at_ground) & !at_ground)
    }

    /// The bridges of the graph of the edges in `set` (loops never are; parallel edges are
    /// not, the arrival edge being skipped by its index): iterative Tarjan low-link.
    fn bridges(&self, set: Edges) -> Edges {
        const NONE: usize = usize::MAX;
        let n = self.at.len();
        let mut discovered = [0u32; MAX_SEARCHED_EDGES];
        let mut low = [0u32; MAX_SEARCHED_EDGES];
        // (node, the edge it was reached by, its edges not yet scanned)
        let mut stack: Vec<(usize, usize, Edges)> = Vec::with_capacity(n);
        let (mut time, mut bridges) = (0, 0);
        for root in 0..n {
            if discovered[root] != 0 || self.at[root] & set == 0 {
                continue;
            }
            time += 1;
            discovered[root] = time;
            low[root] = time;
            stack.push((root, NONE, self.at[root] & set & !self.loops));
            while let Some(top) = stack.last_mut() {
                let (v, arrival, rest) = *top;
                if rest != 0 {
                    let e = rest.trailing_zeros() as usize;
                    top.2 &= rest - 1;
                    if e == arrival {
                        continue;
                    }
                    let (a, b) = self.ends[e];
                    let w = if a == v { b } else { a };
                    if discovered[w] == 0 {
                        time += 1;
                        discovered[w] = time;
                        low[w] = time;
                        stack.push((w, e, self.at[w] & set & !self.loops));
                    } else {
                        low[v] = low[v].min(discovered[w]);
                    }
                } else {
                    stack.pop();
                    if let Some(&(u, _, _)) = stack.last() {
                        low[u] = low[u].min(low[v]);
                        if low[v] > discovered[u] {
                            bridges |= bit(arrival);
                        }
                    }
                }
            }
        }
        bridges
    }

    /// Is the piece `set` a forest? It is connected through the ground, so it is one when it
    /// has no loop and one edge fewer than the nodes it touches.
    fn is_forest(&self, set: Edges) -> bool {
        set & self.loops == 0 && set.count_ones() + 1 == self.ends_of(set).count_ones()
    }

    /// The edges of `set` at node `v`, a loop counting twice.
    fn degree(&self, set: Edges, v: usize) -> u32 {
        (self.at[v] & set).count_ones() + (self.at[v] & set & self.loops).count_ones()
    }

    /// A number isomorphic sets share (others may share it too): the ground and each node's
    /// count of blue, red and loop edges, refined twice by the multiset of (colour, neighbour),
    /// as order-free sums of hashes. Cheaper than a canonical key by far, it tells most new
    /// pieces from every piece filed before.
    fn invariant(&self, set: Edges) -> u64 {
        let nodes = self.ends_of(set) | bit(0);
        let mut label = [0u64; MAX_SEARCHED_EDGES];
        for v in members(nodes) {
            let at = self.at[v] & set;
            let count = |colour: Edges| u64::from((at & colour).count_ones());
            label[v] = mix(count(self.blue)
                | count(self.red) << 8
                | count(self.loops) << 16
                | u64::from(v == 0) << 24);
        }
        for _ in 0..2 {
            let mut next = [0u64; MAX_SEARCHED_EDGES];
            for v in members(nodes) {
                let around = members(self.at[v] & set & !self.loops).fold(label[v], |h, e| {
                    let (a, b) = self.ends[e];
                    let other = if a == v { b } else { a };
                    let colour = u64::from(self.red & bit(e) != 0);
                    h.wrapping_add(mix(label[other] ^ colour))
                });
                next[v] = mix(around);
            }
            label = next;
        }
        members(nodes).fold(u64::from(set.count_ones()), |h, v| h.wrapping_add(label[v]))
    }

    /// The position [`Frame::position`] builds of `set`, written without building it: per edge
    /// in order, its two ends numbered as that position numbers them and its colour in the
    /// first byte's top bit. A frame's piece is numbered in the same order as the position it
    /// was cut from, so the same edges standing of one written position have one shape in every
    /// frame.
    fn shape(&self, set: Edges) -> Shape {
        let mut out = Vec::with_capacity(2 * set.count_ones() as usize);
        for (a, b, colour) in self.numbered(set) {
            let red = if colour == Colour::Red { 0x80 } else { 0 };
            // Below 128: a frame has at most `MAX_SEARCHED_EDGES` nodes.
            out.push(a as u8 | red);
            out.push(b as u8);
        }
        out.into_boxed_slice()
    }

    /// The edges of `set` in order, their ends renumbered as the position standing of `set`
    /// numbers them: the ground and the nodes the set touches, in their order in the piece.
    fn numbered(&self, set: Edges) -> impl Iterator<Item = Edge> + '_ {
        let nodes = self.ends_of(set) | bit(0);
        let number = move |v: usize| (nodes & (bit(v) - 1)).count_ones() as usize;
        members(set).map(move |e| {
            let (a, b) = self.ends[e];
            let colour = match self.red & bit(e) != 0 {
                true => Colour::Red,
                false => Colour::Blue,
            };
            (number(a), number(b), colour)
        })
    }

    /// The position standing of the set: the piece's edges in `set`, nodes renumbered.
    fn position(&self, set: Edges) -> Position {
        let nodes = (self.ends_of(set) | bit(0)).count_ones() as usize;
        Position::standing_edges(nodes, self.numbered(set).collect())
    }
}

impl NumberSearch {
    pub fn new() -> NumberSearch {
        NumberSearch::default()
    }

    /// Pieces filed, under their canonical keys or unkeyed, each known to lie in some interval
    /// (for reports). The slots of one search's edge sets never filed are not counted: a
    /// search asked again meets its sets again, in new slots, and files nothing new.
    pub fn entries(&self) -> usize {
        self.slot_of.len() + self.unkeyed.len()
    }

    /// The slot of a connected piece (a set of the frame's edges); a set met for the first
    /// time gets one of its own, with the interval its forest value or its edge counts give.
    fn slot(&mut self, cx: &mut Cx, set: Edges) -> Result<usize, SolveError> {
        if let Some(&(slot, _)) = cx.frame.slots.get(&set) {
            return Ok(slot as usize);
        }
        if cx.frame.slots.len() >= EXACT_LIMIT {
            cx.frame.slots.clear();
        }
        let known = match cx.frame.is_forest(set) {
            true => {
                let value = forest_value(&cx.frame.position(set));
                Known::exactly(value.expect("a blue-red forest has a value by the tree rule"))
            }
            false => Known::counted(&cx.frame, set),
        };
        let slot = self.push(known)?;
        cx.frame.slots.insert(set, (slot, false));
        Ok(slot as usize)
    }

    /// A new slot, knowing `known`.
    fn push(&mut self, known: Known) -> Result<u32, SolveError> {
        let slot = u32::try_from(self.known.len()).map_err(|_| SolveError::Budget {
            what: "intervals in the number search's table",
            limit: u32::MAX as usize,
        })?;
        self.known.push(known);
        Ok(slot)
    }

    /// The slot of a connected piece filed under its canonical key: the set's own slot, met
    /// with the key's if the key has one already.
    fn filed(&mut self, cx: &mut Cx, set: Edges) -> Result<usize, SolveError> {
        let own = self.slot(cx, set)?;
        if let Some(&(slot, true)) = cx.frame.slots.get(&set) {
            return Ok(slot as usize);
        }
        let shape = cx.frame.shape(set);
        let found = match self.slot_of_shape.get(&shape) {
            Some(&slot) => Some(slot),
            None => {
                let slot = self.file_new(cx, set, own as u32, &shape);
                if self.slot_of_shape.len() >= SHAPE_LIMIT {
                    self.slot_of_shape.clear();
                }
                cx.shapes.push(shape.clone());
                self.slot_of_shape.insert(shape, slot.unwrap_or(own as u32));
                slot
            }
        };
        let slot = match found {
            Some(slot) => {
                let known = self.known[own].clone();
                self.known[slot as usize].meet(&known);
                slot
            }
            None => own as u32,
        };
        cx.frame.slots.insert(set, (slot, true));
        Ok(slot as usize)
    }

    /// Files a piece whose shape was not filed (`own` its set's slot): the slot of an
    /// isomorphic piece filed before, or `None` when there is none and `own` is filed. The
    /// first piece of an invariant is filed without a key; a second one keys both.
    fn file_new(&mut self, cx: &mut Cx, set: Edges, own: u32, shape: &Shape) -> Option<u32> {
        let invariant = cx.frame.invariant(set);
        if !self.keyed.contains(&invariant) {
            match self.unkeyed.remove(&invariant) {
                None => {
                    self.unkeyed.insert(invariant, (own, shape.clone()));
                    cx.filed.push((own, Filing::Unkeyed(invariant)));
                    return None;
                }
                Some((slot, first)) => {
                    let key = cx.canon.key(&shape_position(&first));
                    cx.filed.push((slot, Filing::Key(key.clone())));
                    self.slot_of.insert(key, slot);
                    self.keyed.insert(invariant);
                }
            }
        }
        let key = cx.canon.key(&cx.frame.position(set));
        let slot = self.slot_of.get(&key).copied();
        if slot.is_none() {
            cx.filed.push((own, Filing::Key(key.clone())));
            self.slot_of.insert(key, own);
        }
        slot
    }

    /// The exact value of a connected piece, by bisection in the simplicity order.
    fn piece_value(&mut self, cx: &mut Cx, set: Edges) -> Result<Dyadic, SolveError> {
        let slot = self.filed(cx, set)?;
        if self.known[slot].exact().is_none() {
            // The forests each player can open the piece to narrow the interval bisected. Only
            // here: for every position met they cost more than they save (measured on beds).
            let p = cx.frame.position(set);
            let known = self.known[slot].clone();
            self.known[slot] = known.opened(&p, Player::Left).opened(&p, Player::Right);
        }
        loop {
            let known = self.known[slot].clone();
            if let Some(v) = known.exact() {
                let v = v.clone();
                self.known[slot] = Known::exactly(v.clone());
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
                self.piece_compare(cx, set, side, &x)?;
            }
        }
    }

    /// Is what stands of `set` `≥ x` (`Left`) or `≤ x` (`Right`), whatever number of pieces it
    /// makes?
    fn compare(
        &mut self,
        cx: &mut Cx,
        set: Edges,
        side: Player,
        x: &Dyadic,
    ) -> Result<bool, SolveError> {
        let mut pieces = cx.frame.pieces(set);
        match pieces.len() {
            0 => {
                return Ok(Known::exactly(Dyadic::zero())
                    .answers(side, x)
                    .unwrap_or(false))
            }
            1 => return self.piece_compare(cx, pieces[0], side, x),
            _ => {}
        }
        let mut known = Vec::with_capacity(pieces.len());
        for &q in &pieces {
            let slot = self.slot(cx, q)?;
            known.push(self.known[slot].clone());
        }
        if let Some(yes) = Known::sum(&known).answers(side, x) {
            return Ok(yes);
        }
        pieces.sort_by_key(|q| q.count_ones());
        let largest = pieces.pop().expect("two or more pieces");
        let mut rest = Dyadic::zero();
        for &q in &pieces {
            rest = &rest + &self.piece_value(cx, q)?;
        }
        self.piece_compare(cx, largest, side, &(x - &rest))
    }

    /// Is the connected piece `set ≥ x` (`Left`) or `≤ x` (`Right`)? By the definition of
    /// `≤`, with the table's interval first, then the options one at a time, built only when
    /// their turn comes: the cuts that disconnect nothing first.
    fn piece_compare(
        &mut self,
        cx: &mut Cx,
        set: Edges,
        side: Player,
        x: &Dyadic,
    ) -> Result<bool, SolveError> {
        let own = self.slot(cx, set)?;
        if let Some(yes) = self.known[own].answers(side, x) {
            return Ok(yes);
        }
        // Before looking at the options: what isomorphic positions taught.
        let slot = self.filed(cx, set)?;
        if let Some(yes) = self.known[slot].answers(side, x) {
            return Ok(yes);
        }
        cx.budget.spend()?;
        // `G ≥ x` is refuted by a Right option `≤ x`; `G ≤ x` by a Left option `≥ x`.
        let mover = side.other();
        let edges = set.count_ones() as usize;
        // The work of the game tree's: listing the moves, then each move tried.
        cx.budget.spend_work(edges)?;
        let frame = &cx.frame;
        let own = match mover {
            Player::Left => frame.blue,
            Player::Right => frame.red,
        };
        let reach = |e: usize| {
            let (a, b) = frame.ends[e];
            [a, b]
                .iter()
                .filter(|&&v| v != 0)
                .map(|&v| frame.degree(set, v))
                .sum::<u32>()
        };
        let disconnecting = frame.disconnecting(set);
        let mut order: Vec<(bool, Reverse<u32>, usize)> = members(set & own)
            .map(|e| (disconnecting & bit(e) != 0, Reverse(reach(e)), e))
            .collect();
        order.sort_unstable();
        let mut yes = true;
        for (disconnects, _, e) in order {
            cx.budget.spend_work(edge_steps(edges))?;
            let rest = set & !bit(e);
            // A cut that disconnects nothing leaves one piece: no need to split it.
            let refuted = match disconnects {
                false => self.piece_compare(cx, rest, side.other(), x)?,
                true => self.compare(cx, rest, side.other(), x)?,
            };
            if refuted {
                yes = false;
                break;
            }
        }
        // Otherwise `G ≥ x` fails only if `G ≤ xᴸ` (and `G ≤ x` only if `G ≥ xᴿ`).
        if yes {
            if let Some(y) = option_of(x, side) {
                if self.piece_compare(cx, set, side.other(), &y)? {
                    yes = false;
                }
            }
        }
        self.known[slot].learn(side, x, yes);
        Ok(yes)
    }
}

/// Pieces are searched under the normal rules only; any other rules give `None` (a position
/// with a green edge gives `None` before any piece is looked at), and so does a piece of more
/// than [`MAX_SEARCHED_EDGES`] edges or nodes.
impl Numbers for NumberSearch {
    fn piece(
        &mut self,
        canon: &mut Canon,
        p: &Position,
        rules: Rules,
        budget: &mut Budget,
    ) -> Result<Option<Dyadic>, SolveError> {
        if rules != Rules::Normal || !p.is_blue_red() {
            return Ok(None);
        }
        let Some(frame) = Frame::new(p) else {
            return Ok(None);
        };
        let all = frame.all();
        let first = self.known.len();
        let mut cx = Cx {
            canon,
            budget,
            frame,
            filed: Vec::new(),
            shapes: Vec::new(),
        };
        let value = self.piece_value(&mut cx, all);
        self.reclaim(first, cx.filed, cx.shapes);
        value.map(Some)
    }
}

impl NumberSearch {
    /// Ends a search whose slots began at `first`: the slots it filed (`filed`, under new keys
    /// or unkeyed) move down to follow the earlier ones, in order, and every other slot it made
    /// (an edge set's own, never filed, or met with a piece filed before) is dropped, so the
    /// table grows by the pieces a search files and by nothing else, whether it finished or ran
    /// out of budget. What points at the slots moved follows them: the keys, the unkeyed
    /// pieces and the shapes (`shapes`) it filed.
    fn reclaim(&mut self, first: usize, mut filed: Vec<(u32, Filing)>, mut shapes: Vec<Shape>) {
        // A piece of an earlier search keyed by this one keeps its slot.
        filed.retain(|&(slot, _)| slot as usize >= first);
        filed.sort_unstable_by_key(|&(slot, _)| slot);
        let mut kept: Vec<u32> = filed.iter().map(|&(slot, _)| slot).collect();
        kept.dedup();
        for (i, &slot) in kept.iter().enumerate() {
            self.known.swap(first + i, slot as usize);
        }
        self.known.truncate(first + kept.len());
        let moved = |slot: u32| {
            let rank = kept
                .binary_search(&slot)
                .expect("a slot of this search pointed at is one it filed");
            u32::try_from(first + rank).expect("a slot below one that fitted fits")
        };
        for (slot, filing) in filed {
            match filing {
                Filing::Key(key) => {
                    self.slot_of.insert(key, moved(slot));
                }
                Filing::Unkeyed(invariant) => {
                    if let Some(entry) = self.unkeyed.get_mut(&invariant) {
                        if entry.0 == slot {
                            entry.0 = moved(slot);
                        }
                    }
                }
            }
        }
        // Each shape moves once, though a table cleared midway may have filed one twice.
        shapes.sort_unstable();
        shapes.dedup();
        for shape in shapes {
            if let Some(slot) = self.slot_of_shape.get_mut(&shape) {
                if *slot as usize >= first {
                    *slot = moved(*slot);
                }
            }
        }
    }
}

/// How a slot made by a search was filed ([`NumberSearch::reclaim`]).
enum Filing {
    /// Under this canonical key.
    Key(Key),
    /// Without a key, as the first piece of this invariant.
    Unkeyed(u64),
}

/// The position a shape writes ([`Frame::shape`]).
fn shape_position(shape: &[u8]) -> Position {
    let edges: Vec<Edge> = shape
        .chunks_exact(2)
        .map(|e| {
            let colour = match e[0] & 0x80 {
                0 => Colour::Blue,
                _ => Colour::Red,
            };
            (usize::from(e[0] & 0x7f), usize::from(e[1]), colour)
        })
        .collect();
    let nodes = edges
        .iter()
        .map(|&(a, b, _)| a.max(b) + 1)
        .max()
        .unwrap_or(1);
    Position::standing_edges(nodes, edges)
}

/// The context of one search: the key maker, the budget it spends, the piece searched, and
/// the slots it filed (how) and the shapes it filed, which outlive it ([`NumberSearch::reclaim`]).
struct Cx<'a> {
    canon: &'a mut Canon,
    budget: &'a mut Budget,
    frame: Frame,
    filed: Vec<(u32, Filing)>,
    shapes: Vec<Shape>,
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

    /// A search keeps only the slots it filed under keys: asked again, it finds its piece's
    /// key filed and leaves the table as it was; a search that runs out of budget leaves no
    /// edge set's slot behind either; and what was filed still answers.
    #[test]
    fn a_search_leaves_behind_only_what_it_filed() {
        let bed = "g-a L, g-b L, g-e L, g-h L, a-c R, b-d R, e-f R, h-i R, c-d R, d-f R, f-i R, i-c R, c-f R, d-i R";
        let p = Position::parse(bed).unwrap();
        let mut canon = Canon::new();
        let mut search = NumberSearch::new();
        let mut ask = |search: &mut NumberSearch, limit: usize| {
            let mut budget = Budget::new("positions", limit);
            search.piece(&mut canon, &p, Rules::Normal, &mut budget)
        };
        assert!(
            ask(&mut search, 10).is_err(),
            "ten positions are too few for the bed"
        );
        assert_eq!(search.known.len(), search.entries());
        let value = ask(&mut search, 1_000_000).unwrap().unwrap();
        assert_eq!(value.to_string(), "1/16");
        let (kept, filed) = (search.known.len(), search.entries());
        assert_eq!(kept, filed, "every slot kept is a filed piece's");
        assert!(filed > 1, "the search filed the pieces it opened");
        for _ in 0..3 {
            assert_eq!(ask(&mut search, 1_000_000).unwrap().unwrap(), value);
            assert_eq!((search.known.len(), search.entries()), (kept, filed));
        }
        let mut slots: Vec<u32> = search.slot_of.values().copied().collect();
        slots.extend(search.unkeyed.values().map(|&(s, _)| s));
        slots.sort_unstable();
        assert!(slots.iter().enumerate().all(|(i, &s)| s as usize == i));
        // Every shape filed points at a filed piece's slot, after the slots moved down.
        assert!(!search.slot_of_shape.is_empty());
        assert!(search
            .slot_of_shape
            .values()
            .all(|s| slots.binary_search(s).is_ok()));
    }

    /// A random grounded multigraph of `n` edges (cycles, loops and parallel edges): each edge
    /// joins a standing node to a standing node or a new one.
    fn random_graph(seed: &mut u64, n: usize) -> Position {
        let mut next = |below: usize| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            (*seed % below as u64) as usize
        };
        let mut nodes = 1;
        let mut edges = Vec::new();
        for _ in 0..n {
            let a = next(nodes);
            let b = next(nodes + 1);
            if b == nodes {
                nodes += 1;
            }
            edges.push((a, b, [Colour::Blue, Colour::Red][next(2)]));
        }
        Position::from_edges(nodes, edges).unwrap()
    }

    /// The frame's bit operations are the position's rules: after every cut of every edge of
    /// random graphs (and of what stands after two cuts), what stands, its pieces (in order,
    /// built as positions), whether a piece is a forest, its edge-count bounds, and whether a
    /// cut disconnects anything, as [`Position`] says.
    #[test]
    fn the_frame_cuts_as_positions_do() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for round in 0..400 {
            let p = random_graph(&mut seed, 1 + round % 24);
            let frame = Frame::new(&p).unwrap();
            assert_eq!(frame.position(frame.all()), p);
            let mut sets = vec![frame.all()];
            for e in 0..p.edge_count() {
                sets.push(frame.standing(frame.all() & !bit(e)));
            }
            for &set in &sets {
                let q = frame.position(set);
                let pieces = frame.pieces(set);
                let expected = q.components();
                assert_eq!(pieces.len(), expected.len(), "{}", q.notation());
                for (&piece, whole) in pieces.iter().zip(&expected) {
                    assert_eq!(&frame.position(piece), whole, "{}", q.notation());
                    assert_eq!(frame.is_forest(piece), whole.is_forest());
                    let counted = Known::counted(&frame, piece);
                    let own = |c: Colour| {
                        let stands = whole.standing(|e| whole.edges()[e].2 == c);
                        Dyadic::integer(stands.iter().filter(|&&s| s).count())
                    };
                    assert_eq!(counted.lo.at, -own(Colour::Red));
                    assert_eq!(counted.hi.at, own(Colour::Blue));
                    assert_eq!(counted.lo.closed, whole.count(Colour::Blue) == 0);
                    assert_eq!(counted.hi.closed, whole.count(Colour::Red) == 0);
                    let disconnecting = frame.disconnecting(piece);
                    for (i, e) in members(piece).enumerate() {
                        let after = whole.without_edge(i);
                        let drops = after.edge_count() + 1 < whole.edge_count()
                            || after.components().len() > 1;
                        // A bridge: what falls or stands apart when it is cut, or only its
                        // own end (a leaf, where nothing else falls).
                        let (a, b, _) = whole.edges()[i];
                        let degrees = whole.degrees();
                        let leaf = a != b && (degrees[a] == 1 && a != 0 || degrees[b] == 1);
                        assert_eq!(
                            disconnecting & bit(e) != 0,
                            drops || leaf,
                            "edge {i} of {}",
                            whole.notation()
                        );
                        let rest = frame.standing(piece & !bit(e));
                        assert_eq!(frame.position(rest), after, "{}", whole.notation());
                        // The pieces of what stands, from the set before what fell is dropped.
                        assert_eq!(frame.pieces(piece & !bit(e)), frame.pieces(rest));
                    }
                    // The piece as a frame of its own (as a search of it, an option, makes
                    // it): its edge `i` is the `i`-th edge of the piece here, and each set
                    // has the same position and the same shape in both frames.
                    let own = Frame::new(whole).unwrap();
                    let here: Vec<usize> = members(piece).collect();
                    let mut sets = vec![own.all()];
                    sets.extend((0..whole.edge_count()).map(|i| own.standing(own.all() & !bit(i))));
                    for &inner in &sets {
                        let outer = members(inner).fold(0, |s, i| s | bit(here[i]));
                        assert_eq!(own.position(inner), frame.position(outer));
                        assert_eq!(own.shape(inner), frame.shape(outer));
                    }
                    // Equal shapes are equal positions, and unequal ones unequal.
                    for &a in &sets {
                        for &b in &sets {
                            assert_eq!(
                                own.shape(a) == own.shape(b),
                                own.position(a) == own.position(b)
                            );
                        }
                    }
                }
            }
        }
    }

    /// A piece larger than the bit sets is left to the game tree.
    #[test]
    fn larger_pieces_are_not_searched() {
        let stalk = Position::stalk(&[Colour::Blue; MAX_SEARCHED_EDGES + 1]);
        assert!(Frame::new(&stalk).is_none());
        let mut budget = Budget::new("positions", 1_000);
        let searched =
            NumberSearch::new().piece(&mut Canon::new(), &stalk, Rules::Normal, &mut budget);
        assert_eq!(searched, Ok(None));
        // As many nodes as the bit sets hold: the ground and 127 more.
        let within = Position::stalk(&[Colour::Blue; MAX_SEARCHED_EDGES - 1]);
        let searched =
            NumberSearch::new().piece(&mut Canon::new(), &within, Rules::Normal, &mut budget);
        assert_eq!(searched, Ok(Some(Dyadic::integer(MAX_SEARCHED_EDGES - 1))));
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
