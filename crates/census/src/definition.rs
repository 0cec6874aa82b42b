//! Reading a `census` block: TOML naming a family, or narrowing another census.
//!
//! The one idea: a census block says *what* to enumerate and nothing about how, so its
//! normalised content is the cache key, and every mistake in it is reported at the key or
//! value that caused it (byte spans within the block's body).

use super::families::forests::{Family, Kind, CONFIRM_ABOVE};
use super::families::games::{GameFamily, GameKind};
use super::families::graphs::{GraphFamily, GRAPHS_CONFIRM_ABOVE, MAX_GRAPH_EDGES};
use super::families::positions::{
    is_phrase, parse_phrase, PositionFamily, POSITIONS_CONFIRM_ABOVE,
};
use super::forest::{Palette, MAX_EDGES};
use super::query::{parse_expr, Expr, QueryError};
use hackenbook_games::clock::{Clock, TIME_LIMIT_HELP};
use hackenbook_rulesets::hackenbush::{Colour, Rules};
use hackenbook_rulesets::Family as AnyFamily;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Block {
    family: Option<Spanned<String>>,
    edges: Option<Spanned<toml::Value>>,
    born_by: Option<Spanned<toml::Value>>,
    #[serde(alias = "colors")]
    colours: Option<Spanned<String>>,
    from: Option<Spanned<String>>,
    #[serde(rename = "where")]
    filter: Option<Spanned<String>>,
    measures: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
    /// The author's confirmation that a census this large may run.
    max_positions: Option<Spanned<toml::Value>>,
    time_limit: Option<Spanned<toml::Value>>,
    rules: Option<Spanned<String>>,
}

impl Block {
    /// Where the block gives `key`, if it does (for the keys one kind of census refuses).
    fn span_of(&self, key: &str) -> Option<Range<usize>> {
        match key {
            "edges" => self.edges.as_ref().map(|e| e.span()),
            "born_by" => self.born_by.as_ref().map(|b| b.span()),
            "colours" => self.colours.as_ref().map(|c| c.span()),
            "where" => self.filter.as_ref().map(|w| w.span()),
            "rules" => self.rules.as_ref().map(|r| r.span()),
            _ => None,
        }
    }

    /// The first of `keys` the block gives, and where: for a census that takes none of them,
    /// `why` says what it takes instead.
    fn refuse_keys(&self, keys: &[&str], why: impl Fn(&str) -> String) -> Result<(), QueryError> {
        match keys.iter().find_map(|&k| Some((k, self.span_of(k)?))) {
            Some((key, span)) => Err(QueryError::new(span, why(key))),
            None => Ok(()),
        }
    }

    /// The confirmed number of positions (`max_positions`, `e.g.` an example of one), or
    /// `default` without it.
    fn budget(&self, default: u128, e_g: &str) -> Result<u128, QueryError> {
        match &self.max_positions {
            Some(m) => match m.get_ref() {
                toml::Value::Integer(n) if *n > 0 => Ok(*n as u128),
                _ => Err(QueryError::new(
                    m.span(),
                    format!("`max_positions` is a positive number of positions, e.g. max_positions = {e_g}"),
                )),
            },
            None => Ok(default),
        }
    }

    /// Holds a family's size to the block's budget: a family larger than the budget is
    /// refused ([`AnyFamily::within`](hackenbook_rulesets::Family::within)) with the fix, a `max_positions` that covers its count, at
    /// `max_positions` or else at `fallback`.
    fn confirm(
        &self,
        family: &dyn AnyFamily,
        budget: u128,
        fallback: Range<usize>,
    ) -> Result<(), QueryError> {
        let at = self.max_positions.as_ref().map_or(fallback, |m| m.span());
        let how = format!(
            "write max_positions = {} in the block",
            family.count().bound().max(budget)
        );
        family
            .within(budget, &how)
            .map_err(|message| QueryError::new(at, message))
    }
}

/// What a census enumerates.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    Family(Family),
    /// Every game, or every form, born by a day.
    Games(GameFamily),
    /// Every connected grounded picture of some edge counts, once up to isomorphism.
    Graphs(GraphFamily),
    /// A game's positions up to a bound, written in words (`domineering boards of up to 8
    /// cells`).
    Positions(PositionFamily),
    /// The members of another census that satisfy a condition.
    Narrowed {
        parent: String,
        parent_span: Range<usize>,
        filter: Expr,
        /// The condition as written (`trunks > 1`), for the page's description of the census.
        filter_text: String,
        /// Where the condition's text starts in the block body (for moving error spans).
        filter_offset: usize,
    },
}

