//! Goofspiel as the platform's tools see it: its options by name, its endings, what the
//! soak checks, and the game in words (English, Spanish, French).

use crate::{Action, Event, Goofspiel, Options, State, View};
use dungeon_core::hosted::{LangCode, pick};
use dungeon_core::{Hosted, Seat, Worded};

const HIGHEST: &str = "highest_score";
const SHARED: &str = "shared";

/// `n` points, in words.
fn points(lang: LangCode, n: u32) -> &'static str {
    match n {
        1 => pick(lang, ["point", "punto", "point"]),
        _ => pick(lang, ["points", "puntos", "points"]),
    }
}

fn cards(list: &[u8]) -> String {
    let shown: Vec<String> = list.iter().map(u8::to_string).collect();
    shown.join(" ")
}

fn name(names: &[String], seat: Seat) -> String {
    (names.get(seat as usize).cloned()).unwrap_or_else(|| format!("#{}", seat + 1))
}

impl Hosted for Goofspiel {
    fn name(&self, _lang: LangCode) -> String {
        "Goofspiel".into()
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
        match (id, value) {
            ("cards", n) => match n.parse() {
                Ok(n) if (3..=13).contains(&n) => options.cards = n,
                _ => return false,
            },
            ("ties", "lost") => options.carry_ties = false,
            ("ties", "carry") => options.carry_ties = true,
            _ => return false,
        }
        true
    }

    fn option_help(&self) -> String {
        "cards=3..13, ties=lost|carry".into()
    }

    fn variants(&self) -> Vec<Vec<(&'static str, &'static str)>> {
        vec![vec![], vec![("ties", "carry")], vec![("cards", "5")]]
    }

    fn ending(&self, state: &State, _last: &[Event]) -> &'static str {
        match &state.winners {
            Some(w) if w.len() == 1 => HIGHEST,
            _ => SHARED,
        }
    }

    fn endings(&self) -> &'static [&'static str] {
        &[HIGHEST, SHARED]
    }

    fn ending_name(&self, lang: LangCode, ending: &str) -> String {
        match ending {
            HIGHEST => pick(lang, ["one winner", "un ganador", "un gagnant"]),
            SHARED => pick(
                lang,
                ["shared win", "victoria compartida", "victoire partagée"],
            ),
            other => other,
        }
        .into()
    }

    fn length(&self, state: &State) -> u32 {
        state.round
    }

    fn length_unit(&self, lang: LangCode) -> String {
        pick(lang, ["rounds", "rondas", "manches"]).into()
    }

    /// Every card of 1 to N once in each hand with its bids shown and face down, and every
    /// prize once among those to come, the one up and those taken or lost. A state from
    /// outside (a scenario's `[set]`) is checked whole first, so the rules never meet a
    /// table they cannot play.
    fn audit(&self, start: &State, state: &State) -> Result<(), String> {
        shape(state)?;
        let n = start.options.cards as usize;
        let played = state.round as usize + usize::from(state.winners.is_none());
        for (s, hand) in state.hands.iter().enumerate() {
            let held = hand.len() + usize::from(state.bids[s].is_some());
            if held + state.round as usize != n {
                return Err(format!(
                    "seat {s} holds {held} cards in round {}",
                    state.round
                ));
            }
        }
        if state.prizes.len() + played != n {
            return Err(format!(
                "{} prizes to come after {played}",
                state.prizes.len()
            ));
        }
        Ok(())
    }
}

impl Worded for Goofspiel {
    fn describe_view(&self, lang: LangCode, names: &[String], view: &View) -> String {
        let mut out = String::new();
        if view.winners.is_none() {
            let round = view.round + 1;
            let of = view.options.cards;
            out += &match lang {
                "es" => format!(
                    "Ronda {round} de {of}. En juego: {} {}",
                    view.pot,
                    points(lang, view.pot)
                ),
                "fr" => format!(
                    "Manche {round} sur {of}. En jeu : {} {}",
                    view.pot,
                    points(lang, view.pot)
                ),
                _ => format!(
                    "Round {round} of {of}. At stake: {} {}",
                    view.pot,
                    points(lang, view.pot)
                ),
            };
            let carried = view.pot.saturating_sub(u32::from(view.prize));
            if carried > 0 {
                out += &match lang {
                    "es" => format!(" (el {} y {carried} de empates)", view.prize),
                    "fr" => format!(" (le {} et {carried} d'égalités)", view.prize),
                    _ => format!(" (the {} and {carried} from ties)", view.prize),
                };
            }
            out += ".\n";
            let to_come = pick(
                lang,
                ["Prizes to come: ", "Premios por salir: ", "Prix à venir : "],
            );
            out += &format!("{to_come}{}\n", cards(&view.prizes_left));
        }
        for (s, score) in view.scores.iter().enumerate() {
            let bid = match view.bids[s] {
                Some(Some(card)) => {
                    pick(lang, [" (bid: ", " (puja: ", " (mise : "]).to_owned()
                        + &card.to_string()
                        + ")"
                }
                Some(None) => pick(lang, [" (has bid)", " (ya pujó)", " (a misé)"]).into(),
                None => String::new(),
            };
            let points = points(lang, *score);
            out += &format!(
                "  {}: {score} {points}{bid}  [{}]\n",
                name(names, s as Seat),
                cards(&view.hands[s])
            );
        }
        out
    }

    fn describe_action(
        &self,
        lang: LangCode,
        _names: &[String],
        _view: &View,
        action: &Action,
    ) -> String {
        format!("{} {}", pick(lang, ["bid", "pujar", "miser"]), action.0)
    }

