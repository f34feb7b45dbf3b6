//! Scenario files for Mazmorra (`tests/scenarios/mazmorra/*.toml`): a table set up by
//! hand, moves played one by one, and what must hold after each, every file citing the rule
//! it checks. Input from anyone: every problem is a message, never a panic.
//!
//! ```toml
//! game = "mazmorra"
//! rule = "5.2: a 6 played on a dungeon built from 10 to 6 collapses it"
//! players = 2                      # 2 to 4
//! variants = ["counter_attack=both"] # as `--ruling`: deck, random_cells, suicidal_queen...
//! [seat.0]
//! hand = "6d 5c"
//! [seat.1]
//! dungeon = "10h 9h 8h 7h 6h"       # built straight down from the cell (`5s=7`: a 5
//!                                   # standing where the 7 goes, a cheat in the dark)
//! [[step]]
//! legal = ["collapse 6d on 1"]      # offered now
//! not_legal = ["collapse 5c on 1"]
//! do = "collapse 6d on 1"           # then every round of aces is passed
//! standing.1 = "10 9 8 7"           # a seat's standing passages, by value
//! discard = "6d 6h"
//! ```
//!
//! Cards are a rank (`A`, `2`-`10`, `J`, `Q`, `K`) and a suit letter (`s h d c`), or
//! `joker1`. Moves: `open C`, `passage C [as V] (from cell | after C)`, `collapse C [as V]
//! on S`, `attack C [as R] at S`, `rob C`, `take C`, `fish C S R`, `ace C`, `end`,
//! `discard C`, `defend C...`, `retreat`, `give C`, `deny`, `discard-hand`, `believe`,
//! `see`, `pass`, `counter C`, `save C`, `lose`. `legal`, `not_legal` and `only` are
//! checked before a step's move, the rest after it. A step may also check `hand.S`,
//! `phase` (its name, lower case), `turn`, `winners`, `only` (exactly these moves) and
//! `event` (a text the events of its move show, as `Caught { seat: 1, lied: true }`).

use crate::Mazmorra;
use crate::action::{Action, Event};
use crate::cards::Card;
use crate::state::{Options, Passage, Phase, State};
use dungeon_core::Game;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    game: String,
    rule: String,
    #[serde(default = "two")]
    players: u8,
    #[serde(default)]
    variants: Vec<String>,
    #[serde(default)]
    turn: u8,
    #[serde(default)]
    seat: BTreeMap<String, Seat>,
    /// The draw pile, top last (by default twenty eights).
    deck: Option<String>,
    #[serde(default)]
    discard: String,
    #[serde(default)]
    step: Vec<Step>,
}

