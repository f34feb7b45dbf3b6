//! Studies of the bots beyond what `dungeon sim` offers: games between bots (seats turned
//! one a game), with the measures of a sane game, for variants of the `normal` bot and for
//! bots forced to pick one adventurer.
//!
//! `cargo run --release -p dungeon-bots --example bot_study GAMES PLAYERS BOTS [PACKS]`
//!
//! BOTS is a comma-separated list (the last fills the remaining seats) of bot ids
//! (`novice`, `rules`, `ismcts:100`...), of `planner` (the `normal` bot) with parameters
//! (`planner:soft=0.2+strip=0.4`; keys `soft`, `strip`, `cstrip`, `starter`, `success`,
//! `cstarter`, `csuccess`, `rounds`: see `Params`), of `noisyE@BOT` (BOT, but a random
//! move with chance E) and of `A@BOT` (BOT, but always choosing the adventurer of catalog
//! index A when it may). `TRACE=1` prints the first game; `ENDINGS=1` how rounds go with
//! each adventurer at the start of a game (what the `normal` bot chooses by).
//!
//! Whether one adventurer is always the best choice: `bot_study 1000 2 planner,3@planner`
//! plays the `normal` bot against one that always picks the Rogue (index 3 in the base
//! box), and so on for each index (docs/bots.md has the figures).
use dungeon_bots::{Bot, BotKind, Params, PlannerBot, play_game, seat_seed};
use dungeon_engine::event::Event;
use dungeon_engine::{Engine, GameOptions};
use std::collections::BTreeMap;
use std::time::Instant;

#[path = "../benches/support/mod.rs"]
mod support;

/// A bot that always picks one adventurer (by index) and otherwise plays as `inner`.
struct Forced {
    inner: Box<dyn Bot>,
    adventurer: usize,
}

impl Bot for Forced {
    fn name(&self) -> &'static str {
        "forced"
    }
    fn decide(
        &mut self,
        rules: &mut dyn dungeon_engine::Rules,
        view: &dungeon_engine::View,
    ) -> dungeon_engine::Action {
        if let Some(dungeon_engine::DecisionKind::ChooseAdventurer { options }) =
            view.decision().map(|d| &d.kind)
        {
            let a = dungeon_engine::AdventurerId(self.adventurer as u16);
            if options.contains(&a) {
                return dungeon_engine::Action::ChooseAdventurer(a);
            }
        }
        self.inner.decide(rules, view)
    }
    fn save(&self) -> dungeon_bots::BotState {
        self.inner.save()
    }
}

/// A bot that plays a random legal action with chance `epsilon`, else as `inner`.
struct Noisy {
    inner: Box<dyn Bot>,
    epsilon: f64,
    rng: rand_chacha::ChaCha8Rng,
}

impl Bot for Noisy {
    fn name(&self) -> &'static str {
        "noisy"
    }
    fn decide(
        &mut self,
        rules: &mut dyn dungeon_engine::Rules,
        view: &dungeon_engine::View,
    ) -> dungeon_engine::Action {
        use rand::RngExt;
        use rand::seq::IndexedRandom;
        let legal = dungeon_bots::legal(view);
        if legal.len() > 1 && self.rng.random::<f64>() < self.epsilon {
            return *legal.choose(&mut self.rng).unwrap();
        }
        self.inner.decide(rules, view)
    }
    fn save(&self) -> dungeon_bots::BotState {
        self.inner.save()
    }
}

