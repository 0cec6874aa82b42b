//! Play in the page: which diagrams carry a play table (the page's budgets, and the reader's
//! words when a diagram stays static), and the values they show, typeset once per page and
//! referenced in the table's order.
use hackenbook_book::check::playable::PAGE_BUDGET;
use hackenbook_book::check::{CheckOptions, Checker, Outcome, PagePlay, Unplayable};
use hackenbook_book::essay::{parse_essay, Diagnostic, SourceFile};
use hackenbook_book::page::build_page;
use hackenbook_rulesets::play::compact;

fn essay(body: &str) -> hackenbook_book::essay::Essay {
    let text = format!("+++\ntitle = \"Play\"\nrung = 1\n+++\n\n{body}");
    parse_essay(&SourceFile::new("play.md".to_string(), text)).expect("the essay parses")
}

fn block(name: &str, position: &str) -> String {
    format!("```hackenbush {name}\n{position}\n```\n\n")
}

/// The attribute `name` of the figure `position-ID`.
fn attribute<'a>(html: &'a str, id: &str, name: &str) -> Option<&'a str> {
    let start = html.find(&format!("id=\"position-{id}\""))?;
    let tag = &html[start..start + html[start..].find('>')?];
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(&tag[at..at + tag[at..].find('"')?])
}

#[test]
fn diagrams_within_the_budget_play_and_the_rest_say_why() {
    let body = [
        block("small", "LR LR R"),
        block("long", &"L".repeat(25)),
        // Eight green stalks of three: 4^8 positions reachable, over the page's 20,000.
        block("heaps", "GGG GGG GGG GGG GGG GGG GGG GGG"),
    ]
    .concat();
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems: Vec<Diagnostic> = Vec::new();
    let checked = checker.check_essay(essay(&body), &mut problems);
    // Only warnings: the blocks are named and never mentioned.
    assert!(problems.iter().all(|d| d.warning), "{problems:?}");
    let plays: Vec<&PagePlay> = checked
        .outcomes
        .iter()
        .map(|o| match o {
            Outcome::Board(b) => &b.play.play,
            other => panic!("{other:?}"),
        })
        .collect();
    assert!(matches!(plays[0], PagePlay::Table { .. }));
    assert_eq!(
        plays[1],
        &PagePlay::Static(Unplayable::TooManyEdges {
            edges: 25,
            limit: 24
        })
    );
    assert_eq!(
        plays[2],
        &PagePlay::Static(Unplayable::TooManyPositions { limit: 4_000 })
    );

    let page = build_page(&checked, &checker.ev.games, &mut problems);
    // Only warnings: the blocks are named and never mentioned.
    assert!(problems.iter().all(|d| d.warning), "{problems:?}");
    let html = &page.body_html;
    assert!(attribute(html, "small", "data-play").is_some());
    assert!(attribute(html, "long", "data-play").is_none());
    // The page says why in the reader's words.
    assert_eq!(
        attribute(html, "long", "data-play-static"),
        Some("Too large to play in the page: 25 edges (the page plays up to 24).")
    );
    assert_eq!(
        attribute(html, "heaps", "data-play-static"),
        Some("Too many ways to play to follow in the page (more than 4,000 positions).")
    );
}

/// Each value of a page's tables is typeset once, in the pool, and each diagram lists the pool
/// entries of its values in its table's order.
#[test]
fn values_are_typeset_once_per_page_in_table_order() {
    let body = [
        block("a", "LR LR R"),
        block("b", "LRR LR"),
        block("c", "LR R"),
    ]
    .concat();
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems: Vec<Diagnostic> = Vec::new();
    let checked = checker.check_essay(essay(&body), &mut problems);
    let page = build_page(&checked, &checker.ev.games, &mut problems);
    // Only warnings: the blocks are named and never mentioned.
    assert!(problems.iter().all(|d| d.warning), "{problems:?}");
    let html = &page.body_html;
    let pool_at = html
        .find("<div class=\"play-values\" id=\"play-values\" hidden>")
        .unwrap();
    let pool: Vec<&str> = html[pool_at..]
        .split("<span data-value=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect();
    let mut distinct = pool.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), pool.len(), "each value once: {pool:?}");
    for (index, id) in ["a", "b", "c"].iter().enumerate() {
        let Outcome::Board(b) = &checked.outcomes[index] else {
            panic!()
        };
        let PagePlay::Table { text, values } = &b.play.play else {
            panic!()
        };
        assert_eq!(attribute(html, id, "data-play"), Some(text.as_str()));
        let shown: Vec<&str> = attribute(html, id, "data-play-values")
            .unwrap()
            .split(' ')
            .map(|i| pool[i.parse::<usize>().unwrap()])
            .collect();
        let expected: Vec<&str> = values.iter().map(|v| v.shown.as_str()).collect();
        assert_eq!(shown, expected, "{id}");
        // A g3 table, as every game's board's; its first entry is the position as written: its
        // value is the caption's.
        assert!(text.starts_with("g3;"), "{text}");
        let read = compact::decode(&compact::PagePlayable {
            text: text.clone(),
            drawing: b.play.drawing.clone(),
            shown: b.play.shown.clone(),
        })
        .unwrap();
        assert_eq!(
            shown[read.entries[0].value],
            checker.ev.games.display(b.game),
            "{id}"
        );
    }
}

