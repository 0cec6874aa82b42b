//! Hackenbush as a [`Ruleset`]: a board in play, cut edge by edge, valued by the one solver of
//! every game with Hackenbush's own solver as its shortcut.
//!
//! The one idea: a position in play is the position as written (shared) and the set of its
//! edges still standing ([`InPlay`]). Edges keep the identities and the names ([`EdgeNames`])
//! they have in the position as written, so a move is named as an author names the edge it
//! cuts, in every position play reaches; a cut drops what no longer reaches the ground (the one
//! rule of falling, [`cut`]). The parts of a board are its pieces standing apart on the ground,
//! its key the canonical code of the standing edges (folding the colour swap, which negates),
//! and its shortcut the Hackenbush solver (sign expansions, the tree rule, the colon principle,
//! fusion, the number search) on the standing edges, held against the plain game tree in the
//! tests on random positions of both rule variants.

use super::canon::{self, Canon};
use super::cut::{cut, explain};
use super::draw::{fit, parts, svg_standing, touched, Picture, EDGE_EM, UNIT};
use super::edge_names::{EdgeNames, Scheme};
use super::notation::{print, print_graph};
use super::position::UnionFind;
use super::solve::Limits;
use super::{solve, Colour, Position, Rules};
use crate::{Drawing, Item, Keyed, Move, Ruleset, SolveLimits, Taken};
use hackenbook_base::located::Located;
use hackenbook_games::{GameId, Games, Player};
use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

/// The rules of Hackenbush: normal, or childish (a cut may make nothing fall).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hackenbush {
    pub rules: Rules,
}

/// Hackenbush under the normal rules, for the layers that hold a ruleset by reference.
pub static NORMAL: Hackenbush = Hackenbush {
    rules: Rules::Normal,
};

/// Hackenbush under the childish rules.
pub static CHILDISH: Hackenbush = Hackenbush {
    rules: Rules::Childish,
};

impl Hackenbush {
    /// The ruleset of `rules`, for as long as the program runs.
    pub fn of(rules: Rules) -> &'static Hackenbush {
        match rules {
            Rules::Normal => &NORMAL,
            Rules::Childish => &CHILDISH,
        }
    }
}

/// The Hackenbush position a board of any game stands for (its standing edges: the position as
/// written when every edge stands) and the rules it is played under; `None` for another game's.
pub fn standing_of(p: &crate::AnyPosition) -> Option<(Position, Rules)> {
    let board = p.downcast::<Hackenbush>()?;
    let rules = if p.ruleset().variant() == Ruleset::variant(&CHILDISH) {
        Rules::Childish
    } else {
        Rules::Normal
    };
    let position = if board.standing.count() == board.written().edge_count() {
        board.written().clone()
    } else {
        board.position()
    };
    Some((position, rules))
}

/// A set of edges, one bit per edge of the position as written (any number of edges).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EdgeBits {
    words: Box<[u64]>,
}

impl EdgeBits {
    /// The edges marked in `flags` (edge `e` when `flags[e]`).
    pub fn from_flags(flags: &[bool]) -> EdgeBits {
        let mut words = vec![0u64; flags.len().div_ceil(64)];
        for (e, _) in flags.iter().enumerate().filter(|(_, &f)| f) {
            words[e / 64] |= 1 << (e % 64);
        }
        EdgeBits {
            words: words.into_boxed_slice(),
        }
    }

    /// Edges `0..n`.
    pub fn all(n: usize) -> EdgeBits {
        EdgeBits::from_flags(&vec![true; n])
    }

    pub fn contains(&self, e: usize) -> bool {
        self.words
            .get(e / 64)
            .is_some_and(|w| w & (1 << (e % 64)) != 0)
    }

    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The members, in edge order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |b| w & (1 << b) != 0)
                .map(move |b| i * 64 + b)
        })
    }
}

/// The position as written, with its edges' names and, once asked, its drawing with every
/// edge standing: shared by every board play reaches from it.
#[derive(Debug)]
struct Written {
    position: Position,
    names: EdgeNames,
    whole: OnceLock<Whole>,
}

/// The written position drawn with every edge standing, each part an item without moves: a
/// board in play shows the same items, less the edges that fell and the nodes no standing
/// edge touches, so the picture is laid out and drawn once for all the boards play reaches.
#[derive(Debug)]
struct Whole {
    picture: Picture,
    /// The drawing's view box, in ems.
    view: [f32; 4],
    hatching: Option<Item>,
    /// Per edge drawn, its index as written and its item.
    edges: Vec<(usize, Item)>,
    ground: Item,
    /// Per node drawn, its index and its item.
    nodes: Vec<(usize, Item)>,
}

