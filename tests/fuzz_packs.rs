//! Fuzzing packs (see `fuzz_support::packs`): generated pack folders on disk, sound and
//! broken, checked and played. Whatever the pack:
//! - reading it, `dungeon check` (`check_pack_in`) and building it never panic or hang;
//! - every problem names a file, a line within it where it has one, quotes nothing from
//!   outside the pack's folder and shows no raw control character; `check` finds an error
//!   whenever the pack cannot be loaded, built or given to the engine, and none only when
//!   it can;
//! - when the packs build, random-bot games with them, audited after every decision,
//!   either end passing the audit or stop on a script's error that names the pack, the
//!   card, the hook and the file of a script that defines that hook;
//! - the same seed gives the same game again on the same engine, on a fresh one, and on
//!   one that runs every script afresh in each operation (no hook instance shared), also
//!   when scripts keep counters or library iterators between calls.

use dungeon_audit::{Audit, AuditFacts};
use dungeon_bots::{PlayError, play_game};
use dungeon_check::{CheckReport, check_pack_in};
use dungeon_engine::catalog::{Catalog, Diagnostics, DiskFiles};
use dungeon_engine::error::HookError;
use dungeon_engine::hooks::HookRunner;
use dungeon_engine::options::{FirstAdventurer, GameOptions};
use dungeon_engine::scenario::Status;
use dungeon_engine::{CardRef, Engine, EngineError};
use dungeon_tests::fuzz_support::packs::{GameSeed, OUTSIDE_MARKER, PackCase, Scratch, pack_case};
use dungeon_tests::fuzz_support::{Ids, check};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Cases in the suite; `PROPTEST_CASES` sets more (README, Fuzzing).
const CASES: u32 = 700;

/// How far each case got.
#[derive(Debug, Default)]
struct Tally {
    checked_clean: u32,
    refused_on_reading: u32,
    refused_on_building: u32,
    refused_by_the_engine: u32,
    games_ended: u32,
    games_stopped_by_a_script: u32,
}

#[test]
fn any_pack_gets_clear_errors_or_plays_fair_games() {
    let library = dungeon_tests::library();
    let (base, _) = library.catalog(&["base"]).unwrap_or_else(|d| panic!("{d}"));
    let scratch = Scratch::new("packs");
    let tally = RefCell::new(Tally::default());
    check(CASES, pack_case(&Ids::of(&base, &["base"])), |case| {
        scratch.write(&case);
        run_case(&scratch, &case, &mut tally.borrow_mut())
    });
    let tally = tally.into_inner();
    eprintln!("pack fuzz: {tally:?}");
    // The generator reaches every outcome, so no property is vacuous.
    let t = &tally;
    let reached = [
        t.checked_clean,
        t.refused_on_reading,
        t.refused_on_building,
        t.refused_by_the_engine,
        t.games_ended,
        t.games_stopped_by_a_script,
    ];
    assert!(reached.iter().all(|&n| n > 0), "{tally:?}");
}

fn run_case(scratch: &Scratch, case: &PackCase, tally: &mut Tally) -> Result<(), String> {
    let root = scratch.pack_dir().to_string_lossy().into_owned();
    let manifest = scratch.manifest();
    let files = Files::of(scratch, case);
    let report = check_pack_in(&mut dungeon_tests::library(), Some(&root), &manifest);
    files.clear(&report.diagnostics)?;
    scenarios_are_clear(&report)?;
    let check_errors = report.diagnostics.has_errors();
    if !check_errors {
        tally.checked_clean += 1;
    }
    // Loaded as a program would: each refusal must be one `check` reported.
    let mut library = dungeon_tests::library();
    let id = match library.load_in(&DiskFiles, &root, &manifest) {
        Ok(pack) => pack.id().to_string(),
        Err(diags) => {
            tally.refused_on_reading += 1;
            files.clear(&diags)?;
            return refused_by_check(check_errors, "reading", &diags);
        }
    };
    let packs: Vec<&str> = std::iter::once(id.as_str()).chain(case.with).collect();
    let catalog = match library.catalog(&packs) {
        Ok((catalog, _)) => Arc::new(catalog),
        Err(diags) => {
            tally.refused_on_building += 1;
            files.clear(&diags)?;
            return match case.with {
                // `check` builds the pack with what it requires, not with any pack.
                Some(_) => Ok(()),
                None => refused_by_check(check_errors, "building", &diags),
            };
        }
    };
    let mut engine = match Engine::new(catalog.clone()) {
        Ok(engine) => engine,
        Err(diags) => {
            tally.refused_by_the_engine += 1;
            files.clear(&diags)?;
            return match case.with {
                Some(_) => Ok(()),
                None => refused_by_check(check_errors, "the engine", &diags),
            };
        }
    };
    for (i, game) in case.games.iter().enumerate() {
        let first = play(&mut engine, game);
        match &first.result {
            Ok(()) => tally.games_ended += 1,
            Err(PlayError::Engine(EngineError::Hook(error))) => {
                tally.games_stopped_by_a_script += 1;
                named(&catalog, &mut engine, error)?;
            }
            Err(e) => return Err(format!("game {i} ({game:?}): {e}")),
        }
        if i == 0 {
            let again = play(&mut engine, game);
            let fresh = play(&mut Engine::new(catalog.clone()).expect("built once"), game);
            let mut unshared = Engine::new(catalog.clone()).expect("built once");
            unshared.hooks_mut().make_instances_fresh();
            let unshared = play(&mut unshared, game);
            for (other, how) in [
                (again, "again"),
                (fresh, "with a fresh engine"),
                (unshared, "with every script run afresh in each operation"),
            ] {
                if other.story != first.story {
                    return Err(format!("game {i} ({game:?}) played {how} went otherwise"));
                }
            }
        }
    }
    Ok(())
}

