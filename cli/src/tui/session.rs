//! The full-screen table's loop: it shows new log entries (pausing before each reveal
//! unless a key skips it), asks the player at the screen, lets the table move on while
//! bots think, and in hot-seat games wipes the screen and shows the pass screen and a
//! recap between two players. Keys count only while a prompt is on screen: the keyboard
//! is drained each time one is drawn, and keys read at any other time are thrown away.

use super::content::{Ctx, public_part};
use super::keys::{Key, Keyboard, Moment};
use super::log::{LogPanel, entry_lines};
use super::screen::{self, Drawn, Overlay, Prompt, Screen};
use super::terminal::Wipe;
use super::{Options, Outcome};
use dungeon_engine::action::Action;
use dungeon_engine::event::Event;
use dungeon_engine::ids::Seat;
use dungeon_engine::view::PlayerView;
use dungeon_table::{Failure, Table, TableError, TableState};
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::text::Line;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long a bot may think before the screen says so.
const THINKING_AFTER: Duration = Duration::from_millis(200);
/// How often the screen checks the keyboard, signals and the table while nothing happens.
const TICK: Duration = Duration::from_millis(40);

/// Why a step of the loop ends the session early.
enum Stop {
    Outcome(Outcome),
    Error(String),
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Stop {
        Stop::Error(e.to_string())
    }
}

type Step<T = ()> = Result<T, Stop>;

pub struct Session<'a, B: Backend + Wipe, K: Keyboard> {
    terminal: &'a mut Terminal<B>,
    keys: K,
    table: &'a mut dyn Table,
    ctx: Ctx<'a>,
    options: Options,
    signal: Option<Arc<AtomicUsize>>,
    /// Several players share this screen: wipe it and pass it between them.
    hot_seat: bool,
    /// The seat whose screen this is (its corner, its secrets in the log); `None` for the
    /// public screen shown between hot-seat players.
    shown: Option<Seat>,
    /// How many log entries are on screen (the reveal animation's cursor).
    shown_entries: usize,
    log: LogPanel,
    /// For each seat, the log's length when it last left the screen: its recap starts there.
    last_seen: Vec<usize>,
    /// A key asked to skip the animation: show the rest of the log at once.
    skip: bool,
    /// The view as it was when the log last caught up: while new entries are still being
    /// shown, the table panel must not run ahead of the log (a failure shown before the
    /// cards that caused it).
    frozen: Option<PlayerView>,
    /// The view last drawn while the log was caught up.
    last_view: Option<PlayerView>,
    drawn: Drawn,
}

impl<'a, B: Backend + Wipe, K: Keyboard> Session<'a, B, K> {
    pub fn new(
        terminal: &'a mut Terminal<B>,
        keys: K,
        table: &'a mut dyn Table,
        ctx: Ctx<'a>,
        options: Options,
        signal: Option<Arc<AtomicUsize>>,
    ) -> Self {
        let seats = &table.setup().seats;
        let controlled: Vec<Seat> = (0..seats.len() as Seat)
            .filter(|&s| seats[s as usize].controlled)
            .collect();
        let hot_seat = controlled.len() > 1;
        let shown = if hot_seat {
            None
        } else {
            controlled.first().copied()
        };
        let last_seen = vec![0; seats.len()];
        Session {
            terminal,
            keys,
            table,
            ctx,
            options,
            signal,
            hot_seat,
            shown,
            shown_entries: 0,
            log: LogPanel::default(),
            last_seen,
            skip: false,
            frozen: None,
            last_view: None,
            drawn: Drawn::default(),
        }
    }

    pub fn run(mut self) -> Result<Outcome, String> {
        match self.main_loop() {
            Ok(never) => match never {},
            Err(Stop::Outcome(o)) => Ok(o),
            Err(Stop::Error(e)) => Err(e),
        }
    }

    fn main_loop(&mut self) -> Step<std::convert::Infallible> {
        loop {
            self.check_signal()?;
            if self.shown_entries < self.table.log().len() {
                // In hot-seat, the player who just answered leaves the screen first: what
                // follows (bots' turns, reveals) is shown to everyone.
                let theirs = matches!(self.table.state(), TableState::Asking { seat, .. } if Some(seat) == self.shown);
                if self.hot_seat && self.shown.is_some() && !theirs {
                    self.show_public()?;
                }
                self.show_new_entries()?;
                continue;
            }
            self.skip = false;
            match self.table.state() {
                TableState::Asking { seat, number, .. } => self.ask(seat, number)?,
                TableState::Waiting { seat, for_how_long } => self.wait_for(seat, for_how_long)?,
                TableState::Over { winner } => self.end(winner)?,
                TableState::Stopped { failure } => self.stopped(failure)?,
            }
        }
    }

