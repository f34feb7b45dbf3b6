//! Game records and saves (`dungeon_records`): a saved game resumed with a fresh
//! engine and restored bots goes on exactly as the game never saved, for every kind of bot;
//! a record plays again to the state it stores; and every crafted file (edited fields,
//! other packs or rules, truncated, huge, wrong types, unknown fields, illegal or too many
//! decisions, tampered bot states) is refused with an error saying what is wrong.

use dungeon_bots::{Bot, BotKind, seat_seed};
use dungeon_engine::options::{FirstAdventurer, GameOptions};
use dungeon_engine::state::GameState;
use dungeon_engine::{Action, Engine, Event, Seat};
use dungeon_records::{
    FileChange, GameRecord, MAX_BYTES, MAX_DECISIONS, PackChange, RecordError, SeatBots, SeatRecord,
};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Serialises anything serde can, for byte-for-byte comparisons.
macro_rules! to_json {
    ($value:expr) => {
        serde_json::to_string($value).expect("serialisable")
    };
}

/// A game played by bots, with a save taken before some of its decisions.
struct Played {
    record: GameRecord,
    actions: Vec<(Seat, Action)>,
    events: Vec<Event>,
    /// `marks[i]`: events before decision `i`.
    marks: Vec<usize>,
    /// The save (JSON) taken before decision `i`.
    saves: BTreeMap<usize, String>,
}

fn seats(kinds: &[BotKind]) -> Vec<SeatRecord> {
    kinds
        .iter()
        .map(|k| SeatRecord {
            name: String::new(),
            bot: Some(k.id()),
        })
        .collect()
}

fn options(players: u8, i: u64) -> GameOptions {
    GameOptions {
        players,
        designer_variant: i % 2 == 1,
        first_adventurer: if i.is_multiple_of(3) {
            FirstAdventurer::Random
        } else {
            FirstAdventurer::Choose
        },
        ..GameOptions::default()
    }
}

/// Plays a game with one bot of each kind per seat, saving before each decision in `save_at`.
fn play(
    engine: &mut Engine,
    kinds: &[BotKind],
    options: GameOptions,
    seed: u64,
    save_at: &[usize],
) -> Played {
    let mut bots: Vec<Box<dyn Bot>> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| k.create(seat_seed(seed, i)))
        .collect();
    let mut events = Vec::new();
    let mut state = engine
        .new_game(options.clone(), seed, &mut events)
        .expect("new game");
    let catalog = engine.catalog().clone();
    let mut record = GameRecord::new(&catalog, options, seats(kinds), seed, &state);
    let mut played = Played {
        record: record.clone(),
        actions: Vec::new(),
        events: Vec::new(),
        marks: Vec::new(),
        saves: BTreeMap::new(),
    };
    while let Some(seat) = state.current_seat() {
        let at = played.actions.len();
        assert!(at < MAX_DECISIONS, "seed {seed}: game too long");
        if save_at.contains(&at) {
            record.bots = Some(bots.iter().map(|b| Some(b.save())).collect());
            played.saves.insert(at, record.to_json());
            record.bots = None;
        }
        let view = engine.view(&state, seat);
        let action = bots[seat as usize].decide(engine, &view);
        played.marks.push(events.len());
        engine
            .apply(&mut state, action, &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}, decision {at}: {e}"));
        record.push(&catalog, seat, action, &state);
        played.actions.push((seat, action));
    }
    played.marks.push(events.len());
    played.record = record;
    played.events = events;
    played
}

fn library() -> dungeon_engine::PackLibrary {
    dungeon_tests::library()
}

/// Loads a save as `dungeon play --load` does: read, packs, replay, bots.
fn load(json: &str) -> Result<(Engine, GameState, SeatBots), RecordError> {
    let record = GameRecord::read(json.as_bytes())?;
    let (catalog, _) = record.catalog(&library())?;
    let mut engine = Engine::new(Arc::new(catalog)).expect("engine");
    let state = record.verify(&mut engine)?;
    let bots = record.restore_bots()?;
    Ok((engine, state, bots))
}

