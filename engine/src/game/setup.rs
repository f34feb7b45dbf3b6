//! Setting up a game, a round, and a runner's entry into the dungeon.

use crate::catalog::Catalog;
use crate::dungeon::{DungeonRun, Stage};
use crate::error::EngineError;
use crate::event::Event;
use crate::ids::*;
use crate::options::{FirstAdventurer, GameOptions, MAX_PLAYERS, MIN_PLAYERS};
use crate::state::{CardList, GameState, Phase, PlayerState};
use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// A new game: the monster deck (with the special monsters drawn for this game), the
/// first player drawn at random, and the first adventurer per the options.
pub(crate) fn new_game(
    catalog: &Catalog,
    options: GameOptions,
    seed: u64,
    events: &mut Vec<Event>,
) -> Result<GameState, EngineError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&options.players) {
        return Err(EngineError::Setup(format!(
            "a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {}",
            options.players
        )));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut cards = smallvec::SmallVec::new();
    let mut specials = Vec::new();
    for (i, m) in catalog.monsters.iter().enumerate() {
        let id = MonsterId(i as u16);
        for _ in 0..m.copies {
            if m.special {
                specials.push(id);
            } else {
                cards.push(id);
            }
        }
    }
    let wanted = options.specials_in_play.unwrap_or(catalog.specials_in_play) as usize;
    specials.shuffle(&mut rng);
    specials.truncate(wanted);
    cards.extend(specials.iter().copied());
    if cards.len() > u8::MAX as usize {
        return Err(EngineError::Setup(format!(
            "{} monster cards: at most 255 fit in a game",
            cards.len()
        )));
    }
    let first = rng.random_range(0..options.players);
    events.push(Event::GameStarted {
        players: options.players,
        first,
        specials: specials.clone(),
    });
    let mut state = GameState {
        damage_model: options.damage_model.unwrap_or(catalog.damage_model),
        catalog_fingerprint: catalog.fingerprint,
        rng,
        players: (0..options.players)
            .map(|_| PlayerState::default())
            .collect(),
        // Every card is in the deck from the start (shuffled when the round begins), so
        // each is somewhere even while the first adventurer is being chosen.
        deck: (0..cards.len() as u8).map(CardId).collect(),
        cards,
        starter: first,
        phase: Phase::ChooseAdventurer,
        options,
        ..GameState::default()
    };
    let chosen = match &state.options.first_adventurer {
        FirstAdventurer::Choose => None,
        FirstAdventurer::Random => {
            let n = catalog.adventurers.len() as u16;
            Some(AdventurerId(state.rng.random_range(0..n)))
        }
        FirstAdventurer::Named(id) => Some(catalog.find_adventurer(id).ok_or_else(|| {
            let known: Vec<&str> = catalog
                .adventurers
                .iter()
                .map(|a| a.info.id.as_str())
                .collect();
            EngineError::Setup(format!(
                "unknown adventurer `{id}` (known: {})",
                known.join(", ")
            ))
        })?),
    };
    if let Some(adventurer) = chosen {
        events.push(Event::AdventurerChosen {
            seat: None,
            adventurer,
        });
        start_round(catalog, &mut state, adventurer, events);
    }
    Ok(state)
}

/// Gathers and shuffles every monster into the deck and lays out the adventurer.
pub(crate) fn start_round(
    catalog: &Catalog,
    state: &mut GameState,
    adventurer: AdventurerId,
    events: &mut Vec<Event>,
) {
    state.round += 1;
    let mut deck: CardList = (0..state.cards.len() as u8).map(CardId).collect();
    deck.shuffle(&mut state.rng);
    state.deck = deck;
    state.dungeon.clear();
    state.discard.clear();
    for p in &mut state.players {
        p.passed = false;
        p.turns = 0;
        p.set_aside.clear();
        p.added.clear();
    }
    state.adventurer = Some(adventurer);
    state.tiles = catalog
        .adventurer(adventurer)
        .tiles
        .iter()
        .copied()
        .collect();
    state.run = DungeonRun::default();
    let first = state.starter;
    state.phase = Phase::Bidding {
        turn: first,
        drawn: None,
    };
    events.push(Event::RoundStarted {
        round: state.round,
        first,
        adventurer,
    });
}

