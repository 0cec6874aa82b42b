//! A census's per-position table as a Parquet file, for DuckDB, Polars or pandas.
//!
//! The one idea: a census keeps each distinct record once, but a researcher wants one row per
//! position. The fast engine hands over every position with its record in census order; the
//! record's own fields are written as they are, and every other property of the property table
//! is a function of the record, so it is worked out once per distinct record (by the same
//! readers queries use) and repeated for the positions that share it. A row group holds one
//! batch of positions, so memory stays that of the census plus one batch.

use crate::engines::enumerating::each_position;
use crate::engines::enumerating::ordinal_sum;
use crate::families::forests::Family;
use crate::forest::Forest;
use crate::query::property::PROPERTIES;
use crate::query::row::{Scalar, Values};
use crate::query::Type;
use crate::record::{Fact, Facts, Field, Record, Val, FIELD_NAMES};
use crate::small::Small;
use hackenbook_games::{Dyadic, Games};
use hackenbook_rulesets::Family as _;
use parquet::data_type::{BoolType, ByteArray, ByteArrayType, DoubleType, Int32Type};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::file::writer::SerializedFileWriter;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::path::Path;
use std::sync::Arc;

/// The key of the file's metadata naming the census it holds: a file that has it was written
/// here and may be replaced; any other file is never overwritten.
pub const METADATA_KEY: &str = "hackenbook.census";

/// One cell of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Cell {
    Int(i32),
    Bool(bool),
    Num(f64),
    /// The property is undefined for this position (the atomic weight of `1/2`).
    Empty,
}

#[derive(Clone, Copy, PartialEq)]
enum Physical {
    Int,
    Bool,
    Double,
}

/// The record's own fields, typed as they are held ([`record::FIELD_NAMES`]): its facts as
/// counts and conditions, its values as doubles.
fn record_columns() -> Vec<(&'static str, Physical)> {
    let facts = Facts::default().named().into_iter().map(|(name, fact)| {
        let physical = match fact {
            Fact::Count(_) => Physical::Int,
            Fact::Flag(_) => Physical::Bool,
        };
        (name, physical)
    });
    let values = Field::ALL.iter().map(|f| (f.name(), Physical::Double));
    facts.chain(values).collect()
}

/// The cells of a record's own fields, in [`record_columns`]' order.
fn record_cells(record: &Record) -> Result<Vec<Cell>, String> {
    let (facts, readings) = record.split();
    let mut out = Vec::new();
    for (_, fact) in facts.named() {
        out.push(match fact {
            Fact::Count(n) => int(n)?,
            Fact::Flag(b) => Cell::Bool(b),
        });
    }
    for (_, v) in readings.named() {
        out.push(val(v)?);
    }
    Ok(out)
}

/// A count as a 32-bit column; an exported member has at most 16 edges, and a larger count is
/// an error, never a wrapped one.
fn int(n: u32) -> Result<Cell, String> {
    i32::try_from(n)
        .map(Cell::Int)
        .map_err(|_| format!("the count {n} does not fit a 32-bit column"))
}

/// A dyadic rational with a numerator of 31 bits is exactly a double.
fn small(x: Small) -> Cell {
    let mut d = x.numerator() as f64;
    for _ in 0..x.exponent() {
        d *= 0.5;
    }
    Cell::Num(d)
}

fn val(v: Val) -> Result<Cell, String> {
    match v {
        Val::Num(x) => Ok(small(x)),
        Val::Game(_) => Err("a value that is not a number".into()),
    }
}

fn dyadic(d: &Dyadic) -> Result<Cell, String> {
    Small::from_dyadic(d)
        .map(small)
        .ok_or_else(|| format!("{d} is too large to be written exactly as a double"))
}

/// Every column after `notation`: the record's fields, then every other property of positions
/// in the property table's order (optional: empty where it is undefined).
fn columns() -> Vec<(&'static str, Physical, bool)> {
    let mut out: Vec<_> = (record_columns().into_iter())
        .map(|(n, p)| (n, p, true))
        .collect();
    for p in PROPERTIES {
        if p.read.is_some() && !FIELD_NAMES.contains(&p.name) {
            let physical = match p.ty {
                Type::Bool => Physical::Bool,
                Type::Value => Physical::Double,
            };
            out.push((p.name, physical, false));
        }
    }
    out
}

/// The Parquet schema: `notation`, then [`columns`].
fn schema() -> String {
    let mut s = String::from("message census {\n  required binary notation (UTF8);\n");
    for (name, physical, required) in columns() {
        let ty = match physical {
            Physical::Int => "int32",
            Physical::Bool => "boolean",
            Physical::Double => "double",
        };
        let rep = if required { "required" } else { "optional" };
        s.push_str(&format!("  {rep} {ty} {name};\n"));
    }
    s.push('}');
    s
}