/// Plays `state` to the end with `bots`; the decisions and the events.
fn continue_game(
    engine: &mut Engine,
    mut state: GameState,
    bots: &mut [Box<dyn Bot>],
) -> (Vec<(Seat, Action)>, Vec<Event>, GameState) {
    let mut actions = Vec::new();
    let mut events = Vec::new();
    while let Some(seat) = state.current_seat() {
        let view = engine.view(&state, seat);
        let action = bots[seat as usize].decide(engine, &view);
        engine
            .apply(&mut state, action, &mut events)
            .expect("resumed game");
        actions.push((seat, action));
    }
    (actions, events, state)
}

// --- A resumed game goes on exactly as the one never saved ------------------------------

/// Plays a game, saves it before each decision of `save_at`, loads each save with a fresh
/// engine and restored bots, plays it to the end and checks the decisions, the events and
/// the final state are the uninterrupted game's. With `rebuilt`, returns for each save
/// whether bots rebuilt from their seeds (as before saves held their state) would have
/// played differently. Returns the game too.
fn check_resume(
    packs: &[&str],
    kinds: &[BotKind],
    options: GameOptions,
    seed: u64,
    save_at: &[usize],
    rebuilt: bool,
) -> (Vec<bool>, Played) {
    let mut engine = dungeon_tests::engine(packs);
    let game = play(&mut engine, kinds, options, seed, save_at);
    assert!(
        game.saves.len() >= save_at.len().min(2),
        "seed {seed}: the game ended before most of its saves"
    );
    let mut rebuilt_differ = Vec::new();
    for (&at, json) in &game.saves {
        let what = format!("{kinds:?}, seed {seed}, saved before decision {at}");
        let (mut fresh, state, bots) = load(json).unwrap_or_else(|e| panic!("{what}: {e}"));
        let mut bots: Vec<Box<dyn Bot>> = bots.into_iter().map(Option::unwrap).collect();
        let (actions, events, end) = continue_game(&mut fresh, state.clone(), &mut bots);
        assert_eq!(actions, game.actions[at..], "{what}: other decisions");
        assert_eq!(
            to_json!(&events),
            to_json!(&game.events[game.marks[at]..]),
            "{what}: other events"
        );
        assert_eq!(
            serde_json::to_value(&end).expect("json"),
            game.record.state,
            "{what}: another end"
        );
        if rebuilt {
            let mut bots: Vec<Box<dyn Bot>> = kinds
                .iter()
                .enumerate()
                .map(|(s, k)| k.create(seat_seed(seed, s)))
                .collect();
            let (other, _, _) = continue_game(&mut fresh, state, &mut bots);
            rebuilt_differ.push(other != game.actions[at..]);
        }
    }
    (rebuilt_differ, game)
}

#[test]
fn random_bots_resume_exactly() {
    let mut differ = 0;
    for i in 0..4u64 {
        let players = 2 + (i % 3) as u8;
        let kinds = vec![BotKind::Random; players as usize];
        let (rebuilt, _) = check_resume(
            &["base"],
            &kinds,
            options(players, i),
            31_000 + i,
            &[0, 1, 5, 17, 40],
            true,
        );
        differ += rebuilt.iter().filter(|&&d| d).count();
    }
    // A random bot rebuilt from its seed restarts its generator.
    assert!(
        differ > 0,
        "rebuilt bots never played differently: the test cannot tell"
    );
}