/// A measure defined in a census block: a named condition or quantity.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasureDef {
    pub name: String,
    /// Where the name stands in the block body.
    pub name_span: Range<usize>,
    pub expr: Expr,
    pub text: String,
    /// Where the expression's text starts in the block body.
    pub offset: usize,
}

impl Source {
    /// The family it enumerates (`None` for a census narrowed from another, whose members are
    /// its parent's).
    pub fn members(&self) -> Option<&dyn AnyFamily> {
        match self {
            Source::Family(f) => Some(f),
            Source::Games(f) => Some(f),
            Source::Graphs(f) => Some(f),
            Source::Positions(f) => Some(f),
            Source::Narrowed { .. } => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Definition {
    pub source: Source,
    pub measures: Vec<MeasureDef>,
    /// The block's own time limit for running the census (`time_limit = 30`, in seconds),
    /// instead of the run's.
    pub time_limit: Option<std::time::Duration>,
}

/// Where the characters of a TOML string value start, given the span of the whole value.
fn content_offset(body: &str, span: &Range<usize>) -> usize {
    let raw = &body[span.clone()];
    if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
        let after = span.start + 3;
        // A newline right after the opening quotes is not part of the string.
        if body[after..].starts_with('\n') {
            after + 1
        } else if body[after..].starts_with("\r\n") {
            after + 2
        } else {
            after
        }
    } else {
        span.start + 1
    }
}

fn parse_colours(text: &str, span: Range<usize>) -> Result<Palette, QueryError> {
    let named = match text.trim().to_lowercase().as_str() {
        "blue-red" | "blue red" | "blue and red" => Some(vec![Colour::Blue, Colour::Red]),
        "green" => Some(vec![Colour::Green]),
        "blue" => Some(vec![Colour::Blue]),
        "red" => Some(vec![Colour::Red]),
        "all" | "hotchpotch" | "all three" => Some(vec![Colour::Blue, Colour::Red, Colour::Green]),
        _ => None,
    };
    let colours = match named {
        Some(c) => c,
        None => {
            let mut out = Vec::new();
            for c in text.chars().filter(|c| !c.is_whitespace()) {
                match c {
                    'L' => out.push(Colour::Blue),
                    'R' => out.push(Colour::Red),
                    'G' => out.push(Colour::Green),
                    _ => {
                        return Err(QueryError::new(
                            span,
                            format!("`{text}` is not a set of colours: use letters `L` (blue), `R` (red), `G` (green), e.g. \"LR\", or \"blue-red\", \"green\", \"all\""),
                        ))
                    }
                }
            }
            out
        }
    };
    let palette = Palette::new(&colours);
    if palette.is_empty() {
        return Err(QueryError::new(span, "a census needs at least one colour"));
    }
    Ok(palette)
}

fn parse_edges(value: &toml::Value, span: Range<usize>) -> Result<(usize, usize), QueryError> {
    let bad = |why: &str| {
        QueryError::new(
            span.clone(),
            format!("{why}: write a number of edges (6) or a range (\"1..=6\", \"0..7\")"),
        )
    };
    let number = |s: &str| -> Result<usize, QueryError> {
        s.trim()
            .parse::<usize>()
            .map_err(|_| bad(&format!("`{}` is not a number of edges", s.trim())))
    };
    let (lo, hi) = match value {
        toml::Value::Integer(n) if *n >= 0 => (*n as usize, *n as usize),
        toml::Value::String(s) => {
            if let Some((a, b)) = s.split_once("..=") {
                let lo = if a.trim().is_empty() { 1 } else { number(a)? };
                (lo, number(b)?)
            } else if let Some((a, b)) = s.split_once("..") {
                let lo = if a.trim().is_empty() { 1 } else { number(a)? };
                let hi = number(b)?;
                if hi == 0 {
                    return Err(bad("the range is empty"));
                }
                (lo, hi - 1)
            } else {
                let n = number(s)?;
                (n, n)
            }
        }
        _ => return Err(bad("not a number of edges")),
    };
    if lo > hi {
        return Err(bad("the range is empty"));
    }
    if hi > MAX_EDGES {
        return Err(QueryError::new(
            span,
            format!("a census position has at most {MAX_EDGES} edges"),
        ));
    }
    Ok((lo, hi))
}

/// The `born_by` of a census of games, and no key of a census of positions.
fn game_family(
    block: &Block,
    kind: GameKind,
    family_span: Range<usize>,
) -> Result<GameFamily, QueryError> {
    block.refuse_keys(&["edges", "colours", "where", "rules"], |key| {
        format!(
            "a census of {} has no `{key}`: it is given by `born_by`, the day its members are born by",
            kind.name()
        )
    })?;
    let Some(born_by) = &block.born_by else {
        return Err(QueryError::new(
            family_span,
            format!(
                "a census of {} needs `born_by`, e.g. born_by = {}",
                kind.name(),
                kind.max_day()
            ),
        ));
    };
    let day = match born_by.get_ref() {
        toml::Value::Integer(n) if *n >= 0 => *n as u64,
        _ => {
            return Err(QueryError::new(
                born_by.span(),
                "`born_by` is a day: a whole number such as 2",
            ))
        }
    };
    if day > kind.max_day() as u64 {
        return Err(QueryError::new(
            born_by.span(),
            format!(
                "a census of {} goes up to day {}: {}, too many to enumerate (asked for day {day})",
                kind.name(),
                kind.max_day(),
                kind.beyond()
            ),
        ));
    }
    Ok(GameFamily {
        kind,
        born_by: day as u32, // at most `kind.max_day()`, above
    })
}

/// A family of a game's positions, `family = "domineering boards of up to 8 cells"`, and no
/// key of a census of Hackenbush positions or of games; its size confirmed by `max_positions`
/// when it is above [`POSITIONS_CONFIRM_ABOVE`].
fn position_family(
    block: &Block,
    family: &Spanned<String>,
    body: &str,
) -> Result<PositionFamily, QueryError> {
    block.refuse_keys(&["edges", "born_by", "colours", "where", "rules"], |key| {
        format!("a census of a game's positions has no `{key}`: its bound is in `family`, e.g. \"domineering boards of up to 8 cells\"")
    })?;
    let offset = content_offset(body, &family.span());
    let positions = parse_phrase(family.get_ref()).map_err(|e| e.shifted(offset))?;
    let budget = block.budget(POSITIONS_CONFIRM_ABOVE, "150_000")?;
    // Too many to hold whatever the budget: refused at the family.
    positions
        .within(u128::MAX, "")
        .map_err(|message| QueryError::new(family.span(), message))?;
    block.confirm(&positions, budget, family.span())?;
    Ok(positions)
}

/// A family of Hackenbush pictures, `family = "forests"` (or "trees", "stalks", "graphs", or
/// none: forests) with `edges`, `colours` and `rules`, and no key of a census of games; its
/// size held to `max_positions` ([`Block::confirm`]). `whole` is the block, for a missing key.
fn picture_family(
    block: &Block,
    family: &Option<Spanned<String>>,
    whole: Range<usize>,
) -> Result<Source, QueryError> {
    if let Some(b) = &block.born_by {
        return Err(QueryError::new(
            b.span(),
            "`born_by` is for a census of games (`family = \"games\"` or \"forms\"); a census of positions counts `edges`",
        ));
    }
    let graphs = family
        .as_ref()
        .is_some_and(|f| matches!(f.get_ref().trim(), "graphs" | "graph"));
    let kind = match family {
        _ if graphs => Kind::Forests,
        Some(f) => Kind::parse(f.get_ref().trim()).ok_or_else(|| {
            QueryError::new(
                f.span(),
                format!(
                    "unknown family `{}`: use \"forests\", \"trees\", \"stalks\", \"graphs\", \"games\" or \"forms\"",
                    f.get_ref()
                ),
            )
        })?,
        None => Kind::Forests,
    };
    let Some(edges) = &block.edges else {
        return Err(QueryError::new(
            whole,
            "a census needs `edges`, e.g. edges = \"1..=6\"",
        ));
    };
    let (min_edges, max_edges) = parse_edges(edges.get_ref(), edges.span())?;
    if graphs && max_edges > MAX_GRAPH_EDGES {
        return Err(QueryError::new(
            edges.span(),
            format!("a census of graphs goes up to {MAX_GRAPH_EDGES} edges: each picture is valued by the solver, and those of 8 edges alone number some millions in two colours"),
        ));
    }
    let palette = match &block.colours {
        Some(c) => parse_colours(c.get_ref(), c.span())?,
        None => Palette::new(&[Colour::Blue, Colour::Red]),
    };
    if let Some(f) = &block.filter {
        return Err(QueryError::new(
            f.span(),
            "`where` narrows another census: use it with `from`, or put the condition in the queries",
        ));
    }
    let rules = match &block.rules {
        None => Rules::Normal,
        Some(r) => match r.get_ref().trim() {
            "normal" => Rules::Normal,
            "childish" => Rules::Childish,
            other => {
                return Err(QueryError::new(
                    r.span(),
                    format!("unknown rules `{other}`: use \"normal\" or \"childish\""),
                ))
            }
        },
    };
    let budget = block.budget(
        if graphs {
            GRAPHS_CONFIRM_ABOVE
        } else {
            CONFIRM_ABOVE
        },
        "150_000_000",
    )?;
    Ok(if graphs {
        let family = GraphFamily {
            min_edges,
            max_edges,
            palette,
            rules,
        };
        block.confirm(&family, budget, edges.span())?;
        Source::Graphs(family)
    } else {
        let family = Family {
            kind,
            min_edges,
            max_edges,
            palette,
            rules,
        };
        block.confirm(&family, budget, edges.span())?;
        Source::Family(family)
    })
}

/// Reads a census block's body.
pub fn parse_definition(body: &str) -> Result<Definition, QueryError> {
    let block: Block = toml::from_str(body).map_err(|e| {
        let span = e.span().unwrap_or(0..body.len());
        // `edges = 1..=5` is not TOML: say what is, rather than what TOML expected.
        let line_start = body[..span.start.min(body.len())]
            .rfind('\n')
            .map_or(0, |i| i + 1);
        let line = body[line_start..].lines().next().unwrap_or("");
        let hint = if line.contains("..") && !line.contains('"') {
            " (a range is written in quotes: `edges = \"1..=5\"`)"
        } else {
            ""
        };
        match hackenbook_base::suggest::unknown_field(e.message()) {
            Some((message, help)) => {
                QueryError::new(span, format!("census block: {message}")).with_help(help)
            }
            None => QueryError::new(
                span,
                format!("census block: {}{hint}", e.message().trim_end()),
            ),
        }
    })?;
    let whole = 0..body.len();
    let games =
        (block.family.as_ref()).is_some_and(|f| GameKind::parse(f.get_ref().trim()).is_some());
    if let Some(m) = block
        .max_positions
        .as_ref()
        .filter(|_| block.from.is_some() || games)
    {
        return Err(QueryError::new(
            m.span(),
            "`max_positions` confirms the size of a census of positions (`family` with `edges`)",
        ));
    }
    let source = match (&block.from, &block.family) {
        (Some(from), None) => {
            block.refuse_keys(&["edges", "colours"], |key| {
                format!("a census narrowed `from` another takes its {key} from it")
            })?;
            let Some(filter) = &block.filter else {
                return Err(QueryError::new(
                    from.span(),
                    "a census `from` another needs a `where` condition",
                ));
            };
            let offset = content_offset(body, &filter.span());
            let expr = parse_expr(filter.get_ref()).map_err(|e| e.shifted(offset))?;
            Source::Narrowed {
                parent: from.get_ref().trim().to_string(),
                parent_span: from.span(),
                filter: expr,
                filter_text: filter.get_ref().trim().to_string(),
                filter_offset: offset,
            }
        }
        (Some(from), Some(_)) => return Err(QueryError::new(
            from.span(),
            "give either `family` (with `edges` and `colours`) or `from` (with `where`), not both",
        )),
        (None, Some(f)) if is_phrase(f.get_ref().trim()) => {
            Source::Positions(position_family(&block, f, body)?)
        }
        (None, Some(f)) if GameKind::parse(f.get_ref().trim()).is_some() => {
            let kind = GameKind::parse(f.get_ref().trim()).unwrap_or(GameKind::Games);
            Source::Games(game_family(&block, kind, f.span())?)
        }
        (None, family) => picture_family(&block, family, whole)?,
    };
    let mut measures = Vec::new();
    for (name, text) in block.measures.into_iter().flatten() {
        let offset = content_offset(body, &text.span());
        let expr = parse_expr(text.get_ref()).map_err(|e| e.shifted(offset))?;
        measures.push(MeasureDef {
            name_span: name.span(),
            name: name.into_inner(),
            expr,
            text: text.get_ref().clone(),
            offset,
        });
    }
    // Definition order, not alphabetical: later measures may use earlier ones.
    measures.sort_by_key(|m| m.offset);
    let time_limit = match &block.time_limit {
        Some(t) => Some(
            t.get_ref()
                .as_integer()
                .and_then(Clock::seconds)
                .ok_or_else(|| QueryError::new(t.span(), TIME_LIMIT_HELP))?,
        ),
        None => None,
    };
    Ok(Definition {
        source,
        measures,
        time_limit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_families() {
        let d =
            parse_definition("family = \"trees\"\nedges = \"1..=6\"\ncolours = \"LR\"\n").unwrap();
        match d.source {
            Source::Family(f) => {
                assert_eq!(f.size(), 3238);
                assert_eq!(f.key(), "trees edges=1..=6 colours=LR");
            }
            _ => panic!(),
        }
        let d = parse_definition("edges = 3\ncolours = \"green\"").unwrap();
        assert!(matches!(
            d.source,
            Source::Family(Family {
                min_edges: 3,
                max_edges: 3,
                ..
            })
        ));
    }

    #[test]
    fn narrowing_and_measures() {
        let body = "from = \"forests6\"\nwhere = \"trunks > 1\"\n[measures]\nmixed = \"blue > 0 and red > 0\"\n";
        let d = parse_definition(body).unwrap();
        assert!(matches!(d.source, Source::Narrowed { .. }));
        assert_eq!(d.measures[0].name, "mixed");
        assert_eq!(
            &body[d.measures[0].offset..d.measures[0].offset + 4],
            "blue"
        );
    }

    #[test]
    fn a_large_census_runs_once_its_cost_is_confirmed() {
        assert!(parse_definition("edges = \"1..=11\"\nmax_positions = 140513234").is_ok());
        for (body, at, says) in [
            (
                "edges = \"1..=11\"\nmax_positions = 140_000_000",
                "140_000_000",
                "140,513,234",
            ),
            ("edges = 6\nmax_positions = 0", "0", "positive"),
            (
                "family = \"games\"\nborn_by = 2\nmax_positions = 9",
                "9",
                "census of positions",
            ),
        ] {
            let e = parse_definition(body).unwrap_err();
            assert_eq!(&body[e.span.clone()], at, "{body}");
            assert!(e.message.contains(says), "{}", e.message);
        }
    }

    #[test]
    fn a_census_of_a_games_positions_is_named_in_words() {
        let d = parse_definition("family = \"domineering boards of up to 8 cells\"").unwrap();
        assert!(
            matches!(&d.source, Source::Positions(f) if f.to_string() == "domineering boards of 1 to 8 cells"),
            "{:?}",
            d.source
        );
        for (body, at, says) in [
            (
                "family = \"dominering boards of up to 8 cells\"",
                "dominering",
                "unknown game",
            ),
            (
                "family = \"nim heaps up to 5\"\nedges = 3",
                "3",
                "no `edges`",
            ),
            (
                "family = \"toads-and-frogs strips up to 12\"",
                "\"toads-and-frogs strips up to 12\"",
                "max_positions = 797160",
            ),
            (
                "family = \"push strips up to 30\"\nmax_positions = 99",
                "\"push strips up to 30\"",
                "more than the 10,000,000",
            ),
        ] {
            let e = parse_definition(body).unwrap_err();
            assert_eq!(&body[e.span.clone()], at, "{body}: {e}");
            assert!(e.message.contains(says), "{}", e.message);
        }
        assert!(parse_definition(
            "family = \"toads-and-frogs strips up to 12\"\nmax_positions = 797160"
        )
        .is_ok());
    }

    #[test]
    fn mistakes_are_located() {
        let body = "family = \"forests\"\nedges = \"1..=6\"\ncolours = \"LB\"\n";
        let e = parse_definition(body).unwrap_err();
        assert_eq!(&body[e.span.clone()], "\"LB\"");
        let body = "family = \"woods\"\nedges = 3";
        let e = parse_definition(body).unwrap_err();
        assert_eq!(&body[e.span.clone()], "\"woods\"");
        let body = "edges = \"1..=12\"";
        let e = parse_definition(body).unwrap_err();
        assert_eq!(&body[e.span.clone()], "\"1..=12\"");
        assert!(
            e.message.contains("992,530,386 positions")
                && e.message
                    .contains("313 MB of tables, the two largest sizes streamed")
                && e.message.contains("write max_positions = 992530386"),
            "{}",
            e.message
        );
        let body = "edges = 3\nsize = 4";
        let e = parse_definition(body).unwrap_err();
        assert!(e.message.contains("size"), "{}", e.message);
        let body = "edges = 3\ntime_limit = 0";
        let e = parse_definition(body).unwrap_err();
        assert_eq!(&body[e.span.clone()], "0");
        let d = parse_definition("edges = 3\ntime_limit = 30").unwrap();
        assert_eq!(d.time_limit, Some(std::time::Duration::from_secs(30)));
        let body = "from = \"forests6\"\nwhere = \"trunks >\"";
        let e = parse_definition(body).unwrap_err();
        assert_eq!(e.span, body.len() - 1..body.len() - 1);
    }
}
