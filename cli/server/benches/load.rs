//! The load benchmark (not a test): N tables at once on a server over loopback, each a
//! scripted person who answers at once and bots (easy) for the other seats, games played
//! back to back for a while. Reports decisions per second (all seats) and, for the
//! people's answers, the latency from sending an answer to its `accepted` and to the
//! seat's next question (bots' moves in between included); p50 and p99.
//!
//! `cargo bench -p dungeon-server --bench load` (`LOAD_TABLES=16,64`, `LOAD_SECONDS=10`).
//! Each size runs three times: with the memory store (the baseline), with the SQLite store
//! committing each decision alone (`sqlite1`: a disk flush per decision, as before group
//! commit) and with the SQLite store as `dungeon serve` runs it (`sqlite`: decisions of
//! many tables grouped into one transaction); a decision is on disk before `accepted`
//! either way. Also printed: decisions per transaction with group commit.

#[path = "../tests/support/mod.rs"]
mod support;

use dungeon_protocol::{ClientMessage, ServerMessage};
use dungeon_server::{Commit, Config, Limits, MemoryStore, Seeds, Server, SqliteStore, Store};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};
use support::{Client, choose, create, new_table};

struct Figures {
    decisions: u64,
    seconds: f64,
    ack: Vec<Duration>,
    next: Vec<Duration>,
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// One table's person: plays games back to back until `until`.
fn person(url: String, table: usize, until: Instant) -> (u64, Vec<Duration>, Vec<Duration>) {
    let mut decisions = 0;
    let (mut ack, mut next) = (Vec::new(), Vec::new());
    let mut game = 0u64;
    while Instant::now() < until {
        let mut client = Client::hello(&url);
        let players = 2 + (table % 3) as u8;
        create(
            &mut client,
            new_table(&["base", "sequel"], players, 1, "easy"),
        );
        client.send(&ClientMessage::Start {});
        let mut sent: Option<Instant> = None;
        let mut last = 0;
        loop {
            match client.recv() {
                ServerMessage::Asking {
                    number, decision, ..
                } => {
                    if let Some(t) = sent.take() {
                        next.push(t.elapsed());
                    }
                    last = number;
                    let action = choose(game ^ (table as u64) << 20, number, &decision);
                    client.send(&ClientMessage::Answer { number, action });
                    sent = Some(Instant::now());
                }
                ServerMessage::Accepted { .. } => {
                    if let Some(t) = sent {
                        ack.push(t.elapsed());
                    }
                }
                ServerMessage::Waiting { number, .. } => last = number,
                ServerMessage::Over { .. } => {
                    // The last question's number, plus that decision.
                    decisions += u64::from(last) + 1;
                    break;
                }
                ServerMessage::Error { code, message } => panic!("{code}: {message}"),
                _ => {}
            }
        }
        client.close();
        game += 1;
    }
    (decisions, ack, next)
}

fn run(tables: usize, seconds: u64, store: Arc<dyn Store>) -> Figures {
    let mut config = Config::new(Arc::new(dungeon_tests::library()), store);
    // A scripted person answers far faster than the rate limit allows a person to: the
    // limit would refuse (and close) the fastest games' connections.
    config.limits = Limits {
        connections_per_address: 100_000,
        open_tables: 100_000,
        ..support::roomy()
    };
    config.seeds = Seeds::Fixed(1);
    let server = Server::start(config)
        .unwrap()
        .spawn(([127, 0, 0, 1], 0).into())
        .unwrap();
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let threads: Vec<_> = (0..tables)
        .map(|t| {
            let url = server.url();
            thread::spawn(move || person(url, t, until))
        })
        .collect();
    let mut figures = Figures {
        decisions: 0,
        seconds: 0.0,
        ack: Vec::new(),
        next: Vec::new(),
    };
    for t in threads {
        let (d, a, n) = t.join().unwrap();
        figures.decisions += d;
        figures.ack.extend(a);
        figures.next.extend(n);
    }
    figures.seconds = started.elapsed().as_secs_f64();
    figures.ack.sort();
    figures.next.sort();
    figures
}

fn main() {
    let sizes: Vec<usize> = std::env::var("LOAD_TABLES")
        .unwrap_or_else(|_| "16,64".into())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    let seconds = std::env::var("LOAD_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let dir = std::env::temp_dir().join(format!("dungeon-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    println!(
        "tables  store    decisions/s  accepted p50/p99 ms  next question p50/p99 ms  (cores: {})",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    for &tables in &sizes {
        let mut rates = Vec::new();
        for (name, commit) in [
            ("memory", None),
            ("sqlite1", Some(Commit::PerDecision)),
            ("sqlite", Some(Commit::Grouped)),
        ] {
            let sqlite = commit.map(|commit| {
                let path = dir.join(format!("load-{tables}-{name}.sqlite"));
                Arc::new(SqliteStore::open_with(&path, commit).unwrap())
            });
            let store: Arc<dyn Store> = match &sqlite {
                Some(s) => s.clone(),
                None => Arc::new(MemoryStore::default()),
            };
            let f = run(tables, seconds, store);
            let rate = f.decisions as f64 / f.seconds;
            rates.push(rate);
            let grouped = match &sqlite {
                Some(s) if s.group_commits() > 0 => {
                    format!(
                        "  {:.1} decisions/commit",
                        f.decisions as f64 / s.group_commits() as f64
                    )
                }
                _ => String::new(),
            };
            println!(
                "{tables:>6}  {name:<7}  {rate:>11.0}  {:>8.2} / {:<8.2}  {:>12.2} / {:<8.2}{grouped}",
                percentile(&f.ack, 0.5),
                percentile(&f.ack, 0.99),
                percentile(&f.next, 0.5),
                percentile(&f.next, 0.99),
            );
        }
        println!(
            "{tables:>6}  decisions per second against memory: sqlite1 {:.2}, sqlite {:.2}",
            rates[1] / rates[0],
            rates[2] / rates[0]
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
