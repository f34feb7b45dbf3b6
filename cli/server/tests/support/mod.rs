//! What the loopback tests share: a blocking WebSocket client that keeps every frame it
//! received, scripted players, and a server on a free port of 127.0.0.1. Also used by the
//! crash test of `dungeon serve` (cli/tests/serve_crash.rs).
#![allow(dead_code)]

use dungeon_engine::action::{Action, Decision};
use dungeon_engine::ids::Seat;
use dungeon_protocol::{
    ClientMessage, ErrorCode, NewTable, PROTOCOL_VERSION, ServerMessage, TableOptions,
};
use dungeon_table::LogEntry;
use std::net::TcpStream;
use std::time::Duration;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// How long a test waits for any one message before it fails.
pub const PATIENCE: Duration = Duration::from_secs(60);

pub struct Client {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    /// Every text frame received, as sent.
    pub frames: Vec<String>,
}

impl Client {
    pub fn connect(url: &str) -> Client {
        let (ws, _) = tungstenite::connect(url).expect("the server accepts connections");
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(PATIENCE)).unwrap();
            s.set_nodelay(true).unwrap();
        }
        Client {
            ws,
            frames: Vec::new(),
        }
    }

    /// Connected with these extra request headers (an `Origin`, forwarding headers), or
    /// why not (a 403 is `tungstenite::Error::Http`).
    pub fn connect_with(url: &str, headers: &[(&str, &str)]) -> Result<Client, tungstenite::Error> {
        use tungstenite::client::IntoClientRequest;
        let mut request = url.into_client_request()?;
        for (name, value) in headers {
            let name = tungstenite::http::HeaderName::from_bytes(name.as_bytes()).unwrap();
            request.headers_mut().insert(name, value.parse().unwrap());
        }
        let (ws, _) = tungstenite::connect(request)?;
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(PATIENCE)).unwrap();
        }
        Ok(Client {
            ws,
            frames: Vec::new(),
        })
    }

    /// Whether the server closes the connection within `wait` (whatever it sends first).
    pub fn closes_within(&mut self, wait: Duration) -> bool {
        let until = std::time::Instant::now() + wait;
        loop {
            let left = until.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return false;
            }
            self.set_timeout(left);
            match self.ws.read() {
                Ok(Message::Close(_)) => return true,
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    return false;
                }
                Err(_) => return true,
            }
        }
    }

    /// Connected and greeted, or `None` if the server is not there (being restarted).
    pub fn try_hello(url: &str) -> Option<Client> {
        let (ws, _) = tungstenite::connect(url).ok()?;
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(PATIENCE)).ok()?;
        }
        let mut client = Client {
            ws,
            frames: Vec::new(),
        };
        let hello = ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            lang: None,
        };
        if !client.try_send(&hello) {
            return None;
        }
        match client.try_recv()? {
            ServerMessage::Welcome { .. } => Some(client),
            other => panic!("expected welcome, got {other:?}"),
        }
    }

    /// Sends; `false` if the connection is gone.
    pub fn try_send(&mut self, message: &ClientMessage) -> bool {
        self.ws
            .send(Message::Text(message.to_json().into()))
            .is_ok()
    }

    /// Connected and greeted.
    pub fn hello(url: &str) -> Client {
        let mut client = Client::connect(url);
        client.send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            lang: None,
        });
        match client.recv() {
            ServerMessage::Welcome { version, .. } => assert_eq!(version, PROTOCOL_VERSION),
            other => panic!("expected welcome, got {other:?}"),
        }
        client
    }

    pub fn send(&mut self, message: &ClientMessage) {
        self.send_raw(&message.to_json());
    }

    pub fn send_raw(&mut self, text: &str) {
        self.ws
            .send(Message::Text(text.into()))
            .expect("the connection is open");
    }

    /// The next message; `None` once the server closed the connection.
    pub fn try_recv(&mut self) -> Option<ServerMessage> {
        loop {
            match self.ws.read() {
                Ok(Message::Text(text)) => {
                    let message = serde_json::from_str(&text)
                        .unwrap_or_else(|e| panic!("the server sent {text}: {e}"));
                    self.frames.push(text.to_string());
                    return Some(message);
                }
                Ok(Message::Close(_)) => return None,
                Ok(_) => continue,
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    panic!("no message from the server within {PATIENCE:?}")
                }
                Err(_) => return None,
            }
        }
    }

    pub fn recv(&mut self) -> ServerMessage {
        self.try_recv().expect("the connection is open")
    }

    /// The next error's code, skipping other messages.
    pub fn error(&mut self) -> ErrorCode {
        loop {
            if let ServerMessage::Error { code, .. } = self.recv() {
                return code;
            }
        }
    }

    /// Waits (a little) for a message; `None` if none came in `wait`.
    pub fn poll(&mut self, wait: Duration) -> Option<ServerMessage> {
        self.set_timeout(wait);
        let result = match self.ws.read() {
            Ok(Message::Text(text)) => {
                self.frames.push(text.to_string());
                Some(serde_json::from_str(&text).expect("a server message"))
            }
            _ => None,
        };
        self.set_timeout(PATIENCE);
        result
    }

    fn set_timeout(&mut self, wait: Duration) {
        if let MaybeTlsStream::Plain(s) = self.ws.get_ref() {
            s.set_read_timeout(Some(wait)).unwrap();
        }
    }

    pub fn close(mut self) {
        let _ = self.ws.close(None);
        let _ = self.ws.flush();
    }

    /// Drops the connection without a closing handshake (a lost network).
    pub fn drop_connection(self) {
        if let MaybeTlsStream::Plain(s) = self.ws.get_ref() {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
    }
}

