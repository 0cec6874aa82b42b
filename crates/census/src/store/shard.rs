//! A census split into shards: one result file per shard, merged back into the census cache.
//!
//! The one idea: a census's result is already an aggregate — each distinct record once, with
//! how many positions have it and the smallest of them — and every query reads only that, so a
//! shard keeps exactly the same aggregate over its own positions. Merging adds the counts and
//! keeps the smaller of two smallest members (the order key is the global census order), which
//! is the unsharded result to the bit: `count`, `share`, `total`, `min`, `max`, `smallest` and
//! every counterexample come out the same. A file names its census and the engine that computed
//! it (the cache's schema hash) and is sealed under the user's key ([`hackenbook_base::trust`]), so a
//! merge refuses a set that is incomplete, holds a shard twice, mixes definitions or engines,
//! was altered or computed under another key; and what every file says is held to bounds and to
//! the closed forms (each size's positions: its shapes times their colourings) before it is
//! used, so a forged or damaged file is refused by name, never a panic.

use crate::engines::enumerating::combine;
use crate::engines::enumerating::{How, Resume};
use crate::families::forests::{Family, Shard};
use crate::record::{Row, Val};
use crate::small::Small;
use hackenbook_base::files;
use hackenbook_base::trust::{Key, Unsealed};
use hackenbook_rulesets::Family as _;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What a shard file says it is; a file of another format is refused by name.
const FORMAT: &str = "hackenbook census shard 2";

