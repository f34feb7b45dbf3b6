//! The `ctx` table hooks receive: reads of the game (here), effects (`effects.rs`) and
//! questions (`questions.rs`).
//! Its functions are created once per Lua state; during a call they reach the game
//! through the shared [`Frame`], which holds the state lent by the engine.
//! Effects are recorded, not applied: the engine applies them when the hook returns.

use super::frame::{Frame, SharedFrame, err};
use super::meter::Meter;
use super::raw::sequence;
use super::tables::IdStrings;
use crate::action::Answer;
use crate::catalog::{Catalog, DamageModel};
use crate::dungeon::Faced;
use crate::effect::{Effect, HP_LIMIT, MemValue};
use crate::ids::*;
use crate::state::GameState;
use mlua::{Function, Lua, LuaString, Table, Value, Variadic};
use smallvec::SmallVec;
use std::rc::Rc;
use std::sync::Arc;

use super::args::{ArgText, MAX_ID, MAX_OPTIONS, bounded, bounded_text, ranged, shown};
pub(crate) use super::frame::draw;

mod effects;
mod fast;
mod questions;

pub(crate) struct Api {
    pub frame: SharedFrame,
    pub catalog: Arc<Catalog>,
    pub ids: Rc<IdStrings>,
    meter: Rc<Meter>,
}

impl Api {
    fn effect(&self, name: &str, effect: Effect) -> mlua::Result<()> {
        self.frame.borrow_mut().record(name, effect)
    }

    fn tile_arg(&self, id: &LuaString) -> mlua::Result<TileId> {
        if let Some(tile) = self.ids.tile_at(id) {
            return Ok(tile);
        }
        let text = bounded(id, MAX_ID, "the equipment id")?;
        self.catalog
            .find_tile(&text)
            .ok_or_else(|| err(format!("unknown equipment id `{}`", shown(&id.as_bytes()))))
    }

    fn species_arg(&self, id: &LuaString) -> mlua::Result<SpeciesId> {
        if let Some(species) = self.ids.species_at(id) {
            return Ok(species);
        }
        let text = bounded(id, MAX_ID, "the species id")?;
        self.catalog
            .find_species(&text)
            .ok_or_else(|| err(format!("unknown species id `{}`", shown(&id.as_bytes()))))
    }

    /// [`Api::tile_arg`] of a `ctx` argument.
    fn tile_text(&self, id: &ArgText) -> mlua::Result<TileId> {
        if let Some(tile) = self.ids.tile_at_address(id.address) {
            return Ok(tile);
        }
        let text = bounded_text(id, MAX_ID, "the equipment id")?;
        self.catalog
            .find_tile(text)
            .ok_or_else(|| err(format!("unknown equipment id `{}`", shown(id.bytes()))))
    }

    /// [`Api::species_arg`] of a `ctx` argument.
    fn species_text(&self, id: &ArgText) -> mlua::Result<SpeciesId> {
        if let Some(species) = self.ids.species_at_address(id.address) {
            return Ok(species);
        }
        let text = bounded_text(id, MAX_ID, "the species id")?;
        self.catalog
            .find_species(text)
            .ok_or_else(|| err(format!("unknown species id `{}`", shown(id.bytes()))))
    }

    /// A seat at the table.
    fn seat_arg(&self, name: &str, seat: Value) -> mlua::Result<Seat> {
        let players = self.frame.borrow().state()?.num_players() as i64;
        if players == 0 {
            return Err(err(format!("{name}: there is no player at the table")));
        }
        Ok(ranged(name, seat, 0, players - 1)? as Seat)
    }

    /// The options a script lists, read without copying more than [`MAX_OPTIONS`].
    fn options<T: PartialEq>(
        &self,
        name: &str,
        list: Table,
        read: impl Fn(Value) -> mlua::Result<T>,
    ) -> mlua::Result<Vec<T>> {
        let n = list.raw_len();
        if n > MAX_OPTIONS {
            return Err(err(format!(
                "{name}: a question may have at most {MAX_OPTIONS} options, not {n}"
            )));
        }
        let mut options = Vec::with_capacity(n);
        for i in 1..=n {
            let option = read(list.raw_get(i)?)?;
            if options.contains(&option) {
                return Err(err(format!(
                    "{name}: option {i} repeats an earlier one: list each answer once"
                )));
            }
            options.push(option);
        }
        Ok(options)
    }

