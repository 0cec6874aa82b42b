//! A census run in shards and merged answers every query exactly as the census run whole: the
//! merged rows are the unsharded rows, and a workspace reading them from the cache gives the
//! same figure, smallest member and counterexample for every kind of query.
use hackenbook_base::trust::Key;
use hackenbook_census::engines::enumerating;
use hackenbook_census::engines::enumerating::{run, run_shard, run_with, How, Resume};
use hackenbook_census::families::forests::{Family, Kind, Shard};
use hackenbook_census::query::obtained::{CensusMethod, Engine, Origin};
use hackenbook_census::record::Row;
use hackenbook_census::small::Small;
use hackenbook_census::store::shard::{
    checkpoint_path, default_path, merge_files, run_to_file, ShardFile, CHECKPOINT_EVERY,
};
use hackenbook_census::{render_figure, Workspace};
use hackenbook_games::Games;
use hackenbook_rulesets::hackenbush::Colour;
use hackenbook_rulesets::hackenbush::Evaluator;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

fn family(kind: Kind, max_edges: usize) -> Family {
    Family::new(kind, 2..=max_edges, &[Colour::Blue, Colour::Red])
}

/// The key shards are sealed under in these tests (the user's own in production).
fn key() -> Key {
    Key::from_bytes([5; 32])
}

/// Every kind of query, with `N` for the census; some fail (a counterexample), some hold.
const QUERIES: &[&str] = &[
    "count N",
    "count N where reading = value",
    "share N where tree have colon",
    "all N have reading = value",
    "all N where colon have reading = value",
    "none N have tree_rule != value",
    "any N have value = 0 and blue > red",
    "smallest N where blue != red and sign != majority",
    "min value over N where height > 2",
    "max height over N where reading != value",
    "total blue - red over N where value > 0",
];

#[test]
fn merged_shards_are_the_unsharded_census() {
    let dir = tempfile::tempdir().unwrap();
    for (kind, name) in [(Kind::Forests, "forests"), (Kind::Trees, "trees")] {
        let whole = family(kind, 7);
        let mut ev = Evaluator::default();
        let mut ordinal = |s: i8, x: Small| enumerating::ordinal_sum(&mut ev.games, s, x);
        let unsharded = run(&whole, &mut ordinal, &|_| {}).unwrap();
        // Three shards through files, as a job array writes them, merged back.
        let paths: Vec<_> = (0..3)
            .map(|index| {
                let shard = Shard { index, count: 3 };
                let path = dir.path().join(default_path(name, shard));
                run_to_file(
                    &whole,
                    name,
                    shard,
                    &path,
                    CHECKPOINT_EVERY,
                    &key(),
                    &mut ev.games,
                )
                .unwrap();
                path
            })
            .collect();
        let merged = merge_files(&whole, &paths, &key()).unwrap();
        assert_eq!(merged, unsharded, "{name}");
        // Run again, a finished shard is kept, not recomputed.
        let again = run_to_file(
            &whole,
            name,
            Shard { index: 1, count: 3 },
            &paths[1],
            CHECKPOINT_EVERY,
            &key(),
            &mut ev.games,
        );
        assert!(again.unwrap().contains("kept"));
        let third = ShardFile::read(&key(), &paths[2]).unwrap();
        assert_eq!(third.shard(), Shard { index: 2, count: 3 });

        // The same questions of the census run whole and of the merged rows in the cache.
        let body = format!("family = \"{name}\"\nedges = \"2..=7\"");
        let cache = dir.path().join(format!("cache-{name}"));
        let mut plain = Workspace::new(None);
        let mut from_shards = Workspace::new(Some(cache));
        plain.define_census("N", &body).unwrap();
        from_shards.define_census("N", &body).unwrap();
        from_shards
            .store_rows(&whole, &merged, Origin::Merged { shards: 3 }, &mut ev.games)
            .unwrap();
        for q in QUERIES {
            let a = plain.evaluate(q, &mut ev).unwrap();
            let b = from_shards.evaluate(q, &mut ev).unwrap();
            assert_eq!(
                render_figure(&a, &ev.games),
                render_figure(&b, &ev.games),
                "{name}: {q}"
            );
        }
        // `count N` reads values alone and is counted; every enumerated run read the cache.
        let enumerated: Vec<_> = (from_shards.runs().iter())
            .filter(|r| r.method != CensusMethod::Ran(Engine::Counting))
            .collect();
        assert!(
            !enumerated.is_empty() && enumerated.iter().all(|r| r.from_cache),
            "the merged rows were used"
        );
    }
}

