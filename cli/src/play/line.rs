//! The line mode of `dungeon play` (`--plain`, and whenever stdin or stdout is not a
//! terminal): the game as lines of text, for screen readers, pipes and scripts
//! (`dungeon play --plain < answers.txt`). Written against the `Table` boundary only: the
//! log as the reader may see it, the seat's view, the question and its options.
//!
//! One human reads their own secrets in the log; several at one screen (hot-seat) read only
//! public events, and each decision of a new player starts with a "pass the screen" prompt
//! after the screen (and, where the terminal allows, its scrollback) is cleared.

use super::input::{Input, Next, Reply};
use super::render;
use crate::front::{Ending, Session, failure, odds};
use crate::signals::Shutdown;
use crate::text::Text;
use dungeon_engine::event::Event;
use dungeon_engine::ids::Seat;
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_table::{OddsState, SaveProblem, Table, TableError, TableState};
use render::Seats;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// How long a bot or the odds may think before the screen says so.
const THINKING: Duration = Duration::from_millis(200);
/// How often waiting loops look at the table and the signals.
const TICK: Duration = Duration::from_millis(50);

/// Writes a line; a terminal that went away is not worth a panic.
fn say(line: &str) {
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

/// Writes a prompt, with no line break.
fn prompt(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = write!(out, "{text}");
    let _ = out.flush();
}

/// What to do after a question.
enum Flow {
    Continue,
    Exit(ExitCode),
}

struct LineMode<'a> {
    table: &'a mut dyn Table,
    text: Text<'a>,
    seats: Seats,
    /// The one human reading the screen, if there is only one.
    viewer: Option<Seat>,
    humans: usize,
    session: &'a Session,
    shutdown: &'a Shutdown,
    input: Input,
    tty: bool,
    delay: Duration,
    /// Log entries printed so far.
    printed: usize,
    /// Of the table's notes ([`Table::notes`]), how many were printed.
    notes_printed: usize,
    /// The log's length when the game was first shown: those entries are printed without
    /// pauses (a remote seat taken back mid-game).
    catch_up: usize,
    last_human: Option<Seat>,
    /// The log's length when "thinking" was last said, so it is said once per decision.
    thinking_said: Option<usize>,
    /// The last failed write reported, so it is reported once.
    problem_said: Option<(PathBuf, SaveProblem)>,
}

/// Plays the game at `table` in the line mode until it ends or the players leave.
pub fn run(table: &mut dyn Table, lang: Lang, session: &Session, shutdown: &Shutdown) -> ExitCode {
    let catalog = table.setup().catalog.clone();
    let seats = crate::front::seat_names(lang, table.setup());
    let controlled: Vec<Seat> = (0..seats.names.len() as Seat)
        .filter(|&s| table.setup().seats[s as usize].controlled)
        .collect();
    let tty = std::io::stdout().is_terminal();
    let mut line = LineMode {
        text: Text::new(lang, &catalog),
        seats,
        viewer: (controlled.len() == 1).then(|| controlled[0]),
        humans: controlled.len(),
        session,
        shutdown,
        input: Input::stdin(),
        tty,
        delay: Duration::from_millis(session.delay.unwrap_or(if tty { 600 } else { 0 })),
        printed: 0,
        notes_printed: 0,
        catch_up: 0,
        last_human: None,
        thinking_said: None,
        problem_said: None,
        table,
    };
    line.header();
    let code = line.play();
    line.table.close();
    code
}

