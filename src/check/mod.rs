//! Checking an essay: every directive is evaluated in the order written, and everything the prose
//! asserts is compared with what was computed. Nothing here writes files, so `check` and `build`
//! run exactly the same passes.

mod claims;
mod game_block;
mod links;
mod position_block;

pub use claims::ClaimRecord;
pub use links::check_links;
pub use position_block::{AssertionRecord, PositionOutcome};

use crate::census::Workspace;
use crate::essay::{Diagnostic, Directive, DirectiveKind, Essay};
use crate::games::{GameId, Games};
use std::collections::HashMap;
use std::path::PathBuf;

/// What an essay has defined so far: named positions (for game blocks) and the census workspace
/// (for claims and position properties). Names are scoped to one essay.
pub struct Scope {
    pub positions: HashMap<String, GameId>,
    pub workspace: Workspace,
}

/// What one directive turned out to be, for the renderer.
#[derive(Debug)]
pub enum Outcome {
    Position(Box<PositionOutcome>),
    /// KaTeX sources of the statements, one per line.
    Game(Vec<String>),
    Census {
        name: String,
    },
    /// Indices into [`CheckedEssay::claims`].
    Claims(Vec<usize>),
    InlineClaim(usize),
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

/// Evaluates every directive of one essay; problems are pushed to `problems`, never thrown.
pub fn check_essay(
    essay: Essay,
    games: &mut Games,
    options: &CheckOptions,
    problems: &mut Vec<Diagnostic>,
) -> CheckedEssay {
    let mut scope = Scope {
        positions: HashMap::new(),
        workspace: Workspace::new(options.cache_dir.clone()),
    };
    let mut claims = Vec::new();
    let mut outcomes: Vec<Option<Outcome>> = essay.directives.iter().map(|_| None).collect();
    // Definitions first, so prose may mention a position or census before the block that defines
    // it; then everything that uses them, in the order written.
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
        let directive = &essay.directives[index];
        let file = &essay.file;
        let outcome = match &directive.kind {
            DirectiveKind::Position(block) => {
                position_block::check(file, index, block, &mut scope, games, problems)
                    .map_or(Outcome::Failed, |p| Outcome::Position(Box::new(p)))
            }
            DirectiveKind::Game(lines) => game_block::check(file, lines, &scope, games, problems)
                .map_or(Outcome::Failed, Outcome::Game),
            DirectiveKind::Census { name, body } => {
                match scope.workspace.define_census(&name.value, &body.value) {
                    Ok(()) => Outcome::Census {
                        name: name.value.clone(),
                    },
                    Err(_) if scope.workspace.failed_with_its_parent(&name.value) => {
                        // The parent's own failure is the one worth reading.
                        Outcome::Failed
                    }
                    Err(e) => {
                        // Errors about the name itself come without a span within the body.
                        let span = if e.span == (0..0) {
                            name.span.clone()
                        } else {
                            crate::essay::source::offset_span(&e.span, body.span.start)
                        };
                        problems.push(
                            Diagnostic::new(file, span, format!("bad census: {}", e.message))
                                .label("here"),
                        );
                        Outcome::Failed
                    }
                }
            }
            DirectiveKind::Claims(list) => Outcome::Claims(
                list.iter()
                    .map(|c| {
                        claims::check(file, c, &mut scope.workspace, games, &mut claims, problems)
                    })
                    .collect(),
            ),
            DirectiveKind::InlineClaim(c) => Outcome::InlineClaim(claims::check(
                file,
                c,
                &mut scope.workspace,
                games,
                &mut claims,
                problems,
            )),
        };
        outcomes[index] = Some(outcome);
    }
    let censuses = scope
        .workspace
        .runs()
        .iter()
        .map(|r| (r.name.clone(), r.description.clone(), r.positions))
        .collect();
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
