//! Scenario files for any worded game: a table set up from a seed (and, where a rule needs
//! a particular position, parts of the state set by hand), moves played by their words,
//! and what must hold after each. No game code is involved beyond [`Worded`]: a new game
//! gets `dungeon scenario` with nothing to write. Every file cites the rule it checks.
//! Input from anyone: every problem is a message, never a panic of the runner's own (a
//! game that panics on a state set by hand is caught by the caller, see `run`).
//!
//! ```toml
//! game = "goofspiel"
//! rule = "a tie for the highest bid takes nothing (ties=lost)"
//! players = 2                     # default: the fewest the game allows
//! options = ["cards=3"]           # as `--ruling`
//! seed = 1                        # the deal
//! lang = "en"                     # the words moves and checks are in (en, es, fr)
//! names = ["Ana", "Bo"]           # default: Ana, Bo, Cy, Dee...
//! packs = ["base"]                # a game of packs only (Welcome to the Dungeon): which
//! [set]                           # the game's own state, as JSON, changed at pointers
//! "/prizes" = [1, 2]
//! [[step]]
//! turn = 0                        # checked before the move: the seat to act
//! legal = ["bid 3"]               # offered now, as the seat to act reads them
//! not_legal = ["bid 4"]
//! only = ["bid 1", "bid 2", "bid 3"]
//! do = "bid 3"                    # the move, by its words
//! heard.1 = "Ana bids face down." # after it: told to seat 1 (or `spectator`) by this move
//! not_heard.1 = "bids 3"
//! sees.0 = "(bid: 3)"             # in seat 0's view (or `spectator`'s)
//! not_sees.1 = "bid: 3"
//! state."/pot" = 3                # a value of the state
//! over = false                    # then `winners = [0]` and `ending = "..."`
//! ```
//!
//! Seats count from 0. Every text check is "contains"; every check may be one text or a
//! list. After the setup and after every move the game's own audit ([`Hosted::audit`])
//! must pass, so a state set by hand that breaks the game's invariants is refused.

use crate::hosted::{Hosted, Worded};
use crate::{Game, Seat};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The most steps a file may hold (a file is read whole, at most 1 MiB, by the caller).
const MAX_STEPS: usize = 10_000;

/// What running a scenario found: the rule it cites and every problem (none: it passed).
#[derive(Debug, Default)]
pub struct Outcome {
    pub rule: String,
    pub problems: Vec<String>,
}

impl Outcome {
    pub fn passed(&self) -> bool {
        self.problems.is_empty()
    }

