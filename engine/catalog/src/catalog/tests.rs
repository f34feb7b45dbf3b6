//! Pack loading: merging rules and the diagnostics a pack author sees.

use super::*;

const MINI: &str = r#"
[pack]
id = "mini"
version = "1.0.0"
engine_api = 1
languages = ["en"]
name = { en = "Mini" }

[[monster]]
id = "rat"
strength = 1
copies = 3
name = { en = "Rat" }

[[adventurer]]
id = "hero"
hp = 3
equipment = ["stick"]
name = { en = "Hero" }

[[equipment]]
id = "stick"
defeats = { species = ["rat"] }
name = { en = "Stick" }
"#;

fn library(files: &[(&str, &str)]) -> (PackLibrary, Result<(), Diagnostics>) {
    let mut mem = MemoryFiles::new();
    for (path, text) in files {
        mem.insert(path, *text);
    }
    let mut lib = PackLibrary::new();
    let mut result = Ok(());
    for (path, _) in files.iter().filter(|(p, _)| p.ends_with(".toml")) {
        if let Err(d) = lib.load(&mem, path) {
            result = Err(d);
        }
    }
    (lib, result)
}

#[test]
fn a_minimal_pack_builds() {
    let (lib, loaded) = library(&[("mini.toml", MINI)]);
    loaded.unwrap();
    let (cat, warnings) = lib.catalog(&["mini"]).unwrap();
    assert!(warnings.0.is_empty(), "{warnings}");
    assert_eq!(cat.monsters.len(), 1);
    let stick = cat.tile(cat.find_tile("stick").unwrap());
    let rat = cat.find_species("rat").unwrap();
    assert!(stick.defeats[0].matches(Some(rat), Some(1), 3));
}

