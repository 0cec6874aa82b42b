//! Reading an essay: Markdown with front matter, in which some constructs are *directives* — a
//! fenced block of a known kind, an inline claim — that the checker evaluates. The parser only
//! finds them and records where they are; every later stage points back through these spans.

use super::diagnostic::Diagnostic;
use super::front::{self, FrontMatter};
use super::source::{offset_span, SourceFile};
use hackenbook_base::suggest::closest;
use hackenbook_rulesets::{registry, DynRuleset};
use pulldown_cmark::{CodeBlockKind, Event, MetadataBlockKind, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// A value together with the bytes of the essay it was read from.
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Range<usize>,
}

impl Spanned<String> {
    fn of(file_text: &str, span: Range<usize>) -> Spanned<String> {
        Spanned {
            value: file_text[span.clone()].to_string(),
            span,
        }
    }
}

#[derive(Debug)]
pub struct Essay {
    pub file: SourceFile,
    pub front: FrontMatter,
    pub directives: Vec<Directive>,
    /// Links whose target names another essay by slug, to be checked once all essays are known.
    pub links: Vec<Spanned<String>>,
    /// The names of blocks left out because they could not be read (reported here): a use of
    /// one of them elsewhere says nothing more.
    pub failed_names: Vec<String>,
}

#[derive(Debug)]
pub struct Directive {
    /// The whole Markdown construct (fence to fence, backtick to backtick).
    pub span: Range<usize>,
    pub kind: DirectiveKind,
}

#[derive(Debug)]
pub enum DirectiveKind {
    Position(PositionBlock),
    Game(Vec<Spanned<String>>),
    Census {
        name: Spanned<String>,
        body: Spanned<String>,
    },
    Claims(Vec<Claim>),
    InlineClaim(Claim),
    /// `` `{$…$}` ``: a relation between games written as prose maths, checked as written.
    MathsClaim(Spanned<String>),
    /// A ```` ```play ```` block: a line of play from the position block `name`, or (without a
    /// name) from the position on its first line; every non-blank line keeps its span.
    Play {
        name: Option<Spanned<String>>,
        lines: Vec<Spanned<String>>,
    },
    /// A ```` ```thermograph ```` block: one game expression (position names allowed), drawn as
    /// its thermograph; `block` is the fence's info string, where an empty block is reported.
    Thermograph {
        lines: Vec<Spanned<String>>,
        block: Range<usize>,
    },
    /// An ```` ```exercise ```` block: a position, a question about it and the answer.
    Exercise(Box<ExerciseBlock>),
    /// A ```` ```plot FAMILY ```` block: one `LABEL = CONDITION` line a series (and an optional
    /// `caption = TEXT`), drawn as the share of each size of the census that has each
    /// condition; `block` is the fence's info string, where a missing name is reported.
    Plot {
        family: Option<Spanned<String>>,
        lines: Vec<Spanned<String>>,
        block: Range<usize>,
    },
}

/// An `exercise` block: a position (with its `rules`), a question of a kind the checker decides,
/// the answer, and optionally a hint and a worked solution (the Markdown after the block, up to a
/// thematic break, when the block says `solution = below`).
#[derive(Debug)]
pub struct ExerciseBlock {
    /// The position and its `rules` line, as a position block reads them.
    pub position: PositionBlock,
    pub question: Spanned<String>,
    pub answer: Spanned<String>,
    pub hint: Option<Spanned<String>>,
    /// The worked solution's bytes: from the end of the block to the thematic break that closes it.
    pub solution: Option<Range<usize>>,
}

/// The keys of an exercise block besides `rules`.
pub const EXERCISE_KEYS: [&str; 4] = ["question", "answer", "hint", "solution"];

/// A position block: a position and the assertions made about it. Its game is Hackenbush
/// (```` ```hackenbush ````) or a ruleset of the registry (```` ```domineering ````).
#[derive(Debug)]
pub struct PositionBlock {
    /// The game, when it is not Hackenbush.
    pub ruleset: Option<&'static dyn DynRuleset>,
    pub name: Option<Spanned<String>>,
    pub position: Spanned<String>,
    /// `key = literal` lines, including options such as `rules = childish`.
    pub lines: Vec<KeyValue>,
}

#[derive(Debug)]
pub struct KeyValue {
    pub key: Spanned<String>,
    pub value: Spanned<String>,
}

/// `literal = query`: the prose says `literal`, the computation must agree.
#[derive(Debug, Clone)]
pub struct Claim {
    pub literal: Spanned<String>,
    pub query: Spanned<String>,
}

/// The fenced-block kinds hackenbook understands; `text` (or no info string) is verbatim code.
pub const BLOCK_KINDS: [&str; 9] = [
    "hackenbush",
    "game",
    "census",
    "claims",
    "play",
    "thermograph",
    "plot",
    "exercise",
    "text",
];

