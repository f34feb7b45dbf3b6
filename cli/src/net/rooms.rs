//! `dungeon host --game ID` and `dungeon join ws://HOST:PORT/r/CODE`: a table of another
//! game (`/rooms`, `dungeon_protocol::rooms`) played in lines at a server. The server
//! words the game from this seat's view in this player's language; this side shows the
//! lines, numbers the choices and sends the one typed. A seat's token is kept in the data
//! folder, as for the first game, so `dungeon join` with the same invitation takes the
//! seat back.

use super::seats::{bad_address, keep_seat, say, seat_keys};
use crate::text::tr;
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_protocol::ErrorCode;
use dungeon_protocol::rooms::{NewRoom, ROOMS_VERSION, RoomClient, RoomServer, RoomTable};
use dungeon_remote::{Invite, Server};
use std::net::TcpStream;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Duration;
use tungstenite::{Message, WebSocket};

type Socket = WebSocket<TcpStream>;

/// What this side does at the table.
pub enum Sit {
    Create(NewRoom),
    Join { code: String, name: String },
    Watch { code: String },
}

fn connect(lang: Lang, server: &Server) -> Result<Socket, String> {
    let url = format!("ws://{}/rooms", server.authority);
    let unreachable = |e: String| {
        let a = [
            ("server", server.authority.clone().into()),
            ("error", e.into()),
        ];
        tr(lang, "net-unreachable", &a)
    };
    let stream = TcpStream::connect(&server.authority).map_err(|e| unreachable(e.to_string()))?;
    let (mut socket, _) =
        tungstenite::client(url.as_str(), stream).map_err(|e| unreachable(e.to_string()))?;
    let hello = RoomClient::Hello {
        version: ROOMS_VERSION,
        lang: Some(lang.code().into()),
    };
    send(&mut socket, &hello).map_err(|e| unreachable(e.to_string()))?;
    (socket
        .get_mut()
        .set_read_timeout(Some(Duration::from_millis(100))))
    .map_err(|e| unreachable(e.to_string()))?;
    Ok(socket)
}

fn send(socket: &mut Socket, message: &RoomClient) -> tungstenite::Result<()> {
    socket.send(Message::text(message.to_json()))
}

/// The next message from the server: `Ok(None)` when none came within the read timeout.
fn receive(socket: &mut Socket) -> Result<Option<RoomServer>, ()> {
    match socket.read() {
        Ok(Message::Text(text)) => Ok(serde_json::from_str(text.as_str()).ok()),
        Ok(Message::Close(_)) => Err(()),
        Ok(_) => Ok(None),
        Err(tungstenite::Error::Io(e))
            if matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) =>
        {
            Ok(None)
        }
        Err(_) => Err(()),
    }
}

/// Lines typed at this terminal, read on a thread of their own.
fn typed() -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut line = String::new();
        while std::io::BufRead::read_line(&mut stdin.lock(), &mut line).unwrap_or(0) > 0 {
            if tx.send(line.trim().to_string()).is_err() {
                return;
            }
            line.clear();
        }
    });
    rx
}

/// Reads `ws://HOST:PORT/r/CODE`.
pub fn parse_invite(lang: Lang, url: &str) -> Result<Invite, String> {
    Invite::parse_room(url).map_err(|e| bad_address(lang, url, &e))
}

