//! What every line-mode table asks of a person: a choice among numbered options, and, at a
//! shared screen, the screen passed to the next player.

use crate::text::tr;
use dungeon_engine::Lang;
use std::io::{BufRead, Write};

/// The screen passes to `name`, who types the first letter of their name (a key no habit
/// of the one before types). False at the end of input or on `q`.
pub(crate) fn pass_screen(
    lang: Lang,
    name: &str,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> bool {
    let letter = (name.chars().next().unwrap_or('?'))
        .to_lowercase()
        .to_string();
    loop {
        let a = [
            ("name", name.to_string().into()),
            ("letter", letter.clone().into()),
        ];
        let _ = writeln!(out, "{}", tr(lang, "game-pass-to", &a));
        let mut line = String::new();
        if input.read_line(&mut line).unwrap_or(0) == 0 {
            return false;
        }
        let line = line.trim().to_lowercase();
        if line == "q" {
            return false;
        }
        if line == letter {
            return true;
        }
    }
}

/// A number from 1 to `count` (its index); `?` shows `help`; `None` on `q` or no more
/// input.
pub(crate) fn read_choice(
    lang: Lang,
    count: usize,
    help: &str,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Option<usize> {
    loop {
        let _ = write!(
            out,
            "{} ",
            tr(lang, "game-choose", &[("count", count.into())])
        );
        let _ = out.flush();
        let mut line = String::new();
        if input.read_line(&mut line).ok()? == 0 {
            return None;
        }
        match line.trim() {
            "q" => return None,
            "?" => {
                let _ = writeln!(out, "{help}");
            }
            n => match n.parse::<usize>() {
                Ok(n) if (1..=count).contains(&n) => return Some(n - 1),
                _ => {
                    let a = [("count", count.into())];
                    let _ = writeln!(out, "{}", tr(lang, "game-bad-choice", &a));
                }
            },
        }
    }
}
