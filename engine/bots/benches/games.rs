//! The engine's speed, in one run: `cargo bench -p dungeon-bots --bench games`.
//!
//! - `random games/…`: whole games with random bots, in games per second (criterion's
//!   `elem/s`), for the base pack and base + sequel at 2 and 4 players; one line runs the
//!   base games with no scripts at all (not the same games: no card effect applies).
//! - `dungeon/…`: one fixed base-box dungeon whose resolution calls many Lua hooks, run
//!   through the Lua host and through [`NativeHooks`], the same cards' hooks written in Rust
//!   for this benchmark only; through Luau with every hook interpreted, and as the host
//!   plays, where scripts that are one call to a prelude helper run natively (see
//!   `engine/script/src/native/`). The bench first checks that all give the same events
//!   and final state, so the ratio of the interpreted line to the native one is what the
//!   Lua path costs. It then prints both ratios, measured apart from criterion in rounds
//!   that time the paths in turn ([`report_lua_ratio`]).
//! - `ismcts/…`: IS-MCTS decisions at fixed positions, in search iterations per second, and
//!   `hard` decisions (the default budget): repeated at one position (the bots' per-thread
//!   memos warm), and `cold`, each on a fresh thread with nothing in memory, which is what
//!   a player waits for at a position the bot has not seen: at 2 to 4 players, base and
//!   base + sequel, with the bots' odds tables on disk (in the bench's own folder), and at
//!   4 players with none (`first start`).
//! - `rules bot/…`: whole games of rules bots (2 players, base), in games per second, each
//!   bot searching alone and with the engine's searches sharing exact odds (as `dungeon
//!   sim` plays; the same games). `cargo run --release -p dungeon-bots --example
//!   rules_games [GAMES]` plays such games a fixed number of times, for a profiler or to
//!   time two builds side by side (it prints a digest of the games' end states: two builds
//!   whose bots decide alike print the same).
//!
//! The machines are noisy: compare figures of one run with each other, not across runs.
//! On 2026-11-22 (2 shared cores) the Lua dungeon took 4.8x to 5.8x the native one; with
//! the script chunks kept across operations (as in analysis mode) 4.0x, so about a third
//! of the Lua path is re-running each card's chunk for every engine operation. On
//! 2026-11-26, with one instance of each stateless script: interpreted 3.5x to 4.5x
//! across runs (3.8x on a quiet machine), as the host plays 1.25x (its helper calls run
//! natively); most of what is left of the interpreted path is mlua's call and callback
//! machinery (`ctx` functions), not Luau's interpreter. Later that day, with Luau built
//! without its internal assertions (`.cargo/config.toml`), card `ctx` tables holding their
//! functions, string arguments read off the stack and quick paths for the most called `ctx`
//! functions (`engine/script/src/fast.rs`): interpreted 2.6x to 2.85x across six runs
//! (11.7 to 12.2 us against 4.2 to 4.6 us); `--example lua_dungeon` under callgrind
//! 185,600 -> 122,400 instructions a dungeon.

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use dungeon_bots::{BotKind, play_game, seat_seed};
use dungeon_engine::action::{Answer, CardRef, DecisionKind, Question};
use dungeon_engine::dungeon::{Effect, MemValue};
use dungeon_engine::hooks::NoHooks;
use dungeon_engine::hooks::{HookCall, HookError, HookName, HookOutcome, HookRunner, HookValue};
use dungeon_engine::options::FirstAdventurer;
use dungeon_engine::state::GameState;
use dungeon_engine::{Catalog, DungeonSetup, Engine, Event, GameOptions, View, script::ScriptHost};
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

mod support;
use support::dungeon::{TILES, dungeon_setup, run_dungeon};
use support::{catalog, rules_game};

// --- Random games --------------------------------------------------------------------

/// One whole game with random bots; `seed` moves on so each iteration is a new game.
fn random_game<H: HookRunner>(engine: &mut Engine<H>, players: u8, seed: &mut u64) -> usize {
    *seed += 1;
    let options = GameOptions {
        players,
        first_adventurer: FirstAdventurer::Choose,
        ..GameOptions::default()
    };
    let mut bots: Vec<_> = (0..players as usize)
        .map(|seat| BotKind::Random.create(seat_seed(*seed, seat)))
        .collect();
    let mut events = Vec::new();
    let state = play_game(
        engine,
        options,
        *seed,
        &mut bots,
        &mut events,
        |_, _| Ok(()),
    )
    .expect("game");
    black_box(state.winner);
    events.len()
}

