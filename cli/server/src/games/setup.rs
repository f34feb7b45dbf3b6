//! A `create_table` request checked (everything in it is hostile: pack ids, levels,
//! rulings, counts) and turned into a game set up, stored, and ready for its people.

use super::Context;
use super::brought::quoted;
use super::table::{LiveTable, SeatSlot};
use crate::secret::{self, Key};
use crate::store::{Status, StoredSeat, StoredTable};
use dungeon_bots::BotKind;
use dungeon_engine::Engine;
use dungeon_engine::catalog::Catalog;
use dungeon_engine::options::{
    FirstAdventurer, GameOptions, MAX_PLAYERS, MIN_PLAYERS, VARIANT_RULING, VariantScope,
};
use dungeon_protocol::{NewTable, pack_hashes};
use dungeon_records::{GameRecord, SeatRecord};
use std::time::Duration;

/// Packs one table may ask for.
const MAX_PACKS: usize = 16;
/// Rulings one table may choose.
const MAX_RULINGS: usize = 32;
/// The longest turn timeout: a day.
pub(crate) const MAX_TURN_TIMEOUT: u32 = 24 * 3600;
/// The most iterations a table's `hard` bots may search a move. A game thread plays one
/// bot move of each of its tables in turn, so one move must stay short: at 1,000 a cold
/// move takes well under a second (the default `hard` searches 300).
pub(crate) const MAX_BOT_ITERATIONS: u32 = 1_000;

/// The pack ids of a request, checked against the library (known, none twice).
pub(crate) fn pack_ids(context: &Context, request: &NewTable) -> Result<Vec<String>, String> {
    if request.packs.is_empty() || request.packs.len() > MAX_PACKS {
        return Err(format!("a table has 1 to {MAX_PACKS} packs"));
    }
    let mut ids: Vec<String> = Vec::new();
    for id in &request.packs {
        if context.library.get(id).is_none() {
            let known: Vec<&str> = context.library.ids().collect();
            return Err(format!(
                "unknown pack `{}` (this server has: {})",
                quoted(id),
                known.join(", ")
            ));
        }
        if ids.contains(id) {
            return Err(format!("pack `{}` is named twice", quoted(id)));
        }
        ids.push(id.clone());
    }
    Ok(ids)
}

/// The seats' bots and the stand-in's level, from the request's counts and levels.
fn bots(request: &NewTable) -> Result<(Vec<Option<BotKind>>, BotKind), String> {
    let players = request.players;
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(format!(
            "a table has {MIN_PLAYERS} to {MAX_PLAYERS} players"
        ));
    }
    if request.humans < 1 || request.humans > players {
        return Err(format!("a table has 1 to {players} people"));
    }
    let robots = (players - request.humans) as usize;
    let levels: Vec<BotKind> = request
        .bots
        .iter()
        .take(MAX_PLAYERS as usize + 1)
        .map(|level| {
            level
                .parse::<BotKind>()
                .map_err(|_| format!("unknown bot level `{}` (easy, normal, hard)", quoted(level)))
        })
        .collect::<Result<_, _>>()?;
    if levels.iter().any(|k| matches!(k, BotKind::IsmctsTimed(_))) {
        return Err("a bot with a time budget would not replay the same way".into());
    }
    if levels
        .iter()
        .any(|k| matches!(k, BotKind::Ismcts(n) if *n > MAX_BOT_ITERATIONS))
    {
        return Err(format!(
            "a bot here searches at most {MAX_BOT_ITERATIONS} iterations a move"
        ));
    }
    let levels = match levels.len() {
        0 => vec![BotKind::Rules; robots],
        1 => vec![levels[0]; robots],
        n if n == robots => levels,
        n => return Err(format!("{n} bot levels for {robots} bots")),
    };
    let mut seats: Vec<Option<BotKind>> = vec![None; request.humans as usize];
    seats.extend(levels.into_iter().map(Some));
    let standin = standin_of(&seats);
    Ok((seats, standin))
}