/// Rules bots resume exactly (their generators come back), at every decision of a
/// three-player game of both boxes.
#[test]
fn rules_bots_resume_exactly() {
    let packs = ["base", "sequel"];
    let kinds = [BotKind::Rules; 3];
    let (seed, at) = (41_000, 40);
    // Options whose choice figures ship (without the designer variant): elsewhere each of
    // the rules bot's first choices plays thousands of rounds, a minute in a test build.
    let (_, game) = check_resume(&packs, &kinds, options(3, 2), seed, &[at], false);
    eprintln!(
        "a save with three rules bots: {} bytes",
        game.saves[&at].len()
    );
    let save: serde_json::Value = serde_json::from_str(&game.saves[&at]).expect("json");
    let (mut fresh, state, bots) = load(&save.to_string()).expect("the save loads");
    let mut bots: Vec<Box<dyn Bot>> = bots.into_iter().map(Option::unwrap).collect();
    let (actions, _, _) = continue_game(&mut fresh, state, &mut bots);
    assert_eq!(
        actions,
        game.actions[at..],
        "the loaded bots play on the same"
    );
}

#[test]
fn ismcts_bots_resume_exactly() {
    let kinds = [BotKind::Ismcts(24), BotKind::Ismcts(24)];
    let (rebuilt, _) = check_resume(&["base"], &kinds, options(2, 0), 31_100, &[5, 40], true);
    assert!(
        rebuilt.contains(&true),
        "rebuilt bots played the same: the test cannot tell"
    );
}

#[test]
fn a_mixed_table_resumes_exactly() {
    let kinds = [BotKind::Ismcts(16), BotKind::Rules, BotKind::Random];
    check_resume(
        &["base", "sequel"],
        &kinds,
        options(3, 2),
        31_200,
        &[17],
        false,
    );
}

// --- Records play again; crafted files are refused ---------------------------------------

/// Reads and checks a record as `dungeon replay` does: read, packs, replay to the stored state.
fn check_record(json: &str) -> Result<GameState, RecordError> {
    let record = GameRecord::read(json.as_bytes())?;
    let (catalog, _) = record.catalog(&library())?;
    let mut engine = Engine::new(Arc::new(catalog)).expect("engine");
    record.verify(&mut engine)
}

/// A finished three-player game of random bots, with a save before decision 20: the
/// first such game from seed 5150 on that lasts 40 decisions or more.
fn sample() -> Played {
    let mut engine = dungeon_tests::engine(&["base"]);
    (5_150..)
        .map(|seed| {
            play(
                &mut engine,
                &[BotKind::Random; 3],
                options(3, 1),
                seed,
                &[20],
            )
        })
        .find(|game| game.actions.len() >= 40)
        .expect("a long enough game")
}

/// A crafted file: what it is, the edit that makes it, and the refusal expected.
type Case = (
    &'static str,
    Box<dyn Fn(&mut serde_json::Value)>,
    fn(&RecordError) -> bool,
);

fn edited(json: &str, edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut value: serde_json::Value = serde_json::from_str(json).expect("json");
    edit(&mut value);
    serde_json::to_string_pretty(&value).expect("json")
}

#[test]
fn a_record_of_a_finished_game_plays_again_to_its_end() {
    let game = sample();
    let json = game.record.to_json();
    let state = check_record(&json).expect("the record verifies");
    assert!(state.is_over());
    assert_eq!(
        serde_json::to_value(&state).expect("json"),
        game.record.state
    );
    assert_eq!(game.record.decisions.len(), game.actions.len());
    // Written and read back, the record is the same bytes.
    let again = GameRecord::read(json.as_bytes()).expect("reads");
    assert_eq!(again.to_json(), json);
    // A save loads, and its bots come back.
    let (_, _, bots) = load(&game.saves[&20]).expect("the save loads");
    assert!(bots.iter().all(Option::is_some));
    // A record is not a save when bots sit at the table.
    assert_eq!(load(&json).err(), Some(RecordError::NotASave));
}

