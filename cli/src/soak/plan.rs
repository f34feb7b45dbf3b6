//! Which games a soak plays. Game `i` depends on the plan and `i` only (its pack mix,
//! player count, options, bots and seed), so a failure is replayed with `--game i` and
//! the same plan options, whatever the thread count or the number of games.

use dungeon_audit::GameSpec;
use dungeon_bots::BotKind;
use dungeon_engine::catalog::{Catalog, DamageModel, PackLibrary};
use dungeon_engine::options::{FirstAdventurer, GameOptions, RulingChoices, VariantScope};
use std::sync::Arc;

/// The largest library whose every subset of packs is tried as a mix; past it, each pack
/// alone, each pair, and all together.
const ALL_SUBSETS_UP_TO: usize = 6;

/// One set of packs played together.
pub struct Mix {
    /// The packs the catalog holds, requirements included, in load order.
    pub packs: String,
    pub catalog: Arc<Catalog>,
}

/// Every mix of the library's packs that can be played: each subset whose catalog builds
/// (a pack that cannot be played alone comes with what it requires, or not at all), each
/// resulting set of packs once.
pub fn every_mix(library: &PackLibrary) -> Vec<Mix> {
    let ids: Vec<&str> = library.ids().collect();
    let n = ids.len();
    let subsets: Vec<Vec<&str>> = if n <= ALL_SUBSETS_UP_TO {
        (1..1u32 << n)
            .map(|bits| {
                (0..n)
                    .filter(|i| bits & (1 << i) != 0)
                    .map(|i| ids[i])
                    .collect()
            })
            .collect()
    } else {
        let singles = ids.iter().map(|&a| vec![a]);
        let pairs = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j)));
        singles
            .chain(pairs.map(|(i, j)| vec![ids[i], ids[j]]))
            .chain(std::iter::once(ids.clone()))
            .collect()
    };
    let mut mixes: Vec<Mix> = Vec::new();
    for subset in subsets {
        if let Ok((catalog, _warnings)) = library.catalog(&subset) {
            let packs = catalog.pack_list();
            if !mixes.iter().any(|m| m.packs == packs) {
                mixes.push(Mix {
                    packs,
                    catalog: Arc::new(catalog),
                });
            }
        }
    }
    mixes.sort_by(|a, b| {
        let count = |m: &Mix| m.packs.split(',').count();
        count(a).cmp(&count(b)).then_with(|| a.packs.cmp(&b.packs))
    });
    mixes
}

/// The games of a soak.
pub struct Plan {
    pub seed: u64,
    pub mixes: Vec<Mix>,
    /// Player counts, in the order they take turns.
    pub players: Vec<u8>,
    /// One game in this many seats a rules bot (0: none); the other seats are random bots.
    pub rules_every: u64,
}

/// Game `i` of a plan: where it is played and how.
pub struct Game {
    pub mix: usize,
    pub spec: GameSpec,
}

impl Plan {
    /// Game `i`: the mixes take turns, then the player counts, then the options (every
    /// combination of the designer variant, the way the first adventurer is picked, the
    /// damage model, the special monsters in play, the variant's scope and the packs'
    /// rulings comes round); its seed is seed + i.
    pub fn game(&self, i: u64) -> Game {
        let mixes = self.mixes.len().max(1) as u64;
        let counts = self.players.len().max(1) as u64;
        let mix = (i % mixes) as usize;
        let players = self.players[((i / mixes) % counts) as usize];
        let k = i / mixes / counts;
        let options = GameOptions {
            players,
            designer_variant: k % 2 == 1,
            first_adventurer: if (k / 2).is_multiple_of(2) {
                FirstAdventurer::Random
            } else {
                FirstAdventurer::Choose
            },
            damage_model: match (k / 4) % 4 {
                2 => Some(DamageModel::EndTotal),
                3 => Some(DamageModel::Running),
                _ => None,
            },
            specials_in_play: match (k / 16) % 4 {
                2 => Some(0),
                3 => Some(3),
                _ => None,
            },
            variant_scope: VariantScope::ALL[((k / 64) % 2) as usize],
            rulings: rulings(&self.mixes[mix].catalog, k / 128),
        };
        let seed = self.seed.wrapping_add(i);
        let mut bots = vec![BotKind::Random; usize::from(players)];
        let draw = mixed(seed);
        if self.rules_every > 0 && draw.is_multiple_of(self.rules_every) {
            bots[((draw >> 32) % u64::from(players)) as usize] = BotKind::Rules;
        }
        Game {
            mix,
            spec: GameSpec {
                seed,
                options,
                bots,
            },
        }
    }
}

