//! The report of a simulation as data: what `--json` prints, and what the table, the CSV
//! and the plot are drawn from. Field names are part of the command's interface.

use super::plan::Plan;
use super::sanity::Sanity;
use super::stats::{Count, GameError, Tally};
use dungeon_engine::catalog::Catalog;
use dungeon_engine::options::FirstAdventurer;
use serde::Serialize;
use std::collections::BTreeMap;

/// Bumped when a field changes meaning or goes away; a new field (as `sanity` was) leaves
/// it as it is, so readers of format 1 must ignore fields they do not know.
pub const FORMAT: u32 = 1;

#[derive(Serialize)]
pub struct Report {
    pub format: u32,
    pub packs: Vec<String>,
    /// Player counts; each plays `games_per_player_count` games.
    pub players: Vec<u8>,
    pub games_per_player_count: u64,
    /// Games planned (all player counts), finished, and stopped on an error.
    pub games: u64,
    pub completed: u64,
    pub errors: Vec<GameError>,
    /// Games that ended without a winner (none expected).
    pub no_winner: u64,
    /// The bot list as given; game i of a player count seats it rotated by i places.
    pub lineup: Vec<String>,
    pub seed: u64,
    pub options: Options,
    /// Two-sided level of every `ci_low`..`ci_high` (Wilson score intervals, except the
    /// mean tiles set aside per round in `sanity`, a normal interval).
    pub confidence: f64,
    /// "Does this look like a game?": the measures that say whether the games are games
    /// at all (first player's wins, tiles set aside per round, how runs end, which
    /// adventurers are played), each against its goal, and `warnings`, those out of range.
    pub sanity: Sanity,
    pub tables: Tables,
}

#[derive(Serialize)]
pub struct Options {
    pub designer_variant: bool,
    /// The turns the variant binds: `first_turn` (the round's first) or `each_player`.
    pub variant_scope: String,
    /// The choice in play for each ruling the packs declare, by ruling id.
    pub rulings: BTreeMap<String, String>,
    /// `end_total` (base box) or `running` (sequel).
    pub damage_model: String,
    /// `choose`, `random`, or an adventurer id.
    pub first_adventurer: String,
    pub specials_in_play: u8,
}

#[derive(Serialize)]
pub struct Tables {
    /// Per bot kind, over all its seats: a kind listed twice plays two seat-games a game.
    pub bots: Vec<WinRow>,
    /// Per player count and bot kind.
    pub player_counts: Vec<WinRow>,
    /// Per player count and table seat.
    pub seats: Vec<WinRow>,
    /// Per player count and turn order (0: the game's first player).
    pub turn_order: Vec<WinRow>,
    /// Per player count, seat and bot kind (shows the seat rotation).
    pub bot_seats: Vec<WinRow>,
    pub adventurers: Vec<AdventurerRow>,
    pub equipment: Vec<EquipmentRow>,
    pub killers: Vec<KillerRow>,
}

/// Wins out of games played; the keys a table does not use are left out.
#[derive(Clone, Serialize)]
pub struct WinRow {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    pub games: u64,
    pub wins: u64,
    pub rate: f64,
    pub ci_low: f64,
    pub ci_high: f64,
}

#[derive(Serialize)]
pub struct AdventurerRow {
    pub adventurer: String,
    pub runs: u64,
    pub successes: u64,
    pub success_rate: f64,
    pub success_ci_low: f64,
    pub success_ci_high: f64,
    /// Games whose deciding round was played with this adventurer.
    pub decided: u64,
    /// Runs made by the player who went on to win the game.
    pub runner_won: u64,
    pub runner_won_rate: f64,
    pub runner_won_ci_low: f64,
    pub runner_won_ci_high: f64,
}

#[derive(Serialize)]
pub struct EquipmentRow {
    pub adventurer: String,
    pub tile: String,
    /// Rounds played with this adventurer (the tile starts each of them in play).
    pub rounds: u64,
    /// Rounds in which a bidder gave the tile up, with a monster.
    pub set_aside: u64,
    pub rate: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    /// This tile's share of every tile set aside in the simulation.
    pub share_of_set_asides: f64,
}

#[derive(Serialize)]
pub struct KillerRow {
    /// `null`: HP fell with no monster to blame (a card's effect before any reveal).
    pub monster: Option<String>,
    pub kills: u64,
    pub failed_runs: u64,
    pub rate: f64,
    pub ci_low: f64,
    pub ci_high: f64,
}

fn win_row(count: Count) -> WinRow {
    let (ci_low, ci_high) = count.interval();
    WinRow {
        players: None,
        seat: None,
        position: None,
        bot: None,
        games: count.total,
        wins: count.hits,
        rate: count.rate(),
        ci_low,
        ci_high,
    }
}

