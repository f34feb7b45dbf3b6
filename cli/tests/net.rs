//! `dungeon host` and `dungeon join` (the real binary, line mode) against the real server,
//! run in the test's own process on a free port of 127.0.0.1, the seats' tokens in a
//! temporary `DUNGEON_DATA_DIR`:
//!
//! - `host` opens a table against a bot, prints the invitation and plays the game to its
//!   end; the seat's token is kept while the game goes on and forgotten at its end;
//! - `join` takes a seat, leaves mid-game, and `join` again takes the same seat back with
//!   its token and shows the whole log as that seat may see it (its own draws included);
//! - a spectator (`join --watch`) follows the same game to its end, no drawn card named;
//! - refusals are said in words: no such table, an encrypted address, nobody listening,
//!   a bad turn timeout.

#[path = "../server/tests/support/mod.rs"]
mod support;

use dungeon_remote::{Invite, Reconnect, RemoteTable, Server, Sit};
use dungeon_table::{Table, TableState};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(240);

fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "dungeon-net-{}-{}-{name}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn server() -> dungeon_server::Running {
    let library = Arc::new(dungeon_tests::library());
    let store = Arc::new(dungeon_server::MemoryStore::default());
    let mut config = dungeon_server::Config::new(library, store);
    config.threads = 1;
    config.seeds = dungeon_server::Seeds::Fixed(5);
    dungeon_server::Server::start(config)
        .unwrap()
        .spawn(([127, 0, 0, 1], 0).into())
        .unwrap()
}