    /// The options a script lists when each is the very string of a known id (see
    /// `IdStrings`) and none repeats, read in one pass; `None` otherwise, for
    /// [`Api::options`] to read them one by one and say what is wrong.
    fn known_options<T: PartialEq>(
        lua: &Lua,
        list: &Table,
        find: impl Fn(usize) -> Option<T>,
    ) -> mlua::Result<Option<Vec<T>>> {
        let n = list.raw_len();
        if n > MAX_OPTIONS {
            return Ok(None);
        }
        let Some(addresses) = super::raw::string_addresses(lua, list, n)? else {
            return Ok(None);
        };
        let mut options = Vec::with_capacity(n);
        for address in addresses {
            match find(address) {
                Some(option) if !options.contains(&option) => options.push(option),
                _ => return Ok(None),
            }
        }
        Ok(Some(options))
    }

    fn current(f: &Frame) -> mlua::Result<&Faced> {
        if !f.hook.has_monster() {
            return Err(err(format!(
                "there is no monster being resolved in `{}` hooks",
                f.hook
            )));
        }
        f.state()?
            .run
            .faced
            .last()
            .ok_or_else(|| err("no monster is being resolved"))
    }

    /// The answer to the next question this hook asks (see [`Frame::ask`]), of the seat
    /// the script's `seat` argument names (`seat_name` in its errors) or of the runner,
    /// as the Lua value the script receives.
    fn ask(
        &self,
        seat_name: &str,
        seat: Value,
        prompt: &str,
        options: &[Answer],
    ) -> mlua::Result<Value> {
        let seat = self.optional_seat(seat_name, seat)?;
        let answer = self.frame.borrow_mut().ask(seat, prompt, options)?;
        self.answer_value(answer)
    }

    /// The ids of these tiles, in order, as a Lua list.
    fn tile_ids(&self, lua: &Lua, tiles: &[TileId]) -> mlua::Result<Table> {
        sequence(
            lua,
            tiles
                .iter()
                .map(|t| self.ids.tiles[t.ix()].clone())
                .collect(),
        )
    }

    fn answer_value(&self, answer: Answer) -> mlua::Result<Value> {
        Ok(match answer {
            Answer::Yes => Value::Boolean(true),
            Answer::No => Value::Boolean(false),
            Answer::Species(s) => Value::String(self.ids.species[s.ix()].clone()),
            Answer::Tile(t) => Value::String(self.ids.tiles[t.ix()].clone()),
            Answer::Seat(s) => Value::Integer(s as i64),
        })
    }

    fn optional_seat(&self, name: &str, seat: Value) -> mlua::Result<Option<Seat>> {
        match seat {
            Value::Nil => Ok(None),
            other => self.seat_arg(name, other).map(Some),
        }
    }
}

/// A `ctx` function returning a writable copy of a frozen list, the script's own: a Lua
/// function handing the list to Luau's own table copy (from Rust, the copy needs a
/// protected call of its own, several times the cost; the sandbox's `table.clone` reads
/// the list entry by entry to meter it).
fn fresh_copier(lua: &Lua, template: &Table) -> mlua::Result<Function> {
    /// Copies the table at index 1 (the closure below passes only its template).
    unsafe extern "C-unwind" fn clone_list(
        state: *mut mlua::ffi::lua_State,
    ) -> std::os::raw::c_int {
        // SAFETY: a Lua C function; nothing here needs dropping if the copy raises (out
        // of memory), and the type is checked before copying.
        unsafe {
            if mlua::ffi::lua_type(state, 1) != mlua::ffi::LUA_TTABLE {
                return 0;
            }
            mlua::ffi::lua_clonetable(state, 1);
        }
        1
    }
    // SAFETY: `clone_list` is a Lua C function as above.
    let clone = unsafe { lua.create_c_function(clone_list)? };
    lua.load("local clone, list = ...\nreturn function() return clone(list) end")
        .set_name("=ctx")
        .call((clone, template))
}

/// How one of the [`NUMBER_READS`] reads the lent state.
pub(crate) type NumberRead = fn(&GameState) -> i64;

/// The `ctx` reads that are one number of the lent state. Their callbacks below and their
/// quick paths (`fast.rs`) both read through these functions.
pub(crate) const NUMBER_READS: [(&str, NumberRead); 6] = [
    ("hp", |s| s.run.hp.into()),
    ("base_hp", |s| s.run.base_hp.into()),
    ("tile_count", |s| s.tiles.len() as i64),
    ("dungeon_left", |s| s.dungeon.len() as i64),
    ("deck_size", |s| s.deck.len() as i64),
    ("players", |s| s.num_players().into()),
];