/// The game's options from the request's, checked against the catalog's rulings and
/// adventurers (`new_game` checks the choices again).
fn options(request: &NewTable, catalog: &Catalog) -> Result<GameOptions, String> {
    let asked = &request.options;
    let mut options = GameOptions {
        players: request.players,
        designer_variant: asked.variant,
        ..GameOptions::default()
    };
    if asked.rulings.len() > MAX_RULINGS {
        return Err(format!("at most {MAX_RULINGS} rulings"));
    }
    for ruling in &asked.rulings {
        let Some((id, choice)) = ruling.split_once('=') else {
            return Err(format!("a ruling is ID=CHOICE, not `{}`", quoted(ruling)));
        };
        let (id, choice) = (id.trim(), choice.trim());
        if id == VARIANT_RULING {
            options.variant_scope = VariantScope::from_id(choice)
                .ok_or_else(|| format!("no choice `{}` for {VARIANT_RULING}", quoted(choice)))?;
            continue;
        }
        let known = catalog
            .find_ruling(id)
            .is_some_and(|r| r.choice_index(choice).is_some());
        if !known {
            return Err(format!(
                "no ruling `{}` with choice `{}`",
                quoted(id),
                quoted(choice)
            ));
        }
        if options
            .rulings
            .insert(id.to_string(), choice.to_string())
            .is_some()
        {
            return Err(format!("ruling `{}` is chosen twice", quoted(id)));
        }
    }
    if let Some(id) = &asked.adventurer {
        if catalog.find_adventurer(id).is_none() {
            return Err(format!("unknown adventurer `{}`", quoted(id)));
        }
        options.first_adventurer = FirstAdventurer::Named(id.clone());
    }
    Ok(options)
}

/// A new table from a request: checked, set up, stored. The creator holds seat 0.
pub(crate) fn create(
    context: &Context,
    engines: &mut crate::engines::Engines,
    key: Key,
    token: &str,
    request: &NewTable,
    client: std::net::IpAddr,
) -> Result<LiveTable, String> {
    let packs = pack_ids(context, request)?;
    let (bots, standin) = bots(request)?;
    let turn_timeout = match request.turn_timeout_secs {
        Some(s) if s == 0 || s > MAX_TURN_TIMEOUT => {
            return Err(format!("a turn timeout is 1 to {MAX_TURN_TIMEOUT} seconds"));
        }
        other => other,
    };
    let creator = crate::names::check(&request.name)?;
    let (packs, catalog) = match &request.pack {
        None => {
            let catalog = context.catalog(&packs)?;
            (packs, catalog)
        }
        Some(upload) => super::brought::catalog(context, packs, upload)?,
    };
    let options = options(request, &catalog)?;
    let seed = context.seeds.next(&context.created);
    let engine: &mut Engine = engines.get(&catalog)?;
    let mut events = Vec::new();
    let state = engine
        .new_game(options.clone(), seed, &mut events)
        .map_err(|e| format!("the game cannot be set up: {}", quoted(&e.to_string())))?;
    let seat_records: Vec<SeatRecord> = bots
        .iter()
        .map(|b| SeatRecord {
            name: String::new(),
            bot: b.map(|k| k.id()),
        })
        .collect();
    let head = GameRecord::new(&catalog, options, seat_records, seed, &state);
    let token_hash = secret::digest(token);
    let seats: Vec<SeatSlot> = bots
        .iter()
        .enumerate()
        .map(|(i, &bot)| SeatSlot {
            name: if i == 0 {
                creator.clone()
            } else {
                String::new()
            },
            bot,
            token_hash: (i == 0).then_some(token_hash),
            conn: None,
        })
        .collect();
    let stored = StoredTable {
        key,
        head: head.clone(),
        seats: seats
            .iter()
            .map(|s| StoredSeat {
                name: s.name.clone(),
                bot: s.bot.map(|k| k.id()),
                token_hash: s.token_hash,
            })
            .collect(),
        turn_timeout_secs: turn_timeout,
        status: Status::Open,
        decisions: Vec::new(),
        state: serde_json::to_string(&state).expect("a state is plain data"),
        touched: crate::store::now_secs(),
        pack: request.pack.clone(),
    };
    context
        .store
        .create(&stored)
        .map_err(|e| format!("store: {e}"))?;
    Ok(LiveTable {
        key,
        packs,
        pack_hashes: pack_hashes(&catalog),
        catalog,
        head,
        seats,
        spectators: Vec::new(),
        state,
        events,
        number: 0,
        status: Status::Open,
        stop: None,
        turn_timeout: turn_timeout.map(|s| Duration::from_secs(s.into())),
        deadline: None,
        standin,
        retry_at: None,
        forget_at: None,
        creator: Some(client),
        touched: std::time::Instant::now(),
        committing: None,
        rematch: Default::default(),
        uploaded: request.pack.clone(),
    })
}

/// The stand-in's level of a stored table: its first bot's, else the rules bot.
pub(crate) fn standin_of(seats: &[Option<BotKind>]) -> BotKind {
    seats
        .iter()
        .flatten()
        .next()
        .copied()
        .unwrap_or(BotKind::Rules)
}
