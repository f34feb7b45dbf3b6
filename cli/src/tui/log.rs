//! The game log panel: each entry of the table's log as the viewer may see it, in the
//! words of the event->line function `dungeon play` shares (`play::render::event`), with
//! colour for the viewer's own secrets, reveals, damage and outcomes; and scrolling.

use super::content::Ctx;
use super::wrap::wrap;
use dungeon_engine::event::Event;
use dungeon_engine::ids::Seat;
use dungeon_table::LogEntry;
use ratatui::style::Style;
use ratatui::text::Line;

/// The lines of one log entry as `viewer` may see it (`None`: only what everyone sees).
/// An event the renderer leaves out gives no line; its blank lines (before a round or a
/// run) are kept, as they group the log.
pub fn entry_lines(ctx: &Ctx, entry: &LogEntry, viewer: Option<Seat>) -> Vec<Line<'static>> {
    let event = entry.seen_by(viewer);
    let own_secret = matches!(&entry.private, Some((seat, _)) if Some(*seat) == viewer);
    let Some(text) = crate::text::render::event(&ctx.text, ctx.seats, viewer, event) else {
        return Vec::new();
    };
    let style = if own_secret {
        ctx.palette.private()
    } else {
        style_of(ctx, event)
    };
    text.split('\n')
        .map(|part| Line::styled(part.to_string(), style))
        .collect()
}

/// The log's closing entries: who won, and the final standings.
pub fn closing(log: &[LogEntry]) -> &[LogEntry] {
    let from = log
        .iter()
        .position(|e| matches!(e.public, Event::Won { .. } | Event::Standings { .. }))
        .unwrap_or(log.len());
    &log[from..]
}

fn style_of(ctx: &Ctx, event: &Event) -> Style {
    let p = ctx.palette;
    match event {
        Event::Revealed { .. } => p.reveal(),
        Event::Damaged { .. } | Event::Died { .. } | Event::Failure { .. } => p.bad(),
        Event::Eliminated { .. } => p.bad(),
        Event::Success { .. } | Event::Won { .. } | Event::Revived { .. } => p.good(),
        Event::Defeated { .. } => p.good(),
        Event::RoundStarted { .. } | Event::Entered { .. } => p.title(),
        _ => Style::default(),
    }
}

/// The log as the viewer reads it: its lines, and how far up they scrolled.
#[derive(Default)]
pub struct LogPanel {
    /// Every line so far, unwrapped.
    pub lines: Vec<Line<'static>>,
    /// Rows scrolled up from the newest (0: the newest line is at the bottom).
    pub scroll: usize,
}

impl LogPanel {
    /// The rows to show in a panel `width` columns wide and `height` rows high, and the
    /// scroll actually applied (clamped to the log's length).
    pub fn rows(&self, width: u16, height: u16) -> (Vec<Line<'static>>, usize) {
        let rows: Vec<Line<'static>> = self.lines.iter().flat_map(|l| wrap(l, width, 2)).collect();
        let height = height as usize;
        let max_scroll = rows.len().saturating_sub(height);
        let scroll = self.scroll.min(max_scroll);
        let end = rows.len() - scroll;
        let start = end.saturating_sub(height);
        (rows[start..end].to_vec(), scroll)
    }

    /// Adds `lines` at the bottom. A reader scrolled up keeps reading the same rows (in a
    /// panel `width` columns wide): the new ones wait below, counted in the title.
    pub fn push(&mut self, lines: impl IntoIterator<Item = Line<'static>>, width: u16) {
        for line in lines {
            if self.scroll > 0 {
                self.scroll += wrap(&line, width, 2).len();
            }
            self.lines.push(line);
        }
    }

    pub fn up(&mut self, by: usize) {
        self.scroll = self.scroll.saturating_add(by);
    }
    pub fn down(&mut self, by: usize) {
        self.scroll = self.scroll.saturating_sub(by);
    }
    /// Clamps the scroll to what a panel of this size can show, so that scrolling back
    /// down starts from the top line shown, not from past it.
    pub fn clamp(&mut self, width: u16, height: u16) {
        let (_, scroll) = self.rows(width, height);
        self.scroll = scroll;
    }
}
