//! The investigate page's solver (`src/site/scripts/investigate.js`, run under node) against the
//! Rust solver, on every forest of up to seven edges: every blue-red forest and every green one
//! (each up to isomorphism), and every forest of the three colours up to five edges. The page
//! must give the value `hackenbook eval` gives, write a notation that reads back as a position
//! of that same value, and, for a picture it does not value, say so rather than guess.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

use hackenbook_census::forest::{shapes, Forest};
use hackenbook_games::Games;
use hackenbook_rulesets::hackenbush::{Colour, Position, Rules, Solver, Tree};

const SCRIPT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/site/scripts/investigate.js"
);

/// Reads one notation a line and prints, a line each, the page's value (or `beyond`) and the
/// notation the page writes for the picture it drew from it.
const HARNESS: &str = r#"
const solver = require(process.argv[1]);
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean);
const out = lines.map((text) => {
  const read = solver.parse(text);
  if (read.error) return "error\t" + read.error;
  const r = solver.investigate(read.nodes, read.edges);
  return (r.value.beyond ? "beyond" : solver.show(r.value)) + "\t" + r.notation;
});
process.stdout.write(out.join("\n") + "\n");
"#;

/// A tree's text with its branches in a fixed order, so isomorphic forests print alike.
fn canonical(trees: &[Tree]) -> (String, Vec<Tree>) {
    let mut keyed: Vec<(String, Tree)> = trees
        .iter()
        .map(|t| {
            let (above, sorted) = canonical(&t.above);
            let tree = Tree {
                colour: t.colour,
                above: sorted,
            };
            (format!("{:?}[{above}]", t.colour), tree)
        })
        .collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    let text = keyed
        .iter()
        .map(|(k, _)| k.as_str())
        .collect::<Vec<_>>()
        .join(",");
    (text, keyed.into_iter().map(|(_, t)| t).collect())
}

/// Every forest of 1 to `max` edges whose colours come from `palette` (2-bit codes: 0 blue,
/// 1 red, 2 green), one notation per isomorphism class.
fn forests(max: usize, palette: &[u32]) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for n in 1..=max {
        for shape in shapes(n) {
            let mut digits = vec![0usize; n];
            loop {
                let colours = digits
                    .iter()
                    .enumerate()
                    .fold(0u32, |bits, (i, &d)| bits | palette[d] << (2 * i));
                let forest = Forest::from_parts(shape, colours, n);
                let (key, trees) = canonical(&forest.to_trees());
                if seen.insert(key) {
                    out.push(Forest::from_trees(&trees).expect("small").notation());
                }
                // The next colouring, as a number in base palette.len().
                let Some(i) = digits.iter().position(|&d| d + 1 < palette.len()) else {
                    break;
                };
                digits[i] += 1;
                digits[..i].iter_mut().for_each(|d| *d = 0);
            }
        }
    }
    out
}

