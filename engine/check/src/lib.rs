//! # dungeon-check
//!
//! `dungeon check`: everything wrong with a pack an author is writing, at once (its data,
//! its scripts, each hook's cost), then its own scenario files. Above the rules and the
//! bots.
//!
//! Checking a pack the way its author needs: read it, build it with what it requires (and
//! with each pack it may be played with), compile its scripts, lint what is legal but
//! likely a mistake, and run its own scenarios. Every problem is collected, none stops
//! the others.

// The rules' modules and items, under the names they had in the engine.
pub(crate) use dungeon_bots as bot;
#[allow(unused_imports)]
pub(crate) use dungeon_engine::*;

mod costs;

pub use costs::{EXPENSIVE_STEPS, HookCostLine, MEASURE_GAMES, measure_hook_costs};

use crate::catalog::{
    Catalog, Diagnostic, Diagnostics, DiskFiles, LoadedPack, PackLibrary, parent, read_pack,
};
use crate::engine::Engine;
use crate::scenario::{ScenarioReport, ScenarioRunner, collect_files_within};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What `dungeon check` found.
#[derive(Default)]
pub struct CheckReport {
    /// The pack's id, if it could be read.
    pub pack: Option<String>,
    /// Which pack sets were built, e.g. `["example+base", "example+sequel"]`.
    pub combinations: Vec<String>,
    pub diagnostics: Diagnostics,
    pub scenarios: Vec<ScenarioReport>,
    /// The scenarios were not run because the pack has errors.
    pub skipped_scenarios: bool,
}

impl CheckReport {
    pub fn errors(&self) -> usize {
        self.diagnostics.errors().count() + self.scenarios.iter().filter(|s| !s.passed()).count()
    }
    pub fn warnings(&self) -> usize {
        self.diagnostics.0.len() - self.diagnostics.errors().count()
    }
}

/// Diagnostics gathered once each (the same problem shows in every combination built).
#[derive(Default)]
struct Found {
    seen: HashSet<Diagnostic>,
    all: Diagnostics,
}

impl Found {
    fn add(&mut self, from: Diagnostics) {
        for d in from.0 {
            if self.seen.insert(d.clone()) {
                self.all.push(d);
            }
        }
    }
}

/// Checks the pack whose manifest is at `path`, against the packs `library` knows; the
/// pack's files must lie in the manifest's folder.
pub fn check_pack(library: &mut PackLibrary, path: &str) -> CheckReport {
    check_pack_in(library, None, path)
}

/// Checks the pack whose manifest is at `path`, whose files must lie in folder `root`
/// (`None`: the manifest's own folder). Every stage runs, whatever the earlier ones
/// found: reading (only a TOML syntax error stops it), the scripts, the catalog with each
/// pack set, the lint, the prompts; the scenarios then run if there is no error.
pub fn check_pack_in(library: &mut PackLibrary, root: Option<&str>, path: &str) -> CheckReport {
    let root = root.unwrap_or(parent(path)).to_string();
    check_pack_from(library, &DiskFiles, &root, path, true)
}

/// Checks a pack read from `files` (a pack brought to a server's table: its files in
/// memory) with every stage of [`check_pack_in`]; its scenarios are run only with
/// `scenarios` (they are read from the disk).
pub fn check_pack_from(
    library: &mut PackLibrary,
    files: &dyn crate::catalog::FileSource,
    root: &str,
    path: &str,
    scenarios: bool,
) -> CheckReport {
    let mut report = CheckReport::default();
    let mut found = Found::default();
    let (pack, diags) = read_pack(files, root, path);
    found.add(diags);
    let Some(pack) = pack else {
        report.diagnostics = found.all;
        report.skipped_scenarios = true;
        return report;
    };
    let id = pack.id().to_string();
    // Scripts are checked on their own first, so their problems show even when the pack's
    // cards do not load.
    found.add(crate::script::check_pack_scripts(&pack));
    let prompts = string_arguments(&pack, PROMPT_CALLS);
    let rulings = string_arguments(&pack, &["ruling("]);
    found.add(log_keys(&pack, string_arguments(&pack, &["ctx.log("])));
    let facts = PackFacts::of(&pack);
    let scenario_files = match scenarios {
        true => scenario_files(&pack),
        false => Ok(Vec::new()),
    };
    let alternatives: Vec<String> = pack
        .file
        .pack
        .requires_any
        .iter()
        .map(|a| a.get_ref().clone())
        .collect();
    report.pack = Some(id.clone());
    library.add(pack);
    // The pack with its requirements; and with each pack it may be played with instead.
    let mut sets: Vec<Vec<String>> = vec![vec![id.clone()]];
    sets.extend(
        alternatives
            .iter()
            .skip(1)
            .map(|alt| vec![id.clone(), alt.clone()]),
    );
    if alternatives.len() > 1 {
        sets.push(
            std::iter::once(id.clone())
                .chain(alternatives.iter().cloned())
                .collect(),
        );
    }
    let mut first_catalog = None;
    for set in &sets {
        let ids: Vec<&str> = set.iter().map(String::as_str).collect();
        let (catalog, diags) = match library.catalog_with_errors(&ids) {
            Ok(built) => built,
            Err(diags) => {
                found.add(diags);
                continue;
            }
        };
        report
            .combinations
            .push(catalog.pack_list().replace(',', "+"));
        let clean = !diags.has_errors();
        found.add(diags);
        let catalog = Arc::new(catalog);
        // Only a catalog without errors goes to the engine (which compiles the scripts again).
        let engine_problems = clean.then(|| Engine::new(catalog.clone()).err());
        found.add(engine_problems.flatten().unwrap_or_default());
        first_catalog.get_or_insert(catalog);
    }
    if let Some(catalog) = &first_catalog {
        found.add(lint(catalog, &id, &facts));
        found.add(unknown_prompts(catalog, &id, prompts));
        found.add(unknown_rulings(catalog, rulings));
    }
    let files = match scenario_files {
        Ok(files) => files,
        Err(d) => {
            found.add(Diagnostics(vec![d]));
            Vec::new()
        }
    };
    report.diagnostics = found.all;
    if report.diagnostics.has_errors() || first_catalog.is_none() {
        report.skipped_scenarios = true;
        return report;
    }
    let mut runner = ScenarioRunner::new(library);
    report.scenarios = files.iter().map(|f| runner.run_path(f)).collect();
    report
}