/// Plays at the table until the game ends or the player leaves (`q`, or no more input).
/// At the end, a seated player may type `r` to play again at a table like it: the next
/// game's, opened by whoever asks first, the others joining it. With its input not a
/// terminal, it plays again only if `r` was typed ahead; otherwise it leaves at the end.
pub fn play(lang: Lang, server: &Server, sit: Sit) -> Result<ExitCode, String> {
    use std::io::IsTerminal;
    let mut socket = connect(lang, server)?;
    let mut creator = matches!(sit, Sit::Create(_));
    let (mut code, mut started_asked) = (String::new(), false);
    let (mut seat, mut asking): (Option<u8>, Option<(u32, usize)>) = (None, None);
    let (mut names, mut given): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    // Over, and waiting for `r` or `q`; the next game's code once someone opened it; this
    // side asked for the next game and waits to be seated at it.
    let (mut over, mut next, mut again): (bool, Option<String>, bool) = (false, None, false);
    let terminal = std::io::stdin().is_terminal();
    let mut typed_done = false;
    // The table is shown when this seat is asked, and at the end: the log tells the rest.
    let mut view = String::new();
    let mut pending: std::collections::VecDeque<String> = Default::default();
    let mut sit = Some(sit);
    let typed = typed();
    loop {
        let message = match receive(&mut socket) {
            Ok(m) => m,
            Err(()) => {
                let a = [("server", server.authority.clone().into())];
                say(&tr(lang, "net-closed", &a));
                return Ok(ExitCode::FAILURE);
            }
        };
        match message {
            None => {}
            Some(RoomServer::Welcome { .. }) => {
                let request = match sit.take() {
                    Some(Sit::Create(new)) => RoomClient::Create(new),
                    Some(Sit::Join { code: c, name }) => {
                        code = c.clone();
                        match seat_keys().and_then(|k| k.find(&server.authority, &c)) {
                            Some(key) => RoomClient::Rejoin {
                                code: c,
                                token: key.token,
                            },
                            None => RoomClient::Join { code: c, name },
                        }
                    }
                    Some(Sit::Watch { code: c }) => {
                        code = c.clone();
                        RoomClient::Watch { code: c }
                    }
                    None => continue,
                };
                let _ = send(&mut socket, &request);
            }
            Some(RoomServer::Created {
                code: c,
                seat: s,
                token,
            }) => {
                (code, seat) = (c, Some(s));
                // The first table's, or the next game's this side opened.
                (creator, started_asked, again) = (true, false, false);
                keep_seat(lang, seat_keys().as_ref(), server, &code, Some((s, &token)));
                say(&tr(lang, "net-invite", &[("code", code.clone().into())]));
                say(&format!("    dungeon join {}", server.room_invite(&code)));
            }
            Some(RoomServer::Seated { seat: s, token }) => {
                (seat, again) = (Some(s), false);
                keep_seat(lang, seat_keys().as_ref(), server, &code, Some((s, &token)));
                let a = [("seat", (s + 1).into()), ("code", code.clone().into())];
                say(&tr(lang, "net-seated", &a));
            }
            Some(RoomServer::Watching {}) => {
                say(&tr(lang, "net-watching", &[("code", code.clone().into())]))
            }
            Some(RoomServer::Table(table)) => {
                names = seat_names(&table);
                given = table.seats.iter().map(|s| s.name.clone()).collect();
                if !table.started {
                    say(&lobby(lang, &table, seat));
                }
                let everyone = table.seats.iter().all(|s| s.taken);
                if creator && !table.started && everyone && !started_asked {
                    started_asked = true;
                    let _ = send(&mut socket, &RoomClient::Start {});
                }
            }
            Some(RoomServer::Log { lines, .. }) => lines.iter().for_each(|l| say(&escape_line(l))),
            Some(RoomServer::View { text, .. }) => view = text,
            Some(RoomServer::Asking { number, choices }) => {
                view.lines().for_each(|l| say(&escape_line(l)));
                for (i, c) in choices.iter().enumerate() {
                    say(&format!("  {}) {}", i + 1, escape_line(c)));
                }
                say(&tr(lang, "game-choose", &[("count", choices.len().into())]));
                asking = Some((number, choices.len()));
            }
            Some(RoomServer::Waiting { seat: s, .. }) => {
                let name = names.get(s as usize).cloned().unwrap_or_default();
                say(&tr(lang, "net-room-waiting", &[("name", name.into())]));
            }
            Some(RoomServer::Accepted { .. }) => {}
            Some(RoomServer::Rematch { code: c }) => {
                let url = server.room_invite(&c);
                say(&tr(lang, "net-room-next", &[("url", url.into())]));
                if again {
                    // Someone else opened it first: this side joins it.
                    let join = join_next(c, (&mut code, &mut seat, &mut creator), &given);
                    let _ = send(&mut socket, &join);
                } else {
                    next = Some(c);
                }
            }
            Some(RoomServer::TimedOut { seat: s, number }) => {
                let name = names.get(s as usize).cloned().unwrap_or_default();
                say(&tr(lang, "note-timed-out", &[("name", name.into())]));
                if asking.is_some_and(|(asked, _)| asked == number) {
                    asking = None;
                }
            }
            Some(RoomServer::Over { winners }) => {
                view.lines().for_each(|l| say(&escape_line(l)));
                let won: Vec<String> = winners
                    .iter()
                    .filter_map(|&w| names.get(w as usize).cloned())
                    .collect();
                say(&tr(
                    lang,
                    "net-room-over",
                    &[("names", won.join(", ").into())],
                ));
                if seat.is_none() {
                    return Ok(ExitCode::SUCCESS);
                }
                (over, asking) = (true, None);
                if terminal {
                    say(&tr(lang, "net-room-again", &[]));
                } else {
                    // Lines typed ahead reach this side on their own thread: a moment
                    // for them to arrive, then only an `r` among them plays on.
                    std::thread::sleep(Duration::from_millis(300));
                    pending.extend(typed.try_iter());
                    if pending.front().map(String::as_str) != Some("r") {
                        return Ok(ExitCode::SUCCESS);
                    }
                }
            }
            Some(RoomServer::Error {
                code: error,
                message,
            }) => {
                let shown = escape_line(&message).into_owned();
                say(&tr(
                    lang,
                    "net-server-said",
                    &[("message", shown.clone().into())],
                ));
                if seat.is_none() && !matches!(error, ErrorCode::RateLimited | ErrorCode::Stale) {
                    return Err(tr(lang, "net-server-said", &[("message", shown.into())]));
                }
            }
        }
        loop {
            match typed.try_recv() {
                Ok(line) => pending.push_back(line),
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => {
                    typed_done = true;
                    break;
                }
            }
        }
        // Over, with nothing more to read: nobody will ask for the next game.
        if over && typed_done && pending.is_empty() {
            return Ok(ExitCode::SUCCESS);
        }
        // A line typed before the question waits for it; `q` leaves at once.
        while let Some(line) = pending.pop_front() {
            if line == "q" {
                // Nothing is kept of a finished table: nothing to come back to.
                if !over {
                    let url = server.room_invite(&code);
                    say(&tr(lang, "net-left", &[("url", url.into())]));
                }
                let _ = socket.close(None);
                return Ok(ExitCode::SUCCESS);
            }
            if over {
                if line != "r" {
                    say(&tr(lang, "net-room-again", &[]));
                    continue;
                }
                over = false;
                let request = match next.take() {
                    Some(c) => join_next(c, (&mut code, &mut seat, &mut creator), &given),
                    None => {
                        again = true;
                        RoomClient::Rematch {}
                    }
                };
                let _ = send(&mut socket, &request);
                continue;
            }
            let Some((number, count)) = asking else {
                pending.push_front(line);
                break;
            };
            match line.parse::<usize>() {
                Ok(n) if (1..=count).contains(&n) => {
                    let answer = RoomClient::Answer {
                        number,
                        choice: (n - 1) as u32,
                    };
                    let _ = send(&mut socket, &answer);
                    asking = None;
                }
                _ => say(&tr(lang, "game-bad-choice", &[("count", count.into())])),
            }
        }
    }
}

