//! The limits on what clients may ask, each refused with its own error code and without
//! effect on any other connection or table: message size, messages per second per
//! connection, connections (all of them, and each address's fair share), how long each
//! stage of a connection may take, open tables, odds requests (`odds.rs`).

use dungeon_protocol::MAX_CLIENT_FRAME;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest message a client may send, in bytes (`too_big`).
    pub max_message: usize,
    /// The largest `create_table` that brings a pack, in bytes (`too_big`).
    pub max_pack_message: usize,
    /// Messages one connection may send a second, on average (`rate_limited`), answers
    /// to the questions the server put to it aside (never limited)...
    pub messages_per_second: f64,
    /// ...and in a burst.
    pub burst: f64,
    /// Look-ups (`hello`, `create_table`, `join`, `rejoin`, `watch`, and frames that
    /// cannot be read) all the connections of one client address may send a second
    /// together, on average, and in a burst: connecting again does not start afresh. An
    /// honest client sends two or three per connection.
    pub lookups_per_address: f64,
    pub lookup_burst_per_address: f64,
    /// Refused messages in a row after which a flooding connection is closed.
    pub flood_close: u32,
    /// Connections open at once from one IP address (`too_many_connections`).
    pub connections_per_address: usize,
    /// Connections open at once on the server, whatever their stage: beyond it a new
    /// one is closed at once. Once half of them are in use, an address may hold only its
    /// share of the whole (`too_many_connections`): the cap divided among the addresses
    /// connected, halved, so that newcomers always find room.
    pub max_connections: usize,
    /// How long a new connection has to send its whole HTTP request and be upgraded to
    /// a WebSocket before it is closed.
    pub request_head: Duration,
    /// How long an upgraded connection has to say `hello`.
    pub hello_within: Duration,
    /// A connection from which nothing at all came for this long (not even the answer to
    /// the server's pings, sent every third of it) is closed.
    pub idle: Duration,
    /// Tables open (not finished) at once on this server (`too_many_tables`).
    pub open_tables: usize,
    /// Unfinished tables opened from one client address at once (`table_quota`).
    pub tables_per_address: usize,
    /// A table not started this long after it was opened or last joined expires.
    pub unstarted_ttl: Duration,
    /// A started table with nobody at it and no move for this long expires.
    pub abandoned_ttl: Duration,
    /// Messages waiting to be sent to one connection; a client that reads slower than
    /// that is cut off.
    pub outbox: usize,
    /// Threads working out odds (`ask_odds`), apart from the game threads.
    pub odds_threads: usize,
    /// Odds requests waiting for those threads, server-wide (`busy` beyond; 0: only as
    /// many as there are threads free); each connection has at most one in flight.
    pub odds_queue: usize,
    /// A request that waited this long is dropped (`busy`) rather than answered late.
    pub odds_wait: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message: MAX_CLIENT_FRAME,
            max_pack_message: dungeon_protocol::MAX_PACK_FRAME,
            messages_per_second: 20.0,
            burst: 40.0,
            lookups_per_address: 10.0,
            lookup_burst_per_address: 60.0,
            flood_close: 200,
            connections_per_address: 32,
            max_connections: 4096,
            request_head: Duration::from_secs(10),
            hello_within: Duration::from_secs(10),
            idle: Duration::from_secs(90),
            open_tables: 1000,
            tables_per_address: 4,
            unstarted_ttl: Duration::from_secs(3600),
            abandoned_ttl: Duration::from_secs(24 * 3600),
            outbox: 4096,
            odds_threads: 1,
            odds_queue: 8,
            odds_wait: Duration::from_secs(10),
        }
    }
}

