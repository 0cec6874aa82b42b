//! A `hackenbush` block: a position, valued by the solver (whose fast paths are cross-checked
//! against the game tree), drawn, and held to every assertion written under it.

use super::Scope;
use crate::census;
use crate::essay::parse::{KeyValue, PositionBlock};
use crate::essay::source::offset_span;
use crate::essay::{Diagnostic, SourceFile};
use crate::games::{notation, GameId, Games, Player};
use crate::hackenbush::{self, draw, Colour, Position, Rules};

#[derive(Debug)]
pub struct PositionOutcome {
    /// The name other directives use for it (an internal one if the author gave none).
    pub name: String,
    pub notation: String,
    pub childish: bool,
    pub value: String,
    pub value_latex: String,
    /// The methods that valued it and agreed ("game tree", "sign expansion", ...).
    pub methods: Vec<String>,
    pub svg: String,
    pub assertions: Vec<AssertionRecord>,
}

#[derive(Debug)]
pub struct AssertionRecord {
    pub key: String,
    pub literal: String,
    pub computed: String,
    pub holds: bool,
}

pub fn check(
    file: &SourceFile,
    index: usize,
    block: &PositionBlock,
    scope: &mut Scope,
    games: &mut Games,
    problems: &mut Vec<Diagnostic>,
) -> Option<PositionOutcome> {
    if let Some(name) = &block.name {
        if let Err(message) = usable_name(&name.value, scope) {
            problems.push(Diagnostic::new(file, name.span.clone(), message).label("this name"));
            return None;
        }
    }
    let at = block.position.span.start;
    let position = match Position::parse(&block.position.value) {
        Ok(p) => p,
        Err(e) => {
            problems.push(
                Diagnostic::new(
                    file,
                    offset_span(&e.span, at),
                    format!("bad position: {}", e.message),
                )
                .label("here")
                .help(
                    "stalks `LRRL`, trees `L(L R)`, forests `LR RL`, graphs `g-a L, a-b R, b-g G`",
                ),
            );
            return None;
        }
    };
    let (rules, assertions) = split_rules(file, &block.lines, problems)?;
    let evaluation = match hackenbush::evaluate(&position, rules, games) {
        Ok(e) => e,
        Err(e) => {
            problems.push(
                Diagnostic::new(
                    file,
                    block.position.span.clone(),
                    format!("cannot value this position: {e}"),
                )
                .label("this position"),
            );
            return None;
        }
    };
    let name = block
        .name
        .as_ref()
        .map_or_else(|| format!("position-{}", index + 1), |n| n.value.clone());
    scope.positions.insert(name.clone(), evaluation.value);
    let play = match rules {
        Rules::Normal => census::PlayRules::Normal,
        Rules::Childish => census::PlayRules::Childish,
    };
    scope
        .workspace
        .define_position_with_rules(&name, evaluation.value, position.clone(), play);
    let facts = Facts {
        name: &name,
        position: &position,
        rules,
        value: evaluation.value,
    };
    let assertions = assertions
        .iter()
        .map(|line| check_assertion(file, line, &facts, &mut scope.workspace, games, problems))
        .collect();
    let value = games.display(evaluation.value);
    let notation = without_coordinates(&position.notation());
    let svg = draw::svg(
        &position.picture(),
        &format!("Hackenbush position {notation}"),
        &describe(&position, &value, rules),
    );
    Some(PositionOutcome {
        name,
        notation,
        childish: rules == Rules::Childish,
        value_latex: games.latex(evaluation.value),
        value,
        methods: evaluation.methods,
        svg,
        assertions,
    })
}

/// A name that claims and game blocks can use, and that no other block of the essay has taken.
fn usable_name(name: &str, scope: &Scope) -> Result<(), String> {
    let identifier = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !identifier {
        return Err(format!(
            "`{name}` cannot name a position: use letters, digits and `_`, starting with a letter"
        ));
    }
    let down = name.starts_with('v') && name[1..].bytes().all(|b| b.is_ascii_digit() || b == b'v');
    if down {
        return Err(format!(
            "`{name}` reads as down (`v`) in a game expression: choose another name"
        ));
    }
    if scope.positions.contains_key(name) {
        return Err(format!(
            "a position named `{name}` is already defined in this essay"
        ));
    }
    Ok(())
}

/// Takes the `rules = …` option out of the lines; the rest are assertions.
fn split_rules<'a>(
    file: &SourceFile,
    lines: &'a [KeyValue],
    problems: &mut Vec<Diagnostic>,
) -> Option<(Rules, Vec<&'a KeyValue>)> {
    let mut rules = Rules::Normal;
    let mut assertions = Vec::new();
    for line in lines {
        if line.key.value != "rules" {
            assertions.push(line);
            continue;
        }
        rules = match line.value.value.as_str() {
            "normal" => Rules::Normal,
            "childish" => Rules::Childish,
            other => {
                problems.push(
                    Diagnostic::new(
                        file,
                        line.value.span.clone(),
                        format!("unknown rules `{other}`"),
                    )
                    .label("expected `normal` or `childish`"),
                );
                return None;
            }
        };
    }
    Some((rules, assertions))
}

