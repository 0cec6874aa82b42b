//! The user's key and the seal it puts on the files hackenbook keeps.
//!
//! The one idea: a seal is an HMAC-SHA-256 under a secret that never enters a project, so it
//! proves "written by this user's hackenbook, with this code" and nothing less: a file edited by
//! hand, restored from a cache another run wrote, or copied from another account does not carry
//! it. Without a key file (no home folder, or one that cannot be written) a key is made for the
//! run alone: caches then last as long as the process (a `serve` session), and nothing from
//! before is believed.

use crate::files;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The environment variable naming the key file, in place of `~/.config/hackenbook/key` (for a
/// cluster whose nodes do not share the home folder, or a test).
pub const KEY_FILE_VARIABLE: &str = "HACKENBOOK_KEY_FILE";

/// What every sealed file starts with, before the seal in hexadecimal and a newline.
const HEADER: &str = "hackenbook sealed ";

/// Hexadecimal digits of a seal (HMAC-SHA-256).
const TAG_DIGITS: usize = 64;

/// A writer that also feeds what it writes to a MAC.
struct Tee<'w, W> {
    out: &'w mut W,
    mac: Hmac<Sha256>,
}

impl<W: Write> Write for Tee<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.out.write(buf)?;
        self.mac.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// A reader that also feeds what it reads to a MAC.
struct TeeRead<R> {
    inner: R,
    mac: Hmac<Sha256>,
}

impl<R: Read> Read for TeeRead<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.mac.update(&buf[..n]);
        Ok(n)
    }
}

/// Bytes of the key.
const KEY_BYTES: usize = 32;

/// A secret key for sealing and checking files.
pub struct Key {
    bytes: [u8; KEY_BYTES],
    /// The file it is kept in; `None` for a key of this run only.
    kept: Option<PathBuf>,
}

/// Why a file's seal was not accepted.
#[derive(Debug, PartialEq, Eq)]
pub enum Unsealed {
    /// It does not start with a seal (not written by hackenbook, or by one before seals).
    Missing,
    /// The seal does not match the content: altered, written under another key, or by code of
    /// another fingerprint.
    Wrong,
}

