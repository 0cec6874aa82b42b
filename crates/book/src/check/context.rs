//! What checking one essay carries and collects: the build's evaluator, the essay's file and
//! census workspace, the claims checked so far and the list its problems go to ([`Context`]).
//! A checked claim ([`ClaimRecord`]) is kept here, beside the context that collects it, so that
//! every kind of check (claims, relations in prose, exercises) can add one.

use crate::essay::{Diagnostic, SourceFile, Spanned};
use hackenbook_base::provenance::Method;
use hackenbook_census::query::obtained::How;
use hackenbook_census::Workspace;
use hackenbook_games::clock::{Clock, TIME_LIMIT_HELP};
use hackenbook_rulesets::hackenbush::Evaluator;
use serde::Serialize;
use std::ops::Range;

/// One essay being checked: the build's evaluation context, the essay's names and claims, and
/// the list every problem goes to (reported together, never thrown).
pub struct Context<'a> {
    pub file: &'a SourceFile,
    pub ev: &'a mut Evaluator,
    /// The essay's census workspace: the one registry of its positions, censuses and measures.
    pub workspace: Workspace,
    pub claims: Vec<ClaimRecord>,
    pub problems: &'a mut Vec<Diagnostic>,
}

impl Context<'_> {
    pub(super) fn problem(&mut self, diagnostic: Diagnostic) {
        self.problems.push(diagnostic);
    }

    /// Runs `f` under a block's own time limit (its `time_limit = N` line), if it set one:
    /// for the solver and the games engine alike (see [`Evaluator::with_time_limit`]).
    pub(super) fn with_time_limit<T>(
        &mut self,
        limit: Option<std::time::Duration>,
        f: impl FnOnce(&mut Context) -> T,
    ) -> T {
        let Some(limit) = limit else {
            return f(self);
        };
        let run = self.ev.limit_time(limit);
        let out = f(self);
        self.ev.restore_time(run);
        out
    }

    /// The value of a block's `time_limit = N` line, or a located problem.
    pub(super) fn read_time_limit(
        &mut self,
        value: &Spanned<String>,
    ) -> Option<std::time::Duration> {
        let limit = value.value.trim().parse().ok().and_then(Clock::seconds);
        if limit.is_none() {
            let d = Diagnostic::new(self.file, value.span.clone(), TIME_LIMIT_HELP)
                .label("not a number of seconds from 1 to 604800");
            self.problem(d);
        }
        limit
    }
}

/// One checked claim, as the notebook and `hackenbook claims --json` show it.
#[derive(Clone, Debug, Serialize)]
pub struct ClaimRecord {
    /// What was checked: a query's figure against a literal, or a relation written as maths.
    pub kind: ClaimKind,
    /// The essay's path relative to the project folder, e.g. `essays/the-cycle.md`.
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// Byte range of the literal in the source file.
    pub literal_range: Range<usize>,
    pub literal: String,
    pub query: String,
    /// The computed figure, printed; empty when the query itself failed.
    pub figure: String,
    pub holds: bool,
    /// How the figures behind it were computed: facts, which `page` words (the notebook,
    /// `hackenbook claims --json`).
    #[serde(skip)]
    pub how: Obtained,
}

/// How a claim's figures were computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Obtained {
    /// A query's figures, as its census workspace says each was obtained.
    Query(Vec<How>),
    /// A relation between games: both sides' canonical forms (positions by the solver),
    /// compared.
    Relation,
    /// An exercise's answer, by this method.
    Answer(Method),
}

/// The kinds of checked statement in the prose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ClaimKind {
    /// `{LITERAL = QUERY}`: the literal must say what the query computes.
    Query,
    /// `{$…$}`: a relation between games written in TeX, checked as written.
    Relation,
    /// The answer of an ```` ```exercise ```` block, checked against the question it answers.
    Exercise,
}
