//! The HTML that stands in a page where a directive stood in the Markdown: positions drawn,
//! statements and values typeset, claims linked to the notebook.

use crate::check::{
    BoardOutcome, CheckedEssay, ClaimKind, GameLine, Outcome, PagePlay, PlayOutcome, PlayedMove,
    Unplayable,
};
use crate::essay::Diagnostic;
use crate::site::escape_html as escape;
use crate::site::render::ClaimRow;
use crate::site::{flow, maths};
use hackenbook_base::provenance::Method;
use hackenbook_games::display::number_latex;
use hackenbook_games::notation::{name_latex, statement_latex_with, Rel};
use hackenbook_games::{GameId, Games};
use hackenbook_rulesets::hackenbush::edge_names::{EdgeNames, Scheme};
use hackenbook_rulesets::hackenbush::ruleset::standing_of;
use hackenbook_rulesets::hackenbush::{draw, Colour, Position, Rules};
use hackenbook_rulesets::{registry, AnyPosition, Drawing};

use super::play::ValuePool;
use super::words;

pub fn render(
    checked: &CheckedEssay,
    games: &Games,
    index: usize,
    pool: &ValuePool,
    problems: &mut Vec<Diagnostic>,
) -> String {
    let mut typeset = |tex: &str| typeset_generated(checked, index, tex, problems);
    match &checked.outcomes[index] {
        Outcome::Board(b) => {
            // Who moves how is said under the essay's first board of each game.
            let game = b.position.ruleset().name();
            let first = !checked.outcomes[..index]
                .iter()
                .any(|o| matches!(o, Outcome::Board(c) if c.position.ruleset().name() == game));
            board(
                b,
                games,
                &typeset(&words::tex(games, b.game)),
                first,
                pool.carries(index),
                pool,
            )
        }
        Outcome::Game(lines) => {
            // A position named in the block is drawn in place of its name: KaTeX typesets a
            // marker, which is then replaced by the small diagram. Each line ends in a check mark
            // linking to its row in the notebook.
            let in_place = InPlaceDrawn::of(lines);
            let rows = game_block_rows(checked, lines, &in_place);
            let html = flow::display(&rows).unwrap_or_else(|e| {
                let tex = rows.join(" \\\\ ");
                problems.push(
                    Diagnostic::new(
                        &checked.essay.file,
                        checked.essay.directives[index].span.clone(),
                        format!("internal: KaTeX rejected `{tex}`: {}", e.message),
                    )
                    .label("while typesetting this"),
                );
                escape(&tex)
            });
            let mut html = in_place.draw(inline_diagrams(checked, games, html));
            for (k, line) in lines.iter().enumerate() {
                let typeset = format!("<mtext>{}</mtext>", check_marker(k));
                let mark = format!(
                    "<mtext><a class=\"checked-mark\" id=\"{id}-text\" href=\"#{id}\" \
                     title=\"checked: {computed}\" aria-label=\"checked\">✓</a></mtext>",
                    id = relation_id(index, k),
                    computed = escape(&worth(games, line)),
                );
                html = html.replacen(&typeset, &mark, 1);
            }
            format!("<div class=\"game-block\">\n{html}\n</div>\n")
        }
        Outcome::Census { name } => census(checked, name),
        Outcome::Claims(ids) => {
            let items: Vec<String> = ids
                .iter()
                .map(|&i| format!("<li>{}</li>", claim_link(checked, i, true, problems)))
                .collect();
            format!("<ul class=\"claims-block\">\n{}\n</ul>\n", items.join("\n"))
        }
        Outcome::InlineClaim(i) => claim_link(checked, *i, false, problems),
        Outcome::Play(_) => {
            lines_of_play(&[line_steps(checked, games, index, problems).unwrap_or_default()])
        }
        Outcome::Thermograph(t) => {
            let caption = typeset(&format!(
                "\\text{{mean }} {}, \\quad \\text{{temperature }} {}",
                number_latex(&t.thermograph.mean),
                number_latex(&t.thermograph.temperature)
            ));
            // A position's name is the author's handle, not the reader's: say "thermograph" alone.
            let of = if t.is_name {
                String::new()
            } else {
                format!(" of {}", typeset(&t.expr.latex()))
            };
            format!(
                "<figure class=\"thermograph-figure\">{}<figcaption>Thermograph{of}: {caption}</figcaption></figure>\n",
                super::thermograph::svg(&t.thermograph, &t.text, &format!("thermo-{}", index + 1))
            )
        }
        Outcome::Plot(p) => super::plot::figure(p, &format!("plot-{}", index + 1)),
        // Drawn with its solution by the page (`super::exercise`), which knows where it ends.
        Outcome::Exercise(_) | Outcome::Failed => "<span class=\"failed\"></span>".to_string(),
    }
}

