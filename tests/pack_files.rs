//! A pack's files stay in its folder: script and scenario paths are relative and inside
//! the folder its loader gives (the manifest's own unless told otherwise), links that
//! lead out or loop are refused, only regular files are read, each within its size limit.
//! Every refusal is an error naming the pack's file and the manifest line, and nothing
//! outside the folder is read or quoted. Nothing here can hang: no pipe or device is
//! opened, and no search follows a link to a folder.

use dungeon_check::{CheckReport, check_pack, check_pack_in};
use dungeon_engine::catalog::{DiskFiles, MemoryFiles, PackLibrary, limits, read_pack};
use dungeon_engine::scenario::collect_files;
use std::path::{Path, PathBuf};

/// A folder of its own under the system's temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("dungeon-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("pack/scripts")).unwrap();
        std::fs::create_dir_all(dir.join("pack/scenarios")).unwrap();
        Scratch(dir)
    }
    /// The pack's folder, `pack/` (its parent holds what is outside it).
    fn pack(&self) -> PathBuf {
        self.0.join("pack")
    }
    fn manifest(&self) -> String {
        self.pack().join("pack.toml").to_string_lossy().into_owned()
    }
    fn write(&self, rel: &str, text: impl AsRef<[u8]>) {
        let path = self.0.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    fn link(&self, target: impl AsRef<Path>, rel: &str) {
        std::os::unix::fs::symlink(target, self.0.join(rel)).unwrap();
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Makes a named pipe (which a reader would wait on forever).
fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

/// A pack whose one tile's script is `script`; the line of that field is 19.
fn manifest(script: &str) -> String {
    format!(
        r#"[pack]
id = "files"
version = "1.0.0"
engine_api = 1
languages = ["en"]
scripts = "scripts"
scenarios = "scenarios"
requires = ["base"]
name = {{ en = "Files" }}

[[adventurer]]
id = "hero"
hp = 3
equipment = ["tile"]
name = {{ en = "Hero" }}

[[equipment]]
id = "tile"
script = "{script}"
name = {{ en = "Tile" }}
text = {{ en = "A tile." }}
"#
    )
}

const SCRIPT_LINE: u32 = 19;
const SCENARIOS_LINE: u32 = 7;
const HONEST: &str = "return { on_damage = function(ctx, m, damage) return damage end }\n";

fn check(scratch: &Scratch) -> CheckReport {
    check_pack(&mut dungeon_tests::library(), &scratch.manifest())
}

/// The errors of a report, as shown.
fn errors(report: &CheckReport) -> Vec<String> {
    report.diagnostics.errors().map(|d| d.to_string()).collect()
}

/// The one error of `report`, which must point at the manifest's `line` and say `what`.
fn assert_one_error_at(report: &CheckReport, manifest: &str, line: u32, what: &str) {
    let errors = errors(report);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0].starts_with(&format!("{manifest}:{line}:")),
        "{errors:#?}"
    );
    assert!(errors[0].contains(what), "{errors:#?}");
}

/// No text of the system's files outside the pack shows in a report.
fn assert_nothing_outside_quoted(report: &CheckReport) {
    let shown = report.diagnostics.to_string();
    for secret in ["root:", "/bin/sh", "nologin"] {
        assert!(!shown.contains(secret), "`{secret}` quoted:\n{shown}");
    }
}

#[test]
fn every_path_that_leaves_the_folder_is_refused_at_its_line() {
    let manifest = dungeon_tests::root().join("tests/packs/hostile_files/escape/escape.toml");
    let manifest = manifest.to_string_lossy().into_owned();
    let report = check_pack(&mut dungeon_tests::library(), &manifest);
    let errors = errors(&report);
    let folder = dungeon_tests::root().join("tests/packs/hostile_files/escape");
    let folder = folder.to_string_lossy();
    for (line, what) in [
        (
            11,
            "the scenario folder `../../cartography/scenarios` is outside the pack's folder",
        ),
        (
            23,
            "script `../../../../../../../../etc/passwd` is outside the pack's folder",
        ),
        (29, "script `/dev/zero` is not a relative path"),
        (35, "script `/dev/stdin` is not a relative path"),
        (
            41,
            "script `../../../cartography/scripts/detour_map.lua` is outside the pack's folder",
        ),
        (47, "script `C:\\Windows\\win.ini` is not a relative path"),
    ] {
        let at = format!("{manifest}:{line}:");
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with(&at) && e.contains(what) && e.contains(&*folder)),
            "no `{at} ... {what}` naming `{folder}` in {errors:#?}"
        );
    }
    assert_eq!(errors.len(), 6, "the honest script loads: {errors:#?}");
    assert!(report.skipped_scenarios);
    assert_nothing_outside_quoted(&report);
}

