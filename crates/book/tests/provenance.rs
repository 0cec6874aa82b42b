//! What a ✓ rests on: every count exact at every size the solver accepts, every comparison made
//! between figures computed independently (a comparison of one computation with itself is a
//! located error naming the circularity), and the notebook saying how each figure was computed.
use hackenbook_book::check::{CheckOptions, Checker, ClaimRecord};
use hackenbook_book::essay::{parse_essay, Diagnostic, SourceFile};
use hackenbook_census::Workspace;
use hackenbook_rulesets::hackenbush::Evaluator;

fn essay(body: &str) -> hackenbook_book::essay::Essay {
    let text = format!("+++\ntitle = \"e\"\nrung = 1\n+++\n\n{body}");
    parse_essay(&SourceFile::new("e.md", text)).expect("the essay parses")
}

/// The errors (not warnings) of checking `body`, and its claims.
fn check(body: &str) -> (Vec<Diagnostic>, Vec<ClaimRecord>) {
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems: Vec<Diagnostic> = Vec::new();
    let checked = checker.check_essay(essay(body), &mut problems);
    problems.retain(|d| !d.warning);
    (problems, checked.claims)
}

/// A stalk of 300 blue edges, one of 256 green edges, and a forest of 300 single blue edges and
/// 280 single red ones.
fn big_positions() -> String {
    let blue = "L".repeat(300);
    let green = "G".repeat(256);
    let forest = ["L"; 300].iter().chain(["R"; 280].iter()).copied();
    let forest: Vec<&str> = forest.collect();
    format!(
        "```hackenbush p\n{blue}\n```\n\n```hackenbush g\n{green}\n```\n\n```hackenbush f\n{}\n```\n\n",
        forest.join(" ")
    )
}

/// The issue's cases, written right: each holds.
#[test]
fn counts_past_255_are_exact() {
    let body = format!(
        "{}Edges `{{300 = edges of p}}`, blue `{{300 = blue of p}}`, green `{{256 = green of g}}`, \
         trunks `{{580 = trunks of f}}`, majority `{{1 = majority of f}}`, \
         difference `{{20 = (blue - red) of f}}`, edges `{{580 = edges of f}}`.\n",
        big_positions()
    );
    let (problems, claims) = check(&body);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(claims.len(), 7);
    assert!(claims.iter().all(|c| c.holds));
}

/// The issue's cases as it found them (each held, the counts clamped at 255): each now fails
/// at its own literal.
#[test]
fn counts_clamped_at_255_fail() {
    let claims = [
        "{255 = edges of p}",
        "{255 = blue of p}",
        "{255 = green of g}",
        "{0 = majority of f}",
        "{0 = (blue - red) of f}",
    ];
    let lines: Vec<String> = claims.iter().map(|c| format!("Here `{c}`.\n")).collect();
    let body = format!("{}{}", big_positions(), lines.join("\n"));
    let (problems, records) = check(&body);
    assert_eq!(records.len(), claims.len());
    assert!(records.iter().all(|c| !c.holds), "{records:?}");
    assert_eq!(problems.len(), claims.len(), "{problems:?}");
    for d in &problems {
        assert!(d.message.contains("does not hold"), "{}", d.message);
    }
}

fn query(ws: &mut Workspace, ev: &mut Evaluator, q: &str) -> Result<String, String> {
    ws.evaluate(q, ev)
        .map(|f| format!("{f:?}"))
        .map_err(|e| e.message)
}

/// The essays' claims that once compared the tree rule with itself now compare it with the
/// game tree, and hold.
#[test]
fn the_theorems_are_checked_against_the_game_tree() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    for q in [
        "all forests4_LRG have tree_rule = value",
        "all forests7_G have ordinal_sum = value",
        "all stalks7_LRG have ordinal_sum = value",
        "all stalks7_LRG have tree_rule = value",
        "all forests5 have sum = value",
        "all forests4_LRG where trunks > 1 have sum = value",
    ] {
        let figure = query(&mut ws, &mut ev, q).unwrap_or_else(|e| panic!("{q}: {e}"));
        assert!(figure.contains("holds: true"), "{q}: {figure}");
    }
    // The reading is the game tree only when the member is a stalk: on forests it is a check,
    // and it fails.
    let figure = query(&mut ws, &mut ev, "all forests4_LRG have reading = value").unwrap();
    assert!(figure.contains("holds: false"), "{figure}");
}

