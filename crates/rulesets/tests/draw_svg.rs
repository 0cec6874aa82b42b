//! The SVG output: well formed, accessible, one element per edge and class, escaped text,
//! deterministic ids, sensible sizes, no panics on any input.

use crate::draw_xml;

use draw_xml::{parse, Element};
use hackenbook_games::Player;
use hackenbook_rulesets::domineering::Domineering;
use hackenbook_rulesets::hackenbush::draw::{svg, svg_standing, Picture, MAX_EDGES, STYLE};
use hackenbook_rulesets::hackenbush::Colour::{self, *};
use hackenbook_rulesets::Ruleset;
use proptest::prelude::*;

fn pic(edges: &[(usize, usize, Colour)]) -> Picture {
    let n = edges.iter().map(|&(u, v, _)| u.max(v)).max().unwrap_or(0) + 1;
    Picture {
        node_count: n,
        edges: edges.to_vec(),
        coords: None,
    }
}

fn with_class<'a>(elements: &'a [Element], class: &str) -> Vec<&'a Element> {
    elements.iter().filter(|e| e.has_class(class)).collect()
}

fn count(elements: &[Element], class: &str) -> usize {
    with_class(elements, class).len()
}

fn mixed() -> Picture {
    pic(&[
        (0, 1, Blue),
        (1, 2, Red),
        (1, 2, Red),
        (2, 2, Green),
        (2, 3, Blue),
        (3, 0, Green),
        (1, 1, Red),
    ])
}

#[test]
fn one_element_per_edge_and_class() {
    let elements = parse(&svg(&mixed(), "mixed", "a graph"));
    assert_eq!(count(&elements, "hb-blue"), 2);
    assert_eq!(count(&elements, "hb-red"), 3);
    assert_eq!(count(&elements, "hb-green"), 2);
    assert_eq!(count(&elements, "hb-edge"), 7);
    // Every red edge has its white core (the double line), and only red edges do.
    assert_eq!(count(&elements, "hb-core"), 3);
    assert_eq!(count(&elements, "hb-ground"), 1);
    assert_eq!(count(&elements, "hb-node"), 3);
}

#[test]
fn every_edge_names_its_index_and_colour() {
    // `data-edge` is the contract with the page's scripts: edge N of the picture, whose colour the
    // class names; a red edge's core carries the same index.
    let picture = mixed();
    let elements = parse(&svg(&picture, "mixed", "a graph"));
    let mut seen: Vec<usize> = Vec::new();
    for e in with_class(&elements, "hb-edge") {
        let i: usize = e.attr("data-edge").expect("data-edge").parse().unwrap();
        let class = match picture.edges[i].2 {
            Blue => "hb-blue",
            Red => "hb-red",
            Green => "hb-green",
        };
        assert!(
            e.has_class(class),
            "edge {i} drawn as {:?}",
            e.attr("class")
        );
        seen.push(i);
    }
    seen.sort_unstable();
    assert_eq!(seen, (0..picture.edges.len()).collect::<Vec<_>>());
    let mut cores: Vec<&str> = with_class(&elements, "hb-core")
        .iter()
        .map(|e| e.attr("data-edge").unwrap())
        .collect();
    cores.sort_unstable();
    assert_eq!(cores, ["1", "2", "6"]);
}

#[test]
fn root_is_an_accessible_image_with_title_and_description() {
    let elements = parse(&svg(&mixed(), "A title", "A description"));
    let root = &elements[0];
    assert_eq!(root.name, "svg");
    assert_eq!(root.attr("role"), Some("img"));
    assert_eq!(
        root.attr("xmlns"),
        None,
        "inline in HTML, which gives it its namespace"
    );
    // `<title>` and `<desc>` name and describe an `<svg role="img">` by themselves: no ids.
    let title = elements.iter().find(|e| e.name == "title").expect("title");
    let desc = elements.iter().find(|e| e.name == "desc").expect("desc");
    assert!(elements.iter().all(|e| e.attr("id").is_none()));
    assert_eq!(title.text, "A title");
    assert_eq!(desc.text, "A description");
    // The title comes first, as the SVG accessibility mapping expects.
    assert_eq!(elements[1].name, "title");
}