/// The defects the old save format let through (negative HP, five successes, a tile held
/// twice, a winner mid-game, an unknown special monster, everyone passed, a seat not at the
/// table), and any other edit of the stored state: the decisions do not lead there.
#[test]
fn an_edited_state_is_refused_naming_where_it_differs() {
    let game = sample();
    let save = &game.saves[&20];
    type Edit = fn(&mut serde_json::Value);
    let cases: [(&str, Edit); 10] = [
        ("state.run.hp", |v| v["state"]["run"]["hp"] = (-5).into()),
        ("state.players[0].successes", |v| {
            v["state"]["players"][0]["successes"] = 5.into()
        }),
        ("state.tiles", |v| {
            let tiles = v["state"]["tiles"].as_array_mut().unwrap();
            tiles.push(tiles[0].clone());
        }),
        ("state.winner", |v| v["state"]["winner"] = 0.into()),
        ("state.public_specials", |v| {
            v["state"]["public_specials"] = serde_json::json!([999])
        }),
        ("state.players[0].passed", |v| {
            for p in v["state"]["players"].as_array_mut().unwrap() {
                p["passed"] = true.into();
            }
        }),
        ("state.starter", |v| v["state"]["starter"] = 200.into()),
        ("state.deck", |v| {
            v["state"]["deck"].as_array_mut().unwrap().push(200.into())
        }),
        ("state.cheat", |v| v["state"]["cheat"] = 1.into()),
        ("state.rng.word_pos", |v| {
            v["state"]["rng"]["word_pos"] = serde_json::json!(1u64 << 40)
        }),
    ];
    for (at, edit) in cases {
        let err = load(&edited(save, edit)).err().expect(at);
        assert_eq!(err, RecordError::StateDiffers { at: at.into() }, "{at}");
        assert!(err.to_string().contains(at), "{err}");
    }
    // The final record too, and a record one decision short of its state.
    let record = game.record.to_json();
    let err = check_record(&edited(&record, |v| {
        // Another seat than the real winner.
        let winner = v["state"]["winner"].as_u64().expect("a finished game");
        v["state"]["winner"] = ((winner + 1) % 3).into();
    }))
    .unwrap_err();
    assert!(matches!(err, RecordError::StateDiffers { .. }), "{err}");
    let err = check_record(&edited(&record, |v| {
        v["decisions"].as_array_mut().unwrap().pop();
    }))
    .unwrap_err();
    assert!(matches!(err, RecordError::StateDiffers { .. }), "{err}");
}

#[test]
fn other_packs_or_rules_are_refused_naming_what_changed() {
    let record = sample().record.to_json();
    let refuse =
        |edit: fn(&mut serde_json::Value)| check_record(&edited(&record, edit)).unwrap_err();

    let err = refuse(|v| v["packs"][0]["version"] = "9.9".into());
    assert!(
        matches!(&err, RecordError::Packs(c) if matches!(&c[0], PackChange::Version { pack, record, .. } if pack == "base" && record == "9.9")),
        "{err:?}"
    );
    assert!(err.to_string().contains("pack `base`"), "{err}");

    let err = refuse(|v| v["packs"][0]["files"][1]["sha256"] = "00".repeat(32).into());
    let RecordError::Packs(changes) = &err else {
        panic!("{err:?}")
    };
    let PackChange::Files { pack, files } = &changes[0] else {
        panic!("{changes:?}")
    };
    assert_eq!(pack, "base");
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].1, FileChange::Changed);
    assert!(files[0].0.ends_with(".lua"), "{files:?}");
    assert!(err.to_string().contains(&files[0].0), "{err}");

    let err = refuse(|v| {
        v["packs"][0]["files"].as_array_mut().unwrap().pop();
    });
    assert!(err.to_string().contains("(new)"), "{err}");
    let err = refuse(|v| v["packs"][0]["id"] = "nosuch".into());
    assert_eq!(
        err,
        RecordError::Packs(vec![PackChange::Missing {
            pack: "nosuch".into()
        }])
    );
    let err = refuse(|v| v["rules_version"] = 1.into());
    assert!(
        matches!(err, RecordError::RulesVersion { record: 1, .. }),
        "{err:?}"
    );
    let err = refuse(|v| v["prelude_sha256"] = "ab".into());
    assert_eq!(err, RecordError::Prelude);
    // A pack id from the file is shown escaped.
    let err = refuse(|v| v["packs"][0]["id"] = "x\u{1b}[2J".into());
    assert!(err.to_string().contains("x\\x1b[2J"), "{err}");
}

