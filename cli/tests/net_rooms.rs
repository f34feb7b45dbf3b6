//! Tables of the other games at a server (`/rooms`): the real `dungeon serve`, raw
//! WebSocket clients that answer every question with its first choice, and `dungeon host`
//! and `dungeon join` in lines. A game of two people, a bot and a spectator is played
//! over the network; the server is killed (SIGKILL) in the middle and restarted on the
//! same database, the people take their seats back with their tokens, hear again all they
//! heard before the kill, and play the game to its end. Nobody hears a face-down bid but
//! its bidder (a spectator none), and every hostile request is refused with its error.

mod common {
    pub mod serve;
}

use common::serve::{Serve, launch};
use dungeon_protocol::rooms::{NewRoom, ROOMS_VERSION, RoomClient, RoomServer};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

struct Client {
    socket: WebSocket<TcpStream>,
    /// Every log line heard.
    log: Vec<String>,
    seat: Option<u8>,
    token: String,
    code: String,
    over: Option<Vec<u8>>,
    accepted: u32,
}

impl Client {
    /// Connected, and nothing said yet.
    fn raw(address: &str) -> Client {
        let stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(50)))
            .unwrap();
        let url = format!("ws://{address}/rooms");
        let (socket, _) = tungstenite::client(url.as_str(), stream).unwrap();
        Client {
            socket,
            log: Vec::new(),
            seat: None,
            token: String::new(),
            code: String::new(),
            over: None,
            accepted: 0,
        }
    }

    /// Connected, and greeted in English.
    fn connect(address: &str) -> Client {
        let mut client = Client::raw(address);
        let hello = RoomClient::Hello {
            version: ROOMS_VERSION,
            lang: Some("en".into()),
        };
        client.send(&hello);
        match client.next() {
            RoomServer::Welcome { games, .. } => {
                let ids: Vec<&str> = games.iter().map(|g| g.id.as_str()).collect();
                assert!(
                    ids.contains(&"goofspiel") && ids.contains(&"mazmorra"),
                    "{ids:?}"
                );
            }
            other => panic!("{other:?}"),
        }
        client
    }

    fn send(&mut self, message: &RoomClient) {
        self.socket.send(Message::text(message.to_json())).unwrap();
    }

    fn next(&mut self) -> RoomServer {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            assert!(Instant::now() < deadline, "no message for a minute");
            if let Some(m) = self.try_next() {
                return m;
            }
        }
    }

    /// The next message, if one comes within the read timeout.
    fn try_next(&mut self) -> Option<RoomServer> {
        loop {
            let read = match self.socket.read() {
                Ok(m) => m,
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    return None;
                }
                Err(e) => panic!("{e}"),
            };
            match read {
                Message::Text(text) => {
                    let message: RoomServer = serde_json::from_str(text.as_str()).unwrap();
                    match &message {
                        RoomServer::Log { lines, .. } => self.log.extend(lines.iter().cloned()),
                        RoomServer::Over { winners } => self.over = Some(winners.clone()),
                        RoomServer::Accepted { .. } => self.accepted += 1,
                        RoomServer::Created { code, seat, token } => {
                            (self.code, self.seat, self.token) =
                                (code.clone(), Some(*seat), token.clone())
                        }
                        RoomServer::Seated { seat, token } => {
                            (self.seat, self.token) = (Some(*seat), token.clone())
                        }
                        _ => {}
                    }
                    return Some(message);
                }
                Message::Close(_) => panic!("closed"),
                _ => continue,
            }
        }
    }

    /// Answers a question put to this seat with its first choice, if one came; the
    /// number of questions answered.
    fn step(&mut self) -> usize {
        let mut answered = 0;
        while let Some(m) = self.try_next() {
            if let RoomServer::Asking { number, .. } = m {
                self.send(&RoomClient::Answer { number, choice: 0 });
                answered += 1;
            }
        }
        answered
    }

    /// Reads until `want` says yes.
    fn until(&mut self, want: impl Fn(&RoomServer) -> bool) -> RoomServer {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            assert!(Instant::now() < deadline, "waited too long");
            let m = self.next();
            if want(&m) {
                return m;
            }
        }
    }

    fn error(&mut self) -> String {
        match self.until(|m| matches!(m, RoomServer::Error { .. })) {
            RoomServer::Error { code, .. } => code.to_string(),
            _ => unreachable!(),
        }
    }
}

