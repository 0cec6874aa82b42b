//! The notation reader never panics, locates its errors inside the input, and reads back what
//! the printer writes.

use hackenbook_rulesets::hackenbush::canon::Canon;
use hackenbook_rulesets::hackenbush::{Colour, Position};
use proptest::prelude::*;

use crate::random_positions;
use random_positions::{graph, ALL};

fn text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "L", "R", "G", "l", "r", "e", "g", "(", ")", " ", ";", ",", "-", "@", "a", "b", "1", "0",
        "@(1,2)", "@(-3,1)", "\n", "é", "x", "g-a", "a-b", "LR", "ÿ", "(L", "R)",
    ]);
    prop::collection::vec(pieces, 0..24).prop_map(|v| v.concat())
}

/// Whatever was accepted prints to something that reads back as the same picture: the same
/// printed text and the same canonical key. (Not always the same edge list: the shorthand of
/// `b-g-a L` is `L L`, whose edges leave the ground in the order they are written.)
fn reads_back_as_itself(p: &Position) -> Result<(), TestCaseError> {
    let text = p.notation();
    let again = Position::parse(&text).unwrap();
    prop_assert_eq!(again.notation(), text);
    prop_assert_eq!(again.edge_count(), p.edge_count());
    let mut canon = Canon::new();
    prop_assert_eq!(canon.key(&again), canon.key(p));
    Ok(())
}

#[test]
fn a_chain_through_the_ground_reads_back_as_the_same_picture() {
    let p = Position::parse("b-g-a L").unwrap();
    assert_eq!(p.notation(), "L L");
    reads_back_as_itself(&p).unwrap();
    // Not the same picture: a stalk of two edges.
    let stalk = Position::parse("LL").unwrap();
    assert!(reads_back_as_itself(&stalk).is_ok());
    let mut canon = Canon::new();
    assert_ne!(canon.key(&p), canon.key(&stalk));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_text_never_panics(s in text()) {
        match Position::parse(&s) {
            Ok(p) => reads_back_as_itself(&p)?,
            Err(e) => {
                prop_assert!(e.span.start <= e.span.end && e.span.end <= s.len());
                prop_assert!(s.is_char_boundary(e.span.start) && s.is_char_boundary(e.span.end));
                prop_assert!(!e.message.is_empty());
            }
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(s in "\\PC{0,40}") {
        let _ = Position::parse(&s);
    }

    #[test]
    fn graphs_print_and_read_back(spec in prop::collection::vec(any::<(u8, u8, u8)>(), 0..14)) {
        let p = graph(&spec, &ALL);
        let text = p.notation();
        let q = Position::parse(&text).unwrap();
        let mut canon = Canon::new();
        prop_assert_eq!(canon.key(&p), canon.key(&q), "{}", text);
        prop_assert_eq!(q.edge_count(), p.edge_count());
    }

    #[test]
    fn isomorphic_copies_share_a_key(
        spec in prop::collection::vec(any::<(u8, u8, u8)>(), 0..12),
        shuffle in any::<u64>(),
    ) {
        let p = graph(&spec, &ALL);
        // Renumber the non-ground nodes and reorder the edges.
        let n = p.node_count();
        let mut perm: Vec<usize> = (1..n).collect();
        let mut state = shuffle | 1;
        for i in (1..perm.len()).rev() {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17;
            perm.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let map = |v: usize| if v == 0 { 0 } else { perm[v - 1] };
        let mut edges: Vec<_> = p.edges().iter().map(|&(a, b, c)| (map(b), map(a), c)).collect();
        edges.reverse();
        let q = Position::from_edges(n, edges).unwrap();
        let mut canon = Canon::new();
        prop_assert_eq!(canon.key(&p), canon.key(&q));
    }
}

#[test]
fn the_design_notations() {
    let cherry = Position::parse("L(L R)").unwrap();
    assert_eq!(cherry.edge_count(), 3);
    assert_eq!(cherry.notation(), "L(L R)");
    let forest = Position::parse("LR RL").unwrap();
    assert_eq!(forest.trunks(), 2);
    assert_eq!(forest.components().len(), 2);
    let graph = Position::parse("g-a L, a-b R, b-g G").unwrap();
    assert_eq!(graph.count(Colour::Green), 1);
    assert!(!graph.is_forest());
    assert_eq!(graph.components().len(), 1);
    let cgsuite = Position::parse("l(l;rl)").unwrap();
    assert_eq!(cgsuite.notation(), "L(L RL)");
    let loops = Position::parse("g-a G, a-a G, a-a L, g-g R").unwrap();
    assert_eq!(loops.edge_count(), 4);
    assert_eq!(loops.trunks(), 2);
    let err = Position::parse("g-a L, b-c R, c-b G").unwrap_err();
    assert_eq!(&"g-a L, b-c R, c-b G"[err.span.clone()], "b-c");
    assert!(err.message.contains("ground"), "{}", err.message);
}

#[test]
fn pictures_carry_loops_parallels_and_coordinates() {
    let p = Position::parse("g-a@(0,2) L, g-a G, a-a R").unwrap();
    let pic = p.picture();
    assert_eq!(pic.node_count, 2);
    assert_eq!(
        pic.edges,
        vec![
            (0, 1, Colour::Blue),
            (0, 1, Colour::Green),
            (1, 1, Colour::Red)
        ]
    );
    assert_eq!(pic.coords, Some(vec![(0, 0), (0, 2)]));
    assert_eq!(Position::parse("LRG").unwrap().picture().coords, None);
}
