//! Test helpers every ruleset's tests use: its solver held against the plain game tree, its
//! notation read back, its drawing's targets held against its moves.
//!
//! The one idea: what a ruleset claims beyond its rules — that positions split into parts, that
//! a key folds symmetries, that a shortcut knows a value — is checked against the game tree
//! built from its moves alone ([`Solver::plain`]), never against itself. [`Unaided`] takes a
//! ruleset's shortcut away and keeps its parts and key, so that a shortcut can be held against
//! the game tree on positions too large for the plain solver.

use super::{Drawing, Keyed, Move, Ruleset, Solver};
use hackenbook_base::located::Located;
use hackenbook_games::clock::Running;
use hackenbook_games::{GameId, Games, Player};

/// A ruleset without its shortcut ([`Ruleset::fast_value`]): parts and key kept.
#[derive(Clone, Debug)]
pub struct Unaided<R>(pub R);

impl<R: Ruleset> Ruleset for Unaided<R> {
    type Position = R::Position;
    type Key = R::Key;

    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn variant(&self) -> Option<&'static str> {
        self.0.variant()
    }
    fn parse(&self, text: &str) -> Result<R::Position, Located> {
        self.0.parse(text)
    }
    fn print(&self, p: &R::Position) -> String {
        self.0.print(p)
    }
    fn size(&self, p: &R::Position) -> usize {
        self.0.size(p)
    }

    fn size_unit(&self) -> &'static str {
        self.0.size_unit()
    }
    fn moves(&self, p: &R::Position, player: Player) -> Vec<Move<R::Position>> {
        self.0.moves(p, player)
    }
    fn components(&self, p: &R::Position) -> Vec<R::Position> {
        self.0.components(p)
    }
    fn key(&self, p: &R::Position) -> Keyed<R::Key> {
        self.0.key(p)
    }
    fn draw(&self, p: &R::Position) -> Drawing {
        self.0.draw(p)
    }
    fn find_move(
        &self,
        p: &R::Position,
        player: Player,
        name: &str,
    ) -> Result<Move<R::Position>, String> {
        self.0.find_move(p, player, name)
    }
}

/// Values every position with the ruleset's solver and with the plain game tree, and fails on
/// the first that differ. Returns the values, in order, for further checks.
pub fn agree_with_plain<R: Ruleset>(
    rules: &R,
    positions: &[R::Position],
    games: &mut Games,
) -> Vec<GameId> {
    let clock = Running::default();
    let mut full = Solver::new(rules.clone());
    let mut plain = Solver::plain(rules.clone());
    let mut values = Vec::with_capacity(positions.len());
    for p in positions {
        let v = full.value(p, games, &clock).unwrap();
        let w = plain.value(p, games, &clock).unwrap();
        assert_eq!(
            v,
            w,
            "`{}`: the solver says {}, the plain game tree {}",
            rules.print(p),
            games.display(v),
            games.display(w)
        );
        values.push(w);
    }
    values
}

/// The value of `p` by the plain game tree alone.
pub fn plain_value<R: Ruleset>(rules: &R, p: &R::Position, games: &mut Games) -> GameId {
    Solver::plain(rules.clone())
        .value(p, games, &Running::default())
        .unwrap()
}

/// The position `text` names, printed, reads back as itself.
pub fn reads_back<R: Ruleset>(rules: &R, text: &str) -> R::Position {
    let p = rules
        .parse(text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    let printed = rules.print(&p);
    assert_eq!(
        rules.parse(&printed).unwrap(),
        p,
        "`{text}` printed as `{printed}` does not read back"
    );
    p
}

/// Every move of either player is the target of an item of the drawing, every target is a move,
/// and moves' names are distinct and found by [`Ruleset::find_move`].
pub fn targets_are_the_moves<R: Ruleset>(rules: &R, p: &R::Position) {
    let drawing = rules.draw(p);
    for player in Player::BOTH {
        let moves = rules.moves(p, player);
        let mut names: Vec<&str> = moves.iter().map(|m| m.name.as_str()).collect();
        names.sort_unstable();
        let count = names.len();
        names.dedup();
        assert_eq!(
            names.len(),
            count,
            "`{}`: two moves share a name",
            rules.print(p)
        );
        for m in &moves {
            assert!(
                drawing
                    .items
                    .iter()
                    .any(|i| i.moves.contains(&(player, m.name.clone()))),
                "`{}`: {player}'s move `{}` is no item's target",
                rules.print(p),
                m.name
            );
            assert_eq!(rules.find_move(p, player, &m.name).unwrap().to, m.to);
        }
    }
    for item in &drawing.items {
        for (player, name) in &item.moves {
            assert!(
                rules.moves(p, *player).iter().any(|m| &m.name == name),
                "`{}`: item `{}` targets `{name}`, which is not a move of {player}",
                rules.print(p),
                item.id
            );
        }
    }
    let mut ids: Vec<&str> = drawing.items.iter().map(|i| i.id.as_str()).collect();
    ids.sort_unstable();
    let count = ids.len();
    ids.dedup();
    assert_eq!(
        ids.len(),
        count,
        "`{}`: two items share an id",
        rules.print(p)
    );
}
