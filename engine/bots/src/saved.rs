//! What a bot carries from one decision to the next, as plain data. A saved game keeps it,
//! so a resumed game goes on exactly as the same game never saved: rebuilding a bot from
//! its seed would restart its generator.
//!
//! What is *not* here, because it cannot change a decision: the tables of `typical.rs`
//! (each figure is worked out from a generator seeded by the situation, whether in this
//! process, another thread or the one that wrote it to disk), of `planner/choice.rs` (the same,
//! from rounds seeded by what they are about) and of `outlook.rs` (a pure function of the
//! standings and of who starts the next round); the odds of a question in the dungeon,
//! searched afresh each time; IS-MCTS's tree, rebuilt at every decision; and the bot's kind
//! (its budget), which the seat says. A `normal` bot's state keeps the place of an odds
//! cache, empty: saves of the bot before it kept one there, and they still load.

use super::{BotKind, IsmctsBot, NoviceBot, PlannerBot, RandomBot};
use crate::odds::OddsCache;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Remembered odds past this many entries in one saved cache are refused (a bot clears its
/// cache well before: see `rules.rs`).
pub const MAX_CACHE_ENTRIES: usize = 400_000;

/// A bot's state between two decisions. (Serialised data, rarely moved: the variants'
/// sizes do not matter.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum BotState {
    /// The random bot.
    Uniform {
        rng: rand_pcg::Pcg32,
    },
    /// The random bot as builds before 2026-11-28 saved it (see `RandomBot::restore_chacha`).
    Random {
        rng: ChaCha8Rng,
    },
    Rules(RulesState),
    Novice {
        rng: ChaCha8Rng,
        /// The `normal` bot it thinks with, when it thinks.
        thinker: RulesState,
    },
    Ismcts {
        rng: ChaCha8Rng,
        /// The `normal` bot whose choice stands unless the search clearly beats it.
        advisor: RulesState,
        /// The `normal` bot that bids for every seat in playouts.
        playout: RulesState,
    },
}

/// A `normal` bot's generator, and an odds cache (empty since the `normal` bot searches
/// each question afresh; a save of the bot before it holds one, checked and then dropped).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesState {
    pub rng: ChaCha8Rng,
    /// The odds cache: for each entry, its key then the bits of its value, each 16 hex
    /// digits, keys in increasing order. Exact (a float printed in decimal may not be).
    pub odds_cache: String,
}

impl RulesState {
    pub(crate) fn new(rng: &ChaCha8Rng, cache: &OddsCache) -> RulesState {
        let entries = cache.entries();
        let mut hex = String::with_capacity(entries.len() * 32);
        for (key, value) in entries {
            hex.push_str(&format!("{key:016x}{:016x}", value.to_bits()));
        }
        RulesState {
            rng: rng.clone(),
            odds_cache: hex,
        }
    }

    /// The cache this state describes, or what is wrong with it.
    pub(crate) fn cache(&self) -> Result<OddsCache, String> {
        let hex = self.odds_cache.as_bytes();
        if !hex.len().is_multiple_of(32) {
            return Err("the odds cache is cut short".into());
        }
        let count = hex.len() / 32;
        if count > MAX_CACHE_ENTRIES {
            return Err(format!(
                "the odds cache holds {count} entries (at most {MAX_CACHE_ENTRIES})"
            ));
        }
        let mut entries = Vec::with_capacity(count);
        let mut last = None;
        for chunk in hex.chunks_exact(32) {
            let (key, value) = chunk.split_at(16);
            let (Some(key), Some(value)) = (parse_hex(key), parse_hex(value)) else {
                return Err("the odds cache holds something other than hex digits".into());
            };
            if last.is_some_and(|l| l >= key) {
                return Err("the odds cache's keys are not in increasing order".into());
            }
            last = Some(key);
            entries.push((key, f64::from_bits(value)));
        }
        Ok(OddsCache::from_entries(entries))
    }
}

/// 16 lowercase hex digits as a number.
fn parse_hex(digits: &[u8]) -> Option<u64> {
    digits.iter().try_fold(0u64, |n, &d| {
        let v = match d {
            b'0'..=b'9' => d - b'0',
            b'a'..=b'f' => d - b'a' + 10,
            _ => return None,
        };
        Some(n << 4 | u64::from(v))
    })
}

impl BotKind {
    /// A bot of this kind in the saved `state`, or why the state does not fit this kind.
    pub fn restore(self, state: &BotState) -> Result<Box<dyn super::Bot>, String> {
        match (self, state) {
            (BotKind::Random, BotState::Uniform { rng }) => {
                Ok(Box::new(RandomBot::restore(rng.clone())))
            }
            (BotKind::Random, BotState::Random { rng }) => {
                Ok(Box::new(RandomBot::restore_chacha(rng.clone())))
            }
            (BotKind::Rules, BotState::Rules(rules)) => Ok(Box::new(PlannerBot::restore(rules)?)),
            (BotKind::Novice, BotState::Novice { rng, thinker }) => Ok(Box::new(
                NoviceBot::restore(rng.clone(), PlannerBot::restore(thinker)?),
            )),
            (
                BotKind::Ismcts(_) | BotKind::IsmctsTimed(_),
                BotState::Ismcts {
                    rng,
                    advisor,
                    playout,
                },
            ) => Ok(Box::new(IsmctsBot::restore(
                self.budget().expect("an IS-MCTS kind has a budget"),
                rng.clone(),
                PlannerBot::restore(advisor)?,
                PlannerBot::restore(playout)?,
            ))),
            (kind, _) => Err(format!(
                "the saved state is not that of a `{}` bot",
                kind.id()
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Bot;
    use rand_chacha::rand_core::SeedableRng;

    /// A random bot saved by a build whose random bot drew from a ChaCha still loads, and
    /// plays on the same way from the same save; a save made now round-trips.
    #[test]
    fn random_bots_load_from_either_generator() {
        let old: BotState = serde_json::from_str(
            &serde_json::to_string(&BotState::Random {
                rng: ChaCha8Rng::seed_from_u64(7),
            })
            .unwrap(),
        )
        .unwrap();
        let a = BotKind::Random.restore(&old).unwrap().save();
        let b = BotKind::Random.restore(&old).unwrap().save();
        assert!(matches!(a, BotState::Uniform { .. }), "{a:?}");
        assert_eq!(a, b);
        let now = RandomBot::new(7).save();
        let json = serde_json::to_string(&now).unwrap();
        assert_eq!(serde_json::from_str::<BotState>(&json).unwrap(), now);
        assert_eq!(BotKind::Random.restore(&now).unwrap().save(), now);
        assert_ne!(a, now, "the old save goes on from its own generator");
    }
}