/// The Markdown dialect of essays; the renderer must use the same so offsets agree.
pub fn markdown_options() -> Options {
    Options::ENABLE_MATH
        | Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_PLUSES_DELIMITED_METADATA_BLOCKS
}

/// Parses one essay, or returns every problem found in it.
pub fn parse_essay(file: &SourceFile) -> Result<Essay, Vec<Diagnostic>> {
    match parse_recovering(file) {
        (essay, problems) if problems.is_empty() => Ok(essay),
        (_, problems) => Err(problems),
    }
}

/// Parses one essay, recovering from every problem that leaves the rest readable: a bad
/// directive (or a bad line of a block) is reported and left out, and the essay comes back with
/// everything else, so that one slip does not hide the problems after it. Front matter that
/// cannot be read (or is missing) is reported and replaced by a stand-in
/// ([`FrontMatter::stand_in`]), so the body is still checked.
pub fn parse_recovering(file: &SourceFile) -> (Essay, Vec<Diagnostic>) {
    parse_with_front(file, None)
}

/// [`parse_recovering`] for a text that carries no front matter of its own, such as a chapter of
/// an mdBook book: `front` stands in for it (front matter written anyway still wins).
pub fn parse_chapter(file: &SourceFile, front: FrontMatter) -> (Essay, Vec<Diagnostic>) {
    parse_with_front(file, Some(front))
}

fn parse_with_front(file: &SourceFile, given: Option<FrontMatter>) -> (Essay, Vec<Diagnostic>) {
    let mut problems = Vec::new();
    let text = &*file.text;
    let mut front = None;
    let mut directives: Vec<Directive> = Vec::new();
    let mut links = Vec::new();
    let mut failed_names = Vec::new();
    // An exercise whose worked solution is being read: its directive and the `solution` key.
    let mut open_solution: Option<(usize, Range<usize>)> = None;
    let mut events = events_from(text, 0);
    while let Some((event, range)) = events.next() {
        let ends_solution = matches!(
            event,
            Event::Rule | Event::Start(Tag::Heading { .. }) | Event::Start(Tag::CodeBlock(_))
        );
        if let (true, Some((index, key))) = (ends_solution, &open_solution) {
            let closed = matches!(event, Event::Rule);
            let is_exercise = matches!(&event, Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.split_whitespace().next() == Some("exercise"));
            if closed || is_exercise || !matches!(event, Event::Start(Tag::CodeBlock(_))) {
                if closed {
                    let directive = &mut directives[*index];
                    if let DirectiveKind::Exercise(ex) = &mut directive.kind {
                        ex.solution = Some(directive.span.end..range.start);
                    }
                } else {
                    problems.push(unclosed_solution(file, key));
                }
                open_solution = None;
            }
        }
        match event {
            Event::Start(Tag::MetadataBlock(MetadataBlockKind::PlusesStyle)) => {
                front = Some(read_front_matter(file, range, &mut problems));
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                let content = code_block_content(&mut events);
                if let Some((unclosed, reopened)) = opens_another_block(file, &range) {
                    // What it swallowed is read again from the block it swallowed, as the author
                    // meant it; the block itself is reported, once, at its fence.
                    problems.push(unclosed);
                    failed_names.extend(block_name(&info));
                    events = events_from(text, reopened);
                    continue;
                }
                if let Some(unclosed) = unclosed_fence(file, &range) {
                    // The rest of the file is inside it: report the fence, not the prose.
                    problems.push(unclosed);
                    failed_names.extend(block_name(&info));
                    continue;
                }
                match read_block(file, range.clone(), &info, content, &mut problems) {
                    Ok(Some(kind)) => {
                        if let DirectiveKind::Exercise(ex) = &kind {
                            if let Some(key) = &ex.solution {
                                open_solution = Some((directives.len(), key.clone()));
                            }
                        }
                        directives.push(Directive { span: range, kind })
                    }
                    Ok(None) => {}
                    Err(d) => {
                        problems.push(d);
                        failed_names.extend(block_name(&info));
                    }
                }
            }
            Event::Code(code) if code.starts_with("{$") && code.ends_with("$}") => {
                directives.push(Directive {
                    span: range.clone(),
                    kind: DirectiveKind::MathsClaim(read_maths_claim(file, range)),
                });
            }
            Event::Code(code) if code.starts_with('{') => {
                match read_inline_claim(file, range.clone()) {
                    Ok(claim) => directives.push(Directive {
                        span: range,
                        kind: DirectiveKind::InlineClaim(claim),
                    }),
                    Err(d) => problems.push(d),
                }
            }
            Event::Html(_) => problems.extend(raw_html_directives(file, range, Passed::Block)),
            // An inline tag passes to the page as written, attributes and all.
            Event::InlineHtml(_) => problems.extend(raw_html_directives(file, range, Passed::Tag)),
            Event::Start(Tag::Link { title, .. } | Tag::Image { title, .. })
                if title.contains("`{") || title.contains('$') =>
            {
                // The title becomes an attribute as written: placed at it in the source.
                let at = file
                    .slice(&range)
                    .rfind(&*title)
                    .map_or(range.start, |i| range.start + i);
                problems.extend(raw_html_directives(
                    file,
                    at..at + title.len(),
                    Passed::Title,
                ));
            }
            Event::Start(Tag::Link { dest_url, .. }) if is_essay_link(&dest_url) => {
                // Point at the target itself, not the whole `[text](target)`.
                let at = file
                    .slice(&range)
                    .rfind(&*dest_url)
                    .map_or(range.start, |i| range.start + i);
                links.push(Spanned {
                    value: dest_url.to_string(),
                    span: at..at + dest_url.len(),
                });
            }
            _ => {}
        }
    }
    if let Some((_, key)) = &open_solution {
        problems.push(unclosed_solution(file, key));
    }
    let front = match (front, given) {
        (Some(Some(f)), _) => Some(f),
        (Some(None), _) => None,
        (None, Some(given)) => Some(given),
        (None, None) if text.lines().next().is_some_and(|l| l.trim_end() == "+++") => {
            problems.push(
                Diagnostic::new(file, 0..3, "the front matter is never closed")
                    .label("opened here")
                    .help("end the front matter with a line holding only `+++`"),
            );
            None
        }
        (None, None) => {
            problems.push(
                Diagnostic::new(file, 0..0, "the essay has no front matter")
                    .label("expected `+++` here")
                    .help("start the file with `+++`, TOML with title and rung, then `+++`"),
            );
            None
        }
    };
    let essay = Essay {
        file: file.clone(),
        front: front.unwrap_or_else(|| FrontMatter::stand_in(&file_stem(file))),
        directives,
        links,
        failed_names,
    };
    (essay, problems)
}

