//! # dungeon-script
//!
//! The Lua host: runs card scripts in a sandboxed Luau state, one state per host (and
//! one host per thread). Implements [`HookRunner`] (`hooks`, the boundary between the
//! rules and card scripts) for the dungeon resolver of `dungeon-engine`, which re-exports
//! this crate as its `script` module and `hooks` as its own. It sits on the catalog and
//! the plain data (`dungeon-catalog`, `dungeon-state`), and knows nothing of the rules:
//! the only crate of the engine with Lua in it.
//!
//! A call lends the game state to the `ctx` functions through a shared frame, runs the
//! hook, and takes the state back. Hooks answer questions by replay: `ctx.ask_*` returns
//! a recorded answer or stops the hook; the engine asks the player and calls the hook
//! again from the start with one more answer. Nothing a hook does is applied until it
//! finishes, so a stopped or failed call changes nothing.
//!
//! A script is compiled once; its chunk runs again for each engine operation that uses
//! the card (analysis included, and after any failed call), giving fresh closures,
//! unless its hooks provably hold no state (`inert`): one instance then serves all.
//! Whatever a script keeps in its own locals therefore lives for one operation only, so
//! replaying operations replays the game exactly, and nothing a rolled-back move showed
//! a script survives it.
//!
//! Modules: this file holds the host and its scripts' loading, `runner` its calls as the
//! rules make them ([`HookRunner`]); `sandbox` builds the state and compiles scripts
//! (`rewrite` guards their for-in loops), `library` makes the libraries deterministic
//! (`trips` the errors they raise: a limit reached, an argument refused; `marks` the
//! names and markers all of these share), `costs` charges every library function for its
//! worst case (and lists them all), `meter` counts steps, bytes and time, `api` is the
//! `ctx` table (`api/fast.rs` its quick paths), `frame` what a running hook has recorded
//! (with its caps), `tables` the values shared with hooks, `raw` the lists built and read
//! through the C API in one call, `load` checks what a script returns, `errors` turns Lua
//! errors into bounded messages.

pub mod hooks;

mod api;
mod args;
mod costs;
mod errors;
mod frame;
mod inert;
mod library;
mod load;
mod log;
mod marks;
mod meter;
mod native;
mod raw;
mod rewrite;
mod runner;
mod sandbox;
mod tables;
mod trips;
mod work;

pub use args::{MAX_OPTIONS, MAX_PROMPT};
pub use errors::MAX_MESSAGE;
pub use frame::{MAX_EFFECTS, MAX_MEMORY_ENTRIES, MAX_MEMORY_KEY, MAX_MEMORY_TEXT};
pub use load::check_pack_scripts;
pub use meter::{ANALYSIS_STEP_BUDGET, CARD_MEMORY, DEFAULT_DEADLINE, OPERATION_MEMORY};
pub use sandbox::{DEFAULT_MEMORY_LIMIT, DEFAULT_STEP_BUDGET};
pub use work::HookCost;

