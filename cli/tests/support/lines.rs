//! Running `dungeon` as a player at a pipe does: answers written to its input, in a
//! scratch folder of its own (its data folder inside), for the tests of the line-mode
//! tables.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `dungeon --lang LANG ARGS` with `input` on its standard input: its exit code, standard
/// output and standard error (which must not hold a panic).
pub fn dungeon(dir: &Path, lang: &str, args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(["--lang", lang])
        .args(args)
        .env("DUNGEON_DATA_DIR", dir.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        stderr,
    )
}

/// An empty scratch folder for test `name` of the suite `suite`.
pub fn temp(suite: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dungeon-{suite}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
