//! How the `normal` bot chooses the next adventurer: by how rounds with it go.
//!
//! Which adventurer serves the one who picks it depends on how the others will bid
//! against it (a sturdy adventurer is stripped of its tiles, a frail one is passed on
//! early) and on the standings (near a win, you want a dungeon you can survive; with an
//! opponent near a win, one they cannot). No simple figure says the first, so the bot
//! learns it by playing: for each adventurer, [`ROUNDS`] rounds of a fresh game started
//! with it and set to the same standings, every seat a `normal` bot, noting who ran
//! (counted from the round's starter, who is the chooser) and whether the run succeeded. The standings then say what each
//! of those endings is worth to the chooser ([`outlook`](crate::outlook)), and the bot
//! takes the adventurer whose endings are worth most.
//!
//! How rounds go depends only on the packs, the rulings, the game's options and the
//! standings (who has what, counted from the chooser's seat: how the others bid depends on
//! who is close to winning), so the figures are worked out once per process and shared by
//! every thread and game, from rounds dealt from a generator seeded by those alone: a
//! figure never depends on which thread worked it out first. The figures of the built-in
//! pack mixes ship in the binary (`engine/tables/choices.bin`, made by `cargo run
//! --release -p dungeon-bots --example ship_tables`), so a first start does not play
//! those rounds; a test checks some of them against the engine of today.

use super::{Params, PlannerBot};
use crate::Bot;
use crate::action::DecisionKind;
use crate::catalog::Fnv;
use crate::engine::Rules;
use crate::event::Event;
use crate::ids::{AdventurerId, Seat};
use crate::options::{FirstAdventurer, GameOptions, rulings_hash};
use crate::outlook::Standings;
use crate::view::View;
use std::collections::HashMap;
use std::sync::RwLock;

/// Rounds played with each adventurer.
pub const ROUNDS: u64 = 64;
/// Decisions a round may take (a safety net).
const ROUND_LIMIT: usize = 2_000;
/// The version of the figures: bump it whenever the way they are worked out changes.
const FORMAT: u32 = 4;

/// How rounds with one adventurer went, by runner: the share of rounds that the player
/// `k` seats after the starter ran and survived, or ran and failed.
pub type Endings = Vec<[f64; 2]>;

/// The endings of each situation's rounds, by key: the shipped figures, then those worked
/// out since.
static FIGURES: RwLock<Option<HashMap<u64, Endings>>> = RwLock::new(None);

/// The shipped figures (see the module's comment).
static SHIPPED: &[u8] = include_bytes!("../../../tables/choices.bin");

/// The adventurer among `options` whose rounds leave `view`'s seat the best chance to win.
pub(crate) fn choose(
    rules: &mut dyn Rules,
    view: &View,
    params: &Params,
    options: &[AdventurerId],
) -> AdventurerId {
    let me = view.seat();
    let standings = Standings::of(view);
    // Every seat in turn order from the chooser, who starts the round.
    let players = view.players();
    let seats: Vec<Seat> = (0..players).map(|i| (me + i) % players).collect();
    // A player out of the game is out, whatever their cards.
    let table: Vec<Standing> = seats
        .iter()
        .map(|&s| match view.eliminated(s) {
            true => (true, 0, 0),
            false => (false, view.successes(s), view.failures(s)),
        })
        .collect();
    let mut best = (f64::MIN, options[0]);
    for &a in options {
        let endings = endings(rules, view.options(), params, a, &table);
        let worth: f64 = (endings.iter().zip(&seats))
            .map(|(&[won, lost], &runner)| {
                won * standings.after_run(params.choice_model, runner, true)[usize::from(me)]
                    + lost
                        * standings.after_run(params.choice_model, runner, false)[usize::from(me)]
            })
            .sum();
        if worth > best.0 {
            best = (worth, a);
        }
    }
    best.1
}

/// A seat's standing: out of the game, successes, failures.
pub type Standing = (bool, u8, u8);

/// How rounds with `adventurer` go at a table whose seats, from the starter round, stand
/// as `table` says, as remembered or shipped, else played.
pub fn endings(
    rules: &mut dyn Rules,
    options: &GameOptions,
    params: &Params,
    adventurer: AdventurerId,
    table: &[Standing],
) -> Endings {
    let key = key(rules, options, params, Some(adventurer), table);
    if let Some(e) = figures(|f| f.get(&key).cloned()) {
        return e;
    }
    // Every adventurer's rounds are dealt from the same seeds, so that they are compared on
    // equal terms.
    let seed = self::key(rules, options, params, None, table);
    let e = play_rounds(rules, options, params, adventurer, table, seed);
    if let Ok(mut f) = FIGURES.write() {
        f.get_or_insert_with(shipped).insert(key, e.clone());
    }
    e
}

