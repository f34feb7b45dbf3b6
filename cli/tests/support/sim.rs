//! Running `dungeon` for the tests of `dungeon sim` (its slices and merges, its section
//! "Does this look like a game?"), and their scratch folders.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// `dungeon --lang LANG ARGS` from the repository root, with extra environment `env`.
pub fn dungeon_in(lang: &str, args: &[&str], env: &[(&str, &str)]) -> Run {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_dungeon"));
    command.args(["--lang", lang]).args(args).current_dir(root);
    for (k, v) in env {
        command.env(k, v);
    }
    let out = command.output().expect("the dungeon binary runs");
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "`dungeon {}` panicked:\n{}",
        args.join(" "),
        run.stderr
    );
    run
}

/// A fresh, empty folder named after the test file (`prefix`) and `name`.
pub fn temp_dir(prefix: &str, name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "dungeon-{prefix}-{}-{}-{name}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A path as the text an argument takes.
pub fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}
