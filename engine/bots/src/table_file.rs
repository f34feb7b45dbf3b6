//! The typical-dungeon tables' file format, shared by the tables kept on disk
//! (`figures.rs`) and those shipped in the binary (`shipped.rs`): a magic, a SHA-256 of
//! the body, the table's id, the entry count, then each situation and its figure. A file
//! is read only if all of it holds (see `figures.rs`).

use crate::catalog::DamageModel;
use crate::ids::{AdventurerId, MonsterId, TileId};
use crate::situation::Situation;
use sha2::{Digest, Sha256};

/// A table's figures, by situation (a fast hash: a bot looks up hundreds a decision).
pub(crate) type Figures = rustc_hash::FxHashMap<Situation, f64>;

/// The version of the figures and of their file format (2: worked out by `estimate/`,
/// with a known or removed card).
pub(crate) const FORMAT: u32 = 2;
pub(crate) const MAGIC: &[u8; 8] = b"DGNODDS\x01";

/// Files holding more entries than this are not read...
pub(crate) const MAX_ENTRIES: usize = 2_000_000;
/// ...nor files longer than this (about 40 bytes an entry: a figure, its situation and
/// its tiles; the largest shipped table, base and sequel together, is 30 MB).
pub(crate) const MAX_FILE_BYTES: u64 = 128 << 20;

pub(crate) fn encode(id: &str, figures: &Figures) -> Vec<u8> {
    let mut entries: Vec<(Vec<u8>, f64)> = figures
        .iter()
        .map(|(s, &p)| (situation_bytes(s), p))
        .collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let mut body = id.as_bytes().to_vec();
    body.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    for (s, p) in entries {
        body.extend_from_slice(&s);
        body.extend_from_slice(&p.to_bits().to_le_bytes());
    }
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&Sha256::digest(&body));
    out.extend_from_slice(&body);
    out
}

pub(crate) fn situation_bytes(s: &Situation) -> Vec<u8> {
    let mut b = vec![
        s.players,
        s.runner,
        s.successes,
        s.failures,
        s.damage_model as u8,
        s.size as u8,
        s.specials_in_play as u8,
        s.tiles.len() as u8,
    ];
    b.extend_from_slice(&s.adventurer.0.to_le_bytes());
    for card in [s.known, s.removed] {
        b.extend_from_slice(&card.map_or(NO_CARD, |m| m.0).to_le_bytes());
    }
    for t in &s.tiles {
        b.extend_from_slice(&t.0.to_le_bytes());
    }
    b
}

/// How "no card" is written where a table names a known or removed card.
const NO_CARD: u16 = u16::MAX;

/// A table's bytes, if everything about them holds, `spot_checks` figures recomputed.
pub(crate) fn parse(
    bytes: &[u8],
    id: &str,
    check: impl FnMut(&Situation) -> f64,
    spot_checks: usize,
) -> Option<Figures> {
    parse_body(checked_body(bytes, id)?, check, spot_checks)
}

/// What follows a table's header (its entry count, then its entries), if the magic, the
/// checksum and the id hold.
pub(crate) fn checked_body<'a>(bytes: &'a [u8], id: &str) -> Option<&'a [u8]> {
    let rest = bytes.strip_prefix(MAGIC)?;
    let (sum, body) = rest.split_at_checked(32)?;
    if Sha256::digest(body).as_slice() != sum {
        return None;
    }
    body.strip_prefix(id.as_bytes())
}

/// The figures of a table's body (see [`checked_body`]), if every entry is well formed.
pub(crate) fn parse_body(
    body: &[u8],
    mut check: impl FnMut(&Situation) -> f64,
    spot_checks: usize,
) -> Option<Figures> {
    let mut r = Reader(body);
    let count = u64::from_le_bytes(r.take(8)?.try_into().ok()?) as usize;
    if count > MAX_ENTRIES {
        return None;
    }
    let mut figures = Figures::with_capacity_and_hasher(count, Default::default());
    // Only the situations spot-checked are kept aside (cloning a million took long).
    let checked: Vec<usize> = (0..spot_checks.min(count))
        .map(|i| (i * 7919 + count / 2) % count)
        .collect();
    let mut order = Vec::with_capacity(checked.len());
    for i in 0..count {
        let head = r.take(8)?;
        let damage_model = match head[4] {
            0 => DamageModel::EndTotal,
            1 => DamageModel::Running,
            _ => return None,
        };
        let adventurer = AdventurerId(u16::from_le_bytes(r.take(2)?.try_into().ok()?));
        let mut card = || {
            let m = u16::from_le_bytes(r.take(2)?.try_into().ok()?);
            Some((m != NO_CARD).then_some(MonsterId(m)))
        };
        let (known, removed) = (card()?, card()?);
        let mut tiles = Vec::with_capacity(head[7] as usize);
        for _ in 0..head[7] {
            tiles.push(TileId(u16::from_le_bytes(r.take(2)?.try_into().ok()?)));
        }
        let p = f64::from_bits(u64::from_le_bytes(r.take(8)?.try_into().ok()?));
        if !(0.0..=1.0).contains(&p) || head[1] >= head[0] || head[5] == 0 {
            return None;
        }
        let s = Situation {
            players: head[0],
            runner: head[1],
            successes: head[2],
            failures: head[3],
            adventurer,
            tiles,
            size: head[5] as usize,
            damage_model,
            specials_in_play: head[6] as usize,
            known,
            removed,
        };
        if checked.contains(&i) {
            order.push(s.clone());
        }
        figures.insert(s, p);
    }
    if !r.0.is_empty() || figures.len() != count {
        return None;
    }
    // Well formed is not true: recompute a few figures, spread over the table.
    for s in &order {
        if check(s).to_bits() != figures[s].to_bits() {
            return None;
        }
    }
    Some(figures)
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(head)
    }
}
