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

/// What the page works out is not written: on `LRRL` and a green stalk under the normal rules,
/// the ground is shown in every entry and each node exactly when an edge touching it is; every
/// standing edge is a move for each player who may cut it, and the entry each cut reaches is
/// found by the page. Under the childish rules a cut that would drop edges is no move, so a bit
/// says whether each edge is.
#[test]
fn hackenbush_tables_write_only_what_the_page_cannot_work_out() {
    let (t, _, _) = table(&NORMAL, "LRRL GGGG LRRL");
    let page = encode(&t).unwrap();
    let fields: Vec<&str> = page.text.split(';').collect();
    let ids: Vec<&str> = page.drawing.items.iter().map(|i| i.id.as_str()).collect();
    let ground = ids.iter().position(|&id| id == "ground").unwrap();
    let fixed: Vec<&str> = fields[2].split(',').collect();
    assert!(fixed.contains(&base36(ground).as_str()), "{}", fields[2]);
    for (k, id) in ids.iter().enumerate() {
        if id.starts_with("node-") {
            let spec = fixed
                .iter()
                .find(|s| s.split('=').next() == Some(&base36(k)));
            assert!(spec.is_some_and(|s| s.contains('=')), "{id}: {}", fields[2]);
        }
    }
    for slot in fields[4].split(',') {
        let movers = slot.split(':').nth(1).unwrap();
        assert!(["L", "R", "LR"].contains(&movers), "{slot}");
        assert!(
            !slot.contains(['<', '>']),
            "found by the page and adding nothing: {slot}"
        );
    }
    let (t, _, _) = table(&CHILDISH, "LRRL");
    let page = encode(&t).unwrap();
    let slots = page.text.split(';').nth(4).unwrap().to_string();
    assert!(slots.split(',').any(|s| s.contains(":l:")), "{slots}");
}
