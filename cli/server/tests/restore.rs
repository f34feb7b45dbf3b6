//! A server restarted on its SQLite file takes every unfinished table back, checked
//! (replayed from its seed and decisions, compared with the stored state); a table whose
//! stored state was tampered with is marked broken, reported, and never played.

mod support;

use dungeon_protocol::{ClientMessage, ErrorCode, ServerMessage};
use support::*;

fn start(path: &std::path::Path) -> dungeon_server::Server {
    sqlite_server(path, 51)
}

/// Rejoins and returns the pending question's number (or the error's code).
fn rejoin(url: &str, code: &str, token: &str) -> Result<u32, ErrorCode> {
    let mut client = Client::hello(url);
    client.send(&ClientMessage::Rejoin {
        code: code.into(),
        token: token.into(),
    });
    loop {
        match client.recv() {
            ServerMessage::Asking { number, .. } => return Ok(number),
            ServerMessage::Error { code, .. } => return Err(code),
            _ => {}
        }
    }
}

#[test]
fn a_restart_resumes_checked_tables_and_sets_tampered_ones_aside() {
    let dir = std::env::temp_dir().join(format!("dungeon-restore-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tables.sqlite");

    let running = start(&path).spawn(([127, 0, 0, 1], 0).into()).unwrap();
    let mut client = Client::hello(&running.url());
    let (code, token) = create(&mut client, new_table(&["base"], 2, 1, "easy"));
    client.send(&ClientMessage::Start {});
    let mut seen = Seen::default();
    let pending = loop {
        if let Some((number, decision)) = seen.take(Some(0), &client.recv()) {
            if number >= 4 {
                break number;
            }
            client.send(&ClientMessage::Answer {
                number,
                action: choose(5, number, &decision),
            });
        }
    };
    drop(client);
    drop(running);

    let server = start(&path);
    assert_eq!(server.restored().tables, 1);
    assert!(server.restored().broken.is_empty());
    let running = server.spawn(([127, 0, 0, 1], 0).into()).unwrap();
    assert_eq!(rejoin(&running.url(), &code, &token), Ok(pending));
    drop(running);

    // The stored state no longer matches its decisions.
    let db = rusqlite::Connection::open(&path).unwrap();
    let changed = db
        .execute(
            "UPDATE tables SET state = replace(state, '\"round\":', '\"round\":1')",
            [],
        )
        .unwrap();
    assert_eq!(changed, 1);
    drop(db);
    let server = start(&path);
    assert_eq!(server.restored().tables, 0);
    assert_eq!(server.restored().broken.len(), 1);
    let running = server.spawn(([127, 0, 0, 1], 0).into()).unwrap();
    assert_eq!(
        rejoin(&running.url(), &code, &token),
        Err(ErrorCode::UnknownTable)
    );
    drop(running);
    let db = rusqlite::Connection::open(&path).unwrap();
    let status: String = db
        .query_row("SELECT status FROM tables", [], |r| r.get(0))
        .unwrap();
    assert_eq!(status, "broken");
    let _ = std::fs::remove_dir_all(&dir);
}
