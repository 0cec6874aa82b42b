//! Turning a checked essay into a page: the Markdown is walked again with the same options the
//! parser used, so every directive is found at the byte offset recorded for it and replaced by
//! what the checker computed (a drawn position, typeset identities, a claim linked to the notebook).
//! Maths is typeset here too, and a KaTeX error is a diagnostic at its line.

mod directives;
mod exercise;
mod headings;
pub use headings::claim_id;
pub use words::how as how_words;
mod play;
mod plot;
mod thermograph;
mod words;

use crate::check::{CheckedEssay, ClaimKind, ClaimRecord, Outcome};
use crate::essay::parse::markdown_options;
use crate::essay::{Diagnostic, DirectiveKind};
use crate::site::render::{ClaimRow, PageModel, ANSWER_KEY_OPENING};
use crate::site::{flow, maths};
use hackenbook_games::Games;
use pulldown_cmark::{CowStr, Event, Parser, Tag, TagEnd};
use std::collections::HashMap;
use std::ops::Range;

/// The file a page is written to, and so the target of links to it.
pub use crate::site::render::href as page_file;

/// One essay ready for a template: everything as HTML or plain data, nothing left to compute.
/// `games` is the table the check valued the essay in (its values are ids in it).
pub fn build_page(
    checked: &CheckedEssay,
    games: &Games,
    problems: &mut Vec<Diagnostic>,
) -> PageModel {
    let essay = &checked.essay;
    let text = &*essay.file.text;
    let at_offset: HashMap<usize, usize> = essay
        .directives
        .iter()
        .enumerate()
        .map(|(i, d)| (d.span.start, i))
        .collect();
    let pool = play::ValuePool::of(checked, games, &|b| directives::board_play_bytes(b, games));
    let mut out: Vec<Event> = Vec::new();
    let mut headings = headings::Collector::default();
    // Inside verbatim code a `$` is just a character.
    let mut in_code = false;
    let mut maths_reported = false;
    let mut exercises = Exercises::default();
    // Census definitions do not interrupt the prose: they are gathered at the end of the page.
    let mut censuses: Vec<String> = Vec::new();
    // Where each heading starts in the source, in the order of the contents list.
    let mut heading_starts: Vec<usize> = Vec::new();
    let mut plays = PlayRun::default();
    let mut events = Parser::new_ext(text, markdown_options()).into_offset_iter();
    while let Some((event, range)) = events.next() {
        let directive = at_offset.get(&range.start).copied();
        if matches!(event, Event::Start(Tag::Heading { .. })) {
            heading_starts.push(range.start);
        }
        if let (Event::Start(Tag::CodeBlock(_)), Some(i)) = (&event, directive) {
            if let DirectiveKind::Exercise(block) = &essay.directives[i].kind {
                skip_until(&mut events, |e| matches!(e, Event::End(TagEnd::CodeBlock)));
                match &block.solution {
                    // Its solution follows: the exercise is written when the solution ends.
                    Some(solution) => exercises.open = Some((i, solution.end, Vec::new())),
                    None => {
                        let html = exercises.render(checked, games, i, Vec::new(), problems);
                        headings.push(Event::Html(html.into()), &mut out);
                    }
                }
                continue;
            }
        }
        if matches!(event, Event::Rule) {
            if let Some((i, end, solution)) = exercises.open.take() {
                if end == range.start {
                    let html = exercises.render(checked, games, i, solution, problems);
                    headings.push(Event::Html(html.into()), &mut out);
                    continue;
                }
                exercises.open = Some((i, end, solution));
            }
        }
        let out = match &mut exercises.open {
            Some((_, _, solution)) => solution,
            None => &mut out,
        };
        match event {
            Event::Start(Tag::MetadataBlock(_)) => skip_until(&mut events, |e| {
                matches!(e, Event::End(TagEnd::MetadataBlock(_)))
            }),
            Event::Start(Tag::CodeBlock(_)) if directive.is_some() => {
                skip_until(&mut events, |e| matches!(e, Event::End(TagEnd::CodeBlock)));
                let index = directive.unwrap_or(0);
                if let Some(steps) = directives::line_steps(checked, games, index, problems) {
                    let html = plays.add(steps, out);
                    headings.push(Event::Html(html.into()), out);
                    continue;
                }
                let html = directives::render(checked, games, index, &pool, problems);
                if matches!(checked.outcomes[index], Outcome::Census { .. }) {
                    censuses.push(html);
                } else {
                    headings.push(Event::Html(html.into()), out);
                }
            }
            Event::Code(_) if directive.is_some() => {
                let html =
                    directives::render(checked, games, directive.unwrap_or(0), &pool, problems);
                headings.push(Event::InlineHtml(html.into()), out);
            }
            Event::InlineMath(tex) => {
                let typeset = maths_event(checked, &tex, range, false, problems);
                headings.push(typeset, out)
            }
            Event::DisplayMath(tex) => {
                let typeset = maths_event(checked, &tex, range, true, problems);
                headings.push(typeset, out)
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => headings.push(
                Event::Start(Tag::Link {
                    link_type,
                    dest_url: essay_link_target(checked, dest_url),
                    title,
                    id,
                }),
                out,
            ),
            Event::Start(Tag::CodeBlock(kind)) => {
                in_code = true;
                headings.push(Event::Start(Tag::CodeBlock(kind)), out)
            }
            Event::End(TagEnd::CodeBlock) => {
                in_code = false;
                headings.push(Event::End(TagEnd::CodeBlock), out)
            }
            Event::Text(text) => {
                if !in_code && !maths_reported {
                    maths_reported = unrecognised_maths(checked, &text, range, problems);
                }
                headings.push(Event::Text(text), out)
            }
            Event::End(end) => {
                // One report per paragraph: the `$$` that closes a broken formula is no news.
                maths_reported = false;
                headings.push(Event::End(end), out)
            }
            other => headings.push(other, out),
        }
    }
    let mut body_html = String::new();
    pulldown_cmark::html::push_html(&mut body_html, out.into_iter());
    if !censuses.is_empty() {
        body_html.push_str(&format!(
            "<details class=\"census-list\" id=\"censuses\"><summary>The censuses behind the counts ({})</summary>\n\
             <p>Each count in the text goes over every member of one of these families; the \
             notebook's queries call them by the name in front.</p>\n<ul>\n{}</ul></details>\n",
            censuses.len(),
            censuses.concat()
        ));
    }
    body_html.push_str(&pool.html(checked, games, problems));
    body_html.push_str(&exercises.answer_key());
    let toc = headings.into_toc();
    // An exercise's answer is checked like a claim, but its place is the answer key.
    // Claims and the game blocks' lines, each row with its place in the source, in the order of
    // the text, so that each section's rows come together.
    let mut placed: Vec<(usize, ClaimRow)> = checked
        .claims
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind != ClaimKind::Exercise)
        .map(|(i, c)| {
            let mut row = claim_row(i, c);
            // A relation checked in an exercise's hint has no anchor in the text to go back to.
            row.in_text = body_html.contains(&format!("id=\"{}-text\"", row.id));
            (c.literal_range.start, row)
        })
        .collect();
    placed.extend(directives::game_rows(checked, games));
    placed.sort_by_key(|(at, row)| (*at, row.line));
    let claims = placed
        .into_iter()
        .map(|(at, mut row)| {
            let before = heading_starts.partition_point(|&h| h <= at);
            if let Some(heading) = before.checked_sub(1).and_then(|k| toc.get(k)) {
                row.section = heading.text.clone();
                row.section_id = heading.id.clone();
            }
            row
        })
        .collect();
    PageModel {
        slug: essay.front.slug.clone(),
        title: essay.front.title.clone(),
        rung: essay.front.rung,
        summary: essay.front.summary.clone(),
        date: essay.front.date.map(|d| d.to_string()),
        updated: essay.front.updated.map(|d| d.to_string()),
        body_html,
        toc,
        claims,
        prev: None,
        next: None,
    }
}

