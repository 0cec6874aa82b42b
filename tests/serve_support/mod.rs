//! Shared by the serve tests and the serve benchmark: a throwaway project and a tiny HTTP client.
#![allow(dead_code)]

use std::fs;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// How long any test waits for the server to catch up before failing. Generous, because a
/// debug build on a busy machine is slow; a passing test returns as soon as the condition holds.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A project in a temporary folder: `essays/` from a source folder, `templates/` from the
/// repository's own.
pub struct TempProject {
    pub dir: tempfile::TempDir,
}

impl TempProject {
    pub fn from_essays(essays: &Path) -> TempProject {
        let dir = tempfile::tempdir().expect("a temporary folder");
        copy_dir(essays, &dir.path().join("essays"));
        copy_dir(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("templates"),
            &dir.path().join("templates"),
        );
        TempProject { dir }
    }

    /// The `good` fixture: two essays, `first` and `second`.
    pub fn good() -> TempProject {
        TempProject::from_essays(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/good/essays"),
        )
    }

    /// The `good` fixture with its typesetting already kept in its cache folder, as a build of
    /// it keeps it: the tests' builds read the fonts back instead of encoding them again
    /// (Brotli at its highest quality: most of a small build's time). What is kept is the
    /// typesetters' exact output, sealed under the user's key (the book's `site/kept.rs`), so
    /// every site is the same; the encoding itself runs in the build that made it, once per
    /// test process, and in the book's own tests. The serve benchmark keeps [`Self::good`].
    pub fn good_typeset() -> TempProject {
        let project = TempProject::good();
        let cache = project.path(".hackenbook-cache");
        fs::create_dir_all(&cache).expect("a new folder");
        for (name, bytes) in good_typesetting() {
            fs::write(cache.join(name), bytes).expect("a written file");
        }
        project
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    pub fn path(&self, relative: &str) -> PathBuf {
        self.dir.path().join(relative)
    }

    pub fn read(&self, relative: &str) -> String {
        fs::read_to_string(self.path(relative)).expect("a readable file")
    }

    pub fn write(&self, relative: &str, text: &str) {
        fs::write(self.path(relative), text).expect("a writable file");
    }
}

/// The typesetting files (`typeset-*`) a build of the `good` fixture leaves in its cache
/// folder, made once per process by the binary.
fn good_typesetting() -> &'static [(std::ffi::OsString, Vec<u8>)] {
    static KEPT: std::sync::OnceLock<Vec<(std::ffi::OsString, Vec<u8>)>> =
        std::sync::OnceLock::new();
    KEPT.get_or_init(|| {
        let project = TempProject::good();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_hackenbook"))
            .arg("--root")
            .arg(project.root())
            .arg("build")
            .output()
            .expect("the binary runs");
        assert!(
            output.status.success(),
            "the good fixture builds: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let kept: Vec<_> = fs::read_dir(project.path(".hackenbook-cache"))
            .expect("the build's cache folder")
            .map(|entry| entry.expect("a folder entry"))
            .filter(|entry| entry.file_name().to_string_lossy().starts_with("typeset-"))
            .map(|entry| {
                (
                    entry.file_name(),
                    fs::read(entry.path()).expect("a kept file"),
                )
            })
            .collect();
        assert!(
            kept.iter()
                .any(|(name, _)| name.to_string_lossy().ends_with(".woff2")),
            "the build kept its fonts"
        );
        kept
    })
}

pub fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("a new folder");
    for entry in fs::read_dir(from).expect("a readable folder") {
        let entry = entry.expect("a folder entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).expect("a copied file");
        }
    }
}

/// A response, read whole.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    /// Header lines, names lower-cased.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET target` with the target sent exactly as given (no normalisation of `..`).
pub fn get(addr: SocketAddr, target: &str) -> io::Result<Response> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    write!(
        stream,
        "GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    parse(&raw).ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "not an HTTP response"))
}

fn parse(raw: &[u8]) -> Option<Response> {
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&raw[..split]).ok()?;
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let body = String::from_utf8_lossy(&raw[split + 4..]).into_owned();
    Some(Response {
        status,
        headers,
        body,
    })
}

/// Polls `target` until `done` holds for the response; panics with the last response after
/// [`PATIENCE`].
pub fn get_until(addr: SocketAddr, target: &str, done: impl Fn(&Response) -> bool) -> Response {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let response = get(addr, target);
        match response {
            Ok(r) if done(&r) => return r,
            other if Instant::now() > deadline => {
                panic!("gave up waiting on {target}; last answer: {other:?}")
            }
            _ => std::thread::sleep(Duration::from_millis(5)),
        }
    }
}

/// The address a `hackenbook serve` child serves, read from its `serving http://ADDR/` line on
/// standard output, and the rest of that output to read on; kills the child and fails if it
/// ends before serving.
pub fn served_address(child: &mut Child) -> (SocketAddr, BufReader<ChildStdout>) {
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout piped"));
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        if stdout.read_line(&mut line).unwrap() == 0 {
            let _ = child.kill();
            panic!("the server ended before serving; it said: {seen}");
        }
        if let Some(rest) = line.strip_prefix("serving http://") {
            return (rest.split('/').next().unwrap().parse().unwrap(), stdout);
        }
        seen.push_str(&line);
    }
}

/// A child's standard error, line by line, read on a thread of its own (so the child never
/// blocks on a full pipe).
pub fn stderr_lines(child: &mut Child) -> Receiver<String> {
    let stderr = BufReader::new(child.stderr.take().expect("stderr piped"));
    let (lines, said) = channel();
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    said
}