impl Whole {
    fn of(written: &Position) -> Whole {
        let picture = written.picture();
        let parts = parts(&picture);
        // Drawing units (an edge is `UNIT` long) to ems (an edge is `EDGE_EM`), an oversized
        // drawing scaled down as the diagram is ([`fit`]).
        let (w, h) = parts.size;
        let em = (EDGE_EM / UNIT * fit(w, h)) as f32;
        let item = |id: String, svg: &str, label: String, piece: Option<String>| Item {
            id,
            svg: format!(
                "<g transform=\"scale({})\">{}</g>",
                crate::draw::num(em),
                svg.trim_end()
            ),
            moves: Vec::new(),
            label,
            piece,
        };
        let edges = parts
            .edges
            .iter()
            .map(|(e, svg)| {
                let colour = written.edges()[*e].2;
                let edge = item(format!("edge-{e}"), svg, String::new(), Some(piece(colour)));
                (*e, edge)
            })
            .collect();
        Whole {
            view: [0.0, 0.0, w as f32 * em, h as f32 * em],
            hatching: (!parts.hatching.is_empty())
                .then(|| item("hatching".into(), &parts.hatching, String::new(), None)),
            edges,
            ground: item("ground".into(), &parts.ground, "the ground".into(), None),
            nodes: parts
                .nodes
                .iter()
                .map(|(n, svg)| (*n, item(format!("node-{n}"), svg, String::new(), None)))
                .collect(),
            picture,
        }
    }
}

/// A Hackenbush board in play: the position as written and the edges of it still standing.
#[derive(Clone)]
pub struct InPlay {
    written: Arc<Written>,
    standing: EdgeBits,
}

impl InPlay {
    /// The position as written, every edge standing, in time and memory proportional to it
    /// (its edges' names are written when asked).
    pub fn new(position: &Position) -> InPlay {
        InPlay {
            standing: EdgeBits::all(position.edge_count()),
            written: Arc::new(Written {
                names: EdgeNames::of(position),
                position: position.clone(),
                whole: OnceLock::new(),
            }),
        }
    }

    /// The same written position with the edges `standing` standing.
    fn with(&self, standing: EdgeBits) -> InPlay {
        InPlay {
            written: Arc::clone(&self.written),
            standing,
        }
    }

    /// The position as written.
    pub fn written(&self) -> &Position {
        &self.written.position
    }

    /// The names of the written position's edges (the names of every cut in play).
    pub fn names(&self) -> &EdgeNames {
        &self.written.names
    }

    pub fn standing(&self) -> &EdgeBits {
        &self.standing
    }

    /// Per edge of the position as written, whether it still stands.
    pub fn flags(&self) -> Vec<bool> {
        (0..self.written.position.edge_count())
            .map(|e| self.standing.contains(e))
            .collect()
    }

    /// The position made of the standing edges (node names and coordinates kept).
    pub fn position(&self) -> Position {
        self.written.position.restricted(&self.flags())
    }
}

/// Equal boards: the same position as written, the same edges standing.
impl PartialEq for InPlay {
    fn eq(&self, other: &InPlay) -> bool {
        self.standing == other.standing
            && (Arc::ptr_eq(&self.written, &other.written)
                || self.written.position == other.written.position)
    }
}

impl Eq for InPlay {}

impl Hash for InPlay {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.standing.hash(state);
        self.written.position.edge_count().hash(state);
    }
}

impl fmt::Debug for InPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "InPlay({})", NORMAL.print(self))
    }
}

impl Hackenbush {
    /// The legal cuts of `player` on `p`, each edge cut with the board it leaves, in the order
    /// of the edges as written.
    fn cuts<'a>(
        &'a self,
        p: &'a InPlay,
        player: Player,
    ) -> impl Iterator<Item = (usize, InPlay)> + 'a {
        let written = &p.written.position;
        p.standing.iter().filter_map(move |e| {
            let after = cut(written, self.rules, |x| p.standing.contains(x), e, player).ok()?;
            Some((e, p.with(EdgeBits::from_flags(&after))))
        })
    }
}

impl Ruleset for Hackenbush {
    type Position = InPlay;
    type Key = Vec<u32>;

