//! Events: everything that happens, in order. Seed + decisions reproduce the same log.
//! Events carry hidden information (which card was drawn); [`Event::seen_by`] gives the
//! version a given seat may see.

use crate::action::{Answer, CardRef};
use crate::ids::*;
use serde::{Deserialize, Serialize};

/// Why a monster was defeated.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DefeatCause {
    /// An equipment tile's rule.
    Tile(TileId),
    /// An earlier card's effect took this monster too (Demonic Pact, Ally...).
    Skipped(CardRef),
    /// The monster's own rule (e.g. it has nothing to act on).
    Itself,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    GameStarted {
        players: u8,
        first: Seat,
        specials: Vec<MonsterId>,
    },
    AdventurerChosen {
        seat: Option<Seat>,
        adventurer: AdventurerId,
    },
    RoundStarted {
        round: u32,
        first: Seat,
        adventurer: AdventurerId,
    },
    /// `card` and `monster` are hidden (None) from everyone but the drawer: a card id could
    /// be matched against earlier reveals of the same physical card.
    Drew {
        seat: Seat,
        card: Option<CardId>,
        monster: Option<MonsterId>,
    },
    AddedToDungeon {
        seat: Seat,
        card: Option<CardId>,
        monster: Option<MonsterId>,
        forced: bool,
    },
    SetAside {
        seat: Seat,
        card: Option<CardId>,
        monster: Option<MonsterId>,
        tile: TileId,
    },
    Passed {
        seat: Seat,
        forced: bool,
    },
    Entered {
        seat: Seat,
        hp: i32,
        tiles: Vec<TileId>,
        dungeon: u8,
    },
    Answered {
        seat: Seat,
        asker: CardRef,
        answer: Answer,
    },
    Revealed {
        card: CardId,
        monster: MonsterId,
        position: u8,
        strength: Option<i32>,
        species: Option<SpeciesId>,
    },
    Defeated {
        card: CardId,
        monster: MonsterId,
        by: DefeatCause,
    },
    /// A revealed card was discarded and `new` taken from the monster deck instead.
    Replaced {
        card: CardId,
        new: CardId,
        by: CardRef,
    },
    Damaged {
        card: CardId,
        amount: i32,
        hp: i32,
    },
    /// HP changed by a card's rule (`delta` may be negative).
    HpChanged {
        by: CardRef,
        delta: i32,
        hp: i32,
    },
    TileDiscarded {
        tile: TileId,
        by: CardRef,
        hp: i32,
    },
    Revived {
        by: TileId,
        hp: i32,
    },
    /// HP reached 0 or less and nothing brought the adventurer back.
    Died {
        hp: i32,
    },
    /// A card made the run a success regardless of HP.
    SuccessForced {
        by: CardRef,
    },
    Success {
        seat: Seat,
        hp: i32,
        successes: u8,
    },
    Failure {
        seat: Seat,
        hp: i32,
        failures: u8,
    },
    Eliminated {
        seat: Seat,
    },
    /// After the run, set-aside monsters are shown to all.
    SetAsideShown {
        seat: Seat,
        cards: Vec<(CardId, MonsterId, TileId)>,
    },
    Won {
        seat: Seat,
    },
}

impl Event {
    /// This event as `seat` may see it: monster identities of cards drawn, added or set
    /// aside by someone else are removed.
    pub fn seen_by(&self, seat: Seat) -> Event {
        let mut e = self.clone();
        match &mut e {
            Event::Drew {
                seat: s,
                card,
                monster,
            }
            | Event::AddedToDungeon {
                seat: s,
                card,
                monster,
                ..
            }
            | Event::SetAside {
                seat: s,
                card,
                monster,
                ..
            } if *s != seat => {
                *card = None;
                *monster = None;
            }
            Event::GameStarted { specials, .. } => specials.clear(),
            _ => {}
        }
        e
    }
}