#[test]
fn without_words_the_drawing_is_hidden_or_undescribed() {
    // No description: a title and no `<desc>`.
    let titled = parse(&svg(&mixed(), "A title", ""));
    assert_eq!(titled[0].attr("role"), Some("img"));
    assert!(titled.iter().any(|e| e.name == "title"));
    assert!(titled.iter().all(|e| e.name != "desc"));
    // No title (the words are beside it): hidden from screen readers, with neither.
    let hidden = parse(&svg(&mixed(), "", ""));
    assert_eq!(hidden[0].attr("aria-hidden"), Some("true"));
    assert_eq!(hidden[0].attr("role"), None);
    assert!(hidden.iter().all(|e| e.name != "title" && e.name != "desc"));
}

#[test]
fn title_and_description_are_escaped() {
    let nasty = r#"</title><script>alert("x")</script> & 'q' <b>"#;
    let out = svg(&mixed(), nasty, "1 < 2 && 3 > \"2\"\u{7}");
    assert!(!out.contains("<script>"));
    assert!(!out.contains("</title><"));
    let elements = parse(&out);
    assert!(elements.iter().all(|e| e.name != "script" && e.name != "b"));
    let title = elements.iter().find(|e| e.name == "title").expect("title");
    assert_eq!(title.text, nasty);
    let desc = elements.iter().find(|e| e.name == "desc").expect("desc");
    assert_eq!(desc.text, "1 < 2 && 3 > \"2\"");
}

/// The declarations for `selector` in `css`: those of every rule naming it in its selector list.
fn declarations<'a>(css: &'a str, selector: &str) -> Vec<(&'a str, &'a str)> {
    let mut found = Vec::new();
    let mut rest = css;
    while let Some(open) = rest.find('{') {
        let selectors = &rest[..open];
        let close = open + rest[open..].find('}').expect("closed rule");
        if selectors.split(',').any(|s| s.trim() == selector) {
            found.extend(
                rest[open + 1..close]
                    .split(';')
                    .filter_map(|d| d.split_once(':'))
                    .map(|(k, v)| (k.trim(), v.trim())),
            );
        }
        rest = &rest[close + 1..];
    }
    found
}

/// `css` without its comments (`/* … */`).
fn without_comments(css: &str) -> String {
    css.split("*/")
        .map(|part| part.split_once("/*").map_or(part, |(before, _)| before))
        .collect()
}

fn property<'a>(css: &'a str, selector: &str, key: &str) -> Option<&'a str> {
    declarations(css, selector)
        .into_iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v)
}

#[test]
fn styling_does_not_rely_on_hue_and_the_paint_covers_every_class() {
    // The elements carry classes only; STYLE (served at the head of the site's stylesheet)
    // paints them. Read without its comments.
    let style = without_comments(STYLE);
    let style = style.as_str();
    let elements = parse(&svg(&mixed(), "t", "d"));
    for e in with_class(&elements, "hb-edge") {
        assert!(
            e.attr("stroke").is_none() && e.attr("style").is_none(),
            "{e:?}"
        );
    }
    for class in [
        "hb-blue",
        "hb-red",
        "hb-green",
        "hb-core",
        "hb-ground",
        "hb-hatch",
    ] {
        assert!(
            property(style, &format!(".{class}"), "stroke").is_some(),
            "{class} has a stroke"
        );
        assert!(count(&elements, class) > 0, "{class} is drawn");
    }
    for class in ["hb-edge", "hb-core", "hb-hatch"] {
        assert_eq!(property(style, &format!(".{class}"), "fill"), Some("none"));
    }
    let width = |class: &str| -> f64 {
        property(style, class, "stroke-width")
            .and_then(|w| w.trim_end_matches("px").parse().ok())
            .unwrap_or_else(|| panic!("numeric width for {class}"))
    };
    // Green is dashed; blue and red are not.
    assert!(property(style, ".hb-green", "stroke-dasharray").is_some());
    assert!(property(style, ".hb-blue", "stroke-dasharray").is_none());
    assert!(property(style, ".hb-red", "stroke-dasharray").is_none());
    // Red is a wider stroke with a core the colour of the paper: a double line.
    assert!(width(".hb-red") > width(".hb-blue"));
    assert!(width(".hb-core") < width(".hb-red"));
    assert_eq!(property(style, ".hb-core", "stroke"), Some("var(--paper)"));
    assert!(property(style, ".hb-node", "fill").is_some());
}

