//! Every ruleset an essay or the command line may name, each once: adding a game is its module
//! and one line of [`RULESETS`].
//!
//! The one idea: a game is found by the name an author writes in a block's info string or in a
//! bracket (`[domineering: 2x3]`), and a name that is not there gets the nearest one.

use super::cutcake::Cutcake;
use super::domineering::Domineering;
use super::erased::{AnyPosition, DynRuleset};
use super::hackenbush::ruleset as hackenbush;
use super::nim::Nim;
use super::push::Pushing;
use super::toads_and_frogs::ToadsAndFrogs;
use hackenbook_base::located::Located;
use hackenbook_base::suggest::closest;

/// The rulesets by name, each rule variant once (Hackenbush's childish rules beside its normal
/// ones, under one name: [`find`] gives the usual game, [`find_variant`] the others).
pub static RULESETS: &[&dyn DynRuleset] = &[
    &hackenbush::NORMAL,
    &hackenbush::CHILDISH,
    &Nim,
    &Domineering,
    &ToadsAndFrogs,
    &Cutcake,
    &Pushing::Push,
    &Pushing::Shove,
];

/// The ruleset named `name`, under its usual rules.
pub fn find(name: &str) -> Option<&'static dyn DynRuleset> {
    find_variant(name, None)
}

/// The ruleset named `name` under the rule variant `variant` (`None`: the usual game).
pub fn find_variant(name: &str, variant: Option<&str>) -> Option<&'static dyn DynRuleset> {
    RULESETS
        .iter()
        .copied()
        .find(|r| r.name() == name && r.variant() == variant)
}

/// The ruleset named `name` under the rules a `rules = …` line writes: `normal` for the usual
/// game, else a rule variant's word (`childish`); or what rules there are, in words
/// ("expected `normal` or `childish`").
pub fn find_rules(name: &str, rules: &str) -> Result<&'static dyn DynRuleset, String> {
    let variant = (rules != "normal").then_some(rules);
    find_variant(name, variant).ok_or_else(|| {
        let mut words = vec!["`normal`".to_string()];
        words.extend(
            RULESETS
                .iter()
                .filter(|r| r.name() == name)
                .filter_map(|r| r.variant())
                .map(|v| format!("`{v}`")),
        );
        match words.split_last() {
            Some((last, rest)) if !rest.is_empty() => {
                format!("expected {} or {last}", rest.join(", "))
            }
            _ => format!("expected `normal`: {name} has no rule variants"),
        }
    })
}

/// Every ruleset's name, once, in the registry's order.
pub fn names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for r in RULESETS {
        if !names.contains(&r.name()) {
            names.push(r.name());
        }
    }
    names
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
    Some(tagged_game(text)?.and_then(|(ruleset, at)| {
        AnyPosition::parse(ruleset, &text[at..]).map_err(|e| e.shifted(at))
    }))
}

/// The game a position written without `GAME:` in front is read in: `LR` is `hackenbush: LR`.
pub const UNTAGGED: &str = "hackenbush";

/// Reads a position written `GAME: POSITION` ([`parse_tagged`]), or else bare, as a position of
/// [`UNTAGGED`] under its usual rules: the one reader of a position in brackets (`[LR]` is
/// `[hackenbush: LR]`). Errors are located in `text`.
pub fn parse_position(text: &str) -> Result<AnyPosition, Located> {
    parse_tagged(text).unwrap_or_else(|| AnyPosition::parse(untagged(), text))
}

/// The ruleset of [`UNTAGGED`], under its usual rules: the game of a position written bare.
pub fn untagged() -> &'static dyn DynRuleset {
    find(UNTAGGED).expect("UNTAGGED is a name of RULESETS (the registry's tests hold it)")
}

/// The game of `GAME: POSITION` and where its position starts in `text` (after the colon);
/// `None` when `text` has no `GAME:` in front, an error located in `text` for a name that is
/// no game's.
pub fn tagged_game(text: &str) -> Option<Result<(&'static dyn DynRuleset, usize), Located>> {
    let (game, _) = text.split_once(':')?;
    let name = game.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return None;
    }
    let name_at = game.len() - game.trim_start().len();
    Some(
        find_located(name)
            .map(|ruleset| (ruleset, game.len() + 1))
            .map_err(|e| e.shifted(name_at)),
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
                "hackenbush",
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
        // Hackenbush's rule variants: one name, the usual game found by it.
        assert_eq!(find("hackenbush").and_then(|r| r.variant()), None);
        let childish = find_variant("hackenbush", Some("childish")).unwrap();
        assert_eq!(childish.name(), "hackenbush");
        assert!(find_variant("nim", Some("childish")).is_none());
        assert_eq!(RULESETS.len(), super::names().len() + 1);
        // A `rules = …` line: `normal` is the usual game, a variant by its word.
        let normal = find_rules("hackenbush", "normal").unwrap();
        assert_eq!((normal.name(), normal.variant()), ("hackenbush", None));
        let childish = find_rules("hackenbush", "childish").unwrap();
        assert_eq!(childish.variant(), Some("childish"));
        assert_eq!(
            find_rules("hackenbush", "loopy").unwrap_err(),
            "expected `normal` or `childish`"
        );
        assert!(find_rules("nim", "childish")
            .unwrap_err()
            .contains("nim has no rule variants"));
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
        // Hackenbush is tagged like any game; untagged, a position is left to its own reader.
        let p = parse_tagged("hackenbush: LR").unwrap().unwrap();
        assert_eq!((p.ruleset().name(), p.print()), ("hackenbush", "LR".into()));
        assert!(parse_tagged("LR").is_none());
        assert!(parse_tagged("g-a L, a-b R").is_none());
        // Bare, a position is the untagged game's, read by the same reader as tagged.
        for bare in ["LR", "g-a L, a-b R"] {
            let p = parse_position(bare).unwrap();
            assert_eq!(find(UNTAGGED).map(|r| r.name()), Some(UNTAGGED));
            let tagged = parse_position(&format!("{UNTAGGED}: {bare}")).unwrap();
            assert_eq!(p.ruleset().name(), UNTAGGED);
            assert_eq!(p.ruleset().variant(), None);
            assert!(p == tagged, "{bare}");
        }
        assert_eq!(
            parse_position("L(R").unwrap_err(),
            crate::hackenbush::Position::parse("L(R").unwrap_err()
        );
    }
}
