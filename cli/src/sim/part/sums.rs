//! The sums of one part, read back into a [`Tally`]: every id checked against the study
//! and every count against the slice's size, so that a damaged or edited part is refused
//! before it is added to the others (see `part.rs`).

use super::{PER_GAME, TallyRecord};
use crate::sim::plan::Plan;
use crate::sim::shard::Shard;
use crate::sim::stats::{AdventurerTally, Count, RoundKey, SeatKey, Tally};
use dungeon_bots::BotKind;
use dungeon_engine::catalog::Catalog;

/// The sums of slice `shard` from its record, every id checked against the study and
/// every count against the slice's size.
pub(super) fn tally_of(
    catalog: &Catalog,
    plan: &Plan,
    shard: Shard,
    record: &TallyRecord,
) -> Result<Tally, &'static str> {
    let games = shard.games(plan.total());
    let cap = games * PER_GAME;
    let count = |total: u64, hits: u64| {
        (hits <= total && total <= cap)
            .then_some(Count { total, hits })
            .ok_or("sim-damaged-games")
    };
    let fresh = |new: bool| {
        if new {
            Ok(())
        } else {
            Err("sim-damaged-games")
        }
    };
    let adventurer = |id: &str| catalog.find_adventurer(id).ok_or("sim-damaged-id");
    let mut tally = Tally {
        completed: record.completed,
        no_winner: record.no_winner,
        failed_runs: count(cap, record.failed_runs)?.hits,
        ..Tally::default()
    };
    for s in &record.seats {
        let bot: BotKind = s.bot.parse().map_err(|_| "sim-damaged-id")?;
        let seated = plan.counts.contains(&s.players)
            && s.seat < s.players
            && s.position < s.players
            && plan.lineup.contains(&bot);
        if !seated {
            return Err("sim-damaged-id");
        }
        let key = SeatKey {
            players: s.players,
            seat: s.seat,
            position: s.position,
            bot,
        };
        fresh(tally.seats.insert(key, count(s.games, s.wins)?).is_none())?;
    }
    for a in &record.adventurers {
        let runs = count(a.runs, a.successes)?;
        let sums = AdventurerTally {
            runs,
            runner_won: count(a.runs, a.runner_won)?,
            decided: count(cap, a.decided)?.hits,
        };
        fresh((tally.adventurers.insert(adventurer(&a.adventurer)?, sums)).is_none())?;
    }
    for e in &record.equipment {
        let a = adventurer(&e.adventurer)?;
        let tile = catalog.find_tile(&e.tile).ok_or("sim-damaged-id")?;
        if !catalog.adventurer(a).tiles.contains(&tile) {
            return Err("sim-damaged-id");
        }
        let c = count(e.rounds, e.set_aside)?;
        fresh(tally.equipment.insert((a, tile), c).is_none())?;
    }
    for k in &record.killers {
        let monster = match &k.monster {
            Some(id) => Some(catalog.find_monster(id).ok_or("sim-damaged-id")?),
            None => None,
        };
        let kills = count(record.failed_runs, k.kills)?.hits;
        fresh(tally.killers.insert(monster, kills).is_none())?;
    }
    // Each round is a run of the adventurer's: its rounds must add up to its runs.
    let mut runs: std::collections::BTreeMap<_, Count> = Default::default();
    for r in &record.rounds {
        let a = adventurer(&r.adventurer)?;
        let played = plan.counts.contains(&r.players)
            && usize::from(r.set_aside) <= catalog.adventurer(a).tiles.len();
        if !played {
            return Err("sim-damaged-id");
        }
        let key = RoundKey {
            players: r.players,
            adventurer: a,
            set_aside: r.set_aside,
            success: r.success,
        };
        let rounds = count(cap, r.rounds)?.hits;
        fresh(tally.rounds.insert(key, rounds).is_none())?;
        let sum = runs.entry(a).or_default();
        let add = |to: u64, n: u64| to.checked_add(n).ok_or("sim-damaged-games");
        sum.total = add(sum.total, rounds)?;
        sum.hits = add(sum.hits, if r.success { rounds } else { 0 })?;
    }
    let runs_agree = (tally.adventurers.iter())
        .all(|(a, t)| runs.remove(a).unwrap_or_default() == t.runs)
        && runs.values().all(|c| c.total == 0);
    if !runs_agree {
        return Err("sim-damaged-games");
    }
    let mut last = None;
    for e in &record.errors {
        let in_slice = e.game < plan.total()
            && shard.holds(e.game)
            && e.seed == plan.seed.wrapping_add(e.game)
            && last < Some(e.game);
        if !in_slice {
            return Err("sim-damaged-errors");
        }
        last = Some(e.game);
    }
    tally.errors = record.errors.clone();
    let finished = (record.completed.checked_add(record.errors.len() as u64) == Some(games))
        && record.no_winner <= record.completed;
    if !finished {
        return Err("sim-damaged-games");
    }
    Ok(tally)
}
