//! The async side: axum serves `GET /ws`, upgrades it to a WebSocket, and each connection
//! becomes one task that reads the client's frames (limited, parsed, checked against
//! where the connection stands) and routes them to the table's game thread, while it
//! writes whatever the game threads put in its outbox. No game logic runs here. A
//! connection to `/rooms` (the other games' tables) is `rooms.rs`, on the same limits.

use crate::games::{Command, Seated};
use crate::gate::Peer;
use crate::limits::{Bucket, Counted, Limits};
use crate::odds::Ticket;
use crate::outbox::{Outgoing, Subscriber};
use crate::secret::{self, Key};
use crate::shared::Shared;
use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use dungeon_protocol::NewTable;
use dungeon_protocol::{
    ClientMessage, ErrorCode, PROTOCOL_VERSION, ServerMessage, parse_client_frame,
};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::sync::oneshot;

pub(crate) mod rooms;

pub(crate) fn router(shared: Arc<Shared>) -> Router {
    crate::web::routes()
        .route("/ws", get(upgrade))
        .route("/rooms", get(rooms::upgrade))
        .with_state(shared)
}

async fn upgrade(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<Peer>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Some(refused) = foreign(&shared, &headers) {
        return refused;
    }
    let client = shared.access.client(peer.addr, &headers);
    // Frames up to four times the limit are read and refused with `too_big`; larger
    // ones end the connection in the WebSocket layer, before they are buffered.
    // (A table brought with its pack may be as large as `max_pack_message`; larger
    // frames end the connection.)
    let most = (shared.limits.max_message * 4).max(shared.limits.max_pack_message);
    ws.max_message_size(most)
        .max_frame_size(most)
        .on_upgrade(move |socket| {
            peer.ticket.upgraded();
            connection(shared, client, socket)
        })
}

/// The refusal of an upgrade from an origin the server does not take (at `/ws` and
/// `/rooms` alike); `None` if it is taken.
pub(crate) fn foreign(shared: &Shared, headers: &HeaderMap) -> Option<Response> {
    if shared.access.origin_allowed(headers) {
        return None;
    }
    tracing::info!("an upgrade from a foreign origin refused");
    let why = "this server takes WebSocket connections from its own pages and the origins its operator names";
    Some((StatusCode::FORBIDDEN, why).into_response())
}

/// Counts a connection from `client`, or tells it why not.
pub(crate) async fn admit(
    shared: &Shared,
    client: IpAddr,
    socket: &mut WebSocket,
) -> Option<Counted> {
    let limits = &shared.limits;
    let counted = (shared.addresses).admit(
        client,
        limits.connections_per_address,
        limits.max_connections,
    );
    if counted.is_none() {
        let refusal = ServerMessage::error(
            ErrorCode::TooManyConnections,
            format!(
                "at most {} connections from one address (fewer while the server is busy)",
                limits.connections_per_address
            ),
        );
        let _ = socket.send(Message::Text(refusal.to_json().into())).await;
        let _ = socket.send(Message::Close(None)).await;
    }
    counted
}

/// Where a connection stands.
struct Place {
    key: Key,
    thread: usize,
    seat: Seated,
}

async fn connection(shared: Arc<Shared>, client: IpAddr, mut socket: WebSocket) {
    let limits = &shared.limits;
    let Some(_counted) = admit(&shared, client, &mut socket).await else {
        return;
    };
    let id = shared.next_connection.fetch_add(1, Ordering::Relaxed);
    let (sub, mut inbox) = Subscriber::open(id, limits.outbox);
    tracing::debug!(connection = id, "connected");
    let mut state = Connection {
        shared: &shared,
        client,
        sub: sub.clone(),
        hello: false,
        place: None,
        bucket: Bucket::new(limits.messages_per_second, limits.burst),
        refused_in_a_row: 0,
        odds_in_flight: Arc::default(),
    };
    pump(&mut socket, &mut inbox, &sub, limits, &mut state, id).await;
    let _ = socket.send(Message::Close(None)).await;
    if let Some(place) = &state.place {
        shared.pool.send(
            place.thread,
            Command::Leave {
                key: place.key,
                sub: id,
            },
        );
    }
    tracing::debug!(connection = id, "closed");
}