/// The pack's scenario files (none without a `scenarios` folder), or why they cannot be
/// searched, pointing at the manifest's `scenarios` entry.
fn scenario_files(pack: &LoadedPack) -> Result<Vec<PathBuf>, Diagnostic> {
    let (Some(folder), Some(entry)) = (&pack.scenarios, &pack.file.pack.scenarios) else {
        return Ok(Vec::new());
    };
    let root = if pack.root.is_empty() {
        "."
    } else {
        pack.root.as_str()
    };
    collect_files_within(&[PathBuf::from(folder)], Some(Path::new(root)))
        .map_err(|e| pack.error_at(entry, format!("scenarios: {e}")))
}

/// What the lint must know of a pack beyond its catalog, so that a mistake already
/// reported does not also make a card look unused or idle.
struct PackFacts {
    /// Cards whose entry names a script (read or not).
    scripted: HashSet<String>,
    /// Tiles named by adventurers left out for a mistake.
    carried: HashSet<String>,
}

impl PackFacts {
    fn of(pack: &LoadedPack) -> PackFacts {
        let file = &pack.file;
        let scripted = (file
            .equipment
            .iter()
            .filter(|t| t.script.is_some())
            .map(|t| &t.id))
        .chain(
            file.monster
                .iter()
                .filter(|m| m.script.is_some())
                .map(|m| &m.id),
        )
        .map(|id| id.get_ref().clone())
        .collect();
        let carried = (pack.broken.carried.iter())
            .flat_map(|(_, list)| list.iter().map(|t| t.get_ref().clone()))
            .collect();
        PackFacts { scripted, carried }
    }
}

/// Legal but probably not meant: reported as warnings.
fn lint(catalog: &Catalog, pack: &str, facts: &PackFacts) -> Diagnostics {
    let mut diags = Diagnostics::default();
    let Some(pack_ix) = catalog.packs.iter().position(|p| p.id == pack) else {
        return diags;
    };
    let mine = |info: &crate::catalog::CardInfo| info.pack.ix() == pack_ix;
    let at = |info: &crate::catalog::CardInfo, message: String| {
        let mut d = Diagnostic::warning(&info.defined_at.0, message);
        d.line = Some(info.defined_at.1);
        d
    };
    let carried: HashSet<&str> = catalog
        .adventurers
        .iter()
        .flat_map(|a| a.tiles.iter().map(|&t| catalog.tile(t).info.id.as_str()))
        .chain(facts.carried.iter().map(String::as_str))
        .collect();
    let scripted = |info: &crate::catalog::CardInfo| {
        info.script.is_some() || facts.scripted.contains(&info.id)
    };
    for tile in catalog.tiles.iter().filter(|t| mine(&t.info)) {
        if !carried.contains(tile.info.id.as_str()) {
            diags.push(at(
                &tile.info,
                format!("equipment `{}` is carried by no adventurer", tile.info.id),
            ));
        }
        if tile.hp == 0 && tile.defeats.is_empty() && !scripted(&tile.info) {
            diags.push(at(
                &tile.info,
                format!(
                    "equipment `{}` has no HP, no defeats rule and no script: it does nothing",
                    tile.info.id
                ),
            ));
        }
        if tile.info.text.is_empty() {
            diags.push(at(
                &tile.info,
                format!("equipment `{}` has no rules text", tile.info.id),
            ));
        }
    }
    for m in catalog.monsters.iter().filter(|m| mine(&m.info)) {
        if m.strength.is_none() && !scripted(&m.info) {
            diags.push(at(
                &m.info,
                format!(
                    "monster `{}` has no strength and no script: it does nothing",
                    m.info.id
                ),
            ));
        }
    }
    diags
}

