//! `dungeon sim`: many bot games; wins per seat and bot, runs per adventurer.

use crate::packs;
use crate::text::{bot_kind, tr};
use clap::Args;
use dungeon_engine::bot::{BotKind, play_game};
use dungeon_engine::catalog::PackLibrary;
use dungeon_engine::event::Event;
use dungeon_engine::lang::Lang;
use dungeon_engine::options::FirstAdventurer;
use dungeon_engine::{Engine, GameOptions};
use std::collections::BTreeMap;
use std::process::ExitCode;

#[derive(Args)]
pub struct SimArgs {
    /// Number of games.
    #[arg(long, short = 'n', default_value_t = 1000)]
    games: u64,
    /// Players per game (2-4).
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// Bot per seat, comma-separated (random, rules); the last one fills the remaining seats.
    #[arg(long, default_value = "rules")]
    bots: String,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Packs, comma-separated.
    #[arg(long, default_value = packs::DEFAULT_PACKS)]
    packs: String,
    /// The designer's variant (first bidding turn: the drawn card goes into the dungeon).
    #[arg(long)]
    variant: bool,
}

pub fn parse_bots(list: &str, seats: u8) -> Result<Vec<BotKind>, String> {
    let given: Vec<BotKind> = list
        .split(',')
        .map(|s| s.trim().parse())
        .collect::<Result<_, _>>()?;
    let last = *given.last().ok_or("--bots needs at least one bot")?;
    Ok((0..seats as usize)
        .map(|i| given.get(i).copied().unwrap_or(last))
        .collect())
}

#[derive(Default)]
struct Tally {
    games: u64,
    wins: u64,
    runs: u64,
    successes: u64,
}

pub fn run(library: &PackLibrary, lang: Lang, args: SimArgs) -> Result<ExitCode, String> {
    let catalog = packs::catalog(library, &args.packs).map_err(|d| d.to_string())?;
    let mut engine = Engine::new(catalog.clone()).map_err(|d| d.to_string())?;
    let kinds = parse_bots(&args.bots, args.players)?;
    let options = GameOptions {
        players: args.players,
        designer_variant: args.variant,
        first_adventurer: FirstAdventurer::Choose,
        ..GameOptions::default()
    };
    let mut seats: Vec<Tally> = (0..args.players).map(|_| Tally::default()).collect();
    let mut adventurers: BTreeMap<String, Tally> = BTreeMap::new();
    let mut errors = 0;
    let mut events = Vec::new();
    for g in 0..args.games {
        let seed = args.seed.wrapping_add(g);
        let mut bots: Vec<_> = kinds
            .iter()
            .enumerate()
            .map(|(i, k)| k.create(dungeon_engine::bot::seat_seed(seed, i)))
            .collect();
        events.clear();
        match play_game(
            &mut engine,
            options.clone(),
            seed,
            &mut bots,
            &mut events,
            |_, _| Ok(()),
        ) {
            Ok(state) => {
                for (i, s) in seats.iter_mut().enumerate() {
                    s.games += 1;
                    s.wins += u64::from(state.winner == Some(i as u8));
                }
                let mut current = None;
                for e in &events {
                    match e {
                        Event::RoundStarted { adventurer, .. } => {
                            current = Some(catalog.adventurer(*adventurer).info.id.clone())
                        }
                        Event::Success { .. } | Event::Failure { .. } => {
                            let t = adventurers
                                .entry(current.clone().unwrap_or_default())
                                .or_default();
                            t.runs += 1;
                            t.successes += u64::from(matches!(e, Event::Success { .. }));
                        }
                        // The game was decided in a round played with this adventurer.
                        Event::Won { .. } => {
                            adventurers
                                .entry(current.clone().unwrap_or_default())
                                .or_default()
                                .wins += 1;
                        }
                        _ => {}
                    }
                }
            }
            Err(e) => {
                errors += 1;
                eprintln!(
                    "{}",
                    tr(
                        lang,
                        "sim.game_error",
                        &[
                            ("game", g.to_string()),
                            ("seed", seed.to_string()),
                            ("error", e.to_string()),
                        ],
                    )
                );
            }
        }
    }
    let t = |key: &str, args: &[(&str, String)]| tr(lang, key, args);
    println!(
        "{}",
        t(
            "sim.summary",
            &[
                ("games", args.games.to_string()),
                ("players", args.players.to_string()),
                ("packs", catalog.pack_list()),
                (
                    "bots",
                    args.bots
                        .split(',')
                        .map(|b| bot_kind(lang, b.trim()))
                        .collect::<Vec<_>>()
                        .join(",")
                ),
            ]
        )
    );
    // Columns as wide as their heading in the language shown, at least as in English.
    let width = |key: &str, min: usize| t(key, &[]).chars().count().max(min);
    let (w_seat, w_bot, w_wins, w_pct) = (
        width("sim.seat", 6),
        width("sim.bot", 8).max(
            kinds
                .iter()
                .map(|k| bot_kind(lang, &k.id()).chars().count())
                .max()
                .unwrap_or(0),
        ),
        width("sim.wins", 7),
        width("sim.win_pct", 8),
    );
    println!(
        "\n{:<w_seat$} {:<w_bot$} {:>w_wins$} {:>w_pct$}",
        t("sim.seat", &[]),
        t("sim.bot", &[]),
        t("sim.wins", &[]),
        t("sim.win_pct", &[])
    );
    for (i, s) in seats.iter().enumerate() {
        println!(
            "{:<w_seat$} {:<w_bot$} {:>w_wins$} {:>w$.1}%",
            i,
            bot_kind(lang, &kinds[i].id()),
            s.wins,
            100.0 * s.wins as f64 / s.games.max(1) as f64,
            w = w_pct - 1
        );
    }
    let name = |id: &str| {
        catalog
            .find_adventurer(id)
            .map(|a| catalog.adventurer(a).info.name.get(lang).to_string())
            .unwrap_or_else(|| id.to_string())
    };
    let longest = adventurers
        .keys()
        .map(|id| name(id).chars().count())
        .max()
        .unwrap_or(0);
    let (w_adv, w_runs, w_succ, w_spct, w_dec) = (
        width("sim.adventurer", 14).max(longest),
        width("sim.runs", 7),
        width("sim.successes", 10),
        width("sim.success_pct", 10),
        width("sim.decided", 8),
    );
    println!(
        "\n{:<w_adv$} {:>w_runs$} {:>w_succ$} {:>w_spct$} {:>w_dec$}",
        t("sim.adventurer", &[]),
        t("sim.runs", &[]),
        t("sim.successes", &[]),
        t("sim.success_pct", &[]),
        t("sim.decided", &[])
    );
    for (id, tally) in &adventurers {
        println!(
            "{:<w_adv$} {:>w_runs$} {:>w_succ$} {:>w$.1}% {:>w_dec$}",
            name(id),
            tally.runs,
            tally.successes,
            100.0 * tally.successes as f64 / tally.runs.max(1) as f64,
            tally.wins,
            w = w_spct - 1
        );
    }
    println!("{}", t("sim.decided_note", &[]));
    if errors > 0 {
        println!("\n{}", t("sim.errors", &[("errors", errors.to_string())]));
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}