/// What a situation's figures depend on, hashed.
fn key(
    rules: &dyn Rules,
    options: &GameOptions,
    params: &Params,
    adventurer: Option<AdventurerId>,
    table: &[Standing],
) -> u64 {
    let catalog = rules.catalog();
    let mut h = Fnv::new();
    h.write(&FORMAT.to_le_bytes());
    h.write(&ROUNDS.to_le_bytes());
    h.write(&catalog.fingerprint.to_le_bytes());
    h.write(&rulings_hash(&options.rulings).to_le_bytes());
    for &(out, successes, failures) in table {
        h.write(&[out as u8, successes, failures]);
    }
    h.write(&[
        table.len() as u8,
        options.designer_variant as u8,
        options.variant_scope as u8,
        options.damage_model.map_or(u8::MAX, |m| m as u8),
        options.specials_in_play.unwrap_or(u8::MAX),
    ]);
    h.write(&adventurer.map_or(u16::MAX, |a| a.0).to_le_bytes());
    for x in [
        params.softness,
        params.strip,
        params.model.starter_runs,
        params.model.run_succeeds,
    ] {
        h.write(&x.to_bits().to_le_bytes());
    }
    h.finish()
}

/// Plays [`ROUNDS`] first rounds of games started with `adventurer`, the seats set to
/// `table`'s standings from the starter round.
fn play_rounds(
    rules: &mut dyn Rules,
    options: &GameOptions,
    params: &Params,
    adventurer: AdventurerId,
    table: &[Standing],
    seed: u64,
) -> Endings {
    let players = table.len() as u8;
    let id = rules.catalog().adventurer(adventurer).info.id.clone();
    let options = GameOptions {
        players,
        first_adventurer: FirstAdventurer::Named(id),
        ..options.clone()
    };
    // The round's bidding as `normal` plays it (never choosing an adventurer itself).
    let bidding = Params {
        choose_by_rounds: false,
        ..*params
    };
    let mut endings: Endings = vec![[0.0; 2]; usize::from(players)];
    let mut events = Vec::new();
    for round in 0..ROUNDS {
        let seed = seed ^ round.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        crate::event::clear_log(&mut events);
        let Ok(mut state) = rules.new_game(options.clone(), seed, &mut events) else {
            continue;
        };
        // Who starts the round (the chooser, in the game this figure is for).
        let Some(starter) = events.iter().find_map(|e| match e {
            Event::RoundStarted { first, .. } => Some(*first),
            _ => None,
        }) else {
            continue;
        };
        for (k, &(out, successes, failures)) in table.iter().enumerate() {
            let p = &mut state.players[usize::from((starter + k as u8) % players)];
            (p.eliminated, p.successes, p.failures) = (out, successes, failures);
        }
        let mut bots: Vec<PlannerBot> = (0..players)
            .map(|s| PlannerBot::with_params(seed ^ u64::from(s), bidding))
            .collect();
        let mut ended = None;
        for _ in 0..ROUND_LIMIT {
            let Some(seat) = state.current_seat() else {
                break;
            };
            if matches!(
                state.pending.as_ref().map(|d| &d.kind),
                Some(DecisionKind::ChooseAdventurer { .. })
            ) {
                break;
            }
            let action = bots[usize::from(seat)].decide(rules, &View::new(&state, seat));
            crate::event::clear_log(&mut events);
            if rules
                .apply_or_abandon(&mut state, action, &mut events)
                .is_err()
            {
                break;
            }
            ended = ended.or_else(|| {
                events.iter().find_map(|e| match e {
                    Event::Success { seat, .. } => Some((*seat, 0)),
                    Event::Failure { seat, .. } => Some((*seat, 1)),
                    _ => None,
                })
            });
            if ended.is_some() {
                break;
            }
        }
        if let Some((runner, outcome)) = ended {
            let offset = (runner + players - starter) % players;
            endings[usize::from(offset)][outcome] += 1.0;
        }
    }
    for e in &mut endings {
        e.iter_mut().for_each(|x| *x /= ROUNDS as f64);
    }
    endings
}

/// Reads the figures (the shipped ones loaded the first time).
fn figures<T>(f: impl Fn(&HashMap<u64, Endings>) -> Option<T>) -> Option<T> {
    if let Ok(m) = FIGURES.read()
        && let Some(m) = m.as_ref()
    {
        return f(m);
    }
    let mut m = FIGURES.write().ok()?;
    f(m.get_or_insert_with(shipped))
}

