//! Determinism and save files: a seed and the decisions made reproduce a game event for
//! event; a serialised or cloned state plays on exactly as the original; a player's view
//! holds nothing that seat may not know; and one game's log is kept as a snapshot so any
//! change in shuffling or rules shows up in review.

use dungeon_bots::{BotKind, MAX_DECISIONS, play_game};
use dungeon_engine::options::{FirstAdventurer, GameOptions};
use dungeon_engine::state::{GameState, Phase};
use dungeon_engine::{
    Action, Answer, CardId, Catalog, DecisionKind, Engine, EngineError, Event, MonsterId, Seat,
};
use dungeon_tests::{bots, random_bots, varied_options};
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Serialises anything serde can, for byte-for-byte comparisons.
macro_rules! to_json {
    ($value:expr) => {
        serde_json::to_string(&$value).expect("serialisable")
    };
}

/// A game played by bots, with the decisions they made.
struct Recorded {
    options: GameOptions,
    seed: u64,
    actions: Vec<Action>,
    events: Vec<Event>,
    /// `marks[i]`: how many events there were before action `i`; the last entry is the
    /// length of the whole log.
    marks: Vec<usize>,
    state: GameState,
}

impl Recorded {
    fn name(&self) -> String {
        format!(
            "{} players, seed {}, designer_variant {}, first_adventurer {:?}",
            self.options.players,
            self.seed,
            self.options.designer_variant,
            self.options.first_adventurer
        )
    }
}

/// Plays a game with bots of `kinds` (see `support::bots`), recording every action.
fn record(engine: &mut Engine, options: GameOptions, seed: u64, kinds: &[BotKind]) -> Recorded {
    let mut bots = bots(kinds, seed, options.players);
    let mut events = Vec::new();
    let mut state = engine
        .new_game(options.clone(), seed, &mut events)
        .expect("new game");
    let mut actions = Vec::new();
    let mut marks = Vec::new();
    while let Some(seat) = state.current_seat() {
        assert!(actions.len() < MAX_DECISIONS, "seed {seed}: game too long");
        let view = engine.view(&state, seat);
        let action = bots[seat as usize].decide(engine, &view);
        marks.push(events.len());
        engine
            .apply(&mut state, action, &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}, decision {}: {e}", actions.len()));
        actions.push(action);
    }
    marks.push(events.len());
    Recorded {
        options,
        seed,
        actions,
        events,
        marks,
        state,
    }
}

/// Plays `actions` on from `state`, returning the events they cause and the final state.
fn play_on(
    engine: &mut Engine,
    mut state: GameState,
    actions: &[Action],
) -> (Vec<Event>, GameState) {
    let mut events = Vec::new();
    for (i, &action) in actions.iter().enumerate() {
        engine
            .apply(&mut state, action, &mut events)
            .unwrap_or_else(|e| panic!("action {i} of {} ({action}): {e}", actions.len()));
    }
    (events, state)
}

/// A fresh game from the seed, with `actions` replayed.
fn replay(
    engine: &mut Engine,
    options: &GameOptions,
    seed: u64,
    actions: &[Action],
) -> (Vec<Event>, GameState) {
    let mut events = Vec::new();
    let state = engine
        .new_game(options.clone(), seed, &mut events)
        .expect("new game");
    let (more, state) = play_on(engine, state, actions);
    events.extend(more);
    (events, state)
}

fn base() -> Engine {
    dungeon_tests::engine(&["base"])
}

/// Bots for the `i`-th game of a batch: mostly random, now and then (one game in ten) a
/// rules bot too, whose odds searches make its games longer and slower.
fn kinds_for(i: u64) -> &'static [BotKind] {
    if i % 10 == 9 {
        &[BotKind::Rules, BotKind::Random]
    } else {
        &[BotKind::Random]
    }
}

// --- Same seed, same decisions, same game ---------------------------------------------