impl LineMode<'_> {
    fn header(&mut self) {
        for line in self.session.header(&self.text, self.table) {
            say(&line);
        }
        say(&self.text.t("line-help-hint", &[]));
        if self.session.resumed {
            // The game so far was shown when it was played.
            self.printed = self.table.log().len();
        }
        self.catch_up = self.table.log().len();
    }

    /// `?` at a prompt: the rules in short, the commands, every card in play.
    fn help(&self) {
        let t = &self.text;
        let commands = [
            ("1, 2...", "line-key-choose"),
            ("o", "tui-key-odds-long"),
            ("s", "tui-key-save-long"),
            ("?", "tui-key-help-long"),
            ("q", "tui-key-quit-long"),
            ("Ctrl-D", "line-key-end"),
            ("Ctrl-C", "tui-key-interrupt-long"),
        ]
        .iter()
        .map(|(key, what)| (key.to_string(), t.t(what, &[])))
        .collect();
        say("");
        for line in crate::tui::plain_help(*t, &self.seats, commands) {
            say(&escape_line(&line));
        }
        say("");
    }

    fn play(&mut self) -> ExitCode {
        loop {
            if let Some(signal) = self.shutdown.signal() {
                return self.interrupted(signal);
            }
            // Takes in what has come, without waiting. (Errors come back in the state,
            // stopped, which is handled below.)
            let _ = self.table.poll(Duration::ZERO);
            if let Some(signal) = self.print_log() {
                return self.interrupted(signal);
            }
            self.report_saving();
            match self.table.state() {
                TableState::Asking { seat, number, .. } => match self.ask(seat, number) {
                    Flow::Continue => {}
                    Flow::Exit(code) => return code,
                },
                TableState::Waiting { seat, for_how_long } => {
                    if self.tty
                        && for_how_long >= THINKING
                        && self.thinking_said != Some(self.printed)
                    {
                        self.thinking_said = Some(self.printed);
                        let name = self.seats.name(seat);
                        let bot = self.table.setup().seats.get(seat as usize);
                        let key = match bot.is_some_and(|s| s.bot.is_some()) {
                            true => "play-waiting-bot",
                            false => "tui-waiting",
                        };
                        say(&self.text.t(key, &[("name", name.into())]));
                    }
                    let _ = self.table.poll(TICK);
                }
                // The log's last lines told the winner and the standings.
                TableState::Over { .. } => return ExitCode::SUCCESS,
                TableState::Stopped { failure } => {
                    for line in failure::lines(&self.text, &failure) {
                        say(&line);
                    }
                    match self.stuck() {
                        Flow::Continue => {}
                        Flow::Exit(code) => return code,
                    }
                }
            }
        }
    }

    /// Prints the log entries not printed yet, pausing before each reveal at a terminal.
    /// Returns a signal if one came during a pause.
    fn print_log(&mut self) -> Option<i32> {
        self.print_notes();
        while let Some(entry) = self.table.log().get(self.printed) {
            let event = entry.seen_by(self.viewer).clone();
            self.printed += 1;
            let pause = !self.delay.is_zero() && self.printed > self.catch_up;
            if matches!(event, Event::Revealed { .. }) && pause {
                let _ = std::io::stdout().flush();
                let end = Instant::now() + self.delay;
                while Instant::now() < end {
                    if let Some(signal) = self.shutdown.signal() {
                        return Some(signal);
                    }
                    std::thread::sleep(TICK.min(end.saturating_duration_since(Instant::now())));
                }
            }
            if let Some(line) = render::event(&self.text, &self.seats, self.viewer, &event) {
                say(&line);
            }
            self.print_notes();
        }
        None
    }

    /// Prints the table's notes that fall among the entries printed so far.
    fn print_notes(&mut self) {
        while let Some(note) = self.table.notes().get(self.notes_printed) {
            if note.after as usize > self.printed {
                break;
            }
            self.notes_printed += 1;
            say(&render::notice(&self.text, &self.seats, &note.notice));
        }
    }

    /// Whether the question went away while asked (at a remote table, a bot answered for
    /// a player out of time, or the connection was lost); what came is printed.
    fn moved_on(&mut self, seat: Seat, number: u32) -> bool {
        let _ = self.table.poll(Duration::ZERO);
        let asked = matches!(self.table.state(), TableState::Asking { seat: s, number: n, .. } if s == seat && n == number);
        !asked || self.table.log().len() > self.printed
    }

    /// Says once when writing the game to disk failed.
    fn report_saving(&mut self) {
        let problem = self.table.saving().problem;
        if problem.is_none() || problem == self.problem_said {
            self.problem_said = problem;
            return;
        }
        if let Some((path, problem)) = &problem {
            let record = self.session.record.as_deref();
            say(&failure::save_problem(
                self.text.lang,
                record,
                path,
                problem,
            ));
        }
        self.problem_said = problem;
    }

    /// Hands the screen to `seat`'s player. At a terminal, after a quiet second (anything
    /// typed meanwhile is dropped and the second starts again), that player types the
    /// letter shown: an Enter pressed out of habit right after answering, or the last
    /// answer typed again, does not show them the next player's secrets. Piped answers
    /// (a file of them) pass with any line. `Some`: the game ends here.
    fn pass_screen(&mut self, seat: Seat) -> Option<Flow> {
        let t = self.text;
        let name = self.seats.name(seat);
        let stop = |this: &mut Self, next: Next| match next {
            Next::End => {
                say("");
                Some(this.end_of_input())
            }
            Next::Signal(signal) => Some(Flow::Exit(this.interrupted(signal))),
            Next::Line(_) => None,
        };
        if !self.input.interactive {
            prompt(&format!(
                "{} ",
                t.t("play-pass-to", &[("name", name.into())])
            ));
            let next = self.input.next(self.shutdown);
            return stop(self, next);
        }
        say(&t.t("play-pass-wait", &[("name", name.clone().into())]));
        loop {
            match self.input.next_within(self.shutdown, PASS_QUIET) {
                None => break,
                Some(Next::Line(_)) => {}
                Some(next) => return stop(self, next),
            }
        }
        let key = pass_key(&name, seat);
        let ask = t.t(
            "play-pass-key",
            &[("name", name.clone().into()), ("key", key.clone().into())],
        );
        loop {
            prompt(&format!("{ask} "));
            match self.input.next(self.shutdown) {
                Next::Line(line) => {
                    let typed = line.trim().to_lowercase();
                    if typed == key || typed == name.to_lowercase() {
                        return None;
                    }
                }
                next => return stop(self, next),
            }
        }
    }

    /// A controlled seat's question: shown, then answered (or saved, left, odds asked).
    fn ask(&mut self, seat: Seat, number: u32) -> Flow {
        let t = self.text;
        if self.humans > 1 && self.last_human != Some(seat) {
            if self.tty {
                // The screen, then the scrollback where the terminal keeps one.
                prompt("\x1b[2J\x1b[3J\x1b[H");
            }
            self.input.discard_typed_ahead();
            if let Some(flow) = self.pass_screen(seat) {
                return flow;
            }
        }
        self.last_human = Some(seat);
        let Some(view) = self.table.view(seat) else {
            return Flow::Continue;
        };
        say("");
        for line in render::status(&t, &self.seats, &view) {
            say(&line);
        }
        let (header, options) = render::options(&t, &self.seats, &view, self.viewer);
        say(&header);
        for (i, (_, line)) in options.iter().enumerate() {
            say(&format!("  {}) {line}", i + 1));
        }
        // The odds key is listed where it means something.
        let (choose, bad_input) = match dungeon_table::odds_available(&view) {
            true => ("odds-choose", "odds-bad-input"),
            false => ("play-choose", "play-bad-input"),
        };
        let max = [("max", options.len().into())];
        let question = t.t(choose, &max);
        self.input.show_prompt(&question);
        loop {
            let Some(reply) = self.input.reply_within(options.len(), self.shutdown, TICK) else {
                if self.moved_on(seat, number) {
                    say("");
                    return Flow::Continue;
                }
                continue;
            };
            match reply {
                Reply::Choice(i) => match self.table.answer(seat, number, options[i].0) {
                    Ok(()) => return Flow::Continue,
                    Err(TableError::Refused(failure)) => {
                        for line in failure::lines(&t, &failure) {
                            say(&line);
                        }
                    }
                    // The game moved on (or stopped): show where it stands now.
                    Err(_) => return Flow::Continue,
                },
                Reply::Save => self.save(),
                Reply::Odds => {
                    if let Some(signal) = self.odds(seat) {
                        return Flow::Exit(self.interrupted(signal));
                    }
                }
                Reply::Invalid => say(&t.t(bad_input, &max)),
                Reply::Help => self.help(),
                Reply::Quit => {
                    if let Some(flow) = self.confirm_quit() {
                        return flow;
                    }
                }
                Reply::End => return self.end_of_input(),
                Reply::Signal(signal) => return Flow::Exit(self.interrupted(signal)),
            }
            self.input.show_prompt(&question);
        }
    }

    /// The `o` key: asks the table, then waits for the figures.
    fn odds(&mut self, seat: Seat) -> Option<i32> {
        let t = self.text;
        if self.table.ask_odds(seat).is_err() {
            say(&t.t("odds-unavailable", &[]));
            return None;
        }
        let mut said = false;
        loop {
            if let Some(signal) = self.shutdown.signal() {
                return Some(signal);
            }
            match self.table.odds(seat) {
                OddsState::Thinking { for_how_long } => {
                    if self.tty && !said && for_how_long >= THINKING {
                        said = true;
                        say(&t.t("odds-thinking", &[]));
                    }
                }
                OddsState::Ready(odds) => {
                    for line in odds::lines(&t, &odds, |s| self.seats.name(s)) {
                        say(&line);
                    }
                    return None;
                }
                OddsState::Failed(error) => {
                    // A server's words, on one line.
                    let error = escape_line(&error).into_owned();
                    say(&t.t("odds-failed", &[("error", error.into())]));
                    return None;
                }
                OddsState::Unavailable | OddsState::None => {
                    say(&t.t("odds-unavailable", &[]));
                    return None;
                }
            }
            let _ = self.table.poll(TICK);
        }
    }

    /// `s`: the game to `--save`'s file, else to the file it came from, else to its
    /// autosave; a file holding another game is replaced only if the player says so.
    fn save(&mut self) {
        let t = self.text;
        let target = self.session.save_target(self.table);
        let mut result = self.table.save_to(&target, false);
        if result == Err(TableError::OtherGame) {
            let shown = escape_line(&target.to_string_lossy()).into_owned();
            match self.confirm(&t.t("play-replace", &[("path", shown.into())])) {
                Some(true) => result = self.table.save_to(&target, true),
                _ => {
                    say(&t.t("play-not-saved", &[]));
                    return;
                }
            }
        }
        match result {
            Ok(()) => say(&self.session.saved(&t, self.table, &target)),
            Err(e) => say(&failure::save_failed(t.lang, &e)),
        }
    }

    /// Asks a yes-or-no question; `None` if the input ended or a signal came.
    fn confirm(&mut self, question: &str) -> Option<bool> {
        self.input.discard_typed_ahead();
        prompt(question);
        match self.input.next(self.shutdown) {
            Next::Line(answer) => {
                let answer = answer.trim().to_lowercase();
                let yes = self.text.t("play-yes", &[]);
                Some(!answer.is_empty() && yes.split(',').any(|w| w.trim() == answer))
            }
            Next::End => {
                say("");
                None
            }
            Next::Signal(_) => None,
        }
    }

    /// `q`: leaves if the player confirms (or the input ends); `None` to go on playing.
    fn confirm_quit(&mut self) -> Option<Flow> {
        let key = match (&self.session.game_id, &self.session.remote) {
            (_, Some(_)) => "net-confirm-quit",
            (Some(_), None) => "play-confirm-quit",
            (None, None) => "play-confirm-quit-unsaved",
        };
        match self.confirm(&self.text.t(key, &[])) {
            Some(false) => None,
            Some(true) | None => Some(Flow::Exit(self.leave())),
        }
    }

    /// The input ended: at a terminal (Ctrl-D) the player is asked; from a file or a
    /// pipe, the answers ran out and the game is left.
    fn end_of_input(&mut self) -> Flow {
        if self.input.interactive {
            return self.confirm_quit().unwrap_or(Flow::Continue);
        }
        Flow::Exit(self.leave())
    }

    /// Leaves the game, saying how to come back to it.
    fn leave(&mut self) -> ExitCode {
        if let Some(signal) = self.shutdown.signal() {
            return self.interrupted(signal);
        }
        self.end(Ending::Left)
    }

    /// A signal (Ctrl-C, a closed terminal): the game is on disk already.
    fn interrupted(&mut self, signal: i32) -> ExitCode {
        self.end(Ending::Interrupted(signal))
    }

    /// Closes the table and says the closing lines (see [`Session::end`]).
    fn end(&mut self, ending: Ending) -> ExitCode {
        let (lines, code) = self.session.end(&self.text, &mut *self.table, ending);
        for line in lines {
            say(&line);
        }
        code
    }

    /// The game cannot go on: it can still be saved, or left. A table that gets going
    /// again (a remote one, connected again) goes back to the game.
    fn stuck(&mut self) -> Flow {
        let question = self.text.t("play-stuck", &[]);
        self.input.show_prompt(&question);
        loop {
            let Some(reply) = self.input.reply_within(0, self.shutdown, TICK) else {
                let _ = self.table.poll(Duration::ZERO);
                self.print_notes();
                if !matches!(self.table.state(), TableState::Stopped { .. }) {
                    say("");
                    return Flow::Continue;
                }
                continue;
            };
            match reply {
                Reply::Save => self.save(),
                Reply::Quit | Reply::End => {
                    self.table.close();
                    return Flow::Exit(ExitCode::FAILURE);
                }
                Reply::Signal(signal) => return Flow::Exit(self.interrupted(signal)),
                _ => {}
            }
            self.input.show_prompt(&question);
        }
    }
}

/// How long nobody may type before the key that hands over the screen is shown.
const PASS_QUIET: Duration = Duration::from_secs(1);

/// What `name` (at `seat`) types to take the screen: the first letter of the name, in
/// lower case; a seat's letter (a, b...) for a name without one.
fn pass_key(name: &str, seat: Seat) -> String {
    match name.chars().find(|c| c.is_alphabetic()) {
        Some(c) => c.to_lowercase().collect(),
        None => char::from(b'a' + (seat % 26)).to_string(),
    }
}
