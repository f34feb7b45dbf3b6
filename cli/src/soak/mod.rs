//! `dungeon soak`: plays a great many bot games (random bots, a rules bot in a share of
//! them) over every mix of packs and player count, on every core (one engine per thread
//! and mix), each game checked after every decision by the engine's audit
//! (`dungeon_audit`). Prints its progress and every failure with what replays it
//! (`--game I` with the same plan options); exits with status 1 on any failure.
//!
//! - `plan.rs`: which games (mixes, player counts, options, bots, seeds);
//! - this file: the options, the threads, the report.

mod hosted;
mod plan;

use crate::text::{Arg, tr};
use clap::Args;
use dungeon_audit::{AuditFacts, AuditedGame, GameSpec, play_audited};
use dungeon_engine::catalog::PackLibrary;
use dungeon_engine::lang::Lang;
use dungeon_engine::options::{MAX_PLAYERS, MIN_PLAYERS};
use dungeon_engine::{Engine, Event};
use plan::{Mix, Plan};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct SoakArgs {
    /// Games in all, over every mix and player count.
    #[arg(long, short = 'n', default_value_t = 1_000_000)]
    games: u64,
    /// Worker threads (default: every core). Which games are played does not depend on it.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// A mix of packs, comma-separated; repeat for several (default: every mix of the
    /// packs that can be played: each alone where it can be, and together).
    #[arg(long, value_name = "IDS")]
    packs: Vec<String>,
    /// Player counts, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "2,3,4")]
    players: Vec<u8>,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One game in N (chosen from its seed) seats a rules bot, which plays deeper
    /// dungeons than random bots (0: random bots only).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    rules_every: u64,
    /// Play only game I of the plan and show its events (replays a failure).
    #[arg(long, value_name = "I")]
    game: Option<u64>,
    /// No progress lines.
    #[arg(long, short = 'q')]
    quiet: bool,
    /// The game soaked: dungeon (by default), mazmorra or goofspiel (its plain game and
    /// each variant in turn; --packs and --rules-every do not apply).
    #[arg(long, value_enum, default_value = "dungeon")]
    over: crate::games::GameChoice,
}

/// `dungeon soak --over ID` for a game on `dungeon-core` (`hosted.rs`).
struct HostedSoak<'a> {
    lang: Lang,
    args: &'a SoakArgs,
    threads: usize,
}

impl crate::games::WithHosted for HostedSoak<'_> {
    type Out = bool;

    fn with<G: dungeon_core::Hosted>(self, game: &G) -> bool {
        let a = self.args;
        hosted::run(
            game,
            self.lang,
            a.games,
            a.seed,
            &a.players,
            self.threads,
            a.game,
            a.quiet,
        )
    }
}

/// How often a progress line is printed.
pub(super) const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// A game that failed the audit (or panicked), with what replays it.
struct Failure {
    game: u64,
    spec: GameSpec,
    problems: Vec<(usize, String)>,
}

/// What the threads add up.
#[derive(Default)]
pub(super) struct Totals {
    pub(super) games: AtomicU64,
    pub(super) decisions: AtomicU64,
    pub(super) failed: AtomicU64,
}