    /// A file that is not TOML of the format its runner reads.
    pub fn unreadable(error: impl std::fmt::Display) -> Outcome {
        Outcome {
            rule: String::new(),
            problems: vec![error.to_string()],
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    game: String,
    rule: String,
    players: Option<u8>,
    #[serde(default)]
    options: Vec<String>,
    seed: u64,
    #[serde(default = "english")]
    lang: String,
    #[serde(default)]
    names: Vec<String>,
    /// Read by the caller, which makes the game of these packs ([`Head::packs`]).
    #[serde(default)]
    #[allow(dead_code)]
    packs: Vec<String>,
    #[serde(default)]
    set: BTreeMap<String, toml::Value>,
    #[serde(default)]
    step: Vec<Step>,
}

fn english() -> String {
    "en".into()
}

/// One text or several.
#[derive(Deserialize, Default)]
#[serde(untagged)]
enum Texts {
    #[default]
    None,
    One(String),
    Many(Vec<String>),
}

impl Texts {
    fn list(&self) -> &[String] {
        match self {
            Texts::None => &[],
            Texts::One(t) => std::slice::from_ref(t),
            Texts::Many(v) => v,
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Step {
    turn: Option<Seat>,
    #[serde(default)]
    legal: Texts,
    #[serde(default)]
    not_legal: Texts,
    only: Option<Texts>,
    #[serde(rename = "do")]
    act: Option<String>,
    #[serde(default)]
    heard: BTreeMap<String, Texts>,
    #[serde(default)]
    not_heard: BTreeMap<String, Texts>,
    #[serde(default)]
    sees: BTreeMap<String, Texts>,
    #[serde(default)]
    not_sees: BTreeMap<String, Texts>,
    #[serde(default)]
    state: BTreeMap<String, toml::Value>,
    over: Option<bool>,
    winners: Option<Vec<Seat>>,
    ending: Option<String>,
}

/// What a caller reads of a scenario before running it, from one parse of its text.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Head {
    /// The `game` it names, if its text is TOML with one.
    pub game: Option<String>,
    /// It is in this module's format (it gives the deal: `seed`). A game may also have a
    /// format of its own for its files (Mazmorra's hands and passages).
    pub generic: bool,
    /// The packs it names (`packs = [...]`), for a game made of packs.
    pub packs: Vec<String>,
}

/// See [`Head`]; text that is not TOML has an empty head.
pub fn head(text: &str) -> Head {
    let Ok(table) = toml::from_str::<toml::Table>(text) else {
        return Head::default();
    };
    let packs = (table.get("packs").and_then(|p| p.as_array()))
        .map(|list| {
            list.iter()
                .filter_map(|p| p.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    Head {
        game: table
            .get("game")
            .and_then(|g| g.as_str())
            .map(str::to_owned),
        generic: table.contains_key("seed"),
        packs,
    }
}

/// [`Head::game`].
pub fn game_of(text: &str) -> Option<String> {
    head(text).game
}

/// [`Head::generic`].
pub fn is_generic(text: &str) -> bool {
    head(text).generic
}

/// The names seats get when the file gives none.
const NAMES: [&str; 8] = ["Ana", "Bo", "Cy", "Dee", "Eli", "Flo", "Gus", "Hal"];

/// A game's scenario, in the format above, with every problem found. It stops at the
/// first failing step (those after it would test a game gone elsewhere). A game may panic
/// on a state set by hand (`[set]`): the caller catches it, as `dungeon scenario` does.
pub fn run<G: Worded>(game: &G, text: &str) -> Outcome {
    let file: File = match toml::from_str(text) {
        Ok(f) => f,
        Err(e) => return Outcome::unreadable(e),
    };
    let mut outcome = Outcome {
        rule: file.rule.clone(),
        problems: Vec::new(),
    };
    if let Err(p) = play(game, &file) {
        outcome.problems.push(p);
    }
    outcome
}

/// The table a file sets up, then its steps.
fn play<G: Worded>(game: &G, file: &File) -> Result<(), String> {
    if file.game != game.id() {
        return Err(format!("a scenario of {}, run as {}", file.game, game.id()));
    }
    if file.rule.trim().is_empty() {
        return Err("`rule` is empty: say which rule the scenario checks".into());
    }
    if !["en", "es", "fr"].contains(&file.lang.as_str()) {
        return Err(format!("lang = {:?}: en, es or fr", file.lang));
    }
    if file.step.len() > MAX_STEPS {
        return Err(format!("{} steps: at most {MAX_STEPS}", file.step.len()));
    }
    let seats = game.seats();
    let players = file.players.unwrap_or(*seats.start());
    if !seats.contains(&players) {
        return Err(format!(
            "players = {players}: {} is played by {} to {}",
            game.name("en"),
            seats.start(),
            seats.end()
        ));
    }
    let options = crate::hosted::options_from(game, players, &file.options).map_err(|o| {
        format!(
            "options: {o} is not one of {}'s ({})",
            game.name("en"),
            game.option_help()
        )
    })?;
    let names: Vec<String> = (0..players as usize)
        .map(|s| match file.names.get(s) {
            Some(n) => n.clone(),
            None => NAMES
                .get(s)
                .map_or(format!("#{}", s + 1), |n| n.to_string()),
        })
        .collect();
    let mut events = Vec::new();
    let mut state = game
        .new_game(&options, file.seed, &mut events)
        .map_err(|e| format!("the game refused the table: {e}"))?;
    if !file.set.is_empty() {
        state = set(game, &state, &file.set)?;
    }
    let start = state.clone();
    let table = Table {
        game,
        lang: &file.lang,
        names: &names,
        options: &options,
        players,
    };
    for (n, step) in file.step.iter().enumerate() {
        table
            .step(&start, &mut state, step)
            .map_err(|p| format!("step {}: {p}", n + 1))?;
    }
    Ok(())
}

/// The state with the values of `set` put at their pointers, checked by the game's audit.
fn set<G: Hosted>(
    game: &G,
    state: &G::State,
    set: &BTreeMap<String, toml::Value>,
) -> Result<G::State, String> {
    let mut json = serde_json::to_value(state).map_err(|e| e.to_string())?;
    for (pointer, value) in set {
        let value = serde_json::to_value(value).map_err(|e| format!("set {pointer}: {e}"))?;
        let fields = top_fields(&json);
        let Some(slot) = json.pointer_mut(pointer) else {
            return Err(format!(
                "set: the state has no {pointer} (a pointer such as /field/0; its fields: {fields})"
            ));
        };
        *slot = value;
    }
    let state: G::State = serde_json::from_value(json)
        .map_err(|e| format!("set: not a state of {}: {e}", game.name("en")))?;
    game.audit(&state, &state)
        .map_err(|e| format!("set: the state breaks the game's own checks: {e}"))?;
    Ok(state)
}

fn top_fields(json: &serde_json::Value) -> String {
    match json {
        serde_json::Value::Object(map) => map.keys().cloned().collect::<Vec<_>>().join(", "),
        _ => "none".into(),
    }
}

/// What a step needs of the table.
struct Table<'a, G: Game> {
    game: &'a G,
    lang: &'a str,
    names: &'a [String],
    options: &'a G::Options,
    players: u8,
}

impl<G: Worded> Table<'_, G> {
    fn step(&self, start: &G::State, state: &mut G::State, step: &Step) -> Result<(), String> {
        let game = self.game;
        let to_act = game.to_act(state);
        if let Some(turn) = step.turn.filter(|&t| to_act != Some(t)) {
            let found = seat_text(to_act);
            return Err(format!("turn: seat {turn} to act, found {found}"));
        }
        // The seat to act's moves, in its words.
        let (legal, words) = match to_act {
            Some(seat) => {
                let view = game.view(state, Some(seat));
                let legal = game.legal_actions(state);
                let words: Vec<String> = (legal.iter())
                    .map(|a| game.describe_action(self.lang, self.names, &view, a))
                    .collect();
                (legal, words)
            }
            None => (Vec::new(), Vec::new()),
        };
        let listed = || words.join(" | ");
        for want in step.legal.list() {
            if !words.contains(want) {
                return Err(format!(
                    "legal: `{want}` is not offered; offered: {}",
                    listed()
                ));
            }
        }
        for want in step.not_legal.list() {
            if words.contains(want) {
                return Err(format!("not_legal: `{want}` is offered"));
            }
        }
        if let Some(only) = &step.only {
            let (mut a, mut b) = (only.list().to_vec(), words.clone());
            a.sort();
            b.sort();
            if a != b {
                return Err(format!("only: offered {}", listed()));
            }
        }
        let mut events = Vec::new();
        if let Some(act) = &step.act {
            let found: Vec<usize> = (0..words.len()).filter(|&i| words[i] == *act).collect();
            let i = match found[..] {
                [i] => i,
                [] if to_act.is_none() => return Err(format!("do `{act}`: the game is over")),
                [] => {
                    return Err(format!("do: `{act}` is not offered; offered: {}", listed()));
                }
                _ => {
                    return Err(format!(
                        "do: {} moves are worded `{act}`: the game's words cannot tell them apart",
                        found.len()
                    ));
                }
            };
            game.apply(state, &legal[i], &mut events)
                .map_err(|e| format!("do `{act}`: the game refused it: {e}"))?;
            game.audit(start, state)
                .map_err(|e| format!("after `{act}`: the game's own checks failed: {e}"))?;
        }
        self.after(state, step, &events)
    }

    /// The checks of a step that look at the game after its move.
    fn after(&self, state: &G::State, step: &Step, events: &[G::Event]) -> Result<(), String> {
        let game = self.game;
        for (who, texts) in &step.heard {
            let seat = self.reader(who)?;
            let told = self.told(seat, events);
            for want in texts.list() {
                if !told.iter().any(|t| t.contains(want.as_str())) {
                    let told = match told.join(" / ") {
                        t if t.is_empty() => "nothing".to_owned(),
                        t => t,
                    };
                    return Err(format!(
                        "heard.{who}: nothing told contains `{want}`; told: {told}"
                    ));
                }
            }
        }
        for (who, texts) in &step.not_heard {
            let seat = self.reader(who)?;
            let told = self.told(seat, events);
            for want in texts.list() {
                if let Some(t) = told.iter().find(|t| t.contains(want.as_str())) {
                    return Err(format!("not_heard.{who}: told `{t}`"));
                }
            }
        }
        for (checks, present) in [(&step.sees, true), (&step.not_sees, false)] {
            for (who, texts) in checks {
                let seat = self.reader(who)?;
                let view = game.view(state, seat);
                let shown = game.describe_view(self.lang, self.names, &view);
                for want in texts.list() {
                    if shown.contains(want.as_str()) != present {
                        let key = if present { "sees" } else { "not_sees" };
                        let verb = if present { "lacks" } else { "shows" };
                        return Err(format!("{key}.{who}: the view {verb} `{want}`:\n{shown}"));
                    }
                }
            }
        }
        if !step.state.is_empty() {
            let json = serde_json::to_value(state).map_err(|e| e.to_string())?;
            for (pointer, want) in &step.state {
                let want = serde_json::to_value(want).map_err(|e| e.to_string())?;
                match json.pointer(pointer) {
                    None => {
                        return Err(format!(
                            "state: no {pointer} in the state (its fields: {})",
                            top_fields(&json)
                        ));
                    }
                    Some(found) if *found != want => {
                        return Err(format!("state {pointer}: {found}, expected {want}"));
                    }
                    Some(_) => {}
                }
            }
        }
        let over = game.to_act(state).is_none();
        if let Some(want) = step.over.filter(|&w| w != over) {
            return Err(format!("over: expected {want}, found {over}"));
        }
        if let Some(want) = &step.winners {
            let found = game.outcome(state).map(|o| o.winners);
            if found.as_ref() != Some(want) {
                return Err(format!("winners: expected {want:?}, found {found:?}"));
            }
        }
        if let Some(want) = &step.ending {
            if !over {
                return Err(format!("ending {want}: the game is not over"));
            }
            let found = game.ending(state, events);
            if found != want {
                return Err(format!(
                    "ending: expected {want}, found {found} (endings: {})",
                    game.endings().join(", ")
                ));
            }
        }
        Ok(())
    }

    /// The seat a check names: a number, or `spectator`.
    fn reader(&self, who: &str) -> Result<Option<Seat>, String> {
        if who == "spectator" {
            return Ok(None);
        }
        match who.parse::<Seat>() {
            Ok(s) if s < self.players => Ok(Some(s)),
            _ => Err(format!(
                "`{who}`: a seat from 0 to {}, or spectator",
                self.players - 1
            )),
        }
    }

    /// What the events of a move told `seat`, in words.
    fn told(&self, seat: Option<Seat>, events: &[G::Event]) -> Vec<String> {
        (events.iter())
            .filter_map(|e| {
                (self.game).describe_event(self.lang, self.names, self.options, seat, e)
            })
            .collect()
    }
}

fn seat_text(seat: Option<Seat>) -> String {
    seat.map_or("nobody (the game is over)".into(), |s| format!("seat {s}"))
}