/// A refusal `check` did not report is a bug of `check` (or of the loader).
fn refused_by_check(check_errors: bool, stage: &str, diags: &Diagnostics) -> Result<(), String> {
    if check_errors {
        Ok(())
    } else {
        Err(format!(
            "refused on {stage}, but `check` found no error:\n{diags}"
        ))
    }
}

/// The files of a case, by the paths diagnostics give, with their text.
struct Files {
    known: BTreeMap<String, String>,
    /// Folders whose files diagnostics may name: the case's and the repository's.
    folders: [String; 2],
    /// The manifest is TOML (a syntax error has a place).
    parses: bool,
}

impl Files {
    fn of(scratch: &Scratch, case: &PackCase) -> Files {
        let pack = scratch.pack_dir();
        let mut known = BTreeMap::new();
        known.insert(scratch.manifest(), case.manifest.clone());
        for (path, text) in &case.files {
            known.insert(pack.join(path).to_string_lossy().into_owned(), text.clone());
        }
        Files {
            known,
            folders: [
                format!("{}/", scratch.case_dir().to_string_lossy()),
                format!("{}/", dungeon_tests::root().to_string_lossy()),
            ],
            parses: toml::from_str::<toml::Table>(&case.manifest).is_ok(),
        }
    }

    /// Every diagnostic names a file of the case or of the repository's packs (or the
    /// command line), a line within it where it has one, and only what is in the pack's
    /// folder; as shown, it holds no raw control character.
    fn clear(&self, diags: &Diagnostics) -> Result<(), String> {
        for d in &diags.0 {
            let shown = d.to_string();
            let fail = |why: &str| Err(format!("{why}:\n{shown}"));
            if d.message.trim().is_empty() {
                return fail("a diagnostic with no message");
            }
            if dungeon_engine::printable::has_controls(&shown) {
                return fail("a raw control character");
            }
            if shown.contains(OUTSIDE_MARKER) || shown.contains("root:x:") {
                return fail("text from outside the pack's folder");
            }
            let ours = self.folders.iter().any(|f| d.file.starts_with(f.as_str()));
            if !ours && d.file != "<command line>" {
                return fail("a diagnostic naming no file of the pack");
            }
            if let (Some(line), Some(text)) = (d.line, self.known.get(&d.file)) {
                let lines = text.split('\n').count() as u32;
                if line == 0 || line > lines || d.column == Some(0) {
                    return fail(&format!("a line outside the file's {lines} lines"));
                }
            }
            if d.line.is_none() && d.is_error() && !self.lineless(&d.file, &d.message) {
                return fail("an error about a value, with no line");
            }
        }
        Ok(())
    }

    /// Errors that are about a whole file or set of packs, rather than a value in a file.
    fn lineless(&self, file: &str, message: &str) -> bool {
        let whole = [
            "cannot read pack file",
            "these packs define no",
            "packs require each other in a cycle",
            "unknown pack",
        ];
        whole.iter().any(|w| message.starts_with(w))
            || (!self.parses && self.known.get(file).is_some())
            || (file.ends_with(".lua") && message.starts_with("card `"))
    }
}