fn read_front_matter(
    file: &SourceFile,
    range: Range<usize>,
    problems: &mut Vec<Diagnostic>,
) -> Option<FrontMatter> {
    // The block spans `+++\n…\n+++`; the TOML starts after the first line.
    let block = &file.text[range.clone()];
    let toml_start = range.start + block.find('\n').map_or(block.len(), |i| i + 1);
    let toml_end = range.start + block.trim_end().rfind('\n').unwrap_or(0);
    let toml_text = file.slice(&(toml_start..toml_end.max(toml_start)));
    match front::parse(toml_text, &file_stem(file)) {
        Ok(mut f) => {
            f.slug_span = f.slug_span.map(|s| offset_span(&s, toml_start));
            f.rung_span = offset_span(&f.rung_span, toml_start);
            f.summary_span = f.summary_span.map(|s| offset_span(&s, toml_start));
            Some(f)
        }
        Err(e) => {
            let (message, help) = e.in_words(toml_text);
            let span = e.span.map_or(range, |s| offset_span(&s, toml_start));
            problems.push(
                Diagnostic::new(file, span, format!("bad front matter: {message}")).help(help),
            );
            None
        }
    }
}

/// The file's name without `.md`: the slug when the front matter gives none.
fn file_stem(file: &SourceFile) -> String {
    file.path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default()
}

/// An HTML block reaches the page as written, so a claim or a formula inside it would be
/// published unchecked and untypeset: each is a problem, at the line of the block it is on.
/// What the Markdown parser copies to the page as written, unread.
#[derive(Clone, Copy)]
enum Passed {
    /// An HTML block.
    Block,
    /// An inline HTML tag (`<a title="…">`), attributes and all.
    Tag,
    /// A link's or an image's title (`[x](y "title")`), which becomes an attribute.
    Title,
}

/// A claim or a `$` in something the page receives as written: each a problem, since neither
/// would be checked or typeset.
fn raw_html_directives(file: &SourceFile, range: Range<usize>, passed: Passed) -> Vec<Diagnostic> {
    let line = file.slice(&range);
    let (inside, help) = match passed {
        Passed::Block => (
            "an HTML block",
            "HTML blocks are copied to the page as they are; leave a blank line after the \
             opening tag so that the Markdown inside is read, or move this out of the HTML",
        ),
        Passed::Tag => (
            "an HTML tag",
            "an HTML tag is copied to the page as it is, attributes and all: move the claim or \
             the maths out of the tag, into the text",
        ),
        Passed::Title => (
            "a link's title",
            "a title becomes an attribute, shown as written: move the claim or the maths into \
             the text",
        ),
    };
    let mut problems = Vec::new();
    if let Some(i) = line.find("`{") {
        let at = range.start + i;
        problems.push(
            Diagnostic::new(
                file,
                at..at + 2,
                format!("a claim inside {inside} is not checked"),
            )
            .label("this claim would reach the page unchecked")
            .help(help),
        );
    }
    if let Some(i) = line.find('$') {
        let at = range.start + i;
        problems.push(
            Diagnostic::new(
                file,
                at..at + 1,
                format!("maths inside {inside} is not typeset"),
            )
            .label("raw TeX would reach the page")
            .help(format!("{help} (write `&#36;` for a dollar sign in HTML)")),
        );
    }
    problems
}

