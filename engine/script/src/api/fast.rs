//! Quick paths for the `ctx` reads hooks call most: Lua C functions that answer the
//! ordinary call straight from the lent state, and hand any other call, untouched, to the
//! mlua callback they wrap, so every coercion, error and message stays that callback's.
//!
//! An mlua callback pays on every call for its error wrapper, its argument conversions
//! (a reference per string) and its return value's: most of what a short read costs.
//! A quick path takes only what needs none of that (a string argument already short and
//! valid; a value it pushes from the registry, where the host keeps its strings) and never
//! has an effect before it is sure to finish, so handing over cannot run anything twice.

use super::{Api, NUMBER_READS};
use crate::action::{Answer, CardRef};
use crate::args::{MAX_OPTIONS, MAX_PROMPT, is_lowercase_key};
use crate::effect::{Effect, HP_LIMIT, MemValue};
use crate::frame::MAX_MEMORY_KEY;
use crate::tables::IdStrings;
use mlua::{Function, Lua, ffi};
use smallvec::SmallVec;
use std::os::raw::c_int;

/// A quick path: `Some(n)` when it pushed its `n` results, `None` to hand over.
type Quick = unsafe fn(&Api, *mut ffi::lua_State) -> Option<c_int>;

/// The `ctx` functions with a quick path.
pub(crate) const QUICK: [(&str, Quick); 19] = [
    ("recall", recall),
    (NUMBER_READS[0].0, number::<0>),
    (NUMBER_READS[1].0, number::<1>),
    (NUMBER_READS[2].0, number::<2>),
    (NUMBER_READS[3].0, number::<3>),
    (NUMBER_READS[4].0, number::<4>),
    (NUMBER_READS[5].0, number::<5>),
    ("model", model),
    ("ruling", ruling),
    ("defeat", defeat),
    ("succeed", succeed),
    ("defeat_next", defeat_next),
    ("replace_from_deck", replace_from_deck),
    ("discard", discard),
    ("gain_hp", gain_hp),
    ("lose_hp", lose_hp),
    ("set_hp", set_hp),
    ("ask_yes_no", ask_yes_no),
    ("ask_species", ask_species),
];

/// `slow` (an mlua callback of `api`'s) with `quick` in front.
pub(crate) fn wrap(lua: &Lua, api: &Api, slow: Function, quick: Quick) -> mlua::Result<Function> {
    // SAFETY: the closure's upvalues are the `Api` (a light pointer: `slow` owns an `Rc`
    // of it, and `slow` is the closure's other upvalue, so the `Api` lives as long as the
    // closure) and `slow` itself; `quick` is a plain function pointer.
    unsafe {
        lua.exec_raw((slow,), |state| {
            ffi::lua_pushlightuserdata(state, api as *const Api as *mut _);
            ffi::lua_pushlightuserdata(state, quick as *mut _);
            ffi::lua_pushvalue(state, -3);
            ffi::lua_pushcclosure(state, quick_or_slow, 3);
            ffi::lua_replace(state, 1);
            ffi::lua_settop(state, 1);
        })
    }
}

/// The C function behind every wrapped read.
unsafe extern "C-unwind" fn quick_or_slow(state: *mut ffi::lua_State) -> c_int {
    // SAFETY: the upvalues are as `wrap` made them; a quick path returns before anything
    // is left to drop, and the slow call below may raise through this frame, which holds
    // nothing that needs dropping.
    unsafe {
        let api = &*(ffi::lua_tolightuserdata(state, ffi::lua_upvalueindex(1)) as *const Api);
        let quick: Quick =
            std::mem::transmute(ffi::lua_tolightuserdata(state, ffi::lua_upvalueindex(2)));
        let on = api.frame.try_borrow().is_ok_and(|f| f.quick_ctx);
        if on && let Some(results) = quick(api, state) {
            return results;
        }
        let args = ffi::lua_gettop(state);
        ffi::lua_pushvalue(state, ffi::lua_upvalueindex(3));
        ffi::lua_insert(state, 1);
        ffi::lua_call(state, args, ffi::LUA_MULTRET);
        ffi::lua_gettop(state)
    }
}