/// The `n`-th combination of the rulings of a catalog: ruling `j` takes the choice after
/// its default when bit `j` of `n` is set (with 4 rulings, every combination in 16 games).
fn rulings(catalog: &Catalog, n: u64) -> RulingChoices {
    let mut chosen = RulingChoices::new();
    for (j, ruling) in catalog.rulings.iter().enumerate() {
        if (n >> (j % 64)) & 1 == 1 {
            let other = (ruling.default + 1) % ruling.choices.len();
            chosen.insert(ruling.id.clone(), ruling.choices[other].id.clone());
        }
    }
    chosen
}

/// A well-mixed number from a seed (SplitMix64's finaliser), so which games get a rules
/// bot does not follow the mixes' or the player counts' turns.
fn mixed(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The options of a game, in one line, for failure reports.
pub fn describe(options: &GameOptions) -> String {
    let first = match &options.first_adventurer {
        FirstAdventurer::Choose => "choose".to_string(),
        FirstAdventurer::Random => "random".to_string(),
        FirstAdventurer::Named(id) => id.clone(),
    };
    let rulings: Vec<String> = options
        .rulings
        .iter()
        .map(|(id, choice)| format!("{id}={choice}"))
        .collect();
    format!(
        "designer_variant={} variant_scope={} first_adventurer={first} damage_model={} \
         specials_in_play={} rulings={}",
        options.designer_variant,
        options.variant_scope.id(),
        options.damage_model.map_or("packs", |m| m.id()),
        options
            .specials_in_play
            .map_or("packs".to_string(), |n| n.to_string()),
        if rulings.is_empty() {
            "defaults".to_string()
        } else {
            rulings.join(",")
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(mixes: usize, rules_every: u64) -> Plan {
        Plan {
            seed: 10,
            mixes: (0..mixes)
                .map(|m| Mix {
                    packs: m.to_string(),
                    catalog: Arc::new(Catalog::default()),
                })
                .collect(),
            players: vec![2, 3, 4],
            rules_every,
        }
    }

    #[test]
    fn every_mix_player_count_and_option_comes_round() {
        let p = plan(5, 0);
        let games: Vec<Game> = (0..5 * 3 * 64).map(|i| p.game(i)).collect();
        for mix in 0..5 {
            for players in [2, 3, 4] {
                let options: std::collections::BTreeSet<String> = games
                    .iter()
                    .filter(|g| g.mix == mix && g.spec.options.players == players)
                    .map(|g| describe(&g.spec.options))
                    .collect();
                assert_eq!(options.len(), 2 * 2 * 3 * 3, "mix {mix}, {players} players");
            }
        }
        assert_eq!(games[7].spec.seed, 17);
        assert!(games.iter().all(|g| !g.spec.bots.contains(&BotKind::Rules)));
    }

    #[test]
    fn a_share_of_games_seats_one_rules_bot() {
        let p = plan(4, 50);
        let rules = (0..10_000)
            .filter(|&i| {
                let bots = p.game(i).spec.bots;
                let n = bots.iter().filter(|&&b| b == BotKind::Rules).count();
                assert!(n <= 1);
                n == 1
            })
            .count();
        assert!((150..250).contains(&rules), "{rules} games in 10,000");
    }
}
