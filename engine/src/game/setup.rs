//! Setting up a game, a round, and a runner's entry into the dungeon.

use crate::catalog::Catalog;
use crate::dungeon::{DungeonRun, Stage};
use crate::effect::HP_LIMIT;
use crate::error::EngineError;
use crate::event::Event;
use crate::ids::*;
use crate::options::{
    FAILURES_TO_LOSE, FirstAdventurer, GameOptions, MAX_CARDS, MAX_KINDS, MAX_PLAYERS, MAX_TILES,
    MIN_PLAYERS, RulingChoices, SUCCESSES_TO_WIN, check_ruling_choices,
};
use crate::state::{CardList, GameState, Phase, PlayerState, TileList};
use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::sync::Arc;

/// A new game: the monster deck (with the special monsters drawn for this game), the
/// first player drawn at random, and the first adventurer per the options. Packs loaded
/// through the catalog stay far inside the bounds checked here; a catalog built by hand
/// past them is refused with a message, never wrapped round (`check`: the catalog has not
/// passed these checks yet).
pub(crate) fn new_game(
    catalog: &Catalog,
    check: bool,
    options: Arc<GameOptions>,
    seed: u64,
    events: &mut Vec<Event>,
) -> Result<GameState, EngineError> {
    check_players(options.players)?;
    if check {
        check_catalog(catalog)?;
    }
    options.check_rulings(catalog).map_err(EngineError::Setup)?;
    let wanted = options.specials_in_play.unwrap_or(catalog.specials_in_play);
    let (regular, special) =
        catalog
            .monsters
            .iter()
            .fold((0usize, 0usize), |(r, s), m| match m.special {
                false => (r + usize::from(m.copies), s),
                true => (r, s + usize::from(m.copies)),
            });
    let total = regular + special.min(usize::from(wanted));
    if total > MAX_CARDS {
        return Err(setup_error(format!(
            "{total} monster cards: at most {MAX_CARDS} fit in a game"
        )));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut cards = smallvec::SmallVec::with_capacity(total);
    let mut specials = Vec::with_capacity(special);
    for (i, m) in catalog.monsters.iter().enumerate() {
        let id = MonsterId(i as u16); // fits: check_catalog
        for _ in 0..m.copies {
            if m.special {
                specials.push(id);
            } else {
                cards.push(id);
            }
        }
    }
    specials.shuffle(&mut rng);
    specials.truncate(usize::from(wanted));
    cards.extend(specials.iter().copied());
    let first = rng.random_range(0..options.players);
    events.push(Event::GameStarted {
        players: options.players,
        first,
        specials: specials.clone(),
    });
    let chosen = match &options.first_adventurer {
        FirstAdventurer::Choose => None,
        FirstAdventurer::Random => {
            let n = catalog.adventurers.len() as u16; // at least 1, fits: check_catalog
            Some(AdventurerId(rng.random_range(0..n)))
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
    // Every field given: `..GameState::default()` would build (and drop) a default state,
    // its options and generator included, for each game. Built where it is returned (the
    // caller's), not moved there: it is 2 KB.
    let mut game = Ok(GameState {
        damage_model: options.damage_model.unwrap_or(catalog.damage_model),
        catalog_fingerprint: catalog.fingerprint,
        rng,
        // Seated below, in place.
        players: smallvec::SmallVec::new(),
        // Every card is in the deck from the start (shuffled when the round begins), so
        // each is somewhere even while the first adventurer is being chosen.
        deck: card_list(cards.len()),
        cards,
        round: 0,
        adventurer: None,
        tiles: TileList::new(),
        dungeon: CardList::new(),
        discard: CardList::new(),
        phase: Phase::ChooseAdventurer,
        run: DungeonRun::default(),
        pending: None,
        winner: None,
        last_runner: None,
        starter: first,
        single_dungeon: false,
        public_specials: smallvec::SmallVec::new(),
        options,
    });
    if let Ok(state) = &mut game {
        let players = usize::from(state.options.players);
        state.players.resize_with(players, PlayerState::default);
        if let Some(adventurer) = chosen {
            events.push(Event::AdventurerChosen {
                seat: None,
                adventurer,
            });
            start_round(catalog, state, adventurer, events);
        }
    }
    game
}

/// Gathers and shuffles every monster into the deck and lays out the adventurer.
pub(crate) fn start_round(
    catalog: &Catalog,
    state: &mut GameState,
    adventurer: AdventurerId,
    events: &mut Vec<Event>,
) {
    state.round = state.round.saturating_add(1);
    let mut deck = card_list(state.cards.len());
    super::shuffle::shuffle(&mut deck, &mut state.rng);
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
    state.tiles = TileList::from_slice(&catalog.adventurer(adventurer).tiles);
    state.run.reset();
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
    // Within HP_LIMIT (check_runner): every tile held is one of the adventurer's.
    let hp = base_hp + state.tiles.iter().map(|&t| catalog.tile(t).hp).sum::<i32>();
    let run = &mut state.run;
    run.reset();
    run.runner = runner;
    run.hp = hp;
    run.start_hp = hp;
    run.base_hp = base_hp;
    run.order = TileList::from_slice(&state.tiles);
    run.stage = Stage::Enter { cursor: 0 };
    state.phase = Phase::Dungeon;
    state.last_runner = Some(runner);
    events.push(Event::Entered {
        seat: runner,
        hp,
        tiles: TileList::from_slice(&state.tiles),
        dungeon: u8::try_from(state.dungeon.len()).unwrap_or(u8::MAX),
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
    /// Choices for the packs' rulings (see [`GameOptions::rulings`]).
    pub rulings: RulingChoices,
}

/// The card a [`DungeonSetup`] for the search holds in every place (dungeon
/// and deck) whose card the search decides: any regular monster, it is never revealed.
pub fn placeholder(catalog: &Catalog) -> MonsterId {
    MonsterId(
        catalog
            .monsters
            .iter()
            .position(|m| !m.special)
            .unwrap_or(0) as u16,
    )
}

impl DungeonSetup {
    /// A 2-player dungeon for seat 0 (no success or failure yet) with `adventurer` and
    /// `tiles`, whose `size` cards and `deck` monster deck an odds search decides (they
    /// all hold [`placeholder`]), card by card, under the default rulings.
    pub fn unknown_cards(
        catalog: &Catalog,
        adventurer: AdventurerId,
        tiles: Vec<TileId>,
        size: usize,
        deck: usize,
    ) -> DungeonSetup {
        let placeholder = placeholder(catalog);
        DungeonSetup {
            players: 2,
            runner: 0,
            successes: 0,
            failures: 0,
            adventurer,
            tiles,
            dungeon: vec![placeholder; size],
            deck: vec![placeholder; deck],
            damage_model: None,
            seed: 0,
            card_by_card: true,
            rulings: RulingChoices::default(),
        }
    }
}

/// A state in which `setup.runner` has just entered the dungeon and that ends, with
/// nothing scored, when the run does.
pub(crate) fn dungeon_state(
    catalog: &Catalog,
    setup: &DungeonSetup,
    events: &mut Vec<Event>,
) -> Result<GameState, EngineError> {
    check_players(setup.players)?;
    if setup.runner >= setup.players {
        return Err(setup_error(format!(
            "the runner is seat {}, but the table has {} seats (0 to {})",
            setup.runner,
            setup.players,
            setup.players - 1
        )));
    }
    if setup.successes >= SUCCESSES_TO_WIN || setup.failures >= FAILURES_TO_LOSE {
        return Err(setup_error(format!(
            "the runner has {} successes and {} failures: a player with {SUCCESSES_TO_WIN} successes has won, one with {FAILURES_TO_LOSE} failures is out (give 0 or 1)",
            setup.successes, setup.failures
        )));
    }
    check_catalog(catalog)?;
    check_ruling_choices(&setup.rulings, catalog).map_err(EngineError::Setup)?;
    if setup.adventurer.ix() >= catalog.adventurers.len() {
        return Err(setup_error(format!(
            "adventurer #{} is not in the packs",
            setup.adventurer.0
        )));
    }
    let adventurer = catalog.adventurer(setup.adventurer);
    check_runner(catalog, &adventurer.info.id, adventurer.hp, &setup.tiles)?;
    let total = setup.dungeon.len() + setup.deck.len();
    if total > MAX_CARDS {
        return Err(setup_error(format!(
            "{total} monster cards (dungeon and deck): at most {MAX_CARDS} fit"
        )));
    }
    if let Some(m) = setup
        .dungeon
        .iter()
        .chain(&setup.deck)
        .find(|m| m.ix() >= catalog.monsters.len())
    {
        return Err(setup_error(format!("monster #{} is not in the packs", m.0)));
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
            rulings: setup.rulings.clone(),
            ..GameOptions::default()
        }
        .into(),
        ..GameState::default()
    };
    let runner = &mut state.players[setup.runner as usize];
    runner.successes = setup.successes;
    runner.failures = setup.failures;
    // Piles keep their top last: the first card to reveal (or draw) goes on top.
    // At most MAX_CARDS cards (checked above): each index fits a card id.
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

fn setup_error(message: String) -> EngineError {
    EngineError::Setup(message)
}

fn check_players(players: u8) -> Result<(), EngineError> {
    if (MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Ok(());
    }
    Err(setup_error(format!(
        "a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
    )))
}

/// Every card id, in order.
const CARD_IDS: [CardId; 256] = {
    let mut ids = [CardId(0); 256];
    let mut i = 0;
    while i < 256 {
        ids[i] = CardId(i as u8);
        i += 1;
    }
    ids
};

/// Card ids for `n` cards, in order, copied in one go (at most 256: a hand-made state with
/// more is cut short, never wrapped round; `invariants` then finds the cards no place holds).
fn card_list(n: usize) -> CardList {
    CardList::from_slice(&CARD_IDS[..n.min(CARD_IDS.len())])
}

/// What every game of a catalog relies on: ids that fit, an adventurer to play, and
/// each adventurer a runner the dungeon can take.
fn check_catalog(catalog: &Catalog) -> Result<(), EngineError> {
    let kinds = [
        ("monsters", catalog.monsters.len()),
        ("equipment tiles", catalog.tiles.len()),
        ("adventurers", catalog.adventurers.len()),
        ("species", catalog.species.len()),
    ];
    if let Some((kind, n)) = kinds.iter().find(|(_, n)| *n > MAX_KINDS) {
        return Err(setup_error(format!(
            "the packs define {n} {kind}: at most {MAX_KINDS} fit"
        )));
    }
    if catalog.adventurers.is_empty() {
        return Err(setup_error("the packs define no adventurer".into()));
    }
    for a in &catalog.adventurers {
        check_runner(catalog, &a.info.id, a.hp, &a.tiles)?;
    }
    Ok(())
}

/// An adventurer with these tiles can enter a dungeon: known tiles, each once, few
/// enough for the stage cursors, and an HP that stays inside the engine's bounds
/// whichever tiles are set aside.
fn check_runner(
    catalog: &Catalog,
    adventurer: &str,
    hp: i32,
    tiles: &[TileId],
) -> Result<(), EngineError> {
    if tiles.len() > MAX_TILES {
        return Err(setup_error(format!(
            "{adventurer} carries {} equipment tiles: at most {MAX_TILES}",
            tiles.len()
        )));
    }
    let (mut low, mut high) = (i64::from(hp), i64::from(hp));
    for (i, t) in tiles.iter().enumerate() {
        let Some(def) = catalog.tiles.get(t.ix()) else {
            return Err(setup_error(format!(
                "{adventurer} carries equipment tile #{}, which is not in the packs",
                t.0
            )));
        };
        if tiles[..i].contains(t) {
            return Err(setup_error(format!(
                "{adventurer} carries {} twice: an adventurer has one of each tile",
                def.info.id
            )));
        }
        let tile_hp = i64::from(def.hp);
        low += tile_hp.min(0);
        high += tile_hp.max(0);
    }
    let limit = i64::from(HP_LIMIT);
    if low < -limit || high > limit {
        return Err(setup_error(format!(
            "{adventurer} enters with between {low} and {high} HP: HP must stay within {limit}"
        )));
    }
    Ok(())
}
