//! The SQLite store is the server user's alone, and holds no secret that lets anyone in:
//! its folder is made 0700 and its files 0600 (journals included) whatever the umask; a
//! store or folder others could read or replace is refused with the command that fixes
//! it; table codes are kept only as digests, as tokens are, and an older store that held
//! them in clear is converted on opening. Alone in its binary: it sets the process umask.

mod support;

use dungeon_protocol::ClientMessage;
use dungeon_server::store::StoreError;
use dungeon_server::{SqliteStore, Store};
use sha2::{Digest, Sha256};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use support::*;

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

fn with_suffix(path: &Path, suffix: &str) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

/// Every byte the store's files hold (database and journals).
fn bytes(path: &Path) -> Vec<u8> {
    ["", "-wal", "-shm", "-journal"]
        .iter()
        .filter_map(|s| std::fs::read(with_suffix(path, s)).ok())
        .flatten()
        .collect()
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

fn start(path: &Path) -> dungeon_server::Running {
    sqlite_server(path, 7)
        .spawn(([127, 0, 0, 1], 0).into())
        .unwrap()
}

fn refusal(path: &Path) -> String {
    match SqliteStore::open(path) {
        Err(e @ StoreError::Exposed { .. }) => e.to_string(),
        Err(e) => panic!("refused for another reason: {e}"),
        Ok(_) => panic!("a store others can read was opened"),
    }
}

#[test]
fn the_store_is_private_and_holds_no_code_in_clear() {
    // The most permissive umask: whatever the store is made with, it sets itself.
    // SAFETY: umask only changes this process's file creation mask.
    unsafe { libc::umask(0) };
    let dir = std::env::temp_dir().join(format!("dungeon-private-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.join("store");
    let path = folder.join("tables.sqlite");

    let running = start(&path);
    let mut client = Client::hello(&running.url());
    let (code, token) = create(&mut client, new_table(&["base"], 2, 1, "easy"));
    client.send(&ClientMessage::Start {});
    let mut seen = Seen::default();
    while seen.accepted.len() < 2 {
        if let Some((number, decision)) = seen.take(Some(0), &client.recv()) {
            let action = choose(1, number, &decision);
            client.send(&ClientMessage::Answer { number, action });
        }
    }
    assert_eq!(mode(&folder), 0o700, "the folder");
    for suffix in ["", "-wal", "-shm"] {
        let file = with_suffix(&path, suffix);
        assert!(
            file.exists(),
            "{} exists while the server runs",
            file.display()
        );
        assert_eq!(mode(&file), 0o600, "{}", file.display());
    }
    let held = bytes(&path);
    assert!(!contains(&held, &code), "the table's code is in the store");
    assert!(!contains(&held, &token), "a seat's token is in the store");
    drop(client);
    drop(running);

    // Readable by others: refused, saying how to fix it; fixed, it opens.
    for suffix in ["", "-wal"] {
        let file = with_suffix(&path, suffix);
        if !file.exists() {
            std::fs::write(&file, b"").unwrap();
        }
        set_mode(&file, 0o644);
        let said = refusal(&path);
        assert!(
            said.contains(&format!("chmod 600 {}", file.display())),
            "{said}"
        );
        set_mode(&file, 0o600);
    }
    set_mode(&folder, 0o777);
    let said = refusal(&path);
    assert!(
        said.contains(&format!("chmod go-w {}", folder.display())),
        "{said}"
    );
    set_mode(&folder, 0o700);
    SqliteStore::open(&path).expect("a private store opens");
    let _ = std::fs::remove_dir_all(&dir);
}

const OLD_SCHEMA: &str = "
CREATE TABLE tables (code TEXT PRIMARY KEY, head TEXT NOT NULL, turn_timeout_secs INTEGER,
    status TEXT NOT NULL, state TEXT NOT NULL);
CREATE TABLE seats (code TEXT NOT NULL REFERENCES tables(code), seat INTEGER NOT NULL,
    name TEXT NOT NULL, bot TEXT, token_hash BLOB, PRIMARY KEY (code, seat));
CREATE TABLE decisions (code TEXT NOT NULL REFERENCES tables(code), number INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (code, number));
";

/// A store written before codes were hashed is converted: the code is gone from every
/// byte of it, and the table is found by the code's digest.
#[test]
fn a_store_with_codes_in_clear_is_converted() {
    let dir = std::env::temp_dir().join(format!("dungeon-convert-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    set_mode(&dir, 0o700);
    let path = dir.join("old.sqlite");
    let code = "qrstuvwxyz234567";
    {
        let db = rusqlite::Connection::open(&path).unwrap();
        db.execute_batch(OLD_SCHEMA).unwrap();
        db.execute(
            "INSERT INTO tables VALUES (?1, ?2, NULL, 'open', '{}')",
            [code, &head(2).to_json()],
        )
        .unwrap();
        for seat in 0..2 {
            db.execute(
                "INSERT INTO seats VALUES (?1, ?2, '', NULL, NULL)",
                rusqlite::params![code, seat],
            )
            .unwrap();
        }
    }
    set_mode(&path, 0o600);
    let store = SqliteStore::open(&path).expect("the old store opens");
    let key: [u8; 32] = Sha256::digest(code.as_bytes()).into();
    let table = store
        .table(&key)
        .unwrap()
        .expect("found by the code's digest");
    assert_eq!(table.seats.len(), 2);
    assert_eq!(store.unfinished().unwrap().len(), 1);
    drop(store);
    assert!(
        !contains(&bytes(&path), code),
        "the code is still in the file"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A store made before the other games' tables had turn timeouts gets the column on
/// opening, and a room's timeout is kept from then on.
#[test]
fn a_store_without_room_timeouts_gains_them() {
    use dungeon_server::store::rooms::{RoomStore, StoredRoom};
    let dir = std::env::temp_dir().join(format!("dungeon-roomtime-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    set_mode(&dir, 0o700);
    let path = dir.join("db.sqlite");
    {
        let db = rusqlite::Connection::open(&path).unwrap();
        db.execute_batch(
            "CREATE TABLE rooms (key TEXT PRIMARY KEY, game TEXT NOT NULL, rulings TEXT NOT NULL,
                options TEXT NOT NULL, seed TEXT NOT NULL, status TEXT NOT NULL,
                state TEXT NOT NULL, touched INTEGER NOT NULL);",
        )
        .unwrap();
    }
    set_mode(&path, 0o600);
    let store = SqliteStore::open(&path).expect("the old store opens");
    let room = StoredRoom {
        key: [7; 32],
        game: "goofspiel".into(),
        rulings: vec![],
        options: "{}".into(),
        seed: 1,
        seats: vec![],
        status: dungeon_server::store::Status::Playing,
        actions: vec![],
        state: "{}".into(),
        touched: 0,
        turn_timeout_secs: Some(30),
    };
    store.room_create(&room).unwrap();
    let kept = store.rooms_unfinished().unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].turn_timeout_secs, Some(30));
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