/// What an assertion may be checked against.
struct Facts<'a> {
    name: &'a str,
    position: &'a Position,
    rules: Rules,
    value: GameId,
}

fn check_assertion(
    file: &SourceFile,
    line: &KeyValue,
    facts: &Facts,
    workspace: &mut census::Workspace,
    games: &mut Games,
    problems: &mut Vec<Diagnostic>,
) -> AssertionRecord {
    let key = line.key.value.as_str();
    let outcome = match key {
        // Values are games, compared exactly by the engine, whatever their kind (3/8, 1*, ^*).
        "value" => check_value(facts.value, &line.value.value, games),
        "left" | "right" => check_options(
            facts.position,
            facts.rules,
            if key == "left" {
                Player::Left
            } else {
                Player::Right
            },
            &line.value.value,
            games,
        ),
        _ => workspace
            .property(facts.name, key, games)
            .map_err(|e| (e.message, Some(line.key.span.clone())))
            .and_then(|figure| {
                let shown = census::render_figure(&figure, games);
                census::literal_holds(&line.value.value, &figure, games)
                    .map(|holds| (shown, holds))
                    .map_err(|e| (e.message, None))
            }),
    };
    let (computed, holds) = match outcome {
        Ok(pair) => pair,
        Err((message, span)) => {
            let span = span.unwrap_or_else(|| line.value.span.clone());
            problems.push(Diagnostic::new(file, span, message).label("here"));
            return record(line, String::new(), false);
        }
    };
    if !holds {
        problems.push(
            Diagnostic::new(
                file,
                line.value.span.clone(),
                format!(
                    "assertion does not hold: `{key} = {}`, but the computed {key} is {computed}",
                    line.value.value
                ),
            )
            .label(format!("computed {computed}")),
        );
    }
    record(line, computed, holds)
}

fn record(line: &KeyValue, computed: String, holds: bool) -> AssertionRecord {
    AssertionRecord {
        key: line.key.value.clone(),
        literal: line.value.value.clone(),
        computed,
        holds,
    }
}

type Checked = Result<(String, bool), (String, Option<std::ops::Range<usize>>)>;

fn check_value(value: GameId, literal: &str, games: &mut Games) -> Checked {
    let claimed = notation::evaluate(literal, games, &mut |_| None)
        .map_err(|e| (format!("bad game value `{literal}`: {}", e.message), None))?;
    Ok((games.display(value), claimed == value))
}

/// `left = 0, 1/2`: the values of the player's options, compared as sets.
fn check_options(
    position: &Position,
    rules: Rules,
    player: Player,
    literal: &str,
    games: &mut Games,
) -> Checked {
    let mut computed: Vec<GameId> = Vec::new();
    for option in hackenbush::options(position, rules, player) {
        let value = hackenbush::evaluate(&option, rules, games)
            .map_err(|e| (format!("cannot value an option: {e}"), None))?
            .value;
        if !computed.contains(&value) {
            computed.push(value);
        }
    }
    let mut claimed: Vec<GameId> = Vec::new();
    let none_claimed = matches!(literal.trim(), "none" | "{}");
    let items = if none_claimed {
        Vec::new()
    } else {
        split_top_level(literal)
    };
    for item in items {
        if item.trim().is_empty() {
            continue;
        }
        let value = notation::evaluate(item.trim(), games, &mut |_| None).map_err(|e| {
            (
                format!("bad game value `{}`: {}", item.trim(), e.message),
                None,
            )
        })?;
        if !claimed.contains(&value) {
            claimed.push(value);
        }
    }
    computed.sort();
    claimed.sort();
    let shown = if computed.is_empty() {
        "none (no moves)".to_string()
    } else {
        computed
            .iter()
            .map(|g| games.display(*g))
            .collect::<Vec<_>>()
            .join(", ")
    };
    Ok((
        shown,
        computed == claimed && (!claimed.is_empty() || none_claimed),
    ))
}

/// Splits `0, {1|-1}, 1/2` at the commas not inside braces.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// The notation as a caption: coordinates (`a@(1,2)`) place the drawing, a reader needs none.
fn without_coordinates(notation: &str) -> String {
    let mut out = String::with_capacity(notation.len());
    let mut rest = notation;
    while let Some(at) = rest.find("@(") {
        out.push_str(&rest[..at]);
        rest = rest[at..].split_once(')').map_or("", |(_, after)| after);
    }
    out.push_str(rest);
    out
}

/// The diagram's accessible description: what is drawn and what it is worth.
fn describe(position: &Position, value: &str, rules: Rules) -> String {
    let count = |c: Colour| position.count(c);
    format!(
        "{} blue, {} red and {} green edges{}; value {value}",
        count(Colour::Blue),
        count(Colour::Red),
        count(Colour::Green),
        if rules == Rules::Childish {
            " under the childish rules"
        } else {
            ""
        }
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn captions_drop_coordinates() {
        assert_eq!(
            super::without_coordinates("g-a@(0,1) L, a@(0,1)-b@(1,2) R"),
            "g-a L, a-b R"
        );
        assert_eq!(super::without_coordinates("L(L R)"), "L(L R)");
    }
}