    fn check_signal(&self) -> Step {
        match self.signal.as_ref().map(|s| s.load(Ordering::SeqCst)) {
            Some(sig) if sig != 0 => Err(Stop::Outcome(Outcome::Interrupted)),
            _ => Ok(()),
        }
    }

    /// Shows the log entries the screen has not shown yet, pausing before each reveal.
    fn show_new_entries(&mut self) -> Step {
        let end = self.table.log().len();
        let result = self.show_entries_to(end);
        self.frozen = None;
        result
    }

    fn show_entries_to(&mut self, end: usize) -> Step {
        while self.shown_entries < end {
            let entry = self.table.log()[self.shown_entries].clone();
            let reveal = matches!(entry.public, Event::Revealed { .. });
            if reveal && !self.skip && !self.options.delay.is_zero() {
                if self.frozen.is_none() {
                    self.frozen = self.last_view.clone().or_else(|| self.live_view());
                }
                let busy = self.ctx.t("tui-revealing", &[]);
                self.draw(Prompt::Busy(busy), None)?;
                self.pause(self.options.delay)?;
            }
            self.log
                .lines
                .extend(entry_lines(&self.ctx, &entry, self.shown));
            // The frozen table follows the run's HP as the log tells it.
            if let (Some(run), Some(hp)) = (
                self.frozen.as_mut().and_then(|v| v.run.as_mut()),
                hp_after(&entry.public),
            ) {
                run.hp = hp;
            }
            self.log.scroll = 0;
            self.shown_entries += 1;
        }
        Ok(())
    }

