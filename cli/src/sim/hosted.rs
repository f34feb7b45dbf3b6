//! `dungeon sim --game ID` for any game on `dungeon-core` ([`Hosted`]): Mazmorra, and
//! whatever game is added to `crate::games`. Its bots are `dungeon_core::bots`
//! (`random`; `normal` and `hard`, IS-MCTS at 100 and 300 iterations; `hard:N`). Game i of
//! a player count uses seed + i and turns the bot list by i seats. The report: wins by bot
//! and by seat with 95% Wilson intervals, the starter's wins, how games ended (the game's
//! own endings), their length, and the "does this look like a game?" measures with a
//! warning when one is out of range. The same seed gives the same report whatever the
//! thread count.

use super::stats::wilson;
use crate::text::{Arg, tr};
use dungeon_core::Hosted;
use dungeon_core::bots::Bot;
use dungeon_engine::Lang;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde::Serialize;

/// One game's result.
#[derive(Clone, Debug, Default)]
struct Played {
    winners: Vec<u8>,
    starter: Option<u8>,
    ending: &'static str,
    length: u32,
    decisions: u64,
}

fn play<G: Hosted>(
    game: &G,
    options: &G::Options,
    bots: &[Bot],
    seed: u64,
) -> Result<Played, String> {
    let mut events = Vec::new();
    let mut state = game
        .new_game(options, seed, &mut events)
        .map_err(|e| e.to_string())?;
    let mut rngs: Vec<ChaCha8Rng> = (0..bots.len() as u64)
        .map(|s| ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9).wrapping_add(s)))
        .collect();
    let mut played = Played::default();
    let starter = |events: &[G::Event]| (events.iter()).find_map(|e| game.starter(e));
    // Who began: as the game's events tell it, else the first seat to act.
    played.starter = starter(&events).or(game.to_act(&state));
    while let Some(seat) = game.to_act(&state) {
        events.clear();
        let action = bots[seat as usize].choose(game, &state, seat, &mut rngs[seat as usize]);
        game.apply(&mut state, &action, &mut events)
            .map_err(|e| e.to_string())?;
        played.decisions += 1;
        if let Some(s) = starter(&events) {
            played.starter = Some(s);
        }
    }
    played.winners = game.outcome(&state).map(|o| o.winners).unwrap_or_default();
    played.ending = game.ending(&state, &events);
    played.length = game.length(&state);
    Ok(played)
}

#[derive(Serialize)]
struct Rate {
    key: String,
    games: u64,
    wins: u64,
    rate: f64,
    ci: (f64, f64),
}

fn rate(key: String, wins: u64, games: u64) -> Rate {
    Rate {
        key,
        games,
        wins,
        rate: if games == 0 {
            0.0
        } else {
            wins as f64 / games as f64
        },
        ci: wilson(wins, games),
    }
}

#[derive(Serialize)]
pub(super) struct Report {
    game: &'static str,
    players: u8,
    games: u64,
    seed: u64,
    options: serde_json::Value,
    bots: Vec<Rate>,
    seats: Vec<Rate>,
    starter: Rate,
    /// How games ended, by the game's own endings (`key`; `wins`: games that ended so).
    endings: Vec<Rate>,
    /// Mean length, in the game's unit (`length_unit`).
    mean_length: f64,
    length_unit: String,
    mean_decisions: f64,
    /// The measures that say whether this looks like a game, each with its goal.
    sanity: Vec<Measure>,
    warnings: Vec<String>,
    #[serde(skip)]
    ending_names: Vec<String>,
}

#[derive(Serialize)]
struct Measure {
    /// `starter` (the player who started wins) or `stalled` (games ending with nobody
    /// winning by the game's own limit).
    measure: &'static str,
    rate: f64,
    ci: (f64, f64),
    at_most: f64,
    in_range: bool,
}

