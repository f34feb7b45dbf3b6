//! Mistaken and hostile manifests: every problem reported in one read, each at its file,
//! line and column, without cascades; every number in its documented range; text with
//! control characters warned about and stored escaped. (`tests_scale.rs`: folders and
//! sizes.)

use super::*;
use crate::lang::Lang;
use crate::printable::{has_controls, is_control};

pub(super) const HEADER: &str = r#"[pack]
id = "mini"
version = "1.0.0"
engine_api = 1
languages = ["en"]
name = { en = "Mini" }
"#;

pub(super) const CARDS: &str = r#"
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
text = { en = "Beats rats." }
"#;

/// Reads `text` as `mini.toml` and builds its catalog when it reads: every diagnostic.
pub(super) fn all_problems(text: &str) -> Diagnostics {
    let mut files = MemoryFiles::new();
    files.insert("mini.toml", text);
    let (pack, mut diags) = read_pack(&files, "", "mini.toml");
    if let Some(pack) = pack {
        let (_, more) = merge::build_catalog(&[&pack]);
        diags.extend(more);
    }
    diags
}

/// "LINE:COL message" of every error.
pub(super) fn error_list(diags: &Diagnostics) -> Vec<String> {
    diags
        .errors()
        .map(|d| {
            format!(
                "{}:{} {}",
                d.line.unwrap_or(0),
                d.column.unwrap_or(0),
                d.message
            )
        })
        .collect()
}

/// The errors of `diags`, which must be exactly one, saying `wanted`.
pub(super) fn only_error(diags: &Diagnostics, wanted: &str) -> Vec<String> {
    let errors = error_list(diags);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(has(&errors, wanted), "{errors:#?}");
    errors
}

pub(super) fn has(errors: &[String], wanted: &str) -> bool {
    errors.iter().any(|e| e.contains(wanted))
}

#[test]
fn every_mistake_of_a_manifest_is_reported_in_one_read() {
    let text = format!("{HEADER}{CARDS}")
        .replace("engine_api = 1", "engine_api = 1\nrequries = []")
        .replace(
            "defeats = { species",
            "defeats = { strenght_max = 3, species",
        )
        .replace("hp = 3", "hp = \"three\"")
        .replace("copies = 3", "copies = 3\ncopis = 2")
        + "\n[[monsters]]\nid = \"bat\"\n";
    let diags = all_problems(&text);
    let errors = error_list(&diags);
    assert_eq!(errors.len(), 5, "{errors:#?}");
    assert!(
        has(
            &errors,
            "5:1 [pack]: unknown field `requries`; did you mean `requires`?"
        ),
        "{errors:#?}"
    );
    assert!(
        has(
            &errors,
            "13:1 monster `rat`: unknown field `copis`; did you mean `copies`?"
        ),
        "{errors:#?}"
    );
    assert!(
        has(
            &errors,
            "18:6 adventurer `hero`: `hp`: invalid type: string \"three\""
        ),
        "{errors:#?}"
    );
    assert!(
        has(
            &errors,
            "24:13 equipment `stick`, defeats rule: unknown field `strenght_max`; did you mean `strength_max`?"
        ),
        "{errors:#?}"
    );
    assert!(
        has(
            &errors,
            "28:3 unknown section `monsters`; did you mean `monster`?"
        ),
        "{errors:#?}"
    );
}

#[test]
fn a_broken_entry_is_left_out_and_what_refers_to_it_is_not_reported_again() {
    let text = format!("{HEADER}{CARDS}")
        .replace("id = \"stick\"", "id = \"stick\"\nonce = \"yes\"")
        .replace("strength = 1", "strength = 1.5")
        + r#"
[[adventurer]]
id = "thief"
hp = 300
equipment = ["stick", "wand"]
name = { en = "Thief" }
"#;
    let errors = error_list(&all_problems(&text));
    // The tile and the monster are left out: the hero carrying the stick, and the stick's
    // rule naming the rat's species, are not reported; the thief's bad HP and its unknown
    // wand are, though the thief is left out too.
    assert_eq!(errors.len(), 4, "{errors:#?}");
    assert!(
        has(
            &errors,
            "`once`: invalid type: string \"yes\", expected a boolean"
        ),
        "{errors:#?}"
    );
    assert!(
        has(&errors, "`strength`: invalid type: floating point `1.5`"),
        "{errors:#?}"
    );
    assert!(
        has(
            &errors,
            "`hp`: must be a whole number from 1 to 99, not 300"
        ),
        "{errors:#?}"
    );
    assert!(
        has(
            &errors,
            "adventurer `thief` carries unknown equipment `wand`"
        ),
        "{errors:#?}"
    );
    assert!(!has(&errors, "unknown species"), "{errors:#?}");
}

