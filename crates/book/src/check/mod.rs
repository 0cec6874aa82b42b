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
mod position_block;
mod thermograph;

pub use claims::relation_how;
pub use context::{ClaimKind, ClaimRecord, Context};
pub use exercise::{read_class, ExerciseOutcome, Expected, Question};
pub use game_block::{unknown_name_help, GameLine};
pub use line_of_play::{PlayFrame, PlayOutcome, PlayedCut};
pub use links::check_links;
pub use maths_claim::{reads_as_relation, unchecked_relations, UncheckedFormula};
pub use playable::{PagePlay, PlayValue};
pub use position_block::{AssertionRecord, BoardOutcome, PositionOutcome};

use crate::essay::source::offset_span;
use crate::essay::{Diagnostic, Directive, DirectiveKind, Essay};
use hackenbook_census::{Refused, Workspace};
use hackenbook_rulesets::hackenbush::{Evaluator, Settings};
use std::path::PathBuf;

/// What one directive turned out to be, for the page.
#[derive(Debug)]
pub enum Outcome {
    Position(Box<PositionOutcome>),
    /// A position block of another game than Hackenbush.
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
                    Outcome::Position(p) => t.assertions += p.assertions.len(),
                    Outcome::Board(b) => t.assertions += b.assertions.len(),
                    Outcome::Play(_) => t.plays += 1,
                    _ => {}
                }
            }
        }
        t
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
}

/// Checks every essay, in order, with one checker; every problem is pushed to `problems`. Runs
/// on the deep stack of [`hackenbook_base::stack`], once for the whole build (here, if no thread with it
/// can be had: each evaluation then asks for its own).
pub fn check_essays(
    essays: Vec<Essay>,
    options: &CheckOptions,
    problems: &mut Vec<Diagnostic>,
) -> Vec<CheckedEssay> {
    let check = |essays: Vec<Essay>, problems: &mut Vec<Diagnostic>| {
        let mut checker = Checker::new(options.clone());
        essays
            .into_iter()
            .map(|e| checker.check_essay(e, problems))
            .collect::<Vec<_>>()
    };
    let mut work = Some((essays, problems));
    let slot = &mut work;
    let done = hackenbook_base::stack::run_deep("hackenbook-check", || {
        slot.take()
            .map(|(essays, problems)| check(essays, problems))
    });
    match (done, work) {
        (Ok(Some(checked)), _) => checked,
        (_, Some((essays, problems))) => check(essays, problems),
        (_, None) => Vec::new(),
    }
}

impl Checker {
    pub fn new(options: CheckOptions) -> Checker {
        let ev = Evaluator::new(&Settings {
            time_limit: options.time_limit,
            cancel: options.cancel.clone(),
            value_cache: options.cache_dir.clone(),
        });
        Checker { ev, options }
    }

    /// The definitions of `essays` — their positions and censuses, with the censuses' measures —
    /// in one workspace, for the command line's queries. Essays come in ladder order and a name
    /// an earlier essay took is left to it. Nothing else is checked; problems are pushed to
    /// `problems`.
    pub fn definitions(&mut self, essays: &[Essay], problems: &mut Vec<Diagnostic>) -> Workspace {
        let mut workspace = Workspace::new(self.options.cache_dir.clone());
        for essay in essays {
            let mut cx = Context {
                file: &essay.file,
                ev: &mut self.ev,
                workspace,
                claims: Vec::new(),
                problems,
                play_bytes: 0,
            };
            for (index, directive) in essay.directives.iter().enumerate() {
                let taken = match &directive.kind {
                    DirectiveKind::Position(block) => block.name.as_ref().is_some_and(|n| {
                        cx.workspace.position(&n.value).is_some()
                            || cx.workspace.game_position(&n.value).is_some()
                    }),
                    DirectiveKind::Census { name, .. } => {
                        cx.workspace.census_names().any(|c| c == name.value)
                    }
                    _ => continue,
                };
                if !taken {
                    check_directive(&mut cx, index, directive);
                }
            }
            workspace = cx.workspace;
        }
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
            play_bytes: 0,
        };
        for name in &essay.failed_names {
            cx.workspace.block_failed(name);
        }
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
        cx.problems.extend(unused_names(&essay));
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
/// line, a line of play, a narrowed census or a link to its anchor — is a warning at the name.
fn unused_names(essay: &Essay) -> Vec<Diagnostic> {
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
                (Some(name), None) => (
                    name,
                    "position",
                    "refer to it (`value of NAME` in a claim, `NAME + 1` in a game block, \
                     ```play NAME), or leave the block unnamed",
                ),
                // Lines of play are Hackenbush's for now.
                (Some(name), Some(_)) => (
                    name,
                    "position",
                    "refer to it (`value of NAME` in a claim, `NAME + 1` in a game block), or \
                     leave the block unnamed",
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
        if mentions(&name.value) <= 1 {
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
        DirectiveKind::Position(block) => match block.ruleset {
            Some(ruleset) => position_block::check_board(cx, index, block, ruleset)
                .map_or(Outcome::Failed, |b| Outcome::Board(Box::new(b))),
            None => position_block::check(cx, index, block)
                .map_or(Outcome::Failed, |p| Outcome::Position(Box::new(p))),
        },
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
        DirectiveKind::Exercise(block) => exercise::check(cx, index, block)
            .map_or(Outcome::Failed, |e| Outcome::Exercise(Box::new(e))),
    }
}
