//! A connection to `/rooms`: one task that reads the client's frames (sized, rate
//! limited, parsed, checked against where the connection stands) and hands each request
//! to its table on a blocking thread, while it writes what the tables put in its outbox.
//! The same limits as `/ws` (`crate::limits`): connections per address, a hello within
//! its time, idle connections closed, look-ups counted per address.

use crate::gate::Peer;
use crate::limits::Bucket;
use crate::outbox::Subscriber;
use crate::rooms::{Rooms, lock};
use crate::shared::Shared;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::Response;
use dungeon_protocol::ErrorCode;
use dungeon_protocol::rooms::{ROOMS_VERSION, RoomClient, RoomServer, parse_room_frame};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;

pub(crate) async fn upgrade(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<Peer>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Some(refused) = super::foreign(&shared, &headers) {
        return refused;
    }
    let client = shared.access.client(peer.addr, &headers);
    let most = shared.limits.max_message * 4;
    ws.max_message_size(most)
        .max_frame_size(most)
        .on_upgrade(move |socket| {
            peer.ticket.upgraded();
            connection(shared, client, socket)
        })
}

async fn connection(shared: Arc<Shared>, client: IpAddr, mut socket: WebSocket) {
    let limits = &shared.limits;
    // Refused as at `/ws`: the error message has the same form in both protocols.
    let Some(_counted) = super::admit(&shared, client, &mut socket).await else {
        return;
    };
    let id = shared.next_connection.fetch_add(1, Ordering::Relaxed);
    let (sub, mut inbox) = Subscriber::open(id, limits.outbox);
    let mut conn = Conn {
        rooms: shared.rooms.clone(),
        shared: &shared,
        client,
        sub: sub.clone(),
        hello: false,
        at: None,
        bucket: Bucket::new(limits.messages_per_second, limits.burst),
        refused_in_a_row: 0,
    };
    super::pump(&mut socket, &mut inbox, &sub, limits, &mut conn, id).await;
    let _ = socket.send(Message::Close(None)).await;
    if let Some((room, _)) = conn.at.take() {
        let _ = tokio::task::spawn_blocking(move || lock(&room).leave(id)).await;
    }
}

struct Conn<'s> {
    rooms: Arc<Rooms>,
    shared: &'s Shared,
    client: IpAddr,
    sub: Subscriber,
    hello: bool,
    /// The table this connection is at, and its seat there (`None`: watching).
    at: Option<(crate::rooms::Shared, Option<u8>)>,
    bucket: Bucket,
    refused_in_a_row: u32,
}

impl super::Frames for Conn<'_> {
    fn greeted(&self) -> bool {
        self.hello
    }

    async fn take(&mut self, frame: &[u8]) -> bool {
        Conn::take(self, frame).await
    }
}

