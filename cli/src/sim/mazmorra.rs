//! `dungeon sim --game mazmorra`: the lab for the second game, on `dungeon-core`'s game
//! abstraction and its bots (`random`; `normal` and `hard`, IS-MCTS at 100 and 300
//! iterations; `hard:N`). Game i of a player count uses seed + i and turns the bot list
//! by i seats. The report: wins by bot and by seat with 95% Wilson intervals, the
//! starter's wins (who starts is drawn by cards), how games ended, their length, and the
//! "does this look like a game?" measures with a warning when one is out of range. The same
//! seed gives the same report whatever the thread count.

use super::stats::wilson;
use crate::text::{Arg, tr};
use dungeon_core::Game;
use dungeon_core::ismcts::{Search, decide};
use dungeon_engine::Lang;
use dungeon_mazmorra::Mazmorra;
use dungeon_mazmorra::action::Event;
use dungeon_mazmorra::state::Options;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde::Serialize;

/// A seat's player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bot {
    Random,
    Search(u32),
}

impl Bot {
    /// The bot's move for `seat`, the seat to act, its draws from `rng`: the lab's and the
    /// terminal table's bots alike.
    pub(crate) fn choose(
        self,
        state: &dungeon_mazmorra::state::State,
        seat: u8,
        rng: &mut ChaCha8Rng,
    ) -> dungeon_mazmorra::action::Action {
        match self {
            Bot::Random => {
                let legal = Mazmorra.legal_actions(state);
                legal[rng.random_range(..legal.len())].clone()
            }
            Bot::Search(iterations) => {
                let search = Search {
                    iterations,
                    ..Search::default()
                };
                let view = Mazmorra.view(state, Some(seat));
                decide(&Mazmorra, &view, search, rng).expect("a seat to act has a move")
            }
        }
    }

    pub(crate) fn id(self) -> String {
        match self {
            Bot::Random => "random".into(),
            Bot::Search(n) => format!("ismcts:{n}"),
        }
    }
}

/// The bots of a comma-separated list (levels as for the first game).
pub(crate) fn lineup(list: &str) -> Option<Vec<Bot>> {
    (list.split(','))
        .map(|b| match b.trim() {
            "random" | "easy" => Some(Bot::Random),
            "normal" | "ismcts" => Some(Bot::Search(100)),
            "hard" => Some(Bot::Search(300)),
            other => (other
                .strip_prefix("hard:")
                .or(other.strip_prefix("ismcts:")))
            .and_then(|n| n.parse().ok())
            .filter(|n| (1..=100_000).contains(n))
            .map(Bot::Search),
        })
        .collect()
}

/// The table options from `--ruling ID=CHOICE` (the rulings and variants of
/// `docs/mazmorra.md`).
pub(crate) fn options(players: u8, rulings: &[String]) -> Result<Options, String> {
    let mut o = Options {
        players,
        ..Options::default()
    };
    for given in rulings {
        let (id, value) = given.split_once('=').unwrap_or((given, ""));
        let ok = o.set(id, value);
        if !ok {
            return Err(dungeon_engine::printable::escape_line(given).into_owned());
        }
    }
    Ok(o)
}

/// One game's result.
#[derive(Clone, Debug, Default)]
struct Played {
    winners: Vec<u8>,
    starter: Option<u8>,
    escaped: bool,
    turns: u32,
    decisions: u64,
}

fn play(options: &Options, bots: &[Bot], seed: u64) -> Result<Played, String> {
    let game = Mazmorra;
    let mut events = Vec::new();
    let mut state = game
        .new_game(options, seed, &mut events)
        .map_err(|e| e.to_string())?;
    let mut rngs: Vec<ChaCha8Rng> = (0..bots.len() as u64)
        .map(|s| ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9).wrapping_add(s)))
        .collect();
    let mut played = Played::default();
    while let Some(seat) = game.to_act(&state) {
        let action = bots[seat as usize].choose(&state, seat, &mut rngs[seat as usize]);
        game.apply(&mut state, &action, &mut events)
            .map_err(|e| e.to_string())?;
        played.decisions += 1;
        for e in events.drain(..) {
            match e {
                Event::Starts { seat } => played.starter = Some(seat),
                Event::PassagePlayed { .. } if state.winners.is_some() => played.escaped = true,
                _ => {}
            }
        }
    }
    played.winners = state.winners.clone().unwrap_or_default();
    played.turns = state.turns;
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
    options: Options,
    bots: Vec<Rate>,
    seats: Vec<Rate>,
    starter: Rate,
    escaped: Rate,
    last_alive: Rate,
    turn_limit: Rate,
    mean_turns: f64,
    mean_decisions: f64,
    /// The measures that say whether this looks like a game, each with its goal.
    sanity: Vec<Measure>,
    warnings: Vec<String>,
}

