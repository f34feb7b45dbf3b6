//! The game server behind `dungeon serve`: tables of people and bots over WebSocket,
//! speaking the protocol of `dungeon-protocol` (`docs/protocol.md`; running it and its
//! limits: `docs/server.md`).
//!
//! - Nothing is lost: every table, seat and decision goes to a [`Store`] (SQLite,
//!   `store/`), and a decision is acknowledged to anyone only once stored. At start,
//!   every unfinished table is played again from its seed and decisions and checked
//!   against its stored state before anything is accepted ([`Server::start`]).
//! - Nothing leaks: what a seat is sent is built from that seat's view and the events as
//!   that seat may see them; spectators see public events and the public view only
//!   (stripped here, before it is sent); seeds never leave; tokens and codes come from
//!   the OS, are compared in constant time and never logged (`secret.rs`).
//! - Every client is hostile: sizes, rates, connections per address and open tables are
//!   limited (`limits.rs`); a refusal changes nothing and touches no other table.
//!
//! Layout: `ws/` (the async side: axum, one task per connection, routing only; `/rooms`'
//! connections in `ws/rooms.rs`), `web.rs` (the browser table's page, script and words,
//! under a strict CSP), `shared.rs` (what every connection's task shares), `games/` (the
//! game threads, each with its own engine, where tables live and bots play), `rooms/`
//! (the tables of the other games), `odds.rs` (the threads that work out odds, from a
//! seat's view only), `outbox.rs` (a connection as those threads see it), `engines.rs`,
//! `store/`, `secret.rs`, `limits.rs`. No module imports one that imports it back: the
//! threads know connections only as outboxes, and the connections' side sits above them.

mod access;
mod engines;
mod games;
mod gate;
mod limits;
mod names;
mod odds;
mod outbox;
mod rooms;
mod secret;
mod shared;
pub mod store;
mod web;
mod ws;

pub use access::Access;
pub use limits::Limits;
pub use store::{Commit, MemoryStore, SqliteStore, Store};

use dungeon_engine::catalog::PackLibrary;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

/// Where games' seeds come from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Seeds {
    /// The operating system's generator: the only choice for real play.
    Os,
    /// `base`, `base + 1`... in the order tables are created: tests and benchmarks that
    /// compare a run with another (never for real play: the seed decides every shuffle).
    Fixed(u64),
}

impl Seeds {
    /// The seed of the next game: the system's, or `base` plus how many games `made`
    /// counted before it (and counts this one).
    pub(crate) fn next(self, made: &AtomicU64) -> u64 {
        match self {
            Seeds::Os => secret::new_seed(),
            Seeds::Fixed(base) => {
                base.wrapping_add(made.fetch_add(1, std::sync::atomic::Ordering::SeqCst))
            }
        }
    }
}

pub struct Config {
    /// The packs tables may be played with.
    pub library: Arc<PackLibrary>,
    pub store: Arc<dyn Store>,
    /// Game threads (each with its own engines).
    pub threads: usize,
    pub limits: Limits,
    /// Origins and proxies the operator trusts.
    pub access: Access,
    pub seeds: Seeds,
    /// The name the server gives in `welcome`.
    pub name: String,
    /// The other games it hosts (`/rooms`), each as a `dungeon_core` game with its words.
    pub games: Vec<Arc<dyn dungeon_core::session::Kind>>,
}

