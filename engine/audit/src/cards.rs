//! The monster cards of a game against the packs: the regular deck holds exactly the
//! copies the packs define, the special monsters are drawn from the packs' specials, as
//! many as the rules say; the cards never change during the game, and each is in exactly
//! one place (counted here, independently of `invariants`).

use super::AuditFacts;
use crate::event::Event;
use crate::ids::*;
use crate::state::GameState;

/// The cards dealt, as first seen; each later state must hold the same.
#[derive(Debug, Default)]
pub(super) struct CardAudit {
    dealt: Option<Vec<MonsterId>>,
}

impl CardAudit {
    /// The cards the game was dealt (empty before the first check).
    pub(super) fn dealt(&self) -> &[MonsterId] {
        self.dealt.as_deref().unwrap_or_default()
    }

    /// On the first check, the cards against the packs; later, against the first check.
    pub(super) fn check(
        &mut self,
        facts: &AuditFacts,
        state: &GameState,
        events: &[Event],
    ) -> Result<(), String> {
        match &self.dealt {
            Some(dealt) if dealt.as_slice() == state.cards.as_slice() => Ok(()),
            Some(_) => Err("cards: the monster cards changed during the game".into()),
            None => {
                let specials = events.iter().find_map(|e| match e {
                    Event::GameStarted { specials, .. } => Some(specials.as_slice()),
                    _ => None,
                });
                against_packs(facts, state, specials)?;
                self.dealt = Some(state.cards.to_vec());
                Ok(())
            }
        }
    }
}

/// Every card a monster of the catalog; the regular ones exactly the packs' copies; the
/// special ones drawn from the packs' specials, no kind more often than its copies, as
/// many as the options (else the packs) put in play, and the ones the game announced.
fn against_packs(
    facts: &AuditFacts,
    state: &GameState,
    announced: Option<&[MonsterId]>,
) -> Result<(), String> {
    let catalog = &facts.catalog;
    let kinds = catalog.monsters.len();
    let mut counts = vec![0usize; kinds];
    let mut specials = Vec::new();
    for &m in &state.cards {
        let Some(count) = counts.get_mut(m.ix()) else {
            return Err(format!(
                "cards: a card is monster #{}, which the packs do not define",
                m.0
            ));
        };
        *count += 1;
        if catalog.monster(m).special {
            specials.push(m);
        }
    }
    for (def, &count) in catalog.monsters.iter().zip(&counts) {
        let copies = usize::from(def.copies);
        if (!def.special && count != copies) || (def.special && count > copies) {
            return Err(format!(
                "cards: the game has {count} cards of {}, the packs define {copies}",
                def.info.id
            ));
        }
    }
    let wanted = state
        .options
        .specials_in_play
        .unwrap_or(catalog.specials_in_play);
    let available: usize = catalog
        .monsters
        .iter()
        .filter(|m| m.special)
        .map(|m| usize::from(m.copies))
        .sum();
    let expected = usize::from(wanted).min(available);
    if specials.len() != expected {
        return Err(format!(
            "cards: {} special monsters in the game, the rules put {expected} in play",
            specials.len()
        ));
    }
    if let Some(announced) = announced {
        let mut announced = announced.to_vec();
        announced.sort();
        specials.sort();
        if announced != specials {
            return Err(format!(
                "cards: the game announced special monsters {announced:?} but holds {specials:?}"
            ));
        }
    }
    Ok(())
}

/// Every card in exactly one place: the deck, the dungeon, the discard, set aside, or the
/// bidder's hand.
pub(super) fn count_places(state: &GameState) -> Result<(), String> {
    let n = state.cards.len();
    let mut seen = [0u8; 256];
    let mut places = 0usize;
    let mut put = |card: CardId| {
        places += 1;
        seen[card.ix()] = seen[card.ix()].saturating_add(1);
    };
    state.deck.iter().copied().for_each(&mut put);
    state.dungeon.iter().copied().for_each(&mut put);
    state.discard.iter().copied().for_each(&mut put);
    for p in &state.players {
        p.set_aside.iter().for_each(|&(c, _)| put(c));
    }
    if let Some((_, c)) = state.drawn() {
        put(c);
    }
    if places != n || seen[..n.min(256)].iter().any(|&c| c != 1) {
        return Err(format!(
            "cards: {places} cards in places for {n} cards (deck {:?}, dungeon {:?}, discard {:?}, hand {:?}), expected each once",
            state.deck,
            state.dungeon,
            state.discard,
            state.drawn()
        ));
    }
    Ok(())
}