#[test]
fn no_external_references() {
    let out = svg(&mixed(), "t", "d");
    assert!(!out.contains("href"));
    assert!(!out.contains("url("));
    assert!(!out.contains("<style"));
    assert!(!out.contains("<image"));
}

#[test]
fn output_is_deterministic() {
    let a = svg(&mixed(), "t", "d");
    assert_eq!(a, svg(&mixed(), "t", "d"));
    assert_ne!(a, svg(&pic(&[(0, 1, Blue)]), "t", "d"));
}

/// The drawn width and height, in em (the height the view box's shape at that width: no height
/// is written), and the viewBox.
fn size(out: &str) -> (f64, f64, Vec<f64>) {
    let root = parse(out).remove(0);
    let num = |k: &str| -> f64 {
        root.attr(k)
            .and_then(|v| v.strip_suffix("em")?.parse().ok())
            .expect("a size in em")
    };
    let view: Vec<f64> = root
        .attr("viewBox")
        .expect("viewBox")
        .split(' ')
        .map(|v| v.parse().expect("numeric viewBox"))
        .collect();
    assert_eq!(
        root.attr("height"),
        None,
        "no height: the view box gives it"
    );
    let width = num("width");
    (width, width * view[3] / view[2], view)
}

#[test]
fn size_follows_content_at_about_a_stalk_edge_per_1_7_em() {
    let stalk = |n: usize| -> (f64, f64, Vec<f64>) {
        let edges: Vec<_> = (0..n).map(|i| (i, i + 1, Blue)).collect();
        size(&svg(&pic(&edges), "t", "d"))
    };
    let mut heights = Vec::new();
    for n in [1usize, 4, 10] {
        let (w, h, view) = stalk(n);
        assert_eq!(view[..2], [0.0, 0.0]);
        // The viewBox has 34 units to an edge, drawn 1.7 em long: 20 units to the em.
        assert!((w - view[2] / 20.0).abs() < 0.01 && (h - view[3] / 20.0).abs() < 0.01);
        assert!(w < 5.0, "a stalk is narrow: {w}");
        heights.push(h);
    }
    let per_edge = (heights[2] - heights[0]) / 9.0;
    assert!((1.6..=2.0).contains(&per_edge), "{per_edge} em per edge");
    assert!(heights[0] < 4.0, "little padding: {}", heights[0]);
}

/// The frames of a line of play: the same size as the whole picture, only the standing edges
/// drawn, at the places they have in the whole picture.
#[test]
fn frames_keep_the_whole_layout() {
    let whole = mixed();
    let full = svg(&whole, "t", "d");
    let standing = [true, false, false, false, true, true, false];
    let frame = svg_standing(&whole, &standing, "t", "d");
    assert_eq!(size(&frame), size(&full));
    let elements = parse(&frame);
    assert_eq!(count(&elements, "hb-edge"), 3);
    assert_eq!(count(&elements, "hb-red"), 0);
    // Each drawn edge is the very element of the whole drawing.
    let all = parse(&full);
    for edge in with_class(&elements, "hb-edge") {
        let d = edge.attr("d").expect("an edge is a path");
        assert!(
            with_class(&all, "hb-edge")
                .iter()
                .any(|e| e.attr("d") == Some(d)),
            "an edge moved: {d}"
        );
    }
    // Node 2's loop and red edges are gone, but node 2 still carries the blue edge 2-3.
    assert_eq!(count(&elements, "hb-node"), 3);
    let nothing = svg_standing(&whole, &[false; 7], "t", "d");
    assert_eq!(count(&parse(&nothing), "hb-edge"), 0);
    assert_eq!(size(&nothing), size(&full));
}