#[test]
fn a_broken_pack_header_still_lets_the_cards_be_checked() {
    let text = format!("{HEADER}{CARDS}")
        .replace("version = \"1.0.0\"", "version = 1")
        .replace("name = { en = \"Mini\" }\n", "")
        .replace(
            "equipment = [\"stick\"]",
            "equipment = [\"stick\", \"wand\"]",
        );
    let errors = error_list(&all_problems(&text));
    assert!(
        has(
            &errors,
            "[pack]: `version`: invalid type: integer `1`, expected a string"
        ),
        "{errors:#?}"
    );
    assert!(has(&errors, "[pack]: missing field `name`"), "{errors:#?}");
    assert!(
        has(&errors, "carries unknown equipment `wand`"),
        "{errors:#?}"
    );
    assert_eq!(errors.len(), 3, "{errors:#?}");
}

#[test]
fn numbers_out_of_their_range_are_errors_at_their_place() {
    // (replace, with, the line the error points at, what it says)
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "hp = 3",
            "hp = 2147483647",
            "hp = 2147483647",
            "from 1 to 99, not 2147483647",
        ),
        ("hp = 3", "hp = 0", "hp = 0", "from 1 to 99, not 0"),
        (
            "hp = 3",
            "hp = -2147483648",
            "hp = -2147483648",
            "from 1 to 99, not -2147483648",
        ),
        (
            "strength = 1",
            "strength = 2147483647",
            "strength = 2147483647",
            "from 0 to 99",
        ),
        (
            "strength = 1",
            "strength = -1",
            "strength = -1",
            "from 0 to 99, not -1",
        ),
        (
            "strength = 1",
            "strength = 99999999999999999999",
            "strength = 99999999999999999999",
            "99999999999999999999",
        ),
        (
            "copies = 3",
            "copies = 0",
            "copies = 0",
            "from 1 to 99, not 0",
        ),
        (
            "copies = 3",
            "copies = 256",
            "copies = 256",
            "from 1 to 99, not 256",
        ),
        (
            "id = \"stick\"",
            "id = \"stick\"\nhp = 21",
            "hp = 21",
            "from -20 to 20, not 21",
        ),
        (
            "id = \"stick\"",
            "id = \"stick\"\nhp = -21",
            "hp = -21",
            "from -20 to 20, not -21",
        ),
        (
            "species = [\"rat\"]",
            "strength_max = 100",
            "defeats = { strength_max = 100 }",
            "from 0 to 99, not 100",
        ),
        (
            "species = [\"rat\"]",
            "strength_min = -5",
            "defeats = { strength_min = -5 }",
            "from 0 to 99, not -5",
        ),
        (
            "species = [\"rat\"]",
            "strength_in = [1, 1000]",
            "defeats = { strength_in = [1, 1000] }",
            "from 0 to 99, not 1000",
        ),
        (
            "species = [\"rat\"]",
            "hp_below = 1000",
            "defeats = { hp_below = 1000 }",
            "from -99 to 999, not 1000",
        ),
        (
            "[[monster]]",
            "[rules]\nspecials_in_play = 300\n\n[[monster]]",
            "specials_in_play = 300",
            "from 0 to 255, not 300",
        ),
    ];
    for (from, to, bad, message) in cases {
        let text = format!("{HEADER}{CARDS}").replacen(from, to, 1);
        let errors = error_list(&all_problems(&text));
        assert_eq!(errors.len(), 1, "{to}: {errors:#?}");
        let line = text.lines().position(|l| l == *bad).expect("the bad line") + 1;
        assert!(
            errors[0].starts_with(&format!("{line}:")),
            "{to}: {errors:#?}"
        );
        assert!(errors[0].contains(message), "{to}: {errors:#?}");
    }
}

