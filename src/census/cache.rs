//! Census results kept on disk, keyed by what was asked rather than when.
//!
//! The one idea: a census is a pure function of its family and of the code that computes it, so
//! the SHA-256 of the normalised family and of the schema names its result; an unchanged census
//! block is read back instead of recomputed, and any change to it, to the property table or to
//! the code that defines and computes rows misses the cache — there is no version to bump by
//! hand. Rows are stored as they are (serde), and values that are not numbers as canonical
//! forms, re-interned on load.

use super::record::{Row, Val};
use super::small::Small;
use crate::games::{GameId, Games};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The source of everything that decides what a cached row says: the row's layout and how it is
/// stored, the engines that compute it, the numbers and forests they compute with.
const ROW_CODE: &[&str] = &[
    include_str!("record.rs"),
    include_str!("cache.rs"),
    include_str!("engine.rs"),
    include_str!("reference.rs"),
    include_str!("family.rs"),
    include_str!("forest.rs"),
    include_str!("small.rs"),
    include_str!("../games/signs.rs"),
];

/// The schema of a cached row, as a hash: the property table and the code of [`ROW_CODE`].
pub fn schema() -> &'static str {
    static SCHEMA: OnceLock<String> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let mut hash = Sha256::new();
        hash.update(super::property::schema().as_bytes());
        for code in ROW_CODE {
            hash.update([0]);
            hash.update(code.as_bytes());
        }
        hex(&hash.finalize())
    })
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What a cached census is keyed by: the normalised description of its family
/// ([`super::family::Family::key`], [`super::graphs::GraphFamily::key`]), which for a family
/// valued by code outside [`ROW_CODE`] also names that code.
pub trait Keyed {
    fn key(&self) -> String;
}

impl Keyed for super::family::Family {
    fn key(&self) -> String {
        super::family::Family::key(self)
    }
}

/// The file name a family's census is cached under.
pub fn cache_key(family: &impl Keyed) -> String {
    let mut hash = Sha256::new();
    hash.update(schema().as_bytes());
    hash.update([0]);
    hash.update(family.key().as_bytes());
    hex(&hash.finalize()[..12])
}

/// The hash of some source code, for a [`Keyed::key`] that names the code that values it.
pub fn code_hash(code: &[&str]) -> String {
    let mut hash = Sha256::new();
    for c in code {
        hash.update([0]);
        hash.update(c.as_bytes());
    }
    hex(&hash.finalize()[..12])
}

fn path_for(dir: &Path, family: &impl Keyed) -> PathBuf {
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

#[derive(Serialize, Deserialize)]
struct File<M> {
    schema: String,
    family: String,
    forms: Vec<Form>,
    rows: Vec<Row<Stored, M>>,
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

/// Stores a census at the path it returns; failures are reported but never fatal (the cache is
/// only a speed-up). `M` is how a row's smallest member is held (a packed forest, a picture's
/// code).
pub fn store<M: Serialize + Clone>(
    dir: &Path,
    family: &impl Keyed,
    rows: &[Row<Val, M>],
    games: &mut Games,
) -> std::io::Result<PathBuf> {
    let mut w = FormWriter {
        games,
        index: HashMap::new(),
        forms: Vec::new(),
    };
    let rows = rows
        .iter()
        .filter_map(|row| {
            Some(Row {
                record: row.record.map(|v| Some(w.val(v)))?,
                count: row.count,
                first: row.first.clone(),
                order: row.order,
            })
        })
        .collect();
    let file = File {
        schema: schema().to_string(),
        family: family.key(),
        forms: w.forms,
        rows,
    };
    fs::create_dir_all(dir)?;
    let path = path_for(dir, family);
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, serde_json::to_vec(&file)?)?;
    fs::rename(tmp, &path)?;
    Ok(path)
}

/// Reads a cached census, or `None` if there is none (or it is unreadable or stale).
pub fn load<M: DeserializeOwned>(
    dir: &Path,
    family: &impl Keyed,
    games: &mut Games,
) -> Option<Vec<Row<Val, M>>> {
    let bytes = fs::read(path_for(dir, family)).ok()?;
    let file: File<M> = serde_json::from_slice(&bytes).ok()?;
    if file.schema != schema() || file.family != family.key() {
        return None;
    }
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
    file.rows
        .into_iter()
        .map(|row| {
            Some(Row {
                record: row.record.map(val)?,
                count: row.count,
                first: row.first,
                order: row.order,
            })
        })
        .collect()
}