/// The string argument at `idx` when it is one (not a number) of at most `max` bytes of
/// valid UTF-8, with its address.
unsafe fn short_text<'a>(
    state: *mut ffi::lua_State,
    idx: c_int,
    max: usize,
) -> Option<(&'a str, usize)> {
    unsafe {
        if ffi::lua_type(state, idx) != ffi::LUA_TSTRING {
            return None;
        }
        let mut len = 0usize;
        let text = ffi::lua_tolstring(state, idx, &mut len) as *const u8;
        if len > max {
            return None;
        }
        let bytes = std::slice::from_raw_parts(text, len);
        Some((std::str::from_utf8(bytes).ok()?, text as usize))
    }
}

/// `ctx.recall(key)`.
pub(crate) unsafe fn recall(api: &Api, state: *mut ffi::lua_State) -> Option<c_int> {
    unsafe {
        let (key, _) = short_text(state, 1, MAX_MEMORY_KEY)?;
        let f = api.frame.try_borrow().ok()?;
        // The slow path charges a step per 16 entries of memory.
        if f.state().ok()?.run.memory.len() >= 16 {
            return None;
        }
        match f.recall(key).ok()? {
            None => ffi::lua_pushnil(state),
            Some(MemValue::Bool(b)) => ffi::lua_pushboolean(state, *b as c_int),
            Some(MemValue::Int(i)) => ffi::lua_pushinteger(state, *i as _),
            Some(MemValue::Text(t)) => IdStrings::push(state, api.ids.text_ref(t)?),
        }
        Some(1)
    }
}

/// The read of [`NUMBER_READS`] at index `I`.
unsafe fn number<const I: usize>(api: &Api, state: *mut ffi::lua_State) -> Option<c_int> {
    let f = api.frame.try_borrow().ok()?;
    let n = (NUMBER_READS[I].1)(f.state().ok()?);
    unsafe { ffi::lua_pushinteger(state, n as _) };
    Some(1)
}

/// `ctx.model()`.
pub(crate) unsafe fn model(api: &Api, state: *mut ffi::lua_State) -> Option<c_int> {
    let f = api.frame.try_borrow().ok()?;
    let model = f.state().ok()?.damage_model;
    unsafe { IdStrings::push(state, api.ids.model_ref(model)) };
    Some(1)
}

/// `ctx.ruling(id)` for the id of a ruling in play (by its interned address).
pub(crate) unsafe fn ruling(api: &Api, state: *mut ffi::lua_State) -> Option<c_int> {
    unsafe {
        let (_, address) = short_text(state, 1, crate::args::MAX_ID)?;
        let index = api.ids.ruling_at_address(address)?;
        let f = api.frame.try_borrow().ok()?;
        let choice = f.state().ok()?.options.ruling_choice(&api.catalog, index)?;
        IdStrings::push(state, api.ids.choice_ref(index, choice)?);
        Some(1)
    }
}

/// Is the argument at `idx` absent or nil?
unsafe fn absent(state: *mut ffi::lua_State, idx: c_int) -> bool {
    unsafe { matches!(ffi::lua_type(state, idx), ffi::LUA_TNONE | ffi::LUA_TNIL) }
}

/// Records an effect the call takes no argument for (extra arguments are ignored, as by
/// the callback).
unsafe fn effect(api: &Api, name: &str, effect: Effect) -> Option<c_int> {
    let mut f = api.frame.try_borrow_mut().ok()?;
    f.record_if_sure(name, effect).then_some(0)
}

pub(crate) unsafe fn defeat(api: &Api, _: *mut ffi::lua_State) -> Option<c_int> {
    unsafe { effect(api, "defeat", Effect::Defeat) }
}

pub(crate) unsafe fn succeed(api: &Api, _: *mut ffi::lua_State) -> Option<c_int> {
    unsafe { effect(api, "succeed", Effect::Succeed) }
}

/// `ctx.defeat_next()` without a prompt.
pub(crate) unsafe fn defeat_next(api: &Api, state: *mut ffi::lua_State) -> Option<c_int> {
    unsafe {
        if !absent(state, 1) {
            return None;
        }
        effect(api, "defeat_next", Effect::SkipNext(None))
    }
}

/// `ctx.replace_from_deck()` with cards in the deck.
pub(crate) unsafe fn replace_from_deck(api: &Api, _: *mut ffi::lua_State) -> Option<c_int> {
    if api.frame.try_borrow().ok()?.state().ok()?.deck.is_empty() {
        return None;
    }
    unsafe { effect(api, "replace_from_deck", Effect::ReplaceFromDeck) }
}

