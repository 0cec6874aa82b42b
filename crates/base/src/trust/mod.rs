//! What hackenbook believes without computing it again: only files it wrote itself, for this
//! user, with code of the same fingerprint.
//!
//! The one idea: a project folder is input like any other — copied, restored from another CI
//! run, edited by hand — so a cached census, a slow position's value, a shard or a checkpoint
//! found in it proves nothing by being there. Each is sealed when written, by an HMAC-SHA-256
//! under a key kept outside the project ([`Key::user`]: `~/.config/hackenbook/key`, made on
//! first use), over its content and over [`CODE`], the fingerprint of every file of the code
//! that computes (made by `build.rs`). A file whose seal does not verify — altered, copied from
//! another account or machine, or written by other code — is not believed: a cache entry is
//! computed again, a shard or checkpoint is refused. Files are written through a temporary
//! file created new, and read only when they are regular files ([`crate::files`]).

mod seal;

pub use seal::{Key, Unsealed, KEY_FILE_VARIABLE};

include!(concat!(env!("OUT_DIR"), "/fingerprint.rs"));

/// Bytes as lower-case hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
