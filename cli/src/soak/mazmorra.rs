//! `dungeon soak --over mazmorra`: random Mazmorra games at every player count asked, in
//! turn plain and with each variant, each checked after every decision: every card in one
//! place (`State::cards_in_play`), a legal move for the seat to act, every seat's view
//! holding its own hand and a state sampled from the acting seat's view showing it that
//! same view; at the end, an outcome, and the game played again from its moves giving the
//! same state. A failure prints what replays it (`--game I`).

use super::Totals;
use crate::text::{Arg, tr};
use dungeon_core::{Game, play_random, replay};
use dungeon_engine::lang::Lang;
use dungeon_mazmorra::Mazmorra;
use dungeon_mazmorra::cards::DeckKind;
use dungeon_mazmorra::state::{CounterAttack, Darkness, Options};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// The variants game i cycles through (the plain game, then each variant).
fn options(i: u64, players: &[u8]) -> Options {
    let players = players[(i as usize) % players.len()];
    let plain = Options {
        players,
        ..Options::default()
    };
    match (i / players.max(1) as u64) % 8 {
        0 => plain,
        1 => Options {
            random_cells: true,
            ..plain
        },
        2 => Options {
            suicidal_queen: true,
            ..plain
        },
        3 => Options {
            counter_attack: CounterAttack::Both,
            ..plain
        },
        4 => Options {
            deck: DeckKind::Spanish40,
            ..plain
        },
        5 => Options {
            darkness: Darkness::PitchBlack,
            ..plain
        },
        6 => Options {
            darkness: Darkness::AlmostBlack,
            ..plain
        },
        _ => Options {
            deck: DeckKind::Spanish48,
            random_cells: true,
            ..plain
        },
    }
}

/// What is wrong with game `i`, if anything, and its decisions.
fn audit(i: u64, seed: u64, players: &[u8]) -> (u64, Option<String>) {
    let options = options(i, players);
    let seed = seed + i;
    let (end, actions) = match play_random(&Mazmorra, &options, seed, 1_000_000) {
        Ok(played) => played,
        Err(e) => return (0, Some(e.to_string())),
    };
    let decisions = actions.len() as u64;
    let fail = |n: usize, what: String| (decisions, Some(format!("after decision {n}: {what}")));
    let mut state = match Mazmorra.new_game(&options, seed, &mut Vec::new()) {
        Ok(s) => s,
        Err(e) => return (decisions, Some(e.to_string())),
    };
    let total = state.cards_in_play();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for (n, action) in actions.iter().enumerate() {
        let Some(seat) = Mazmorra.to_act(&state) else {
            return fail(n, "a move after the end".into());
        };
        for s in 0..options.players {
            if Mazmorra.view(&state, Some(s)).hand != state.prisoners[s as usize].hand {
                return fail(n, format!("seat {s}'s view holds another hand"));
            }
        }
        let view = Mazmorra.view(&state, Some(seat));
        if view.legal.is_empty() {
            return fail(n, "no legal move".into());
        }
        if Mazmorra.view(&Mazmorra.determinize(&view, &mut rng), Some(seat)) != view {
            return fail(n, "a state sampled from the view shows another view".into());
        }
        if let Err(e) = Mazmorra.apply(&mut state, action, &mut Vec::new()) {
            return fail(n, e.to_string());
        }
        if state.cards_in_play() != total {
            return fail(n, format!("{} cards, not {total}", state.cards_in_play()));
        }
    }
    if Mazmorra.outcome(&end).is_none() {
        return (decisions, Some("no outcome".into()));
    }
    match replay(&Mazmorra, &options, seed, &actions) {
        Ok(again) if again == end => (decisions, None),
        _ => (
            decisions,
            Some("played again, the game ends otherwise".into()),
        ),
    }
}

pub(super) fn run(
    lang: Lang,
    games: u64,
    seed: u64,
    players: &[u8],
    threads: usize,
    only: Option<u64>,
    quiet: bool,
) -> bool {
    let report = |i: u64, problem: &str| {
        let o = options(i, players);
        let a = [
            ("game", i.into()),
            ("players", o.players.into()),
            ("seed", (seed + i).into()),
            ("options", format!("{o:?}").into()),
            ("problem", problem.to_string().into()),
        ];
        println!("{}", tr(lang, "soak-mz-failure", &a));
    };
    if let Some(i) = only {
        let (decisions, problem) = audit(i, seed, players);
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
                        let (decisions, problem) = audit(i, seed, players);
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