/// A comparison of one computation with itself, on every member it is asked of, is refused
/// with the circularity named, at the comparison.
#[test]
fn a_comparison_of_a_computation_with_itself_is_refused() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    for (q, words) in [
        (
            "all trees5_LRG have sum = value",
            "`sum` and `value` are both computed by the game tree in census `trees5_LRG` (a single tree is its own sum): the comparison checks nothing",
        ),
        (
            "all stalks6_LRG have reading = value",
            "`reading` and `value` are both computed by the game tree in census `stalks6_LRG` (a stalk is its own leftmost reading)",
        ),
        (
            "all forests4_LRG where trunks = 1 have value = sum",
            "`value` and `sum` are both computed by the game tree",
        ),
        (
            "max value - sum over trees4",
            "(a single tree is its own sum)",
        ),
        ("all forests4 have value = value", "are the same figure"),
    ] {
        let e = query(&mut ws, &mut ev, q).unwrap_err();
        assert!(e.contains(words), "{q}: {e}");
    }
    // The span is the comparison's.
    let e = ws
        .evaluate("all trees5_LRG have sum = value", &mut ev)
        .unwrap_err();
    assert_eq!(e.span, 20..31);
    // The fast engine reads a stalk by its sign expansion, not by its game tree: a check.
    let figure = query(&mut ws, &mut ev, "all stalks6 have reading = value").unwrap();
    assert!(figure.contains("holds: true"), "{figure}");
}

/// A named stalk is its own reading; a named tree with a fork is not.
#[test]
fn a_named_position_is_held_to_the_same_rule() {
    let body = "```hackenbush s\nLRL\n```\n\n```hackenbush t\nL(R L)\n```\n\n\
                Read `{false = (reading = value) of t}` and `{true = (reading = value) of s}`.\n";
    let (problems, _) = check(body);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0]
        .message
        .contains("`reading` and `value` are both computed by the game tree in position `s`"));
}

/// The notebook says how each figure behind a claim was computed.
#[test]
fn the_notebook_says_how_each_side_was_computed() {
    let body = "```hackenbush cherry\nL(L R)\n```\n\n```hackenbush two\nL(L R) LR\n```\n\n\
                Trees `{every time = all forests4_LRG have tree_rule = value}`, \
                blue-red `{every time = all forests4 have tree_rule = value}`, \
                `{3 = edges of cherry}` edges worth `{1 = value of cherry}`, \
                a relation `{$1 > 0$}`, two parts `{3/2 = value of two}`.\n";
    let (problems, claims) = check(body);
    assert!(problems.is_empty(), "{problems:?}");
    let how = |i: usize| -> Vec<String> {
        hackenbook_book::page::how_words(&claims[i].how)
            .iter()
            .map(|h| format!("{}: {}", h.what, h.words))
            .collect()
    };
    assert_eq!(
        how(0),
        [
            "census: every member counted, the total of each size held against the closed form",
            "tree_rule: by ordinal sums all the way up (the tree rule)",
            "value: by the game tree",
        ]
    );
    assert_eq!(
        how(1),
        [
            "census: every member counted, the total of each size held against the closed form",
            "tree_rule: by the tree rule on sign expansions",
            "value: by the game tree (the simplicity rule on checked options)",
        ]
    );
    assert_eq!(how(2), ["counts: read off the picture"]);
    assert_eq!(
        how(3),
        ["value: by the tree rule on sign expansions and by the game tree, which agree"]
    );
    assert_eq!(
        how(4),
        ["both sides: canonical forms (positions by the solver), compared"]
    );
    assert_eq!(
        how(5),
        ["value: part by part, the values of the parts standing apart added: one part by the tree \
          rule on sign expansions and by the game tree, which agree; one part by the sign \
          expansion and by the game tree, which agree; the whole also by the game tree, which \
          agrees"]
    );
}

/// A census read back from the cache says so in the notebook's words, and so does a census
/// narrowed from it; computed afresh, neither does.
#[test]
fn a_census_from_the_cache_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut words = Vec::new();
    for _ in 0..2 {
        let mut ev = Evaluator::default();
        let mut ws = Workspace::new(Some(dir.path().to_path_buf()));
        ws.define_census(
            "f",
            "family = \"forests\"\nedges = \"1..=4\"\ncolours = \"LRG\"",
        )
        .unwrap();
        ws.define_census("multi", "from = \"f\"\nwhere = \"trunks > 1\"")
            .unwrap();
        let mut run = Vec::new();
        for q in ["count f", "count multi"] {
            ws.evaluate(q, &mut ev).unwrap();
            run.push(ws.how(q)[0].words.clone());
        }
        words.push(run);
    }
    assert_eq!(
        words[0],
        [
            "every member counted, the total of each size held against the closed form",
            "every member counted (a census narrowed from another)"
        ]
    );
    assert_eq!(
        words[1],
        [
            "every member counted in an earlier build, the total of each size held against the closed form",
            "every member counted (a census narrowed from another) in an earlier build"
        ]
    );
}

