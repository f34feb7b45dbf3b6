//! What one seat may know. A [`View`] borrows the game state but keeps it private to this
//! module: its methods answer only with public facts and that seat's own secrets, so code
//! given a view (bots, front ends) cannot reach the deck's order, the dungeon's cards,
//! other players' draws and set-aside monsters, or the special monsters in play.
//! [`View::snapshot`] copies it into an owned, serialisable [`PlayerView`]; [`View::determinize`]
//! samples a whole state consistent with it, for bots that search.

mod determinize;
mod public;
mod snapshot;

pub use public::{public_part, public_view};

pub use snapshot::{FacedView, PlayerView, PublicPlayer, RunView};

use crate::action::Decision;
use crate::catalog::{Catalog, DamageModel};
use crate::dungeon::DungeonRun;
use crate::ids::*;
use crate::options::GameOptions;
use crate::state::{GameState, Phase};
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum ViewPhase {
    ChooseAdventurer,
    Bidding { turn: Seat },
    Dungeon { runner: Seat },
    GameOver { winner: Option<Seat> },
}

/// A card of the dungeon pile as one seat sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PileCard {
    /// Who put it there (public); `None` for a dungeon set up by hand.
    pub added_by: Option<Seat>,
    /// What it is, when this seat knows (it put it there).
    pub monster: Option<MonsterId>,
}

/// One seat's window on a game.
#[derive(Copy, Clone)]
pub struct View<'a> {
    state: &'a GameState,
    seat: Seat,
}