/// Scenario results say what went wrong, escaped.
fn scenarios_are_clear(report: &CheckReport) -> Result<(), String> {
    for s in &report.scenarios {
        let said: Vec<&String> = match &s.status {
            Status::Passed => continue,
            Status::Failed(problems) => problems.iter().collect(),
            Status::Error(message) => vec![message],
        };
        if said.is_empty() || said.iter().any(|m| m.trim().is_empty()) {
            return Err(format!("{}: a scenario failed with no reason", s.path));
        }
    }
    Ok(())
}

/// A game as played: its events and end, as JSON, and how it ended.
struct Played {
    story: String,
    result: Result<(), PlayError>,
}

fn play(engine: &mut Engine, game: &GameSeed) -> Played {
    let options = GameOptions {
        players: game.players,
        designer_variant: game.variant,
        first_adventurer: if game.random_first {
            FirstAdventurer::Random
        } else {
            FirstAdventurer::Choose
        },
        ..GameOptions::default()
    };
    let facts = Arc::new(AuditFacts::new(
        engine.catalog().clone(),
        engine.hooks_mut(),
    ));
    let mut audit = Audit::new(facts, game.players);
    let mut bots = dungeon_tests::random_bots(game.seed, game.players);
    let mut events = Vec::new();
    let result = play_game(
        engine,
        options,
        game.seed,
        &mut bots,
        &mut events,
        |state, events| audit.check(state, events),
    );
    let end = match &result {
        Ok(state) => serde_json::to_string(state).expect("plain data"),
        Err(e) => e.to_string(),
    };
    Played {
        story: format!(
            "{}\n{end}",
            serde_json::to_string(&events).expect("plain data")
        ),
        result: result.map(|_| ()),
    }
}

/// A script's error names a card of the packs, its pack, its script's file, a hook that
/// script defines, and a line of that file if any; and shows no raw control character.
fn named(catalog: &Catalog, engine: &mut Engine, error: &HookError) -> Result<(), String> {
    let shown = error.to_string();
    let raw =
        shown.chars().any(char::is_control) || dungeon_engine::printable::has_controls(&shown);
    if raw || error.message.trim().is_empty() {
        return Err(format!("a raw control character or no message: {shown:?}"));
    }
    let tile = catalog
        .find_tile(&error.card)
        .map(|t| (CardRef::Tile(t), &catalog.tile(t).info));
    let monster = catalog
        .find_monster(&error.card)
        .map(|m| (CardRef::Monster(m), &catalog.monster(m).info));
    let hooks = engine.hooks_mut();
    let matches = tile.into_iter().chain(monster).any(|(card, info)| {
        let Some(script) = &info.script else {
            return false;
        };
        let lines = script.code.split('\n').count() as u32;
        catalog.pack_of(info.pack).id == error.pack
            && script.path == error.file
            && hooks.has_hook(card, error.hook)
            && error.line.is_none_or(|l| (1..=lines).contains(&l))
    });
    if matches {
        Ok(())
    } else {
        Err(format!(
            "a script's error that does not name its card, pack, file and hook: {shown}"
        ))
    }
}

// --- What the fuzzing found, kept as named tests -----------------------------------------

/// A pack requiring the base box whose one tile runs `script`, carried by `a0` (3 HP).
fn one_tile_pack(script: &str) -> PackCase {
    let manifest = r#"
[pack]
id = "fz"
name = { en = "Fuzz" }
version = "0.1.0"
engine_api = 1
languages = ["en"]
scripts = "scripts"
requires = ["base"]

[[adventurer]]
id = "a0"
name = { en = "A0" }
hp = 3
equipment = ["t0"]

[[equipment]]
id = "t0"
name = { en = "T0" }
text = { en = "Swaps a monster." }
script = "t0.lua"
"#;
    PackCase {
        manifest: manifest.into(),
        files: vec![("scripts/t0.lua".into(), script.into())],
        with: None,
        games: Vec::new(),
    }
}

