//! `dungeon soak`: a few hundred audited games pass, every mix is played, a failing game is
//! reported with what replays it (and replays the same with `--game`), the exit status
//! says whether any failed, and wrong options are refused.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ is in the repository")
        .to_path_buf()
}

/// Runs `dungeon --lang en ARGS`: exit code, stdout, stderr.
fn dungeon(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(["--lang", "en"])
        .args(args)
        .current_dir(root())
        .output()
        .expect("the dungeon binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{args:?} panicked:\n{stderr}");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr,
    )
}

#[test]
fn soak_plays_every_mix_and_passes() {
    let (code, stdout, stderr) = dungeon(&["soak", "--games", "400", "--threads", "2", "-q"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("soak: 400 games in") && stdout.contains(", 0 failed"),
        "{stdout}"
    );
    // Each built-in pack alone where it can be played alone, and the mixes.
    for mix in [
        "(base | mandom | sequel |",
        "| base,sequel |",
        "| base,alchemy,sequel |",
    ] {
        assert!(stderr.contains(mix), "no mix `{mix}` in {stderr}");
    }
}

/// A pack one of whose monsters has a script that always fails: every game that reveals
/// it stops on the hook's error, which the soak reports.
fn broken_pack() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dungeon-soak-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    std::fs::write(
        dir.join("gremlins.toml"),
        r#"
[pack]
id = "gremlins"
version = "0.1.0"
engine_api = 1
languages = ["en"]
scripts = "scripts"
requires = ["base"]
name = { en = "Gremlins" }
description = { en = "A monster whose script fails." }

[[monster]]
id = "gremlin"
strength = 1
script = "gremlin.lua"
name = { en = "Gremlin" }
"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("scripts/gremlin.lua"),
        "return { identity = function(ctx, m) error('gremlin') end }\n",
    )
    .unwrap();
    dir.join("gremlins.toml")
}

#[test]
fn soak_reports_each_failure_with_its_replay_and_fails() {
    let pack = broken_pack();
    let pack = pack.to_string_lossy();
    let args = [
        "--pack",
        &pack,
        "soak",
        "--games",
        "30",
        "--packs",
        "gremlins",
        "--players",
        "3",
        "--seed",
        "5",
        "-q",
    ];
    let (code, stdout, stderr) = dungeon(&args);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let failure = stdout
        .lines()
        .find(|l| l.starts_with("FAILED game "))
        .unwrap_or_else(|| panic!("no failure in {stdout}"));
    assert!(
        failure.contains("packs base,gremlins, 3 players, seed ")
            && failure.contains("designer_variant=")
            && failure.contains("bots random,random,random"),
        "{failure}"
    );
    assert!(
        stdout.contains("  after decision ") && stdout.contains("gremlin"),
        "{stdout}"
    );
    let replay = stdout
        .lines()
        .find_map(|l| l.strip_prefix("  replay it: dungeon "))
        .expect("a replay command");
    assert!(
        replay.starts_with(&format!(
            "--pack {pack} soak --seed 5 --packs gremlins --players 3 --rules-every 1000 --game "
        )),
        "{replay}"
    );
    // The command given replays that game: the same failure, after the same decision.
    let again: Vec<&str> = replay.split(' ').collect();
    let (code, replayed, stderr) = dungeon(&again);
    assert_eq!(code, 1, "{replayed}{stderr}");
    let first = |out: &str| {
        let mut lines = out.lines().skip_while(|l| !l.starts_with("FAILED game "));
        (
            lines.next().map(str::to_string),
            lines.next().map(str::to_string),
        )
    };
    assert_eq!(first(&replayed), first(&stdout));
    assert!(
        replayed.contains("  0  game of 3 players starts"),
        "{replayed}"
    );
}

#[test]
fn soak_refuses_wrong_options() {
    for (args, says) in [
        (&["soak", "--games", "0"][..], "--games must be at least 1"),
        (
            &["soak", "--players", "2,5"][..],
            "--players must be 2 to 4, not 5",
        ),
        (
            &["soak", "--threads", "0"][..],
            "--threads must be 1 to 1024",
        ),
        (
            &["soak", "--threads", "100000"][..],
            "--threads must be 1 to 1024",
        ),
        (&["soak", "--packs", "nosuchpack"][..], "nosuchpack"),
    ] {
        let (code, stdout, stderr) = dungeon(args);
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

/// The second game soaks too: its plain game and every variant, audited after every
/// decision; one game replays alone with `--game`.
#[test]
fn soak_over_mazmorra_audits_every_variant() {
    let (code, out, err) = dungeon(&["soak", "--over", "mazmorra", "-n", "48", "-q"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        err.contains("48 games") && err.contains(" 0 failed"),
        "{err}"
    );
    let (code, out, _) = dungeon(&["soak", "--over", "mazmorra", "--game", "7"]);
    assert_eq!(code, 0);
    assert!(out.contains("game 7: passed the audit"), "{out}");
}