#[test]
fn only_the_loader_widens_a_packs_folder() {
    // The repository's own layout: the base box's scripts sit beside `cards/`.
    let base = dungeon_tests::root().join("cards/base.toml");
    let base = base.to_string_lossy();
    let err = PackLibrary::new()
        .load(&DiskFiles, &base)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("base.toml:10:11: error: the script folder `../scripts/base` is outside the pack's folder")
            && err.contains("--pack-root"),
        "{err}"
    );
    let root = dungeon_tests::root();
    PackLibrary::new()
        .load_in(&DiskFiles, &root.to_string_lossy(), &base)
        .unwrap_or_else(|d| panic!("{d}"));
    // Rooted at the repository, a pack reaches its neighbours, never the system.
    let escape = root.join("tests/packs/hostile_files/escape/escape.toml");
    let report = check_pack_in(
        &mut dungeon_tests::library(),
        Some(&root.to_string_lossy()),
        &escape.to_string_lossy(),
    );
    let errors = errors(&report);
    assert_eq!(errors.len(), 4, "{errors:#?}");
    assert!(
        !errors.iter().any(|e| e.contains("cartography")),
        "{errors:#?}"
    );
    // A manifest has no say over its folder.
    let scratch = Scratch::new("widen");
    scratch.write(
        "pack/pack.toml",
        manifest("tile.lua").replace("[pack]", "[pack]\nroot = \"..\""),
    );
    scratch.write("pack/scripts/tile.lua", HONEST);
    let report = check(&scratch);
    assert_one_error_at(
        &report,
        &scratch.manifest(),
        2,
        "[pack]: unknown field `root`",
    );
}

#[test]
fn links_that_lead_out_or_loop_are_refused() {
    let scratch = Scratch::new("links");
    scratch.write("outside.lua", "return {} -- root:x:0:0 outside the pack\n");
    scratch.write("pack/scripts/real.lua", HONEST);
    scratch.link("/etc/passwd", "pack/scripts/passwd.lua");
    scratch.link("/dev/zero", "pack/scripts/zero.lua");
    scratch.link("../../outside.lua", "pack/scripts/outside.lua");
    scratch.link("loop_b.lua", "pack/scripts/loop_a.lua");
    scratch.link("loop_a.lua", "pack/scripts/loop_b.lua");
    scratch.link("real.lua", "pack/scripts/inside.lua");
    let manifest = scratch.manifest();
    for name in ["passwd.lua", "zero.lua", "outside.lua", "loop_a.lua"] {
        scratch.write("pack/pack.toml", self::manifest(name));
        let report = check(&scratch);
        let what = format!(
            "cannot read script `{}",
            scratch.pack().join("scripts").join(name).display()
        );
        assert_one_error_at(&report, &manifest, SCRIPT_LINE, &what);
        assert_one_error_at(
            &report,
            &manifest,
            SCRIPT_LINE,
            "a symbolic link on its path loops, or leads outside the pack's folder",
        );
        assert_nothing_outside_quoted(&report);
    }
    // A link that stays inside is followed.
    scratch.write("pack/pack.toml", self::manifest("inside.lua"));
    let report = check(&scratch);
    assert_eq!(errors(&report), Vec::<String>::new());
    // A scripts folder that is a link out is refused as well.
    std::fs::create_dir_all(scratch.0.join("elsewhere")).unwrap();
    scratch.write("elsewhere/real.lua", HONEST);
    let pack = scratch.pack();
    std::fs::remove_dir_all(pack.join("scripts")).unwrap();
    scratch.link("../elsewhere", "pack/scripts");
    scratch.write("pack/pack.toml", self::manifest("real.lua"));
    assert_one_error_at(
        &check(&scratch),
        &manifest,
        SCRIPT_LINE,
        "leads outside the pack's folder",
    );
}

#[test]
fn only_regular_files_within_their_limits_are_read() {
    let scratch = Scratch::new("special");
    let manifest = scratch.manifest();
    let fifo = scratch.pack().join("scripts/fifo.lua");
    mkfifo(&fifo);
    std::fs::create_dir_all(scratch.pack().join("scripts/folder.lua")).unwrap();
    scratch.write(
        "pack/scripts/huge.lua",
        vec![b'-'; limits::MAX_SCRIPT_BYTES as usize + 1],
    );
    scratch.write("pack/scripts/binary.lua", [0xff, 0xfe, 0x00]);
    for (name, what) in [
        ("fifo.lua", "not a regular file"),
        ("folder.lua", "not a regular file"),
        (
            "huge.lua",
            &format!(
                "larger than the limit of {} bytes",
                limits::MAX_SCRIPT_BYTES
            )[..],
        ),
        ("binary.lua", "not UTF-8 text"),
    ] {
        scratch.write("pack/pack.toml", self::manifest(name));
        assert_one_error_at(&check(&scratch), &manifest, SCRIPT_LINE, what);
    }
    // The manifest itself: a pipe, or too large.
    let pipe = scratch.0.join("pipe.toml");
    mkfifo(&pipe);
    let report = check_pack(&mut dungeon_tests::library(), &pipe.to_string_lossy());
    assert_eq!(
        report.diagnostics.to_string(),
        format!(
            "{}: error: cannot read pack file: not a regular file",
            pipe.display()
        )
    );
    let big = manifest_text_padded(limits::MAX_MANIFEST_BYTES as usize + 1);
    scratch.write("pack/pack.toml", &big);
    let report = check(&scratch);
    assert!(
        report
            .diagnostics
            .to_string()
            .ends_with("cannot read pack file: larger than the limit of 4194304 bytes"),
        "{}",
        report.diagnostics
    );
}

