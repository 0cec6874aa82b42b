//! A `plot` block: the share of each size of a census that has each of a few conditions, every
//! point a `share` query run at build time (counted by value where the query allows it, like any
//! claim), for the page to draw.
//!
//! ````markdown
//! ```plot forests20
//! caption = Forests by value, size by size
//! from = 5
//! Left wins = value > 0
//! worth 0 = value = 0
//! ```
//! ````

use super::Context;
use crate::essay::parse::split_at_equals;
use crate::essay::{Diagnostic, Spanned};
use hackenbook_census::Figure;
use std::ops::Range;

/// The most series one plot draws: past six, colours and marks no longer tell them apart.
pub const MAX_SERIES: usize = 6;

/// The most sizes one plot draws (one point a size): as many as counting by value reaches
/// (forests of up to 41 edges), and points far enough apart on a phone.
pub const MAX_SIZES: usize = 41;

/// What the page draws.
#[derive(Debug)]
pub struct PlotOutcome {
    /// The author's caption, if the block gave one.
    pub caption: Option<String>,
    /// The sizes plotted, smallest first: every number of edges the census has, from 1 (or the
    /// block's `from = N`) up.
    pub sizes: Vec<usize>,
    pub series: Vec<Series>,
}

/// One condition's points, one per size.
#[derive(Debug)]
pub struct Series {
    /// The reader's name for it (the left side of its line).
    pub label: String,
    /// Per size, in the order of [`PlotOutcome::sizes`]: how many members of that size have the
    /// condition, and how many members that size has, as decimal integers (exact).
    pub points: Vec<(String, String)>,
}

pub fn check(
    cx: &mut Context,
    family: Option<&Spanned<String>>,
    lines: &[Spanned<String>],
    block: &Range<usize>,
) -> Option<PlotOutcome> {
    let Some(family) = family else {
        cx.problem(
            Diagnostic::new(cx.file, block.clone(), "a plot block needs a census")
                .label("name the census here")
                .help("for example ```plot forests20, then one `LABEL = CONDITION` line a series"),
        );
        return None;
    };
    let Lines {
        caption,
        from,
        series: wanted,
    } = read_lines(cx, lines, block)?;
    let sizes = sizes(cx, family, from.as_ref())?;
    let mut series = Vec::new();
    let mut failed = false;
    for (label, condition) in wanted {
        match points(cx, family, &condition, &sizes) {
            Some(points) => series.push(Series {
                label: label.value,
                points,
            }),
            None => failed = true,
        }
    }
    (!failed).then_some(PlotOutcome {
        caption: caption.map(|c| c.value),
        sizes,
        series,
    })
}

type Wanted = Vec<(Spanned<String>, Spanned<String>)>;

/// What a block's lines say: its caption, the smallest size it draws (`from = N`, as written)
/// and its series (label, condition).
struct Lines {
    caption: Option<Spanned<String>>,
    from: Option<Spanned<String>>,
    series: Wanted,
}

/// The block's lines read, or `None` with every problem reported.
fn read_lines(cx: &mut Context, lines: &[Spanned<String>], block: &Range<usize>) -> Option<Lines> {
    let mut caption: Option<Spanned<String>> = None;
    let mut from: Option<Spanned<String>> = None;
    let mut series: Wanted = Vec::new();
    let mut ok = true;
    for line in lines {
        let (label, condition) = match split_at_equals(cx.file, line) {
            Ok(sides) => sides,
            Err(d) => {
                cx.problem(d.help(
                    "write one series a line, `LABEL = CONDITION`, e.g. `Left wins = value > 0`",
                ));
                ok = false;
                continue;
            }
        };
        if label.value == "caption" || label.value == "from" {
            let slot = if label.value == "caption" {
                &mut caption
            } else {
                &mut from
            };
            if slot.is_some() {
                cx.problem(
                    Diagnostic::new(
                        cx.file,
                        label.span,
                        format!("a plot has one `{}` line", label.value),
                    )
                    .label("a second one")
                    .help("keep one of the two lines"),
                );
                ok = false;
            }
            *slot = Some(condition);
            continue;
        }
        if let Some((earlier, _)) = series.iter().find(|(l, _)| l.value == label.value) {
            let (line_no, _) = cx.file.line_col(earlier.span.start);
            cx.problem(
                Diagnostic::new(cx.file, label.span, "two series have this label")
                    .label(format!("also the label on line {line_no}"))
                    .help("give each series its own label: the legend tells them apart by it"),
            );
            ok = false;
            continue;
        }
        series.push((label, condition));
    }
    if series.is_empty() && ok {
        cx.problem(
            Diagnostic::new(cx.file, block.clone(), "this plot has no series")
                .label("nothing to draw")
                .help("add one `LABEL = CONDITION` line a series, e.g. `Left wins = value > 0`"),
        );
        return None;
    }
    if series.len() > MAX_SERIES {
        let extra = &series[MAX_SERIES].0;
        cx.problem(
            Diagnostic::new(
                cx.file,
                extra.span.clone(),
                format!(
                    "a plot draws at most {MAX_SERIES} series; this block has {}",
                    series.len()
                ),
            )
            .label("one too many")
            .help("split the series between two plots: past six, the colours and marks no longer tell them apart"),
        );
        return None;
    }
    ok.then_some(Lines {
        caption,
        from,
        series,
    })
}

