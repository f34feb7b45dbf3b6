//! An owned, serialisable copy of a [`View`], for front ends and tests.

use super::{PileCard, View, ViewPhase};
use crate::action::Decision;
use crate::catalog::DamageModel;
use crate::dungeon::Fate;
use crate::ids::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FacedView {
    pub monster: MonsterId,
    pub position: u8,
    pub strength: Option<i32>,
    pub species: Option<SpeciesId>,
    pub fate: Fate,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RunView {
    pub runner: Seat,
    pub hp: i32,
    pub start_hp: i32,
    pub base_hp: i32,
    pub faced: Vec<FacedView>,
    pub success: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PlayerView {
    pub seat: Seat,
    pub players: Vec<PublicPlayer>,
    pub round: u32,
    pub phase: ViewPhase,
    pub damage_model: DamageModel,
    pub designer_variant: bool,
    pub adventurer: Option<AdventurerId>,
    pub tiles: Vec<TileId>,
    pub deck_size: u8,
    pub dungeon_size: u8,
    pub card_count: u8,
    pub hand: Option<MonsterId>,
    pub my_set_aside: Vec<(MonsterId, TileId)>,
    pub my_added: Vec<MonsterId>,
    pub dungeon_pile: Vec<PileCard>,
    pub known_specials: Vec<MonsterId>,
    pub run: Option<RunView>,
    pub decision: Option<Decision>,
    pub waiting_for: Option<Seat>,
}

impl PlayerView {
    pub(super) fn from_view(v: &View) -> PlayerView {
        let run = v.run().map(|r| RunView {
            runner: r.runner,
            hp: r.hp,
            start_hp: r.start_hp,
            base_hp: r.base_hp,
            faced: r
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
            success: r.success,
        });
        PlayerView {
            seat: v.seat(),
            players: (0..v.players())
                .map(|s| PublicPlayer {
                    successes: v.successes(s),
                    failures: v.failures(s),
                    eliminated: v.eliminated(s),
                    passed: v.passed(s),
                    set_aside_tiles: v.set_aside_tiles(s).collect(),
                })
                .collect(),
            round: v.round(),
            phase: v.phase(),
            damage_model: v.damage_model(),
            designer_variant: v.options().designer_variant,
            adventurer: v.adventurer(),
            tiles: v.tiles().to_vec(),
            deck_size: v.deck_size() as u8,
            dungeon_size: v.dungeon_size() as u8,
            card_count: v.card_count() as u8,
            hand: v.hand(),
            my_set_aside: v.my_set_aside().collect(),
            my_added: v.my_added(),
            dungeon_pile: v.dungeon_pile().collect(),
            known_specials: v.known_specials(),
            run,
            decision: v.decision().cloned(),
            waiting_for: v.waiting_for(),
        }
    }
}
