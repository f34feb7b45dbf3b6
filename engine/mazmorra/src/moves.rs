//! The legal moves of the seat to act, in a fixed order (the game's rules of placement,
//! collapse, attack and defence; `docs/mazmorra.md` gives the rulings they follow).

use crate::action::Action;
use crate::cards::{Card, Creature, DeckRules, Kind};
use crate::state::{Phase, Prisoner, State};
use dungeon_core::Seat;

/// The seat the game waits on.
pub fn to_act(state: &State) -> Option<Seat> {
    match &state.phase {
        Phase::Opening { among, chosen } => among.get(chosen.len()).copied(),
        Phase::Turn { .. } | Phase::Discard | Phase::Rob | Phase::Doubt { .. } => Some(state.turn),
        Phase::Defend { defender, .. } => Some(*defender),
        Phase::Answer { target, .. } => Some(*target),
        Phase::Aces { asked, .. } | Phase::Counter { asked, .. } => Some(*asked),
        Phase::Rescue { owner, .. } => Some(*owner),
        Phase::Escape { asked, .. } => Some(*asked),
        Phase::Over => None,
    }
}

/// Each card once, whatever its copies (two 7♠ from two decks are one choice).
fn distinct(cards: &[Card]) -> Vec<Card> {
    let mut v = cards.to_vec();
    v.sort();
    v.dedup();
    v
}

/// The aces of `hand` (a joker may be played as one).
fn aces(hand: &[Card]) -> impl Iterator<Item = Action> + '_ {
    distinct(hand)
        .into_iter()
        .filter(|c| c.rank <= 1)
        .map(Action::Ace)
}

pub fn legal(state: &State) -> Vec<Action> {
    let Some(seat) = to_act(state) else {
        return Vec::new();
    };
    let rules = state.options.deck.rules();
    let me = &state.prisoners[seat as usize];
    let mut out = Vec::new();
    match &state.phase {
        Phase::Opening { .. } => out.extend(distinct(&me.hand).into_iter().map(Action::Open)),
        Phase::Turn { played } => {
            if !played && state.options.dark() {
                dark_turn(state, &rules, seat, &mut out);
            } else if !played {
                for card in distinct(&me.hand) {
                    if card.rank == 0 {
                        for rank in rules.ranks() {
                            turn_card(state, &rules, seat, card, rank, &mut out);
                        }
                    } else {
                        turn_card(state, &rules, seat, card, card.rank, &mut out);
                    }
                }
            }
            out.extend(aces(&me.hand));
            if state.options.dark() {
                out.extend(accusable(state, seat).map(Action::Accuse));
            }
            out.push(Action::EndTurn);
        }
        Phase::Escape { claimant, .. } => {
            out.extend([Action::Accuse(*claimant), Action::Pass]);
        }
        Phase::Discard => out.extend(distinct(&me.hand).into_iter().map(Action::Discard)),
        Phase::Rob => {
            out.extend(distinct(&state.discard).into_iter().map(Action::Take));
            if out.is_empty() {
                out.push(Action::Pass);
            }
        }
        Phase::Defend { kind, value, .. } => {
            for cards in defences(&me.hand, &rules, *kind, *value) {
                out.push(Action::Defend(cards));
            }
            out.extend(aces(&me.hand));
            out.push(Action::Retreat);
        }
        Phase::Answer { rank, .. } => {
            let held: Vec<Card> = (distinct(&me.hand).into_iter())
                .filter(|c| c.rank == *rank)
                .collect();
            if !held.is_empty() && state.options.suicidal_queen {
                out.push(Action::DiscardHand);
            }
            out.extend(held.into_iter().map(Action::Give));
            out.push(Action::Deny);
        }
        Phase::Doubt { .. } => out.extend([Action::Believe, Action::SeeHand]),
        Phase::Aces { .. } => {
            out.extend(aces(&me.hand));
            out.push(Action::Pass);
        }
        Phase::Counter { rank, .. } => {
            out.extend(
                (distinct(&me.hand).into_iter())
                    .filter(|c| c.rank == *rank)
                    .map(Action::Counter),
            );
            out.push(Action::Pass);
        }
        Phase::Rescue { value, .. } => {
            out.extend(
                (distinct(&me.hand).into_iter())
                    .filter(|c| c.rank == *value)
                    .map(Action::Save),
            );
            out.push(Action::Lose);
        }
        Phase::Over => {}
    }
    out
}

/// What `card`, played as a card of `rank`, may do as the turn's card.
fn turn_card(
    state: &State,
    rules: &DeckRules,
    seat: Seat,
    card: Card,
    rank: u8,
    out: &mut Vec<Action>,
) {
    let me = &state.prisoners[seat as usize];
    let others =
        || (0..state.players()).filter(move |&t| t != seat && state.prisoners[t as usize].alive);
    match rules.kind_of(rank) {
        Kind::Passage(value) => {
            for parent in placements(me, rules, value) {
                out.push(Action::Passage {
                    card,
                    value,
                    parent,
                });
            }
            for target in others() {
                let them = &state.prisoners[target as usize];
                if them.last.is_some_and(|l| them.passages[l].value == value) {
                    out.push(Action::Collapse {
                        card,
                        value,
                        target,
                    });
                }
            }
        }
        Kind::Creature(kind, _) => {
            for target in others() {
                if state.prisoners[target as usize].left_cell {
                    out.push(Action::Attack { card, rank, target });
                }
            }
            match kind {
                Creature::TombRobber if !state.discard.is_empty() => {
                    out.push(Action::Rob { card });
                }
                Creature::Myrmidon => {
                    for target in others() {
                        for rank in rules.ranks() {
                            out.push(Action::Fish { card, target, rank });
                        }
                    }
                }
                _ => {}
            }
        }
        Kind::Ace | Kind::Joker => {}
    }
}

