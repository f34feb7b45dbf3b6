//! Hostile manifests, continued: paths kept in the pack's folder, and loading linear in
//! the pack's size (these tests take a fraction of a second; a quadratic step would make
//! them run for minutes).

use super::tests_hostile::{CARDS, HEADER, all_problems, error_list, only_error};
use super::*;

#[test]
fn a_pack_stays_in_the_folder_its_loader_gives() {
    let mut files = MemoryFiles::new();
    let manifest = format!("{HEADER}{CARDS}")
        .replace(
            "languages = [\"en\"]",
            "languages = [\"en\"]\nscripts = \"../scripts\"",
        )
        .replace(
            "defeats = { species = [\"rat\"] }",
            "script = \"stick.lua\"",
        );
    files.insert("cards/mini.toml", manifest.as_str());
    files.insert("scripts/stick.lua", "return {}");
    // Rooted at its own folder, the pack cannot reach `scripts/`, and says so.
    let (_, diags) = read_pack(&files, "cards", "cards/mini.toml");
    let d = diags.errors().next().expect("an error");
    assert_eq!((d.line, d.column), (Some(6), Some(11)), "{d}");
    assert!(
        d.message
            .contains("the script folder `../scripts` is outside the pack's folder `cards`"),
        "{d}"
    );
    // Rooted at the tree, it loads.
    let mut lib = PackLibrary::new();
    lib.load_in(&files, "", "cards/mini.toml").unwrap();
    // No path a script names leaves the folder either.
    for (name, why) in [
        ("\"../../../../etc/passwd\"", "is outside the pack's folder"),
        ("\"../../secret.lua\"", "is outside the pack's folder"),
        ("\"/etc/passwd\"", "is not a relative path"),
        ("\"/dev/zero\"", "is not a relative path"),
        ("\"C:/Windows/win.ini\"", "is not a relative path"),
        ("\"x\\u001B.lua\"", "holds control characters"),
    ] {
        let text = manifest
            .replace("\"../scripts\"", "\"scripts\"")
            .replace("\"stick.lua\"", name);
        files.insert("cards/mini.toml", text.as_str());
        files.insert("secret.lua", "return {}");
        let (_, diags) = read_pack(&files, "cards", "cards/mini.toml");
        let d = diags
            .errors()
            .next()
            .unwrap_or_else(|| panic!("{name}: no error"));
        assert_eq!(d.line, Some(23), "{name}: {d}");
        assert!(
            d.message.contains(why) && d.message.contains("`cards`"),
            "{name}: {d}"
        );
    }
}

/// A pack of `n` tiles on one line (inline tables keep it under the manifest limit).
fn many_tiles(n: usize) -> String {
    let stick = r#"{id="stick",defeats={species=["rat"]},name={en="Stick"}}"#;
    let tiles: Vec<String> = std::iter::once(stick.to_string())
        .chain((1..n).map(|i| format!("{{id=\"t{i}\",hp=1,name={{en=\"T\"}}}}")))
        .collect();
    let cards = CARDS.split("[[equipment]]").next().unwrap();
    let cards = cards.replace("[\"stick\"]", "[\"stick\", \"t1\", \"t99999\"]");
    format!("equipment = [{}]\n{HEADER}{cards}", tiles.join(","))
}

/// A hundred thousand tiles: one error for the cap, the rest left out, and every step
/// (reading, locating, building, checking) linear: this test takes a fraction of a second.
#[test]
fn a_hundred_thousand_tiles_load_in_linear_time() {
    let text = many_tiles(100_000);
    assert!(text.len() as u64 <= limits::MAX_MANIFEST_BYTES);
    let diags = all_problems(&text);
    only_error(
        &diags,
        "the pack defines 100000 [[equipment]] entries; at most 4096",
    );
    for d in &diags.0 {
        assert!(d.source_line.as_ref().is_none_or(|l| l.len() < 200), "{d}");
    }
    // Below the cap, every tile is in.
    let text = many_tiles(limits::MAX_CARDS_PER_KIND);
    let mut files = MemoryFiles::new();
    files.insert("mini.toml", text.as_str());
    let mut lib = PackLibrary::new();
    let loaded = lib.load(&files, "mini.toml");
    assert!(loaded.is_ok());
    let err = lib.catalog(&["mini"]).unwrap_err();
    assert!(
        err.to_string().contains("unknown equipment `t99999`"),
        "{err}"
    );
}

/// A hundred thousand warnings on one line of a manifest: each located at its column,
/// each showing a short window of the line, in linear time.
#[test]
fn a_hundred_thousand_warnings_load_in_linear_time() {
    let n = 100_000;
    let texts: Vec<String> = (0..n).map(|i| format!("l{i} = \"\\u001b\"")).collect();
    let text = format!("{HEADER}{CARDS}").replace(
        "text = { en = \"Beats rats.\" }",
        &format!("text = {{ en = \"x\", {} }}", texts.join(", ")),
    );
    let diags = all_problems(&text);
    assert!(!diags.has_errors(), "{}", error_list(&diags).join("\n"));
    let controls = diags
        .0
        .iter()
        .filter(|d| d.message.contains("control characters"))
        .count();
    assert_eq!(controls, n);
    let unknown_language = diags
        .0
        .iter()
        .filter(|d| d.message.contains("cannot show yet"))
        .count();
    assert_eq!(unknown_language, n);
    let line = text.lines().find(|l| l.starts_with("text = ")).unwrap();
    let last = diags
        .0
        .iter()
        .filter(|d| d.message.contains("control characters"))
        .max_by_key(|d| d.column)
        .unwrap();
    assert_eq!(
        last.column,
        Some(line.rfind("\"\\u001b\"").unwrap() as u32 + 1),
        "{last}"
    );
    assert!(
        diags
            .0
            .iter()
            .all(|d| d.source_line.as_ref().is_none_or(|l| l.len() < 200))
    );
}

/// A hundred thousand declared languages are cut to the limit, so checking the
/// translations of a thousand tiles stays linear (untruncated: 200 million warnings).
#[test]
fn a_long_list_in_the_header_is_cut_to_its_limit() {
    let languages: Vec<String> = (0..100_000).map(|i| format!("\"l{i}\"")).collect();
    let tiles: Vec<String> = (0..1000)
        .map(|i| format!("{{id=\"t{i}\",hp=1,name={{en=\"T\"}},text={{en=\"+1\"}}}}"))
        .collect();
    let text = format!("equipment = [{}]\n{HEADER}", tiles.join(",")).replace(
        "languages = [\"en\"]",
        &format!("languages = [\"en\", {}]", languages.join(", ")),
    ) + CARDS
        .split("[[equipment]]")
        .next()
        .unwrap()
        .replace("[\"stick\"]", "[\"t0\"]")
        .as_str();
    let diags = all_problems(&text);
    only_error(
        &diags,
        "[pack]: `languages` lists 100001 entries; at most 16",
    );
    let untranslated = diags
        .0
        .iter()
        .filter(|d| d.message.contains("translation"))
        .count();
    // A name and a text for each tile; a name for the rat, the hero and the pack.
    assert_eq!(
        untranslated,
        (1000 * 2 + 3) * 15,
        "15 languages kept beyond English"
    );
}
