//! Positions written in place in a game expression: `[LR] + [LR] + [R] = 0`.
//!
//! The one idea: the game notation knows no positions, so it hands a bracketed position on as a
//! name (`[LR]`, brackets kept); before the expression is evaluated, every such name is read
//! through the registry ([`crate::registry::parse_position`]) and valued by the run's solver of
//! its game, and the caller's resolver looks it up here. Brackets keep a position apart from `v`
//! (down) and from numbers. A position of another game says which in front of it,
//! `[domineering: 2x3]`; a bare one is Hackenbush's, `[LR]` being `[hackenbush: LR]`.

use crate::erased::{Solvers, Unconfirmed};
use crate::registry;
use hackenbook_base::located::{excerpt, Located};
use hackenbook_games::notation::Expr;
use hackenbook_games::{GameId, Games};
use std::collections::BTreeMap;

/// The most characters of a bracket an error quotes: the error is located at it, and the
/// reason, after the quote, must fit what a message shows (a diagnostic cuts one at 400).
const QUOTED_CHARS: usize = 80;

/// The values of the positions written in place in some expressions, by their bracketed text.
#[derive(Clone, Debug, Default)]
pub struct InPlace(BTreeMap<String, GameId>);

impl InPlace {
    /// Values every `[POSITION]` among the names of `exprs` (normal rules), and every
    /// `[GAME: POSITION]` by `rulesets`. A position that does not read or cannot be valued is an
    /// error at its bracket (spans of the expression text).
    pub fn value(
        exprs: &[&Expr],
        rulesets: &mut Solvers,
        games: &mut Games,
    ) -> Result<Self, Located> {
        let mut values = BTreeMap::new();
        for (name, span) in exprs.iter().flat_map(|e| e.names()) {
            let Some(inner) = name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) else {
                continue;
            };
            if values.contains_key(&name) {
                continue;
            }
            // The bracket quoted in part, so that the reason after it is always read.
            let quoted = excerpt(&name, QUOTED_CHARS);
            let position = registry::parse_position(inner).map_err(|e| Located {
                message: format!("in `{quoted}`: {}", e.message),
                ..e.shifted(span.start + 1)
            })?;
            // Confirmed by the plain game tree as a block's position is, where it fits.
            let (value, _) = position.confirmed_value(rulesets, games).map_err(|e| {
                let message = match e {
                    Unconfirmed::Unsolved(e) => {
                        format!("cannot value the position in brackets: {e}")
                    }
                    disagree => format!("in `{quoted}`: {disagree}"),
                };
                Located::new(span.clone(), message)
            })?;
            values.insert(name, value);
        }
        Ok(InPlace(values))
    }

    /// How to write in place an unknown bare name that reads as a position (`LR`): in brackets.
    /// `None` for a name that does not. Said only when no defined name is near the unknown one
    /// (see `check::unknown_name_help`): bracketing a typo of a defined name reads another
    /// position, which may well make the statement true.
    pub fn hint(name: &str) -> Option<String> {
        let reads = !name.starts_with('[') && registry::parse_position(name).is_ok();
        reads.then(|| format!("a position written in place goes in brackets: `[{name}]`"))
    }

    /// The value of `[POSITION]`, for a resolver; `None` for any other name.
    pub fn get(&self, name: &str) -> Option<GameId> {
        self.0.get(name).copied()
    }
}