#[derive(Serialize)]
struct Measure {
    measure: &'static str,
    rate: f64,
    ci: (f64, f64),
    at_most: f64,
    in_range: bool,
}

/// Plays `games` games of `players` seats on `threads` threads and reports them.
pub(super) fn study(
    lang: Lang,
    options: &Options,
    lineup: &[Bot],
    games: u64,
    seed: u64,
    threads: usize,
) -> Result<Report, String> {
    let players = options.players;
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
                    let r = play(options, &seats(j), seed + j);
                    results.lock().expect("results")[j as usize] = Some(r);
                }
            });
        }
    });
    let results = results.into_inner().expect("results");
    let mut by_bot: Vec<(String, u64, u64)> = Vec::new();
    let (mut by_seat, mut seat_games) = (vec![0u64; players as usize], 0u64);
    let (mut starter_wins, mut escaped, mut alive, mut limit) = (0, 0, 0, 0);
    let (mut turns, mut decisions) = (0u64, 0u64);
    for (j, r) in results.into_iter().enumerate() {
        let r = r.expect("every game played")?;
        let lineup = seats(j as u64);
        for (s, bot) in lineup.iter().enumerate() {
            let id = bot.id();
            let won = u64::from(r.winners.contains(&(s as u8)));
            match by_bot.iter_mut().find(|b| b.0 == id) {
                Some(b) => (b.1, b.2) = (b.1 + 1, b.2 + won),
                None => by_bot.push((id, 1, won)),
            }
            by_seat[s] += won;
        }
        seat_games += 1;
        starter_wins += u64::from(r.starter.is_some_and(|s| r.winners.contains(&s)));
        match (r.winners.is_empty(), r.escaped) {
            (true, _) => limit += 1,
            (false, true) => escaped += 1,
            (false, false) => alive += 1,
        }
        turns += u64::from(r.turns);
        decisions += r.decisions;
    }
    let n = games;
    let starter = rate(String::new(), starter_wins, n);
    let turn_limit = rate(String::new(), limit, n);
    let escaped = rate(String::new(), escaped, n);
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
    let sanity = vec![
        measure("sim-mz-starter", &starter, fair),
        measure("sim-mz-turn-limit", &turn_limit, 0.1),
    ];
    if starter.ci.0 > fair {
        let a = [
            ("value", pct(starter.rate).into()),
            ("goal", pct(fair).into()),
        ];
        warnings.push(tr(lang, "sim-mz-warn-starter", &a));
    }
    if turn_limit.ci.0 > 0.1 {
        let a = [
            ("value", pct(turn_limit.rate).into()),
            ("goal", pct(0.1).into()),
        ];
        warnings.push(tr(lang, "sim-mz-warn-limit", &a));
    }
    Ok(Report {
        game: "mazmorra",
        players,
        games,
        seed,
        options: options.clone(),
        bots: by_bot.into_iter().map(|(k, g, w)| rate(k, w, g)).collect(),
        seats: (by_seat.iter().enumerate())
            .map(|(s, &w)| rate(s.to_string(), w, seat_games))
            .collect(),
        starter,
        escaped,
        last_alive: rate(String::new(), alive, n),
        turn_limit,
        mean_turns: turns as f64 / n as f64,
        mean_decisions: decisions as f64 / n as f64,
        sanity,
        warnings,
    })
}

/// The report as lines, in the reader's language.
pub(super) fn render(lang: Lang, r: &Report) -> String {
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
        ("games", r.games.into()),
        ("players", r.players.into()),
        ("seed", r.seed.into()),
    ];
    let mut out = t("sim-mz-title", &a) + "\n\n";
    out += &(t("sim-mz-bots", &[]) + "\n");
    for b in &r.bots {
        out += &row(&b.key, b);
    }
    out += &format!("\n{}\n", t("sim-mz-seats", &[]));
    for s in &r.seats {
        out += &row(&s.key, s);
    }
    out += &row(&t("sim-mz-starter", &[]), &r.starter);
    out += &format!("\n{}\n", t("sim-mz-endings", &[]));
    out += &row(&t("sim-mz-escaped", &[]), &r.escaped);
    out += &row(&t("sim-mz-last-alive", &[]), &r.last_alive);
    out += &row(&t("sim-mz-turn-limit", &[]), &r.turn_limit);
    let a = [
        ("turns", format!("{:.1}", r.mean_turns).into()),
        ("decisions", format!("{:.1}", r.mean_decisions).into()),
    ];
    out += &format!(
        "{}\n\n{}\n",
        t("sim-mz-length", &a),
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
        out += &format!(
            "  {:<18} {:>5.1}%  {:>5.1}-{:.1}  {goal}  {verdict}\n",
            t(m.measure, &[]),
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
