//! Input built to exhaust the stack, run through the binary: every case ends with a clear error
//! (exit status 1, located when it comes from an essay) or a value, never an abort — and a
//! running `serve` outlives all of them.

use crate::refusal;
use crate::serve_support;

use refusal::fails_with;
use serve_support::{get_until, served_address, TempProject};
use std::io::BufRead;
use std::process::{Command, Output, Stdio};

fn hackenbook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hackenbook"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn tall_ordinal_sums_are_refused_by_a_named_budget() {
    for game in [
        "^ : 30000",
        "{1|-1} : 100000",
        "* : 100000",
        "{0|^} : 100000",
    ] {
        let output = hackenbook(&["eval", game]);
        fails_with(&output, "the games engine's budget is 4,096 layers");
    }
}

#[test]
fn an_ordinal_sum_within_the_budget_is_valued() {
    let output = hackenbook(&["eval", "^ : 4000"]);
    assert!(output.status.success(), "{output:?}");
    let value = String::from_utf8(output.stdout).unwrap();
    // `^ : n` = {0 | ^ : (n - 1), *}: one brace per layer.
    assert_eq!(value.trim().matches('{').count(), 4000);
    assert!(value.trim().ends_with("|*}"));
}

#[test]
fn incentives_of_a_tall_game_stop_at_the_time_limit() {
    // Once worked out after the clock had stopped: 23 s and 2.5 GB on a 2 s limit.
    let output = hackenbook(&["eval", "incentives(^ : 2000)", "--time-limit", "1"]);
    fails_with(
        &output,
        "the games engine stopped: beyond the time limit of 1 s",
    );
    // Located at the game whose incentives were asked for.
    fails_with(&output, "at byte 11");
}

#[test]
fn a_time_limit_beyond_a_week_is_refused_not_a_panic() {
    let output = hackenbook(&["--time-limit", "18446744073709551615", "eval", "1"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "a usage error: {stderr}");
    assert!(stderr.contains("0..=604800"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // The longest limit allowed runs.
    let output = hackenbook(&["--time-limit", "604800", "eval", "^ + ^"]);
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "^^");
    // A block's `time_limit` too large for the clock: located at the block's line.
    let project = TempProject::good_typeset();
    let root = project.root().to_str().unwrap();
    for (body, line) in [
        (
            "```game\ntime_limit = 9223372036854775807\n^ + ^ = ^^\n```\n",
            2,
        ),
        (
            "```census big\nfamily = \"forests\"\nedges = 3\ntime_limit = 604801\n```\n",
            4,
        ),
    ] {
        let (text, location) = hostile_essay(body, line, 0);
        project.write("essays/hostile.md", &text);
        let output = hackenbook(&["--root", root, "check"]);
        fails_with(&output, &location);
        fails_with(&output, "from 1 to 604800");
    }
}

#[test]
fn a_census_larger_than_the_machine_is_refused_before_it_starts() {
    // Once confirmed, forests of 1–16 edges ran until the machine killed the process; stalks
    // of 1–16 edges (131,070 positions, no confirmation asked) tabulate every forest below.
    // `trunks` is read off the members, so these are enumerated; forests of 1–40 edges counted
    // by value would hold some 2^42 values.
    for (query, yes) in [
        ("count forests16 where trunks > 0", true),
        ("count stalks16 where trunks > 0", false),
    ] {
        let mut args = vec!["census", query];
        if yes {
            args.push("--yes");
        }
        let output = hackenbook(&args);
        fails_with(&output, "of memory at its peak, and this machine has");
        fails_with(&output, "refused before it starts");
    }
    // Counted by value, forests of 1–40 edges would hold some 2^42 values: refused by the
    // counting engine's own budget before it starts, naming the most edges that fit.
    let output = hackenbook(&["census", "count forests40 where value = 0"]);
    fails_with(&output, "past the 4.0 GB a census by counting may hold");
    fails_with(&output, "ask for at most 25 edges");
}

#[cfg(feature = "parquet")]
#[test]
fn a_large_export_needs_the_confirmation_a_large_census_needs() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f11.parquet");
    let p = path.to_str().unwrap();
    let output = hackenbook(&["census", "export", "forests11", "--parquet", p]);
    fails_with(&output, "140,513,234 positions");
    fails_with(&output, "pass --yes");
    assert!(!path.exists());
    // A family below the threshold runs without `--yes`, under the time limit.
    let output = hackenbook(&[
        "census",
        "export",
        "forests10",
        "--parquet",
        p,
        "--time-limit",
        "1",
    ]);
    fails_with(&output, "stopped: beyond the time limit of 1 s");
    assert!(!path.exists());
}

#[test]
fn an_endless_line_on_play_s_input_is_skipped_not_held() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_hackenbook"))
        .args(["play", "LR"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // Twenty megabytes without a newline (held whole, an endless one ran out of memory),
        // then a game.
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..20 {
            stdin.write_all(&chunk).unwrap();
        }
        stdin.write_all(b"\nleft\nleft\nquit\n").unwrap();
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("That line is too long (over 4096 bytes)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Who starts, left or right?"),
        "the game went on: {stdout}"
    );
    assert!(
        stdout.len() < 10_000,
        "nothing echoed: {} bytes",
        stdout.len()
    );
}

#[test]
fn long_chains_and_deep_nesting_in_game_notation_are_refused() {
    let chains = [
        format!("1{}", " + 1".repeat(30_000)),
        format!("1{}", " : 1".repeat(30_000)),
        format!("{}1", "-".repeat(30_000)),
        format!("{}1{}", "(".repeat(20_000), ")".repeat(20_000)),
        format!("{}0|{}", "{".repeat(20_000), "}".repeat(20_000)),
    ];
    for game in &chains {
        let output = hackenbook(&["eval", "--", game]);
        fails_with(&output, "nested too deep");
    }
    // A hundred thousand prefix `+` change nothing and cost no stack.
    let pluses = format!("{}1", "+".repeat(100_000));
    let output = hackenbook(&["eval", "--", &pluses]);
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "1");
}