/// Parses and evaluates a game expression whose positions may be written in place (`[LR] + 1`)
/// or named (through `names`); the positions are valued by the run's solvers (`rulesets`).
pub fn evaluate(
    text: &str,
    rulesets: &mut Solvers,
    games: &mut Games,
    names: &mut dyn FnMut(&str) -> Option<GameId>,
) -> Result<GameId, Located> {
    let expr = hackenbook_games::notation::parse_expr(text)?;
    let in_place = if text.contains('[') {
        InPlace::value(&[&expr], rulesets, games)?
    } else {
        InPlace::default()
    };
    hackenbook_games::notation::eval(&expr, games, &mut |name| {
        in_place.get(name).or_else(|| names(name))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_in_place_are_valued_by_the_solver() {
        let mut games = Games::new();
        let rulesets = &mut Solvers::default();
        // LR is worth 1/2 and R is worth -1: the balance of the rules essay.
        let sum = evaluate("[LR] + [LR] + [R]", rulesets, &mut games, &mut |_| None).unwrap();
        let numbers = games.eval_str("1/2 + 1/2 - 1").unwrap();
        assert_eq!(sum, numbers);
        let tree = evaluate("[L(L R)] : 1", rulesets, &mut games, &mut |_| None).unwrap();
        assert_eq!(tree, games.eval_str("1 : 1").unwrap());
        // A bad position is an error inside its brackets, at the parser's own span.
        let e = evaluate("1 + [L(R]", rulesets, &mut games, &mut |_| None).unwrap_err();
        assert_eq!(e.span, 6..7, "{e}");
        assert!(e.message.starts_with("in `[L(R]`"), "{e}");
        assert_eq!(
            InPlace::hint("LR").as_deref(),
            Some("a position written in place goes in brackets: `[LR]`")
        );
        assert_eq!(InPlace::hint("cherry"), None);
    }

    /// A bare bracket is read as `[hackenbush: …]` through the registry: the same value, and
    /// the same reason when it cannot be read, said whole after the bracket quoted in part. A
    /// stalk of 100,001 blue edges is past what Hackenbush takes (100,000 standing edges).
    #[test]
    fn a_bare_bracket_is_hackenbush_s_through_the_registry() {
        let mut games = Games::new();
        let rulesets = &mut Solvers::default();
        let mut value = |text: &str| evaluate(text, rulesets, &mut games, &mut |_| None);
        assert_eq!(
            value("[L(L R)] + [LR]").unwrap(),
            value("[hackenbush: L(L R)] + [hackenbush: LR]").unwrap()
        );
        let stalk = "L".repeat(100_001);
        let bare = value(&format!("1 + [{stalk}]")).unwrap_err();
        let tagged = value(&format!("1 + [hackenbush: {stalk}]")).unwrap_err();
        let reason = |e: &Located| e.message.split_once("`: ").unwrap().1.to_string();
        assert_eq!(reason(&bare), reason(&tagged));
        assert!(
            reason(&bare).starts_with("the position is too large: its size is 100001"),
            "{bare}"
        );
        // Located at the position inside its brackets; the bracket quoted in part, so that the
        // message fits what a diagnostic shows (400 characters) with its reason whole.
        assert_eq!(bare.span, 5..100_006);
        assert!(bare.message.chars().count() < 400, "{bare}");
        assert!(
            bare.message
                .starts_with(&format!("in `[{}… (", "L".repeat(79))),
            "{bare}"
        );
    }

    #[test]
    fn positions_of_other_games_in_place_say_their_game() {
        let mut games = Games::new();
        let rulesets = &mut Solvers::default();
        // Domineering 2x2 is ±1 and a Nim heap of 3 is *3 (Winning Ways).
        let sum = evaluate(
            "[domineering: 2x2] + [nim: 3]",
            rulesets,
            &mut games,
            &mut |_| None,
        )
        .unwrap();
        assert_eq!(sum, games.eval_str("{1|-1} + *3").unwrap());
        let e = evaluate("1 + [nim: 3 y]", rulesets, &mut games, &mut |_| None).unwrap_err();
        assert_eq!(e.span, 12..13, "{e}");
        assert!(e.message.starts_with("in `[nim: 3 y]`"), "{e}");
        let e = evaluate("[nmi: 3]", rulesets, &mut games, &mut |_| None).unwrap_err();
        assert_eq!(e.span, 1..4, "{e}");
        assert!(e.help.unwrap().starts_with("did you mean `nim`?"));
    }
}