/// Builds the shared `ctx` table (read-only, its metatable locked). A card's own `ctx`
/// adds `self` (see [`card_ctx`]).
pub(crate) fn build_ctx(
    lua: &Lua,
    frame: SharedFrame,
    catalog: Arc<Catalog>,
    ids: Rc<IdStrings>,
    meter: Rc<Meter>,
) -> mlua::Result<Table> {
    let api = Rc::new(Api {
        frame,
        catalog,
        ids,
        meter,
    });
    let ctx = lua.create_table()?;
    let def = |name: &str, f: Function| ctx.raw_set(name, f);

    // --- reads ---
    for (name, read) in NUMBER_READS {
        let a = api.clone();
        def(
            name,
            lua.create_function(move |_, ()| Ok(read(a.frame.borrow().state()?)))?,
        )?;
    }
    let a = api.clone();
    def(
        "start_hp",
        lua.create_function(move |_, ()| {
            let mut f = a.frame.borrow_mut();
            f.note_unkeyed();
            Ok(f.state()?.run.start_hp)
        })?,
    )?;
    let a = api.clone();
    def(
        "tiles",
        lua.create_function(move |lua, ()| a.tile_ids(lua, &a.frame.borrow().state()?.tiles))?,
    )?;
    let a = api.clone();
    def(
        "has",
        lua.create_function(move |_, id: ArgText| {
            let tile = a.tile_text(&id)?;
            Ok(a.frame.borrow().state()?.tiles.contains(&tile))
        })?,
    )?;
    let a = api.clone();
    def(
        "tile_hp",
        lua.create_function(move |_, id: ArgText| Ok(a.catalog.tile(a.tile_text(&id)?).hp))?,
    )?;
    let a = api.clone();
    def(
        "faced",
        lua.create_function(move |lua, ()| {
            // Their order and whole cards: more than an odds situation's key holds.
            a.frame.borrow_mut().note_unkeyed();
            let f = a.frame.borrow();
            let tables: SmallVec<[Rc<Table>; 16]> = (f.faced_before()?.into_iter())
                .map(|m| a.ids.monster_table(lua, m))
                .collect::<mlua::Result<_>>()?;
            // By reference: the cached tables are pushed as they are, not copied first.
            sequence(
                lua,
                tables.iter().map(|t| &**t).collect::<Variadic<&Table>>(),
            )
        })?,
    )?;
    let a = api.clone();
    def(
        "defeaters",
        lua.create_function(move |lua, ()| {
            a.tile_ids(lua, &Api::current(&a.frame.borrow())?.defeaters)
        })?,
    )?;
    let a = api.clone();
    def(
        "runner",
        lua.create_function(move |_, ()| {
            // Seats are not in an odds situation's key (who answers is, relative to the runner).
            let mut f = a.frame.borrow_mut();
            f.note_unkeyed();
            Ok(f.state()?.run.runner)
        })?,
    )?;
    let a = api.clone();
    def(
        "other_seats",
        lua.create_function(move |lua, ()| {
            a.frame.borrow_mut().note_unkeyed();
            let f = a.frame.borrow();
            let runner = f.state()?.run.runner;
            lua.create_sequence_from((0..f.state()?.num_players()).filter(|&s| s != runner))
        })?,
    )?;
    let a = api.clone();
    def(
        "successes",
        lua.create_function(move |_, ()| {
            let f = a.frame.borrow();
            Ok(f.state()?
                .players
                .get(f.state()?.run.runner as usize)
                .map_or(0, |p| p.successes))
        })?,
    )?;
    let a = api.clone();
    def(
        "failures",
        lua.create_function(move |_, ()| {
            a.frame.borrow_mut().note_unkeyed();
            let f = a.frame.borrow();
            Ok(f.state()?
                .players
                .get(f.state()?.run.runner as usize)
                .map_or(0, |p| p.failures))
        })?,
    )?;
    def("species", fresh_copier(lua, &api.ids.species_list)?)?;
    def(
        "regular_species",
        fresh_copier(lua, &api.ids.regular_species_list)?,
    )?;
    let a = api.clone();
    def(
        "ruling",
        lua.create_function(move |_, id: ArgText| {
            let index = match a.ids.ruling_at_address(id.address) {
                Some(index) => Some(index),
                None => a.catalog.ruling_index(bounded_text(
                    &id,
                    MAX_ID,
                    "ctx.ruling(): the ruling id",
                )?),
            };
            let Some(index) = index else {
                let known: Vec<&str> = a.catalog.rulings.iter().map(|r| r.id.as_str()).collect();
                return Err(err(format!(
                    "ctx.ruling(): no pack in play declares a ruling `{}` (declared: {})",
                    shown(id.bytes()),
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )));
            };
            let f = a.frame.borrow();
            let choice = f
                .state()?
                .options
                .ruling_choice(&a.catalog, index)
                .ok_or_else(|| {
                    err(format!(
                        "ctx.ruling(): the game's choice for `{}` is not one of its choices",
                        a.catalog.rulings[index].id
                    ))
                })?;
            Ok(a.ids.rulings[index][choice].clone())
        })?,
    )?;
    let a = api.clone();
    def(
        "species_with_strength",
        lua.create_function(move |_, n: Value| {
            let n = ranged(
                "ctx.species_with_strength",
                n,
                -(HP_LIMIT as i64),
                HP_LIMIT as i64,
            )?;
            Ok(a.catalog
                .species_with_strength(n as i32)
                .map(|s| a.ids.species[s.ix()].clone()))
        })?,
    )?;
    let a = api.clone();
    // The ids made once (`IdStrings`): a `&str` returned makes a new Lua string every call.
    let [end_total, running] = api.ids.model_strings.clone();
    def(
        "model",
        lua.create_function(move |_, ()| {
            Ok(match a.frame.borrow().state()?.damage_model {
                DamageModel::EndTotal => end_total.clone(),
                DamageModel::Running => running.clone(),
            })
        })?,
    )?;
    let a = api.clone();
    def(
        "recall",
        lua.create_function(move |lua, key: ArgText| {
            let key = bounded_text(&key, super::frame::MAX_MEMORY_KEY, "ctx.recall(): the key")?;
            let f = a.frame.borrow();
            // Looking through the run's memory costs a step per 16 entries.
            let entries = f.state()?.run.memory.len() as u64;
            if a.meter.charge(entries / 16).is_err() {
                drop(f);
                return Err(super::trips::limit_error(lua, super::meter::Limit::Steps));
            }
            match f.recall(key)? {
                Some(v) => mem_to_lua(lua, &a.ids, v),
                None => Ok(Value::Nil),
            }
        })?,
    )?;
    let a = api.clone();
    def(
        "random",
        lua.create_function(move |_, n: Value| {
            let n = ranged("ctx.random", n, 1, i32::MAX as i64)?;
            draw(&a.frame, 1, n)
        })?,
    )?;

    effects::define(lua, &api, &ctx)?;
    questions::define(lua, &api, &ctx)?;
    // The most called ones answer ordinary calls without mlua's callback machinery.
    for (name, quick) in fast::QUICK {
        let slow: Function = ctx.raw_get(name)?;
        ctx.raw_set(name, fast::wrap(lua, &api, slow, quick)?)?;
    }
    lock(
        lua,
        &ctx,
        super::sandbox::strict_table(lua, "ctx has no function", &[])?,
    )?;
    Ok(ctx)
}

