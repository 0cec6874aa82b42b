//! `hackenbook serve`: the site on a local port, rebuilt on every save, reloaded in the browser.
//!
//! The one idea: **the server shows the outcome of the latest build, whatever it was**. When it
//! succeeded, the files of `site/` are served as they are on disk (plus a live-reload script in
//! each page, added on the way out); when it failed, every page is replaced by the diagnostics,
//! so the author never reads a stale page believing it current. The driver already keeps
//! `site/` at the last good build, so the folder on disk is never the thing that changes
//! meaning; only the answers of the server do.
//!
//! Threads: one accepts connections and queues them for a fixed pool of workers (the version
//! long poll blocks for seconds, so files must not wait behind one; see [`connection`] for the
//! bounds); one watches the sources and runs the builds. They share a [`state::State`].

mod browser;
pub mod connection;
pub mod http;
pub mod paths;
pub mod reload;
pub mod signal;
pub mod state;
pub mod watch;

use hackenbook_book::driver::rebuild::Rebuilder;
use hackenbook_book::driver::{Failure, Project};
use state::State;
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;
use watch::{Builder, Cancel, Sources, Watch};

/// The configuration file, watched in the project root when it exists.
pub const CONFIG_FILE: &str = "hackenbook.toml";

/// What to serve, where, and how eagerly to rebuild.
#[derive(Clone, Debug)]
pub struct Config {
    pub project: Project,
    /// The configuration file to watch (it need not exist).
    pub config_file: PathBuf,
    pub addr: SocketAddr,
    /// How long the sources must stay quiet after a change before a build starts.
    pub debounce: Duration,
    /// Report builds and their problems on the terminal.
    pub verbose: bool,
}

impl Config {
    /// The conventional layout under `root`, served on 127.0.0.1:`port`.
    pub fn new(root: &Path, port: u16) -> Config {
        // Absolute paths, so that the watcher's event paths compare equal to ours.
        let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        Config {
            project: Project::at(&root),
            config_file: root.join(CONFIG_FILE),
            addr: SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port),
            debounce: Duration::from_millis(50),
            verbose: false,
        }
    }
}

/// A running server; stops when [`Server::shutdown`] is called or it is dropped.
pub struct Server {
    addr: SocketAddr,
    state: Arc<State>,
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
}