/// A table of `players` seats, `humans` of them people, bots of `level`.
pub fn new_table(packs: &[&str], players: u8, humans: u8, level: &str) -> NewTable {
    NewTable {
        packs: packs.iter().map(|p| p.to_string()).collect(),
        players,
        humans,
        bots: if humans < players {
            vec![level.into()]
        } else {
            vec![]
        },
        options: TableOptions::default(),
        turn_timeout_secs: None,
        name: String::new(),
        pack: None,
    }
}

/// Creates a table: its code and the creator's token.
pub fn create(client: &mut Client, table: NewTable) -> (String, String) {
    client.send(&ClientMessage::CreateTable(table));
    match client.recv() {
        ServerMessage::TableCreated {
            code, token, seat, ..
        } => {
            assert_eq!(seat, 0);
            (code, token)
        }
        other => panic!("expected table_created, got {other:?}"),
    }
}

/// Joins a table: the seat and its token.
pub fn join(client: &mut Client, code: &str, name: &str) -> (Seat, String) {
    client.send(&ClientMessage::Join {
        code: code.into(),
        name: name.into(),
    });
    loop {
        match client.recv() {
            ServerMessage::Seated { seat, token, .. } => return (seat, token),
            ServerMessage::Notice { .. } => {}
            other => panic!("expected seated, got {other:?}"),
        }
    }
}

/// How a scripted person picks: one of the legal actions, chosen by the game's tag and
/// the decision's number (so the same game gets the same choices, whoever runs it).
pub fn choose(tag: u64, number: u32, decision: &Decision) -> Action {
    let legal = decision.legal_actions();
    let mut x = tag ^ (u64::from(number) << 32) ^ 0x9E37_79B9_7F4A_7C15;
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    legal[(x % legal.len() as u64) as usize]
}

/// What a seat saw of a whole game.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Seen {
    pub log: Vec<LogEntry>,
    pub winner: Option<Option<Seat>>,
    /// Answers accepted, by number.
    pub accepted: Vec<u32>,
    pub timed_out: u32,
}

impl Seen {
    /// Takes in one message; `Some(number, decision)` when it asks this seat.
    pub fn take(&mut self, seat: Option<Seat>, message: &ServerMessage) -> Option<(u32, Decision)> {
        match message {
            ServerMessage::Log { entries } => {
                for entry in entries {
                    let index = entry.index as usize;
                    assert!(
                        index <= self.log.len(),
                        "log entry {index} after {}",
                        self.log.len()
                    );
                    self.log.truncate(index);
                    self.log.push(entry.clone());
                }
            }
            ServerMessage::Asking {
                seat: asked,
                number,
                decision,
            } => {
                assert_eq!(Some(*asked), seat, "asked for another seat");
                return Some((*number, decision.clone()));
            }
            ServerMessage::Over { winner } => self.winner = Some(*winner),
            ServerMessage::Accepted { number } => self.accepted.push(*number),
            ServerMessage::Notice {
                kind: dungeon_protocol::NoticeKind::TimedOut { .. },
                ..
            } => self.timed_out += 1,
            ServerMessage::Stopped { reason } => panic!("the game stopped: {reason:?}"),
            ServerMessage::Error { code, message } => panic!("refused: {code}: {message}"),
            _ => {}
        }
        None
    }
}

/// Plays a seat to the end of the game with the scripted choices of `tag`.
pub fn play_out(client: &mut Client, seat: Seat, tag: u64) -> Seen {
    play_on(client, seat, tag, Seen::default())
}

/// Plays on from what the seat saw so far.
pub fn play_on(client: &mut Client, seat: Seat, tag: u64, mut seen: Seen) -> Seen {
    while seen.winner.is_none() {
        let message = client.recv();
        if let Some((number, decision)) = seen.take(Some(seat), &message) {
            client.send(&ClientMessage::Answer {
                number,
                action: choose(tag, number, &decision),
            });
        }
    }
    seen
}

