//! The Parquet export of the census of blue-red forests of 1 to 8 edges, read back by the
//! parquet crate's reader and, independently, by DuckDB (2.0.0, from PyPI, installed by the tests
//! themselves: see `tests/oracles/mod.rs`): one row per position, every position once, each with
//! its census record and the derived properties the queries compute.
#![cfg(feature = "parquet")]

#[path = "../../../tests/oracles/mod.rs"]
mod oracles;

use hackenbook_census::engines::enumerating;
use hackenbook_census::engines::enumerating::run;
use hackenbook_census::families::forests::{Family, Kind};
use hackenbook_census::record::{Record, Val};
use hackenbook_census::small::Small;
use hackenbook_census::store::export::write_parquet;
use hackenbook_census::{Figure, Workspace};
use hackenbook_rulesets::hackenbush::Colour;
use hackenbook_rulesets::hackenbush::Evaluator;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::Field;
use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

fn forests(max_edges: usize) -> Family {
    Family::new(Kind::Forests, 1..=max_edges, &[Colour::Blue, Colour::Red])
}

/// A number as a double, from its written form (`-3/8`), not by the exporter's conversion.
fn double(x: Small) -> f64 {
    let text = x.to_string();
    match text.split_once('/') {
        Some((n, d)) => n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap(),
        None => text.parse().unwrap(),
    }
}

fn num(v: Val) -> f64 {
    match v {
        Val::Num(x) => double(x),
        Val::Game(_) => panic!("a blue-red forest's value is a number"),
    }
}

/// The record's fields, as the table's first columns after `notation` hold them.
type Key = [u64; 15];

/// The columns of [`key`], by name: each of the record's fields must be one.
const FIELDS: [&str; 15] = [
    "edges",
    "blue",
    "red",
    "green",
    "trunks",
    "height",
    "spine",
    "path",
    "cycles",
    "colon",
    "value",
    "reading",
    "tree_rule",
    "sum",
    "ordinal_sum",
];

fn key(r: &Record) -> Key {
    let int = |x: u32| u64::from(x);
    let small = |x: u8| u64::from(x);
    let float = |v: Val| num(v).to_bits();
    [
        int(r.edges),
        int(r.blue),
        int(r.red),
        int(r.green),
        int(r.trunks),
        small(r.height),
        small(r.spine),
        r.path as u64,
        int(r.cycles),
        r.colon as u64,
        float(r.value),
        float(r.reading),
        float(r.tree_rule),
        float(r.sum),
        float(r.ordinal_sum),
    ]
}

fn cell_bits(f: &Field) -> u64 {
    match f {
        Field::Int(x) => *x as u64,
        Field::Bool(b) => *b as u64,
        Field::Double(d) => d.to_bits(),
        other => panic!("unexpected cell {other:?}"),
    }
}

fn count(ws: &mut Workspace, ev: &mut Evaluator, query: &str) -> u64 {
    match ws.evaluate(query, ev).unwrap() {
        Figure::Integer(n) => n.try_into().unwrap(),
        other => panic!("{query}: {other:?}"),
    }
}

#[test]
fn the_table_is_the_census_position_by_position() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("forests8.parquet");
    let family = forests(8);
    let mut ev = Evaluator::default();
    let said = write_parquet(&family, &path, &|_| {}, &mut ev.games).unwrap();
    assert!(said.contains("431,058 positions"), "{said}");
    let census = {
        let mut ordinal = |s: i8, x: Small| enumerating::ordinal_sum(&mut ev.games, s, x);
        run(&family, &mut ordinal, &|_| {}).unwrap()
    };

    let reader = SerializedFileReader::new(std::fs::File::open(&path).unwrap()).unwrap();
    let rows = reader.metadata().file_metadata().num_rows() as u128;
    assert_eq!(rows, family.size());
    // Group the file's rows by the record's fields: each group is one census row, as many
    // positions, the first in file order its smallest member.
    let mut groups: HashMap<Key, (u64, String)> = HashMap::new();
    let mut columns: HashMap<String, usize> = HashMap::new();
    let mut derived: HashMap<&str, u64> = HashMap::new();
    let mut previous = String::new();
    // The record's fields as the library lists them are the ones read here.
    assert_eq!(hackenbook_census::record::FIELD_NAMES, FIELDS);
    for row in reader.get_row_iter(None).unwrap() {
        let row = row.unwrap();
        let cells: Vec<(&String, &Field)> = row.get_column_iter().collect();
        if columns.is_empty() {
            columns = cells
                .iter()
                .enumerate()
                .map(|(i, (n, _))| (n.to_string(), i))
                .collect();
        }
        let Field::Str(notation) = cells[0].1 else {
            panic!("notation is text")
        };
        assert_ne!(notation, &previous, "a position twice in a row");
        previous = notation.clone();
        let mut record: Key = [0; 15];
        for (k, name) in record.iter_mut().zip(FIELDS) {
            *k = cell_bits(cells[columns[name]].1);
        }
        let entry = groups.entry(record).or_insert((0, notation.clone()));
        entry.0 += 1;
        let cell = |name: &str| cells[columns[name]].1;
        for (name, holds) in [
            ("sign = 1", cell("sign") == &Field::Double(1.0)),
            ("places = 3", cell("places") == &Field::Double(3.0)),
            (
                "temperature = -1/8",
                cell("temperature") == &Field::Double(-0.125),
            ),
            ("tree", cell("tree") == &Field::Bool(true)),
            (
                "atomic_weight defined",
                cell("atomic_weight") != &Field::Null,
            ),
        ] {
            *derived.entry(name).or_default() += holds as u64;
        }
    }
    assert_eq!(groups.len(), census.len());
    for row in &census {
        let (n, first) = &groups[&key(&row.record)];
        assert_eq!(*n, row.count, "{}", row.first.notation());
        assert_eq!(first, &row.first.notation());
    }

    // The derived columns against the same questions asked as queries.
    let mut ws = Workspace::new(None);
    for (name, query) in [
        ("sign = 1", "count forests8 where sign = 1"),
        ("places = 3", "count forests8 where places = 3"),
        (
            "temperature = -1/8",
            "count forests8 where temperature = -1/8",
        ),
        ("tree", "count forests8 where tree"),
        // A number has an atomic weight only if it is 0 (the only all-small number).
        ("atomic_weight defined", "count forests8 where value = 0"),
    ] {
        assert_eq!(derived[name], count(&mut ws, &mut ev, query), "{name}");
    }

    duckdb_reads_it(&path, &census, &mut ws, &mut ev);
}