/// The cells of one record, every column of [`columns`] in order.
fn cells(record: &Record, games: &mut Games) -> Result<Vec<Cell>, String> {
    let mut out = record_cells(record)?;
    let mut ev = Values { games };
    for p in PROPERTIES {
        let Some(read) = p.read else { continue };
        if FIELD_NAMES.contains(&p.name) {
            continue;
        }
        out.push(match read(&mut ev, record) {
            Ok(Scalar::Bool(b)) => Cell::Bool(b),
            Ok(Scalar::Num(d)) => dyadic(&d).map_err(|e| format!("`{}`: {e}", p.name))?,
            Ok(Scalar::Game(g)) => {
                return Err(format!(
                    "`{}` is {}, not a number",
                    p.name,
                    ev.games.display(g)
                ))
            }
            Err(_) => Cell::Empty,
        });
    }
    Ok(out)
}

/// The `.part` file of an export under way, removed if the export does not finish: it fails, or
/// its clock stops it (unwinding through [`write_parquet`]).
struct Unfinished<'a>(&'a Path);

impl Drop for Unfinished<'_> {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(self.0);
    }
}

/// The memory an export of `family` peaks at, about: every size below the top stored (an
/// export never streams), per distinct record its cells and its place in the index, and one
/// batch of positions with their records, notations and columns.
pub fn peak_bytes(family: &Family) -> u128 {
    use std::mem::size_of;
    let cells = columns().len() * size_of::<Cell>() + 48;
    let index = (size_of::<(Record, usize)>() + 1) * 8 / 7;
    let batch = BATCH_BYTES_PER_POSITION * crate::engines::enumerating::BATCH as u128;
    family.export_bytes((cells + index) as u128) + batch
}

/// What one position of a batch holds while it is written: the position and its record twice
/// (as found, then flattened), its notation, and its cells in the columns.
const BATCH_BYTES_PER_POSITION: u128 = 320;

/// Whether `path` is free to write: nothing there, or a census table written here.
fn writable(path: &Path) -> Result<(), String> {
    let shown = path.display();
    // Opened only if it is a regular file: a FIFO there would block the export for good.
    let there = hackenbook_base::files::open_given(path);
    if matches!(there, Ok(None)) {
        return Ok(());
    }
    let ours = there
        .ok()
        .flatten()
        .and_then(|f| SerializedFileReader::new(f).ok())
        .is_some_and(|r| {
            r.metadata()
                .file_metadata()
                .key_value_metadata()
                .is_some_and(|kv| kv.iter().any(|k| k.key == METADATA_KEY))
        });
    if ours {
        Ok(())
    } else {
        Err(format!(
            "{shown} exists and is not a census table written by hackenbook: not overwritten"
        ))
    }
}