/// `dungeon --lang en ARGS` with `input` on stdin, its data in `data`.
fn dungeon(data: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(["--lang", "en"])
        .args(args)
        .env("DUNGEON_DATA_DIR", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn keys_in(data: &Path) -> usize {
    std::fs::read_dir(data.join("seats")).map_or(0, |d| d.count())
}

#[test]
fn host_plays_a_whole_game_against_a_bot() {
    let running = server();
    let data = temp_dir("host");
    let server = running.addr.to_string();
    let answers = "1\n".repeat(600);
    let args = [
        "host",
        "--server",
        &server,
        "--players",
        "2",
        "--humans",
        "1",
    ];
    let out = dungeon(
        &data,
        &[&args[..], &["--bots", "easy", "--plain"]].concat(),
        &answers,
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(
        stdout.contains("is open. The other players join it with:"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("dungeon join ws://{server}/t/")),
        "{stdout}"
    );
    // The same table opens in a browser.
    assert!(
        stdout.contains(&format!("    http://{server}/t/")),
        "{stdout}"
    );
    assert!(stdout.contains("Final standings:"), "{stdout}");
    assert_eq!(
        keys_in(&data),
        0,
        "the seat's token is forgotten once the game is over"
    );
}

/// The cards of these packs, from the test packs.
/// A pack of the host's own (`--pack`, a folder of its own that no server has): brought
/// to the table, checked and played there; the game ends as usual.
#[test]
fn host_brings_a_pack_of_its_own() {
    let running = server();
    let data = temp_dir("host-pack");
    let folder = data.join("lab");
    let pack = support::write_pack(&support::lab_pack(), &folder);
    let server = running.addr.to_string();
    let args = [
        "--pack",
        pack.to_str().unwrap(),
        "host",
        "--server",
        &server,
        "--packs",
        "base,lab",
        "--players",
        "2",
        "--humans",
        "1",
        "--bots",
        "easy",
        "--adventurer",
        "alchemist",
        "--plain",
    ];
    let out = dungeon(&data, &args, &"1\n".repeat(600));
    played_to_the_end_with_the_alchemist(&out);
}

/// A terminal player joins a table whose creator brought a pack it does not have: its
/// cards come from the files the server sends with the table (checked against their hash),
/// and the game is played to its end.
#[test]
fn a_joiner_plays_with_a_pack_it_did_not_have() {
    let running = server();
    let here = Server::parse(&running.addr.to_string()).unwrap();
    let mut table = people_only(2, "Ana");
    table.pack = Some(support::lab_pack());
    table.options.adventurer = Some("alchemist".into());
    let bringing = |ids: &[String], brought: Option<&dungeon_remote::PackUpload>| {
        let library = dungeon_remote::with_brought(&dungeon_tests::library(), brought.unwrap())?;
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        (library.catalog(&ids))
            .map(|(c, _)| Arc::new(c))
            .map_err(|d| d.to_string())
    };
    let mut creator =
        RemoteTable::connect_bringing(&here, Sit::Create(table), bringing, Reconnect::default())
            .unwrap();
    let url = invitation(&here, creator.code());
    let done = Arc::new(AtomicBool::new(false));
    let stop = done.clone();
    let host = std::thread::spawn(move || {
        let until = Instant::now() + PATIENCE;
        wait_for_seats(&mut creator, 2, until);
        creator.start();
        answer_first(&mut [&mut creator], &stop, until);
    });
    let data = temp_dir("brought-join");
    let out = dungeon(
        &data,
        &["join", &url, "--name", "Bo", "--plain"],
        &"1\n".repeat(600),
    );
    done.store(true, Ordering::SeqCst);
    host.join().unwrap();
    played_to_the_end_with_the_alchemist(&out);
}

/// The program ended well, the brought pack's adventurer (the lab's Alchemist) played, and
/// the game went to its end.
fn played_to_the_end_with_the_alchemist(out: &Output) {
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(
        stdout.contains("Alchemist"),
        "the brought pack's adventurer plays: {stdout}"
    );
    assert!(stdout.contains("Final standings:"), "{stdout}");
}

/// The invitation to table `code` of `here`, as `dungeon join` takes it.
fn invitation(here: &Server, code: &str) -> String {
    Invite {
        server: here.clone(),
        code: code.to_string(),
    }
    .url()
}

/// Waits until `seats` people's seats of the table are taken.
fn wait_for_seats(table: &mut RemoteTable, seats: usize, until: Instant) {
    while table.taken().len() < seats {
        assert!(Instant::now() < until, "the seats were not taken");
        table.poll(Duration::from_millis(20)).unwrap();
    }
}

/// Answers every question these tables are asked with its first option, until `stop`.
fn answer_first(tables: &mut [&mut RemoteTable], stop: &AtomicBool, until: Instant) {
    while !stop.load(Ordering::SeqCst) && Instant::now() < until {
        for table in tables.iter_mut() {
            table.poll(Duration::from_millis(10)).unwrap();
            if let TableState::Asking {
                seat,
                number,
                decision,
            } = table.state()
            {
                let _ = table.answer(seat, number, decision.legal_actions()[0]);
            }
        }
    }
}

fn catalog(ids: &[String]) -> Result<Arc<dungeon_engine::catalog::Catalog>, String> {
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    dungeon_tests::library()
        .catalog(&ids)
        .map(|(c, _)| Arc::new(c))
        .map_err(|d| d.to_string())
}

/// A table of `players` people and no bot, the creator named `name`.
fn people_only(players: u8, name: &str) -> dungeon_remote::NewTable {
    dungeon_remote::NewTable {
        packs: vec!["base".into()],
        players,
        humans: players,
        bots: Vec::new(),
        options: Default::default(),
        turn_timeout_secs: None,
        name: name.into(),
        pack: None,
    }
}

/// While a joiner waits for the start, it is told who sits at the table, who starts the
/// game and how many seats are taken, who sits down after it, then that the game started.
#[test]
fn join_says_who_is_there_and_who_starts() {
    let running = server();
    let here = Server::parse(&running.addr.to_string()).unwrap();
    let table = people_only(3, "Ana");
    let mut creator =
        RemoteTable::connect(&here, Sit::Create(table), catalog, Reconnect::default()).unwrap();
    let code = creator.code().to_string();
    let url = invitation(&here, &code);
    // Once the joiner below is seated (and has had time to say so), a third player sits
    // down, then the creator starts; both play on (the first option) until the joiner,
    // asked with nothing more to read, has left.
    let done = Arc::new(AtomicBool::new(false));
    let stop = done.clone();
    let host = std::thread::spawn(move || {
        let until = Instant::now() + PATIENCE;
        wait_for_seats(&mut creator, 2, until);
        std::thread::sleep(Duration::from_secs(2));
        let sit = Sit::Join {
            code,
            name: "Cy".into(),
        };
        let mut third = RemoteTable::connect(&here, sit, catalog, Reconnect::default()).unwrap();
        std::thread::sleep(Duration::from_secs(1));
        creator.start();
        answer_first(&mut [&mut creator, &mut third], &stop, until);
    });
    let data = temp_dir("lobby");
    let out = dungeon(&data, &["join", &url, "--name", "Bo", "--plain"], "");
    done.store(true, Ordering::SeqCst);
    host.join().unwrap();
    let out = text(&out.stdout);
    let lines: Vec<&str> = out.lines().collect();
    let at = |needle: &str| {
        lines
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no {needle:?} in\n{out}"))
    };
    let there = at("At the table: Ana, Bo (you).");
    let waiting = at("Waiting for Ana to start the game (2 of 3 seats for people taken).");
    let third = at("Cy took their seat.");
    let started = at("The game has started.");
    assert!(
        there < waiting && waiting < third && third < started,
        "{out}"
    );
    assert_eq!(
        out.matches("The game has started.").count(),
        1,
        "said once: {out}"
    );
}

#[test]
fn join_takes_the_same_seat_back_and_shows_the_whole_log() {
    let running = server();
    let here = Server::parse(&running.addr.to_string()).unwrap();
    let table = people_only(2, "");
    let mut creator =
        RemoteTable::connect(&here, Sit::Create(table), catalog, Reconnect::default()).unwrap();
    let url = invitation(&here, creator.code());
    let data = temp_dir("join");
    // The creator starts as soon as the other seat is taken, then always draws when it
    // can (so the dungeon fills and the game goes on), else takes the first option.
    let done = Arc::new(AtomicBool::new(false));
    let stop = done.clone();
    let host = std::thread::spawn(move || {
        let until = Instant::now() + PATIENCE;
        wait_for_seats(&mut creator, 2, until);
        creator.start();
        while !stop.load(Ordering::SeqCst) && Instant::now() < until {
            creator.poll(Duration::from_millis(20)).unwrap();
            match creator.state() {
                TableState::Asking {
                    seat,
                    number,
                    decision,
                } => {
                    let actions = decision.legal_actions();
                    let _ = creator.answer(seat, number, actions[0]);
                }
                TableState::Over { .. } => return,
                _ => {}
            }
        }
    });
    // Three answers, then the input ends: the player leaves mid-game.
    let first = dungeon(
        &data,
        &["join", &url, "--name", "Bo", "--plain"],
        "1\n1\n1\n",
    );
    let first_out = text(&first.stdout);
    assert!(
        first.status.success(),
        "{first_out}\n{}",
        text(&first.stderr)
    );
    assert!(
        first_out.contains("You have seat 2 at table"),
        "{first_out}"
    );
    assert!(first_out.contains("The game has started."), "{first_out}");
    assert!(
        first_out.contains(&format!("`dungeon join {url}` takes your seat back")),
        "{first_out}"
    );
    assert_eq!(keys_in(&data), 1, "the seat's token is kept");
    // (A line may follow a prompt: the answers typed are not echoed.)
    let draws = |out: &str| -> Vec<String> {
        out.lines()
            .filter_map(|l| l.find("You draw a card:").map(|i| l[i..].to_string()))
            .collect()
    };
    let own_draws = |out: &str| draws(out).len();
    assert!(own_draws(&first_out) > 0, "{first_out}");
    // A spectator watches the rest of the game meanwhile, in the line mode.
    let watch_data = temp_dir("watch");
    let spectator = {
        let url = url.clone();
        std::thread::spawn(move || dungeon(&watch_data, &["join", &url, "--watch", "--plain"], ""))
    };
    let again = dungeon(&data, &["join", &url, "--plain"], &"1\n".repeat(600));
    let again_out = text(&again.stdout);
    done.store(true, Ordering::SeqCst);
    host.join().unwrap();
    assert!(
        again.status.success(),
        "{again_out}\n{}",
        text(&again.stderr)
    );
    assert!(
        again_out.contains("Taking back your seat (2)..."),
        "{again_out}"
    );
    assert!(
        again_out.contains("You have seat 2 at table"),
        "{again_out}"
    );
    // The whole log again, this seat's own draws named as before.
    let again_draws = draws(&again_out);
    for line in draws(&first_out) {
        assert!(
            again_draws.contains(&line),
            "{line} is missing from\n{again_out}"
        );
    }
    assert!(own_draws(&again_out) >= own_draws(&first_out));
    assert!(again_out.contains("Final standings:"), "{again_out}");
    assert_eq!(keys_in(&data), 0, "forgotten once the game is over");
    let watched = spectator.join().unwrap();
    let watched_out = text(&watched.stdout);
    assert!(
        watched.status.success(),
        "{watched_out}\n{}",
        text(&watched.stderr)
    );
    assert!(watched_out.contains("Watching table"), "{watched_out}");
    assert!(watched_out.contains("Final standings:"), "{watched_out}");
    // Nobody's drawn card is named to a spectator.
    assert!(!watched_out.contains("draw a card:"), "{watched_out}");
    assert!(!watched_out.contains("draws a card:"), "{watched_out}");
}

#[test]
fn refusals_are_said_in_words() {
    let running = server();
    let data = temp_dir("refusals");
    let unknown = format!("ws://{}/t/NOSUCH", running.addr);
    let out = dungeon(&data, &["join", &unknown, "--plain"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("There is no table NOSUCH at this server"),
        "{}",
        text(&out.stderr)
    );
    let out = dungeon(&data, &["join", "wss://example.org/t/ABC"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("Encrypted connections"),
        "{}",
        text(&out.stderr)
    );
    let free = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let out = dungeon(
        &data,
        &["host", "--server", &free.to_string(), "--humans", "1"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("could not be reached"),
        "{}",
        text(&out.stderr)
    );
    let server = running.addr.to_string();
    let out = dungeon(
        &data,
        &["host", "--server", &server, "--turn-timeout", "5h"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("Not a turn timeout: 5h"),
        "{}",
        text(&out.stderr)
    );
}
