//! Helpers the rule scenarios share: a table set up in seat 0's turn, moves played with
//! a clear message when refused, rounds of aces passed.

#![allow(dead_code)]

use dungeon_core::Game;
use dungeon_mazmorra::Mazmorra;
use dungeon_mazmorra::action::{Action, Event};
use dungeon_mazmorra::cards::Card;
use dungeon_mazmorra::state::{Options, Phase, State};

pub fn card(rank: u8, suit: u8) -> Card {
    Card { rank, suit }
}

/// Seat 0's turn, its card already drawn: empty hands, a draw pile of eights, an empty
/// discard pile.
pub fn table_with(options: Options) -> State {
    let mut state = Mazmorra.new_game(&options, 1, &mut Vec::new()).unwrap();
    for p in &mut state.prisoners {
        p.hand.clear();
    }
    state.deck = (0..20).map(|i| card(8, i % 4)).collect();
    state.discard.clear();
    state.turn = 0;
    state.phase = Phase::Turn { played: false };
    state
}

pub fn play(state: &mut State, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    Mazmorra
        .apply(state, &action, &mut events)
        .unwrap_or_else(|e| {
            panic!(
                "{action:?}: {e}; legal: {:?}",
                Mazmorra.legal_actions(state)
            )
        });
    events
}

/// Everyone passes on aces until the game waits on something else.
pub fn no_aces(state: &mut State) {
    while matches!(state.phase, Phase::Aces { .. }) {
        play(state, Action::Pass);
    }
}
