//! What one seat may know: its own hand (never its own face-down cell, dealt unseen),
//! everyone's dungeon and hand size, the discard pile (face up), how many cards the draw
//! pile holds, the decision the game waits on, with the cards put down to decide who
//! starts kept hidden until all are down.

use crate::action::{Action, HIDDEN};
use crate::cards::Card;
use crate::state::{Options, Passage, Phase, State};
use dungeon_core::Seat;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PrisonerView {
    pub hand_size: usize,
    /// The joker, or [`HIDDEN`] for a card dealt face down.
    pub cell: Card,
    pub passages: Vec<Passage>,
    pub last: Option<usize>,
    pub left_cell: bool,
    pub alive: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub options: Options,
    pub turns: u32,
    pub cards_played: u32,
    /// The seat's own hand (empty for a spectator).
    pub hand: Vec<Card>,
    pub prisoners: Vec<PrisonerView>,
    pub deck: usize,
    pub discard: Vec<Card>,
    pub turn: Seat,
    pub to_act: Option<Seat>,
    /// The decision waited on, with hidden cards as [`HIDDEN`].
    pub phase: Phase,
    /// The seat's legal moves, when it is to act.
    pub legal: Vec<Action>,
    pub robber: Option<Card>,
    pub winners: Option<Vec<Seat>>,
}

pub fn view(state: &State, legal: Vec<Action>, seat: Option<Seat>) -> View {
    let to_act = crate::moves::to_act(state);
    let pitch = state.options.darkness == crate::state::Darkness::PitchBlack;
    let phase = match &state.phase {
        Phase::Opening { among, chosen } => Phase::Opening {
            among: among.clone(),
            chosen: among
                .iter()
                .zip(chosen)
                .map(|(&s, &c)| if Some(s) == seat { c } else { HIDDEN })
                .collect(),
        },
        other => other.clone(),
    };
    View {
        seat,
        options: state.options.clone(),
        turns: state.turns,
        cards_played: state.cards_played,
        hand: seat.map_or_else(Vec::new, |s| state.prisoners[s as usize].hand.clone()),
        prisoners: (state.prisoners.iter().enumerate())
            .map(|(s, p)| PrisonerView {
                hand_size: p.hand.len(),
                cell: if p.cell_face_down { HIDDEN } else { p.cell },
                // 7.2: passages face down, known to their owner alone.
                passages: (p.passages.iter())
                    .map(|q| Passage {
                        card: if pitch && Some(s as Seat) != seat {
                            HIDDEN
                        } else {
                            q.card
                        },
                        ..q.clone()
                    })
                    .collect(),
                last: p.last,
                left_cell: p.left_cell,
                alive: p.alive,
            })
            .collect(),
        deck: state.deck.len(),
        // 7.2, 7.3: the discard pile face down, but to a Tomb-robber's player searching it.
        discard: if state.options.dark()
            && !(seat == Some(state.turn) && matches!(state.phase, Phase::Rob))
        {
            vec![HIDDEN; state.discard.len()]
        } else {
            state.discard.clone()
        },
        turn: state.turn,
        to_act,
        phase,
        legal: if seat.is_some() && seat == to_act {
            legal
        } else {
            Vec::new()
        },
        robber: state.robber,
        winners: state.winners.clone(),
    }
}
