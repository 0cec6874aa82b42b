//! Confirmed values of other games' positions kept on disk, beside the census cache.
//!
//! The one idea: what [`crate::AnyPosition::confirmed_value`] answers is a pure function of the
//! position, its ruleset and variant, the plain game tree's budget and the code (its
//! fingerprint, [`hackenbook_base::trust::CODE`]), so an answer that took more than [`SLOW`] is
//! stored under the SHA-256 of those and read back by the next run (the next build, the next
//! save under `serve`) instead of valued and confirmed again: the 5×5 Domineering board's plain
//! game tree spends its whole budget of 200,000 positions before the solver's value is
//! published alone. Any change to any of them misses the cache. A stored answer is believed
//! only under the seal of the user's key ([`hackenbook_base::trust`]); one edited or copied from
//! elsewhere is computed again. It is kept only when its notation reads back to the same
//! position and its value's text reads back to the same game, so what is read back is exactly
//! what was computed. A cache that cannot be read or written only costs time.

use crate::AnyPosition;
use hackenbook_base::files;
use hackenbook_base::provenance::Method;
use hackenbook_base::trust::{self, hex, Key};
use hackenbook_games::{GameId, Games};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What a stored answer is sealed as.
const KIND: &str = "confirmed value";

/// An answer found in less time than this is not stored: reading it back would save little.
pub const SLOW: Duration = Duration::from_millis(100);

/// One stored answer: the key it answers (checked on reading, so a file renamed or damaged is
/// ignored), the value as the games engine writes it, and the methods that found it.
#[derive(Serialize, Deserialize)]
struct Stored {
    key: String,
    value: String,
    methods: Vec<Method>,
}

/// `ruleset variant=… plain=… code=… position`: what a stored answer answers; `None` when the
/// position's notation does not read back to the position itself.
fn key(position: &AnyPosition, plain_positions: usize) -> Option<String> {
    let text = position.print();
    let back = AnyPosition::parse(position.ruleset(), &text).ok()?;
    if back != *position {
        return None;
    }
    let code = &trust::CODE[..24];
    let ruleset = position.ruleset();
    Some(format!(
        "{} variant={} plain={plain_positions} code={code} {text}",
        ruleset.name(),
        ruleset.variant().unwrap_or("-"),
    ))
}

fn path_for(dir: &Path, key: &str) -> PathBuf {
    dir.join(format!(
        "confirmed-{}.json",
        hex(&Sha256::digest(key.as_bytes())[..16])
    ))
}

/// The stored answer for `position` under the plain budget `plain_positions`, if one was
/// stored by the same code under the user's key (in a regular file: a link or a FIFO there is
/// passed over). Its methods start with [`Method::Cache`].
pub fn load(
    dir: &Path,
    position: &AnyPosition,
    plain_positions: usize,
    games: &mut Games,
) -> Option<(GameId, Vec<Method>)> {
    let key = key(position, plain_positions)?;
    let bytes = files::read_own(&path_for(dir, &key)).ok()??;
    let body = Key::user()?.open(KIND, &bytes).ok()?;
    let stored: Stored = serde_json::from_slice(body).ok()?;
    if stored.key != key {
        return None;
    }
    let value = games.eval_str(&stored.value).ok()?;
    if games.display(value) != stored.value {
        return None;
    }
    // Read back, not computed by this run: the cache comes first among its methods.
    let methods = std::iter::once(Method::Cache)
        .chain(stored.methods.into_iter().filter(|&m| m != Method::Cache))
        .collect();
    Some((value, methods))
}

/// Stores the answer for `position` under the user's key, when its notation and its value's
/// text both read back to themselves (otherwise nothing).
pub fn store(
    dir: &Path,
    position: &AnyPosition,
    plain_positions: usize,
    answer: &(GameId, Vec<Method>),
    games: &mut Games,
) -> std::io::Result<()> {
    let Some(key) = key(position, plain_positions) else {
        return Ok(());
    };
    let value = games.display(answer.0);
    if games.eval_str(&value).ok() != Some(answer.0) {
        return Ok(());
    }
    let stored = Stored {
        value,
        methods: answer.1.clone(),
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
    use crate::domineering::Domineering;

    fn board(text: &str) -> AnyPosition {
        AnyPosition::parse(&Domineering, text).unwrap()
    }

    #[test]
    fn a_stored_answer_answers_only_its_position_and_budget() {
        let dir = tempfile::tempdir().unwrap();
        let mut games = Games::new();
        let value = games.eval_str("{{2 | 0} | 0}").unwrap();
        let answer = (value, vec![Method::Solver]);
        store(dir.path(), &board("2x4"), 100, &answer, &mut games).unwrap();
        let back = load(dir.path(), &board("2x4"), 100, &mut games).unwrap();
        assert_eq!(back.0, value);
        // An answer read back says so: the cache first, then the methods that first found it.
        assert_eq!(back.1, [Method::Cache, Method::Solver]);
        // The same board written otherwise is the same position.
        assert!(load(dir.path(), &board("..../...."), 100, &mut games).is_some());
        assert!(load(dir.path(), &board("2x4"), 200, &mut games).is_none());
        assert!(load(dir.path(), &board("4x2"), 100, &mut games).is_none());
        let shove: &'static dyn crate::DynRuleset = &crate::push::Pushing::Shove;
        let push: &'static dyn crate::DynRuleset = &crate::push::Pushing::Push;
        let strip = AnyPosition::parse(push, "L.RL").unwrap();
        store(dir.path(), &strip, 100, &answer, &mut games).unwrap();
        let other_variant = AnyPosition::parse(shove, "L.RL").unwrap();
        assert!(load(dir.path(), &other_variant, 100, &mut games).is_none());
    }

    #[test]
    fn a_value_edited_in_its_file_is_not_believed() {
        let dir = tempfile::tempdir().unwrap();
        let mut games = Games::new();
        let half = games.eval_str("1/2").unwrap();
        let p = board("2x5");
        store(
            dir.path(),
            &p,
            100,
            &(half, vec![Method::Solver]),
            &mut games,
        )
        .unwrap();
        assert_eq!(
            load(dir.path(), &p, 100, &mut games).map(|a| a.0),
            Some(half)
        );
        let path = path_for(dir.path(), &key(&p, 100).unwrap());
        let text = std::fs::read_to_string(&path).unwrap();
        let forged = text.replace("\"1/2\"", "\"3/4\"");
        assert_ne!(forged, text);
        std::fs::write(&path, forged).unwrap();
        assert!(load(dir.path(), &p, 100, &mut games).is_none());
        std::fs::write(&path, b"{\"key\": 1}").unwrap();
        assert!(load(dir.path(), &p, 100, &mut games).is_none());
    }

    /// Every value of a hot board's options, written by the games engine, reads back to itself:
    /// what the store's own check relies on to keep them.
    #[test]
    fn values_of_boards_read_back_to_themselves() {
        let dir = tempfile::tempdir().unwrap();
        let mut games = Games::new();
        let mut solvers = crate::Solvers::default();
        for text in ["2x3", "3x3", "2x4", "4x4", ".##/..."] {
            let p = board(text);
            let answer = p.confirmed_value(&mut solvers, &mut games).unwrap();
            store(dir.path(), &p, 7, &answer, &mut games).unwrap();
            let back = load(dir.path(), &p, 7, &mut games).unwrap();
            assert_eq!(back.0, answer.0, "{text}: {}", games.display(answer.0));
        }
    }
}
