//! An exercise on the page: the diagram (without its value), the question, an answer field the
//! page's script checks against what the build computed (`exercise.js`: it parses the reader's
//! spelling, it solves nothing), the hint and the worked solution on demand, and a copy of the
//! answer and solution for the answer key at the end of the page (printed on its own page).

use super::words;
use crate::check::{ExerciseOutcome, ExercisePosition, Expected, Goal, Question};
use crate::essay::Diagnostic;
use crate::essay::SourceFile;
use crate::site::escape_html as escape;
use crate::site::maths;
use hackenbook_games::{Games, OutcomeClass, Player};
use hackenbook_rulesets::hackenbush::{draw, Colour, EdgeNames, Position, Rules};
use pulldown_cmark::{Event, Parser};

/// The exercise's HTML in the page, and its entry in the answer key.
pub struct Rendered {
    pub inline: String,
    pub key: String,
}

/// Renders exercise `number` (1-based on its page); `solution_html` is its worked solution,
/// already rendered from the essay's Markdown.
pub fn render(
    exercise: &ExerciseOutcome,
    games: &Games,
    number: usize,
    solution_html: &str,
    file: &SourceFile,
    span: std::ops::Range<usize>,
    problems: &mut Vec<Diagnostic>,
) -> Rendered {
    let id = format!("exercise-{number}");
    let (svg, rules) = match &exercise.position {
        ExercisePosition::Hackenbush(p) => {
            let svg = draw::svg(
                &p.position.picture(),
                &format!("Exercise {number}"),
                &super::directives::describe(&p.position, p.rules),
            );
            let rules = if p.rules == Rules::Childish {
                "<p class=\"exercise-rules\">Under the childish rules: no cut may make anything fall.</p>\n".to_string()
            } else {
                String::new()
            };
            (svg, rules)
        }
        ExercisePosition::Board(b) => {
            // Each target of a move in its group (`data-item`): a move question is answered by
            // clicking the item a move targets (`board.js`).
            let svg = b
                .position
                .draw()
                .to_svg_answerable(EXERCISE_EM, Some(&format!("Exercise {number}")));
            // Who moves how, in words: the drawing alone may not say it.
            let rules = b
                .position
                .ruleset()
                .players()
                .map_or(String::new(), |words| {
                    format!("<p class=\"exercise-rules\">{}.</p>\n", escape(words))
                });
            (svg, rules)
        }
    };
    // A move question on a Hackenbush position is answered by clicking an edge.
    let edges = match (&exercise.position, &exercise.expected) {
        (ExercisePosition::Hackenbush(p), Expected::Named { right, legal, .. }) => {
            Some(EdgeMoves::of(&p.position, right, legal))
        }
        _ => None,
    };
    let edges = edges.as_ref();
    let mut typeset = |tex: &str| {
        maths::render(tex, false).unwrap_or_else(|e| {
            problems.push(
                Diagnostic::new(
                    file,
                    span.clone(),
                    format!("KaTeX cannot typeset `{tex}`: {}", e.message),
                )
                .label("in this exercise"),
            );
            escape(tex)
        })
    };
    let answer = match &exercise.expected {
        Expected::Value { game, .. } => {
            format!("It is worth {}.", typeset(&words::tex(games, *game)))
        }
        // In words, a move named as code (`1→off`).
        other => inline_markdown(&answer_words(other, edges), &mut typeset),
    };
    let hint = exercise.hint.as_ref().map_or(String::new(), |h| {
        format!(
            "<details class=\"exercise-hint\"><summary>Hint</summary><p>{}</p></details>\n",
            inline_markdown(h, &mut typeset)
        )
    });
    let field = match (&exercise.expected, exercise.question) {
        _ if edges.is_some() => "<p class=\"exercise-try\" hidden><output aria-live=\"polite\"></output></p>".to_string(),
        _ => format!(
            "<form class=\"exercise-try\" hidden><label>Your answer <input type=\"text\" name=\"answer\" \
             autocomplete=\"off\" spellcheck=\"false\" placeholder=\"{placeholder}\"></label> \
             <button type=\"submit\">Check</button> <output aria-live=\"polite\"></output></form>",
            placeholder = match (&exercise.expected, exercise.question) {
                (Expected::Named { legal, .. }, _) => format!(
                    "a move, for example {}",
                    legal.first().map_or("a1-a2", String::as_str)
                ),
                (_, Question::Value) => "for example 1/2, *, ^".to_string(),
                (_, Question::Winner(_)) => "Left or Right".to_string(),
                _ => "Left, Right, first or second player".to_string(),
            }
        ),
    };
    // A winning move is shown on the diagram: the winning edges drawn thick.
    let marked = match edges {
        Some(edges) => format!(
            "<figure class=\"exercise-diagram exercise-key-diagram\">{}</figure>\n",
            with_winning_edges(&svg, &edges.right)
        ),
        None => String::new(),
    };
    let solution = format!("<p class=\"exercise-answer\">{answer}</p>\n{marked}{solution_html}");
    let inline = format!(
        "<section class=\"exercise\" id=\"{id}\" data-exercise=\"{data}\">\n\
         <p class=\"exercise-title\">Exercise {number}</p>\n\
         <figure class=\"exercise-diagram\">{svg}</figure>\n{rules}\
         <p class=\"exercise-question\">{question}</p>\n{field}\n\
         <div class=\"exercise-room\" aria-hidden=\"true\"></div>\n{hint}\
         <details class=\"exercise-solution\"><summary>Solution</summary>\n{solution}</details>\n\
         </section>\n",
        data = escape(&expected_json(&exercise.expected, exercise.question, edges)),
        question = match (&exercise.expected, exercise.question.asks_move()) {
            (_, Some((p, _))) if edges.is_some() => format!(
                "{} <span class=\"exercise-screen-only\" hidden>Click the edge {p} should cut.</span>",
                escape(&question_words(exercise.question))
            ),
            (Expected::Named { .. }, Some((p, _))) => format!(
                "{} <span class=\"exercise-screen-only\" hidden>Type the move, or click the piece or place of {p}'s move.</span>",
                escape(&question_words(exercise.question))
            ),
            _ => escape(&question_words(exercise.question)),
        },
    );
    let key = format!(
        "<div class=\"key-item\"><p class=\"exercise-title\">Exercise {number}</p>\n{}</div>\n",
        prefixed_ids(&solution, "key-")
    );
    Rendered { inline, key }
}

