//! Running scenario files and reporting what passed, what failed and why.

use super::format::{MAX_ANSWERS, Outcome, ScenarioFile};
use crate::action::{Action, Answer, DecisionKind, Question};
use crate::catalog::{Catalog, Diagnostic, PackLibrary};
use crate::engine::Engine;
use crate::game::DungeonSetup;
use crate::state::GameState;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Passed,
    /// What did not happen as expected.
    Failed(Vec<String>),
    /// The scenario could not run (bad file, unknown id, failing script).
    Error(String),
}

#[derive(Clone, Debug)]
pub struct ScenarioReport {
    pub path: String,
    pub name: Option<String>,
    pub status: Status,
    pub warnings: Vec<String>,
    /// What happened in the dungeon, one line per event (kept for failures).
    pub trace: Vec<String>,
}

impl ScenarioReport {
    pub fn passed(&self) -> bool {
        self.status == Status::Passed
    }
}

/// Engines a runner keeps at once (one per pack list, reused by the scenarios that name it).
const MAX_ENGINES: usize = 16;

/// Runs scenarios against the packs of a library, reusing one engine per pack set.
pub struct ScenarioRunner<'a> {
    library: &'a PackLibrary,
    engines: BTreeMap<Vec<String>, Engine>,
}

impl<'a> ScenarioRunner<'a> {
    pub fn new(library: &'a PackLibrary) -> ScenarioRunner<'a> {
        ScenarioRunner {
            library,
            engines: BTreeMap::new(),
        }
    }

    /// Reads and runs one scenario file.
    pub fn run_path(&mut self, path: &Path) -> ScenarioReport {
        let shown = path.display().to_string();
        match super::files::read_scenario(path) {
            Ok(text) => self.run_text(&shown, &text),
            Err(e) => report(&shown, None, Status::Error(format!("cannot read: {e}"))),
        }
    }

    /// Runs a scenario given as text; `path` names it in messages.
    pub fn run_text(&mut self, path: &str, text: &str) -> ScenarioReport {
        let file: ScenarioFile = match toml::from_str(text) {
            Ok(f) => f,
            Err(e) => {
                let mut d = Diagnostic::error(path, e.message().trim_end().to_string());
                if let Some(span) = e.span() {
                    d = d.at(text, span.start);
                }
                return report(path, None, Status::Error(d.to_string()));
            }
        };
        let mut r = report(path, file.name.clone(), Status::Passed);
        r.warnings = file
            .unknown
            .keys()
            .map(|k| format!("{path}: unknown key `{k}` ignored"))
            .collect();
        match self.run(&file, &mut r.trace) {
            Ok(problems) if problems.is_empty() => {}
            Ok(problems) => r.status = Status::Failed(problems),
            Err(message) => r.status = Status::Error(message),
        }
        r
    }

    fn engine(&mut self, packs: &[String]) -> Result<&mut Engine, String> {
        if packs.is_empty() {
            return Err("`packs` is empty: name the packs the scenario plays with".into());
        }
        if !self.engines.contains_key(packs) {
            // Each engine holds a Lua state: a folder of scenarios naming many different
            // pack lists must not keep one for each.
            if self.engines.len() >= MAX_ENGINES {
                self.engines.clear();
            }
            let ids: Vec<&str> = packs.iter().map(String::as_str).collect();
            let (catalog, _warnings) = self.library.catalog(&ids).map_err(|d| d.to_string())?;
            let engine = Engine::new(Arc::new(catalog)).map_err(|d| d.to_string())?;
            self.engines.insert(packs.to_vec(), engine);
        }
        Ok(self.engines.get_mut(packs).expect("inserted above"))
    }

    /// Plays the scenario; returns the expectations that failed.
    fn run(&mut self, file: &ScenarioFile, trace: &mut Vec<String>) -> Result<Vec<String>, String> {
        if file.answers.len() > MAX_ANSWERS {
            return Err(format!(
                "{} answers: a scenario gives at most {MAX_ANSWERS}",
                file.answers.len()
            ));
        }
        let engine = self.engine(&file.packs)?;
        let catalog = engine.catalog().clone();
        let adventurer = catalog.find_adventurer(&file.adventurer).ok_or_else(|| {
            unknown(
                "adventurer",
                &file.adventurer,
                catalog.adventurers.iter().map(|a| &a.info.id),
            )
        })?;
        let tiles = match &file.equipment {
            None => catalog.adventurer(adventurer).tiles.clone(),
            Some(ids) => ids
                .iter()
                .map(|id| {
                    catalog.find_tile(id).ok_or_else(|| {
                        unknown("equipment", id, catalog.tiles.iter().map(|t| &t.info.id))
                    })
                })
                .collect::<Result<_, _>>()?,
        };
        let monsters = |ids: &[String]| -> Result<Vec<_>, String> {
            ids.iter()
                .map(|id| {
                    catalog.find_monster(id).ok_or_else(|| {
                        unknown("monster", id, catalog.monsters.iter().map(|m| &m.info.id))
                    })
                })
                .collect()
        };
        let setup = DungeonSetup {
            players: file.players,
            runner: 0,
            successes: file.successes,
            failures: file.failures,
            adventurer,
            tiles,
            dungeon: monsters(&file.dungeon)?,
            deck: monsters(&file.deck)?,
            damage_model: file.options.damage_model,
            seed: file.seed,
            card_by_card: false,
            rulings: file.options.rulings.clone(),
        };
        let mut events = Vec::new();
        let mut state = engine
            .dungeon(&setup, &mut events)
            .map_err(|e| e.to_string())?;
        let mut answers = file.answers.iter();
        let mut problems = Vec::new();
        while let Some(decision) = state.pending.clone() {
            let DecisionKind::Question(question) = &decision.kind else {
                return Err(format!(
                    "unexpected decision in a dungeon: {:?}",
                    decision.kind
                ));
            };
            let asker = question.asker.id(&catalog);
            let options = question.labels(&catalog).join(", ");
            let Some(given) = answers.next() else {
                trace.extend(events.iter().map(|e| e.describe(&catalog)));
                problems.push(format!(
                    "question `{}` from `{asker}` to seat {} has no answer left (options: {options})",
                    question.prompt, question.seat
                ));
                return Ok(problems);
            };
            let Some(answer) = find_answer(&catalog, &state, question, &given.label()) else {
                trace.extend(events.iter().map(|e| e.describe(&catalog)));
                problems.push(format!(
                    "answer `{}` does not fit question `{}` from `{asker}` (options: {options})",
                    given.label(),
                    question.prompt
                ));
                return Ok(problems);
            };
            engine
                .apply(&mut state, Action::Answer(answer), &mut events)
                .map_err(|e| e.to_string())?;
        }
        trace.extend(events.iter().map(|e| e.describe(&catalog)));
        let left: Vec<String> = answers.map(|a| a.label()).collect();
        if !left.is_empty() {
            problems.push(format!("answers never asked for: {}", left.join(", ")));
        }
        let run = &state.run;
        let outcome = if run.success == Some(true) {
            Outcome::Success
        } else {
            Outcome::Failure
        };
        if outcome != file.expect.outcome {
            problems.push(
                format!(
                    "expected {:?}, got {:?} (hp {})",
                    file.expect.outcome, outcome, run.hp
                )
                .to_lowercase(),
            );
        }
        if let Some(hp) = file.expect.hp
            && hp != run.hp
        {
            problems.push(format!("expected hp {hp}, got {}", run.hp));
        }
        if let Some(expected) = &file.expect.defeated {
            let got: Vec<&str> = run
                .faced
                .iter()
                .filter(|f| f.is_defeated())
                .map(|f| catalog.monster(f.monster).info.id.as_str())
                .collect();
            if got != expected.iter().map(String::as_str).collect::<Vec<_>>() {
                problems.push(format!(
                    "expected defeated [{}], got [{}]",
                    expected.join(", "),
                    got.join(", ")
                ));
            }
        }
        problems.extend(event_problems(&file.expect, trace));
        Ok(problems)
    }
}

/// What `[expect] events` and `no_events` find wrong with the trace: the first expected
/// line not found (in order), and each line that must not be there.
fn event_problems(expect: &super::format::Expect, trace: &[String]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut rest = trace.iter();
    for wanted in expect.events.iter().flatten() {
        if !rest.any(|line| line == wanted) {
            problems.push(format!(
                "expected the event `{wanted}` (after the events listed before it); it is not there"
            ));
            break;
        }
    }
    for unwanted in expect.no_events.iter().flatten() {
        if trace.contains(unwanted) {
            problems.push(format!("the event `{unwanted}` should not happen"));
        }
    }
    problems
}

fn report(path: &str, name: Option<String>, status: Status) -> ScenarioReport {
    ScenarioReport {
        path: path.to_string(),
        name,
        status,
        warnings: Vec::new(),
        trace: Vec::new(),
    }
}

fn unknown<'s>(what: &str, id: &str, known: impl Iterator<Item = &'s String>) -> String {
    let known: Vec<&str> = known.map(String::as_str).collect();
    format!("unknown {what} `{id}` (known: {})", known.join(", "))
}

/// The option an answer written by hand stands for: its label, or for a yes/no question
/// about the monster being resolved, the asking tile's id or the monster's species (yes),
/// or the id of another tile that defeats it anyway (no).
fn find_answer(
    catalog: &Catalog,
    state: &GameState,
    question: &Question,
    label: &str,
) -> Option<Answer> {
    if let Some(answer) = question.find(catalog, label) {
        return Some(answer);
    }
    let current = state.run.current()?;
    if *question.options != [Answer::Yes, Answer::No] {
        return None;
    }
    let asker = question.asker.id(catalog);
    let species = current.species.map(|s| catalog.species_def(s).id.as_str());
    if label == asker || species == Some(label) {
        return Some(Answer::Yes);
    }
    (current.defeaters.iter())
        .any(|&t| catalog.tile(t).info.id == label)
        .then_some(Answer::No)
}
