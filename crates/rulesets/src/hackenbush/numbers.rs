//! The game tree of blue-red positions, valued in exact numbers by the simplicity rule.
//!
//! The one idea: a blue-red position is a number, so its game tree never needs general game
//! forms — the value of `{L | R}` is the simplest dyadic strictly between the best Left option
//! and the best Right option. The rule is applied, never assumed: if the best Left option is not
//! below the best Right option the position is reported as not a number (`None`) and the caller
//! falls back to general canonical forms.

use super::blocks::{shape, stalk_edges, Shape};
use super::budget::{listing_cost, move_cost};
use super::budget::{Budget, SolveError};
use super::canon::Canon;
use super::memo::{Memo, MemoStats};
use super::moves::legal_moves;
use super::position::Position;
use super::signs::{colon, forest_value};
use super::Rules;
use hackenbook_games::{Dyadic, Nus, Player};

/// The memoised number game tree.
pub struct NumberTree {
    memo: Memo<Option<Dyadic>>,
    shortcuts: bool,
}

impl NumberTree {
    /// With `shortcuts`, forests met in the tree (under the normal rules) are valued by the tree
    /// rule instead of being searched; without, the tree is nothing but the definition.
    pub fn new(shortcuts: bool) -> NumberTree {
        NumberTree {
            memo: Memo::default(),
            shortcuts,
        }
    }

    pub fn stats(&self) -> MemoStats {
        self.memo.stats()
    }

    /// The simplicity rule over the best options of each player (`None`: not a number).
    fn simplest(
        &mut self,
        canon: &mut Canon,
        p: &Position,
        rules: Rules,
        budget: &mut Budget,
    ) -> Result<Option<Dyadic>, SolveError> {
        let Some(left) = self.best(canon, p, rules, Player::Left, budget)? else {
            return Ok(None);
        };
        let Some(right) = self.best(canon, p, rules, Player::Right, budget)? else {
            return Ok(None);
        };
        Ok(Dyadic::simplest_between(left.as_ref(), right.as_ref()))
    }

    /// A trunk is `(±1) : (what stands on it)`; branches hanging from a cycle are replaced by
    /// the stalks of their values when that is smaller (see [`super::blocks`]). `Ok(None)` when
    /// neither applies; `Ok(Some(None))` when a part is not a number.
    #[allow(clippy::option_option)]
    fn by_colon_principle(
        &mut self,
        canon: &mut Canon,
        p: &Position,
        budget: &mut Budget,
    ) -> Result<Option<Option<Dyadic>>, SolveError> {
        match shape(p) {
            Shape::Trunk { colour, above } => {
                let above = self.value(canon, &above, Rules::Normal, budget)?;
                Ok(Some(above.and_then(|x| colon(colour, &x))))
            }
            Shape::Block(block) => {
                let mut replacements = Vec::new();
                for branch in &block.branches {
                    let Some(x) = self.value(canon, &branch.position, Rules::Normal, budget)?
                    else {
                        return Ok(Some(None));
                    };
                    let worth = Nus::of_number(x);
                    if stalk_edges(&worth) < branch.position.edge_count() {
                        replacements.push((branch.at, worth));
                    }
                }
                if replacements.is_empty() {
                    return Ok(None);
                }
                let smaller = block.rebuilt(&replacements);
                Ok(Some(self.value(canon, &smaller, Rules::Normal, budget)?))
            }
        }
    }

    /// The best option for the player: `Some(None)` if there is no move, `None` if an option
    /// is not a number.
    #[allow(clippy::option_option)]
    fn best(
        &mut self,
        canon: &mut Canon,
        p: &Position,
        rules: Rules,
        player: Player,
        budget: &mut Budget,
    ) -> Result<Option<Option<Dyadic>>, SolveError> {
        let mut best: Option<Dyadic> = None;
        budget.spend_work(listing_cost(p, rules))?;
        for e in legal_moves(p, rules, player) {
            budget.spend_work(move_cost(p))?;
            let Some(v) = self.value(canon, &p.without_edge(e), rules, budget)? else {
                return Ok(None);
            };
            let better = match &best {
                None => true,
                Some(b) => match player {
                    Player::Left => v > *b,
                    Player::Right => v < *b,
                },
            };
            if better {
                best = Some(v);
            }
        }
        Ok(Some(best))
    }
}

/// A way of valuing blue-red positions as numbers piece by piece, with one entry point
/// ([`Numbers::value`]) for the game tree here and the number search ([`super::search`]).
pub trait Numbers {
    /// The number a connected piece is worth; `Ok(None)` if it is not one, or not this
    /// valuer's to value (under its rules).
    fn piece(
        &mut self,
        canon: &mut Canon,
        p: &Position,
        rules: Rules,
        budget: &mut Budget,
    ) -> Result<Option<Dyadic>, SolveError>;

    /// The value of a blue-red position as the sum of its pieces; `Ok(None)` if the position has
    /// a green edge or some piece is not valued as a number.
    fn value(
        &mut self,
        canon: &mut Canon,
        p: &Position,
        rules: Rules,
        budget: &mut Budget,
    ) -> Result<Option<Dyadic>, SolveError> {
        if !p.is_blue_red() {
            return Ok(None);
        }
        let mut sum = Dyadic::zero();
        for piece in p.components() {
            match self.piece(canon, &piece, rules, budget)? {
                Some(v) => sum = &sum + &v,
                None => return Ok(None),
            }
        }
        Ok(Some(sum))
    }
}

impl Numbers for NumberTree {
    /// One piece standing on the ground: memo, or the simplicity rule over its options.
    fn piece(
        &mut self,
        canon: &mut Canon,
        p: &Position,
        rules: Rules,
        budget: &mut Budget,
    ) -> Result<Option<Dyadic>, SolveError> {
        let shortcuts = self.shortcuts && rules == Rules::Normal;
        if shortcuts {
            if let Some(v) = forest_value(p) {
                return Ok(Some(v));
            }
        }
        let key = match self.memo.find(canon, rules, p) {
            Ok(v) => return Ok(v),
            Err(key) => key,
        };
        let value = match shortcuts {
            true => self.by_colon_principle(canon, p, budget)?,
            false => None,
        };
        let value = match value {
            Some(v) => v,
            None => {
                budget.spend()?;
                self.simplest(canon, p, rules, budget)?
            }
        };
        self.memo.store(rules, p, key, value.clone());
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str, rules: Rules) -> Option<String> {
        let mut budget = Budget::new("positions", 100_000);
        NumberTree::new(false)
            .value(
                &mut Canon::new(),
                &Position::parse(text).unwrap(),
                rules,
                &mut budget,
            )
            .unwrap()
            .map(|d| d.to_string())
    }

    #[test]
    fn known_values() {
        for (text, v) in [
            ("LRRL", "3/8"),
            ("LR", "1/2"),
            ("L(L R)", "1"),
            ("R(L L)", "-1/4"),
            ("LRLRR", "9/16"),
            ("LRLRRLLR", "77/128"),
            ("L(L RL)", "3/2"),
            ("LR LR R", "0"),
            ("g-a L, a-b R, b-g L", "1"),
        ] {
            assert_eq!(value(text, Rules::Normal).as_deref(), Some(v), "{text}");
        }
        assert_eq!(value("LG", Rules::Normal), None);
    }

    #[test]
    fn childish_values_differ() {
        // Left cannot chop the blue trunk under the red edge without dropping it.
        assert_eq!(value("LR", Rules::Childish).as_deref(), Some("0"));
        assert_eq!(value("LL", Rules::Childish).as_deref(), Some("2"));
    }
}