/// Plays `games` games on `threads` threads and reports them.
pub(super) fn study<G: Hosted>(
    game: &G,
    lang: Lang,
    options: &G::Options,
    lineup: &[Bot],
    games: u64,
    seed: u64,
    threads: usize,
) -> Result<Report, String> {
    let players = game.players(options);
    let seats = |j: u64| -> Vec<Bot> {
        (0..players as usize)
            .map(|s| {
                let i = (s + j as usize) % players as usize;
                *lineup.get(i).unwrap_or(lineup.last().expect("a bot"))
            })
            .collect()
    };
    let next = std::sync::atomic::AtomicU64::new(0);
    let results = std::sync::Mutex::new(vec![None; games as usize]);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(games as usize).max(1) {
            scope.spawn(|| {
                loop {
                    let j = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if j >= games {
                        return;
                    }
                    let r = play(game, options, &seats(j), seed + j);
                    results.lock().expect("results")[j as usize] = Some(r);
                }
            });
        }
    });
    let results = results.into_inner().expect("results");
    let mut by_bot: Vec<(String, u64, u64)> = Vec::new();
    let mut by_seat = vec![0u64; players as usize];
    let mut by_ending = vec![0u64; game.endings().len()];
    let (mut starter_wins, mut stalled) = (0, 0);
    let (mut length, mut decisions) = (0u64, 0u64);
    for (j, r) in results.into_iter().enumerate() {
        let r = r.expect("every game played")?;
        for (s, bot) in seats(j as u64).iter().enumerate() {
            let id = bot.id();
            let won = u64::from(r.winners.contains(&(s as u8)));
            match by_bot.iter_mut().find(|b| b.0 == id) {
                Some(b) => (b.1, b.2) = (b.1 + 1, b.2 + won),
                None => by_bot.push((id, 1, won)),
            }
            by_seat[s] += won;
        }
        starter_wins += u64::from(r.starter.is_some_and(|s| r.winners.contains(&s)));
        if let Some(i) = game.endings().iter().position(|&e| e == r.ending) {
            by_ending[i] += 1;
        }
        stalled += u64::from(game.stalled().contains(&r.ending));
        length += u64::from(r.length);
        decisions += r.decisions;
    }
    let n = games;
    let starter = rate(String::new(), starter_wins, n);
    let stalled = rate(String::new(), stalled, n);
    let mut warnings = Vec::new();
    let fair = 1.0 / f64::from(players) + 0.2;
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    let measure = |measure, r: &Rate, at_most: f64| Measure {
        measure,
        rate: r.rate,
        ci: r.ci,
        at_most,
        in_range: r.ci.0 <= at_most,
    };
    let mut sanity = vec![measure("starter", &starter, fair)];
    if starter.ci.0 > fair {
        let a = [
            ("value", pct(starter.rate).into()),
            ("goal", pct(fair).into()),
        ];
        warnings.push(tr(lang, "sim-game-warn-starter", &a));
    }
    let code = lang.code();
    if !game.stalled().is_empty() {
        sanity.push(measure("stalled", &stalled, 0.1));
        if stalled.ci.0 > 0.1 {
            let endings = (game.stalled().iter())
                .map(|e| game.ending_name(code, e))
                .collect::<Vec<_>>()
                .join(", ");
            let a = [
                ("value", pct(stalled.rate).into()),
                ("goal", pct(0.1).into()),
                ("endings", endings.into()),
            ];
            warnings.push(tr(lang, "sim-game-warn-stalled", &a));
        }
    }
    Ok(Report {
        game: game.id(),
        players,
        games,
        seed,
        options: serde_json::to_value(options).map_err(|e| e.to_string())?,
        bots: by_bot.into_iter().map(|(k, g, w)| rate(k, w, g)).collect(),
        seats: (by_seat.iter().enumerate())
            .map(|(s, &w)| rate(s.to_string(), w, n))
            .collect(),
        starter,
        endings: (game.endings().iter().zip(&by_ending))
            .map(|(e, &k)| rate(e.to_string(), k, n))
            .collect(),
        mean_length: length as f64 / n as f64,
        length_unit: game.length_unit(code),
        mean_decisions: decisions as f64 / n as f64,
        sanity,
        warnings,
        ending_names: (game.endings().iter())
            .map(|e| game.ending_name(code, e))
            .collect(),
    })
}

/// The report as lines, in the reader's language.
pub(super) fn render(lang: Lang, name: &str, r: &Report) -> String {
    let t = |key: &'static str, a: &[(&str, Arg)]| tr(lang, key, a);
    let row = |label: &str, x: &Rate| {
        format!(
            "  {label:<18} {:>6}  {:>5.1}%  {:>5.1}-{:.1}\n",
            x.games,
            100.0 * x.rate,
            100.0 * x.ci.0,
            100.0 * x.ci.1
        )
    };
    let a = [
        ("game", name.to_string().into()),
        ("games", r.games.into()),
        ("players", r.players.into()),
        ("seed", r.seed.into()),
    ];
    let mut out = t("sim-game-title", &a) + "\n\n";
    out += &(t("sim-game-bots", &[]) + "\n");
    for b in &r.bots {
        out += &row(&b.key, b);
    }
    out += &format!("\n{}\n", t("sim-game-seats", &[]));
    for s in &r.seats {
        out += &row(&s.key, s);
    }
    out += &row(&t("sim-game-starter", &[]), &r.starter);
    out += &format!("\n{}\n", t("sim-game-endings", &[]));
    for (name, e) in r.ending_names.iter().zip(&r.endings) {
        out += &row(name, e);
    }
    let a = [
        ("length", format!("{:.1}", r.mean_length).into()),
        ("unit", r.length_unit.clone().into()),
        ("decisions", format!("{:.1}", r.mean_decisions).into()),
    ];
    out += &format!(
        "{}\n\n{}\n",
        t("sim-game-length", &a),
        t("sim-title-sanity", &[])
    );
    for m in &r.sanity {
        let goal = t(
            "sim-sanity-at-most",
            &[("goal", format!("{:.1}%", 100.0 * m.at_most).into())],
        );
        let verdict = t(
            if m.in_range {
                "sim-sanity-in-range"
            } else {
                "sim-sanity-out"
            },
            &[],
        );
        let label = match m.measure {
            "starter" => t("sim-game-starter", &[]),
            _ => t("sim-game-stalled", &[]),
        };
        out += &format!(
            "  {label:<18} {:>5.1}%  {:>5.1}-{:.1}  {goal}  {verdict}\n",
            100.0 * m.rate,
            100.0 * m.ci.0,
            100.0 * m.ci.1
        );
    }
    if r.warnings.is_empty() {
        out += &(t("sim-sanity-no-warning", &[]) + "\n");
    }
    for w in &r.warnings {
        out += &(t("sim-sanity-warn-out", &[("what", w.clone().into())]) + "\n");
    }
    out
}
