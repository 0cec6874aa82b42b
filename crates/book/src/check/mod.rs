//! Checking an essay: every directive is evaluated in the order written, and everything the prose
//! asserts is compared with what was computed. Nothing here writes files, draws or typesets, so
//! `check` and `build` run exactly the same passes and the page only presents what was found.
//!
//! The one idea: **one checking context**. A build has one [`Checker`] — one games table and one
//! solver whose memo spans every essay — and each essay is checked through a [`Context`] that
//! adds the essay's file, its census workspace (the one registry of the names it defines:
//! positions, censuses, measures) and the list its problems go to.

mod claims;
mod context;
mod exercise;
mod game_block;
mod line_of_play;
mod links;
mod maths_claim;
pub mod playable;
pub mod plot;
mod position_block;
mod thermograph;

pub use context::{ClaimKind, ClaimRecord, Context, Obtained};
pub use exercise::{read_class, ExerciseOutcome, Expected, Goal, Question};
pub use game_block::{unknown_name_help, GameLine};
pub use line_of_play::{PlayFrame, PlayOutcome, PlayedMove};
pub use links::check_links;
pub use maths_claim::{reads_as_relation, unchecked_relations, UncheckedFormula};
pub use playable::{PagePlay, PlayValue, Unplayable};
pub use position_block::{AssertionRecord, BoardOutcome};

use crate::essay::source::offset_span;
use crate::essay::{Diagnostic, Directive, DirectiveKind, Essay};
use hackenbook_census::{Ladder, Refused, Workspace};
use hackenbook_games::Games;
use hackenbook_rulesets::hackenbush::{Evaluator, Settings};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// What one directive turned out to be, for the page.
#[derive(Debug)]
pub enum Outcome {
    /// A position block, of any game.
    Board(Box<BoardOutcome>),
    /// The lines of a game block, each of whose relations holds.
    Game(Vec<GameLine>),
    Census {
        name: String,
    },
    /// Indices into [`CheckedEssay::claims`].
    Claims(Vec<usize>),
    InlineClaim(usize),
    /// A line of play that holds: the positions it passes through.
    Play(Box<PlayOutcome>),
    /// A thermograph to draw.
    Thermograph(Box<thermograph::ThermographOutcome>),
    /// Shares size by size to draw.
    Plot(Box<plot::PlotOutcome>),
    /// An exercise whose answer holds.
    Exercise(Box<ExerciseOutcome>),
    /// The directive failed; its diagnostics are in the report.
    Failed,
}

#[derive(Debug)]
pub struct CheckedEssay {
    pub essay: Essay,
    /// Parallel to `essay.directives`.
    pub outcomes: Vec<Outcome>,
    pub claims: Vec<ClaimRecord>,
    /// What each census of the essay enumerated: name, description, number of positions.
    pub censuses: Vec<(String, String, u128)>,
}

/// What a run checked, by kind: claims in the prose (queries and relations written as maths),
/// relations of game blocks, assertions of position blocks, lines of play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub queries: usize,
    pub prose_relations: usize,
    pub game_relations: usize,
    pub assertions: usize,
    pub plays: usize,
    pub exercises: usize,
}

impl Tally {
    pub fn of(essays: &[CheckedEssay]) -> Tally {
        let mut t = Tally::default();
        for e in essays {
            for c in &e.claims {
                match c.kind {
                    ClaimKind::Query => t.queries += 1,
                    ClaimKind::Relation => t.prose_relations += 1,
                    ClaimKind::Exercise => t.exercises += 1,
                }
            }
            for o in &e.outcomes {
                match o {
                    Outcome::Game(lines) => {
                        t.game_relations += lines
                            .iter()
                            .map(|l| l.statement.relations.len())
                            .sum::<usize>()
                    }
                    Outcome::Board(b) => t.assertions += b.assertions.len(),
                    Outcome::Play(_) => t.plays += 1,
                    _ => {}
                }
            }
        }
        t
    }
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.queries += other.queries;
        self.prose_relations += other.prose_relations;
        self.game_relations += other.game_relations;
        self.assertions += other.assertions;
        self.plays += other.plays;
        self.exercises += other.exercises;
    }
}

impl std::fmt::Display for Tally {
    /// `169 claims (150 queries, 19 relations in prose), 45 game relations, 80 position
    /// assertions, 12 lines of play, 25 exercise answers`
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::essay::diagnostic::{counted, counted_as};
        write!(
            f,
            "{} ({}, {} in prose), {}, {}, {}, {}",
            counted(self.queries + self.prose_relations, "claim"),
            counted_as(self.queries, "query", "queries"),
            counted(self.prose_relations, "relation"),
            counted(self.game_relations, "game relation"),
            counted(self.assertions, "position assertion"),
            counted_as(self.plays, "line of play", "lines of play"),
            counted(self.exercises, "exercise answer")
        )
    }
}

