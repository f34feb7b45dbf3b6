//! The lab's slices for any hosted game: `dungeon sim --game ID --shard K/N` writes a part
//! file (the study, the slice, and its [`Sums`] for each player count), and `dungeon sim
//! merge` adds every slice's sums into the whole study's report, the same report one
//! whole run gives, byte for byte. And `--csv`, the report as one long table.
//!
//! A part is hostile input: refused, with the file named, unless it parses, names a game
//! of this program, belongs to the same study as the others, names only that study's
//! bots, and its counts fit its slice (so no sum can overflow).

use super::hosted::{Report, Sums, empty_sums, report};
use super::part::Slices;
use super::shard::Shard;
use crate::text::{Arg, tr};
use dungeon_core::Hosted;
use dungeon_core::bots::Bot;
use dungeon_engine::Lang;
use dungeon_engine::printable::escape_line;
use serde::{Deserialize, Serialize};

/// What a part file of another game says it is.
pub(super) const KIND: &str = "dungeon-sim-game-part";
const FORMAT: u32 = 1;
const MAX_BYTES: u64 = 16 << 20;
/// No game's length or decisions may pass these (a game stopped by its own limit is far
/// shorter), which keeps any sum of parts far from overflowing.
const MAX_LENGTH: u64 = 1 << 24;
const MAX_DECISIONS: u64 = 1 << 28;

