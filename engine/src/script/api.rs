//! The `ctx` table hooks receive: reads of the game, effects, and questions.
//! Its functions are created once per Lua state; during a call they reach the game
//! through the shared [`Frame`], which holds the state lent by the engine.
//! Effects are recorded, not applied: the engine applies them when the hook returns.

use crate::action::{Answer, CardRef, Question};
use crate::catalog::Catalog;
use crate::dungeon::Faced;
use crate::effect::{Effect, MemValue};
use crate::hook_name::HookName;
use crate::ids::*;
use crate::state::GameState;
use mlua::{Function, Lua, Table, Value};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

/// What a running hook may see and the effects it has asked for so far.
pub(crate) struct Frame {
    /// The state the engine lends for the call; null between calls.
    state: *mut GameState,
    /// A hook is running (the state is lent); false while a script's chunk runs.
    pub active: bool,
    pub card: CardRef,
    pub hook: HookName,
    pub answers: Vec<Answer>,
    pub asked: usize,
    pub question: Option<Question>,
    pub effects: Vec<Effect>,
    /// The generator as it was before this call first drew from it, to undo the draws
    /// if the call stops on a question or fails.
    pub rng_backup: Option<ChaCha8Rng>,
}

impl Default for Frame {
    fn default() -> Self {
        Frame {
            state: std::ptr::null_mut(),
            active: false,
            card: CardRef::Tile(TileId(0)),
            hook: HookName::AtEnd,
            answers: Vec::new(),
            asked: 0,
            question: None,
            effects: Vec::new(),
            rng_backup: None,
        }
    }
}

impl Frame {
    /// Lends `state` to the `ctx` functions for one hook call; [`Frame::end_loan`] ends it.
    pub fn lend(&mut self, state: &mut GameState) {
        self.state = state;
        self.active = true;
    }

    pub fn end_loan(&mut self) {
        self.state = std::ptr::null_mut();
        self.active = false;
    }

    /// The state lent for the running hook.
    pub fn state(&self) -> mlua::Result<&GameState> {
        // SAFETY: `state` is set by `lend` from the `&mut GameState` that `ScriptHost::call`
        // holds for the whole Lua call, and reset by `end_loan` before that call returns.
        // Lua code runs only inside that call, and the engine does not touch the state
        // while it runs, so the pointer is valid and unaliased whenever it is not null.
        unsafe { self.state.as_ref() }.ok_or_else(|| err("ctx is only available inside hooks"))
    }

    fn state_mut(&mut self) -> mlua::Result<&mut GameState> {
        // SAFETY: as in `state`.
        unsafe { self.state.as_mut() }.ok_or_else(|| err("ctx is only available inside hooks"))
    }
}

pub(crate) type SharedFrame = Rc<RefCell<Frame>>;

/// Given the monster tables' metatable, returns their constructor.
const MAKE_MONSTER: &str = r#"
local meta = ...
return function(id, species, strength, position, defeated, hp_at_reveal)
  return table.freeze(setmetatable({
    id = id, species = species, strength = strength, position = position,
    defeated = defeated, hp_at_reveal = hp_at_reveal,
  }, meta))
end
"#;

/// Monster tables and texts kept past this many are dropped.
const TABLE_CACHE_LIMIT: usize = 4096;

/// What a monster table shows: monster, species, strength, position, defeated, HP at reveal.
type MonsterKey = (MonsterId, Option<SpeciesId>, Option<i32>, u8, bool, i32);

/// Lua strings for every id, made once so hooks get them without allocating.
pub(crate) struct IdStrings {
    pub tiles: Vec<mlua::LuaString>,
    pub monsters: Vec<mlua::LuaString>,
    pub species: Vec<mlua::LuaString>,
    /// Builds monster tables (see [`IdStrings::monster_table`]).
    make_monster: Function,
    monster_tables: RefCell<HashMap<MonsterKey, Table>>,
    texts: RefCell<HashMap<Arc<str>, mlua::LuaString>>,
}

