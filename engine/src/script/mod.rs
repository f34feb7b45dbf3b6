//! The Lua host: runs card scripts in a sandboxed Luau state, one state per host (and
//! one host per thread). Implements [`HookRunner`] for the dungeon resolver.
//!
//! A call lends the game state to the `ctx` functions through a shared frame, runs the
//! hook, and takes the state back. Hooks answer questions by replay: `ctx.ask_*` returns
//! a recorded answer or stops the hook; the engine asks the player and calls the hook
//! again from the start with one more answer. Nothing a hook does is applied until it
//! finishes, so a stopped or failed call changes nothing.
//!
//! A script is compiled once; its chunk runs again for each engine operation that uses
//! the card, giving fresh closures. Whatever a script keeps in its own locals therefore
//! lives for one operation only, so replaying operations replays the game exactly.

mod api;
mod errors;
mod load;
mod sandbox;

pub use load::check_pack_scripts;

pub use sandbox::{DEFAULT_MEMORY_LIMIT, DEFAULT_STEP_BUDGET};

use crate::action::CardRef;
use crate::catalog::{CardInfo, Catalog, Diagnostic, Diagnostics};
use crate::hooks::{
    HookCall, HookError, HookErrorKind, HookName, HookOutcome, HookRunner, HookSet, HookValue,
};
use crate::state::GameState;
use api::{Frame, IdStrings, SharedFrame};
use mlua::{Function, Lua, Table, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// The engine's helper library, visible to every script as `dungeon`.
pub use crate::version::PRELUDE;

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
    /// The `ctx` this card's hooks receive: its own `self`, then the shared functions.
    ctx: Table,
}

pub struct ScriptHost {
    lua: Lua,
    catalog: Arc<Catalog>,
    frame: SharedFrame,
    limits: sandbox::Limits,
    memory_limit: usize,
    ctx: Table,
    ids: Rc<IdStrings>,
    /// Tiles first, then monsters, by catalog index; `None` for cards without a script.
    cards: Vec<Option<CardScript>>,
    generation: u64,
    /// See [`HookRunner::set_analysis`].
    analysis: bool,
}

impl ScriptHost {
    /// Compiles and loads every script of the catalog. Reports every script that fails to
    /// load or returns something other than a table of known hooks.
    pub fn new(catalog: Arc<Catalog>) -> Result<ScriptHost, Diagnostics> {
        let frame: SharedFrame = Rc::new(RefCell::new(Frame::default()));
        let internal = |e: mlua::Error| {
            Diagnostics(vec![Diagnostic::error(
                "engine/prelude.lua",
                format!("cannot start Lua: {e}"),
            )])
        };
        let (lua, limits) = sandbox::new_state(frame.clone(), PRELUDE).map_err(internal)?;
        let ids = Rc::new(IdStrings::new(&lua, &catalog).map_err(internal)?);
        let ctx =
            api::build_ctx(&lua, frame.clone(), catalog.clone(), ids.clone()).map_err(internal)?;
        let mut host = ScriptHost {
            lua,
            catalog: catalog.clone(),
            frame,
            limits,
            memory_limit: DEFAULT_MEMORY_LIMIT,
            ctx,
            ids,
            cards: Vec::new(),
            generation: 0,
            analysis: false,
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
        if diags.has_errors() {
            return Err(diags);
        }
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
            &self.limits,
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
        Ok(Some(CardScript {
            path: script.path.clone(),
            chunk_name: compiled.chunk_name,
            chunk: compiled.chunk,
            hooks: compiled.hooks,
            instance: None,
            ctx,
        }))
    }

    fn slot(&self, card: CardRef) -> usize {
        match card {
            CardRef::Tile(t) => t.ix(),
            CardRef::Monster(m) => self.catalog.tiles.len() + m.ix(),
        }
    }

    /// Sets the instruction budget of each hook call (for tests of hostile scripts).
    pub fn set_step_budget(&mut self, steps: u64) {
        self.limits.step_budget.set(steps);
    }

    /// Sets the memory limit of the whole Lua state.
    pub fn set_memory_limit(&mut self, bytes: usize) {
        if self.lua.set_memory_limit(bytes).is_ok() {
            self.memory_limit = bytes;
        }
    }

    /// The names in the `ctx` table, sorted (for documentation checks).
    pub fn ctx_names(&self) -> Vec<String> {
        table_keys(&self.ctx)
    }

    /// The names in the `dungeon` helper library, sorted.
    pub fn helper_names(&self) -> Vec<String> {
        self.lua
            .globals()
            .raw_get::<Table>("dungeon")
            .map(|t| table_keys(&t))
            .unwrap_or_default()
    }

    /// Which hooks a card's script defines.
    pub fn hooks_of(&self, card: CardRef) -> HookSet {
        match self.cards.get(self.slot(card)) {
            Some(Some(script)) => script.hooks,
            _ => HookSet::default(),
        }
    }

    /// The card's hook function for the current operation, running its chunk again if
    /// this operation has not used the card yet.
    fn function(&mut self, card: CardRef, hook: HookName) -> Result<Option<Function>, mlua::Error> {
        let generation = self.generation;
        let slot = self.slot(card);
        let Some(Some(script)) = self.cards.get_mut(slot) else {
            return Ok(None);
        };
        if script
            .instance
            .as_ref()
            .is_none_or(|(g, _)| *g != generation)
        {
            script.instance = None;
            self.limits.steps_used.set(0);
            let Value::Table(table) = script.chunk.call::<Value>(())? else {
                return Err(mlua::Error::runtime(
                    "the script no longer returns a table of hooks",
                ));
            };
            let mut functions = Vec::new();
            for name in script.hooks.iter() {
                functions.push((name, table.raw_get::<Function>(name.lua_name())?));
            }
            script.instance = Some((generation, functions));
        }
        let functions = &script.instance.as_ref().expect("made above").1;
        Ok(functions
            .iter()
            .find(|(h, _)| *h == hook)
            .map(|(_, f)| f.clone()))
    }

    fn error(&self, card: CardRef, hook: HookName, error: &mlua::Error) -> HookError {
        let info = card.info(&self.catalog);
        let pack = &self.catalog.pack_of(info.pack).id;
        let (path, chunk_name) = match self.cards.get(self.slot(card)) {
            Some(Some(s)) => (s.path.as_str(), s.chunk_name.as_str()),
            _ => ("", ""),
        };
        errors::hook_error(pack, &info.id, hook, path, chunk_name, error)
    }

    /// After a call: a script that keeps most of the memory to itself fails here, so the
    /// blame falls on it and not on whichever card runs next.
    fn check_memory(&self) -> Result<(), mlua::Error> {
        if self.lua.used_memory() < self.memory_limit / 2 {
            return Ok(());
        }
        let _ = self.lua.gc_collect();
        let _ = self.lua.gc_collect();
        let used = self.lua.used_memory();
        if used < self.memory_limit / 2 {
            return Ok(());
        }
        Err(mlua::Error::MemoryError(format!(
            "the hook keeps {} MiB after returning",
            used >> 20
        )))
    }
}

impl HookRunner for ScriptHost {
    fn set_analysis(&mut self, on: bool) {
        self.analysis = on;
    }

