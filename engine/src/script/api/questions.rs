//! `ctx`'s questions: `ask_yes_no`, `ask_species`, `ask_tile`, `ask_seat` (see
//! `Frame::ask`: a recorded answer, the only option, or a stop while the engine asks).

use super::Api;
use crate::action::Answer;
use crate::script::args::{ArgText, prompt_key};
use crate::script::frame::err;
use mlua::{Function, Lua, Table, Value};
use std::rc::Rc;

pub(super) fn define(lua: &Lua, api: &Rc<Api>, ctx: &Table) -> mlua::Result<()> {
    let def = |name: &str, f: Function| ctx.raw_set(name, f);
    let a = api.clone();
    def(
        "ask_yes_no",
        lua.create_function(move |_, (prompt, seat): (Option<ArgText>, Value)| {
            let prompt = prompt_key(prompt.as_ref(), "use_tile")?;
            let seat = a.optional_seat("ctx.ask_yes_no(): the seat", seat)?;
            let answer = a.ask(seat, prompt, &[Answer::Yes, Answer::No])?;
            a.answer_value(answer)
        })?,
    )?;
    let a = api.clone();
    def(
        "ask_species",
        lua.create_function(
            move |lua, (prompt, options, seat): (Option<ArgText>, Option<Table>, Value)| {
                let prompt = prompt_key(prompt.as_ref(), "name_species")?;
                let known = match &options {
                    Some(list) => Api::known_options(lua, list, |p| a.ids.species_at_address(p))?,
                    None => None,
                };
                let options = match (known, options) {
                    (Some(known), _) => known.into_iter().map(Answer::Species).collect(),
                    (None, Some(list)) => a.options("ctx.ask_species", list, |v| match v {
                        Value::String(s) => a.species_arg(&s).map(Answer::Species),
                        other => Err(err(format!(
                            "ctx.ask_species: options are species ids, not {}",
                            crate::script::errors::a_type(other.type_name())
                        ))),
                    })?,
                    (None, None) => a.catalog.species_ids().map(Answer::Species).collect(),
                };
                let seat = a.optional_seat("ctx.ask_species(): the seat", seat)?;
                let answer = a.ask(seat, prompt, &options)?;
                a.answer_value(answer)
            },
        )?,
    )?;
    let a = api.clone();
    def(
        "ask_tile",
        lua.create_function(
            move |lua, (prompt, options, seat): (Option<ArgText>, Option<Table>, Value)| {
                let prompt = prompt_key(prompt.as_ref(), "choose_tile")?;
                let known = match &options {
                    Some(list) => Api::known_options(lua, list, |p| a.ids.tile_at_address(p))?,
                    None => None,
                };
                let options = match (known, options) {
                    (Some(known), _) => known.into_iter().map(Answer::Tile).collect(),
                    (None, Some(list)) => a.options("ctx.ask_tile", list, |v| match v {
                        Value::String(s) => a.tile_arg(&s).map(Answer::Tile),
                        other => Err(err(format!(
                            "ctx.ask_tile: options are equipment ids, not {}",
                            crate::script::errors::a_type(other.type_name())
                        ))),
                    })?,
                    (None, None) => a
                        .frame
                        .borrow()
                        .state()?
                        .tiles
                        .iter()
                        .map(|&t| Answer::Tile(t))
                        .collect(),
                };
                let seat = a.optional_seat("ctx.ask_tile(): the seat", seat)?;
                let answer = a.ask(seat, prompt, &options)?;
                a.answer_value(answer)
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
                let seat = a.optional_seat("ctx.ask_seat(): the seat", seat)?;
                let answer = a.ask(seat, prompt, &options)?;
                a.answer_value(answer)
            },
        )?,
    )?;
    Ok(())
}
