//! The door: every TCP connection is counted from the moment it is accepted, before any
//! byte of HTTP is read, so connections that never finish their request count too.
//!
//! - Past [`Limits::max_connections`] a new connection is closed at once.
//! - Until it is upgraded to a WebSocket, a connection counts against its peer's address
//!   ([`Limits::connections_per_address`]); a trusted proxy's connections are not
//!   counted so, since the address that counts is only known from the request's headers
//!   (`ws/` counts it then).
//! - A connection that is not upgraded within [`Limits::request_head`] is closed: its
//!   reads fail from then on, which ends hyper's work on it.

use crate::access::Access;
use crate::limits::{Addresses, Counted, Limits};
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Sleep;

/// What the door shares with the upgrade handler.
#[derive(Default)]
pub(crate) struct Door {
    open: Arc<AtomicUsize>,
    /// Connections not upgraded yet, per peer address.
    waiting: Arc<Addresses>,
}

pub(crate) struct Gate {
    pub listener: TcpListener,
    pub door: Arc<Door>,
    pub limits: Limits,
    pub access: Arc<Access>,
}

/// One accepted connection's place: freed when the connection (upgraded or not) ends.
pub(crate) struct Ticket {
    open: Arc<AtomicUsize>,
    /// Its count against its peer while it is not upgraded.
    waiting: Mutex<Option<Counted>>,
    upgraded: AtomicBool,
}

impl Ticket {
    /// The request is complete and the connection upgraded: no deadline any more, and
    /// the WebSocket's own count (by client address) takes over from the peer's.
    pub fn upgraded(&self) {
        self.upgraded.store(true, Ordering::SeqCst);
        drop(
            self.waiting
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .take(),
        );
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.open.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The peer of a connection and its ticket, as handlers get it (`ConnectInfo`).
#[derive(Clone)]
pub(crate) struct Peer {
    pub addr: SocketAddr,
    pub ticket: Arc<Ticket>,
}

impl std::fmt::Debug for Peer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.addr.fmt(f)
    }
}

impl axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, Gate>> for Peer {
    fn connect_info(stream: axum::serve::IncomingStream<'_, Gate>) -> Peer {
        stream.remote_addr().clone()
    }
}

/// A TCP stream that holds its ticket and fails its reads once the request's time is up.
pub(crate) struct Guarded {
    tcp: TcpStream,
    ticket: Arc<Ticket>,
    deadline: Pin<Box<Sleep>>,
}

impl Gate {
    /// A ticket for a connection from `peer`, or `None` if it is to be closed at once.
    fn admit(&self, peer: SocketAddr) -> Option<Ticket> {
        let cap = self.limits.max_connections;
        let open = self.door.open.fetch_add(1, Ordering::SeqCst);
        let ticket = Ticket {
            open: self.door.open.clone(),
            waiting: Mutex::new(None),
            upgraded: AtomicBool::new(false),
        };
        if open >= cap {
            return None;
        }
        let ip = peer.ip().to_canonical();
        if !self.access.trusted_proxies.contains(&ip) {
            let limit = self.limits.connections_per_address;
            // A peer with that many requests under way has no honest use for another.
            let counted = self.door.waiting.admit(ip, limit, usize::MAX)?;
            *ticket.waiting.lock().unwrap_or_else(|p| p.into_inner()) = Some(counted);
        }
        Some(ticket)
    }
}

impl axum::serve::Listener for Gate {
    type Io = Guarded;
    type Addr = Peer;

    async fn accept(&mut self) -> (Guarded, Peer) {
        loop {
            let (tcp, addr) = match self.listener.accept().await {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait rather than spin.
                    tracing::warn!(error = %e, "accepting a connection failed");
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            };
            let Some(ticket) = self.admit(addr) else {
                tracing::debug!("a connection refused at the door");
                continue;
            };
            // Small messages go out at once: with Nagle's algorithm, the second of two
            // frames waited for the client's delayed ACK (40 ms a question).
            let _ = tcp.set_nodelay(true);
            let ticket = Arc::new(ticket);
            let deadline = Box::pin(tokio::time::sleep(self.limits.request_head));
            let io = Guarded {
                tcp,
                ticket: ticket.clone(),
                deadline,
            };
            return (io, Peer { addr, ticket });
        }
    }

    fn local_addr(&self) -> io::Result<Peer> {
        // Only the address is wanted from this (axum logs it); the ticket is a blank.
        let addr = self.listener.local_addr()?;
        let ticket = Arc::new(Ticket {
            open: Arc::new(AtomicUsize::new(1)),
            waiting: Mutex::new(None),
            upgraded: AtomicBool::new(true),
        });
        Ok(Peer { addr, ticket })
    }
}

impl AsyncRead for Guarded {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if !self.ticket.upgraded.load(Ordering::SeqCst)
            && self.deadline.as_mut().poll(cx).is_ready()
        {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the request took too long",
            )));
        }
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}