/// The essay's Markdown events from byte `from` (the start of a line) on, located in the whole
/// text.
fn events_from(
    text: &str,
    from: usize,
) -> Box<dyn Iterator<Item = (Event<'_>, Range<usize>)> + '_> {
    let events = Parser::new_ext(&text[from..], markdown_options()).into_offset_iter();
    Box::new(events.map(move |(event, range)| (event, range.start + from..range.end + from)))
}

/// The name a block's info string defines (```` ```hackenbush half ````), if any: not the name a
/// block that only uses one gives (```` ```play half ````).
fn block_name(info: &str) -> Option<String> {
    let mut words = info.split_whitespace();
    let uses = ["play", "game", "thermograph", "plot", "claims", "text"];
    match words.next() {
        Some(kind) if uses.contains(&kind) => None,
        // ```exercise domineering NAME: the game, then the name.
        Some("exercise") => match words.next() {
            Some(game) if registry::find(game).is_some() => words.next().map(str::to_string),
            name => name.map(str::to_string),
        },
        _ => words.next().map(str::to_string),
    }
}

/// The fence of a block and its mark and width: where the fence starts in the block's first line.
fn fence_of(block: &str) -> Option<(usize, char, usize)> {
    let first = block.lines().next()?;
    let offset = first.find(['`', '~'])?;
    let mark = first[offset..].chars().next()?;
    let width = first[offset..].chars().take_while(|&c| c == mark).count();
    Some((offset, mark, width))
}

/// A block left unclosed in the middle of an essay runs on to the next fence, which closes it:
/// the block after it is swallowed, its opening line read as a line of this one. A line inside
/// the block that opens a block of a known kind, with a fence that could have closed this one,
/// is that: the problem is at this block's fence, and the text is read again from that line
/// (whose byte offset comes back with the problem).
fn opens_another_block(file: &SourceFile, range: &Range<usize>) -> Option<(Diagnostic, usize)> {
    let block = file.slice(range);
    let (offset, mark, width) = fence_of(block)?;
    let mut at = block.find('\n')? + 1;
    for line in block[at..].split_inclusive('\n') {
        let start = range.start + at;
        at += line.len();
        let fence = line.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
        let own = fence.chars().take_while(|&c| c == mark).count();
        let kind = fence[own..].split_whitespace().next().unwrap_or("");
        let known = BLOCK_KINDS.contains(&kind) || registry::find(kind).is_some();
        if own < width || !known {
            continue;
        }
        let (line_number, _) = file.line_col(start);
        let opening = range.start + offset;
        let closing: String = std::iter::repeat_n(mark, width).collect();
        let d = Diagnostic::new(
            file,
            opening..opening + width,
            format!(
                "this block is not closed: the {}{kind} on line {line_number} opens another block",
                &fence[..own]
            ),
        )
        .label("this block is never closed")
        .help(format!(
            "close it with a line holding only {closing} before line {line_number}"
        ));
        return Some((d, start));
    }
    None
}

/// A fence that is never closed runs to the end of the file (CommonMark); that is a problem at
/// the fence, whatever kind of block it opens.
fn unclosed_fence(file: &SourceFile, range: &Range<usize>) -> Option<Diagnostic> {
    let block = file.slice(range);
    // The fence may stand in a list item or a block quote: it starts at its first mark.
    let (offset, mark, width) = fence_of(block)?;
    let closing = block.lines().skip(1).last().map(|l| {
        l.trim_start_matches(|c: char| c == '>' || c.is_whitespace())
            .trim_end()
    });
    let closed =
        closing.is_some_and(|l| l.chars().count() >= width && l.chars().all(|c| c == mark));
    if closed || range.end < file.text.trim_end().len() {
        return None;
    }
    let start = range.start + offset;
    Some(
        Diagnostic::new(file, start..start + width, "this fence is never closed")
            .label("the block opened here runs to the end of the file")
            .help(format!(
                "close it with a line of {width} `{mark}` after the block's last line"
            )),
    )
}

/// The text of a fenced block as one contiguous span of the file, consuming its events.
fn code_block_content<'a>(
    events: &mut impl Iterator<Item = (Event<'a>, Range<usize>)>,
) -> Option<Range<usize>> {
    let mut span: Option<Range<usize>> = None;
    for (event, range) in events.by_ref() {
        match event {
            Event::End(TagEnd::CodeBlock) => break,
            Event::Text(_) => {
                span = Some(match span {
                    Some(s) => s.start..range.end,
                    None => range,
                })
            }
            _ => {}
        }
    }
    span
}

fn read_block(
    file: &SourceFile,
    range: Range<usize>,
    info: &str,
    content: Option<Range<usize>>,
    problems: &mut Vec<Diagnostic>,
) -> Result<Option<DirectiveKind>, Diagnostic> {
    let mut words = info.split_whitespace();
    let kind = words.next().unwrap_or("");
    let mut name = words.next();
    // An exercise on another game names the game first: ```exercise domineering NAME.
    let mut game = None;
    if kind == "exercise" {
        if let Some(ruleset) = name.and_then(registry::find) {
            game = Some(ruleset);
            name = words.next();
        }
    }
    let info_span = info_span(file, &range, info);
    let content = content.unwrap_or(range.end..range.end);
    let name_spanned = name.map(|n| {
        // Search after the kind (and the game), so the name `c` of ```census c is not found
        // inside `census`.
        let at = info.find(kind).map_or(0, |k| k + kind.len());
        let at = game.map_or(at, |g| {
            info[at..]
                .find(g.name())
                .map_or(at, |k| at + k + g.name().len())
        });
        let start = info_span.start + at + info[at..].find(n).unwrap_or(0);
        Spanned::of(&file.text, start..start + n.len())
    });
    match kind {
        "" | "text" => Ok(None),
        "hackenbush" => {
            read_position(file, None, name_spanned, content, &range, problems).map(Some)
        }
        game if registry::find(game).is_some() => read_position(
            file,
            registry::find(game),
            name_spanned,
            content,
            &range,
            problems,
        )
        .map(Some),
        "game" => Ok(Some(DirectiveKind::Game(lines(file, &content)))),
        "thermograph" => Ok(Some(DirectiveKind::Thermograph {
            lines: lines(file, &content),
            block: info_span.clone(),
        })),
        "census" => {
            let name = name_spanned.ok_or_else(|| {
                Diagnostic::new(file, info_span.clone(), "a census block needs a name")
                    .label("name the family here")
                    .help("for example ```census forests6")
            })?;
            Ok(Some(DirectiveKind::Census {
                name,
                body: Spanned::of(&file.text, content),
            }))
        }
        "exercise" => read_exercise(file, game, name_spanned, content, &range, problems).map(Some),
        "plot" => Ok(Some(DirectiveKind::Plot {
            family: name_spanned,
            lines: lines(file, &content),
            block: info_span.clone(),
        })),
        "play" => Ok(Some(DirectiveKind::Play {
            name: name_spanned,
            lines: lines(file, &content),
        })),
        "claims" => Ok(Some(DirectiveKind::Claims(
            lines(file, &content)
                .into_iter()
                .filter_map(|line| kept(split_claim(file, line), problems))
                .collect(),
        ))),
        other => Err(Diagnostic::new(
            file,
            info_span.start..info_span.start + other.len(),
            format!("unknown block kind `{other}`"),
        )
        .label("not a kind hackenbook knows")
        .help(unknown_kind_help(other))),
    }
}

/// What an unknown block kind is told: the nearest kind or game, and the kinds and games there are.
fn unknown_kind_help(kind: &str) -> String {
    // Hackenbush, a game of the registry too, is a block kind of its own already.
    let games: Vec<&str> = registry::names()
        .into_iter()
        .filter(|g| !BLOCK_KINDS.contains(g))
        .collect();
    let known: Vec<&str> = BLOCK_KINDS.iter().copied().chain(games.clone()).collect();
    let list = format!(
        "{}; games other than Hackenbush: {}",
        BLOCK_KINDS.join(", "),
        games.join(", ")
    );
    match closest(kind, &known) {
        Some(k) => format!("did you mean `{k}`? Known kinds: {list}"),
        None => format!("known kinds: {list} (use `text` for verbatim code)"),
    }
}

/// Where the info string sits on the opening fence line.
fn info_span(file: &SourceFile, range: &Range<usize>, info: &str) -> Range<usize> {
    let fence_line = file.slice(range).lines().next().unwrap_or("");
    let at = fence_line.find(info.trim()).unwrap_or(0);
    let start = range.start + at;
    start..start + info.trim().len()
}

/// The non-blank lines of a block, comments (`# …`) removed, each with its own span.
fn lines(file: &SourceFile, content: &Range<usize>) -> Vec<Spanned<String>> {
    lines_with(file, content, true)
}

/// Where a line's comment starts (its length if it has none): at a `#` outside brackets when
/// `hash_comments` (a bracket is a position written in place, `[domineering: ..#/...]`, whose
/// `#` is a blocked square), else (a game whose notation writes `#`) at a `#` followed by a blank.
fn comment_start(line: &str, hash_comments: bool) -> usize {
    let mut depth = 0usize;
    let mut chars = line.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            '#' if hash_comments && depth == 0 => return at,
            '#' if !hash_comments && matches!(chars.peek(), Some((_, ' ' | '\t'))) => return at,
            _ => {}
        }
    }
    line.len()
}