/// The calls whose first argument is a prompt.
const PROMPT_CALLS: &[&str] = &[
    "ask_yes_no(",
    "ask_species(",
    "ask_tile(",
    "ask_seat(",
    "defeat_next(",
];

/// Every call of `calls` in the pack's scripts whose first argument is a quoted string:
/// (file, line, string).
fn string_arguments(pack: &LoadedPack, calls: &[&str]) -> Vec<(String, u32, String)> {
    let mut uses = Vec::new();
    for script in pack.scripts.values() {
        for (i, line) in script.code.lines().enumerate() {
            for call in calls {
                let mut rest = line;
                while let Some(at) = rest.find(call) {
                    rest = &rest[at + call.len()..];
                    let quoted = rest.trim_start();
                    let Some(quote) = quoted.chars().next().filter(|c| *c == '"' || *c == '\'')
                    else {
                        continue;
                    };
                    if let Some(end) = quoted[1..].find(quote) {
                        uses.push((
                            script.path.clone(),
                            i as u32 + 1,
                            quoted[1..1 + end].to_string(),
                        ));
                    }
                }
            }
        }
    }
    uses
}

/// `ctx.ruling("id")` calls naming a ruling no pack in play declares: they would fail.
fn unknown_rulings(catalog: &Catalog, uses: Vec<(String, u32, String)>) -> Diagnostics {
    let mut diags = Diagnostics::default();
    for (file, line, id) in uses {
        if catalog.find_ruling(&id).is_some() {
            continue;
        }
        let known: Vec<&str> = catalog.rulings.iter().map(|r| r.id.as_str()).collect();
        let known = if known.is_empty() {
            "none".to_string()
        } else {
            known.join(", ")
        };
        let mut d = Diagnostic::warning(
            file,
            format!(
                "ruling `{}` is declared by no pack in play (declared: {known}): \
                 ctx.ruling would fail; declare it with [[ruling]]",
                crate::printable::escape_line(&crate::printable::truncate(&id, 64))
            ),
        );
        d.line = Some(line);
        diags.push(d);
    }
    diags
}

/// The keys of `ctx.log("key", ...)` calls: each must be a message of the pack in every
/// language it declares, or players would see another language, or the call would fail.
fn log_keys(pack: &LoadedPack, uses: Vec<(String, u32, String)>) -> Diagnostics {
    let mut diags = Diagnostics::default();
    let shown = |key: &str| {
        crate::printable::escape_line(&crate::printable::truncate(key, 64)).into_owned()
    };
    for (file, line, key) in uses {
        let missing: Vec<&str> = match pack.file.messages.get(&key) {
            None => vec![],
            Some(text) => (pack.file.pack.languages.iter())
                .map(|l| l.get_ref().as_str())
                .filter(|l| !text.get_ref().0.contains_key(*l))
                .collect(),
        };
        let message = if !pack.file.messages.contains_key(&key) {
            format!(
                "ctx.log: `{}` is not in the pack's [messages]: the call would fail; add the line's text there",
                shown(&key)
            )
        } else if !missing.is_empty() {
            format!(
                "ctx.log: message `{}` has no text in {}: players of that language would read another",
                shown(&key),
                missing.join(", ")
            )
        } else {
            continue;
        };
        let mut d = Diagnostic::error(file, message);
        d.line = Some(line);
        diags.push(d);
    }
    diags
}

/// Prompts that are neither the pack's `[messages]` nor built in: players would see the key.
fn unknown_prompts(catalog: &Catalog, pack: &str, uses: Vec<(String, u32, String)>) -> Diagnostics {
    let mut diags = Diagnostics::default();
    let Some(pack_ix) = catalog.packs.iter().position(|p| p.id == pack) else {
        return diags;
    };
    for (file, line, prompt) in uses {
        let known = crate::action::BUILTIN_PROMPTS.contains(&prompt.as_str())
            || catalog
                .message(crate::ids::PackId(pack_ix as u16), &prompt)
                .is_some();
        if !known {
            let mut d = Diagnostic::warning(
                file,
                format!(
                    "prompt `{prompt}` is not in the pack's [messages] nor built in ({}): players would see `{}`",
                    crate::action::BUILTIN_PROMPTS.join(", "),
                    prompt.replace('_', " ")
                ),
            );
            d.line = Some(line);
            diags.push(d);
        }
    }
    diags
}
