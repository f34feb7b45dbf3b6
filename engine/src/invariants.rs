//! Checks that a state is internally consistent. Used by the audit after every decision;
//! a save is not trusted on this check alone: loading replays its decisions (`record/`).

use crate::catalog::Catalog;
use crate::dungeon::Stage;
use crate::effect::HP_LIMIT;
use crate::options::{FAILURES_TO_LOSE, SUCCESSES_TO_WIN};
use crate::state::{GameState, Phase};

/// Every monster card is in exactly one place, indices are in range, and the phase and
/// the dungeon run agree. Returns what is wrong.
pub fn check(catalog: &Catalog, state: &GameState) -> Result<(), String> {
    let n = state.cards.len();
    if let Some(bad) = state
        .cards
        .iter()
        .find(|m| m.ix() >= catalog.monsters.len())
    {
        return Err(format!("card refers to unknown monster #{}", bad.0));
    }
    let mut seen = vec![0u8; n];
    let mut places: Vec<(&str, crate::ids::CardId)> = Vec::new();
    places.extend(state.deck.iter().map(|&c| ("deck", c)));
    places.extend(state.dungeon.iter().map(|&c| ("dungeon", c)));
    places.extend(state.discard.iter().map(|&c| ("discard", c)));
    for p in &state.players {
        places.extend(p.set_aside.iter().map(|&(c, _)| ("set aside", c)));
    }
    if let Some((_, c)) = state.drawn() {
        places.push(("hand", c));
    }
    for (place, card) in places {
        let Some(count) = seen.get_mut(card.ix()) else {
            return Err(format!(
                "{place} holds card #{} but the game has {n} cards",
                card.0
            ));
        };
        *count += 1;
        if *count > 1 {
            return Err(format!(
                "card #{} ({}) is in two places (again in {place})",
                card.0,
                catalog.monster(state.cards[card.ix()]).info.id
            ));
        }
    }
    if let Some(missing) = seen.iter().position(|&c| c == 0) {
        return Err(format!(
            "card #{missing} ({}) is nowhere",
            catalog.monster(state.cards[missing]).info.id
        ));
    }
    let tiles = state.tiles.iter().chain(
        state
            .players
            .iter()
            .flat_map(|p| p.set_aside.iter().map(|(_, t)| t)),
    );
    if let Some(bad) = tiles.clone().find(|t| t.ix() >= catalog.tiles.len()) {
        return Err(format!("unknown tile #{}", bad.0));
    }
    if state
        .adventurer
        .is_some_and(|a| a.ix() >= catalog.adventurers.len())
    {
        return Err("unknown adventurer".into());
    }
    check_ids(catalog, state)?;
    if !(2..=4).contains(&state.players.len()) {
        return Err(format!("{} players at the table", state.players.len()));
    }
    check_players(catalog, state)?;
    check_tiles(catalog, state)?;
    let seat_ok = |s: u8| (s as usize) < state.players.len();
    if !seat_ok(state.starter)
        || !state.last_runner.is_none_or(seat_ok)
        || !state.winner.is_none_or(seat_ok)
    {
        return Err("a seat (starter, last runner or winner) is not at the table".into());
    }
    if !state.single_dungeon && state.winner.is_some() != (state.phase == Phase::GameOver) {
        return Err(format!(
            "winner {:?} in phase {:?}: a game has a winner exactly when it is over",
            state.winner, state.phase
        ));
    }
    match state.phase {
        Phase::Bidding { turn, .. } if turn as usize >= state.players.len() => {
            return Err("bidding turn out of range".into());
        }
        Phase::Bidding { turn, .. } if !state.players[turn as usize].in_bidding() => {
            return Err(format!("seat {turn} bids, but has passed or is out"));
        }
        Phase::Bidding { .. } if state.players.iter().filter(|p| p.in_bidding()).count() < 2 => {
            return Err("fewer than two players bidding: the last one should be running".into());
        }
        Phase::Bidding { .. } | Phase::Dungeon if state.adventurer.is_none() => {
            return Err("a round without an adventurer".into());
        }
        Phase::Dungeon => {
            let run = &state.run;
            if run.runner as usize >= state.players.len() {
                return Err("runner out of range".into());
            }
            let on_card = !matches!(
                run.stage,
                Stage::Enter { .. } | Stage::Reveal | Stage::End { .. } | Stage::Done
            );
            if on_card && run.faced.is_empty() {
                return Err(format!("stage {:?} with no monster revealed", run.stage));
            }
            if run.faced.iter().any(|f| f.card.ix() >= n) {
                return Err("a faced card out of range".into());
            }
            if !(-HP_LIMIT..=HP_LIMIT).contains(&run.hp) {
                return Err(format!("the runner has {} HP: beyond {HP_LIMIT}", run.hp));
            }
        }
        _ => {}
    }
    if state.phase != Phase::GameOver && state.pending.is_none() {
        return Err("the game is not over but nothing is pending".into());
    }
    Ok(())
}

