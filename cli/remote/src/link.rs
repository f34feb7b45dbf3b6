//! The connection to the server, on a thread of its own that owns a small tokio runtime:
//! the WebSocket, the `hello` exchange, and when the connection drops, connecting again
//! and taking the seat back with its token (or watching again), for a while.
//!
//! The front end's side talks to it through two channels: [`Down`] (messages to send,
//! or close) and [`Up`] (what the server said, and what became of the connection). The
//! link never blocks the front end; the front end waits on [`Up`] only as long as it
//! chooses to.

use crate::ConnectError;
use dungeon_protocol::{ClientMessage, ErrorCode, PROTOCOL_VERSION, ServerMessage};
use futures_util::{SinkExt, StreamExt};
use std::sync::mpsc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long connecting and the `hello` exchange may take.
const CONNECT_WITHIN: Duration = Duration::from_secs(10);
/// A ping this often; a connection silent for three times as long is taken for lost
/// (a server gone without closing, a laptop that slept).
const PING_EVERY: Duration = Duration::from_secs(15);
/// The largest message taken from a server: a whole log of a long game is far smaller.
const MAX_SERVER_MESSAGE: usize = 8 << 20;

/// How long, and how often, the link tries to get a lost connection back.
#[derive(Clone, Copy, Debug)]
pub struct Reconnect {
    /// Give up after this long.
    pub for_how_long: Duration,
    /// The pause after the first failed try; it doubles up to `longest`.
    pub first: Duration,
    pub longest: Duration,
}

impl Default for Reconnect {
    /// Two minutes, trying at once, then after 0.25 s, 0.5 s... at most 5 s apart.
    fn default() -> Reconnect {
        Reconnect {
            for_how_long: Duration::from_secs(120),
            first: Duration::from_millis(250),
            longest: Duration::from_secs(5),
        }
    }
}

/// From the front end to the link.
pub(crate) enum Down {
    Send(ClientMessage),
    Close,
}

/// From the link to the front end, in order.
#[derive(Debug)]
pub(crate) enum Up {
    Message(Box<ServerMessage>),
    /// The first connection failed; the link has ended.
    Failed(ConnectError),
    /// The connection dropped; the link is trying to get it back.
    Lost,
    /// Connected again, and the seat taken back: its `seated` or `watching`, to be taken
    /// in with it (apart, a question from before the cut would show as open between them,
    /// and an answer sent then find the game moved on).
    Back(Box<ServerMessage>),
    /// The connection is lost for good; the link has ended.
    Abandoned(ConnectError),
}

/// The front end's ends of the link.
pub(crate) struct Link {
    pub down: UnboundedSender<Down>,
    pub up: mpsc::Receiver<Up>,
}

/// Starts the link: connects to `endpoint`, says hello, sends `first`.
pub(crate) fn start(
    endpoint: String,
    first: ClientMessage,
    reconnect: Reconnect,
) -> std::io::Result<Link> {
    let (down, down_rx) = tokio::sync::mpsc::unbounded_channel();
    let (up_tx, up) = mpsc::channel();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    std::thread::Builder::new()
        .name("dungeon-link".into())
        .spawn(move || runtime.block_on(run(endpoint, first, reconnect, down_rx, up_tx)))?;
    Ok(Link { down, up })
}

/// How a connection ended.
enum End {
    /// The front end closed the table (or went away).
    Closed,
    Lost,
    /// The server broke the protocol, or ended the seat here for good (another connection
    /// took it with its token): not to be taken back.
    Broken(ConnectError),
}

