//! Census results kept on disk, keyed by what was asked rather than when.
//!
//! The one idea: a census is a pure function of its family and of this code, so the SHA-256 of
//! the normalised family and a code version names its result; an unchanged census block is
//! read back instead of recomputed, and any change to it (or to the engine) misses the cache.
//! Values that are not numbers are stored as their canonical forms and re-interned on load.

use super::family::Family;
use super::forest::Forest;
use super::record::{Record, Row, Val};
use super::small::Small;
use crate::games::{GameId, Games};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Bump when the engines or the record change meaning: every cached census is then stale.
pub const CODE_VERSION: &str = "census-records-1";

/// The file name a family's census is cached under.
pub fn cache_key(family: &Family) -> String {
    let mut hash = Sha256::new();
    hash.update(CODE_VERSION.as_bytes());
    hash.update([0]);
    hash.update(family.key().as_bytes());
    let digest = hash.finalize();
    digest.iter().take(12).map(|b| format!("{b:02x}")).collect()
}

fn path_for(dir: &Path, family: &Family) -> PathBuf {
    dir.join(format!("census-{}.json", cache_key(family)))
}

/// A canonical form, by the indices of its options in the same file.
#[derive(Serialize, Deserialize)]
enum Form {
    Number(String),
    Options(Vec<usize>, Vec<usize>),
}

#[derive(Serialize, Deserialize)]
struct File {
    version: String,
    family: String,
    forms: Vec<Form>,
    /// One array per row: 9 small properties, 5 values as (tag, a, b), count, shape, colours,
    /// edges, order.
    rows: Vec<Vec<i64>>,
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

    fn val(&mut self, v: Val) -> [i64; 3] {
        match v {
            Val::Num(x) => [0, x.numerator() as i64, x.exponent() as i64],
            Val::Game(g) => [1, self.add(g) as i64, 0],
        }
    }
}

/// Stores a census; failures are reported but never fatal (the cache is only a speed-up).
pub fn store(dir: &Path, family: &Family, rows: &[Row], games: &mut Games) -> std::io::Result<()> {
    let mut w = FormWriter {
        games,
        index: HashMap::new(),
        forms: Vec::new(),
    };
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let r = &row.record;
        let mut a: Vec<i64> = [r.edges, r.blue, r.red, r.green, r.trunks, r.height, r.spine]
            .iter()
            .map(|&x| x as i64)
            .collect();
        a.push(r.path as i64);
        a.push(r.colon as i64);
        for v in [r.value, r.reading, r.tree_rule, r.sum, r.ordinal_sum] {
            a.extend(w.val(v));
        }
        a.extend([
            row.count as i64,
            row.first.shape() as i64,
            row.first.colour_bits() as i64,
            row.first.edges() as i64,
            row.order as i64,
        ]);
        out.push(a);
    }
    let file = File {
        version: CODE_VERSION.into(),
        family: family.key(),
        forms: w.forms,
        rows: out,
    };
    fs::create_dir_all(dir)?;
    let path = path_for(dir, family);
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, serde_json::to_vec(&file)?)?;
    fs::rename(tmp, path)
}

/// Reads a cached census, or `None` if there is none (or it is unreadable or stale).
pub fn load(dir: &Path, family: &Family, games: &mut Games) -> Option<Vec<Row>> {
    let bytes = fs::read(path_for(dir, family)).ok()?;
    let file: File = serde_json::from_slice(&bytes).ok()?;
    if file.version != CODE_VERSION || file.family != family.key() {
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
    let val = |a: &[i64]| -> Option<Val> {
        match a[0] {
            0 => {
                let d = crate::games::Dyadic::new(a[1], u32::try_from(a[2]).ok()?);
                Some(Val::Num(Small::from_dyadic(&d)?))
            }
            _ => Some(Val::Game(*ids.get(usize::try_from(a[1]).ok()?)?)),
        }
    };
    let mut rows = Vec::with_capacity(file.rows.len());
    for a in &file.rows {
        if a.len() != 29 {
            return None;
        }
        let b = |i: usize| u8::try_from(a[i]).ok();
        let record = Record {
            edges: b(0)?,
            blue: b(1)?,
            red: b(2)?,
            green: b(3)?,
            trunks: b(4)?,
            height: b(5)?,
            spine: b(6)?,
            path: a[7] != 0,
            colon: a[8] != 0,
            value: val(&a[9..12])?,
            reading: val(&a[12..15])?,
            tree_rule: val(&a[15..18])?,
            sum: val(&a[18..21])?,
            ordinal_sum: val(&a[21..24])?,
        };
        rows.push(Row {
            record,
            count: u64::try_from(a[24]).ok()?,
            first: Forest::from_parts(
                u32::try_from(a[25]).ok()?,
                u32::try_from(a[26]).ok()?,
                usize::try_from(a[27]).ok()?,
            ),
            order: u64::try_from(a[28]).ok()?,
        });
    }
    Some(rows)
}