/// Diagrams each within the diagram budget, together over the page's: the page carries tables
/// up to its budget, counting everything play adds to it (each table's attributes and the pool
/// of typeset values), and the rest stay static and say why.
#[test]
fn the_page_budget_holds() {
    let position = "LRLRLR LRLRLR LRLRLR";
    let body: String = (0..8).map(|i| block(&format!("p{i}"), position)).collect();
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems: Vec<Diagnostic> = Vec::new();
    let checked = checker.check_essay(essay(&body), &mut problems);
    for outcome in &checked.outcomes {
        let Outcome::Board(b) = outcome else { panic!() };
        let PagePlay::Table { text, .. } = &b.play.play else {
            panic!("{:?}", b.play.play)
        };
        assert!(text.len() <= PAGE_BUDGET.diagram_bytes);
    }
    let page = build_page(&checked, &checker.ev.games, &mut problems);
    // Only warnings: the blocks are named and never mentioned.
    assert!(problems.iter().all(|d| d.warning), "{problems:?}");
    let html = &page.body_html;
    let mut attributes = 0;
    let mut refused = 0;
    for i in 0..8 {
        let id = format!("p{i}");
        match attribute(html, &id, "data-play") {
            Some(text) => {
                assert_eq!(refused, 0, "tables are carried in the order written");
                let values = attribute(html, &id, "data-play-values").unwrap();
                attributes += " data-play=\"\"".len() + text.len();
                attributes += " data-play-values=\"\"".len() + values.len();
            }
            None => {
                let why = attribute(html, &id, "data-play-static").unwrap();
                assert!(why.contains("this page already carries"), "{why}");
                refused += 1;
            }
        }
    }
    assert!(
        attributes > 0 && refused > 0,
        "{attributes} bytes carried, {refused} refused"
    );
    let pool_at = html.find("<div class=\"play-values\"").unwrap();
    let pool = html[pool_at..].find("</div>\n").unwrap() + "</div>\n".len();
    assert!(pool > 1000, "the values are typeset: {pool} bytes");
    assert!(
        attributes + pool <= PAGE_BUDGET.page_bytes,
        "play adds {attributes} bytes of attributes and {pool} of values"
    );
}