fn make(name: &str, seed: u64) -> Box<dyn Bot> {
    if let Some(rest) = name.strip_prefix("noisy") {
        let (e, rest) = rest.split_once('@').expect("noisyE@bot");
        use rand_chacha::rand_core::SeedableRng;
        return Box::new(Noisy {
            inner: make(rest, seed),
            epsilon: e.parse().expect("epsilon"),
            rng: rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0xabcdef),
        });
    }
    if let Some((a, rest)) = name.split_once('@') {
        return Box::new(Forced {
            inner: make(rest, seed),
            adventurer: a.parse().expect("an adventurer index"),
        });
    }
    if let Some(rest) = name.strip_prefix("planner") {
        let mut p = Params::default();
        for kv in rest
            .trim_start_matches(':')
            .split('+')
            .filter(|s| !s.is_empty())
        {
            let (k, v) = kv.split_once('=').expect("key=value");
            let v: f64 = v.parse().expect("a number");
            match k {
                "soft" => p.softness = v,
                "strip" => p.strip = v,
                "cstrip" => p.choice_strip = v,
                "rounds" => p.choose_by_rounds = v != 0.0,
                "cstarter" => p.choice_model.starter_runs = v,
                "csuccess" => p.choice_model.run_succeeds = v,
                "quick" => p.quick_placement = v != 0.0,
                "starter" => p.model.starter_runs = v,
                "success" => p.model.run_succeeds = v,
                _ => panic!("unknown parameter {k}"),
            }
        }
        return Box::new(PlannerBot::with_params(seed, p));
    }
    name.parse::<BotKind>().expect("bot").create(seed)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let players: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let names: Vec<String> = args
        .next()
        .unwrap_or("planner".into())
        .split(',')
        .map(String::from)
        .collect();
    let packs = args.next().unwrap_or("base".into());
    let packs: Vec<&str> = packs.split(',').collect();
    let mut engine = Engine::new(support::catalog(&packs)).expect("engine");
    let catalog = engine.catalog().clone();
    let lineup: Vec<&str> = (0..players)
        .map(|s| names[s.min(names.len() - 1)].as_str())
        .collect();
    let mut wins_by_bot: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
    let mut first_wins = 0u64;
    let mut starter_ran = 0u64;
    let (mut rounds, mut set_asides, mut set_sq, mut successes) = (0u64, 0u64, 0u64, 0u64);
    let mut adventurers: BTreeMap<String, u64> = BTreeMap::new();
    let start = Instant::now();
    for g in 0..games {
        let seed = 1 + g;
        // Rotate seats.
        let seats: Vec<&str> = (0..players)
            .map(|s| lineup[(s + g as usize) % players])
            .collect();
        let mut bots: Vec<Box<dyn Bot>> = seats
            .iter()
            .enumerate()
            .map(|(s, n)| make(n, seat_seed(seed, s)))
            .collect();
        let options = GameOptions {
            players: players as u8,
            ..Default::default()
        };
        let mut events = Vec::new();
        let end = play_game(
            &mut engine,
            options,
            seed,
            &mut bots,
            &mut events,
            |_, _| Ok(()),
        )
        .expect("game");
        if std::env::var_os("TRACE").is_some() && g == 0 {
            for e in &events {
                println!("    {}", e.describe(&catalog));
            }
        }
        let mut first = 0;
        let mut in_round = 0u64;
        let mut starter = 0;
        for e in &events {
            match e {
                Event::GameStarted { first: f, .. } => first = *f,
                Event::Entered { seat, .. } => {
                    starter_ran += (*seat == starter) as u64;
                }
                Event::RoundStarted {
                    adventurer, first, ..
                } => {
                    starter = *first;
                    *adventurers
                        .entry(catalog.adventurer(*adventurer).info.id.clone())
                        .or_default() += 1;
                }
                Event::SetAside { .. } => in_round += 1,
                Event::Success { .. } | Event::Failure { .. } => {
                    rounds += 1;
                    successes += matches!(e, Event::Success { .. }) as u64;
                    set_asides += in_round;
                    set_sq += in_round * in_round;
                    in_round = 0;
                }
                _ => {}
            }
        }
        for (s, n) in seats.iter().enumerate() {
            let w = wins_by_bot.entry(n).or_default();
            w.1 += 1;
            if end.winner == Some(s as u8) {
                w.0 += 1;
            }
        }
        if end.winner == Some(first) {
            first_wins += 1;
        }
    }
    let took = start.elapsed();
    println!(
        "{games} games, {players} players, {packs:?}, {lineup:?}: {:.1} games/s",
        games as f64 / took.as_secs_f64()
    );
    for (n, (w, t)) in &wins_by_bot {
        println!("  {n}: {:.1}% of {t}", 100.0 * *w as f64 / *t as f64);
    }
    let mean = set_asides as f64 / rounds as f64;
    let var = set_sq as f64 / rounds as f64 - mean * mean;
    println!(
        "  first player wins {:.1}% (limit {:.1}%); tiles set aside per round {:.2} (sd {:.2}); runs succeed {:.1}% of {rounds}; rounds a game {:.2}",
        100.0 * first_wins as f64 / games as f64,
        100.0 * (1.0 / players as f64 + 0.2),
        mean,
        var.sqrt(),
        100.0 * successes as f64 / rounds as f64,
        rounds as f64 / games as f64
    );
    if std::env::var_os("ENDINGS").is_some() {
        show_endings(&mut engine, players as u8);
    }
    println!(
        "  adventurers: {adventurers:?}; the starter ran {:.1}%",
        100.0 * starter_ran as f64 / rounds as f64
    );
}

#[allow(dead_code)]
fn show_endings(engine: &mut Engine, players: u8) {
    let catalog = engine.catalog().clone();
    for a in catalog.adventurer_ids() {
        let e = dungeon_bots::endings(
            engine,
            &GameOptions::default(),
            &Params::default(),
            a,
            &vec![(false, 0, 0); players as usize],
        );
        println!(
            "  {} endings: {:?}",
            catalog.adventurer(a).info.id,
            e.iter()
                .map(|[w, l]| format!("{:.2}/{:.2}", w, l))
                .collect::<Vec<_>>()
        );
    }
}
