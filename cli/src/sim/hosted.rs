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
use serde::{Deserialize, Serialize};

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
    /// Games ended by the game's own limit with nobody winning ([`Hosted::stalled`]).
    #[serde(skip)]
    stalled: Rate,
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

/// A bot's games and wins in a study.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BotRow {
    pub bot: String,
    pub games: u64,
    pub wins: u64,
}

/// The sums of a study's games at one player count, or of one slice of them (`--shard`):
/// what the report is made of, and what a part file holds. Slices add up to the whole.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Sums {
    pub players: u8,
    pub games: u64,
    /// In the order each bot first sat at a table of the whole study.
    pub bots: Vec<BotRow>,
    /// Wins by seat.
    pub seats: Vec<u64>,
    /// Games by ending, in the order of [`Hosted::endings`].
    pub endings: Vec<u64>,
    pub starter_wins: u64,
    pub stalled: u64,
    pub length: u64,
    pub decisions: u64,
}

/// The bots at each seat of game `j`: the lineup turned by `j` seats.
pub(super) fn seats_of(lineup: &[Bot], players: u8, j: u64) -> Vec<Bot> {
    (0..players as usize)
        .map(|s| {
            let i = (s + j as usize) % players as usize;
            *lineup.get(i).unwrap_or(lineup.last().expect("a bot"))
        })
        .collect()
}

/// The sums of a study with no game played: every bot in the order it first sits (so
/// that slices list them alike), every count zero.
pub(super) fn empty_sums<G: Hosted>(game: &G, players: u8, lineup: &[Bot], games: u64) -> Sums {
    let mut bots: Vec<BotRow> = Vec::new();
    for j in 0..games.min(u64::from(players)) {
        for bot in seats_of(lineup, players, j) {
            if !bots.iter().any(|b| b.bot == bot.id()) {
                bots.push(BotRow {
                    bot: bot.id(),
                    ..BotRow::default()
                });
            }
        }
    }
    Sums {
        players,
        bots,
        seats: vec![0; players as usize],
        endings: vec![0; game.endings().len()],
        ..Sums::default()
    }
}

/// Plays the games `j` of `shard` among `games` (seed + j, the lineup turned by j) on
/// `threads` threads, and adds them up. The same seed gives the same sums whatever the
/// thread count and whatever the split.
pub(super) fn play_slice<G: Hosted>(
    game: &G,
    options: &G::Options,
    lineup: &[Bot],
    games: u64,
    seed: u64,
    threads: usize,
    shard: super::shard::Shard,
) -> Result<Sums, String> {
    let players = game.players(options);
    let mine: Vec<u64> = (0..games)
        .filter(|j| j % shard.count == shard.index)
        .collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(vec![None; mine.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(mine.len()).max(1) {
            scope.spawn(|| {
                loop {
                    let n = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&j) = mine.get(n) else { return };
                    let r = play(game, options, &seats_of(lineup, players, j), seed + j);
                    results.lock().expect("results")[n] = Some(r);
                }
            });
        }
    });
    let mut sums = empty_sums(game, players, lineup, games);
    for (n, r) in results
        .into_inner()
        .expect("results")
        .into_iter()
        .enumerate()
    {
        let r = r.expect("every game played")?;
        sums.games += 1;
        for (s, bot) in seats_of(lineup, players, mine[n]).iter().enumerate() {
            let won = u64::from(r.winners.contains(&(s as u8)));
            if let Some(b) = sums.bots.iter_mut().find(|b| b.bot == bot.id()) {
                (b.games, b.wins) = (b.games + 1, b.wins + won);
            }
            sums.seats[s] += won;
        }
        sums.starter_wins += u64::from(r.starter.is_some_and(|s| r.winners.contains(&s)));
        if let Some(i) = game.endings().iter().position(|&e| e == r.ending) {
            sums.endings[i] += 1;
        }
        sums.stalled += u64::from(game.stalled().contains(&r.ending));
        sums.length += u64::from(r.length);
        sums.decisions += r.decisions;
    }
    Ok(sums)
}

/// The report of a study from its sums.
pub(super) fn report<G: Hosted>(
    game: &G,
    lang: Lang,
    options: &G::Options,
    seed: u64,
    sums: &Sums,
) -> Result<Report, String> {
    let (players, n) = (sums.players, sums.games);
    let starter = rate(String::new(), sums.starter_wins, n);
    let stalled = rate(String::new(), sums.stalled, n);
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
    let mean = |x: u64| if n == 0 { 0.0 } else { x as f64 / n as f64 };
    Ok(Report {
        game: game.id(),
        players,
        games: n,
        seed,
        options: serde_json::to_value(options).map_err(|e| e.to_string())?,
        bots: (sums.bots.iter())
            .map(|b| rate(b.bot.clone(), b.wins, b.games))
            .collect(),
        seats: (sums.seats.iter().enumerate())
            .map(|(s, &w)| rate(s.to_string(), w, n))
            .collect(),
        starter,
        endings: (game.endings().iter().zip(&sums.endings))
            .map(|(e, &k)| rate(e.to_string(), k, n))
            .collect(),
        mean_length: mean(sums.length),
        length_unit: game.length_unit(code),
        mean_decisions: mean(sums.decisions),
        stalled,
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

/// The reports as one long table (`--csv`), the first game's columns:
/// `table,key,total,count,rate,ci_low,ci_high`, keys led by the player count (`2p/...`).
/// Tables: `sanity_starter` and `sanity_stalled` (key `2p`), `sanity_warning` (one row per
/// measure out of range: `starter/2p/out`), `bots` (`2p/normal`), `seats` (`2p/seat0`),
/// `starter` (`2p`), `endings` (`2p/escape`).
pub(super) fn csv(reports: &[Report]) -> String {
    use std::fmt::Write;
    let mut out = String::from(super::csv::HEADER) + "\n";
    let mut row = |table: &str, key: &str, r: &Rate| {
        let _ = writeln!(
            out,
            "{table},{key},{},{},{:.6},{:.6},{:.6}",
            r.games, r.wins, r.rate, r.ci.0, r.ci.1
        );
    };
    for r in reports {
        let p = format!("{}p", r.players);
        let of = |m: &Measure| {
            if m.measure == "starter" {
                &r.starter
            } else {
                &r.stalled
            }
        };
        for m in &r.sanity {
            row(&format!("sanity_{}", m.measure), &p, of(m));
        }
        for m in r.sanity.iter().filter(|m| !m.in_range) {
            row("sanity_warning", &format!("{}/{p}/out", m.measure), of(m));
        }
        for b in &r.bots {
            row("bots", &format!("{p}/{}", b.key), b);
        }
        for s in &r.seats {
            row("seats", &format!("{p}/seat{}", s.key), s);
        }
        row("starter", &p, &r.starter);
        for e in &r.endings {
            row("endings", &format!("{p}/{}", e.key), e);
        }
    }
    out
}
