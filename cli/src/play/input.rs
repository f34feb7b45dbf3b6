//! Reading the player's answers from the terminal. Anything unexpected is a hint and
//! another try, never a crash; the end of input quits.

use std::io::{BufRead, Write};

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

fn parse(line: &str, max: usize) -> Reply {
    match line.trim().to_lowercase().as_str() {
        "s" | "save" => Reply::Save,
        "q" | "quit" | "exit" => Reply::Quit,
        "o" | "odds" => Reply::Odds,
        other => match other.parse::<usize>() {
            Ok(n) if (1..=max).contains(&n) => Reply::Choice(n - 1),
            _ => Reply::Invalid,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
