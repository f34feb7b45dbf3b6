//! The bidding phase: draw or pass; a drawn card goes into the dungeon or aside with one
//! tile; the last player still bidding runs the dungeon.

use super::setup::start_dungeon;
use crate::action::{Action, Decision, DecisionKind};
use crate::catalog::Catalog;
use crate::error::EngineError;
use crate::event::Event;
use crate::hooks::HookRunner;
use crate::ids::*;
use crate::state::{GameState, Phase};

/// The decision the bidding waits for, after applying any forced move (a pass on an
/// empty deck, an add with no tile left or on a designer-variant first turn).
/// Returns `None` when a forced move changed the phase.
pub(crate) fn bidding_step<H: HookRunner>(
    catalog: &Catalog,
    _hooks: &mut H,
    state: &mut GameState,
    events: &mut Vec<Event>,
) -> Result<Option<Decision>, EngineError> {
    let Phase::Bidding { turn, drawn } = state.phase else {
        return Ok(None);
    };
    match drawn {
        None if state.deck.is_empty() => {
            pass(catalog, state, turn, true, events);
            Ok(None)
        }
        None => Ok(Some(Decision {
            seat: turn,
            kind: DecisionKind::DrawOrPass,
        })),
        Some(card) => {
            let first_turn = state.players[turn as usize].turns == 0;
            if state.tiles.is_empty() || (state.options.designer_variant && first_turn) {
                add(state, turn, card, true, events);
                return Ok(None);
            }
            Ok(Some(Decision {
                seat: turn,
                kind: DecisionKind::PlaceCard {
                    card,
                    set_aside: state.tiles.to_vec(),
                },
            }))
        }
    }
}

/// Applies a bidding action the pending decision allows.
pub(crate) fn apply_bidding(
    catalog: &Catalog,
    state: &mut GameState,
    action: Action,
    events: &mut Vec<Event>,
) {
    let Phase::Bidding { turn, drawn } = state.phase else {
        return;
    };
    match (action, drawn) {
        (Action::Pass, None) => pass(catalog, state, turn, false, events),
        (Action::Draw, None) => {
            if let Some(card) = state.deck.pop() {
                let monster = state.monster_of(card);
                state.saw(Some(turn), monster, catalog.monster(monster).special);
                events.push(Event::Drew {
                    seat: turn,
                    card: Some(card),
                    monster: Some(state.monster_of(card)),
                });
                state.phase = Phase::Bidding {
                    turn,
                    drawn: Some(card),
                };
            }
        }
        (Action::AddToDungeon, Some(card)) => add(state, turn, card, false, events),
        (Action::SetAside(tile), Some(card)) => {
            if let Some(ix) = state.tiles.iter().position(|&t| t == tile) {
                state.tiles.remove(ix);
                state.players[turn as usize].set_aside.push((card, tile));
                events.push(Event::SetAside {
                    seat: turn,
                    card: Some(card),
                    monster: Some(state.monster_of(card)),
                    tile,
                });
                end_turn(state, turn);
            }
        }
        _ => {}
    }
}

fn add(state: &mut GameState, seat: Seat, card: CardId, forced: bool, events: &mut Vec<Event>) {
    state.dungeon.push(card);
    state.players[seat as usize].added.push(card);
    events.push(Event::AddedToDungeon {
        seat,
        card: Some(card),
        monster: Some(state.monster_of(card)),
        forced,
    });
    end_turn(state, seat);
}

fn end_turn(state: &mut GameState, seat: Seat) {
    let player = &mut state.players[seat as usize];
    player.turns = player.turns.saturating_add(1);
    let next = next_bidder(state, seat);
    state.phase = Phase::Bidding {
        turn: next,
        drawn: None,
    };
}

fn pass(
    catalog: &Catalog,
    state: &mut GameState,
    seat: Seat,
    forced: bool,
    events: &mut Vec<Event>,
) {
    let player = &mut state.players[seat as usize];
    player.passed = true;
    player.turns = player.turns.saturating_add(1);
    events.push(Event::Passed { seat, forced });
    let mut bidders = (0..state.num_players()).filter(|&s| state.players[s as usize].in_bidding());
    match (bidders.next(), bidders.next()) {
        (Some(runner), None) => start_dungeon(catalog, state, runner, events),
        _ => {
            let next = next_bidder(state, seat);
            state.phase = Phase::Bidding {
                turn: next,
                drawn: None,
            };
        }
    }
}

/// The next seat clockwise after `seat` still in the bidding.
fn next_bidder(state: &GameState, seat: Seat) -> Seat {
    let n = usize::from(state.num_players());
    (1..=n)
        .map(|i| ((usize::from(seat) + i) % n) as Seat)
        .find(|&s| state.players[usize::from(s)].in_bidding())
        .unwrap_or(seat)
}