#[test]
fn same_seed_and_actions_give_the_same_events_and_state() {
    let mut engine = base();
    // A second engine, as another process loading the same packs would have.
    let mut other = base();
    let mut checked = 0;
    for players in 2..=4u8 {
        for i in 0..150u64 {
            let seed = 70_000 + u64::from(players) * 1_000 + i;
            let options = varied_options(players, i);
            let rec = record(&mut engine, options.clone(), seed, kinds_for(i));
            assert!(rec.state.is_over(), "{}: not over", rec.name());

            // Replayed on the same engine (after other games ran on it) and on another one.
            for (which, engine) in [("same engine", &mut engine), ("another engine", &mut other)] {
                let (events, state) = replay(engine, &options, seed, &rec.actions);
                assert_eq!(
                    to_json!(events),
                    to_json!(rec.events),
                    "{} ({which}): the event logs differ",
                    rec.name()
                );
                assert_eq!(
                    to_json!(state),
                    to_json!(rec.state),
                    "{} ({which}): the final states differ",
                    rec.name()
                );
                assert_eq!(state, rec.state, "{} ({which})", rec.name());
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 450);
}

#[test]
fn same_seed_and_bots_give_the_same_game_through_play_game() {
    // `bot::play_game` and the recording loop above make the same calls: same log.
    let mut engine = base();
    for players in 2..=4u8 {
        for i in 0..40u64 {
            let seed = 80_000 + u64::from(players) * 1_000 + i;
            let options = varied_options(players, i);
            let rec = record(&mut engine, options.clone(), seed, kinds_for(i));
            let mut bots = bots(kinds_for(i), seed, players);
            let mut events = Vec::new();
            let state = play_game(
                &mut engine,
                options,
                seed,
                &mut bots,
                &mut events,
                |_, _| Ok(()),
            )
            .unwrap_or_else(|e| panic!("{}: {e}", rec.name()));
            assert_eq!(to_json!(events), to_json!(rec.events), "{}", rec.name());
            assert_eq!(to_json!(state), to_json!(rec.state), "{}", rec.name());
        }
    }
}

#[test]
fn a_new_game_depends_only_on_its_seed_and_options() {
    let mut engine = base();
    for players in 2..=4u8 {
        for i in 0..20u64 {
            let options = varied_options(players, i);
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let s1 = engine
                .new_game(options.clone(), i, &mut a)
                .expect("new game");
            let s2 = base()
                .new_game(options.clone(), i, &mut b)
                .expect("new game");
            assert_eq!(to_json!(a), to_json!(b));
            assert_eq!(to_json!(s1), to_json!(s2));
        }
    }
}

// --- Different seeds, different games --------------------------------------------------

#[test]
fn different_seeds_give_different_games() {
    let mut engine = base();
    for players in 2..=4u8 {
        let options = GameOptions {
            players,
            first_adventurer: FirstAdventurer::Random,
            ..GameOptions::default()
        };
        let mut logs = HashSet::new();
        let mut games_seen = HashSet::new();
        let mut decks = HashSet::new();
        let mut firsts = BTreeSet::new();
        let games = 200u64;
        for seed in 0..games {
            // The same bots every time: only the game's seed changes. (Bots that pass at
            // once make games that differ only by the deck, unseen: these bots draw.)
            let mut bots = random_bots(2, players);
            let mut events = Vec::new();
            let start = engine
                .new_game(options.clone(), seed, &mut events)
                .expect("new game");
            decks.insert(start.deck.iter().map(|c| c.0).collect::<Vec<_>>());
            firsts.insert(start.starter);
            events.clear();
            let end = play_game(
                &mut engine,
                options.clone(),
                seed,
                &mut bots,
                &mut events,
                |_, _| Ok(()),
            )
            .expect("game");
            games_seen.insert((to_json!(events), to_json!(end)));
            logs.insert(to_json!(events));
        }
        assert_eq!(
            games_seen.len() as u64,
            games,
            "{players} players: two seeds gave the same game"
        );
        // Two logs can coincide when nobody draws a card (pass, pass, an empty dungeon),
        // but not often.
        assert!(
            logs.len() as u64 >= games * 9 / 10,
            "{players} players: only {} different event logs in {games} games",
            logs.len()
        );
        assert_eq!(
            decks.len() as u64,
            games,
            "{players} players: two seeds shuffled alike"
        );
        assert_eq!(
            firsts.len(),
            players as usize,
            "{players} players: the first player is not drawn at random"
        );
    }
}

// --- Save files ------------------------------------------------------------------------

/// What kind of point a game was paused at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Pause {
    ChooseAdventurer,
    DrawOrPass,
    /// Bidding, a drawn card in hand.
    PlaceCard,
    /// A question in the dungeon, by the id of the card asking.
    Question(&'static str),
    GameOver,
}

fn pause_kind(catalog: &Catalog, state: &GameState) -> Pause {
    match state.pending.as_ref().map(|d| &d.kind) {
        None => Pause::GameOver,
        Some(DecisionKind::ChooseAdventurer { .. }) => Pause::ChooseAdventurer,
        Some(DecisionKind::DrawOrPass) => Pause::DrawOrPass,
        Some(DecisionKind::PlaceCard { .. }) => Pause::PlaceCard,
        Some(DecisionKind::Question(q)) => {
            let id = q.asker.id(catalog);
            // Leak the few ids of the base pack's asking cards for a 'static label.
            Pause::Question(match id {
                "vorpal_sword" => "vorpal_sword",
                "vorpal_dagger" => "vorpal_dagger",
                "vorpal_axe" => "vorpal_axe",
                "polymorph" => "polymorph",
                _ => Box::leak(id.to_string().into_boxed_str()),
            })
        }
    }
}

/// Is this pause point one to save and resume at? Every bidding turn with a card in
/// hand, every question, the start and the end, and every third point besides.
fn worth_saving(kind: Pause, i: usize) -> bool {
    matches!(
        kind,
        Pause::PlaceCard | Pause::Question(_) | Pause::GameOver
    ) || i == 0
        || i.is_multiple_of(3)
}

#[test]
fn a_saved_state_resumes_identically() {
    let mut engine = base();
    // The restored copies run on another engine, as in a new process.
    let mut loader = base();
    let catalog = engine.catalog().clone();
    let mut paused: BTreeMap<Pause, usize> = BTreeMap::new();
    let mut species_questions = 0;
    let mut games = 0;
    for players in 2..=4u8 {
        let mut per_table: BTreeMap<Pause, usize> = BTreeMap::new();
        for i in 0..2_000u64 {
            let enough = i >= 40
                && [
                    Pause::PlaceCard,
                    Pause::ChooseAdventurer,
                    Pause::Question("vorpal_axe"),
                    Pause::Question("polymorph"),
                ]
                .iter()
                .all(|k| per_table.get(k).copied().unwrap_or(0) >= 15)
                && (per_table
                    .get(&Pause::Question("vorpal_sword"))
                    .copied()
                    .unwrap_or(0)
                    + per_table
                        .get(&Pause::Question("vorpal_dagger"))
                        .copied()
                        .unwrap_or(0))
                    >= 15;
            if enough {
                break;
            }
            let seed = 90_000 + u64::from(players) * 10_000 + i;
            let rec = record(&mut engine, varied_options(players, i), seed, kinds_for(i));
            games += 1;

            let mut events = Vec::new();
            let mut state = engine
                .new_game(rec.options.clone(), rec.seed, &mut events)
                .expect("new game");
            for at in 0..=rec.actions.len() {
                assert_eq!(
                    events.len(),
                    rec.marks[at],
                    "{}: replay drifted",
                    rec.name()
                );
                let kind = pause_kind(&catalog, &state);
                if worth_saving(kind, at) {
                    let saved = to_json!(state);
                    let restored: GameState = serde_json::from_str(&saved).unwrap_or_else(|e| {
                        panic!("{}, decision {at}: cannot load: {e}", rec.name())
                    });
                    assert_eq!(
                        restored,
                        state,
                        "{}, decision {at}: the copy differs",
                        rec.name()
                    );
                    assert_eq!(to_json!(restored), saved, "{}, decision {at}", rec.name());
                    if let Pause::Question(_) = kind {
                        assert!(
                            restored.run.pending.is_some(),
                            "a question with no pending hook"
                        );
                        let DecisionKind::Question(q) = &restored.pending.as_ref().unwrap().kind
                        else {
                            unreachable!()
                        };
                        if q.options.iter().any(|o| matches!(o, Answer::Species(_))) {
                            species_questions += 1;
                        }
                    }
                    if kind == Pause::PlaceCard {
                        assert!(
                            restored.drawn().is_some(),
                            "a card to place but none in hand"
                        );
                    }
                    let (more, end) = play_on(&mut loader, restored, &rec.actions[at..]);
                    assert_eq!(
                        to_json!(more),
                        to_json!(rec.events[rec.marks[at]..]),
                        "{}: resumed after decision {at} ({kind:?}), the events differ",
                        rec.name()
                    );
                    assert_eq!(
                        to_json!(end),
                        to_json!(rec.state),
                        "{}: resumed after decision {at} ({kind:?}), the final states differ",
                        rec.name()
                    );
                    *per_table.entry(kind).or_default() += 1;
                    *paused.entry(kind).or_default() += 1;
                }
                if let Some(&action) = rec.actions.get(at) {
                    engine
                        .apply(&mut state, action, &mut events)
                        .expect("replay");
                }
            }
            assert_eq!(to_json!(state), to_json!(rec.state));
        }
        eprintln!("{players} players: saved and resumed at {per_table:?}");
    }
    eprintln!("{games} games; paused at {paused:?}; {species_questions} species questions");
    for kind in [
        Pause::ChooseAdventurer,
        Pause::DrawOrPass,
        Pause::PlaceCard,
        Pause::Question("vorpal_axe"),
        Pause::Question("polymorph"),
        Pause::GameOver,
    ] {
        assert!(
            paused.get(&kind).copied().unwrap_or(0) >= 15,
            "too few saves at {kind:?}: {paused:?}"
        );
    }
    assert!(
        species_questions >= 15,
        "too few species questions saved: {species_questions}"
    );
}

#[test]
fn a_save_loaded_with_other_packs_is_refused() {
    let mut engine = base();
    let rec = record(&mut engine, varied_options(3, 0), 4242, &[BotKind::Random]);
    let mut events = Vec::new();
    let mut state = engine
        .new_game(rec.options.clone(), rec.seed, &mut events)
        .expect("new game");
    engine
        .apply(&mut state, rec.actions[0], &mut events)
        .expect("first action");
    let mut json: serde_json::Value = serde_json::from_str(&to_json!(state)).expect("json");
    let fingerprint = json["catalog_fingerprint"].as_u64().expect("a fingerprint");
    json["catalog_fingerprint"] = serde_json::Value::from(fingerprint ^ 1);
    let mut foreign: GameState = serde_json::from_value(json).expect("loads");
    let before = foreign.clone();
    let mut events = Vec::new();
    let err = engine
        .apply(&mut foreign, rec.actions[1], &mut events)
        .expect_err("a state from other packs must be refused");
    assert!(matches!(err, EngineError::WrongCatalog { .. }), "{err}");
    assert_eq!(foreign, before, "a refused action changed the state");
    assert!(events.is_empty());
}

/// `invariants::check` (which the soak's audit runs after every decision) accepts every
/// state the engine itself produces, wherever a game stands.
#[test]
fn every_state_the_engine_produces_passes_the_load_check() {
    let mut engine = base();
    let catalog = engine.catalog().clone();
    let mut failures: BTreeMap<String, String> = BTreeMap::new();
    for players in 2..=4u8 {
        for i in 0..40u64 {
            let seed = 95_000 + u64::from(players) * 1_000 + i;
            let rec = record(
                &mut engine,
                varied_options(players, i),
                seed,
                &[BotKind::Random],
            );
            let mut events = Vec::new();
            let mut state = engine
                .new_game(rec.options.clone(), rec.seed, &mut events)
                .expect("new game");
            for at in 0..=rec.actions.len() {
                let loaded: GameState = serde_json::from_str(&to_json!(state)).expect("loads");
                if let Err(e) = dungeon_engine::invariants::check(&catalog, &loaded) {
                    let kind = format!(
                        "{:?} pending, round {}: {e}",
                        pause_kind(&catalog, &state),
                        state.round
                    );
                    failures
                        .entry(kind)
                        .or_insert_with(|| format!("{}, saved after decision {at}", rec.name()));
                }
                if let Some(&action) = rec.actions.get(at) {
                    engine
                        .apply(&mut state, action, &mut events)
                        .expect("replay");
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "saves the load check refuses:\n{}",
        failures
            .iter()
            .map(|(k, v)| format!("- {k}\n    e.g. {v}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

// --- Clones ------------------------------------------------------------------------------

#[test]
fn a_clone_plays_on_exactly_as_the_original() {
    let mut engine = base();
    let catalog = engine.catalog().clone();
    let mut clones = 0;
    let mut diverged = 0;
    for players in 2..=4u8 {
        for i in 0..60u64 {
            let seed = 60_000 + u64::from(players) * 1_000 + i;
            let rec = record(&mut engine, varied_options(players, i), seed, kinds_for(i));
            let mut events = Vec::new();
            let mut state = engine
                .new_game(rec.options.clone(), rec.seed, &mut events)
                .expect("new game");
            for at in 0..=rec.actions.len() {
                let kind = pause_kind(&catalog, &state);
                if worth_saving(kind, at) {
                    let before = to_json!(state);
                    // Played forward with the same decisions: the same game.
                    let (more, end) = play_on(&mut engine, state.clone(), &rec.actions[at..]);
                    assert_eq!(
                        to_json!(more),
                        to_json!(rec.events[rec.marks[at]..]),
                        "{}: clone at decision {at} ({kind:?}), the events differ",
                        rec.name()
                    );
                    assert_eq!(
                        to_json!(end),
                        to_json!(rec.state),
                        "{}: clone at {at}",
                        rec.name()
                    );
                    clones += 1;
                    // Played forward otherwise (another answer, other bots): the original
                    // is untouched and still plays its own game below.
                    let mut other = state.clone();
                    if let Some(alternative) = engine
                        .legal_actions(&other)
                        .into_iter()
                        .find(|&a| rec.actions.get(at) != Some(&a))
                    {
                        let mut bots = random_bots(seed ^ 0xD1CE, players);
                        let mut scratch = Vec::new();
                        engine
                            .apply(&mut other, alternative, &mut scratch)
                            .expect("legal");
                        while let Some(seat) = other.current_seat() {
                            let view = engine.view(&other, seat);
                            let action = bots[seat as usize].decide(&mut engine, &view);
                            engine
                                .apply(&mut other, action, &mut scratch)
                                .expect("legal");
                        }
                        diverged += 1;
                    }
                    assert_eq!(
                        to_json!(state),
                        before,
                        "{}: playing a clone changed the original",
                        rec.name()
                    );
                }
                if let Some(&action) = rec.actions.get(at) {
                    engine
                        .apply(&mut state, action, &mut events)
                        .expect("replay");
                }
            }
            assert_eq!(
                to_json!(events),
                to_json!(rec.events),
                "{}: the original drifted",
                rec.name()
            );
            assert_eq!(
                to_json!(state),
                to_json!(rec.state),
                "{}: the original drifted",
                rec.name()
            );
        }
    }
    assert!(
        clones > 1_000 && diverged > 500,
        "{clones} clones, {diverged} diverged"
    );
}

// --- What a seat may see -------------------------------------------------------------------

/// A sentinel monster id for a hidden card: far above any real id, unmistakable in JSON.
fn sentinel(card: CardId) -> MonsterId {
    MonsterId(50_000 + u16::from(card.0))
}

/// The cards whose identity `seat` may know: its card in hand, its set-aside monsters,
/// the cards it put into the dungeon, and the monsters revealed in the dungeon.
fn known_to(state: &GameState, seat: Seat) -> BTreeSet<CardId> {
    let me = &state.players[seat as usize];
    let mut known: BTreeSet<CardId> = me.set_aside.iter().map(|&(c, _)| c).collect();
    known.extend(me.added.iter().copied());
    known.extend(state.drawn().filter(|&(s, _)| s == seat).map(|(_, c)| c));
    known.extend(state.run.faced.iter().map(|f| f.card));
    known
}

/// Checks `engine.view(state, seat)` for every seat; returns how many views were checked.
fn check_views(engine: &Engine, state: &GameState, what: &str) -> usize {
    let n = state.num_players();
    for seat in 0..n {
        let view = engine.view(state, seat).snapshot();
        let json = to_json!(view);
        let me = &state.players[seat as usize];
        // The card in hand: only its holder sees it.
        match state.drawn() {
            Some((holder, card)) if holder == seat => {
                assert_eq!(
                    view.hand,
                    Some(state.monster_of(card)),
                    "{what}: seat {seat}'s own draw"
                )
            }
            _ => assert_eq!(
                view.hand, None,
                "{what}: seat {seat} sees a card it did not draw"
            ),
        }
        // Its own secrets, exactly.
        let set_aside: Vec<_> = me
            .set_aside
            .iter()
            .map(|&(c, t)| (state.monster_of(c), t))
            .collect();
        assert_eq!(
            view.my_set_aside, set_aside,
            "{what}: seat {seat}'s set-aside monsters"
        );
        let added: Vec<_> = me
            .added
            .iter()
            .filter(|c| state.dungeon.contains(c))
            .map(|&c| state.monster_of(c))
            .collect();
        assert_eq!(
            view.my_added, added,
            "{what}: seat {seat}'s cards in the dungeon"
        );
        if let Some(d) = &view.decision {
            assert_eq!(
                d.seat, seat,
                "{what}: seat {seat} sees another seat's decision"
            );
        }
        // Nothing else: make every card this seat may not know a sentinel monster; the
        // view must not change, and no sentinel may show up in it.
        let known = known_to(state, seat);
        let mut masked = state.clone();
        let mut hidden = Vec::new();
        for ix in 0..masked.cards.len() {
            let card = CardId(ix as u8);
            if !known.contains(&card) {
                masked.cards[ix] = sentinel(card);
                hidden.push(card);
            }
        }
        let masked_json = to_json!(engine.view(&masked, seat).snapshot());
        for &card in &hidden {
            let mark = sentinel(card).0.to_string();
            assert!(
                !masked_json.contains(&mark),
                "{what}: seat {seat}'s view shows hidden card #{} ({})\n{masked_json}",
                card.0,
                engine.catalog().monster(state.monster_of(card)).info.id
            );
        }
        assert_eq!(
            masked_json, json,
            "{what}: seat {seat}'s view depends on hidden cards"
        );
        // In particular, the other players' set-aside monsters and the dungeon's cards
        // beyond this seat's own are among the hidden ones.
        for (other, p) in state.players.iter().enumerate() {
            if other != seat as usize {
                for (c, _) in &p.set_aside {
                    assert!(
                        hidden.contains(c),
                        "{what}: seat {other}'s set-aside card not masked"
                    );
                }
            }
        }
        for c in &state.dungeon {
            assert!(
                me.added.contains(c) || hidden.contains(c),
                "{what}: dungeon card not masked"
            );
        }
    }
    n as usize
}

#[test]
fn a_players_view_hides_what_it_must() {
    let mut engine = base();
    let mut views = 0;
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for players in 2..=4u8 {
        for i in 0..120u64 {
            let seed = 50_000 + u64::from(players) * 1_000 + i;
            let rec = record(&mut engine, varied_options(players, i), seed, kinds_for(i));
            let mut events = Vec::new();
            let mut state = engine
                .new_game(rec.options.clone(), rec.seed, &mut events)
                .expect("new game");
            for at in 0..=rec.actions.len() {
                let what = format!("{}, after decision {at}", rec.name());
                views += check_views(&engine, &state, &what);
                let label = match (
                    &state.phase,
                    state.players.iter().any(|p| !p.set_aside.is_empty()),
                ) {
                    (Phase::Bidding { drawn: Some(_), .. }, true) => {
                        "bidding, card in hand, monsters set aside"
                    }
                    (Phase::Bidding { drawn: Some(_), .. }, false) => "bidding, card in hand",
                    (Phase::Bidding { .. }, _) => "bidding",
                    (Phase::Dungeon, true) => "dungeon, monsters set aside",
                    (Phase::Dungeon, false) => "dungeon",
                    (Phase::ChooseAdventurer, _) => "choosing an adventurer",
                    (Phase::GameOver, _) => "game over",
                };
                *seen.entry(label).or_default() += 1;
                if let Some(&action) = rec.actions.get(at) {
                    engine
                        .apply(&mut state, action, &mut events)
                        .expect("replay");
                }
            }
        }
    }
    eprintln!("{views} views checked in states: {seen:?}");
    assert_eq!(seen.len(), 7, "some kinds of state never came up: {seen:?}");
}

/// `Event::seen_by` removes both the monster and the card id of another seat's draw, add
/// or set-aside: a card id would give the monster away, since the same physical card keeps
/// its id when it is revealed later. The special monsters in play are hidden from everyone.
#[test]
fn events_seen_by_other_seats_do_not_identify_hidden_cards() {
    let mut engine = base();
    let mut hidden_events = 0;
    for i in 0..200u64 {
        let players = 2 + (i % 3) as u8;
        let rec = record(
            &mut engine,
            varied_options(players, i),
            40_000 + i,
            &[BotKind::Random],
        );
        for e in &rec.events {
            if let Event::GameStarted { .. } = e {
                for viewer in 0..players {
                    let Event::GameStarted { specials, .. } = e.seen_by(viewer) else {
                        unreachable!()
                    };
                    assert!(
                        specials.is_empty(),
                        "seat {viewer} sees the specials in play"
                    );
                }
            }
            let (owner, card, monster) = match *e {
                Event::Drew {
                    seat,
                    card,
                    monster,
                }
                | Event::AddedToDungeon {
                    seat,
                    card,
                    monster,
                    ..
                }
                | Event::SetAside {
                    seat,
                    card,
                    monster,
                    ..
                } => (seat, card, monster),
                _ => continue,
            };
            assert!(
                card.is_some() && monster.is_some(),
                "the full log records everything: {e:?}"
            );
            for viewer in (0..players).filter(|&s| s != owner) {
                let seen = e.seen_by(viewer);
                let hides = match seen {
                    Event::Drew { card, monster, .. }
                    | Event::AddedToDungeon { card, monster, .. }
                    | Event::SetAside { card, monster, .. } => card.is_none() && monster.is_none(),
                    _ => false,
                };
                assert!(hides, "seat {viewer} sees {e:?} as {seen:?}");
            }
            assert_eq!(e.seen_by(owner), *e, "the owner sees the whole event");
            hidden_events += 1;
        }
    }
    assert!(hidden_events > 1_000);
}

// --- A fixed game, kept as a snapshot ------------------------------------------------------

#[test]
fn snapshot_of_a_three_player_game() {
    let mut engine = base();
    let options = GameOptions {
        players: 3,
        ..GameOptions::default()
    };
    // A game with draws, set-asides, reveals, defeats, damage, questions and a failure.
    let seed = 28;
    let rec = record(&mut engine, options, seed, &[BotKind::Random]);
    let has = |f: fn(&Event) -> bool| rec.events.iter().any(f);
    assert!(has(|e| matches!(e, Event::Drew { .. })));
    assert!(has(|e| matches!(e, Event::SetAside { .. })));
    assert!(has(|e| matches!(e, Event::Revealed { .. })));
    assert!(has(|e| matches!(e, Event::Defeated { .. })));
    assert!(has(|e| matches!(e, Event::Damaged { .. })));
    assert!(has(|e| matches!(e, Event::Asked { .. })));
    assert!(has(|e| matches!(e, Event::Failure { .. })));
    let catalog = engine.catalog().clone();
    let mut log = format!(
        "seed {seed}, 3 players, random bots (seat s seeded {seed} * 31 + s), default options\n"
    );
    for (i, e) in rec.events.iter().enumerate() {
        log.push_str(&format!("{i:>3} {}\n", e.describe(&catalog)));
    }
    insta::assert_snapshot!("three_players_seed_28", log);
}