async fn run(
    endpoint: String,
    first: ClientMessage,
    reconnect: Reconnect,
    mut down: UnboundedReceiver<Down>,
    up: mpsc::Sender<Up>,
) {
    let mut ws = match session(&endpoint, &first).await {
        Ok(ws) => ws,
        Err(e) => {
            let _ = up.send(Up::Failed(e));
            return;
        }
    };
    // What takes the seat back on a new connection, once the server said which it is.
    let mut again = match &first {
        ClientMessage::Watch { code } => Some(ClientMessage::Watch { code: code.clone() }),
        _ => None,
    };
    let code = match &first {
        ClientMessage::Join { code, .. } | ClientMessage::Rejoin { code, .. } => Some(code.clone()),
        _ => None,
    };
    loop {
        match pump(&mut ws, &mut down, &up, &mut again, code.as_deref()).await {
            End::Closed => {
                let _ = ws.close(None).await;
                return;
            }
            End::Broken(e) => {
                let _ = up.send(Up::Abandoned(e));
                return;
            }
            End::Lost => {}
        }
        let Some(rejoin) = again.clone() else {
            let _ = up.send(Up::Abandoned(ConnectError::Closed));
            return;
        };
        if up.send(Up::Lost).is_err() {
            return;
        }
        match come_back(&endpoint, &rejoin, reconnect, &mut down, &up).await {
            Ok(Some(new)) => ws = new,
            Ok(None) => return,
            Err(e) => {
                let _ = up.send(Up::Abandoned(e));
                return;
            }
        }
    }
}

/// Connects, says hello, and sends `first`.
async fn session(endpoint: &str, first: &ClientMessage) -> Result<Socket, ConnectError> {
    let work = async {
        let config = WebSocketConfig::default()
            .max_message_size(Some(MAX_SERVER_MESSAGE))
            .max_frame_size(Some(MAX_SERVER_MESSAGE));
        let (mut ws, _) =
            tokio_tungstenite::connect_async_with_config(endpoint, Some(config), true)
                .await
                .map_err(|e| ConnectError::Unreachable(e.to_string()))?;
        let hello = ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            lang: None,
        };
        send(&mut ws, &hello)
            .await
            .map_err(|_| ConnectError::Closed)?;
        match next_message(&mut ws).await? {
            ServerMessage::Welcome { version, .. } if version == PROTOCOL_VERSION => {}
            ServerMessage::Welcome { version, .. } => {
                return Err(ConnectError::VersionMismatch {
                    ours: PROTOCOL_VERSION,
                    message: format!("the server speaks version {version}"),
                });
            }
            ServerMessage::Error {
                code: ErrorCode::VersionMismatch,
                message,
            } => {
                return Err(ConnectError::VersionMismatch {
                    ours: PROTOCOL_VERSION,
                    message,
                });
            }
            ServerMessage::Error { code, message } => {
                return Err(ConnectError::Refused { code, message });
            }
            _ => return Err(ConnectError::Protocol("no welcome".into())),
        }
        send(&mut ws, first)
            .await
            .map_err(|_| ConnectError::Closed)?;
        Ok(ws)
    };
    tokio::time::timeout(CONNECT_WITHIN, work)
        .await
        .unwrap_or(Err(ConnectError::Timeout))
}

/// The next message of the server (pings and pongs skipped).
async fn next_message(ws: &mut Socket) -> Result<ServerMessage, ConnectError> {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(text))) => return parse(text.as_str()),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            Some(Ok(Message::Close(_))) | None => return Err(ConnectError::Closed),
            Some(Ok(_)) => return Err(ConnectError::Protocol("a binary frame".into())),
            Some(Err(e)) => return Err(ConnectError::Unreachable(e.to_string())),
        }
    }
}

fn parse(text: &str) -> Result<ServerMessage, ConnectError> {
    serde_json::from_str(text).map_err(|e| ConnectError::Protocol(e.to_string()))
}

async fn send(ws: &mut Socket, message: &ClientMessage) -> Result<(), ()> {
    ws.send(Message::text(message.to_json()))
        .await
        .map_err(|_| ())
}

