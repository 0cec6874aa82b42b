//! An exercise on the page: the diagram (without its value), the question, an answer field the
//! page's script checks against what the build computed (`exercise.js`: it parses the reader's
//! spelling, it solves nothing), the hint and the worked solution on demand, and a copy of the
//! answer and solution for the answer key at the end of the page (printed on its own page).

use super::words;
use crate::check::{ExerciseOutcome, Expected, Goal, Question};
use crate::essay::Diagnostic;
use crate::essay::SourceFile;
use crate::site::escape_html as escape;
use crate::site::maths;
use hackenbook_games::{Games, OutcomeClass, Player};
use hackenbook_rulesets::hackenbush::{Hackenbush, Rules};
use pulldown_cmark::{Event, Parser};

/// The exercise's HTML in the page, and its entry in the answer key.
pub struct Rendered {
    pub inline: String,
    pub key: String,
}

/// Renders exercise `number` (1-based on its page); `solution_html` is its worked solution,
/// already rendered from the essay's Markdown. Every game's position is drawn by its ruleset;
/// for a move question each target of the mover's moves is a group a click (or, for a piece
/// drawn as a thin stroke, the nearest tap) chooses (`exercise.js`).
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
    let board = Board::of(exercise, number);
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
        other => inline_markdown(&answer_words(other, &board), &mut typeset),
    };
    let hint = exercise.hint.as_ref().map_or(String::new(), |h| {
        format!(
            "<details class=\"exercise-hint\"><summary>Hint</summary><p>{}</p></details>\n",
            inline_markdown(h, &mut typeset)
        )
    });
    let field = format!(
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
    );
    // A move question's right moves are shown on the diagram: their pieces (a Hackenbush edge
    // drawn thick) and places marked.
    let marked = match &exercise.expected {
        Expected::Named { right, targets, .. } => format!(
            "<figure class=\"exercise-diagram exercise-key-diagram\">{}</figure>\n",
            with_winning_items(&board.svg, targets, right),
        ),
        _ => String::new(),
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
        data = escape(&expected_json(&exercise.expected, exercise.question, board.verb)),
        svg = board.svg,
        rules = board.rules,
        question = match (&board.pieces, exercise.question.asks_move()) {
            (Some(pieces), Some((p, _))) => format!(
                "{} <span class=\"exercise-screen-only\" hidden>Click the {} {p} should {}, or type its name.</span>",
                escape(&question_words(exercise.question)),
                escape(&pieces.noun),
                escape(&pieces.plain),
            ),
            (None, Some((p, _))) => format!(
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

/// An exercise's board as the page draws it, and the words that go with it.
struct Board {
    /// The drawing; for a move question each target of a move a group (`data-item`; a piece
    /// drawn as a thin stroke also `data-piece`).
    svg: String,
    /// Who moves how, or the rule variant, in words (a paragraph), when the drawing alone does
    /// not say it.
    rules: String,
    /// For a move question on a board whose moves take pieces drawn as strokes, the game's verb
    /// (`cuts`), for the script's words.
    verb: Option<&'static str>,
    /// How such a board's pieces are named in the answer's words; `None` on other boards and
    /// for other questions.
    pieces: Option<Pieces>,
}

/// A board's pieces drawn as strokes, in words: what one is called (`edge`), the plain verb
/// of a move (`cut`), and the words of the piece each of the mover's moves takes, by its name
/// (`blue edge`).
struct Pieces {
    noun: String,
    plain: String,
    taken: Vec<(String, String)>,
}

impl Board {
    fn of(exercise: &ExerciseOutcome, number: usize) -> Board {
        let position = &exercise.position;
        let ruleset = position.ruleset();
        let mut drawing = position.draw();
        // A Hackenbush board: described as its block is, what stands on what edge by edge, and
        // drawn at a block's size (its drawing's units are ems already); its rules said.
        let hackenbush = position.downcast::<Hackenbush>().map(|board| {
            let rules = ruleset
                .variant()
                .and_then(|v| v.parse::<Rules>().ok())
                .unwrap_or_default();
            (board, rules)
        });
        let em = match hackenbush {
            Some((board, rules)) => {
                drawing.description = super::directives::describe(board.written(), rules);
                1.0
            }
            None => EXERCISE_EM,
        };
        let title = format!("Exercise {number}");
        let mover = match &exercise.expected {
            Expected::Named { player, .. } => Some(*player),
            _ => None,
        };
        // Only a move question is answered on the drawing: another's is a picture.
        let svg = match mover {
            Some(_) => drawing.to_svg_answerable(em, Some(&title)),
            None => drawing.to_svg_titled(em, Some(&title)),
        };
        let rules = match (ruleset.players(), hackenbush) {
            // Who moves how, in words: the drawing alone may not say it.
            (Some(words), _) => format!("<p class=\"exercise-rules\">{}.</p>\n", escape(words)),
            (None, Some((_, Rules::Childish))) => "<p class=\"exercise-rules\">Under the childish \
                rules: no cut may make anything fall.</p>\n"
                .to_string(),
            _ => String::new(),
        };
        let taken: Vec<(String, String)> = drawing
            .items
            .iter()
            .filter_map(|item| item.piece.as_ref().map(|piece| (item, piece)))
            .flat_map(|(item, piece)| {
                item.moves
                    .iter()
                    .filter(|(p, _)| Some(*p) == mover)
                    .map(|(_, name)| (name.clone(), piece.clone()))
            })
            .collect();
        let noun = drawing
            .items
            .iter()
            .filter(|_| mover.is_some())
            .find_map(|item| item.piece.as_ref())
            .and_then(|piece| piece.split(' ').next_back())
            .map(str::to_string);
        let verb = ruleset.move_verb();
        let pieces = noun.map(|noun| Pieces {
            noun,
            plain: verb.strip_suffix('s').unwrap_or(verb).to_string(),
            taken,
        });
        Board {
            svg,
            rules,
            verb: pieces.as_ref().map(|_| verb),
            pieces,
        }
    }
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

/// The answer for the answer key, in words (a value's is typeset instead); a move question on
/// a board of pieces drawn as strokes by the pieces the right moves take, drawn thick
/// ("Left wins by cutting the blue edge drawn thick.").
fn answer_words(expected: &Expected, board: &Board) -> String {
    if let (
        Some(pieces),
        Expected::Named {
            player,
            goal,
            right,
            ..
        },
    ) = (&board.pieces, expected)
    {
        let piece = |name: &String| {
            pieces
                .taken
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, piece)| piece.as_str())
        };
        let (noun, plain) = (&pieces.noun, &pieces.plain);
        let taken: Option<Vec<&str>> = right.iter().map(piece).collect();
        match (goal, taken.as_deref()) {
            (Goal::Win, Some([one])) => {
                return format!("{player} wins by {} the {one} drawn thick.", gerund(plain))
            }
            (Goal::Win, Some(many)) if !many.is_empty() => {
                return format!(
                    "{player} has {} winning moves: the {noun}s drawn thick.",
                    many.len()
                )
            }
            (Goal::Best, Some([one])) => {
                return format!("{player}'s best move is to {plain} the {one} drawn thick.")
            }
            (Goal::Best, Some(many)) if !many.is_empty() => {
                return format!(
                    "{player} has {} best moves, leaving equal values: the {noun}s drawn thick.",
                    many.len()
                )
            }
            // A right move that takes no piece: by its name.
            _ => {}
        }
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

/// The diagram with the class `exercise-winning` on each target of a right move (`targets`:
/// each target's id and the mover's moves there, by name).
fn with_winning_items(svg: &str, targets: &[(String, Vec<String>)], right: &[String]) -> String {
    targets
        .iter()
        .filter(|(_, moves)| moves.iter().any(|m| right.contains(m)))
        .fold(svg.to_string(), |svg, (id, _)| {
            let group = format!("<g data-item=\"{}\"", escape(id));
            svg.replace(
                &group,
                &format!("<g class=\"exercise-winning\" data-item=\"{}\"", escape(id)),
            )
        })
}

/// A verb's `-ing` form: a final consonant after one vowel doubled (`cut`: `cutting`), a
/// final silent `e` dropped (`place`: `placing`).
fn gerund(plain: &str) -> String {
    let vowel = |c: char| "aeiou".contains(c);
    let c: Vec<char> = plain.chars().collect();
    match c.as_slice() {
        [.., a, b, z] if !vowel(*a) && vowel(*b) && !vowel(*z) && !"wxy".contains(*z) => {
            format!("{plain}{z}ing")
        }
        [.., a, 'e'] if !vowel(*a) => format!("{}ing", &plain[..plain.len() - 1]),
        _ => format!("{plain}ing"),
    }
}

/// What the script compares the reader's answer with, as JSON (for "who wins when … starts",
/// also the starter, so that "the first player" can be read; for a move on a board of pieces
/// drawn as strokes, the game's `verb`, which names the pieces' buttons: "cut blue edge LR").
fn expected_json(expected: &Expected, question: Question, verb: Option<&str>) -> String {
    let player = |p: &Player| p.name().to_lowercase();
    let mut value = match expected {
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
    if let (Some(verb), Some(fields), Expected::Named { .. }) =
        (verb, value.as_object_mut(), expected)
    {
        fields.insert("verb".to_string(), verb.into());
    }
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
    fn the_targets_of_right_moves_are_marked_and_no_other() {
        let svg = r#"<g data-item="edge-1"><path/></g><g data-item="edge-10"><path/></g><g data-item="cell-a1"><rect/></g>"#;
        let targets = [
            ("edge-1".to_string(), vec!["LR".to_string()]),
            ("edge-10".to_string(), vec!["R".to_string()]),
            (
                "cell-a1".to_string(),
                vec!["a1-a2".to_string(), "a1-b1".to_string()],
            ),
        ];
        assert_eq!(
            super::with_winning_items(svg, &targets, &["LR".to_string(), "a1-b1".to_string()]),
            r#"<g class="exercise-winning" data-item="edge-1"><path/></g><g data-item="edge-10"><path/></g><g class="exercise-winning" data-item="cell-a1"><rect/></g>"#
        );
    }

    #[test]
    fn a_verb_ending_in_one_vowel_and_a_consonant_doubles_it() {
        assert_eq!(super::gerund("cut"), "cutting");
        assert_eq!(super::gerund("push"), "pushing");
        assert_eq!(super::gerund("play"), "playing");
        assert_eq!(super::gerund("place"), "placing");
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
