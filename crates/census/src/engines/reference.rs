//! The reference census: each forest built as a nested list and valued by its game tree.
//!
//! The one idea: do it the plain way and nothing else — a forest is a list of trees, a move
//! deletes one edge with everything above it, a value is the canonical form the games engine
//! builds from the options, memoised against the forest's written form. It is slow, general
//! (green edges, any value) and obviously right, which makes it the yardstick for the fast and
//! the composing engines in the tests and the benchmark, and the engine of a named position's
//! record (a forest of at most 16 edges under normal play, its value held to the solver's).
//! A build's censuses it does not run ([`run`] is for the tests and the benchmark): the
//! composing engine ([`crate::engines::composing`]) takes the families the fast one refuses.

use crate::families::forests::{Family, Kind};
use crate::forest::{Forest, Palette};
use crate::record::{forest_count, order_key, Facts, Groups, Readings, Record, Row};
use hackenbook_games::{GameId, Games};
use hackenbook_rulesets::hackenbush::{Colour, Tree};
use std::collections::HashMap;

/// Game-tree evaluation of plain forests, memoised by notation.
pub struct Reference<'g> {
    games: &'g mut Games,
    values: HashMap<String, GameId>,
    rules: HashMap<String, GameId>,
}

fn notation(forest: &[Tree]) -> String {
    Forest::from_trees(forest).map_or_else(|| format!("{forest:?}"), |f| f.notation())
}

/// Every way to cut one edge: the colour cut and what is left standing.
fn cuts(forest: &[Tree]) -> Vec<(Colour, Vec<Tree>)> {
    let mut out = Vec::new();
    for (i, tree) in forest.iter().enumerate() {
        let mut without = forest.to_vec();
        without.remove(i);
        out.push((tree.colour, without));
        for (colour, above) in cuts(&tree.above) {
            let mut changed = forest.to_vec();
            changed[i].above = above;
            out.push((colour, changed));
        }
    }
    out
}