/// A game block as display rows (laid out by [`flow::display`], which lines them up on their
/// first relation), each ending in a marker for its check mark, and numbers standing alone as
/// display-size fractions. A position named in the block, or written in place (`[LR]`), is
/// drawn where it is written.
fn game_block_rows(
    checked: &CheckedEssay,
    lines: &[GameLine],
    in_place: &InPlaceDrawn,
) -> Vec<String> {
    let name = |n: &str| {
        if let Some(k) = in_place.index(n) {
            return format!("\\text{{{}}}", InPlaceDrawn::marker(k));
        }
        match position_named(checked, n) {
            Some(i) => format!("\\text{{{}}}", marker(i)),
            None => name_latex(n),
        }
    };
    lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let whole = statement_latex_with(&line.statement, &name);
            format!(
                "{}\\quad\\text{{{}}}",
                display_fractions(&whole),
                check_marker(k)
            )
        })
        .collect()
}

/// The marker KaTeX typesets at the end of line `k` of a game block, replaced by its check mark.
fn check_marker(k: usize) -> String {
    format!("hbchecked@{k}@")
}

/// `\tfrac` (a text-size fraction, as running text wants) becomes `\frac`, display-size in
/// display maths, except inside a game's braces, where options stay small beside the bar.
fn display_fractions(tex: &str) -> String {
    let mut out = String::with_capacity(tex.len());
    let mut depth = 0usize;
    let mut rest = tex;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("\\{") {
            depth += 1;
        } else if rest.starts_with("\\}") {
            depth = depth.saturating_sub(1);
        } else if depth == 0 && rest.starts_with("\\tfrac") {
            out.push_str("\\frac");
            rest = &rest["\\tfrac".len()..];
            continue;
        }
        let len = if c == '\\' {
            rest[1..].chars().next().map_or(1, |n| 1 + n.len_utf8())
        } else {
            c.len_utf8()
        };
        out.push_str(&rest[..len]);
        rest = &rest[len..];
    }
    out
}

/// The element id of line `k` of the game block at directive `index`, as its notebook row's id
/// (the line's check mark in the text is `ID-text`, as a claim's).
pub(super) fn relation_id(index: usize, k: usize) -> String {
    format!("relation-{}-{}", index + 1, k + 1)
}

/// What a game block's line computed, in the text face: its terms' values joined by the
/// relations written between them (`0 < ½ < 1`).
fn worth(games: &Games, line: &GameLine) -> String {
    let value = |v: &GameId| words::typeset(&games.display(*v));
    let mut out = line.values.first().map_or_else(String::new, value);
    for ((rel, _), v) in line.statement.relations.iter().zip(&line.values[1..]) {
        out.push_str(&format!(" {} {}", symbol(*rel), value(v)));
    }
    out
}

/// A relation as a reader writes it (the notation's `<=` is `≤`, `||` is `‖`).
fn symbol(rel: Rel) -> &'static str {
    match rel {
        Rel::Eq => "=",
        Rel::Lt => "<",
        Rel::Gt => ">",
        Rel::Le => "≤",
        Rel::Ge => "≥",
        Rel::Confused => "‖",
        Rel::LessOrConfused => "⊲",
        Rel::GreaterOrConfused => "⊳",
    }
}

/// The notebook's rows for the game blocks' lines, each with its place in the source: the line
/// as written, what its terms are worth, and a link back to it (typeset there, with its
/// pictures). The row is plain text: typeset again with its pictures, a page's rows weighed up
/// to 66 KB.
pub(super) fn game_rows(checked: &CheckedEssay, games: &Games) -> Vec<(usize, ClaimRow)> {
    let mut rows = Vec::new();
    for (index, outcome) in checked.outcomes.iter().enumerate() {
        let Outcome::Game(lines) = outcome else {
            continue;
        };
        let at = checked.essay.directives[index].span.start;
        for (k, line) in lines.iter().enumerate() {
            rows.push((
                at,
                ClaimRow {
                    id: relation_id(index, k),
                    literal: "game relation".to_string(),
                    literal_html: None,
                    query: line.text.clone(),
                    figure: worth(games, line),
                    holds: true,
                    how: words::how(&crate::check::Obtained::Relation)
                        .into_iter()
                        .map(|h| format!("{}: {}", h.what, h.words))
                        .collect(),
                    file: checked.essay.file.name.clone(),
                    line: line.line,
                    section: String::new(),
                    section_id: String::new(),
                    in_text: true,
                },
            ));
        }
    }
    rows
}

