//! `dungeon check`'s promises, on a pack a first-time author wrote from the guide alone
//! (`tests/packs/cartography/`): a clean pack checks clean and its scenarios run; in a
//! broken copy, problems that have nothing to do with each other are reported together,
//! each with its file and line, and the scenarios wait until the errors are fixed.

use dungeon_check::{CheckReport, check_pack};
use std::path::{Path, PathBuf};

/// A copy of the fixture pack in a fresh folder, with `edits` (file, from, to) applied.
fn copy_with(name: &str, edits: &[(&str, &str, &str)]) -> PathBuf {
    let from = dungeon_tests::root().join("tests/packs/cartography");
    let to = std::env::temp_dir().join(format!("dungeon-check-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&to);
    copy_dir(&from, &to);
    for (file, old, new) in edits {
        let path = to.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(old), "{file} has no `{old}`");
        std::fs::write(&path, text.replacen(old, new, 1)).unwrap();
    }
    to
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

fn check(dir: &Path) -> CheckReport {
    let mut library = dungeon_tests::library();
    check_pack(
        &mut library,
        &dir.join("cartography.toml").to_string_lossy(),
    )
}

#[test]
fn the_authors_pack_checks_clean_and_its_scenarios_pass() {
    let report = check(&dungeon_tests::root().join("tests/packs/cartography"));
    assert_eq!(report.diagnostics.0, vec![], "{}", report.diagnostics);
    assert_eq!(
        report.combinations,
        [
            "base+cartography",
            "sequel+cartography",
            "base+cartography+sequel"
        ]
    );
    assert_eq!(report.scenarios.len(), 7);
    assert!(
        report.scenarios.iter().all(|s| s.passed()),
        "{:?}",
        report
            .scenarios
            .iter()
            .map(|s| &s.status)
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_bad_id_and_a_syntax_error_are_reported_together() {
    let dir = copy_with(
        "two",
        &[
            (
                "cartography.toml",
                "\"hooded_lantern\", \"lodestone\"",
                "\"hooded_lanter\", \"lodestone\"",
            ),
            ("scripts/detour_map.lua", "ctx.lose_hp(2)", "ctx.lose_hp(2"),
        ],
    );
    let report = check(&dir);
    let errors: Vec<String> = report.diagnostics.errors().map(|d| d.to_string()).collect();
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert!(errors.iter().any(|e| e.contains("cartography.toml:22:49: error: adventurer `cartographer` carries unknown equipment `hooded_lanter`")), "{errors:#?}");
    assert!(
        errors.iter().any(|e| e.contains(
            "scripts/detour_map.lua:8: error: card `detour_map`: the script does not load"
        )),
        "{errors:#?}"
    );
    assert!(
        report.skipped_scenarios && report.scenarios.is_empty(),
        "scenarios ran on a broken pack"
    );
}

#[test]
fn a_prompt_without_a_message_is_a_warning_at_its_line() {
    let dir = copy_with(
        "prompt",
        &[(
            "scripts/detour_map.lua",
            "ask_yes_no(\"detour_map\")",
            "ask_yes_no(\"detour_mapp\")",
        )],
    );
    let report = check(&dir);
    assert_eq!(report.errors(), 0, "{}", report.diagnostics);
    let warning = report
        .diagnostics
        .0
        .iter()
        .find(|d| d.message.contains("detour_mapp"))
        .expect("a warning about the prompt");
    assert!(
        warning.file.ends_with("scripts/detour_map.lua") && warning.line == Some(5),
        "{warning}"
    );
}

#[test]
fn a_misspelt_ctx_function_fails_the_scenarios_that_reach_it_by_name() {
    let dir = copy_with(
        "recal",
        &[(
            "scripts/field_journal.lua",
            "ctx.recall(\"species\") == nil",
            "ctx.recal(\"species\") == nil",
        )],
    );
    let report = check(&dir);
    let failing: Vec<_> = report.scenarios.iter().filter(|s| !s.passed()).collect();
    assert_eq!(
        failing.len(),
        2,
        "only the field journal's scenarios reach the hook"
    );
    for s in failing {
        let text = format!("{:?}", s.status);
        assert!(
            text.contains("field_journal.lua:5") && text.contains("ctx has no function `recal`"),
            "{text}"
        );
    }
}

/// The review's new author: a misspelt field, an unknown hook and an unknown tile used to
/// take three runs to find (the first stopped the reading). Now one run reports all three,
/// each at its file, line and column, with the name that was probably meant; nothing else
/// is an error, and nothing is reported twice.
#[test]
fn a_new_authors_three_mistakes_are_reported_in_one_run() {
    let dir = copy_with(
        "three",
        &[
            (
                "cartography.toml",
                "parity = \"odd\", strength_max = 3",
                "parity = \"odd\", strenght_max = 3",
            ),
            (
                "scripts/detour_map.lua",
                "on_reveal = function",
                "on_reveall = function",
            ),
            (
                "cartography.toml",
                "\"hooded_lantern\", \"lodestone\"",
                "\"hooded_lanter\", \"lodestone\"",
            ),
        ],
    );
    let report = check(&dir);
    let errors: Vec<String> = report.diagnostics.errors().map(|d| d.to_string()).collect();
    assert_eq!(errors.len(), 3, "{errors:#?}");
    for wanted in [
        "cartography.toml:40:29: error: equipment `hooded_lantern`, defeats rule: unknown field `strenght_max`; did you mean `strength_max`?",
        "scripts/detour_map.lua:4: error: card `detour_map`: unknown hook `on_reveall`",
        "cartography.toml:22:49: error: adventurer `cartographer` carries unknown equipment `hooded_lanter`; did you mean `hooded_lantern`?",
    ] {
        assert!(
            errors.iter().any(|e| e.contains(wanted)),
            "no `{wanted}` in {errors:#?}"
        );
    }
    let all = report.diagnostics.0.len();
    let unique: std::collections::HashSet<_> = report.diagnostics.0.iter().collect();
    assert_eq!(all, unique.len(), "{}", report.diagnostics);
    assert!(report.skipped_scenarios);
}

/// An entry with a wrong value is left out, and what refers to it is not reported again:
/// the adventurer carrying a tile whose entry is broken gets no "unknown equipment", and
/// the lint does not call a tile idle because its script could not be read.
#[test]
fn a_broken_entry_does_not_cascade() {
    let dir = copy_with(
        "cascade",
        &[
            ("cartography.toml", "hp = 4", "hp = \"four\""),
            (
                "cartography.toml",
                "script = \"field_journal.lua\"",
                "script = \"missing.lua\"",
            ),
        ],
    );
    let report = check(&dir);
    let errors: Vec<String> = report.diagnostics.errors().map(|d| d.to_string()).collect();
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert!(errors[0].contains("cartography.toml:27:6: error: equipment `oilskin_coat`: `hp`: invalid type: string \"four\""), "{errors:#?}");
    assert!(
        errors[1].contains("cartography.toml:53:10: error: cannot read script"),
        "{errors:#?}"
    );
    let shown = report.diagnostics.to_string();
    assert!(
        !shown.contains("does nothing") && !shown.contains("carried by no adventurer"),
        "{shown}"
    );
}

/// A `ctx.log` line's key must be a message of the pack in each of its languages: players
/// would otherwise read the key, or another language, and the call fails without one.
#[test]
fn a_log_line_without_its_message_in_every_language_is_an_error() {
    let log_call = (
        "scripts/field_journal.lua",
        "      ctx.remember(\"species\", m.species)",
        "      ctx.remember(\"species\", m.species)\n      ctx.log(\"journal_noted\", { species = m.species })",
    );
    let message = (
        "cartography.toml",
        "[messages]\n",
        "[messages]\njournal_noted = { en = \"{species} written down.\" }\n",
    );
    // With its message: clean, and the scenarios that reach it pass.
    let report = check(&copy_with("log-ok", &[log_call, message]));
    assert_eq!(report.errors(), 0, "{}", report.diagnostics);
    assert!(report.scenarios.iter().all(|s| s.passed()));
    // Without it: an error at the call.
    let report = check(&copy_with("log-missing", &[log_call]));
    let error = report
        .diagnostics
        .errors()
        .find(|d| d.message.contains("journal_noted"))
        .unwrap_or_else(|| panic!("no error about the key: {}", report.diagnostics));
    assert!(
        error.file.ends_with("scripts/field_journal.lua") && error.line == Some(7),
        "{error}"
    );
    assert!(
        error.message.contains("not in the pack's [messages]"),
        "{error}"
    );
    // In English only, for a pack that also declares French.
    let french = (
        "cartography.toml",
        "languages = [\"en\"]",
        "languages = [\"en\", \"fr\"]",
    );
    let report = check(&copy_with("log-french", &[log_call, message, french]));
    let error = report
        .diagnostics
        .errors()
        .find(|d| d.message.contains("journal_noted"))
        .unwrap_or_else(|| panic!("no error about the key: {}", report.diagnostics));
    assert!(error.message.contains("has no text in fr"), "{error}");
}

/// No card of the built-in packs is too heavy for the bots and the odds to think about
/// (`dungeon sim` checks only the packs it did not ship), and `check`'s measure sees the
/// hooks that run in Lua (the sequel has some).
#[test]
fn the_built_in_packs_have_no_heavy_hooks() {
    let library = dungeon_tests::library();
    let mut measured = 0;
    for pack in ["base", "sequel", "mandom", "alchemy"] {
        let (lines, heavy) = dungeon_check::measure_hook_costs(&library, pack);
        assert!(heavy.0.is_empty(), "{pack}: {heavy}");
        measured += lines.len();
    }
    assert!(measured > 3, "{measured} hooks measured");
}
