//! Mazmorra as the platform's tools see it (`dungeon_core::Hosted`): its options by name,
//! how a game ended, and what the soak checks after every decision. Its table and its
//! words live in the `dungeon` program (`cli/src/mazmorra/`), which asks some questions
//! in two parts.

use crate::Mazmorra;
use crate::action::Event;
use crate::state::{Options, State};
use dungeon_core::hosted::{LangCode, pick};
use dungeon_core::{Game, Hosted, Seat};

const ESCAPED: &str = "escaped";
const LAST_ALIVE: &str = "last_alive";
const TURN_LIMIT: &str = "turn_limit";

impl Hosted for Mazmorra {
    fn name(&self, _lang: LangCode) -> String {
        "Mazmorra".into()
    }

    fn seats(&self) -> std::ops::RangeInclusive<u8> {
        2..=4
    }

    fn options_for(&self, players: u8) -> Options {
        Options {
            players,
            ..Options::default()
        }
    }

    fn players(&self, options: &Options) -> u8 {
        options.players
    }

    fn set_option(&self, options: &mut Options, id: &str, value: &str) -> bool {
        let mut changed = options.clone();
        let ok = changed.set(id, value);
        if ok {
            *options = changed;
        }
        ok
    }

    fn option_help(&self) -> String {
        "decks=N, max_turns=N, deck=french|spanish40|spanish48, random_cells=yes|no, \
         suicidal_queen=yes|no, counter_attack=none|robber|myrmidon|both, \
         darkness=lit|almost_black|pitch_black"
            .into()
    }

    fn variants(&self) -> Vec<Vec<(&'static str, &'static str)>> {
        vec![
            vec![],
            vec![("random_cells", "yes")],
            vec![("suicidal_queen", "yes")],
            vec![("counter_attack", "both")],
            vec![("deck", "spanish40")],
            vec![("darkness", "pitch_black")],
            vec![("darkness", "almost_black")],
            vec![("deck", "spanish48"), ("random_cells", "yes")],
        ]
    }

    fn starter(&self, event: &Event) -> Option<Seat> {
        match event {
            Event::Starts { seat } => Some(*seat),
            _ => None,
        }
    }

    fn ending(&self, state: &State, last: &[Event]) -> &'static str {
        let escaped = (last.iter()).any(|e| matches!(e, Event::PassagePlayed { .. }));
        match &state.winners {
            None => TURN_LIMIT,
            Some(w) if w.is_empty() => TURN_LIMIT,
            Some(_) if escaped => ESCAPED,
            Some(_) => LAST_ALIVE,
        }
    }

    fn endings(&self) -> &'static [&'static str] {
        &[ESCAPED, LAST_ALIVE, TURN_LIMIT]
    }

    fn stalled(&self) -> &'static [&'static str] {
        &[TURN_LIMIT]
    }

    fn ending_name(&self, lang: LangCode, ending: &str) -> String {
        let names = match ending {
            ESCAPED => ["escaped", "fuga", "évasion"],
            LAST_ALIVE => ["last alive", "último vivo", "dernier vivant"],
            TURN_LIMIT => ["turn limit", "límite de turnos", "limite de tours"],
            other => return other.into(),
        };
        pick(lang, names).into()
    }

    fn length(&self, state: &State) -> u32 {
        state.turns
    }

    fn length_unit(&self, lang: LangCode) -> String {
        pick(lang, ["turns", "turnos", "tours"]).into()
    }

    /// Every card in exactly one place, as many as were dealt; each seat's view holding
    /// its own hand.
    fn audit(&self, start: &State, state: &State) -> Result<(), String> {
        let (now, then) = (state.cards_in_play(), start.cards_in_play());
        if now != then {
            return Err(format!("{now} cards, not {then}"));
        }
        for s in 0..state.players() {
            if self.view(state, Some(s)).hand != state.prisoners[s as usize].hand {
                return Err(format!("seat {s}'s view holds another hand"));
            }
        }
        Ok(())
    }
}
