//! `dungeon scenario` prints text taken from scenario files (names, paths, problems) with
//! every control character escaped: a scenario file is input from anyone.

use std::path::Path;
use std::process::Command;

#[test]
fn scenario_text_reaches_the_terminal_escaped() {
    let dir = std::env::temp_dir().join(format!("dungeon-scenario-out-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("esc.toml");
    std::fs::write(
        &file,
        "name = \"fake\\u001b[2J\\u001b]0;title\\u0007 \\u202e ok\"\n\
         packs = [\"base\"]\nadventurer = \"warrior\"\nequipment = [\"torch\"]\n\
         dungeon = [\"goblin\"]\n[expect]\noutcome = \"failure\"\nhp = 99\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .args(["scenario", "-v"])
        .arg(&file)
        .output()
        .expect("dungeon runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    for text in [&stdout, &stderr] {
        assert!(
            !text
                .chars()
                .any(|c| c != '\n' && dungeon_engine::printable::is_control(c)),
            "raw control characters printed:\n{text:?}"
        );
    }
    assert!(
        stdout.contains("\\x1b[2J"),
        "the name is shown escaped:\n{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A folder holding no scenario file runs nothing: that is an error (exit 2), never a
/// green "0 passed" that hides a mistyped folder.
#[test]
fn a_folder_without_scenarios_is_an_error_not_a_pass() {
    let dir = std::env::temp_dir().join(format!("dungeon-scenario-none-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("inner")).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a scenario").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .arg("scenario")
        .arg(&dir)
        .output()
        .expect("dungeon runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no scenario files (*.toml)"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
