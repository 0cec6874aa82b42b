//! A census split into shards: one result file per shard, merged back into the census cache.
//!
//! The one idea: a census's result is already an aggregate — each distinct record once, with
//! how many positions have it and the smallest of them — and every query reads only that, so a
//! shard keeps exactly the same aggregate over its own positions. Merging adds the counts and
//! keeps the smaller of two smallest members (the order key is the global census order), which
//! is the unsharded result to the bit: `count`, `share`, `total`, `min`, `max`, `smallest` and
//! every counterexample come out the same. A file names its census and the engine that computed
//! it (the cache's schema hash) and carries a checksum of its rows, so a merge refuses a set that
//! is incomplete, holds a shard twice, mixes definitions or engines, or was altered.

use super::engine::combine;
use super::engine::{How, Resume};
use super::family::{Family, Shard};
use super::record::{Row, Val};
use super::small::Small;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What a shard file says it is; a file of another format is refused by name.
const FORMAT: &str = "hackenbook census shard 1";

/// One shard's result, as written to disk.
#[derive(Serialize, Deserialize)]
pub struct ShardFile {
    format: String,
    /// The schema hash of the census cache: the property table and the engine's code.
    schema: String,
    /// The census definition, normalised (the cache key's family).
    family: String,
    shard: Shard,
    /// A checkpoint: the top-size shapes of the shard's run counted so far (`None`: the
    /// shard is finished).
    done: Option<usize>,
    /// Positions this shard counted.
    positions: u64,
    rows: Vec<Row<Small>>,
    /// SHA-256 of everything above, as JSON.
    checksum: String,
}

