//! Each message goes to JSON and back unchanged; a frame that is too big, not JSON, an
//! unknown message or field, or a wrong type is refused with its code.

use crate::*;
use dungeon_engine::action::{Action, Answer, Decision, DecisionKind};
use dungeon_engine::event::Event;
use dungeon_engine::ids::AdventurerId;
use dungeon_engine::options::GameOptions;
use dungeon_engine::view::View;
use dungeon_table::{LogEntry, SeatInfo};

fn round_trip_client(message: ClientMessage) {
    let json = message.to_json();
    let back = parse_client_frame(json.as_bytes(), MAX_CLIENT_FRAME)
        .unwrap_or_else(|e| panic!("{json}: {e:?}"));
    assert_eq!(back, message, "{json}");
}

fn round_trip_server(message: ServerMessage) {
    let json = message.to_json();
    let back: ServerMessage = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(back, message, "{json}");
}

fn setup() -> Setup {
    let catalog = dungeon_tests::catalog(&["base"]);
    Setup {
        packs: pack_hashes(&catalog),
        seats: vec![
            SeatInfo {
                name: "Ana".into(),
                bot: None,
                controlled: true,
            },
            SeatInfo {
                name: String::new(),
                bot: Some("rules".into()),
                controlled: false,
            },
        ],
        options: GameOptions::default(),
        turn_timeout_secs: Some(60),
        started: false,
        taken: vec![0],
        brought: None,
    }
}

#[test]
fn every_client_message_round_trips() {
    let messages = [
        ClientMessage::Hello {
            version: 1,
            lang: None,
        },
        ClientMessage::CreateTable(NewTable {
            packs: vec!["base".into(), "sequel".into()],
            players: 4,
            humans: 2,
            bots: vec!["hard".into()],
            options: TableOptions {
                variant: true,
                rulings: vec!["designer_variant=each_player".into()],
                adventurer: Some("warrior".into()),
            },
            turn_timeout_secs: Some(60),
            name: "Ana".into(),
            pack: Some(crate::PackUpload {
                manifest: "mine.toml".into(),
                files: [("mine.toml".to_string(), "[pack]".to_string())].into(),
            }),
        }),
        ClientMessage::Join {
            code: "ABCD".into(),
            name: "Ana".into(),
        },
        ClientMessage::Rejoin {
            code: "ABCD".into(),
            token: "00ff".into(),
        },
        ClientMessage::Watch {
            code: "ABCD".into(),
        },
        ClientMessage::Start {},
        ClientMessage::Answer {
            number: 3,
            action: Action::Answer(Answer::Yes),
        },
        ClientMessage::Answer {
            number: 0,
            action: Action::ChooseAdventurer(AdventurerId(2)),
        },
        ClientMessage::AskOdds {},
    ];
    for message in messages {
        round_trip_client(message);
    }
}

#[test]
fn every_server_message_round_trips() {
    let mut engine = dungeon_tests::engine(&["base"]);
    let mut events = Vec::new();
    let state = engine
        .new_game(GameOptions::default(), 7, &mut events)
        .expect("a game");
    let view = View::new(&state, 0).snapshot();
    let decision = state.pending.clone().expect("a question");
    let entries = events
        .iter()
        .enumerate()
        .map(|(i, e)| LogEntry {
            index: i as u64,
            public: e.seen_by(u8::MAX),
            private: None,
        })
        .collect();
    let messages = [
        ServerMessage::Welcome {
            version: 1,
            server: "dungeon 0.1.0".into(),
        },
        ServerMessage::TableCreated {
            code: "ABCD".into(),
            seat: 0,
            token: "00ff".into(),
            setup: setup(),
        },
        ServerMessage::Seated {
            seat: 1,
            token: "00ff".into(),
            setup: setup(),
        },
        ServerMessage::Watching { setup: setup() },
        ServerMessage::Log { entries },
        ServerMessage::Log {
            entries: vec![LogEntry {
                index: 9,
                public: Event::Passed {
                    seat: 0,
                    forced: false,
                },
                private: Some((0, Event::Won { seat: 0 })),
            }],
        },
        ServerMessage::View { view },
        ServerMessage::Asking {
            seat: 0,
            number: 0,
            decision,
        },
        ServerMessage::Asking {
            seat: 1,
            number: 4,
            decision: Decision {
                seat: 1,
                kind: DecisionKind::DrawOrPass,
            },
        },
        ServerMessage::Waiting { seat: 1, number: 5 },
        ServerMessage::Over { winner: Some(1) },
        ServerMessage::Over { winner: None },
        ServerMessage::Stopped {
            reason: StopReason::HiddenMonster {},
        },
        ServerMessage::Stopped {
            reason: StopReason::Broken {},
        },
        ServerMessage::Notice {
            index: 12,
            kind: NoticeKind::TimedOut { seat: 1 },
        },
        ServerMessage::Notice {
            index: 0,
            kind: NoticeKind::Left { seat: 0 },
        },
        ServerMessage::Notice {
            index: 0,
            kind: NoticeKind::Started {},
        },
        ServerMessage::Accepted { number: 5 },
        ServerMessage::Odds {
            number: 5,
            odds: None,
        },
        ServerMessage::error(ErrorCode::NotYourTurn, "seat 2 is asked"),
    ];
    for message in messages {
        round_trip_server(message);
    }
}