impl<'g> Reference<'g> {
    pub fn new(games: &'g mut Games) -> Reference<'g> {
        Reference {
            games,
            values: HashMap::new(),
            rules: HashMap::new(),
        }
    }

    /// The canonical form of the game tree: Left cuts blue or green, Right red or green.
    pub fn value(&mut self, forest: &[Tree]) -> GameId {
        let key = notation(forest);
        if let Some(&v) = self.values.get(&key) {
            return v;
        }
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for (colour, rest) in cuts(forest) {
            let v = self.value(&rest);
            if colour != Colour::Red {
                left.push(v);
            }
            if colour != Colour::Blue {
                right.push(v);
            }
        }
        let v = self.games.from_options(&left, &right);
        self.values.insert(key, v);
        v
    }

    /// The tree rule, recursively: each tree is its trunk's edge `:` the rule's value of the
    /// forest above; a forest is the sum of its trees.
    pub fn tree_rule(&mut self, forest: &[Tree]) -> GameId {
        let key = notation(forest);
        if let Some(&v) = self.rules.get(&key) {
            return v;
        }
        let mut total = self.games.zero();
        for tree in forest {
            let above = self.tree_rule(&tree.above);
            let edge = tree.colour.edge_value(self.games);
            let t = self.games.ordinal_sum(edge, above);
            total = self.games.add(total, t);
        }
        self.rules.insert(key, total);
        total
    }

    /// Is the forest worth what its first tree is worth? (True for fewer than two trees.)
    fn first_tree_suffices(&mut self, forest: &[Tree]) -> bool {
        if forest.len() < 2 {
            return true;
        }
        self.value(forest) == self.value(&forest[..1])
    }

    /// Every property of one forest, computed the plain way; `None` for a forest of more than
    /// [`crate::forest::MAX_EDGES`] edges (a census member never has more; a named position that does gets
    /// the properties of a picture).
    pub fn record(&mut self, forest: &[Tree]) -> Option<Record> {
        let packed = Forest::from_trees(forest)?;
        let value = self.value(forest);
        let mut sum = self.games.zero();
        let mut ordinal_sum = self.games.zero();
        for tree in forest {
            let t = self.value(std::slice::from_ref(tree));
            sum = self.games.add(sum, t);
            let above = self.value(&tree.above);
            let edge = tree.colour.edge_value(self.games);
            let o = self.games.ordinal_sum(edge, above);
            ordinal_sum = self.games.add(ordinal_sum, o);
        }
        let mut spine = Vec::new();
        let mut colon = self.first_tree_suffices(forest);
        let mut node = forest.first();
        while let Some(n) = node {
            spine.push(n.colour);
            colon = colon && self.first_tree_suffices(&n.above);
            node = n.above.first();
        }
        let reading = Tree::stalk(&spine).map_or(self.games.zero(), |s| self.value(&[s]));
        let tree_rule = self.tree_rule(forest);
        // Trunks and spine counted on the nested lists, the rest on the packed forest.
        let facts = Facts {
            trunks: forest_count(forest.len()),
            spine: forest_count(spine.len()),
            colon,
            ..Facts::of_forest(packed)
        };
        let readings = Readings {
            value,
            reading,
            tree_rule,
            sum,
            ordinal_sum,
        };
        Some(Record::of_games(facts, readings, self.games))
    }
}

/// Every plane forest of `n` edges: a first tree of `k` edges (a trunk carrying a forest of
/// `k - 1`) followed by a forest of `n - k`.
pub fn forests(n: usize, palette: &Palette, memo: &mut Vec<Vec<Vec<Tree>>>) -> Vec<Vec<Tree>> {
    while memo.len() <= n {
        let m = memo.len();
        let mut level = Vec::new();
        if m == 0 {
            level.push(Vec::new());
        }
        for k in 1..=m {
            for colour in palette.colours() {
                for above in &memo[k - 1] {
                    for rest in &memo[m - k] {
                        let mut f = vec![Tree {
                            colour,
                            above: above.clone(),
                        }];
                        f.extend(rest.iter().cloned());
                        level.push(f);
                    }
                }
            }
        }
        memo.push(level);
    }
    memo[n].clone()
}

/// Runs a census the plain way: enumerate, evaluate, group.
pub fn run(family: &Family, games: &mut Games, progress: &dyn Fn(u64)) -> Vec<Row> {
    let mut reference = Reference::new(games);
    let mut memo = Vec::new();
    let mut groups = Groups::default();
    for n in family.min_edges..=family.max_edges {
        for forest in forests(n, &family.palette, &mut memo) {
            let admitted = match family.kind {
                Kind::Forests => true,
                Kind::Trees => forest.len() == 1,
                Kind::Stalks => {
                    forest.len() == 1 && Forest::from_trees(&forest).is_some_and(Forest::is_path)
                }
            };
            if !admitted {
                continue;
            }
            // A family has at most MAX_EDGES edges (checked where it is defined), so every
            // member packs.
            let (Some(record), Some(packed)) =
                (reference.record(&forest), Forest::from_trees(&forest))
            else {
                continue;
            };
            let order = order_key(n, family.palette.rank(packed));
            groups.add(record, 1, order, || packed);
            progress(1);
        }
    }
    groups.into_rows()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> String {
        let mut games = Games::new();
        let forest = Forest::parse(text).unwrap().to_trees();
        let v = Reference::new(&mut games).value(&forest);
        games.display(v)
    }

    #[test]
    fn values_from_the_design_notes() {
        assert_eq!(value("LRRL"), "3/8");
        assert_eq!(value("L(L R)"), "1");
        assert_eq!(value("R(L L)"), "-1/4");
        assert_eq!(value("LRLRR"), "9/16");
        assert_eq!(value("L(L RL)"), "3/2");
        assert_eq!(value("LG"), "1*");
        assert_eq!(value("GL"), "^*");
        assert_eq!(value("G(G G)"), "*");
    }
}