impl<'a> View<'a> {
    pub fn new(state: &'a GameState, seat: Seat) -> View<'a> {
        View { state, seat }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }
    pub fn players(&self) -> u8 {
        self.state.num_players()
    }
    pub fn successes(&self, seat: Seat) -> u8 {
        self.state.players[seat as usize].successes
    }
    pub fn failures(&self, seat: Seat) -> u8 {
        self.state.players[seat as usize].failures
    }
    pub fn eliminated(&self, seat: Seat) -> bool {
        self.state.players[seat as usize].eliminated
    }
    /// Out of this round's bidding.
    pub fn passed(&self, seat: Seat) -> bool {
        self.state.players[seat as usize].passed
    }
    /// The tiles `seat` gave up this round (public), one per monster they set aside.
    pub fn set_aside_tiles(&self, seat: Seat) -> impl Iterator<Item = TileId> + 'a {
        self.state.players[seat as usize]
            .set_aside
            .iter()
            .map(|&(_, t)| t)
    }
    /// The monsters `seat` set aside, when this seat may know them: its own, or anyone's
    /// once the round's dungeon is over and they have been shown.
    pub fn set_aside_monsters(&self, seat: Seat) -> Option<Vec<MonsterId>> {
        let shown = matches!(self.state.phase, Phase::ChooseAdventurer | Phase::GameOver);
        (seat == self.seat || shown).then(|| {
            self.state.players[seat as usize]
                .set_aside
                .iter()
                .map(|&(c, _)| self.state.monster_of(c))
                .collect()
        })
    }
    pub fn round(&self) -> u32 {
        self.state.round
    }
    pub fn phase(&self) -> ViewPhase {
        match self.state.phase {
            Phase::ChooseAdventurer => ViewPhase::ChooseAdventurer,
            Phase::Bidding { turn, .. } => ViewPhase::Bidding { turn },
            Phase::Dungeon => ViewPhase::Dungeon {
                runner: self.state.run.runner,
            },
            Phase::GameOver => ViewPhase::GameOver {
                winner: self.state.winner,
            },
        }
    }
    pub fn options(&self) -> &'a GameOptions {
        &self.state.options
    }
    pub fn damage_model(&self) -> DamageModel {
        self.state.damage_model
    }
    pub fn adventurer(&self) -> Option<AdventurerId> {
        self.state.adventurer
    }
    /// Equipment still with the adventurer, in order.
    pub fn tiles(&self) -> &'a [TileId] {
        &self.state.tiles
    }
    pub fn deck_size(&self) -> usize {
        self.state.deck.len()
    }
    pub fn dungeon_size(&self) -> usize {
        self.state.dungeon.len()
    }
    /// Monster cards in the game: the deck with the special monsters in play.
    pub fn card_count(&self) -> usize {
        self.state.cards.len()
    }
    /// The card this seat drew and holds.
    pub fn hand(&self) -> Option<MonsterId> {
        self.state
            .drawn()
            .filter(|&(s, _)| s == self.seat)
            .map(|(_, c)| self.state.monster_of(c))
    }
    /// Some player drew and holds a card (its identity is theirs).
    pub fn someone_holds_a_card(&self) -> bool {
        self.state.drawn().is_some()
    }
    /// This seat's set-aside monsters this round, each with the tile it took.
    pub fn my_set_aside(&self) -> impl Iterator<Item = (MonsterId, TileId)> + 'a {
        let state = self.state;
        state.players[self.seat as usize]
            .set_aside
            .iter()
            .map(move |&(c, t)| (state.monster_of(c), t))
    }
    /// The dungeon pile, bottom to top (the top is revealed first).
    pub fn dungeon_pile(&self) -> impl Iterator<Item = PileCard> + 'a {
        let (state, seat) = (self.state, self.seat);
        state.dungeon.iter().map(move |&card| {
            let added_by =
                (0..state.num_players()).find(|&s| state.players[s as usize].added.contains(&card));
            let monster = (added_by == Some(seat)).then(|| state.monster_of(card));
            PileCard { added_by, monster }
        })
    }
    /// The monsters this seat put into the dungeon and that are still in it.
    pub fn my_added(&self) -> Vec<MonsterId> {
        self.dungeon_pile().filter_map(|c| c.monster).collect()
    }
    /// The current (or last) dungeon run: all of it is public.
    pub fn run(&self) -> Option<&'a DungeonRun> {
        (self.state.run.start_hp > 0).then_some(&self.state.run)
    }
    /// The decision this seat must make, if it is theirs.
    pub fn decision(&self) -> Option<&'a Decision> {
        self.state.pending.as_ref().filter(|d| d.seat == self.seat)
    }
    /// Whose decision the game waits for.
    pub fn waiting_for(&self) -> Option<Seat> {
        self.state.current_seat()
    }
    /// How many special monsters are in this game (public: the rules say how many).
    pub fn specials_in_play(&self, catalog: &Catalog) -> usize {
        self.state
            .cards
            .len()
            .saturating_sub(catalog.regular_deck().count())
    }
    /// The special monsters this seat knows to be in play: seen by all, or drawn by it.
    pub fn known_specials(&self) -> Vec<MonsterId> {
        let mut known = self.state.public_specials.to_vec();
        for &m in &self.state.players[self.seat as usize].known_specials {
            if !known.contains(&m) {
                known.push(m);
            }
        }
        known.sort();
        known
    }

    /// The cards this seat cannot place this round: every card of the game, minus those it
    /// has seen where they are. Unknown special monsters count as `unknown_specials`, the
    /// `special_candidates` being the kinds they may be.
    pub fn unseen(&self, catalog: &Catalog) -> Unseen {
        let state = self.state;
        let mut cards: Vec<MonsterId> = catalog.regular_deck().collect();
        let known_specials = self.known_specials();
        cards.extend(known_specials.iter().copied());
        let mut located: Vec<MonsterId> = Vec::new();
        located.extend(self.hand());
        located.extend(self.my_set_aside().map(|(m, _)| m));
        located.extend(self.my_added());
        located.extend(state.discard.iter().map(|&c| state.monster_of(c)));
        for seat in 0..state.num_players() {
            if seat != self.seat {
                located.extend(self.set_aside_monsters(seat).unwrap_or_default());
            }
        }
        let mut unknown_specials = self
            .specials_in_play(catalog)
            .saturating_sub(known_specials.len());
        for m in located {
            if let Some(i) = cards.iter().position(|&c| c == m) {
                cards.swap_remove(i);
            } else if catalog.monster(m).special && unknown_specials > 0 {
                // A special we only learn about now (e.g. just revealed).
                unknown_specials -= 1;
            }
        }
        cards.sort();
        let special_candidates = (0..catalog.monsters.len() as u16)
            .map(MonsterId)
            .filter(|&m| {
                catalog.monster(m).special
                    && !known_specials.contains(&m)
                    && !state.discard.iter().any(|&c| state.monster_of(c) == m)
            })
            .collect();
        Unseen {
            cards,
            unknown_specials,
            special_candidates,
        }
    }

    /// An owned copy of this view, for front ends and tests.
    pub fn snapshot(&self) -> PlayerView {
        PlayerView::from_view(self)
    }
}

/// What a seat has not seen (see [`View::unseen`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unseen {
    /// Known kinds, sorted (a multiset).
    pub cards: Vec<MonsterId>,
    /// Special monsters in play whose kind this seat does not know.
    pub unknown_specials: usize,
    /// The kinds they may be.
    pub special_candidates: Vec<MonsterId>,
}
