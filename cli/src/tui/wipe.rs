//! Wiping the whole screen (between two players at one screen, so nothing of one stays
//! for the next), and forgetting what was drawn so the next frame is drawn in full.

use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend, TestBackend};
use ratatui::crossterm::{cursor, queue, terminal};
use std::io::{self, Write};

/// A backend whose screen can be wiped entirely: every cell, and the scrollback the
/// terminal may keep, so nothing of one hot-seat player stays for the next.
pub trait Wipe {
    fn wipe(&mut self) -> io::Result<()>;
}

impl<W: Write> Wipe for CrosstermBackend<W> {
    fn wipe(&mut self) -> io::Result<()> {
        queue!(
            self,
            terminal::Clear(terminal::ClearType::All),
            terminal::Clear(terminal::ClearType::Purge),
            cursor::MoveTo(0, 0)
        )?;
        Write::flush(self)
    }
}

impl Wipe for TestBackend {
    fn wipe(&mut self) -> io::Result<()> {
        Backend::clear(self).map_err(|e| io::Error::other(e.to_string()))
    }
}

/// After a wipe: the next frame is drawn in full. (Not `Terminal::clear`, which asks the
/// terminal where its cursor is and waits for an answer some terminals never give.)
pub fn forget_screen<B: Backend>(terminal: &mut Terminal<B>) {
    // Each swap blanks the buffer it leaves behind: two blank both.
    terminal.swap_buffers();
    terminal.swap_buffers();
}