#[test]
fn crafted_headers_seats_and_decisions_are_refused() {
    let game = sample();
    let record = game.record.to_json();
    let refuse = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut value: serde_json::Value = serde_json::from_str(&record).unwrap();
        edit(&mut value);
        check_record(&value.to_string()).unwrap_err()
    };
    let malformed = |e: &RecordError| matches!(e, RecordError::Malformed(_));
    let cases: Vec<Case> = vec![
        ("format 1", Box::new(|v| v["format"] = 1.into()), |e| {
            *e == RecordError::OldFormat
        }),
        (
            "format 99",
            Box::new(|v| v["format"] = 99.into()),
            |e| matches!(e, RecordError::Format { found } if found == "99"),
        ),
        (
            "format text",
            Box::new(|v| v["format"] = "two".into()),
            |e| matches!(e, RecordError::Format { .. }),
        ),
        (
            "no format",
            Box::new(|v| {
                v.as_object_mut().unwrap().remove("format");
            }),
            malformed,
        ),
        (
            "unknown field",
            Box::new(|v| v["cheat"] = 1.into()),
            malformed,
        ),
        (
            "unknown seat field",
            Box::new(|v| v["seats"][0]["hp"] = 9.into()),
            malformed,
        ),
        (
            "unknown option",
            Box::new(|v| v["options"]["lives"] = 9.into()),
            malformed,
        ),
        (
            "unknown decision field",
            Box::new(|v| v["decisions"][0]["why"] = 1.into()),
            malformed,
        ),
        (
            "unknown pack field",
            Box::new(|v| v["packs"][0]["trust"] = true.into()),
            malformed,
        ),
        (
            "seed type",
            Box::new(|v| v["seed"] = "abc".into()),
            malformed,
        ),
        (
            "negative seed",
            Box::new(|v| v["seed"] = (-1).into()),
            malformed,
        ),
        (
            "decisions type",
            Box::new(|v| v["decisions"] = 5.into()),
            malformed,
        ),
        (
            "state type",
            Box::new(|v| v["state"]["round"] = "three".into()),
            malformed,
        ),
        (
            "state missing field",
            Box::new(|v| {
                v["state"].as_object_mut().unwrap().remove("deck");
            }),
            malformed,
        ),
        (
            "players 5",
            Box::new(|v| v["options"]["players"] = 5.into()),
            |e| {
                matches!(
                    e,
                    RecordError::Seats {
                        seats: 3,
                        players: 5
                    }
                )
            },
        ),
        (
            "five seats",
            Box::new(|v| {
                v["options"]["players"] = 5.into();
                let seat = v["seats"][0].clone();
                let seats = v["seats"].as_array_mut().unwrap();
                seats.push(seat.clone());
                seats.push(seat);
            }),
            |e| matches!(e, RecordError::Setup(_)),
        ),
        (
            "unknown adventurer",
            Box::new(|v| v["options"]["first_adventurer"] = serde_json::json!({"named": "nobody"})),
            |e| matches!(e, RecordError::Setup(_)),
        ),
        (
            "long name",
            Box::new(|v| v["seats"][0]["name"] = "n".repeat(500).into()),
            |e| matches!(e, RecordError::LongName { seat: 0 }),
        ),
        (
            "unknown bot",
            Box::new(|v| v["seats"][1]["bot"] = "superbot".into()),
            |e| matches!(e, RecordError::UnknownBot { seat: 1, .. }),
        ),
        (
            "illegal decision",
            Box::new(|v| v["decisions"][3]["action"] = "aside:nothing".into()),
            |e| matches!(e, RecordError::Illegal { number: 4, .. }),
        ),
        (
            "wrong seat",
            Box::new(|v| v["decisions"][3]["seat"] = 7.into()),
            |e| {
                matches!(
                    e,
                    RecordError::WrongSeat {
                        number: 4,
                        recorded: 7,
                        ..
                    }
                )
            },
        ),
        (
            "after the end",
            Box::new(|v| {
                v["decisions"]
                    .as_array_mut()
                    .unwrap()
                    .push(serde_json::json!({"seat": 0, "action": "pass"}))
            }),
            |e| matches!(e, RecordError::AfterEnd { .. }),
        ),
        (
            "another seed",
            Box::new(|v| v["seed"] = 5_151.into()),
            |e| {
                matches!(
                    e,
                    RecordError::Illegal { .. }
                        | RecordError::WrongSeat { .. }
                        | RecordError::AfterEnd { .. }
                        | RecordError::StateDiffers { .. }
                )
            },
        ),
        (
            "too many decisions",
            Box::new(|v| {
                let one = v["decisions"][0].clone();
                v["decisions"] = serde_json::Value::Array(vec![one; MAX_DECISIONS + 1]);
            }),
            |e| matches!(e, RecordError::TooManyDecisions { .. }),
        ),
    ];
    for (what, edit, expected) in &cases {
        let err = refuse(edit.as_ref());
        assert!(expected(&err), "{what}: {err:?}");
        assert!(!err.to_string().is_empty());
    }
    // An illegal decision says what was legal.
    let err = refuse(&|v| v["decisions"][3]["action"] = "aside:nothing".into());
    assert!(err.to_string().contains("legal:"), "{err}");
}