/// Lines of play that follow one another in the text, nothing between them, from the same
/// start: drawn as one figure with the start once ([`directives::lines_of_play`]).
#[derive(Default)]
struct PlayRun {
    /// Each line's steps, the start first.
    lines: Vec<Vec<String>>,
    /// The figure last written for them.
    html: String,
}

impl PlayRun {
    /// The figure for a new line: with the run before it when that run is what the page last
    /// received and starts alike (its figure is taken back out of `out`), else on its own.
    fn add(&mut self, steps: Vec<String>, out: &mut Vec<Event>) -> String {
        let last_written = matches!(out.last(), Some(Event::Html(h)) if **h == *self.html);
        let same_start = self.lines.first().and_then(|line| line.first()) == steps.first();
        if last_written && same_start && !steps.is_empty() {
            out.pop();
        } else {
            self.lines.clear();
        }
        self.lines.push(steps);
        self.html = directives::lines_of_play(&self.lines);
        self.html.clone()
    }
}

/// The exercises of a page: the one whose worked solution is being read (its directive, where
/// the solution ends, the solution's events so far), and the answer key.
#[derive(Default)]
struct Exercises<'a> {
    open: Option<(usize, usize, Vec<Event<'a>>)>,
    count: usize,
    key: Vec<String>,
}

