//! Tests of the full-screen table: a test double of the `Table` (the real engine and
//! bots, in this thread), a scripted keyboard, snapshots of the screens at 80x24 and
//! 120x40 from real game positions, and the loop's rules about keys and hot-seat. The
//! end-to-end test through the real binary in a pseudo-terminal is `cli/tests/tui.rs`.

mod anytime;
mod behaviour;
mod layout;
mod notes;
mod pass;
mod prompt;
mod review;
mod screens;
mod script;
mod table;
mod watching;

use super::content::Ctx;
use super::session::Session;
use super::style::Palette;
use super::{Options, Outcome};
use crate::front::Session as Files;
use crate::signals::Shutdown;
use crate::text::Text;
use dungeon_engine::lang::Lang;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use script::Script;
use std::time::Duration;
use table::EngineTable;

/// The letter every pass screen asks for in these tests (the real one changes from pass
/// to pass: `between::pass_letter`).
const PASS: &str = "k";

/// Options for a test: no pause before reveals, no colour, no grace, and a pass screen
/// that asks for [`PASS`] at once.
fn quick() -> Options {
    Options {
        delay: Duration::ZERO,
        palette: Palette::new(false),
        grace: Duration::ZERO,
        pass_pause: Duration::ZERO,
        pass_letters: PASS,
    }
}

/// Runs the full-screen loop over `table` on a `width`x`height` test screen until the
/// script ends (or the game does); the screen as it was last drawn, and how it ended.
fn play(
    table: &mut EngineTable,
    script: &mut Script,
    lang: Lang,
    size: (u16, u16),
    delay: Duration,
    palette: Palette,
) -> (Terminal<TestBackend>, Result<Outcome, String>) {
    let options = Options {
        delay,
        palette,
        ..quick()
    };
    play_with(table, script, lang, size, options)
}

/// As [`play`] at 80x24 with no pause before reveals and no colour: the size a newcomer
/// plays at.
fn play_80x24(
    table: &mut EngineTable,
    script: &mut Script,
) -> (Terminal<TestBackend>, Result<Outcome, String>) {
    let palette = Palette::new(false);
    play(table, script, Lang::En, (80, 24), Duration::ZERO, palette)
}

fn play_with(
    table: &mut EngineTable,
    script: &mut Script,
    lang: Lang,
    size: (u16, u16),
    options: Options,
) -> (Terminal<TestBackend>, Result<Outcome, String>) {
    play_files(table, script, lang, size, options, &Files::default())
}

/// As [`play_with`], the game coming from and saved to where `files` says.
fn play_files(
    table: &mut EngineTable,
    keys: impl super::keys::Keyboard,
    lang: Lang,
    (width, height): (u16, u16),
    options: Options,
    files: &Files,
) -> (Terminal<TestBackend>, Result<Outcome, String>) {
    let palette = options.palette;
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let setup = dungeon_table::Table::setup(table).clone();
    let seats = crate::front::seat_names(lang, &setup);
    let ctx = Ctx {
        text: Text::new(lang, &setup.catalog),
        seats: &seats,
        palette,
    };
    let shutdown = Shutdown::default();
    let session = Session::new(&mut terminal, keys, table, ctx, files, shutdown, options);
    let outcome = session.run();
    (terminal, outcome)
}

/// The screen's text, row by row.
fn rows(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect()
}

fn screen_text(terminal: &Terminal<TestBackend>) -> String {
    rows(terminal).join("\n")
}