/// Passes messages both ways until the connection ends.
async fn pump(
    ws: &mut Socket,
    down: &mut UnboundedReceiver<Down>,
    up: &mpsc::Sender<Up>,
    again: &mut Option<ClientMessage>,
    code: Option<&str>,
) -> End {
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.reset();
    let mut heard = tokio::time::Instant::now();
    loop {
        tokio::select! {
            frame = ws.next() => {
                heard = tokio::time::Instant::now();
                let message = match frame {
                    Some(Ok(Message::Text(text))) => match parse(text.as_str()) {
                        Ok(message) => message,
                        Err(e) => return End::Broken(e),
                    },
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Binary(_))) => {
                        return End::Broken(ConnectError::Protocol("a binary frame".into()));
                    }
                    Some(Ok(_)) => continue,
                    Some(Err(_)) | None => return End::Lost,
                };
                note_seat(&message, again, code);
                // Taking the seat back would take it from the client that just did: the
                // two would fight over it for ever.
                let taken = match &message {
                    ServerMessage::Error { code: ErrorCode::SeatTaken, message } => {
                        Some(ConnectError::Refused { code: ErrorCode::SeatTaken, message: message.clone() })
                    }
                    _ => None,
                };
                if up.send(Up::Message(Box::new(message))).is_err() {
                    return End::Closed;
                }
                if let Some(taken) = taken {
                    return End::Broken(taken);
                }
            }
            order = down.recv() => match order {
                Some(Down::Send(message)) => {
                    if send(ws, &message).await.is_err() {
                        return End::Lost;
                    }
                }
                Some(Down::Close) | None => return End::Closed,
            },
            _ = ping.tick() => {
                if heard.elapsed() > PING_EVERY * 3 {
                    return End::Lost;
                }
                if ws.send(Message::Ping(Vec::new().into())).await.is_err() {
                    return End::Lost;
                }
            }
        }
    }
}

/// Learns, from the server's answer to `join` or `create_table`, how to take the seat back.
fn note_seat(message: &ServerMessage, again: &mut Option<ClientMessage>, code: Option<&str>) {
    match message {
        ServerMessage::TableCreated { code, token, .. } => {
            *again = Some(ClientMessage::Rejoin {
                code: code.clone(),
                token: token.clone(),
            });
        }
        ServerMessage::Seated { token, .. } => {
            if let Some(code) = code {
                *again = Some(ClientMessage::Rejoin {
                    code: code.to_string(),
                    token: token.clone(),
                });
            }
        }
        _ => {}
    }
}

/// Tries to connect again and send `rejoin`, until it works, the server refuses the seat
/// for good, or time runs out. `Ok(None)`: the front end closed meanwhile.
async fn come_back(
    endpoint: &str,
    rejoin: &ClientMessage,
    reconnect: Reconnect,
    down: &mut UnboundedReceiver<Down>,
    up: &mpsc::Sender<Up>,
) -> Result<Option<Socket>, ConnectError> {
    let until = tokio::time::Instant::now() + reconnect.for_how_long;
    let mut pause = Duration::ZERO;
    let mut last = ConnectError::Closed;
    loop {
        // Waiting, but listening to the front end: it may close, and what it sends now is
        // dropped (an answer gets its error from the lost connection).
        let sleep = tokio::time::sleep(pause);
        tokio::pin!(sleep);
        loop {
            tokio::select! {
                _ = &mut sleep => break,
                order = down.recv() => match order {
                    Some(Down::Send(_)) => {}
                    Some(Down::Close) | None => return Ok(None),
                },
            }
        }
        if tokio::time::Instant::now() >= until {
            return Err(last);
        }
        match session(endpoint, rejoin).await {
            Ok(mut ws) => match next_message(&mut ws).await {
                Ok(reply @ (ServerMessage::Seated { .. } | ServerMessage::Watching { .. })) => {
                    if up.send(Up::Back(Box::new(reply))).is_err() {
                        return Ok(None);
                    }
                    return Ok(Some(ws));
                }
                Ok(ServerMessage::Error { code, message }) if final_refusal(code) => {
                    return Err(ConnectError::Refused { code, message });
                }
                Ok(ServerMessage::Error { code, message }) => {
                    last = ConnectError::Refused { code, message }
                }
                Ok(_) => last = ConnectError::Protocol("no seat".into()),
                Err(e) => last = e,
            },
            Err(e @ (ConnectError::VersionMismatch { .. } | ConnectError::Protocol(_))) => {
                return Err(e);
            }
            Err(e) => last = e,
        }
        pause = if pause.is_zero() {
            reconnect.first
        } else {
            (pause * 2).min(reconnect.longest)
        };
    }
}

/// A refusal that trying again will not change.
fn final_refusal(code: ErrorCode) -> bool {
    matches!(
        code,
        ErrorCode::BadToken | ErrorCode::UnknownTable | ErrorCode::Malformed | ErrorCode::SeatTaken
    )
}