/// The caption says how each picture was valued, naming as agreeing only methods that are
/// separate computations: a green tree too large for its game tree is valued by the colon
/// principle alone (the fusion principle would repeat its fold), a long blue-red stalk by its
/// sign expansion alone (the tree rule would read the same signs), a small stalk by the sign
/// expansion and the game tree, a cycle by the fusion principle and the game tree.
#[test]
fn captions_name_only_independent_methods() {
    let tree = format!("G({})", ["G(G G)"; 12].join(" "));
    let long: String = (0..300)
        .map(|i| if i % 3 == 0 { 'R' } else { 'L' })
        .collect();
    let body = format!(
        "```hackenbush tree\n{tree}\n```\n\n```hackenbush long\n{long}\n```\n\n\
         ```hackenbush short\nLRRL\n```\n\n```hackenbush triangle\ng-a G, a-b G, b-g G\n```\n\n\
         ```hackenbush parts\n{tree} LR LR\n```\n\n\
         Worth `{{* = value of tree}}`, `{{3/8 = value of short}}`, `{{* = value of triangle}}` \
         and `{{true = number of long}}`.\n"
    );
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems: Vec<Diagnostic> = Vec::new();
    let checked = checker.check_essay(essay(&body), &mut problems);
    problems.retain(|d| !d.warning);
    assert!(problems.is_empty(), "{problems:?}");
    let claims = &checked.claims;
    let page = hackenbook_book::page::build_page(&checked, &checker.ev.games, &mut problems);
    let caption = |name: &str| -> String {
        let html = &page.body_html;
        let start = html
            .find(&format!("id=\"position-{name}\""))
            .unwrap_or_else(|| panic!("no figure {name}"));
        let end = start + html[start..].find("</figure>").unwrap();
        let figure = &html[start..end];
        let li = figure.rfind("<li>valued ").unwrap();
        figure[li + 4..li + figure[li..].find("</li>").unwrap()].to_string()
    };
    assert_eq!(caption("tree"), "valued by the colon principle");
    assert_eq!(caption("long"), "valued by the sign expansion");
    assert_eq!(
        caption("short"),
        "valued by the sign expansion and by the game tree, which agree"
    );
    assert_eq!(
        caption("triangle"),
        "valued by the fusion principle and by the game tree, which agree"
    );
    // Methods of different parts are not said to agree.
    assert_eq!(
        caption("parts"),
        "valued part by part, the values of the parts standing apart added: one part by the \
         colon principle; two parts by the sign expansion and by the game tree, which agree"
    );
    // The notebook says the same of the value it reads.
    assert_eq!(
        hackenbook_book::page::how_words(&claims[0].how)[0].words,
        "by the colon principle"
    );
}

/// A comparison asked of a census where the two figures coincide by definition on some members
/// (a single tree is its own sum, a stalk its own reading) and are computed apart on the others
/// is a check on those others only: the notebook says on how many members it compared figures
/// computed apart, and on how many, and why, they coincide. A comparison computed apart on
/// every member says nothing more.
#[test]
fn the_notebook_counts_the_members_a_comparison_checked() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    let count = |ws: &mut Workspace, ev: &mut Evaluator, q: &str| -> u64 {
        match ws.evaluate(q, ev).unwrap() {
            hackenbook_census::Figure::Integer(n) => u64::try_from(n).unwrap(),
            other => panic!("{q}: {other:?}"),
        }
    };
    let group = |n: u64| hackenbook_census::families::group(n.into());
    for (query, census, apart, why) in [
        (
            "all forests4_LRG have sum = value",
            "forests4_LRG",
            "trunks > 1",
            "a single tree is its own sum",
        ),
        (
            "count forests4_LRG where value = sum",
            "forests4_LRG",
            "trunks > 1",
            "a single tree is its own sum",
        ),
        (
            "all forests5 have sum = value",
            "forests5",
            "trunks > 1",
            "a single tree is its own sum",
        ),
        (
            "share trees4_LRG have reading = value",
            "trees4_LRG",
            "not path",
            "a stalk is its own leftmost reading",
        ),
    ] {
        ws.evaluate(query, &mut ev).unwrap();
        let how = ws.how(query);
        let total = count(&mut ws, &mut ev, &format!("count {census}"));
        let computed_apart = count(&mut ws, &mut ev, &format!("count {census} where {apart}"));
        assert!(computed_apart > 0 && computed_apart < total, "{query}");
        let note = how
            .iter()
            .find(|h| h.what.starts_with('`'))
            .unwrap_or_else(|| panic!("{query}: {how:?}"));
        assert_eq!(
            note.words,
            format!(
                "compared on the {} members where they are computed apart; on the other {} they coincide by definition ({why})",
                group(computed_apart),
                group(total - computed_apart)
            ),
            "{query}"
        );
    }
    // Computed apart on every member: nothing to add.
    let query = "all forests4_LRG have tree_rule = value";
    ws.evaluate(query, &mut ev).unwrap();
    assert!(
        ws.how(query).iter().all(|h| !h.what.starts_with('`')),
        "{:?}",
        ws.how(query)
    );
}
