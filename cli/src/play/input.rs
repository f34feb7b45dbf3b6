//! Reading the player's answers from the terminal. Anything unexpected is a hint and
//! another try, never a crash; the end of input quits.

use std::io::{BufRead, Write};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// 0-based index of the option picked.
    Choice(usize),
    Save,
    Quit,
    /// Show the player's own odds of surviving.
    Odds,
    Invalid,
}

pub struct Input {
    lines: Box<dyn Iterator<Item = String>>,
}

impl Input {
    pub fn stdin() -> Input {
        let lines = std::io::stdin().lock().lines().map_while(Result::ok);
        Input {
            lines: Box::new(lines),
        }
    }

    /// The next line, or `None` at the end of input.
    pub fn line(&mut self) -> Option<String> {
        self.lines.next()
    }

    /// Asks for a number from 1 to `max`, `s`, `q` or `o`.
    pub fn choice(&mut self, prompt: &str, max: usize) -> Reply {
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        let Some(line) = self.line() else {
            println!();
            return Reply::Quit;
        };
        parse(&line, max)
    }
}

/// A line as typed: a command word (any case, spaces around), or a number from 1 to `max`
/// written in digits only (no sign: `+2` is not a choice).
fn parse(line: &str, max: usize) -> Reply {
    match line.trim().to_lowercase().as_str() {
        "s" | "save" => Reply::Save,
        "q" | "quit" | "exit" => Reply::Quit,
        "o" | "odds" => Reply::Odds,
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
        let command = proptest::sample::select(vec!["s", "save", "q", "quit", "exit", "o", "odds"])
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
