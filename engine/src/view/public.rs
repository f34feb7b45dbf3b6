//! The public view: what every seat may know of a game, as a [`PlayerView`] of nobody
//! (seat `Seat::MAX`). A spectator is sent it, the screen between two hot-seat players
//! shows it, and the platform's game abstraction gives it to a view with no seat
//! (`generic.rs`).

use super::{PileCard, PlayerView, View};
use crate::ids::Seat;
use crate::state::GameState;

/// The part of `view` every seat may know: the same whichever seat's view it is taken
/// from, its `seat` `Seat::MAX`. Gone: the card held, the seat's own cards in the dungeon
/// and set aside, the special monsters it knows of (the ones everyone saw are not told
/// apart from the rest in a view), its decision.
pub fn public_part(view: &PlayerView) -> PlayerView {
    // Every field is named, none passed on by `..`: a field added to the view must be
    // sorted here, public or secret, before anything builds.
    let PlayerView {
        seat: _,
        players,
        round,
        phase,
        damage_model,
        designer_variant,
        adventurer,
        tiles,
        deck_size,
        dungeon_size,
        card_count,
        hand: _,
        my_set_aside: _,
        my_added: _,
        dungeon_pile,
        known_specials: _,
        run,
        decision: _,
        waiting_for,
    } = view;
    let dungeon_pile = dungeon_pile
        .iter()
        .map(
            |&PileCard {
                 added_by,
                 monster: _,
             }| PileCard {
                added_by,
                monster: None,
            },
        )
        .collect();
    PlayerView {
        seat: Seat::MAX,
        players: players.clone(),
        round: *round,
        phase: *phase,
        damage_model: *damage_model,
        designer_variant: *designer_variant,
        adventurer: *adventurer,
        tiles: tiles.clone(),
        deck_size: *deck_size,
        dungeon_size: *dungeon_size,
        card_count: *card_count,
        hand: None,
        my_set_aside: Vec::new(),
        my_added: Vec::new(),
        dungeon_pile,
        known_specials: Vec::new(),
        run: run.clone(),
        decision: None,
        waiting_for: *waiting_for,
    }
}

/// What every seat may know of `state` (see [`public_part`]).
pub fn public_view(state: &GameState) -> PlayerView {
    // Seat 0 sits at every table; any seat's view gives the same public part.
    public_part(&View::new(state, 0).snapshot())
}