/// The non-blank lines of a block, each with its own span, comments removed: from `#` on when
/// `hash_comments`, else (a game whose notation writes `#`, Domineering's blocked square) from a
/// `#` followed by a blank on.
fn lines_with(
    file: &SourceFile,
    content: &Range<usize>,
    hash_comments: bool,
) -> Vec<Spanned<String>> {
    let mut out = Vec::new();
    let mut offset = content.start;
    for raw in file.slice(content).split_inclusive('\n') {
        let without_comment = &raw[..comment_start(raw, hash_comments)];
        let trimmed = without_comment.trim();
        if !trimmed.is_empty() {
            let lead = without_comment.len() - without_comment.trim_start().len();
            let start = offset + lead;
            out.push(Spanned::of(&file.text, start..start + trimmed.len()));
        }
        offset += raw.len();
    }
    out
}

fn read_position(
    file: &SourceFile,
    ruleset: Option<&'static dyn DynRuleset>,
    name: Option<Spanned<String>>,
    content: Range<usize>,
    whole: &Range<usize>,
    problems: &mut Vec<Diagnostic>,
) -> Result<DirectiveKind, Diagnostic> {
    // In another game's position `#` may be part of the notation: only `# ` begins a comment.
    let all = lines_with(file, &content, ruleset.is_none());
    // The position is every line before the first `key = value`; a graph may take several.
    let split = all
        .iter()
        .position(|l| l.value.contains('='))
        .unwrap_or(all.len());
    let (position_lines, _) = all.split_at(split);
    let keys_from = position_lines.last().map_or(content.start, |l| l.span.end);
    let rest = lines(file, &(keys_from..content.end));
    let (Some(first), Some(last)) = (position_lines.first(), position_lines.last()) else {
        return Err(
            Diagnostic::new(file, whole.clone(), "this block draws no position")
                .label("expected a position on the first line")
                .help("for example `L(L R)`, a blue trunk carrying a blue and a red edge"),
        );
    };
    let position = Spanned::of(&file.text, first.span.start..last.span.end);
    let lines = rest
        .iter()
        .filter_map(|l| kept(split_key_value(file, l), problems))
        .collect();
    Ok(DirectiveKind::Position(PositionBlock {
        ruleset,
        name,
        position,
        lines,
    }))
}