/// Found by the pack fuzzer: a second `ctx.replace_from_deck()` in one hook, with one card
/// in the deck, stopped the game with a rule error naming no pack, hook or file; it leaves
/// the monster replaced once, as it does with more cards in the deck.
#[test]
fn replacing_twice_in_one_hook_replaces_once_even_from_a_one_card_deck() {
    let scratch = Scratch::new("replace-twice");
    scratch.write(&one_tile_pack(
        "return { on_reveal = function(ctx, m)\n  if ctx.recall(\"used\") == nil and ctx.deck_size() > 0 then\n    ctx.remember(\"used\", true)\n    ctx.replace_from_deck()\n    ctx.replace_from_deck()\n  end\nend }\n",
    ));
    let mut library = dungeon_tests::library();
    library
        .load(&DiskFiles, &scratch.manifest())
        .unwrap_or_else(|d| panic!("{d}"));
    let mut runner = dungeon_engine::scenario::ScenarioRunner::new(&library);
    for deck in [r#"["goblin"]"#, r#"["goblin", "orc"]"#] {
        let scenario = format!(
            "packs = [\"fz\"]\nadventurer = \"a0\"\ndungeon = [\"dragon\"]\ndeck = {deck}\n\n[expect]\noutcome = \"success\"\nhp = 2\n"
        );
        let report = runner.run_text("replace.toml", &scenario);
        assert_eq!(
            report.status,
            Status::Passed,
            "deck {deck}: {:?}",
            report.trace
        );
    }
}

/// A hook that a library call made as a C function (`coroutine.wrap`) keeps state of its
/// own between calls, which running the script again cannot renew: refused at load, by
/// `check` and by the engine, saying why. Before, it was shared by every game of the
/// process and every analysis, so one game's calls changed the next one's. (The iterator
/// `string.gmatch` returns is now a Lua closure of the metered library, made afresh with
/// the script in each operation: a hook like any other.)
#[test]
fn a_hook_made_by_a_library_call_is_refused_at_load() {
    for made in [
        "coroutine.wrap(function(ctx, m)\n  while true do\n    ctx.defeat_next()\n    coroutine.yield()\n    coroutine.yield()\n  end\nend)",
        "coroutine.wrap(math.max)",
    ] {
        let scratch = Scratch::new("library-hook");
        scratch.write(&one_tile_pack(&format!(
            "return {{ on_reveal = {made} }}\n"
        )));
        let root = scratch.pack_dir().to_string_lossy().into_owned();
        let report = check_pack_in(
            &mut dungeon_tests::library(),
            Some(&root),
            &scratch.manifest(),
        );
        let shown = report.diagnostics.to_string();
        assert!(
            report.diagnostics.has_errors() && shown.contains("keep state"),
            "{made}: {shown}"
        );
        let mut library = dungeon_tests::library();
        library
            .load(&DiskFiles, &scratch.manifest())
            .unwrap_or_else(|d| panic!("{d}"));
        let (catalog, _) = library.catalog(&["fz"]).unwrap_or_else(|d| panic!("{d}"));
        let refused = Engine::new(Arc::new(catalog)).err().map(|d| d.to_string());
        assert!(
            refused
                .as_deref()
                .is_some_and(|d| d.contains("on_reveal") && d.contains("t0")),
            "{made}: {refused:?}"
        );
    }
}

/// A hook may keep a counter or a library iterator in the script's locals: the script
/// runs afresh for each operation, so the same scenario twice on one runner (one Lua
/// state) comes out the same, and as with every script run afresh.
#[test]
fn a_hook_that_counts_its_calls_counts_them_in_one_operation_only() {
    let scratch = Scratch::new("counting-hook");
    scratch.write(&one_tile_pack(
        "local calls = 0\nlocal letters = string.gmatch(\"ab\", \".\")\nreturn { on_reveal = function(ctx, m)\n  calls = calls + 1\n  if calls == 1 and letters() == \"a\" then ctx.defeat_next() end\nend }\n",
    ));
    let mut library = dungeon_tests::library();
    library
        .load(&DiskFiles, &scratch.manifest())
        .unwrap_or_else(|d| panic!("{d}"));
    let mut runner = dungeon_engine::scenario::ScenarioRunner::new(&library);
    // On the first reveal only, the tile defeats the next monster: the goblin deals 1,
    // the orc is defeated; every time.
    let scenario = "packs = [\"fz\"]\nadventurer = \"a0\"\ndungeon = [\"goblin\", \"orc\"]\n\n[expect]\noutcome = \"success\"\nhp = 2\n";
    for run in 0..3 {
        let report = runner.run_text("count.toml", scenario);
        assert_eq!(
            report.status,
            Status::Passed,
            "run {run}: {:?}",
            report.trace
        );
    }
}
