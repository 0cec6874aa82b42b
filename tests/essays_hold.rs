//! The site's own essays: every claim holds, and changing any claimed literal makes the check fail
//! with a diagnostic at that literal's file and line.

use hackenbook_book::check::{ClaimKind, ClaimRecord};
use hackenbook_book::driver::{self, Failure, Project};
use std::path::{Path, PathBuf};

/// Census results are cached by the content of their definition, so every mutated copy after the
/// first reads them back instead of enumerating again.
fn project(essays_dir: PathBuf, cache_dir: &Path) -> Project {
    Project {
        root: essays_dir.parent().unwrap().to_path_buf(),
        essays_dir,
        templates_dir: PathBuf::from("templates"),
        out_dir: PathBuf::from("unused"),
        cache_dir: Some(cache_dir.to_path_buf()),
        config_file: None,
        time_limit: None,
        cancel: None,
    }
}

/// A relation written as maths, turned into one that cannot hold together with it: its first
/// relation symbol replaced by an incompatible one (`=` by `>`, `<` by `=`, `\\le` by `>`, ...).
fn contradicted(tex: &str) -> String {
    const OPPOSITES: [(&str, &str); 11] = [
        ("\\parallel", "="),
        ("\\leq", ">"),
        ("\\geq", "<"),
        ("\\le", ">"),
        ("\\ge", "<"),
        ("\\lhd", "\\ge"),
        ("\\rhd", "\\le"),
        ("\\|", "="),
        ("=", ">"),
        ("<", "="),
        (">", "="),
    ];
    let first = OPPOSITES
        .iter()
        .filter_map(|(from, to)| tex.find(from).map(|at| (at, *from, *to)))
        .min_by_key(|(at, from, _)| (*at, std::cmp::Reverse(from.len())));
    match first {
        Some((at, from, to)) => format!("{}{to}{}", &tex[..at], &tex[at + from.len()..]),
        None => panic!("the relation `{tex}` has no relation symbol"),
    }
}

/// A literal that says something else, in the same kind of words.
fn mutated(literal: &str) -> String {
    if let Some(i) = literal.find(|c: char| c.is_ascii_digit()) {
        let digit = literal.as_bytes()[i] - b'0';
        let other = if digit == 9 { 1 } else { digit + 1 };
        return format!("{}{}{}", &literal[..i], other, &literal[i + 1..]);
    }
    let words = [
        ("one", "two"),
        ("two", "three"),
        ("three", "four"),
        ("four", "five"),
    ];
    if let Some((_, next)) = words.iter().find(|(w, _)| *w == literal) {
        return next.to_string();
    }
    if literal.chars().all(|c| "LRG() ".contains(c)) {
        return format!("{literal}L");
    }
    if hackenbook_census::query::literal::NEGATIVE.contains(&literal.to_lowercase().as_str()) {
        return "every time".to_string();
    }
    "fails".to_string()
}

/// An exercise's answer changed to one that is wrong: another value (the answer plus one),
/// the other winner, the other outcome, a cut of the mover that loses (from the figure,
/// `winning: …; losing: …`; an edge name that is no edge when every cut wins), or a move that
/// is not among the best (`best: …; others: …`).
fn wrong_answer(claim: &ClaimRecord) -> String {
    let answer = claim.literal.as_str();
    if claim.query.starts_with("value of") {
        return format!("{answer} + 1");
    }
    if claim.query.starts_with("winning move") {
        let losing = claim.figure.split("losing: ").nth(1).unwrap_or("none");
        return match losing.split(", ").next() {
            Some("none") | None => "nowhere".to_string(),
            Some(edge) => edge.to_string(),
        };
    }
    if claim.query.starts_with("best move") {
        // `best: …; others: …`: a move that is not among the best.
        let others = claim.figure.split("others: ").nth(1).unwrap_or("none");
        return match others.split(", ").next() {
            Some("none") | None => "nowhere".to_string(),
            Some(other) => other.to_string(),
        };
    }
    match answer {
        "left" => "right",
        "right" => "left",
        "first player" => "second player",
        "second player" => "first player",
        other => panic!("unexpected outcome answer `{other}`"),
    }
    .to_string()
}

fn claims_of(essays_dir: &Path, cache_dir: &Path) -> Vec<ClaimRecord> {
    match driver::check(&project(essays_dir.to_path_buf(), cache_dir)) {
        Ok(checked) => checked.essays.into_iter().flat_map(|e| e.claims).collect(),
        Err(f) => panic!("the essays must check:\n{}", f.render()),
    }
}