fn bench_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random games");
    group.throughput(Throughput::Elements(1));
    group.measurement_time(Duration::from_secs(5));
    group.warm_up_time(Duration::from_secs(1));
    for packs in [&["base"][..], &["base", "sequel"]] {
        let catalog = catalog(packs);
        for players in [2u8, 4] {
            let mut engine = Engine::new(catalog.clone()).expect("engine");
            let mut seed = 0;
            group.bench_function(format!("{}, {players} players", packs.join("+")), |b| {
                b.iter(|| random_game(&mut engine, players, &mut seed))
            });
        }
    }
    let mut bare = Engine::with_hooks(catalog(&["base"]), NoHooks);
    let mut seed = 0;
    group.bench_function("base, 2 players, no scripts", |b| {
        b.iter(|| random_game(&mut bare, 2, &mut seed))
    });
    group.finish();
}

// --- One dungeon: Lua hooks against native ones --------------------------------------

/// Which of the six scripts a tile has.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Script {
    VorpalSword,
    RingOfPower,
    DemonicPact,
    Polymorph,
    HealingPotion,
    Omnipotence,
}

/// The scripts of [`TILES`] (`scripts/base/*.lua` with the `dungeon.*` helpers they call,
/// `engine/script/src/prelude.lua`) in plain Rust: same questions, same effects in the
/// same order, same return values.
struct NativeHooks {
    catalog: Arc<Catalog>,
    /// The script of each tile, by tile index.
    scripts: Vec<Option<Script>>,
    /// Species ids as remembered texts, made once (the Lua host makes a string per call).
    species_text: Vec<Arc<str>>,
    /// Hook calls so far, for the report.
    calls: usize,
}

impl NativeHooks {
    fn new(catalog: Arc<Catalog>) -> NativeHooks {
        let mut scripts = vec![None; catalog.tiles.len()];
        for (id, script) in TILES.into_iter().zip([
            Script::VorpalSword,
            Script::RingOfPower,
            Script::DemonicPact,
            Script::Polymorph,
            Script::HealingPotion,
            Script::Omnipotence,
        ]) {
            scripts[catalog.find_tile(id).expect("base tile").ix()] = Some(script);
        }
        let species_text = catalog
            .species
            .iter()
            .map(|s| Arc::from(s.id.as_str()))
            .collect();
        NativeHooks {
            catalog,
            scripts,
            species_text,
            calls: 0,
        }
    }

    fn script(&self, card: CardRef) -> Option<Script> {
        match card {
            CardRef::Tile(t) => self.scripts[t.ix()],
            CardRef::Monster(_) => None,
        }
    }

    fn hooks(script: Script) -> &'static [HookName] {
        match script {
            Script::VorpalSword => &[HookName::BeforeEntering, HookName::Defeats],
            Script::RingOfPower | Script::DemonicPact => &[HookName::OnDefeat],
            Script::Polymorph => &[HookName::OnReveal],
            Script::HealingPotion => &[HookName::OnDeath],
            Script::Omnipotence => &[HookName::AtEnd],
        }
    }
}

impl HookRunner for NativeHooks {
    fn has_hook(&self, card: CardRef, hook: HookName) -> bool {
        self.script(card)
            .is_some_and(|s| Self::hooks(s).contains(&hook))
    }