/// A line that was read, or `None` with its problem reported: the block keeps its other lines.
fn kept<T>(line: Result<T, Diagnostic>, problems: &mut Vec<Diagnostic>) -> Option<T> {
    line.map_err(|d| problems.push(d)).ok()
}

/// An exercise block: a position block whose exercise keys are taken out. Until the page knows
/// where its solution ends, `solution` holds the span of the `solution = below` line.
fn read_exercise(
    file: &SourceFile,
    game: Option<&'static dyn DynRuleset>,
    name: Option<Spanned<String>>,
    content: Range<usize>,
    whole: &Range<usize>,
    problems: &mut Vec<Diagnostic>,
) -> Result<DirectiveKind, Diagnostic> {
    let DirectiveKind::Position(mut position) =
        read_position(file, game, name, content, whole, problems)?
    else {
        unreachable!("read_position reads a position block")
    };
    let mut found: [Option<KeyValue>; 4] = [None, None, None, None];
    let mut rules = Vec::new();
    for line in position.lines.drain(..) {
        let key = line.key.value.as_str();
        if key == "rules" {
            rules.push(line);
            continue;
        }
        let Some(k) = EXERCISE_KEYS.iter().position(|&k| k == key) else {
            return Err(Diagnostic::new(
                file,
                line.key.span.clone(),
                format!("an exercise block has no key `{key}`"),
            )
            .label("not a key of an exercise")
            .help("an exercise block takes `question`, `answer`, `hint`, `solution` and `rules`"));
        };
        if found[k].is_some() {
            return Err(Diagnostic::new(
                file,
                line.key.span.clone(),
                format!("`{key}` is given twice"),
            )
            .label("the second time"));
        }
        found[k] = Some(line);
    }
    position.lines = rules;
    let [question, answer, hint, solution] = found;
    let required = |line: Option<KeyValue>, key: &str, example: &str| {
        line.map(|l| l.value).ok_or_else(|| {
            Diagnostic::new(file, whole.clone(), format!("this exercise has no `{key}`"))
                .label("in this block")
                .help(format!("add a line such as `{key} = {example}`"))
        })
    };
    let question = required(question, "question", "value")?;
    let answer = required(answer, "answer", "1/2")?;
    let solution = match solution {
        None => None,
        Some(line) if line.value.value == "below" => Some(line.key.span.start..line.value.span.end),
        Some(line) => {
            return Err(Diagnostic::new(
                file,
                line.value.span.clone(),
                "the worked solution is written below the block",
            )
            .label("expected `below`")
            .help(
                "write `solution = below`, then the solution as Markdown after the block, \
                 ended by a line `---`",
            ))
        }
    };
    Ok(DirectiveKind::Exercise(Box::new(ExerciseBlock {
        position,
        question,
        answer,
        hint: hint.map(|h| h.value),
        solution,
    })))
}