/// A token bucket: `rate` tokens a second, at most `burst` saved up.
pub(crate) struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Bucket {
    pub fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            rate,
            burst,
            last: Instant::now(),
        }
    }

    /// The tokens it would hold now.
    fn refilled(&self) -> f64 {
        let elapsed = self.last.elapsed().as_secs_f64();
        (self.tokens + elapsed * self.rate).min(self.burst)
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        let elapsed = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// A token bucket per client address, for what each may send between them.
#[derive(Default)]
pub(crate) struct AddressBuckets(Mutex<HashMap<IpAddr, Bucket>>);

impl AddressBuckets {
    /// Takes a token from `ip`'s bucket (made full for a newcomer).
    pub fn take(&self, ip: IpAddr, rate: f64, burst: f64) -> bool {
        let mut buckets = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= 65_536 {
            // Forget the addresses whose buckets have filled up again: same as new.
            let full = burst.max(1.0);
            buckets.retain(|_, b| b.refilled() < full);
        }
        let bucket = buckets
            .entry(ip)
            .or_insert_with(|| Bucket::new(rate, burst));
        bucket.take()
    }
}

/// Connections open per address.
#[derive(Default)]
pub(crate) struct Addresses(Mutex<Counts>);

#[derive(Default)]
struct Counts {
    by_address: HashMap<IpAddr, usize>,
    total: usize,
}

/// One connection counted; uncounted when dropped.
pub(crate) struct Counted {
    addresses: Arc<Addresses>,
    ip: IpAddr,
}

impl Addresses {
    /// Counts a connection from `ip`, unless `limit` are open from it already, or the
    /// connections counted here fill half of `cap` and `ip` holds its fair share of it.
    pub fn admit(self: &Arc<Self>, ip: IpAddr, limit: usize, cap: usize) -> Option<Counted> {
        let mut counts = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let held = counts.by_address.get(&ip).copied().unwrap_or(0);
        let addresses = counts.by_address.len() + usize::from(held == 0);
        let share = (cap / (2 * addresses)).max(1);
        if held >= limit || counts.total >= cap || (counts.total >= cap / 2 && held >= share) {
            return None;
        }
        *counts.by_address.entry(ip).or_insert(0) += 1;
        counts.total += 1;
        Some(Counted {
            addresses: self.clone(),
            ip,
        })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut counts = self.addresses.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = counts.by_address.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                counts.by_address.remove(&self.ip);
            }
            counts.total -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let mut bucket = Bucket::new(1.0, 3.0);
        assert!((0..3).all(|_| bucket.take()));
        assert!(!bucket.take());
        bucket.last -= std::time::Duration::from_millis(1100);
        assert!(bucket.take());
        assert!(!bucket.take());
    }

    #[test]
    fn addresses_are_counted_until_dropped() {
        let addresses = Arc::new(Addresses::default());
        let ip: IpAddr = [127, 0, 0, 1].into();
        let a = addresses.admit(ip, 2, 100).expect("first");
        let _b = addresses.admit(ip, 2, 100).expect("second");
        assert!(addresses.admit(ip, 2, 100).is_none());
        assert!(addresses.admit([10, 0, 0, 1].into(), 2, 100).is_some());
        drop(a);
        assert!(addresses.admit(ip, 2, 100).is_some());
    }

    #[test]
    fn past_half_the_cap_each_address_gets_its_share() {
        let addresses = Arc::new(Addresses::default());
        let (a, b, c): (IpAddr, IpAddr, IpAddr) = (
            [10, 0, 0, 1].into(),
            [10, 0, 0, 2].into(),
            [10, 0, 0, 3].into(),
        );
        let mut held = Vec::new();
        // Cap 8: `a` alone fills half of it, then holds its share (8 / 2).
        for _ in 0..4 {
            held.push(addresses.admit(a, 100, 8).expect("under half"));
        }
        assert!(addresses.admit(a, 100, 8).is_none());
        // Newcomers get in, one each (8 / 4, 8 / 6 rounded to 1)...
        held.push(addresses.admit(b, 100, 8).expect("a newcomer"));
        held.push(addresses.admit(b, 100, 8).expect("b's share is 2"));
        assert!(addresses.admit(b, 100, 8).is_none());
        held.push(addresses.admit(c, 100, 8).expect("another newcomer"));
        // ...until the cap.
        held.push(
            addresses
                .admit([10, 0, 0, 4].into(), 100, 8)
                .expect("the last place"),
        );
        assert!(addresses.admit([10, 0, 0, 5].into(), 100, 8).is_none());
    }
}