    fn name(&self) -> &'static str {
        "hackenbush"
    }

    fn move_verb(&self) -> &'static str {
        "cuts"
    }

    fn variant(&self) -> Option<&'static str> {
        match self.rules {
            Rules::Normal => None,
            Rules::Childish => Some("childish"),
        }
    }

    fn parse(&self, text: &str) -> Result<InPlay, Located> {
        Ok(InPlay::new(&Position::parse(text)?))
    }

    /// The standing edges, in the notation the edge names refer to: the shorthand for a
    /// position written in it, else the graph form (which keeps the written node names).
    fn print(&self, p: &InPlay) -> String {
        let here = p.position();
        match p.names().scheme() {
            Scheme::LetterPaths => print(&here),
            Scheme::NodePairs => print_graph(&here),
        }
    }

    fn size(&self, p: &InPlay) -> usize {
        p.standing.count()
    }

    /// The most edges the Hackenbush solver values ([`Limits::max_edges`]).
    fn max_size(&self) -> usize {
        Limits::default().max_edges
    }

    fn size_unit(&self) -> &'static str {
        "standing edges"
    }

    /// The legal cuts of `player`, in the order of the edges as written.
    fn moves(&self, p: &InPlay, player: Player) -> Vec<Move<InPlay>> {
        self.cuts(p, player)
            .map(|(e, to)| Move {
                name: p.names().name(e),
                to,
            })
            .collect()
    }

    /// The boards [`Ruleset::moves`] reaches, without writing the cuts' names (a letters path
    /// is as long as its edge is high).
    fn options(&self, p: &InPlay, player: Player) -> Vec<InPlay> {
        self.cuts(p, player).map(|(_, to)| to).collect()
    }

    /// The cut of the edge `name` names, or why it is not `player`'s to make: no such edge, an
    /// edge already fallen, the other player's colour, or (childish) what would fall.
    fn find_move(&self, p: &InPlay, player: Player, name: &str) -> Result<Move<InPlay>, String> {
        let e = p.names().parse(name.trim()).map_err(|e| match e.help {
            Some(help) => format!("{}; {help}", e.message),
            None => e.message,
        })?;
        cut(
            &p.written.position,
            self.rules,
            |x| p.standing.contains(x),
            e,
            player,
        )
        .map(|after| Move {
            name: p.names().name(e),
            to: p.with(EdgeBits::from_flags(&after)),
        })
        .map_err(|why| explain(p.names(), e, player, &why))
    }

    /// The pieces standing apart on the ground (a loop at the ground is a piece by itself), in
    /// the order of their first edge; none when nothing stands.
    fn components(&self, p: &InPlay) -> Vec<InPlay> {
        let written = &p.written.position;
        let edges = written.edges();
        let mut sets = UnionFind::new(written.node_count());
        for e in p.standing.iter() {
            let (a, b, _) = edges[e];
            if a != 0 && b != 0 {
                sets.union(a, b);
            }
        }
        let mut piece_of_root = vec![usize::MAX; written.node_count()];
        let mut pieces: Vec<Vec<bool>> = Vec::new();
        for e in p.standing.iter() {
            let (a, b, _) = edges[e];
            let piece = if a == 0 && b == 0 {
                pieces.push(vec![false; edges.len()]);
                pieces.len() - 1
            } else {
                let root = sets.find(if a == 0 { b } else { a });
                if piece_of_root[root] == usize::MAX {
                    piece_of_root[root] = pieces.len();
                    pieces.push(vec![false; edges.len()]);
                }
                piece_of_root[root]
            };
            pieces[piece][e] = true;
        }
        pieces
            .iter()
            .map(|flags| p.with(EdgeBits::from_flags(flags)))
            .collect()
    }

    /// The canonical code of the standing edges or of their negative (colours swapped),
    /// whichever is less: isomorphic boards share an entry, and a board and its negative too.
    fn key(&self, p: &InPlay) -> Keyed<Vec<u32>> {
        let here = p.position();
        let code = canon::code(&here);
        let negative = canon::code(&here.negated());
        if negative < code {
            Keyed {
                key: negative,
                negated: true,
            }
        } else {
            Keyed {
                key: code,
                negated: false,
            }
        }
    }

    /// The Hackenbush solver on the standing edges (it checks its theorems against its own
    /// game tree where it can afford to), a fresh one with the default budgets: for a board
    /// valued outside a solver; the solver's calls go to [`Ruleset::fast_value_with`].
    fn fast_value(&self, p: &InPlay, games: &mut Games) -> Option<GameId> {
        solve::evaluate(&p.position(), self.rules, games)
            .ok()
            .map(|e| e.value)
    }

    /// The Hackenbush solver that lives as long as whoever keeps it: a run's solvers keep one
    /// for both rule variants and every other use of the run ([`crate::Solvers::shortcut`]),
    /// so one memo serves every board of a run.
    fn shortcut_state(&self) -> Option<Box<dyn Any + Send>> {
        Some(Box::new(solve::Solver::new()))
    }

    /// The Hackenbush solver kept in `state` on the standing edges, under the solver's budgets
    /// (its scale: a longer time limit grows them) and the games table's clock; `None` past
    /// its budgets, leaving the game tree.
    fn fast_value_with(
        &self,
        p: &InPlay,
        state: Option<&mut (dyn Any + Send)>,
        limits: &SolveLimits,
        games: &mut Games,
    ) -> Option<GameId> {
        let Some(solver) = state.and_then(|s| s.downcast_mut::<solve::Solver>()) else {
            return self.fast_value(p, games);
        };
        solver.limits = Limits::scaled(limits.scale);
        // A value read back from the slow-value cache is published as such by whoever asked the
        // Hackenbush solver for its methods; asked as a shortcut, it values the board itself.
        let cache = solver.value_cache.take();
        let value = solver
            .evaluate(&p.position(), self.rules, games)
            .ok()
            .map(|e| e.value);
        solver.value_cache = cache;
        value
    }

    /// The Hackenbush solver holds each piece against its own plain game tree where that is
    /// affordable; on a disagreement it gives no value, and the solver of every game values
    /// the board from its cuts.
    fn checks_itself(&self) -> bool {
        true
    }

    /// The diagram of the position as written with only the standing edges drawn, in its
    /// layout and frame (every frame of a line of play the same size), with no words.
    fn frame_picture(&self, p: &InPlay) -> Option<String> {
        Some(svg_standing(
            &p.written.position.picture(),
            &p.flags(),
            "",
            "",
        ))
    }

    /// The edge cut, by its colour, and how many other edges fell with it.
    fn taken(&self, from: &InPlay, name: &str, to: &InPlay) -> Option<Taken> {
        let e = from.names().parse(name).ok()?;
        let colour = from.written.position.edges().get(e)?.2;
        Some(Taken {
            piece: piece(colour),
            noun: EDGE,
            with: from
                .standing
                .count()
                .saturating_sub(to.standing.count() + 1),
        })
    }

    /// Whether what stands on `a` and on `b` is one picture up to isomorphism (the node
    /// names, the places and the edges' order aside): a `position =` claim names a board so.
    fn same_position(&self, a: &InPlay, b: &InPlay) -> bool {
        let mut canon = Canon::new();
        canon.key(&a.position()) == canon.key(&b.position())
    }

    /// The written position's layout with only the standing edges: the ground, each standing
    /// edge an item (`edge-N`, N its index as written) that is the target of its cut by each
    /// player who may make it, and the nodes those edges touch. Drawn in the written position's
    /// frame, so an edge stays where it was while others fall.
    fn draw(&self, p: &InPlay) -> Drawing {
        let written = &p.written.position;
        let whole = p.written.whole.get_or_init(|| Whole::of(written));
        let flags = p.flags();
        let mut items = Vec::new();
        items.extend(whole.hatching.clone());
        for (e, edge) in &whole.edges {
            if !p.standing.contains(*e) {
                continue;
            }
            let name = p.names().name(*e);
            let moves = Player::BOTH
                .into_iter()
                .filter(|&who| {
                    cut(written, self.rules, |x| p.standing.contains(x), *e, who).is_ok()
                })
                .map(|who| (who, name.clone()))
                .collect();
            items.push(Item {
                moves,
                label: format!("the {} edge {name}", written.edges()[*e].2.word()),
                ..edge.clone()
            });
        }
        items.push(whole.ground.clone());
        let touched = touched(&whole.picture, &flags);
        items.extend(
            whole
                .nodes
                .iter()
                .filter(|(n, _)| touched.get(*n).copied().unwrap_or(false))
                .map(|(_, node)| node.clone()),
        );
        let count = |c: Colour| {
            p.standing
                .iter()
                .filter(|&e| written.edges()[e].2 == c)
                .count()
        };
        Drawing {
            view: whole.view,
            items,
            description: format!(
                "a Hackenbush position of {} standing edges: {} blue, {} red, {} green",
                p.standing.count(),
                count(Colour::Blue),
                count(Colour::Red),
                count(Colour::Green)
            ),
        }
    }
}

/// What a Hackenbush piece is called.
const EDGE: &str = "edge";

/// An edge in words, by its colour, without its article: `blue edge` (a cut's [`Taken`], and
/// the drawing's [`Item::piece`]).
fn piece(colour: Colour) -> String {
    format!("{} {EDGE}", colour.word())
}

#[cfg(test)]
mod generic_table;
#[cfg(test)]
mod tests;