    fn call(
        &mut self,
        state: &mut GameState,
        call: HookCall<'_>,
    ) -> Result<HookOutcome, HookError> {
        self.calls += 1;
        let CardRef::Tile(me) = call.card else {
            unreachable!("no monster has a script here")
        };
        let done = |effects: Vec<Effect>| HookOutcome::Done {
            effects: effects.into(),
            value: HookValue::Nothing,
        };
        let ask = |prompt: &str, options: Vec<Answer>| {
            HookOutcome::Asked(Question {
                seat: state.run.runner,
                asker: call.card,
                prompt: prompt.into(),
                options: options.into(),
            })
        };
        let m = state.run.faced.last();
        // `dungeon.threatens(m)`.
        let threatens = m.is_some_and(|m| !m.is_defeated() && m.strength.unwrap_or(0) > 0);
        let script = self.script(call.card).expect("has_hook said so");
        Ok(match (script, call.hook) {
            (Script::VorpalSword, HookName::BeforeEntering) => match call.answers.first() {
                Some(&Answer::Species(s)) => done(vec![Effect::Remember(
                    "species".into(),
                    MemValue::Text(self.species_text[s.ix()].clone()),
                )]),
                _ => ask(
                    "name_species",
                    self.catalog.species_ids().map(Answer::Species).collect(),
                ),
            },
            (Script::VorpalSword, HookName::Defeats) => {
                let named = match state.run.recall(CardRef::Tile(me), "species") {
                    Some(MemValue::Text(t)) => Some(t),
                    _ => None,
                };
                let species = m.and_then(|m| m.species);
                let hit = species.is_some_and(|s| named == Some(&self.species_text[s.ix()]));
                HookOutcome::Done {
                    effects: Default::default(),
                    value: HookValue::Bool(hit),
                }
            }
            (Script::RingOfPower, HookName::OnDefeat) => {
                let strength = m.and_then(|m| m.strength).unwrap_or(0);
                done(if strength > 0 {
                    vec![Effect::GainHp(strength)]
                } else {
                    Vec::new()
                })
            }
            (Script::DemonicPact, HookName::OnDefeat) => done(vec![Effect::SkipNext(None)]),
            (Script::Polymorph, HookName::OnReveal) => {
                if !state.deck.is_empty() && threatens {
                    match call.answers.first() {
                        Some(Answer::Yes) => {
                            done(vec![Effect::ReplaceFromDeck, Effect::DiscardTile(me)])
                        }
                        Some(_) => done(Vec::new()),
                        None => ask("use_tile", vec![Answer::Yes, Answer::No]),
                    }
                } else {
                    done(Vec::new())
                }
            }
            (Script::HealingPotion, HookName::OnDeath) => done(vec![
                Effect::SetHp(state.run.base_hp),
                Effect::DiscardTile(me),
            ]),
            (Script::Omnipotence, HookName::AtEnd) => {
                let mut seen = Vec::new();
                let differ = state
                    .run
                    .monsters_faced()
                    .filter_map(|f| f.species)
                    .all(|s| {
                        let new = !seen.contains(&s);
                        seen.push(s);
                        new
                    });
                done(if differ {
                    vec![Effect::Succeed]
                } else {
                    Vec::new()
                })
            }
            (_, hook) => unreachable!("{hook} is not a hook of {script:?}"),
        })
    }
}

/// The baseline is honest only if it is the same dungeon: same hooks defined, same events,
/// same final state. Also checks that the dungeon does what [`TILES`] says.
fn check_native_matches_lua(
    lua: &mut Engine<ScriptHost>,
    native: &mut Engine<NativeHooks>,
    setup: &DungeonSetup,
) {
    for &id in &TILES {
        let tile = CardRef::Tile(lua.catalog().find_tile(id).expect("tile"));
        let defined: Vec<_> = lua.hooks_mut().hooks_of(tile).iter().collect();
        let native_defined: Vec<_> = HookName::ALL
            .into_iter()
            .filter(|&h| native.hooks_mut().has_hook(tile, h))
            .collect();
        assert_eq!(defined, native_defined, "hooks of {id}");
    }
    let (mut lua_events, mut native_events) = (Vec::new(), Vec::new());
    let lua_state = run_dungeon(lua, setup, &mut lua_events);
    let calls = native.hooks_mut().calls;
    let native_state = run_dungeon(native, setup, &mut native_events);
    let calls = native.hooks_mut().calls - calls;
    assert_eq!(lua_events, native_events, "events of the two paths");
    assert_eq!(lua_state, native_state, "final states of the two paths");
    let count = |f: fn(&Event) -> bool| lua_events.iter().filter(|e| f(e)).count();
    assert_eq!(count(|e| matches!(e, Event::Answered { .. })), 2);
    assert_eq!(count(|e| matches!(e, Event::Replaced { .. })), 1);
    assert_eq!(count(|e| matches!(e, Event::Revived { .. })), 1);
    assert_eq!(count(|e| matches!(e, Event::SuccessForced { .. })), 1);
    assert_eq!(lua_state.run.success, Some(true));
    eprintln!(
        "dungeon: {} events, {calls} hook calls, identical through Lua and native hooks",
        lua_events.len()
    );
}

fn bench_dungeon(c: &mut Criterion) {
    let catalog = catalog(&["base"]);
    let setup = dungeon_setup(&catalog);
    let mut lua = Engine::new(catalog.clone()).expect("engine");
    lua.hooks_mut().set_native_helpers(false);
    let mut helpers = Engine::new(catalog.clone()).expect("engine");
    let mut native = Engine::with_hooks(catalog.clone(), NativeHooks::new(catalog.clone()));
    check_native_matches_lua(&mut lua, &mut native, &setup);
    check_native_matches_lua(&mut helpers, &mut native, &setup);
    let mut group = c.benchmark_group("dungeon");
    group.throughput(Throughput::Elements(1));
    group.measurement_time(Duration::from_secs(5));
    group.warm_up_time(Duration::from_secs(1));
    let mut events = Vec::new();
    group.bench_function("Lua hooks, all interpreted", |b| {
        b.iter(|| run_dungeon(&mut lua, &setup, &mut events).run.hp)
    });
    group.bench_function("Lua host as it plays (helper calls run natively)", |b| {
        b.iter(|| run_dungeon(&mut helpers, &setup, &mut events).run.hp)
    });
    group.bench_function("native hooks (baseline)", |b| {
        b.iter(|| run_dungeon(&mut native, &setup, &mut events).run.hp)
    });
    group.finish();
    report_lua_ratio(&mut lua, &mut helpers, &mut native, &setup);
}