/// Queries nested `n` deep in every way the language nests.
fn deep_queries(n: usize) -> Vec<String> {
    vec![
        format!("{}count forests2{}", "(".repeat(n), ")".repeat(n)),
        format!("{}count forests2", "- ".repeat(n)),
        format!("{}1", "(count forests2) + ".repeat(n)),
        format!("all forests2 have {}true", "not ".repeat(n)),
        format!("count forests2 where {}edges > 0", "- ".repeat(n)),
        format!("count forests2 where {}1 > 0", "edges + ".repeat(n)),
        format!("count forests2 where {}true", "true and ".repeat(n)),
        format!(
            "count forests2 where {}edges{} > 0",
            "(".repeat(n),
            ")".repeat(n)
        ),
    ]
}

#[test]
fn deeply_nested_queries_are_refused() {
    // Five thousand deep: a command line holds at most 128 KiB in one argument.
    for query in deep_queries(5_000) {
        let output = hackenbook(&["census", "--", &query]);
        fails_with(&output, "nested too deep");
    }
}

#[test]
fn a_census_literal_nested_deeper_than_a_census_goes_is_refused() {
    let project = TempProject::good_typeset();
    let literal = format!("{}L{}", "L(".repeat(20_000), ")".repeat(20_000));
    project.write(
        "essays/deep.md",
        &format!(
            "+++\ntitle = \"D\"\nrung = 3\n+++\n\nSmallest: `{{{literal} = smallest forests2}}`.\n"
        ),
    );
    let root = project.root().to_str().unwrap();
    let output = hackenbook(&["--root", root, "check"]);
    fails_with(&output, "deep.md:6:");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.len() < 10_000,
        "the message quotes a part of the literal, not all of it ({} bytes)",
        stderr.len()
    );
}

/// Bodies of essays that once aborted the process, each with the line of the body its error
/// must be located on.
fn hostile_bodies() -> Vec<(String, usize)> {
    let mut bodies = vec![("```game\n^ : 30000 = ^\n```\n".to_string(), 2)];
    for query in deep_queries(20_000) {
        bodies.push((format!("The figure `{{3 = {query}}}`.\n"), 1));
    }
    bodies.push((format!("```game\n{} = 0\n```\n", "1 + ".repeat(50_000)), 2));
    bodies
}

/// The essay with `blank` empty lines before the body, and the `file:line:` its error names.
fn hostile_essay(body: &str, line: usize, blank: usize) -> (String, String) {
    let front = "+++\ntitle = \"H\"\nrung = 3\n+++\n\n";
    let text = format!("{front}{}{body}", "\n".repeat(blank));
    (text, format!("hostile.md:{}:", 5 + blank + line))
}

#[test]
fn hostile_essays_fail_located() {
    let project = TempProject::good_typeset();
    let root = project.root().to_str().unwrap();
    for (body, line) in hostile_bodies() {
        let (text, location) = hostile_essay(&body, line, 0);
        project.write("essays/hostile.md", &text);
        let output = hackenbook(&["--root", root, "check"]);
        fails_with(&output, &location);
    }
}

