//! `ctx`'s effects: what a hook asks the engine to do, recorded in the frame (see
//! `Frame::record`) and applied when the hook returns.

use super::Api;
use crate::action::CardRef;
use crate::args::{ArgText, bounded, memory_key, prompt_key, ranged};
use crate::effect::{Effect, HP_LIMIT, MemValue};
use crate::frame::err;
use mlua::{Function, Lua, LuaString, Table, Value};
use std::rc::Rc;

pub(super) fn define(lua: &Lua, api: &Rc<Api>, ctx: &Table) -> mlua::Result<()> {
    let def = |name: &str, f: Function| ctx.raw_set(name, f);
    let a = api.clone();
    def(
        "defeat",
        lua.create_function(move |_, ()| a.effect("defeat", Effect::Defeat))?,
    )?;
    let a = api.clone();
    def(
        "defeat_next",
        lua.create_function(move |_, prompt: Option<ArgText>| {
            // With a prompt, the runner may decline when the next monster is revealed.
            let ask = match prompt {
                Some(p) => Some(prompt_key(Some(&p), "")?.into()),
                None => None,
            };
            a.effect("defeat_next", Effect::SkipNext(ask))
        })?,
    )?;
    let a = api.clone();
    def(
        "set_strength",
        lua.create_function(move |_, n: Value| {
            let n = match n {
                Value::Nil => None,
                n => Some(ranged("ctx.set_strength", n, 0, HP_LIMIT as i64)? as i32),
            };
            a.effect("set_strength", Effect::SetStrength(n))
        })?,
    )?;
    let a = api.clone();
    def(
        "set_species",
        lua.create_function(move |_, id: Option<ArgText>| {
            let species = id.map(|s| a.species_text(&s)).transpose()?;
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
    for (name, full_name, make) in [
        (
            "gain_hp",
            "ctx.gain_hp",
            Effect::GainHp as fn(i32) -> Effect,
        ),
        ("lose_hp", "ctx.lose_hp", Effect::LoseHp),
        ("set_hp", "ctx.set_hp", Effect::SetHp),
    ] {
        let a = api.clone();
        def(
            name,
            lua.create_function(move |_, n: Value| {
                let limit = HP_LIMIT as i64;
                let n = ranged(full_name, n, -limit, limit)?;
                a.effect(name, make(n as i32))
            })?,
        )?;
    }
    let a = api.clone();
    def(
        "discard",
        lua.create_function(move |_, id: Option<ArgText>| {
            let tile = match id {
                Some(id) => a.tile_text(&id)?,
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
        lua.create_function(move |_, (key, value): (ArgText, Value)| {
            let key = memory_key(&key)?;
            let value = match value {
                Value::Boolean(b) => MemValue::Bool(b),
                Value::Integer(i) => MemValue::Int(i),
                Value::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => MemValue::Int(n as i64),
                Value::String(s) => {
                    let text = bounded(
                        &s,
                        crate::frame::MAX_MEMORY_TEXT,
                        "ctx.remember(): the text",
                    )?;
                    MemValue::Text(text.as_ref().into())
                }
                Value::Nil => return a.effect("forget", Effect::Forget(key)),
                other => {
                    return Err(err(format!(
                        "ctx.remember() keeps booleans, whole numbers and strings, not {}",
                        crate::errors::a_type(other.type_name())
                    )));
                }
            };
            a.effect("remember", Effect::Remember(key, value))
        })?,
    )?;
    let a = api.clone();
    def(
        "forget",
        lua.create_function(move |_, key: ArgText| {
            a.effect("forget", Effect::Forget(memory_key(&key)?))
        })?,
    )?;
    let a = api.clone();
    def(
        "succeed",
        lua.create_function(move |_, ()| a.effect("succeed", Effect::Succeed))?,
    )?;
    let a = api.clone();
    def(
        "log",
        lua.create_function(move |_, (key, args): (LuaString, Option<Table>)| {
            let card = {
                let mut f = a.frame.borrow_mut();
                // A dungeon's log is bounded: lines logged so far are outside the key too.
                f.note_unkeyed();
                f.card
            };
            a.effect("log", crate::log::line(&a.catalog, card, &key, args)?)
        })?,
    )?;
    Ok(())
}
