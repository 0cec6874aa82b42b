//! `hackenbook serve` in-process: a server on a free port over a temporary copy of the `good`
//! fixture, asked over plain TCP. Every wait polls until a condition holds (see
//! `serve_support::PATIENCE`), so a slow machine makes the tests slower, not flaky.

use crate::serve_support;

use hackenbook::serve::{Config, Server};
use serve_support::{get, get_until, TempProject};
use std::fs;
use std::time::Duration;

const SCRIPT: &str = "data-hackenbook-live-reload";

fn start(project: &TempProject) -> Server {
    Server::start(Config::new(project.root(), 0)).unwrap_or_else(|f| panic!("{}", f.render()))
}

#[test]
fn serves_the_index_and_puts_the_reload_script_in_pages_only() {
    let project = TempProject::good_typeset();
    let server = start(&project);
    let index = get(server.addr(), "/").unwrap();
    assert_eq!(index.status, 200);
    assert_eq!(
        index.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(index.body.contains("first.html") && index.body.contains("second.html"));
    assert_eq!(index.body.matches(SCRIPT).count(), 1);
    assert_eq!(index.header("cache-control"), Some("no-store"));

    let page = get(server.addr(), "/first.html").unwrap();
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("<svg"),
        "the built essay, diagram and all"
    );
    let script_at = page.body.find(SCRIPT).unwrap();
    assert!(
        script_at < page.body.rfind("</body>").unwrap(),
        "inside the body"
    );

    let css = get(server.addr(), "/style.css").unwrap();
    assert_eq!(css.status, 200);
    assert_eq!(css.header("content-type"), Some("text/css; charset=utf-8"));
    assert!(!css.body.contains(SCRIPT));
    let readme = get(server.addr(), "/fonts/README.txt").unwrap();
    assert_eq!(
        readme.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    assert!(!readme.body.contains(SCRIPT));
    let font = fs::read_dir(project.path("site/fonts"))
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| e.path().extension().is_some_and(|x| x == "woff2"))
        .expect("a font in the site");
    let font_target = format!("/fonts/{}", font.file_name().to_string_lossy());
    assert_eq!(
        get(server.addr(), &font_target)
            .unwrap()
            .header("content-type"),
        Some("font/woff2")
    );

    assert!(
        !project.read("site/index.html").contains(SCRIPT),
        "the files on disk are what `build` publishes"
    );
    assert_eq!(
        get(server.addr(), "/no-such-page.html").unwrap().status,
        404
    );
}

#[test]
fn requests_never_leave_the_site_folder() {
    let project = TempProject::good_typeset();
    project.write("Cargo.toml", "SECRET outside the site");
    project.write("x", "SECRET outside the site");
    let server = start(&project);
    // A link planted inside the site that points out of it (the site is not rebuilt meanwhile).
    #[cfg(unix)]
    std::os::unix::fs::symlink(project.path("Cargo.toml"), project.path("site/leak.txt")).unwrap();
    for target in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/%2E%2E/Cargo.toml",
        "/fonts/../../x",
        "/fonts/..%2f..%2fx",
        "/..%5cCargo.toml",
        "//../Cargo.toml",
        "/leak.txt",
        &format!("/{}", project.path("Cargo.toml").display()),
    ] {
        let response = get(server.addr(), target).unwrap();
        assert!(
            response.status == 400 || response.status == 404,
            "{target} answered {}",
            response.status
        );
        assert!(!response.body.contains("SECRET"), "{target} leaked");
    }
}