#[test]
fn huge_pictures_are_capped() {
    let edges: Vec<_> = (0..MAX_EDGES + 500).map(|i| (i, i + 1, Red)).collect();
    let out = svg(&pic(&edges), "t", "d");
    let elements = parse(&out);
    assert_eq!(count(&elements, "hb-red"), MAX_EDGES);
    let (w, h, view) = size(&out);
    assert!(h <= 36.0 && w <= 48.0, "{w} x {h} em");
    assert!(view[3] > h, "the viewBox keeps the full geometry");
}

#[test]
fn degenerate_inputs_do_not_panic() {
    let cases = vec![
        Picture::default(),
        pic(&[]),
        Picture {
            node_count: 0,
            edges: vec![(0, 1, Blue)],
            coords: None,
        },
        Picture {
            node_count: usize::MAX,
            edges: vec![(0, usize::MAX - 1, Blue), (usize::MAX - 1, 3, Red)],
            coords: None,
        },
        Picture {
            node_count: 3,
            edges: vec![(0, 1, Blue), (1, 7, Red), (7, 7, Green), (0, 0, Green)],
            coords: Some(vec![]),
        },
        Picture {
            node_count: 3,
            edges: vec![(0, 1, Blue), (1, 2, Red), (2, 0, Green)],
            coords: Some(vec![(0, 0), (i32::MIN, i32::MAX), (i32::MAX, i32::MIN)]),
        },
        Picture {
            node_count: 3,
            edges: vec![(0, 1, Blue), (1, 2, Red)],
            coords: Some(vec![(0, 0), (5, 5), (5, 5)]),
        },
        // A drawing two billion edge lengths wide: must not hang (the hatching is bounded).
        Picture {
            node_count: 4,
            edges: vec![(0, 1, Blue), (1, 2, Red), (0, 3, Green)],
            coords: Some(vec![(0, 0), (0, 1), (2_000_000_000, 1), (1, 1)]),
        },
        pic(&[(1, 2, Blue), (2, 3, Red)]),
        pic(&[(0, 0, Blue), (0, 0, Red)]),
    ];
    for p in cases {
        let out = svg(&p, "t", "d");
        let elements = parse(&out);
        assert_eq!(elements[0].name, "svg");
        assert!(!out.contains("NaN") && !out.contains("inf"), "{out}");
    }
    let out = svg(
        &Picture {
            node_count: 3,
            edges: vec![(0, 1, Blue), (1, 99, Red)],
            coords: None,
        },
        "t",
        "d",
    );
    assert_eq!(
        count(&parse(&out), "hb-edge"),
        1,
        "edges to missing nodes are not drawn"
    );
}

fn colour() -> impl Strategy<Value = Colour> {
    prop_oneof![Just(Blue), Just(Red), Just(Green)]
}

proptest! {
    #[test]
    fn any_graph_gives_well_formed_svg(
        n in 1usize..9,
        edges in proptest::collection::vec((0usize..10, 0usize..10, colour()), 0..25),
    ) {
        let picture = Picture { node_count: n, edges: edges.clone(), coords: None };
        let out = svg(&picture, "t", "d");
        let elements = parse(&out);
        let drawable = edges.iter().filter(|&&(u, v, _)| u < n && v < n).count();
        prop_assert_eq!(count(&elements, "hb-edge"), drawable);
        for c in [Blue, Red, Green] {
            let want = edges.iter().filter(|&&(u, v, k)| u < n && v < n && k == c).count();
            let class = match c { Blue => "hb-blue", Red => "hb-red", Green => "hb-green" };
            prop_assert_eq!(count(&elements, class), want);
        }
        prop_assert!(!out.contains("NaN"));
        prop_assert_eq!(out, svg(&picture, "t", "d"));
    }
}