/// `ctx.discard()` of the calling tile.
pub(crate) unsafe fn discard(api: &Api, state: *mut ffi::lua_State) -> Option<c_int> {
    unsafe {
        if !absent(state, 1) {
            return None;
        }
        let CardRef::Tile(tile) = api.frame.try_borrow().ok()?.card else {
            return None;
        };
        effect(api, "discard", Effect::DiscardTile(tile))
    }
}

/// The HP argument of `ctx.gain_hp`, `lose_hp` and `set_hp` when it is a whole number
/// within the limit (what `args::ranged` accepts).
unsafe fn hp_arg(state: *mut ffi::lua_State) -> Option<i32> {
    unsafe {
        if ffi::lua_type(state, 1) != ffi::LUA_TNUMBER {
            return None;
        }
        let n = ffi::lua_tonumber(state, 1);
        (n.fract() == 0.0 && n.abs() <= HP_LIMIT as f64).then_some(n as i32)
    }
}

pub(crate) unsafe fn gain_hp(api: &Api, state: *mut ffi::lua_State) -> Option<c_int> {
    unsafe { effect(api, "gain_hp", Effect::GainHp(hp_arg(state)?)) }
}

pub(crate) unsafe fn lose_hp(api: &Api, state: *mut ffi::lua_State) -> Option<c_int> {
    unsafe { effect(api, "lose_hp", Effect::LoseHp(hp_arg(state)?)) }
}

pub(crate) unsafe fn set_hp(api: &Api, state: *mut ffi::lua_State) -> Option<c_int> {
    unsafe { effect(api, "set_hp", Effect::SetHp(hp_arg(state)?)) }
}

/// The prompt argument at 1: absent (the default) or a well-formed message key.
unsafe fn prompt<'a>(state: *mut ffi::lua_State, default: &'static str) -> Option<&'a str> {
    unsafe {
        if absent(state, 1) {
            return Some(default);
        }
        let (key, _) = short_text(state, 1, MAX_PROMPT)?;
        is_lowercase_key(key.as_bytes(), MAX_PROMPT).then_some(key)
    }
}

/// Asks the runner, when that gives an answer rather than an error.
fn ask(api: &Api, prompt: &str, options: &[Answer]) -> Option<Answer> {
    let mut f = api.frame.try_borrow_mut().ok()?;
    if !f.may_ask_quickly(options) {
        return None;
    }
    f.ask(None, prompt, options).ok()
}

/// `ctx.ask_yes_no(prompt)`, asking the runner.
pub(crate) unsafe fn ask_yes_no(api: &Api, state: *mut ffi::lua_State) -> Option<c_int> {
    unsafe {
        let prompt = prompt(state, "use_tile")?;
        if !absent(state, 2) {
            return None;
        }
        let answer = ask(api, prompt, &[Answer::Yes, Answer::No])?;
        ffi::lua_pushboolean(state, (answer == Answer::Yes) as c_int);
        Some(1)
    }
}

/// `ctx.ask_species(prompt, ids)`, asking the runner, with `ids` nil or a list of distinct
/// species ids (read by their strings' addresses, as `Api::known_options` does).
pub(crate) unsafe fn ask_species(api: &Api, state: *mut ffi::lua_State) -> Option<c_int> {
    unsafe {
        let prompt = prompt(state, "name_species")?;
        if !absent(state, 3) {
            return None;
        }
        let mut options: SmallVec<[Answer; 16]> = SmallVec::new();
        match ffi::lua_type(state, 2) {
            ffi::LUA_TNONE | ffi::LUA_TNIL => {
                options.extend(api.catalog.species_ids().map(Answer::Species))
            }
            ffi::LUA_TTABLE => {
                let n = ffi::lua_objlen(state, 2) as usize;
                if n > MAX_OPTIONS || ffi::lua_checkstack(state, 1) == 0 {
                    return None;
                }
                for i in 1..=n {
                    ffi::lua_rawgeti(state, 2, i as _);
                    let species = (ffi::lua_type(state, -1) == ffi::LUA_TSTRING)
                        .then(|| ffi::lua_tostring(state, -1) as usize)
                        .and_then(|address| api.ids.species_at_address(address));
                    ffi::lua_settop(state, -2);
                    match species.map(Answer::Species) {
                        Some(option) if !options.contains(&option) => options.push(option),
                        _ => return None,
                    }
                }
            }
            _ => return None,
        }
        let Answer::Species(species) = ask(api, prompt, &options)? else {
            return None;
        };
        IdStrings::push(state, api.ids.species_ref(species));
        Some(1)
    }
}