impl Report {
    pub fn new(catalog: &Catalog, plan: &Plan, tally: &Tally) -> Report {
        let mut errors = tally.errors.clone();
        errors.sort_by_key(|e| e.game);
        // Bots in the order first listed, not alphabetically.
        let order = |id: &str| plan.lineup.iter().position(|b| b.id() == id);
        let mut bots: Vec<WinRow> = tally
            .wins_by(|k| k.bot.id())
            .into_iter()
            .map(|(bot, c)| WinRow {
                bot: Some(bot),
                ..win_row(c)
            })
            .collect();
        bots.sort_by_key(|r| order(r.bot.as_deref().unwrap_or_default()));
        let mut player_counts: Vec<WinRow> = tally
            .wins_by(|k| (k.players, k.bot.id()))
            .into_iter()
            .map(|((players, bot), c)| WinRow {
                players: Some(players),
                bot: Some(bot),
                ..win_row(c)
            })
            .collect();
        player_counts.sort_by_key(|r| (r.players, order(r.bot.as_deref().unwrap_or_default())));
        let seats = tally
            .wins_by(|k| (k.players, k.seat))
            .into_iter()
            .map(|((players, seat), c)| WinRow {
                players: Some(players),
                seat: Some(seat),
                ..win_row(c)
            })
            .collect();
        let turn_order = tally
            .wins_by(|k| (k.players, k.position))
            .into_iter()
            .map(|((players, position), c)| WinRow {
                players: Some(players),
                position: Some(position),
                ..win_row(c)
            })
            .collect();
        let mut bot_seats: Vec<WinRow> = tally
            .wins_by(|k| (k.players, k.seat, k.bot.id()))
            .into_iter()
            .map(|((players, seat, bot), c)| WinRow {
                players: Some(players),
                seat: Some(seat),
                bot: Some(bot),
                ..win_row(c)
            })
            .collect();
        bot_seats.sort_by_key(|r| {
            let bot = order(r.bot.as_deref().unwrap_or_default());
            (r.players, r.seat, bot)
        });

        // Every adventurer and tile of the packs, played or not: one the bots never pick
        // is a finding too.
        let adventurers = catalog
            .adventurer_ids()
            .map(|a| {
                let t = tally.adventurers.get(&a).copied().unwrap_or_default();
                let (success_ci_low, success_ci_high) = t.runs.interval();
                let (runner_won_ci_low, runner_won_ci_high) = t.runner_won.interval();
                AdventurerRow {
                    adventurer: catalog.adventurer(a).info.id.clone(),
                    runs: t.runs.total,
                    successes: t.runs.hits,
                    success_rate: t.runs.rate(),
                    success_ci_low,
                    success_ci_high,
                    decided: t.decided,
                    runner_won: t.runner_won.hits,
                    runner_won_rate: t.runner_won.rate(),
                    runner_won_ci_low,
                    runner_won_ci_high,
                }
            })
            .collect();
        let all_set_aside: u64 = tally.equipment.values().map(|c| c.hits).sum();
        let equipment = catalog
            .adventurer_ids()
            .flat_map(|a| catalog.adventurer(a).tiles.iter().map(move |&t| (a, t)))
            .map(|(a, t)| {
                let c = tally.equipment.get(&(a, t)).copied().unwrap_or_default();
                let (ci_low, ci_high) = c.interval();
                EquipmentRow {
                    adventurer: catalog.adventurer(a).info.id.clone(),
                    tile: catalog.tile(t).info.id.clone(),
                    rounds: c.total,
                    set_aside: c.hits,
                    rate: c.rate(),
                    ci_low,
                    ci_high,
                    share_of_set_asides: Count {
                        total: all_set_aside,
                        hits: c.hits,
                    }
                    .rate(),
                }
            })
            .collect();
        // Every monster, deadliest first (ties in catalog order).
        let mut killers: Vec<(Option<dungeon_engine::ids::MonsterId>, u64)> =
            (0..catalog.monsters.len())
                .map(|i| Some(dungeon_engine::ids::MonsterId(i as u16)))
                .chain(tally.killers.contains_key(&None).then_some(None))
                .map(|m| (m, tally.killers.get(&m).copied().unwrap_or(0)))
                .collect();
        killers.sort_by_key(|&(m, kills)| (std::cmp::Reverse(kills), m.is_none(), m));
        let killers = killers
            .into_iter()
            .map(|(m, kills)| {
                let c = Count {
                    total: tally.failed_runs,
                    hits: kills,
                };
                let (ci_low, ci_high) = c.interval();
                KillerRow {
                    monster: m.map(|m| catalog.monster(m).info.id.clone()),
                    kills,
                    failed_runs: tally.failed_runs,
                    rate: c.rate(),
                    ci_low,
                    ci_high,
                }
            })
            .collect();

        let options = &plan.options;
        Report {
            format: FORMAT,
            packs: catalog.packs.iter().map(|p| p.id.clone()).collect(),
            players: plan.counts.clone(),
            games_per_player_count: plan.per_count,
            games: plan.total(),
            completed: tally.completed,
            errors,
            no_winner: tally.no_winner,
            lineup: plan.lineup.iter().map(|b| b.id()).collect(),
            seed: plan.seed,
            options: Options {
                designer_variant: options.designer_variant,
                variant_scope: options.variant_scope.id().to_string(),
                rulings: (catalog.rulings.iter().enumerate())
                    .map(|(i, r)| {
                        let choice = options.ruling_choice(catalog, i).unwrap_or(r.default);
                        (r.id.clone(), r.choices[choice].id.clone())
                    })
                    .collect(),
                damage_model: options
                    .damage_model
                    .unwrap_or(catalog.damage_model)
                    .id()
                    .to_string(),
                first_adventurer: match &options.first_adventurer {
                    FirstAdventurer::Choose => "choose".into(),
                    FirstAdventurer::Random => "random".into(),
                    FirstAdventurer::Named(id) => id.clone(),
                },
                specials_in_play: options.specials_in_play.unwrap_or(catalog.specials_in_play),
            },
            confidence: 0.95,
            sanity: Sanity::new(catalog, &plan.counts, tally),
            tables: Tables {
                bots,
                player_counts,
                seats,
                turn_order,
                bot_seats,
                adventurers,
                equipment,
                killers,
            },
        }
    }
}