/// What reads a connection's frames, at `/ws` or at `/rooms`.
pub(crate) trait Frames {
    /// The client said `hello`: it is held to the idle limit now, not the hello one.
    fn greeted(&self) -> bool;
    /// Takes one frame; `false` when the connection is to close.
    fn take(&mut self, frame: &[u8]) -> impl Future<Output = bool> + Send;
}

/// A connection's life, whichever protocol it speaks: frames read and handed to
/// `frames`, what the tables put in the outbox written, pings sent, a silent or slow
/// client cut off. Returns when the connection is to close.
pub(crate) async fn pump(
    socket: &mut WebSocket,
    inbox: &mut tokio::sync::mpsc::Receiver<Outgoing>,
    sub: &Subscriber,
    limits: &Limits,
    frames: &mut impl Frames,
    id: u64,
) {
    let started = tokio::time::Instant::now();
    let mut heard = started;
    // Pings keep an honest client's connection from looking idle: its WebSocket library
    // answers them by itself.
    let mut ping = tokio::time::interval_at(started + limits.idle / 3, limits.idle / 3);
    loop {
        let deadline = match frames.greeted() {
            false => started + limits.hello_within,
            true => heard + limits.idle,
        };
        tokio::select! {
            () = tokio::time::sleep_until(deadline) => {
                tracing::debug!(connection = id, hello = frames.greeted(), "closed: silent too long");
                break;
            }
            _ = ping.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                heard = tokio::time::Instant::now();
                let Some(Ok(message)) = incoming else { break };
                let frame = match message {
                    Message::Text(text) => text.as_bytes().to_vec(),
                    Message::Binary(bytes) => bytes.to_vec(),
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => continue,
                };
                if !frames.take(&frame).await {
                    // Flushes what is queued (the last error) before closing.
                    while let Ok(Outgoing::Text(text)) = inbox.try_recv() {
                        let _ = socket.send(Message::Text(text.as_ref().into())).await;
                    }
                    break;
                }
            }
            outgoing = inbox.recv() => match outgoing {
                Some(Outgoing::Text(text)) => {
                    if socket.send(Message::Text(text.as_ref().into())).await.is_err() {
                        break;
                    }
                }
                Some(Outgoing::Close) | None => break,
            },
            () = sub.cut.notified() => {
                tracing::info!(connection = id, "cut off: it reads too slowly");
                break;
            }
        }
    }
}

impl Frames for Connection<'_> {
    fn greeted(&self) -> bool {
        self.hello
    }

    async fn take(&mut self, frame: &[u8]) -> bool {
        Connection::take(self, frame).await
    }
}

struct Connection<'s> {
    shared: &'s Shared,
    /// The client's address (see `access.rs`).
    client: IpAddr,
    sub: Subscriber,
    hello: bool,
    place: Option<Place>,
    bucket: Bucket,
    refused_in_a_row: u32,
    /// An odds request of this connection is being worked out.
    odds_in_flight: Arc<AtomicBool>,
}