#[test]
fn the_wire_form_is_tagged_in_snake_case() {
    assert_eq!(ClientMessage::Start {}.to_json(), r#"{"type":"start"}"#);
    assert_eq!(
        ClientMessage::Answer {
            number: 2,
            action: Action::Draw
        }
        .to_json(),
        r#"{"type":"answer","number":2,"action":"Draw"}"#
    );
    let error = ServerMessage::error(ErrorCode::TooManyConnections, "x").to_json();
    assert_eq!(
        error,
        r#"{"type":"error","code":"too_many_connections","message":"x"}"#
    );
    for code in [
        ErrorCode::NotYourTurn,
        ErrorCode::VersionMismatch,
        ErrorCode::TooBig,
    ] {
        assert_eq!(
            serde_json::to_string(&code).unwrap(),
            format!("\"{}\"", code.as_str())
        );
    }
}

fn refused(frame: &str) -> FrameError {
    match parse_client_frame(frame.as_bytes(), MAX_CLIENT_FRAME) {
        Ok(message) => panic!("{frame} was read as {message:?}"),
        Err(e) => e,
    }
}

#[test]
fn unknown_fields_are_refused_at_every_level() {
    for frame in [
        r#"{"type":"hello","version":1,"admin":true}"#,
        r#"{"type":"start","x":1}"#,
        r#"{"type":"ask_odds","seat":2}"#,
        r#"{"type":"answer","number":1,"action":"Draw","seat":1}"#,
        r#"{"type":"create_table","packs":["base"],"players":2,"humans":1,"seed":5}"#,
        r#"{"type":"create_table","packs":["base"],"players":2,"humans":1,"options":{"seed":5}}"#,
        r#"{"type":"join","code":"A","name":"B","token":"C"}"#,
    ] {
        let e = refused(frame);
        assert_eq!(e.code, ErrorCode::Malformed, "{frame}");
        assert!(
            e.message.contains("unknown field"),
            "{frame}: {}",
            e.message
        );
    }
}

#[test]
fn wrong_types_unknown_messages_and_bad_json_are_malformed() {
    for frame in [
        r#"{"type":"hello","version":"1"}"#,
        r#"{"type":"hello","version":-1}"#,
        r#"{"type":"answer","number":1,"action":"Fly"}"#,
        r#"{"type":"answer","number":1.5,"action":"Draw"}"#,
        r#"{"type":"answer","number":4294967296,"action":"Draw"}"#,
        r#"{"type":"create_table","packs":"base","players":2,"humans":1}"#,
        r#"{"type":"create_table","packs":["base"],"players":300,"humans":1}"#,
        r#"{"type":"become_admin"}"#,
        r#"{"version":1}"#,
        r#"[1,2]"#,
        r#"null"#,
        r#"{"type":"hello","version":1"#,
        "\u{0}\u{1}garbage",
        "",
    ] {
        assert_eq!(refused(frame).code, ErrorCode::Malformed, "{frame}");
    }
    // The message sent back is one bounded line, whatever the frame held.
    let long_field = format!(
        r#"{{"type":"hello","version":1,"{}\n":1}}"#,
        "x".repeat(5000)
    );
    let e = refused(&long_field);
    assert!(e.message.len() < 400, "{}", e.message);
    assert!(!e.message.contains('\n'));
}

#[test]
fn an_oversized_frame_is_refused_before_parsing() {
    let padding = " ".repeat(MAX_CLIENT_FRAME);
    let frame = format!(r#"{{"type":"hello","version":1}}{padding}"#);
    let e = refused(&frame);
    assert_eq!(e.code, ErrorCode::TooBig);
    // Right at the limit it is read.
    let fits = r#"{"type":"hello","version":1}"#;
    let fits = format!("{fits}{}", " ".repeat(MAX_CLIENT_FRAME - fits.len()));
    assert!(parse_client_frame(fits.as_bytes(), MAX_CLIENT_FRAME).is_ok());
    assert_eq!(
        parse_client_frame(br#"{"type":"start"}"#, 4)
            .unwrap_err()
            .code,
        ErrorCode::TooBig
    );
}

#[test]
fn pack_hashes_tell_packs_apart_and_check_them() {
    let base = dungeon_tests::catalog(&["base"]);
    let both = dungeon_tests::catalog(&["base", "sequel"]);
    let hashes = pack_hashes(&both);
    assert_eq!(hashes.len(), 2);
    assert_eq!(hashes[0], pack_hashes(&base)[0]);
    assert_ne!(hashes[0].sha256, hashes[1].sha256);
    assert_eq!(hashes[0].sha256.len(), 64);
    assert_eq!(check_packs(&both, &hashes), Ok(()));
    assert_eq!(check_packs(&base, &hashes), Err("sequel".into()));
    assert_eq!(check_packs(&both, &hashes[..1]), Err("sequel".into()));
    let mut changed = hashes.clone();
    changed[0].sha256.replace_range(0..1, "z");
    assert_eq!(check_packs(&both, &changed), Err("base".into()));
}

#[test]
fn schemas_name_every_message() {
    let schemas = schemas();
    let client = serde_json::to_string(&schemas[0].1).unwrap();
    for tag in [
        "hello",
        "create_table",
        "join",
        "rejoin",
        "watch",
        "start",
        "answer",
        "ask_odds",
    ] {
        assert!(client.contains(&format!("\"{tag}\"")), "{tag}");
    }
    let server = serde_json::to_string(&schemas[1].1).unwrap();
    for tag in [
        "welcome",
        "table_created",
        "seated",
        "watching",
        "log",
        "view",
        "asking",
        "waiting",
        "over",
        "stopped",
        "notice",
        "accepted",
        "odds",
        "error",
        "not_your_turn",
    ] {
        assert!(server.contains(&format!("\"{tag}\"")), "{tag}");
    }
}
