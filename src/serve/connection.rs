//! One connection: read one request within fixed bounds, answer it, close.
//!
//! The one idea: **nothing a client sends can make the server hold more than a fixed amount**.
//! The request line and the headers are read with byte limits ([`MAX_REQUEST_LINE`],
//! [`MAX_HEAD`]) and a deadline ([`HEAD_TIMEOUT`]); connections are served by a fixed number of
//! workers ([`WORKERS`]) from a bounded queue ([`QUEUE`]), and one that finds the queue full is
//! closed at once. Every reply closes its connection, so no idle connection holds a worker
//! beyond the deadline. Only `GET` and `HEAD` are served, in origin form (`/path`) or in
//! absolute form for this server's own address (`http://127.0.0.1:3000/path`), and only to a
//! request whose `Host` names this server in a way DNS cannot rebind (`localhost`, a loopback
//! address, or the address it is bound to, at its port): a page of another site whose name
//! was made to resolve to 127.0.0.1 is answered 421, so it cannot read the preview.

use super::http::{self, Reply};
use super::state::State;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::time::Duration;

/// The longest request line read; a longer one is answered 414 without being echoed.
pub const MAX_REQUEST_LINE: usize = 8 * 1024;

/// The most bytes of request line and headers together; more is answered 431.
pub const MAX_HEAD: usize = 32 * 1024;

/// How long a client may take to send its request line and headers.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(5);

/// How long writing a reply may stall before the connection is dropped.
const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

/// Threads that serve connections (a long poll holds one for up to 25 seconds, so a few
/// open tabs must not exhaust them).
pub const WORKERS: usize = 16;

/// Accepted connections waiting for a worker; beyond this a new connection is closed at once.
pub const QUEUE: usize = 64;

/// What the server is: its own address (for absolute-form targets) and the site it serves.
pub struct Site<'a> {
    pub addr: SocketAddr,
    pub dir: &'a Path,
    pub state: &'a State,
}

/// Serves one connection: one request, one reply, then the connection is closed.
pub fn serve(stream: TcpStream, site: &Site) {
    let _ = stream.set_read_timeout(Some(HEAD_TIMEOUT));
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let Ok(reader) = stream.try_clone() else {
        return;
    };
    let (head_only, reply) = match read_head(&mut BufReader::new(reader)) {
        Ok(head) => (head.method == "HEAD", answer(&head, site)),
        Err(Refused::Quietly) => return,
        Err(Refused::With(reply)) => (false, reply),
    };
    let _ = write_reply(stream, reply, head_only);
}

/// A request line and the headers we need, as read.
#[derive(Debug, PartialEq, Eq)]
pub struct Head {
    pub method: String,
    pub target: String,
    /// The `Host` header, if sent (browsers always send it).
    pub host: Option<String>,
}

/// Why no request was routed: the client went away (nothing to say), or a reply saying why.
#[derive(Debug)]
pub enum Refused {
    Quietly,
    With(Reply),
}

/// Reads the request line and skips the headers, within [`MAX_REQUEST_LINE`] and
/// [`MAX_HEAD`].
pub fn read_head(reader: &mut impl BufRead) -> Result<Head, Refused> {
    let line = read_line(reader, MAX_REQUEST_LINE).map_err(|e| match e {
        LineError::TooLong => Refused::With(Reply::text(414, "request line too long\n")),
        LineError::Closed => Refused::Quietly,
    })?;
    let mut used = line.len();
    let mut host = None;
    loop {
        let header = read_line(reader, MAX_HEAD.saturating_sub(used)).map_err(|e| match e {
            LineError::TooLong => Refused::With(Reply::text(431, "request headers too large\n")),
            LineError::Closed => Refused::Quietly,
        })?;
        used += header.len() + 2;
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.eq_ignore_ascii_case("host") && host.replace(value.trim().to_string()).is_some()
            {
                return Err(Refused::With(Reply::text(400, "two Host headers\n")));
            }
        }
    }
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Refused::With(Reply::text(400, "malformed request line\n")));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(Refused::With(Reply::text(505, "HTTP/1.x only\n")));
    }
    Ok(Head {
        method: method.to_string(),
        target: target.to_string(),
        host,
    })
}

enum LineError {
    TooLong,
    Closed,
}

/// One line without its `\r\n` (or `\n`), refused once it passes `limit` bytes.
fn read_line(reader: &mut impl BufRead, limit: usize) -> Result<String, LineError> {
    let mut line = Vec::new();
    let read = reader
        .take(limit as u64 + 1)
        .read_until(b'\n', &mut line)
        .map_err(|_| LineError::Closed)?;
    if !line.ends_with(b"\n") {
        return Err(if read > limit {
            LineError::TooLong
        } else {
            LineError::Closed
        });
    }
    line.pop();
    if line.ends_with(b"\r") {
        line.pop();
    }
    String::from_utf8(line).map_err(|_| LineError::Closed)
}

/// Routes a request whose target is in origin form, or in absolute form for this server.
fn answer(head: &Head, site: &Site) -> Reply {
    if let Some(host) = &head.host {
        if !names_this_server(host, site.addr) {
            return Reply::text(
                421,
                "this server answers to localhost, 127.0.0.1 and [::1] at its port only\n",
            );
        }
    }
    match origin_form(&head.target, site.addr) {
        Some(target) => http::route(&head.method, target, site.dir, site.state),
        None => Reply::text(400, "this server serves only its own address\n"),
    }
}