#[test]
fn crafted_bot_states_are_refused() {
    let save = sample().saves.remove(&20).expect("a save");
    let refuse = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut value: serde_json::Value = serde_json::from_str(&save).unwrap();
        edit(&mut value);
        load(&value.to_string()).err().expect("refused")
    };
    let bots_error = |e: &RecordError| matches!(e, RecordError::Bots(_));
    let cases: Vec<Case> = vec![
        (
            "missing state",
            Box::new(|v| v["bots"][1] = serde_json::Value::Null),
            bots_error,
        ),
        (
            "one too few",
            Box::new(|v| {
                v["bots"].as_array_mut().unwrap().pop();
            }),
            bots_error,
        ),
        (
            "another kind",
            Box::new(|v| {
                v["bots"][0] = serde_json::to_value(BotKind::Rules.create(1).save()).unwrap();
            }),
            bots_error,
        ),
        (
            "unknown field",
            Box::new(|v| v["bots"][0]["uniform"]["luck"] = 1.into()),
            |e| matches!(e, RecordError::Malformed(_)),
        ),
        (
            "rng type",
            Box::new(|v| v["bots"][0]["uniform"]["rng"] = "fixed".into()),
            |e| matches!(e, RecordError::Malformed(_)),
        ),
    ];
    for (what, edit, expected) in &cases {
        let err = refuse(edit.as_ref());
        assert!(expected(&err), "{what}: {err:?}");
    }
    // A save made by the rules bot before this one kept an odds cache: it still loads
    // when well formed, and is refused when cut short, not hex, or out of order.
    let mut engine = dungeon_tests::engine(&["base"]);
    let kinds = [BotKind::Rules, BotKind::Random];
    let game = (77..)
        .map(|seed| play(&mut engine, &kinds, options(2, 0), seed, &[30]))
        .find(|game| game.saves.contains_key(&30))
        .expect("a game of 30 decisions");
    let save = &game.saves[&30];
    let kept = {
        let v: serde_json::Value = serde_json::from_str(save).unwrap();
        v["bots"][0]["rules"]["odds_cache"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        kept, "",
        "the normal bot keeps no odds cache between decisions"
    );
    // Three entries, keys in increasing order, as the earlier bot wrote them.
    let entry = |key: u64, odds: f64| format!("{key:016x}{:016x}", odds.to_bits());
    let cache = [entry(7, 0.5), entry(9, 1.0), entry(40, 0.25)].concat();
    let json = edited(save, |v| {
        v["bots"][0]["rules"]["odds_cache"] = cache.clone().into()
    });
    assert!(load(&json).is_ok(), "an earlier bot's cache loads");
    let swapped = format!("{}{}{}", &cache[32..64], &cache[..32], &cache[64..]);
    for (what, bad) in [
        ("cut", cache[..cache.len() - 3].to_string()),
        ("not hex", format!("zz{}", &cache[2..])),
        ("upper case", cache.to_uppercase()),
        ("out of order", swapped),
    ] {
        let json = edited(save, |v| v["bots"][0]["rules"]["odds_cache"] = bad.into());
        let err = load(&json).err().expect(what);
        assert!(
            matches!(&err, RecordError::Bots(m) if m.contains("odds cache")),
            "{what}: {err:?}"
        );
    }
}