/// Everything that decides a study's games: parts merge only if this is equal.
#[derive(Serialize, Deserialize, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct Study {
    pub game: String,
    pub seed: u64,
    pub games_per_player_count: u64,
    pub players: Vec<u8>,
    pub lineup: Vec<String>,
    /// As `--ruling` gave them.
    pub rulings: Vec<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Part {
    kind: String,
    format: u32,
    study: Study,
    shard: ShardRecord,
    /// One per player count of the study, in its order.
    sums: Vec<Sums>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ShardRecord {
    index: u64,
    count: u64,
}

/// The part file of slice `shard` of `study`, as JSON.
pub(super) fn write(study: &Study, shard: Shard, sums: Vec<Sums>) -> String {
    let part = Part {
        kind: KIND.into(),
        format: FORMAT,
        study: study.clone(),
        shard: ShardRecord {
            index: shard.index,
            count: shard.count,
        },
        sums,
    };
    serde_json::to_string_pretty(&part).expect("a part is plain data") + "\n"
}

/// The game a part file is of, if `bytes` are one.
pub(super) fn game_of(bytes: &[u8]) -> Option<String> {
    #[derive(Deserialize)]
    struct Head {
        kind: Option<String>,
        study: Option<Game>,
    }
    #[derive(Deserialize)]
    struct Game {
        game: String,
    }
    let head: Head = serde_json::from_slice(bytes).ok()?;
    (head.kind.as_deref() == Some(KIND)).then_some(head.study?.game)
}

/// The whole study from its parts: its reports, one per player count.
pub(super) fn merge<G: Hosted>(
    game: &G,
    lang: Lang,
    paths: &[String],
) -> Result<Vec<Report>, String> {
    let t = |key: &'static str, a: &[(&str, Arg)]| tr(lang, key, a);
    let shown = |p: &str| Arg::from(escape_line(p).into_owned());
    let mut parts = Vec::new();
    for path in paths {
        parts.push(read(lang, path)?);
    }
    let first = &parts[0];
    let study = first.study.clone();
    let damaged = |path: &str, problem| super::part::damaged(lang, path, problem);
    let lineup: Vec<Bot> = (study.lineup.iter())
        .map(|id| Bot::parse(id).filter(|b| b.id() == *id))
        .collect::<Option<_>>()
        .filter(|l: &Vec<Bot>| !l.is_empty())
        .ok_or_else(|| damaged(&paths[0], "sim-damaged-id"))?;
    let per_count = study.games_per_player_count;
    let fits = per_count > 0
        && per_count <= 1 << 32
        && !study.players.is_empty()
        && study.players.len() <= 8
        && study.players.iter().all(|p| game.seats().contains(p));
    if study.game != game.id() || !fits {
        return Err(damaged(&paths[0], "sim-damaged-games"));
    }
    let mut options = Vec::new();
    for &players in &study.players {
        options.push(
            dungeon_core::hosted::options_from(game, players, &study.rulings)
                .map_err(|_| damaged(&paths[0], "sim-damaged-id"))?,
        );
    }
    let mut slices = Slices::new(first.shard.count);
    let mut total: Vec<Sums> = (study.players.iter())
        .map(|&p| empty_sums(game, p, &lineup, per_count))
        .collect();
    for (n, (part, path)) in parts.iter().zip(paths).enumerate() {
        if part.study != study {
            let a = [
                ("path", shown(path)),
                ("first", shown(&paths[0])),
                ("difference", t(differs(&part.study, &study), &[]).into()),
            ];
            return Err(t("sim-part-other-study", &a));
        }
        let s = slices.take(lang, paths, n, part.shard.index, part.shard.count)?;
        if part.sums.len() != study.players.len() {
            return Err(damaged(path, "sim-damaged-games"));
        }
        let slice = (0..per_count).filter(|j| j % s.count == s.index).count() as u64;
        for (whole, sums) in total.iter_mut().zip(&part.sums) {
            add(whole, sums, slice).map_err(|problem| damaged(path, problem))?;
        }
    }
    slices.complete(lang)?;
    (total.iter().zip(&options))
        .map(|(sums, options)| report(game, lang, options, study.seed, sums))
        .collect()
}

/// Adds a slice's sums (`slice` games at `whole.players` seats) to `whole`: `Err` names
/// what does not fit.
fn add(whole: &mut Sums, part: &Sums, slice: u64) -> Result<(), &'static str> {
    let seats = u64::from(whole.players);
    let shape = part.players == whole.players
        && part.games == slice
        && part.seats.len() == whole.seats.len()
        && part.endings.len() == whole.endings.len()
        && part.bots.len() == whole.bots.len()
        && (part.bots.iter().zip(&whole.bots)).all(|(p, w)| p.bot == w.bot);
    if !shape {
        return Err("sim-damaged-games");
    }
    let counts = part
        .bots
        .iter()
        .all(|b| b.wins <= b.games && b.games <= slice * seats)
        && part.bots.iter().map(|b| b.games).sum::<u64>() == slice * seats
        && part.seats.iter().all(|&w| w <= slice)
        && part.endings.iter().sum::<u64>() == slice
        && part.starter_wins <= slice
        && part.stalled <= slice
        && part.length <= slice * MAX_LENGTH
        && part.decisions <= slice * MAX_DECISIONS;
    if !counts {
        return Err("sim-damaged-games");
    }
    whole.games += part.games;
    for (w, p) in whole.bots.iter_mut().zip(&part.bots) {
        (w.games, w.wins) = (w.games + p.games, w.wins + p.wins);
    }
    for (w, p) in whole.seats.iter_mut().zip(&part.seats) {
        *w += p;
    }
    for (w, p) in whole.endings.iter_mut().zip(&part.endings) {
        *w += p;
    }
    whole.starter_wins += part.starter_wins;
    whole.stalled += part.stalled;
    whole.length += part.length;
    whole.decisions += part.decisions;
    Ok(())
}

/// The message naming the first field of the study that differs.
fn differs(a: &Study, b: &Study) -> &'static str {
    if a.game != b.game || a.rulings != b.rulings {
        "sim-differ-options"
    } else if a.seed != b.seed {
        "sim-differ-seed"
    } else if a.games_per_player_count != b.games_per_player_count || a.players != b.players {
        "sim-differ-games"
    } else {
        "sim-differ-bots"
    }
}

/// A part file, parsed.
fn read(lang: Lang, path: &str) -> Result<Part, String> {
    super::part::read_kind(lang, path, KIND, FORMAT, MAX_BYTES)
}
