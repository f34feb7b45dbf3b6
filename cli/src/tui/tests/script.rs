//! A scripted keyboard. Keys are typed in batches: each time a screen starts listening
//! (the loop drains the keyboard after drawing a prompt, the pass screen or a popup),
//! the next batch is "typed". With `hammer`, a key is also typed whenever a read finds
//! none while the screen is not listening (reveals, bots' turns), as an impatient player
//! would; it sits in the queue like a real key, so only the loop's own discipline (drain
//! before listening, ignore while busy) keeps it from answering a prompt.
//! A `\0` in a batch is a read that finds no key (a player taking their time). The script
//! ends the session (an error) when its batches run out.

use crate::tui::keys::{Key, Keyboard, Moment};
use std::collections::VecDeque;
use std::io;
use std::time::Duration;

pub const END: &str = "script over";

pub struct Script {
    batches: VecDeque<Vec<Option<Key>>>,
    /// Keys typed and not read yet; `None` is a read that finds nothing.
    pending: VecDeque<Option<Key>>,
    hammer: Vec<Key>,
    /// How many hammered keys were typed.
    pub hammered: usize,
    /// Stop at the `n`th pause before a reveal (1-based): the screen mid-animation.
    pub stop_at_reveal: Option<usize>,
    /// How many reads happened during pauses before reveals.
    pub reveals: usize,
    /// How many times the loop drained the keyboard.
    pub drains: usize,
}

impl Script {
    pub fn new(batches: Vec<Vec<Key>>) -> Script {
        let batches = batches
            .into_iter()
            .map(|b| b.into_iter().map(Some).collect())
            .collect();
        Script {
            batches,
            pending: VecDeque::new(),
            hammer: Vec::new(),
            hammered: 0,
            stop_at_reveal: None,
            reveals: 0,
            drains: 0,
        }
    }

    /// One batch per string: each character a key, `\n` for Enter.
    pub fn typed(batches: &[&str]) -> Script {
        let mut script = Script::new(Vec::new());
        script.batches = batches
            .iter()
            .map(|b| {
                b.chars()
                    .map(|c| (c != '\0').then(|| keys(&c.to_string())[0]))
                    .collect()
            })
            .collect();
        script
    }

    pub fn hammering(mut self, keys: &[Key]) -> Script {
        self.hammer = keys.to_vec();
        self
    }
}

pub fn keys(s: &str) -> Vec<Key> {
    s.chars()
        .map(|c| match c {
            '\n' => Key::Enter,
            '\u{1b}' => Key::Esc,
            c => Key::Char(c),
        })
        .collect()
}

impl Keyboard for Script {
    fn wait(&mut self, timeout: Duration, moment: Moment) -> io::Result<Option<Key>> {
        if moment == Moment::Reveal {
            // A reveal's pause takes its time when no key comes, so each pause before a
            // reveal is one wait (the tests' pauses are a few milliseconds).
            if self.pending.is_empty() && self.hammer.is_empty() {
                std::thread::sleep(timeout);
            }
            self.reveals += 1;
            if Some(self.reveals) == self.stop_at_reveal {
                return Err(io::Error::other(END));
            }
        }
        match self.pending.pop_front() {
            Some(key) => Ok(key),
            // A listening screen with nothing left to type: the script is over.
            None if moment == Moment::Listening => Err(io::Error::other(END)),
            None => {
                // The impatient player types a key just after this read found none: it
                // waits in the queue for the next read, as a real key would.
                if !self.hammer.is_empty() {
                    let key = self.hammer[self.hammered % self.hammer.len()];
                    self.pending.push_back(Some(key));
                    self.hammered += 1;
                }
                Ok(None)
            }
        }
    }

    fn drain(&mut self) -> io::Result<()> {
        self.drains += 1;
        self.pending.clear();
        match self.batches.pop_front() {
            Some(batch) => {
                self.pending.extend(batch);
                Ok(())
            }
            None => Err(io::Error::other(END)),
        }
    }
}
