//! The full-screen table's loop: it shows new log entries (pausing before each reveal
//! unless a key skips it), asks the player at the screen (`prompt.rs`), lets the table move
//! on while bots think, and in hot-seat games wipes the screen and shows the pass screen
//! and a recap between two players (`between.rs`); with no seat here, it watches
//! (`watch.rs`). Keys answer only while a prompt is on screen: the keyboard is drained
//! each time one is drawn, and a key still hammered from before it is dropped; at any
//! other time only `?`, `q` and the log's keys work (`anytime.rs`).

use super::content::Ctx;
use super::keys::{Key, Keyboard, Moment};
use super::log::{LogPanel, entry_lines};
use super::screen::{self, Drawn, Overlay, Prompt, Screen, Tone};
use super::wipe::Wipe;
use super::{Options, Outcome};
use crate::front::Session as Files;
use crate::signals::Shutdown;
use dungeon_engine::ids::Seat;
use dungeon_engine::view::PlayerView;
use dungeon_table::{SaveProblem, Table, TableError, TableState};
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::text::Line;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long a bot or the odds may think before the screen says so.
pub(super) const THINKING_AFTER: Duration = Duration::from_millis(200);
/// How often the screen checks the keyboard, signals and the table while nothing happens.
pub(super) const TICK: Duration = Duration::from_millis(40);
/// How long an error of the terminal waits for the signal that may have caused it.
const SIGNAL_AFTER_ERROR: Duration = Duration::from_millis(200);

mod entries;

/// Why a step of the loop ends the session early.
pub(super) enum Stop {
    Outcome(Outcome),
    Error(String),
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Stop {
        Stop::Error(e.to_string())
    }
}

pub(super) type Step<T = ()> = Result<T, Stop>;

/// Ctrl-C typed in raw mode is a key, not a signal; it ends the game as SIGINT would.
pub(super) fn interrupted() -> Stop {
    Stop::Outcome(Outcome::Interrupted {
        signal: signal_hook::consts::SIGINT,
    })
}

pub struct Session<'a, B: Backend + Wipe, K: Keyboard> {
    pub(super) terminal: &'a mut Terminal<B>,
    pub(super) keys: K,
    pub(super) table: &'a mut dyn Table,
    pub(super) ctx: Ctx<'a>,
    pub(super) options: Options,
    /// Where the game came from and goes (`s`, `q` and what they say).
    pub(super) files: &'a Files,
    shutdown: Shutdown,
    /// Several players share this screen: wipe it and pass it between them.
    pub(super) hot_seat: bool,
    /// No seat is answered for here (a spectator, a game of bots): the screen watches.
    pub(super) watching: bool,
    /// The seat whose screen this is (its corner, its secrets in the log); `None` for the
    /// public screen shown between hot-seat players.
    pub(super) shown: Option<Seat>,
    /// How many log entries are on screen (the reveal animation's cursor).
    pub(super) shown_entries: usize,
    pub(super) log: LogPanel,
    /// Lines of the log that are not the table's events (the game's header, a failed
    /// autosave), each after that many entries; all public.
    notes: Vec<(usize, Line<'static>)>,
    /// How many of the table's own notes ([`Table::notes`]) are in the log.
    table_notes: usize,
    /// For each seat, the log's length when it last left the screen: its recap starts there.
    pub(super) last_seen: Vec<usize>,
    /// A key asked to skip the animation: show the rest of the log at once.
    pub(super) skip: bool,
    /// The view as it was when the log last caught up: while new entries are still being
    /// shown, the table panel must not run ahead of the log (a failure shown before the
    /// cards that caused it).
    frozen: Option<PlayerView>,
    /// The view last drawn while the log was caught up.
    last_view: Option<PlayerView>,
    pub(super) drawn: Drawn,
    /// How the last dungeon run of a player at this screen ended, shown under every
    /// prompt until they answer one: the next question must not push it out of sight.
    pub(super) run_result: Option<(Tone, String)>,
    /// The first row shown of a popup too long for the screen (`None`: where it starts).
    pub(super) popup_top: Option<usize>,
    /// The last failed write reported, so it is reported once.
    problem_said: Option<(PathBuf, SaveProblem)>,
}

