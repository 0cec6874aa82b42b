//! An enumeration of the games born by day n of the tests' own, independent of the library's:
//! the games born by day n+1 are the canonical forms `{A | B}` for antichains A, B of the games
//! born by day n (the options of a canonical form are pairwise incomparable).

use hackenbook_games::{GameId, Games, Relation};
use std::collections::BTreeSet;

/// All antichains of `games` under `<=`, as lists of ids.
fn antichains(g: &mut Games, games: &[GameId]) -> Vec<Vec<GameId>> {
    let n = games.len();
    let mut comparable = vec![vec![false; n]; n];
    for i in 0..n {
        for j in 0..n {
            comparable[i][j] = i != j && g.compare(games[i], games[j]) != Relation::Confused;
        }
    }
    let mut out = Vec::new();
    let mut current = Vec::new();
    extend(0, &comparable, &mut current, &mut out);
    out.into_iter()
        .map(|chain| chain.into_iter().map(|i| games[i]).collect())
        .collect()
}

fn extend(
    from: usize,
    comparable: &[Vec<bool>],
    current: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    out.push(current.clone());
    for k in from..comparable.len() {
        if current.iter().all(|&i| !comparable[i][k]) {
            current.push(k);
            extend(k + 1, comparable, current, out);
            current.pop();
        }
    }
}

pub fn next_day(g: &mut Games, born: &[GameId]) -> Vec<GameId> {
    let chains = antichains(g, born);
    let mut found = BTreeSet::new();
    for left in &chains {
        for right in &chains {
            found.insert(g.from_options(left, right));
        }
    }
    found.into_iter().collect()
}