/// Rounds of [`report_lua_ratio`], and dungeons per path in each.
const RATIO_ROUNDS: usize = 15;
const RATIO_DUNGEONS: u32 = 2_000;

/// Prints what the Lua path costs against the native hooks: the median, over rounds, of
/// each round's ratio, the three paths timed one after another within a round. A burst of
/// noise then spoils a round, not one path's whole line as it can criterion's.
fn report_lua_ratio(
    lua: &mut Engine,
    helpers: &mut Engine,
    native: &mut Engine<NativeHooks>,
    setup: &DungeonSetup,
) {
    fn time<H: HookRunner>(engine: &mut Engine<H>, setup: &DungeonSetup) -> f64 {
        let mut events = Vec::new();
        let start = std::time::Instant::now();
        for _ in 0..RATIO_DUNGEONS {
            black_box(run_dungeon(engine, setup, &mut events).run.hp);
        }
        start.elapsed().as_secs_f64()
    }
    let median = |mut ratios: Vec<f64>| {
        ratios.sort_by(f64::total_cmp);
        ratios[ratios.len() / 2]
    };
    let (mut interpreted, mut as_played) = (Vec::new(), Vec::new());
    for _ in 0..RATIO_ROUNDS {
        let base = time(native, setup);
        interpreted.push(time(lua, setup) / base);
        as_played.push(time(helpers, setup) / base);
    }
    eprintln!(
        "dungeon: Lua path over native hooks, median of {RATIO_ROUNDS} rounds of \
         {RATIO_DUNGEONS} dungeons each: every hook interpreted {:.2}x, as the host plays {:.2}x",
        median(interpreted),
        median(as_played)
    );
}

// --- IS-MCTS -------------------------------------------------------------------------

/// Iterations of the fixed-budget searches: enough for a steady rate, few enough to keep
/// the bench short.
const SEARCH_ITERATIONS: u32 = 200;

/// The first position of a random-bot game (2 players) where `wanted` holds, trying seeds
/// in order until a game has one.
fn position(engine: &mut Engine<ScriptHost>, wanted: impl Fn(&GameState) -> bool) -> GameState {
    position_at(engine, 2, wanted)
}

/// [`position`] at this many players.
fn position_at(
    engine: &mut Engine<ScriptHost>,
    players: u8,
    wanted: impl Fn(&GameState) -> bool,
) -> GameState {
    for seed in 0.. {
        let mut bots: Vec<_> = (0..players as usize)
            .map(|seat| BotKind::Random.create(seat_seed(seed, seat)))
            .collect();
        let mut events = Vec::new();
        let options = GameOptions {
            players,
            ..GameOptions::default()
        };
        let mut state = engine.new_game(options, seed, &mut events).expect("game");
        while let Some(seat) = state.current_seat() {
            if wanted(&state) {
                return state;
            }
            let action = bots[seat as usize].decide(engine, &View::new(&state, seat));
            engine
                .apply(&mut state, action, &mut events)
                .expect("legal");
        }
    }
    unreachable!("seeds never run out")
}

/// A mid-round position: a drawn card to place, with three cards already in the dungeon.
fn mid_round(s: &GameState) -> bool {
    s.dungeon.len() >= 3
        && matches!(
            s.pending.as_ref().map(|d| &d.kind),
            Some(DecisionKind::PlaceCard { .. })
        )
}

/// Where the bench keeps the bots' odds tables (`bot/figures.rs`): its own folder, so the
/// user's cache plays no part.
fn bench_cache() -> std::path::PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-odds-tables")
}

/// Time of one decision by a new bot on a new thread with a new engine: nothing the bots
/// memoise in memory (odds of typical dungeons, standings) is known yet. With `disk`, the
/// odds tables are read from the bench's cache folder (filled by earlier decisions: what
/// a player's second game sees); without, there is none (a first start ever).
fn cold_decision(catalog: &Arc<Catalog>, kind: BotKind, state: &GameState, disk: bool) -> Duration {
    let (catalog, state) = (catalog.clone(), state.clone());
    dungeon_bots::forget_figures();
    let dir = if disk { bench_cache() } else { "".into() };
    // SAFETY: the bench sets it between decisions, with no other thread running.
    unsafe { std::env::set_var("DUNGEON_CACHE_DIR", dir) };
    std::thread::spawn(move || {
        let mut engine = Engine::new(catalog).expect("engine");
        let seat = state.current_seat().expect("a decision");
        let started = std::time::Instant::now();
        black_box(
            kind.create(11)
                .decide(&mut engine, &View::new(&state, seat)),
        );
        started.elapsed()
    })
    .join()
    .expect("the decision ends")
}