#[test]
fn saving_an_essay_rebuilds_and_the_version_endpoint_signals_it() {
    let project = TempProject::good_typeset();
    let server = start(&project);
    let before = server.version();
    assert_eq!(
        get(server.addr(), "/__hackenbook/version").unwrap().body,
        before.to_string()
    );
    // A long poll opened before the save must be answered by the rebuild it causes.
    let addr = server.addr();
    let poll =
        std::thread::spawn(move || get(addr, &format!("/__hackenbook/version?after={before}")));
    std::thread::sleep(Duration::from_millis(100));
    let essay = project.read("essays/first.md");
    project.write(
        "essays/first.md",
        &essay.replace("# Stalks", "# Stalks, freshly edited"),
    );
    let answer = poll.join().unwrap().unwrap();
    let after: u64 = answer.body.parse().unwrap();
    assert!(after > before, "version {after} after {before}");
    let page = get_until(server.addr(), "/first.html", |r| {
        r.body.contains("freshly edited")
    });
    assert_eq!(page.status, 200);
    let stamp: u64 = page
        .body
        .split("var seen = ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .and_then(|n| n.parse().ok())
        .expect("a stamped page");
    assert!(
        stamp >= after,
        "the page carries the version of the build it shows"
    );
}

#[test]
fn a_broken_essay_replaces_pages_with_its_diagnostics_until_fixed() {
    let project = TempProject::good_typeset();
    let server = start(&project);
    let good = project.read("essays/first.md");
    let published = project.read("site/first.html");
    let broken = good.replacen("value = 1/2", "value = 3/4", 1);
    let line = 1 + broken[..broken.find("value = 3/4").unwrap()]
        .matches('\n')
        .count();
    project.write("essays/first.md", &broken);

    let shown = get_until(server.addr(), "/first.html", |r| r.status == 500);
    assert!(
        shown.body.contains(&format!("first.md:{line}:")),
        "located at line {line}: {}",
        shown.body
    );
    assert!(shown.body.contains("<pre class=\"diagnostics\">"));
    assert!(shown.body.contains(SCRIPT), "the error page reloads too");
    let index = get(server.addr(), "/").unwrap();
    assert_eq!(index.status, 500, "every page shows the failure");
    assert_eq!(
        get(server.addr(), "/style.css").unwrap().status,
        200,
        "assets still served"
    );
    assert_eq!(
        project.read("site/first.html"),
        published,
        "site/ keeps the last good build"
    );

    project.write(
        "essays/first.md",
        &good.replace("# Stalks", "# Stalks again"),
    );
    let restored = get_until(server.addr(), "/first.html", |r| r.status == 200);
    assert!(restored.body.contains("Stalks again"));
    assert!(!restored.body.contains("diagnostics"));
}

#[test]
fn templates_and_the_configuration_are_watched_too() {
    let project = TempProject::good_typeset();
    let server = start(&project);
    let base = project.read("templates/base.html");
    let edited = base.replacen("<main", "<main data-edited=\"yes\"", 1);
    assert_ne!(edited, base, "the fixture's template has a <main> element");
    project.write("templates/base.html", &edited);
    get_until(server.addr(), "/", |r| {
        r.body.contains("data-edited=\"yes\"")
    });

    let before = server.version();
    project.write("hackenbook.toml", "# configuration\n");
    let answer = get(
        server.addr(),
        &format!("/__hackenbook/version?after={before}"),
    )
    .unwrap();
    assert!(answer.body.parse::<u64>().unwrap() > before);
}

#[test]
fn a_build_that_never_succeeded_still_serves_its_diagnostics() {
    let project = TempProject::good_typeset();
    let essay = project.read("essays/second.md");
    project.write(
        "essays/second.md",
        &essay.replacen("value = 1", "value = 2", 1),
    );
    let server = start(&project);
    let page = get(server.addr(), "/").unwrap();
    assert_eq!(page.status, 500);
    assert!(page.body.contains("second.md:"));
    assert!(!project.path("site").exists(), "nothing was published");
}

#[test]
fn a_huge_request_line_is_refused_without_being_echoed() {
    use std::io::{Read, Write};
    let project = TempProject::good_typeset();
    let server = start(&project);
    let mut stream = std::net::TcpStream::connect(server.addr()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    // Twenty megabytes of URL, sent until the server stops reading.
    let _ = stream.write_all(b"GET /");
    let chunk = vec![b'a'; 64 * 1024];
    for _ in 0..320 {
        if stream.write_all(&chunk).is_err() {
            break;
        }
    }
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        answer.starts_with("HTTP/1.1 414"),
        "{}",
        &answer[..answer.len().min(200)]
    );
    assert!(
        answer.len() < 1_000,
        "nothing echoed: {} bytes",
        answer.len()
    );
    assert_eq!(
        get(server.addr(), "/").unwrap().status,
        200,
        "still serving"
    );
}

#[test]
fn oversized_headers_are_refused() {
    use std::io::{Read, Write};
    let project = TempProject::good_typeset();
    let server = start(&project);
    let mut stream = std::net::TcpStream::connect(server.addr()).unwrap();
    let headers = "X-Filler: 0123456789abcdef\r\n".repeat(4_000);
    let _ = stream.write_all(format!("GET / HTTP/1.1\r\n{headers}\r\n").as_bytes());
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer}");
}