/// The head of a game record of `players` seats (people, default names), as a store
/// keeps it: a new base game of seed 1.
pub fn head(players: u8) -> dungeon_records::GameRecord {
    let library = dungeon_tests::library();
    let (catalog, _) = library.catalog(&["base"]).unwrap();
    let catalog = std::sync::Arc::new(catalog);
    let mut engine = dungeon_engine::Engine::new(catalog.clone()).unwrap();
    let options = dungeon_engine::options::GameOptions {
        players,
        ..Default::default()
    };
    let state = engine
        .new_game(options.clone(), 1, &mut Vec::new())
        .unwrap();
    let seat = dungeon_records::SeatRecord {
        name: String::new(),
        bot: None,
    };
    let seats = vec![seat; players as usize];
    dungeon_records::GameRecord::new(&catalog, options, seats, 1, &state)
}

/// A server on the SQLite store at `path` (tables restored), roomy limits, seeds from
/// `seeds`; not serving yet.
pub fn sqlite_server(path: &std::path::Path, seeds: u64) -> dungeon_server::Server {
    let store = dungeon_server::SqliteStore::open(path).expect("the database opens");
    let library = std::sync::Arc::new(dungeon_tests::library());
    let mut config = dungeon_server::Config::new(library, std::sync::Arc::new(store));
    config.threads = 2;
    config.limits = roomy();
    config.seeds = dungeon_server::Seeds::Fixed(seeds);
    dungeon_server::Server::start(config).expect("the server starts")
}

/// A server on a free loopback port, its tables in memory, seeds from `seeds`.
pub fn server(seeds: u64, limits: dungeon_server::Limits) -> dungeon_server::Running {
    server_with(
        seeds,
        limits,
        std::sync::Arc::new(dungeon_server::MemoryStore::default()),
    )
}

pub fn server_with(
    seeds: u64,
    limits: dungeon_server::Limits,
    store: std::sync::Arc<dyn dungeon_server::Store>,
) -> dungeon_server::Running {
    server_trusting(seeds, limits, store, dungeon_server::Access::default())
}

/// A server on a free loopback port that trusts these origins and proxies.
pub fn server_trusting(
    seeds: u64,
    limits: dungeon_server::Limits,
    store: std::sync::Arc<dyn dungeon_server::Store>,
    access: dungeon_server::Access,
) -> dungeon_server::Running {
    let mut config =
        dungeon_server::Config::new(std::sync::Arc::new(dungeon_tests::library()), store);
    config.threads = 2;
    config.limits = limits;
    config.access = access;
    config.seeds = dungeon_server::Seeds::Fixed(seeds);
    dungeon_server::Server::start(config)
        .expect("the server starts")
        .spawn(([127, 0, 0, 1], 0).into())
        .expect("a free port")
}

/// Limits for tests that open many connections from 127.0.0.1.
pub fn roomy() -> dungeon_server::Limits {
    dungeon_server::Limits {
        connections_per_address: 10_000,
        tables_per_address: 10_000,
        messages_per_second: 10_000.0,
        burst: 10_000.0,
        lookups_per_address: 10_000.0,
        lookup_burst_per_address: 10_000.0,
        ..dungeon_server::Limits::default()
    }
}

/// The repository's example expansion as a player's own pack: renamed `lab` (no server
/// has it), its manifest and scripts in one folder (`scripts/`).
pub fn lab_pack() -> dungeon_protocol::PackUpload {
    let mut root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    while !root.join("cards/examples/alchemy.toml").exists() {
        assert!(root.pop(), "the repository's root");
    }
    let manifest = std::fs::read_to_string(root.join("cards/examples/alchemy.toml")).unwrap();
    let manifest: String = manifest
        .lines()
        .filter(|l| !l.starts_with("scenarios ="))
        .map(|l| match l {
            l if l.starts_with("id = \"alchemy\"") => "id = \"lab\"".to_string(),
            l if l.starts_with("scripts =") => "scripts = \"scripts\"".to_string(),
            l => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut files = std::collections::BTreeMap::from([("lab.toml".to_string(), manifest)]);
    for entry in std::fs::read_dir(root.join("scripts/alchemy")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        files.insert(
            format!("scripts/{name}"),
            std::fs::read_to_string(&path).unwrap(),
        );
    }
    dungeon_protocol::PackUpload {
        manifest: "lab.toml".into(),
        files,
    }
}

/// Writes a pack's files into `folder`; the manifest's path.
pub fn write_pack(
    pack: &dungeon_protocol::PackUpload,
    folder: &std::path::Path,
) -> std::path::PathBuf {
    for (path, text) in &pack.files {
        let to = folder.join(path);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::write(&to, text).unwrap();
    }
    folder.join(&pack.manifest)
}
