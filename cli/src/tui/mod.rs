//! The full-screen table for terminals (`dungeon play` when stdin and stdout are
//! terminals): the table, the player's corner, a scrollable log and the prompt, drawn with
//! ratatui on crossterm's alternate screen.
//!
//! It is written against the [`Table`] boundary only: it never sees a game state, and
//! shows each seat nothing the table would not give that seat. With several humans at
//! the screen (hot-seat) it wipes the screen between them, shows a pass screen with
//! nothing private, then a recap of what the next player missed. Keys typed while the
//! screen is not asking are thrown away. The terminal is given back on every way out
//! (see `terminal`).
//!
//! Modules: `session` (the loop), `screen` (layout and drawing), `content` (the table
//! panel and corner), `log` (the log panel), `help` (`?`), `wrap` (word wrapping),
//! `style` (colours, `NO_COLOR`), `keys` (the keyboard), `terminal` (taking the terminal
//! and giving it back).

mod content;
mod help;
mod keys;
mod log;
mod screen;
mod session;
mod style;
mod terminal;
#[cfg(test)]
mod tests;
mod wrap;

use crate::play::render::Seats;
use crate::text::Text;
use content::Ctx;
use dungeon_engine::ids::Seat;
use dungeon_engine::lang::Lang;
use dungeon_engine::record::SeatRecord;
use dungeon_table::{Failure, Table, TableSetup};
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
}

impl Default for Options {
    /// A 600 ms pause before each reveal, a 250 ms grace, colours unless `NO_COLOR` is set.
    fn default() -> Options {
        Options {
            delay: Duration::from_millis(600),
            palette: Palette::from_env(),
            grace: Duration::from_millis(250),
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
    /// Ctrl-C, or a signal (SIGINT, SIGTERM, SIGHUP): left at once.
    Interrupted,
    /// The table could not go on (the player saw why, and left).
    Stopped(Failure),
}

/// Plays `table` full screen until the game ends or the player leaves; the terminal is
/// restored before this returns, whatever happens (a panic included). Errors are about
/// the terminal or the table, in plain words.
pub fn run(table: &mut dyn Table, lang: Lang, options: Options) -> Result<Outcome, String> {
    let setup = table.setup().clone();
    let text = Text::new(lang, &setup.catalog);
    let seats = seats(lang, &setup);
    let ctx = Ctx {
        text,
        seats: &seats,
        palette: options.palette,
    };
    let mut guard = terminal::Guard::take().map_err(|e| e.to_string())?;
    let signal = guard.signal_flag();
    let result = session::Session::new(
        &mut guard.terminal,
        keys::Terminal,
        table,
        ctx,
        options,
        Some(signal),
    )
    .run();
    drop(guard);
    result
}

/// The seats' names as the players read them (escaped: a name may come from a file or
/// the network), as `dungeon play` and `dungeon replay` name them.
pub fn seats(lang: Lang, setup: &TableSetup) -> Seats {
    let records: Vec<SeatRecord> = setup
        .seats
        .iter()
        .map(|s| SeatRecord {
            name: s.name.clone(),
            bot: s.bot.clone(),
        })
        .collect();
    Seats::new(lang, &records, true)
}
