//! `ctx.log(key, args)`: a line a card's script adds to the game's log. Its text is the
//! card's pack message `key`, in the reader's language, with `{name}` placeholders filled
//! from `args`.
//!
//! What a line may say is bounded like everything else from a pack, and it is public:
//! - the key must be a message of the card's own pack, so every language the pack has
//!   gets its text, and a line is always shown as its card's ("Loaded Die: ..."), never
//!   as the engine's or another card's;
//! - arguments are whole numbers and ids of species, monsters, tiles and adventurers of
//!   the packs in play (shown by name): no free text;
//! - nothing a hook reads through `ctx` is hidden from any player at the moment it runs
//!   (the dungeon's cards are read only once revealed, the deck and the dungeon only as
//!   counts, no hand and no set-aside card at all), so whatever a line says, the table
//!   could know: it goes to every seat. `tests/script_log.rs` checks that games differing
//!   only in hidden cards log the same lines;
//! - a few lines per call and per dungeon; like every effect, a line is applied only when
//!   its hook finishes, so a hook that stops on a question or fails, or a move that is
//!   refused, leaves no line behind.

use super::args::{MAX_ID, bounded, is_lowercase_key, message_key, ranged, shown};
use super::frame::err;
use crate::action::CardRef;
use crate::catalog::Catalog;
use crate::effect::Effect;
use crate::event::{LogArg, MAX_LOG_ARGS};
use mlua::{LuaString, Table, Value};
use std::sync::Arc;

/// Longest argument name (letters, digits and `_`).
pub const MAX_LOG_ARG_NAME: usize = 32;
/// Largest whole number a line may show, either sign.
pub const MAX_LOG_NUMBER: i64 = 1_000_000_000;

/// The effect of `ctx.log(key, args)` called by `card`'s hook, once checked.
pub(crate) fn line(
    catalog: &Catalog,
    card: CardRef,
    key: &LuaString,
    args: Option<Table>,
) -> mlua::Result<Effect> {
    let key = message_key(key, "ctx.log(): the key")?;
    if catalog.message(card.info(catalog).pack, &key).is_none() {
        return Err(err(format!(
            "ctx.log(): the pack of `{}` has no message `{key}`: put the line's text in its [messages], in each of its languages",
            card.id(catalog)
        )));
    }
    let mut read = Vec::new();
    if let Some(table) = args {
        for pair in table.pairs::<Value, Value>() {
            if read.len() == MAX_LOG_ARGS {
                return Err(err(format!(
                    "ctx.log(): a line takes at most {MAX_LOG_ARGS} arguments"
                )));
            }
            let (name, value) = pair?;
            read.push((arg_name(name)?, arg_value(catalog, value)?));
        }
    }
    // Whatever order the table kept them in, the line is the same.
    read.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(Effect::Log {
        key: key.into(),
        args: read,
    })
}

fn arg_name(name: Value) -> mlua::Result<Arc<str>> {
    let Value::String(name) = name else {
        return Err(err(format!(
            "ctx.log(): arguments are named (`{{ roll = 4 }}`), not keyed by {}",
            super::errors::a_type(name.type_name())
        )));
    };
    let bytes = name.as_bytes();
    if !is_lowercase_key(&bytes, MAX_LOG_ARG_NAME) {
        return Err(err(format!(
            "ctx.log(): `{}` is not an argument name: use 1 to {MAX_LOG_ARG_NAME} lowercase letters, digits and `_`",
            shown(&bytes)
        )));
    }
    Ok(String::from_utf8_lossy(&bytes).into())
}

fn arg_value(catalog: &Catalog, value: Value) -> mlua::Result<LogArg> {
    match value {
        Value::String(s) => {
            let id = bounded(&s, MAX_ID, "ctx.log(): the id")?;
            let id: &str = &id;
            catalog
                .find_species(id)
                .map(LogArg::Species)
                .or_else(|| catalog.find_monster(id).map(|m| LogArg::Card(CardRef::Monster(m))))
                .or_else(|| catalog.find_tile(id).map(|t| LogArg::Card(CardRef::Tile(t))))
                .or_else(|| catalog.find_adventurer(id).map(LogArg::Adventurer))
                .ok_or_else(|| {
                    err(format!(
                        "ctx.log(): `{}` is not the id of a species, monster, tile or adventurer in play (a line shows numbers and names, no other text)",
                        shown(&s.as_bytes())
                    ))
                })
        }
        number @ (Value::Integer(_) | Value::Number(_)) => ranged(
            "ctx.log(): a number",
            number,
            -MAX_LOG_NUMBER,
            MAX_LOG_NUMBER,
        )
        .map(LogArg::Number),
        other => Err(err(format!(
            "ctx.log(): an argument is a whole number or an id, not {}",
            super::errors::a_type(other.type_name())
        ))),
    }
}
