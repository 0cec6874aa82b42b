//! Plot blocks: each point is the census's share, held against the same share enumerated (the
//! plot's queries read values alone, so they are counted by value; the enumerated ones read
//! `trunks` too, which every member of one edge or more has); and bad blocks fail at their place.
use crate::other_games::errors;
use hackenbook_book::check::{CheckOptions, CheckedEssay, Checker, Outcome};
use hackenbook_book::essay::{parse_essay, Diagnostic, SourceFile};
use hackenbook_census::Figure;

fn check(body: &str) -> (CheckedEssay, Vec<Diagnostic>, Checker) {
    let text = format!("+++\ntitle = \"Plots\"\nrung = 1\n+++\n\n{body}");
    let essay = parse_essay(&SourceFile::new("plots.md", text)).expect("the essay parses");
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems = Vec::new();
    let checked = checker.check_essay(essay, &mut problems);
    (checked, problems, checker)
}

const CENSUS: &str =
    "```census f7\nfamily = \"forests\"\nedges = \"1..=7\"\ncolours = \"LR\"\n```\n\n";

#[test]
fn each_point_is_the_share_enumerated() {
    let conditions = [
        "value > 0",
        "value = 0",
        "denominator = 1",
        "abs(value) < 1/2",
    ];
    let body = format!(
        "{CENSUS}```plot f7\ncaption = Forests by value\nLeft wins = {}\nzero = {}\nwhole = {}\nsmall = {}\n```\n",
        conditions[0], conditions[1], conditions[2], conditions[3]
    );
    let (checked, problems, mut checker) = check(&body);
    assert_eq!(errors(&checked, &problems), Vec::<String>::new());
    let plot = checked
        .outcomes
        .iter()
        .find_map(|o| match o {
            Outcome::Plot(p) => Some(p),
            _ => None,
        })
        .expect("a plot");
    assert_eq!(plot.sizes, (1..=7).collect::<Vec<_>>());
    assert_eq!(plot.caption.as_deref(), Some("Forests by value"));
    assert_eq!(plot.series.len(), 4);
    // The same shares, enumerated: a workspace of its own, the census read with `trunks`.
    let mut workspace = hackenbook_census::Workspace::new(None);
    workspace
        .define_census(
            "f7",
            "family = \"forests\"\nedges = \"1..=7\"\ncolours = \"LR\"\n",
        )
        .unwrap();
    // The plot's own query is counted by value, so the comparison is between two engines.
    let counted = "share f7 where edges = 7 have value > 0";
    workspace.evaluate(counted, &mut checker.ev).unwrap();
    assert!(
        workspace
            .how(counted)
            .iter()
            .any(|h| h.words.contains("counted by value")),
        "{:?}",
        workspace.how(counted)
    );
    for (series, condition) in plot.series.iter().zip(conditions) {
        for (n, (part, whole)) in plot.sizes.iter().zip(&series.points) {
            let query = format!("share f7 where edges = {n} and trunks > 0 have {condition}");
            let Figure::Share { part: p, whole: w } =
                workspace.evaluate(&query, &mut checker.ev).unwrap()
            else {
                panic!("a share")
            };
            assert_eq!(
                (part, whole),
                (&p.to_string(), &w.to_string()),
                "{condition} at {n} edges"
            );
            assert!(w > 0u32.into(), "{n} edges");
            // The enumerated figure went through every member, not the counts by value.
            let words: Vec<String> = workspace.how(&query).into_iter().map(|h| h.words).collect();
            assert!(
                !words.iter().any(|w| w.contains("counted by value")),
                "{query}: {words:?}"
            );
        }
    }
}

/// `from = N` draws the sizes from N edges up, each point the one the whole plot draws there.
#[test]
fn from_starts_the_sizes_later() {
    let body = format!(
        "{CENSUS}```plot f7\nzero = value = 0\n```\n\n```plot f7\nfrom = 5\nzero = value = 0\n```\n"
    );
    let (checked, problems, _) = check(&body);
    assert_eq!(errors(&checked, &problems), Vec::<String>::new());
    let plots: Vec<_> = checked
        .outcomes
        .iter()
        .filter_map(|o| match o {
            Outcome::Plot(p) => Some(p),
            _ => None,
        })
        .collect();
    let [whole, late] = plots[..] else {
        panic!("two plots, found {}", plots.len())
    };
    assert_eq!(whole.sizes, (1..=7).collect::<Vec<_>>());
    assert_eq!(late.sizes, vec![5, 6, 7]);
    assert_eq!(late.series[0].points, whole.series[0].points[4..]);
}

#[test]
fn bad_plots_fail_at_their_place() {
    let body = format!(
        "{CENSUS}\
```plot\nzero = value = 0\n```\n\n\
```plot f7\nzero = colour = 0\n```\n\n\
```plot f7\n```\n\n\
```plot f7\nzero value\n```\n\n\
```plot nowhere\nzero = value = 0\n```\n\n\
```plot f7\na = value = 0\na = value > 0\n```\n\n\
```plot f7\na = value = 0\nb = value = 1\nc = value = 2\nd = value = 3\ne = value = 4\nf = value = 5\ng = value = 6\n```\n\n\
```plot forests30\nzero = value = 0\n```\n\n\
```plot forests20\nzero = value\n```\n\n\
```plot f7\nfrom = 8\nzero = value = 0\n```\n\n\
```plot f7\nfrom = 2\nfrom = 3\nzero = value = 0\n```\n"
    );
    let (checked, problems, _) = check(&body);
    let found = errors(&checked, &problems);
    let expect: [(&str, &str); 11] = [
        ("12:4", "a plot block needs a census"),
        ("17:8", "colour"),
        ("20:4", "this plot has no series"),
        ("24:1", "expected `something = something`"),
        ("27:9", "nowhere"),
        ("33:1", "two series have this label"),
        ("43:1", "at most 6 series"),
        ("46:9", "forests30"),
        ("51:8", "value"),
        ("55:8", "from 1 to 7"),
        ("61:1", "one `from` line"),
    ];
    for (place, words) in expect {
        assert!(
            found
                .iter()
                .any(|e| e.starts_with(&format!("{place}: ")) && e.contains(words)),
            "no error at {place} saying `{words}` in {found:#?}"
        );
    }
    assert_eq!(found.len(), expect.len(), "{found:#?}");
    assert!(checked
        .outcomes
        .iter()
        .all(|o| !matches!(o, Outcome::Plot(_))));
}
