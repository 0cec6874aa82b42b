//! How a computed figure was obtained: one name for each way the build computes something.
//!
//! The one idea: a ✓ means that a figure was computed and compared with the prose by a method
//! that does not assume what is claimed, so every figure carries the method that produced it.
//! Two figures produced by the same method, or a figure and the theorem that produced it, are
//! not independent: comparing them checks nothing, and the census refuses such a comparison
//! (the census module). The notebook tells the reader, in [`Method::words`], how each side of a
//! claim was computed.

use std::fmt;

/// A way of computing a value or a count. Serialised (in the cache of slow values, in
/// `claims --json`) as its [`Method::name`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Method {
    /// The definition: the canonical form of the options, each option valued the same way
    /// (dominated options deleted, reversible ones bypassed).
    #[serde(rename = "game tree")]
    GameTree,
    /// The game tree of a blue-red position, by the simplicity rule: each option checked to be
    /// a number and the best Left option below the best Right one, then the simplest number
    /// between them.
    #[serde(rename = "simplicity rule")]
    SimplicityRule,
    /// The game tree, with every sub-position a fast path covers valued by that fast path.
    #[serde(rename = "game tree with fast paths")]
    GameTreeWithFastPaths,
    /// The solver's search for the number a blue-red position is worth.
    #[serde(rename = "number search")]
    NumberSearch,
    /// Berlekamp's sign expansion of a blue-red stalk.
    #[serde(rename = "sign expansion")]
    SignExpansion,
    /// The tree rule on sign expansions: each blue-red trunk `±1 :` the rule's value of what it
    /// carries, all the way up, the trees summed.
    #[serde(rename = "tree rule")]
    TreeRule,
    /// The colon principle for green forests: each tree folded into a nim heap, the heaps
    /// added by the nim-sum.
    #[serde(rename = "colon principle")]
    ColonPrinciple,
    /// The fusion principle for green pictures with cycles.
    #[serde(rename = "fusion principle")]
    FusionPrinciple,
    /// The tree rule on canonical forms: each trunk (`1`, `-1` or `*`) `:` the ordinal sums of
    /// what it carries, all the way up, the trees summed (the colon principle at every node);
    /// where a number stands on a blue or red trunk, that ordinal sum is taken by sign
    /// expansions.
    #[serde(rename = "ordinal sums")]
    OrdinalSums,
    /// One ordinal sum per tree: its trunk `:` the game-tree value of what the trunk carries
    /// (the colon principle at the ground only), the trees summed. Taken on canonical forms,
    /// or by sign expansions where the trunk is blue or red and the value a number (the fast
    /// engine holds each of those against the construction on canonical forms).
    #[serde(rename = "ordinal sum")]
    OrdinalSum,
    /// The game-tree values of separate trees or pieces, added.
    #[serde(rename = "sum of pieces")]
    SumOfPieces,
    /// The value of the leftmost path read as a stalk, by the game tree.
    #[serde(rename = "game tree of the reading")]
    GameTreeOfReading,
    /// Counted off the position (edges, colours, trunks, path lengths, cycles).
    #[serde(rename = "counted")]
    Counted,
    /// Counted over every member of a census, enumerated without repeats or omissions (the
    /// total held against a closed form where there is one).
    #[serde(rename = "enumeration")]
    Enumeration,
    /// Counted by value without building a member: the value distribution of each size from
    /// those of fewer edges (a tree's by the tree rule from the forests one size down, a
    /// forest's by adding its first tree's to the rest's), the total of each size held against
    /// a closed form.
    #[serde(rename = "counting by value")]
    CountingByValue,
    /// The solver: its fast paths where their hypotheses hold, else the game tree (with the
    /// fast paths on smaller positions) or the number search, cross-checked by the plain game
    /// tree on pieces small enough.
    #[serde(rename = "solver")]
    Solver,
    /// A position's value built from its options' values in a play table.
    #[serde(rename = "play table")]
    PlayTable,
    /// Read back from a cache written by an earlier run.
    #[serde(rename = "cache")]
    Cache,
    /// Merged from the rows of separate shards.
    #[serde(rename = "shards")]
    Shards,
}