#[test]
fn truncated_huge_and_garbled_files_are_refused_without_panicking() {
    let game = sample();
    let save = &game.saves[&20];
    // Every way of cutting the file short.
    let bytes = save.as_bytes();
    for cut in (0..bytes.len()).step_by(bytes.len() / 300 + 1) {
        let err = GameRecord::read(&bytes[..cut]).expect_err("a cut file");
        assert!(
            matches!(err, RecordError::Malformed(_)),
            "cut at {cut}: {err:?}"
        );
    }
    // Too big: refused before it is parsed.
    let huge = vec![b' '; MAX_BYTES + 1];
    assert!(matches!(
        GameRecord::read(&huge),
        Err(RecordError::TooBig { .. })
    ));
    assert!(matches!(
        GameRecord::read(b"\xff\xfe not utf-8"),
        Err(RecordError::Malformed(_))
    ));
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(matches!(
        GameRecord::read(deep.as_bytes()),
        Err(RecordError::Malformed(_))
    ));
    // Garbled: bytes changed here and there. Each file loads or is refused, never panics;
    // one that loads is the same game.
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mut loaded, mut refused) = (0, 0);
    for _ in 0..400 {
        let mut bytes = save.as_bytes().to_vec();
        for _ in 0..1 + rng.next_u32() % 3 {
            let at = rng.next_u32() as usize % bytes.len();
            match rng.next_u32() % 3 {
                0 => bytes[at] = b"0123456789\",:[]{}-ae"[rng.next_u32() as usize % 20],
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, bytes[at]),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        match load(&text) {
            Ok((_, state, _)) => {
                loaded += 1;
                let expected = load(save).expect("the save loads").1;
                assert_eq!(state, expected, "a garbled save loaded as another game");
            }
            Err(_) => refused += 1,
        }
    }
    eprintln!("garbled saves: {loaded} loaded (harmless edits), {refused} refused");
    assert!(refused > 300);
}