/// Every player's counters within the rules: at most two successes and two failures, out
/// exactly at the second failure, and the special monsters they know are special
/// monsters of the packs.
fn check_players(catalog: &Catalog, state: &GameState) -> Result<(), String> {
    let special =
        |m: &crate::ids::MonsterId| catalog.monsters.get(m.ix()).is_some_and(|def| def.special);
    for (seat, p) in state.players.iter().enumerate() {
        if p.successes > SUCCESSES_TO_WIN || p.failures > FAILURES_TO_LOSE {
            return Err(format!(
                "seat {seat} has {} successes and {} failures: the game ends at {SUCCESSES_TO_WIN} and {FAILURES_TO_LOSE}",
                p.successes, p.failures
            ));
        }
        if !state.single_dungeon && p.eliminated != (p.failures == FAILURES_TO_LOSE) {
            return Err(format!(
                "seat {seat} has {} failures but eliminated is {}",
                p.failures, p.eliminated
            ));
        }
        if !p.known_specials.iter().all(special) {
            return Err(format!(
                "seat {seat} knows of a special monster the packs lack"
            ));
        }
    }
    if !state.public_specials.iter().all(special) {
        return Err("a special monster seen by all is not one of the packs'".into());
    }
    let winner = state.winner.and_then(|w| state.players.get(w as usize));
    if winner.is_some_and(|p| p.eliminated) {
        return Err("the winner is out of the game".into());
    }
    Ok(())
}

/// Each tile in one place (with the adventurer, or set aside), and in a game, one of the
/// round's adventurer's (a single dungeon may take any tiles in).
fn check_tiles(catalog: &Catalog, state: &GameState) -> Result<(), String> {
    let mut all: Vec<crate::ids::TileId> = state.tiles.to_vec();
    all.extend(
        state
            .players
            .iter()
            .flat_map(|p| p.set_aside.iter().map(|&(_, t)| t)),
    );
    all.sort();
    if let Some(w) = all.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("tile #{} is in two places", w[0].0));
    }
    if let (Some(a), false) = (state.adventurer, state.single_dungeon) {
        let own = &catalog.adventurer(a).tiles;
        if let Some(t) = all.iter().find(|t| !own.contains(t)) {
            return Err(format!(
                "tile #{} is not one of {}'s",
                t.0,
                catalog.adventurer(a).info.id
            ));
        }
    }
    Ok(())
}

/// Every id the state holds points into the catalog, so no later lookup can fail.
fn check_ids(catalog: &Catalog, state: &GameState) -> Result<(), String> {
    use crate::action::{Answer, CardRef, DecisionKind};
    let tile_ok = |t: &crate::ids::TileId| t.ix() < catalog.tiles.len();
    let species_ok = |s: &crate::ids::SpeciesId| s.ix() < catalog.species.len();
    let card_ok = |c: &CardRef| match c {
        CardRef::Tile(t) => tile_ok(t),
        CardRef::Monster(m) => m.ix() < catalog.monsters.len(),
    };
    let answer_ok = |a: &Answer| match a {
        Answer::Species(s) => species_ok(s),
        Answer::Tile(t) => tile_ok(t),
        Answer::Seat(s) => (*s as usize) < state.players.len(),
        Answer::Yes | Answer::No => true,
    };
    let run = &state.run;
    let ok = run.order.iter().all(tile_ok)
        && run.faced.iter().all(|f| {
            f.monster.ix() < catalog.monsters.len()
                && f.species.as_ref().is_none_or(species_ok)
                && f.defeaters.iter().all(tile_ok)
        })
        && run.skip_next.iter().all(|s| card_ok(&s.source))
        && run.memory.iter().all(|m| card_ok(&m.owner))
        && run.incoming.is_none_or(|c| c.ix() < state.cards.len())
        && run.pending.as_ref().is_none_or(|p| {
            card_ok(&p.card)
                && p.answers.iter().all(answer_ok)
                && p.question
                    .as_ref()
                    .is_none_or(|q| card_ok(&q.asker) && q.options.iter().all(answer_ok))
        });
    if !ok {
        return Err("the dungeon run refers to cards the packs do not have".into());
    }
    let Some(decision) = &state.pending else {
        return Ok(());
    };
    if decision.seat as usize >= state.players.len() {
        return Err("the pending decision is for a seat not at the table".into());
    }
    let ok = match &decision.kind {
        DecisionKind::ChooseAdventurer { options } => {
            options.iter().all(|a| a.ix() < catalog.adventurers.len())
        }
        DecisionKind::DrawOrPass => matches!(state.phase, Phase::Bidding { drawn: None, .. }),
        DecisionKind::PlaceCard { card, set_aside } => {
            state.drawn().is_some_and(|(_, c)| c == *card) && set_aside.iter().all(tile_ok)
        }
        DecisionKind::Question(q) => {
            state.phase == Phase::Dungeon && card_ok(&q.asker) && q.options.iter().all(answer_ok)
        }
    };
    if ok {
        Ok(())
    } else {
        Err("the pending decision does not fit the game".into())
    }
}