/// The question as the reader reads it.
fn question_words(question: Question) -> String {
    match question {
        Question::Value => "What is it worth?".to_string(),
        Question::Winner(p) => format!("Who wins when {p} starts?"),
        Question::Outcome => {
            "Who wins: Left, Right, the first player or the second player?".to_string()
        }
        Question::WinningMove(p) => format!("Find a winning move for {p}, moving first."),
        Question::BestMove(p) => format!("Find {p}'s best move, moving first."),
    }
}

/// A move question's answer on a Hackenbush position, by edge: the right cuts and every cut of
/// the mover (indices of the position's edges), with every edge's name and colour.
struct EdgeMoves {
    right: Vec<usize>,
    legal: Vec<usize>,
    names: Vec<String>,
    colours: Vec<Colour>,
}

impl EdgeMoves {
    /// The edges the cuts `right` and `legal` (by their names) cut in `position`.
    fn of(position: &Position, right: &[String], legal: &[String]) -> EdgeMoves {
        let names = EdgeNames::of(position);
        let edges = |cuts: &[String]| cuts.iter().filter_map(|m| names.parse(m).ok()).collect();
        EdgeMoves {
            right: edges(right),
            legal: edges(legal),
            names: (0..position.edge_count())
                .map(|e| names.name(e).to_string())
                .collect(),
            colours: position.edges().iter().map(|edge| edge.2).collect(),
        }
    }
}

/// The answer for the answer key, in words (a value's is typeset instead); a move question on
/// a Hackenbush position by its `edges`, drawn thick.
fn answer_words(expected: &Expected, edges: Option<&EdgeMoves>) -> String {
    if let (Some(edges), Expected::Named { player, goal, .. }) = (edges, expected) {
        let colours = &edges.colours;
        return match (goal, edges.right.as_slice()) {
            (Goal::Win, [edge]) => format!(
                "{player} wins by cutting the {} edge drawn thick.",
                colours[*edge].word()
            ),
            (Goal::Win, many) => format!(
                "{player} has {} winning moves: the edges drawn thick.",
                many.len()
            ),
            (Goal::Best, [edge]) => format!(
                "{player}'s best move is to cut the {} edge drawn thick.",
                colours[*edge].word()
            ),
            (Goal::Best, many) => format!(
                "{player} has {} best moves, leaving equal values: the edges drawn thick.",
                many.len()
            ),
        };
    }
    match expected {
        Expected::Value { display, .. } => format!("It is worth {display}."),
        Expected::Winner(winner) => format!("{winner} wins."),
        Expected::Outcome(class) => {
            let words = class.describe();
            format!("{}{}.", words[..1].to_uppercase(), &words[1..])
        }
        Expected::Named {
            player,
            goal,
            right,
            ..
        } => {
            let quoted: Vec<String> = right.iter().map(|m| format!("`{m}`")).collect();
            match (goal, quoted.as_slice()) {
                (Goal::Win, [one]) => format!("{player} wins by playing {one}."),
                (Goal::Win, many) => format!(
                    "{player} has {} winning moves: {}.",
                    many.len(),
                    many.join(", ")
                ),
                (Goal::Best, [one]) => format!("{player}'s best move is {one}."),
                (Goal::Best, many) => format!(
                    "{player} has {} best moves, leaving equal values: {}.",
                    many.len(),
                    many.join(", ")
                ),
            }
        }
    }
}

/// How many ems a unit (a square) of another game's drawing takes in an exercise.
const EXERCISE_EM: f32 = 1.6;

