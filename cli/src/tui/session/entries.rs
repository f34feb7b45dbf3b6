//! Showing the table's new log entries: a pause before each reveal (unless a key skips
//! it), the frozen table following the run's HP as the log tells it, and the result of
//! a run of a player at this screen kept for the bottom panel.

use super::{Session, Step};
use crate::tui::keys::Keyboard;
use crate::tui::log::entry_lines;
use crate::tui::screen::Tone;
use crate::tui::wipe::Wipe;
use dungeon_engine::event::Event;
use ratatui::backend::Backend;
use ratatui::text::Line;

impl<B: Backend + Wipe, K: Keyboard> Session<'_, B, K> {
    /// Shows the log entries the screen has not shown yet, pausing before each reveal.
    pub(super) fn show_new_entries(&mut self) -> Step {
        let end = self.table.log().len();
        let result = self.show_entries_to(end);
        self.frozen = None;
        result
    }

    pub(super) fn show_entries_to(&mut self, end: usize) -> Step {
        while self.shown_entries < end {
            self.take_table_notes();
            let entry = self.table.log()[self.shown_entries].clone();
            let reveal = matches!(entry.public, Event::Revealed { .. });
            if reveal && !self.skip && !self.options.delay.is_zero() {
                if self.frozen.is_none() {
                    self.frozen = self.last_view.clone().or_else(|| self.live_view());
                }
                self.redraw_busy()?;
                self.pause(self.options.delay)?;
            }
            let lines = entry_lines(&self.ctx, &entry, self.shown);
            self.keep_run_result(&entry.public, &lines);
            if matches!(entry.public, Event::Entered { .. }) {
                // A reader scrolled up comes back for the run: its cards are the show.
                self.log.scroll = 0;
            }
            self.log.push(lines, self.drawn.log_width);
            // The frozen table follows the run's HP as the log tells it.
            if let (Some(run), Some(hp)) = (
                self.frozen.as_mut().and_then(|v| v.run.as_mut()),
                hp_after(&entry.public),
            ) {
                run.hp = hp;
            }
            self.shown_entries += 1;
        }
        Ok(())
    }

    /// Keeps the result of a run of a player at this screen (`lines` being how the log
    /// words `event`); a new run puts the last one away.
    fn keep_run_result(&mut self, event: &Event, lines: &[Line<'static>]) {
        let (seat, tone) = match *event {
            Event::Success { seat, .. } => (seat, Tone::Good),
            Event::Failure { seat, .. } => (seat, Tone::Bad),
            Event::Entered { .. } => return self.run_result = None,
            _ => return,
        };
        let here = |s: &dungeon_table::SeatInfo| s.controlled;
        if self
            .table
            .setup()
            .seats
            .get(seat as usize)
            .is_some_and(here)
            && let Some(line) = lines.iter().find(|l| l.width() > 0)
        {
            self.run_result = Some((tone, line.to_string()));
        }
    }
}

/// The runner's HP after an event that changes it.
fn hp_after(event: &Event) -> Option<i32> {
    match event {
        Event::Damaged { hp, .. }
        | Event::HpChanged { hp, .. }
        | Event::TileDiscarded { hp, .. }
        | Event::Revived { hp, .. }
        | Event::Died { hp } => Some(*hp),
        _ => None,
    }
}