/// Writes every position of `family` (a blue-red census) with its notation and every property
/// to `path` as Parquet, through `path.part` renamed at the end, so a half-written table is
/// never seen: an export that fails, or that the clock stops (read between batches of about a
/// million positions), removes its `path.part`. Values are the run's `games`. Returns what
/// was written, for the log.
pub fn write_parquet(
    family: &Family,
    path: &Path,
    progress: &(dyn Fn(u64) + Sync),
    games: &mut Games,
) -> Result<String, String> {
    // The run's clock (its time limit and cancellation flag), read between batches: a stop
    // ends the export like any failure, the `.part` removed.
    let clock = games.clock().start();
    clock
        .read()
        .map_err(|stop| format!("the export stopped: {stop}"))?;
    // The engine asks for ordinal sums between sizes and the sink for properties between
    // batches, both on this thread, never at once.
    let games = RefCell::new(games);
    let mut ordinal = |sign: i8, x: Small| ordinal_sum(&mut games.borrow_mut(), sign, x);
    writable(path)?;
    let shown = path.display();
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    let tmp = std::path::PathBuf::from(tmp);
    // Never over another file: a `.part` left by an interrupted export is the author's to remove.
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => format!(
                "{} exists (an export under way, or one interrupted): not overwritten; remove it \
                 to export again",
                tmp.display()
            ),
            _ => format!("cannot write {}: {e}", tmp.display()),
        })?;
    let part = Unfinished(&tmp);
    let failed = |e: parquet::errors::ParquetError| format!("cannot write {shown}: {e}");
    let schema = Arc::new(parquet::schema::parser::parse_message_type(&schema()).map_err(failed)?);
    let props = WriterProperties::builder()
        .set_created_by(format!("hackenbook {}", env!("CARGO_PKG_VERSION")))
        .set_key_value_metadata(Some(vec![KeyValue::new(
            METADATA_KEY.to_string(),
            family.key(),
        )]))
        .build();
    let mut writer = SerializedFileWriter::new(file, schema, Arc::new(props)).map_err(failed)?;
    let mut known: FxHashMap<Record, usize> = FxHashMap::default();
    let mut table: Vec<Vec<Cell>> = Vec::new();
    let mut rows = 0u64;
    // The positions written, by size, for the closed form.
    let mut by_size: std::collections::BTreeMap<u32, u64> = Default::default();
    let mut sink = |batch: Vec<(Forest, Record)>| -> Result<(), String> {
        clock
            .read()
            .map_err(|stop| format!("the export stopped: {stop}"))?;
        if batch.is_empty() {
            return Ok(());
        }
        let mut which = Vec::with_capacity(batch.len());
        for (_, record) in &batch {
            let i = match known.get(record) {
                Some(&i) => i,
                None => {
                    table.push(cells(record, &mut games.borrow_mut())?);
                    known.insert(*record, table.len() - 1);
                    table.len() - 1
                }
            };
            which.push(i);
        }
        let notations: Vec<ByteArray> = batch
            .iter()
            .map(|(f, _)| ByteArray::from(f.notation().into_bytes()))
            .collect();
        let mut group = writer.next_row_group().map_err(failed)?;
        let mut column = group.next_column().map_err(failed)?.ok_or("no column")?;
        column
            .typed::<ByteArrayType>()
            .write_batch(&notations, None, None)
            .map_err(failed)?;
        column.close().map_err(failed)?;
        for (k, (_, physical, required)) in columns().into_iter().enumerate() {
            let cells = which.iter().map(|&i| table[i][k]);
            let levels: Vec<i16> = cells.clone().map(|c| (c != Cell::Empty) as i16).collect();
            let levels = (!required).then_some(&levels[..]);
            let mut column = group.next_column().map_err(failed)?.ok_or("no column")?;
            match physical {
                Physical::Int => {
                    let v: Vec<i32> = cells
                        .filter_map(|c| if let Cell::Int(x) = c { Some(x) } else { None })
                        .collect();
                    column.typed::<Int32Type>().write_batch(&v, levels, None)
                }
                Physical::Bool => {
                    let v: Vec<bool> = cells
                        .filter_map(|c| if let Cell::Bool(x) = c { Some(x) } else { None })
                        .collect();
                    column.typed::<BoolType>().write_batch(&v, levels, None)
                }
                Physical::Double => {
                    let v: Vec<f64> = cells
                        .filter_map(|c| if let Cell::Num(x) = c { Some(x) } else { None })
                        .collect();
                    column.typed::<DoubleType>().write_batch(&v, levels, None)
                }
            }
            .map_err(failed)?;
            column.close().map_err(failed)?;
        }
        group.close().map_err(failed)?;
        rows += batch.len() as u64;
        for (_, record) in &batch {
            *by_size.entry(record.edges).or_default() += 1;
        }
        Ok(())
    };
    let result = each_position(family, &mut ordinal, progress, &mut sink);
    // Every position written once: the total of each size against the closed form.
    let result = result.and_then(|()| family.check_totals(by_size));
    let finished = result.and_then(|()| writer.close().map(drop).map_err(failed));
    finished?;
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot write {shown}: {e}"))?;
    std::mem::forget(part);
    Ok(format!(
        "wrote {} positions ({} distinct records, {} columns) to {shown}",
        crate::families::group(rows.into()),
        table.len(),
        columns().len() + 1
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of the record is a column of the table, required and typed as it is held
    /// (a count as `int32`, a condition as `boolean`, a value as `double`), in the record's
    /// order right after `notation`; every other property of positions follows once.
    #[test]
    fn every_record_field_is_a_column() {
        let columns = columns();
        let names: Vec<&str> = columns.iter().map(|c| c.0).collect();
        assert_eq!(&names[..FIELD_NAMES.len()], FIELD_NAMES);
        for (name, physical, required) in &columns[..FIELD_NAMES.len()] {
            assert!(required, "{name}");
            let want = match *name {
                "path" | "colon" => Physical::Bool,
                "value" | "reading" | "tree_rule" | "sum" | "ordinal_sum" => Physical::Double,
                _ => Physical::Int,
            };
            assert!(*physical == want, "{name}");
        }
        assert!(names.contains(&"cycles"));
        let schema = schema();
        assert!(schema.contains("required int32 cycles;"), "{schema}");
        for p in PROPERTIES.iter().filter(|p| p.read.is_some()) {
            let times = names.iter().filter(|&&n| n == p.name).count();
            assert_eq!(times, 1, "{}", p.name);
        }
    }
}
