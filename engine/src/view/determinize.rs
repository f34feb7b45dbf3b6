//! Sampling a whole game state consistent with one seat's view: every card hidden from
//! that seat (the deck, the dungeon cards others added, other players' set-aside monsters
//! and draws, the special monsters in play) is dealt again at random from what the seat has
//! not seen, with the right counts. The result depends on the view and the generator only:
//! two states a seat cannot tell apart give the same sample for the same seed.

use super::View;
use crate::catalog::Catalog;
use crate::ids::*;
use crate::state::{GameState, Phase};
use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// Where a hidden card sits.
#[derive(Copy, Clone)]
enum Place {
    Dungeon(usize),
    SetAside(Seat, usize),
    Hand,
    Deck(usize),
}

impl View<'_> {
    /// A full state this seat cannot tell from the real one, drawn with `rng`.
    pub fn determinize(&self, catalog: &Catalog, rng: &mut ChaCha8Rng) -> GameState {
        let mut s = self.state.clone();
        let seat = self.seat;
        let shown = matches!(s.phase, Phase::ChooseAdventurer | Phase::GameOver);
        // The hidden places, in an order that only depends on what the seat sees.
        let mut places = Vec::new();
        for (j, card) in s.dungeon.iter().enumerate() {
            if !s.players[seat as usize].added.contains(card) {
                places.push(Place::Dungeon(j));
            }
        }
        if !shown {
            for p in (0..s.num_players()).filter(|&p| p != seat) {
                places.extend(
                    (0..s.players[p as usize].set_aside.len()).map(|j| Place::SetAside(p, j)),
                );
            }
        }
        if s.drawn().is_some_and(|(holder, _)| holder != seat) {
            places.push(Place::Hand);
        }
        places.extend((0..s.deck.len()).map(Place::Deck));

        // What may be in them: the unseen cards, with the unknown specials drawn at random.
        let unseen = self.unseen(catalog);
        let mut pool = unseen.cards;
        let mut candidates = unseen.special_candidates;
        for _ in 0..unseen.unknown_specials.min(candidates.len()) {
            let i = rng.random_range(0..candidates.len());
            pool.push(candidates.remove(i));
        }
        pool.shuffle(rng);
        debug_assert_eq!(
            pool.len(),
            places.len(),
            "unseen cards and hidden places disagree"
        );

        // Hidden card ids go to the places in a canonical order too, so nothing of the
        // real arrangement survives.
        let mut ids: Vec<CardId> = places.iter().map(|&p| card_at(&s, p)).collect();
        ids.sort();
        let mut renamed: Vec<(CardId, CardId)> = Vec::with_capacity(ids.len());
        for ((&place, &id), &monster) in places.iter().zip(&ids).zip(&pool) {
            renamed.push((card_at(&s, place), id));
            set_card_at(&mut s, place, id);
            s.cards[id.ix()] = monster;
        }
        for p in 0..s.num_players() as usize {
            for card in s.players[p].added.iter_mut() {
                if let Some(&(_, new)) = renamed.iter().find(|(old, _)| old == card) {
                    *card = new;
                }
            }
        }
        // Other players' private knowledge of specials: what the sample puts in their hands.
        for p in (0..s.num_players()).filter(|&p| p != seat) {
            let mut known: Vec<MonsterId> = s.players[p as usize]
                .set_aside
                .iter()
                .map(|&(c, _)| c)
                .chain(s.players[p as usize].added.iter().copied())
                .chain(s.drawn().filter(|&(h, _)| h == p).map(|(_, c)| c))
                .map(|c| s.cards[c.ix()])
                .filter(|&m| catalog.monster(m).special)
                .collect();
            known.sort();
            known.dedup();
            s.players[p as usize].known_specials = known.into_iter().collect();
        }
        s.rng = ChaCha8Rng::seed_from_u64(rng.random());
        s
    }
}

fn card_at(s: &GameState, place: Place) -> CardId {
    match place {
        Place::Dungeon(j) => s.dungeon[j],
        Place::SetAside(p, j) => s.players[p as usize].set_aside[j].0,
        Place::Hand => s.drawn().map(|(_, c)| c).expect("a drawn card"),
        Place::Deck(j) => s.deck[j],
    }
}

fn set_card_at(s: &mut GameState, place: Place, card: CardId) {
    match place {
        Place::Dungeon(j) => s.dungeon[j] = card,
        Place::SetAside(p, j) => s.players[p as usize].set_aside[j].0 = card,
        Place::Hand => {
            if let Phase::Bidding {
                turn,
                drawn: Some(_),
            } = s.phase
            {
                s.phase = Phase::Bidding {
                    turn,
                    drawn: Some(card),
                };
                if let Some(crate::action::Decision {
                    kind: crate::action::DecisionKind::PlaceCard { card: c, .. },
                    ..
                }) = s.pending.as_mut()
                {
                    *c = card;
                }
            }
        }
        Place::Deck(j) => s.deck[j] = card,
    }
}
