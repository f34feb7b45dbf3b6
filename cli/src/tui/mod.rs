//! The full-screen table for terminals (`dungeon play` when stdin and stdout are
//! terminals): the table, the player's corner, a scrollable log and the prompt, drawn with
//! ratatui on crossterm's alternate screen.
//!
//! It is written against the [`Table`] boundary only: it never sees a game state, and
//! shows each seat nothing the table would not give that seat. With several humans at
//! the screen (hot-seat) it wipes the screen between them, shows a pass screen with
//! nothing private (passed by a letter it names after a quiet moment, which no habit
//! types), then a recap of what the next player missed. Keys typed while the
//! screen is not asking answer nothing: only `?`, `q` and the log's keys work at any
//! moment (`anytime`). The terminal is given back on every way out
//! (see `terminal`).
//!
//! With no seat at the screen (a spectator, a game of bots) it watches: the public view
//! of the table, the log, and only the keys that change the screen (`watch`).
//!
//! Modules: `session` (the loop), `prompt` (a question and its keys), `anytime` (the keys
//! that work at any moment), `between` (pass screen, recap, the end, a stopped game),
//! `watch` (watching with no seat), `screen` (layout and drawing), `content` (the table panel and corner), `log` (the log panel),
//! `help` (`?`), `wrap` (word wrapping), `style` (colours, `NO_COLOR`), `keys` (the
//! keyboard), `terminal` (taking the terminal and giving it back), `quiet` (no bytes for
//! a frame that changes nothing).

mod anytime;
mod between;
mod content;
mod help;
pub(crate) mod keys;
mod log;
mod prompt;
mod quiet;
mod screen;
mod session;
mod style;
pub(crate) mod terminal;
#[cfg(test)]
mod tests;
mod watch;
pub(crate) mod wipe;
mod wrap;

use crate::front::{Ending, Session as Files};
use crate::signals::Shutdown;
use crate::text::Text;
use content::Ctx;
use dungeon_engine::ids::Seat;
use dungeon_engine::lang::Lang;
use dungeon_table::{Failure, Table};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

pub use style::Palette;

/// How the full-screen table behaves.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The pause before each card of the dungeon is revealed (any key skips the rest).
    pub delay: Duration,
    pub palette: Palette,
    /// Keys read this soon after a prompt appears are thrown away: nobody reads a prompt
    /// that fast, so they were typed for what came before (a player hammering Enter
    /// through the bots' turns).
    pub grace: Duration,
    /// The pass screen names the letter that passes it only once nobody has typed for
    /// this long (a key typed, held or repeated meanwhile starts the wait again): the
    /// player who just answered, pressing Enter or their answer again out of habit, never
    /// opens the next player's corner.
    pub pass_pause: Duration,
    /// The letters the pass screen may ask for, one picked per pass
    /// (`between::PASS_LETTERS`).
    pub pass_letters: &'static str,
}

impl Default for Options {
    /// A 600 ms pause before each reveal, a 250 ms grace, a second of quiet before the pass
    /// screen's letter, colours unless `NO_COLOR` is set.
    fn default() -> Options {
        Options {
            delay: Duration::from_millis(600),
            palette: Palette::from_env(),
            grace: Duration::from_millis(250),
            pass_pause: Duration::from_secs(1),
            pass_letters: between::PASS_LETTERS,
        }
    }
}

/// How a full-screen game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game is over (and the player saw the end).
    Over { winner: Option<Seat> },
    /// The player chose to leave (`q`, confirmed).
    Quit,
    /// Ctrl-C (as SIGINT), or a signal (SIGINT, SIGTERM, SIGHUP): left at once.
    Interrupted { signal: i32 },
    /// The table could not go on (the player saw why, and left).
    Stopped(Failure),
}

/// The help as plain lines, for the line mode's `?`: the same rules and cards as the
/// full-screen help, with the line mode's own commands.
pub fn plain_help(
    text: Text<'_>,
    seats: &crate::text::render::Seats,
    commands: Vec<(String, String)>,
) -> Vec<String> {
    let ctx = Ctx {
        text,
        seats,
        palette: style::Palette::new(false),
    };
    help::with_keys(&ctx, commands)
        .into_iter()
        .map(|line| line.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect()
}

/// Plays `table` full screen until the game ends or the player leaves; the terminal is
/// restored before this returns, whatever happens (a panic included). `files` says where
/// the game came from and where `s` saves it; `shutdown` is the flag signals set. Errors
/// are about the terminal or the table, in plain words.
pub fn run(
    table: &mut dyn Table,
    lang: Lang,
    files: &Files,
    shutdown: &Shutdown,
    options: Options,
) -> Result<Outcome, String> {
    let setup = table.setup().clone();
    let seats = crate::front::seat_names(lang, &setup);
    let ctx = Ctx {
        text: Text::new(lang, &setup.catalog),
        seats: &seats,
        palette: options.palette,
    };
    let mut guard = terminal::Guard::take().map_err(|e| e.to_string())?;
    let keyboard = keys::Terminal::start().map_err(|e| e.to_string())?;
    let session = session::Session::new(
        &mut guard.terminal,
        keyboard,
        table,
        ctx,
        files,
        shutdown.clone(),
        options,
    );
    let result = session.run();
    drop(guard);
    result
}

/// `dungeon play` at a terminal: the game full screen, then, back on the normal screen,
/// the lines the line mode closes with and its exit code (see [`crate::front::Ending`]).
/// They hold nothing private: the winner, or how to resume the game.
pub fn play(table: &mut dyn Table, lang: Lang, files: &Files, shutdown: &Shutdown) -> ExitCode {
    let mut options = Options::default();
    if let Some(ms) = files.delay {
        options.delay = Duration::from_millis(ms);
    }
    let outcome = run(table, lang, files, shutdown, options);
    let setup = table.setup().clone();
    let text = Text::new(lang, &setup.catalog);
    let ending = match outcome {
        Ok(Outcome::Over { .. }) => {
            // The log's closing lines, as the line mode ends: the winner, the standings.
            table.close();
            let seats = crate::front::seat_names(lang, &setup);
            let mut controlled =
                (0..setup.seats.len() as Seat).filter(|&s| setup.seats[s as usize].controlled);
            let viewer = match (controlled.next(), controlled.next()) {
                (Some(seat), None) => Some(seat),
                _ => None,
            };
            for entry in log::closing(table.log()) {
                let event = entry.seen_by(viewer);
                if let Some(line) = crate::text::render::event(&text, &seats, viewer, event) {
                    say(&line);
                }
            }
            return ExitCode::SUCCESS;
        }
        Ok(Outcome::Quit) => Ending::Left,
        Ok(Outcome::Interrupted { signal }) => Ending::Interrupted(signal),
        Ok(Outcome::Stopped(failure)) => {
            table.close();
            for line in crate::front::failure::lines(&text, &failure) {
                say(&line);
            }
            return ExitCode::FAILURE;
        }
        Err(error) => {
            table.close();
            let _ = writeln!(
                std::io::stderr().lock(),
                "{}",
                text.t("tui-failed", &[("error", error.into())])
            );
            let unsaved = "play-interrupted-unsaved";
            say(&files.resume_hint(&text, table, "play-interrupted", unsaved));
            return ExitCode::FAILURE;
        }
    };
    let (lines, code) = files.end(&text, table, ending);
    for line in lines {
        say(&line);
    }
    code
}

/// Writes a line on the normal screen; a terminal that went away is not worth a panic.
fn say(line: &str) {
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}