fn two() -> u8 {
    2
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Seat {
    #[serde(default)]
    hand: String,
    #[serde(default)]
    dungeon: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Step {
    #[serde(default)]
    legal: Vec<String>,
    #[serde(default)]
    not_legal: Vec<String>,
    only: Option<Vec<String>>,
    #[serde(rename = "do")]
    act: Option<String>,
    /// Keep the rounds of aces after the move open (to answer them in the next steps).
    #[serde(default)]
    keep_aces: bool,
    event: Option<String>,
    #[serde(default)]
    standing: BTreeMap<String, String>,
    #[serde(default)]
    hand: BTreeMap<String, String>,
    discard: Option<String>,
    phase: Option<String>,
    turn: Option<u8>,
    winners: Option<Vec<u8>>,
}

/// A scenario's result: its rule, and the problems found (none: it passed); the same as
/// for the format any worded game reads.
pub use dungeon_core::scenario::Outcome;

/// Whether `text` is a Mazmorra scenario (its `game` key).
pub fn is_mazmorra(text: &str) -> bool {
    toml::from_str::<toml::Table>(text)
        .ok()
        .and_then(|t| {
            t.get("game")
                .and_then(|g| g.as_str().map(|g| g == "mazmorra"))
        })
        .unwrap_or(false)
}

pub fn card(word: &str) -> Result<Card, String> {
    if let Some(n) = word.strip_prefix("joker") {
        return n
            .parse()
            .map(|suit| Card { rank: 0, suit })
            .map_err(|_| format!("not a card: {word}"));
    }
    let (rank, suit) = word.split_at(word.len().saturating_sub(1));
    let suit = match suit {
        "s" | "♠" => 0,
        "h" | "♥" => 1,
        "d" | "♦" => 2,
        "c" | "♣" => 3,
        _ => return Err(format!("not a card: {word}")),
    };
    let rank = match rank {
        "A" => 1,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        n => n
            .parse()
            .ok()
            .filter(|r| (2..=10).contains(r))
            .ok_or(format!("not a card: {word}"))?,
    };
    Ok(Card { rank, suit })
}

fn cards(text: &str) -> Result<Vec<Card>, String> {
    text.split_whitespace().map(card).collect()
}

fn rank(word: &str) -> Result<u8, String> {
    match word {
        "A" => Ok(1),
        "J" => Ok(11),
        "Q" => Ok(12),
        "K" => Ok(13),
        n => n.parse().map_err(|_| format!("not a rank: {word}")),
    }
}

/// A move in words (see the module's documentation), for `seat` in `state`.
pub fn action(text: &str, state: &State, seat: u8) -> Result<Action, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let bad = || format!("not a move: {text}");
    let num = |w: &str| w.parse::<u8>().map_err(|_| bad());
    let with_as = |rest: &[&str]| -> Result<(Card, Option<u8>, usize), String> {
        let c = card(rest.first().ok_or_else(bad)?)?;
        if rest.get(1) == Some(&"as") {
            Ok((c, Some(rank(rest.get(2).ok_or_else(bad)?)?), 3))
        } else {
            Ok((c, None, 1))
        }
    };
    let one = |i: usize| words.get(i).copied().ok_or_else(bad).and_then(card);
    Ok(match words.first().copied().ok_or_else(bad)? {
        "open" => Action::Open(one(1)?),
        "passage" => {
            let (c, value, used) = with_as(&words[1..])?;
            let rest = &words[1 + used..];
            let parent = match rest {
                ["from", "cell"] => None,
                ["after", after] => {
                    let after = card(after)?;
                    let me = &state.prisoners[seat as usize];
                    let found = me.standing().find(|(_, p)| p.card == after).map(|(i, _)| i);
                    Some(found.ok_or_else(|| format!("no standing passage {after:?}: {text}"))?)
                }
                _ => return Err(bad()),
            };
            Action::Passage {
                card: c,
                value: value.unwrap_or(c.rank),
                parent,
            }
        }
        "collapse" => {
            let (c, value, used) = with_as(&words[1..])?;
            match &words[1 + used..] {
                ["on", s] => Action::Collapse {
                    card: c,
                    value: value.unwrap_or(c.rank),
                    target: num(s)?,
                },
                _ => return Err(bad()),
            }
        }
        "attack" => {
            let (c, r, used) = with_as(&words[1..])?;
            match &words[1 + used..] {
                ["at", s] => Action::Attack {
                    card: c,
                    rank: r.unwrap_or(c.rank),
                    target: num(s)?,
                },
                _ => return Err(bad()),
            }
        }
        "rob" => Action::Rob { card: one(1)? },
        "take" => Action::Take(one(1)?),
        "fish" => Action::Fish {
            card: one(1)?,
            target: num(words.get(2).ok_or_else(bad)?)?,
            rank: rank(words.get(3).ok_or_else(bad)?)?,
        },
        "ace" => Action::Ace(one(1)?),
        "end" => Action::EndTurn,
        "discard" => Action::Discard(one(1)?),
        "defend" => Action::Defend(cards(&words[1..].join(" "))?),
        "retreat" => Action::Retreat,
        "give" => Action::Give(one(1)?),
        "deny" => Action::Deny,
        "discard-hand" => Action::DiscardHand,
        "believe" => Action::Believe,
        "see" => Action::SeeHand,
        "pass" => Action::Pass,
        "counter" => Action::Counter(one(1)?),
        "save" => Action::Save(one(1)?),
        "lose" => Action::Lose,
        "accuse" => Action::Accuse(num(words.get(1).ok_or_else(bad)?)?),
        _ => return Err(bad()),
    })
}

fn setup(file: &File) -> Result<State, String> {
    let mut options = crate::state::Options {
        players: file.players,
        ..Options::default()
    };
    options = apply_variants(options, &file.variants)?;
    let mut state = Mazmorra
        .new_game(&options, 1, &mut Vec::new())
        .map_err(|e| e.to_string())?;
    for p in &mut state.prisoners {
        p.hand.clear();
    }
    state.deck = match &file.deck {
        Some(d) => cards(d)?,
        None => (0..20)
            .map(|i| Card {
                rank: 8,
                suit: i % 4,
            })
            .collect(),
    };
    state.discard = cards(&file.discard)?;
    state.turn = file.turn;
    state.phase = Phase::Turn { played: false };
    for (key, seat) in &file.seat {
        let s: usize = key
            .parse()
            .ok()
            .filter(|s| *s < state.prisoners.len())
            .ok_or(format!("no seat {key}"))?;
        let p = &mut state.prisoners[s];
        p.hand = cards(&seat.hand)?;
        // `5s=7`: the 5 of spades standing where a 7 goes (a cheat, in the dark).
        for (i, word) in seat.dungeon.split_whitespace().enumerate() {
            let (c, value) = match word.split_once('=') {
                Some((c, v)) => (card(c)?, rank(v)?),
                None => (card(word)?, card(word)?.rank),
            };
            p.passages.push(Passage {
                card: c,
                value,
                parent: i.checked_sub(1),
                gone: false,
                played: i as u32,
            });
        }
        p.last = p.passages.len().checked_sub(1);
        p.left_cell = !p.passages.is_empty();
    }
    Ok(state)
}

fn apply_variants(mut o: Options, variants: &[String]) -> Result<Options, String> {
    for v in variants {
        let (id, value) = v.split_once('=').unwrap_or((v, "yes"));
        if !o.set(id, value) {
            return Err(format!("not a variant: {v}"));
        }
    }
    Ok(o)
}

fn phase_name(phase: &Phase) -> &'static str {
    match phase {
        Phase::Opening { .. } => "opening",
        Phase::Turn { .. } => "turn",
        Phase::Discard => "discard",
        Phase::Rob => "rob",
        Phase::Defend { .. } => "defend",
        Phase::Answer { .. } => "answer",
        Phase::Doubt { .. } => "doubt",
        Phase::Aces { .. } => "aces",
        Phase::Counter { .. } => "counter",
        Phase::Rescue { .. } => "rescue",
        Phase::Escape { .. } => "escape",
        Phase::Over => "over",
    }
}

