//! Watching: the screen when no seat is answered for here (a spectator at a server's table,
//! a game of bots only). It shows the table as every seat may see it and the log; the
//! keys change this screen only, never the game: `?` the help, the log's keys, `q` to
//! stop watching (asked first).

use super::keys::{Key, Keyboard};
use super::prompt::scroll_by;
use super::screen::{Overlay, Prompt};
use super::session::{Session, Step, Stop, TICK, table_error};
use super::wipe::Wipe;
use super::{Outcome, help};
use dungeon_engine::ids::Seat;
use dungeon_table::TableState;
use ratatui::backend::Backend;
use ratatui::text::Line;
use std::time::Duration;

impl<B: Backend + Wipe, K: Keyboard> Session<'_, B, K> {
    /// `seat` decides while this screen watches: keys count as soon as the screen is
    /// drawn, and the table moves on meanwhile. Returns once the game moved on (an event,
    /// a note, another seat's turn), for the loop to show it.
    pub(super) fn watch(&mut self, seat: Seat) -> Step {
        let (entries, notes) = (self.table.log().len(), self.table.notes().len());
        self.draw(self.watching_prompt(), None)?;
        self.keys.drain()?;
        loop {
            self.table.poll(Duration::ZERO).map_err(table_error)?;
            let same_turn =
                matches!(self.table.state(), TableState::Waiting { seat: s, .. } if s == seat);
            let (log, table_notes) = (self.table.log().len(), self.table.notes().len());
            if !same_turn || log != entries || table_notes != notes {
                return Ok(());
            }
            match self.next_key(None, TICK)? {
                Some(Key::Char('?')) => self.watching_help()?,
                Some(Key::Char('q' | 'Q')) => self.stop_watching()?,
                Some(key) => {
                    self.scroll_log(key);
                }
                None => {}
            }
            // Also as time goes by: "thinking..." once someone takes a while.
            self.draw(self.watching_prompt(), None)?;
        }
    }

    /// `q`: leaves once the player says yes.
    fn stop_watching(&mut self) -> Step {
        match self.confirm(self.watching_prompt(), self.quit_question())? {
            true => Err(Stop::Outcome(Outcome::Quit)),
            false => Ok(()),
        }
    }

    /// The prompt panel while watching: that the screen watches, whose turn it is.
    fn watching_prompt(&self) -> Prompt {
        let busy = match self.table.state() {
            TableState::Waiting { seat, for_how_long } => self.busy_line(seat, for_how_long),
            _ => String::new(),
        };
        let t = |key: &'static str| self.ctx.t(key, &[]);
        Prompt::Watching {
            header: t("tui-watching"),
            busy,
            keys: super::screen::anytime_keys(&self.ctx),
        }
    }

    /// The help, until it is closed (the game goes on meanwhile).
    fn watching_help(&mut self) -> Step {
        let lines = help::with_keys(&self.ctx, help::watching_keys(&self.ctx));
        self.help_meanwhile(lines, &self.watching_prompt())
    }

    /// The help over `prompt`, until it is closed; what the game did meanwhile is shown
    /// at once when it is.
    pub(super) fn help_meanwhile(&mut self, lines: Vec<Line<'static>>, prompt: &Prompt) -> Step {
        let mut scroll = 0;
        loop {
            let overlay = Overlay::Help {
                lines: lines.clone(),
                scroll,
            };
            let drawn = self.draw(prompt.clone(), Some(overlay))?;
            scroll = scroll.min(drawn.help_max);
            match self.next_key(None, TICK * 5)? {
                Some(Key::Esc | Key::Enter | Key::Char('?' | 'q' | 'Q')) => break,
                Some(key) => scroll_by(&mut scroll, key, self.drawn.help_height as usize),
                None => {}
            }
        }
        // What came meanwhile is shown at once: the reveals were missed, not delayed.
        self.table.poll(Duration::ZERO).map_err(table_error)?;
        self.skip = self.table.log().len() > self.shown_entries;
        Ok(())
    }
}
