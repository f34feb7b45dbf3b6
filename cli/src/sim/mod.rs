//! `dungeon sim`: a balance lab. Plays many bot games on every core and reports win rates
//! with 95% Wilson intervals per bot, seat, turn order and player count; per adventurer,
//! how runs go; which equipment bidders give up; which monsters end failed runs. As a
//! table, JSON or CSV, and optionally an SVG chart. The same seed and options give the
//! same bytes whatever the thread count.
//!
//! - `args.rs`: the command line (options, `ladder` and `merge`, the bots of a lineup);
//! - `plan.rs`: which games to play (seeds, seat rotation); `run.rs`: playing them in
//!   parallel;
//! - `stats.rs`: the sums taken from each game's events, and the Wilson interval;
//! - `report.rs`: the report as data (`--json`); `table.rs`, `csv.rs`, `plot.rs` show it
//!   (`words.rs`: the names, numbers and columns the text ones share);
//! - `sanity.rs`: "Does this look like a game?", the measures of a degenerate study
//!   (the first player always winning, no tile set aside, runs that never fail), their
//!   goals and the range rule that warns;
//! - `record.rs`: `--record DIR`, a game record per game;
//! - `shard.rs`: `--shard K/N`, one slice of a study; `part.rs`: the part file a slice
//!   writes, and `dungeon sim merge`, which adds the parts up into the whole study's report;
//! - `ladder.rs`: `dungeon sim ladder`, the bot levels head to head and at mixed tables,
//!   with their ratings.

mod args;
mod csv;
mod hosted;
mod hosted_part;
mod ladder;
mod part;
mod plan;
mod plot;
mod progress;
mod record;
mod report;
mod run;
mod sanity;
mod sanity_text;
mod shard;
mod stats;
mod table;
mod words;

pub use args::{SimArgs, parse_bots};
pub(crate) use run::panic_message;

use args::{DamageArg, LadderArgs, MergeArgs, OutputArgs, SimCommand, bad_bot, parse_lineup};

use crate::packs;
use crate::text::{Arg, io_error, tr};
use dungeon_bots::BotKind;
use dungeon_check::EXPENSIVE_STEPS;
use dungeon_engine::GameOptions;
use dungeon_engine::catalog::{Catalog, DamageModel, PackLibrary};
use dungeon_engine::lang::Lang;
use dungeon_engine::options::{FirstAdventurer, MAX_PLAYERS, MIN_PLAYERS};
use std::process::ExitCode;
use std::time::Instant;

/// Threads at most: each holds its own engine, and the rules bots' shared odds take up to
/// about 110 MB a thread.
const MAX_THREADS: usize = 1024;

