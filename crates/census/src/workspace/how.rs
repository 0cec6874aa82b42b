//! What the notebook says of how each figure was obtained: the census a query counts over
//! (by which engine, from the cache or not) and each computed value it reads, in a reader's
//! words.

use super::figure::position_engine;
use super::run::positions_words;
use super::{Held, Workspace};
use crate::definition::Source;
use crate::query::counted::Asked;
use crate::query::eval::props_used;
use crate::query::obtained::{CensusMethod, Engine, How};
use crate::query::{parse_query, Expr, FamilyRef, Query, QueryKind};
use crate::record::method::Columns as _;
use crate::record::Field;
use hackenbook_base::provenance::{words_by_part, Method};

impl Workspace {
    /// How each figure `query` reads was obtained, for the notebook: each census it counts
    /// over and each computed value it compares, in a reader's words. Asked after
    /// [`Workspace::evaluate`] (a census not run yet is not described).
    pub fn how(&self, query: &str) -> Vec<How> {
        let mut out = Vec::new();
        if let Ok(q) = parse_query(query) {
            self.how_query(&q, &mut out);
        }
        for note in self.notes.get(query).into_iter().flatten() {
            push_how(&mut out, note.what.clone(), note.words.clone());
        }
        out
    }

    fn how_query(&self, q: &Query, out: &mut Vec<How>) {
        // Whether counting by value answers this kind of query, if its conditions allow.
        let counted = Asked::of(&q.kind).is_some();
        match &q.kind {
            QueryKind::Count(f) | QueryKind::Smallest(f) => self.how_family(f, None, counted, out),
            QueryKind::Share(f, e)
            | QueryKind::All(f, e)
            | QueryKind::None(f, e)
            | QueryKind::Any(f, e)
            | QueryKind::Extreme(_, e, f) => self.how_family(f, Some(e), counted, out),
            QueryKind::Of(e, name, _) => self.how_position(e, name, out),
            QueryKind::Game(_) => push_how(
                out,
                "game".into(),
                "canonical forms (positions by the solver)".into(),
            ),
            QueryKind::Number(_) => {}
            QueryKind::Neg(a) => self.how_query(a, out),
            QueryKind::Arith(_, a, b) => {
                self.how_query(a, out);
                self.how_query(b, out);
            }
        }
    }

    /// A census's members and the values the query reads of them (`counted`: the kind of query
    /// is one counting by value answers).
    fn how_family(&self, f: &FamilyRef, e: Option<&Expr>, counted: bool, out: &mut Vec<How>) {
        let countable = counted.then(|| self.countable(f, e)).flatten();
        if let (Some((_, cached)), Some(_)) = (self.counted.get(&f.name), countable) {
            let words = format!(
                "{}{}, the total of each size held against the closed form",
                Method::CountingByValue.words(),
                if *cached { " in an earlier build" } else { "" }
            );
            push_how(out, "census".into(), words);
            for field in self.fields_read([f.filter.as_ref(), e]) {
                let words = Engine::Counting.general(field).words().to_string();
                push_how(out, field.name().to_string(), words);
            }
            return;
        }
        let Some(method) = self.census_method(&f.name) else {
            return;
        };
        let engine = method.engine();
        let mut words = Method::Enumeration.words().to_string();
        if let CensusMethod::Narrowed { .. } = method {
            words.push_str(" (a census narrowed from another)");
        }
        if let CensusMethod::Cache(_) | CensusMethod::Narrowed { cached: true, .. } = method {
            words.push_str(" in an earlier build");
        }
        if let CensusMethod::Merged { shards, .. } = method {
            words.push_str(&format!(
                " in {shards} shards, computed apart and merged (each sealed under your key)"
            ));
        }
        // Held by `rows` before any figure was read: see `Family::check_totals`.
        match self.censuses.get(&f.name).map(|e| (&e.source, &e.rows)) {
            Some((Source::Family(_), _)) => {
                words.push_str(", the total of each size held against the closed form")
            }
            Some((Source::Positions(family), Some((Held::Games(members), _)))) => {
                words.push_str(&positions_words(family, members))
            }
            _ => {}
        }
        push_how(out, "census".into(), words);
        for field in self.fields_read([f.filter.as_ref(), e]) {
            let words = engine.general(field).words().to_string();
            push_how(out, field.name().to_string(), words);
        }
    }

    /// A named position's counts and values.
    fn how_position(&self, e: &Expr, name: &str, out: &mut Vec<How>) {
        let Some(entry) = self.positions.get(name) else {
            return;
        };
        let forest = entry.record.as_ref().is_some_and(|(_, why)| why.is_none());
        let engine = position_engine(forest);
        let mut used = Vec::new();
        props_used(e, &self.measures, &mut used);
        if used.iter().any(|(p, _)| p.get().from.is_none()) {
            push_how(out, "counts".into(), Method::Counted.words().into());
        }
        for field in self.fields_read([Some(e)]) {
            let words = match field {
                Field::Value => {
                    // A forest's record is valued by the game tree too, and held to the solver's.
                    let reference = engine == Engine::Reference;
                    let mut methods = entry.methods.clone();
                    if entry.parts.len() > 1 {
                        let mut words = words_by_part(&methods, &entry.parts);
                        if reference {
                            words.push_str("; the whole also by the game tree, which agrees");
                        }
                        words
                    } else {
                        if reference && !methods.contains(&Method::GameTree) {
                            methods.push(Method::GameTree);
                        }
                        hackenbook_base::provenance::words(&methods)
                    }
                }
                field => engine.general(field).words().to_string(),
            };
            push_how(out, field.name().into(), words);
        }
    }

    /// The computed values read by some expressions, measures expanded, each once.
    fn fields_read<'e>(&self, exprs: impl IntoIterator<Item = Option<&'e Expr>>) -> Vec<Field> {
        let mut fields = Vec::new();
        for e in exprs.into_iter().flatten() {
            let mut used = Vec::new();
            props_used(e, &self.measures, &mut used);
            for (p, _) in used {
                if let Some(field) = p.get().from {
                    if !fields.contains(&field) {
                        fields.push(field);
                    }
                }
            }
        }
        fields
    }
}

/// Adds how a figure was obtained, unless it is there already.
pub(super) fn push_how(out: &mut Vec<How>, what: String, words: String) {
    if !out.iter().any(|h| h.what == what && h.words == words) {
        out.push(How { what, words });
    }
}
