//! `dungeon serve`: the game server (`dungeon-server`) with this program's packs and a
//! SQLite file, until Ctrl-C or SIGTERM. Listens on loopback unless told otherwise.
//! Logs go to stderr through `tracing` (`DUNGEON_LOG=debug` for more, `warn` for less);
//! the address it listens on is printed on stdout once it does.

use crate::text::tr;
use clap::Args;
use dungeon_engine::catalog::PackLibrary;
use dungeon_engine::lang::Lang;
use dungeon_server::store::StoreError;
use dungeon_server::{Config, Limits, Seeds, Server, SqliteStore};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Args)]
pub struct ServeArgs {
    /// Where to listen; loopback by default (0.0.0.0:7777 opens it to the network).
    #[arg(long, default_value = "127.0.0.1:7777")]
    listen: SocketAddr,
    /// The database of tables, created if missing; unfinished tables in it are resumed.
    #[arg(long, default_value = "dungeon.sqlite")]
    db: PathBuf,
    /// Game threads (each plays its tables and their bots); one per core by default.
    #[arg(long)]
    threads: Option<usize>,
    /// Tables open at once, at most.
    #[arg(long, default_value_t = Limits::default().open_tables)]
    max_tables: usize,
    /// Unfinished tables opened from one address at once, at most.
    #[arg(long, default_value_t = Limits::default().tables_per_address)]
    max_tables_per_address: usize,
    /// Connections from one address at once, at most.
    #[arg(long, default_value_t = Limits::default().connections_per_address)]
    max_connections_per_address: usize,
    /// Look-ups (hello, join, rejoin, watch, create) one address may send a second, on
    /// average, all its connections together (bursts of six times as many).
    #[arg(long, default_value_t = Limits::default().lookups_per_address)]
    lookups_per_address: f64,
    /// Connections open at once, at most; past half of them, each address gets its share.
    #[arg(long, default_value_t = Limits::default().max_connections)]
    max_connections: usize,
    /// An origin whose web pages may connect (`https://play.example.org`), besides the
    /// server's own; may be given several times.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origins: Vec<String>,
    /// A reverse proxy's address whose X-Forwarded-For / Forwarded headers name the
    /// client; may be given several times.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// Threads working out players' odds (the `o` key), apart from the game threads.
    #[arg(long, default_value_t = Limits::default().odds_threads)]
    odds_threads: usize,
    /// Tests only: games' seeds count up from this number instead of coming from the
    /// operating system, so a run can be compared with another. Never for real play.
    #[arg(long, hide = true)]
    insecure_fixed_seeds: Option<u64>,
}

pub fn run(library: PackLibrary, lang: Lang, args: ServeArgs) -> Result<ExitCode, String> {
    // Options first: a mistake creates no database and starts nothing.
    let threads = (args.threads)
        .map(|n| crate::sim::worker_threads(lang, "--threads", Some(n)))
        .transpose()?;
    let odds_threads = crate::sim::worker_threads(lang, "--odds-threads", Some(args.odds_threads))?;
    // A server outlives whoever reads its output (`dungeon serve | head -1`): a closed
    // pipe must not kill it, as it would a short command (see main's reset_sigpipe).
    #[cfg(unix)]
    // SAFETY: no other thread exists yet; SIG_IGN is a valid action.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let level = match std::env::var("DUNGEON_LOG").as_deref() {
        Ok("debug") => tracing::Level::DEBUG,
        Ok("warn") => tracing::Level::WARN,
        Ok("error") => tracing::Level::ERROR,
        _ => tracing::Level::INFO,
    };
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(level)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let store = SqliteStore::open(&args.db).map_err(|e| match e {
        StoreError::Exposed {
            path,
            mode,
            what,
            fix,
        } => {
            let id = match what {
                "read" => "serve-db-readable",
                _ => "serve-db-replaceable",
            };
            let path = path.to_string_lossy().into_owned();
            let mode = format!("{mode:03o}");
            let args = [
                ("path", path.into()),
                ("mode", mode.into()),
                ("fix", fix.into()),
            ];
            tr(lang, id, &args)
        }
        e => {
            let path = args.db.to_string_lossy().into_owned();
            tr(
                lang,
                "serve-db-error",
                &[("path", path.into()), ("error", e.to_string().into())],
            )
        }
    })?;
    let mut config = Config::new(Arc::new(library), Arc::new(store));
    config.games = crate::games::kinds();
    if let Some(threads) = threads {
        config.threads = threads;
    }
    config.limits.open_tables = args.max_tables;
    config.limits.connections_per_address = args.max_connections_per_address;
    config.limits.max_connections = args.max_connections;
    config.limits.tables_per_address = args.max_tables_per_address;
    config.limits.lookups_per_address = args.lookups_per_address;
    config.limits.lookup_burst_per_address = args.lookups_per_address * 6.0;
    config.access.allowed_origins = args.allow_origins;
    config.access.trusted_proxies = args.trusted_proxies;
    config.limits.odds_threads = odds_threads;
    if let Some(base) = args.insecure_fixed_seeds {
        config.seeds = Seeds::Fixed(base);
    }
    let server = Server::start(config).map_err(|e| e.to_string())?;
    let restored = server.restored().clone();
    let ready = |address: SocketAddr| {
        let mut out = std::io::stdout().lock();
        let address = address.to_string();
        let _ = writeln!(
            out,
            "{}",
            tr(
                lang,
                "serve-listening",
                &[("address", address.clone().into())]
            )
        );
        // After the first line, which scripts read for the WebSocket address.
        let _ = writeln!(
            out,
            "{}",
            tr(lang, "serve-browser", &[("address", address.into())])
        );
        if restored.tables > 0 {
            let tables = restored.tables as i64;
            let _ = writeln!(
                out,
                "{}",
                tr(lang, "serve-restored", &[("tables", tables.into())])
            );
        }
        if !restored.broken.is_empty() {
            let tables = restored.broken.len() as i64;
            let _ = writeln!(
                out,
                "{}",
                tr(lang, "serve-broken", &[("tables", tables.into())])
            );
        }
        let _ = out.flush();
    };
    dungeon_server::serve_blocking(server, args.listen, ready).map_err(|e| {
        let address = args.listen.to_string();
        tr(
            lang,
            "serve-listen-error",
            &[("address", address.into()), ("error", e.to_string().into())],
        )
    })?;
    Ok(ExitCode::SUCCESS)
}