/// The opponents `seat` may accuse of cheating: living, with a passage standing.
fn accusable(state: &State, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
    (0..state.players()).filter(move |&t| {
        let p = &state.prisoners[t as usize];
        t != seat && p.alive && p.standing().next().is_some()
    })
}

/// 7.2, 7.3: any card but an ace may go down as a passage where the next one would
/// (ruling `dark_passage`), worth what its place says; a collapse in pitch black is played
/// blind, on any opponent's last passage (ruling `dark_collapse`); creatures as by day.
fn dark_turn(state: &State, rules: &DeckRules, seat: Seat, out: &mut Vec<Action>) {
    let me = &state.prisoners[seat as usize];
    let pitch = state.options.darkness == crate::state::Darkness::PitchBlack;
    for card in distinct(&me.hand) {
        if card.rank == 1 {
            continue;
        }
        for (parent, value) in dark_placements(me, rules) {
            out.push(Action::Passage {
                card,
                value,
                parent,
            });
        }
        match rules.kind(card) {
            Kind::Passage(v) => {
                for target in 0..state.players() {
                    let them = &state.prisoners[target as usize];
                    let Some(l) = them.last.filter(|_| target != seat && them.alive) else {
                        continue;
                    };
                    // Face up, the real card is seen; face down, it is a guess.
                    let real = them.passages[l].card;
                    if pitch || real.rank == v || (real.rank == 0 && them.passages[l].value == v) {
                        out.push(Action::Collapse {
                            card,
                            value: v,
                            target,
                        });
                    }
                }
            }
            Kind::Creature(..) => turn_card(state, rules, seat, card, card.rank, out),
            Kind::Joker => {
                for rank in rules.creatures.iter().map(|c| c.0) {
                    turn_card(state, rules, seat, card, rank, out);
                }
            }
            Kind::Ace => {}
        }
    }
}

/// Where the next passage goes in the dark, and the value its place gives it: from the
/// cell (the top), after any open end above the 2, or beside the last played (a branch).
pub fn dark_placements(me: &Prisoner, rules: &DeckRules) -> Vec<(Option<usize>, u8)> {
    if me.standing().next().is_none() {
        return vec![(None, rules.top)];
    }
    let mut out: Vec<(Option<usize>, u8)> = (me.standing())
        .filter(|(i, p)| p.value > 2 && !me.has_child(*i))
        .map(|(i, p)| (Some(i), p.value - 1))
        .collect();
    if let Some(l) = me.last {
        let branch = (me.passages[l].parent, me.passages[l].value);
        if !out.contains(&branch) {
            out.push(branch);
        }
    }
    out
}

/// Where a passage of value `v` may go in `me`'s dungeon (ruling `branch_from`): from the
/// cell if nothing stands and `v` is the top; after any open end one higher; or beside the
/// passage played last, if of the same value (a branch from the same parent).
pub fn placements(me: &Prisoner, rules: &DeckRules, v: u8) -> Vec<Option<usize>> {
    let mut parents = Vec::new();
    if me.standing().next().is_none() {
        if v == rules.top {
            parents.push(None);
        }
        return parents;
    }
    for (i, p) in me.standing() {
        if p.value == v + 1 && !me.has_child(i) {
            parents.push(Some(i));
        }
    }
    if let Some(l) = me.last
        && me.passages[l].value == v
    {
        let parent = me.passages[l].parent;
        if !parents.contains(&parent) {
            parents.push(parent);
        }
    }
    parents
}

/// The ways to beat a creature of `value` from `hand`: a creature at least as strong, the
/// card that beats it alone, a joker (declared the strongest creature), or passages adding
/// up to `value`, none of them spare (rulings `combat_sum`, `spare_defence`).
pub fn defences(hand: &[Card], rules: &DeckRules, kind: Creature, value: u8) -> Vec<Vec<Card>> {
    let mut out: Vec<Vec<Card>> = Vec::new();
    for card in distinct(hand) {
        let alone = match rules.kind(card) {
            Kind::Creature(_, v) => v >= value,
            Kind::Joker => true,
            _ => rules.beats_alone(card.rank, kind),
        };
        if alone {
            out.push(vec![card]);
        }
    }
    let mut passages: Vec<(Card, u8)> = hand
        .iter()
        .filter_map(|&c| match rules.kind(c) {
            Kind::Passage(v) => Some((c, v)),
            _ => None,
        })
        .collect();
    passages.sort();
    // Bounded by the hand: past 12 passages only the largest 12 are weighed.
    if passages.len() > 12 {
        passages.drain(..passages.len() - 12);
    }
    let n = passages.len();
    let mut sums: Vec<Vec<Card>> = Vec::new();
    for mask in 1u32..(1 << n) {
        let chosen = || (0..n).filter(move |i| mask & (1 << i) != 0);
        let sum: u32 = chosen().map(|i| u32::from(passages[i].1)).sum();
        let least = chosen()
            .map(|i| u32::from(passages[i].1))
            .min()
            .unwrap_or(0);
        if sum >= u32::from(value) && sum - least < u32::from(value) {
            let mut cards: Vec<Card> = chosen().map(|i| passages[i].0).collect();
            cards.sort();
            if !sums.contains(&cards) && !out.contains(&cards) {
                sums.push(cards);
            }
        }
    }
    sums.sort();
    out.extend(sums);
    out
}