/// An essay's front matter alone: its title, slug and rung, without the body.
fn front_matter(essay: &str) -> &str {
    let end = essay[3..]
        .find("\n+++")
        .expect("every essay opens with front matter");
    &essay[..3 + end + 4]
}

/// The site's essays checked as they stand, with the census cache that check filled: both
/// tests start from it.
struct Checked {
    cache: tempfile::TempDir,
    claims: Vec<ClaimRecord>,
}

/// The essays checked once for both tests when they run at once (the harness runs tests in
/// parallel): the first to ask checks them while the other waits, then both share the result.
/// The last to finish drops it, which removes its cache; a test that asks after that (one
/// thread, or one test run alone) checks them again.
fn checked_essays() -> std::sync::Arc<Checked> {
    static SHARED: std::sync::Mutex<std::sync::Weak<Checked>> =
        std::sync::Mutex::new(std::sync::Weak::new());
    let mut shared = SHARED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(checked) = shared.upgrade() {
        return checked;
    }
    let cache = tempfile::tempdir().unwrap();
    let claims = claims_of(Path::new("essays"), cache.path());
    let checked = std::sync::Arc::new(Checked { cache, claims });
    *shared = std::sync::Arc::downgrade(&checked);
    checked
}

#[test]
fn every_claim_of_every_essay_holds() {
    let checked = checked_essays();
    let claims = &checked.claims;
    assert!(claims.len() >= 20, "only {} claims", claims.len());
    assert!(claims.iter().all(|c| c.holds));
    let exercises = claims
        .iter()
        .filter(|c| c.kind == ClaimKind::Exercise)
        .count();
    assert!(exercises >= 20, "only {exercises} exercises");
}

#[test]
fn changing_any_claimed_literal_fails_at_its_line() {
    let scratch = tempfile::tempdir().unwrap();
    // The first check fills the census cache; every mutated copy only reads it, so the copies
    // are checked on every core at once (each in a folder of its own).
    let checked = checked_essays();
    let (claims, cache) = (&checked.claims, checked.cache.path());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                match claims.get(i) {
                    Some(claim) => {
                        fails_at_its_line(claim, &scratch.path().join(i.to_string()), cache)
                    }
                    None => break,
                }
            });
        }
    });
}

/// The essays with `claim`'s literal changed, copied into the new folder `dir`, fail the check
/// at that literal's file and line.
fn fails_at_its_line(claim: &ClaimRecord, dir: &Path, cache: &Path) {
    let source = std::fs::read_to_string(&claim.file).unwrap();
    let range = claim.literal_range.clone();
    assert_eq!(
        &source[range.clone()],
        claim.literal,
        "the byte range of the claim at {}:{}",
        claim.file,
        claim.line
    );
    let changed = match claim.kind {
        ClaimKind::Relation => contradicted(&claim.literal),
        ClaimKind::Query => mutated(&claim.literal),
        ClaimKind::Exercise => wrong_answer(claim),
    };
    let text = format!(
        "{}{changed}{}",
        &source[..range.start],
        &source[range.end..]
    );
    std::fs::create_dir_all(dir).unwrap();
    let name = Path::new(&claim.file).file_name().unwrap();
    std::fs::write(dir.join(name), text).unwrap();
    // The other essays stay as their front matter, so links between essays still resolve
    // and only the changed essay is checked again.
    for other in std::fs::read_dir("essays").unwrap() {
        let other = other.unwrap().path();
        if other.file_name() != Some(name) {
            let text = std::fs::read_to_string(&other).unwrap();
            std::fs::write(dir.join(other.file_name().unwrap()), front_matter(&text)).unwrap();
        }
    }
    let report = match driver::check(&project(dir.to_path_buf(), cache)) {
        Ok(_) => panic!(
            "changing `{}` to `{changed}` at {}:{} went unnoticed",
            claim.literal, claim.file, claim.line
        ),
        Err(f @ Failure::Problems(_)) => f.render(),
        Err(Failure::Other(m)) => panic!("{m}"),
    };
    let at = format!("{}:{}:", name.to_string_lossy(), claim.line);
    assert!(
        report.contains(&at),
        "changing `{}` to `{changed}` should fail at {at}:\n{report}",
        claim.literal
    );
    std::fs::remove_dir_all(dir).unwrap();
}
