//! Every checkable statement of `essays/a-tree-is-still-a-number.md`, checked with the census
//! library directly (the same calls the site's checker makes), and every marked literal shown
//! to fail when it is changed.
use hackenbook::census::{literal_holds, render_figure, Workspace};
use hackenbook::essay::parse::{DirectiveKind, KeyValue};
use hackenbook::essay::{parse_essay, Claim, SourceFile};
use hackenbook::games::notation::{check_statement, parse_statement};
use hackenbook::games::{GameId, Games};
use hackenbook::hackenbush::{evaluate, options, Position, Rules};
use std::collections::HashMap;
use std::path::Path;

const ESSAY: &str = "essays/a-tree-is-still-a-number.md";

struct Checked {
    claims: Vec<Claim>,
    failures: Vec<String>,
    checked: usize,
}

fn values(list: &str, games: &mut Games) -> Vec<GameId> {
    let mut v: Vec<GameId> = list
        .split(',')
        .map(|t| games.eval_str(t.trim()).expect("an option value"))
        .collect();
    v.sort();
    v
}

/// Runs the essay through the census library the way the checker does.
fn check_essay(text: &str) -> Checked {
    let file = SourceFile::new(ESSAY, text.to_string());
    let essay = parse_essay(&file).unwrap_or_else(|d| panic!("{} problems parsing", d.len()));
    let mut games = Games::new();
    let mut ws = Workspace::new(None);
    let mut positions: HashMap<String, GameId> = HashMap::new();
    let mut failures = Vec::new();
    let mut claims = Vec::new();
    let mut assertions: Vec<(String, Position, KeyValue)> = Vec::new();
    let mut checked = 0;
    // Definitions first, as the driver does.
    for d in &essay.directives {
        match &d.kind {
            DirectiveKind::Census { name, body } => {
                if let Err(e) = ws.define_census(&name.value, &body.value) {
                    failures.push(format!("census {}: {}", name.value, e.message));
                }
            }
            DirectiveKind::Position(block) => {
                let position = Position::parse(&block.position.value).expect("a position");
                let value = evaluate(&position, Rules::Normal, &mut games)
                    .expect("solvable")
                    .value;
                let name = block
                    .name
                    .as_ref()
                    .map(|n| n.value.clone())
                    .unwrap_or_default();
                if !name.is_empty() {
                    positions.insert(name.clone(), value);
                    ws.define_position(&name, value, position.clone());
                }
                for line in &block.lines {
                    assertions.push((
                        name.clone(),
                        position.clone(),
                        KeyValue {
                            key: line.key.clone(),
                            value: line.value.clone(),
                        },
                    ));
                }
            }
            DirectiveKind::InlineClaim(c) => claims.push(c.clone()),
            DirectiveKind::Claims(cs) => claims.extend(cs.iter().cloned()),
            DirectiveKind::Game(_) => {}
        }
    }
    for d in &essay.directives {
        if let DirectiveKind::Game(lines) = &d.kind {
            for line in lines {
                let st = parse_statement(&line.value).expect("a statement");
                let bad = check_statement(&st, &mut games, &mut |n| positions.get(n).copied())
                    .expect("evaluable");
                checked += 1;
                if !bad.is_empty() {
                    failures.push(format!("game: {}", line.value));
                }
            }
        }
    }
    for (name, position, line) in &assertions {
        let (key, literal) = (line.key.value.as_str(), line.value.value.as_str());
        checked += 1;
        let holds = match key {
            "value" => {
                let v = evaluate(position, Rules::Normal, &mut games).unwrap().value;
                games.eval_str(literal).unwrap() == v
            }
            "left" | "right" => {
                let mut got: Vec<GameId> = options(position, Rules::Normal, key == "left")
                    .iter()
                    .map(|p| evaluate(p, Rules::Normal, &mut games).unwrap().value)
                    .collect();
                got.sort();
                got.dedup();
                got == values(literal, &mut games)
            }
            _ => match ws.property(name, key, &mut games) {
                Ok(f) => literal_holds(literal, &f, &mut games).unwrap_or(false),
                Err(e) => {
                    failures.push(format!("{name}.{key}: {}", e.message));
                    continue;
                }
            },
        };
        if !holds {
            failures.push(format!("{name}: {key} = {literal}"));
        }
    }
    for c in &claims {
        checked += 1;
        match ws.evaluate(&c.query.value, &mut games) {
            Ok(f) => match literal_holds(&c.literal.value, &f, &mut games) {
                Ok(true) => {}
                Ok(false) => failures.push(format!(
                    "{} = {} is {}",
                    c.literal.value,
                    c.query.value,
                    render_figure(&f, &games)
                )),
                Err(e) => failures.push(format!("{}: {}", c.literal.value, e.message)),
            },
            Err(e) => failures.push(format!("{}: {}", c.query.value, e.message)),
        }
    }
    Checked {
        claims,
        failures,
        checked,
    }
}

fn essay_text() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(ESSAY);
    std::fs::read_to_string(path).expect("the essay exists")
}

#[test]
fn every_statement_of_the_essay_holds() {
    let result = check_essay(&essay_text());
    assert!(result.failures.is_empty(), "{:#?}", result.failures);
    assert!(
        result.claims.len() >= 45,
        "only {} claims",
        result.claims.len()
    );
    assert!(result.checked >= 65, "only {} checks", result.checked);
}

/// A different literal of the same kind: the last digit bumped, another number word, the
/// opposite truth phrase, another position.
fn mutate(literal: &str) -> String {
    const WORDS: [(&str, &str); 4] = [
        ("two", "three"),
        ("three", "four"),
        ("four", "five"),
        ("not one", "some"),
    ];
    if let Some((_, to)) = WORDS.iter().find(|(from, _)| *from == literal) {
        return to.to_string();
    }
    if let Some(i) = literal.rfind(|c: char| c.is_ascii_digit()) {
        let d = literal.as_bytes()[i] - b'0';
        let mut s = literal.to_string();
        s.replace_range(i..i + 1, &((d + 1) % 10).to_string());
        return s;
    }
    if literal.chars().all(|c| "LRG() ".contains(c)) {
        return format!("{literal}L");
    }
    "not always".to_string()
}

#[test]
fn changing_any_marked_literal_fails_the_check() {
    let text = essay_text();
    let claims = check_essay(&text).claims;
    for c in &claims {
        let replacement = mutate(&c.literal.value);
        let mut changed = text.clone();
        changed.replace_range(c.literal.span.clone(), &replacement);
        let result = check_essay(&changed);
        assert!(
            !result.failures.is_empty(),
            "changing `{}` to `{replacement}` (query `{}`) went unnoticed",
            c.literal.value,
            c.query.value
        );
    }
}