/// Runs the soak; `extra_packs` are the `--pack` files given, for the replay command.
pub fn run(
    library: &PackLibrary,
    lang: Lang,
    args: SoakArgs,
    extra_packs: &[String],
) -> Result<ExitCode, String> {
    let t = |key: &'static str, a: &[(&str, Arg)]| tr(lang, key, a);
    if args.games == 0 {
        return Err(t("soak-bad-games", &[]));
    }
    if let Some(&bad) = args
        .players
        .iter()
        .find(|p| !(MIN_PLAYERS..=MAX_PLAYERS).contains(p))
    {
        return Err(t("error-players", &[("players", bad.into())]));
    }
    // No more threads than games: each builds its own engines.
    let threads = crate::sim::worker_threads(lang, "--threads", args.threads)?
        .min(usize::try_from(args.games).unwrap_or(usize::MAX));
    let job = HostedSoak {
        lang,
        args: &args,
        threads,
    };
    if let Some(passed) = args.over.hosted(job) {
        return Ok(if passed {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    }
    let mixes = if args.packs.is_empty() {
        plan::every_mix(library)
    } else {
        args.packs
            .iter()
            .map(|packs| {
                let catalog = crate::packs::catalog(lang, library, packs)?;
                Ok(Mix {
                    packs: catalog.pack_list(),
                    catalog,
                })
            })
            .collect::<Result<_, String>>()?
    };
    if mixes.is_empty() {
        return Err(t("soak-no-mix", &[]));
    }
    let plan = Plan {
        seed: args.seed,
        mixes,
        players: args.players.clone(),
        rules_every: args.rules_every,
    };
    let facts = plan
        .mixes
        .iter()
        .map(|m| {
            let mut engine = crate::packs::engine(lang, &m.catalog)?;
            let hooks = engine.hooks_mut();
            Ok(Arc::new(AuditFacts::new(m.catalog.clone(), hooks)))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let replay = replay_command(&args, extra_packs);
    if let Some(i) = args.game {
        return Ok(play_one(lang, &plan, &facts, i, &replay));
    }

    let a = [
        ("games", args.games.into()),
        ("mixes", plan.mixes.len().into()),
        (
            "list",
            (plan
                .mixes
                .iter()
                .map(|m| m.packs.as_str())
                .collect::<Vec<_>>()
                .join(" | "))
            .into(),
        ),
        (
            "players",
            (plan
                .players
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(","))
            .into(),
        ),
        ("seed", args.seed.to_string().into()),
        ("threads", threads.into()),
    ];
    eprintln!("{}", t("soak-start", &a));
    let started = Instant::now();
    let totals = Totals::default();
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        if !args.quiet {
            scope.spawn(|| progress(lang, args.games, &totals, &finished, started));
        }
        // Each failure is printed once found (one `println!`, so whole), and not kept.
        let result = play_all(&plan, &facts, args.games, threads, &totals, |f| {
            print_failure(lang, &plan, &f, &replay)
        });
        finished.store(true, Ordering::Relaxed);
        result
    })?;
    let elapsed = started.elapsed().as_secs_f64();
    let games = totals.games.load(Ordering::Relaxed);
    let failed = totals.failed.load(Ordering::Relaxed);
    let a = [
        ("games", games.into()),
        ("seconds", Arg::decimal(elapsed, 1)),
        (
            "rate",
            format!("{:.0}", games as f64 / elapsed.max(1e-9)).into(),
        ),
        ("decisions", totals.decisions.load(Ordering::Relaxed).into()),
        ("failed", failed.into()),
    ];
    println!("{}", t("soak-done", &a));
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Plays games `0..games` of the plan on `threads` threads, each with its own engine per
/// mix (an engine owns a Lua state, which cannot be shared), pulling game numbers from a
/// shared counter. `failed` gets every failure as it is found.
fn play_all(
    plan: &Plan,
    facts: &[Arc<AuditFacts>],
    games: u64,
    threads: usize,
    totals: &Totals,
    failed: impl Fn(Failure) + Sync,
) -> Result<(), String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let next = AtomicU64::new(0);
    let results = pool.broadcast(|_| {
        let mut engines: Vec<Option<Engine>> = plan.mixes.iter().map(|_| None).collect();
        let mut events = Vec::with_capacity(512);
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= games {
                return Ok::<(), String>(());
            }
            let game = plan.game(i);
            let engine = match &mut engines[game.mix] {
                Some(engine) => engine,
                slot => {
                    let catalog = plan.mixes[game.mix].catalog.clone();
                    slot.insert(Engine::new(catalog).map_err(|d| d.to_string())?)
                }
            };
            let (played, decision) = play_caught(engine, &facts[game.mix], &game.spec, &mut events);
            let played = match played {
                Ok(played) => played,
                Err(panic) => {
                    // The Lua state may be half-way through a call: start a fresh one.
                    engines[game.mix] = None;
                    AuditedGame {
                        problems: vec![dungeon_audit::Problem {
                            decision,
                            message: panic,
                        }],
                        decisions: decision,
                        ..AuditedGame::default()
                    }
                }
            };
            totals.games.fetch_add(1, Ordering::Relaxed);
            totals
                .decisions
                .fetch_add(played.decisions as u64, Ordering::Relaxed);
            if !played.passed() {
                totals.failed.fetch_add(1, Ordering::Relaxed);
                failed(Failure {
                    game: i,
                    spec: game.spec,
                    problems: played
                        .problems
                        .into_iter()
                        .map(|p| (p.decision, p.message))
                        .collect(),
                });
            }
        }
    });
    results.into_iter().collect()
}

/// One audited game; a panic in it is its failure (with the decision it stopped after),
/// not the end of the soak.
fn play_caught(
    engine: &mut Engine,
    facts: &Arc<AuditFacts>,
    spec: &GameSpec,
    events: &mut Vec<Event>,
) -> (Result<AuditedGame, String>, usize) {
    let mut decision = 0;
    let played = catch_unwind(AssertUnwindSafe(|| {
        play_audited(engine, facts, spec, events, &mut decision)
    }));
    (
        played.map_err(|p| crate::sim::panic_message(p.as_ref())),
        decision,
    )
}

/// A progress line every few seconds until the games are done.
pub(super) fn progress(
    lang: Lang,
    games: u64,
    totals: &Totals,
    finished: &AtomicBool,
    started: Instant,
) {
    let mut last = Instant::now();
    while !finished.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(200));
        if last.elapsed() < PROGRESS_EVERY {
            continue;
        }
        last = Instant::now();
        let done = totals.games.load(Ordering::Relaxed);
        let rate = done as f64 / started.elapsed().as_secs_f64().max(1e-9);
        let a = [
            ("done", done.into()),
            ("games", games.into()),
            ("rate", Arg::decimal(rate, 0)),
            ("failed", totals.failed.load(Ordering::Relaxed).into()),
        ];
        eprintln!("{}", tr(lang, "soak-progress", &a));
    }
}