/// The outcome index of the position block named `name`.
fn position_named(checked: &CheckedEssay, name: &str) -> Option<usize> {
    checked.outcomes.iter().position(|o| match o {
        Outcome::Board(b) => b.name == name,
        _ => false,
    })
}

/// The text KaTeX is given for the position at outcome `i` (letters, digits and `@` only, so
/// it passes through `\text{}` unchanged).
fn marker(i: usize) -> String {
    format!("hbposition@{i}@")
}

/// The positions a game block writes in place (`[LR]`, `[domineering: 2x3]`), each drawn where
/// it is written, as a named position is: KaTeX typesets a marker, then replaced by the diagram.
struct InPlaceDrawn(Vec<(String, AnyPosition)>);

impl InPlaceDrawn {
    /// Every `[POSITION]` of the block's lines that reads as a position (the check has read it),
    /// read as the check reads it ([`registry::parse_position`]: `[LR]` is Hackenbush's).
    fn of(lines: &[GameLine]) -> Self {
        let mut found: Vec<(String, AnyPosition)> = Vec::new();
        for line in lines {
            for term in &line.statement.terms {
                for (name, _) in term.names() {
                    let inner = name.strip_prefix('[').and_then(|n| n.strip_suffix(']'));
                    if let (Some(inner), false) = (inner, found.iter().any(|(n, _)| *n == name)) {
                        if let Ok(position) = registry::parse_position(inner) {
                            found.push((name, position));
                        }
                    }
                }
            }
        }
        InPlaceDrawn(found)
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.0.iter().position(|(n, _)| n == name)
    }

    fn marker(k: usize) -> String {
        format!("hbinplace@{k}@")
    }

    fn draw(&self, mut html: String) -> String {
        for (k, (_, drawn)) in self.0.iter().enumerate() {
            let typeset = format!("<mtext>{}</mtext>", Self::marker(k));
            if html.contains(&typeset) {
                let svg = small_diagram(drawn, || "a Hackenbush picture".to_string());
                let drawn = format!("<mtext class=\"inline-position\">{svg}</mtext>");
                html = html.replace(&typeset, &drawn);
            }
        }
        html
    }
}

/// A position drawn small in a game block: a Hackenbush position as its diagram, called `label`
/// and described as the figure is; another game's board as its ruleset draws it.
fn small_diagram(position: &AnyPosition, label: impl FnOnce() -> String) -> String {
    match standing_of(position) {
        Some((standing, rules)) => {
            draw::svg(&standing.picture(), &label(), &describe(&standing, rules))
        }
        None => position.draw().to_svg(),
    }
}

/// Each typeset marker in `html` replaced by a small diagram of its position.
fn inline_diagrams(checked: &CheckedEssay, games: &Games, mut html: String) -> String {
    for (i, outcome) in checked.outcomes.iter().enumerate() {
        let svg = match outcome {
            Outcome::Board(b) => small_diagram(&b.position, || {
                format!("a picture worth {}", words::spoken_value(games, b.game))
            }),
            _ => continue,
        };
        let typeset = format!("<mtext>{}</mtext>", marker(i));
        while let Some(at) = html.find(&typeset) {
            html.replace_range(
                at..at + typeset.len(),
                &format!("<mtext class=\"inline-position\">{svg}</mtext>"),
            );
        }
    }
    html
}

/// A figure's element id: `position-` and the position's name (`position-cherry`); a position
/// the author left unnamed is named `position-N` already and keeps that (not
/// `position-position-N`). Names are letters, digits and `_`, so no author's name has the
/// prefix.
fn figure_id(name: &str) -> String {
    if name.starts_with("position-") {
        name.to_string()
    } else {
        format!("position-{name}")
    }
}

/// How many ems a unit of another game's drawing (a square) takes in a figure.
const BOARD_EM: f32 = 1.6;

