//! The full-screen table for any worded game (`dungeon play --game ID` at a terminal):
//! the table in the game's words, a scrollable log, and the moves to choose from, drawn
//! with ratatui on the alternate screen. It is a [`Front`] of the generic table
//! (`table.rs`), so it is given words only, each from the view of the seat it is shown
//! to; between turns at a shared screen it wipes everything and shows a pass screen that
//! only the next player's letter passes. It takes the terminal and keys from the first
//! game's full-screen table (`crate::tui`: `terminal`, `keys`, `style`), which gives the
//! terminal back on every way out.

use super::table::Front;
use crate::signals::Shutdown;
use crate::text::tr;
use crate::tui::Palette;
use crate::tui::keys::{Key, Keyboard, Moment};
use crate::tui::wipe::{Wipe, forget_screen};
use dungeon_engine::Lang;
use dungeon_engine::printable::escape_line;
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use std::time::Duration;

/// What is drawn over the table.
#[derive(Clone, Debug, PartialEq)]
enum Over {
    None,
    Rules,
    /// `q` was pressed: a second `q` leaves.
    Leave,
    /// The game is over: any key ends.
    End,
    /// The screen passes to `name`, who presses `letter`; nothing else is drawn.
    Pass {
        name: String,
        letter: char,
    },
}

/// The moves on offer, and which is picked.
struct Prompt<'c> {
    name: &'c str,
    choices: &'c [String],
    selected: usize,
}

/// A full-screen table on `terminal`, reading `keys`.
pub(crate) struct Screen<'t, B: Backend + Wipe, K: Keyboard> {
    terminal: &'t mut Terminal<B>,
    keys: K,
    lang: Lang,
    title: String,
    rules: String,
    palette: Palette,
    shutdown: Option<Shutdown>,
    log: Vec<String>,
    /// Log lines scrolled back from the newest.
    back: usize,
    table: String,
    /// Where the game is kept, when the player left: said on the normal screen after.
    pub kept: Option<String>,
    /// The terminal or the keyboard failed, or a signal came: the game is left.
    pub gone: bool,
    /// Keys typed this soon after a question or the end appears are thrown away: they
    /// were meant for what came before (a player hammering Enter through the bots' moves).
    pub grace: Duration,
}

impl<'t, B: Backend + Wipe, K: Keyboard> Screen<'t, B, K> {
    pub fn new(
        terminal: &'t mut Terminal<B>,
        keys: K,
        lang: Lang,
        title: String,
        rules: String,
        shutdown: Option<Shutdown>,
    ) -> Self {
        Screen {
            terminal,
            keys,
            lang,
            title: escape_line(&title).into_owned(),
            rules,
            palette: Palette::from_env(),
            shutdown,
            log: Vec::new(),
            back: 0,
            table: String::new(),
            kept: None,
            gone: false,
            grace: Duration::from_millis(250),
        }
    }

    /// Shows the screen, then throws away what is typed during the grace.
    fn settle(&mut self, prompt: Option<&Prompt<'_>>, over: &Over) {
        let _ = self.keys.drain();
        if self.draw(prompt, over).is_err() {
            self.gone = true;
            return;
        }
        let until = std::time::Instant::now() + self.grace;
        while let Some(left) = until.checked_duration_since(std::time::Instant::now()) {
            match self.keys.wait(left, Moment::Busy) {
                Err(_) | Ok(Some(Key::Interrupt)) => {
                    self.gone = true;
                    return;
                }
                _ => {}
            }
        }
    }

    /// The last lines of the log, for the normal screen once the game is over.
    pub fn closing(&self, count: usize) -> &[String] {
        &self.log[self.log.len().saturating_sub(count)..]
    }

