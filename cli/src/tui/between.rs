//! The screens between the prompts: the pass screen and the recap of a hot-seat game, the
//! end of the game, and a game that cannot go on (which can still be saved).

use super::Outcome;
use super::keys::{Key, Keyboard};
use super::log::entry_lines;
use super::screen::{self, Overlay, Prompt};
use super::session::{Session, Step, Stop, TICK};
use super::wipe::Wipe;
use dungeon_engine::ids::Seat;
use dungeon_table::{Failure, TableState};
use ratatui::backend::Backend;
use ratatui::text::Line;
use std::time::{Duration, Instant};

/// The letters the pass screen asks for: no digit, Enter or Space (what answers a
/// prompt), no letter that means something elsewhere (o odds, s save, q quit, y/s/o yes,
/// n no), none that looks like a digit (i, l).
pub const PASS_LETTERS: &str = "abcdefghjkmprtuvwxz";

/// The letter of `letters` that passes the screen to `seat` at decision `number`: it
/// changes from one pass to the next, so it is read off the screen, never typed by habit.
pub fn pass_letter(letters: &str, seat: Seat, number: u32) -> char {
    let letters: Vec<char> = letters.chars().collect();
    let mut x = (u64::from(number) << 8 | u64::from(seat)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 31;
    letters[(x % letters.len() as u64) as usize]
}

impl<B: Backend + Wipe, K: Keyboard> Session<'_, B, K> {
    /// The pass screen before `seat` answers decision `number`: the screen is wiped and
    /// names who plays next. Once nobody has typed for the pass pause it names a letter,
    /// and only that letter passes it; a key typed before (Enter pressed out of habit,
    /// the last answer again, a key held down) starts the wait again.
    pub(super) fn pass_screen(&mut self, seat: Seat, number: u32) -> Step {
        let name = self.ctx.seats.name(seat);
        let letter = pass_letter(self.options.pass_letters, seat, number);
        let pause = self.options.pass_pause;
        let ctx = self.ctx;
        // How long the keyboard has been quiet: each read that finds no key adds its wait.
        let mut quiet = Duration::ZERO;
        let shown = |quiet: Duration| (quiet >= pause).then_some(letter);
        self.draw_alone(|f| screen::draw_pass(f, &ctx, &name, shown(quiet)))?;
        self.keys.drain()?;
        loop {
            let asking = quiet >= pause;
            let wait = match asking {
                true => TICK * 5,
                false => (pause - quiet).min(TICK * 5),
            };
            match self.next_key(None, wait)? {
                Some(Key::Char(c)) if asking && c.to_ascii_lowercase() == letter => return Ok(()),
                // The help and leaving work here as everywhere, over the public table only
                // (nobody's cards); the wait for the letter starts again after.
                Some(Key::Char('?')) => {
                    self.show_public()?;
                    let lines = super::help::lines(&ctx, &super::prompt::driver_keys(&ctx));
                    self.help_meanwhile(lines, &Prompt::idle())?;
                    self.wipe()?;
                    quiet = Duration::ZERO;
                }
                Some(Key::Char('q' | 'Q')) => {
                    self.show_public()?;
                    if self.confirm(Prompt::idle(), self.quit_question())? {
                        return Err(Stop::Outcome(Outcome::Quit));
                    }
                    self.wipe()?;
                    quiet = Duration::ZERO;
                }
                Some(Key::Resize) => {}
                // Typed, held or repeated before the letter shows: the quiet starts again.
                Some(_) if !asking => quiet = Duration::ZERO,
                Some(_) => {}
                None => quiet += wait,
            }
            self.draw_alone(|f| screen::draw_pass(f, &ctx, &name, shown(quiet)))?;
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
        self.wait_dismiss(Overlay::Recap(lines), Prompt::idle())
    }

    /// Shows `overlay` until Enter, Esc, Space or `q`; the log's keys scroll it when it
    /// is too long for the screen.
    fn wait_dismiss(&mut self, overlay: Overlay, prompt: Prompt) -> Step {
        self.popup_top = None;
        let mut drawn = self.draw(prompt.clone(), Some(overlay.clone()))?;
        self.keys.drain()?;
        let mut quiet_since = Instant::now();
        loop {
            match self.next_key(Some(&mut quiet_since), TICK * 5)? {
                Some(Key::Enter | Key::Esc | Key::Char(' ' | 'q')) => {
                    self.popup_top = None;
                    return Ok(());
                }
                Some(Key::Resize) => {}
                Some(key) if drawn.popup_max > 0 => {
                    let mut top = drawn.popup_top;
                    super::prompt::scroll_by(&mut top, key, drawn.popup_page);
                    self.popup_top = Some(top.min(drawn.popup_max));
                }
                _ => continue,
            }
            drawn = self.draw(prompt.clone(), Some(overlay.clone()))?;
        }
    }

    /// The end: the winner and the standings, until the player leaves (Enter, `q`). The
    /// game can be reviewed first: the log's keys scroll the whole log with the standings
    /// put away, Esc or Space puts them away and brings them back.
    pub(super) fn end(&mut self, winner: Option<Seat>) -> Step {
        if self.hot_seat && self.shown.is_some() {
            self.show_public()?;
        }
        let standings = Overlay::End(self.closing_lines());
        let t = |key: &'static str| self.ctx.t(key, &[]);
        let reviewing = Prompt::Watching {
            header: t("tui-end-title"),
            busy: String::new(),
            keys: vec![
                ("Enter".into(), t("tui-key-leave")),
                ("Esc".into(), t("tui-key-standings")),
                ("PgUp/PgDn".into(), t("tui-key-log")),
            ],
        };
        let mut shown = true;
        let overlay = |shown: bool| shown.then(|| standings.clone());
        self.draw(reviewing.clone(), overlay(shown))?;
        self.keys.drain()?;
        let mut quiet_since = Instant::now();
        loop {
            match self.next_key(Some(&mut quiet_since), TICK * 5)? {
                Some(Key::Enter | Key::Char('q' | 'Q')) => break,
                Some(Key::Esc | Key::Char(' ')) => shown = !shown,
                Some(key) if self.scroll_log(key) => shown = false,
                Some(Key::Resize) => {}
                _ => continue,
            }
            self.draw(reviewing.clone(), overlay(shown))?;
        }
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
        let mut lines = crate::front::failure::lines(&self.ctx.text, &failure);
        let prompt = Prompt::idle();
        self.draw(prompt.clone(), Some(Overlay::Stopped(lines.clone())))?;
        self.keys.drain()?;
        let mut quiet_since = Instant::now();
        loop {
            match self.next_key(Some(&mut quiet_since), TICK * 5)? {
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
