//! Welcome to the Dungeon as the platform's tools see it ([`Hosted`]): its options by
//! name (the packs' rulings, and the designer's variant), how a game ends, its length in
//! rounds, who began, and the engine's own invariants as the audit the soak runs.

use super::Dungeon;
use crate::event::Event;
use crate::options::GameOptions;
use crate::state::GameState;
use dungeon_core::Seat;
use dungeon_core::hosted::{Hosted, LangCode, pick};

const SECOND_SUCCESS: &str = "second_success";
const LAST_STANDING: &str = "last_standing";
const NO_WINNER: &str = "no_winner";

impl Hosted for Dungeon {
    fn name(&self, lang: LangCode) -> String {
        pick(
            lang,
            [
                "Welcome to the Dungeon",
                "Bienvenido a la mazmorra",
                "Bienvenue dans le donjon",
            ],
        )
        .into()
    }

    fn seats(&self) -> std::ops::RangeInclusive<u8> {
        2..=4
    }

    fn options_for(&self, players: u8) -> GameOptions {
        GameOptions {
            players,
            ..GameOptions::default()
        }
    }

    fn players(&self, options: &GameOptions) -> u8 {
        options.players
    }

    /// `variant=on|off` (the designer's variant), or a ruling of the packs by its id and
    /// one of its choices.
    fn set_option(&self, options: &mut GameOptions, id: &str, value: &str) -> bool {
        match (id, value) {
            ("variant", "on") => options.designer_variant = true,
            ("variant", "off") => options.designer_variant = false,
            _ => {
                let known = (self.catalog.rulings.iter())
                    .any(|r| r.id == id && r.choice_index(value).is_some());
                if !known {
                    return false;
                }
                options.rulings.insert(id.into(), value.into());
            }
        }
        true
    }

    fn option_help(&self) -> String {
        let mut all = vec!["variant=on|off".to_string()];
        for r in &self.catalog.rulings {
            let choices: Vec<&str> = r.choices.iter().map(|c| c.id.as_str()).collect();
            all.push(format!("{}={}", r.id, choices.join("|")));
        }
        all.join(", ")
    }

    fn variants(&self) -> Vec<Vec<(&'static str, &'static str)>> {
        vec![vec![], vec![("variant", "on")]]
    }

    fn starter(&self, event: &Event) -> Option<Seat> {
        match event {
            Event::GameStarted { first, .. } => Some(*first),
            _ => None,
        }
    }

    fn ending(&self, state: &GameState, _last: &[Event]) -> &'static str {
        match state.winner {
            Some(w) if state.players[w as usize].successes >= 2 => SECOND_SUCCESS,
            Some(_) => LAST_STANDING,
            None => NO_WINNER,
        }
    }

    fn endings(&self) -> &'static [&'static str] {
        &[SECOND_SUCCESS, LAST_STANDING, NO_WINNER]
    }

    fn ending_name(&self, lang: LangCode, ending: &str) -> String {
        match ending {
            SECOND_SUCCESS => pick(lang, ["second success", "segundo éxito", "second succès"]),
            LAST_STANDING => pick(
                lang,
                ["last one standing", "último en pie", "dernier en lice"],
            ),
            NO_WINNER => pick(lang, ["no winner", "sin ganador", "sans gagnant"]),
            other => other,
        }
        .into()
    }

    fn length(&self, state: &GameState) -> u32 {
        state.round
    }

    fn length_unit(&self, lang: LangCode) -> String {
        pick(lang, ["rounds", "rondas", "manches"]).into()
    }

    /// The engine's own invariants (every card in one place, HP in range...).
    fn audit(&self, _start: &GameState, state: &GameState) -> Result<(), String> {
        crate::invariants::check(&self.catalog, state)
    }
}