/// The request that takes this seat's name (as `given` at the finished table) to the next
/// game's table `next`, which becomes this side's: not seated there yet, and not its
/// creator.
fn join_next(
    next: String,
    (code, seat, creator): (&mut String, &mut Option<u8>, &mut bool),
    given: &[String],
) -> RoomClient {
    let name = seat.and_then(|s| given.get(s as usize)).cloned();
    (*code, *seat, *creator) = (next.clone(), None, false);
    RoomClient::Join {
        code: next,
        name: name.unwrap_or_default(),
    }
}

/// The seats' names as the table shows them (`#N` for a default name).
fn seat_names(table: &RoomTable) -> Vec<String> {
    (table.seats.iter().enumerate())
        .map(|(i, s)| match s.name.is_empty() {
            true => format!("#{}", i + 1),
            false => escape_line(&s.name).into_owned(),
        })
        .collect()
}

/// Who is at the table before the game starts.
fn lobby(lang: Lang, table: &RoomTable, seat: Option<u8>) -> String {
    let names: Vec<String> = (seat_names(table).into_iter().enumerate())
        .filter(|(i, _)| table.seats[*i].taken)
        .map(|(i, n)| match Some(i as u8) == seat {
            true => tr(lang, "net-you", &[("name", n.into())]),
            false => n,
        })
        .collect();
    tr(lang, "net-at-table", &[("names", names.join(", ").into())])
}