impl Connection<'_> {
    fn error(&self, code: ErrorCode, message: impl Into<String>) {
        self.sub.send(&ServerMessage::error(code, message));
    }

    /// Takes one frame; `false` when the connection is to close.
    async fn take(&mut self, frame: &[u8]) -> bool {
        let limits = &self.shared.limits;
        // Only a table brought with its own pack may be larger than other messages.
        let parsed = match parse_client_frame(frame, limits.max_pack_message) {
            Ok(m @ ClientMessage::CreateTable(NewTable { pack: Some(_), .. })) => Ok(m),
            // Anything else larger than other messages may be is `too_big`.
            _ if frame.len() > limits.max_message => parse_client_frame(frame, limits.max_message),
            other => other,
        };
        // An answer to a question the server put goes at the game's pace, which the
        // server sets: never limited, however fast a bot answers. Other game messages
        // count against the connection; look-ups (`hello`, `join`, `rejoin`, `watch`,
        // `create_table`, unreadable frames) against its client address too, so that
        // connecting again does not start afresh.
        let allowed = match &parsed {
            Ok(ClientMessage::Answer { .. }) if self.sub.answers_asked() => true,
            Ok(
                ClientMessage::Answer { .. } | ClientMessage::Start {} | ClientMessage::AskOdds {},
            ) => self.bucket.take(),
            _ => {
                let (rate, burst) = (limits.lookups_per_address, limits.lookup_burst_per_address);
                self.bucket.take() && self.shared.lookups.take(self.client, rate, burst)
            }
        };
        if !allowed {
            self.refused_in_a_row += 1;
            let rate = limits.messages_per_second;
            self.error(
                ErrorCode::RateLimited,
                format!("at most {rate} messages a second, and fewer look-ups from one address"),
            );
            return self.refused_in_a_row < limits.flood_close;
        }
        self.refused_in_a_row = 0;
        let message = match parsed {
            Ok(message) => message,
            Err(e) => {
                self.error(e.code, e.message);
                return true;
            }
        };
        if let ClientMessage::Hello { version, lang } = message {
            let reads = match lang.as_deref().map(dungeon_engine::lang::Lang::from_code) {
                None => None,
                Some(Some(lang)) => Some(lang),
                Some(None) => {
                    self.error(ErrorCode::BadRequest, "lang is en, es or fr");
                    return true;
                }
            };
            if version != PROTOCOL_VERSION {
                self.error(
                    ErrorCode::VersionMismatch,
                    format!("this server speaks protocol version {PROTOCOL_VERSION}, the client version {version}"),
                );
                return false;
            }
            self.hello = true;
            if let Some(lang) = reads {
                let _ = self.sub.lang.set(lang);
            }
            self.sub.send(&ServerMessage::Welcome {
                version: PROTOCOL_VERSION,
                server: self.shared.name.clone(),
            });
            return true;
        }
        if !self.hello {
            self.error(
                ErrorCode::BadRequest,
                "say hello first, with the protocol version",
            );
            return true;
        }
        self.route(message).await;
        true
    }

    async fn route(&mut self, message: ClientMessage) {
        let pool = &self.shared.pool;
        let sub = self.sub.clone();
        match message {
            ClientMessage::Hello { .. } => {}
            ClientMessage::CreateTable(request) => {
                if self.place.is_some() {
                    return self.error(
                        ErrorCode::BadRequest,
                        "this connection is at a table already",
                    );
                }
                self.open_table(request).await;
            }
            ClientMessage::Rematch {} => {
                let Some((key, thread, seat)) = self.seat() else {
                    return;
                };
                let (reply, answer) = oneshot::channel();
                pool.send(
                    thread,
                    Command::Rematch {
                        key,
                        seat,
                        sub: sub.clone(),
                        reply,
                    },
                );
                let Ok(Some(request)) = answer.await else {
                    return;
                };
                // The connection moves to the new table: it leaves its seat here first.
                pool.send(thread, Command::Leave { key, sub: sub.id });
                self.place = None;
                let code = self.open_table(request).await;
                pool.send(thread, Command::Rematched { key, seat, code });
            }
            ClientMessage::Join { code, name } => {
                let Some((key, thread)) = self.find(&code, false) else {
                    return;
                };
                let (reply, answer) = oneshot::channel();
                let token = secret::new_token();
                pool.send(
                    thread,
                    Command::Join {
                        key,
                        code,
                        name,
                        token,
                        sub,
                        reply,
                    },
                );
                self.arrive(answer, key, thread).await;
            }
            ClientMessage::Rejoin { code, token } => {
                let Some((key, thread)) = self.find(&code, true) else {
                    return;
                };
                let (reply, answer) = oneshot::channel();
                pool.send(
                    thread,
                    Command::Rejoin {
                        key,
                        code,
                        token,
                        sub,
                        reply,
                    },
                );
                self.arrive(answer, key, thread).await;
            }
            ClientMessage::Watch { code } => {
                let Some((key, thread)) = self.find(&code, true) else {
                    return;
                };
                let (reply, answer) = oneshot::channel();
                pool.send(
                    thread,
                    Command::Watch {
                        key,
                        code,
                        sub,
                        reply,
                    },
                );
                self.arrive(answer, key, thread).await;
            }
            ClientMessage::Start {} => {
                let Some((key, thread, seat)) = self.seat() else {
                    return;
                };
                pool.send(thread, Command::Start { key, seat, sub });
            }
            ClientMessage::Answer { number, action } => {
                let Some((key, thread, seat)) = self.seat() else {
                    return;
                };
                pool.send(
                    thread,
                    Command::Answer {
                        key,
                        seat,
                        number,
                        action,
                        sub,
                    },
                );
            }
            ClientMessage::AskOdds {} => {
                let Some((key, thread, seat)) = self.seat() else {
                    return;
                };
                let Some(ticket) = Ticket::take(&self.odds_in_flight) else {
                    return self.error(
                        ErrorCode::Busy,
                        "this connection's odds are being worked out: wait for them",
                    );
                };
                let command = Command::AskOdds {
                    key,
                    seat,
                    sub,
                    ticket,
                };
                pool.send(thread, command);
            }
        }
    }

    /// The table a code names, unless this connection is at one already. With `stored`,
    /// a table not in memory is looked for in the store by its thread (a finished game).
    fn find(&self, code: &str, stored: bool) -> Option<(Key, usize)> {
        if self.place.is_some() {
            self.error(
                ErrorCode::BadRequest,
                "this connection is at a table already",
            );
            return None;
        }
        let key = secret::digest(code);
        match self.shared.pool.routes.find(&key) {
            Some(thread) => Some((key, thread)),
            None if stored => Some((key, self.shared.pool.thread_of(&key))),
            None => {
                self.error(ErrorCode::UnknownTable, "no table has that code");
                None
            }
        }
    }

    /// Opens a table from `request` with this connection as its creator (seat 0): its
    /// code once it is open, or `None` with the client told why.
    async fn open_table(&mut self, request: dungeon_protocol::NewTable) -> Option<String> {
        let pool = &self.shared.pool;
        let sub = self.sub.clone();
        let quota = self.shared.limits.tables_per_address;
        if !pool.routes.reserve_for(self.client, quota) {
            self.error(
                ErrorCode::TableQuota,
                format!("at most {quota} unfinished tables opened from one address"),
            );
            return None;
        }
        let limit = self.shared.limits.open_tables;
        if !pool.routes.reserve(limit) {
            pool.routes.release_for(self.client);
            self.error(
                ErrorCode::TooManyTables,
                format!("this server holds {limit} open tables, its most"),
            );
            return None;
        }
        let code = secret::new_code();
        let key = secret::digest(&code);
        let thread = pool.thread_of(&key);
        let (reply, answer) = oneshot::channel();
        let token = secret::new_token();
        pool.send(
            thread,
            Command::Create {
                key,
                code: code.clone(),
                token,
                request,
                client: self.client,
                sub,
                reply,
            },
        );
        self.arrive(answer, key, thread).await;
        self.place
            .as_ref()
            .is_some_and(|p| p.key == key)
            .then_some(code)
    }

    /// This connection's seat, or `not_your_turn` told.
    fn seat(&self) -> Option<(Key, usize, dungeon_engine::ids::Seat)> {
        match &self.place {
            Some(Place {
                key,
                thread,
                seat: Some(seat),
            }) => Some((*key, *thread, *seat)),
            _ => {
                self.error(ErrorCode::NotYourTurn, "this connection holds no seat");
                None
            }
        }
    }

    /// Waits for the game thread's verdict on a seat or a place to watch from.
    async fn arrive(
        &mut self,
        answer: oneshot::Receiver<Result<Seated, ()>>,
        key: Key,
        thread: usize,
    ) {
        if let Ok(Ok(seat)) = answer.await {
            self.place = Some(Place { key, thread, seat });
        }
    }
}
