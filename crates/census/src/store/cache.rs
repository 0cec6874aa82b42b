//! Census results kept on disk, keyed by what was asked rather than when.
//!
//! The one idea: a census is a pure function of its family and of the code that computes it, so
//! the SHA-256 of the normalised family and of the schema (the property table and the
//! fingerprint of every file of the computing code, [`hackenbook_base::trust::CODE`]) names its result;
//! an unchanged census block is read back instead of recomputed, and any change to it, to the
//! property table or to the code misses the cache — there is no version to bump by hand and no
//! list of sources to keep. An entry is believed only under the seal of the user's key
//! ([`hackenbook_base::trust`]): one edited, copied from another run or written by other code is computed
//! again. Rows are stored as they are (serde), and values that are not numbers as canonical
//! forms, re-interned on load.

use crate::engines::counting::{self, Distribution};
use crate::families::forests::Family;
use crate::query::obtained::Origin;
use crate::record::{Row, Val};
use crate::small::Small;
use hackenbook_base::files;
use hackenbook_base::trust::{self, hex, Key};
use hackenbook_games::{GameId, Games};
use hackenbook_rulesets::Family as AnyFamily;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// What a census cache file is sealed as.
const KIND: &str = "census cache";

/// What the cache file of a census counted by value is sealed as.
const COUNTED_KIND: &str = "counted census cache";

/// The schema of a cached row, as a hash: the property table and the fingerprint of the code
/// that defines, computes and stores rows.
pub fn schema() -> &'static str {
    static SCHEMA: OnceLock<String> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let mut hash = Sha256::new();
        hash.update(crate::query::property::schema().as_bytes());
        hash.update([0]);
        hash.update(trust::CODE.as_bytes());
        hex(&hash.finalize())
    })
}

/// The file name a family's census is cached under.
pub fn cache_key(family: &impl AnyFamily) -> String {
    let mut hash = Sha256::new();
    hash.update(schema().as_bytes());
    hash.update([0]);
    hash.update(family.key().as_bytes());
    hex(&hash.finalize()[..12])
}

fn path_for(dir: &Path, family: &impl AnyFamily) -> PathBuf {
    dir.join(format!("census-{}.json", cache_key(family)))
}

/// A canonical form, by the indices of its options in the same file.
#[derive(Serialize, Deserialize)]
enum Form {
    Number(String),
    Options(Vec<usize>, Vec<usize>),
}

/// A value as stored: a number, or a canonical form by its index in the file's forms.
#[derive(Clone, Copy, Serialize, Deserialize)]
enum Stored {
    Num(Small),
    Form(usize),
}

#[derive(Deserialize)]
struct File<M> {
    schema: String,
    family: String,
    /// How the rows were computed ([`Origin`] in words: `fast engine`, `3 merged shards`).
    origin: String,
    forms: Vec<Form>,
    rows: Vec<Row<Stored, M>>,
}

/// [`File`] as it is written: the rows converted one by one as they are written out, never
/// copied whole (a census of forests of 1–12 edges holds 7.3 million).
#[derive(Serialize)]
struct FileOut<'r, M> {
    schema: String,
    family: String,
    origin: String,
    forms: Vec<Form>,
    rows: RowsOut<'r, M>,
}

/// Rows whose values are written as [`Stored`]: numbers as they are, games by their index
/// among the file's forms.
struct RowsOut<'r, M> {
    rows: &'r [Row<Val, M>],
    index: HashMap<GameId, usize>,
}

impl<M: Serialize> Serialize for RowsOut<'_, M> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let stored = |v: Val| match v {
            Val::Num(x) => Some(Stored::Num(x)),
            Val::Game(g) => self.index.get(&g).map(|&i| Stored::Form(i)),
        };
        s.collect_seq(self.rows.iter().filter_map(|row| {
            Some(Row {
                record: row.record.map(stored)?,
                count: row.count,
                first: &row.first,
                order: row.order,
            })
        }))
    }
}