    /// The next key, or `None` when the game must be left (a signal, Ctrl-C, a keyboard
    /// gone). Draws first.
    fn key(&mut self, prompt: Option<&Prompt<'_>>, over: &Over) -> Option<Key> {
        loop {
            if self.shutdown.as_ref().is_some_and(|s| s.signal().is_some()) {
                self.gone = true;
                return None;
            }
            if self.draw(prompt, over).is_err() {
                self.gone = true;
                return None;
            }
            match self
                .keys
                .wait(Duration::from_millis(100), Moment::Listening)
            {
                Err(_) | Ok(Some(Key::Interrupt)) => {
                    self.gone = true;
                    return None;
                }
                Ok(Some(Key::Resize)) | Ok(None) => continue,
                Ok(Some(key)) => return Some(key),
            }
        }
    }

    /// Keys for the log, at any moment: true if `key` was one.
    fn scrolled(&mut self, key: Key) -> bool {
        match key {
            Key::PageUp => self.back = (self.back + 5).min(self.log.len().saturating_sub(1)),
            Key::PageDown => self.back = self.back.saturating_sub(5),
            _ => return false,
        }
        true
    }

    fn draw(&mut self, prompt: Option<&Prompt<'_>>, over: &Over) -> std::io::Result<()> {
        let view = View {
            lang: self.lang,
            title: &self.title,
            rules: &self.rules,
            palette: self.palette,
            log: &self.log,
            back: self.back,
            table: &self.table,
        };
        self.terminal
            .draw(|frame| view.render(frame, prompt, over))
            .map(|_| ())
            .map_err(|e| std::io::Error::other(e.to_string()))
    }
}

impl<B: Backend + Wipe, K: Keyboard> Front for Screen<'_, B, K> {
    fn told(&mut self, lines: &[String], table: &str) {
        self.log
            .extend(lines.iter().map(|l| escape_line(l).into_owned()));
        self.table = table.to_owned();
        self.back = 0;
        if self.draw(None, &Over::None).is_err() {
            self.gone = true;
        }
    }

    fn pass_to(&mut self, name: &str) -> bool {
        if self.gone {
            return false;
        }
        // Nothing of the one before stays on the screen, nor in its scrollback.
        let _ = self.terminal.backend_mut().wipe();
        forget_screen(self.terminal);
        let letter = (name.chars().next().unwrap_or('?').to_lowercase().next()).unwrap_or('?');
        let over = Over::Pass {
            name: escape_line(name).into_owned(),
            letter,
        };
        let _ = self.keys.drain();
        loop {
            match self.key(None, &over) {
                None => return false,
                Some(Key::Char(c)) if c.to_lowercase().next() == Some(letter) => break,
                Some(Key::Char('q')) if letter != 'q' => return false,
                Some(_) => {}
            }
        }
        let _ = self.terminal.backend_mut().wipe();
        forget_screen(self.terminal);
        true
    }

    fn choose(&mut self, name: &str, table: &str, choices: &[String]) -> Option<usize> {
        if self.gone || choices.is_empty() {
            return None;
        }
        self.table = table.to_owned();
        let name = escape_line(name).into_owned();
        let choices: Vec<String> = (choices.iter())
            .map(|c| escape_line(c).into_owned())
            .collect();
        let mut prompt = Prompt {
            name: &name,
            choices: &choices,
            selected: 0,
        };
        let mut over = Over::None;
        // Keys typed before the question was on screen, or just after, answer nothing.
        self.settle(Some(&prompt), &over);
        loop {
            let key = self.key(Some(&prompt), &over)?;
            if self.scrolled(key) {
                continue;
            }
            let last = choices.len() - 1;
            match (&over, key) {
                (Over::Leave, Key::Char('q')) => return None,
                (Over::Rules | Over::Leave, _) => over = Over::None,
                (_, Key::Up) => prompt.selected = prompt.selected.checked_sub(1).unwrap_or(last),
                (_, Key::Down) => prompt.selected = (prompt.selected + 1) % choices.len(),
                (_, Key::Home) => prompt.selected = 0,
                (_, Key::End) => prompt.selected = last,
                (_, Key::Char(d)) if d.is_ascii_digit() && d != '0' => {
                    let i = (d as usize) - ('1' as usize);
                    if i <= last {
                        prompt.selected = i;
                    }
                }
                (_, Key::Enter) => return Some(prompt.selected),
                (_, Key::Char('?')) => over = Over::Rules,
                (_, Key::Char('q') | Key::Esc) => over = Over::Leave,
                _ => {}
            }
        }
    }

    fn over(&mut self, table: &str) {
        self.table = table.to_owned();
        if self.gone {
            return;
        }
        self.settle(None, &Over::End);
        loop {
            match self.key(None, &Over::End) {
                Some(key) if self.scrolled(key) => {}
                _ => return,
            }
        }
    }

    fn left(&mut self, kept: Option<String>) {
        self.kept = kept;
    }
}

