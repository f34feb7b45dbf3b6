//! The full-screen table's colours. Colour tells what only you may see (your cards, your
//! own log lines) from what everyone sees, and how close the adventurer is to dying.
//! `NO_COLOR` (set to anything but the empty string, see no-color.org) turns every colour
//! off; bold and reverse video stay, as they are not colour.

use ratatui::style::{Color, Modifier, Style};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    colour: bool,
}

impl Palette {
    /// Colour unless the environment's `NO_COLOR` says otherwise.
    pub fn from_env() -> Palette {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Palette { colour: !no_color }
    }

    pub fn new(colour: bool) -> Palette {
        Palette { colour }
    }

    fn fg(&self, colour: Color) -> Style {
        if self.colour {
            Style::default().fg(colour)
        } else {
            Style::default()
        }
    }

    /// Panel titles and headings.
    pub fn title(&self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }
    /// Borders of the panels everyone sees.
    pub fn border(&self) -> Style {
        self.fg(Color::Gray)
    }
    /// What only the player at the screen may see: their corner, their own log lines.
    pub fn private(&self) -> Style {
        self.fg(Color::Magenta)
    }
    /// Borders of the player's own corner.
    pub fn private_border(&self) -> Style {
        self.fg(Color::Magenta)
    }
    /// Secondary text: hints, empty states.
    pub fn dim(&self) -> Style {
        if self.colour {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default()
        }
    }
    /// Keys the player can press.
    pub fn key(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    /// A card revealed in the dungeon.
    pub fn reveal(&self) -> Style {
        self.fg(Color::Yellow)
    }
    pub fn good(&self) -> Style {
        self.fg(Color::Green)
    }
    pub fn bad(&self) -> Style {
        self.fg(Color::Red)
    }
    /// Whose turn it is.
    pub fn turn(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    /// HP, coloured by danger: red when one ordinary monster (strength 3 or more) could
    /// end the run, yellow within reach of two, green otherwise.
    pub fn hp(&self, hp: i32) -> Style {
        let colour = match hp {
            ..=3 => Color::Red,
            4..=6 => Color::Yellow,
            _ => Color::Green,
        };
        self.fg(colour).add_modifier(Modifier::BOLD)
    }
    /// The highlighted bar of a popup's last line ("press Enter").
    pub fn bar(&self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED)
    }
}