/// A census read back from the cache, with how it was first computed.
pub struct Cached<M> {
    pub rows: Vec<Row<Val, M>>,
    pub origin: Origin,
}

/// Writes each game's options before the game, so loading can rebuild them in order.
struct FormWriter<'g> {
    games: &'g mut Games,
    index: HashMap<GameId, usize>,
    forms: Vec<Form>,
}

impl FormWriter<'_> {
    fn add(&mut self, g: GameId) -> usize {
        if let Some(&i) = self.index.get(&g) {
            return i;
        }
        let form = match self.games.as_number(g) {
            Some(d) => Form::Number(d.to_string()),
            None => {
                let left = self.games.left_options(g);
                let right = self.games.right_options(g);
                let l = left.into_iter().map(|o| self.add(o)).collect();
                let r = right.into_iter().map(|o| self.add(o)).collect();
                Form::Options(l, r)
            }
        };
        self.forms.push(form);
        self.index.insert(g, self.forms.len() - 1);
        self.forms.len() - 1
    }

    fn val(&mut self, v: Val) -> Stored {
        match v {
            Val::Num(x) => Stored::Num(x),
            Val::Game(g) => Stored::Form(self.add(g)),
        }
    }
}

/// Stores a census under the user's key ([`Key::user`]) at the path it returns; failures are
/// reported but never fatal (the cache is only a speed-up). `M` is how a row's smallest member
/// is held (a packed forest, a picture's code); `origin` says how the rows were computed.
pub fn store<M: Serialize + Clone>(
    dir: &Path,
    family: &impl AnyFamily,
    rows: &[Row<Val, M>],
    origin: Origin,
    games: &mut Games,
) -> std::io::Result<PathBuf> {
    let key = Key::user().ok_or_else(|| std::io::Error::other("no key to seal the cache"))?;
    store_with(key, dir, family, rows, origin, games)
}

/// [`store`] under a given key.
pub fn store_with<M: Serialize + Clone>(
    key: &Key,
    dir: &Path,
    family: &impl AnyFamily,
    rows: &[Row<Val, M>],
    origin: Origin,
    games: &mut Games,
) -> std::io::Result<PathBuf> {
    let mut w = FormWriter {
        games,
        index: HashMap::new(),
        forms: Vec::new(),
    };
    // Every game among the values first, so that the forms are written before the rows.
    for row in rows {
        row.record.map(|v| Some(w.val(v)));
    }
    let file = FileOut {
        schema: schema().to_string(),
        family: family.key(),
        origin: origin.to_string(),
        forms: w.forms,
        rows: RowsOut {
            rows,
            index: w.index,
        },
    };
    files::own_dir(dir)?;
    let path = path_for(dir, family);
    files::replace_with(&path, |out| {
        let mut out = std::io::BufWriter::new(out);
        key.seal_to(KIND, &mut out, |body| {
            Ok(serde_json::to_writer(body, &file)?)
        })?;
        std::io::Write::flush(&mut out)
    })?;
    Ok(path)
}

/// Reads a cached census, or `None` if there is none, or it is not a regular file, unreadable,
/// stale, or not sealed by the user's key (then the census is computed again).
pub fn load<M: DeserializeOwned>(
    dir: &Path,
    family: &impl AnyFamily,
    games: &mut Games,
) -> Option<Cached<M>> {
    load_with(Key::user()?, dir, family, games)
}

