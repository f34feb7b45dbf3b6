//! `dungeon soak --over ID` for any game on `dungeon-core` ([`Hosted`]): random games at
//! every player count asked, in turn plain and with each of the game's variants
//! ([`Hosted::variants`]), each checked by `dungeon_core::hosted::audit_random_game`: after
//! every decision the game's own audit ([`Hosted::audit`]: for Mazmorra, every card in one
//! place and each seat's view holding its own hand), a legal move, and every seat's view
//! against a state sampled from it; at the end, an outcome and the same game played again.
//! A failure prints what replays it (`--game I`).

use super::Totals;
use crate::text::{Arg, tr};
use dungeon_core::Hosted;
use dungeon_engine::lang::Lang;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// The table of game i: its player count, then the game's variants in turn (the plain
/// game first).
fn options<G: Hosted>(game: &G, i: u64, players: &[u8]) -> G::Options {
    let players = players[(i as usize) % players.len()];
    let variants = game.variants();
    let mut options = game.options_for(players);
    let variant = &variants[((i / players.max(1) as u64) % variants.len() as u64) as usize];
    for (id, value) in variant {
        let known = game.set_option(&mut options, id, value);
        debug_assert!(known, "{}: variant {id}={value}", game.id());
    }
    options
}

/// What is wrong with game `i`, if anything, and its decisions.
fn audit<G: Hosted>(game: &G, i: u64, seed: u64, players: &[u8]) -> (u64, Option<String>) {
    dungeon_core::hosted::audit_random_game(game, &options(game, i, players), seed + i)
}

pub(super) fn run<G: Hosted>(
    game: &G,
    lang: Lang,
    games: u64,
    seed: u64,
    players: &[u8],
    threads: usize,
    only: Option<u64>,
    quiet: bool,
) -> bool {
    let report = |i: u64, problem: &str| {
        let o = options(game, i, players);
        let a = [
            ("name", game.name(lang.code()).into()),
            ("game", i.into()),
            ("players", game.players(&o).into()),
            ("seed", (seed + i).into()),
            ("options", format!("{o:?}").into()),
            ("problem", problem.to_string().into()),
        ];
        println!("{}", tr(lang, "soak-game-failure", &a));
    };
    if let Some(i) = only {
        let (decisions, problem) = audit(game, i, seed, players);
        match problem {
            Some(p) => report(i, &p),
            None => println!(
                "{}",
                tr(
                    lang,
                    "soak-game-passed",
                    &[("game", i.into()), ("decisions", decisions.into())]
                )
            ),
        }
        return true;
    }
    let started = Instant::now();
    let totals = Totals::default();
    let next = AtomicU64::new(0);
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        if !quiet {
            scope.spawn(|| super::progress(lang, games, &totals, &finished, started));
        }
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games {
                            return;
                        }
                        let (decisions, problem) = audit(game, i, seed, players);
                        totals.decisions.fetch_add(decisions, Ordering::Relaxed);
                        if let Some(p) = problem {
                            totals.failed.fetch_add(1, Ordering::Relaxed);
                            report(i, &p);
                        }
                        totals.games.fetch_add(1, Ordering::Relaxed);
                    }
                })
            })
            .collect();
        for w in workers {
            let _ = w.join();
        }
        finished.store(true, Ordering::Relaxed);
    });
    let elapsed = started.elapsed().as_secs_f64();
    let done = totals.games.load(Ordering::Relaxed);
    let failed = totals.failed.load(Ordering::Relaxed);
    let a = [
        ("games", done.into()),
        ("seconds", Arg::decimal(elapsed, 1)),
        (
            "rate",
            format!("{:.0}", done as f64 / elapsed.max(1e-9)).into(),
        ),
        ("decisions", totals.decisions.load(Ordering::Relaxed).into()),
        ("failed", failed.into()),
    ];
    eprintln!("{}", tr(lang, "soak-done", &a));
    failed == 0
}
