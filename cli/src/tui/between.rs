//! The screens between the prompts: the pass screen and the recap of a hot-seat game, the
//! end of the game, and a game that cannot go on (which can still be saved).

use super::Outcome;
use super::keys::{Key, Keyboard};
use super::log::entry_lines;
use super::screen::{self, Overlay, Prompt};
use super::session::{Session, Step, Stop, TICK};
use super::terminal::Wipe;
use dungeon_engine::ids::Seat;
use dungeon_table::{Failure, TableState};
use ratatui::backend::Backend;
use ratatui::text::Line;
use std::time::Instant;

impl<B: Backend + Wipe, K: Keyboard> Session<'_, B, K> {
    /// The pass screen: the screen is wiped, names who plays next, and waits for Enter.
    pub(super) fn pass_screen(&mut self, seat: Seat) -> Step {
        let name = self.ctx.seats.name(seat);
        let ctx = self.ctx;
        self.draw_alone(|f| screen::draw_pass(f, &ctx, &name))?;
        self.keys.drain()?;
        let shown_at = Instant::now();
        loop {
            match self.next_key(Some(shown_at), TICK * 5)? {
                Some(Key::Enter) => return Ok(()),
                Some(Key::Resize) => self.draw_alone(|f| screen::draw_pass(f, &ctx, &name))?,
                _ => {}
            }
        }
    }

    /// What everyone saw since `seat` last had the screen, until a key dismisses it.
    pub(super) fn recap(&mut self, seat: Seat) -> Step {
        let from = self.last_seen[seat as usize].min(self.shown_entries);
        let lines: Vec<Line<'static>> = self.table.log()[from..self.shown_entries]
            .iter()
            .flat_map(|e| entry_lines(&self.ctx, e, Some(seat)))
            .filter(|l| l.width() > 0)
            .collect();
        if lines.is_empty() {
            return Ok(());
        }
        self.wait_dismiss(Overlay::Recap(lines), Prompt::Busy(String::new()))
    }

    /// Shows `overlay` until Enter, Esc, Space or `q`.
    fn wait_dismiss(&mut self, overlay: Overlay, prompt: Prompt) -> Step {
        self.draw(prompt.clone(), Some(overlay.clone()))?;
        self.keys.drain()?;
        let shown_at = Instant::now();
        loop {
            match self.next_key(Some(shown_at), TICK * 5)? {
                Some(Key::Enter | Key::Esc | Key::Char(' ' | 'q')) => return Ok(()),
                Some(Key::Resize) => {
                    self.draw(prompt.clone(), Some(overlay.clone()))?;
                }
                _ => {}
            }
        }
    }

    /// The end: the winner and the standings, until the player leaves.
    pub(super) fn end(&mut self, winner: Option<Seat>) -> Step {
        if self.hot_seat && self.shown.is_some() {
            self.show_public()?;
        }
        let lines = self.closing_lines();
        self.wait_dismiss(Overlay::End(lines), Prompt::Busy(String::new()))?;
        Err(Stop::Outcome(Outcome::Over { winner }))
    }

    /// The log's closing lines: who won and the final standings.
    fn closing_lines(&self) -> Vec<Line<'static>> {
        let mut lines: Vec<Line<'static>> = super::log::closing(self.table.log())
            .iter()
            .flat_map(|e| entry_lines(&self.ctx, e, self.shown))
            .collect();
        while lines.first().is_some_and(|l| l.width() == 0) {
            lines.remove(0);
        }
        lines
    }

    /// The game cannot go on: why, until the player leaves; `s` can still save it. A
    /// table that gets going again (a remote one, connected again) goes back to the game.
    pub(super) fn stopped(&mut self, failure: Failure) -> Step {
        if self.hot_seat && self.shown.is_some() {
            self.show_public()?;
        }
        let mut lines = crate::play::failure::lines(&self.ctx.text, &failure);
        let prompt = Prompt::Busy(String::new());
        self.draw(prompt.clone(), Some(Overlay::Stopped(lines.clone())))?;
        self.keys.drain()?;
        let shown_at = Instant::now();
        loop {
            match self.next_key(Some(shown_at), TICK * 5)? {
                Some(Key::Enter | Key::Esc | Key::Char('q' | 'Q')) => {
                    return Err(Stop::Outcome(Outcome::Stopped(failure)));
                }
                Some(Key::Char('s' | 'S')) => {
                    let (_, said) = self.save(prompt.clone())?;
                    lines.push(said);
                }
                Some(_) => {}
                None => {
                    // An error leaves the table stopped, which is what is shown.
                    let _ = self.table.poll(TICK);
                    self.take_table_notes();
                    if !matches!(self.table.state(), TableState::Stopped { .. }) {
                        return Ok(());
                    }
                }
            }
            self.draw(prompt.clone(), Some(Overlay::Stopped(lines.clone())))?;
        }
    }
}