#[test]
fn the_deck_the_specials_and_the_lists_are_bounded() {
    // Three monsters of 99 copies: 297 cards in the deck.
    let monsters: String = ["a", "b", "c"]
        .iter()
        .map(|id| {
            format!(
                "\n[[monster]]\nid = \"{id}\"\nstrength = 2\ncopies = 99\nname = {{ en = \"M\" }}\n"
            )
        })
        .collect();
    let errors = error_list(&all_problems(&format!("{HEADER}{CARDS}{monsters}")));
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        has(
            &errors,
            "the monster deck at setup would pass 255 cards (with `c`"
        ),
        "{errors:#?}"
    );

    let text = format!("{HEADER}[rules]\nspecials_in_play = 1\n{CARDS}");
    let errors = error_list(&all_problems(&text));
    assert!(
        has(
            &errors,
            "8:20 specials_in_play is 1, but the packs in play define 0 special monsters"
        ),
        "{errors:#?}"
    );

    let tiles: Vec<String> = (0..=limits::MAX_TILES_PER_ADVENTURER)
        .map(|i| format!("\"t{i}\""))
        .collect();
    let text =
        format!("{HEADER}{CARDS}").replace("[\"stick\"]", &format!("[{}]", tiles.join(", ")));
    let errors = error_list(&all_problems(&text));
    // (The tiles it names are not defined: each is reported too.)
    assert!(
        has(
            &errors,
            "adventurer `hero`: `equipment` lists 65 entries; at most 64"
        ),
        "{errors:#?}"
    );

    let rules = vec!["{ strength_max = 1 }"; limits::MAX_DEFEAT_RULES + 1].join(", ");
    let text = format!("{HEADER}{CARDS}").replace("{ species = [\"rat\"] }", &format!("[{rules}]"));
    let errors = error_list(&all_problems(&text));
    assert!(
        has(&errors, "`defeats` lists 17 entries; at most 16"),
        "{errors:#?}"
    );
}

#[test]
fn the_highest_hp_a_valid_pack_allows_is_far_inside_the_engines_bound() {
    let tiles: Vec<String> = (0..limits::MAX_TILES_PER_ADVENTURER)
        .map(|i| format!("\"t{i}\""))
        .collect();
    let mut text = format!("{HEADER}{CARDS}")
        .replace("hp = 3", "hp = 99")
        .replace("[\"stick\"]", &format!("[{}]", tiles.join(", ")));
    for i in 0..limits::MAX_TILES_PER_ADVENTURER {
        text += &format!("\n[[equipment]]\nid = \"t{i}\"\nhp = 20\nname = {{ en = \"T\" }}\n");
    }
    let diags = all_problems(&text);
    assert!(!diags.has_errors(), "{diags}");
    let mut files = MemoryFiles::new();
    files.insert("mini.toml", text.as_str());
    let mut lib = PackLibrary::new();
    lib.load(&files, "mini.toml").unwrap();
    let (catalog, _) = lib.catalog(&["mini"]).unwrap();
    let hero = catalog.adventurer(catalog.find_adventurer("hero").unwrap());
    let start: i64 = hero.hp as i64
        + hero
            .tiles
            .iter()
            .map(|&t| catalog.tile(t).hp as i64)
            .sum::<i64>();
    assert_eq!(start, limits::MAX_START_HP);
    assert!(start * 5 < crate::effect::HP_LIMIT as i64);
}

/// Text that would act on a terminal: clear the screen, set the window title, ring,
/// move the cursor with a C1 CSI, reverse the text, overwrite the line.
const HOSTILE_TEXTS: &[&str] = &[
    "\u{1b}[2J\u{1b}[H",
    "\u{1b}]0;pwned\u{7}",
    "bell\u{7}",
    "\u{9b}31mred",
    "\u{202e}desrever",
    "0 errors\r",
];