impl Config {
    pub fn new(library: Arc<PackLibrary>, store: Arc<dyn Store>) -> Config {
        Config {
            library,
            store,
            threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            limits: Limits::default(),
            access: Access::default(),
            seeds: Seeds::Os,
            name: format!("dungeon {}", env!("CARGO_PKG_VERSION")),
            games: Vec::new(),
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("the store: {0}")]
    Store(#[from] store::StoreError),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// What the start found in the store.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Restored {
    /// Unfinished tables taken on again.
    pub tables: usize,
    /// Tables that failed their check (marked broken, never played), by log id, with why.
    pub broken: Vec<(String, String)>,
    /// Tables that were never started, or left, for too long while the server was down:
    /// marked expired, not taken on.
    pub expired: usize,
}

/// A server with its tables restored, ready to serve.
pub struct Server {
    shared: Arc<shared::Shared>,
    restored: Restored,
}

impl Server {
    /// Starts the game threads and takes on every unfinished table of the store, each
    /// played again and checked first.
    pub fn start(config: Config) -> Result<Server, StartError> {
        let expiry = games::Expiry {
            unstarted: config.limits.unstarted_ttl,
            abandoned: config.limits.abandoned_ttl,
        };
        let (unfinished, expired) = games::expire_stored(&*config.store, expiry)?;
        let rooms = Arc::new(rooms::Rooms::new(
            config.games.clone(),
            config.store.clone(),
            config.seeds,
            rooms::RoomLimits {
                most: config.limits.open_tables,
                per_address: config.limits.tables_per_address,
                expiry,
            },
        ));
        let (rooms_taken, mut broken_rooms) = rooms.restore();
        rooms::Rooms::keep_time(&rooms);
        let count = unfinished.len();
        let odds = odds::OddsPool::start(&config.limits)?;
        let packs = (config.library.ids())
            .filter_map(|id| {
                let pack = config.library.get(id)?;
                Some(shared::PackOffer::of(id, pack))
            })
            .collect();
        let pool = games::Pool::start(
            config.threads,
            config.store,
            config.library,
            config.seeds,
            odds,
            expiry,
        )?;
        let mut broken = pool.restore(unfinished);
        let tables = count - broken.len() + rooms_taken;
        broken.append(&mut broken_rooms);
        let restored = Restored {
            tables,
            broken,
            expired,
        };
        tracing::info!(
            tables = restored.tables,
            broken = restored.broken.len(),
            expired,
            "store restored"
        );
        let shared = Arc::new(shared::Shared {
            pool,
            limits: config.limits,
            access: Arc::new(config.access),
            door: Arc::default(),
            addresses: Arc::default(),
            lookups: Default::default(),
            next_connection: AtomicU64::new(0),
            name: config.name,
            packs,
            rooms,
        });
        Ok(Server { shared, restored })
    }

    pub fn restored(&self) -> &Restored {
        &self.restored
    }

    /// Serves on `listener` until `shutdown` completes.
    pub async fn serve(
        self,
        listener: tokio::net::TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let app = ws::router(self.shared.clone());
        let gate = gate::Gate {
            listener,
            door: self.shared.door.clone(),
            limits: self.shared.limits.clone(),
            access: self.shared.access.clone(),
        };
        axum::serve(
            gate,
            app.into_make_service_with_connect_info::<gate::Peer>(),
        )
        .with_graceful_shutdown(shutdown)
        .await?;
        // Connections may outlive the listener (their tasks end with the runtime), but
        // the games and their writes end here: a server started on the same store next
        // must find it as this one left it.
        self.shared.pool.stop();
        Ok(())
    }

    /// Runs on a runtime of its own on another thread, listening on `addr` (port 0: any
    /// free port): for tests and benchmarks. Stopped when the handle is dropped.
    pub fn spawn(self, addr: SocketAddr) -> std::io::Result<Running> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()?;
        let listener = runtime.block_on(tokio::net::TcpListener::bind(addr))?;
        let addr = listener.local_addr()?;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("dungeon-server".into())
            .spawn(move || {
                let shutdown = async {
                    let _ = stopped.await;
                };
                if let Err(e) = runtime.block_on(self.serve(listener, shutdown)) {
                    tracing::error!(error = %e, "the server stopped");
                }
                runtime.shutdown_background();
            })?;
        Ok(Running {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

/// A server running on its own thread ([`Server::spawn`]).
pub struct Running {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    /// `ws://ADDR/ws`.
    pub fn url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Serves on `listen` until Ctrl-C or SIGTERM, on a runtime of its own; `ready` is told
/// the address once listening (`dungeon serve` prints it).
pub fn serve_blocking(
    server: Server,
    listen: SocketAddr,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(listen).await?;
        ready(listener.local_addr()?);
        server.serve(listener, stop_signal()).await
    })
}

async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate()).expect("a SIGTERM handler");
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