/// The diagram with the class `exercise-winning` on every element of the winning edges.
fn with_winning_edges(svg: &str, winning: &[usize]) -> String {
    winning.iter().fold(svg.to_string(), |svg, e| {
        let attribute = format!("\" data-edge=\"{e}\"");
        svg.replace(&attribute, &format!(" exercise-winning{attribute}"))
    })
}

/// What the script compares the reader's answer with, as JSON (for "who wins when … starts",
/// also the starter, so that "the first player" can be read).
fn expected_json(expected: &Expected, question: Question, edges: Option<&EdgeMoves>) -> String {
    let player = |p: &Player| p.name().to_lowercase();
    // A move question on a Hackenbush position: the cuts by edge (`exercise.js`).
    if let (
        Some(edges),
        Expected::Named {
            player: p, goal, ..
        },
    ) = (edges, expected)
    {
        let value = serde_json::json!({
            "kind": "move",
            "player": player(p),
            "goal": goal_word(*goal),
            "winning": edges.right,
            "legal": edges.legal,
            "names": edges.names,
        });
        return value.to_string();
    }
    let value = match expected {
        Expected::Value { display, parts, .. } => serde_json::json!({
            "kind": "value",
            "display": display,
            "parts": parts.as_ref().map(|(num, exp, ups, nim)| serde_json::json!([num, exp, ups, nim])),
        }),
        Expected::Winner(p) => serde_json::json!({
            "kind": "winner",
            "winner": player(p),
            "starter": match question {
                Question::Winner(starter) => Some(player(&starter)),
                _ => None,
            },
        }),
        Expected::Outcome(class) => serde_json::json!({
            "kind": "outcome",
            "class": class_letter(*class),
        }),
        Expected::Named {
            player: p,
            goal,
            right,
            legal,
            targets,
        } => serde_json::json!({
            "kind": "named",
            "player": player(p),
            "goal": goal_word(*goal),
            "right": right,
            "legal": legal,
            "targets": targets
                .iter()
                .map(|(id, names)| (id.clone(), serde_json::json!(names)))
                .collect::<serde_json::Map<String, serde_json::Value>>(),
        }),
    };
    value.to_string()
}

fn goal_word(goal: Goal) -> &'static str {
    match goal {
        Goal::Win => "win",
        Goal::Best => "best",
    }
}

fn class_letter(class: OutcomeClass) -> String {
    class.letter().to_string()
}

/// One line of Markdown (emphasis, code, `$…$` maths) as inline HTML, for hints.
fn inline_markdown(text: &str, typeset: &mut dyn FnMut(&str) -> String) -> String {
    let events = Parser::new_ext(text, crate::essay::parse::markdown_options()).map(|e| match e {
        Event::InlineMath(tex) => Event::InlineHtml(typeset(&tex).into()),
        other => other,
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    let trimmed = html.trim();
    trimmed
        .strip_prefix("<p>")
        .and_then(|t| t.strip_suffix("</p>"))
        .unwrap_or(trimmed)
        .to_string()
}

/// A copy of some HTML whose element ids (and the references to them in `aria-labelledby` and
/// `aria-describedby`) carry a prefix, so that the copy in the answer key keeps ids unique.
pub fn prefixed_ids(html: &str, prefix: &str) -> String {
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html;
    loop {
        let next = [" id=\"", " aria-labelledby=\"", " aria-describedby=\""]
            .iter()
            .filter_map(|a| rest.find(a).map(|at| (at, *a)))
            .min();
        let Some((at, attribute)) = next else {
            out.push_str(rest);
            return out;
        };
        let value_start = at + attribute.len();
        let value_end = rest[value_start..]
            .find('"')
            .map_or(rest.len(), |i| value_start + i);
        out.push_str(&rest[..value_start]);
        let tokens: Vec<String> = rest[value_start..value_end]
            .split_whitespace()
            .map(|t| format!("{prefix}{t}"))
            .collect();
        out.push_str(&tokens.join(" "));
        rest = &rest[value_end..];
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn winning_edges_are_marked_and_no_other() {
        let svg = r#"<path class="hb-edge hb-red" data-edge="1" d=""/><path class="hb-core" data-edge="1" d=""/><path class="hb-edge hb-blue" data-edge="10" d=""/>"#;
        assert_eq!(
            super::with_winning_edges(svg, &[1]),
            r#"<path class="hb-edge hb-red exercise-winning" data-edge="1" d=""/><path class="hb-core exercise-winning" data-edge="1" d=""/><path class="hb-edge hb-blue" data-edge="10" d=""/>"#
        );
    }

    #[test]
    fn ids_and_their_references_are_prefixed() {
        let html = r#"<svg aria-labelledby="a-title" aria-describedby="a-desc"><title id="a-title">t</title><desc id="a-desc">d</desc></svg><p data-id="x">"#;
        assert_eq!(
            super::prefixed_ids(html, "key-"),
            r#"<svg aria-labelledby="key-a-title" aria-describedby="key-a-desc"><title id="key-a-title">t</title><desc id="key-a-desc">d</desc></svg><p data-id="x">"#
        );
    }
}