fn bench_ismcts(c: &mut Criterion) {
    let base = catalog(&["base"]);
    let sequel = catalog(&["base", "sequel"]);
    let mut engine = Engine::new(base.clone()).expect("engine");
    let first_bid = position(&mut engine, |s| {
        matches!(
            s.pending.as_ref().map(|d| &d.kind),
            Some(DecisionKind::DrawOrPass)
        )
    });
    let base_mid = position(&mut engine, mid_round);
    let hard: BotKind = "hard".parse().expect("a bot kind");
    let BotKind::Ismcts(n) = hard else {
        panic!("hard is a fixed-budget IS-MCTS bot")
    };
    let mut group = c.benchmark_group("ismcts");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    group.warm_up_time(Duration::from_secs(1));
    // The same search again and again: from the second on, the bots' memos are warm.
    let mut decide = |kind: BotKind, state: &GameState| {
        let seat = state.current_seat().expect("a decision");
        kind.create(11).decide(&mut engine, &View::new(state, seat))
    };
    group.throughput(Throughput::Elements(SEARCH_ITERATIONS.into()));
    for (name, state) in [("first bid", &first_bid), ("mid-round", &base_mid)] {
        group.bench_function(format!("{name}, {SEARCH_ITERATIONS} iterations"), |b| {
            b.iter(|| decide(BotKind::Ismcts(SEARCH_ITERATIONS), state))
        });
    }
    group.throughput(Throughput::Elements(n.into()));
    group.bench_function(format!("hard ({n} iterations), mid-round"), |b| {
        b.iter(|| decide(hard, &base_mid))
    });
    // What a player waits for at a new position: each decision on a fresh thread, at
    // every table size and pack mix, with the odds tables on disk...
    let mut cold_positions = Vec::new();
    for (name, catalog) in [("base", &base), ("base+sequel", &sequel)] {
        let mut engine = Engine::new(catalog.clone()).expect("engine");
        for players in 2..=4 {
            let state = position_at(&mut engine, players, mid_round);
            cold_positions.push((format!("{name}, {players} players"), catalog.clone(), state));
        }
    }
    for (_, catalog, state) in &cold_positions {
        // The tables this position needs, on disk.
        cold_decision(catalog, hard, state, true);
    }
    // ...and the very first decision on a machine, with nothing on disk, at 4 players.
    let first_start = cold_positions.iter().filter(|p| p.0.contains("4 players"));
    let runs = cold_positions
        .iter()
        .map(|p| (p, "cold", true))
        .chain(first_start.map(|p| (p, "first start", false)));
    for ((name, catalog, state), when, disk) in runs {
        group.bench_function(
            format!("hard ({n} iterations), mid-round, {when}, {name}"),
            |b| {
                b.iter_custom(|iters| {
                    (0..iters)
                        .map(|_| cold_decision(catalog, hard, state, disk))
                        .sum()
                })
            },
        );
    }
    group.finish();
}

// --- The rules bot ---------------------------------------------------------------------

/// Whole games of rules bots against each other (2 players, base), in games per second:
/// what `dungeon sim --bots rules` plays.
fn bench_rules(c: &mut Criterion) {
    // SAFETY: set before any bot runs, with no other thread running.
    unsafe { std::env::set_var("DUNGEON_CACHE_DIR", bench_cache()) };
    let mut group = c.benchmark_group("rules bot");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.throughput(Throughput::Elements(1));
    group.measurement_time(Duration::from_secs(10));
    group.warm_up_time(Duration::from_secs(2));
    // Each bot searching alone (the baseline), and with the engine's searches sharing
    // exact odds across games, as `dungeon sim` runs them: the same games.
    for (name, share) in [
        ("base, 2 players, rules against rules", false),
        ("base, 2 players, rules against rules, odds shared", true),
    ] {
        let mut engine = Engine::new(catalog(&["base"])).expect("engine");
        engine.share_odds(share);
        let mut seed = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let state = rules_game(&mut engine, seed);
                black_box(state.winner)
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_games,
    bench_dungeon,
    bench_rules,
    bench_ismcts
);
criterion_main!(benches);