impl IdStrings {
    /// The table hooks see for a monster: id, species, strength, position, defeated, the HP
    /// at its reveal. Read-only, so one hook cannot leave marks on it for another, and so
    /// it can be shared: the same monster state comes back again and again (several hooks
    /// per card, and every branch of an odds search), so tables are kept by content.
    pub fn monster_table(&self, f: &Faced) -> mlua::Result<Table> {
        let key = (
            f.monster,
            f.species,
            f.strength,
            f.position,
            f.is_defeated(),
            f.hp_at_reveal,
        );
        if let Some(t) = self.monster_tables.borrow().get(&key) {
            return Ok(t.clone());
        }
        let table: Table = self.make_monster.call((
            self.monsters[f.monster.ix()].clone(),
            f.species.map(|s| self.species[s.ix()].clone()),
            f.strength,
            f.position,
            f.is_defeated(),
            f.hp_at_reveal,
        ))?;
        let mut cache = self.monster_tables.borrow_mut();
        if cache.len() >= TABLE_CACHE_LIMIT {
            cache.clear();
        }
        cache.insert(key, table.clone());
        Ok(table)
    }

    /// A Lua string for a remembered text, made once (species ids come back on every reveal).
    pub fn text(&self, lua: &Lua, text: &Arc<str>) -> mlua::Result<mlua::LuaString> {
        if let Some(s) = self.texts.borrow().get(text) {
            return Ok(s.clone());
        }
        let s = lua.create_string(text.as_bytes())?;
        let mut cache = self.texts.borrow_mut();
        if cache.len() >= TABLE_CACHE_LIMIT {
            cache.clear();
        }
        cache.insert(text.clone(), s.clone());
        Ok(s)
    }

    pub fn new(lua: &Lua, catalog: &Catalog) -> mlua::Result<IdStrings> {
        Ok(IdStrings {
            tiles: catalog
                .tiles
                .iter()
                .map(|t| lua.create_string(&t.info.id))
                .collect::<mlua::Result<_>>()?,
            monsters: catalog
                .monsters
                .iter()
                .map(|m| lua.create_string(&m.info.id))
                .collect::<mlua::Result<_>>()?,
            species: catalog
                .species
                .iter()
                .map(|s| lua.create_string(&s.id))
                .collect::<mlua::Result<_>>()?,
            make_monster: lua.load(MAKE_MONSTER).set_name("=engine:monster").call(
                super::sandbox::strict_table(
                    lua,
                    "a monster has no field",
                    &["species", "strength"],
                )?,
            )?,
            monster_tables: RefCell::new(HashMap::new()),
            texts: RefCell::new(HashMap::new()),
        })
    }
}

fn err(message: impl Into<String>) -> mlua::Error {
    mlua::Error::runtime(message.into())
}

struct Api {
    frame: SharedFrame,
    catalog: Arc<Catalog>,
    ids: Rc<IdStrings>,
}

impl Api {
    fn effect(&self, name: &str, effect: Effect) -> mlua::Result<()> {
        let mut f = self.frame.borrow_mut();
        if f.question.is_some() {
            // Waiting on a question: this run's effects will be discarded.
            return Ok(());
        }
        if !effect.allowed_in(f.hook) {
            return Err(err(format!(
                "ctx.{name}() cannot be used in `{}` hooks",
                f.hook
            )));
        }
        f.effects.push(effect);
        Ok(())
    }

    fn tile_arg(&self, id: &str) -> mlua::Result<TileId> {
        self.catalog
            .find_tile(id)
            .ok_or_else(|| err(format!("unknown equipment id `{id}`")))
    }