/// Runs a scenario file's text.
pub fn run(text: &str) -> Outcome {
    let file: File = match toml::from_str(text) {
        Ok(f) => f,
        Err(e) => return Outcome::unreadable(e),
    };
    let mut problems = Vec::new();
    if file.game != "mazmorra" {
        problems.push(format!("not a Mazmorra scenario: game = {}", file.game));
    }
    match setup(&file) {
        Ok(mut state) => {
            for (n, step) in file.step.iter().enumerate() {
                if let Err(p) = check_step(&mut state, step) {
                    problems.push(format!("step {}: {p}", n + 1));
                    break;
                }
            }
        }
        Err(e) => problems.push(e),
    }
    Outcome {
        rule: file.rule,
        problems,
    }
}

fn check_step(state: &mut State, step: &Step) -> Result<(), String> {
    let seat = Mazmorra.to_act(state).ok_or("the game is over")?;
    let legal = Mazmorra.legal_actions(state);
    for text in &step.legal {
        if !legal.contains(&action(text, state, seat)?) {
            return Err(format!("`{text}` is not offered; offered: {legal:?}"));
        }
    }
    for text in &step.not_legal {
        if legal.contains(&action(text, state, seat)?) {
            return Err(format!("`{text}` is offered"));
        }
    }
    if let Some(only) = &step.only {
        let wanted = only
            .iter()
            .map(|t| action(t, state, seat))
            .collect::<Result<Vec<_>, _>>()?;
        if wanted != legal {
            return Err(format!("offered {legal:?}, not exactly {wanted:?}"));
        }
    }
    let mut events: Vec<Event> = Vec::new();
    if let Some(text) = &step.act {
        let a = action(text, state, seat)?;
        Mazmorra
            .apply(state, &a, &mut events)
            .map_err(|e| format!("`{text}`: {e}"))?;
        while !step.keep_aces && matches!(state.phase, Phase::Aces { .. }) {
            Mazmorra
                .apply(state, &Action::Pass, &mut events)
                .map_err(|e| e.to_string())?;
        }
    }
    if let Some(want) = &step.event {
        let told: Vec<String> = events.iter().map(|e| format!("{e:?}")).collect();
        if !told.iter().any(|t| t.contains(want.as_str())) {
            return Err(format!("no event shows `{want}`: {told:?}"));
        }
    }
    for (key, values) in &step.standing {
        let s: usize = key.parse().map_err(|_| format!("no seat {key}"))?;
        let p = state.prisoners.get(s).ok_or(format!("no seat {key}"))?;
        let got: Vec<String> = p.standing().map(|(_, q)| q.value.to_string()).collect();
        if got.join(" ") != values.split_whitespace().collect::<Vec<_>>().join(" ") {
            return Err(format!(
                "seat {s} stands on `{}`, not `{values}`",
                got.join(" ")
            ));
        }
    }
    for (key, hand) in &step.hand {
        let s: usize = key.parse().map_err(|_| format!("no seat {key}"))?;
        let p = state.prisoners.get(s).ok_or(format!("no seat {key}"))?;
        let (mut got, mut want) = (p.hand.clone(), cards(hand)?);
        got.sort();
        want.sort();
        if got != want {
            return Err(format!("seat {s} holds {got:?}, not {want:?}"));
        }
    }
    if let Some(d) = &step.discard {
        let (mut got, mut want) = (state.discard.clone(), cards(d)?);
        got.sort();
        want.sort();
        if got != want {
            return Err(format!("the discard pile is {got:?}, not {want:?}"));
        }
    }
    if let Some(p) = &step.phase
        && phase_name(&state.phase) != p
    {
        return Err(format!(
            "the game waits on {}, not {p}",
            phase_name(&state.phase)
        ));
    }
    if let Some(t) = step.turn
        && state.turn != t
    {
        return Err(format!("it is seat {}'s turn, not {t}'s", state.turn));
    }
    if let Some(w) = &step.winners
        && state.winners.as_ref() != Some(w)
    {
        return Err(format!("the winners are {:?}, not {w:?}", state.winners));
    }
    Ok(())
}
