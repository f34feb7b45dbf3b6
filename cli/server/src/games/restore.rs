//! A stored table taken on at start: its packs must be the ones it was played with, and
//! its decisions, played again from its seed, must lead to its stored state (the game
//! record's own check, `Replay`). A table that fails is marked broken and never played.
//! A finished table is loaded the same way when a seat comes back to see how it ended.

use super::Context;
use super::table::{LiveTable, SeatSlot};
use crate::engines::Engines;
use crate::secret;
use crate::store::{Status, StoredTable};
use dungeon_bots::BotKind;
use dungeon_protocol::pack_hashes;
use dungeon_records::Replay;
use std::time::Duration;

pub(crate) fn restore(
    context: &Context,
    engines: &mut Engines,
    table: StoredTable,
) -> Result<LiveTable, String> {
    let checked = check(context, engines, &table);
    if let Err(why) = &checked {
        tracing::warn!(table = %secret::table_id(&table.key), error = %why, "a stored table failed its check and is marked broken");
        if let Err(e) = context.store.set_status(&table.key, Status::Broken) {
            tracing::error!(error = %e, "marking a table broken failed");
        }
    }
    checked
}

fn check(
    context: &Context,
    engines: &mut Engines,
    table: &StoredTable,
) -> Result<LiveTable, String> {
    let record = table.record();
    record.check_rules().map_err(|e| e.to_string())?;
    let packs: Vec<String> = record.pack_ids().iter().map(|s| s.to_string()).collect();
    let (packs, catalog) = match &table.pack {
        None => {
            let catalog = context.catalog(&packs)?;
            (packs, catalog)
        }
        // Checked again: the server's own packs or rules may have changed since.
        Some(upload) => super::brought::catalog(context, packs, upload)?,
    };
    record.check_packs(&catalog).map_err(|e| e.to_string())?;
    let bots = record
        .seats
        .iter()
        .map(|s| s.bot_kind().transpose())
        .collect::<Result<Vec<Option<BotKind>>, String>>()?;
    let engine = engines.get(&catalog)?;
    let mut events = Vec::new();
    let replay = Replay::start(engine, &record, &mut events).map_err(|e| e.to_string())?;
    let state = replay
        .finish(engine, &mut events)
        .map_err(|e| e.to_string())?;
    let seats = table
        .seats
        .iter()
        .zip(&bots)
        .map(|(s, &bot)| SeatSlot {
            name: s.name.clone(),
            bot,
            token_hash: s.token_hash,
            conn: None,
        })
        .collect();
    let mut live = LiveTable {
        key: table.key,
        packs,
        pack_hashes: pack_hashes(&catalog),
        catalog,
        head: table.head.clone(),
        seats,
        spectators: Vec::new(),
        number: record.decisions.len() as u32,
        state,
        events,
        status: table.status,
        stop: None,
        turn_timeout: table
            .turn_timeout_secs
            .map(|s| Duration::from_secs(s.into())),
        deadline: None,
        standin: super::setup::standin_of(&bots),
        retry_at: None,
        forget_at: None,
        creator: None,
        touched: super::expiry::since(table.touched),
        committing: None,
        rematch: Default::default(),
        uploaded: table.pack.clone(),
    };
    live.arm_deadline();
    if live.finished() {
        live.forget_at = Some(std::time::Instant::now() + super::table::KEEP_FINISHED);
    } else {
        context.routes.reserve(usize::MAX);
    }
    Ok(live)
}