impl Method {
    /// Every method, for tests and listings.
    pub const ALL: [Method; 19] = [
        Method::GameTree,
        Method::SimplicityRule,
        Method::GameTreeWithFastPaths,
        Method::NumberSearch,
        Method::SignExpansion,
        Method::TreeRule,
        Method::ColonPrinciple,
        Method::FusionPrinciple,
        Method::OrdinalSums,
        Method::OrdinalSum,
        Method::SumOfPieces,
        Method::GameTreeOfReading,
        Method::Counted,
        Method::Enumeration,
        Method::CountingByValue,
        Method::Solver,
        Method::PlayTable,
        Method::Cache,
        Method::Shards,
    ];

    /// The short name: `game tree`, `colon principle` (what error messages and `--json` say).
    pub fn name(self) -> &'static str {
        match self {
            Method::GameTree => "game tree",
            Method::SimplicityRule => "simplicity rule",
            Method::GameTreeWithFastPaths => "game tree with fast paths",
            Method::NumberSearch => "number search",
            Method::SignExpansion => "sign expansion",
            Method::TreeRule => "tree rule",
            Method::ColonPrinciple => "colon principle",
            Method::FusionPrinciple => "fusion principle",
            Method::OrdinalSums => "ordinal sums",
            Method::OrdinalSum => "ordinal sum",
            Method::SumOfPieces => "sum of pieces",
            Method::GameTreeOfReading => "game tree of the reading",
            Method::Counted => "counted",
            Method::Enumeration => "enumeration",
            Method::CountingByValue => "counting by value",
            Method::Solver => "solver",
            Method::PlayTable => "play table",
            Method::Cache => "cache",
            Method::Shards => "shards",
        }
    }

    /// How a reader is told it: "by the game tree", "by the colon principle".
    pub fn words(self) -> &'static str {
        match self {
            Method::GameTree => "by the game tree",
            Method::SimplicityRule => "by the game tree (the simplicity rule on checked options)",
            Method::GameTreeWithFastPaths => "by the game tree, with fast paths below it",
            Method::NumberSearch => "by a search for the number it is worth",
            Method::SignExpansion => "by the sign expansion",
            Method::TreeRule => "by the tree rule on sign expansions",
            Method::ColonPrinciple => "by the colon principle",
            Method::FusionPrinciple => "by the fusion principle",
            Method::OrdinalSums => "by ordinal sums all the way up (the tree rule)",
            Method::OrdinalSum => {
                "by one ordinal sum per tree, over the game-tree value of what its trunk carries"
            }
            Method::SumOfPieces => "by adding the values of the parts standing apart",
            Method::GameTreeOfReading => "by the game tree of the leftmost path read as a stalk",
            Method::Counted => "read off the picture",
            Method::Enumeration => "every member counted",
            Method::CountingByValue => {
                "counted by value without building the members: the values of each size from those of fewer edges (a tree's by the tree rule from the forests one edge smaller, a forest's by adding its first tree's to the rest's)"
            }
            Method::Solver => "by the solver",
            Method::PlayTable => "by the play table, from the values of the options",
            Method::Cache => "in an earlier build (read back from its cache)",
            Method::Shards => "merged from shards computed separately",
        }
    }

    /// Whether the method is the game tree itself (with no theorem but the simplicity rule on
    /// checked options, which is the game tree of a number).
    pub fn is_game_tree(self) -> bool {
        matches!(self, Method::GameTree | Method::SimplicityRule)
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a value was found, in a reader's words, from the methods that found it: "by the sign
/// expansion and by the game tree, which agree". The sum of separate parts and a cache are
/// said after the methods, not as methods that agree.
pub fn words(methods: &[Method]) -> String {
    let mut seen: Vec<Method> = Vec::new();
    for &m in methods {
        if !seen.contains(&m) && !matches!(m, Method::Cache | Method::SumOfPieces) {
            seen.push(m);
        }
    }
    let words: Vec<&str> = seen.iter().map(|m| m.words()).collect();
    let mut out = match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}, which agree", rest.join(", ")),
    };
    if methods.contains(&Method::SumOfPieces) {
        out.push_str(if out.is_empty() { "" } else { ", " });
        out.push_str("part by part, the values of the parts standing apart added");
    }
    if methods.contains(&Method::Cache) {
        out.push_str(if out.is_empty() { "" } else { ", " });
        out.push_str(Method::Cache.words());
    }
    out
}