impl Key {
    /// The user's key: read from [`KEY_FILE_VARIABLE`]'s file or `~/.config/hackenbook/key`
    /// (`$XDG_CONFIG_HOME/hackenbook/key`), made there (readable by the user alone) if missing;
    /// failing that, a key for this run only, with a note on standard error saying why. `None`
    /// only when the operating system gives no random bytes.
    pub fn user() -> Option<&'static Key> {
        static USER: OnceLock<Option<Key>> = OnceLock::new();
        USER.get_or_init(|| {
            let why = match key_path() {
                Some(path) => match Key::kept_in(&path) {
                    Ok(key) => return Some(key),
                    Err(why) => why,
                },
                None => "no home folder to keep a key in".to_string(),
            };
            eprintln!("hackenbook: {why}; cached results last for this run only");
            Key::random().map(|bytes| Key { bytes, kept: None })
        })
        .as_ref()
    }

    /// The key in `path`, made there if there is none.
    pub fn kept_in(path: &Path) -> Result<Key, String> {
        let shown = path.display();
        match files::read_given(path) {
            Ok(Some(text)) => {
                let bytes = parse(&text).ok_or_else(|| {
                    format!(
                        "{shown} is not a hackenbook key ({} hexadecimal digits)",
                        2 * KEY_BYTES
                    )
                })?;
                Ok(Key {
                    bytes,
                    kept: Some(path.to_path_buf()),
                })
            }
            Ok(None) => {
                let bytes = Key::random().ok_or("the system gave no random bytes for a key")?;
                let text = format!("{}\n", super::hex(&bytes));
                match files::create_secret(path, text.as_bytes()) {
                    Ok(()) => Ok(Key {
                        bytes,
                        kept: Some(path.to_path_buf()),
                    }),
                    // Another hackenbook made it at the same moment: use that one.
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Key::kept_in(path),
                    Err(e) => Err(format!("cannot make the key {shown}: {e}")),
                }
            }
            Err(e) => Err(format!("cannot read the key {shown}: {e}")),
        }
    }

    /// A key of fixed bytes (for tests: two keys, two users).
    pub fn from_bytes(bytes: [u8; KEY_BYTES]) -> Key {
        Key { bytes, kept: None }
    }

    fn random() -> Option<[u8; KEY_BYTES]> {
        let mut bytes = [0; KEY_BYTES];
        getrandom::fill(&mut bytes).ok()?;
        Some(bytes)
    }

    /// This key if it is kept in a file (so what it seals can be believed by a later run), or
    /// why not.
    pub fn kept(&self) -> Result<&Path, String> {
        self.kept.as_deref().ok_or_else(|| {
            format!(
                "no key file could be kept (set {KEY_FILE_VARIABLE}, or give this account a \
                 writable ~/.config/hackenbook)"
            )
        })
    }

    fn mac(&self, kind: &str, body: &[u8]) -> Hmac<Sha256> {
        let mut mac =
            <Hmac<Sha256> as Mac>::new_from_slice(&self.bytes).expect("HMAC takes any key length");
        mac.update(b"hackenbook seal 1\0");
        mac.update(super::CODE.as_bytes());
        mac.update(b"\0");
        mac.update(kind.as_bytes());
        mac.update(b"\0");
        mac.update(body);
        mac
    }

    /// `body` with its seal for files of `kind` (`census cache`, `census shard`, …) before it.
    pub fn seal(&self, kind: &str, body: &[u8]) -> Vec<u8> {
        let tag = super::hex(&self.mac(kind, body).finalize().into_bytes());
        let mut out = Vec::with_capacity(HEADER.len() + tag.len() + 1 + body.len());
        out.extend_from_slice(HEADER.as_bytes());
        out.extend_from_slice(tag.as_bytes());
        out.push(b'\n');
        out.extend_from_slice(body);
        out
    }

    /// Writes to `out` what [`Key::seal`] makes of the body that `body` writes, without holding
    /// the body: the header with room for the seal, the body streamed through the MAC, then
    /// the seal written into its room (for a census cache of gigabytes).
    pub fn seal_to<W: Write + Seek>(
        &self,
        kind: &str,
        out: &mut W,
        body: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        let start = out.stream_position()?;
        out.write_all(HEADER.as_bytes())?;
        out.write_all(&[b'0'; TAG_DIGITS])?;
        out.write_all(b"\n")?;
        let mut tee = Tee {
            out: &mut *out,
            mac: self.mac(kind, b""),
        };
        {
            let mut buffered = io::BufWriter::with_capacity(1 << 16, &mut tee);
            body(&mut buffered)?;
            buffered.flush()?;
        }
        let tag = super::hex(&tee.mac.finalize().into_bytes());
        out.seek(SeekFrom::Start(start + HEADER.len() as u64))?;
        out.write_all(tag.as_bytes())?;
        out.seek(SeekFrom::End(0))?;
        Ok(())
    }

    /// The body of a file sealed by [`Key::seal`] for `kind` under this key and this code.
    pub fn open<'b>(&self, kind: &str, sealed: &'b [u8]) -> Result<&'b [u8], Unsealed> {
        let rest = sealed
            .strip_prefix(HEADER.as_bytes())
            .ok_or(Unsealed::Missing)?;
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or(Unsealed::Missing)?;
        let tag = std::str::from_utf8(&rest[..end])
            .ok()
            .and_then(unhex::<32>)
            .ok_or(Unsealed::Missing)?;
        let body = &rest[end + 1..];
        self.mac(kind, body)
            .verify_slice(&tag)
            .map_err(|_| Unsealed::Wrong)?;
        Ok(body)
    }

    /// Reads from `input` a file sealed by [`Key::seal`] or [`Key::seal_to`] for `kind` without
    /// holding its body (a census cache of gigabytes): `body` reads the body as it streams
    /// through the MAC, whatever it leaves unread is read through after it, and what `body`
    /// made is returned only if the seal matches the whole body. `Ok(Err(_))` when the file is
    /// not sealed, or not by this key and this code; `Err` when it cannot be read or `body`
    /// fails.
    pub fn open_from<T>(
        &self,
        kind: &str,
        mut input: impl Read,
        body: impl FnOnce(&mut dyn Read) -> io::Result<T>,
    ) -> io::Result<Result<T, Unsealed>> {
        let mut head = [0u8; HEADER.len() + TAG_DIGITS + 1];
        match input.read_exact(&mut head) {
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                return Ok(Err(Unsealed::Missing))
            }
            read => read?,
        }
        let tag = head
            .strip_prefix(HEADER.as_bytes())
            .and_then(|rest| rest.strip_suffix(b"\n"))
            .and_then(|tag| std::str::from_utf8(tag).ok())
            .and_then(unhex::<32>);
        let Some(tag) = tag else {
            return Ok(Err(Unsealed::Missing));
        };
        let tee = TeeRead {
            inner: input,
            mac: self.mac(kind, b""),
        };
        let mut buffered = io::BufReader::with_capacity(1 << 16, tee);
        let made = body(&mut buffered)?;
        io::copy(&mut buffered, &mut io::sink())?;
        let mac = buffered.into_inner().mac;
        Ok(mac
            .verify_slice(&tag)
            .map(|()| made)
            .map_err(|_| Unsealed::Wrong))
    }
}