    fn describe_event(
        &self,
        lang: LangCode,
        names: &[String],
        _options: &Options,
        seat: Option<Seat>,
        event: &Event,
    ) -> Option<String> {
        Some(match Goofspiel::event_for(event, seat) {
            Event::Prize { card, pot } if pot > 0 => match lang {
                "es" => format!("Sale el premio {card}, con {pot} puntos de empates."),
                "fr" => format!("Le prix {card} est retourné, avec {pot} points d'égalités."),
                _ => format!("The prize {card} is turned up, with {pot} points from ties."),
            },
            Event::Prize { card, .. } => match lang {
                "es" => format!("Sale el premio {card}."),
                "fr" => format!("Le prix {card} est retourné."),
                _ => format!("The prize {card} is turned up."),
            },
            Event::Bid { seat: s, card } => {
                let who = name(names, s);
                match (card, lang) {
                    (Some(c), "es") => format!("{who} puja {c} boca abajo."),
                    (Some(c), "fr") => format!("{who} mise {c} face cachée."),
                    (Some(c), _) => format!("{who} bids {c} face down."),
                    (None, "es") => format!("{who} puja boca abajo."),
                    (None, "fr") => format!("{who} mise face cachée."),
                    (None, _) => format!("{who} bids face down."),
                }
            }
            Event::Shown {
                bids,
                taker,
                points,
            } => {
                let shown = (bids.iter().enumerate())
                    .map(|(s, b)| format!("{} {b}", name(names, s as Seat)))
                    .collect::<Vec<_>>()
                    .join(", ");
                let result = match (taker, lang) {
                    (Some(t), _) => {
                        let (who, word) = (name(names, t), self::points(lang, points));
                        match lang {
                            "es" => format!("{who} se lleva {points} {word}."),
                            "fr" => format!("{who} prend {points} {word}."),
                            _ => format!("{who} takes {points} {word}."),
                        }
                    }
                    (None, "es") => "Empate: nadie se lleva el premio.".into(),
                    (None, "fr") => "Égalité : personne ne prend le prix.".into(),
                    (None, _) => "A tie: nobody takes the prize.".into(),
                };
                format!(
                    "{}{shown}. {result}",
                    pick(lang, ["Bids: ", "Pujas: ", "Mises : "])
                )
            }
            Event::Over { winners } => {
                let who = (winners.iter().map(|&w| name(names, w)))
                    .collect::<Vec<_>>()
                    .join(", ");
                format!(
                    "{} {who}.",
                    pick(lang, ["Game over. Winning:", "Fin. Gana:", "Fin. Gagne :"])
                )
            }
        })
    }

    fn rules_summary(&self, lang: LangCode) -> String {
        pick(
            lang,
            [
                "Everyone holds the cards 1 to N. For each prize turned up, bid one card face \
                 down; the single highest bid takes the prize's points, a tie takes nothing. \
                 Bids are spent. Most points after the last prize win.",
                "Cada jugador tiene las cartas del 1 al N. Por cada premio que sale, puja una \
                 carta boca abajo; la puja más alta, si es única, se lleva sus puntos, y un \
                 empate no se lleva nada. Las pujas se gastan. Gana quien más puntos tenga al \
                 final.",
                "Chacun tient les cartes 1 à N. Pour chaque prix retourné, misez une carte face \
                 cachée ; la plus haute mise, si elle est seule, prend ses points, une égalité \
                 ne prend rien. Les mises sont dépensées. Le plus de points à la fin gagne.",
            ],
        )
        .into()
    }
}

/// What the rules take for granted of any state: seats and cards in range, one hand, bid
/// and score per seat, no card twice, points that add up to at most the prizes'.
fn shape(state: &State) -> Result<(), String> {
    let o = &state.options;
    if !(2..=4).contains(&o.players) || !(3..=13).contains(&o.cards) {
        return Err(format!("{} players and {} cards", o.players, o.cards));
    }
    let seats = o.players as usize;
    if state.hands.len() != seats || state.bids.len() != seats || state.scores.len() != seats {
        return Err(format!(
            "{seats} seats but {} hands, {} bids and {} scores",
            state.hands.len(),
            state.bids.len(),
            state.scores.len()
        ));
    }
    let card = |c: u8| (1..=o.cards).contains(&c);
    for (s, hand) in state.hands.iter().enumerate() {
        let mut held: Vec<u8> = hand.iter().copied().chain(state.bids[s]).collect();
        held.sort_unstable();
        if !held.iter().all(|&c| card(c)) || held.windows(2).any(|w| w[0] == w[1]) {
            return Err(format!("seat {s} holds {held:?}"));
        }
    }
    let mut prizes = state.prizes.clone();
    prizes.push(state.prize);
    prizes.sort_unstable();
    let up = state.winners.is_none();
    if up && state.pot < u32::from(state.prize) {
        return Err(format!(
            "{} at stake with the {} up",
            state.pot, state.prize
        ));
    }
    if !state.prizes.iter().all(|&c| card(c))
        || prizes.windows(2).any(|w| w[0] == w[1] && w[0] != 0)
        || (up && !card(state.prize))
    {
        return Err(format!("prizes {:?} and {} up", state.prizes, state.prize));
    }
    let all = u32::from(o.cards) * (u32::from(o.cards) + 1) / 2;
    let scored = state.scores.iter().try_fold(0u32, |t, &p| t.checked_add(p));
    if scored
        .and_then(|t| t.checked_add(state.pot))
        .is_none_or(|t| t > all)
        || state.round > u32::from(o.cards)
    {
        return Err(format!(
            "scores {:?}, {} at stake, round {}",
            state.scores, state.pot, state.round
        ));
    }
    if let Some(winners) = &state.winners {
        if winners.iter().any(|&w| w as usize >= seats) || !state.prizes.is_empty() {
            return Err(format!(
                "winners {winners:?} with {} prizes to come",
                state.prizes.len()
            ));
        }
    }
    Ok(())
}