use crate::action::CardRef;
use crate::catalog::{CardInfo, Catalog, Diagnostic, Diagnostics};
use crate::effect::{EffectList, HP_LIMIT};
use crate::hooks::{HookCall, HookError, HookName, HookOutcome, HookRunner, HookSet, HookValue};
use crate::state::GameState;
use frame::{Frame, SharedFrame};
use meter::Meter;
use mlua::{Function, Lua, Table, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;
use tables::IdStrings;

// The catalog's and the plain data's modules, under the names the engine gives them.
pub(crate) use dungeon_catalog::{catalog, effect, hook_name, ids, printable, version};
pub(crate) use dungeon_state::{action, error, event, state};
pub(crate) mod dungeon {
    pub use dungeon_state::run::*;
}

/// The engine's helper library, visible to every script as `dungeon`.
pub use crate::version::PRELUDE;

/// Above this, the garbage of finished operations is collected before the next one.
const COLLECT_ABOVE: usize = 96 * 1024 * 1024;

/// A card's compiled script and its hooks for the current operation.
struct CardScript {
    /// Where the script came from, for messages.
    path: String,
    /// The name Luau knows the chunk by (short: Luau truncates long names).
    chunk_name: String,
    /// The compiled chunk: running it returns a fresh table of hooks.
    chunk: Function,
    hooks: HookSet,
    /// The hooks made for operation `generation`, if any.
    instance: Option<(u64, Vec<(HookName, Function)>)>,
    /// Hooks that can hold no state, made once for every operation (see `inert.rs`).
    inert: Option<Vec<(HookName, Function)>>,
    /// The `ctx` this card's hooks receive: its own `self`, then the shared functions.
    ctx: Table,
    /// The prelude helper the whole script is one call to, run natively (`native/`).
    native: Option<native::Helper>,
}

pub struct ScriptHost {
    lua: Lua,
    catalog: Arc<Catalog>,
    frame: SharedFrame,
    meter: Rc<Meter>,
    /// The read-only globals every script reads through.
    globals: Table,
    /// The C functions the globals hold (the only stateless ones, see `inert.rs`).
    library: inert::Library,
    ctx: Table,
    ids: Rc<IdStrings>,
    /// Tiles first, then monsters, by catalog index; `None` for cards without a script.
    cards: Vec<Option<CardScript>>,
    /// Each slot's hooks, apart from the scripts: asked before every possible call.
    hook_sets: Vec<HookSet>,
    generation: u64,
    /// Bytes each card's hooks allocated during the current operation, by slot.
    allocated: Vec<u64>,
    /// Bytes all hooks allocated during the current operation.
    operation_allocated: u64,
    /// Lua code ran since the last `begin` (else there is nothing for it to reset).
    ran: bool,
    /// A native hook counted memory since the last `begin`.
    counted: bool,
    /// Whether scripts that are one call to a prelude helper run natively.
    native_helpers: bool,
    /// The steps hooks took (see `work.rs`).
    work: work::Work,
    /// The steps one call may take outside analysis (in analysis, at most
    /// [`ANALYSIS_STEP_BUDGET`]).
    step_budget: u64,
    /// The regular species, in catalog order (what `ctx.regular_species()` lists).
    regular_species: Vec<crate::ids::SpeciesId>,
    /// What the native helpers remember, shared.
    remembered: native::Remembered,
    /// Set apart from the defaults (a budget, a limit, a way of running hooks): no twin
    /// ([`HookRunner::twin`]) would share the settings.
    custom: bool,
}

impl ScriptHost {
    /// Compiles and loads every script of the catalog. Reports every script that fails to
    /// load or returns something other than a table of known hooks.
    pub fn new(catalog: Arc<Catalog>) -> Result<ScriptHost, Diagnostics> {
        let internal = |e: mlua::Error| {
            Diagnostics(vec![Diagnostic::error(
                "engine/prelude.lua",
                format!("cannot start Lua: {e}"),
            )])
        };
        let meter = Rc::new(Meter::new());
        let frame: SharedFrame = Rc::new(RefCell::new(Frame::new(
            meter.clone(),
            Some(catalog.clone()),
        )));
        let (lua, globals) = sandbox::new_state(frame.clone(), PRELUDE).map_err(internal)?;
        let ids = Rc::new(IdStrings::new(&lua, &catalog, meter.clone()).map_err(internal)?);
        let ctx = api::build_ctx(
            &lua,
            frame.clone(),
            catalog.clone(),
            ids.clone(),
            meter.clone(),
        )
        .map_err(internal)?;
        let slots = catalog.tiles.len() + catalog.monsters.len();
        let mut host = ScriptHost {
            lua,
            catalog: catalog.clone(),
            frame,
            meter,
            library: inert::Library::of(&globals),
            globals,
            ctx,
            ids,
            cards: Vec::new(),
            hook_sets: Vec::new(),
            generation: 0,
            allocated: vec![0; slots],
            operation_allocated: 0,
            ran: true,
            counted: false,
            native_helpers: true,
            work: work::Work::new(slots),
            step_budget: DEFAULT_STEP_BUDGET,
            regular_species: catalog.regular_species().collect(),
            remembered: native::Remembered::new(&catalog),
            custom: false,
        };
        let mut diags = Diagnostics::default();
        let tiles = catalog.tiles.iter().map(|t| (&t.info, false));
        let monsters = catalog.monsters.iter().map(|m| (&m.info, true));
        for (slot, (info, is_monster)) in tiles.chain(monsters).enumerate() {
            let script = host.load_card(slot, info, is_monster).unwrap_or_else(|d| {
                diags.push(d);
                None
            });
            host.cards.push(script);
        }
        host.hook_sets = (host.cards.iter())
            .map(|c| c.as_ref().map_or(HookSet::default(), |s| s.hooks))
            .collect();
        if diags.has_errors() {
            return Err(diags);
        }
        host.begin();
        Ok(host)
    }

    fn load_card(
        &mut self,
        slot: usize,
        info: &CardInfo,
        is_monster: bool,
    ) -> Result<Option<CardScript>, Diagnostic> {
        let Some(script) = &info.script else {
            return Ok(None);
        };
        let pack = &self.catalog.pack_of(info.pack).id;
        let compiled = load::compile_card(
            &self.lua,
            &self.meter,
            &self.globals,
            &self.library,
            pack,
            slot,
            &info.id,
            script,
            is_monster,
        )?;
        let ctx = api::card_ctx(&self.lua, &self.ctx, &info.id).map_err(|e| {
            Diagnostic::error(
                &script.path,
                format!("card `{}`: cannot set up its ctx: {e}", info.id),
            )
        })?;
        let native = native::Helper::recognise(&script.code, &self.catalog)
            .filter(|helper| helper.hooks() == compiled.hooks);
        Ok(Some(CardScript {
            native,
            path: script.path.clone(),
            chunk_name: compiled.chunk_name,
            chunk: compiled.chunk,
            hooks: compiled.hooks,
            instance: None,
            inert: compiled.inert_instance,
            ctx,
        }))
    }

    fn slot(&self, card: CardRef) -> usize {
        match card {
            CardRef::Tile(t) => t.ix(),
            CardRef::Monster(m) => self.catalog.tiles.len() + m.ix(),
        }
    }

    /// Sets the step budget of each hook call (for tests of hostile scripts). Every hook
    /// then runs in Lua, so the budget counts the helpers' steps too.
    pub fn set_step_budget(&mut self, steps: u64) {
        self.custom = true;
        self.step_budget = steps;
        self.meter.set_budget(steps);
        self.native_helpers = false;
    }

    /// Sets the wall-clock time each hook call may take (for tests of hostile scripts).
    /// Every hook then runs in Lua.
    pub fn set_time_limit(&mut self, limit: Duration) {
        self.custom = true;
        self.meter.set_time_limit(limit);
        self.native_helpers = false;
    }

    /// Whether scripts that are exactly one call to a prelude helper run natively (the
    /// default; see `native/`) or in Luau like every other script (to compare them).
    pub fn set_native_helpers(&mut self, on: bool) {
        self.custom |= !on;
        self.native_helpers = on;
    }

    /// Makes every card run its script afresh in each operation, even those whose hooks
    /// provably hold no state (to check that sharing one instance changes nothing).
    pub fn make_instances_fresh(&mut self) {
        self.custom = true;
        for script in self.cards.iter_mut().flatten() {
            script.inert = None;
        }
    }

    /// Whether the most called `ctx` functions answer ordinary calls by their quick paths
    /// (the default; see `api/fast.rs`) or every call goes through their mlua callbacks (to
    /// compare them).
    pub fn set_quick_ctx(&mut self, on: bool) {
        self.custom |= !on;
        self.frame.borrow_mut().quick_ctx = on;
    }

    /// Does this card's script run natively (one call to a prelude helper)?
    pub fn runs_natively(&self, card: CardRef) -> bool {
        self.native_helpers
            && matches!(self.cards.get(self.slot(card)), Some(Some(s)) if s.native.is_some())
    }

    /// Sets the memory the whole Lua state may use: a backstop far above the
    /// per-operation allowances the meter enforces (see [`CARD_MEMORY`] and
    /// [`OPERATION_MEMORY`]), for allocations between two of its checks.
    pub fn set_memory_limit(&mut self, bytes: usize) {
        self.custom = true;
        let _ = self.lua.set_memory_limit(bytes);
    }

    /// The names in the `ctx` table, sorted (for documentation checks).
    pub fn ctx_names(&self) -> Vec<String> {
        table_keys(&self.ctx)
    }

    /// The names in the `dungeon` helper library, sorted.
    pub fn helper_names(&self) -> Vec<String> {
        self.globals
            .raw_get::<Table>("dungeon")
            .map(|t| table_keys(&t))
            .unwrap_or_default()
    }

    /// Each card's hooks called so far, with what their calls cost in steps (for `dungeon
    /// check`'s report).
    pub fn hook_costs(&self) -> Vec<(CardRef, HookName, HookCost)> {
        let tiles = self.catalog.tiles.len();
        (self.work.costs())
            .map(|(slot, hook, cost)| {
                let card = match slot.checked_sub(tiles) {
                    None => CardRef::Tile(crate::ids::TileId(slot as u16)),
                    Some(m) => CardRef::Monster(crate::ids::MonsterId(m as u16)),
                };
                (card, hook, cost)
            })
            .collect()
    }

    /// Does this card keep one instance of its hooks for every operation (they provably
    /// hold no state, see `inert.rs`) rather than running its script again each time?
    pub fn reuses_instance(&self, card: CardRef) -> bool {
        matches!(self.cards.get(self.slot(card)), Some(Some(s)) if s.inert.is_some())
    }

    /// Which hooks a card's script defines.
    pub fn hooks_of(&self, card: CardRef) -> HookSet {
        self.hook_sets
            .get(self.slot(card))
            .copied()
            .unwrap_or_default()
    }

    /// What the card in `slot` may still allocate in this operation.
    fn allowance(&self, slot: usize) -> u64 {
        let card = CARD_MEMORY.saturating_sub(self.allocated[slot]);
        card.min(OPERATION_MEMORY.saturating_sub(self.operation_allocated))
    }

    /// Meters one run of the card's Lua code (chunk or hook): counts what it allocates
    /// and fails it if it reached a limit, even one the script swallowed.
    fn metered<R>(
        &mut self,
        slot: usize,
        run: impl FnOnce(&Self) -> mlua::Result<R>,
    ) -> mlua::Result<R> {
        self.ran = true;
        let allowance = self.allowance(slot);
        let result = {
            let _active = self.meter.start(allowance);
            run(self)
        };
        let spent = self.meter.allocated();
        self.allocated[slot] += spent;
        self.operation_allocated += spent;
        match self.meter.tripped() {
            Some((limit, place)) => Err(mlua::Error::runtime(format!(
                "{place}{}",
                trips::limit_message(limit, self.meter.budget(), self.meter.time_limit())
            ))),
            None => result,
        }
    }

    /// Readies the card's hooks for the current operation, running its chunk again if
    /// this operation has not used the card yet; then where `hook` is among them (see
    /// [`ScriptHost::hook_function`]), if the card defines it.
    fn function(&mut self, card: CardRef, hook: HookName) -> Result<Option<usize>, mlua::Error> {
        let generation = self.generation;
        let slot = self.slot(card);
        let Some(Some(script)) = self.cards.get(slot) else {
            return Ok(None);
        };
        if let Some(functions) = &script.inert {
            return Ok(find_hook(functions, hook));
        }
        if script
            .instance
            .as_ref()
            .is_none_or(|(g, _)| *g != generation)
        {
            let chunk = script.chunk.clone();
            let hooks = script.hooks;
            let functions = self.metered(slot, |_| {
                let Value::Table(table) = chunk.call::<Value>(())? else {
                    return Err(mlua::Error::runtime(
                        "the script no longer returns a table of hooks",
                    ));
                };
                hooks
                    .iter()
                    .map(|name| Ok((name, table.raw_get::<Function>(name.lua_name())?)))
                    .collect::<mlua::Result<Vec<_>>>()
            })?;
            if let Some(Some(script)) = self.cards.get_mut(slot) {
                script.instance = Some((generation, functions));
            }
        }
        let Some(Some(script)) = self.cards.get(slot) else {
            return Ok(None);
        };
        let functions = &script.instance.as_ref().expect("made above").1;
        Ok(find_hook(functions, hook))
    }

    /// The hook function at `index` (from [`ScriptHost::function`]) of the card in `slot`,
    /// borrowed: a clone of a Lua reference costs a slot in mlua's reference thread.
    fn hook_function(&self, slot: usize, index: usize) -> &Function {
        let Some(Some(script)) = self.cards.get(slot) else {
            unreachable!("`function` found the card's script");
        };
        let functions = match (&script.inert, &script.instance) {
            (Some(functions), _) | (None, Some((_, functions))) => functions,
            (None, None) => unreachable!("`function` made the instance"),
        };
        &functions[index].1
    }

    /// The error for `card`'s `hook`. Whatever any script saw or kept in this operation
    /// is dropped with it: a failed call leaves nothing for a later one to find.
    fn fail(&mut self, card: CardRef, hook: HookName, error: &mlua::Error) -> HookError {
        self.drop_instances();
        let info = card.info(&self.catalog);
        let pack = &self.catalog.pack_of(info.pack).id;
        let (path, chunk_name) = match self.cards.get(self.slot(card)) {
            Some(Some(s)) => (s.path.as_str(), s.chunk_name.as_str()),
            _ => ("", ""),
        };
        errors::hook_error(pack, &info.id, hook, path, chunk_name, error)
    }

    /// The hook run natively, if the card's script is one call to a prelude helper and
    /// nothing unusual happened (else `None`: the Lua hook runs).
    fn call_native(&mut self, state: &mut GameState, call: &HookCall<'_>) -> Option<HookOutcome> {
        let slot = self.slot(call.card);
        let Some(Some(CardScript {
            native: Some(helper),
            ..
        })) = self.cards.get(slot)
        else {
            return None;
        };
        let allowance = self.allowance(slot);
        self.meter.start_host(allowance);
        let mut f = self.frame.borrow_mut();
        f.lend(state, call.card, call.hook, call.answers);
        let value = helper.run(
            &mut f,
            &self.catalog,
            &self.regular_species,
            &self.remembered,
            call.hook,
            call.damage,
        );
        f.end_loan();
        let value = value?;
        let spent = self.meter.allocated();
        let outcome = match f.question.take() {
            Some(question) => HookOutcome::Asked(question),
            None => HookOutcome::Done {
                // Drained: the frame keeps its list's storage for the next call.
                effects: f.effects.drain(..).collect(),
                value,
            },
        };
        drop(f);
        self.allocated[slot] += spent;
        self.operation_allocated += spent;
        self.counted = true;
        Some(outcome)
    }

    fn drop_instances(&mut self) {
        self.generation += 1;
        for script in self.cards.iter_mut().flatten() {
            script.instance = None;
        }
    }
}

fn find_hook(functions: &[(HookName, Function)], hook: HookName) -> Option<usize> {
    functions.iter().position(|(h, _)| *h == hook)
}

fn table_keys(table: &Table) -> Vec<String> {
    let mut keys: Vec<String> = table
        .pairs::<String, Value>()
        .filter_map(|p| p.ok().map(|(k, _)| k))
        .collect();
    keys.sort();
    keys
}