impl<'a, B: Backend + Wipe, K: Keyboard> Session<'a, B, K> {
    pub fn new(
        terminal: &'a mut Terminal<B>,
        keys: K,
        table: &'a mut dyn Table,
        ctx: Ctx<'a>,
        files: &'a Files,
        shutdown: Shutdown,
        options: Options,
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
        // A resumed game's log so far is shown at once, and recaps start after it.
        let start = if files.resumed { table.log().len() } else { 0 };
        let notes = files
            .header(&ctx.text, table)
            .into_iter()
            .map(|line| (start, Line::styled(line, ctx.palette.dim())))
            .collect();
        let last_seen = vec![start; seats.len()];
        let mut session = Session {
            terminal,
            keys,
            table,
            ctx,
            options,
            files,
            shutdown,
            hot_seat,
            watching: controlled.is_empty(),
            shown,
            shown_entries: start,
            log: LogPanel::default(),
            notes,
            table_notes: 0,
            last_seen,
            // The log the table holds from the start is shown at once (a remote seat
            // taken back mid-game); a new local game has no reveal in it yet.
            skip: true,
            frozen: None,
            last_view: None,
            drawn: Drawn::default(),
            run_result: None,
            popup_top: None,
            problem_said: None,
        };
        session.set_viewer(shown);
        session
    }

    pub fn run(mut self) -> Result<Outcome, String> {
        match self.main_loop() {
            Ok(never) => match never {},
            Err(Stop::Outcome(o)) => Ok(o),
            Err(Stop::Error(e)) => match self.signal_after_error() {
                Some(signal) => Ok(Outcome::Interrupted { signal }),
                None => Err(e),
            },
        }
    }

