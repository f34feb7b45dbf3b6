//! Rate limits that no honest client meets: answers to the questions the server put are
//! never limited, however fast (bots answering at once), while look-ups are limited per
//! client address, so that connecting again and again does not start afresh.

mod support;

use dungeon_protocol::{ClientMessage, ErrorCode, PROTOCOL_VERSION, ServerMessage};
use dungeon_server::Limits;
use support::*;

#[test]
fn people_answering_at_once_are_never_rate_limited() {
    // Far stricter than the defaults: only answers to questions go past them.
    let limits = Limits {
        messages_per_second: 1.0,
        burst: 3.0,
        ..roomy()
    };
    let server = server(12, limits);
    let url = server.url();
    let mut creator = Client::hello(&url);
    let (code, _) = create(&mut creator, new_table(&["base"], 4, 4, "easy"));
    let mut others: Vec<Client> = (0..3)
        .map(|i| {
            let mut c = Client::hello(&url);
            join(&mut c, &code, &format!("P{i}"));
            c
        })
        .collect();
    creator.send(&ClientMessage::Start {});
    others.insert(0, creator);
    let players: Vec<_> = others
        .into_iter()
        .enumerate()
        .map(|(seat, mut c)| {
            std::thread::spawn(move || play_out(&mut c, seat as u8, 30 + seat as u64))
        })
        .collect();
    for player in players {
        // `play_out` fails on any refusal, `rate_limited` included.
        assert!(player.join().unwrap().winner.is_some());
    }
}

#[test]
fn look_ups_are_limited_per_address_across_connections() {
    let limits = Limits {
        lookups_per_address: 1.0,
        lookup_burst_per_address: 10.0,
        ..roomy()
    };
    let server = server(13, limits);
    let url = server.url();
    let mut limited = None;
    for i in 0..20 {
        let mut client = Client::connect(&url);
        client.send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            lang: None,
        });
        client.send(&ClientMessage::Watch {
            code: "nope".into(),
        });
        let codes: Vec<ErrorCode> = (0..2)
            .filter_map(|_| match client.recv() {
                ServerMessage::Error { code, .. } => Some(code),
                _ => None,
            })
            .collect();
        if codes.contains(&ErrorCode::RateLimited) {
            limited = Some(i);
            break;
        }
        assert_eq!(codes, [ErrorCode::UnknownTable]);
    }
    // Ten look-ups, two a connection: the sixth connection is refused.
    assert_eq!(limited, Some(5));
}