/// `/path` as is; `http://ADDR/path` as `/path` when ADDR is this server (by address, or as
/// `localhost` with its port); anything else `None`.
pub fn origin_form(target: &str, own: SocketAddr) -> Option<&str> {
    if target.starts_with('/') {
        return Some(target);
    }
    let rest = target
        .strip_prefix("http://")
        .or_else(|| target.strip_prefix("HTTP://"))?;
    let split = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(split);
    match (names_this_server(authority, own), path) {
        (false, _) => None,
        (true, "") => Some("/"),
        (true, p) if p.starts_with('?') => None,
        (true, p) => Some(p),
    }
}

/// Whether `authority` (`host[:port]`, of a `Host` header or an absolute target) names this
/// server by a name no DNS answer can point elsewhere: `localhost`, a loopback address
/// (`127.0.0.1`, `[::1]`), or the address it is bound to; with its port (none only for 80).
pub fn names_this_server(authority: &str, own: SocketAddr) -> bool {
    let (host, port) = match authority.strip_prefix('[') {
        Some(bracketed) => match bracketed.split_once(']') {
            Some((host, rest)) => (host, rest.strip_prefix(':')),
            None => return false,
        },
        None => match authority.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        },
    };
    let port_ours = match port {
        Some(port) => port.parse::<u16>() == Ok(own.port()),
        None => own.port() == 80,
    };
    let host_ours = host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback() || ip == own.ip());
    port_ours && host_ours
}

/// Writes `reply` (without its body for `HEAD`), asking the client to close.
fn write_reply(mut stream: TcpStream, reply: Reply, head_only: bool) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        reply.status,
        reason(reply.status),
        reply.content_type,
        reply.body.len()
    );
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(&reply.body)?;
    }
    stream.flush()
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        414 => "URI Too Long",
        421 => "Misdirected Request",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(raw: &str) -> Result<Head, u16> {
        read_head(&mut raw.as_bytes()).map_err(|e| match e {
            Refused::With(reply) => reply.status,
            Refused::Quietly => 0,
        })
    }

    #[test]
    fn a_request_line_and_headers_are_read() {
        assert_eq!(
            head("GET /a.html?x=1 HTTP/1.1\r\nHost: h\r\nAccept: */*\r\n\r\n"),
            Ok(Head {
                method: "GET".into(),
                target: "/a.html?x=1".into(),
                host: Some("h".into()),
            })
        );
        assert_eq!(head("GET / HTTP/1.0\n\n").unwrap().target, "/");
    }

    #[test]
    fn oversized_and_malformed_requests_are_refused() {
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_REQUEST_LINE));
        assert_eq!(head(&long), Err(414));
        let many = format!(
            "GET / HTTP/1.1\r\n{}\r\n",
            "X-Filler: 0123456789\r\n".repeat(MAX_HEAD / 20)
        );
        assert_eq!(head(&many), Err(431));
        assert_eq!(head("GET /\r\n\r\n"), Err(400));
        assert_eq!(head("GET / SPDY/3\r\n\r\n"), Err(505));
        assert_eq!(
            head("GET / HTTP/1.1\r\nHost: h"),
            Err(0),
            "cut off: no reply"
        );
    }

    #[test]
    fn absolute_targets_for_this_server_become_paths() {
        let own: SocketAddr = "127.0.0.1:3000".parse().unwrap();
        assert_eq!(origin_form("/x", own), Some("/x"));
        assert_eq!(
            origin_form("http://127.0.0.1:3000/a.html?q", own),
            Some("/a.html?q")
        );
        assert_eq!(origin_form("http://localhost:3000", own), Some("/"));
        assert_eq!(origin_form("http://example.org:3000/", own), None);
        assert_eq!(origin_form("http://127.0.0.1:3001/", own), None);
        assert_eq!(origin_form("*", own), None);
    }

    #[test]
    fn only_names_dns_cannot_rebind_name_this_server() {
        let own: SocketAddr = "127.0.0.1:3000".parse().unwrap();
        for ours in [
            "localhost:3000",
            "LocalHost:3000",
            "127.0.0.1:3000",
            "[::1]:3000",
        ] {
            assert!(names_this_server(ours, own), "{ours}");
        }
        for other in [
            "attacker.example:3000",
            "localhost.attacker.example:3000",
            "127.0.0.1.nip.io:3000",
            "localhost:3001",
            "localhost",
            "[::1]",
            "192.168.1.5:3000",
            "[::1:3000",
            "",
        ] {
            assert!(!names_this_server(other, own), "{other}");
        }
        // Bound to another address, that address is its name too; at port 80, no port is.
        let lan: SocketAddr = "192.168.1.5:80".parse().unwrap();
        assert!(names_this_server("192.168.1.5", lan));
        assert!(names_this_server("localhost", lan));
        assert!(!names_this_server("192.168.1.6", lan));
        assert_eq!(
            head("GET / HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n"),
            Err(400)
        );
    }
}