/// DuckDB, a reader that shares no code with ours, runs the README's query and looks up
/// positions by notation.
fn duckdb_reads_it(
    path: &Path,
    census: &[hackenbook_census::record::Row],
    ws: &mut Workspace,
    ev: &mut Evaluator,
) {
    let picks: Vec<_> = [1usize, 100, 1000, census.len() - 1]
        .iter()
        .map(|&i| &census[i])
        .collect();
    let lookups: Vec<String> = picks
        .iter()
        .map(|r| format!("'{}'", r.first.notation()))
        .collect();
    let script = format!(
        r#"
import duckdb, sys
con = duckdb.connect()
con.execute("CREATE VIEW f AS SELECT * FROM read_parquet('{path}')")
for row in con.execute("""
    SELECT edges, count(*) AS forests, count(*) FILTER (reading = value) AS reading_right
    FROM f GROUP BY edges ORDER BY edges""").fetchall():
    print("group", *row)
for notation in [{lookups}]:
    print("position", *con.execute(
        "SELECT notation, edges, value, reading, tree_rule FROM f WHERE notation = ?",
        [notation]).fetchall()[0])
"#,
        path = path.display(),
        lookups = lookups.join(", ")
    );
    let out = oracles::python()
        .args(["-c", &script])
        .output()
        .expect("python3 runs DuckDB");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "DuckDB failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines = text.lines();
    for edges in 1..=8 {
        let forests = count(ws, ev, &format!("count forests8 where edges = {edges}"));
        let right = count(
            ws,
            ev,
            &format!("count forests8 where edges = {edges} and reading = value"),
        );
        assert_eq!(
            lines.next(),
            Some(format!("group {edges} {forests} {right}").as_str())
        );
    }
    for r in picks {
        let want = format!(
            "position {} {} {:?} {:?} {:?}",
            r.first.notation(),
            r.record.edges,
            num(r.record.value),
            num(r.record.reading),
            num(r.record.tree_rule)
        );
        assert_eq!(lines.next(), Some(want.as_str()));
    }
    assert_eq!(lines.next(), None);
}

#[test]
fn a_file_it_did_not_write_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.parquet");
    std::fs::write(&path, "my notes").unwrap();
    let mut ev = Evaluator::default();
    let why = write_parquet(&forests(3), &path, &|_| {}, &mut ev.games).unwrap_err();
    assert!(why.contains("not overwritten"), "{why}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "my notes");
    // Its own table it replaces.
    let own = dir.path().join("f3.parquet");
    write_parquet(&forests(3), &own, &|_| {}, &mut ev.games).unwrap();
    let again = write_parquet(&forests(5), &own, &|_| {}, &mut ev.games).unwrap();
    assert!(again.contains("1,618 positions"), "{again}");
    // Nor a file where it writes on the way.
    let part = dir.path().join("f3.parquet.part");
    std::fs::write(&part, "mine too").unwrap();
    let why = write_parquet(&forests(3), &own, &|_| {}, &mut ev.games).unwrap_err();
    assert!(why.contains("f3.parquet.part exists"), "{why}");
    assert_eq!(std::fs::read_to_string(&part).unwrap(), "mine too");
}

#[cfg(unix)]
#[test]
fn a_fifo_at_the_table_is_refused_without_waiting() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pipe.parquet");
    assert!(Command::new("mkfifo")
        .arg(&path)
        .status()
        .unwrap()
        .success());
    let (tell, told) = std::sync::mpsc::channel();
    let fifo = path.clone();
    std::thread::spawn(move || {
        let mut ev = hackenbook_rulesets::hackenbush::Evaluator::default();
        let _ = tell.send(write_parquet(&forests(3), &fifo, &|_| {}, &mut ev.games));
    });
    let said = told
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the export waited on the FIFO");
    let why = said.unwrap_err();
    assert!(why.contains("not overwritten"), "{why}");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&path)
        .unwrap()
        .file_type()
        .is_fifo());
}

#[test]
fn an_export_past_its_time_limit_stops_and_leaves_nothing() {
    use hackenbook_games::Clock;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f8.parquet");
    let mut ev = hackenbook_rulesets::hackenbush::Evaluator::default();
    // A raised cancellation flag is read before the first batch; a time limit of zero at the
    // first batch's end: each stops the export, and neither the table nor its `.part` stays.
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    for clock in [
        Clock {
            limit: None,
            cancel: Some(flag),
        },
        Clock::limit(Some(std::time::Duration::ZERO)),
    ] {
        ev.games.set_clock(clock);
        let why = write_parquet(&forests(8), &path, &|_| {}, &mut ev.games).unwrap_err();
        assert!(why.starts_with("the export stopped: "), "{why}");
        assert!(!path.exists());
        assert!(!dir.path().join("f8.parquet.part").exists());
    }
}