#[test]
fn an_unknown_tile_is_reported_at_its_line_and_column() {
    let text = MINI.replace(
        r#"equipment = ["stick"]"#,
        r#"equipment = ["stick", "wand"]"#,
    );
    let (lib, loaded) = library(&[("mini.toml", &text)]);
    loaded.unwrap();
    let err = lib.catalog(&["mini"]).unwrap_err();
    let d = err.errors().next().unwrap();
    assert_eq!((d.line, d.column), (Some(18), Some(23)), "{d}");
    assert!(d.message.contains("unknown equipment `wand`"), "{d}");
    assert!(
        d.to_string()
            .contains(r#"18 | equipment = ["stick", "wand"]"#),
        "{d}"
    );
}

#[test]
fn a_toml_error_points_at_the_source() {
    let text = MINI.replace("strength = 1", "strength = one");
    let (_, loaded) = library(&[("mini.toml", &text)]);
    let d = loaded.unwrap_err().0.remove(0);
    assert_eq!(d.file, "mini.toml");
    assert_eq!((d.line, d.column), (Some(11), Some(12)), "{d}");
}

#[test]
fn an_unknown_field_is_an_error_not_ignored() {
    let text = MINI.replace("copies = 3", "copies = 3\ncopis = 2");
    let (_, loaded) = library(&[("mini.toml", &text)]);
    let d = loaded.unwrap_err().0.remove(0);
    assert!(d.message.contains("copis"), "{d}");
    assert_eq!(d.line, Some(13), "{d}");
}

#[test]
fn a_missing_script_names_the_file() {
    let text = MINI
        .replace(
            r#"defeats = { species = ["rat"] }"#,
            r#"script = "stick.lua""#,
        )
        .replace(
            r#"languages = ["en"]"#,
            "languages = [\"en\"]\nscripts = \"scripts\"",
        );
    let (_, loaded) = library(&[("packs/mini.toml", &text)]);
    let d = loaded.unwrap_err().0.remove(0);
    assert!(d.message.contains("packs/scripts/stick.lua"), "{d}");
}

fn second_pack(strength: i32, replaces: bool) -> String {
    format!(
        r#"
[pack]
id = "more"
version = "1.0.0"
engine_api = 1
languages = ["en", "es"]
name = {{ en = "More" }}
replaces = {}

[[monster]]
id = "rat"
strength = {strength}
copies = 3
name = {{ en = "Rat", es = "Rata" }}
"#,
        if replaces { r#"["rat"]"# } else { "[]" }
    )
}

#[test]
fn the_same_card_in_two_packs_is_one_card() {
    let more = second_pack(1, false);
    let (lib, loaded) = library(&[("mini.toml", MINI), ("more.toml", &more)]);
    loaded.unwrap();
    let (cat, _) = lib.catalog(&["mini", "more"]).unwrap();
    assert_eq!(cat.monsters.len(), 1);
    let rat = cat.monster(cat.find_monster("rat").unwrap());
    assert_eq!(
        rat.info.name.get(crate::lang::Lang::Es),
        "Rata",
        "translations of both packs combine"
    );
}

#[test]
fn two_different_definitions_of_an_id_are_an_error_unless_replaced() {
    let more = second_pack(2, false);
    let (lib, _) = library(&[("mini.toml", MINI), ("more.toml", &more)]);
    let err = lib.catalog(&["mini", "more"]).unwrap_err();
    assert!(
        err.to_string().contains("also defined by pack `mini`"),
        "{err}"
    );

    let more = second_pack(2, true);
    let (lib, _) = library(&[("mini.toml", MINI), ("more.toml", &more)]);
    let (cat, _) = lib.catalog(&["mini", "more"]).unwrap();
    assert_eq!(
        cat.monster(cat.find_monster("rat").unwrap()).strength,
        Some(2)
    );
}

#[test]
fn unknown_packs_are_named() {
    let (lib, _) = library(&[("mini.toml", MINI)]);
    let err = lib.catalog(&["mini", "nope"]).unwrap_err();
    assert!(
        err.to_string()
            .contains("unknown pack `nope` (known packs: mini)"),
        "{err}"
    );
}

fn manifest_only(id: &str, header: &str) -> String {
    format!(
        r#"
[pack]
id = "{id}"
version = "1.0.0"
engine_api = 1
languages = ["en"]
name = {{ en = "{id}" }}
{header}
"#
    )
}

fn ids(lib: &PackLibrary, wanted: &[&str]) -> Result<Vec<String>, String> {
    lib.resolve(wanted)
        .map(|packs| packs.iter().map(|p| p.id().to_string()).collect())
        .map_err(|d| d.to_string())
}

#[test]
fn requirements_load_first() {
    let extra = manifest_only("extra", r#"requires = ["mini"]"#);
    let (lib, loaded) = library(&[("mini.toml", MINI), ("extra.toml", &extra)]);
    loaded.unwrap();
    assert_eq!(ids(&lib, &["extra"]).unwrap(), ["mini", "extra"]);
}

#[test]
fn requires_any_takes_the_one_asked_for_else_the_first() {
    let other = MINI.replace(r#"id = "mini""#, r#"id = "other""#);
    let exp = manifest_only("exp", r#"requires_any = ["mini", "other"]"#);
    let (lib, loaded) = library(&[
        ("mini.toml", MINI),
        ("other.toml", &other),
        ("exp.toml", &exp),
    ]);
    loaded.unwrap();
    assert_eq!(ids(&lib, &["exp"]).unwrap(), ["mini", "exp"]);
    assert_eq!(ids(&lib, &["exp", "other"]).unwrap(), ["other", "exp"]);
    assert_eq!(ids(&lib, &["other", "exp"]).unwrap(), ["other", "exp"]);
}

#[test]
fn conflicting_packs_cannot_be_played_together() {
    let rival = manifest_only("rival", r#"conflicts = ["mini"]"#);
    let (lib, _) = library(&[("mini.toml", MINI), ("rival.toml", &rival)]);
    let err = ids(&lib, &["mini", "rival"]).unwrap_err();
    assert!(
        err.contains("rival.toml:8:14:")
            && err.contains("cannot be played together with pack `mini`"),
        "{err}"
    );
}

#[test]
fn a_requirement_cycle_is_reported() {
    let a = manifest_only("a", r#"requires = ["b"]"#);
    let b = manifest_only("b", r#"requires = ["a"]"#);
    let (lib, _) = library(&[("a.toml", &a), ("b.toml", &b)]);
    let err = ids(&lib, &["a"]).unwrap_err();
    assert!(err.contains("cycle: a -> b -> a"), "{err}");
}

#[test]
fn an_unknown_requirement_points_at_the_manifest() {
    let extra = manifest_only("extra", r#"requires = ["nowhere"]"#);
    let (lib, _) = library(&[("extra.toml", &extra)]);
    let err = ids(&lib, &["extra"]).unwrap_err();
    assert!(
        err.contains("extra.toml:8:13: error: unknown pack `nowhere`"),
        "{err}"
    );
}
