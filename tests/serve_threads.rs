//! `serve` under 300 idle connections: a fixed pool of workers, no thread per connection. Alone
//! in its test binary, so that no other test's threads are counted.

mod serve_support;

use hackenbook::serve::{Config, Server};
use serve_support::{get_until, TempProject};
use std::fs;
use std::time::Duration;

fn start(project: &TempProject) -> Server {
    Server::start(Config::new(project.root(), 0)).unwrap_or_else(|f| panic!("{}", f.render()))
}

/// Threads of this process, from /proc (Linux).
#[cfg(target_os = "linux")]
fn threads() -> usize {
    fs::read_dir("/proc/self/task").unwrap().count()
}

#[cfg(target_os = "linux")]
#[test]
fn idle_connections_do_not_multiply_threads() {
    let project = TempProject::good_typeset();
    let server = start(&project);
    let before = threads();
    let idle: Vec<std::net::TcpStream> = (0..300)
        .map(|_| std::net::TcpStream::connect(server.addr()).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let during = threads();
    assert!(
        during <= before + 1,
        "{before} threads before, {during} with 300 idle connections"
    );
    drop(idle);
    assert_eq!(
        get_until(server.addr(), "/", |r| r.status == 200).status,
        200
    );
}