    /// A terminal that was closed fails to read and write at once, and SIGHUP comes with
    /// it: the error is then only how the signal was first noticed.
    fn signal_after_error(&self) -> Option<i32> {
        let until = Instant::now() + SIGNAL_AFTER_ERROR;
        loop {
            if let Some(signal) = self.shutdown.signal() {
                return Some(signal);
            }
            if Instant::now() >= until {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn main_loop(&mut self) -> Step<std::convert::Infallible> {
        loop {
            self.check_signal()?;
            self.report_saving();
            self.take_table_notes();
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

    pub(super) fn check_signal(&self) -> Step {
        match self.shutdown.signal() {
            Some(signal) => Err(Stop::Outcome(Outcome::Interrupted { signal })),
            None => Ok(()),
        }
    }

    /// The next key typed while something asks the player (a prompt, the pass screen, a
    /// popup), waiting at most `wait`. Ctrl-C ends the game. With `quiet_since` (when the
    /// screen appeared), a key read within the grace period after it is dropped and starts
    /// the grace again: a player still hammering keys from what came before (skipping
    /// reveals, the bots' turns) answers nothing until they stop.
    pub(super) fn next_key(
        &mut self,
        quiet_since: Option<&mut Instant>,
        wait: Duration,
    ) -> Step<Option<Key>> {
        self.check_signal()?;
        match self.keys.wait(wait, Moment::Listening)? {
            Some(Key::Interrupt) => Err(interrupted()),
            Some(Key::Resize) => Ok(Some(Key::Resize)),
            Some(key) => match quiet_since {
                Some(at) if at.elapsed() < self.options.grace => {
                    *at = Instant::now();
                    Ok(None)
                }
                _ => Ok(Some(key)),
            },
            None => Ok(None),
        }
    }

    /// Says once, in the log, when writing the game to disk failed.
    fn report_saving(&mut self) {
        let problem = self.table.saving().problem;
        if let Some((path, what)) = &problem
            && problem != self.problem_said
        {
            let record = self.files.record.as_deref();
            let line = crate::front::failure::save_problem(self.ctx.text.lang, record, path, what);
            self.note(Line::styled(line, self.ctx.palette.bad()));
        }
        self.problem_said = problem;
    }

    /// Adds a line of the screen's own to the log, after the entries shown so far.
    fn note(&mut self, line: Line<'static>) {
        self.notes.push((self.shown_entries, line.clone()));
        self.log.push([line], self.drawn.log_width);
    }

    /// Puts the table's notes that fall among the entries shown so far into the log.
    pub(super) fn take_table_notes(&mut self) {
        while let Some(note) = self.table.notes().get(self.table_notes) {
            if note.after as usize > self.shown_entries {
                break;
            }
            let notice = note.notice.clone();
            self.table_notes += 1;
            let line = crate::text::render::notice(&self.ctx.text, self.ctx.seats, &notice);
            self.note(Line::styled(line, self.ctx.palette.dim()));
        }
    }

    /// Waits `how_long`, reading keys: any key but those that work at any moment
    /// ([`Self::anytime_key`]) ends the wait and skips the rest of the animation; none of
    /// them answers anything.
    fn pause(&mut self, how_long: Duration) -> Step {
        let until = Instant::now() + how_long;
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            self.check_signal()?;
            match self.keys.wait(left.min(TICK), Moment::Reveal)? {
                Some(Key::Interrupt) => return Err(interrupted()),
                Some(Key::Resize) => self.redraw_busy()?,
                Some(key) => {
                    let busy = Prompt::busy(self.ctx.t("tui-revealing", &[]));
                    if !self.anytime_key(key, &busy)? {
                        self.skip = true;
                        return Ok(());
                    }
                }
                None => {}
            }
        }
        Ok(())
    }

    fn redraw_busy(&mut self) -> Step {
        let busy = self.ctx.t("tui-revealing", &[]);
        self.draw(Prompt::busy(busy), None).map(|_| ())
    }

    /// Someone not at this screen decides: let the table move on, say who is thinking;
    /// of the keys typed meanwhile only those that work at any moment count (a watching
    /// screen reads its own).
    fn wait_for(&mut self, seat: Seat, for_how_long: Duration) -> Step {
        if self.watching {
            return self.watch(seat);
        }
        if self.hot_seat && self.shown.is_some() {
            self.show_public()?;
        }
        let busy = Prompt::busy(self.busy_line(seat, for_how_long));
        self.draw(busy.clone(), None)?;
        self.table.poll(TICK).map_err(table_error)?;
        self.keys_while_busy(&busy)
    }

    /// Who the game waits for, once they have taken a while ("Bot 2 is thinking...").
    pub(super) fn busy_line(&self, seat: Seat, for_how_long: Duration) -> String {
        let name = self.ctx.seats.name(seat);
        let bot = |s: &dungeon_table::SeatInfo| s.bot.is_some();
        if for_how_long < THINKING_AFTER {
            String::new()
        } else if self.table.setup().seats.get(seat as usize).is_some_and(bot) {
            self.ctx.t("play-waiting-bot", &[("name", name)])
        } else {
            self.ctx.t("tui-waiting", &[("name", name)])
        }
    }

    /// The screen between two hot-seat players: wiped, then only what everyone sees.
    pub(super) fn show_public(&mut self) -> Step {
        self.wipe()?;
        self.set_viewer(None);
        Ok(())
    }

    pub(super) fn wipe(&mut self) -> Step {
        self.terminal.backend_mut().wipe()?;
        super::wipe::forget_screen(self.terminal);
        Ok(())
    }

    /// Whose screen this is; the log is written again as they may see it.
    pub(super) fn set_viewer(&mut self, viewer: Option<Seat>) {
        self.shown = viewer;
        self.last_view = None;
        self.frozen = None;
        let mut log = LogPanel::default();
        let mut notes = self.notes.iter().peekable();
        for (i, entry) in self.table.log()[..self.shown_entries].iter().enumerate() {
            while let Some((_, note)) = notes.next_if(|(at, _)| *at <= i) {
                log.lines.push(note.clone());
            }
            log.lines.extend(entry_lines(&self.ctx, entry, viewer));
        }
        log.lines.extend(notes.map(|(_, note)| note.clone()));
        self.log = log;
    }

    /// The view the screen shows: the shown seat's, else the public view; while the log
    /// catches up, the one from before.
    pub(super) fn view(&self) -> Option<PlayerView> {
        if let Some(v) = &self.frozen {
            return Some(v.clone());
        }
        self.live_view()
    }

    fn live_view(&self) -> Option<PlayerView> {
        match self.shown {
            Some(seat) => self.table.view(seat),
            None => self.table.public_view(),
        }
    }

    fn turn(&self) -> Option<Seat> {
        match self.table.state() {
            TableState::Asking { seat, .. } | TableState::Waiting { seat, .. } => Some(seat),
            _ => None,
        }
    }

    pub(super) fn draw(&mut self, mut prompt: Prompt, overlay: Option<Overlay>) -> Step<Drawn> {
        match (&mut prompt, &self.run_result) {
            (Prompt::Asking { status, .. }, Some(result)) => status.insert(0, result.clone()),
            (Prompt::Busy { line, .. }, Some((_, result))) => {
                *line = format!("{result}  {line}").trim_end().to_string();
            }
            _ => {}
        }
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
            popup_top: self.popup_top,
        };
        let mut drawn = Drawn::default();
        self.terminal
            .draw(|f| drawn = screen::draw(f, &screen))
            .map_err(backend_error)?;
        // A popup scrolled past its end (the screen grew) shows its last rows.
        self.popup_top = self.popup_top.map(|_| drawn.popup_top);
        // Keep the help's last size when the help is drawn, and the log's otherwise.
        if drawn.help_height > 0 {
            self.drawn.help_height = drawn.help_height;
        } else {
            self.drawn.log_width = drawn.log_width;
            self.drawn.log_height = drawn.log_height;
        }
        Ok(drawn)
    }

    /// Draws a screen of its own (the pass screen) instead of the table.
    pub(super) fn draw_alone(&mut self, draw: impl FnOnce(&mut ratatui::Frame)) -> Step {
        self.terminal.draw(draw).map_err(backend_error)?;
        Ok(())
    }
}

pub(super) fn table_error(e: TableError) -> Stop {
    Stop::Error(e.to_string())
}

fn backend_error(e: impl std::fmt::Display) -> Stop {
    Stop::Error(e.to_string())
}
