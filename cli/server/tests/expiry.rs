//! Tables nobody plays expire (never started, or started and left by their people), also
//! across a restart; and one address may hold only so many unfinished tables.

mod support;

use dungeon_protocol::{ClientMessage, ErrorCode, ServerMessage, StopReason};
use dungeon_server::{Access, Limits, MemoryStore};
use std::sync::Arc;
use std::time::Duration;
use support::*;

fn expired(client: &mut Client) {
    loop {
        match client.recv() {
            ServerMessage::Stopped { reason } => return assert_eq!(reason, StopReason::Expired {}),
            ServerMessage::Error { code, message } => panic!("{code}: {message}"),
            _ => {}
        }
    }
}

fn unknown(url: &str, code: &str) {
    let mut client = Client::hello(url);
    client.send(&ClientMessage::Watch { code: code.into() });
    assert_eq!(client.error(), ErrorCode::UnknownTable);
}

#[test]
fn unstarted_and_abandoned_tables_expire() {
    let limits = Limits {
        unstarted_ttl: Duration::from_millis(400),
        abandoned_ttl: Duration::from_millis(400),
        tables_per_address: 1,
        ..roomy()
    };
    let server = server(5, limits);
    let url = server.url();
    // Never started: its creator is told, and the code names nothing any more.
    let mut lobby = Client::hello(&url);
    let (code, _) = create(&mut lobby, new_table(&["base"], 2, 1, "easy"));
    expired(&mut lobby);
    unknown(&url, &code);
    // Its place is given back: the same address opens another, and plays it.
    let mut player = Client::hello(&url);
    let (code, token) = create(&mut player, new_table(&["base"], 2, 1, "easy"));
    player.send(&ClientMessage::Start {});
    let mut seen = Seen::default();
    let (number, decision) = loop {
        if let Some(asked) = seen.take(Some(0), &player.recv()) {
            break asked;
        }
    };
    // A person at the table keeps it, however slow.
    std::thread::sleep(Duration::from_millis(900));
    let action = choose(2, number, &decision);
    player.send(&ClientMessage::Answer { number, action });
    while !seen.accepted.contains(&number) {
        seen.take(Some(0), &player.recv());
    }
    // Left by its only person: it expires.
    player.drop_connection();
    std::thread::sleep(Duration::from_millis(1200));
    let mut back = Client::hello(&url);
    back.send(&ClientMessage::Rejoin { code, token });
    assert_eq!(back.error(), ErrorCode::UnknownTable);
}

#[test]
fn one_address_holds_only_so_many_unfinished_tables() {
    let limits = Limits {
        tables_per_address: 2,
        ..roomy()
    };
    let access = Access {
        trusted_proxies: vec![[127, 0, 0, 1].into()],
        ..Access::default()
    };
    let server = server_trusting(3, limits, Arc::new(MemoryStore::default()), access);
    let url = server.url();
    let hello = |client: &str| {
        let mut c = Client::connect_with(&url, &[("x-forwarded-for", client)]).unwrap();
        c.send(&ClientMessage::Hello {
            version: dungeon_protocol::PROTOCOL_VERSION,
            lang: None,
        });
        assert!(matches!(c.recv(), ServerMessage::Welcome { .. }));
        c
    };
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut c = hello("10.0.0.1");
        create(&mut c, new_table(&["base"], 2, 1, "easy"));
        held.push(c);
    }
    let mut third = hello("10.0.0.1");
    third.send(&ClientMessage::CreateTable(new_table(
        &["base"],
        2,
        1,
        "easy",
    )));
    assert_eq!(third.error(), ErrorCode::TableQuota);
    let mut other = hello("10.0.0.2");
    create(&mut other, new_table(&["base"], 2, 1, "easy"));
    // A table of the address that ends gives its place back.
    let mut first = held.remove(0);
    first.send(&ClientMessage::Start {});
    assert!(play_out(&mut first, 0, 9).winner.is_some());
    create(&mut third, new_table(&["base"], 2, 1, "easy"));
}

#[test]
fn tables_that_expired_while_the_server_was_down_are_not_taken_on() {
    let dir = std::env::temp_dir().join(format!("dungeon-expiry-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("tables.sqlite");
    let start = |path: &std::path::Path| sqlite_server(path, 8);
    let running = start(&path).spawn(([127, 0, 0, 1], 0).into()).unwrap();
    let mut client = Client::hello(&running.url());
    let (lobby, _) = create(&mut client, new_table(&["base"], 2, 1, "easy"));
    let mut other = Client::hello(&running.url());
    let (fresh, _) = create(&mut other, new_table(&["base"], 2, 1, "easy"));
    drop((client, other));
    drop(running);
    // The first table was last touched two hours ago (the default keeps one hour).
    let db = rusqlite::Connection::open(&path).unwrap();
    let key: [u8; 32] = <sha2::Sha256 as sha2::Digest>::digest(lobby.as_bytes()).into();
    let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
    let changed = db
        .execute(
            "UPDATE tables SET touched = touched - 7200 WHERE key = ?1",
            [hex],
        )
        .unwrap();
    assert_eq!(changed, 1);
    drop(db);
    let server = start(&path);
    assert_eq!(
        (server.restored().tables, server.restored().expired),
        (1, 1)
    );
    let running = server.spawn(([127, 0, 0, 1], 0).into()).unwrap();
    unknown(&running.url(), &lobby);
    let mut client = Client::hello(&running.url());
    client.send(&ClientMessage::Watch { code: fresh });
    assert!(matches!(client.recv(), ServerMessage::Watching { .. }));
    drop(running);
    let _ = std::fs::remove_dir_all(&dir);
}
