//! Checking an essay: every directive is evaluated in the order written, and everything the prose
//! asserts is compared with what was computed. Nothing here writes files, draws or typesets, so
//! `check` and `build` run exactly the same passes and the page only presents what was found.
//!
//! The one idea: **one checking context**. A build has one [`Checker`] — one games table and one
//! solver whose memo spans every essay — and each essay is checked through a [`Context`] that
//! adds the essay's file, its census workspace (the one registry of the names it defines:
//! positions, censuses, measures) and the list its problems go to.

mod claims;
mod game_block;
mod line_of_play;
mod links;
mod maths_claim;
pub mod playable;
mod position_block;

pub use claims::{ClaimKind, ClaimRecord};
pub use line_of_play::{PlayFrame, PlayOutcome, PlayedCut};
pub use links::check_links;
pub use maths_claim::{reads_as_relation, unchecked_relations, UncheckedFormula};
pub use playable::{PagePlay, PlayValue};
pub use position_block::{AssertionRecord, PositionOutcome};

use crate::census::{Refused, Workspace};
use crate::essay::source::offset_span;
use crate::essay::{Diagnostic, Directive, DirectiveKind, Essay, SourceFile};
use crate::games::notation::Statement;
use crate::games::Games;
use crate::hackenbush::Solver;
use std::path::PathBuf;

/// What one directive turned out to be, for the page.
#[derive(Debug)]
pub enum Outcome {
    Position(Box<PositionOutcome>),
    /// The statements, each of whose relations holds.
    Game(Vec<Statement>),
    Census {
        name: String,
    },
    /// Indices into [`CheckedEssay::claims`].
    Claims(Vec<usize>),
    InlineClaim(usize),
    /// A line of play that holds: the positions it passes through.
    Play(Box<PlayOutcome>),
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
    pub censuses: Vec<(String, String, u64)>,
}

/// Settings shared by every essay of a run.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// Where census results are cached between runs (`None`: no cache).
    pub cache_dir: Option<PathBuf>,
}

/// What every essay of a build shares: game ids are meaningful only within one games table,
/// and the solver's memo is kept for the whole build.
pub struct Checker {
    pub games: Games,
    pub solver: Solver,
    options: CheckOptions,
}

/// One essay being checked: the build's checker, the essay's names and claims, and the list
/// every problem goes to (reported together, never thrown).
pub struct Context<'a> {
    pub file: &'a SourceFile,
    pub games: &'a mut Games,
    pub solver: &'a mut Solver,
    /// The essay's census workspace: the one registry of its positions, censuses and measures.
    pub workspace: Workspace,
    pub claims: Vec<ClaimRecord>,
    pub problems: &'a mut Vec<Diagnostic>,
    /// Bytes of play tables the essay's page carries so far ([`playable::PAGE_BUDGET`]).
    pub play_bytes: usize,
}

impl Context<'_> {
    fn problem(&mut self, diagnostic: Diagnostic) {
        self.problems.push(diagnostic);
    }
}

/// Checks every essay, in order, with one checker; every problem is pushed to `problems`. Runs
/// on the deep stack of [`crate::stack`], once for the whole build (here, if no thread with it
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
    let done = crate::stack::run_deep("hackenbook-check", || {
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
        Checker {
            games: Games::new(),
            solver: Solver::new(),
            options,
        }
    }

    /// Evaluates every directive of one essay; problems are pushed to `problems`, never thrown.
    pub fn check_essay(&mut self, essay: Essay, problems: &mut Vec<Diagnostic>) -> CheckedEssay {
        let mut cx = Context {
            file: &essay.file,
            games: &mut self.games,
            solver: &mut self.solver,
            workspace: Workspace::new(self.options.cache_dir.clone()),
            claims: Vec::new(),
            problems,
            play_bytes: 0,
        };
        let mut outcomes: Vec<Option<Outcome>> = essay.directives.iter().map(|_| None).collect();
        // Definitions first, so prose may mention a position or census before the block that
        // defines it; then everything that uses them, in the order written.
        let defines = |d: &Directive| {
            matches!(
                d.kind,
                DirectiveKind::Position(_) | DirectiveKind::Census { .. }
            )
        };
        let order = (0..essay.directives.len())
            .filter(|&i| defines(&essay.directives[i]))
            .chain((0..essay.directives.len()).filter(|&i| !defines(&essay.directives[i])));
        for index in order {
            outcomes[index] = Some(check_directive(&mut cx, index, &essay.directives[index]));
        }
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

fn check_directive(cx: &mut Context, index: usize, directive: &Directive) -> Outcome {
    match &directive.kind {
        DirectiveKind::Position(block) => position_block::check(cx, index, block)
            .map_or(Outcome::Failed, |p| Outcome::Position(Box::new(p))),
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
                    let (span, message) = match refused {
                        Refused::Name(message) => (name.span.clone(), message),
                        Refused::Text(e) => (offset_span(&e.span, body.span.start), e.message),
                    };
                    cx.problem(
                        Diagnostic::new(cx.file, span, format!("bad census: {message}"))
                            .label("here"),
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
    }
}
