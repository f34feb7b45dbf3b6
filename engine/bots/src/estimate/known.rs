//! The first layer of the quick odds: whether a runner survives one order of a known
//! dungeon, played on the real engine (see the module above), a question on the way
//! answered by someone who knows which cards the dungeon and the deck hold, not where.

use super::*;

/// Whether `runner` survives one order of `dungeon`, with `deck` as the monster deck and
/// the question before the first card (if any) answered with option `entry`.
pub(super) fn known_dungeon(
    rules: &mut dyn Rules,
    runner: &Runner,
    dungeon: &Counts,
    deck: &Counts,
    entry: Option<u8>,
) -> bool {
    let catalog = rules.catalog().fingerprint;
    let mut h = Fnv::new();
    runner.hash_into(&mut h);
    h.write(dungeon);
    h.write(deck);
    h.write(&[entry.unwrap_or(u8::MAX)]);
    let key = h.finish();
    if let Some(survived) = remembered(catalog, |m| m.known.get(&key).copied()) {
        return survived;
    }
    let survived = play_known(rules, runner, dungeon, deck, entry, key);
    remember(catalog, |m| {
        m.known.insert(key, survived);
    });
    survived
}

/// One order of a known dungeon, dealt from `seed`, played.
fn play_known(
    rules: &mut dyn Rules,
    runner: &Runner,
    dungeon: &Counts,
    deck: &Counts,
    entry: Option<u8>,
    seed: u64,
) -> bool {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut cards = cards_of(dungeon);
    let mut rest = cards_of(deck);
    cards.shuffle(&mut rng);
    rest.shuffle(&mut rng);
    let setup = runner.setup(cards, rest, rng.random());
    let mut events = Vec::new();
    rules.dungeon(&setup, &mut events).is_ok_and(|mut state| {
        let answered = match entry {
            Some(i) => match state
                .pending
                .as_ref()
                .and_then(|d| d.legal_action(usize::from(i)))
            {
                Some(option) => rules
                    .apply_or_abandon(&mut state, option, &mut events)
                    .is_ok(),
                None => true,
            },
            None => true,
        };
        let mut budget = LOOK_BUDGET;
        answered && outcome(rules, state, &mut rng, &mut budget)
    })
}

/// Whether the run survives. A question is answered as someone who knows the cards to
/// come would ([`knowing`]), except one whose options draw from the monster deck (a
/// Polymorph): that card is one nobody can see, so each option is tried on [`LOOKS`]
/// redeals of the cards the dungeon and the deck hold between them, and the runner takes
/// the option survived most often, anyone else the one survived least. Once `budget`
/// looks are spent, every question is answered knowing.
fn outcome(
    rules: &mut dyn Rules,
    mut state: GameState,
    rng: &mut ChaCha8Rng,
    budget: &mut u32,
) -> bool {
    let mut events = Vec::new();
    for _ in 0..MAX_QUESTIONS {
        if state.is_over() {
            return state.run.success == Some(true);
        }
        let Some(decision) = state.pending.as_ref() else {
            return false;
        };
        let runner_answers = decision.seat == state.run.runner;
        let options = decision.legal_actions();
        let Some(&first) = options.first() else {
            return false;
        };
        let looks = (options.len() * LOOKS) as u32;
        if options.len() < 2 {
            // Nothing to choose.
        } else if *budget < looks || !draws_on_answer(rules, &state, &options) {
            let mut trials = LOOK_TRIALS;
            return knowing(rules, state, &mut trials);
        }
        let mut chosen = first;
        if options.len() > 1 {
            *budget -= looks;
            let mut best: Option<(i32, Action)> = None;
            // The same redeals for every option: the options are compared on equal terms.
            let seeds: [u64; LOOKS] = std::array::from_fn(|_| rng.random());
            for &option in &options {
                let mut survived = 0;
                for &seed in &seeds {
                    let mut trial = state.clone();
                    redeal(&mut trial, &mut ChaCha8Rng::seed_from_u64(seed));
                    crate::event::clear_log(&mut events);
                    if rules
                        .apply_or_abandon(&mut trial, option, &mut events)
                        .is_ok()
                    {
                        let mut trials = LOOK_TRIALS;
                        survived += i32::from(knowing(rules, trial, &mut trials));
                    }
                }
                let score = if runner_answers { survived } else { -survived };
                if best.is_none_or(|(b, _)| score > b) {
                    best = Some((score, option));
                }
            }
            chosen = best.map_or(first, |(_, o)| o);
        }
        crate::event::clear_log(&mut events);
        if rules
            .apply_or_abandon(&mut state, chosen, &mut events)
            .is_err()
        {
            return false;
        }
    }
    false
}

/// Whether some answer to the question `state` waits on draws from the monster deck.
fn draws_on_answer(rules: &mut dyn Rules, state: &GameState, options: &[Action]) -> bool {
    if state.deck.is_empty() {
        return false;
    }
    let mut events = Vec::new();
    options.iter().any(|&option| {
        let mut trial = state.clone();
        crate::event::clear_log(&mut events);
        rules
            .apply_or_abandon(&mut trial, option, &mut events)
            .is_ok()
            && events
                .iter()
                .any(|e| matches!(e, crate::event::Event::Replaced { .. }))
    })
}

/// Whether the run survives, each question answered by someone who knows the cards to
/// come in order: the runner picks an option it survives, anyone else one it does not
/// (while `budget` trial runs last; then the first option).
fn knowing(rules: &mut dyn Rules, mut state: GameState, budget: &mut u32) -> bool {
    let mut events = Vec::new();
    for _ in 0..MAX_QUESTIONS {
        if state.is_over() {
            return state.run.success == Some(true);
        }
        let Some(decision) = state.pending.as_ref() else {
            return false;
        };
        let wanted = decision.seat == state.run.runner;
        let options = decision.legal_actions();
        let Some(&first) = options.first() else {
            return false;
        };
        if options.len() > 1 && *budget >= options.len() as u32 {
            *budget -= options.len() as u32;
            for &option in &options {
                let mut trial = state.clone();
                crate::event::clear_log(&mut events);
                if rules
                    .apply_or_abandon(&mut trial, option, &mut events)
                    .is_ok()
                    && knowing(rules, trial, budget) == wanted
                {
                    return wanted;
                }
            }
            // Every option tried: none gives the outcome this player wants.
            return !wanted;
        }
        crate::event::clear_log(&mut events);
        if rules
            .apply_or_abandon(&mut state, first, &mut events)
            .is_err()
        {
            return false;
        }
    }
    false
}

/// Deals the cards still in the dungeon and the deck again between them: what someone who
/// knows which cards they hold, but not where, cannot tell apart.
fn redeal(state: &mut GameState, rng: &mut ChaCha8Rng) {
    let places: Vec<crate::ids::CardId> = state
        .dungeon
        .iter()
        .chain(state.deck.iter())
        .copied()
        .collect();
    let mut monsters: Vec<MonsterId> = places.iter().map(|&c| state.cards[c.ix()]).collect();
    monsters.shuffle(rng);
    for (&card, m) in places.iter().zip(monsters) {
        state.cards[card.ix()] = m;
    }
}
