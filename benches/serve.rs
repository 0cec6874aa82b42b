//! How long an author waits: from saving an edit to the reload event (the version the pages'
//! script waits on moves) and to the server answering with the rebuilt page, against a full
//! `build` of the same essays. Run with `cargo bench --bench serve` (`SERVE_BENCH_EDITS=N`
//! changes the number of edits, 20 by default; an argument picks projects by name).
//!
//! A prose edit appends a new sentence to one essay; a position edit appends a new position
//! block (a stalk not drawn before) to it. The clock starts before the write; the debounce
//! (50 ms) is part of every figure.

#[path = "../tests/serve_support/mod.rs"]
mod serve_support;

use hackenbook::serve::{Config, Server};
use hackenbook_book::driver::{self, Project};
use serve_support::{get, TempProject, PATIENCE};
use std::path::Path;
use std::time::{Duration, Instant};

fn main() {
    // `cargo bench` passes `--bench`; any other argument is a filter on the project names.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let edits: usize = std::env::var("SERVE_BENCH_EDITS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let projects = [
        ("fixture", TempProject::good(), "essays/first.md"),
        (
            "repository",
            TempProject::from_essays(&manifest.join("essays")),
            "essays/hackenbush-is-a-numeral.md",
        ),
    ];
    for (name, project, essay) in projects {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        if !project.path(essay).is_file() {
            println!("{name}: no {essay}, skipped");
            continue;
        }
        println!("{name} project ({} essays)", count_essays(&project));
        measure_builds(&project, edits);
        measure_edits(&project, essay, edits);
    }
}

fn count_essays(project: &TempProject) -> usize {
    walk_md(&project.path("essays"))
}

fn walk_md(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| {
                    let p = e.path();
                    if p.is_dir() {
                        walk_md(&p)
                    } else {
                        usize::from(p.extension().is_some_and(|x| x == "md"))
                    }
                })
                .sum()
        })
        .unwrap_or(0)
}

/// `driver::build` alone, after one warm-up build (which fills the census cache).
fn measure_builds(project: &TempProject, runs: usize) {
    let target = Project::at(project.root());
    if let Err(f) = driver::build(&target) {
        panic!("the project must build:\n{}", f.render());
    }
    let times: Vec<Duration> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            let _ = driver::build(&target);
            started.elapsed()
        })
        .collect();
    report("  full build (`driver::build`)", times);
}

/// A kind of edit: its name and the text its `i`-th edit adds.
type EditKind = (&'static str, fn(usize) -> String);

/// Save-to-reload and save-to-served latency over `edits` edits of `essay`, of each kind.
fn measure_edits(project: &TempProject, essay: &str, edits: usize) {
    let server =
        Server::start(Config::new(project.root(), 0)).unwrap_or_else(|f| panic!("{}", f.render()));
    let original = project.read(essay);
    let page = format!("/{}.html", slug_of(&original));
    let kinds: [EditKind; 2] = [
        ("prose edit   ", |i| {
            format!("A sentence added while serving, benchedit{i}x.")
        }),
        ("position edit", |i| {
            // A stalk of 12 edges spelling `i`, under a caption that marks the page.
            let stalk: String = (0..12)
                .map(|b| if (i + 1000) >> b & 1 == 1 { 'L' } else { 'R' })
                .collect();
            format!("A new stalk, benchedit{i}x:\n\n```hackenbush\nL{stalk}\n```")
        }),
    ];
    for (kind, addition) in kinds {
        let mut to_reload = Vec::new();
        let mut to_served = Vec::new();
        for i in 0..edits {
            let marker = format!("benchedit{i}x");
            let text = format!("{}\n\n{}\n", original.trim_end(), addition(i));
            // The previous edit's global step (search index, fonts) done.
            while server.building() {
                std::thread::sleep(Duration::from_millis(1));
            }
            let version = server.version();
            let started = Instant::now();
            project.write(essay, &text);
            while server.version() == version {
                assert!(started.elapsed() < PATIENCE, "no reload after {marker}");
                std::thread::sleep(Duration::from_micros(200));
            }
            to_reload.push(started.elapsed());
            wait_for(&server, &page, &marker);
            to_served.push(started.elapsed());
        }
        report(&format!("  {kind}: save to reload"), to_reload);
        report(&format!("  {kind}: save to served"), to_served);
    }
    project.write(essay, &original);
}

/// The `slug = "..."` of an essay's front matter.
fn slug_of(essay: &str) -> String {
    essay
        .lines()
        .find_map(|l| l.trim().strip_prefix("slug"))
        .and_then(|rest| rest.split('"').nth(1))
        .expect("an essay with a slug")
        .to_string()
}

/// Polls tightly: the measurement is the point, and each poll is one small local request.
fn wait_for(server: &Server, page: &str, marker: &str) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Ok(r) = get(server.addr(), page) {
            if r.status == 200 && r.body.contains(marker) {
                return;
            }
            if r.status == 500 {
                panic!("the edit broke the build:\n{}", r.body);
            }
        }
        assert!(Instant::now() < deadline, "{page} never showed {marker}");
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn report(label: &str, mut times: Vec<Duration>) {
    if times.is_empty() {
        return;
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let median = times[times.len() / 2];
    println!(
        "{label:<34} n={:<3} min {:>7.1} ms  median {:>7.1} ms  max {:>7.1} ms",
        times.len(),
        ms(times[0]),
        ms(median),
        ms(times[times.len() - 1])
    );
}
