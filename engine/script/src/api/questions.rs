//! `ctx`'s questions: `ask_yes_no`, `ask_species`, `ask_tile`, `ask_seat` (see
//! `Frame::ask`: a recorded answer, the only option, or a stop while the engine asks).

use super::Api;
use crate::action::Answer;
use crate::args::{ArgText, prompt_key};
use crate::frame::err;
use mlua::{Function, Lua, Table, Value};
use std::rc::Rc;

pub(super) fn define(lua: &Lua, api: &Rc<Api>, ctx: &Table) -> mlua::Result<()> {
    let def = |name: &str, f: Function| ctx.raw_set(name, f);
    let a = api.clone();
    def(
        "ask_yes_no",
        lua.create_function(move |_, (prompt, seat): (Option<ArgText>, Value)| {
            let prompt = prompt_key(prompt.as_ref(), "use_tile")?;
            a.ask(
                "ctx.ask_yes_no(): the seat",
                seat,
                prompt,
                &[Answer::Yes, Answer::No],
            )
        })?,
    )?;
    let a = api.clone();
    def(
        "ask_species",
        lua.create_function(
            move |lua, (prompt, list, seat): (Option<ArgText>, Option<Table>, Value)| {
                let prompt = prompt_key(prompt.as_ref(), "name_species")?;
                let options = match list {
                    Some(list) => id_options(&a, lua, list, Kind::Species)?,
                    None => a.catalog.species_ids().map(Answer::Species).collect(),
                };
                a.ask("ctx.ask_species(): the seat", seat, prompt, &options)
            },
        )?,
    )?;
    let a = api.clone();
    def(
        "ask_tile",
        lua.create_function(
            move |lua, (prompt, list, seat): (Option<ArgText>, Option<Table>, Value)| {
                let prompt = prompt_key(prompt.as_ref(), "choose_tile")?;
                let options = match list {
                    Some(list) => id_options(&a, lua, list, Kind::Tile)?,
                    None => (a.frame.borrow().state()?.tiles.iter())
                        .map(|&t| Answer::Tile(t))
                        .collect(),
                };
                a.ask("ctx.ask_tile(): the seat", seat, prompt, &options)
            },
        )?,
    )?;
    let a = api.clone();
    def(
        "ask_seat",
        lua.create_function(
            move |_, (prompt, options, seat): (Option<ArgText>, Table, Value)| {
                let prompt = prompt_key(prompt.as_ref(), "choose_player")?;
                let options = a.options("ctx.ask_seat", options, |v| {
                    a.seat_arg("ctx.ask_seat(): an option", v).map(Answer::Seat)
                })?;
                a.ask("ctx.ask_seat(): the seat", seat, prompt, &options)
            },
        )?,
    )?;
    Ok(())
}

/// What a list of ids names.
#[derive(Clone, Copy)]
enum Kind {
    Species,
    Tile,
}

/// The answers a list of ids offers: read by their strings' addresses when every one is
/// a known id, listed once (see `Api::known_options`), else one by one, to say what is
/// wrong.
fn id_options(a: &Api, lua: &Lua, list: Table, kind: Kind) -> mlua::Result<Vec<Answer>> {
    let known = match kind {
        Kind::Species => Api::known_options(lua, &list, |p| {
            a.ids.species_at_address(p).map(Answer::Species)
        })?,
        Kind::Tile => {
            Api::known_options(lua, &list, |p| a.ids.tile_at_address(p).map(Answer::Tile))?
        }
    };
    if let Some(known) = known {
        return Ok(known);
    }
    let (name, what) = match kind {
        Kind::Species => ("ctx.ask_species", "species ids"),
        Kind::Tile => ("ctx.ask_tile", "equipment ids"),
    };
    a.options(name, list, |v| match v {
        Value::String(s) => match kind {
            Kind::Species => a.species_arg(&s).map(Answer::Species),
            Kind::Tile => a.tile_arg(&s).map(Answer::Tile),
        },
        other => Err(err(format!(
            "{name}: options are {what}, not {}",
            crate::errors::a_type(other.type_name())
        ))),
    })
}
