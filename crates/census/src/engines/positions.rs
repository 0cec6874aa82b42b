//! Censuses of any game's positions, run: a [`PositionFamily`]'s members listed level by level
//! and valued.
//!
//! The one idea: a ruleset lists its positions level by level, each once up to the symmetries
//! that keep a value ([`hackenbook_rulesets::census`]), and a census of them is a census of
//! games like [`crate::engines::games`]'s — each member a [`GameMember`] carrying its value, the
//! canonical options of its value and, here, its position and size — so every property of
//! games, every query and every example works on it unchanged. Each member is valued by the
//! run's solver of its ruleset and confirmed by the plain game tree where that fits its budget
//! ([`AnyPosition::confirmed_value`]), and every level whose size has a closed form is held
//! against it ([`Family::miscounted`]) before any member is valued.

use crate::engines::games::{GameMember, MemberPosition};
use crate::families::positions::PositionFamily;
use hackenbook_games::Games;
use hackenbook_rulesets::{AnyPosition, Family, Level, Solvers};

impl PositionFamily {
    /// Every member, level by level in census order, valued by the run's solver of the game and
    /// confirmed by its plain game tree where that fits its budget. A level whose size has a
    /// closed form is held against it; a member the solver cannot value, or that it and the
    /// plain game tree value differently, is an error naming the member.
    pub fn members(
        &self,
        solvers: &mut Solvers,
        games: &mut Games,
    ) -> Result<Vec<GameMember>, String> {
        let levels: Vec<(Level, Vec<AnyPosition>)> = self
            .levels()
            .into_iter()
            .map(|level| {
                let positions = AnyPosition::census(self.ruleset, self.family, level);
                (level, positions)
            })
            .collect();
        let counted: Vec<(Level, u128)> = levels
            .iter()
            .map(|(level, positions)| (*level, positions.len() as u128))
            .collect();
        if let Some(wrong) = self.miscounted(&counted).first() {
            return Err(format!(
                "the census listed {} {} of {}, where there are {}: a position was missed or \
                 listed twice",
                crate::families::group(wrong.got),
                self.info().noun(),
                self.level_words(wrong.level),
                wrong
                    .want
                    .map_or("none".to_string(), crate::families::group)
            ));
        }
        let mut out = Vec::new();
        for (_, positions) in levels {
            for position in positions {
                let (value, methods) = position.confirmed_value(solvers, games).map_err(|e| {
                    format!(
                        "the member `{}` has no value to publish: {e}",
                        position.print()
                    )
                })?;
                let born = u32::try_from(games.birthday(value)).map_err(|_| {
                    format!(
                        "the member `{}` has a value born too late to list",
                        position.print()
                    )
                })?;
                let (left, right) = (games.left_options(value), games.right_options(value));
                let mut member = GameMember::new(games, value, left, right, born);
                member.position = Some(Box::new(MemberPosition {
                    size: position.size(),
                    confirmed: methods.contains(&hackenbook_base::provenance::Method::GameTree),
                    position,
                }));
                out.push(member);
            }
        }
        Ok(out)
    }
}
