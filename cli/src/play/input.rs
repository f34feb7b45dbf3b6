//! Reading the player's answers in the line mode. Anything unexpected is a hint and
//! another try, never a crash. Lines are read on a thread of their own, so a signal is
//! noticed while waiting; at a terminal, what was typed before a prompt was shown is
//! dropped, and Ctrl-D asks before leaving (the caller's job).

use crate::signals::Shutdown;
use std::io::{BufRead, IsTerminal, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// 0-based index of the option picked.
    Choice(usize),
    Save,
    Quit,
    /// Show the player's own odds of surviving.
    Odds,
    /// Show the help: the rules in short, the commands, the cards in play.
    Help,
    Invalid,
    /// The end of input (Ctrl-D at a terminal).
    End,
    /// A signal asked the program to stop.
    Signal(i32),
}

/// What reading a line gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    Line(String),
    End,
    Signal(i32),
}

/// The player's lines, read on a thread of their own so that waiting for one never stops
/// the program from noticing a signal.
pub struct Input {
    lines: Receiver<Option<String>>,
    /// A person types at a terminal: lines typed before a prompt was shown are dropped,
    /// and the end of input (Ctrl-D) is not the end for good.
    pub interactive: bool,
    ended: bool,
}

impl Input {
    pub fn stdin() -> Input {
        let interactive = std::io::stdin().is_terminal();
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut stdin = std::io::stdin().lock();
            loop {
                let mut line = String::new();
                match stdin.read_line(&mut line) {
                    Ok(0) | Err(_) => {
                        if send.send(None).is_err() || !interactive {
                            return;
                        }
                    }
                    Ok(_) => {
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if send.send(Some(line)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Input {
            lines,
            interactive,
            ended: false,
        }
    }

    /// Drops what was typed while nothing was asked (during reveals, bots' turns): at a
    /// terminal, a key pressed early must not answer the next question.
    pub fn discard_typed_ahead(&mut self) {
        if self.interactive {
            while self.lines.try_recv().is_ok() {}
        }
    }

    /// The next line, the end of input, or a signal.
    pub fn next(&mut self, shutdown: &Shutdown) -> Next {
        loop {
            if let Some(next) = self.next_within(shutdown, Duration::from_millis(50)) {
                return next;
            }
        }
    }

    /// The next line, the end of input or a signal, if one comes within `wait`.
    pub fn next_within(&mut self, shutdown: &Shutdown, wait: Duration) -> Option<Next> {
        if let Some(signal) = shutdown.signal() {
            return Some(Next::Signal(signal));
        }
        if self.ended {
            return Some(Next::End);
        }
        match self.lines.recv_timeout(wait) {
            Ok(Some(line)) => Some(Next::Line(line)),
            Ok(None) => {
                self.ended = !self.interactive;
                Some(Next::End)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                self.ended = true;
                Some(Next::End)
            }
        }
    }

    /// Shows a prompt, dropping what was typed before it.
    pub fn show_prompt(&mut self, prompt: &str) {
        self.discard_typed_ahead();
        let mut out = std::io::stdout().lock();
        let _ = write!(out, "{prompt}");
        let _ = out.flush();
    }

    /// The reply to a prompt already shown (a number from 1 to `max`, `s`, `q` or `o`), if
    /// one comes within `wait`, so the caller can look at the table meanwhile.
    pub fn reply_within(
        &mut self,
        max: usize,
        shutdown: &Shutdown,
        wait: Duration,
    ) -> Option<Reply> {
        Some(match self.next_within(shutdown, wait)? {
            Next::Line(line) => parse(&line, max),
            Next::End => {
                let _ = writeln!(std::io::stdout());
                Reply::End
            }
            Next::Signal(s) => Reply::Signal(s),
        })
    }
}

/// A line as typed: a command word (any case, spaces around), or a number from 1 to `max`
/// written in digits only (no sign: `+2` is not a choice).
fn parse(line: &str, max: usize) -> Reply {
    match line.trim().to_lowercase().as_str() {
        "s" | "save" => Reply::Save,
        "q" | "quit" | "exit" => Reply::Quit,
        "o" | "odds" => Reply::Odds,
        "?" | "h" | "help" | "ayuda" | "aide" => Reply::Help,
        digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            match digits.parse::<usize>() {
                Ok(n) if (1..=max).contains(&n) => Reply::Choice(n - 1),
                _ => Reply::Invalid,
            }
        }
        _ => Reply::Invalid,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dungeon_tests::fuzz_support;
    use proptest::prelude::*;

    #[test]
    fn parses_choices_and_commands() {
        assert!(matches!(parse(" 2 ", 3), Reply::Choice(1)));
        assert!(matches!(parse("4", 3), Reply::Invalid));
        assert!(matches!(parse("0", 3), Reply::Invalid));
        assert!(matches!(parse("abc", 3), Reply::Invalid));
        assert!(matches!(parse("-1", 3), Reply::Invalid));
        assert!(matches!(parse("S", 3), Reply::Save));
        assert!(matches!(parse("q", 3), Reply::Quit));
        assert!(matches!(parse(" O ", 3), Reply::Odds));
        assert!(matches!(
            parse("99999999999999999999999", 3),
            Reply::Invalid
        ));
        assert!(matches!(parse("+2", 3), Reply::Invalid));
    }

    /// What a line should give, worked out another way: the command words by a table,
    /// numbers by comparing digit strings (leading zeros dropped) with `max`'s, so no
    /// integer parsing is shared with `parse`.
    fn expected(line: &str, max: usize) -> Reply {
        let word = line.trim().to_lowercase();
        let commands = [
            ("s", Reply::Save),
            ("save", Reply::Save),
            ("q", Reply::Quit),
            ("quit", Reply::Quit),
            ("exit", Reply::Quit),
            ("o", Reply::Odds),
            ("odds", Reply::Odds),
            ("?", Reply::Help),
            ("h", Reply::Help),
            ("help", Reply::Help),
            ("ayuda", Reply::Help),
            ("aide", Reply::Help),
        ];
        if let Some((_, reply)) = commands.iter().find(|(w, _)| *w == word) {
            return *reply;
        }
        if word.is_empty() || !word.chars().all(|c| c.is_ascii_digit()) {
            return Reply::Invalid;
        }
        let digits = word.trim_start_matches('0');
        let limit = max.to_string();
        let within = !digits.is_empty()
            && (digits.len() < limit.len()
                || (digits.len() == limit.len() && digits <= limit.as_str()));
        if within {
            // Small enough to count: at most `max`.
            Reply::Choice(digits.parse::<usize>().map_or(usize::MAX, |n| n - 1))
        } else {
            Reply::Invalid
        }
    }

    /// Lines a player (or a cat on the keyboard) could type.
    fn lines() -> impl Strategy<Value = String> {
        let number = prop_oneof![0u64..20, any::<u64>()].prop_map(|n| n.to_string());
        let command = proptest::sample::select(vec![
            "s", "save", "q", "quit", "exit", "o", "odds", "?", "h", "help", "ayuda", "aide",
        ])
        .prop_flat_map(|w| {
            proptest::collection::vec(any::<bool>(), w.len()).prop_map(move |upper| {
                w.chars()
                    .zip(upper)
                    .map(|(c, u)| if u { c.to_ascii_uppercase() } else { c })
                    .collect::<String>()
            })
        });
        let word = prop_oneof![
            3 => number,
            2 => command,
            2 => fuzz_support::text(),
            1 => "[0-9]{20,40}",
            1 => "[+-]?0*[0-9]{1,3}",
        ];
        let space = "[ \t\u{a0}\u{3000}\r]{0,2}";
        (space, word, space).prop_map(|(a, w, b)| format!("{a}{w}{b}"))
    }

    #[test]
    fn any_line_gives_what_it_says_and_never_panics() {
        fuzz_support::check(5000, (lines(), 0usize..12), |(line, max)| {
            let (got, want) = (parse(&line, max), expected(&line, max));
            if got == want {
                Ok(())
            } else {
                Err(format!("parse gives {got:?}, expected {want:?}"))
            }
        });
    }
}