/// Where the user's key is kept, unless the environment says otherwise.
fn key_path() -> Option<PathBuf> {
    let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(file) = set(KEY_FILE_VARIABLE) {
        return Some(file.into());
    }
    let config = set("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| set("HOME").map(|home| PathBuf::from(home).join(".config")))?;
    Some(config.join("hackenbook").join("key"))
}

fn parse(text: &[u8]) -> Option<[u8; KEY_BYTES]> {
    unhex::<KEY_BYTES>(std::str::from_utf8(text).ok()?.trim())
}

fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.is_ascii() {
        return None;
    }
    let mut out = [0; N];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_read_as_it_streams_is_believed_only_whole_unaltered_and_under_its_key() {
        let key = Key::from_bytes([5; 32]);
        let body = b"{\"rows\": [1, 2, 3]}".repeat(10_000);
        let sealed = key.seal("census cache", &body);
        let all = |r: &mut dyn Read| {
            let mut v = Vec::new();
            r.read_to_end(&mut v)?;
            Ok(v)
        };
        let start = |r: &mut dyn Read| {
            let mut b = [0u8; 7];
            r.read_exact(&mut b)?;
            Ok(b)
        };
        assert_eq!(
            key.open_from("census cache", &sealed[..], all).unwrap(),
            Ok(body.clone())
        );
        // Read only in part: the seal is still held against all of it.
        assert_eq!(
            key.open_from("census cache", &sealed[..], start).unwrap(),
            Ok(*b"{\"rows\"")
        );
        let mut altered = sealed.clone();
        let near_end = altered.len() - 3;
        altered[near_end] ^= 1;
        assert_eq!(
            key.open_from("census cache", &altered[..], start).unwrap(),
            Err(Unsealed::Wrong)
        );
        // Another key, another kind of file.
        let other = Key::from_bytes([6; 32]);
        assert_eq!(
            other.open_from("census cache", &sealed[..], start).unwrap(),
            Err(Unsealed::Wrong)
        );
        assert_eq!(
            key.open_from("census shard", &sealed[..], start).unwrap(),
            Err(Unsealed::Wrong)
        );
        // No seal, or a header cut short.
        assert_eq!(
            key.open_from("census cache", &body[..], start).unwrap(),
            Err(Unsealed::Missing)
        );
        assert_eq!(
            key.open_from("census cache", &sealed[..40], start).unwrap(),
            Err(Unsealed::Missing)
        );
        // What `Key::open` believes, streamed.
        assert_eq!(key.open("census cache", &sealed), Ok(&body[..]));
    }

    #[test]
    fn a_body_sealed_as_it_is_written_is_sealed_as_a_whole_one() {
        let key = Key::from_bytes([5; 32]);
        let body = b"{\"rows\": [1, 2, 3]}".repeat(10_000);
        let mut out = io::Cursor::new(b"before".to_vec());
        out.seek(SeekFrom::End(0)).unwrap();
        key.seal_to("census cache", &mut out, |w| w.write_all(&body))
            .unwrap();
        let mut whole = b"before".to_vec();
        whole.extend(key.seal("census cache", &body));
        assert_eq!(out.into_inner(), whole);
        // A different body under the same key gets another seal.
        let mut other = io::Cursor::new(Vec::new());
        key.seal_to("census cache", &mut other, |w| w.write_all(b"{}"))
            .unwrap();
        assert_eq!(key.open("census cache", other.get_ref()), Ok(&b"{}"[..]));
        assert_ne!(other.get_ref()[..80], whole[6..86]);
    }

    #[test]
    fn a_seal_opens_only_under_its_key_and_kind_and_for_its_body() {
        let (mine, other) = (Key::from_bytes([1; 32]), Key::from_bytes([2; 32]));
        let sealed = mine.seal("census cache", b"{\"count\": 804}");
        assert_eq!(
            mine.open("census cache", &sealed),
            Ok(&b"{\"count\": 804}"[..])
        );
        assert_eq!(other.open("census cache", &sealed), Err(Unsealed::Wrong));
        assert_eq!(mine.open("slow value", &sealed), Err(Unsealed::Wrong));
        let forged = String::from_utf8(sealed).unwrap().replace("804", "805");
        assert_eq!(
            mine.open("census cache", forged.as_bytes()),
            Err(Unsealed::Wrong)
        );
        assert_eq!(
            mine.open("census cache", b"{\"count\": 805}"),
            Err(Unsealed::Missing)
        );
    }

    #[test]
    fn a_key_is_made_once_readable_by_its_owner_alone_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config/hackenbook/key");
        let made = Key::kept_in(&path).unwrap();
        let again = Key::kept_in(&path).unwrap();
        assert_eq!(made.bytes, again.bytes);
        assert_eq!(made.kept().unwrap(), path);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "{mode:o}");
        }
        std::fs::write(&path, "not a key").unwrap();
        let why = Key::kept_in(&path).err().unwrap();
        assert!(why.contains("is not a hackenbook key"), "{why}");
        assert!(Key::from_bytes([0; 32]).kept().is_err());
    }
}