    /// Waits `how_long`, reading keys: any key ends the wait and skips the rest of the
    /// animation; none of them is kept.
    fn pause(&mut self, how_long: Duration) -> Step {
        let until = Instant::now() + how_long;
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            self.check_signal()?;
            match self.keys.wait(left.min(TICK), Moment::Reveal)? {
                Some(Key::Interrupt) => return Err(Stop::Outcome(Outcome::Interrupted)),
                Some(Key::Resize) => self.redraw_busy()?,
                Some(_) => {
                    self.skip = true;
                    return Ok(());
                }
                None => {}
            }
        }
        Ok(())
    }

    fn redraw_busy(&mut self) -> Step {
        let busy = self.ctx.t("tui-revealing", &[]);
        self.draw(Prompt::Busy(busy), None).map(|_| ())
    }

    /// Someone not at this screen decides: let the table move on, say who is thinking,
    /// and throw away whatever is typed meanwhile.
    fn wait_for(&mut self, seat: Seat, for_how_long: Duration) -> Step {
        if self.hot_seat && self.shown.is_some() {
            self.show_public()?;
        }
        let name = self.ctx.seats.name(seat);
        let busy = if for_how_long < THINKING_AFTER {
            String::new()
        } else if self
            .table
            .setup()
            .seats
            .get(seat as usize)
            .is_some_and(|s| s.bot.is_some())
        {
            self.ctx.t("tui-thinking", &[("name", name)])
        } else {
            self.ctx.t("tui-waiting", &[("name", name)])
        };
        self.draw(Prompt::Busy(busy), None)?;
        self.table.poll(TICK).map_err(table_error)?;
        self.discard_keys()
    }

    /// Reads and drops every key typed so far, except Ctrl-C.
    fn discard_keys(&mut self) -> Step {
        while let Some(key) = self.keys.wait(Duration::ZERO, Moment::Busy)? {
            if key == Key::Interrupt {
                return Err(Stop::Outcome(Outcome::Interrupted));
            }
        }
        Ok(())
    }

    /// The screen between two hot-seat players: wiped, then only what everyone sees.
    fn show_public(&mut self) -> Step {
        self.wipe()?;
        self.set_viewer(None);
        Ok(())
    }

    fn wipe(&mut self) -> Step {
        self.terminal.backend_mut().wipe()?;
        super::terminal::forget_screen(self.terminal);
        Ok(())
    }

    /// Whose screen this is; the log is written again as they may see it.
    fn set_viewer(&mut self, viewer: Option<Seat>) {
        self.shown = viewer;
        self.last_view = None;
        self.frozen = None;
        self.log = LogPanel::default();
        for entry in &self.table.log()[..self.shown_entries] {
            self.log.lines.extend(entry_lines(&self.ctx, entry, viewer));
        }
    }

    /// A decision of a seat at this screen: in hot-seat, first the pass screen and the
    /// recap; then the prompt, until an answer is taken (or the player leaves).
    fn ask(&mut self, seat: Seat, number: u32) -> Step {
        if self.hot_seat && self.shown != Some(seat) {
            self.show_public()?;
            self.pass_screen(seat)?;
            self.set_viewer(Some(seat));
            self.recap(seat)?;
        }
        let Some(view) = self.table.view(seat) else {
            return Err(Stop::Error(format!("no view of seat {seat}")));
        };
        let reader = if self.hot_seat { None } else { Some(seat) };
        let (header, options) =
            crate::play::render::options(&self.ctx.text, self.ctx.seats, &view, reader);
        let actions: Vec<Action> = options.iter().map(|(a, _)| *a).collect();
        let mut labels: Vec<String> = options.into_iter().map(|(_, l)| l).collect();
        let mut header = header;
        // Placing a drawn card: the card is named once, in the header, so the options
        // are short enough to stand in columns.
        if let (Some(monster), true) = (view.hand, actions.contains(&Action::AddToDungeon)) {
            let card = super::content::monster_label(&self.ctx.text, monster);
            header = format!("{header} {} {card}", self.ctx.t("tui-hold", &[]));
            for (label, action) in labels.iter_mut().zip(&actions) {
                match action {
                    Action::AddToDungeon => *label = self.ctx.t("tui-place-add", &[]),
                    Action::SetAside(t) => {
                        let tile = self.ctx.text.tile(*t);
                        *label = self.ctx.t("tui-place-aside", &[("tile", tile)]);
                    }
                    _ => {}
                }
            }
        }
        let keys = self.prompt_keys(actions.len());
        let mut overlay: Option<Overlay> = None;
        let mut status: Option<String> = None;
        let mut typed = String::new();
        let prompt = |status: &Option<String>, typed: &str| Prompt::Asking {
            header: header.clone(),
            options: labels.clone(),
            keys: keys.clone(),
            status: if typed.is_empty() {
                status.clone()
            } else {
                Some(format!("{typed}…"))
            },
        };
        // The prompt is on screen before any key counts.
        self.draw(prompt(&status, &typed), None)?;
        self.keys.drain()?;
        let shown_at = Instant::now();
        loop {
            self.check_signal()?;
            let Some(key) = self.keys.wait(TICK * 5, Moment::Listening)? else {
                continue;
            };
            if key == Key::Interrupt {
                return Err(Stop::Outcome(Outcome::Interrupted));
            }
            if shown_at.elapsed() < self.options.grace {
                continue;
            }
            let mut choice = None;
            match (&mut overlay, key) {
                (_, Key::Resize) => {}
                (Some(Overlay::Help { scroll, .. }), key) => match key {
                    Key::Esc | Key::Enter | Key::Char('?' | 'q') => overlay = None,
                    key => scroll_by(scroll, key, self.drawn.help_height as usize),
                },
                (Some(Overlay::ConfirmQuit), Key::Char(c)) if self.is_yes(c) => {
                    return Err(Stop::Outcome(Outcome::Quit));
                }
                (Some(Overlay::ConfirmQuit), Key::Char('n' | 'N') | Key::Esc | Key::Enter) => {
                    overlay = None
                }
                (Some(_), _) => {}
                (None, Key::Char(d)) if d.is_ascii_digit() => {
                    typed.push(d);
                    status = None;
                    match typed.parse::<usize>() {
                        // A number that no further digit can make an option: take it now.
                        Ok(n) if n * 10 > actions.len() || n == 0 => {
                            choice = Some(n);
                            typed.clear();
                        }
                        Ok(_) => {}
                        Err(_) => typed.clear(),
                    }
                }
                (None, Key::Enter) if !typed.is_empty() => {
                    choice = typed.parse().ok();
                    typed.clear();
                }
                (None, Key::Esc) => typed.clear(),
                (None, Key::Char('?')) => {
                    let extra: Vec<(String, String)> = Vec::new();
                    let lines = super::help::lines(&self.ctx, &extra);
                    overlay = Some(Overlay::Help { lines, scroll: 0 });
                }
                (None, Key::Char('q' | 'Q')) => overlay = Some(Overlay::ConfirmQuit),
                (
                    None,
                    key
                    @ (Key::Up | Key::Down | Key::PageUp | Key::PageDown | Key::Home | Key::End),
                ) => {
                    let page = (self.drawn.log_height as usize).saturating_sub(1).max(1);
                    match key {
                        Key::Up => self.log.up(1),
                        Key::Down => self.log.down(1),
                        Key::PageUp => self.log.up(page),
                        Key::PageDown => self.log.down(page),
                        Key::Home => self.log.up(usize::MAX / 2),
                        _ => self.log.scroll = 0,
                    }
                    self.log.clamp(self.drawn.log_width, self.drawn.log_height);
                }
                (None, _) => {
                    let max = actions.len().to_string();
                    status = Some(self.ctx.t("tui-bad-key", &[("max", max)]));
                }
            }
            if let Some(n) = choice {
                match n.checked_sub(1).and_then(|i| actions.get(i)) {
                    Some(&action) => match self.table.answer(seat, number, action) {
                        Ok(()) => {
                            self.last_seen[seat as usize] = self.table.log().len();
                            return Ok(());
                        }
                        // The question went away (answered elsewhere): look again.
                        Err(TableError::Stale { .. }) => return Ok(()),
                        Err(TableError::Refused(failure)) => {
                            status = Some(failure_lines(&self.ctx, &failure).join(" "))
                        }
                        // The game moved on, or stopped: show where it stands now.
                        Err(_) => return Ok(()),
                    },
                    None => {
                        let max = actions.len().to_string();
                        status = Some(self.ctx.t("tui-bad-key", &[("max", max)]));
                    }
                }
            }
            let drawn = self.draw(prompt(&status, &typed), overlay.clone())?;
            if let Some(Overlay::Help { scroll, .. }) = &mut overlay {
                *scroll = (*scroll).min(drawn.help_max);
            }
        }
    }

    /// Whether `c` answers "yes" to the quit question: `y`, or the first letter of
    /// "yes" in the player's language (`s` for "sí", `o` for "oui").
    fn is_yes(&self, c: char) -> bool {
        let yes = self.ctx.t("answer-yes", &[]);
        let c = c.to_lowercase().next().unwrap_or(c);
        c == 'y' || yes.chars().next().is_some_and(|y| y == c)
    }

    /// The keys the prompt's hint line lists.
    fn prompt_keys(&self, options: usize) -> Vec<(String, String)> {
        let range = if options == 1 {
            "1".to_string()
        } else {
            format!("1-{options}")
        };
        vec![
            (range, self.ctx.t("tui-key-choose", &[])),
            ("?".into(), self.ctx.t("tui-key-help", &[])),
            ("PgUp/PgDn".into(), self.ctx.t("tui-key-log", &[])),
            ("q".into(), self.ctx.t("tui-key-quit", &[])),
        ]
    }

    /// The pass screen: the screen is wiped, names who plays next, and waits for Enter.
    fn pass_screen(&mut self, seat: Seat) -> Step {
        let name = self.ctx.seats.name(seat);
        let draw = |this: &mut Self| -> Step {
            let ctx = this.ctx;
            this.terminal
                .draw(|f| screen::draw_pass(f, &ctx, &name))
                .map_err(backend_error)?;
            Ok(())
        };
        draw(self)?;
        self.keys.drain()?;
        loop {
            self.check_signal()?;
            match self.keys.wait(TICK * 5, Moment::Listening)? {
                Some(Key::Enter) => return Ok(()),
                Some(Key::Interrupt) => return Err(Stop::Outcome(Outcome::Interrupted)),
                Some(Key::Resize) => draw(self)?,
                _ => {}
            }
        }
    }

    /// What everyone saw since `seat` last had the screen, until a key dismisses it.
    fn recap(&mut self, seat: Seat) -> Step {
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
        loop {
            self.check_signal()?;
            match self.keys.wait(TICK * 5, Moment::Listening)? {
                Some(Key::Enter | Key::Esc | Key::Char(' ' | 'q')) => return Ok(()),
                Some(Key::Interrupt) => return Err(Stop::Outcome(Outcome::Interrupted)),
                Some(Key::Resize) => {
                    self.draw(prompt.clone(), Some(overlay.clone()))?;
                }
                _ => {}
            }
        }
    }

    /// The end: the winner and the standings, until the player leaves.
    fn end(&mut self, winner: Option<Seat>) -> Step {
        if self.hot_seat && self.shown.is_some() {
            self.show_public()?;
        }
        let lines = self.closing_lines();
        self.wait_dismiss(Overlay::End(lines), Prompt::Busy(String::new()))?;
        Err(Stop::Outcome(Outcome::Over { winner }))
    }

    fn stopped(&mut self, failure: Failure) -> Step {
        let overlay = Overlay::Stopped(failure_lines(&self.ctx, &failure));
        self.wait_dismiss(overlay, Prompt::Busy(String::new()))?;
        Err(Stop::Outcome(Outcome::Stopped(failure)))
    }

    /// The log's closing lines: who won and the final standings.
    fn closing_lines(&self) -> Vec<Line<'static>> {
        let log = self.table.log();
        let from = log
            .iter()
            .position(|e| matches!(e.public, Event::Won { .. } | Event::Standings { .. }))
            .unwrap_or(log.len());
        let mut lines: Vec<Line<'static>> = log[from..]
            .iter()
            .flat_map(|e| entry_lines(&self.ctx, e, self.shown))
            .collect();
        while lines.first().is_some_and(|l| l.width() == 0) {
            lines.remove(0);
        }
        lines
    }

    /// The view the screen shows: the shown seat's, else the public part of any seat's
    /// controlled here; while the log catches up, the one from before.
    fn view(&self) -> Option<PlayerView> {
        if let Some(v) = &self.frozen {
            return Some(v.clone());
        }
        self.live_view()
    }

    fn live_view(&self) -> Option<PlayerView> {
        match self.shown {
            Some(seat) => self.table.view(seat),
            None => (0..self.table.setup().seats.len() as Seat)
                .find_map(|s| self.table.view(s))
                .map(|v| public_part(&v)),
        }
    }

    fn turn(&self) -> Option<Seat> {
        match self.table.state() {
            TableState::Asking { seat, .. } | TableState::Waiting { seat, .. } => Some(seat),
            _ => None,
        }
    }

    fn draw(&mut self, prompt: Prompt, overlay: Option<Overlay>) -> Step<Drawn> {
        let view = self.view();
        if self.frozen.is_none() && self.shown_entries == self.table.log().len() {
            self.last_view = view.clone();
        }
        let turn = self.turn();
        let corner_title = match self.shown {
            Some(seat) if self.hot_seat => self
                .ctx
                .t("tui-corner-of", &[("name", self.ctx.seats.name(seat))]),
            _ => self.ctx.t("tui-corner-title", &[]),
        };
        let screen = Screen {
            ctx: self.ctx,
            view: view.as_ref(),
            viewer: self.shown,
            corner_title,
            turn,
            log: &self.log,
            prompt,
            overlay,
        };
        let mut drawn = Drawn::default();
        self.terminal
            .draw(|f| drawn = screen::draw(f, &screen))
            .map_err(backend_error)?;
        // Keep the help's last size when the help is drawn, and the log's otherwise.
        if drawn.help_height > 0 {
            self.drawn.help_height = drawn.help_height;
        } else {
            self.drawn.log_width = drawn.log_width;
            self.drawn.log_height = drawn.log_height;
        }
        Ok(drawn)
    }
}

fn scroll_by(scroll: &mut usize, key: Key, page: usize) {
    let page = page.saturating_sub(1).max(1);
    match key {
        Key::Up => *scroll = scroll.saturating_sub(1),
        Key::Down => *scroll += 1,
        Key::PageUp => *scroll = scroll.saturating_sub(page),
        Key::PageDown | Key::Char(' ') => *scroll += page,
        Key::Home => *scroll = 0,
        Key::End => *scroll = usize::MAX / 2,
        _ => {}
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

/// What players are told of a refused move or a stopped game, as the line mode says it.
fn failure_lines(ctx: &Ctx, failure: &Failure) -> Vec<String> {
    crate::play::failure::lines(&ctx.text, failure)
}

fn table_error(e: TableError) -> Stop {
    Stop::Error(e.to_string())
}

fn backend_error(e: impl std::fmt::Display) -> Stop {
    Stop::Error(e.to_string())
}
