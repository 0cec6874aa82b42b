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

/// `ruleset variant=… plain=… code=… position`: what a stored answer answers, for a position
/// of `ruleset` (`variant`) whose notation `text` reads back to the position itself (the
/// caller's to check: [`crate::AnyPosition`] does), under the plain budget `plain_positions`.
pub fn key(ruleset: &str, variant: Option<&str>, plain_positions: usize, text: &str) -> String {
    let code = &trust::CODE[..24];
    format!(
        "{ruleset} variant={} plain={plain_positions} code={code} {text}",
        variant.unwrap_or("-"),
    )
}

/// The file that keeps the answer under `key`.
pub fn path_for(dir: &Path, key: &str) -> PathBuf {
    dir.join(format!(
        "confirmed-{}.json",
        hex(&Sha256::digest(key.as_bytes())[..16])
    ))
}

/// The stored answer under `key` ([`key`]), if one was stored by the same code under the user's key (in a regular file: a link or a FIFO there is
/// passed over). Its methods start with [`Method::Cache`].
pub fn load(dir: &Path, key: &str, games: &mut Games) -> Option<(GameId, Vec<Method>)> {
    let bytes = files::read_own(&path_for(dir, key)).ok()??;
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

/// Stores the answer under `key` ([`key`]) sealed with the user's key, when its value's text
/// reads back to itself (otherwise nothing).
pub fn store(
    dir: &Path,
    key: &str,
    answer: &(GameId, Vec<Method>),
    games: &mut Games,
) -> std::io::Result<()> {
    let value = games.display(answer.0);
    if games.eval_str(&value).ok() != Some(answer.0) {
        return Ok(());
    }
    let stored = Stored {
        value,
        methods: answer.1.clone(),
        key: key.to_string(),
    };
    let user = Key::user().ok_or_else(|| std::io::Error::other("no key to seal the cache"))?;
    files::own_dir(dir)?;
    let bytes = user.seal(KIND, &serde_json::to_vec(&stored)?);
    files::replace(&path_for(dir, key), &bytes)
}