#[test]
fn large_dense_graphs_finish() {
    // A pseudo-random multigraph at the edge cap: layered layout with crossing counts.
    let mut state = 12345u64;
    let mut next = |m: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % m
    };
    let edges: Vec<_> = (0..MAX_EDGES)
        .map(|_| (next(300), next(300), [Blue, Red, Green][next(3)]))
        .collect();
    let picture = Picture {
        node_count: 300,
        edges,
        coords: None,
    };
    let started = std::time::Instant::now();
    let out = svg(&picture, "t", "d");
    assert_eq!(count(&parse(&out), "hb-edge"), MAX_EDGES);
    eprintln!("dense graph drawn in {:?}", started.elapsed());
}

/// Drawn cheaper, the same to the eye (a still board, played, answered by a click).
#[test]
fn a_still_domineering_board_leaves_out_play_and_draws_its_squares_as_one_path() {
    let board = Domineering.parse("2x3").unwrap();
    let drawing = Domineering.draw(&board);
    let still = drawing.to_svg();
    assert!(
        !still.contains("hb-domino") && !still.contains("hb-target"),
        "{still}"
    );
    assert_eq!(still.matches("hb-square").count(), 1, "{still}");
    // Each row its outline and the lines between its squares.
    assert!(
        still.contains(
            "<path class=\"hb-square\" d=\"M0 0h3v1h-3zM1 0v1M2 0v1M0 1h3v1h-3zM1 1v1M2 1v1\"/>"
        ),
        "{still}"
    );
    // The coordinates share one group; numbers without f32 noise or a leading zero.
    assert!(
        still.contains("<g class=\"hb-coordinate\"><text x=\".5\" y=\"2.6\">a</text>"),
        "{still}"
    );
    assert!(still.contains("y=\"1.68\">1</text>"), "{still}");
    // Played, every item is a group of its own and the targets are there.
    let shown = vec![true; drawing.items.len()];
    let played = drawing.to_svg_playable(1.0, None, &shown);
    assert_eq!(played.matches("<g data-item=").count(), drawing.items.len());
    assert_eq!(played.matches("hb-target").count(), 7, "{played}");
    // Answered by a click: only the targets are groups.
    let answered = drawing.to_svg_answerable(1.0, None);
    assert_eq!(answered.matches("<g data-item=").count(), 7, "{answered}");
    assert!(
        answered.contains("<g data-item=\"domino-a1-a2\">"),
        "{answered}"
    );
}