fn print_failure(lang: Lang, plan: &Plan, f: &Failure, replay: &str) {
    let game = plan.game(f.game);
    // Ids, as the options around them and the replay command under them give them.
    let bots: Vec<String> = f.spec.bots.iter().map(|b| b.id()).collect();
    let a = [
        ("game", f.game.into()),
        ("packs", (plan.mixes[game.mix].packs.clone()).into()),
        ("players", f.spec.options.players.into()),
        ("seed", f.spec.seed.to_string().into()),
        ("options", (plan::describe(&f.spec.options)).into()),
        ("bots", bots.join(",").into()),
    ];
    let mut out = tr(lang, "soak-failure", &a);
    for (decision, message) in &f.problems {
        let a = [
            ("decision", decision.into()),
            (
                "message",
                (dungeon_engine::printable::escape_controls(message).into_owned()).into(),
            ),
        ];
        out.push('\n');
        out.push_str(&tr(lang, "soak-problem", &a));
    }
    out.push('\n');
    out.push_str(&tr(
        lang,
        "soak-replay",
        &[("command", format!("{replay} --game {}", f.game).into())],
    ));
    println!("{out}");
}

/// The command that replays one game of this plan (the options the plan depends on).
fn replay_command(args: &SoakArgs, extra_packs: &[String]) -> String {
    let mut command = "dungeon".to_string();
    for path in extra_packs {
        command.push_str(&format!(" --pack {path}"));
    }
    command.push_str(&format!(" soak --seed {}", args.seed));
    for packs in &args.packs {
        command.push_str(&format!(" --packs {packs}"));
    }
    let players: Vec<String> = args.players.iter().map(u8::to_string).collect();
    command.push_str(&format!(
        " --players {} --rules-every {}",
        players.join(","),
        args.rules_every
    ));
    command
}

/// `--game I`: plays one game of the plan, showing every event and what the audit says.
fn play_one(lang: Lang, plan: &Plan, facts: &[Arc<AuditFacts>], i: u64, replay: &str) -> ExitCode {
    let game = plan.game(i);
    let catalog = &plan.mixes[game.mix].catalog;
    let mut engine = match Engine::new(catalog.clone()) {
        Ok(engine) => engine,
        Err(d) => {
            eprintln!("{d}");
            return ExitCode::from(2);
        }
    };
    let mut events = Vec::new();
    let (played, decision) = play_caught(&mut engine, &facts[game.mix], &game.spec, &mut events);
    for (n, event) in events.iter().enumerate() {
        let line =
            dungeon_engine::printable::escape_controls(&event.describe(catalog)).into_owned();
        println!("{n:>5}  {line}");
    }
    let problems = match played {
        Ok(played) => played
            .problems
            .into_iter()
            .map(|p| (p.decision, p.message))
            .collect(),
        Err(panic) => vec![(decision, panic)],
    };
    let failure = Failure {
        game: i,
        spec: game.spec,
        problems,
    };
    if failure.problems.is_empty() {
        let a = [("game", i.into()), ("decisions", decision.into())];
        println!("{}", tr(lang, "soak-game-passed", &a));
        ExitCode::SUCCESS
    } else {
        print_failure(lang, plan, &failure, replay);
        ExitCode::FAILURE
    }
}
