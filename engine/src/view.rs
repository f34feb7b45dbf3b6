//! What one seat may know. A [`PlayerView`] is a copy built from the state holding only
//! public facts and that seat's own secrets: the hidden parts (the deck's order, the
//! dungeon's cards, other players' draws and set-aside monsters, the special monsters
//! in play) are simply not in it.

use crate::action::Decision;
use crate::catalog::DamageModel;
use crate::dungeon::Fate;
use crate::ids::*;
use crate::state::{GameState, Phase};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicPlayer {
    pub successes: u8,
    pub failures: u8,
    pub eliminated: bool,
    pub passed: bool,
    /// Tiles this player gave up this round (public), one per set-aside monster.
    pub set_aside_tiles: Vec<TileId>,
}

/// A monster the runner faced this round, as everyone saw it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FacedView {
    pub monster: MonsterId,
    pub position: u8,
    pub strength: Option<i32>,
    pub species: Option<SpeciesId>,
    pub fate: Fate,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunView {
    pub runner: Seat,
    pub hp: i32,
    pub start_hp: i32,
    pub base_hp: i32,
    pub faced: Vec<FacedView>,
    pub success: Option<bool>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ViewPhase {
    ChooseAdventurer,
    Bidding { turn: Seat },
    Dungeon { runner: Seat },
    GameOver { winner: Option<Seat> },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub players: Vec<PublicPlayer>,
    pub round: u32,
    pub phase: ViewPhase,
    pub damage_model: DamageModel,
    pub designer_variant: bool,
    pub adventurer: Option<AdventurerId>,
    /// Equipment still with the adventurer.
    pub tiles: Vec<TileId>,
    pub deck_size: u8,
    pub dungeon_size: u8,
    /// How many monster cards are in the game (the deck with the specials in play).
    pub card_count: u8,
    /// The card this seat drew and holds.
    pub hand: Option<MonsterId>,
    /// The monsters this seat set aside this round, with the tile each took.
    pub my_set_aside: Vec<(MonsterId, TileId)>,
    /// The monsters this seat put into the dungeon this round.
    pub my_added: Vec<MonsterId>,
    /// The current (or last) run, as everyone saw it.
    pub run: Option<RunView>,
    /// The decision this seat must make, if it is theirs.
    pub decision: Option<Decision>,
    /// Whose decision the game waits for.
    pub waiting_for: Option<Seat>,
}

impl PlayerView {
    pub fn new(state: &GameState, seat: Seat) -> PlayerView {
        let me = &state.players[seat as usize];
        let phase = match state.phase {
            Phase::ChooseAdventurer => ViewPhase::ChooseAdventurer,
            Phase::Bidding { turn, .. } => ViewPhase::Bidding { turn },
            Phase::Dungeon => ViewPhase::Dungeon {
                runner: state.run.runner,
            },
            Phase::GameOver => ViewPhase::GameOver {
                winner: state.winner,
            },
        };
        let run = (state.run.start_hp > 0).then(|| RunView {
            runner: state.run.runner,
            hp: state.run.hp,
            start_hp: state.run.start_hp,
            base_hp: state.run.base_hp,
            faced: state
                .run
                .faced
                .iter()
                .map(|f| FacedView {
                    monster: f.monster,
                    position: f.position,
                    strength: f.strength,
                    species: f.species,
                    fate: f.fate.clone(),
                })
                .collect(),
            success: state.run.success,
        });
        PlayerView {
            seat,
            players: state
                .players
                .iter()
                .map(|p| PublicPlayer {
                    successes: p.successes,
                    failures: p.failures,
                    eliminated: p.eliminated,
                    passed: p.passed,
                    set_aside_tiles: p.set_aside.iter().map(|&(_, t)| t).collect(),
                })
                .collect(),
            round: state.round,
            phase,
            damage_model: state.damage_model,
            designer_variant: state.options.designer_variant,
            adventurer: state.adventurer,
            tiles: state.tiles.to_vec(),
            deck_size: state.deck.len() as u8,
            dungeon_size: state.dungeon.len() as u8,
            card_count: state.cards.len() as u8,
            hand: state
                .drawn()
                .filter(|&(s, _)| s == seat)
                .map(|(_, c)| state.monster_of(c)),
            my_set_aside: me
                .set_aside
                .iter()
                .map(|&(c, t)| (state.monster_of(c), t))
                .collect(),
            my_added: me
                .added
                .iter()
                .filter(|c| state.dungeon.contains(c))
                .map(|&c| state.monster_of(c))
                .collect(),
            run,
            decision: state.pending.clone().filter(|d| d.seat == seat),
            waiting_for: state.current_seat(),
        }
    }
}