/// Every size of the census from 1 edge (or the block's `from = N`) to its largest, or `None`
/// with the problem reported.
fn sizes(
    cx: &mut Context,
    family: &Spanned<String>,
    from: Option<&Spanned<String>>,
) -> Option<Vec<usize>> {
    let most = match edges_figure(cx, family, "max")? {
        Figure::Number(x) => x.to_string().parse::<usize>().ok(),
        _ => None,
    };
    let Some(most) = most.filter(|&m| m >= 1) else {
        cx.problem(
            Diagnostic::new(
                cx.file,
                family.span.clone(),
                "this census has no member of one edge or more",
            )
            .label("nothing to plot")
            .help("plot a census of forests, trees or stalks of at least one edge"),
        );
        return None;
    };
    if most > MAX_SIZES {
        cx.problem(
            Diagnostic::new(
                cx.file,
                family.span.clone(),
                format!(
                    "`{}` has members of up to {most} edges; a plot draws at most {MAX_SIZES} sizes",
                    family.value
                ),
            )
            .label("too many sizes")
            .help(format!("plot a census of at most {MAX_SIZES} edges")),
        );
        return None;
    }
    let first = match from {
        None => 1,
        Some(from) => match from.value.parse::<usize>() {
            Ok(n) if (1..=most).contains(&n) => n,
            _ => {
                cx.problem(
                    Diagnostic::new(
                        cx.file,
                        from.span.clone(),
                        format!(
                            "`from` is the smallest number of edges drawn, a whole number from 1 to {most} (the census's largest)"
                        ),
                    )
                    .label("not a size of this census")
                    .help("write, e.g., `from = 5` to draw the sizes from 5 edges up"),
                );
                return None;
            }
        },
    };
    Some((first..=most).collect())
}

/// `max edges over FAMILY` (or `min`), reported at the census's name when it fails.
fn edges_figure(cx: &mut Context, family: &Spanned<String>, which: &str) -> Option<Figure> {
    let query = format!("{which} edges over {}", family.value);
    match cx.workspace.evaluate(&query, cx.ev) {
        Ok(figure) => Some(figure),
        Err(e) => {
            if !cx.workspace.repeats_a_failure(&query) {
                cx.problem(
                    Diagnostic::new(
                        cx.file,
                        family.span.clone(),
                        format!("bad plot: {}", e.message),
                    )
                    .label("this census")
                    .help_if(e.help),
                );
            }
            None
        }
    }
}

/// The points of one condition, size by size: `share FAMILY where edges = n have CONDITION`.
/// A problem in the condition is reported once, at its place in the block.
fn points(
    cx: &mut Context,
    family: &Spanned<String>,
    condition: &Spanned<String>,
    sizes: &[usize],
) -> Option<Vec<(String, String)>> {
    let mut out = Vec::with_capacity(sizes.len());
    for &n in sizes {
        let head = format!("share {} where edges = {n} have ", family.value);
        let query = format!("{head}{}", condition.value);
        match cx.workspace.evaluate(&query, cx.ev) {
            Ok(Figure::Share { part, whole }) => out.push((part.to_string(), whole.to_string())),
            Ok(other) => {
                cx.problem(
                    Diagnostic::new(
                        cx.file,
                        condition.span.clone(),
                        format!("internal: a share came back as {other:?}"),
                    )
                    .label("while plotting this"),
                );
                return None;
            }
            Err(e) => {
                if !cx.workspace.repeats_a_failure(&query) {
                    // Within the condition, the error is located there; anything before it is
                    // about the census.
                    let span = match e.span.start.checked_sub(head.len()) {
                        Some(at) => {
                            let end = condition.span.end;
                            let start = (condition.span.start + at).min(end);
                            start..(start + e.span.len().max(1)).min(end)
                        }
                        None => family.span.clone(),
                    };
                    cx.problem(
                        Diagnostic::new(cx.file, span, format!("bad plot: {}", e.message))
                            .label("here")
                            .help_if(e.help),
                    );
                }
                return None;
            }
        }
    }
    Some(out)
}
