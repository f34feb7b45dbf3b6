//! The table between decisions: who is asked to decide (and that something is legal),
//! and, during the bidding, where the adventurer's tiles are.

use super::AuditFacts;
use crate::action::DecisionKind;
use crate::state::{GameState, Phase};

/// Who is asked, and that there is something to do.
pub(super) fn check_pending(state: &GameState) -> Result<(), String> {
    let Some(decision) = &state.pending else {
        if !state.is_over() {
            return Err("pending: nothing pending but the game is not over".into());
        }
        return Ok(());
    };
    if state.is_over() {
        return Err(format!("pending: {decision:?} after the game is over"));
    }
    if decision.legal_actions().is_empty() {
        return Err(format!("pending: no legal action for {decision:?}"));
    }
    let seat = decision.seat;
    let Some(player) = state.players.get(usize::from(seat)) else {
        return Err(format!("pending: seat {seat} is not at the table"));
    };
    let is_question = matches!(decision.kind, DecisionKind::Question(_));
    if player.eliminated && !is_question {
        return Err(format!(
            "pending: eliminated seat {seat} is asked {} (phase {:?})",
            kind_name(&decision.kind),
            state.phase
        ));
    }
    match (&decision.kind, &state.phase) {
        (DecisionKind::ChooseAdventurer { .. }, Phase::ChooseAdventurer) => {}
        (DecisionKind::DrawOrPass, Phase::Bidding { turn, drawn: None })
        | (
            DecisionKind::PlaceCard { .. },
            Phase::Bidding {
                turn,
                drawn: Some(_),
            },
        ) if *turn == seat => {
            if !player.in_bidding() {
                return Err(format!("pending: seat {seat} bids after passing"));
            }
            if let DecisionKind::PlaceCard { card, set_aside } = &decision.kind {
                if state.drawn() != Some((seat, *card)) {
                    return Err(format!("pending: placing {card:?}, not the drawn card"));
                }
                if set_aside.as_slice() != state.tiles.as_slice() {
                    return Err("pending: set-aside options are not the tiles left".into());
                }
            }
        }
        (DecisionKind::Question(q), Phase::Dungeon) if q.seat == seat => {}
        (kind, phase) => {
            return Err(format!(
                "pending: {} for seat {seat} in phase {phase:?}",
                kind_name(kind)
            ));
        }
    }
    Ok(())
}

/// During the bidding, the adventurer's tiles are either still with it or set aside.
pub(super) fn check_tiles(facts: &AuditFacts, state: &GameState) -> Result<(), String> {
    if !matches!(state.phase, Phase::Bidding { .. }) {
        return Ok(());
    }
    let adventurer = state
        .adventurer
        .filter(|a| a.ix() < facts.catalog.adventurers.len())
        .ok_or("tiles: bidding with no adventurer")?;
    let mut held: Vec<_> = state.tiles.to_vec();
    held.extend(
        state
            .players
            .iter()
            .flat_map(|p| p.set_aside.iter().map(|&(_, t)| t)),
    );
    held.sort();
    let mut all = facts.catalog.adventurer(adventurer).tiles.clone();
    all.sort();
    if held != all {
        return Err(format!(
            "tiles: {held:?} held or set aside, the adventurer has {all:?}"
        ));
    }
    Ok(())
}

fn kind_name(kind: &DecisionKind) -> &'static str {
    match kind {
        DecisionKind::ChooseAdventurer { .. } => "to choose an adventurer",
        DecisionKind::DrawOrPass => "to draw or pass",
        DecisionKind::PlaceCard { .. } => "to place a card",
        DecisionKind::Question(_) => "a question",
    }
}