/// A valid manifest padded with a comment to `len` bytes.
fn manifest_text_padded(len: usize) -> String {
    let mut text = manifest("tile.lua");
    text.push('#');
    text.extend(std::iter::repeat_n('x', len.saturating_sub(text.len())));
    text
}

#[test]
fn a_packs_scripts_together_are_bounded() {
    let mut files = MemoryFiles::new();
    let n = (limits::MAX_PACK_SCRIPT_BYTES / limits::MAX_SCRIPT_BYTES) as usize + 1;
    let mut text = manifest("t0.lua").replace("equipment = [\"tile\"]", "equipment = []");
    for i in 0..n {
        text += &format!(
            "\n[[equipment]]\nid = \"t{i}\"\nscript = \"t{i}.lua\"\nname = {{ en = \"T\" }}\n"
        );
        files.insert(
            &format!("p/scripts/t{i}.lua"),
            "-".repeat(limits::MAX_SCRIPT_BYTES as usize),
        );
    }
    files.insert(
        "p/pack.toml",
        text.replace("id = \"tile\"", "id = \"unused\""),
    );
    let (_, diags) = read_pack(&files, "p", "p/pack.toml");
    let errors: Vec<String> = diags.errors().map(|d| d.to_string()).collect();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0].contains(&format!("script `p/scripts/t{}.lua`", n - 1)),
        "{errors:#?}"
    );
    assert!(
        errors[0].contains("the pack's scripts together pass the limit"),
        "{errors:#?}"
    );
}

#[test]
fn scenario_folders_are_searched_without_following_links() {
    let scratch = Scratch::new("scenarios");
    scratch.write("pack/scripts/tile.lua", HONEST);
    scratch.write("pack/pack.toml", manifest("tile.lua"));
    let manifest = scratch.manifest();
    // A loop of links: refused at once.
    scratch.link(".", "pack/scenarios/again");
    assert_one_error_at(
        &check(&scratch),
        &manifest,
        SCENARIOS_LINE,
        "again: a symbolic link to a folder",
    );
    let loop_dir = scratch.pack().join("scenarios");
    let err = collect_files(std::slice::from_ref(&loop_dir)).unwrap_err();
    assert!(err.contains("a symbolic link to a folder"), "{err}");
    std::fs::remove_file(loop_dir.join("again")).unwrap();
    // A scenario file that is a link out.
    scratch.write("secret.toml", "root:x:0:0");
    scratch.link("../../secret.toml", "pack/scenarios/secret.toml");
    let report = check(&scratch);
    assert_one_error_at(
        &report,
        &manifest,
        SCENARIOS_LINE,
        "a symbolic link that leads outside the folder",
    );
    assert_nothing_outside_quoted(&report);
    std::fs::remove_file(loop_dir.join("secret.toml")).unwrap();
    // A pipe among the scenarios, and one given on the command line.
    let pipe = loop_dir.join("pipe.toml");
    mkfifo(&pipe);
    assert_one_error_at(
        &check(&scratch),
        &manifest,
        SCENARIOS_LINE,
        "pipe.toml: not a regular file",
    );
    let err = collect_files(std::slice::from_ref(&pipe)).unwrap_err();
    assert!(
        err.ends_with("pipe.toml: not a regular file or folder"),
        "{err}"
    );
    std::fs::remove_file(&pipe).unwrap();
    // Too deep.
    let deep: String = (0..=limits::MAX_SCENARIO_DEPTH)
        .map(|i| format!("d{i}/"))
        .collect();
    scratch.write(&format!("pack/scenarios/{deep}s.toml"), "");
    assert_one_error_at(
        &check(&scratch),
        &manifest,
        SCENARIOS_LINE,
        "scenario folders nest more than 16 deep",
    );
    std::fs::remove_dir_all(loop_dir.join("d0")).unwrap();
    // Too many files.
    for i in 0..=limits::MAX_SCENARIO_FILES {
        std::fs::write(loop_dir.join(format!("s{i}.toml")), "").unwrap();
    }
    assert_one_error_at(
        &check(&scratch),
        &manifest,
        SCENARIOS_LINE,
        "more than 10000 scenario files",
    );
}