#[test]
fn a_shard_never_overwrites_a_file_it_did_not_write() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.json");
    std::fs::write(&path, "{\"mine\": true}").unwrap();
    let mut ev = Evaluator::default();
    let shard = Shard { index: 0, count: 2 };
    let why = run_to_file(
        &family(Kind::Forests, 4),
        "f",
        shard,
        &path,
        CHECKPOINT_EVERY,
        &key(),
        &mut ev.games,
    )
    .unwrap_err();
    assert!(why.contains("not overwritten"), "{why}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"mine\": true}");
}

#[test]
fn shards_of_the_same_census_in_files_merge_only_when_complete() {
    let dir = tempfile::tempdir().unwrap();
    let whole = family(Kind::Forests, 5);
    let mut ev = Evaluator::default();
    let mut ordinal = |s: i8, x: Small| enumerating::ordinal_sum(&mut ev.games, s, x);
    let rows = run_shard(&whole, Shard { index: 1, count: 2 }, &mut ordinal, &|_| {}).unwrap();
    let path = dir.path().join("two.json");
    ShardFile::new(&whole, Shard { index: 1, count: 2 }, &rows)
        .unwrap()
        .write(&key(), &path)
        .unwrap();
    let why = merge_files(&whole, &[path], &key()).unwrap_err().join("\n");
    assert_eq!(why, "shard 1 of 2 missing");
}

#[test]
fn a_large_built_in_family_states_its_cost_until_confirmed() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    // A query that reads the members' shapes: enumerated (one on values alone is counted).
    let e = ws
        .evaluate("count forests11 where trunks > 0", &mut ev)
        .unwrap_err();
    assert_eq!(e.span, 6..15);
    assert!(
        e.message.contains("140,513,234 positions") && e.message.contains("pass --yes"),
        "{}",
        e.message
    );
    let f = ws.evaluate("count forests5", &mut ev).unwrap();
    assert_eq!(render_figure(&f, &ev.games), "1,618");
}

fn engine_ordinal(games: &mut Games) -> impl FnMut(i8, Small) -> Result<Small, String> + '_ {
    |s, x| enumerating::ordinal_sum(games, s, x)
}

#[test]
fn streaming_the_size_below_the_top_changes_no_record() {
    let mut ev = Evaluator::default();
    for kind in [Kind::Forests, Kind::Trees, Kind::Stalks] {
        for (min, max) in [(1, 6), (2, 7), (7, 7)] {
            for shard in [Shard::WHOLE, Shard { index: 1, count: 3 }] {
                let family = Family {
                    min_edges: min,
                    ..family(kind, max)
                };
                let mut run = |stream| {
                    let how = How {
                        stream,
                        resume: None,
                    };
                    let told = AtomicU64::new(0);
                    let progress = |n| {
                        told.fetch_add(n, Ordering::Relaxed);
                    };
                    let ordinal = &mut engine_ordinal(&mut ev.games);
                    let rows = run_with(&family, shard, how, ordinal, &progress).unwrap();
                    (rows, told.into_inner())
                };
                let ((stored, told_stored), (streamed, told_streamed)) = (run(false), run(true));
                // Progress counts every forest evaluated: the stored run exactly the cost's
                // figure, the streamed run more (the pieces each top shape evaluates again).
                if shard == Shard::WHOLE {
                    assert_eq!(told_stored as u128, family.cost().evaluated);
                    assert!(told_streamed > told_stored, "{kind:?} {min}..={max}");
                }
                if shard == Shard::WHOLE {
                    let positions: u64 = streamed.iter().map(|r| r.count).sum();
                    assert_eq!(positions as u128, family.size());
                }
                assert_eq!(stored, streamed, "{kind:?} {min}..={max} {shard:?}");
            }
        }
    }
}