/// A domino placed in play is drawn as a domino in its player's colour (vertical Left's blue,
/// horizontal Right's red), apart from the squares the board was written with blocked (still
/// hatched); the notation writes the placed dominoes (`L`, `R`) and reads them back as the
/// same board; the value forgets them (the board is filed with the one written with `#`).
#[test]
fn a_placed_domino_is_drawn_as_a_domino_not_as_blocked_squares() {
    let start = Domineering.parse("#.../....").unwrap();
    let left = Domineering
        .find_move(&start, Player::Left, "b1-b2")
        .unwrap()
        .to;
    let both = Domineering
        .find_move(&left, Player::Right, "c1-d1")
        .unwrap()
        .to;
    let drawing = Domineering.draw(&both);
    let item = |id: &str| drawing.items.iter().find(|i| i.id == id);
    assert!(item("blocked-a2").unwrap().svg.contains("hb-blocked"));
    let vertical = item("placed-b1-b2").expect("Left's domino is drawn");
    assert!(
        vertical.svg.contains("class=\"hb-placed hb-left\""),
        "{}",
        vertical.svg
    );
    assert!(
        vertical.svg.contains("width=\"0.92\" height=\"1.92\""),
        "{}",
        vertical.svg
    );
    let horizontal = item("placed-c1-d1").expect("Right's domino is drawn");
    assert!(
        horizontal.svg.contains("class=\"hb-placed hb-right\""),
        "{}",
        horizontal.svg
    );
    assert!(
        horizontal.svg.contains("width=\"1.92\" height=\"0.92\""),
        "{}",
        horizontal.svg
    );
    for square in ["b1", "b2", "c1", "d1"] {
        // The domino fills its squares: neither a free square nor a blocked one under it.
        assert!(item(&format!("square-{square}")).is_none(), "{square}");
        assert!(item(&format!("blocked-{square}")).is_none(), "{square}");
    }
    assert_eq!(
        drawing
            .items
            .iter()
            .filter(|i| i.id.starts_with("blocked-"))
            .count(),
        1
    );
    assert!(
        drawing
            .description
            .contains("1 square blocked (a2), 2 dominoes placed"),
        "{}",
        drawing.description
    );
    // The still picture keeps them (they are not play's only), well formed.
    let still = drawing.to_svg();
    assert_eq!(still.matches("hb-placed").count(), 2, "{still}");
    let elements = parse(&still);
    assert!(elements.iter().any(|e| e.has_class("hb-left")));
    // Written and read back.
    let text = Domineering.print(&both);
    assert_eq!(text, "#L../.LRR");
    assert_eq!(Domineering.parse(&text).unwrap(), both);
    assert_eq!(
        Domineering.draw(&Domineering.parse(&text).unwrap()),
        drawing
    );
    // The same squares blocked from the start: no domino drawn, one key.
    let written = Domineering.parse("##../.###").unwrap();
    assert_ne!(written, both);
    assert!(!Domineering
        .draw(&written)
        .items
        .iter()
        .any(|i| i.id.starts_with("placed-")));
    assert_eq!(Domineering.key(&written), Domineering.key(&both));
    // The squares of a 2x2 filled by Left's two dominoes or by Right's: two drawings.
    let lefts = Domineering.draw(&Domineering.parse("LL/LL").unwrap());
    let rights = Domineering.draw(&Domineering.parse("RR/RR").unwrap());
    let count = |d: &hackenbook_rulesets::Drawing, class: &str| {
        d.items.iter().filter(|i| i.svg.contains(class)).count()
    };
    assert_eq!(
        (count(&lefts, "hb-left"), count(&lefts, "hb-right")),
        (2, 0)
    );
    assert_eq!(
        (count(&rights, "hb-left"), count(&rights, "hb-right")),
        (0, 2)
    );
}

/// Squares under dominoes that do not pair up into whole dominoes are refused, located at the
/// square that ends the odd run.
#[test]
fn placed_squares_that_are_no_whole_dominoes_are_located() {
    for (text, at) in [
        ("L./..", 0),
        ("L./L./L.", 6),
        ("RRR/...", 2),
        ("LR/LR", 1),
        (".R/.R", 1),
    ] {
        let e = Domineering.parse(text).unwrap_err();
        assert_eq!(e.span.start, at, "{text}: {e:?}");
        assert_eq!(e.span.len(), 1, "{text}: {e:?}");
    }
    assert!(Domineering.parse("LRR/L..").is_ok());
}

/// Answered by a click, a board of pieces drawn as strokes (a Hackenbush position) has every
/// piece a group with its words, whether or not a move takes it (a tap picks the nearest piece,
/// and one no move takes is refused in words); its ground and nodes stay a picture. Under the
/// childish rules the trunk of `L(L R)` is no one's move (cutting it drops the two edges above).
#[test]
fn every_piece_of_an_answered_board_is_a_group_with_its_words() {
    use hackenbook_rulesets::{registry, AnyPosition};
    let childish = registry::find_rules("hackenbush", "childish").unwrap();
    let drawing = AnyPosition::parse(childish, "L(L R)").unwrap().draw();
    let trunk = drawing.items.iter().find(|i| i.id == "edge-0").unwrap();
    assert!(trunk.moves.is_empty(), "{trunk:?}");
    let answered = drawing.to_svg_answerable(1.0, None);
    assert_eq!(answered.matches("<g data-item=").count(), 3, "{answered}");
    for group in [
        "<g data-item=\"edge-0\" data-piece=\"blue edge\">",
        "<g data-item=\"edge-1\" data-piece=\"blue edge\">",
        "<g data-item=\"edge-2\" data-piece=\"red edge\">",
    ] {
        assert!(answered.contains(group), "{group}: {answered}");
    }
}
