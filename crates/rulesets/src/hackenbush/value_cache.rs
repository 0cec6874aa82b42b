//! Values of slow positions kept on disk, beside the census cache.
//!
//! The one idea: a position's value is a pure function of the position, its rules and the
//! solver's code, so a position the solver took more than [`SLOW`] to value is stored under the
//! SHA-256 of those three and read back by the next check (the next build, the next save under
//! `serve`, every copy of an essay under test) instead of searched again. Any change to the
//! position, its rules or the code that computes (its fingerprint, [`hackenbook_base::trust::CODE`])
//! misses the cache: there is no version to bump by hand and no list of sources to keep. A
//! stored value is believed only under the seal of the user's key ([`hackenbook_base::trust`]): one
//! edited or copied from elsewhere is searched again. Only numbers are kept — the slow
//! positions are blue-red pictures that the number search values; anything else is valued
//! afresh every time. A cache that cannot be read or written only costs time.

use super::evaluation::Evaluation;
use super::{Position, Rules};
use hackenbook_base::files;
use hackenbook_base::provenance::Method;
use hackenbook_base::trust::{self, hex, Key};
use hackenbook_games::{GameId, Games};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// What a stored value is sealed as.
const KIND: &str = "slow value";

/// A position valued in less time than this is not stored: the same threshold as other
/// games' confirmed values, whose cache is this one's neighbour.
pub use crate::kept_values::SLOW;

/// One stored value: the key it answers (checked on reading, so a file renamed or damaged is
/// ignored), the number, and the methods that valued it.
#[derive(Serialize, Deserialize)]
struct Stored {
    key: String,
    value: String,
    methods: Vec<Method>,
    /// The methods of each part, when there are several.
    #[serde(default)]
    parts: Vec<Vec<Method>>,
}

/// `position rules=… code=…`: what a stored value answers.
fn key(position: &Position, rules: Rules) -> String {
    let code = &trust::CODE[..24];
    let rules = match rules {
        Rules::Normal => "normal",
        Rules::Childish => "childish",
    };
    format!("{} rules={rules} code={code}", position.notation())
}

fn path_for(dir: &Path, key: &str) -> PathBuf {
    dir.join(format!(
        "value-{}.json",
        hex(&Sha256::digest(key.as_bytes())[..16])
    ))
}

/// The stored evaluation of `position` under `rules`, if one was stored by the same code under
/// the user's key (in a regular file: a link or a FIFO there is passed over).
pub fn load(
    dir: &Path,
    position: &Position,
    rules: Rules,
    games: &mut Games,
) -> Option<Evaluation> {
    let key = key(position, rules);
    let bytes = files::read_own(&path_for(dir, &key)).ok()??;
    let body = Key::user()?.open(KIND, &bytes).ok()?;
    let stored: Stored = serde_json::from_slice(body).ok()?;
    if stored.key != key {
        return None;
    }
    let value: GameId = games.number(&stored.value.parse().ok()?);
    Some(Evaluation {
        value,
        // Read back, not computed by this run: the cache comes first among its methods.
        methods: std::iter::once(Method::Cache)
            .chain(stored.methods.into_iter().filter(|&m| m != Method::Cache))
            .collect(),
        parts: stored.parts,
    })
}

/// Stores the evaluation of `position` under the user's key if its value is a number
/// (otherwise nothing).
pub fn store(
    dir: &Path,
    position: &Position,
    rules: Rules,
    evaluation: &Evaluation,
    games: &Games,
) -> std::io::Result<()> {
    let Some(number) = games.as_number(evaluation.value) else {
        return Ok(());
    };
    let key = key(position, rules);
    let stored = Stored {
        value: number.to_string(),
        methods: evaluation.methods.clone(),
        parts: evaluation.parts.clone(),
        key: key.clone(),
    };
    let user = Key::user().ok_or_else(|| std::io::Error::other("no key to seal the cache"))?;
    files::own_dir(dir)?;
    let bytes = user.seal(KIND, &serde_json::to_vec(&stored)?);
    files::replace(&path_for(dir, &key), &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evaluation(games: &mut Games, value: &str) -> Evaluation {
        Evaluation {
            value: games.number(&value.parse().unwrap()),
            methods: vec![Method::NumberSearch],
            parts: Vec::new(),
        }
    }

    #[test]
    fn a_stored_value_answers_only_its_position_and_rules() {
        let dir = tempfile::tempdir().unwrap();
        let mut games = Games::new();
        let ring = Position::parse("g-a L, a-b R, b-c R, c-g L").unwrap();
        let other = Position::parse("g-a L, a-b R, b-c L, c-g L").unwrap();
        let stored = evaluation(&mut games, "-3/32");
        store(dir.path(), &ring, Rules::Normal, &stored, &games).unwrap();
        let back = load(dir.path(), &ring, Rules::Normal, &mut games).unwrap();
        assert_eq!(back.value, stored.value);
        // A value read back says so: the cache first, then the methods that first valued it.
        assert_eq!(back.methods, [Method::Cache, Method::NumberSearch]);
        assert!(load(dir.path(), &ring, Rules::Childish, &mut games).is_none());
        assert!(load(dir.path(), &other, Rules::Normal, &mut games).is_none());
    }

    #[test]
    fn only_numbers_are_stored_and_a_damaged_file_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let mut games = Games::new();
        let p = Position::parse("g-a G").unwrap();
        let star = Evaluation {
            value: games.star(),
            methods: Vec::new(),
            parts: Vec::new(),
        };
        store(dir.path(), &p, Rules::Normal, &star, &games).unwrap();
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);

        let q = Position::parse("g-a L, a-g R").unwrap();
        store(
            dir.path(),
            &q,
            Rules::Normal,
            &evaluation(&mut games, "1/2"),
            &games,
        )
        .unwrap();
        let path = path_for(dir.path(), &key(&q, Rules::Normal));
        std::fs::write(&path, b"{\"key\": 1}").unwrap();
        assert!(load(dir.path(), &q, Rules::Normal, &mut games).is_none());
    }

    #[test]
    fn a_value_edited_in_its_file_is_not_believed() {
        let dir = tempfile::tempdir().unwrap();
        let mut games = Games::new();
        let q = Position::parse("g-a L, a-g R").unwrap();
        let half = evaluation(&mut games, "1/2");
        store(dir.path(), &q, Rules::Normal, &half, &games).unwrap();
        assert_eq!(
            load(dir.path(), &q, Rules::Normal, &mut games).map(|e| e.value),
            Some(half.value)
        );
        let path = path_for(dir.path(), &key(&q, Rules::Normal));
        let text = std::fs::read_to_string(&path).unwrap();
        let forged = text.replace("\"1/2\"", "\"3/4\"");
        assert_ne!(forged, text);
        std::fs::write(&path, forged).unwrap();
        assert!(load(dir.path(), &q, Rules::Normal, &mut games).is_none());
    }
}
