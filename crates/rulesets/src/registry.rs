//! Every ruleset an essay or the command line may name, each once: adding a game is its module
//! and one line of [`RULESETS`].
//!
//! The one idea: a game is found by the name an author writes in a block's info string or in a
//! bracket (`[domineering: 2x3]`), and a name that is not there gets the nearest one.

use super::cutcake::Cutcake;
use super::domineering::Domineering;
use super::erased::{AnyPosition, DynRuleset};
use super::nim::Nim;
use super::push::Pushing;
use super::toads_and_frogs::ToadsAndFrogs;
use hackenbook_base::located::Located;
use hackenbook_base::suggest::closest;

/// The rulesets by name (Hackenbush keeps its own path: its blocks are ```` ```hackenbush ````).
pub static RULESETS: &[&dyn DynRuleset] = &[
    &Nim,
    &Domineering,
    &ToadsAndFrogs,
    &Cutcake,
    &Pushing::Push,
    &Pushing::Shove,
];

/// The ruleset named `name`.
pub fn find(name: &str) -> Option<&'static dyn DynRuleset> {
    RULESETS.iter().copied().find(|r| r.name() == name)
}

/// Every ruleset's name, in the registry's order.
pub fn names() -> Vec<&'static str> {
    RULESETS.iter().map(|r| r.name()).collect()
}

/// What to tell an author who wrote `name` for a game: the nearest name, or all of them.
pub fn unknown_help(name: &str) -> String {
    let names = names();
    match closest(name, &names) {
        Some(near) => format!("did you mean `{near}`? The games are {}", names.join(", ")),
        None => format!("the games are {}", names.join(", ")),
    }
}

/// The ruleset named `name`, or a located error (spans within `name`) with the nearest name.
pub fn find_located(name: &str) -> Result<&'static dyn DynRuleset, Located> {
    find(name).ok_or_else(|| {
        Located::new(0..name.len(), format!("unknown game `{name}`")).with_help(unknown_help(name))
    })
}

/// Reads `GAME: POSITION` (`domineering: 2x3`, the inside of a bracket, or `eval`'s argument):
/// the game by its registry name, the position in its notation. `None` when `text` has no
/// `GAME:` in front (a Hackenbush position, say); errors are located in `text`.
pub fn parse_tagged(text: &str) -> Option<Result<AnyPosition, Located>> {
    let (game, rest) = text.split_once(':')?;
    let name = game.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return None;
    }
    let name_at = game.len() - game.trim_start().len();
    let at = game.len() + 1;
    Some(
        find_located(name)
            .map_err(|e| e.shifted(name_at))
            .and_then(|ruleset| AnyPosition::parse(ruleset, rest).map_err(|e| e.shifted(at))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ruleset_is_named_once_and_found_by_its_name() {
        let names = names();
        assert_eq!(
            names,
            [
                "nim",
                "domineering",
                "toads-and-frogs",
                "cutcake",
                "push",
                "shove"
            ]
        );
        for name in names {
            assert_eq!(find(name).map(|r| r.name()), Some(name));
        }
        assert!(find("hackenbush").is_none());
    }

    #[test]
    fn a_tagged_position_is_read_and_a_misspelt_game_is_answered_with_the_nearest() {
        let p = parse_tagged("domineering: 2x3").unwrap().unwrap();
        assert_eq!(p.ruleset().name(), "domineering");
        assert_eq!(p.print(), "2x3");
        let e = parse_tagged(" dominering: 2x3").unwrap().unwrap_err();
        assert_eq!(e.span, 1..11);
        assert!(e.help.unwrap().starts_with("did you mean `domineering`?"));
        // The position's own error, located in the whole text.
        let e = parse_tagged("nim: 3 x").unwrap().unwrap_err();
        assert_eq!(e.span, 7..8, "{e}");
        assert!(parse_tagged("LR").is_none());
        assert!(parse_tagged("g-a L, a-b R").is_none());
    }
}