/// [`load`] under a given key.
pub fn load_with<M: DeserializeOwned>(
    key: &Key,
    dir: &Path,
    family: &impl AnyFamily,
    games: &mut Games,
) -> Option<Cached<M>> {
    // Read as it streams through the seal, never held whole (a census of forests of 1–12 edges
    // is gigabytes of JSON); believed only once the seal matches all of it.
    let input = files::open_own(&path_for(dir, family)).ok()??;
    let file: File<M> = key
        // The JSON reader asks for a byte at a time: buffered here, not through `dyn Read`.
        .open_from(KIND, input, |body| {
            Ok(serde_json::from_reader(std::io::BufReader::new(body))?)
        })
        .ok()?
        .ok()?;
    if file.schema != schema() || file.family != family.key() {
        return None;
    }
    let origin = Origin::parse(&file.origin)?;
    // Every figure sums counts: a total past the counter's width is refused here, not met there.
    file.rows
        .iter()
        .try_fold(0u64, |total, row| total.checked_add(row.count))?;
    let mut ids: Vec<GameId> = Vec::with_capacity(file.forms.len());
    for form in &file.forms {
        let id = match form {
            Form::Number(text) => games.number(&text.parse().ok()?),
            Form::Options(l, r) => {
                let pick = |v: &[usize]| {
                    v.iter()
                        .map(|&i| ids.get(i).copied())
                        .collect::<Option<Vec<_>>>()
                };
                let (l, r) = (pick(l)?, pick(r)?);
                games.from_options(&l, &r)
            }
        };
        ids.push(id);
    }
    let val = |s: Stored| -> Option<Val> {
        match s {
            Stored::Num(x) => Some(Val::Num(x)),
            Stored::Form(i) => Some(Val::Game(*ids.get(i)?)),
        }
    };
    let rows = file
        .rows
        .into_iter()
        .map(|row| {
            Some(Row {
                record: row.record.map(val)?,
                count: row.count,
                first: row.first,
                order: row.order,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Cached { rows, origin })
}

fn counted_path(dir: &Path, family: &Family) -> PathBuf {
    dir.join(format!("counted-{}.bin", cache_key(family)))
}

/// The head of a counted census's file: the schema and the family, each on a line.
fn counted_head(family: &Family) -> String {
    format!("{}\n{}\n", schema(), family.key())
}

/// Stores the value distributions of a census counted by value ([`counting::count`]) under the
/// user's key, as [`store`] does rows; failures are reported but never fatal.
pub fn store_counted(
    dir: &Path,
    family: &Family,
    sizes: &[(usize, Distribution)],
) -> std::io::Result<PathBuf> {
    let key = Key::user().ok_or_else(|| std::io::Error::other("no key to seal the cache"))?;
    store_counted_with(key, dir, family, sizes)
}

/// [`store_counted`] under a given key.
pub fn store_counted_with(
    key: &Key,
    dir: &Path,
    family: &Family,
    sizes: &[(usize, Distribution)],
) -> std::io::Result<PathBuf> {
    // The distributions, their bytes and the sealed copy are held at once: within the memory
    // budget of counting, or not cached.
    let values: usize = sizes.iter().map(|(_, d)| d.len()).sum();
    if (values as u128) * 16 * 3 > counting::MEMORY_BUDGET {
        return Err(std::io::Error::other(
            "too large to cache within the memory budget of counting",
        ));
    }
    let mut body = counted_head(family).into_bytes();
    body.extend_from_slice(&counting::encode(sizes));
    files::own_dir(dir)?;
    let path = counted_path(dir, family);
    files::replace(&path, &key.seal(COUNTED_KIND, &body))?;
    Ok(path)
}

/// The value distributions of a census counted by value, read back, or `None` if there are none
/// or they are unreadable, stale, not sealed by the user's key, or not every size of the family
/// each held against its closed form (then the census is counted again).
pub fn load_counted(dir: &Path, family: &Family) -> Option<Vec<(usize, Distribution)>> {
    load_counted_with(Key::user()?, dir, family)
}

/// [`load_counted`] under a given key.
pub fn load_counted_with(
    key: &Key,
    dir: &Path,
    family: &Family,
) -> Option<Vec<(usize, Distribution)>> {
    // Read as it streams through the seal, as [`load_with`] reads a census.
    let input = files::open_own(&counted_path(dir, family)).ok()??;
    let head = counted_head(family);
    let sizes = key
        .open_from(COUNTED_KIND, input, |body| {
            let mut read = vec![0; head.len()];
            match body.read_exact(&mut read) {
                Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
                other => other?,
            }
            if read != head.as_bytes() {
                return Ok(None);
            }
            counting::decode(body)
        })
        .ok()?
        .ok()??;
    counting::check_sizes(family, &sizes).ok()?;
    Some(sizes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::forests::{forests, Family};
    use crate::query::obtained::Engine;

    fn rows(family: &Family, games: &mut Games) -> Vec<Row> {
        let mut ordinal = |s: i8, x: Small| crate::engines::enumerating::ordinal_sum(games, s, x);
        crate::engines::enumerating::run(family, &mut ordinal, &|_| {}).unwrap()
    }

    #[test]
    fn a_counted_census_is_read_back_only_under_its_key_unaltered_and_whole() {
        let dir = tempfile::tempdir().unwrap();
        let (mine, other) = (Key::from_bytes([3; 32]), Key::from_bytes([4; 32]));
        let f6 = forests(6);
        let sizes = counting::count(&f6, &|_| {}).unwrap();
        let path = store_counted_with(&mine, dir.path(), &f6, &sizes).unwrap();
        assert_eq!(
            load_counted_with(&mine, dir.path(), &f6),
            Some(sizes.clone())
        );
        assert_eq!(load_counted_with(&other, dir.path(), &f6), None);
        // Not the file of another family, nor of the enumerated census.
        assert_eq!(load_counted_with(&mine, dir.path(), &forests(5)), None);
        assert_ne!(path, path_for(dir.path(), &f6));
        // One byte of a count changed, the seal left as it was.
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last - 7] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(load_counted_with(&mine, dir.path(), &f6), None);
        // Sealed, but one size short: not the family's census, and its totals are held.
        let short = store_counted_with(&mine, dir.path(), &f6, &sizes[..5]).unwrap();
        assert_eq!(short, path);
        assert_eq!(load_counted_with(&mine, dir.path(), &f6), None);
        // Sealed, with a count changed: the size's total is not its closed form.
        let mut wrong = sizes.clone();
        let (_, last) = wrong.last_mut().unwrap();
        *last = counting::decode(
            &{
                let mut b = counting::encode(&[(6, last.clone())]);
                let n = b.len();
                b[n - 8] ^= 2;
                b
            }[..],
        )
        .unwrap()
        .unwrap()
        .remove(0)
        .1;
        store_counted_with(&mine, dir.path(), &f6, &wrong).unwrap();
        assert_eq!(load_counted_with(&mine, dir.path(), &f6), None);
    }

    #[test]
    fn an_entry_is_read_back_only_under_its_key_and_unaltered() {
        let dir = tempfile::tempdir().unwrap();
        let (mine, other) = (Key::from_bytes([3; 32]), Key::from_bytes([4; 32]));
        let mut games = Games::new();
        let f4 = forests(4);
        let rows = rows(&f4, &mut games);
        let fast = Origin::Ran(Engine::Fast);
        let path = store_with(&mine, dir.path(), &f4, &rows, fast, &mut games).unwrap();
        let back = load_with::<_>(&mine, dir.path(), &f4, &mut games).unwrap();
        assert_eq!((back.rows, back.origin), (rows.clone(), fast));
        assert!(load_with::<crate::forest::Forest>(&other, dir.path(), &f4, &mut games).is_none());
        // One count edited, the seal left as it was.
        let text = std::fs::read_to_string(&path).unwrap();
        let edited = text.replacen("\"count\":1,", "\"count\":2,", 1);
        assert_ne!(edited, text);
        std::fs::write(&path, edited).unwrap();
        assert!(load_with::<crate::forest::Forest>(&mine, dir.path(), &f4, &mut games).is_none());
        // Unsealed, as an earlier hackenbook wrote it.
        let body = &text[text.find('\n').unwrap() + 1..];
        std::fs::write(&path, body).unwrap();
        assert!(load_with::<crate::forest::Forest>(&mine, dir.path(), &f4, &mut games).is_none());
    }
}