/// Settings shared by every essay of a run.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// Where census results are cached between runs (`None`: no cache).
    pub cache_dir: Option<PathBuf>,
    /// How long one evaluation of a position may take (`None`: no limit).
    pub time_limit: Option<std::time::Duration>,
    /// Raised to stop the run under way: read where the time limit is read.
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

/// What every essay of a build shares: its evaluation context (game ids are meaningful only
/// within one games table, the solver's memo is kept for the whole build, one clock bounds it).
pub struct Checker {
    pub ev: Evaluator,
    options: CheckOptions,
    /// Every essay's slug and position names, in ladder order (for names of other essays).
    ladder: Vec<(String, Vec<String>)>,
    /// The positions of the essays checked so far, each named `slug/NAME`, for the essays after
    /// them.
    lent: Workspace,
    /// Every `slug/NAME` written in an essay: a position used only by another essay is used.
    mentioned: BTreeSet<String>,
}

/// Every `slug/NAME` in `text` (a slug, a slash and a name, as a game expression reads a
/// position of another essay), found at each slash.
pub fn qualified_mentions(text: &str) -> Vec<String> {
    let slug_char = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    text.match_indices('/')
        .filter_map(|(at, _)| {
            let start = text[..at]
                .char_indices()
                .rev()
                .find(|&(_, c)| !slug_char(c))
                .map_or(0, |(i, c)| i + c.len_utf8());
            let len = hackenbook_games::notation::qualified_name_len(&text[start..])?;
            Some(text[start..start + len].to_string())
        })
        .collect()
}

/// Every essay's slug and the names its blocks give positions (exercises' too), in the order
/// given (the ladder's).
fn ladder(essays: &[Essay]) -> Vec<(String, Vec<String>)> {
    essays
        .iter()
        .map(|e| {
            let names = e
                .directives
                .iter()
                .filter_map(|d| match &d.kind {
                    DirectiveKind::Position(block) => block.name.as_ref(),
                    DirectiveKind::Exercise(block) => block.position.name.as_ref(),
                    _ => None,
                })
                .map(|n| n.value.clone())
                .collect();
            (e.front.slug.clone(), names)
        })
        .collect()
}

/// Checks every essay, in order, with one checker; every problem is pushed to `problems`. The
/// games table comes back with the essays: their values are ids in it.
pub fn check_essays(
    essays: Vec<Essay>,
    options: &CheckOptions,
    problems: &mut Vec<Diagnostic>,
) -> (Vec<CheckedEssay>, Games) {
    let (checked, games) = check_each(essays, options);
    let essays = checked
        .into_iter()
        .map(|(checked, mut found)| {
            problems.append(&mut found);
            checked
        })
        .collect();
    (essays, games)
}

/// Checks every essay, in order, with one checker; each comes back with its own problems, and
/// the checker's games table with them all (their values are ids in it). Runs on the deep stack
/// of [`hackenbook_base::stack`], once for the whole run (here, if no thread with it can be
/// had: each evaluation then asks for its own).
pub fn check_each(
    essays: Vec<Essay>,
    options: &CheckOptions,
) -> (Vec<(CheckedEssay, Vec<Diagnostic>)>, Games) {
    let check = |essays: Vec<Essay>| {
        let mut checker = Checker::new(options.clone());
        checker.ladder = ladder(&essays);
        checker.mentioned = essays
            .iter()
            .flat_map(|e| qualified_mentions(&e.file.text))
            .collect();
        let checked = essays
            .into_iter()
            .map(|e| {
                let mut problems = Vec::new();
                (checker.check_essay(e, &mut problems), problems)
            })
            .collect::<Vec<_>>();
        (checked, checker.ev.games)
    };
    let mut work = Some(essays);
    let slot = &mut work;
    let done = hackenbook_base::stack::run_deep("hackenbook-check", || slot.take().map(check));
    match (done, work) {
        (Ok(Some(checked)), _) => checked,
        (_, Some(essays)) => check(essays),
        (_, None) => (Vec::new(), Games::new()),
    }
}

