//! `hackenbook serve` as a process: the port it picks, a port in use, and Ctrl-C.

use crate::serve_support;

use serve_support::{get, served_address, stderr_lines, TempProject, PATIENCE};
use std::io::BufRead;
use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Instant;

fn serve(project: &TempProject, port: u16) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hackenbook"));
    command
        .arg("serve")
        .arg("--port")
        .arg(port.to_string())
        .arg("--root")
        .arg(project.root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Waits for the child to exit; kills it and fails after [`PATIENCE`].
fn wait(child: &mut Child) -> ExitStatus {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the server did not exit");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

#[test]
fn a_port_in_use_is_a_clear_error_with_exit_status_1() {
    let project = TempProject::good_typeset();
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let mut child = serve(&project, port).spawn().unwrap();
    let status = wait(&mut child);
    let mut stderr = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert_eq!(status.code(), Some(1), "stderr: {stderr}");
    assert!(
        stderr.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{stderr}"
    );
    assert!(stderr.contains("--port 0"), "says what to do: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn port_zero_prints_the_port_and_ctrl_c_stops_cleanly() {
    let project = TempProject::good_typeset();
    let mut child = serve(&project, 0).spawn().unwrap();
    let (addr, mut stdout) = served_address(&mut child);
    assert_ne!(addr.port(), 0);
    assert!(addr.ip().is_loopback(), "binds 127.0.0.1 by default");
    assert_eq!(get(addr, "/").unwrap().status, 200);

    rustix::process::kill_process(
        rustix::process::Pid::from_child(&child),
        rustix::process::Signal::INT,
    )
    .expect("SIGINT sent to our own child");
    let status = wait(&mut child);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    assert!(status.success(), "exit {status:?}; said {rest}");
    assert!(rest.contains("stopped"), "{rest}");
    assert!(project.path("site/index.html").is_file());
    assert!(!project.path(".site.new").exists() && !project.path(".site.old").exists());
}

/// `--time-limit` reaches the builds `serve` runs: a sum that takes the games engine seconds
/// stops at a limit of one second (not at the default ten), and the failed build says so.
#[test]
fn the_time_limit_bounds_the_builds_of_serve() {
    let project = TempProject::good_typeset();
    let essay = project.read("essays/first.md");
    project.write(
        "essays/first.md",
        &essay.replace("{0, 1/2 | 2} = 1", "^:600 + ^:600 = ^:600 + ^:600 + 0"),
    );
    let mut child = serve(&project, 0)
        .arg("--time-limit")
        .arg("1")
        .spawn()
        .unwrap();
    // The first build runs before the server says where it serves; its problems go to stderr.
    let said = stderr_lines(&mut child);
    let mut seen = String::new();
    let deadline = Instant::now() + PATIENCE;
    while !seen.contains("build failed") {
        let left = deadline.saturating_duration_since(Instant::now());
        match said.recv_timeout(left) {
            Ok(line) => seen.push_str(&(line + "\n")),
            Err(_) => {
                let _ = child.kill();
                panic!("no failed build reported; stderr said: {seen}");
            }
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        seen.contains("the games engine stopped: beyond the time limit of 1 s"),
        "{seen}"
    );
}

/// `build` while `serve` holds the site is refused at once, naming `hackenbook serve`, its
/// process and what to do, and writes nothing; once `serve` stops, its lock is gone and `build`
/// writes the site.
#[cfg(unix)]
#[test]
fn build_while_serve_holds_the_site_is_refused_naming_it() {
    let project = TempProject::good_typeset();
    let mut child = serve(&project, 0).spawn().unwrap();
    // Its output is kept open (and unread) while it runs.
    let (_, _stdout) = served_address(&mut child);
    let index = project.read("site/index.html");
    let build = || {
        Command::new(env!("CARGO_BIN_EXE_hackenbook"))
            .arg("build")
            .arg("--root")
            .arg(project.root())
            .output()
            .unwrap()
    };
    let refused = build();
    let said = String::from_utf8_lossy(&refused.stderr).into_owned();
    assert_eq!(refused.status.code(), Some(1), "{said}");
    let holder = format!("`hackenbook serve` (pid {}) is writing", child.id());
    assert!(said.contains(&holder), "names the holder: {said}");
    assert!(
        said.contains("Ctrl-C") && said.contains("--out"),
        "says what to do: {said}"
    );
    assert!(!said.contains("No such file"), "{said}");
    assert_eq!(
        project.read("site/index.html"),
        index,
        "the site is untouched"
    );
    rustix::process::kill_process(
        rustix::process::Pid::from_child(&child),
        rustix::process::Signal::INT,
    )
    .expect("SIGINT sent to our own child");
    assert!(wait(&mut child).success());
    assert!(
        !project.path(".site.lock").exists(),
        "serve removed its lock"
    );
    let built = build();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    assert!(!project.path(".site.lock").exists(), "and so did build");
}

/// Starts `serve --port 0 --open` with `env` set (and DISPLAY, WAYLAND_DISPLAY, BROWSER
/// removed first, so the test sees no browser of its own machine); returns the child, the
/// address it serves and a channel of its standard error's lines.
#[cfg(all(unix, not(target_os = "macos")))]
fn serve_open(
    project: &TempProject,
    env: &[(&str, std::ffi::OsString)],
) -> (Child, SocketAddr, std::sync::mpsc::Receiver<String>) {
    let mut command = serve(project, 0);
    command
        .arg("--open")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("BROWSER");
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().unwrap();
    let said = stderr_lines(&mut child);
    let (addr, stdout) = served_address(&mut child);
    // Drain what it prints later, so it never writes to a closed or full pipe.
    std::thread::spawn(move || for _ in stdout.lines() {});
    (child, addr, said)
}

/// The first line of standard error holding `words`, or every line seen if none came in time.
#[cfg(all(unix, not(target_os = "macos")))]
fn line_with(said: &std::sync::mpsc::Receiver<String>, words: &str) -> Result<String, String> {
    let deadline = Instant::now() + PATIENCE;
    let mut seen = String::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match said.recv_timeout(left) {
            Ok(line) if line.contains(words) => return Ok(line),
            Ok(line) => seen.push_str(&(line + "\n")),
            Err(_) => return Err(seen),
        }
    }
}

/// A folder holding one executable `xdg-open` with `body` as its shell script, for `PATH`.
#[cfg(all(unix, not(target_os = "macos")))]
fn fake_opener(body: &str) -> (tempfile::TempDir, std::ffi::OsString) {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let opener = dir.path().join("xdg-open");
    std::fs::write(&opener, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut path = dir.path().as_os_str().to_owned();
    path.push(":");
    path.push(std::env::var_os("PATH").unwrap_or_default());
    (dir, path)
}

/// Without a graphical session `--open` says so, with the address to open by hand, and serves.
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn open_without_a_display_says_so_and_serves() {
    let project = TempProject::good_typeset();
    let (mut child, addr, said) = serve_open(&project, &[]);
    let line = line_with(&said, "no browser could be opened");
    let served = get(addr, "/").map(|r| r.status);
    let _ = child.kill();
    let _ = child.wait();
    let line = line.unwrap_or_else(|seen| panic!("nothing said of the browser: {seen}"));
    assert!(line.contains("no graphical session"), "{line}");
    assert!(
        line.contains(&format!("open http://{addr}/ in a browser yourself")),
        "{line}"
    );
    assert_eq!(served.unwrap(), 200, "still serves");
}

/// An opener that finds no browser (`xdg-open`'s exit status 3) is reported in words, and the
/// server serves on.
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn an_opener_that_finds_no_browser_is_reported() {
    let project = TempProject::good_typeset();
    let (_dir, path) = fake_opener("exit 3");
    let (mut child, addr, said) = serve_open(&project, &[("PATH", path), ("DISPLAY", ":0".into())]);
    let line = line_with(&said, "no browser could be opened");
    let served = get(addr, "/").map(|r| r.status);
    let _ = child.kill();
    let _ = child.wait();
    let line = line.unwrap_or_else(|seen| panic!("nothing said of the browser: {seen}"));
    assert!(
        line.contains("`xdg-open` found no browser to open it with (exit status 3)"),
        "{line}"
    );
    assert!(line.contains(&format!("http://{addr}/")), "{line}");
    assert_eq!(served.unwrap(), 200, "still serves");
}

/// With a display, the opener is given the address served.
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn open_hands_the_opener_the_address_served() {
    let project = TempProject::good_typeset();
    let asked = project.path("asked");
    // Written beside, then renamed: the test never reads half a file.
    let (_dir, path) = fake_opener(&format!(
        "printf '%s' \"$1\" > '{0}.new' && mv '{0}.new' '{0}'",
        asked.display()
    ));
    let (mut child, addr, _said) =
        serve_open(&project, &[("PATH", path), ("DISPLAY", ":0".into())]);
    let deadline = Instant::now() + PATIENCE;
    while !asked.is_file() && Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(
        std::fs::read_to_string(&asked).ok().as_deref(),
        Some(format!("http://{addr}/").as_str())
    );
}