fn checksum(file: &ShardFile) -> String {
    let mut hash = Sha256::new();
    let body = serde_json::to_vec(&(
        FORMAT,
        &file.schema,
        &file.family,
        file.shard,
        file.done,
        file.positions,
        &file.rows,
    ))
    .unwrap_or_default();
    hash.update(body);
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

impl ShardFile {
    /// The result of one shard of `family`; `None` if a value is not a number (the fast engine
    /// only ever computes numbers).
    pub fn new(family: &Family, shard: Shard, rows: &[Row]) -> Option<ShardFile> {
        ShardFile::partial(family, shard, None, rows)
    }

    /// A checkpoint of one shard: its rows after `done` shapes of its run of the top size.
    pub fn checkpoint(
        family: &Family,
        shard: Shard,
        done: usize,
        rows: &[Row],
    ) -> Option<ShardFile> {
        ShardFile::partial(family, shard, Some(done), rows)
    }

    fn partial(
        family: &Family,
        shard: Shard,
        done: Option<usize>,
        rows: &[Row],
    ) -> Option<ShardFile> {
        let rows = rows
            .iter()
            .map(|r| {
                Some(Row {
                    record: r.record.map(|v| match v {
                        Val::Num(x) => Some(x),
                        Val::Game(_) => None,
                    })?,
                    count: r.count,
                    first: r.first,
                    order: r.order,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let schema = super::cache::schema().to_string();
        let positions = rows.iter().map(|r| r.count).sum();
        let mut file = ShardFile {
            format: FORMAT.into(),
            checksum: String::new(),
            schema,
            family: family.key(),
            shard,
            done,
            positions,
            rows,
        };
        file.checksum = checksum(&file);
        Some(file)
    }

    /// The rows, as a census holds them.
    pub fn into_rows(self) -> Vec<Row> {
        self.rows
            .into_iter()
            .filter_map(|r| {
                Some(Row {
                    record: r.record.map(|x| Some(Val::Num(x)))?,
                    count: r.count,
                    first: r.first,
                    order: r.order,
                })
            })
            .collect()
    }

    pub fn shard(&self) -> Shard {
        self.shard
    }

    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Writes the file (through a temporary file, so a half-written shard is never seen).
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let tmp = path.with_extension("part");
        std::fs::write(&tmp, serde_json::to_vec(self)?)?;
        std::fs::rename(tmp, path)
    }

    /// Reads a shard file and checks its checksum.
    pub fn read(path: &Path) -> Result<ShardFile, String> {
        let shown = path.display();
        let bytes = std::fs::read(path).map_err(|e| format!("{shown}: cannot read: {e}"))?;
        let file: ShardFile = serde_json::from_slice(&bytes)
            .map_err(|e| format!("{shown}: not a census shard file: {e}"))?;
        if file.format != FORMAT {
            return Err(format!(
                "{shown}: a shard file of format `{}`, not `{FORMAT}`",
                file.format
            ));
        }
        if checksum(&file) != file.checksum {
            return Err(format!(
                "{shown}: the checksum does not match its content (the file was altered or damaged)"
            ));
        }
        Ok(file)
    }
}

/// Merges the shards of `family` into its rows, or says every reason the set is refused: a
/// file of another census or engine, a shard split another way, missing or given twice, or a
/// total that is not the family's size.
pub fn merge(family: &Family, files: Vec<(String, ShardFile)>) -> Result<Vec<Row>, Vec<String>> {
    let mut problems = Vec::new();
    let Some((_, first)) = files.first() else {
        return Err(vec!["no shard files given".into()]);
    };
    let count = first.shard.count;
    let mut seen: Vec<Option<&str>> = vec![None; count];
    for (name, file) in &files {
        if file.family != family.key() {
            problems.push(format!(
                "{name}: a shard of `{}`, not of `{}`",
                file.family,
                family.key()
            ));
        }
        if file.schema != super::cache::schema() {
            problems.push(format!(
                "{name}: computed by another version of the engine (schema {}…, this one {}…)",
                &file.schema[..12.min(file.schema.len())],
                &super::cache::schema()[..12]
            ));
        }
        if let Some(done) = file.done {
            problems.push(format!(
                "{name}: a checkpoint ({done} shapes done), not a finished shard"
            ));
        }
        let Shard { index, count: of } = file.shard;
        if of != count || index >= of {
            problems.push(format!(
                "{name}: shard {} of {of}, but the first file is one of {count}",
                index + 1
            ));
            continue;
        }
        match seen[index] {
            Some(other) => problems.push(format!(
                "{name}: shard {} of {count} is given twice (also {other})",
                index + 1
            )),
            None => seen[index] = Some(name),
        }
    }
    let missing: Vec<String> = (0..count)
        .filter(|&i| seen[i].is_none())
        .map(|i| (i + 1).to_string())
        .collect();
    if !missing.is_empty() {
        problems.push(format!(
            "shard{} {} of {count} missing",
            if missing.len() > 1 { "s" } else { "" },
            missing.join(", ")
        ));
    }
    let total: u128 = files.iter().map(|(_, f)| f.positions as u128).sum();
    if problems.is_empty() && total != family.size() {
        problems.push(format!(
            "the shards count {total} positions, but the census holds {}",
            family.size()
        ));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(combine(files.into_iter().map(|(_, f)| f.into_rows())))
}

/// Where a shard's result goes unless told: `census-NAME-3-of-8.json` (shards count from 1).
pub fn default_path(name: &str, shard: Shard) -> std::path::PathBuf {
    format!("census-{name}-{}-of-{}.json", shard.index + 1, shard.count).into()
}

/// How often a shard saves a checkpoint beside its result file.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(60);

/// Positions of the top size between two chances to save a checkpoint (a second or two).
const CHECKPOINT_CHUNK: u64 = 1 << 22;

/// Where a shard's checkpoint goes: `census-forests12-3-of-8.checkpoint` beside
/// `census-forests12-3-of-8.json`.
pub fn checkpoint_path(path: &Path) -> PathBuf {
    path.with_extension("checkpoint")
}

/// Computes one shard of `family` into `path`, unless `path` already holds that shard's result
/// (a job array run again redoes only the shards that did not finish). Every `every` (at most
/// [`CHECKPOINT_EVERY`] in production) it saves a checkpoint beside the file, and a shard
/// interrupted and run again resumes from it; the checkpoint is removed when the shard is
/// written. A file in either place that is not this shard's is never overwritten. Returns what
/// was done, for the log.
pub fn run_to_file(
    family: &Family,
    label: &str,
    shard: Shard,
    path: &Path,
    every: Duration,
    games: &mut crate::games::Games,
) -> Result<String, String> {
    let shown = path.display();
    if !family.palette.is_blue_red() || family.rules != crate::hackenbush::Rules::Normal {
        return Err(format!(
            "`{label}` cannot be sharded: shards are computed by the fast engine, which values \
             blue-red forests under the normal rules"
        ));
    }
    if path.exists() {
        match ShardFile::read(path) {
            Ok(done)
                if done.family == family.key()
                    && done.schema == super::cache::schema()
                    && done.shard == shard =>
            {
                return Ok(format!(
                    "{shown} already holds shard {} of {} ({} positions): kept",
                    shard.index + 1,
                    shard.count,
                    done.positions
                ));
            }
            _ => {
                return Err(format!(
                "{shown} exists and is not shard {} of {} of `{}` by this engine: not overwritten",
                shard.index + 1,
                shard.count,
                family.key()
            ))
            }
        }
    }
    let checkpoint = checkpoint_path(path);
    let (done, rows) = resume_from(family, shard, &checkpoint)?;
    let cost = family.shard_cost(shard);
    eprintln!(
        "census {label}, shard {} of {}: {}{}",
        shard.index + 1,
        shard.count,
        cost.describe(),
        if done > 0 {
            format!(", resumed after {done} shapes of the largest size")
        } else {
            String::new()
        }
    );
    let progress = super::progress::Progress::new(cost.evaluated as u64, label);
    let mut ordinal = |sign: i8, x: Small| super::workspace::ordinal_sum(games, sign, x);
    let mut save = |done: usize, rows: Vec<Row>| {
        let file = ShardFile::checkpoint(family, shard, done, &rows)
            .ok_or("a value that is not a number")?;
        file.write(&checkpoint)
            .map_err(|e| format!("cannot write {}: {e}", checkpoint.display()))
    };
    let kn = family.palette.colourings(family.max_edges);
    let how = How {
        stream: family.streams(),
        resume: Some(Resume {
            done,
            rows,
            chunk: (CHECKPOINT_CHUNK / kn).max(1) as usize,
            every,
            save: &mut save,
        }),
    };
    let rows = super::engine::run_with(family, shard, how, &mut ordinal, &|n| progress.add(n));
    progress.finish();
    let rows = rows.map_err(|e| format!("the fast engine cannot run `{label}`: {e:?}"))?;
    let file = ShardFile::new(family, shard, &rows)
        .ok_or_else(|| format!("`{label}` has a value that is not a number"))?;
    file.write(path)
        .map_err(|e| format!("cannot write {shown}: {e}"))?;
    if checkpoint.exists() {
        // Ours (it was read, or written, above): the result supersedes it.
        let _ = std::fs::remove_file(&checkpoint);
    }
    Ok(format!(
        "wrote shard {} of {} of `{label}` ({} positions, {} records) to {shown}{}",
        shard.index + 1,
        shard.count,
        file.positions,
        file.rows.len(),
        if done > 0 {
            format!(" (resumed after {done} shapes of the largest size)")
        } else {
            String::new()
        }
    ))
}

/// Where a shard starts: the shapes done and rows of its checkpoint, or nothing done. A file
/// at the checkpoint's place that is not a checkpoint of this shard is refused (it is never
/// overwritten).
fn resume_from(
    family: &Family,
    shard: Shard,
    checkpoint: &Path,
) -> Result<(usize, Vec<Row>), String> {
    if !checkpoint.exists() {
        return Ok((0, Vec::new()));
    }
    match ShardFile::read(checkpoint) {
        Ok(file)
            if file.family == family.key()
                && file.schema == super::cache::schema()
                && file.shard == shard
                && file.done.is_some() =>
        {
            Ok((file.done.unwrap_or(0), file.into_rows()))
        }
        _ => Err(format!(
            "{} exists and is not a checkpoint of shard {} of {} of `{}` by this engine: not \
             overwritten",
            checkpoint.display(),
            shard.index + 1,
            shard.count,
            family.key()
        )),
    }
}

/// Reads and merges shard files (every unreadable file and every inconsistency reported
/// together).
pub fn merge_files(family: &Family, paths: &[std::path::PathBuf]) -> Result<Vec<Row>, Vec<String>> {
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for path in paths {
        match ShardFile::read(path) {
            Ok(file) => files.push((path.display().to_string(), file)),
            Err(e) => problems.push(e),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    merge(family, files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::engine::run_shard;
    use crate::census::family::Kind;
    use crate::census::forest::Palette;
    use crate::games::signs;
    use crate::hackenbush::Colour;

    fn family(max_edges: usize) -> Family {
        Family {
            kind: Kind::Forests,
            min_edges: 1,
            max_edges,
            palette: Palette::new(&[Colour::Blue, Colour::Red]),
            rules: crate::hackenbush::Rules::Normal,
        }
    }

    fn shard_files(family: &Family, count: usize) -> Vec<(String, ShardFile)> {
        (0..count)
            .map(|index| {
                let shard = Shard { index, count };
                let mut ordinal =
                    |s: i8, x: Small| signs::colon(s > 0, &x).ok_or_else(|| "overflow".into());
                let rows = run_shard(family, shard, &mut ordinal, &|_| {}).unwrap();
                (
                    format!("s{}", index + 1),
                    ShardFile::new(family, shard, &rows).unwrap(),
                )
            })
            .collect()
    }

    fn refusal(family: &Family, files: Vec<(String, ShardFile)>) -> String {
        merge(family, files).unwrap_err().join("\n")
    }

    #[test]
    fn an_incomplete_or_mixed_set_is_refused_with_every_reason() {
        let f5 = family(5);
        let mut files = shard_files(&f5, 3);
        let second = files.remove(1);
        assert!(refusal(&f5, files).contains("shard 2 of 3 missing"));

        let mut files = shard_files(&f5, 3);
        let again = shard_files(&f5, 3).remove(0);
        files.push(again);
        let why = refusal(&f5, files);
        assert!(
            why.contains("shard 1 of 3 is given twice (also s1)"),
            "{why}"
        );

        // Another census, another split and another engine, all said at once.
        let mut files = shard_files(&f5, 3);
        files[2] = shard_files(&family(4), 3).remove(2);
        files.push(("two".into(), shard_files(&f5, 2).remove(1).1));
        files[0].1.schema = "0123456789abcdef".into();
        let why = refusal(&f5, files);
        assert!(why.contains("s3: a shard of `forests edges=1..=4"), "{why}");
        assert!(
            why.contains("two: shard 2 of 2, but the first file is one of 3"),
            "{why}"
        );
        assert!(
            why.contains("s1: computed by another version of the engine"),
            "{why}"
        );
        drop(second);
    }

    #[test]
    fn an_altered_file_fails_its_checksum() {
        let dir = tempfile::tempdir().unwrap();
        let f4 = family(4);
        let (_, file) = shard_files(&f4, 2).remove(0);
        let path = dir.path().join("a.json");
        file.write(&path).unwrap();
        assert!(ShardFile::read(&path).is_ok());
        let text = std::fs::read_to_string(&path).unwrap();
        let altered = text.replacen("\"positions\":", "\"positions\":1", 1);
        assert_ne!(altered, text);
        std::fs::write(&path, altered).unwrap();
        let why = ShardFile::read(&path).err().unwrap();
        assert!(why.contains("the checksum does not match"), "{why}");
    }

    #[test]
    fn shards_split_the_top_size_into_equal_runs() {
        let runs: Vec<_> = (0..3)
            .map(|index| Shard { index, count: 3 }.range(10))
            .collect();
        assert_eq!(runs, [0..3, 3..6, 6..10]);
        let f6 = family(6);
        let total: u128 = (0..4)
            .map(|index| f6.shard_cost(Shard { index, count: 4 }).evaluated)
            .sum();
        // Every shard tabulates the smaller sizes (1 + 2 + 8 + 40 + 224 + 1344 forests).
        assert_eq!(total, 4 * 1619 + 64 * 132);
    }
}