impl Checker {
    pub fn new(options: CheckOptions) -> Checker {
        let ev = Evaluator::new(&Settings {
            time_limit: options.time_limit,
            cancel: options.cancel.clone(),
            value_cache: options.cache_dir.clone(),
        });
        Checker {
            ev,
            options,
            ladder: Vec::new(),
            lent: Workspace::default(),
            mentioned: BTreeSet::new(),
        }
    }

    /// The definitions of `essays` — their positions (exercises' too) and censuses, with the
    /// censuses' measures — in one workspace, for the command line's queries. Essays come in
    /// ladder order and a name an earlier essay took is left to it; every position is also
    /// named `slug/NAME` by its essay's slug. Nothing else is checked; problems are pushed to
    /// `problems`.
    pub fn definitions(&mut self, essays: &[Essay], problems: &mut Vec<Diagnostic>) -> Workspace {
        let mut workspace = Workspace::new(self.options.cache_dir.clone());
        let ladder = ladder(essays);
        for (essay, (slug, names)) in essays.iter().zip(&ladder) {
            // A name an earlier essay took is set aside while this essay defines its own, so
            // that each essay's position is also named `slug/NAME`; the earlier one is put back.
            let set_aside: Vec<_> = names
                .iter()
                .filter_map(|n| workspace.take_position(n).map(|entry| (n, entry)))
                .collect();
            let mut cx = Context {
                file: &essay.file,
                ev: &mut self.ev,
                workspace,
                claims: Vec::new(),
                problems,
            };
            for (index, directive) in essay.directives.iter().enumerate() {
                match &directive.kind {
                    DirectiveKind::Position(_) => {
                        check_directive(&mut cx, index, directive);
                    }
                    // An exercise's position is named like a block's; its answer is the
                    // essay's to check, not the command line's.
                    DirectiveKind::Exercise(block) => {
                        position_block::check_board(&mut cx, index, &block.position);
                    }
                    DirectiveKind::Census { name, .. }
                        if !cx.workspace.census_names().any(|c| c == name.value) =>
                    {
                        check_directive(&mut cx, index, directive);
                    }
                    _ => {}
                }
            }
            workspace = cx.workspace;
            for name in names {
                workspace.alias_position(&format!("{slug}/{name}"), name);
            }
            for (name, entry) in set_aside {
                workspace.restore_position(name, entry);
            }
        }
        workspace.set_ladder(Ladder {
            own: String::new(),
            essays: ladder,
        });
        workspace
    }

    /// Evaluates every directive of one essay; problems are pushed to `problems`, never thrown.
    pub fn check_essay(&mut self, essay: Essay, problems: &mut Vec<Diagnostic>) -> CheckedEssay {
        let mut cx = Context {
            file: &essay.file,
            ev: &mut self.ev,
            workspace: Workspace::new(self.options.cache_dir.clone()),
            claims: Vec::new(),
            problems,
        };
        for name in &essay.failed_names {
            cx.workspace.block_failed(name);
        }
        // The positions of the essays before this one, named `slug/NAME`.
        self.lent.lend_positions(None, &mut cx.workspace);
        cx.workspace.set_ladder(Ladder {
            own: essay.front.slug.clone(),
            essays: self.ladder.clone(),
        });
        let mut outcomes: Vec<Option<Outcome>> = essay.directives.iter().map(|_| None).collect();
        // Definitions first, so prose may mention a position or census before the block that
        // defines it; then everything that uses them, in the order written.
        let defines = |d: &Directive| {
            matches!(
                d.kind,
                DirectiveKind::Position(_)
                    | DirectiveKind::Census { .. }
                    | DirectiveKind::Exercise(_)
            )
        };
        let order = (0..essay.directives.len())
            .filter(|&i| defines(&essay.directives[i]))
            .chain((0..essay.directives.len()).filter(|&i| !defines(&essay.directives[i])));
        for index in order {
            outcomes[index] = Some(check_directive(&mut cx, index, &essay.directives[index]));
        }
        cx.problems.extend(unused_names(&essay, &self.mentioned));
        cx.workspace
            .lend_positions(Some(&essay.front.slug), &mut self.lent);
        let censuses = cx
            .workspace
            .runs()
            .iter()
            .map(|r| (r.name.clone(), r.description.clone(), r.positions))
            .collect();
        let claims = cx.claims;
        CheckedEssay {
            censuses,
            outcomes: outcomes
                .into_iter()
                .map(|o| o.unwrap_or(Outcome::Failed))
                .collect(),
            essay,
            claims,
        }
    }
}