/// Only a page with a playable diagram loads play, as `play.js`, which names the scripts it loads
/// on the first press of *Play*; the scripts are written beside it.
#[test]
fn pages_with_a_playable_diagram_load_the_player() {
    use hackenbook_book::site::render::{render_site, PageModel, SiteModel};
    let body = [block("lr", "LR"), block("long", &"L".repeat(25))].concat();
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems: Vec<Diagnostic> = Vec::new();
    let checked = checker.check_essay(essay(&body), &mut problems);
    let playable = PageModel {
        slug: "playable".into(),
        ..build_page(&checked, &checker.ev.games, &mut problems)
    };
    let plain = PageModel {
        slug: "plain".into(),
        title: "Plain".into(),
        body_html: "<p>No diagram.</p>".into(),
        ..PageModel::default()
    };
    // A page with a move question on a board of pieces, answered by a tap beside a piece at
    // load: the pieces' script comes with the page, and play.js does not load it again.
    let answered = [
        block("pair", "LR"),
        "```exercise stalks\nLRL R\nquestion = winning move for right\nanswer = LR\n```\n".into(),
    ]
    .concat();
    let checked = checker.check_essay(essay(&answered), &mut problems);
    let answered = PageModel {
        slug: "answered".into(),
        ..build_page(&checked, &checker.ev.games, &mut problems)
    };
    // Only warnings: the blocks are named and never mentioned.
    assert!(problems.iter().all(|d| d.warning), "{problems:?}");
    let model = SiteModel {
        title: "Site".into(),
        essays: vec![playable, plain, answered],
        base_url: None,
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    let templates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../templates");
    render_site(&model, &templates, &out).unwrap();
    // A page with playable figures loads only play.js with it, which names the scripts it loads
    // on the first press of Play: the pieces' script, the boards' format, then the controls
    // (not the old edges' format).
    let play = "<script src=\"play.js\" data-load=\"pieces.js board.js player.js\" defer></script>";
    let read = |name: &str| std::fs::read_to_string(out.join(name)).unwrap();
    let page = read("playable.html");
    assert!(page.contains(play), "{page}");
    for later in ["pieces.js", "board.js", "player.js", "edges.js"] {
        assert!(
            !page.contains(&format!("<script src=\"{later}\"")),
            "{later}: {page}"
        );
    }
    assert!(read("board.js").contains("hackenbookPlay"));
    for other in ["plain.html", "index.html"] {
        assert!(!read(other).contains("play.js"), "{other}");
        assert!(!read(other).contains("board.js"), "{other}");
    }
    assert!(read("player.js").contains("data-play"));
    assert!(read("play.js").contains("data-load"));
    let page = read("answered.html");
    let (pieces, play) = (
        page.find("<script src=\"pieces.js\" defer></script>"),
        page.find("<script src=\"play.js\" data-load=\"board.js player.js\" defer></script>"),
    );
    assert!(
        matches!((pieces, play), (Some(a), Some(b)) if a < b),
        "{page}"
    );
    assert!(read("player.js").contains("data-play"));
}

/// A diagram whose game alone — its table, its values typeset and what play adds to its
/// drawing — is more than the page's budget of play says so, not that the page is full: the
/// second Domineering essay's trap (its pair, a 2x3 and a 2x2 board apart, fits since the
/// page finds the entries moves reach by itself).
#[test]
fn a_game_larger_than_the_page_s_budget_alone_says_so() {
    let body = "```domineering pair\n##..###/....#../...##..\n```\n\n";
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems: Vec<Diagnostic> = Vec::new();
    let checked = checker.check_essay(essay(body), &mut problems);
    let page = build_page(&checked, &checker.ev.games, &mut problems);
    assert!(problems.iter().all(|d| d.warning), "{problems:?}");
    let why = attribute(&page.body_html, "pair", "data-play-static").expect("not played");
    assert!(why.contains("its game alone"), "{why}");
    assert!(!why.contains("already carries"), "{why}");
}

/// The page of `body`, checked; only warnings allowed (unused names).
fn page_of(body: &str) -> String {
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems: Vec<Diagnostic> = Vec::new();
    let checked = checker.check_essay(essay(body), &mut problems);
    let html = build_page(&checked, &checker.ev.games, &mut problems).body_html;
    assert!(problems.iter().all(|d| d.warning), "{problems:?}");
    html
}

/// Issue 25 §3: lines of play that follow one another from the same start draw that start
/// once, each line's moves a row beside it; a line after some text draws its start again.
#[test]
fn lines_of_play_from_one_start_draw_it_once() {
    let line = |cut: &str| format!("```play bed\nstart = right\nright cuts {cut}\n```\n\n");
    let body = [
        block("bed", "LR LR R"),
        line("R"),
        line("LR[1]"),
        line("LR[2]"),
        "Once more, after a word:\n\n".to_string(),
        line("R"),
    ]
    .concat();
    let html = page_of(&body);
    let starts = html
        .matches("<span class=\"play-caption\">At the start</span>")
        .count();
    assert_eq!(starts, 2, "{html}");
    assert_eq!(
        html.matches("<figure class=\"line-of-play").count(),
        2,
        "{html}"
    );
    let grouped = &html[html
        .find("from-one-start")
        .expect("one figure for the three lines")..];
    let grouped = &grouped[..grouped.find("</figure>").unwrap()];
    // The start, then three rows of one move each.
    assert_eq!(
        grouped.matches("<ol class=\"play-strip\">").count(),
        4,
        "{grouped}"
    );
    assert_eq!(
        grouped.matches("<li class=\"play-step\">").count(),
        4,
        "{grouped}"
    );
    let caption = "<span class=\"play-caption\">Right cuts a red edge";
    assert_eq!(grouped.matches(caption).count(), 3, "{grouped}");
}

/// Issue 25 §3: a star is drawn at the text's size, in the maths (an ordinary symbol of class
/// `star`, never KaTeX's operator) and in a value claimed in the text; a picture named in a
/// claim is code, as names are in the text.
#[test]
fn stars_read_at_text_size_and_names_are_code() {
    let body = "Two green stalks: $\\ast 2 + \\ast$ is `{*3 = [[nim: 2] + [nim: 1]]}`. The \
                smallest forest worth up is `{GL G = smallest forests4_LRG where value = [^]}`.\n";
    let html = page_of(body);
    assert_eq!(
        html.matches("<mi class=\"ast\">∗</mi>").count(),
        2,
        "{html}"
    );
    assert!(!html.contains(">∗</mo>"), "{html}");
    assert!(
        html.contains("><span class=\"ast\">∗</span>3</a>"),
        "{html}"
    );
    assert!(html.contains("><code>GL G</code></a>"), "{html}");
}

/// Hackenbush positions as boards of the generic play table (`g2`, `board.js`): each edge an
/// item with its piece's words (`data-piece`), the figure with the verb and rule variant
/// `board.js` tells a cut with. Essays write no such board yet (their Hackenbush blocks are
/// Hackenbush's own), so the blocks are read as Domineering's and given Hackenbush's ruleset.
/// With `BOARDS_DEMO_OUT=DIR` the page is rendered into DIR as a site (`hackenbush-boards.html`)
/// for the browser test (`tests/browser/run.sh`, its `checkPieceBoards`).
#[test]
fn hackenbush_boards_carry_their_pieces_words() {
    use hackenbook_book::essay::DirectiveKind;
    use hackenbook_book::site::render::{render_site, PageModel, SiteModel};
    use hackenbook_rulesets::registry;
    let boards = [
        ("stalks", "LR LR R", "normal"),
        // Edges close together: a bush on one node, for the phone's enlargement.
        ("bush", "L(L R G L R) R", "normal"),
        ("childish", "LRL R", "childish"),
    ];
    let body: String = boards
        .iter()
        .map(|(name, position, _)| format!("```domineering {name}\n{position}\n```\n\n"))
        .collect();
    let mut read = essay(&body);
    for (directive, (_, _, rules)) in read.directives.iter_mut().zip(&boards) {
        let DirectiveKind::Position(block) = &mut directive.kind else {
            panic!("{directive:?}")
        };
        block.ruleset = Some(registry::find_rules("hackenbush", rules).unwrap());
    }
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems: Vec<Diagnostic> = Vec::new();
    let checked = checker.check_essay(read, &mut problems);
    let page = build_page(&checked, &checker.ev.games, &mut problems);
    assert!(problems.iter().all(|d| d.warning), "{problems:?}");
    let html = &page.body_html;
    for (name, position, rules) in boards {
        let text = attribute(html, name, "data-play").expect("played");
        assert!(text.starts_with("g3;"), "{name}: {text}");
        assert_eq!(attribute(html, name, "data-play-verb"), Some("cuts"));
        let variant = (rules != "normal").then_some(rules);
        assert_eq!(attribute(html, name, "data-play-variant"), variant);
        // Every edge drawn is an item with its piece's words, by its colour.
        let figure = &html[html.find(&format!("id=\"position-{name}\"")).unwrap()..];
        let figure = &figure[..figure.find("</figure>").unwrap()];
        let pieces: Vec<&str> = figure
            .split(" data-piece=\"")
            .skip(1)
            .map(|s| &s[..s.find('"').unwrap()])
            .collect();
        let colours: Vec<String> = position
            .chars()
            .filter_map(|c| match c {
                'L' => Some("blue edge".to_string()),
                'R' => Some("red edge".to_string()),
                'G' => Some("green edge".to_string()),
                _ => None,
            })
            .collect();
        let mut sorted = pieces.clone();
        sorted.sort_unstable();
        let mut expected: Vec<&str> = colours.iter().map(String::as_str).collect();
        expected.sort_unstable();
        assert_eq!(sorted, expected, "{name}");
    }
    // A board of another game has no pieces' words.
    let domineering = page_of("```domineering d\n2x2\n```\n\n");
    assert!(attribute(&domineering, "d", "data-play").is_some());
    assert!(!domineering.contains("data-piece") && !domineering.contains("data-play-verb"));
    // Rendered into a scratch folder unless the browser test asks for it.
    let scratch = tempfile::tempdir().unwrap();
    let dir = std::env::var_os("BOARDS_DEMO_OUT").map_or(scratch.path().join("site"), Into::into);
    let model = SiteModel {
        title: "Boards".into(),
        essays: vec![PageModel {
            slug: "hackenbush-boards".into(),
            ..page
        }],
        base_url: None,
    };
    let templates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../templates");
    render_site(&model, &templates, &dir).unwrap();
    // The page loads play.js, which loads the pieces' script, then the board's, then the
    // controls on the first press of Play.
    let html = std::fs::read_to_string(dir.join("hackenbush-boards.html")).unwrap();
    assert!(
        html.contains(
            "<script src=\"play.js\" data-load=\"pieces.js board.js player.js\" defer></script>"
        ),
        "{html}"
    );
    assert!(!html.contains("<script src=\"player.js\""), "{html}");
    assert!(std::fs::read_to_string(dir.join("pieces.js"))
        .unwrap()
        .contains("hackenbookPlay"));
}

/// A ```` ```hackenbush ```` block is a board like every other game's block: a `BoardOutcome`
/// whose play table is the generic g3 table, valued by Hackenbush's solver with its methods part
/// by part; under `rules = childish` its board is the childish ruleset's and the figure says so;
/// a stalk of 20,000 edges (past the generic solver's default 10,000) is valued and stays a
/// picture, saying why.
#[test]
fn hackenbush_blocks_are_boards() {
    let body = [
        block("two", "LR L(R R)"),
        "```hackenbush kid\nLRL R\nrules = childish\n```\n\n".to_string(),
        block("tall", &"L".repeat(20_000)),
    ]
    .concat();
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems: Vec<Diagnostic> = Vec::new();
    let checked = checker.check_essay(essay(&body), &mut problems);
    assert!(problems.iter().all(|d| d.warning), "{problems:?}");
    let boards: Vec<_> = checked
        .outcomes
        .iter()
        .map(|o| match o {
            Outcome::Board(b) => b,
            other => panic!("{other:?}"),
        })
        .collect();
    let games = &checker.ev.games;
    // Two parts standing apart: each part's methods, and the sum's.
    assert_eq!(games.display(boards[0].game), "3/4");
    assert_eq!(boards[0].parts.len(), 2, "{:?}", boards[0].parts);
    assert!(boards[0]
        .methods
        .contains(&hackenbook_base::provenance::Method::SumOfPieces));
    assert_eq!(boards[1].position.ruleset().variant(), Some("childish"));
    assert_eq!(games.display(boards[2].game), "20000");
    assert_eq!(
        boards[2].play.play,
        PagePlay::Static(Unplayable::TooManyEdges {
            edges: 20_000,
            limit: 24
        })
    );
    for b in &boards[..2] {
        let PagePlay::Table { text, .. } = &b.play.play else {
            panic!("{:?}", b.play.play)
        };
        assert!(text.starts_with("g3;"), "{text}");
    }
    let page = build_page(&checked, games, &mut problems);
    let html = &page.body_html;
    let figure = |id: &str| {
        let at = html.find(&format!("id=\"position-{id}\"")).unwrap();
        &html[at..at + html[at..].find("</figure>").unwrap()]
    };
    // What stands on what, the value as the title, the methods part by part, the key's link.
    let two = figure("two");
    assert!(
        two.contains("<title>A picture worth three quarters</title><desc>blue L"),
        "{two}"
    );
    assert!(!two.contains("a Hackenbush position of"), "{two}");
    assert!(two.contains("valued part by part"), "{two}");
    assert!(two.contains("How to read the picture"), "{two}");
    assert!(two.contains(" data-piece=\"blue edge\""), "{two}");
    let kid = figure("kid");
    assert!(kid.contains("(childish rules)"), "{kid}");
    assert_eq!(
        attribute(html, "kid", "data-play-variant"),
        Some("childish")
    );
    assert_eq!(
        attribute(html, "tall", "data-play-static"),
        Some("Too large to play in the page: 20000 edges (the page plays up to 24).")
    );
}