impl Event {
    /// A one-line English description using card ids, for traces and logs.
    pub fn describe(&self, catalog: &crate::catalog::Catalog) -> String {
        let m = |id: crate::ids::MonsterId| catalog.monster(id).info.id.as_str();
        let t = |id: crate::ids::TileId| catalog.tile(id).info.id.as_str();
        let maybe = |id: Option<crate::ids::MonsterId>| id.map_or("a hidden card", m);
        match self {
            Event::GameStarted { players, first, .. } => {
                format!("game of {players} players starts; seat {first} first")
            }
            Event::AdventurerChosen { seat, adventurer } => format!(
                "adventurer {} chosen{}",
                catalog.adventurer(*adventurer).info.id,
                seat.map(|s| format!(" by seat {s}")).unwrap_or_default()
            ),
            Event::RoundStarted {
                round,
                first,
                adventurer,
            } => format!(
                "round {round} with {}; seat {first} starts",
                catalog.adventurer(*adventurer).info.id
            ),
            Event::Drew { seat, monster, .. } => format!("seat {seat} draws {}", maybe(*monster)),
            Event::AddedToDungeon {
                seat,
                monster,
                forced,
                ..
            } => format!(
                "seat {seat} adds {} to the dungeon{}",
                maybe(*monster),
                if *forced { " (forced)" } else { "" }
            ),
            Event::SetAside {
                seat,
                monster,
                tile,
                ..
            } => format!(
                "seat {seat} sets {} aside with {}",
                maybe(*monster),
                t(*tile)
            ),
            Event::Passed { seat, forced } => format!(
                "seat {seat} passes{}",
                if *forced { " (deck empty)" } else { "" }
            ),
            Event::Entered {
                seat,
                hp,
                tiles,
                dungeon,
            } => format!(
                "seat {seat} enters with {hp} hp, [{}], {dungeon} cards",
                tiles.iter().map(|&x| t(x)).collect::<Vec<_>>().join(", ")
            ),
            Event::Answered {
                seat,
                answer,
                asker,
            } => format!(
                "seat {seat} answers {} to {}",
                answer.label(catalog),
                asker.id(catalog)
            ),
            Event::Revealed {
                monster,
                position,
                strength,
                species,
                ..
            } => format!(
                "#{position}: {} revealed (strength {}, species {})",
                m(*monster),
                strength.map_or("none".into(), |s| s.to_string()),
                species.map_or("none", |s| catalog.species_def(s).id.as_str())
            ),
            Event::Defeated { monster, by, .. } => format!(
                "{} defeated by {}",
                m(*monster),
                match by {
                    DefeatCause::Tile(x) => t(*x).to_string(),
                    DefeatCause::Skipped(c) => format!("{} (next monster)", c.id(catalog)),
                    DefeatCause::Itself => "itself".into(),
                }
            ),
            Event::Replaced { by, .. } => {
                format!("discarded and replaced from the deck by {}", by.id(catalog))
            }
            Event::Damaged { amount, hp, .. } => format!("takes {amount} damage -> {hp} hp"),
            Event::HpChanged { by, delta, hp } => {
                format!("{delta:+} hp from {} -> {hp} hp", by.id(catalog))
            }
            Event::TileDiscarded { tile, hp, .. } => format!("{} discarded -> {hp} hp", t(*tile)),
            Event::Revived { by, hp } => format!("revived by {} -> {hp} hp", t(*by)),
            Event::Died { hp } => format!("hp at {hp}: dead"),
            Event::SuccessForced { by } => format!("success forced by {}", by.id(catalog)),
            Event::Success {
                seat,
                hp,
                successes,
            } => format!("seat {seat} succeeds with {hp} hp ({successes} successes)"),
            Event::Failure { seat, hp, failures } => {
                format!("seat {seat} fails with {hp} hp ({failures} failures)")
            }
            Event::Eliminated { seat } => format!("seat {seat} is eliminated"),
            Event::SetAsideShown { seat, cards } => format!(
                "seat {seat} had set aside [{}]",
                cards
                    .iter()
                    .map(|&(_, mm, _)| m(mm))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Event::Won { seat } => format!("seat {seat} wins"),
        }
    }
}
