//! The keys that work at any moment, whatever the screen is doing (a bot thinks, a card
//! is about to be revealed): `?` the help, `q` leaving (asked first), the log's keys.
//! Only a question on screen takes the other keys (`prompt.rs`).

use super::Outcome;
use super::help;
use super::keys::{Key, Keyboard, Moment};
use super::prompt::driver_keys;
use super::screen::Prompt;
use super::session::{Session, Step, Stop, interrupted};
use super::wipe::Wipe;
use ratatui::backend::Backend;
use std::time::Duration;

impl<B: Backend + Wipe, K: Keyboard> Session<'_, B, K> {
    /// The keys that work at any moment, even while nobody here is asked (a bot thinks, a
    /// card is about to be revealed): `?` opens the help, `q` leaves once confirmed, the
    /// log's keys scroll it. `true` if `key` was one of them; `prompt` is what the bottom
    /// panel shows meanwhile. What was typed before the help or the question appears is
    /// thrown away, so it cannot close or answer it.
    pub(super) fn anytime_key(&mut self, key: Key, prompt: &Prompt) -> Step<bool> {
        match key {
            Key::Char('?') => {
                self.keys.drain()?;
                let lines = match self.watching {
                    true => help::with_keys(&self.ctx, help::watching_keys(&self.ctx)),
                    false => help::lines(&self.ctx, &driver_keys(&self.ctx)),
                };
                self.help_meanwhile(lines, prompt)?;
            }
            Key::Char('q' | 'Q') => {
                self.keys.drain()?;
                if self.confirm(prompt.clone(), self.quit_question())? {
                    return Err(Stop::Outcome(Outcome::Quit));
                }
            }
            key if self.scroll_log(key) => {}
            _ => return Ok(false),
        }
        self.draw(prompt.clone(), None)?;
        Ok(true)
    }

    /// Reads every key typed so far: Ctrl-C and the keys that work at any moment act,
    /// the others are dropped.
    pub(super) fn keys_while_busy(&mut self, busy: &Prompt) -> Step {
        while let Some(key) = self.keys.wait(Duration::ZERO, Moment::Busy)? {
            match key {
                Key::Interrupt => return Err(interrupted()),
                key => {
                    self.anytime_key(key, busy)?;
                }
            }
        }
        Ok(())
    }
}