/// What one frame is drawn from.
struct View<'v> {
    lang: Lang,
    title: &'v str,
    rules: &'v str,
    palette: Palette,
    log: &'v [String],
    back: usize,
    table: &'v str,
}

impl View<'_> {
    fn t(&self, id: &'static str, args: &[(&str, String)]) -> String {
        let args: Vec<(&str, crate::text::Arg)> =
            args.iter().map(|(k, v)| (*k, v.clone().into())).collect();
        tr(self.lang, id, &args)
    }

    fn render(&self, frame: &mut ratatui::Frame<'_>, prompt: Option<&Prompt<'_>>, over: &Over) {
        let area = frame.area();
        if let Over::Pass { name, letter } = over {
            let text = self.t(
                "game-screen-pass",
                &[("name", name.clone()), ("letter", letter.to_string())],
            );
            let y = area.height / 2;
            let line = Rect::new(area.x, area.y + y, area.width, 1.min(area.height - y));
            let para =
                Paragraph::new(Line::from(Span::styled(text, self.palette.title()))).centered();
            frame.render_widget(para, line);
            return;
        }
        // The moves (or the keys' line) at the bottom; above, the table and the log side
        // by side, or one above the other on a narrow terminal.
        // The keys' line wraps on a narrow terminal: the box grows with it.
        let hint = self.hint(prompt, over);
        let width = area.width.saturating_sub(2).max(1) as usize;
        let hint_rows = hint.chars().count().div_ceil(width).max(1) as u16;
        let bottom = match prompt {
            Some(p) => (p.choices.len() as u16 + 2 + hint_rows)
                .min(area.height / 3)
                .max(3 + hint_rows),
            None => 2 + hint_rows,
        };
        let [main, foot] =
            Layout::vertical([Constraint::Min(3), Constraint::Length(bottom)]).areas(area);
        let direction = if main.width >= 90 {
            Direction::Horizontal
        } else {
            Direction::Vertical
        };
        let parts = Layout::default()
            .direction(direction)
            .constraints([Constraint::Percentage(58), Constraint::Percentage(42)])
            .split(main);
        self.table_panel(frame, parts[0]);
        self.log_panel(frame, parts[1]);
        self.foot(frame, foot, prompt, hint);
        if *over == Over::Rules {
            self.rules_popup(frame, area);
        }
    }

    fn block(&self, title: String) -> Block<'static> {
        Block::default()
            .borders(Borders::ALL)
            .border_style(self.palette.border())
            .title(Span::styled(format!(" {title} "), self.palette.title()))
    }

    fn table_panel(&self, frame: &mut ratatui::Frame<'_>, area: Rect) {
        let lines: Vec<Line<'_>> = (self.table.lines())
            .map(|l| Line::from(escape_line(l).into_owned()))
            .collect();
        let para = Paragraph::new(lines)
            .block(self.block(self.title.to_owned()))
            .wrap(Wrap { trim: false });
        frame.render_widget(para, area);
    }

    fn log_panel(&self, frame: &mut ratatui::Frame<'_>, area: Rect) {
        let inner = area.height.saturating_sub(2) as usize;
        let end = self.log.len().saturating_sub(self.back);
        // Wrapped lines may take more than one row: take from the newest back until full.
        let width = area.width.saturating_sub(2).max(1) as usize;
        let (mut rows, mut first) = (0, end);
        while first > 0 {
            let need = self.log[first - 1].chars().count().div_ceil(width).max(1);
            if rows + need > inner {
                break;
            }
            rows += need;
            first -= 1;
        }
        let lines: Vec<Line<'_>> = (self.log[first..end].iter())
            .map(|l| Line::from(l.as_str()))
            .collect();
        let mut title = self.t("game-screen-log", &[]);
        if self.back > 0 {
            title += &format!(" (-{})", self.back);
        }
        let para = Paragraph::new(lines)
            .block(self.block(title))
            .wrap(Wrap { trim: false });
        frame.render_widget(para, area);
    }

    /// The line under the moves: the keys, or what the screen waits for.
    fn hint(&self, prompt: Option<&Prompt<'_>>, over: &Over) -> String {
        match (over, prompt) {
            (Over::End, _) => self.t("game-screen-over", &[]),
            (Over::Leave, _) => self.t("game-screen-leave", &[]),
            (_, Some(_)) => self.t("game-screen-keys", &[]),
            (_, None) => self.t("game-screen-wait", &[]),
        }
    }

    fn foot(
        &self,
        frame: &mut ratatui::Frame<'_>,
        area: Rect,
        prompt: Option<&Prompt<'_>>,
        hint: String,
    ) {
        let Some(prompt) = prompt else {
            let para = Paragraph::new(Line::from(Span::styled(hint, self.palette.key())))
                .block(self.block(String::new()))
                .wrap(Wrap { trim: false });
            frame.render_widget(para, area);
            return;
        };
        let title = self.t("game-screen-choices", &[("name", prompt.name.to_owned())]);
        let width = area.width.saturating_sub(2).max(1) as usize;
        let hint_rows = hint.chars().count().div_ceil(width).max(1);
        let inner = (area.height as usize).saturating_sub(2 + hint_rows);
        // The picked move stays in sight however many there are.
        let first = prompt.selected.saturating_sub(inner.saturating_sub(1));
        let mut lines: Vec<Line<'_>> = (prompt.choices.iter().enumerate())
            .skip(first)
            .take(inner)
            .map(|(i, c)| {
                let text = format!(
                    "{} {}) {c}",
                    if i == prompt.selected { ">" } else { " " },
                    i + 1
                );
                if i == prompt.selected {
                    Line::from(Span::styled(
                        text,
                        self.palette.title().add_modifier(Modifier::REVERSED),
                    ))
                } else {
                    Line::from(text)
                }
            })
            .collect();
        lines.push(Line::from(Span::styled(hint, self.palette.key())));
        let para = Paragraph::new(lines)
            .block(self.block(title))
            .wrap(Wrap { trim: false });
        frame.render_widget(para, area);
    }

    fn rules_popup(&self, frame: &mut ratatui::Frame<'_>, area: Rect) {
        let width = area.width.saturating_sub(8).clamp(20, 80);
        let rows: usize = (self.rules.lines())
            .map(|l| {
                l.chars()
                    .count()
                    .div_ceil(width.saturating_sub(4).max(1) as usize)
                    .max(1)
            })
            .sum();
        let height = (rows as u16 + 3).clamp(5, area.height.saturating_sub(2).max(5));
        let x = area.x + area.width.saturating_sub(width) / 2;
        let y = area.y + area.height.saturating_sub(height) / 2;
        let popup = Rect::new(x, y, width.min(area.width), height.min(area.height));
        frame.render_widget(Clear, popup);
        let para = Paragraph::new(escape_line(self.rules).into_owned())
            .block(self.block(self.t("game-screen-rules", &[])))
            .wrap(Wrap { trim: true });
        frame.render_widget(para, popup);
    }
}

#[cfg(test)]
#[path = "screen_tests.rs"]
mod tests;
