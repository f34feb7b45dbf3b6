//! A part file: what `dungeon sim --shard K/N` writes, and `dungeon sim merge` reads. It
//! holds the study (engine rules, packs with their files' hashes, seed, games, bots,
//! options), which slice was played, and the slice's sums with cards and bots named by
//! id. Merging adds the sums of every slice into the [`Tally`] one whole run would have
//! made, so the report is the same, byte for byte.
//!
//! A part is hostile input: it is refused, with the file named, unless it parses, belongs
//! to the same study as the others, names only cards and bots of that study, and its
//! counts fit its slice (so no sum can overflow).

mod sums;

use super::plan::Plan;
use super::report::Report;
use super::shard::Shard;
use super::stats::{GameError, Tally};
use crate::saves::{FileKind, describe, read_bytes};
use crate::text::{Arg, tr};
use dungeon_bots::BotKind;
use dungeon_engine::GameOptions;
use dungeon_engine::catalog::{Catalog, PackLibrary};
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_records::{GameRecord, PackStamp};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use sums::tally_of;

/// What a part file says it is.
const KIND: &str = "dungeon-sim-part";
/// Bumped when a field changes meaning, comes or goes: a part of another format is
/// refused by name (format 2 added `rounds`, for the report's `sanity` section).
const FORMAT: u32 = 2;
/// Larger files are refused before parsing.
const MAX_BYTES: u64 = 64 << 20;
/// No count in a part may exceed this many per game of its slice (a game has a few dozen
/// rounds at most), which also keeps any sum of parts far from overflowing.
pub(super) const PER_GAME: u64 = 10_000;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    pub kind: String,
    pub format: u32,
    pub study: Study,
    pub shard: ShardRecord,
    pub tally: TallyRecord,
}

