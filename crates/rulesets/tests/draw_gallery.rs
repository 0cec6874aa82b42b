//! A gallery of drawings to look at. Every entry must render; with `HB_DRAW_GALLERY=path.html`
//! set, the gallery is also written as one HTML page (screenshot it with headless Chromium).

use hackenbook_rulesets::hackenbush::draw::{svg, Picture};
use hackenbook_rulesets::hackenbush::Colour::{self, *};

fn pic(edges: &[(usize, usize, Colour)]) -> Picture {
    let n = edges.iter().map(|&(u, v, _)| u.max(v)).max().unwrap_or(0) + 1;
    Picture {
        node_count: n,
        edges: edges.to_vec(),
        coords: None,
    }
}

fn gallery() -> Vec<(&'static str, Picture)> {
    vec![
        (
            "cherry L(L R)",
            pic(&[(0, 1, Blue), (1, 2, Blue), (1, 3, Red)]),
        ),
        (
            "stalk LRRL",
            pic(&[(0, 1, Blue), (1, 2, Red), (2, 3, Red), (3, 4, Blue)]),
        ),
        (
            "forest LR L(L R) G(L G) RL(R L G)",
            pic(&[
                (0, 1, Blue),
                (1, 2, Red),
                (0, 3, Blue),
                (3, 4, Blue),
                (3, 5, Red),
                (0, 6, Green),
                (6, 7, Blue),
                (6, 8, Green),
                (0, 9, Red),
                (9, 10, Blue),
                (10, 11, Red),
                (10, 12, Blue),
                (10, 13, Green),
            ]),
        ),
        (
            "green triangle",
            pic(&[(0, 1, Green), (1, 2, Green), (2, 0, Green)]),
        ),
        (
            "loop and parallel edges",
            pic(&[
                (0, 1, Blue),
                (1, 2, Red),
                (1, 2, Blue),
                (1, 2, Green),
                (2, 2, Green),
                (2, 3, Blue),
                (3, 0, Red),
                (1, 1, Red),
                (1, 1, Blue),
            ]),
        ),
        (
            "arch on the ground",
            pic(&[(0, 1, Blue), (0, 1, Red), (1, 2, Green)]),
        ),
        (
            "square with a diagonal and a stalk",
            pic(&[
                (0, 1, Blue),
                (0, 2, Red),
                (1, 3, Green),
                (2, 4, Green),
                (3, 4, Blue),
                (1, 4, Red),
                (4, 5, Blue),
                (5, 6, Red),
            ]),
        ),
        (
            "a wide tree",
            pic(&[
                (0, 1, Blue),
                (1, 2, Blue),
                (1, 3, Red),
                (1, 4, Green),
                (2, 5, Red),
                (2, 6, Red),
                (4, 7, Blue),
                (4, 8, Blue),
                (8, 9, Red),
                (8, 10, Red),
                (3, 11, Blue),
                (0, 12, Red),
                (12, 13, Red),
            ]),
        ),
        (
            "author coordinates: a house",
            Picture {
                node_count: 6,
                edges: vec![
                    (0, 1, Blue),
                    (0, 2, Blue),
                    (1, 2, Red),
                    (1, 3, Green),
                    (2, 3, Green),
                    (3, 4, Blue),
                    (4, 5, Red),
                ],
                coords: Some(vec![(0, 0), (0, 2), (2, 2), (1, 3), (1, 5), (1, 7)]),
            },
        ),
        ("loop on the ground", pic(&[(0, 0, Blue), (0, 1, Red)])),
        ("empty", pic(&[])),
        (
            "K4 on the ground",
            pic(&[
                (0, 1, Blue),
                (0, 2, Red),
                (0, 3, Green),
                (1, 2, Blue),
                (1, 3, Red),
                (2, 3, Green),
            ]),
        ),
        (
            "pentagon cycle",
            pic(&[
                (0, 1, Blue),
                (1, 2, Blue),
                (2, 3, Red),
                (3, 4, Red),
                (4, 0, Green),
            ]),
        ),
        (
            "long same-layer edge",
            pic(&[
                (0, 1, Blue),
                (0, 2, Blue),
                (0, 3, Blue),
                (0, 4, Red),
                (1, 4, Green),
                (2, 3, Red),
            ]),
        ),
        (
            "three loops on a stalk",
            pic(&[
                (0, 1, Blue),
                (1, 2, Red),
                (2, 2, Blue),
                (2, 2, Red),
                (2, 2, Green),
            ]),
        ),
        (
            "floating piece",
            pic(&[(0, 1, Blue), (2, 3, Red), (3, 4, Green)]),
        ),
    ]
}

#[test]
fn gallery_renders() {
    let grey = std::env::var("HB_DRAW_GREY").is_ok_and(|v| v == "1");
    let mut html = format!(
        "<!doctype html><meta charset=utf-8><body style=\"font-family:sans-serif;background:#fff{}\">\
         <div style=\"display:flex;flex-wrap:wrap;gap:18px;align-items:flex-end\">\n",
        if grey { ";filter:grayscale(1)" } else { "" }
    );
    for (name, picture) in gallery() {
        let drawing = svg(&picture, name, &format!("Hackenbush position: {name}"));
        assert!(drawing.starts_with("<svg"), "{name}");
        html.push_str(&format!(
            "<figure style=\"margin:0;border:1px solid #ddd\">{drawing}<figcaption style=\"font-size:11px\">{name}</figcaption></figure>\n"
        ));
    }
    html.push_str("</div></body>\n");
    if let Ok(path) = std::env::var("HB_DRAW_GALLERY") {
        std::fs::write(path, html).expect("gallery file is writable");
    }
}
