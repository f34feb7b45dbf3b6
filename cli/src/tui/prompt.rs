//! The prompt: a question of the seat at the screen, its numbered options and the keys
//! that work while it is visible — a number chooses, `o` works out the player's odds
//! (through the table, "working out" shown while they take), `s` saves (asking before
//! replacing another game's file), `q` leaves once confirmed, `?` opens the help, the log
//! scrolls. A key read within the grace period after the prompt appears is dropped.

use super::content::Ctx;
use super::keys::{Key, Keyboard};
use super::screen::{Overlay, Prompt, Tone};
use super::session::{Session, Step, Stop, THINKING_AFTER, TICK};
use super::wipe::Wipe;
use super::{Outcome, help};
use dungeon_engine::action::Action;
use dungeon_engine::ids::Seat;
use dungeon_engine::printable::escape_line;
use dungeon_table::{OddsState, TableError, TableState};
use ratatui::backend::Backend;
use std::time::{Duration, Instant};

/// The question on screen and what the player typed at it.
#[derive(Default)]
pub(super) struct Asking {
    header: String,
    labels: Vec<String>,
    actions: Vec<Action>,
    keys: Vec<(String, String)>,
    status: Vec<(Tone, String)>,
    /// Digits of a number not finished yet (ten options or more).
    typed: String,
    /// Odds asked for and not shown yet.
    odds_asked: bool,
}

impl Asking {
    /// A question with these options, `typed` digits into it (for the layout's tests).
    #[cfg(test)]
    pub(super) fn typing(header: &str, labels: Vec<String>, typed: &str) -> Asking {
        Asking {
            header: header.into(),
            labels,
            typed: typed.into(),
            ..Asking::default()
        }
    }

    pub(super) fn prompt(&self) -> Prompt {
        // The digits typed so far go on the header's row, which is always on screen:
        // the status rows come last, the first a long prompt would lose.
        let header = match self.typed.is_empty() {
            true => self.header.clone(),
            false => format!("{}  {}…", self.header, self.typed),
        };
        Prompt::Asking {
            header,
            options: self.labels.clone(),
            keys: self.keys.clone(),
            status: self.status.clone(),
        }
    }
}

