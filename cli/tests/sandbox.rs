//! `dungeon sim` with quietly hostile scripts (`tests/packs/hostile_sim/`: they try to
//! leave marks for other cards and games, probe for addresses, hoard memory, keep
//! counters) gives the same bytes with one thread and with two.

use std::path::PathBuf;
use std::process::Command;

fn manifest() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/packs/hostile_sim/hostile_sim.toml")
        .to_string_lossy()
        .into_owned()
}

fn sim(threads: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let manifest = manifest();
    let out = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args([
            "--pack",
            &manifest,
            "sim",
            "--packs",
            "hostile_sim",
            "--threads",
            threads,
        ])
        .args(args)
        .output()
        .expect("dungeon runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (out.status.code(), stdout, stderr)
}

#[test]
fn sim_with_hostile_scripts_gives_the_same_bytes_on_any_number_of_threads() {
    for args in [
        &["-n", "60", "--players", "2,3", "--bots", "random", "--json"][..],
        &["-n", "4", "--bots", "rules,random", "--json"][..],
    ] {
        let one = sim("1", args);
        assert_eq!(one.0, Some(0), "{args:?}: {}\n{}", one.1, one.2);
        let two = sim("2", args);
        assert!(
            one.1 == two.1,
            "sim {args:?}: 1 thread\n{}\n2 threads\n{}",
            one.1,
            two.1
        );
        assert_eq!(one.0, two.0);
    }
}