/// A `solution = below` whose solution runs into a heading, another exercise or the end.
fn unclosed_solution(file: &SourceFile, key: &Range<usize>) -> Diagnostic {
    Diagnostic::new(
        file,
        key.clone(),
        "the worked solution below this exercise is never closed",
    )
    .label("the solution starts after this block")
    .help("end the solution with a line `---` before the next heading, exercise or the end of the file")
}

fn split_key_value(file: &SourceFile, line: &Spanned<String>) -> Result<KeyValue, Diagnostic> {
    let (key, value) = split_at_equals(file, line)?;
    Ok(KeyValue { key, value })
}

fn split_claim(file: &SourceFile, line: Spanned<String>) -> Result<Claim, Diagnostic> {
    let (literal, query) = split_at_equals(file, &line)?;
    Ok(Claim { literal, query })
}

/// `left = right` at the first `=`, each side trimmed, each with its own span.
pub(crate) fn split_at_equals(
    file: &SourceFile,
    line: &Spanned<String>,
) -> Result<(Spanned<String>, Spanned<String>), Diagnostic> {
    let missing = || {
        Diagnostic::new(file, line.span.clone(), "expected `something = something`")
            .label("no `=` on this line")
    };
    let eq = line.value.find('=').ok_or_else(missing)?;
    let side = |from: usize, to: usize| {
        let raw = &line.value[from..to];
        let lead = raw.len() - raw.trim_start().len();
        let start = line.span.start + from + lead;
        Spanned::of(&file.text, start..start + raw.trim().len())
    };
    let (left, right) = (side(0, eq), side(eq + 1, line.value.len()));
    if left.value.is_empty() || right.value.is_empty() {
        return Err(missing().label("one side of `=` is empty"));
    }
    Ok((left, right))
}

fn read_inline_claim(file: &SourceFile, range: Range<usize>) -> Result<Claim, Diagnostic> {
    let raw = file.slice(&range);
    let open = raw.find('{').unwrap_or(0);
    let close = raw.rfind('}').filter(|&c| c > open).ok_or_else(|| {
        Diagnostic::new(file, range.clone(), "an inline claim must end with `}`")
            .help("write `{LITERAL = QUERY}` inside backticks")
    })?;
    let inner = Spanned::of(&file.text, range.start + open + 1..range.start + close);
    split_claim(file, inner)
}

/// The TeX between the dollars of `` `{$…$}` ``, with its span.
fn read_maths_claim(file: &SourceFile, range: Range<usize>) -> Spanned<String> {
    let raw = file.slice(&range);
    let open = raw.find("{$").map_or(0, |i| i + 2);
    let close = raw.rfind("$}").filter(|&c| c >= open).unwrap_or(open);
    Spanned::of(&file.text, range.start + open..range.start + close)
}