/// The runner enters with the adventurer and the tiles left.
pub(crate) fn start_dungeon(
    catalog: &Catalog,
    state: &mut GameState,
    runner: Seat,
    events: &mut Vec<Event>,
) {
    let adventurer = state.adventurer.expect("a round has an adventurer");
    let base_hp = catalog.adventurer(adventurer).hp;
    let hp = base_hp + state.tiles.iter().map(|&t| catalog.tile(t).hp).sum::<i32>();
    state.run = DungeonRun {
        runner,
        hp,
        start_hp: hp,
        base_hp,
        order: state.tiles.clone(),
        stage: Stage::Enter { cursor: 0 },
        ..DungeonRun::default()
    };
    state.phase = Phase::Dungeon;
    state.last_runner = Some(runner);
    events.push(Event::Entered {
        seat: runner,
        hp,
        tiles: state.tiles.to_vec(),
        dungeon: state.dungeon.len() as u8,
    });
}

/// One dungeon, set up by hand: who runs, with what, against which cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DungeonSetup {
    pub players: u8,
    pub runner: Seat,
    /// The runner's success and failure cards so far.
    pub successes: u8,
    pub failures: u8,
    pub adventurer: AdventurerId,
    /// Tiles held on entering, in hook order.
    pub tiles: Vec<TileId>,
    /// Monsters in reveal order: the first is revealed first.
    pub dungeon: Vec<MonsterId>,
    /// The monster deck, top card first.
    pub deck: Vec<MonsterId>,
    pub damage_model: Option<crate::catalog::DamageModel>,
    pub seed: u64,
    /// Pause before each reveal (see [`crate::dungeon::DungeonRun::card_by_card`]).
    pub card_by_card: bool,
}

/// A state in which `setup.runner` has just entered the dungeon and that ends, with
/// nothing scored, when the run does.
pub(crate) fn dungeon_state(
    catalog: &Catalog,
    setup: &DungeonSetup,
    events: &mut Vec<Event>,
) -> Result<GameState, EngineError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&setup.players) || setup.runner >= setup.players {
        return Err(EngineError::Setup(format!(
            "runner {} at a table of {}",
            setup.runner, setup.players
        )));
    }
    let total = setup.dungeon.len() + setup.deck.len();
    if total > u8::MAX as usize {
        return Err(EngineError::Setup(format!(
            "{total} monster cards: at most 255 fit"
        )));
    }
    let mut state = GameState {
        damage_model: setup.damage_model.unwrap_or(catalog.damage_model),
        catalog_fingerprint: catalog.fingerprint,
        rng: ChaCha8Rng::seed_from_u64(setup.seed),
        players: (0..setup.players).map(|_| PlayerState::default()).collect(),
        adventurer: Some(setup.adventurer),
        tiles: setup.tiles.iter().copied().collect(),
        single_dungeon: true,
        round: 1,
        options: GameOptions {
            players: setup.players,
            ..GameOptions::default()
        },
        ..GameState::default()
    };
    let runner = &mut state.players[setup.runner as usize];
    runner.successes = setup.successes;
    runner.failures = setup.failures;
    // Piles keep their top last: the first card to reveal (or draw) goes on top.
    for &m in setup.dungeon.iter().rev() {
        state.dungeon.push(CardId(state.cards.len() as u8));
        state.cards.push(m);
    }
    for &m in setup.deck.iter().rev() {
        state.deck.push(CardId(state.cards.len() as u8));
        state.cards.push(m);
    }
    start_dungeon(catalog, &mut state, setup.runner, events);
    state.run.card_by_card = setup.card_by_card;
    Ok(state)
}
