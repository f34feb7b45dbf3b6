//! `dungeon`: play *Welcome to the Dungeon* in the terminal, simulate bot games, replay
//! recorded games, list the cards of the packs, run scenario files, work out survival
//! odds, and soak the engine with audited games.

mod cards;
mod check;
mod front;
mod games;
mod net;
mod odds;
mod packs;
mod play;
mod replay;
mod rulings;
mod saves;
mod scenario;
mod signals;
mod sim;
mod soak;
mod text;
mod tui;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "dungeon",
    version,
    about = "Welcome to the Dungeon: play, simulate and test packs"
)]
struct Cli {
    /// Load a pack from a TOML file (repeatable); it overrides a built-in pack with the same id.
    #[arg(long = "pack", global = true, value_name = "PATH")]
    pack: Vec<String>,
    /// The folder every file of a --pack or `check` pack must lie in (its scripts and
    /// scenarios included); default: each manifest's own folder.
    #[arg(long = "pack-root", global = true, value_name = "DIR")]
    pack_root: Option<String>,
    /// Language for card names and text: en, es or fr.
    #[arg(long, global = true, value_name = "LANG")]
    lang: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in the terminal, against bots or with friends at one screen.
    Play(play::PlayArgs),
    /// Show a recorded game (or a save) step by step, checking every decision.
    Replay(replay::ReplayArgs),
    /// Play many bot games and count the wins.
    Sim(sim::SimArgs),
    /// List the packs and their cards.
    Cards(cards::CardsArgs),
    /// Run scenario files (or every *.toml in folders) and report each.
    Scenario(scenario::ScenarioArgs),
    /// Check packs: every problem at once, then the pack's own scenarios.
    Check(check::CheckArgs),
    /// The exact odds that a runner survives a dungeon, from what one player knows.
    Odds(odds::OddsArgs),
    /// Play many bot games over every pack mix, each checked after every decision.
    Soak(soak::SoakArgs),
    /// Open a table at a game server, invite the others and play.
    Host(net::host::HostArgs),
    /// Take a seat at a table of a game server (or take it back, or watch).
    Join(net::join::JoinArgs),
    /// Run a game server: tables of people and bots over the network, in a web browser (its
    /// page at http://ADDR/) or from `dungeon host` and `dungeon join` (WebSocket).
    Serve(net::serve::ServeArgs),
}

fn main() -> ExitCode {
    reset_sigpipe();
    let matches = command()
        .try_get_matches()
        .unwrap_or_else(|e| args_error(e));
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| args_error(e));
    if let (Command::Play(args), Some(given)) =
        (&mut cli.command, matches.subcommand_matches("play"))
    {
        args.note_given(given);
    }
    let lang = match text::resolve_lang(cli.lang.as_deref()) {
        Ok(lang) => lang,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let lang_given = cli.lang.is_some();
    let root = cli.pack_root.as_deref();
    let mut library = match packs::library(lang, &cli.pack, root) {
        Ok(lib) => lib,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Play(args) => play::run(&library, lang, lang_given, args),
        Command::Replay(args) => replay::run(&library, lang, args),
        Command::Sim(args) => sim::run(&library, lang, args),
        Command::Cards(args) => cards::run(&library, lang, args),
        Command::Scenario(args) => scenario::run(&library, args),
        Command::Check(args) => check::run(&mut library, lang, root, args),
        Command::Odds(args) => odds::run(&library, lang, args),
        Command::Soak(args) => soak::run(&library, lang, args, &cli.pack),
        Command::Host(args) => net::host::run(&library, lang, args),
        Command::Join(args) => net::join::run(&library, lang, args),
        Command::Serve(args) => net::serve::run(library, lang, args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}

/// The command line's grammar. A value that starts with `-` and looks like a number is a
/// value everywhere (`--seed -1` is then refused as a seed, not taken for an unknown flag).
fn command() -> clap::Command {
    fn negatives(command: clap::Command) -> clap::Command {
        let names: Vec<String> = (command.get_subcommands())
            .map(|s| s.get_name().to_string())
            .collect();
        let command = command.allow_negative_numbers(true);
        names
            .into_iter()
            .fold(command, |c, name| c.mut_subcommand(name, negatives))
    }
    negatives(Cli::command())
}

/// Ends the program on a command-line mistake. clap quotes what was typed (an unknown
/// argument, a refused value) raw: the message is shown escaped, as all text from outside
/// is, so an argument pasted from elsewhere cannot act on the terminal. It is made again
/// without clap's colours for that (they would be escaped too, and the usage line in it
/// was coloured when the error was made). Help and the version are ours, shown as clap
/// shows them.
fn args_error(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    let code = e.exit_code();
    let plain = command().styles(clap::builder::Styles::plain());
    let again = match plain.clone().try_get_matches_from(std::env::args_os()) {
        Err(again) => again,
        Ok(matches) => Cli::from_arg_matches(&matches).err().unwrap_or(e),
    };
    let text = again.with_cmd(&plain).render().ansi().to_string();
    eprint!("{}", dungeon_engine::printable::escape_controls(&text));
    std::process::exit(code);
}

/// Rust ignores SIGPIPE, which turns `dungeon sim | head` into a panic on the next print.
/// A command-line tool should end quietly instead, as `cat` does.
fn reset_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any thread exists; SIG_DFL is a valid action.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