/// How a value was found, in a reader's words, given the methods of each part when there are
/// several (the parts of a Hackenbush evaluation): the methods that ran on one part agree
/// on it, and parts valued the same way are said together ("part by part, the values of the
/// parts standing apart added: one part by the colon principle; two parts by the sign
/// expansion and by the game tree, which agree"). With one part, [`words`].
pub fn words_by_part(methods: &[Method], parts: &[Vec<Method>]) -> String {
    if parts.len() < 2 {
        return words(methods);
    }
    let mut groups: Vec<(&[Method], usize)> = Vec::new();
    for part in parts {
        match groups.iter_mut().find(|(g, _)| *g == part.as_slice()) {
            Some((_, n)) => *n += 1,
            None => groups.push((part, 1)),
        }
    }
    let mut out = String::from("part by part, the values of the parts standing apart added");
    match groups.as_slice() {
        [(only, _)] => {
            out.push_str(", each ");
            out.push_str(&words(only));
        }
        _ => {
            let said: Vec<String> = groups
                .iter()
                .map(|(part, n)| {
                    let parts = if *n == 1 { "part" } else { "parts" };
                    format!("{} {parts} {}", count_word(*n), words(part))
                })
                .collect();
            out.push_str(": ");
            out.push_str(&said.join("; "));
        }
    }
    if methods.contains(&Method::Cache) {
        out.push_str(", ");
        out.push_str(Method::Cache.words());
    }
    out
}

/// `1` → "one", up to ten in words, then digits.
fn count_word(n: usize) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names are distinct (they are how the cache of slow values stores a method), serde writes
    /// the name, and reads it back.
    #[test]
    fn names_are_distinct_and_serialised_as_written() {
        for (i, m) in Method::ALL.iter().enumerate() {
            assert!(
                !Method::ALL[..i].iter().any(|o| o.name() == m.name()),
                "{m:?}"
            );
            let json = serde_json::to_string(m).unwrap();
            assert_eq!(json, format!("\"{}\"", m.name()));
            assert_eq!(serde_json::from_str::<Method>(&json).unwrap(), *m);
            assert_eq!(m.to_string(), m.name());
        }
    }

    #[test]
    fn words_name_each_method_once() {
        assert_eq!(
            words(&[
                Method::ColonPrinciple,
                Method::GameTree,
                Method::ColonPrinciple
            ]),
            "by the colon principle and by the game tree, which agree"
        );
        assert_eq!(
            words(&[Method::SignExpansion, Method::TreeRule, Method::GameTree]),
            "by the sign expansion, by the tree rule on sign expansions and by the game tree, which agree"
        );
        assert_eq!(
            words(&[Method::GameTree, Method::SumOfPieces]),
            "by the game tree, part by part, the values of the parts standing apart added"
        );
        assert_eq!(
            words(&[Method::Cache, Method::NumberSearch]),
            "by a search for the number it is worth, in an earlier build (read back from its cache)"
        );
        assert_eq!(words(&[Method::ColonPrinciple]), "by the colon principle");
        assert_eq!(words(&[]), "");
    }

    /// Methods of different parts are not said to agree: each part's methods are said of it.
    #[test]
    fn words_by_part_say_which_methods_valued_which_parts() {
        use Method::*;
        let all = [ColonPrinciple, SignExpansion, GameTree, SumOfPieces];
        assert_eq!(
            words_by_part(
                &all,
                &[
                    vec![ColonPrinciple],
                    vec![SignExpansion, GameTree],
                    vec![SignExpansion, GameTree]
                ]
            ),
            "part by part, the values of the parts standing apart added: one part by the colon \
             principle; two parts by the sign expansion and by the game tree, which agree"
        );
        assert_eq!(
            words_by_part(
                &[SignExpansion, GameTree, SumOfPieces],
                &[vec![SignExpansion, GameTree], vec![SignExpansion, GameTree]]
            ),
            "part by part, the values of the parts standing apart added, each by the sign \
             expansion and by the game tree, which agree"
        );
        assert_eq!(
            words_by_part(
                &[Cache, NumberSearch, SumOfPieces],
                &vec![vec![NumberSearch]; 2]
            ),
            "part by part, the values of the parts standing apart added, each by a search for \
             the number it is worth, in an earlier build (read back from its cache)"
        );
        assert_eq!(
            words_by_part(&[TreeRule, GameTree], &[]),
            "by the tree rule on sign expansions and by the game tree, which agree"
        );
    }
}
