//! The real `dungeon serve` for the command's tests (`serve_crash.rs`,
//! `browser_restart.rs`): started on an address and a database, its first line read for
//! where it listens, its stderr appended to the database's `.log`, killed when dropped.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};

/// `dungeon serve`, running.
pub struct Serve {
    pub child: Child,
    /// Where it listens, `HOST:PORT`.
    pub address: String,
    /// Its WebSocket endpoint, `ws://HOST:PORT/ws`.
    pub url: String,
    /// Kept open: the server writes more lines, and a closed pipe would kill it.
    _stdout: BufReader<ChildStdout>,
}

impl Serve {
    /// A `kill -9`, waited for.
    pub fn kill(&mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().unwrap();
    }
}

impl Drop for Serve {
    /// A failed test leaves no server behind.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `dungeon serve` on `listen` (`127.0.0.1:0`: a free port) with `db` and `options`.
pub fn launch(listen: &str, db: &Path, options: &[&str]) -> Serve {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(["--lang", "en", "serve", "--listen", listen])
        .arg("--db")
        .arg(db)
        .args(options)
        .env("DUNGEON_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(db.with_extension("log"))
                .unwrap(),
        )
        .spawn()
        .expect("dungeon serve starts");
    let mut line = String::new();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    stdout.read_line(&mut line).unwrap();
    let url = (line.trim().rsplit(' ').next())
        .filter(|u| u.starts_with("ws://") && u.ends_with("/ws"))
        .unwrap_or_else(|| {
            let log = std::fs::read_to_string(db.with_extension("log")).unwrap_or_default();
            panic!("dungeon serve said {line:?}; its log:\n{log}")
        })
        .to_string();
    let address = url["ws://".len()..url.len() - "/ws".len()].to_string();
    Serve {
        child,
        address,
        url,
        _stdout: stdout,
    }
}