    fn begin(&mut self) {
        if self.analysis {
            return;
        }
        self.generation += 1;
        // Drop the last operation's closures, and whatever they held on to.
        for script in self.cards.iter_mut().flatten() {
            script.instance = None;
        }
        if self.lua.used_memory() >= self.memory_limit / 2 {
            let _ = self.lua.gc_collect();
            let _ = self.lua.gc_collect();
        }
    }

    fn has_hook(&self, card: CardRef, hook: HookName) -> bool {
        self.hooks_of(card).contains(hook)
    }

    fn call(
        &mut self,
        state: &mut GameState,
        call: HookCall<'_>,
    ) -> Result<HookOutcome, HookError> {
        let function = match self.function(call.card, call.hook) {
            Ok(Some(f)) => f,
            Ok(None) => {
                return Ok(HookOutcome::Done {
                    effects: Vec::new(),
                    value: HookValue::Nothing,
                });
            }
            Err(e) => {
                let _ = self.lua.gc_collect();
                return Err(self.error(call.card, call.hook, &e));
            }
        };
        let monster = match state.run.faced.last().filter(|_| call.hook.has_monster()) {
            Some(f) => self.ids.monster_table(f).map(Value::Table),
            None => Ok(Value::Nil),
        };
        let ctx = match self.cards.get(self.slot(call.card)) {
            Some(Some(script)) => script.ctx.clone(),
            _ => self.ctx.clone(),
        };
        {
            let mut f = self.frame.borrow_mut();
            f.lend(state);
            f.card = call.card;
            f.hook = call.hook;
            f.answers.clear();
            f.answers.extend_from_slice(call.answers);
            f.asked = 0;
            f.question = None;
            f.effects.clear();
            f.rng_backup = None;
        }
        self.limits.steps_used.set(0);
        let result = monster
            .and_then(|m| function.call::<Value>((ctx, m, call.damage)))
            .and_then(|v| self.check_memory().map(|()| v));
        let mut f = self.frame.borrow_mut();
        f.end_loan();
        let undo_draws = |state: &mut GameState, f: &mut Frame| {
            if let Some(rng) = f.rng_backup.take() {
                state.rng = rng;
            }
        };
        if let Some(question) = f.question.take() {
            undo_draws(state, &mut f);
            return Ok(HookOutcome::Asked(question));
        }
        let value = match result {
            Err(e) => {
                undo_draws(state, &mut f);
                drop(f);
                let error = self.error(call.card, call.hook, &e);
                if error.kind == HookErrorKind::Memory {
                    let _ = self.lua.gc_collect();
                }
                return Err(error);
            }
            Ok(value) => value,
        };
        let effects = std::mem::take(&mut f.effects);
        drop(f);
        let value = match (call.hook, value) {
            (HookName::Defeats, Value::Boolean(b)) => HookValue::Bool(b),
            (HookName::Defeats, Value::Nil) => HookValue::Bool(false),
            (HookName::BaseDamage | HookName::OnDamage, Value::Nil) => HookValue::Int(call.damage),
            (HookName::BaseDamage | HookName::OnDamage, Value::Integer(n)) => {
                HookValue::Int(n.clamp(-1000, 1000) as i32)
            }
            (HookName::BaseDamage | HookName::OnDamage, Value::Number(n)) if n.fract() == 0.0 => {
                HookValue::Int(n.clamp(-1000.0, 1000.0) as i32)
            }
            (HookName::Defeats | HookName::BaseDamage | HookName::OnDamage, other) => {
                let wanted = if call.hook == HookName::Defeats {
                    "a boolean"
                } else {
                    "an integer"
                };
                let e = mlua::Error::runtime(format!(
                    "`{}` must return {wanted}, not {}",
                    call.hook,
                    errors::a_type(other.type_name())
                ));
                let mut error = self.error(call.card, call.hook, &e);
                // The value has no line of its own: point at the hook's definition.
                error.line = function.info().line_defined.map(|l| l as u32);
                return Err(error);
            }
            _ => HookValue::Nothing,
        };
        Ok(HookOutcome::Done { effects, value })
    }
}

fn table_keys(table: &Table) -> Vec<String> {
    let mut keys: Vec<String> = table
        .pairs::<String, Value>()
        .filter_map(|p| p.ok().map(|(k, _)| k))
        .collect();
    keys.sort();
    keys
}