fn mem_to_lua(lua: &Lua, ids: &IdStrings, v: &MemValue) -> mlua::Result<Value> {
    Ok(match v {
        MemValue::Bool(b) => Value::Boolean(*b),
        MemValue::Int(i) => Value::Integer(*i),
        MemValue::Text(s) => Value::String(ids.text(lua, s)?),
    })
}

/// Makes `table` read-only with `meta` (read-only, locked) as its metatable.
fn lock(_lua: &Lua, table: &Table, meta: Table) -> mlua::Result<()> {
    table.set_metatable(Some(meta))?;
    table.set_readonly(true);
    Ok(())
}

/// A card's own `ctx`: `self` is its id, and every function of the shared `ctx` held
/// directly (a field found in the table itself is read on the interpreter's fast path;
/// one behind `__index` costs a metatable lookup at every `ctx.` in a hook). Read-only,
/// with the shared `ctx`'s locked metatable, so a misspelt name is still an error.
pub(crate) fn card_ctx(lua: &Lua, shared: &Table, id: &str) -> mlua::Result<Table> {
    let ctx = lua.create_table()?;
    for pair in shared.pairs::<Value, Value>() {
        let (name, function) = pair?;
        ctx.raw_set(name, function)?;
    }
    ctx.raw_set("self", id)?;
    let meta = shared
        .metatable()
        .ok_or_else(|| mlua::Error::runtime("the shared ctx has no metatable"))?;
    lock(lua, &ctx, meta).map(|()| ctx)
}