/// The card a log line says was bid face down (`Ana bids 3 face down.`), if it names one.
fn bid_named(line: &str) -> Option<u8> {
    let (_, rest) = line.split_once(" bids ")?;
    let card = rest.strip_suffix(" face down.")?;
    card.parse().ok()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dungeon-rooms-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn new_room(humans: u8) -> RoomClient {
    RoomClient::Create(NewRoom {
        game: "goofspiel".into(),
        players: 3,
        humans,
        bots: vec!["easy".into()],
        rulings: vec!["cards=6".into()],
        name: "Ana".into(),
        turn_timeout_secs: None,
    })
}

/// Two people, a bot and a spectator; the server killed after a few moves; the game
/// taken up again. Returns each seat's final log and the winners.
fn play_with_a_kill(dir: &std::path::Path, kill: bool) -> (Vec<String>, Vec<String>, Vec<u8>) {
    let db = dir.join("db.sqlite");
    let options: [&str; 0] = [];
    let mut serve: Serve = launch("127.0.0.1:0", &db, &options);
    let mut ana = Client::connect(&serve.address);
    ana.send(&new_room(2));
    ana.until(|m| matches!(m, RoomServer::Created { .. }));
    let mut bea = Client::connect(&serve.address);
    bea.send(&RoomClient::Join {
        code: ana.code.clone(),
        name: "Bea".into(),
    });
    bea.until(|m| matches!(m, RoomServer::Seated { .. }));
    let mut eve = Client::connect(&serve.address);
    eve.send(&RoomClient::Watch {
        code: ana.code.clone(),
    });
    eve.until(|m| matches!(m, RoomServer::Watching {}));
    ana.send(&RoomClient::Start {});
    // Some answers of each, then (maybe) the kill.
    let (mut a, mut b) = (0, 0);
    while a < 2 || b < 2 {
        a += ana.step();
        b += bea.step();
    }
    if kill {
        serve.kill();
        serve = launch("127.0.0.1:0", &db, &options);
        let (code, a_token, b_token) = (ana.code.clone(), ana.token.clone(), bea.token.clone());
        let seen_before = (ana.log.clone(), bea.log.clone());
        ana = Client::connect(&serve.address);
        ana.send(&RoomClient::Rejoin {
            code: code.clone(),
            token: a_token,
        });
        assert!(matches!(
            ana.until(|m| matches!(m, RoomServer::Seated { .. } | RoomServer::Error { .. })),
            RoomServer::Seated { seat: 0, .. }
        ));
        bea = Client::connect(&serve.address);
        bea.send(&RoomClient::Rejoin {
            code,
            token: b_token,
        });
        assert!(matches!(
            bea.until(|m| matches!(m, RoomServer::Seated { .. } | RoomServer::Error { .. })),
            RoomServer::Seated { seat: 1, .. }
        ));
        // Everything heard before the kill is heard again, the same.
        ana.until(|m| matches!(m, RoomServer::View { .. }));
        bea.until(|m| matches!(m, RoomServer::View { .. }));
        assert!(
            ana.log.starts_with(&seen_before.0),
            "{:?}\n{:?}",
            ana.log,
            seen_before.0
        );
        assert!(bea.log.starts_with(&seen_before.1));
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    while ana.over.is_none() || bea.over.is_none() {
        assert!(
            Instant::now() < deadline,
            "the game did not end:\n{:?}\n{:?}",
            ana.log,
            bea.log
        );
        ana.step();
        bea.step();
    }
    if !kill {
        eve.until(|m| matches!(m, RoomServer::Over { .. }));
        // The spectator never hears a card bid face down.
        assert!(
            eve.log.iter().all(|l| bid_named(l).is_none()),
            "{:?}",
            eve.log
        );
        assert!(
            eve.log.iter().any(|l| l.starts_with("Bids: ")),
            "{:?}",
            eve.log
        );
    }
    // A seat hears its own bids, and never another's.
    assert!(
        ana.log
            .iter()
            .any(|l| l.starts_with("Ana bids ") && bid_named(l).is_some())
    );
    let others = |log: &[String], me: &str| {
        (log.iter()).any(|l| bid_named(l).is_some() && !l.starts_with(me))
    };
    assert!(!others(&ana.log, "Ana "), "{:?}", ana.log);
    assert!(!others(&bea.log, "Bea "), "{:?}", bea.log);
    assert!(ana.accepted > 0);
    let winners = ana.over.clone().unwrap();
    assert_eq!(Some(winners.clone()), bea.over);
    (ana.log, bea.log, winners)
}

#[test]
fn a_game_of_another_game_survives_a_killed_server() {
    let killed = play_with_a_kill(&temp("killed"), true);
    assert!(!killed.2.is_empty());
    let calm = play_with_a_kill(&temp("calm"), false);
    // Both games went to their end: six prizes shown.
    assert!(killed.0.iter().filter(|l| l.starts_with("Bids: ")).count() == 6);
    assert!(calm.0.iter().filter(|l| l.starts_with("Bids: ")).count() == 6);
}

#[test]
fn hostile_requests_are_refused_and_change_nothing() {
    let dir = temp("hostile");
    let serve = launch("127.0.0.1:0", &dir.join("db.sqlite"), &[]);
    // Before hello.
    let mut raw = Client::raw(&serve.address);
    raw.send(&RoomClient::Watch { code: "x".into() });
    assert_eq!(raw.error(), "bad_request");
    raw.socket
        .send(Message::text(
            "{\"type\":\"hello\",\"version\":1,\"evil\":1}",
        ))
        .unwrap();
    assert_eq!(raw.error(), "malformed");

    let mut ana = Client::connect(&serve.address);
    let mut bad = NewRoom {
        game: "chess".into(),
        players: 2,
        humans: 1,
        bots: vec![],
        rulings: vec![],
        name: String::new(),
        turn_timeout_secs: None,
    };
    ana.send(&RoomClient::Create(bad.clone()));
    assert_eq!(ana.error(), "bad_request");
    for timeout in [0, 86_401] {
        let mut long = bad.clone();
        (long.game, long.turn_timeout_secs) = ("goofspiel".into(), Some(timeout));
        ana.send(&RoomClient::Create(long));
        assert_eq!(ana.error(), "bad_request", "a turn timeout of {timeout} s");
    }
    bad.game = "goofspiel".into();
    bad.rulings = vec!["ties=maybe".into()];
    ana.send(&RoomClient::Create(bad.clone()));
    assert_eq!(ana.error(), "bad_request");
    bad.rulings.clear();
    bad.players = 9;
    ana.send(&RoomClient::Create(bad.clone()));
    assert_eq!(ana.error(), "bad_request");
    ana.send(&RoomClient::Join {
        code: "nosuchtable".into(),
        name: "x".into(),
    });
    assert_eq!(ana.error(), "unknown_table");

    ana.send(&new_room(2));
    ana.until(|m| matches!(m, RoomServer::Created { .. }));
    // Not started yet; a second table from the same connection.
    ana.send(&RoomClient::Answer {
        number: 0,
        choice: 0,
    });
    assert_eq!(ana.error(), "not_started");
    ana.send(&new_room(1));
    assert_eq!(ana.error(), "bad_request");
    ana.send(&RoomClient::Start {});
    assert_eq!(ana.error(), "bad_request", "a seat for a person is free");
    let mut bea = Client::connect(&serve.address);
    bea.send(&RoomClient::Join {
        code: ana.code.clone(),
        name: "ana".into(),
    });
    assert_eq!(
        bea.error(),
        "bad_request",
        "a name taken, whatever its case"
    );
    bea.send(&RoomClient::Join {
        code: ana.code.clone(),
        name: "Bea".into(),
    });
    bea.until(|m| matches!(m, RoomServer::Seated { .. }));
    let mut cid = Client::connect(&serve.address);
    cid.send(&RoomClient::Join {
        code: ana.code.clone(),
        name: "Cid".into(),
    });
    assert_eq!(cid.error(), "table_full");
    cid.send(&RoomClient::Rejoin {
        code: ana.code.clone(),
        token: "0".repeat(32),
    });
    assert_eq!(cid.error(), "bad_token");
    bea.send(&RoomClient::Start {});
    assert_eq!(bea.error(), "not_creator");
    ana.send(&RoomClient::Start {});
    let number = match ana.until(|m| matches!(m, RoomServer::Asking { .. })) {
        RoomServer::Asking { number, .. } => number,
        _ => unreachable!(),
    };
    bea.send(&RoomClient::Answer { number, choice: 0 });
    assert_eq!(bea.error(), "not_your_turn");
    ana.send(&RoomClient::Answer {
        number: number + 5,
        choice: 0,
    });
    assert_eq!(ana.error(), "stale");
    ana.send(&RoomClient::Answer { number, choice: 99 });
    assert_eq!(ana.error(), "not_an_option");
    ana.send(&RoomClient::Answer { number, choice: 0 });
    ana.until(|m| matches!(m, RoomServer::Accepted { .. }));

    // One address holds four unfinished tables at most (`--max-tables-per-address`).
    let mut more: Vec<Client> = (0..3).map(|_| Client::connect(&serve.address)).collect();
    for c in &mut more {
        c.send(&new_room(2));
        c.until(|m| matches!(m, RoomServer::Created { .. }));
    }
    let mut fifth = Client::connect(&serve.address);
    fifth.send(&new_room(2));
    assert_eq!(fifth.error(), "table_quota");
}

#[test]
fn the_line_client_hosts_a_game_against_a_bot_to_its_end() {
    use std::io::Write;
    let dir = temp("lines");
    let serve = launch("127.0.0.1:0", &dir.join("db.sqlite"), &[]);
    let args = [
        "--humans", "1", "--bots", "easy", "--ruling", "cards=4", "--name", "Ana",
    ];
    let mut child = host(&dir, &serve, "fr", &args);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1\n1\n1\n1\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("dungeon join ws://"), "{stdout}");
    assert!(stdout.contains("/r/"), "{stdout}");
    assert!(stdout.contains("Manche 1 sur 4"), "{stdout}");
    assert!(stdout.contains("La partie est finie."), "{stdout}");
}

#[test]
fn a_person_who_does_not_answer_in_time_is_answered_for() {
    use std::io::Read;
    let dir = temp("timeout");
    let serve = launch("127.0.0.1:0", &dir.join("db.sqlite"), &[]);
    let args = [
        "--humans", "1", "--bots", "easy", "--ruling", "cards=3", "--name", "Ana",
    ];
    let args: Vec<&str> = args.into_iter().chain(["--turn-timeout", "1s"]).collect();
    let mut child = host(&dir, &serve, "en", &args);
    // Ana never types (her input stays open): every question of hers times out.
    let _input = child.stdin.take().unwrap();
    let started = Instant::now();
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{stdout}");
    // Two questions time out; the last (one card left) answers itself.
    let note = "Ana did not answer in time: a bot answered for them.
Ana bids ";
    assert_eq!(stdout.matches(note).count(), 2, "{stdout}");
    assert!(stdout.contains("Game over."), "{stdout}");
    assert!(
        started.elapsed() >= Duration::from_secs(2),
        "a second for each"
    );
}

/// `dungeon host --game goofspiel` at `serve`, in `lang`, with `args`; its input, output
/// and errors piped.
fn host(dir: &std::path::Path, serve: &Serve, lang: &str, args: &[&str]) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args([
            "--lang",
            lang,
            "host",
            "--server",
            &serve.address,
            "--game",
            "goofspiel",
        ])
        .args(args)
        .env("DUNGEON_DATA_DIR", dir.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn after_a_game_the_next_one_is_opened_and_joined() {
    let dir = temp("rematch");
    let serve = launch("127.0.0.1:0", &dir.join("db.sqlite"), &[]);
    let mut ana = Client::connect(&serve.address);
    let mut room = new_room(2);
    if let RoomClient::Create(r) = &mut room {
        (r.rulings, r.turn_timeout_secs) = (vec!["cards=3".into()], Some(600));
    }
    ana.send(&room);
    ana.until(|m| matches!(m, RoomServer::Created { .. }));
    let first = ana.code.clone();
    let mut bea = Client::connect(&serve.address);
    bea.send(&RoomClient::Join {
        code: first.clone(),
        name: "Bea".into(),
    });
    bea.until(|m| matches!(m, RoomServer::Seated { .. }));
    let mut eve = Client::connect(&serve.address);
    eve.send(&RoomClient::Watch {
        code: first.clone(),
    });
    eve.until(|m| matches!(m, RoomServer::Watching {}));
    // Not before the end, and never by a spectator.
    ana.send(&RoomClient::Rematch {});
    assert_eq!(ana.error(), "bad_request");
    ana.send(&RoomClient::Start {});
    while ana.over.is_none() || bea.over.is_none() {
        ana.step();
        bea.step();
    }
    eve.until(|m| matches!(m, RoomServer::Over { .. }));
    eve.send(&RoomClient::Rematch {});
    assert_eq!(eve.error(), "bad_request");

    // Ana opens the next game; Bea and Eve hear its code; asked again, it is the same.
    ana.send(&RoomClient::Rematch {});
    ana.until(|m| matches!(m, RoomServer::Created { seat: 0, .. }));
    let next = ana.code.clone();
    assert_ne!(next, first);
    let heard = |m: &RoomServer| matches!(m, RoomServer::Rematch { .. });
    for client in [&mut bea, &mut eve] {
        match client.until(heard) {
            RoomServer::Rematch { code } => assert_eq!(code, next),
            _ => unreachable!(),
        }
    }
    bea.send(&RoomClient::Rematch {});
    match bea.until(heard) {
        RoomServer::Rematch { code } => assert_eq!(code, next),
        _ => unreachable!(),
    }
    // The new table is like the old one: the same seats, rulings and turn timeout.
    let table = ana.until(|m| matches!(m, RoomServer::Table(_)));
    let RoomServer::Table(table) = table else {
        unreachable!()
    };
    assert_eq!((table.game.as_str(), table.seats.len()), ("goofspiel", 3));
    assert_eq!(table.rulings, ["cards=3"]);
    assert_eq!(table.turn_timeout_secs, Some(600));
    assert_eq!(table.seats[0].name, "Ana");
    assert_eq!(table.seats[2].bot.as_deref(), Some("easy"));
    // Bea, still at the finished table, joins the next one and it is played.
    bea.send(&RoomClient::Join {
        code: next.clone(),
        name: "Bea".into(),
    });
    bea.until(|m| matches!(m, RoomServer::Seated { seat: 1, .. }));
    (ana.over, bea.over) = (None, None);
    ana.send(&RoomClient::Start {});
    while ana.over.is_none() || bea.over.is_none() {
        ana.step();
        bea.step();
    }
}

#[test]
fn the_line_client_plays_again_at_the_next_table() {
    use std::io::{Read, Write};
    let dir = temp("lines_again");
    let serve = launch("127.0.0.1:0", &dir.join("db.sqlite"), &[]);

    // Alone against a bot: `r` typed at the end opens the next game, played too; with
    // nothing more typed, it leaves at the second end.
    let args = [
        "--humans", "1", "--bots", "easy", "--ruling", "cards=3", "--name", "Ana",
    ];
    let mut child = host(&dir, &serve, "en", &args);
    (child.stdin.take().unwrap())
        .write_all(b"1\n1\nr\n1\n1\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert_eq!(stdout.matches("The game is over.").count(), 2, "{stdout}");
    assert_eq!(stdout.matches("dungeon join ws://").count(), 2, "{stdout}");

    // Two people: Bea (a client of the protocol) opens the next game first; Ana's line
    // client, told `r`, joins it, in her own seat's name, and the next game is played.
    let args = [
        "--humans", "2", "--bots", "easy", "--ruling", "cards=3", "--name", "Ana",
    ];
    let mut ana = host(&dir, &serve, "en", &args);
    let mut out = ana.stdout.take().unwrap();
    let mut seen = Vec::new();
    let code = loop {
        let mut byte = [0u8; 1];
        assert_eq!(
            out.read(&mut byte).unwrap(),
            1,
            "{}",
            String::from_utf8_lossy(&seen)
        );
        seen.push(byte[0]);
        let text = String::from_utf8_lossy(&seen);
        if let Some(at) = text.find("/r/")
            && text[at..].contains('\n')
        {
            break text[at + 3..].lines().next().unwrap().trim().to_string();
        }
    };
    let mut bea = Client::connect(&serve.address);
    bea.send(&RoomClient::Join {
        code,
        name: "Bea".into(),
    });
    bea.until(|m| matches!(m, RoomServer::Seated { .. }));
    (ana.stdin.as_mut().unwrap())
        .write_all(b"1\n1\nr\n")
        .unwrap();
    while bea.over.is_none() {
        bea.step();
    }
    // Whoever asks first opens it (Ana waits a moment for lines typed ahead, so it is
    // Bea, unless the machine is slow); the other joins it.
    bea.send(&RoomClient::Rematch {});
    let opened = |m: &RoomServer| {
        matches!(
            m,
            RoomServer::Created { seat: 0, .. } | RoomServer::Rematch { .. }
        )
    };
    let bea_opened = match bea.until(opened) {
        RoomServer::Rematch { code } => {
            bea.send(&RoomClient::Join {
                code,
                name: "Bea".into(),
            });
            false
        }
        _ => true,
    };
    let joined = |m: &RoomServer| match m {
        RoomServer::Table(t) => t.seats.iter().filter(|s| s.taken).count() == 2,
        _ => false,
    };
    let RoomServer::Table(table) = bea.until(joined) else {
        unreachable!()
    };
    let names: Vec<&str> = table.seats.iter().map(|s| s.name.as_str()).collect();
    assert!(
        names.contains(&"Ana") && names.contains(&"Bea"),
        "{table:?}"
    );
    bea.over = None;
    if bea_opened {
        bea.send(&RoomClient::Start {});
    }
    (ana.stdin.as_mut().unwrap()).write_all(b"1\n1\n").unwrap();
    drop(ana.stdin.take());
    while bea.over.is_none() {
        bea.step();
    }
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    assert!(ana.wait().unwrap().success(), "{rest}");
    let all = String::from_utf8_lossy(&seen).into_owned() + &rest;
    assert_eq!(all.matches("The game is over.").count(), 2, "{all}");
}