#[test]
fn an_interrupted_shard_resumes_from_its_checkpoint() {
    let mut ev = Evaluator::default();
    let whole = family(Kind::Forests, 7);
    let shard = Shard { index: 1, count: 3 };
    let uninterrupted =
        run_shard(&whole, shard, &mut engine_ordinal(&mut ev.games), &|_| {}).unwrap();

    // Saving after every chunk of 5 shapes, and killed at the third save.
    let mut saved: Vec<(usize, Vec<Row>)> = Vec::new();
    let mut save = |done: usize, rows| {
        saved.push((done, rows));
        if saved.len() == 3 {
            Err("killed".to_string())
        } else {
            Ok(())
        }
    };
    let how = How {
        stream: false,
        resume: Some(Resume {
            done: 0,
            rows: Vec::new(),
            chunk: 5,
            every: Duration::ZERO,
            save: &mut save,
        }),
    };
    let killed = run_with(
        &whole,
        shard,
        how,
        &mut engine_ordinal(&mut ev.games),
        &|_| {},
    );
    assert!(killed.is_err());
    // The last checkpoint that was saved, through its file.
    let (done, rows) = saved.swap_remove(1);
    assert_eq!(done, 10);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(default_path("forests", shard));
    let checkpoint = checkpoint_path(&path);
    ShardFile::checkpoint(&whole, shard, done, &rows)
        .unwrap()
        .write(&key(), &checkpoint)
        .unwrap();
    // A checkpoint is not a shard: merging it is refused.
    let why = merge_files(&whole, std::slice::from_ref(&checkpoint), &key())
        .unwrap_err()
        .join("\n");
    assert!(why.contains("a checkpoint (10 shapes done)"), "{why}");

    let said = run_to_file(
        &whole,
        "forests",
        shard,
        &path,
        CHECKPOINT_EVERY,
        &key(),
        &mut ev.games,
    )
    .unwrap();
    assert!(said.contains("resumed after 10 shapes"), "{said}");
    assert!(
        !checkpoint.exists(),
        "the checkpoint is removed once the shard is written"
    );
    assert_eq!(
        ShardFile::read(&key(), &path).unwrap().into_rows(),
        uninterrupted
    );
}

#[test]
fn a_checkpoint_place_holding_another_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let shard = Shard { index: 0, count: 2 };
    let path = dir.path().join("s.json");
    let checkpoint = checkpoint_path(&path);
    std::fs::write(&checkpoint, "my notes").unwrap();
    let mut ev = Evaluator::default();
    let whole = family(Kind::Forests, 5);
    let why = run_to_file(
        &whole,
        "f",
        shard,
        &path,
        CHECKPOINT_EVERY,
        &key(),
        &mut ev.games,
    )
    .unwrap_err();
    assert!(why.contains("not a checkpoint of shard 1 of 2"), "{why}");
    assert_eq!(std::fs::read_to_string(&checkpoint).unwrap(), "my notes");
    assert!(!path.exists());
}

#[test]
fn a_forged_checkpoint_is_refused_by_name_and_never_resumed_from() {
    let mut games = Games::new();
    let whole = family(Kind::Forests, 6);
    let shard = Shard { index: 1, count: 2 };
    let rows = run_shard(&whole, shard, &mut engine_ordinal(&mut games), &|_| {}).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let checkpoint = checkpoint_path(&path);
    // A checkpoint after `done` shapes holding `rows`, sealed under `key`, then a run of the
    // shard: what it says.
    let attempt = |done: usize, rows: &[Row], key: &Key, games: &mut Games| {
        let _ = std::fs::remove_file(&checkpoint);
        ShardFile::checkpoint(&whole, shard, done, rows)
            .unwrap()
            .write(key, &checkpoint)
            .unwrap();
        run_to_file(
            &whole,
            "f",
            shard,
            &path,
            CHECKPOINT_EVERY,
            &self::key(),
            games,
        )
    };
    let run = shard.range(132).len();
    // Every shape of the run said done, sealed under the key, but one record a million
    // positions larger (as a leaked key could write it): the closed forms refuse it.
    let mut forged = rows.clone();
    forged[0].count += 1_000_000;
    let why = attempt(run, &forged, &key(), &mut games).unwrap_err();
    assert!(
        why.starts_with(&checkpoint.display().to_string())
            && why.contains("positions of 6 edges where this shard has"),
        "{why}"
    );
    // More shapes done than its run has.
    let why = attempt(run + 1, &rows, &key(), &mut games).unwrap_err();
    assert!(
        why.contains("a checkpoint after 67 shapes of a run of 66"),
        "{why}"
    );
    // Sealed under another key (or edited by hand since).
    let why = attempt(run, &rows, &Key::from_bytes([6; 32]), &mut games).unwrap_err();
    assert!(why.contains("its seal does not match"), "{why}");
    assert!(
        !path.exists(),
        "no result was written from a forged checkpoint"
    );
    // Sealed under the key and true: resumed from, and the shard is the one run whole.
    let said = attempt(run, &rows, &key(), &mut games).unwrap();
    assert!(said.contains("resumed after 66 shapes"), "{said}");
    assert_eq!(ShardFile::read(&key(), &path).unwrap().into_rows(), rows);
}
