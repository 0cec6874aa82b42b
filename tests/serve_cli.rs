//! `hackenbook serve` as a process: the port it picks, a port in use, and Ctrl-C.

mod serve_support;

use serve_support::{get, TempProject, PATIENCE};
use std::io::{BufRead, BufReader};
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
    let project = TempProject::good();
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
    let project = TempProject::good();
    let mut child = serve(&project, 0).spawn().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    let addr: SocketAddr = loop {
        let mut line = String::new();
        if stdout.read_line(&mut line).unwrap() == 0 {
            let _ = child.kill();
            panic!("the server ended before serving; it said: {seen}");
        }
        seen.push_str(&line);
        if let Some(rest) = line.strip_prefix("serving http://") {
            let addr = rest.split('/').next().unwrap();
            break addr.parse().unwrap();
        }
    };
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
    assert!(status.success(), "exit {status:?}; said {seen}{rest}");
    assert!(rest.contains("stopped"), "{rest}");
    assert!(project.path("site/index.html").is_file());
    assert!(!project.path(".site.new").exists() && !project.path(".site.old").exists());
}

/// `--time-limit` reaches the builds `serve` runs: a sum that takes the games engine seconds
/// stops at a limit of one second (not at the default ten), and the failed build says so.
#[test]
fn the_time_limit_bounds_the_builds_of_serve() {
    let project = TempProject::good();
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
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (lines, said) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
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
    let project = TempProject::good();
    let mut child = serve(&project, 0).spawn().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    while !seen.contains("serving http://") {
        let mut line = String::new();
        if stdout.read_line(&mut line).unwrap() == 0 {
            let _ = child.kill();
            panic!("the server ended before serving; it said: {seen}");
        }
        seen.push_str(&line);
    }
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
