//! Censuses of games: every canonical game born by day n, or every game *form* born by day n.
//!
//! The one idea: a statement about all small games ("a game whose options are numbers, every
//! Left option below every Right option, is a number") is tried on every member of a finite
//! family, like a statement about all small forests, and its smallest counterexample is named.
//! A member is a game given by its options: the canonical options of a value (family `games`),
//! or the options as written (family `forms`, for statements such as ordinal sums that depend
//! on the form: `{∗ | ∗} = 0` but `{∗ | ∗} : 1 = ↑`). Members are listed by birthday, then
//! number of options, then their text in braces (character by character), so that `smallest`
//! is well defined and names the simplest counterexample.

use crate::families::games::{GameFamily, GameKind};
use hackenbook_games::{GameId, Games};
use hackenbook_rulesets::Level;

impl GameFamily {
    /// Every member, in census order.
    pub fn members(&self, games: &mut Games) -> Vec<GameMember> {
        let mut members: Vec<GameMember> = match self.kind {
            GameKind::Games => hackenbook_games::sample::born_by_day(games, self.born_by)
                .into_iter()
                .map(|g| {
                    let (left, right) = (games.left_options(g), games.right_options(g));
                    // At most the family's day, a `u32`.
                    let born = games.birthday(g) as u32;
                    GameMember::new(games, g, left, right, born)
                })
                .collect(),
            GameKind::Forms => forms(games, self.born_by),
        };
        members.sort_by_cached_key(|m| (m.born, m.left.len() + m.right.len(), m.text.clone()));
        for m in &mut members {
            m.form = self.kind == GameKind::Forms;
        }
        members
    }
}

/// Every form born by `day`: forms as (value, options, birthday), built day by day.
fn forms(games: &mut Games, day: u32) -> Vec<GameMember> {
    let zero = games.zero();
    let mut born = vec![GameMember::new(games, zero, Vec::new(), Vec::new(), 0)];
    for _ in 0..day {
        let n = born.len();
        let mut next = Vec::with_capacity(1 << (2 * n));
        for l in 0u64..1 << n {
            for r in 0u64..1 << n {
                let pick = |set: u64| -> Vec<&GameMember> {
                    (0..n)
                        .filter(|i| set >> i & 1 == 1)
                        .map(|i| &born[i])
                        .collect()
                };
                let (ls, rs) = (pick(l), pick(r));
                let age = ls.iter().chain(&rs).map(|m| m.born + 1).max().unwrap_or(0);
                let left: Vec<GameId> = ls.iter().map(|m| m.value).collect();
                let right: Vec<GameId> = rs.iter().map(|m| m.value).collect();
                let value = games.from_options(&left, &right);
                next.push(GameMember::new(games, value, left, right, age));
            }
        }
        born = next;
    }
    born
}

/// One member of a census of games: a game given by its options (the options' values).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMember {
    /// The value: the canonical form of `{left | right}`.
    pub value: GameId,
    /// The Left options' values, in display order. For a form born by day 2 the options are
    /// forms born by day 1, each its own canonical form, so the values say what was written.
    pub left: Vec<GameId>,
    pub right: Vec<GameId>,
    /// The birthday of the form (for a census of values, of the canonical form).
    pub born: u32,
    /// `{0|^}`: the options in ASCII shorthand, for ordering.
    pub text: String,
    /// A form as written (a census of forms), not the canonical form of a value.
    pub form: bool,
    /// The position of a game it is the value of, in a census of a game's positions
    /// ([`crate::engines::positions`]); its options are then its value's canonical options.
    pub position: Option<Box<MemberPosition>>,
}

/// A member of a census of a game's positions: the position, as its ruleset lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberPosition {
    pub position: hackenbook_rulesets::AnyPosition,
    /// Its size in the game's unit ([`hackenbook_rulesets::Ruleset::size`]).
    pub size: usize,
    /// Whether the plain game tree confirmed the solver's value (else it was beyond the plain
    /// tree's budget, and the value is the solver's alone).
    pub confirmed: bool,
}

impl GameMember {
    pub fn new(
        games: &Games,
        value: GameId,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
        born: u32,
    ) -> GameMember {
        games.sort_for_display(&mut left);
        games.sort_for_display(&mut right);
        let side = |ids: &[GameId]| ids.iter().map(|&g| games.display(g)).collect::<Vec<_>>();
        let text = format!("{{{}|{}}}", side(&left).join(","), side(&right).join(","));
        GameMember {
            value,
            left,
            right,
            born,
            text,
            form: false,
            position: None,
        }
    }

    /// For a reader: `{0 | ↑} = ⇑∗`, `{ | } = 0`; a canonical form printed in braces once:
    /// `{0 | −1}`.
    pub fn shown(&self, games: &Games) -> String {
        let side = |ids: &[GameId]| {
            ids.iter()
                .map(|&g| games.display_unicode(g))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (l, r) = (side(&self.left), side(&self.right));
        let braces = match (l.is_empty(), r.is_empty()) {
            (true, true) => "{ | }".to_string(),
            (true, false) => format!("{{ | {r}}}"),
            (false, true) => format!("{{{l} | }}"),
            (false, false) => format!("{{{l} | {r}}}"),
        };
        let value = games.display_unicode(self.value);
        if value == braces {
            value
        } else {
            format!("{braces} = {value}")
        }
    }
}

/// How many members were born on each day: a census of games counted by its levels
/// ([`hackenbook_rulesets::Family::miscounted`]).
pub fn by_birthday(members: &[GameMember]) -> Vec<(Level, u128)> {
    members
        .iter()
        .map(|m| (Level::Size(m.born as usize), 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hackenbook_rulesets::Family as _;

    #[test]
    fn sizes_and_order() {
        let mut games = Games::new();
        for kind in [GameKind::Games, GameKind::Forms] {
            for born_by in 0..=kind.max_day() {
                let family = GameFamily { kind, born_by };
                let members = family.members(&mut games);
                assert_eq!(members.len() as u64, family.size(), "{family}");
                // Each birthday's members as many as the published sizes say.
                assert_eq!(family.miscounted(&by_birthday(&members)), [], "{family}");
                for pair in members.windows(2) {
                    assert!(pair[0].born <= pair[1].born, "{family}: birthdays in order");
                }
            }
        }
        let day1: Vec<String> = GameFamily {
            kind: GameKind::Games,
            born_by: 1,
        }
        .members(&mut games)
        .iter()
        .map(|m| m.shown(&games))
        .collect();
        assert_eq!(
            day1,
            ["{ | } = 0", "{0 | } = 1", "{ | 0} = −1", "{0 | 0} = ∗"]
        );
    }
}