/// Links written as a bare slug (`other-essay`, `other-essay#section`) point at essays.
fn is_essay_link(dest: &str) -> bool {
    let target = dest.split('#').next().unwrap_or("");
    !target.is_empty() && !target.contains(':') && !target.contains('/') && !target.contains('.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_key_is_answered_with_the_nearest() {
        // The message short, the nearest key in the help line.
        let errs = parse("+++\ntitel = \"T\"\nrung = 1\n+++\n").unwrap_err();
        assert_eq!(errs[0].message, "bad front matter: unknown key `titel`");
        assert_eq!(errs[0].help.as_deref(), Some("did you mean `title`?"));
    }

    #[test]
    fn toml_problems_are_said_in_words_with_the_fix() {
        let cases = [
            (
                "title = \"T\nrung = 1",
                "a string is not closed on its line",
                "end it with `\"` on the same line",
            ),
            (
                "title = \"T\"\nrung = 1\ndate = \"2024-01-01\"",
                "`date` is a date, written without quotes",
                "remove the quotes: `date = 2024-01-01`",
            ),
            (
                "title = \"T\"\nrung = \"one\"",
                "`rung` is a whole number",
                "write it without quotes: `rung = 1`",
            ),
            (
                "title = Words without quotes\nrung = 1",
                "`title` is text, and text goes in quotes",
                "put it in quotes: `title = \"…\"`",
            ),
            (
                "title = \"T\"\nrung = 1\ncolour = 2",
                "unknown key `colour`",
                "the keys are `title`, `slug`, `rung`, `summary`, `date`, `updated`",
            ),
            (
                "title = \"T\"\nrung = 1\ndate = 2024-12-01T10:00:00",
                "`date` is a day, written without a time",
                "write the day alone: `date = 2026-12-01`",
            ),
            (
                "title = \"T\"\nrung = 1\ndate = 2024-13-01",
                "`date` is not a day of the calendar",
                "write year, month and day: `date = 2026-12-01`",
            ),
        ];
        for (toml, message, help) in cases {
            let errs = parse(&format!("+++\n{toml}\n+++\n")).unwrap_err();
            assert_eq!(errs[0].message, format!("bad front matter: {message}"));
            assert_eq!(errs[0].help.as_deref(), Some(help), "{toml}");
        }
        // Every other problem of the front matter is helped with the keys, said the same way.
        let errs = parse("+++\ntitle = \"T\"\nrung = 1\nrung = 2\n+++\n").unwrap_err();
        assert_eq!(
            errs[0].help.as_deref(),
            Some(super::front::KEYS_HELP),
            "{}",
            errs[0].message
        );
    }

    fn parse(text: &str) -> Result<Essay, Vec<Diagnostic>> {
        parse_essay(&SourceFile::new("t.md", text))
    }

    const FRONT: &str = "+++\ntitle = \"T\"\nrung = 1\n+++\n";

    #[test]
    fn finds_blocks_and_claims_with_spans() {
        let text = format!(
            "{FRONT}Some `{{3/8 = value lrrl}}` prose.\n\n```hackenbush lrrl\nLRRL\nvalue = 3/8\n```\n"
        );
        let essay = parse(&text).unwrap();
        assert_eq!(essay.front.slug, "t");
        assert_eq!(essay.directives.len(), 2);
        let DirectiveKind::InlineClaim(claim) = &essay.directives[0].kind else {
            panic!("first directive should be the inline claim")
        };
        assert_eq!(claim.literal.value, "3/8");
        assert_eq!(&text[claim.literal.span.clone()], "3/8");
        assert_eq!(&text[claim.query.span.clone()], "value lrrl");
        let DirectiveKind::Position(block) = &essay.directives[1].kind else {
            panic!("second directive should be the position")
        };
        assert_eq!(block.name.as_ref().unwrap().value, "lrrl");
        assert_eq!(&text[block.position.span.clone()], "LRRL");
        assert_eq!(&text[block.lines[0].value.span.clone()], "3/8");
    }

    #[test]
    fn unknown_kind_suggests_the_closest() {
        let errs = parse(&format!("{FRONT}```hackenbosh\nLR\n```\n")).unwrap_err();
        assert_eq!(errs.len(), 1);
        assert!(errs[0].message.contains("unknown block kind `hackenbosh`"));
        assert!(errs[0]
            .help
            .as_ref()
            .unwrap()
            .contains("did you mean `hackenbush`"));
        assert_eq!(errs[0].line(), 5);
    }

    #[test]
    fn front_matter_errors_point_into_the_toml() {
        let errs = parse("+++\ntitle = \"T\"\nrung = \"one\"\n+++\nx\n").unwrap_err();
        assert_eq!(errs[0].line(), 3, "{}", errs[0].render());
        assert!(parse("no front matter\n").is_err());
    }

    #[test]
    fn an_exercise_keeps_its_keys_and_its_solution_up_to_the_rule() {
        let text = format!(
            "{FRONT}```exercise e\nLRR\nrules = childish\nquestion = value\nanswer = 1/4\nhint = h = 2\nsolution = below\n```\n\nThe solution.\n\n---\n\nAfter.\n"
        );
        let essay = parse(&text).unwrap();
        let DirectiveKind::Exercise(ex) = &essay.directives[0].kind else {
            panic!("an exercise")
        };
        assert_eq!(ex.question.value, "value");
        assert_eq!(&text[ex.answer.span.clone()], "1/4");
        assert_eq!(ex.hint.as_ref().unwrap().value, "h = 2");
        assert_eq!(ex.position.lines.len(), 1, "only `rules` stays");
        let solution = &text[ex.solution.clone().unwrap()];
        assert_eq!(solution.trim(), "The solution.");
    }

    #[test]
    fn an_exercise_refuses_what_it_cannot_hold() {
        let unclosed = format!(
            "{FRONT}```exercise e\nLR\nquestion = value\nanswer = 1/2\nsolution = below\n```\n\nText.\n\n## Next\n"
        );
        let errs = parse(&unclosed).unwrap_err();
        assert!(
            errs[0].message.contains("never closed"),
            "{}",
            errs[0].message
        );
        assert_eq!(errs[0].line(), 9);
        let other_key =
            format!("{FRONT}```exercise e\nLR\nquestion = value\nanswer = 1/2\nvalue = 1/2\n```\n");
        let errs = parse(&other_key).unwrap_err();
        assert!(
            errs[0].message.contains("no key `value`"),
            "{}",
            errs[0].message
        );
        let no_answer = format!("{FRONT}```exercise e\nLR\nquestion = value\n```\n");
        assert!(parse(&no_answer).unwrap_err()[0]
            .message
            .contains("no `answer`"));
    }

    #[test]
    fn essay_links_are_bare_slugs() {
        assert!(is_essay_link("a-tree-is-still-a-number"));
        assert!(is_essay_link("numeral#the-rule"));
        assert!(!is_essay_link("https://example.org"));
        assert!(!is_essay_link("#local"));
        assert!(!is_essay_link("style.css"));
    }
}