impl Server {
    /// Binds the port, builds the site once, then serves and watches in the background. A
    /// failed build is not an error here: the pages show it. A port in use is.
    pub fn start(config: Config) -> Result<Server, Failure> {
        let listener = TcpListener::bind(config.addr).map_err(|e| bind_failure(config.addr, e))?;
        let addr = listener
            .local_addr()
            .map_err(|e| bind_failure(config.addr, e))?;
        let state = Arc::new(State::starting_at(instance_stamp()));
        let stop = Arc::new(AtomicBool::new(false));
        // Watch before the first build, so a save during it is not lost.
        let sources = Sources {
            essays: config.project.essays_dir.clone(),
            templates: config.project.templates_dir.clone(),
            config: config.config_file.clone(),
        };
        let watch = Watch::new(sources)
            .map_err(|e| Failure::Other(format!("cannot watch the sources: {e}")))?;
        let cancel = Arc::new(Cancel::default());
        // The site is ours for as long as we serve it: another writer is refused, named.
        let rebuilder = Rebuilder::new(config.project.clone())?;
        let mut builder = Builder {
            rebuilder,
            state: Arc::clone(&state),
            verbose: config.verbose,
            cancel: Arc::clone(&cancel),
        };
        let (changes, changed) = mpsc::channel();
        let mut threads = vec![spawn_watcher(
            watch,
            changes,
            cancel,
            Arc::clone(&stop),
            config.debounce,
        )?];
        builder.rebuild();
        threads.push(spawn_builder(builder, changed)?);
        let (queue, waiting) = mpsc::sync_channel(connection::QUEUE);
        let waiting = Arc::new(Mutex::new(waiting));
        for i in 0..connection::WORKERS {
            threads.push(spawn_worker(
                i,
                Arc::clone(&waiting),
                addr,
                config.project.out_dir.clone(),
                Arc::clone(&state),
            )?);
        }
        threads.push(spawn_acceptor(listener, queue, Arc::clone(&stop))?);
        Ok(Server {
            addr,
            state,
            stop,
            threads,
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://ADDR/`
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// The build version pages are currently stamped with.
    /// Whether a build is running now.
    pub fn building(&self) -> bool {
        self.state.building()
    }

    /// How many builds a change to the sources stopped midway.
    pub fn cancelled_builds(&self) -> u64 {
        self.state.cancelled()
    }

    pub fn version(&self) -> u64 {
        self.state.version()
    }

    /// Stops accepting, wakes long polls, and waits for a running build to finish.
    pub fn shutdown(mut self) {
        self.stop_threads();
    }

    fn stop_threads(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.state.stop();
        // Wake the acceptor from `accept` so it sees the flag; it then closes the queue, which
        // ends the workers.
        let _ = std::net::TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop_threads();
    }
}

/// Milliseconds since 1970: distinct for each start of the server, and small enough for a
/// JavaScript number to hold exactly.
fn instance_stamp() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

fn bind_failure(addr: SocketAddr, e: io::Error) -> Failure {
    let hint = match e.kind() {
        io::ErrorKind::AddrInUse => {
            "\n  help: another program is using this port; pick another with --port N, or --port 0 for any free one"
        }
        io::ErrorKind::PermissionDenied => "\n  help: ports below 1024 need privileges; try --port 3000",
        _ => "",
    };
    Failure::Other(format!("cannot listen on {addr}: {e}{hint}"))
}

fn spawn_named(
    name: &str,
    body: impl FnOnce() + Send + 'static,
) -> Result<JoinHandle<()>, Failure> {
    thread::Builder::new()
        .name(name.to_string())
        .spawn(body)
        .map_err(|e| Failure::Other(format!("cannot start the {name} thread: {e}")))
}

/// Watches the sources: a change cancels the build under way and asks for the next.
fn spawn_watcher(
    mut watch: Watch,
    changes: mpsc::Sender<()>,
    cancel: Arc<Cancel>,
    stop: Arc<AtomicBool>,
    debounce: Duration,
) -> Result<JoinHandle<()>, Failure> {
    spawn_named("serve-watch", move || {
        while watch.next_change(&stop, debounce) {
            cancel.raise();
            if changes.send(()).is_err() {
                break;
            }
        }
        // Stopping: a long build must not hold up the shutdown either.
        cancel.raise();
    })
}

/// Runs a build for each burst of changes (changes that came during a build ask for one more).
fn spawn_builder(
    mut builder: Builder,
    changed: mpsc::Receiver<()>,
) -> Result<JoinHandle<()>, Failure> {
    // The builds run here: a stack as deep as the command line's.
    hackenbook_base::stack::spawn_deep("serve-build", move || {
        while changed.recv().is_ok() {
            while changed.try_recv().is_ok() {}
            builder.rebuild();
        }
    })
    .map_err(|e| Failure::Other(format!("cannot start the serve-build thread: {e}")))
}

/// Accepts connections into the queue; one that finds it full is closed at once.
fn spawn_acceptor(
    listener: TcpListener,
    queue: SyncSender<std::net::TcpStream>,
    stop: Arc<AtomicBool>,
) -> Result<JoinHandle<()>, Failure> {
    spawn_named("serve-accept", move || loop {
        let accepted = listener.accept();
        if stop.load(Ordering::SeqCst) {
            break;
        }
        match accepted {
            Ok((stream, _)) => match queue.try_send(stream) {
                Ok(()) | Err(TrySendError::Full(_)) => {}
                Err(TrySendError::Disconnected(_)) => break,
            },
            // A failed accept (say, out of file descriptors): breathe, then go on.
            Err(_) => thread::sleep(Duration::from_millis(20)),
        }
    })
}

/// A worker: serves queued connections one at a time until the queue closes.
fn spawn_worker(
    index: usize,
    waiting: Arc<Mutex<Receiver<std::net::TcpStream>>>,
    addr: SocketAddr,
    site_dir: PathBuf,
    state: Arc<State>,
) -> Result<JoinHandle<()>, Failure> {
    spawn_named(&format!("serve-{index}"), move || {
        let site = connection::Site {
            addr,
            dir: &site_dir,
            state: &state,
        };
        loop {
            // Hold the lock only to take one connection, never while serving it.
            let next = waiting.lock().unwrap_or_else(|e| e.into_inner()).recv();
            match next {
                Ok(stream) => connection::serve(stream, &site),
                Err(_) => break,
            }
        }
    })
}

/// Options of the `serve` command.
#[derive(Clone, Debug)]
pub struct Options {
    pub host: IpAddr,
    pub port: u16,
    pub open: bool,
    /// How long one evaluation of a build may take (`--time-limit`; `None`: no limit).
    pub time_limit: Option<Duration>,
}

/// The `serve` command: runs until Ctrl-C.
pub fn run(root: &Path, options: &Options) -> Result<(), Failure> {
    signal::install();
    let mut config = Config::new(root, options.port);
    config.addr.set_ip(options.host);
    config.project.time_limit = options.time_limit;
    config.verbose = true;
    let server = Server::start(config)?;
    println!("serving {} (Ctrl-C to stop)", server.url());
    if options.open {
        browser::open(&server.url());
    }
    while !signal::interrupted() {
        thread::sleep(Duration::from_millis(100));
    }
    server.shutdown();
    println!("stopped");
    Ok(())
}