#[test]
fn control_characters_are_warned_about_and_stored_escaped() {
    let quoted: Vec<String> = HOSTILE_TEXTS
        .iter()
        .map(|s| {
            // TOML escapes: \uXXXX for every control character.
            let mut out = String::from("\"");
            for c in s.chars() {
                if is_control(c) {
                    out += &format!("\\u{:04X}", c as u32);
                } else {
                    out.push(c);
                }
            }
            out + "\""
        })
        .collect();
    let text = format!("{HEADER}{CARDS}")
        .replace("version = \"1.0.0\"", &format!("version = {}", quoted[0]))
        .replace(
            "name = { en = \"Mini\" }",
            &format!("name = {{ en = {} }}", quoted[1]),
        )
        .replace(
            "name = { en = \"Rat\" }",
            &format!("name = {{ en = {} }}", quoted[2]),
        )
        .replace(
            "name = { en = \"Hero\" }",
            &format!("name = {{ en = {} }}", quoted[3]),
        )
        .replace(
            "name = { en = \"Stick\" }",
            &format!("name = {{ en = {} }}", quoted[4]),
        )
        .replace(
            "text = { en = \"Beats rats.\" }",
            &format!("text = {{ en = {} }}", quoted[5]),
        );
    let diags = all_problems(&text);
    assert!(!diags.has_errors(), "{diags}");
    let warnings: Vec<&Diagnostic> = diags
        .0
        .iter()
        .filter(|d| d.message.contains("control characters"))
        .collect();
    assert_eq!(warnings.len(), 6, "{diags}");
    for (w, q) in warnings.iter().zip(&quoted) {
        let line = text.lines().nth(w.line.unwrap() as usize - 1).unwrap();
        let col = line.find(q.as_str()).unwrap() + 1;
        assert_eq!(w.column, Some(col as u32), "{w}");
    }
    let shown = diags.to_string();
    assert!(
        !shown.chars().any(|c| c != '\n' && is_control(c)),
        "{shown:?}"
    );

    let mut files = MemoryFiles::new();
    files.insert("mini.toml", text.as_str());
    let mut lib = PackLibrary::new();
    lib.load(&files, "mini.toml").unwrap();
    let (catalog, warnings) = lib.catalog(&["mini"]).unwrap();
    assert_eq!(
        warnings.0.len(),
        6,
        "read warnings come with the catalog: {warnings}"
    );
    let pack = &catalog.packs[0];
    let mut texts = vec![pack.version.clone(), pack.name.get(Lang::En).to_string()];
    for info in (catalog.monsters.iter().map(|m| &m.info))
        .chain(catalog.tiles.iter().map(|t| &t.info))
        .chain(catalog.adventurers.iter().map(|a| &a.info))
    {
        texts.push(info.name.get(Lang::En).to_string());
        texts.push(info.text.get(Lang::En).to_string());
    }
    texts.extend(
        catalog
            .species
            .iter()
            .map(|s| s.name.get(Lang::En).to_string()),
    );
    for t in &texts {
        assert!(!has_controls(t), "stored raw: {t:?}");
    }
    assert!(
        texts.contains(&"\\x1b]0;pwned\\x07".to_string()),
        "{texts:?}"
    );
    assert!(
        texts.contains(&"\\u{202e}desrever".to_string()),
        "{texts:?}"
    );
}

#[test]
fn strings_and_ids_have_bounded_lengths_and_forms() {
    let cases: &[(&str, String, &str)] = &[
        (
            "\"Hero\"",
            format!("\"{}\"", "h".repeat(101)),
            "a name is 101 characters long; at most 100",
        ),
        (
            "\"Beats rats.\"",
            format!("\"{}\"", "t".repeat(1001)),
            "a text is 1001 characters long; at most 1000",
        ),
        (
            "\"1.0.0\"",
            format!("\"{}\"", "1".repeat(33)),
            "a version is 33 characters long; at most 32",
        ),
        (
            "id = \"hero\"",
            format!("id = \"{}\"", "h".repeat(65)),
            "an id is 65 characters long; at most 64",
        ),
        (
            "copies = 3",
            "copies = 3\nspecies = \"Rat\\u001B\"".to_string(),
            "species id `Rat\u{1b}` must be lowercase snake_case",
        ),
    ];
    for (from, to, message) in cases {
        let text = format!("{HEADER}{CARDS}").replacen(from, to, 1);
        let errors = error_list(&all_problems(&text));
        assert!(has(&errors, message), "{to}: {errors:#?}");
    }
    let text = format!("{HEADER}{CARDS}\n[messages]\n\"Bad Key\" = {{ en = \"x\" }}\n");
    let errors = error_list(&all_problems(&text));
    assert!(
        has(&errors, "prompt key `Bad Key` must be lowercase snake_case"),
        "{errors:#?}"
    );
}

#[test]
fn a_manifest_without_its_pack_table_is_told_so_with_its_other_mistakes() {
    let text = CARDS.replace("strength = 1", "strength = 100");
    let errors = error_list(&all_problems(&text));
    assert!(
        has(&errors, "1:1 the file has no [pack] table"),
        "{errors:#?}"
    );
    assert!(
        has(
            &errors,
            "`strength`: must be a whole number from 0 to 99, not 100"
        ),
        "{errors:#?}"
    );
    let mut files = MemoryFiles::new();
    files.insert("packs/mini.toml", format!("{HEADER}{CARDS}"));
    let (_, diags) = read_pack(&files, "elsewhere", "packs/mini.toml");
    assert_eq!(
        diags.to_string(),
        "packs/mini.toml: error: cannot read pack file: it is not inside the folder `elsewhere` given for the pack"
    );
}