/// A position block's figure: its drawing, its value typeset, who moves how (when `players`),
/// and behind the "checked" mark what the build checked (each assertion, the methods that
/// agreed, part by part). Played in the page when it has a play table: then its drawing holds
/// every item play can show, those of the position itself in view, and the figure says which
/// game it is and who moves how for the script. A Hackenbush position is drawn at its diagram's
/// size, described by what stands on what ([`describe`]), says when its rules are childish and
/// links to the key of its pictures.
fn board(
    b: &BoardOutcome,
    games: &Games,
    value_html: &str,
    players: bool,
    carried: Result<(), Unplayable>,
    pool: &ValuePool,
) -> String {
    let game = b.position.ruleset().name().replace('-', " ");
    let (played, still) = board_svgs(b, games);
    let svg = if carried.is_ok() { played } else { still };
    let checks: String = b
        .assertions
        .iter()
        .map(|a| {
            format!(
                "<li>{}: {} ✓</li>",
                escape(words::assertion_key(&a.key)),
                assertion_value(&a.literal)
            )
        })
        .collect();
    let about = if carried.is_ok() {
        format!(
            " data-play-game=\"{}\"{}{}",
            escape(&game),
            b.position
                .ruleset()
                .players()
                .map_or(String::new(), |p| format!(
                    " data-play-players=\"{}\"",
                    escape(p)
                )),
            taking_words(b)
        )
    } else {
        String::new()
    };
    let hackenbush = standing_of(&b.position);
    let who = match (&hackenbush, b.position.ruleset().players()) {
        (Some((_, Rules::Childish)), _) => " <span class=\"rules\">(childish rules)</span>".into(),
        (None, Some(words)) if players => {
            format!(" <span class=\"rules\">({})</span>", escape(words))
        }
        _ => String::new(),
    };
    let key = match hackenbush {
        Some(_) => "<a class=\"key-link\" href=\"index.html#key\">How to read the picture</a>",
        None => "",
    };
    format!(
        "<figure class=\"position\" id=\"{id}\"{play}{about}>\n{svg}\n<figcaption><span class=\"value\">{value_html}</span>{who}\
         <details class=\"checked\"><summary>checked</summary>\
         <ul>{checks}<li>{methods}</li></ul>{key}</details></figcaption>\n</figure>\n",
        id = escape(&figure_id(&b.name)),
        play = play_attributes(&b.play.play, carried, pool),
        methods = escape(&methods_words(&b.methods, &b.parts)),
    )
}

/// On a board whose moves take pieces drawn as strokes (a Hackenbush edge, [`Item::piece`]),
/// the words `board.js` tells a move with: the game's verb (`data-play-verb`, "cuts") and its
/// rule variant (`data-play-variant`, "childish"); nothing on other boards.
///
/// [`Item::piece`]: hackenbook_rulesets::draw::Item::piece
fn taking_words(b: &BoardOutcome) -> String {
    if !b.play.drawing.items.iter().any(|i| i.piece.is_some()) {
        return String::new();
    }
    let ruleset = b.position.ruleset();
    format!(
        " data-play-verb=\"{}\"{}",
        escape(ruleset.move_verb()),
        ruleset.variant().map_or(String::new(), |v| format!(
            " data-play-variant=\"{}\"",
            escape(v)
        ))
    )
}

/// A board's drawing as the page writes it when played (every item play can show, the
/// position's own in view) and as a picture (the position's own items only).
/// A Hackenbush board is drawn at its diagram's scale (its drawing is in ems already), titled
/// as a picture and described by what stands on what; as a picture it is its diagram.
fn board_svgs(b: &BoardOutcome, games: &Games) -> (String, String) {
    let game = b.position.ruleset().name().replace('-', " ");
    let worth = words::spoken_value(games, b.game);
    let hackenbush = standing_of(&b.position);
    let (title, em) = match hackenbush {
        Some(_) => (format!("A picture worth {worth}"), 1.0),
        None => (format!("A {game} position worth {worth}"), BOARD_EM),
    };
    let described = |mut drawing: Drawing| {
        if let Some((position, rules)) = &hackenbush {
            drawing.description = describe(position, *rules);
        }
        drawing
    };
    let playable = matches!(b.play.play, PagePlay::Table { .. });
    // A Hackenbush picture is the diagram itself, as a game block's and a frame's are.
    let still = match &hackenbush {
        Some((position, rules)) => {
            draw::svg(&position.picture(), &title, &describe(position, *rules))
        }
        None => described(b.position.draw()).to_svg_titled(em, Some(&title)),
    };
    if !playable {
        return (still.clone(), still);
    }
    let played = described(b.play.drawing.clone()).to_svg_playable(em, Some(&title), &b.play.shown);
    (played, still)
}

/// The bytes play adds to a board's drawing on the page.
pub(super) fn board_play_bytes(b: &BoardOutcome, games: &Games) -> usize {
    let (played, still) = board_svgs(b, games);
    played.len().saturating_sub(still.len())
}

/// The figure's play table for `player.js` (`data-play`) and the pool indices of its values
/// (`data-play-values`) when the page `carried` it, or why it has none (`data-play-static`).
fn play_attributes(play: &PagePlay, carried: Result<(), Unplayable>, pool: &ValuePool) -> String {
    match (play, carried) {
        (PagePlay::Table { text, values }, Ok(())) => pool.attributes(text, values),
        (PagePlay::Table { .. }, Err(why)) => format!(
            " data-play-static=\"{}\"",
            escape(&super::play::unplayable(why))
        ),
        (PagePlay::Static(why), _) => format!(
            " data-play-static=\"{}\"",
            escape(&super::play::unplayable(*why))
        ),
        (PagePlay::Nothing, _) => String::new(),
    }
}