/// The shipped figures; none if the file is not well formed (it comes with the code, so a
/// test would have failed first).
fn shipped() -> HashMap<u64, Endings> {
    parse(SHIPPED).unwrap_or_default()
}

/// Records of (key, count, that many pairs of values), little-endian.
fn parse(mut bytes: &[u8]) -> Option<HashMap<u64, Endings>> {
    let mut take = |n: usize| {
        let (head, rest) = bytes.split_at_checked(n)?;
        bytes = rest;
        Some(head)
    };
    let mut out = HashMap::new();
    while let Some(key) = take(8) {
        let key = u64::from_le_bytes(key.try_into().ok()?);
        let count = usize::from(take(1)?[0]);
        let mut endings = Vec::with_capacity(count);
        for _ in 0..count {
            let mut pair = [0.0; 2];
            for x in &mut pair {
                *x = f64::from_bits(u64::from_le_bytes(take(8)?.try_into().ok()?));
            }
            endings.push(pair);
        }
        out.insert(key, endings);
    }
    Some(out)
}

/// Writes every figure held (shipped or worked out) to `path`, as the shipped file holds
/// them; returns how many.
pub fn save_choices(path: &std::path::Path) -> std::io::Result<usize> {
    let mut all: Vec<(u64, Endings)> = {
        let mut m = FIGURES.write().unwrap_or_else(|e| e.into_inner());
        m.get_or_insert_with(shipped)
            .iter()
            .map(|(k, v)| (*k, v.clone()))
            .collect()
    };
    all.sort_by_key(|(k, _)| *k);
    std::fs::write(path, encode(&all))?;
    Ok(all.len())
}

/// Figures as [`parse`] reads them.
fn encode(all: &[(u64, Endings)]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for (k, v) in all {
        bytes.extend_from_slice(&k.to_le_bytes());
        bytes.push(v.len().min(255) as u8);
        for pair in v.iter().take(255) {
            for x in pair {
                bytes.extend_from_slice(&x.to_bits().to_le_bytes());
            }
        }
    }
    bytes
}

/// Forgets every figure worked out (the shipped ones come back): for measuring cold
/// decisions.
pub fn forget_choices() {
    *FIGURES.write().unwrap_or_else(|e| e.into_inner()) = None;
}

/// Forgets every figure, the shipped ones too: for making the shipped file again.
pub fn forget_shipped_choices() {
    *FIGURES.write().unwrap_or_else(|e| e.into_inner()) = Some(HashMap::new());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Engine;

    const STALE: &str = "the shipped choice figures (engine/tables/choices.bin) are stale: \
        regenerate them with `cargo run --release -p dungeon-bots --example ship_tables`";

    /// Figures of the shipped file worked out again, bit for bit, for each built-in mix at
    /// two players: at a game's start, and with one player a success from winning.
    #[test]
    fn shipped_choices_match_the_engine() {
        let shipped = shipped();
        assert!(!shipped.is_empty(), "{STALE} (none shipped)");
        for packs in crate::SHIPPED_MIXES {
            let mut engine = Engine::built_in(packs);
            let options = engine
                .new_game(GameOptions::default(), 1, &mut Vec::new())
                .expect("a game")
                .options;
            let params = Params::NORMAL;
            let first = engine
                .catalog()
                .adventurer_ids()
                .next()
                .expect("an adventurer");
            for table in [[(false, 0, 0); 2], [(false, 1, 0), (false, 0, 1)]] {
                let key = key(&engine, &options, &params, Some(first), &table);
                let seed = key_for_seeds(&engine, &options, &params, &table);
                let found = shipped
                    .get(&key)
                    .unwrap_or_else(|| panic!("{STALE} ({packs:?}, {table:?}: missing)"));
                let again = play_rounds(&mut engine, &options, &params, first, &table, seed);
                assert_eq!(found, &again, "{STALE} ({packs:?}, {table:?}: differs)");
            }
        }
    }

    fn key_for_seeds(
        rules: &dyn Rules,
        options: &GameOptions,
        params: &Params,
        table: &[Standing],
    ) -> u64 {
        key(rules, options, params, None, table)
    }

    /// The file's records read back as written.
    #[test]
    fn choices_read_back() {
        let all: Vec<(u64, Endings)> =
            vec![(3, vec![[0.25, 0.5], [0.125, 0.0]]), (9, vec![[1.0, 0.0]])];
        let bytes = encode(&all);
        assert_eq!(parse(&bytes), Some(all.into_iter().collect()));
        assert_eq!(parse(&bytes[..bytes.len() - 1]), None, "cut short");
    }
}
