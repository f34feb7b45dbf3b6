//! The bidding phase: draw or pass; a drawn card goes into the dungeon or aside with one
//! tile; the last player still bidding runs the dungeon.

use super::setup::start_dungeon;
use crate::action::{Action, Decision, DecisionKind};
use crate::catalog::Catalog;
use crate::error::EngineError;
use crate::event::Event;
use crate::hooks::HookRunner;
use crate::ids::*;
use crate::options::VariantScope;
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
            if state.tiles.is_empty()
                || (state.options.designer_variant && variant_binds(state, turn))
            {
                add(state, turn, card, true, events);
                return Ok(None);
            }
            Ok(Some(Decision {
                seat: turn,
                kind: DecisionKind::PlaceCard {
                    card,
                    set_aside: crate::state::TileList::from_slice(&state.tiles),
                },
            }))
        }
    }
}

/// Is `seat`'s turn one the designer's variant binds (a drawn card must go in)?
fn variant_binds(state: &GameState, seat: Seat) -> bool {
    match state.options.variant_scope {
        // Nobody has played yet this round: this is its first turn.
        VariantScope::FirstTurn => state.players.iter().all(|p| p.turns == 0),
        VariantScope::EachPlayer => state.players[seat as usize].turns == 0,
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

/// The next seat clockwise after `seat` still in the bidding (`seat` itself last).
fn next_bidder(state: &GameState, seat: Seat) -> Seat {
    (state.clockwise(seat.wrapping_add(1)))
        .find(|&s| state.players[usize::from(s)].in_bidding())
        .unwrap_or(seat)
}

#[cfg(test)]
mod tests {
    //! The designer's variant in its two scopes: the round's first turn only (the
    //! default), or each player's first turn of the round.

    use crate::action::{Action, DecisionKind};
    use crate::catalog::{MemoryFiles, PackLibrary};
    use crate::engine::Engine;
    use crate::event::Event;
    use crate::hooks::NoHooks;
    use crate::options::{FirstAdventurer, GameOptions, VariantScope};
    use crate::state::GameState;
    use std::sync::Arc;

    const PACK: &str = r#"
[pack]
id = "mini"
version = "1.0.0"
engine_api = 1
languages = ["en"]
name = { en = "Mini" }

[[monster]]
id = "rat"
strength = 1
copies = 12
name = { en = "Rat" }

[[adventurer]]
id = "hero"
hp = 3
equipment = ["stick", "cap"]
name = { en = "Hero" }

[[equipment]]
id = "stick"
defeats = { species = ["rat"] }
name = { en = "Stick" }

[[equipment]]
id = "cap"
hp = 1
name = { en = "Cap" }
"#;

    fn engine() -> Engine<NoHooks> {
        let mut files = MemoryFiles::new();
        files.insert("mini.toml", PACK);
        let mut library = PackLibrary::new();
        library.load(&files, "mini.toml").unwrap();
        let (catalog, _) = library.catalog(&["mini"]).unwrap();
        Engine::with_hooks(Arc::new(catalog), NoHooks)
    }

    /// Three players with the variant on in `scope`: whether each of the first `turns`
    /// draws of the round is forced into the dungeon (every free one is added too).
    fn forced_draws(scope: Option<VariantScope>, turns: usize) -> Vec<bool> {
        let mut engine = engine();
        let options = GameOptions {
            players: 3,
            designer_variant: scope.is_some(),
            variant_scope: scope.unwrap_or_default(),
            first_adventurer: FirstAdventurer::Named("hero".into()),
            ..GameOptions::default()
        };
        let mut events = Vec::new();
        let mut state: GameState = engine.new_game(options, 7, &mut events).unwrap();
        let mut forced = Vec::new();
        for _ in 0..turns {
            engine.apply(&mut state, Action::Draw, &mut events).unwrap();
            let decision = state.pending.clone().unwrap();
            match decision.kind {
                DecisionKind::PlaceCard { .. } => {
                    forced.push(false);
                    engine
                        .apply(&mut state, Action::AddToDungeon, &mut events)
                        .unwrap();
                }
                DecisionKind::DrawOrPass => {
                    let added = events.iter().rev().find_map(|e| match e {
                        Event::AddedToDungeon { forced, .. } => Some(*forced),
                        _ => None,
                    });
                    assert_eq!(added, Some(true), "a draw with no choice was forced in");
                    forced.push(true);
                }
                other => panic!("unexpected decision {other:?}"),
            }
        }
        forced
    }

    #[test]
    fn the_variant_binds_the_rounds_first_turn_only_by_default() {
        assert_eq!(
            GameOptions::default().variant_scope,
            VariantScope::FirstTurn
        );
        let scope = Some(VariantScope::FirstTurn);
        assert_eq!(forced_draws(scope, 4), [true, false, false, false]);
    }

    #[test]
    fn the_variant_can_bind_each_players_first_turn() {
        let scope = Some(VariantScope::EachPlayer);
        assert_eq!(forced_draws(scope, 5), [true, true, true, false, false]);
    }

    #[test]
    fn without_the_variant_no_draw_is_forced() {
        assert_eq!(forced_draws(None, 4), [false; 4]);
    }

    #[test]
    fn the_first_turn_scope_binds_each_round_again() {
        let mut engine = engine();
        let options = GameOptions {
            players: 2,
            designer_variant: true,
            first_adventurer: FirstAdventurer::Named("hero".into()),
            ..GameOptions::default()
        };
        let mut events = Vec::new();
        let mut state = engine.new_game(options, 3, &mut events).unwrap();
        // Round 1: the first player's draw is forced in, the other passes, the first runs
        // (the stick defeats the rat), then picks the adventurer of round 2.
        engine.apply(&mut state, Action::Draw, &mut events).unwrap();
        engine.apply(&mut state, Action::Pass, &mut events).unwrap();
        let hero = engine.catalog().find_adventurer("hero").unwrap();
        while !matches!(
            state.pending.as_ref().unwrap().kind,
            DecisionKind::DrawOrPass
        ) {
            let action = match state.pending.as_ref().unwrap().kind {
                DecisionKind::ChooseAdventurer { .. } => Action::ChooseAdventurer(hero),
                _ => Action::Pass,
            };
            engine.apply(&mut state, action, &mut events).unwrap();
        }
        assert_eq!(state.round, 2);
        let mark = events.len();
        engine.apply(&mut state, Action::Draw, &mut events).unwrap();
        let forced = events[mark..]
            .iter()
            .any(|e| matches!(e, Event::AddedToDungeon { forced: true, .. }));
        assert!(
            forced,
            "round 2's first draw is forced in too: {:?}",
            &events[mark..]
        );
    }
}