impl<'a> Exercises<'a> {
    /// The exercise's HTML, its solution rendered from `solution`; its key entry is kept.
    fn render(
        &mut self,
        checked: &CheckedEssay,
        games: &Games,
        index: usize,
        solution: Vec<Event<'a>>,
        problems: &mut Vec<Diagnostic>,
    ) -> String {
        let Outcome::Exercise(exercise) = &checked.outcomes[index] else {
            return String::new();
        };
        self.count += 1;
        let mut solution_html = String::new();
        pulldown_cmark::html::push_html(&mut solution_html, solution.into_iter());
        let span = checked.essay.directives[index].span.clone();
        let rendered = exercise::render(
            exercise,
            games,
            self.count,
            &solution_html,
            &checked.essay.file,
            span,
            problems,
        );
        self.key.push(rendered.key);
        rendered.inline
    }

    /// The answers and worked solutions, together at the end of the page (shown in print, on a
    /// page of their own), with the script that checks readers' answers.
    fn answer_key(&self) -> String {
        if self.key.is_empty() {
            return String::new();
        }
        format!(
            "{ANSWER_KEY_OPENING} aria-label=\"Answers\">\n<p class=\"answer-key-title\">Answers</p>\n{}</section>\n\
             <script src=\"exercise.js\" defer></script>\n",
            self.key.join("")
        )
    }
}

fn claim_row(index: usize, c: &ClaimRecord) -> ClaimRow {
    ClaimRow {
        id: claim_id(index),
        // Values in the notebook are typeset like the maths (`7/4` as 1¾), as in the prose.
        literal: words::typeset_value(&c.literal).unwrap_or_else(|| c.literal.clone()),
        literal_html: (c.kind == ClaimKind::Relation)
            .then(|| maths::render(&c.literal, false).ok())
            .flatten(),
        query: c.query.clone(),
        figure: words::typeset_value(&c.figure).unwrap_or_else(|| c.figure.clone()),
        holds: c.holds,
        how: words::how(&c.how)
            .iter()
            .map(|h| format!("{}: {}", h.what, h.words))
            .collect(),
        file: c.file.clone(),
        line: c.line,
        section: String::new(),
        section_id: String::new(),
        in_text: true,
    }
}

fn skip_until<'a>(
    events: &mut impl Iterator<Item = (Event<'a>, Range<usize>)>,
    end: impl Fn(&Event) -> bool,
) {
    for (e, _) in events.by_ref() {
        if end(&e) {
            break;
        }
    }
}

/// KaTeX at build time; on error, the diagnostic points into the formula.
fn maths_event<'a>(
    checked: &CheckedEssay,
    tex: &str,
    range: Range<usize>,
    display: bool,
    problems: &mut Vec<Diagnostic>,
) -> Event<'a> {
    let typeset = if display {
        // Display maths wraps to the column (see `site::flow`).
        flow::display(&[tex.to_string()])
    } else {
        maths::render(tex, false)
    };
    match typeset {
        Ok(html) => Event::InlineHtml(html.into()),
        Err(e) => {
            let file = &checked.essay.file;
            let delimiter = if display { 2 } else { 1 };
            let start = range.start + delimiter + e.offset.unwrap_or(0);
            problems.push(
                Diagnostic::new(
                    file,
                    start..(start + 1).min(range.end),
                    format!("KaTeX: {}", e.message),
                )
                .label("the formula fails here"),
            );
            Event::Text(CowStr::from(tex.to_string()))
        }
    }
}

/// `$\frac{1}{2$` is not maths to the Markdown parser (its braces are unbalanced), nor is a
/// `$$` that is never closed, so they would reach the page as raw TeX: a `$` left in prose
/// (outside code) is reported instead, unless it is written `\$`, a dollar sign.
/// Whether it reported one.
fn unrecognised_maths(
    checked: &CheckedEssay,
    text: &str,
    range: Range<usize>,
    problems: &mut Vec<Diagnostic>,
) -> bool {
    if !text.contains('$') {
        return false;
    }
    // The parser splits text at `$` and `\`, so look at the source around the event instead.
    let file = &checked.essay.file;
    let source = file.slice(&range);
    for (i, _) in source.match_indices('$') {
        let at = range.start + i;
        if file.text[..at].ends_with('\\') {
            continue;
        }
        problems.push(
            Diagnostic::new(
                file,
                at..at + 1,
                "this `$` starts maths that was not recognised",
            )
            .label("raw TeX would reach the page")
            .help(
                "a formula ends with the `$` or `$$` that opens it, in the same paragraph, \
                     with its braces balanced; write `\\$` for a dollar sign",
            ),
        );
        return true;
    }
    false
}

/// An essay link is written by slug; on the page it points at that essay's file.
fn essay_link_target<'a>(checked: &CheckedEssay, dest: CowStr<'a>) -> CowStr<'a> {
    let is_essay = checked.essay.links.iter().any(|l| l.value == *dest);
    if !is_essay {
        return dest;
    }
    match dest.split_once('#') {
        Some((slug, anchor)) => format!("{}#{anchor}", page_file(slug)).into(),
        None => page_file(&dest).into(),
    }
}
