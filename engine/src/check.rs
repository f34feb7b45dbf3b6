//! Checking a pack the way its author needs: read it, build it with what it requires (and
//! with each pack it may be played with), compile its scripts, lint what is legal but
//! likely a mistake, and run its own scenarios. Every problem is collected, none stops
//! the others.

use crate::catalog::{Catalog, Diagnostic, Diagnostics, DiskFiles, PackLibrary, read_pack};
use crate::engine::Engine;
use crate::scenario::{ScenarioReport, ScenarioRunner, collect_files};
use std::path::PathBuf;

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

/// Checks the pack whose manifest is at `path`, against the packs `library` knows.
pub fn check_pack(library: &mut PackLibrary, path: &str) -> CheckReport {
    let mut report = CheckReport::default();
    let pack = match read_pack(&DiskFiles, path) {
        Ok(pack) => pack,
        Err(diags) => {
            report.diagnostics = diags;
            return report;
        }
    };
    let id = pack.id().to_string();
    // Scripts are checked on their own first, so their problems show even when the pack's
    // cards do not load.
    add_unique(
        &mut report.diagnostics,
        crate::script::check_pack_scripts(&pack),
    );
    let prompts = prompt_uses(&pack);
    let alternatives: Vec<String> = pack
        .file
        .pack
        .requires_any
        .iter()
        .map(|a| a.get_ref().clone())
        .collect();
    report.pack = Some(id.clone());
    if let Err(diags) = library.load(&DiskFiles, path) {
        report.diagnostics = diags;
        return report;
    }
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
        let (catalog, warnings) = match library.catalog(&ids) {
            Ok(built) => built,
            Err(diags) => {
                add_unique(&mut report.diagnostics, diags);
                continue;
            }
        };
        let packs = catalog.pack_list();
        report.combinations.push(packs.replace(',', "+"));
        add_unique(&mut report.diagnostics, warnings);
        let catalog = std::sync::Arc::new(catalog);
        match Engine::new(catalog.clone()) {
            Ok(_) => {}
            Err(diags) => add_unique(&mut report.diagnostics, diags),
        }
        if first_catalog.is_none() {
            first_catalog = Some(catalog);
        }
    }
    let Some(catalog) = &first_catalog else {
        // Nothing loaded, so nothing to play the scenarios with.
        report.skipped_scenarios = true;
        return report;
    };
    add_unique(&mut report.diagnostics, lint(catalog, &id));
    add_unique(
        &mut report.diagnostics,
        unknown_prompts(catalog, &id, prompts),
    );
    if report.diagnostics.has_errors() {
        report.skipped_scenarios = true;
        return report;
    }
    if let Some(folder) = catalog
        .packs
        .iter()
        .find(|p| p.id == id)
        .and_then(|p| p.scenarios.clone())
    {
        match collect_files(&[PathBuf::from(&folder)]) {
            Ok(files) => {
                let mut runner = ScenarioRunner::new(library);
                report.scenarios = files.iter().map(|f| runner.run_path(f)).collect();
            }
            Err(e) => report
                .diagnostics
                .push(Diagnostic::error(path, format!("scenarios: {e}"))),
        }
    }
    report
}

/// Legal but probably not meant: reported as warnings.
fn lint(catalog: &Catalog, pack: &str) -> Diagnostics {
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
    for tile in catalog.tiles.iter().filter(|t| mine(&t.info)) {
        let carried = catalog.adventurers.iter().any(|a| {
            a.tiles
                .iter()
                .any(|&t| catalog.tile(t).info.id == tile.info.id)
        });
        if !carried {
            diags.push(at(
                &tile.info,
                format!("equipment `{}` is carried by no adventurer", tile.info.id),
            ));
        }
        if tile.hp == 0 && tile.defeats.is_empty() && tile.info.script.is_none() {
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
        if m.strength.is_none() && m.info.script.is_none() {
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

/// Every `ctx.ask_*("prompt"` in the pack's scripts: (file, line, prompt).
fn prompt_uses(pack: &crate::catalog::LoadedPack) -> Vec<(String, u32, String)> {
    let mut uses = Vec::new();
    for script in pack.scripts.values() {
        for (i, line) in script.code.lines().enumerate() {
            for call in ["ask_yes_no(", "ask_species(", "ask_tile(", "ask_seat("] {
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

/// Adds diagnostics not already reported (the same problem shows in every combination).
fn add_unique(into: &mut Diagnostics, from: Diagnostics) {
    for d in from.0 {
        if !into.0.contains(&d) {
            into.push(d);
        }
    }
}
