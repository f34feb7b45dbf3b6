//! Everything a client may get wrong, or try: each refused with its own error code, the
//! game unchanged (a spectator sees nothing happen, and the pending question is still the
//! same one), and another table, played meanwhile, unaffected.

mod support;

use dungeon_engine::action::{Action, Decision};
use dungeon_engine::ids::AdventurerId;
use dungeon_protocol::{ClientMessage, ErrorCode, MAX_CLIENT_FRAME, ServerMessage};
use std::thread;
use std::time::Duration;
use support::*;

/// The question the client is asked, skipping everything else.
fn asked(client: &mut Client) -> (u32, Decision) {
    loop {
        if let ServerMessage::Asking {
            number, decision, ..
        } = client.recv()
        {
            return (number, decision);
        }
    }
}

/// An action the decision does not offer.
fn not_offered(decision: &Decision) -> Action {
    [
        Action::ChooseAdventurer(AdventurerId(999)),
        Action::Pass,
        Action::AddToDungeon,
    ]
    .into_iter()
    .find(|a| !decision.allows(a))
    .expect("some action is not offered")
}

#[test]
fn every_wrong_message_is_refused_with_its_code_and_changes_nothing() {
    // The default rates (20 a second, bursts of 40), with room for the test's connections.
    let limits = dungeon_server::Limits {
        connections_per_address: 1000,
        ..dungeon_server::Limits::default()
    };
    let seeds = std::env::var("REFUSAL_SEEDS").map_or(41, |s| s.parse().unwrap());
    let server = server(seeds, limits);
    let url = server.url();

    // Another table (made first, so each table's seed is always the same), played to the
    // end meanwhile by its own person.
    let mut elsewhere = Client::hello(&url);
    create(&mut elsewhere, new_table(&["base"], 3, 1, "easy"));
    let other = thread::spawn(move || {
        elsewhere.send(&ClientMessage::Start {});
        play_out(&mut elsewhere, 0, 7)
    });

    let mut first = Client::hello(&url);
    let (code, _) = create(&mut first, new_table(&["base"], 2, 2, "easy"));
    let mut second = Client::hello(&url);
    let (_, token) = join(&mut second, &code, "Bo");
    let mut spectator = Client::hello(&url);
    spectator.send(&ClientMessage::Watch { code: code.clone() });
    assert!(matches!(spectator.recv(), ServerMessage::Watching { .. }));

    // Nothing can be answered before the start, and only the creator starts.
    second.send(&ClientMessage::Answer {
        number: 0,
        action: Action::Draw,
    });
    assert_eq!(second.error(), ErrorCode::NotStarted);
    second.send(&ClientMessage::Start {});
    assert_eq!(second.error(), ErrorCode::NotCreator);
    first.send(&ClientMessage::Start {});
    // The spectator's catch-up: the start, the log, the public view, then where the game
    // stands.
    assert!(matches!(
        spectator.recv(),
        ServerMessage::Notice {
            kind: dungeon_protocol::NoticeKind::Started {},
            ..
        }
    ));
    assert!(matches!(spectator.recv(), ServerMessage::Log { .. }));
    assert!(matches!(spectator.recv(), ServerMessage::View { .. }));
    let asked_seat = match spectator.recv() {
        ServerMessage::Waiting { seat, .. } => seat,
        other => panic!("expected waiting, got {other:?}"),
    };
    let (mut me, mut them) = if asked_seat == 0 {
        (first, second)
    } else {
        (second, first)
    };
    let (number, decision) = asked(&mut me);
    let offered = choose(0, number, &decision);

    // (what, the code, sent by the seat asked, the frame)
    let refusals: Vec<(&str, ErrorCode, bool, String)> = vec![
        (
            "out of turn, for the seat asked",
            ErrorCode::NotYourTurn,
            false,
            ClientMessage::Answer {
                number,
                action: offered,
            }
            .to_json(),
        ),
        (
            "naming another seat",
            ErrorCode::Malformed,
            false,
            format!(r#"{{"type":"answer","seat":{asked_seat},"number":{number},"action":"Draw"}}"#),
        ),
        (
            "an option not offered",
            ErrorCode::NotAnOption,
            true,
            ClientMessage::Answer {
                number,
                action: not_offered(&decision),
            }
            .to_json(),
        ),
        (
            "a stale question",
            ErrorCode::Stale,
            true,
            ClientMessage::Answer {
                number: number + 1,
                action: offered,
            }
            .to_json(),
        ),
        (
            "not JSON",
            ErrorCode::Malformed,
            true,
            r#"{"type":"answer","#.into(),
        ),
        (
            "an unknown field",
            ErrorCode::Malformed,
            true,
            format!(r#"{{"type":"answer","number":{number},"action":"Draw","admin":true}}"#),
        ),
        (
            "a wrong type",
            ErrorCode::Malformed,
            true,
            r#"{"type":"answer","number":"0","action":"Draw"}"#.into(),
        ),
        (
            "an unknown message",
            ErrorCode::Malformed,
            true,
            r#"{"type":"reveal_deck"}"#.into(),
        ),
        (
            "too big",
            ErrorCode::TooBig,
            true,
            format!(
                r#"{{"type":"start","pad":"{}"}}"#,
                "x".repeat(MAX_CLIENT_FRAME)
            ),
        ),
        (
            "a second start, by the creator",
            ErrorCode::AlreadyStarted,
            asked_seat == 0,
            ClientMessage::Start {}.to_json(),
        ),
        (
            "a second seat",
            ErrorCode::BadRequest,
            true,
            ClientMessage::Join {
                code: code.clone(),
                name: "again".into(),
            }
            .to_json(),
        ),
    ];
    for (what, code, from_me, frame) in refusals {
        let client = if from_me { &mut me } else { &mut them };
        client.send_raw(&frame);
        assert_eq!(client.error(), code, "{what}");
    }

    // Strangers: a wrong token, a wrong code, a message before hello, another version.
    let mut stranger = Client::hello(&url);
    // The token with its last character changed (to another one: tokens are random, and
    // one in sixteen already ended in the character once written here).
    let last = if token.ends_with('0') { '1' } else { '0' };
    stranger.send(&ClientMessage::Rejoin {
        code: code.clone(),
        token: format!("{}{last}", &token[..token.len() - 1]),
    });
    assert_eq!(stranger.error(), ErrorCode::BadToken);
    stranger.send(&ClientMessage::Rejoin {
        code: format!("{code}x"),
        token: token.clone(),
    });
    assert_eq!(stranger.error(), ErrorCode::UnknownTable);
    stranger.send(&ClientMessage::Join {
        code: code.clone(),
        name: "Cy".into(),
    });
    assert_eq!(stranger.error(), ErrorCode::AlreadyStarted);
    let mut rude = Client::connect(&url);
    rude.send(&ClientMessage::Watch { code: code.clone() });
    assert_eq!(rude.error(), ErrorCode::BadRequest);
    let mut old = Client::connect(&url);
    old.send(&ClientMessage::Hello {
        version: 99,
        lang: None,
    });
    match old.recv() {
        ServerMessage::Error { code, message } => {
            assert_eq!(code, ErrorCode::VersionMismatch);
            assert!(message.contains("99") && message.contains('1'), "{message}");
        }
        other => panic!("expected version_mismatch, got {other:?}"),
    }
    assert!(old.try_recv().is_none(), "the connection closes");

    // Flooding: past the burst, refused as rate-limited, and the connection survives.
    for _ in 0..60 {
        me.send(&ClientMessage::Answer {
            number: number + 7,
            action: offered,
        });
    }
    let codes: Vec<ErrorCode> = (0..60).map(|_| me.error()).collect();
    assert!(codes.contains(&ErrorCode::Stale));
    assert!(codes.contains(&ErrorCode::RateLimited), "{codes:?}");

    // Nothing happened: the spectator was told nothing, and the same question is pending.
    assert_eq!(spectator.poll(Duration::from_millis(300)), None);
    thread::sleep(Duration::from_millis(2500));
    me.send(&ClientMessage::Answer {
        number,
        action: offered,
    });
    loop {
        match me.recv() {
            ServerMessage::Accepted { number: n } => break assert_eq!(n, number),
            ServerMessage::Error { code, message } => panic!("{code}: {message}"),
            _ => {}
        }
    }
    assert!(matches!(spectator.recv(), ServerMessage::Log { .. }));
    assert!(
        other.join().unwrap().winner.is_some(),
        "the other table ended"
    );
}

/// Connections per address and open tables: past the limit, refused with their codes;
/// the connections and tables already there go on.
#[test]
fn connection_and_table_limits() {
    let limits = dungeon_server::Limits {
        connections_per_address: 2,
        open_tables: 1,
        ..roomy()
    };
    let server = server(42, limits);
    let url = server.url();
    let mut a = Client::hello(&url);
    let mut b = Client::hello(&url);
    let mut c = Client::connect(&url);
    match c.recv() {
        ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::TooManyConnections),
        other => panic!("expected too_many_connections, got {other:?}"),
    }
    assert!(c.try_recv().is_none());
    create(&mut a, new_table(&["base"], 2, 1, "easy"));
    b.send(&ClientMessage::CreateTable(new_table(
        &["base"],
        2,
        1,
        "easy",
    )));
    assert_eq!(b.error(), ErrorCode::TooManyTables);
    // A table that cannot be set up is refused too, and holds no place.
    a.send(&ClientMessage::Start {});
    let seen = play_out(&mut a, 0, 3);
    assert!(seen.winner.is_some());
    b.send(&ClientMessage::CreateTable(new_table(
        &["nope"],
        2,
        1,
        "easy",
    )));
    assert_eq!(b.error(), ErrorCode::BadRequest);
    b.send(&ClientMessage::CreateTable(new_table(
        &["base"],
        5,
        1,
        "easy",
    )));
    assert_eq!(b.error(), ErrorCode::BadRequest);
    // Bots that would hold their game thread for long on every move.
    for level in ["ismcts:1001", "ismcts:4294967295", "ismcts:200ms"] {
        b.send(&ClientMessage::CreateTable(new_table(
            &["base"],
            2,
            1,
            level,
        )));
        assert_eq!(b.error(), ErrorCode::BadRequest, "{level}");
    }
    create(&mut b, new_table(&["base"], 2, 1, "ismcts:1000"));
}