/// A command's thread count (`sim`, `soak`, `serve`): option `flag`'s value, 1 to
/// [`MAX_THREADS`], else one a core.
pub(crate) fn worker_threads(
    lang: Lang,
    flag: &'static str,
    given: Option<usize>,
) -> Result<usize, String> {
    match given {
        Some(n) if !(1..=MAX_THREADS).contains(&n) => {
            let a = [("flag", flag.into()), ("most", MAX_THREADS.into())];
            Err(tr(lang, "sim-bad-threads", &a))
        }
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

pub fn run(library: &PackLibrary, lang: Lang, args: SimArgs) -> Result<ExitCode, String> {
    match args.command {
        Some(SimCommand::Merge(merge)) => return run_merge(library, lang, merge),
        Some(SimCommand::Ladder(ladder)) => return run_ladder(library, lang, ladder),
        None => {}
    }
    let study = HostedStudy { lang, args: &args };
    if let Some(done) = args.game.hosted(study) {
        return done;
    }
    let t = |key: &'static str, a: &[(&str, Arg)]| tr(lang, key, a);
    // Options first, so a mistake costs no pack loading and no game.
    let shard = match &args.shard {
        Some(given) => shard::Shard::parse(lang, given)?,
        None => shard::Shard::WHOLE,
    };
    if args.games == 0 {
        return Err(t("sim-bad-games", &[]));
    }
    let mut counts = args.players.clone();
    counts.sort_unstable();
    counts.dedup();
    if let Some(&bad) = counts
        .iter()
        .find(|p| !(MIN_PLAYERS..=MAX_PLAYERS).contains(p))
    {
        return Err(t("error-players", &[("players", bad.into())]));
    }
    let lineup = parse_lineup(lang, &args.bots)?;
    let most = *counts.last().ok_or_else(|| t("sim-bad-games", &[]))?;
    if lineup.len() > most as usize {
        let a = [("bots", lineup.len().into()), ("players", most.into())];
        return Err(t("sim-too-many-bots", &a));
    }
    let threads = worker_threads(lang, "--threads", args.threads)?;
    args.games
        .checked_mul(counts.len() as u64)
        .ok_or_else(|| t("sim-too-many-games", &[("games", args.games.into())]))?;

    let catalog = packs::catalog(lang, library, &args.packs)?;
    let chosen = crate::rulings::parse(lang, &catalog, &args.rulings)?;
    let first_adventurer = match args.adventurer.as_deref() {
        None => FirstAdventurer::Choose,
        Some("random") => FirstAdventurer::Random,
        Some(id) if catalog.find_adventurer(id).is_some() => FirstAdventurer::Named(id.into()),
        Some(id) => return Err(packs::unknown_adventurer(lang, &catalog, id)),
    };
    let plot_file = open_plot(lang, &args.output)?;
    if let Some(dir) = &args.record {
        std::fs::create_dir_all(dir).map_err(|e| {
            let a = [
                ("path", dir.display().to_string().into()),
                ("error", io_error(lang, &e).into()),
            ];
            t("sim-record-dir", &a)
        })?;
    }
    for bot in &lineup {
        if matches!(bot, BotKind::IsmctsTimed(_)) {
            let bot = crate::text::bot_kind(lang, &bot.id());
            eprintln!("{}", t("sim-timed", &[("bot", bot.into())]));
        }
    }

    let mut plan = plan::Plan {
        seed: args.seed,
        per_count: args.games,
        counts,
        lineup,
        options: GameOptions {
            designer_variant: args.variant,
            damage_model: args.damage_model.map(|d| match d {
                DamageArg::EndTotal => DamageModel::EndTotal,
                DamageArg::Running => DamageModel::Running,
            }),
            first_adventurer,
            specials_in_play: args.specials,
            ..GameOptions::default()
        },
    };
    chosen.apply(&mut plan.options);
    warn_heavy_hooks(library, lang, &catalog);
    let games = shard.games(plan.total());
    // Each thread builds its own engine (packs, scripts, odds tables): one with no game
    // to play would only cost memory and start-up.
    let threads = threads.min(usize::try_from(games).unwrap_or(usize::MAX).max(1));
    let every = std::time::Duration::from_secs(args.progress_every);
    let progress = progress::Progress::start(lang, games, shard, args.output.quiet, every);
    let started = Instant::now();
    let records = (args.record.as_deref()).map(|dir| record::Records { dir, lang });
    let tally = run::simulate(
        &catalog,
        &plan,
        shard,
        threads,
        progress.bar(),
        records.as_ref(),
    );
    progress.finish();
    let tally = tally?;
    let elapsed = started.elapsed();

    show_errors(lang, &tally.errors);
    if args.shard.is_some() {
        give(
            lang,
            &args.output,
            &part::write(&catalog, &plan, shard, &tally),
        )?;
    } else {
        let report = report::Report::new(&catalog, &plan, &tally);
        emit(lang, &catalog, &report, &args.output, plot_file)?;
    }
    if !args.output.quiet {
        let a = [
            ("games", games.into()),
            ("seconds", Arg::decimal(elapsed.as_secs_f64(), 1)),
            ("threads", threads.into()),
        ];
        eprintln!("{}", t("sim-done", &a));
    }
    Ok(exit_code(&tally.errors))
}

/// Says on stderr which cards' hooks are too heavy for the bots to think about (past
/// `ANALYSIS_STEP_BUDGET` a call, measured as `dungeon check` does): the bots play those
/// cards blind, and the study should say so. Measured from the packs alone, so the same
/// whatever the threads. (The built-in packs have none: `tests/check.rs`.)
fn warn_heavy_hooks(library: &PackLibrary, lang: Lang, catalog: &Catalog) {
    for pack in (catalog.packs.iter()).filter(|p| !packs::is_builtin(&p.manifest_path)) {
        let (lines, _) = dungeon_check::measure_hook_costs(library, &pack.id);
        let heavy = lines.iter().filter(|l| l.most > EXPENSIVE_STEPS);
        for l in heavy {
            eprintln!(
                "{}",
                crate::check::expensive_hook(lang, &l.card, l.hook, l.most)
            );
        }
    }
}

/// `dungeon sim ladder`: the bot levels ranked.
fn run_ladder(library: &PackLibrary, lang: Lang, args: LadderArgs) -> Result<ExitCode, String> {
    if args.games == 0 {
        return Err(tr(lang, "sim-bad-games", &[]));
    }
    let threads = worker_threads(lang, "--threads", args.threads)?;
    let catalog = packs::catalog(lang, library, &args.packs)?;
    let study = ladder::Study {
        catalog: &catalog,
        games: args.games,
        seed: args.seed,
        threads,
        options: GameOptions::default(),
    };
    let started = Instant::now();
    let result = ladder::play(&study, |block| {
        if !args.quiet {
            eprintln!(
                "{}",
                tr(
                    lang,
                    "ladder-playing",
                    &[("block", block.to_string().into())]
                )
            );
        }
    })?;
    let text = if args.json {
        serde_json::to_string_pretty(&result).map_err(|e| e.to_string())? + "\n"
    } else {
        ladder::render(lang, &result)
    };
    print!("{text}");
    if !args.quiet {
        let a = [
            ("games", (args.games * 5).into()),
            ("seconds", Arg::decimal(started.elapsed().as_secs_f64(), 1)),
            ("threads", threads.into()),
        ];
        eprintln!("{}", tr(lang, "sim-done", &a));
    }
    Ok(ExitCode::SUCCESS)
}

/// `dungeon sim merge`: the report of the whole study from its parts.
fn run_merge(library: &PackLibrary, lang: Lang, args: MergeArgs) -> Result<ExitCode, String> {
    // Another game's parts say which game they are of.
    let first = crate::saves::read_bytes(lang, &args.parts[0], 16 << 20).ok();
    if let Some(id) = first.as_deref().and_then(hosted_part::game_of) {
        let choice = crate::games::GameChoice::by_id(&id).ok_or_else(|| {
            let a = [(
                "game",
                dungeon_engine::printable::escape_line(&id)
                    .into_owned()
                    .into(),
            )];
            tr(lang, "sim-part-game", &a)
        })?;
        let merge = HostedMerge { lang, args: &args };
        return choice.hosted(merge).unwrap_or_else(|| {
            let a = [("game", id.into())];
            Err(tr(lang, "sim-part-game", &a))
        });
    }
    let plot_file = open_plot(lang, &args.output)?;
    let merged = part::merge(library, lang, &args.parts)?;
    let report = merged.report();
    show_errors(lang, &report.errors);
    emit(lang, &merged.catalog, &report, &args.output, plot_file)?;
    Ok(exit_code(&report.errors))
}

fn exit_code(errors: &[stats::GameError]) -> ExitCode {
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Each game that stopped on an error, on stderr, in game order.
fn show_errors(lang: Lang, errors: &[stats::GameError]) {
    let mut errors: Vec<&stats::GameError> = errors.iter().collect();
    errors.sort_by_key(|e| e.game);
    for e in errors {
        let error = dungeon_engine::printable::escape_line(&e.error).into_owned();
        let a = [
            ("game", e.game.into()),
            ("seed", e.seed.to_string().into()),
            ("error", error.into()),
        ];
        eprintln!("{}", tr(lang, "sim-game-error", &a));
    }
}

/// The chart's file, made before the games so an unwritable path is found first.
fn open_plot(lang: Lang, output: &OutputArgs) -> Result<Option<std::fs::File>, String> {
    let Some(path) = &output.plot else {
        return Ok(None);
    };
    std::fs::File::create(path)
        .map(Some)
        .map_err(|e| plot_error(lang, path, &e))
}

fn plot_error(lang: Lang, path: &std::path::Path, e: &std::io::Error) -> String {
    let a = [
        ("path", path.display().to_string().into()),
        ("error", io_error(lang, e).into()),
    ];
    tr(lang, "sim-plot-write", &a)
}

/// `dungeon sim --game ID` for a game on `dungeon-core` (`hosted.rs`): a study for each
/// player count asked, as lines or `--json`.
struct HostedStudy<'a> {
    lang: Lang,
    args: &'a SimArgs,
}

impl crate::games::WithHosted for HostedStudy<'_> {
    type Out = Result<ExitCode, String>;

    fn with<G: dungeon_core::Hosted>(self, game: &G) -> Self::Out {
        let (lang, args) = (self.lang, self.args);
        // The first game's options, and the lab's slices, records and other outputs,
        // are not (yet) this game's: said by name rather than ignored.
        let foreign = [
            ("--packs", args.packs != packs::DEFAULT_PACKS),
            ("--variant", args.variant),
            ("--damage-model", args.damage_model.is_some()),
            ("--adventurer", args.adventurer.is_some()),
            ("--specials", args.specials.is_some()),
            ("--record", args.record.is_some()),
            ("--plot", args.output.plot.is_some()),
        ];
        if let Some((option, _)) = foreign.iter().find(|(_, given)| *given) {
            let a = [("option", (*option).into()), ("game", game.id().into())];
            return Err(tr(lang, "game-not-for", &a));
        }
        if args.games == 0 {
            return Err(tr(lang, "sim-bad-games", &[]));
        }
        let lineup =
            dungeon_core::bots::lineup(&args.bots).ok_or_else(|| bad_bot(lang, &args.bots))?;
        let threads = worker_threads(lang, "--threads", args.threads)?;
        let shard = match &args.shard {
            Some(given) => shard::Shard::parse(lang, given)?,
            None => shard::Shard::WHOLE,
        };
        let mut reports = Vec::new();
        let mut sums = Vec::new();
        for &players in &args.players {
            if !game.seats().contains(&players) {
                return Err(tr(lang, "error-players", &[("players", players.into())]));
            }
            let options = dungeon_core::hosted::options_from(game, players, &args.rulings)
                .map_err(|r| crate::games::table::bad_ruling(lang, game, &r))?;
            let slice = hosted::play_slice(
                game, &options, &lineup, args.games, args.seed, threads, shard,
            )?;
            if args.shard.is_none() {
                reports.push(hosted::report(game, lang, &options, args.seed, &slice)?);
            }
            sums.push(slice);
        }
        if args.shard.is_some() {
            let study = hosted_part::Study {
                game: game.id().into(),
                seed: args.seed,
                games_per_player_count: args.games,
                players: args.players.clone(),
                lineup: lineup.iter().map(|b| b.id()).collect(),
                rulings: args.rulings.clone(),
            };
            give(lang, &args.output, &hosted_part::write(&study, shard, sums))?;
            return Ok(ExitCode::SUCCESS);
        }
        give_hosted(lang, game, &args.output, &reports)
    }
}

/// A hosted game's reports as tables, JSON or CSV, to stdout or `--out`.
fn give_hosted<G: dungeon_core::Hosted>(
    lang: Lang,
    game: &G,
    output: &OutputArgs,
    reports: &[hosted::Report],
) -> Result<ExitCode, String> {
    let text = if output.json {
        serde_json::to_string_pretty(&reports).map_err(|e| e.to_string())? + "\n"
    } else if output.csv {
        hosted::csv(reports)
    } else {
        let name = game.name(lang.code());
        (reports.iter())
            .map(|r| hosted::render(lang, &name, r))
            .collect::<Vec<_>>()
            .join("\n")
    };
    give(lang, output, &text)?;
    Ok(ExitCode::SUCCESS)
}

/// `dungeon sim merge` of another game's parts ([`hosted_part`]).
struct HostedMerge<'a> {
    lang: Lang,
    args: &'a MergeArgs,
}