#[cfg(unix)]
#[test]
fn serve_survives_every_hostile_essay() {
    let project = TempProject::good_typeset();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hackenbook"))
        .args(["serve", "--port", "0", "--root"])
        .arg(project.root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (addr, stdout) = served_address(&mut child);
    // Drain the build reports so the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in stdout.lines() {});
    for (round, (body, line)) in hostile_bodies().into_iter().enumerate() {
        // Each round's error sits on a line of its own, so its page is told from the last.
        let (text, location) = hostile_essay(&body, line, round);
        project.write("essays/hostile.md", &text);
        let page = get_until(addr, "/first.html", |r| {
            r.status == 500 && r.body.contains(&location)
        });
        assert!(page.body.contains("problem"), "{}", page.body);
        assert!(child.try_wait().unwrap().is_none(), "the server is alive");
    }
    std::fs::remove_file(project.path("essays/hostile.md")).unwrap();
    get_until(addr, "/first.html", |r| r.status == 200);
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn a_huge_input_is_quoted_in_part() {
    let letters = "X".repeat(100_001);
    let output = hackenbook(&["eval", &letters]);
    fails_with(&output, "is neither a position");
    assert!(output.stderr.len() < 2_000, "{} bytes", output.stderr.len());
    // A game that reads but cannot be valued: the reason is given whole, the input quoted in
    // part. A ring of 1,001 edges in three colours, in brackets, is read as `[hackenbush: …]`
    // is: past the Hackenbush solver's game tree of 1,000 edges, the solver of every game keys
    // its thousand cuts until the run's time limit (1 s here) stops it.
    let colours = ["L", "R", "G"];
    let ring: Vec<String> = (0..1_000)
        .map(|i| format!("a{i}-a{} {}", i + 1, colours[i % 3]))
        .collect();
    let input = format!("[g-a0 G, {}, a1000-g R]", ring.join(", "));
    let output = hackenbook(&["--time-limit", "1", "eval", &input]);
    fails_with(
        &output,
        "nor a game (cannot value the position in brackets: the solver stopped: beyond the \
         time limit of 1 s",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("more characters)"), "{stderr}");
    assert!(!stderr.contains("a999-a1000"), "{stderr}");
    assert!(output.stderr.len() < 2_000, "{} bytes", output.stderr.len());
    let query = format!("count forests2 where {}true", "not ".repeat(5_000));
    let output = hackenbook(&["census", "--", &query]);
    fails_with(&output, "nested too deep");
    assert!(output.stderr.len() < 2_000, "{} bytes", output.stderr.len());
}

#[test]
fn every_command_quotes_a_huge_argument_in_part() {
    // Each once echoed the whole 120 KB argument in its error.
    let huge = "x".repeat(120_000);
    let slug = format!("essay-{huge}");
    let cases: Vec<Vec<&str>> = vec![
        vec!["play", &huge],
        vec!["census", "shard", &huge, "--shard", "1", "--of", "2"],
        vec!["census", "export", &huge, "--parquet", "f.parquet"],
        vec!["census", "merge", &huge, "a.json"],
        vec!["new", &slug],
        vec!["--root", &huge, "check"],
        vec![
            "census", "shard", "forests3", "--shard", "1", "--of", "2", "--out", &slug,
        ],
    ];
    let dir = tempfile::tempdir().unwrap();
    for args in cases {
        let output = Command::new(env!("CARGO_BIN_EXE_hackenbook"))
            .args(&args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{}: {}",
            args[0],
            &stderr[..stderr.len().min(300)]
        );
        assert!(
            stderr.len() < 2_000,
            "{} {}: {} bytes",
            args[0],
            args[1].len(),
            stderr.len()
        );
        assert!(stderr.contains("more characters)"), "{}: {stderr}", args[0]);
    }
}

#[test]
fn damaged_shard_files_are_each_refused_in_words_and_together() {
    use hackenbook_census::families::forests::{Family, Kind};
    use hackenbook_census::forest::Palette;
    use hackenbook_census::store::shard::merge_files;
    use hackenbook_rulesets::hackenbush::{Colour, Rules};
    let dir = tempfile::tempdir().unwrap();
    let family = Family {
        kind: Kind::Forests,
        min_edges: 1,
        max_edges: 4,
        palette: Palette::new(&[Colour::Blue, Colour::Red]),
        rules: Rules::Normal,
    };
    let cases: [(&str, Vec<u8>); 5] = [
        ("empty.json", Vec::new()),
        ("binary.json", vec![0xff, 0xfe, 0x00, 0x81, 0x7b]),
        (
            "truncated.json",
            br#"{"format": "hackenbook-census-shard", "rows": [[1,"#.to_vec(),
        ),
        ("deep.json", "[".repeat(100_000).into_bytes()),
        ("other.json", br#"{"mine": true}"#.to_vec()),
    ];
    let mut paths = Vec::new();
    for (name, bytes) in &cases {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        paths.push(path);
    }
    paths.push(dir.path().join("absent.json"));
    paths.push(dir.path().to_path_buf());
    let key = hackenbook_base::trust::Key::from_bytes([1; 32]);
    let problems = merge_files(&family, &paths, &key).unwrap_err();
    assert_eq!(problems.len(), paths.len(), "{problems:#?}");
    for (problem, path) in problems.iter().zip(&paths) {
        assert!(
            problem.starts_with(&path.display().to_string()),
            "{problem}"
        );
    }
    for (problem, (name, _)) in problems.iter().zip(&cases) {
        assert!(
            problem.contains("not a census shard file"),
            "{name}: {problem}"
        );
    }
    assert!(problems[5].contains("cannot read"), "{}", problems[5]);
    assert!(problems[6].contains("cannot read"), "{}", problems[6]);
}

/// The notations of the other games (Domineering shapes, Toads-and-Frogs strips, Cutcake,
/// Push and Shove strips, Nim heaps) given huge, deeply nested, CRLF, empty and non-ASCII input
/// at the command line: a clean error naming the game and the byte it stops at, quoted in part,
/// never a panic, a stack overflow or a hang.
#[test]
fn every_game_s_notation_refuses_hostile_input_at_the_command_line() {
    let games = [
        "domineering",
        "toads-and-frogs",
        "cutcake",
        "push",
        "shove",
        "nim",
    ];
    let huge = "é".repeat(50_000);
    let nested = format!("{}{}", "(".repeat(20_000), ")".repeat(20_000));
    let braces = "{".repeat(30_000);
    let cases = [
        "".to_string(),
        huge,
        nested,
        braces,
        "T\r\nx\r\n".to_string(),
        "ｘ２×３".to_string(),
        "9".repeat(100_000),
    ];
    for game in games {
        for input in &cases {
            let output = hackenbook(&["eval", &format!("{game}: {input}")]);
            let prefix: String = input.chars().take(8).collect();
            fails_with(&output, &format!("is not a {game} position"));
            fails_with(&output, "(at byte ");
            assert!(
                output.stderr.len() < 2_000,
                "{game} {prefix:?}: {} bytes",
                output.stderr.len()
            );
        }
    }
}

/// The same input in an essay: a position block of each game, a position written in place in
/// a game block, and a whole essay with CRLF line endings: each error located on its line of
/// the essay (a CRLF essay's good board builds), never a panic or a stack overflow.
#[test]
fn every_game_s_notation_refuses_hostile_input_in_an_essay_located() {
    let project = TempProject::good_typeset();
    let root = project.root().to_str().unwrap();
    let games = [
        "domineering",
        "toads-and-frogs",
        "cutcake",
        "push",
        "shove",
        "nim",
    ];
    let bad = [
        "é".repeat(40_000),
        "(".repeat(20_000),
        "{".repeat(20_000),
        "ｘ２×３".to_string(),
    ];
    for game in games {
        for text in &bad {
            // A position block: the error is on the block's first line (the essay's line 7).
            let (essay, location) = hostile_essay(&format!("```{game} b\n{text}\n```\n"), 2, 0);
            project.write("essays/hostile.md", &essay);
            fails_with(&hackenbook(&["--root", root, "check"]), &location);
            // In place in a game block.
            let (essay, location) =
                hostile_essay(&format!("```game\n[{game}: {text}] = 0\n```\n"), 2, 0);
            project.write("essays/hostile.md", &essay);
            fails_with(&hackenbook(&["--root", root, "check"]), &location);
        }
        // An empty block is refused at the block.
        let (essay, _) = hostile_essay(&format!("```{game} b\n```\n"), 1, 0);
        project.write("essays/hostile.md", &essay);
        fails_with(&hackenbook(&["--root", root, "check"]), "hostile.md:");
    }
    // CRLF: a good board of each game checks, and a bad one is located on its line.
    let good = [
        ("domineering", "..\r\n.#"),
        ("toads-and-frogs", "T.F"),
        ("cutcake", "2x3"),
        ("push", "L.R"),
        ("shove", "LR."),
        ("nim", "1 2"),
    ];
    for (game, board) in good {
        let essay = format!(
            "+++\r\ntitle = \"H\"\r\nrung = 3\r\n+++\r\n\r\n```{game} b\r\n{board}\r\n```\r\n\r\n\
             ```game\r\nb = b\r\n```\r\n"
        );
        project.write("essays/hostile.md", &essay);
        let output = hackenbook(&["--root", root, "check"]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{game}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let essay = format!(
            "+++\r\ntitle = \"H\"\r\nrung = 3\r\n+++\r\n\r\n\r\n```{game} b\r\nq\r\n```\r\n"
        );
        project.write("essays/hostile.md", &essay);
        fails_with(&hackenbook(&["--root", root, "check"]), "hostile.md:8:");
    }
    std::fs::remove_file(project.path("essays/hostile.md")).unwrap();
}