/// The example of `docs/records.md` has the fields a record has, and its decisions play.
#[test]
fn the_documented_example_is_a_record() {
    let doc = std::fs::read_to_string(dungeon_tests::root().join("docs/records.md")).expect("doc");
    let block = doc
        .split("<!-- record example -->\n```json\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("the example");
    let example: serde_json::Value = serde_json::from_str(block).expect("the example is JSON");
    let real: serde_json::Value = serde_json::from_str(&sample().record.to_json()).unwrap();
    let keys = |v: &serde_json::Value| -> Vec<String> {
        v.as_object().expect("an object").keys().cloned().collect()
    };
    for path in [
        "",
        "/packs/0",
        "/packs/0/files/0",
        "/options",
        "/seats/1",
        "/decisions/0",
    ] {
        assert_eq!(
            keys(example.pointer(path).unwrap()),
            keys(real.pointer(path).unwrap()),
            "fields of `{path}`"
        );
    }
    // Its decisions, with the real packs' stamps and the state they lead to, verify.
    let mut record: GameRecord = serde_json::from_value(example).expect("the example's types");
    let mut engine = dungeon_tests::engine(&["base"]);
    record.packs = dungeon_records::stamps(engine.catalog());
    record.rules_version = dungeon_engine::version::RULES_VERSION;
    record.prelude_sha256 = dungeon_engine::version::prelude_hash();
    let mut events = Vec::new();
    let mut replay = dungeon_records::Replay::start(&mut engine, &record, &mut events)
        .expect("the example starts");
    while replay
        .step(&mut engine, &mut events)
        .unwrap_or_else(|e| panic!("the example's decisions: {e}"))
        .is_some()
    {}
}

/// Huge texts and lists from a file give short messages, quickly.
#[test]
fn huge_fields_give_short_messages() {
    let record = sample().record.to_json();
    let long = "x".repeat(1 << 20);
    let refuse = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut value: serde_json::Value = serde_json::from_str(&record).unwrap();
        edit(&mut value);
        check_record(&value.to_string()).unwrap_err()
    };
    let cases: Vec<(&str, Box<dyn Fn(&mut serde_json::Value)>)> = vec![
        (
            "bot",
            Box::new(|v| v["seats"][1]["bot"] = long.clone().into()),
        ),
        (
            "action",
            Box::new(|v| v["decisions"][2]["action"] = long.clone().into()),
        ),
        (
            "pack id",
            Box::new(|v| v["packs"][0]["id"] = long.clone().into()),
        ),
        (
            "version",
            Box::new(|v| v["packs"][0]["version"] = long.clone().into()),
        ),
        ("field name", Box::new(|v| v[long.as_str()] = 1.into())),
        (
            "state key",
            Box::new(|v| v["state"][long.as_str()] = 1.into()),
        ),
        (
            "adventurer",
            Box::new(|v| {
                v["options"]["first_adventurer"] = serde_json::json!({ "named": long.clone() })
            }),
        ),
        (
            "many packs",
            Box::new(|v| {
                let pack = v["packs"][0].clone();
                let mut packs = vec![pack; 2_000];
                for (i, p) in packs.iter_mut().enumerate() {
                    p["id"] = format!("pack{i}").into();
                }
                v["packs"] = serde_json::Value::Array(packs);
            }),
        ),
        (
            "many files",
            Box::new(|v| {
                let file = v["packs"][0]["files"][0].clone();
                let mut files = vec![file; 50_000];
                for (i, f) in files.iter_mut().enumerate() {
                    f["path"] = format!("f{i}.lua").into();
                }
                v["packs"][0]["files"] = serde_json::Value::Array(files);
            }),
        ),
    ];
    for (what, edit) in &cases {
        let message = refuse(edit.as_ref()).to_string();
        assert!(
            message.len() < 1_500,
            "{what}: a message of {} bytes",
            message.len()
        );
    }
}

/// What only the log needs (the card that forced a success, the lines scripts logged) is
/// kept in the state, which saves and loads losslessly; a record made before those fields
/// existed (its stored state without them) still matches its decisions played again, and
/// a stored value that is not the one replayed is refused like any other.
#[test]
fn a_record_made_before_the_logs_fields_still_loads() {
    let mut engine = dungeon_tests::engine(&["base"]);
    // A finished game whose last run was made a success by a card.
    let game = (7_000..)
        .map(|seed| {
            play(
                &mut engine,
                &[BotKind::Random; 2],
                options(2, seed),
                seed,
                &[],
            )
        })
        .find(|g| {
            let state: GameState = serde_json::from_value(g.record.state.clone()).unwrap();
            state.run.success_forced_by.is_some()
        })
        .expect("a game ending on a forced success");
    let record = game.record.to_json();
    check_record(&record).unwrap_or_else(|e| panic!("{e}"));
    let older = edited(&record, |v| {
        let run = v["state"]["run"].as_object_mut().unwrap();
        assert!(run.remove("success_forced_by").is_some());
        assert!(!run.contains_key("log_lines"));
    });
    check_record(&older).unwrap_or_else(|e| panic!("{e}"));
    let tampered = edited(&record, |v| {
        v["state"]["run"]["success_forced_by"] = serde_json::json!({ "Monster": 0 });
    });
    let err = check_record(&tampered).unwrap_err();
    assert!(
        matches!(&err, RecordError::StateDiffers { at } if at.starts_with("state.run.success_forced_by")),
        "{err}"
    );
}