/// An assertion's literal as a reader sees it, HTML: each value of a list (`-1/4, *`, the commas
/// outside braces) shown as a claimed value is (`−¼, ∗`; a game in braces by KaTeX).
fn assertion_value(literal: &str) -> String {
    top_level_items(literal)
        .into_iter()
        .map(|item| claimed_value_html(item.trim()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `text` cut at its commas outside braces: `{1, 2 | 0}, *` → `{1, 2 | 0}` and ` *`.
fn top_level_items(text: &str) -> Vec<&str> {
    let (mut items, mut depth, mut start) = (Vec::new(), 0usize, 0);
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                items.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&text[start..]);
    items
}

/// How the value was found, for the caption: "valued by the sign expansion and by the game
/// tree, which agree"; for several parts, part by part.
fn methods_words(methods: &[Method], parts: &[Vec<Method>]) -> String {
    format!(
        "valued {}",
        hackenbook_base::provenance::words_by_part(methods, parts)
    )
}

/// TeX the build wrote (a value, a caption) typeset; KaTeX refusing it is our bug, not the
/// author's, reported at the directive.
fn typeset_generated(
    checked: &CheckedEssay,
    index: usize,
    tex: &str,
    problems: &mut Vec<Diagnostic>,
) -> String {
    maths::render(tex, false).unwrap_or_else(|e| {
        let span = checked.essay.directives[index].span.clone();
        problems.push(
            Diagnostic::new(
                &checked.essay.file,
                span,
                format!("internal: KaTeX rejected `{tex}`: {}", e.message),
            )
            .label("while typesetting this"),
        );
        escape(tex)
    })
}

/// The steps of directive `index` when it is a line of play (see [`play_steps`]).
pub(super) fn line_steps(
    checked: &CheckedEssay,
    games: &Games,
    index: usize,
    problems: &mut Vec<Diagnostic>,
) -> Option<Vec<String>> {
    let Outcome::Play(p) = &checked.outcomes[index] else {
        return None;
    };
    let values: Vec<String> = p
        .frames
        .iter()
        .map(|f| typeset_generated(checked, index, &words::tex(games, f.value), problems))
        .collect();
    Some(play_steps(p, games, &values))
}

/// The steps of a line of play, one `<li>` each: a small diagram per position the line passes
/// through, with its value and, in words, the move that led to it (the first, the start). A
/// game with a picture of its own for a frame draws it (Hackenbush: every frame in the layout
/// of the position as written, so an edge stays where it was while others are cut, with no
/// words: the caption says them); another game draws each position reached, named by the
/// caption.
pub(super) fn play_steps(p: &PlayOutcome, games: &Games, values_html: &[String]) -> Vec<String> {
    p.frames
        .iter()
        .zip(values_html)
        .map(|(frame, value_html)| {
            let caption = frame.by.as_ref().map_or_else(|| "At the start".to_string(), move_words);
            let svg = frame.position.frame_picture().unwrap_or_else(|| {
                let described =
                    format!("{caption}; worth {}", words::spoken(&games.display(frame.value)));
                frame.position.draw().to_svg_titled(PLAY_EM, Some(&described))
            });
            let caption_html = frame.by.as_ref().map_or_else(|| escape(&caption), move_html);
            format!(
                "<li class=\"play-step\">{svg}<span class=\"play-caption\">{caption_html}</span><span class=\"value\">{value_html}</span></li>"
            )
        })
        .collect()
}

/// Lines of play as one figure. A single line is a strip of its steps. Lines that follow one
/// another from the same start (each answer to a first move, say) draw that start once: it
/// stands first, and each line's moves make a row of their own beside it.
pub(super) fn lines_of_play(lines: &[Vec<String>]) -> String {
    let strip =
        |steps: &[String]| format!("<ol class=\"play-strip\">\n{}\n</ol>", steps.join("\n"));
    match lines {
        [] => String::new(),
        [line] => format!("<figure class=\"line-of-play\">{}</figure>\n", strip(line)),
        [first, ..] => {
            let rows: Vec<String> = lines.iter().map(|line| strip(&line[1..])).collect();
            format!(
                "<figure class=\"line-of-play from-one-start\">{}<div class=\"play-lines\">{}</div></figure>\n",
                strip(&first[..1]),
                rows.concat()
            )
        }
    }
}

/// How many ems a unit (a square) of another game's drawing takes in a line of play.
const PLAY_EM: f32 = 1.0;

/// "Left cuts a blue edge; two edges fall", "Right pushes 2→1": a move in a reader's words, by
/// what it took when its game tells a move so, else by its name.
fn move_words(m: &PlayedMove) -> String {
    match &m.taken {
        Some(taken) => {
            let fall = match taken.with {
                0 => String::new(),
                1 => format!("; one {} falls", taken.noun),
                n => format!("; {} {}s fall", words::count_words(n as u64), taken.noun),
            };
            format!("{} {} a {}{fall}", m.player, m.verb, taken.piece)
        }
        None => format!("{} {} {}", m.player, m.verb, m.name),
    }
}

/// A move in a reader's words, as the page shows it: a move's name in code, as names are
/// written in the text (`Right pushes <code>2→1</code>`).
fn move_html(m: &PlayedMove) -> String {
    match &m.taken {
        None => format!("{} {} <code>{}</code>", m.player, m.verb, escape(&m.name)),
        Some(_) => escape(&move_words(m)),
    }
}

/// A census as a reader reads it: its name (the notebook's queries use it) and the family it
/// goes over in words, with how many members it counted; the definition's settings stay in
/// the source.
fn census(checked: &CheckedEssay, name: &str) -> String {
    // Filled in when a query ran the census (an unused census is never enumerated).
    let members = checked
        .censuses
        .iter()
        .find(|(n, _, _)| n == name)
        .map_or_else(
            || "no count on this page uses it".to_string(),
            |(_, description, positions)| {
                let count =
                    hackenbook_census::query::literal::with_separators(&(*positions).into());
                format!("{}: {count} in all", escape(description))
            },
        );
    format!(
        "<li class=\"census\" id=\"census-{n}\"><code>{n}</code> — {members}.</li>\n",
        n = escape(name)
    )
}

/// The literal exactly as written, linked to its row in the notebook.
fn claim_link(
    checked: &CheckedEssay,
    i: usize,
    with_query: bool,
    problems: &mut Vec<Diagnostic>,
) -> String {
    let c = &checked.claims[i];
    let shown = match c.kind {
        ClaimKind::Relation => format!(
            "{}<span class=\"checked-mark\" aria-label=\"checked\">✓</span>",
            relation_html(checked, c, problems)
        ),
        ClaimKind::Query | ClaimKind::Exercise => claimed_value_html(&c.literal),
    };
    let link = format!(
        "<a class=\"claim\" id=\"{id}-text\" href=\"#{id}\" title=\"{title}\">{shown}</a>",
        id = super::headings::claim_id(i),
        title = escape(&claim_title(&c.figure)),
    );
    if with_query {
        format!(
            "{link} <span class=\"claim-query\">= <code>{}</code></span>",
            escape(&c.query)
        )
    } else {
        link
    }
}

/// A literal claimed in the prose as a reader sees it. A value is typeset like the maths: a
/// number, ups and a nimber in running text (`-1/4` shows as `−¼`, its star at the text's size),
/// a game in braces by KaTeX as every other game on the page (`{2 | -1/2}` shows as {2 | −½},
/// not in ASCII) — whichever game it is a value of; a picture's name (`LRR`) as names are, in
/// code. Anything else (a count, a percentage, a word) as written.
fn claimed_value_html(literal: &str) -> String {
    if let Some(text) = words::typeset_value(literal) {
        return star_sized(&escape(&text));
    }
    if is_picture_name(literal) {
        return format!("<code>{}</code>", escape(literal));
    }
    match hackenbook_games::notation::parse_expr(literal) {
        Ok(expr) if expr.names().is_empty() => {
            maths::render(&expr.latex(), false).unwrap_or_else(|_| star_sized(&escape(literal)))
        }
        _ => star_sized(&escape(literal)),
    }
}

/// Text with each star drawn at the text's size (the font's `∗` is an operator's, half the
/// height of a digit), as the maths draws it.
fn star_sized(html: &str) -> String {
    html.replace(
        '∗',
        &format!(
            "<span class=\"{}\">∗</span>",
            crate::site::maths::STAR_CLASS
        ),
    )
}

/// Whether a claim's literal is a picture in letters (`LRR`, `GL G`, `LG(L R)`): the edge
/// letters, spaces and brackets, and at least one letter.
fn is_picture_name(literal: &str) -> bool {
    literal.chars().any(|c| matches!(c, 'L' | 'R' | 'G'))
        && literal
            .chars()
            .all(|c| matches!(c, 'L' | 'R' | 'G' | ' ' | '(' | ')'))
}

/// A claim's hover title, in a reader's words: the figure the computation gave when it is a
/// number or a value (`12.48% (916 of 7,338)` behind "12%", `−½`), else only that it was
/// checked; the query and the checker's verdicts (`true`, `holds`) stay in the notebook.
fn claim_title(figure: &str) -> String {
    let number = figure.starts_with(|c: char| c.is_ascii_digit());
    match words::typeset_value(figure) {
        Some(value) => format!("Checked: the computation gives {value}"),
        None if number => format!("Checked: the computation gives {figure}"),
        None => "Checked against the computation; the claims notebook shows how".to_string(),
    }
}

/// A relation written as maths, typeset as the author wrote it; a KaTeX error is the author's,
/// reported inside the formula.
fn relation_html(
    checked: &CheckedEssay,
    c: &crate::check::ClaimRecord,
    problems: &mut Vec<Diagnostic>,
) -> String {
    maths::render(&c.literal, false).unwrap_or_else(|e| {
        let start = c.literal_range.start + e.offset.unwrap_or(0).min(c.literal.len());
        problems.push(
            Diagnostic::new(
                &checked.essay.file,
                start
                    ..start
                        .max(c.literal_range.start + 1)
                        .min(c.literal_range.end.max(start)),
                format!("KaTeX cannot typeset this formula: {}", e.message),
            )
            .label("here"),
        );
        escape(&c.literal)
    })
}

/// The most edges a description lists one by one; a larger picture is described by its counts
/// (a list of forty edges read aloud helps no one).
const LISTED_EDGES: usize = 24;

/// The diagram's accessible description, in words: what is drawn and what stands on what, with
/// the edge names the site uses elsewhere (exercises, `hackenbook play`): "blue L on the ground,
/// red LR on L, red LRR on LR", or for a picture written as a graph "blue g-a, red a-b; g is the
/// ground"; past [`LISTED_EDGES`], the count of each colour. The value is the diagram's title.
pub(super) fn describe(position: &Position, rules: Rules) -> String {
    let total = position.edge_count();
    let drawn = match total {
        0 => "no edges".to_string(),
        1..=LISTED_EDGES => listed_edges(position),
        _ => colour_counts(position),
    };
    match rules {
        Rules::Childish => format!("{drawn}; childish rules"),
        _ => drawn,
    }
}

/// Each edge by colour and name, and in a forest what it stands on: "blue L on the ground, red
/// LR on L"; in a graph, the names say which nodes each edge joins: "blue g-a, red a-b; g is
/// the ground".
fn listed_edges(position: &Position) -> String {
    let names = EdgeNames::of(position);
    let edges: Vec<String> = (0..position.edge_count())
        .map(|e| {
            let colour = position.edges()[e].2.word();
            match names.scheme() {
                Scheme::LetterPaths => format!(
                    "{colour} {} on {}",
                    names.name(e),
                    names
                        .stands_on(e)
                        .map_or_else(|| "the ground".to_string(), |b| names.name(b))
                ),
                Scheme::NodePairs => format!("{colour} {}", names.name(e)),
            }
        })
        .collect();
    let ground = names
        .ground()
        .map(|g| format!("; {g} is the ground"))
        .unwrap_or_default();
    format!("{}{ground}", edges.join(", "))
}

/// "thirty edges, ten blue and twenty red".
fn colour_counts(position: &Position) -> String {
    let counts: Vec<String> = [Colour::Blue, Colour::Red, Colour::Green]
        .into_iter()
        .filter(|&c| position.count(c) > 0)
        .map(|c| {
            format!(
                "{} {}",
                words::count_words(position.count(c) as u64),
                c.word()
            )
        })
        .collect();
    match counts.split_last() {
        Some((last, [])) => format!("{last} edges"),
        Some((last, rest)) => format!(
            "{} edges, {} and {last}",
            words::count_words(position.edge_count() as u64),
            rest.join(", ")
        ),
        None => "no edges".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use hackenbook_rulesets::hackenbush::Position;

    #[test]
    fn an_assertion_s_values_are_typeset_as_claims_are() {
        // A game in braces by KaTeX, not in ASCII (the second Domineering essay's pair).
        let game = super::assertion_value("{{3 | 1} | {1/2 | -3/2}}");
        assert!(
            game.contains("<math>") && game.contains("<mfrac>"),
            "{game}"
        );
        assert!(!game.contains("1/2") && !game.contains("{{"), "{game}");
        // A list cut at its commas outside braces only, each value typeset.
        let list = super::assertion_value("-1/4, {1, 2 | 0}, *");
        assert_eq!(list.matches("<math").count(), 1, "{list}");
        assert!(
            list.starts_with("\u{2212}\u{bc}, <span class=\"katex\"><math"),
            "{list}"
        );
        assert!(
            list.ends_with(", <span class=\"ast\">\u{2217}</span>"),
            "{list}"
        );
        assert_eq!(
            super::top_level_items("{1, 2 | 0}, *"),
            ["{1, 2 | 0}", " *"]
        );
    }

    #[test]
    fn descriptions_say_what_stands_on_what() {
        let describe = |text: &str| {
            let p: Position = text.parse().unwrap();
            super::describe(&p, hackenbook_rulesets::hackenbush::Rules::Normal)
        };
        assert_eq!(
            describe("LRR"),
            "blue L on the ground, red LR on L, red LRR on LR"
        );
        assert_eq!(
            describe("L(L RL) G"),
            "blue L on the ground, blue LL on L, red LR on L, blue LRL on LR, green G on the \
             ground"
        );
        assert_eq!(describe("G"), "green G on the ground");
        assert_eq!(
            describe("g-a L, a-b R, b-g R"),
            "blue g-a, red a-b, red b-g; g is the ground"
        );
        assert_eq!(describe(""), "no edges");
        // Past the budget, the counts alone.
        assert_eq!(
            describe(&"L".repeat(super::LISTED_EDGES + 1)),
            "25 blue edges"
        );
        assert_eq!(
            describe(&"LR".repeat(super::LISTED_EDGES)),
            "48 edges, 24 blue and 24 red"
        );
    }

    /// A game claimed in the prose is typeset as maths (KaTeX's MathML, the minus and the half
    /// set as such), never left in ASCII; a number as running text; a count or a word as written.
    #[test]
    fn claimed_values_are_typeset_as_maths() {
        let game = super::claimed_value_html("{2 | -1/2}");
        assert!(game.contains("<math"), "{game}");
        assert!(!game.contains("{2 | -1/2}"), "{game}");
        assert!(
            game.contains("\u{2212}") || game.contains("&minus;"),
            "{game}"
        );
        let nested = super::claimed_value_html("{1 | {0 | -1}}");
        assert!(
            nested.contains("<math") && !nested.contains("{0 | -1}"),
            "{nested}"
        );
        assert_eq!(super::claimed_value_html("-1/4"), "\u{2212}¼");
        assert_eq!(super::claimed_value_html("12%"), "12%");
        assert_eq!(super::claimed_value_html("Left"), "Left");
        assert_eq!(super::claimed_value_html("a < b"), "a &lt; b");
    }

    #[test]
    fn claim_titles_are_sentences_without_the_query() {
        assert_eq!(
            super::claim_title("12.48% (916 of 7,338)"),
            "Checked: the computation gives 12.48% (916 of 7,338)"
        );
        assert_eq!(
            super::claim_title("-1/2"),
            "Checked: the computation gives −½"
        );
        for verdict in ["holds", "true", "false — smallest counterexample { | } = 0"] {
            assert_eq!(
                super::claim_title(verdict),
                "Checked against the computation; the claims notebook shows how"
            );
        }
    }

    #[test]
    fn figure_ids_have_one_prefix() {
        assert_eq!(super::figure_id("cherry"), "position-cherry");
        assert_eq!(super::figure_id("position-62"), "position-62");
    }

    #[test]
    fn fractions_standing_alone_are_display_size() {
        assert_eq!(
            super::display_fractions(r"\{0, \tfrac12 \mid 2\} = 1 + \tfrac{3}{8}"),
            r"\{0, \tfrac12 \mid 2\} = 1 + \frac{3}{8}"
        );
        assert_eq!(
            super::display_fractions(r"\{\{1 \mid \tfrac12\} \mid\} : \tfrac12"),
            r"\{\{1 \mid \tfrac12\} \mid\} : \frac12"
        );
    }

    #[test]
    fn methods_are_named_once() {
        use hackenbook_base::provenance::Method;
        let m = super::methods_words;
        // The game tree with fast paths is not the plain game tree: both are named.
        assert_eq!(
            m(&[Method::GameTreeWithFastPaths, Method::GameTree], &[]),
            "valued by the game tree, with fast paths below it and by the game tree, which agree"
        );
        assert_eq!(
            m(&[Method::ColonPrinciple, Method::ColonPrinciple], &[]),
            "valued by the colon principle"
        );
        assert_eq!(
            m(&[Method::Cache, Method::NumberSearch], &[]),
            "valued by a search for the number it is worth, in an earlier build (read back from its cache)"
        );
    }
}