/// What a shard file (or checkpoint) is sealed as.
const KIND: &str = "census shard";

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
        let schema = crate::store::cache::schema().to_string();
        let positions = rows.iter().map(|r| r.count).sum();
        Some(ShardFile {
            format: FORMAT.into(),
            schema,
            family: family.key(),
            shard,
            done,
            positions,
            rows,
        })
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

    fn sealed(&self, key: &Key) -> std::io::Result<Vec<u8>> {
        Ok(key.seal(KIND, &serde_json::to_vec(self)?))
    }

    /// Writes the file sealed under `key`, only if nothing is at `path` (through a temporary
    /// file created new, so a half-written shard is never seen and no link is written through).
    pub fn write(&self, key: &Key, path: &Path) -> std::io::Result<()> {
        files::create(path, &self.sealed(key)?)
    }

    /// Reads a shard file named by the user (a link to one is followed) and checks its seal
    /// under `key` and that it is consistent with itself.
    pub fn read(key: &Key, path: &Path) -> Result<ShardFile, String> {
        let input = files::open_given(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?
            .ok_or_else(|| format!("{}: cannot read: no such file", path.display()))?;
        ShardFile::read_from(key, &path.display().to_string(), input)
    }

    /// Reads a file at a place hackenbook writes to (a shard's result or its checkpoint):
    /// `None` if nothing is there; a link or a FIFO there is refused, not followed.
    fn read_own(key: &Key, path: &Path) -> Result<Option<ShardFile>, String> {
        match files::open_own(path) {
            Ok(None) => Ok(None),
            Ok(Some(input)) => {
                ShardFile::read_from(key, &path.display().to_string(), input).map(Some)
            }
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// Reads the shard file `input` (named `shown` in what is said of it) as it streams, never
    /// holding its text: parsed as it goes through the seal's MAC, and believed only once the
    /// seal matches all of it, which is checked first — a file altered so that it no longer
    /// parses is refused for its seal. What it holds is then checked against itself.
    pub fn read_from(key: &Key, shown: &str, input: impl Read) -> Result<ShardFile, String> {
        // The JSON reader asks for a byte at a time: buffered here, not through `dyn Read`.
        let parsed = key
            .open_from(KIND, input, |body| {
                Ok(serde_json::from_reader::<_, ShardFile>(BufReader::new(
                    body,
                )))
            })
            .map_err(|e| format!("{shown}: cannot read: {e}"))?;
        let file = match parsed {
            Err(Unsealed::Missing) => {
                return Err(format!(
                    "{shown}: not a census shard file with a seal (one written before shards \
                     were sealed, or not a shard at all): compute it again with `hackenbook \
                     census shard`"
                ))
            }
            Err(Unsealed::Wrong) => {
                return Err(format!(
                    "{shown}: its seal does not match: it was altered since it was written, or \
                     written under another key than yours or by another version of hackenbook; \
                     compute it again with `hackenbook census shard` (on a cluster, under the \
                     same key: see the README's Shards)"
                ))
            }
            Ok(parsed) => parsed.map_err(|e| format!("{shown}: not a census shard file: {e}"))?,
        };
        if file.format != FORMAT {
            return Err(format!(
                "{shown}: a shard file of format `{}`, not `{FORMAT}`",
                file.format
            ));
        }
        let counted = file
            .rows
            .iter()
            .try_fold(0u64, |total, row| total.checked_add(row.count));
        if counted != Some(file.positions) || file.rows.iter().any(|r| r.count == 0) {
            return Err(format!(
                "{shown}: its rows do not add up to the {} positions it says it counted",
                file.positions
            ));
        }
        Ok(file)
    }

    /// Why this file is not a finished shard (or, with `done`, a checkpoint) of `family` split
    /// `count` ways that the closed forms allow: every number it holds checked against its
    /// bounds before it is used, and the positions of each size against the family's (the
    /// shapes of that size times their colourings).
    fn problems(&self, family: &Family) -> Vec<String> {
        let mut problems = Vec::new();
        if self.family != family.key() {
            problems.push(format!(
                "a shard of `{}`, not of `{}`",
                self.family,
                family.key()
            ));
        }
        if self.schema != crate::store::cache::schema() {
            problems.push(format!(
                "computed by another version of the engine (schema {}…, this one {}…)",
                self.schema.get(..12).unwrap_or(&self.schema),
                &crate::store::cache::schema()[..12]
            ));
        }
        if !problems.is_empty() {
            return problems;
        }
        let top = family.max_edges;
        let shapes = family.kind.shape_count(top);
        let Shard { index, count } = self.shard;
        let split_fits = u64::try_from(count).is_ok_and(|c| c >= 1 && c <= shapes);
        if !split_fits || index >= count {
            return vec![format!(
                "shard {} of {count}, which `{}` cannot have (it splits into 1 to {shapes} \
                 shards, by its shapes of {top} edges)",
                index.saturating_add(1),
                family.key()
            )];
        }
        let run = self.shard.range(shapes as usize).len();
        if self.done.is_some_and(|done| done > run) {
            return vec![format!(
                "a checkpoint after {} shapes of a run of {run}",
                self.done.unwrap_or(0)
            )];
        }
        let mut by_size: BTreeMap<u64, u128> = BTreeMap::new();
        for row in &self.rows {
            let edges = u64::from(row.record.edges);
            if row.order >> 56 != edges {
                return vec![format!(
                    "a row of {edges} edges whose smallest member is not of {edges} edges"
                )];
            }
            *by_size.entry(edges).or_default() += u128::from(row.count);
        }
        let colourings = |n: usize| u128::from(family.palette.colourings(n));
        let expected = |n: usize| -> u128 {
            match self.done {
                Some(done) if n == top => colourings(top) * done as u128,
                Some(_) => 0,
                None if n == top => colourings(top) * run as u128,
                None if index == 0 => family.size_of(n),
                None => 0,
            }
        };
        for n in 0..=top {
            let (want, got) = (expected(n), by_size.remove(&(n as u64)).unwrap_or(0));
            if want != got {
                problems.push(format!(
                    "it counts {got} positions of {n} edges where this shard has {want}"
                ));
            }
        }
        for (n, got) in by_size {
            problems.push(format!(
                "it counts {got} positions of {n} edges, outside the census"
            ));
        }
        problems
    }
}

/// Merges the shards of `family` into its rows, or says every reason the set is refused: a
/// file of another census or engine, a shard split another way, missing or given twice, a
/// count of positions that the closed forms do not allow, or a total that is not the family's
/// size.
pub fn merge(family: &Family, files: Vec<(String, ShardFile)>) -> Result<Vec<Row>, Vec<String>> {
    let mut problems = Vec::new();
    let Some((first_name, first)) = files.first() else {
        return Err(vec!["no shard files given".into()]);
    };
    let count = first.shard.count;
    let shapes = family.kind.shape_count(family.max_edges);
    // Bounded before anything is sized by it.
    if !u64::try_from(count).is_ok_and(|c| c >= 1 && c <= shapes) {
        return Err(vec![format!(
            "{first_name}: one of {count} shards, but `{}` splits into 1 to {shapes} shards",
            family.key()
        )]);
    }
    let mut seen: Vec<Option<&str>> = vec![None; count];
    for (name, file) in &files {
        if let Some(done) = file.done {
            problems.push(format!(
                "{name}: a checkpoint ({done} shapes done), not a finished shard"
            ));
            continue;
        }
        let Shard { index, count: of } = file.shard;
        if file.family == family.key() && (of != count || index >= of) {
            problems.push(format!(
                "{name}: shard {} of {of}, but the first file is one of {count}",
                index.saturating_add(1)
            ));
            continue;
        }
        let found = file.problems(family);
        if !found.is_empty() {
            problems.extend(found.into_iter().map(|p| format!("{name}: {p}")));
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

/// Computes one shard of `family` into `path`, sealed under `key`, unless `path` already holds
/// that shard's result (a job array run again redoes only the shards that did not finish).
/// Every `every` (at most [`CHECKPOINT_EVERY`] in production) it saves a checkpoint beside the
/// file, and a shard interrupted and run again resumes from it — once its seal and its counts
/// are checked; the checkpoint is removed when the shard is written. A file in either place
/// that is not this shard's (a link, a FIFO, another file) is never read through nor
/// overwritten. Returns what was done, for the log.
pub fn run_to_file(
    family: &Family,
    label: &str,
    shard: Shard,
    path: &Path,
    every: Duration,
    key: &Key,
    games: &mut hackenbook_games::Games,
) -> Result<String, String> {
    let shown = path.display();
    if !family.palette.is_blue_red()
        || family.rules != hackenbook_rulesets::hackenbush::Rules::Normal
    {
        return Err(format!(
            "`{label}` cannot be sharded: shards are computed by the fast engine, which values \
             blue-red forests under the normal rules"
        ));
    }
    let checkpoint = checkpoint_path(path);
    if checkpoint == path {
        return Err(format!(
            "{shown}: a shard's result cannot end in `.checkpoint`, the name of its checkpoint"
        ));
    }
    let not_ours = |why: String| {
        format!(
            "{shown} exists and is not shard {} of {} of `{}` by this engine ({why}): not \
             overwritten",
            shard.index + 1,
            shard.count,
            family.key()
        )
    };
    if let Some(done) = ShardFile::read_own(key, path).map_err(not_ours)? {
        let mut problems = done.problems(family);
        if done.shard != shard || done.done.is_some() {
            problems.push(format!(
                "it holds shard {} of {}",
                done.shard.index.saturating_add(1),
                done.shard.count
            ));
        }
        if !problems.is_empty() {
            return Err(not_ours(problems.join("; ")));
        }
        return Ok(format!(
            "{shown} already holds shard {} of {} ({} positions): kept",
            shard.index + 1,
            shard.count,
            done.positions
        ));
    }
    let (done, rows) = resume_from(family, shard, &checkpoint, key)?;
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
    let progress = crate::progress::Progress::new(cost.evaluated as u64, label);
    let mut ordinal = |sign: i8, x: Small| crate::engines::enumerating::ordinal_sum(games, sign, x);
    let mut save = |done: usize, rows: Vec<Row>| {
        let file = ShardFile::checkpoint(family, shard, done, &rows)
            .ok_or("a value that is not a number")?;
        // The checkpoint's place holds nothing, or the checkpoint read (and checked) above or
        // written here: replacing it writes through nothing.
        file.sealed(key)
            .and_then(|bytes| files::replace(&checkpoint, &bytes))
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
    let rows = crate::engines::enumerating::run_with(family, shard, how, &mut ordinal, &|n| {
        progress.add(n)
    });
    progress.finish();
    let rows = rows.map_err(|e| format!("the fast engine cannot run `{label}`: {e:?}"))?;
    let file = ShardFile::new(family, shard, &rows)
        .ok_or_else(|| format!("`{label}` has a value that is not a number"))?;
    // Held to the closed forms before it is written, as `census merge` holds it after.
    let problems = file.problems(family);
    if !problems.is_empty() {
        return Err(format!("`{label}`: {}", problems.join("; ")));
    }
    file.write(key, path).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => {
            format!("{shown} appeared while the shard ran: not overwritten")
        }
        _ => format!("cannot write {shown}: {e}"),
    })?;
    if std::fs::symlink_metadata(&checkpoint).is_ok() {
        // Ours (it was read, or written, above): the result supersedes it. Removing a name
        // never touches what a link there points to.
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
/// at the checkpoint's place that is not a checkpoint of this shard — not sealed under `key`,
/// of another shard, or whose counts the closed forms refuse — is refused by name (and never
/// overwritten).
fn resume_from(
    family: &Family,
    shard: Shard,
    checkpoint: &Path,
    key: &Key,
) -> Result<(usize, Vec<Row>), String> {
    let refused = |why: String| {
        format!(
            "{} exists and is not a checkpoint of shard {} of {} of `{}` by this engine ({why}): \
             not overwritten; remove it to start the shard afresh",
            checkpoint.display(),
            shard.index + 1,
            shard.count,
            family.key()
        )
    };
    let Some(file) = ShardFile::read_own(key, checkpoint).map_err(refused)? else {
        return Ok((0, Vec::new()));
    };
    let mut problems = file.problems(family);
    if file.shard != shard || file.done.is_none() {
        problems.push(format!(
            "it is {} shard {} of {}",
            if file.done.is_none() {
                "the finished"
            } else {
                "a checkpoint of"
            },
            file.shard.index.saturating_add(1),
            file.shard.count
        ));
    }
    match file.done {
        Some(done) if problems.is_empty() => Ok((done, file.into_rows())),
        _ => Err(refused(problems.join("; "))),
    }
}

/// Reads and merges shard files, each sealed under `key` (every unreadable file and every
/// inconsistency reported together).
pub fn merge_files(
    family: &Family,
    paths: &[std::path::PathBuf],
    key: &Key,
) -> Result<Vec<Row>, Vec<String>> {
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for path in paths {
        match ShardFile::read(key, path) {
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
    use crate::engines::enumerating::run_shard;
    use crate::families::forests::forests as family;
    use hackenbook_games::signs;

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
    fn an_altered_file_or_one_sealed_under_another_key_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let (key, other) = (Key::from_bytes([7; 32]), Key::from_bytes([8; 32]));
        let f4 = family(4);
        let (_, file) = shard_files(&f4, 2).remove(0);
        let path = dir.path().join("a.json");
        file.write(&key, &path).unwrap();
        assert!(ShardFile::read(&key, &path).is_ok());
        let why = ShardFile::read(&other, &path).err().unwrap();
        assert!(why.contains("its seal does not match"), "{why}");
        let text = std::fs::read_to_string(&path).unwrap();
        let altered = text.replacen("\"positions\":", "\"positions\":1", 1);
        assert_ne!(altered, text);
        std::fs::write(&path, altered).unwrap();
        let why = ShardFile::read(&key, &path).err().unwrap();
        assert!(
            why.starts_with(&format!("{}: its seal does not match", path.display())),
            "{why}"
        );
        // Altered so that it no longer parses, or cut short: refused for its seal, which is
        // checked over all of it though the parse stopped early.
        let broken = text.replacen("\"rows\":[", "\"rows\":[[", 1);
        assert_ne!(broken, text);
        for (what, bytes) in [
            ("no longer parses", broken.as_bytes()),
            ("cut short", &text.as_bytes()[..text.len() - 10]),
        ] {
            std::fs::write(&path, bytes).unwrap();
            let why = ShardFile::read(&key, &path).err().unwrap();
            assert!(why.contains("its seal does not match"), "{what}: {why}");
        }
        // Unsealed, as an older hackenbook wrote it: refused, not believed.
        std::fs::write(&path, serde_json::to_vec(&file).unwrap()).unwrap();
        let why = ShardFile::read(&key, &path).err().unwrap();
        assert!(why.contains("not a census shard file with a seal"), "{why}");
    }

    /// A reader of bytes that gives each read all it asks for, and remembers the most it was
    /// asked for at once.
    struct Asked<'b> {
        bytes: &'b [u8],
        largest: usize,
    }

    impl Read for Asked<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.largest = self.largest.max(buf.len());
            let n = buf.len().min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// A shard file is parsed as it is read, never read whole first: reading one of megabytes
    /// asks the file for no more than the seal's buffer at a time (reading it whole into one
    /// buffer asks for ever more, up to the file's size), and what it holds comes back.
    #[test]
    fn a_shard_file_is_read_as_it_streams_and_believed_only_under_its_seal() {
        let key = Key::from_bytes([7; 32]);
        let (_, mut file) = shard_files(&family(5), 1).remove(0);
        let rows = file.rows.clone();
        for _ in 0..200 {
            file.rows.extend(rows.iter().cloned());
        }
        file.positions = file.rows.iter().map(|r| r.count).sum();
        let sealed = file.sealed(&key).unwrap();
        assert!(sealed.len() > 4 << 20, "{} bytes", sealed.len());
        let mut input = Asked {
            bytes: &sealed,
            largest: 0,
        };
        let back = ShardFile::read_from(&key, "big", &mut input).unwrap();
        assert_eq!(back.rows, file.rows);
        assert_eq!(back.positions, file.positions);
        assert!(input.bytes.is_empty());
        assert!(
            input.largest <= 1 << 16,
            "asked for {} bytes",
            input.largest
        );
        // The same bytes with one changed near the end, after every row was parsed: refused.
        let mut altered = sealed.clone();
        let at = altered.len() - 3;
        altered[at] = b' ';
        let why = ShardFile::read_from(&key, "big", &altered[..])
            .err()
            .unwrap();
        assert!(why.starts_with("big: its seal does not match"), "{why}");
    }

    /// A file sealed under the right key but saying what no shard can (as a bug, or a key
    /// that leaked, would write it): every number is held to its bounds and to the closed
    /// forms, and refused by name — never a panic, never a wrong figure.
    #[test]
    fn a_sealed_file_that_the_closed_forms_refuse_is_refused_by_name() {
        let f5 = family(5);
        let refuse = |edit: &dyn Fn(&mut ShardFile), expect: &str| {
            let mut files = shard_files(&f5, 3);
            edit(&mut files[1].1);
            let why = refusal(&f5, files);
            assert!(why.contains(expect), "{expect}: {why}");
        };
        // A count of shards that would size the bookkeeping past memory.
        refuse(
            &|f| f.shard.count = usize::MAX,
            "shard 2 of 18446744073709551615, but the first file is one of 3",
        );
        let mut files = shard_files(&f5, 3);
        files[0].1.shard = Shard {
            index: usize::MAX,
            count: usize::MAX,
        };
        let why = refusal(&f5, files);
        let expect = "s1: one of 18446744073709551615 shards, but `forests edges=1..=5 \
                      colours=LR` splits into 1 to 42 shards";
        assert!(why.contains(expect), "{why}");
        // A million positions more in one record, the file's own total raised to match.
        refuse(
            &|f| {
                f.rows[0].count += 1_000_000;
                f.positions += 1_000_000;
            },
            "s2: it counts 1000448 positions of 5 edges where this shard has 448",
        );
        // A record moved to a size it is not of.
        refuse(
            &|f| f.rows[0].order = 3 << 56,
            "s2: a row of 5 edges whose smallest member is not of 5 edges",
        );
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
