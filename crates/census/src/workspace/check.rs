//! The workspace's check of a query before anything runs: every name known, every
//! expression of the type its place needs, every property asked of members that have it.

use super::{nearest_or_list, Holds, Workspace};
use crate::definition::Source;
use crate::families::positions;
use crate::query::eval::{not_asked_of, reads, Reads, ORDINAL_OF_GAMES};
use crate::query::{type_of, Expr, FamilyRef, Query, QueryError, QueryKind, Type};

impl Workspace {
    pub(super) fn expect(&self, e: &Expr, want: Type, what: &str) -> Result<(), QueryError> {
        let got = type_of(e, &self.measure_types)?;
        if got != want {
            let (w, g) = match want {
                Type::Bool => ("a condition", "a value"),
                Type::Value => ("a value", "a condition"),
            };
            return Err(QueryError::new(
                e.span.clone(),
                format!("{what} must be {w}, but this is {g}"),
            ));
        }
        Ok(())
    }

    /// What the census `name` holds, following narrowings.
    pub(super) fn holds(&self, name: &str) -> Holds {
        let mut name = name;
        loop {
            match self.censuses.get(name).map(|c| &c.source) {
                Some(Source::Games(_) | Source::Positions(_)) => return Holds::Games,
                Some(Source::Graphs(_)) => return Holds::Graphs,
                Some(Source::Narrowed { parent, .. }) => name = parent,
                Some(Source::Family(_)) | None => return Holds::Forests,
            }
        }
    }

    /// Refuses a property of positions asked of games, one of games asked of positions, and one
    /// of forests asked of graphs, at the word (a measure: where the measure is used).
    pub(super) fn check_asked_of(&self, e: &Expr, holds: Holds) -> Result<(), QueryError> {
        let games = holds == Holds::Games;
        let mut used = Vec::new();
        reads(e, &self.measures, &mut used);
        for (read, at) in used {
            match read {
                Reads::Prop(p) if !p.get().applies_to(games) => {
                    return Err(QueryError::new(at, not_asked_of(p.get(), games)))
                }
                Reads::Prop(p) if holds == Holds::Graphs && p.get().forest_only => {
                    return Err(QueryError::new(
                        at,
                        format!(
                            "`{}` is only defined for forests under normal play, and a census of graphs holds pictures with cycles",
                            p.get().name
                        ),
                    ))
                }
                Reads::Ordinal if !games => return Err(QueryError::new(at, ORDINAL_OF_GAMES)),
                _ => {}
            }
        }
        Ok(())
    }

    fn check_family(&self, f: &FamilyRef) -> Result<(), QueryError> {
        if !self.censuses.contains_key(&f.name) && positions::is_phrase(&f.name) {
            // A family in words that does not read: say where, and how it should.
            if let Err(e) = positions::parse_phrase(&f.name) {
                return Err(e.shifted(f.name_span.start));
            }
        }
        if !self.censuses.contains_key(&f.name) {
            let known: Vec<&str> = self.census_names().collect();
            return Err(QueryError::new(
                f.name_span.clone(),
                format!("no census named `{}`", f.name),
            )
            .with_help(nearest_or_list(&f.name, &known, "censuses")));
        }
        if let Some(filter) = &f.filter {
            self.expect(filter, Type::Bool, "a `where` condition")?;
            self.check_asked_of(filter, self.holds(&f.name))?;
        }
        Ok(())
    }

    /// Names and types, before anything runs: a typo fails even on an empty census.
    pub(super) fn check_query(&self, q: &Query) -> Result<(), QueryError> {
        match &q.kind {
            QueryKind::Count(f) | QueryKind::Smallest(f) => self.check_family(f),
            QueryKind::Share(f, c)
            | QueryKind::All(f, c)
            | QueryKind::None(f, c)
            | QueryKind::Any(f, c) => {
                self.check_family(f)?;
                self.expect(c, Type::Bool, "the condition after `have`")?;
                self.check_asked_of(c, self.holds(&f.name))
            }
            QueryKind::Extreme(which, e, f) => {
                self.check_family(f)?;
                self.expect(e, Type::Value, &format!("what `{}` measures", which.word()))?;
                self.check_asked_of(e, self.holds(&f.name))
            }
            QueryKind::Of(e, name, span) => {
                if !self.positions.contains_key(name) {
                    let known: Vec<&str> = self.positions.keys().map(String::as_str).collect();
                    let help = self
                        .ladder
                        .help(name)
                        .unwrap_or_else(|| nearest_or_list(name, &known, "positions"));
                    return Err(QueryError::new(
                        span.clone(),
                        format!("no position named `{name}`"),
                    )
                    .with_help(help));
                }
                type_of(e, &self.measure_types)?;
                self.check_asked_of(e, Holds::Forests)
            }
            QueryKind::Number(_) | QueryKind::Game(_) => Ok(()),
            QueryKind::Neg(a) => self.check_query(a),
            QueryKind::Arith(_, a, b) => {
                self.check_query(a)?;
                self.check_query(b)
            }
        }
    }
}