impl crate::games::WithHosted for HostedMerge<'_> {
    type Out = Result<ExitCode, String>;

    fn with<G: dungeon_core::Hosted>(self, game: &G) -> Self::Out {
        if self.args.output.plot.is_some() {
            let a = [("option", "--plot".into()), ("game", game.id().into())];
            return Err(tr(self.lang, "game-not-for", &a));
        }
        let reports = hosted_part::merge(game, self.lang, &self.args.parts)?;
        give_hosted(self.lang, game, &self.args.output, &reports)
    }
}

/// The report as tables, JSON or CSV, to stdout or `--out`; and the chart to `--plot`.
fn emit(
    lang: Lang,
    catalog: &dungeon_engine::catalog::Catalog,
    report: &report::Report,
    output: &OutputArgs,
    plot_file: Option<std::fs::File>,
) -> Result<(), String> {
    let names = words::Names { lang, catalog };
    let text = if output.json {
        let json = serde_json::to_string_pretty(report).map_err(|e| e.to_string())?;
        json + "\n"
    } else if output.csv {
        csv::render(report)
    } else {
        table::render(report, &names)
    };
    give(lang, output, &text)?;
    if let (Some(path), Some(mut file)) = (&output.plot, plot_file) {
        use std::io::Write;
        (file.write_all(plot::render(report, &names).as_bytes()))
            .map_err(|e| plot_error(lang, path, &e))?;
    }
    Ok(())
}

/// `text` to `--out` (written whole or not at all), else to stdout.
fn give(lang: Lang, output: &OutputArgs, text: &str) -> Result<(), String> {
    match &output.out {
        Some(path) => crate::saves::write_atomic(path, text).map_err(|e| {
            let shown =
                dungeon_engine::printable::escape_line(&path.to_string_lossy()).into_owned();
            let a = [("path", shown.into()), ("error", io_error(lang, &e).into())];
            tr(lang, "error-io-file", &a)
        }),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
