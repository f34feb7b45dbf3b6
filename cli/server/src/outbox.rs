//! A connection as the game and odds threads see it ([`Subscriber`]): where its messages
//! go, in order, and what it was asked and has not answered.

use dungeon_protocol::ServerMessage;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::Notify;

/// What a connection is told, in order.
#[derive(Debug)]
pub(crate) enum Outgoing {
    Text(Arc<str>),
    /// The connection is to close (its seat was taken back from elsewhere).
    Close,
}

/// A connection as the game threads see it: where its messages go.
#[derive(Clone)]
pub(crate) struct Subscriber {
    pub id: u64,
    pub outbox: tokio::sync::mpsc::Sender<Outgoing>,
    /// Told when the outbox is full: the client reads too slowly, and is cut off rather
    /// than held in memory.
    pub cut: Arc<Notify>,
    /// Questions put to the connection's seat and not answered yet: an answer to one is
    /// never rate limited (`ws/`), since the server sets that pace itself.
    pub asked: Arc<AtomicUsize>,
    /// A reading client's language (`hello` with `lang`): it is also sent the game in
    /// words (`table.rs`).
    pub lang: Arc<std::sync::OnceLock<dungeon_engine::lang::Lang>>,
}

/// The most unanswered questions a connection is credited with (the same question may be
/// sent again, as when the seat is taken back).
const MOST_ASKED: usize = 4;

impl Subscriber {
    /// A new connection's subscriber, and the outbox it reads (`capacity` messages).
    pub fn open(id: u64, capacity: usize) -> (Subscriber, tokio::sync::mpsc::Receiver<Outgoing>) {
        let (outbox, inbox) = tokio::sync::mpsc::channel(capacity);
        let sub = Subscriber {
            id,
            outbox,
            cut: Arc::new(Notify::new()),
            asked: Arc::default(),
            lang: Arc::default(),
        };
        (sub, inbox)
    }

    /// Whether an answer of this connection may go without a rate limit: it was asked a
    /// question it has not answered yet.
    pub fn answers_asked(&self) -> bool {
        (self.asked)
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
    }

    /// The language this connection reads the game in, if it asked for words.
    pub fn reads(&self) -> Option<dungeon_engine::lang::Lang> {
        self.lang.get().copied()
    }

    pub fn send(&self, message: &ServerMessage) {
        if let ServerMessage::Asking { .. } = message {
            let credit = |n: usize| (n < MOST_ASKED).then_some(n + 1);
            let _ = (self.asked).fetch_update(Ordering::SeqCst, Ordering::SeqCst, credit);
        }
        self.send_text(message.to_json().into());
    }

    pub fn send_text(&self, text: Arc<str>) {
        if self.outbox.try_send(Outgoing::Text(text)).is_err() {
            self.cut.notify_one();
        }
    }

    pub fn close(&self) {
        if self.outbox.try_send(Outgoing::Close).is_err() {
            self.cut.notify_one();
        }
    }
}