/// A position or census named and never mentioned again in its essay — in a claim, a game
/// line, a line of play, a narrowed census or a link to its anchor — nor as `slug/NAME` in
/// any essay (`mentioned`), is a warning at the name.
fn unused_names(essay: &Essay, mentioned: &BTreeSet<String>) -> Vec<Diagnostic> {
    let text = &*essay.file.text;
    let mentions = |name: &str| {
        let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        text.match_indices(name)
            .filter(|(at, _)| {
                !word(text[..*at].chars().next_back())
                    && !word(text[at + name.len()..].chars().next())
            })
            .count()
    };
    let mut warnings = Vec::new();
    for directive in &essay.directives {
        let (name, what, help) = match &directive.kind {
            DirectiveKind::Position(block) => match (&block.name, block.ruleset) {
                (Some(name), _) => (
                    name,
                    "position",
                    "refer to it (`value of NAME` in a claim, `NAME + 1` in a game block, \
                     ```play NAME), or leave the block unnamed",
                ),
                (None, _) => continue,
            },
            DirectiveKind::Census { name, .. } => (
                name,
                "census",
                "use it in a claim (`{… = count NAME}`), or remove the block",
            ),
            _ => continue,
        };
        let elsewhere = mentioned.contains(&format!("{}/{}", essay.front.slug, name.value));
        if mentions(&name.value) <= 1 && !elsewhere {
            warnings.push(
                Diagnostic::new(
                    &essay.file,
                    name.span.clone(),
                    format!("the {what} `{}` is never used", name.value),
                )
                .label("named here and nowhere else")
                .help(help.replace("NAME", &name.value))
                .warning(),
            );
        }
    }
    warnings
}

fn check_directive(cx: &mut Context, index: usize, directive: &Directive) -> Outcome {
    match &directive.kind {
        // A ```hackenbush block is a board of Hackenbush's, as every other game's block is.
        DirectiveKind::Position(block) => position_block::check_board(cx, index, block)
            .map_or(Outcome::Failed, |b| Outcome::Board(Box::new(b))),
        DirectiveKind::Game(lines) => {
            game_block::check(cx, lines).map_or(Outcome::Failed, Outcome::Game)
        }
        DirectiveKind::Census { name, body } => {
            match cx.workspace.define_census(&name.value, &body.value) {
                Ok(()) => Outcome::Census {
                    name: name.value.clone(),
                },
                // The parent's own failure is the one worth reading.
                Err(_) if cx.workspace.failed_with_its_parent(&name.value) => Outcome::Failed,
                Err(refused) => {
                    let (span, message, help) = match refused {
                        Refused::Name(message) => (name.span.clone(), message, None),
                        Refused::Text(e) => {
                            (offset_span(&e.span, body.span.start), e.message, e.help)
                        }
                    };
                    cx.problem(
                        Diagnostic::new(cx.file, span, format!("bad census: {message}"))
                            .label("here")
                            .help_if(help),
                    );
                    Outcome::Failed
                }
            }
        }
        DirectiveKind::Claims(list) => {
            Outcome::Claims(list.iter().map(|c| claims::check(cx, c)).collect())
        }
        DirectiveKind::InlineClaim(c) => Outcome::InlineClaim(claims::check(cx, c)),
        DirectiveKind::MathsClaim(formula) => Outcome::InlineClaim(maths_claim::check(cx, formula)),
        DirectiveKind::Play { name, lines } => {
            line_of_play::check(cx, name.as_ref(), lines, &directive.span)
                .map_or(Outcome::Failed, |p| Outcome::Play(Box::new(p)))
        }
        DirectiveKind::Thermograph { lines, block } => thermograph::check(cx, lines, block)
            .map_or(Outcome::Failed, |t| Outcome::Thermograph(Box::new(t))),
        DirectiveKind::Plot {
            family,
            lines,
            block,
        } => plot::check(cx, family.as_ref(), lines, block)
            .map_or(Outcome::Failed, |p| Outcome::Plot(Box::new(p))),
        DirectiveKind::Exercise(block) => exercise::check(cx, index, block)
            .map_or(Outcome::Failed, |e| Outcome::Exercise(Box::new(e))),
    }
}

#[cfg(test)]
mod tests {
    /// A mention is found after any character, however many bytes it takes (`−`, `½`), and
    /// nothing else is taken for one.
    #[test]
    fn qualified_mentions_are_found_after_any_character() {
        assert_eq!(
            super::qualified_mentions("−first/half, ½/x and first/lr"),
            ["first/half", "first/lr"]
        );
        assert!(super::qualified_mentions("1/2 − 3/4, −1/8").is_empty());
    }
}