#[test]
fn a_host_that_dns_could_rebind_is_refused() {
    use std::io::{Read, Write};
    let project = TempProject::good_typeset();
    let server = start(&project);
    let port = server.addr().port();
    let ask = |host: &str| {
        let mut stream = std::net::TcpStream::connect(server.addr()).unwrap();
        let request = format!("GET /first.html HTTP/1.1\r\nHost: {host}\r\n\r\n");
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
    };
    // A page of attacker.example whose name now resolves to 127.0.0.1 asks with its own name.
    for host in [
        format!("attacker.example:{port}"),
        format!("localhost.attacker.example:{port}"),
        "localhost".to_string(),
    ] {
        let answer = ask(&host);
        assert!(answer.starts_with("HTTP/1.1 421"), "{host}: {answer}");
        assert!(!answer.contains("<svg"), "{host}: nothing of the site");
    }
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
    ] {
        assert!(ask(&host).starts_with("HTTP/1.1 200"), "{host}");
    }
}

#[test]
fn absolute_form_targets_for_this_server_are_served() {
    let project = TempProject::good_typeset();
    let server = start(&project);
    let absolute = format!("http://{}/first.html", server.addr());
    let page = get(server.addr(), &absolute).unwrap();
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<svg"));
    let local = format!("http://localhost:{}/", server.addr().port());
    assert_eq!(get(server.addr(), &local).unwrap().status, 200);
    let elsewhere = get(server.addr(), "http://example.org/first.html").unwrap();
    assert_eq!(elsewhere.status, 400);
}

#[test]
fn a_change_to_the_source_cancels_a_long_build() {
    let project = TempProject::good_typeset();
    let mut config = Config::new(project.root(), 0);
    // No time limit: only the cancellation can stop the long build.
    config.project.time_limit = None;
    let server = Server::start(config).unwrap_or_else(|f| panic!("{}", f.render()));
    let essay = project.read("essays/first.md");
    // Minutes of work for the solver in a test build, in little memory (the 40-edge mixed grid
    // of `hackenbush_solver`, which no theorem covers), so that only the cancellation ends it.
    let grid = "g-n1_0 R, n1_0-n1_1 L, g-n1_1 R, n1_1-n1_2 G, g-n1_2 L, n1_2-n1_3 L, g-n1_3 G, \
        n1_3-n1_4 L, g-n1_4 R, n1_0-n2_0 G, n2_0-n2_1 L, n1_1-n2_1 G, n2_1-n2_2 L, n1_2-n2_2 L, \
        n2_2-n2_3 L, n1_3-n2_3 R, n2_3-n2_4 R, n1_4-n2_4 L, n2_0-n3_0 L, n3_0-n3_1 L, n2_1-n3_1 G, \
        n3_1-n3_2 R, n2_2-n3_2 L, n3_2-n3_3 G, n2_3-n3_3 L, n3_3-n3_4 L, n2_4-n3_4 G, n3_0-n4_0 G, \
        n4_0-n4_1 G, n3_1-n4_1 L, n4_1-n4_2 G, n3_2-n4_2 G, n4_2-n4_3 R, n3_3-n4_3 L, n4_3-n4_4 L, \
        n3_4-n4_4 L, n1_0-n2_1 G, n1_1-n2_2 L, n1_2-n2_3 R, n1_3-n2_4 R";
    project.write(
        "essays/first.md",
        &format!("{essay}\n```hackenbush grid\n{grid}\n```\n"),
    );
    let deadline = std::time::Instant::now() + serve_support::PATIENCE;
    while !server.building() {
        assert!(
            std::time::Instant::now() < deadline,
            "the long build never started"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    // The build has begun, but may not have read the essay yet: a save that lands before it
    // does gives it the short essay, which it finishes with nothing to cancel. A second is far
    // longer than reading the sources takes and far shorter than the grid takes to value.
    std::thread::sleep(Duration::from_secs(1));
    assert!(server.building(), "the long build ended by itself");
    project.write(
        "essays/first.md",
        &essay.replace("# Stalks", "# Stalks, after the long build"),
    );
    let page = get_until(server.addr(), "/first.html", |r| {
        r.body.contains("after the long build")
    });
    assert_eq!(page.status, 200);
    assert!(server.cancelled_builds() >= 1);
}
