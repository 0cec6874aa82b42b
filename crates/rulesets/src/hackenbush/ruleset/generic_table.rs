//! The generic play table (`crate::play`) on Hackenbush positions: read back as the page reads
//! it, and writing only what the page cannot work out. Here rather than in `play`'s own tests,
//! since `play` must not use `hackenbush`.

use super::{CHILDISH, NORMAL};
use crate::play::compact::encode;
use crate::play::tests::{assert_page_reads_back, base36, table};

/// Stalks, trees, a cycle, a loop and greens, under both rules.
#[test]
fn the_compact_table_reads_back_as_the_table() {
    for (ruleset, text) in [
        (&NORMAL, "LR"),
        (&NORMAL, "L(L RL) RG G"),
        (&NORMAL, "g-a L, a-b R, b-g G, a-a R, b-c L"),
        (&CHILDISH, "LRG L(GR)"),
        (&CHILDISH, "g-a G, a-b G, b-g G"),
    ] {
        assert_page_reads_back(ruleset, text);
    }
}

/// What the page works out is not written: on `LRRL`, a green stalk and `LRRL` under the normal
/// rules, each node is shown exactly when the edge under it is, and the ground and its hatching
/// in every entry; every standing edge is a move for each player
/// who may cut it, named by its words ("the blue edge LR"), and the entry each cut reaches is found
/// by the page: the slots are one letter an edge, its colour's. Under the childish rules a cut
/// that would drop edges is no move, so a bit says whether each edge but the top one is (one
/// bit for both players on a green edge).
#[test]
fn hackenbush_tables_write_only_what_the_page_cannot_work_out() {
    let (t, _, _) = table(&NORMAL, "LRRL GGGG LRRL");
    let page = encode(&t).unwrap();
    let fields: Vec<&str> = page.text.split(';').collect();
    let ids: Vec<&str> = page.drawing.items.iter().map(|i| i.id.as_str()).collect();
    // The hatching and the ground in every entry; each node with the edge under it, in a run.
    let at = |id: &str| base36(ids.iter().position(|&x| x == id).unwrap());
    let first_node = ids.iter().position(|x| x.starts_with("node-")).unwrap();
    assert!(
        ids[first_node..].iter().all(|x| x.starts_with("node-")),
        "{ids:?}"
    );
    let run = format!("{}={}*{}", base36(first_node), at("edge-0"), base36(12));
    assert_eq!(
        fields[1],
        format!("{},{},{run}", at("hatching"), at("ground"))
    );
    assert_eq!(fields[3], "LRRLBBBBLRRL");
    let (t, _, _) = table(&CHILDISH, "LRRL");
    let page = encode(&t).unwrap();
    assert_eq!(page.text.split(';').nth(3).unwrap(), "lrrL");
    // A green edge is cut by both players or by neither: one bit says which (`b`).
    let (t, _, _) = table(&CHILDISH, "GG");
    let page = encode(&t).unwrap();
    assert_eq!(page.text.split(';').nth(3).unwrap(), "bB");
}

/// The essays' Hackenbush blocks: (essay, name, position, childish).
fn essay_blocks() -> Vec<(String, String, String, bool)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../essays");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut lines = text.lines();
        while let Some(l) = lines.next() {
            let Some(name) = l.strip_prefix("```hackenbush") else {
                continue;
            };
            let mut pos = Vec::new();
            let mut childish = false;
            let mut header = true;
            for l in lines.by_ref() {
                if l.starts_with("```") {
                    break;
                }
                if l.contains(" = ") || l.trim().is_empty() {
                    header = false;
                }
                if l.replace(' ', "") == "rules=childish" {
                    childish = true;
                }
                if header {
                    pos.push(l.trim());
                }
            }
            out.push((
                f.file_stem().unwrap().to_string_lossy().into_owned(),
                name.trim().to_string(),
                pos.join(" "),
                childish,
            ));
        }
    }
    out
}

/// The essays' Hackenbush tables in the generic form (`g3`) against Hackenbush's own (`v1`),
/// each printed (`cargo test -p hackenbook-rulesets --lib generic_table -- --nocapture`): in all
/// no larger, over the tables a page carries (a table over a diagram's 24,000 bytes stays a
/// picture). The generic form before `g3` (`g2`) was 10,874 bytes against 8,533.
#[test]
fn hackenbush_tables_in_the_generic_form_are_no_larger_than_their_own() {
    use crate::erased::{AnyPosition, DynRuleset, Solvers};
    use crate::hackenbush::play::{compact as v1, PlayLimits, PlayTable as V1Table};
    use crate::hackenbush::{Position, Rules};
    use crate::play::{PlayLimits as Limits, PlayTable};
    use hackenbook_games::Games;
    let (mut own, mut generic, mut tables) = (0, 0, 0);
    for (essay, name, pos, childish) in essay_blocks() {
        let p = Position::parse(&pos).unwrap();
        let rules = if childish {
            Rules::Childish
        } else {
            Rules::Normal
        };
        let (mut own_games, mut own_solvers) = (Games::new(), Solvers::default());
        let limits = PlayLimits {
            edges: 24,
            positions: 20_000,
        };
        let solver = own_solvers.hackenbush();
        let Ok(t) = V1Table::build(&p, rules, &limits, solver, &mut own_games) else {
            continue;
        };
        let a = v1::encode(&t).unwrap();
        if a.len() > 24_000 {
            continue;
        }
        let ruleset: &'static dyn DynRuleset = if childish { &CHILDISH } else { &NORMAL };
        let (mut games, mut solvers) = (Games::new(), Solvers::default());
        let any = AnyPosition::parse(ruleset, &pos).unwrap();
        let limits = Limits { positions: 20_000 };
        let g = PlayTable::build(&any, &limits, &mut solvers, &mut games).unwrap();
        let b = encode(&g).unwrap().text;
        println!(
            "{essay} {name}: {} entries, v1 {}, g3 {}",
            t.positions.len(),
            a.len(),
            b.len()
        );
        (own, generic, tables) = (own + a.len(), generic + b.len(), tables + 1);
    }
    println!("{tables} tables: v1 {own}, g3 {generic}");
    assert!(tables > 90, "{tables}");
    assert!(generic <= own, "g3 {generic} bytes, v1 {own}");
}