/// What `harness` (run by node with the page's solver as its argument) prints for `input` on
/// its standard input; node exiting with a failure fails the test with its error output.
fn run_node(harness: &str, input: String) -> Vec<u8> {
    let mut child = Command::new("node")
        .args(["-e", harness, SCRIPT])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs the page's solver: install Node.js (any version with BigInt)");
    let mut stdin = child.stdin.take().expect("stdin");
    // Written from a thread: node's output is read while its input is still being written.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("node's output");
    writer.join().expect("writer").expect("written");
    assert!(
        output.status.success(),
        "node failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// The page's answers for `notations`, one (value, notation) pair each.
fn page_answers(notations: &[String]) -> Vec<(String, String)> {
    let text = String::from_utf8(run_node(HARNESS, notations.join("\n") + "\n")).expect("UTF-8");
    let answers: Vec<(String, String)> = text
        .lines()
        .map(|l| {
            let (v, n) = l.split_once('\t').expect("value and notation");
            (v.to_string(), n.to_string())
        })
        .collect();
    assert_eq!(answers.len(), notations.len(), "one answer a forest");
    answers
}

struct Rust {
    solver: Solver,
    games: Games,
}

impl Rust {
    fn value(&mut self, notation: &str) -> String {
        let position = Position::parse(notation)
            .unwrap_or_else(|e| panic!("`{notation}` does not read: {}", e.message));
        let value = self
            .solver
            .evaluate(&position, Rules::Normal, &mut self.games)
            .unwrap_or_else(|e| panic!("`{notation}`: {e}"))
            .value;
        self.games.display(value)
    }
}

/// Compares the page with Rust on `notations`; returns how many the page valued.
fn compare(notations: &[String], all_valued: bool) -> usize {
    let mut rust = Rust {
        solver: Solver::new(),
        games: Games::new(),
    };
    let mut valued = 0;
    for (notation, (page, written)) in notations.iter().zip(page_answers(notations)) {
        let expected = rust.value(notation);
        if page == "beyond" {
            assert!(!all_valued, "`{notation}`: the page does not value it");
            // Beyond the page only when a tree mixes green with blue or red.
            let position = Position::parse(notation).unwrap();
            let trees = position.to_forest().expect("a forest");
            assert!(
                trees.iter().any(|t| {
                    let mut seen = BTreeSet::new();
                    colours(t, &mut seen);
                    seen.contains(&0) && seen.len() > 1
                }),
                "`{notation}`: the page gave up on a forest of blue-red and green trees"
            );
        } else {
            assert_eq!(
                page, expected,
                "`{notation}`: the page says {page}, Rust {expected}"
            );
            valued += 1;
        }
        assert_eq!(
            rust.value(&written),
            expected,
            "`{notation}`: the page writes it `{written}`, of another value"
        );
    }
    valued
}

/// Each colour of a tree, 0 for green and 1 for blue or red.
fn colours(tree: &Tree, seen: &mut BTreeSet<u8>) {
    seen.insert(u8::from(tree.colour != Colour::Green));
    tree.above.iter().for_each(|t| colours(t, seen));
}

#[test]
fn every_blue_red_forest_of_up_to_seven_edges_is_valued_as_rust_values_it() {
    let notations = forests(7, &[0, 1]);
    // Isomorphism classes of rooted forests of 1..7 edges, two colours: 2, 7, 26, 107, 458,
    // 2058, 9498 (OEIS A000151 shifted: rooted trees with two-coloured edges).
    assert_eq!(notations.len(), 2 + 7 + 26 + 107 + 458 + 2058 + 9498);
    assert_eq!(compare(&notations, true), notations.len());
}

#[test]
fn every_green_forest_of_up_to_seven_edges_is_valued_as_rust_values_it() {
    let notations = forests(7, &[2]);
    // Rooted forests of 1..7 edges (rooted trees of 2..8 nodes, OEIS A000081).
    assert_eq!(notations.len(), 1 + 2 + 4 + 9 + 20 + 48 + 115);
    assert_eq!(compare(&notations, true), notations.len());
}

#[test]
fn forests_of_three_colours_are_valued_or_named_beyond() {
    let notations = forests(5, &[0, 1, 2]);
    let valued = compare(&notations, false);
    // Some forests mix green and blue-red in one tree (beyond), others only across trees.
    assert!(
        valued > 0 && valued < notations.len(),
        "{valued} of {}",
        notations.len()
    );
}

/// Reads a JSON list of texts typed in the notation box and prints, as JSON, for each either
/// `{ "error": words }` or `{ "value": …, "notation": … }`: what the page shows for it.
const BOX_HARNESS: &str = r#"
const solver = require(process.argv[1]);
const texts = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = texts.map((text) => {
  const read = solver.parse(text);
  if (read.error) return { error: read.error };
  const r = solver.investigate(read.nodes, read.edges);
  return { value: r.value.beyond ? "beyond" : solver.show(r.value), notation: r.notation };
});
process.stdout.write(JSON.stringify(out));
"#;

/// The notation box given hostile text: huge, nested deeper than any stack, CRLF line endings,
/// non-ASCII, empty. Each gets words (or, for CRLF, the same picture as with plain line breaks),
/// never a hang or a stack overflow: node exits cleanly with one answer per text.
#[test]
fn the_notation_box_answers_hostile_text_in_words() {
    let texts = vec![
        "L".repeat(1_000_000),
        "L(".repeat(200_000),
        "(".repeat(500_000),
        format!("L{}{}", "(L".repeat(20), ")".repeat(20)),
        "L(L R)\r\nRL\r\n".to_string(),
        "L(L R)\nRL\n".to_string(),
        "L(é)".to_string(),
        ")".repeat(100_000),
        String::new(),
    ];
    let json = serde_json::to_string(&texts).unwrap();
    let answers: Vec<serde_json::Value> =
        serde_json::from_slice(&run_node(BOX_HARNESS, json)).unwrap();
    assert_eq!(answers.len(), texts.len());
    let error = |i: usize| {
        answers[i]["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{}", answers[i]))
    };
    assert!(error(0).contains("at most 30 edges"), "{}", error(0));
    assert!(error(1).contains("at most 30 edges"), "{}", error(1));
    assert!(
        error(2).contains("must stand on a run of edges"),
        "{}",
        error(2)
    );
    // Groups nested twenty deep, one blue edge in each: a stalk of 21 blue edges.
    assert_eq!(answers[3]["value"], "21", "{}", answers[3]);
    // CRLF reads as plain line breaks: the same picture, the same value.
    assert_eq!(answers[4], answers[5]);
    assert!(answers[4]["value"].is_string(), "{}", answers[4]);
    assert!(
        error(6).contains("Unexpected \u{201c}é\u{201d}"),
        "{}",
        error(6)
    );
    assert!(error(7).contains("has no ( before it"), "{}", error(7));
    // Nothing typed: the empty picture, worth 0.
    assert_eq!(answers[8]["value"], "0", "{}", answers[8]);
}