/// Everything that decides a study's games: parts merge only if this is equal.
#[derive(Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Study {
    pub rules_version: u32,
    pub prelude_sha256: String,
    pub packs: Vec<PackStamp>,
    pub seed: u64,
    pub games_per_player_count: u64,
    pub players: Vec<u8>,
    pub lineup: Vec<String>,
    pub options: GameOptions,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardRecord {
    pub index: u64,
    pub count: u64,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct TallyRecord {
    pub completed: u64,
    pub no_winner: u64,
    pub failed_runs: u64,
    pub seats: Vec<SeatRow>,
    pub adventurers: Vec<AdventurerRow>,
    pub equipment: Vec<EquipmentRow>,
    pub killers: Vec<KillerRow>,
    pub rounds: Vec<RoundRow>,
    pub errors: Vec<GameError>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRow {
    pub players: u8,
    pub seat: u8,
    pub position: u8,
    pub bot: String,
    pub games: u64,
    pub wins: u64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdventurerRow {
    pub adventurer: String,
    pub runs: u64,
    pub successes: u64,
    /// Of `runs`, those made by the game's winner.
    pub runner_won: u64,
    pub decided: u64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EquipmentRow {
    pub adventurer: String,
    pub tile: String,
    pub rounds: u64,
    pub set_aside: u64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KillerRow {
    pub monster: Option<String>,
    pub kills: u64,
}

/// Rounds of one kind: at a player count, with an adventurer, with so many tiles set
/// aside, ending in a success or not.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundRow {
    pub players: u8,
    pub adventurer: String,
    pub set_aside: u8,
    pub success: bool,
    pub rounds: u64,
}

/// The study of `plan` with `catalog`'s packs.
fn study(catalog: &Catalog, plan: &Plan) -> Study {
    Study {
        rules_version: dungeon_engine::version::RULES_VERSION,
        prelude_sha256: dungeon_engine::version::prelude_hash().to_string(),
        packs: dungeon_records::stamps(catalog),
        seed: plan.seed,
        games_per_player_count: plan.per_count,
        players: plan.counts.clone(),
        lineup: plan.lineup.iter().map(|b| b.id()).collect(),
        options: plan.options.clone(),
    }
}

/// The part file of slice `shard` of `plan`, as JSON.
pub fn write(catalog: &Catalog, plan: &Plan, shard: Shard, tally: &Tally) -> String {
    let id_a = |a| catalog.adventurer(a).info.id.clone();
    let mut errors = tally.errors.clone();
    errors.sort_by_key(|e| e.game);
    let record = TallyRecord {
        completed: tally.completed,
        no_winner: tally.no_winner,
        failed_runs: tally.failed_runs,
        seats: (tally.seats.iter())
            .map(|(k, c)| SeatRow {
                players: k.players,
                seat: k.seat,
                position: k.position,
                bot: k.bot.id(),
                games: c.total,
                wins: c.hits,
            })
            .collect(),
        adventurers: (tally.adventurers.iter())
            .map(|(&a, t)| AdventurerRow {
                adventurer: id_a(a),
                runs: t.runs.total,
                successes: t.runs.hits,
                runner_won: t.runner_won.hits,
                decided: t.decided,
            })
            .collect(),
        equipment: (tally.equipment.iter())
            .map(|(&(a, t), c)| EquipmentRow {
                adventurer: id_a(a),
                tile: catalog.tile(t).info.id.clone(),
                rounds: c.total,
                set_aside: c.hits,
            })
            .collect(),
        killers: (tally.killers.iter())
            .map(|(m, &kills)| KillerRow {
                monster: m.map(|m| catalog.monster(m).info.id.clone()),
                kills,
            })
            .collect(),
        rounds: (tally.rounds.iter())
            .map(|(k, &rounds)| RoundRow {
                players: k.players,
                adventurer: id_a(k.adventurer),
                set_aside: k.set_aside,
                success: k.success,
                rounds,
            })
            .collect(),
        errors,
    };
    let part = Part {
        kind: KIND.into(),
        format: FORMAT,
        study: study(catalog, plan),
        shard: ShardRecord {
            index: shard.index,
            count: shard.count,
        },
        tally: record,
    };
    let mut json = serde_json::to_string_pretty(&part).expect("a part is plain data");
    json.push('\n');
    json
}

/// A merged study: its packs, its plan and the sums of all its games.
pub struct Merged {
    pub catalog: Arc<Catalog>,
    pub plan: Plan,
    pub tally: Tally,
}

/// Reads the parts at `paths` and adds them up, refusing parts of different studies, a
/// slice given twice or missing, and damaged parts.
pub fn merge(library: &PackLibrary, lang: Lang, paths: &[String]) -> Result<Merged, String> {
    let t = |key: &'static str, a: &[(&str, Arg)]| tr(lang, key, a);
    let shown = |p: &str| Arg::from(escape_line(p).into_owned());
    let mut parts = Vec::new();
    for path in paths {
        parts.push(read(lang, path)?);
    }
    let first = &parts[0];
    // The study of the first part, checked against the packs here.
    let header = GameRecord {
        format: dungeon_records::FORMAT,
        rules_version: first.study.rules_version,
        prelude_sha256: first.study.prelude_sha256.clone(),
        packs: first.study.packs.clone(),
        options: first.study.options.clone(),
        seats: Vec::new(),
        seed: first.study.seed,
        decisions: Vec::new(),
        state: serde_json::Value::Null,
        bots: None,
    };
    let (catalog, _warnings) =
        (header.catalog(library)).map_err(|e| describe(lang, &paths[0], FileKind::Record, &e))?;
    let catalog = Arc::new(catalog);
    let lineup: Vec<BotKind> = (first.study.lineup.iter())
        .map(|id| id.parse().ok().filter(|b: &BotKind| b.id() == *id))
        .collect::<Option<_>>()
        .filter(|l: &Vec<BotKind>| !l.is_empty())
        .ok_or_else(|| damaged(lang, &paths[0], "sim-damaged-id"))?;
    let mut counts = first.study.players.clone();
    counts.sort_unstable();
    counts.dedup();
    let valid_counts = !counts.is_empty()
        && counts == first.study.players
        && counts.iter().all(|p| (2..=4).contains(p))
        && lineup.len() <= *counts.last().unwrap_or(&0) as usize;
    let plan = Plan {
        seed: first.study.seed,
        per_count: first.study.games_per_player_count,
        counts,
        lineup,
        options: first.study.options.clone(),
    };
    let total = (plan.per_count.checked_mul(plan.counts.len() as u64))
        .filter(|t| t.checked_mul(PER_GAME).is_some());
    if total.is_none() || !valid_counts || plan.per_count == 0 {
        return Err(damaged(lang, &paths[0], "sim-damaged-games"));
    }

    let mut slices = Slices::new(first.shard.count);
    let mut tally = Tally::default();
    for (n, (part, path)) in parts.iter().zip(paths).enumerate() {
        if part.study != first.study {
            let what = differs(&part.study, &first.study);
            let a = [
                ("path", shown(path)),
                ("first", shown(&paths[0])),
                ("difference", t(what, &[]).into()),
            ];
            return Err(t("sim-part-other-study", &a));
        }
        let s = &part.shard;
        let shard = slices.take(lang, paths, n, s.index, s.count)?;
        let sums = tally_of(&catalog, &plan, shard, &part.tally)
            .map_err(|what| damaged(lang, path, what))?;
        tally.merge(sums);
    }
    slices.complete(lang)?;
    Ok(Merged {
        catalog,
        plan,
        tally,
    })
}

/// The message naming the first field of the study that differs.
fn differs(a: &Study, b: &Study) -> &'static str {
    if a.rules_version != b.rules_version || a.prelude_sha256 != b.prelude_sha256 {
        "sim-differ-rules"
    } else if a.packs != b.packs {
        "sim-differ-packs"
    } else if a.seed != b.seed {
        "sim-differ-seed"
    } else if a.games_per_player_count != b.games_per_player_count || a.players != b.players {
        "sim-differ-games"
    } else if a.lineup != b.lineup {
        "sim-differ-bots"
    } else {
        "sim-differ-options"
    }
}

/// Which slice of a study each part holds, as parts are read: each of the same split,
/// none twice, and at the end none missing.
pub(super) struct Slices {
    count: u64,
    /// Slice index to the part that holds it.
    owner: std::collections::BTreeMap<u64, usize>,
}

impl Slices {
    pub fn new(count: u64) -> Slices {
        Slices {
            count,
            owner: Default::default(),
        }
    }

    /// Slice `index` of `count`, held by part `n` of `paths`.
    pub fn take(
        &mut self,
        lang: Lang,
        paths: &[String],
        n: usize,
        index: u64,
        count: u64,
    ) -> Result<Shard, String> {
        let shown = |p: &str| Arg::from(escape_line(p).into_owned());
        if count != self.count {
            let a = [
                ("path", shown(&paths[n])),
                ("shards", count.into()),
                ("first", shown(&paths[0])),
                ("first_shards", self.count.into()),
            ];
            return Err(tr(lang, "sim-part-other-split", &a));
        }
        if index >= count {
            return Err(damaged(lang, &paths[n], "sim-damaged-games"));
        }
        if let Some(&other) = self.owner.get(&index) {
            let a = [
                ("path", shown(&paths[n])),
                ("other", shown(paths[other].as_str())),
                ("shard", index.into()),
                ("shards", count.into()),
            ];
            return Err(tr(lang, "sim-part-twice", &a));
        }
        self.owner.insert(index, n);
        Ok(Shard { index, count })
    }

    /// Every slice taken, or the message naming the first few missing.
    pub fn complete(&self, lang: Lang) -> Result<(), String> {
        let missing = self.count - self.owner.len() as u64;
        if missing == 0 {
            return Ok(());
        }
        let mut list: Vec<String> = (0..self.count)
            .filter(|k| !self.owner.contains_key(k))
            .take(20)
            .map(|k| k.to_string())
            .collect();
        if missing > 20 {
            list.push("…".into());
        }
        let a = [
            ("missing", list.join(", ").into()),
            ("count", missing.into()),
            ("shards", self.count.into()),
        ];
        Err(tr(lang, "sim-part-missing", &a))
    }
}

/// `problem`: the message saying what is wrong with the part.
pub(super) fn damaged(lang: Lang, path: &str, problem: &'static str) -> String {
    let a = [
        ("path", escape_line(path).into_owned().into()),
        ("problem", tr(lang, problem, &[]).into()),
    ];
    tr(lang, "sim-part-damaged", &a)
}

/// A part file, parsed.
fn read(lang: Lang, path: &str) -> Result<Part, String> {
    read_kind(lang, path, KIND, FORMAT, MAX_BYTES)
}

/// A part file of kind `kind` in format `format`, parsed: a file of another kind or
/// format says so plainly (the kind and format are read first).
pub(super) fn read_kind<T: serde::de::DeserializeOwned>(
    lang: Lang,
    path: &str,
    kind: &str,
    format: u32,
    max_bytes: u64,
) -> Result<T, String> {
    let shown = escape_line(path).into_owned();
    let bytes = read_bytes(lang, path, max_bytes)?;
    let unreadable = |error: String| {
        let a = [
            ("path", shown.clone().into()),
            ("error", escape_line(&error).into_owned().into()),
        ];
        tr(lang, "sim-part-unreadable", &a)
    };
    if bytes.len() as u64 > max_bytes {
        return Err(unreadable(format!("larger than {max_bytes} bytes")));
    }
    #[derive(Deserialize)]
    struct Head {
        kind: Option<String>,
        format: Option<serde_json::Value>,
    }
    let head: Head = serde_json::from_slice(&bytes).map_err(|e| unreadable(e.to_string()))?;
    if head.kind.as_deref() != Some(kind) {
        return Err(unreadable(format!("no \"kind\": \"{kind}\"")));
    }
    if head.format != Some(format.into()) {
        let found = head.format.map_or("none".into(), |f| f.to_string());
        let a = [
            ("path", shown.clone().into()),
            ("format", escape_line(&found).into_owned().into()),
            ("expected", format.into()),
        ];
        return Err(tr(lang, "sim-part-format", &a));
    }
    serde_json::from_slice(&bytes).map_err(|e| unreadable(e.to_string()))
}

impl Merged {
    /// The report of the whole study.
    pub fn report(&self) -> Report {
        Report::new(&self.catalog, &self.plan, &self.tally)
    }
}
