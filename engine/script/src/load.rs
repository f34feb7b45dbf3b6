//! Compiling a card's script and checking what it returns: a table of known hooks, each a
//! function. Shared by the host and by `dungeon check`, which validates a pack's scripts
//! even when the pack's cards do not load.

use super::errors;
use super::frame::Frame;
use super::inert;
use super::meter::{CARD_MEMORY, Meter};
use super::sandbox;
use crate::catalog::{Diagnostic, Diagnostics, LoadedPack, ScriptSource};
use crate::hook_name::{HookName, HookSet};
use mlua::{Function, Lua, Table, Value};
use std::cell::RefCell;
use std::rc::Rc;

pub(crate) struct Compiled {
    pub chunk_name: String,
    pub chunk: Function,
    pub hooks: HookSet,
    /// The hooks the load-time run made, when they can hold no state (see `inert.rs`):
    /// one instance then serves every operation.
    pub inert_instance: Option<Vec<(HookName, Function)>>,
}

/// Compiles `script` (of card `card` in `pack`, a monster or a tile) and runs it once,
/// metered like a hook.
#[allow(clippy::too_many_arguments)]
pub(crate) fn compile_card(
    lua: &Lua,
    meter: &Meter,
    globals: &Table,
    library_functions: &inert::Library,
    pack: &str,
    slot: usize,
    card: &str,
    script: &ScriptSource,
    is_monster: bool,
) -> Result<Compiled, Diagnostic> {
    let path = script.path.as_str();
    let readable = format!("{pack}:{}", path.rsplit('/').next().unwrap_or(path));
    // Short, and never taken for one of the engine's own chunks.
    let chunk_name =
        if readable.len() < 120 && !readable.starts_with(crate::marks::ENGINE_CHUNK_PREFIX) {
            readable
        } else {
            format!("script#{slot}")
        };
    let fail = |message: String, line: Option<u32>| {
        let d = Diagnostic::error(path, format!("card `{card}`: {message}"));
        match line {
            Some(line) => d.at_line(&script.code, line),
            None => d,
        }
    };
    let lua_error = |e: mlua::Error| {
        let (_, line, message) = errors::describe(&e, &chunk_name);
        fail(format!("the script does not load: {message}"), line)
    };
    let chunk = sandbox::compile(lua, globals, &chunk_name, &script.code).map_err(|e| {
        fail(
            format!(
                "the script does not load: {}",
                errors::printable(&e.message)
            ),
            e.line,
        )
    })?;
    let value = {
        let _active = meter.start(CARD_MEMORY);
        let value = chunk.call::<Value>(());
        match meter.tripped() {
            Some((limit, place)) => Err(mlua::Error::runtime(format!(
                "{place}{}",
                crate::trips::limit_message(limit, meter.budget(), meter.time_limit())
            ))),
            None => value,
        }
    };
    let value = value.map_err(|e| {
        let _ = lua.gc_collect();
        lua_error(e)
    })?;
    let Value::Table(table) = value else {
        let what = errors::a_type(value.type_name());
        return Err(fail(
            format!("the script must return a table of hooks, not {what}"),
            None,
        ));
    };
    let fits = |h: &HookName| {
        if is_monster {
            h.for_monsters()
        } else {
            h.for_tiles()
        }
    };
    // In a fixed order, so the same script always gets the same first error.
    let mut entries = Vec::new();
    for pair in table.pairs::<Value, Value>() {
        let (key, value) = pair.map_err(|e| fail(e.to_string(), None))?;
        let Value::String(name) = &key else {
            let what = errors::a_type(key.type_name());
            return Err(fail(format!("hook names are strings, found {what}"), None));
        };
        entries.push((name.to_string_lossy(), value));
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let mut hooks = HookSet::default();
    let mut functions = Vec::new();
    for (name, value) in entries {
        let shown = errors::printable(&name);
        let line = key_line(&script.code, &name);
        let Some(hook) = HookName::from_lua_name(&name) else {
            let known: Vec<_> = HookName::ALL
                .iter()
                .filter(|h| fits(h))
                .map(|h| h.lua_name())
                .collect();
            return Err(fail(
                format!("unknown hook `{shown}` (known: {})", known.join(", ")),
                line,
            ));
        };
        if !fits(&hook) {
            let kind = if is_monster { "monsters" } else { "equipment" };
            return Err(fail(
                format!("hook `{name}` is not available to {kind}"),
                line,
            ));
        }
        let Value::Function(function) = value else {
            let what = errors::a_type(value.type_name());
            return Err(fail(
                format!("hook `{name}` must be a function, not {what}"),
                line,
            ));
        };
        if !library_functions.is_plain(&function) {
            // A C function made by a library call carries state of its own, which one
            // chunk run cannot make afresh for each call of the hook.
            return Err(fail(
                format!(
                    "hook `{name}` must be a function the script defines (`function(ctx) ... end`), \
                     not one a library call returns (such as `coroutine.wrap`): \
                     those keep state from one call to the next, and a hook may depend only on what \
                     the engine hands it"
                ),
                line,
            ));
        }
        hooks.insert(hook);
        functions.push((hook, function));
    }
    let just_functions: Vec<Function> = functions.iter().map(|(_, f)| f.clone()).collect();
    let inert_instance =
        inert::all_inert(lua, library_functions, &just_functions).then_some(functions);
    Ok(Compiled {
        chunk_name,
        chunk,
        hooks,
        inert_instance,
    })
}

/// The line where a script writes `name =` (a hook's key), if it does literally.
fn key_line(code: &str, name: &str) -> Option<u32> {
    code.lines()
        .position(|l| {
            let l = l.trim_start();
            l.strip_prefix(name).is_some_and(|rest| {
                rest.trim_start().starts_with('=') && !rest.trim_start().starts_with("==")
            })
        })
        .map(|i| i as u32 + 1)
}

/// Compiles every script of a pack in a scratch sandbox, without needing its cards to
/// load: `dungeon check` reports script problems even when ids are wrong elsewhere.
pub fn check_pack_scripts(pack: &LoadedPack) -> Diagnostics {
    let mut diags = Diagnostics::default();
    let meter = Rc::new(Meter::new());
    let frame = Rc::new(RefCell::new(Frame::new(meter.clone(), None)));
    let (lua, globals) = match sandbox::new_state(frame, super::PRELUDE) {
        Ok(state) => state,
        Err(e) => {
            diags.push(Diagnostic::error(
                &pack.manifest_path,
                format!("cannot start Lua: {e}"),
            ));
            return diags;
        }
    };
    let tiles = pack
        .file
        .equipment
        .iter()
        .map(|t| (&t.id, &t.script, false));
    let monsters = pack.file.monster.iter().map(|m| (&m.id, &m.script, true));
    let library_functions = inert::Library::of(&globals);
    for (slot, (id, script, is_monster)) in tiles.chain(monsters).enumerate() {
        let Some(source) = script.as_ref().and_then(|s| pack.scripts.get(s.get_ref())) else {
            continue;
        };
        if let Err(d) = compile_card(
            &lua,
            &meter,
            &globals,
            &library_functions,
            pack.id(),
            slot,
            id.get_ref(),
            source,
            is_monster,
        ) {
            diags.push(d);
        }
    }
    diags
}