impl<B: Backend + Wipe, K: Keyboard> Session<'_, B, K> {
    /// A decision of a seat at this screen: in hot-seat, first the pass screen and the
    /// recap; then the prompt, until an answer is taken (or the player leaves).
    pub(super) fn ask(&mut self, seat: Seat, number: u32) -> Step {
        if self.hot_seat && self.shown != Some(seat) {
            self.show_public()?;
            self.pass_screen(seat, number)?;
            self.set_viewer(Some(seat));
            self.recap(seat)?;
        }
        let mut asking = self.question(seat)?;
        let mut overlay: Option<Overlay> = None;
        // The prompt is on screen before any key counts.
        self.draw(asking.prompt(), None)?;
        self.keys.drain()?;
        let mut quiet_since = Instant::now();
        loop {
            let odds_changed = asking.odds_asked && self.odds_progress(seat, &mut asking);
            let wait = if asking.odds_asked { TICK } else { TICK * 5 };
            let Some(key) = self.next_key(Some(&mut quiet_since), wait)? else {
                if self.moved_on(seat, number) {
                    return Ok(());
                }
                if odds_changed {
                    self.draw(asking.prompt(), overlay.clone())?;
                }
                continue;
            };
            if let Some(n) = self.on_key(key, seat, &mut asking, &mut overlay)? {
                match n.checked_sub(1).and_then(|i| asking.actions.get(i)) {
                    Some(&action) => match self.table.answer(seat, number, action) {
                        Ok(()) => {
                            self.last_seen[seat as usize] = self.table.log().len();
                            // Read by now: the player answered with it on screen.
                            self.run_result = None;
                            return Ok(());
                        }
                        Err(TableError::Refused(failure)) => {
                            let lines = crate::front::failure::lines(&self.ctx.text, &failure);
                            asking.status = lines.into_iter().map(|l| (Tone::Bad, l)).collect();
                        }
                        // The game moved on, or stopped: show where it stands now.
                        Err(_) => return Ok(()),
                    },
                    None => asking.status = vec![self.bad_key(&asking)],
                }
            }
            let drawn = self.draw(asking.prompt(), overlay.clone())?;
            if let Some(Overlay::Help { scroll, .. }) = &mut overlay {
                *scroll = (*scroll).min(drawn.help_max);
            }
        }
    }

    /// Whether the question went away while on screen (at a remote table, a bot answered
    /// for a player out of time, or the connection was lost).
    fn moved_on(&mut self, seat: Seat, number: u32) -> bool {
        // An error comes back as the state, stopped.
        let _ = self.table.poll(Duration::ZERO);
        !matches!(self.table.state(), TableState::Asking { seat: s, number: n, .. } if s == seat && n == number)
    }

    /// The seat's question: its header and options as the screen words them.
    fn question(&mut self, seat: Seat) -> Step<Asking> {
        let Some(view) = self.table.view(seat) else {
            return Err(Stop::Error(format!("no view of seat {seat}")));
        };
        let reader = if self.hot_seat { None } else { Some(seat) };
        let (mut header, options) =
            crate::text::render::options(&self.ctx.text, self.ctx.seats, &view, reader);
        let actions: Vec<Action> = options.iter().map(|(a, _)| *a).collect();
        let mut labels: Vec<String> = options.into_iter().map(|(_, l)| l).collect();
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
        let odds = dungeon_table::odds_available(&view);
        Ok(Asking {
            header,
            keys: prompt_keys(&self.ctx, actions.len(), odds),
            labels,
            actions,
            status: Vec::new(),
            typed: String::new(),
            odds_asked: false,
        })
    }

    /// What a key does at the prompt; `Some(n)` when it chose option `n` (from 1).
    fn on_key(
        &mut self,
        key: Key,
        seat: Seat,
        asking: &mut Asking,
        overlay: &mut Option<Overlay>,
    ) -> Step<Option<usize>> {
        let count = asking.actions.len();
        match (&mut *overlay, key) {
            (_, Key::Resize) => {}
            (Some(Overlay::Help { scroll, .. }), key) => match key {
                Key::Esc | Key::Enter | Key::Char('?' | 'q') => *overlay = None,
                key => scroll_by(scroll, key, self.drawn.help_height as usize),
            },
            (Some(_), _) => {}
            (None, Key::Char(d)) if d.is_ascii_digit() => {
                asking.typed.push(d);
                asking.status.clear();
                match asking.typed.parse::<usize>() {
                    // A number that no further digit can make an option: take it now.
                    Ok(n) if n * 10 > count || n == 0 => {
                        asking.typed.clear();
                        return Ok(Some(n));
                    }
                    Ok(_) => {}
                    Err(_) => asking.typed.clear(),
                }
            }
            (None, Key::Enter) if !asking.typed.is_empty() => {
                let n = asking.typed.parse().ok();
                asking.typed.clear();
                return Ok(n);
            }
            (None, Key::Esc) => asking.typed.clear(),
            (None, Key::Char('?')) => {
                let lines = help::lines(&self.ctx, &driver_keys(&self.ctx));
                *overlay = Some(Overlay::Help { lines, scroll: 0 });
            }
            (None, Key::Char('q' | 'Q')) => {
                if self.confirm(asking.prompt(), self.quit_question())? {
                    return Err(Stop::Outcome(Outcome::Quit));
                }
            }
            (None, Key::Char('s' | 'S')) => {
                let said = self.save(asking.prompt())?;
                asking.status = vec![said];
            }
            (None, Key::Char('o' | 'O')) => {
                asking.status.clear();
                match self.table.ask_odds(seat) {
                    Ok(()) => {
                        asking.odds_asked = true;
                        self.odds_progress(seat, asking);
                    }
                    Err(_) => asking.status = vec![self.odds_unavailable()],
                }
            }
            (None, key) => {
                if !self.scroll_log(key) {
                    asking.status = vec![self.bad_key(asking)];
                }
            }
        }
        Ok(None)
    }

    /// Scrolls the log if `key` is one of its keys; `false` for any other key.
    pub(super) fn scroll_log(&mut self, key: Key) -> bool {
        let page = (self.drawn.log_height as usize).saturating_sub(1).max(1);
        match key {
            Key::Up => self.log.up(1),
            Key::Down => self.log.down(1),
            Key::PageUp => self.log.up(page),
            Key::PageDown => self.log.down(page),
            Key::Home => self.log.up(usize::MAX / 2),
            Key::End => self.log.scroll = 0,
            _ => return false,
        }
        self.log.clamp(self.drawn.log_width, self.drawn.log_height);
        true
    }

    fn bad_key(&self, asking: &Asking) -> (Tone, String) {
        let max = asking.actions.len().to_string();
        (Tone::Bad, self.ctx.t("tui-bad-key", &[("max", max)]))
    }

    fn odds_unavailable(&self) -> (Tone, String) {
        (Tone::Bad, self.ctx.t("odds-unavailable", &[]))
    }

    /// Lets the table work on odds asked for, and puts where they stand in the status;
    /// `true` if the status changed.
    fn odds_progress(&mut self, seat: Seat, asking: &mut Asking) -> bool {
        // An error comes back as the odds' state, below.
        let _ = self.table.poll(Duration::ZERO);
        let before = asking.status.clone();
        asking.status = match self.table.odds(seat) {
            OddsState::Thinking { for_how_long } if for_how_long >= THINKING_AFTER => {
                vec![(Tone::Info, self.ctx.t("odds-thinking", &[]))]
            }
            OddsState::Thinking { .. } => Vec::new(),
            OddsState::Ready(odds) => {
                asking.odds_asked = false;
                let seats = self.ctx.seats;
                crate::front::odds::lines(&self.ctx.text, &odds, |s| seats.name(s))
                    .into_iter()
                    .map(|line| (Tone::Private, line))
                    .collect()
            }
            OddsState::Failed(error) => {
                asking.odds_asked = false;
                let error = escape_line(&error).into_owned();
                vec![(Tone::Bad, self.ctx.t("odds-failed", &[("error", error)]))]
            }
            OddsState::Unavailable | OddsState::None => {
                asking.odds_asked = false;
                vec![self.odds_unavailable()]
            }
        };
        asking.status != before
    }

    /// `s`: the game to the file `dungeon play` saves it to, asking first when that file
    /// holds another game; what to tell the player.
    pub(super) fn save(&mut self, prompt: Prompt) -> Step<(Tone, String)> {
        let target = self.files.save_target(self.table);
        let mut result = self.table.save_to(&target, false);
        if result == Err(TableError::OtherGame) {
            let path = escape_line(&target.to_string_lossy()).into_owned();
            let question = Overlay::Confirm {
                title: self.ctx.t("tui-replace-title", &[]),
                body: vec![self.ctx.t("tui-replace-ask", &[("path", path)])],
                keys: self.ctx.t("tui-replace-keys", &[]),
            };
            if !self.confirm(prompt, question)? {
                return Ok((Tone::Bad, self.ctx.t("play-not-saved", &[])));
            }
            result = self.table.save_to(&target, true);
        }
        Ok(match result {
            Ok(()) => (
                Tone::Good,
                self.files.saved(&self.ctx.text, self.table, &target),
            ),
            Err(e) => (
                Tone::Bad,
                crate::front::failure::save_failed(self.ctx.text.lang, &e),
            ),
        })
    }

    /// `q`'s question: whether the game is kept, and how to come back to it.
    pub(super) fn quit_question(&self) -> Overlay {
        let url = |url: &String| vec![("url", escape_line(url).into_owned())];
        let body = match (self.files.resume_id(self.table), &self.files.remote) {
            (_, Some(u)) if self.watching => self.ctx.t("net-quit-watching", &url(u)),
            (_, Some(u)) => self.ctx.t("net-quit", &url(u)),
            (Some(id), None) => self.ctx.t("tui-quit-saved", &[("id", id.to_string())]),
            (None, None) => self.ctx.t("tui-quit-unsaved", &[]),
        };
        let title = match self.watching {
            true => "tui-quit-watching-title",
            false => "tui-quit-title",
        };
        Overlay::Confirm {
            title: self.ctx.t(title, &[]),
            body: vec![body],
            keys: self.ctx.t("tui-quit-keys", &[]),
        }
    }

    /// Shows `question` over `prompt` until it is answered: `true` for yes. Only yes, no,
    /// Esc and Enter (no) answer it; other keys do nothing.
    pub(super) fn confirm(&mut self, prompt: Prompt, question: Overlay) -> Step<bool> {
        self.draw(prompt.clone(), Some(question.clone()))?;
        loop {
            // Asked because of a key just typed: the answer may follow it at once.
            match self.next_key(None, TICK * 5)? {
                Some(Key::Resize) => {
                    self.draw(prompt.clone(), Some(question.clone()))?;
                }
                Some(Key::Char(c)) if self.is_yes(c) => return Ok(true),
                Some(Key::Char('n' | 'N') | Key::Esc | Key::Enter) => return Ok(false),
                _ => {}
            }
        }
    }

    /// Whether `c` answers "yes": the first letter of a word the player's language takes
    /// for yes (`y`, `s` for "sí", `o` for "oui").
    fn is_yes(&self, c: char) -> bool {
        let c = c.to_lowercase().next().unwrap_or(c);
        let yes = self.ctx.t("play-yes", &[]);
        yes.split(',').any(|word| word.trim().starts_with(c))
    }
}

/// The keys the prompt's hint line lists.
fn prompt_keys(ctx: &Ctx, options: usize, odds: bool) -> Vec<(String, String)> {
    let range = if options == 1 {
        "1".to_string()
    } else {
        format!("1-{options}")
    };
    let mut keys = vec![(range, ctx.t("tui-key-choose", &[]))];
    if odds {
        keys.push(("o".into(), ctx.t("tui-key-odds", &[])));
    }
    keys.extend([
        ("s".into(), ctx.t("tui-key-save", &[])),
        ("?".into(), ctx.t("tui-key-help", &[])),
        ("PgUp/PgDn".into(), ctx.t("tui-key-log", &[])),
        ("q".into(), ctx.t("tui-key-quit", &[])),
    ]);
    keys
}

/// The keys this driver adds to the help's list: the odds and saving.
pub(super) fn driver_keys(ctx: &Ctx) -> Vec<(String, String)> {
    vec![
        ("o".into(), ctx.t("tui-key-odds-long", &[])),
        ("s".into(), ctx.t("tui-key-save-long", &[])),
    ]
}

/// Scrolls the help by `key`, `page` rows being on screen.
pub(super) fn scroll_by(scroll: &mut usize, key: Key, page: usize) {
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