impl Conn<'_> {
    fn send(&self, message: RoomServer) {
        self.sub.send_text(message.to_json().into());
    }

    fn error(&self, (code, message): (ErrorCode, String)) {
        self.send(RoomServer::error(code, message));
    }

    /// Takes one frame; `false` when the connection is to close.
    async fn take(&mut self, frame: &[u8]) -> bool {
        let limits = &self.shared.limits;
        let parsed = parse_room_frame(frame, limits.max_message);
        let allowed = match &parsed {
            Ok(RoomClient::Answer { .. } | RoomClient::Start {}) => self.bucket.take(),
            _ => {
                let (rate, burst) = (limits.lookups_per_address, limits.lookup_burst_per_address);
                self.bucket.take() && self.shared.lookups.take(self.client, rate, burst)
            }
        };
        if !allowed {
            self.refused_in_a_row += 1;
            self.error((ErrorCode::RateLimited, "too many messages".into()));
            return self.refused_in_a_row < limits.flood_close;
        }
        self.refused_in_a_row = 0;
        let message = match parsed {
            Ok(m) => m,
            Err(e) => {
                self.error((e.code, e.message));
                return true;
            }
        };
        if let RoomClient::Hello { version, lang } = message {
            let reads = match lang.as_deref() {
                None => None,
                Some(code) => match dungeon_engine::lang::Lang::from_code(code) {
                    Some(l) => Some(l),
                    None => {
                        self.error((ErrorCode::BadRequest, "lang is en, es or fr".into()));
                        return true;
                    }
                },
            };
            if version != ROOMS_VERSION {
                let m = format!(
                    "this server speaks version {ROOMS_VERSION} here, the client {version}"
                );
                self.error((ErrorCode::VersionMismatch, m));
                return false;
            }
            self.hello = true;
            if let Some(lang) = reads {
                let _ = self.sub.lang.set(lang);
            }
            let code = reads.unwrap_or(dungeon_engine::lang::Lang::En).code();
            self.send(RoomServer::Welcome {
                version: ROOMS_VERSION,
                server: self.shared.name.clone(),
                games: self.rooms.offers(code),
            });
            return true;
        }
        if !self.hello {
            self.error((
                ErrorCode::BadRequest,
                "say hello first, with the protocol version".into(),
            ));
            return true;
        }
        if let Err(refusal) = self.route(message).await {
            self.error(refusal);
        }
        true
    }

    /// A connection at a finished table may go to another: it leaves that one first.
    async fn leave_if_finished(&mut self) {
        let Some((room, _)) = self.at.clone() else {
            return;
        };
        let id = self.sub.id;
        let left = tokio::task::spawn_blocking(move || {
            let mut table = lock(&room);
            let finished = !table.status.unfinished();
            if finished {
                table.leave(id);
            }
            finished
        })
        .await
        .unwrap_or(false);
        if left {
            self.at = None;
        }
    }

    /// `rematch`: the next game at a table like this finished one (see the protocol).
    async fn rematch(&mut self) -> Result<(), crate::rooms::Refusal> {
        let (room, seat) = self.at.clone().ok_or((
            ErrorCode::UnknownTable,
            "this connection is at no table".to_string(),
        ))?;
        let Some(seat) = seat else {
            return Err((
                ErrorCode::BadRequest,
                "a spectator opens no next game".into(),
            ));
        };
        let (rooms, sub, client, id) = (
            self.rooms.clone(),
            self.sub.clone(),
            self.client,
            self.sub.id,
        );
        type Made = Result<(String, String, crate::rooms::Shared), String>;
        let made: Result<Made, crate::rooms::Refusal> = tokio::task::spawn_blocking(move || {
            // Claimed under the old table's lock, opened without it (opening looks at every
            // table), then told under it again.
            let request = {
                let mut old = lock(&room);
                if old.status != crate::store::Status::Over {
                    return Err((ErrorCode::BadRequest, "the game is not over".into()));
                }
                match old.next.as_deref() {
                    Some("") => {
                        return Err((ErrorCode::Busy, "the next game is being opened".into()));
                    }
                    Some(code) => return Ok(Err(code.to_string())),
                    None => old.next = Some(String::new()),
                }
                old.like_this(seat)
            };
            let opened = rooms.create(&request, sub, client);
            let mut old = lock(&room);
            match opened {
                Ok((code, token, new)) => {
                    old.tell_next(code.clone(), id);
                    old.leave(id);
                    Ok(Ok((code, token, new)))
                }
                Err(refusal) => {
                    old.next = None;
                    Err(refusal)
                }
            }
        })
        .await
        .unwrap_or_else(|_| Err((ErrorCode::Internal, "the table failed".into())));
        match made? {
            Ok((code, token, new)) => {
                self.send(RoomServer::Created {
                    code,
                    seat: 0,
                    token,
                });
                lock(&new).tell_table();
                self.at = Some((new, Some(0)));
            }
            Err(code) => self.send(RoomServer::Rematch { code }),
        }
        Ok(())
    }

    async fn route(&mut self, message: RoomClient) -> Result<(), crate::rooms::Refusal> {
        let (rooms, sub) = (self.rooms.clone(), self.sub.clone());
        let elsewhere = || {
            (
                ErrorCode::BadRequest,
                "this connection is at a table already".to_string(),
            )
        };
        let unknown = || {
            (
                ErrorCode::UnknownTable,
                "no table has that code".to_string(),
            )
        };
        let blocking = |job: Box<dyn FnOnce() -> Result<(), crate::rooms::Refusal> + Send>| async move {
            tokio::task::spawn_blocking(job)
                .await
                .unwrap_or_else(|_| Err((ErrorCode::Internal, "the table failed".into())))
        };
        if !matches!(
            message,
            RoomClient::Start {} | RoomClient::Answer { .. } | RoomClient::Rematch {}
        ) {
            self.leave_if_finished().await;
        }
        match message {
            RoomClient::Hello { .. } => Ok(()),
            RoomClient::Rematch {} => self.rematch().await,
            RoomClient::Create(request) => {
                if self.at.is_some() {
                    return Err(elsewhere());
                }
                let (r, s, client) = (rooms.clone(), sub.clone(), self.client);
                let made = tokio::task::spawn_blocking(move || r.create(&request, s, client))
                    .await
                    .unwrap_or_else(|_| Err((ErrorCode::Internal, "the table failed".into())))?;
                let (code, token, room) = made;
                self.send(RoomServer::Created {
                    code,
                    seat: 0,
                    token,
                });
                lock(&room).tell_table();
                self.at = Some((room, Some(0)));
                Ok(())
            }
            RoomClient::Join { code, name } => {
                if self.at.is_some() {
                    return Err(elsewhere());
                }
                let room = rooms.find(&code).ok_or_else(unknown)?;
                let (r, s, st) = (room.clone(), sub.clone(), rooms.store.clone());
                let seated = tokio::task::spawn_blocking(move || {
                    let mut table = lock(&r);
                    let (seat, token) = table.join(&*st, &name, s.clone())?;
                    s.send_text(RoomServer::Seated { seat, token }.to_json().into());
                    table.tell(&s, Some(seat), 0);
                    Ok(seat)
                })
                .await
                .unwrap_or_else(|_| Err((ErrorCode::Internal, "the table failed".into())))?;
                self.at = Some((room, Some(seated)));
                Ok(())
            }
            RoomClient::Rejoin { code, token } => {
                if self.at.is_some() {
                    return Err(elsewhere());
                }
                let room = rooms.find(&code).ok_or_else(unknown)?;
                let (r, s) = (room.clone(), sub.clone());
                let seated = tokio::task::spawn_blocking(move || {
                    let mut table = lock(&r);
                    let seat = table.rejoin(&token, s.clone())?;
                    s.send_text(RoomServer::Seated { seat, token }.to_json().into());
                    table.tell(&s, Some(seat), 0);
                    Ok(seat)
                })
                .await
                .unwrap_or_else(|_| Err((ErrorCode::Internal, "the table failed".into())))?;
                self.at = Some((room, Some(seated)));
                Ok(())
            }
            RoomClient::Watch { code } => {
                if self.at.is_some() {
                    return Err(elsewhere());
                }
                let room = rooms.find(&code).ok_or_else(unknown)?;
                let (r, s) = (room.clone(), sub.clone());
                blocking(Box::new(move || {
                    let mut table = lock(&r);
                    s.send_text(RoomServer::Watching {}.to_json().into());
                    table.watchers.push(s.clone());
                    table.tell_table();
                    table.tell(&s, None, 0);
                    Ok(())
                }))
                .await?;
                self.at = Some((room, None));
                Ok(())
            }
            RoomClient::Start {} => {
                let (room, seat) = self.at.clone().ok_or_else(unknown)?;
                let store = rooms.store.clone();
                blocking(Box::new(move || lock(&room).start(&*store, seat))).await
            }
            RoomClient::Answer { number, choice } => {
                let (room, seat) = self.at.clone().ok_or_else(unknown)?;
                let store = rooms.store.clone();
                blocking(Box::new(move || {
                    lock(&room).answer(&*store, seat, number, choice)
                }))
                .await
            }
        }
    }
}