    fn species_arg(&self, id: &str) -> mlua::Result<SpeciesId> {
        self.catalog
            .find_species(id)
            .ok_or_else(|| err(format!("unknown species id `{id}`")))
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

    /// The answer to the next question this hook asks: a recorded one, the only option,
    /// or a stop (the engine will ask and run the hook again).
    fn ask(
        &self,
        seat: Option<Seat>,
        prompt: String,
        options: Vec<Answer>,
    ) -> mlua::Result<Answer> {
        let mut f = self.frame.borrow_mut();
        if !f.hook.may_ask() {
            return Err(err(format!("`{}` hooks may not ask questions", f.hook)));
        }
        let Some(&first) = options.first() else {
            return Err(err("a question needs at least one option"));
        };
        if options.len() == 1 || f.question.is_some() {
            // Only one possible answer: nothing to ask. Or the hook already waits on an
            // earlier question: whatever it does now is discarded.
            return Ok(first);
        }
        let seat = seat.unwrap_or(f.state()?.run.runner);
        if seat >= f.state()?.num_players() {
            return Err(err(format!(
                "seat {seat} is not at the table ({} players)",
                f.state()?.num_players()
            )));
        }
        let index = f.asked;
        f.asked += 1;
        if let Some(&answer) = f.answers.get(index) {
            if options.contains(&answer) {
                return Ok(answer);
            }
            return Err(err(
                "the recorded answer is not among this question's options: hooks must ask the same questions each time they run",
            ));
        }
        f.question = Some(Question {
            seat,
            asker: f.card,
            prompt,
            options,
            aliases: Vec::new(),
        });
        // The hook runs on with a provisional answer (cheaper than stopping it with an
        // error); nothing it does from here on is kept: the engine asks, then runs it again.
        Ok(first)
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
}

/// Builds the `ctx` table. `self` is set by the host before each call.
pub(crate) fn build_ctx(
    lua: &Lua,
    frame: SharedFrame,
    catalog: Arc<Catalog>,
    ids: Rc<IdStrings>,
) -> mlua::Result<Table> {
    let api = Rc::new(Api {
        frame,
        catalog,
        ids,
    });
    let ctx = lua.create_table()?;
    let def = |name: &str, f: Function| ctx.raw_set(name, f);

    // --- reads ---
    let a = api.clone();
    def(
        "hp",
        lua.create_function(move |_, ()| Ok(a.frame.borrow().state()?.run.hp))?,
    )?;
    let a = api.clone();
    def(
        "base_hp",
        lua.create_function(move |_, ()| Ok(a.frame.borrow().state()?.run.base_hp))?,
    )?;
    let a = api.clone();
    def(
        "start_hp",
        lua.create_function(move |_, ()| Ok(a.frame.borrow().state()?.run.start_hp))?,
    )?;
    let a = api.clone();
    def(
        "tiles",
        lua.create_function(move |lua, ()| {
            let f = a.frame.borrow();
            lua.create_sequence_from(f.state()?.tiles.iter().map(|t| a.ids.tiles[t.ix()].clone()))
        })?,
    )?;
    let a = api.clone();
    def(
        "tile_count",
        lua.create_function(move |_, ()| Ok(a.frame.borrow().state()?.tiles.len()))?,
    )?;
    let a = api.clone();
    def(
        "has",
        lua.create_function(move |_, id: String| {
            let tile = a.tile_arg(&id)?;
            Ok(a.frame.borrow().state()?.tiles.contains(&tile))
        })?,
    )?;
    let a = api.clone();
    def(
        "tile_hp",
        lua.create_function(move |_, id: String| Ok(a.catalog.tile(a.tile_arg(&id)?).hp))?,
    )?;
    let a = api.clone();
    def(
        "faced",
        lua.create_function(move |lua, ()| {
            let f = a.frame.borrow();
            // Monsters faced before the one being resolved (all of them once the reveals end).
            let faced: Vec<&Faced> = f.state()?.run.monsters_faced().collect();
            let before = if f.hook.has_monster() && !faced.is_empty() {
                &faced[..faced.len() - 1]
            } else {
                &faced[..]
            };
            lua.create_sequence_from(
                before
                    .iter()
                    .map(|m| a.ids.monster_table(m))
                    .collect::<mlua::Result<Vec<_>>>()?,
            )
        })?,
    )?;
    let a = api.clone();
    def(
        "defeaters",
        lua.create_function(move |lua, ()| {
            let f = a.frame.borrow();
            let current = Api::current(&f)?;
            lua.create_sequence_from(
                current
                    .defeaters
                    .iter()
                    .map(|t| a.ids.tiles[t.ix()].clone()),
            )
        })?,
    )?;
    let a = api.clone();
    def(
        "dungeon_left",
        lua.create_function(move |_, ()| Ok(a.frame.borrow().state()?.dungeon.len()))?,
    )?;
    let a = api.clone();
    def(
        "deck_size",
        lua.create_function(move |_, ()| Ok(a.frame.borrow().state()?.deck.len()))?,
    )?;
    let a = api.clone();
    def(
        "runner",
        lua.create_function(move |_, ()| Ok(a.frame.borrow().state()?.run.runner))?,
    )?;
    let a = api.clone();
    def(
        "players",
        lua.create_function(move |_, ()| Ok(a.frame.borrow().state()?.num_players()))?,
    )?;
    let a = api.clone();
    def(
        "other_seats",
        lua.create_function(move |lua, ()| {
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
            let f = a.frame.borrow();
            Ok(f.state()?
                .players
                .get(f.state()?.run.runner as usize)
                .map_or(0, |p| p.failures))
        })?,
    )?;
    let a = api.clone();
    def(
        "species",
        lua.create_function(move |lua, ()| {
            lua.create_sequence_from(a.ids.species.iter().cloned())
        })?,
    )?;
    let a = api.clone();
    def(
        "species_with_strength",
        lua.create_function(move |_, n: i32| {
            Ok(a.catalog
                .species_with_strength(n)
                .map(|s| a.ids.species[s.ix()].clone()))
        })?,
    )?;
    let a = api.clone();
    def(
        "model",
        lua.create_function(move |_, ()| Ok(a.frame.borrow().state()?.damage_model.id()))?,
    )?;
    let a = api.clone();
    def(
        "recall",
        lua.create_function(move |lua, key: mlua::LuaString| {
            let key = key.to_str()?;
            let key: &str = &key;
            let f = a.frame.borrow();
            // This call's own remember/forget come first, most recent last.
            for e in f.effects.iter().rev() {
                match e {
                    Effect::Remember(k, v) if &**k == key => return mem_to_lua(lua, &a.ids, v),
                    Effect::Forget(k) if &**k == key => return Ok(Value::Nil),
                    _ => {}
                }
            }
            match f.state()?.run.recall(f.card, key) {
                Some(v) => mem_to_lua(lua, &a.ids, v),
                None => Ok(Value::Nil),
            }
        })?,
    )?;
    let a = api.clone();
    def(
        "random",
        lua.create_function(move |_, n: i64| draw(&a.frame, 1, n))?,
    )?;

    // --- effects ---
    let a = api.clone();
    def(
        "defeat",
        lua.create_function(move |_, ()| a.effect("defeat", Effect::Defeat))?,
    )?;
    let a = api.clone();
    def(
        "defeat_next",
        lua.create_function(move |_, ()| a.effect("defeat_next", Effect::SkipNext))?,
    )?;
    let a = api.clone();
    def(
        "set_strength",
        lua.create_function(move |_, n: Option<i32>| {
            a.effect("set_strength", Effect::SetStrength(n))
        })?,
    )?;
    let a = api.clone();
    def(
        "set_species",
        lua.create_function(move |_, id: Option<String>| {
            let species = id.map(|s| a.species_arg(&s)).transpose()?;
            a.effect("set_species", Effect::SetSpecies(species))
        })?,
    )?;
    let a = api.clone();
    def("replace_from_deck", lua.create_function(move |_, ()| {
        if a.frame.borrow().state()?.deck.is_empty() {
            return Err(err("ctx.replace_from_deck(): the monster deck is empty (check ctx.deck_size() first)"));
        }
        a.effect("replace_from_deck", Effect::ReplaceFromDeck)
    })?)?;
    for (name, make) in [
        ("gain_hp", Effect::GainHp as fn(i32) -> Effect),
        ("lose_hp", Effect::LoseHp),
        ("set_hp", Effect::SetHp),
    ] {
        let a = api.clone();
        def(
            name,
            lua.create_function(move |_, n: i32| a.effect(name, make(n)))?,
        )?;
    }
    let a = api.clone();
    def(
        "discard",
        lua.create_function(move |_, id: Option<String>| {
            let tile = match id {
                Some(id) => a.tile_arg(&id)?,
                None => match a.frame.borrow().card {
                    CardRef::Tile(t) => t,
                    CardRef::Monster(_) => {
                        return Err(err(
                            "ctx.discard() needs a tile id when called by a monster",
                        ));
                    }
                },
            };
            a.effect("discard", Effect::DiscardTile(tile))
        })?,
    )?;
    let a = api.clone();
    def(
        "remember",
        lua.create_function(move |_, (key, value): (String, Value)| {
            let key: std::sync::Arc<str> = key.into();
            let value = match value {
                Value::Boolean(b) => MemValue::Bool(b),
                Value::Integer(i) => MemValue::Int(i),
                Value::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => MemValue::Int(n as i64),
                Value::String(s) => MemValue::Text(s.to_str()?.as_ref().into()),
                Value::Nil => return a.effect("forget", Effect::Forget(key)),
                other => {
                    return Err(err(format!(
                        "ctx.remember() keeps booleans, integers and strings, not a {}",
                        other.type_name()
                    )));
                }
            };
            a.effect("remember", Effect::Remember(key, value))
        })?,
    )?;
    let a = api.clone();
    def(
        "forget",
        lua.create_function(move |_, key: String| a.effect("forget", Effect::Forget(key.into())))?,
    )?;
    let a = api.clone();
    def(
        "succeed",
        lua.create_function(move |_, ()| a.effect("succeed", Effect::Succeed))?,
    )?;

    // --- questions ---
    let a = api.clone();
    def(
        "ask_yes_no",
        lua.create_function(move |_, (prompt, seat): (Option<String>, Option<Seat>)| {
            let answer = a.ask(
                seat,
                prompt.unwrap_or_else(|| "use_tile".into()),
                vec![Answer::Yes, Answer::No],
            )?;
            a.answer_value(answer)
        })?,
    )?;
    let a = api.clone();
    def("ask_species", lua.create_function(move |_, (prompt, options, seat): (Option<String>, Option<Vec<String>>, Option<Seat>)| {
        let options = match options {
            Some(ids) => ids.iter().map(|s| a.species_arg(s).map(Answer::Species)).collect::<mlua::Result<Vec<_>>>()?,
            None => a.catalog.species_ids().map(Answer::Species).collect(),
        };
        let answer = a.ask(seat, prompt.unwrap_or_else(|| "name_species".into()), options)?;
        a.answer_value(answer)
    })?)?;
    let a = api.clone();
    def("ask_tile", lua.create_function(move |_, (prompt, options, seat): (Option<String>, Option<Vec<String>>, Option<Seat>)| {
        let options = match options {
            Some(ids) => ids.iter().map(|s| a.tile_arg(s).map(Answer::Tile)).collect::<mlua::Result<Vec<_>>>()?,
            None => a.frame.borrow().state()?.tiles.iter().map(|&t| Answer::Tile(t)).collect(),
        };
        let answer = a.ask(seat, prompt.unwrap_or_else(|| "choose_tile".into()), options)?;
        a.answer_value(answer)
    })?)?;
    let a = api.clone();
    def(
        "ask_seat",
        lua.create_function(
            move |_, (prompt, options, seat): (Option<String>, Vec<Seat>, Option<Seat>)| {
                let players = a.frame.borrow().state()?.num_players();
                if let Some(bad) = options.iter().find(|&&s| s >= players) {
                    return Err(err(format!(
                        "seat {bad} is not at the table ({players} players)"
                    )));
                }
                let answer = a.ask(
                    seat,
                    prompt.unwrap_or_else(|| "choose_player".into()),
                    options.into_iter().map(Answer::Seat).collect(),
                )?;
                a.answer_value(answer)
            },
        )?,
    )?;
    ctx.set_metatable(Some(super::sandbox::strict_table(
        lua,
        "ctx has no function",
        &[],
    )?))?;
    Ok(ctx)
}

fn mem_to_lua(lua: &Lua, ids: &IdStrings, v: &MemValue) -> mlua::Result<Value> {
    Ok(match v {
        MemValue::Bool(b) => Value::Boolean(*b),
        MemValue::Int(i) => Value::Integer(*i),
        MemValue::Text(s) => Value::String(ids.text(lua, s)?),
    })
}

/// A uniform integer in `lo..=hi` from the game's generator.
pub(crate) fn draw(frame: &SharedFrame, lo: i64, hi: i64) -> mlua::Result<i64> {
    if lo > hi {
        return Err(err(format!("random: empty interval [{lo}, {hi}]")));
    }
    let mut f = frame.borrow_mut();
    if !f.active {
        return Err(err("random numbers are only available inside hooks"));
    }
    if f.rng_backup.is_none() {
        let rng = f.state()?.rng.clone();
        f.rng_backup = Some(rng);
    }
    Ok(f.state_mut()?.rng.random_range(lo..=hi))
}

/// A card's own `ctx`: `self` is its id; everything else comes from the shared `ctx`.
pub(crate) fn card_ctx(lua: &Lua, shared: &Table, id: &str) -> mlua::Result<Table> {
    let ctx = lua.create_table()?;
    ctx.raw_set("self", id)?;
    let meta = lua.create_table()?;
    meta.raw_set("__index", shared.clone())?;
    meta.set_readonly(true);
    ctx.set_metatable(Some(meta))?;
    ctx.set_readonly(true);
    Ok(ctx)
}
