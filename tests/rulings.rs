//! Rulings as options (`docs/rulings.md`): a game's choices are checked at setup (an
//! unknown ruling or choice is a clear error, from options, a scenario or a record);
//! scripts read the choice in play through `ctx.ruling`, whose argument is checked; the
//! Vorpal weapons' answers follow `vorpal_species`; and a record or a save made with
//! rulings and the variant's scope away from their defaults replays exactly.

use dungeon_bots::{Bot, BotKind, seat_seed};
use dungeon_engine::catalog::{MemoryFiles, PackLibrary};
use dungeon_engine::dungeon::MemValue;
use dungeon_engine::options::{FirstAdventurer, GameOptions, RulingChoices, VariantScope};
use dungeon_engine::scenario::{ScenarioRunner, Status};
use dungeon_engine::state::GameState;
use dungeon_engine::{Answer, CardRef, DecisionKind, DungeonSetup, Engine, EngineError, Event};
use dungeon_records::{GameRecord, RecordError, SeatRecord};
use std::sync::Arc;

fn choices(pairs: &[(&str, &str)]) -> RulingChoices {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn setup_error(result: Result<GameState, EngineError>) -> String {
    match result {
        Err(EngineError::Setup(message)) => message,
        Err(other) => panic!("expected a setup error, got {other}"),
        Ok(_) => panic!("expected a setup error, the game started"),
    }
}

// --- Checked at setup ------------------------------------------------------------------

#[test]
fn an_unknown_ruling_or_choice_is_a_setup_error() {
    let mut engine = dungeon_tests::engine(&["base", "sequel"]);
    let game = |engine: &mut Engine, rulings: RulingChoices| {
        let options = GameOptions {
            rulings,
            ..GameOptions::default()
        };
        engine.new_game(options, 1, &mut Vec::new())
    };
    let unknown = setup_error(game(&mut engine, choices(&[("flute", "next")])));
    assert!(unknown.contains("unknown ruling `flute`"), "{unknown}");
    assert!(
        unknown.contains("known: vorpal_species, healing_potion, enchanting_flute, ally"),
        "{unknown}"
    );
    let choice = setup_error(game(&mut engine, choices(&[("enchanting_flute", "never")])));
    assert_eq!(
        choice,
        "ruling `enchanting_flute` has no choice `never` (its choices: later, next)"
    );
    let engine_ruling = setup_error(game(&mut engine, choices(&[("designer_variant", "x")])));
    assert!(
        engine_ruling.contains("the designer's variant is chosen with the game's options"),
        "{engine_ruling}"
    );
    // Text from outside is quoted on one line, cut short.
    let crafted = format!("\u{1b}[2J{}", "x".repeat(500));
    let shown = setup_error(game(&mut engine, choices(&[(crafted.as_str(), "a")])));
    assert!(!shown.contains('\u{1b}') && shown.len() < 300, "{shown:?}");
    // A ruling of a pack not in play is unknown too.
    let mut base = dungeon_tests::engine(&["base"]);
    let other = setup_error(game(&mut base, choices(&[("ally", "automatic")])));
    assert!(other.contains("unknown ruling `ally`"), "{other}");
    // Valid choices start a game.
    let ok = choices(&[("enchanting_flute", "next"), ("ally", "automatic")]);
    game(&mut engine, ok).expect("valid rulings");
}

#[test]
fn a_single_dungeon_checks_its_rulings_too() {
    let mut engine = dungeon_tests::engine(&["base"]);
    let catalog = engine.catalog().clone();
    let barbarian = catalog.find_adventurer("barbarian").unwrap();
    let setup = DungeonSetup {
        players: 2,
        runner: 0,
        successes: 0,
        failures: 0,
        adventurer: barbarian,
        tiles: catalog.adventurer(barbarian).tiles.clone(),
        dungeon: vec![catalog.find_monster("orc").unwrap()],
        deck: vec![],
        damage_model: None,
        seed: 0,
        card_by_card: false,
        rulings: choices(&[("healing_potion", "sometimes")]),
    };
    let message = setup_error(engine.dungeon(&setup, &mut Vec::new()));
    assert!(
        message.contains("has no choice `sometimes` (its choices: may_decline, automatic)"),
        "{message}"
    );
}

#[test]
fn a_scenario_naming_an_unknown_ruling_is_an_error() {
    let library = dungeon_tests::library();
    let mut runner = ScenarioRunner::new(&library);
    let scenario = |rulings: &str| {
        format!(
            "packs = [\"sequel\"]\nadventurer = \"bard\"\ndungeon = []\n\
             [options]\nrulings = {rulings}\n[expect]\noutcome = \"success\"\n"
        )
    };
    let report = runner.run_text("flute.toml", &scenario("{ flute = \"next\" }"));
    match report.status {
        Status::Error(message) => assert!(message.contains("unknown ruling `flute`"), "{message}"),
        other => panic!("expected an error, got {other:?}"),
    }
    let report = runner.run_text("ok.toml", &scenario("{ enchanting_flute = \"next\" }"));
    assert!(report.passed(), "{:?}", report.status);
    let report = runner.run_text("bad.toml", &scenario("\"next\""));
    assert!(
        matches!(report.status, Status::Error(_)),
        "{:?}",
        report.status
    );
}

// --- ctx.ruling --------------------------------------------------------------------------

const PACK: &str = r#"
[pack]
id = "moody"
version = "1.0.0"
engine_api = 1
languages = ["en"]
name = { en = "Moody" }
scripts = "scripts"

[[ruling]]
id = "mood"
name = { en = "Mood" }
default = "calm"
choices = [{ id = "calm", text = { en = "Calm." } }, { id = "grumpy", text = { en = "Grumpy." } }]

[[monster]]
id = "rat"
strength = 1
name = { en = "Rat" }

[[adventurer]]
id = "hero"
hp = 5
equipment = ["reader", "number", "long", "nameless"]
name = { en = "Hero" }

[[equipment]]
id = "reader"
script = "reader.lua"
name = { en = "Reader" }
text = { en = "Reads the mood." }

[[equipment]]
id = "number"
script = "number.lua"
name = { en = "Number" }
text = { en = "Asks for ruling 42." }

[[equipment]]
id = "long"
script = "long.lua"
name = { en = "Long" }
text = { en = "Asks for a very long ruling." }

[[equipment]]
id = "nameless"
script = "nameless.lua"
name = { en = "Nameless" }
text = { en = "Asks for a ruling nobody declares." }
"#;

fn moody_engine() -> Engine {
    let mut files = MemoryFiles::new();
    files.insert("moody.toml", PACK);
    let hook = |body: &str| format!("return {{ before_entering = function(ctx) {body} end }}");
    files.insert(
        "scripts/reader.lua",
        &hook("ctx.remember(\"mood\", ctx.ruling(\"mood\"))"),
    );
    files.insert("scripts/number.lua", &hook("ctx.ruling(42)"));
    files.insert(
        "scripts/long.lua",
        &hook("ctx.ruling(string.rep(\"m\", 100000))"),
    );
    files.insert("scripts/nameless.lua", &hook("ctx.ruling(\"weather\")"));
    let mut library = PackLibrary::new();
    library
        .load(&files, "moody.toml")
        .unwrap_or_else(|d| panic!("{d}"));
    let (catalog, _) = library
        .catalog(&["moody"])
        .unwrap_or_else(|d| panic!("{d}"));
    Engine::new(Arc::new(catalog)).unwrap_or_else(|d| panic!("{d}"))
}

fn moody_run(engine: &mut Engine, tile: &str, mood: Option<&str>) -> Result<GameState, String> {
    let catalog = engine.catalog().clone();
    let setup = DungeonSetup {
        players: 2,
        runner: 0,
        successes: 0,
        failures: 0,
        adventurer: catalog.find_adventurer("hero").unwrap(),
        tiles: vec![catalog.find_tile(tile).unwrap()],
        dungeon: vec![catalog.find_monster("rat").unwrap()],
        deck: vec![],
        damage_model: None,
        seed: 0,
        card_by_card: false,
        rulings: mood.map_or_else(RulingChoices::new, |m| choices(&[("mood", m)])),
    };
    engine
        .dungeon(&setup, &mut Vec::new())
        .map_err(|e| e.to_string())
}

#[test]
fn ctx_ruling_gives_the_choice_in_play() {
    let mut engine = moody_engine();
    let reader = engine.catalog().find_tile("reader").unwrap();
    for (given, expected) in [
        (None, "calm"),
        (Some("calm"), "calm"),
        (Some("grumpy"), "grumpy"),
    ] {
        let state = moody_run(&mut engine, "reader", given).unwrap();
        let kept = state
            .run
            .memory
            .iter()
            .find(|m| m.owner == CardRef::Tile(reader) && &*m.key == "mood")
            .map(|m| m.value.clone());
        assert_eq!(kept, Some(MemValue::Text(expected.into())), "{given:?}");
    }
}

#[test]
fn ctx_ruling_checks_its_argument() {
    let mut engine = moody_engine();
    let number = moody_run(&mut engine, "number", None).unwrap_err();
    assert!(
        number.contains("hook `before_entering` of card `number`"),
        "{number}"
    );
    assert!(number.contains("number.lua:1"), "{number}");
    let long = moody_run(&mut engine, "long", None).unwrap_err();
    assert!(
        long.contains("ctx.ruling(): the ruling id `mmmm") && long.contains("is too long"),
        "{long}"
    );
    assert!(long.len() < 600, "the message is cut short: {long}");
    let nameless = moody_run(&mut engine, "nameless", None).unwrap_err();
    assert!(
        nameless.contains("no pack in play declares a ruling `weather` (declared: mood)"),
        "{nameless}"
    );
    // Nothing the failed calls did stays: the reader still reads the default.
    moody_run(&mut engine, "reader", None).unwrap();
}

// --- The Vorpal weapons' names ------------------------------------------------------------

/// The species the Vorpal Sword offers in a base+sequel game under these rulings.
fn sword_names(rulings: RulingChoices) -> Vec<String> {
    let mut engine = dungeon_tests::engine(&["base", "sequel"]);
    let catalog = engine.catalog().clone();
    let warrior = catalog.find_adventurer("warrior").unwrap();
    let setup = DungeonSetup {
        players: 2,
        runner: 0,
        successes: 0,
        failures: 0,
        adventurer: warrior,
        tiles: vec![catalog.find_tile("vorpal_sword").unwrap()],
        dungeon: vec![catalog.find_monster("mimic").unwrap()],
        deck: vec![],
        damage_model: None,
        seed: 0,
        card_by_card: false,
        rulings,
    };
    let state = engine.dungeon(&setup, &mut Vec::new()).unwrap();
    let Some(DecisionKind::Question(q)) = state.pending.map(|d| d.kind) else {
        panic!("the sword asks first");
    };
    q.options
        .iter()
        .map(|a| match a {
            Answer::Species(s) => catalog.species_def(*s).id.clone(),
            other => panic!("{other:?}"),
        })
        .collect()
}

#[test]
fn vorpal_weapons_name_the_regular_species_unless_the_ruling_says_any() {
    let regular = [
        "goblin", "skeleton", "orc", "vampire", "golem", "lich", "demon", "dragon",
    ];
    assert_eq!(sword_names(RulingChoices::new()), regular);
    assert_eq!(
        sword_names(choices(&[("vorpal_species", "regular")])),
        regular
    );
    let any = sword_names(choices(&[("vorpal_species", "any")]));
    for special in ["fairy", "ally", "mimic", "gelatinous_cube"] {
        assert!(any.iter().any(|s| s == special), "{special} in {any:?}");
    }
    assert!(regular.iter().all(|r| any.iter().any(|s| s == r)));
}

// --- Records and saves -----------------------------------------------------------------

fn ruled_options(players: u8) -> GameOptions {
    GameOptions {
        players,
        designer_variant: true,
        variant_scope: VariantScope::EachPlayer,
        first_adventurer: FirstAdventurer::Choose,
        rulings: choices(&[
            ("enchanting_flute", "next"),
            ("ally", "automatic"),
            ("healing_potion", "automatic"),
            ("vorpal_species", "any"),
        ]),
        ..GameOptions::default()
    }
}

/// A whole bot game: its record, a save taken before decision `save_at`, its events and
/// final state.
struct Game {
    record: GameRecord,
    save: Option<String>,
    events: Vec<Event>,
    state: GameState,
}

/// One seat is an `easy` bot: it weighs odds under the game's rulings as `normal` does, but
/// picks its adventurer without playing rounds (with rulings other than the defaults,
/// `normal`'s first choices would play thousands of rounds each in a test build).
fn play(engine: &mut Engine, options: GameOptions, seed: u64, save_at: usize) -> Game {
    let kinds = [BotKind::Novice, BotKind::Random, BotKind::Random];
    let players = usize::from(options.players);
    let mut bots: Vec<Box<dyn Bot>> = (0..players)
        .map(|i| kinds[i % kinds.len()].create(seat_seed(seed, i)))
        .collect();
    let seats = (0..players)
        .map(|i| SeatRecord {
            name: String::new(),
            bot: Some(kinds[i % kinds.len()].id()),
        })
        .collect();
    let mut events = Vec::new();
    let mut state = engine.new_game(options.clone(), seed, &mut events).unwrap();
    let catalog = engine.catalog().clone();
    let mut record = GameRecord::new(&catalog, options, seats, seed, &state);
    let mut save = None;
    while let Some(seat) = state.current_seat() {
        if record.decisions.len() == save_at {
            let mut saved = record.clone();
            saved.bots = Some(bots.iter().map(|b| Some(b.save())).collect());
            save = Some(saved.to_json());
        }
        let view = engine.view(&state, seat);
        let action = bots[seat as usize].decide(engine, &view);
        engine.apply(&mut state, action, &mut events).unwrap();
        record.push(&catalog, seat, action, &state);
    }
    Game {
        record,
        save,
        events,
        state,
    }
}

fn state_json(state: &GameState) -> String {
    serde_json::to_string(state).unwrap()
}

#[test]
fn a_record_with_rulings_replays_identically_and_keeps_them() {
    let packs = ["base", "sequel"];
    let mut engine = dungeon_tests::engine(&packs);
    let game = play(&mut engine, ruled_options(3), 41, usize::MAX);
    let json = game.record.to_json();
    assert!(json.contains(r#""variant_scope": "each_player""#), "{json}");
    assert!(json.contains(r#""enchanting_flute": "next""#), "{json}");
    let read = GameRecord::read(json.as_bytes()).unwrap();
    assert_eq!(read.options, ruled_options(3));
    let (catalog, _) = read.catalog(&dungeon_tests::library()).unwrap();
    let mut fresh = Engine::new(Arc::new(catalog)).unwrap();
    let replayed = read.verify(&mut fresh).unwrap();
    assert_eq!(state_json(&replayed), state_json(&game.state));

    // The same seed and bots under the default rulings play another game: the options
    // are what the record replays, not a default.
    let defaults = GameOptions {
        players: 3,
        designer_variant: true,
        ..GameOptions::default()
    };
    let other = play(&mut engine, defaults, 41, usize::MAX);
    assert_ne!(
        serde_json::to_string(&other.events).unwrap(),
        serde_json::to_string(&game.events).unwrap(),
        "the rulings and the variant's scope change what seed 41 plays"
    );
}

#[test]
fn a_save_with_rulings_resumes_exactly() {
    let mut engine = dungeon_tests::engine(&["base", "sequel"]);
    let whole = play(&mut engine, ruled_options(3), 7, 12);
    let save = whole.save.expect("the game lasts 12 decisions");
    let record = GameRecord::read(save.as_bytes()).unwrap();
    let (catalog, _) = record.catalog(&dungeon_tests::library()).unwrap();
    let mut fresh = Engine::new(Arc::new(catalog)).unwrap();
    let mut state = record.verify(&mut fresh).unwrap();
    let mut bots = record.restore_bots().unwrap();
    let mut events = Vec::new();
    while let Some(seat) = state.current_seat() {
        let view = fresh.view(&state, seat);
        let bot = bots[seat as usize].as_mut().expect("every seat is a bot");
        let action = bot.decide(&mut fresh, &view);
        fresh.apply(&mut state, action, &mut events).unwrap();
    }
    assert_eq!(state_json(&state), state_json(&whole.state));
}

#[test]
fn a_record_with_a_crafted_ruling_is_refused_clearly() {
    let mut engine = dungeon_tests::engine(&["base", "sequel"]);
    let game = play(&mut engine, ruled_options(2), 3, usize::MAX);
    let json = game
        .record
        .to_json()
        .replace(r#""ally": "automatic""#, r#""ally": "sometimes""#);
    assert!(json.contains("sometimes"));
    let read = GameRecord::read(json.as_bytes()).unwrap();
    let (catalog, _) = read.catalog(&dungeon_tests::library()).unwrap();
    let mut fresh = Engine::new(Arc::new(catalog)).unwrap();
    let error = read.verify(&mut fresh).unwrap_err();
    assert!(matches!(error, RecordError::Setup(_)), "{error}");
    let message = error.to_string();
    assert!(
        message.contains("ruling `ally` has no choice `sometimes`"),
        "{message}"
    );
}
