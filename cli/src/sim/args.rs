//! `dungeon sim`'s command line: the study's options, its subcommands (`ladder`, `merge`),
//! how a report is given, and the bots named in a lineup (`dungeon play` reads its bots
//! the same way).

use crate::packs;
use crate::text::tr;
use clap::{Args, Subcommand, ValueEnum};
use dungeon_bots::BotKind;
use dungeon_engine::lang::Lang;
use std::path::PathBuf;

const HELP: &str = "\
Games and seats:
  Each player count in --players plays -n games: game i (counting over all counts) uses
  seed + i, and its bots are seeded from that seed and their seat. Within a player count,
  game j turns the bot list by j seats (seat s gets bot (s + j) mod players), so with -n a
  multiple of the player count every bot sits at every seat equally often.

Does this look like a game? (first, before any balance figure):
  Whether the games are games at all: at each player count N, with its 95% interval and
  goal, the first player's wins (the player first in turn order; at most 1/N + 20
  points), the tiles set aside per round (a round is one dungeon run; a mean, with a
  normal interval; at least 1.00), the runs that succeed and those that fail (each at
  least 10%), and the adventurer most chosen with its share of rounds (no goal). A value
  past its goal prints a warning line, which says it may be noise while the interval
  still reaches the goal. Rows for all counts together are shown, not judged. --json:
  `sanity` (its `warnings` are the checks out of range); --csv: the `sanity_*` tables.

What the tables mean (every rate with its 95% Wilson score interval):
  bots           wins out of seat-games; a level listed twice (normal,normal) is one row.
  seats          wins per table seat; turn order: 0 is the game's first player, whom the
                 engine draws at random, so seat differences should be noise.
  adventurers    runs, run success rate, games decided in a round with it, and runner
                 won: the share of its runs made by the player who went on to win.
  equipment      per adventurer and tile: of the rounds played with that adventurer, the
                 share in which a bidder set the tile aside (share %: its part of all
                 set-asides).
  monsters       of all failed runs, the share ended by each monster: the one being faced
                 when HP fell to 0 for good (in the base box's model, not the last card).

A study on many machines (see docs/balance-lab.md):
  --shard K/N plays slice K (0 to N-1) of N: the games i with i mod N = K, each with the
  seed and seats it has in a whole run. It writes a part file (JSON; --out FILE writes it
  atomically) instead of the report. K may name the environment variable holding it, as
  a scheduler sets it: --shard JOB_COMPLETION_INDEX/8, --shard SLURM_ARRAY_TASK_ID/8.
  `dungeon sim merge PART...` adds the N parts up into the report of the whole study, the
  same bytes as one run would print (--json, --csv, --plot, --out as here); it refuses
  parts of different studies or packs, and a slice given twice or missing.

Exit status: 0; 1 if any game stopped on an error (each is listed on stderr with its
seed); 2 for bad options.";

#[derive(Args)]
#[command(after_long_help = HELP, args_conflicts_with_subcommands = true)]
pub struct SimArgs {
    #[command(subcommand)]
    pub(super) command: Option<SimCommand>,
    /// The game: dungeon (Welcome to the Dungeon, with its packs) or mazmorra (its
    /// rulings and variants as --ruling ID=CHOICE: deck=french|spanish40|spanish48,
    /// random_cells=yes, suicidal_queen=yes, counter_attack=robber|myrmidon|both, decks=N,
    /// max_turns=N; bots random, normal, hard or hard:N).
    #[arg(long, value_enum, default_value = "dungeon")]
    pub(super) game: crate::games::GameChoice,
    /// Games at each player count.
    #[arg(long, short = 'n', default_value_t = 1000)]
    pub(super) games: u64,
    /// Players per game, 2-4, or a comma-separated list (2,3,4): -n games at each count.
    #[arg(long, value_delimiter = ',', default_value = "2")]
    pub(super) players: Vec<u8>,
    /// Bots in seat order before rotation, comma-separated, by level: easy, normal, hard,
    /// hard:ITERATIONS, hard:MILLISms (timed: not reproducible). The older names random,
    /// rules and ismcts still work. The last one fills the remaining seats.
    #[arg(long, default_value = "normal")]
    pub(super) bots: String,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Packs, comma-separated.
    #[arg(long, default_value = packs::DEFAULT_PACKS)]
    pub(super) packs: String,
    /// The designer's variant (the round's first bidding turn: the drawn card goes into
    /// the dungeon; `--ruling designer_variant=each_player`: each player's first turn).
    #[arg(long)]
    pub(super) variant: bool,
    /// A ruling the rulebooks leave open, as ID=CHOICE (repeatable; `dungeon cards` lists
    /// them, their choices and defaults).
    #[arg(long = "ruling", value_name = "ID=CHOICE")]
    pub(super) rulings: Vec<String>,
    /// Damage model, instead of the packs': end-total (base box) or running (sequel).
    #[arg(long, value_enum, value_name = "MODEL")]
    pub(super) damage_model: Option<DamageArg>,
    /// The first round's adventurer: an id (see `dungeon cards`) or `random`; by default
    /// the first player chooses.
    #[arg(long, value_name = "ID|random")]
    pub(super) adventurer: Option<String>,
    /// Special monsters shuffled into the deck, instead of the packs' number.
    #[arg(long, value_name = "N")]
    pub(super) specials: Option<u8>,
    /// Worker threads (default: every core). The results do not depend on it.
    #[arg(long, value_name = "N")]
    pub(super) threads: Option<usize>,
    /// Play only slice K (0 to N-1) of N of the study and write its part file, for
    /// `dungeon sim merge`. K may be the name of an environment variable holding it.
    #[arg(long, value_name = "K/N", conflicts_with_all = ["json", "csv", "plot"])]
    pub(super) shard: Option<String>,
    #[command(flatten)]
    pub(super) output: OutputArgs,
    /// Write each game's record to this folder (game-000000.json...), for `dungeon replay`.
    #[arg(long, value_name = "DIR")]
    pub(super) record: Option<PathBuf>,
    /// When stderr is not a terminal (a scheduler's log, a pipe): a progress line every
    /// this many seconds (games done, games a second, time left); 0 for none.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub(super) progress_every: u64,
}

#[derive(Subcommand)]
pub(super) enum SimCommand {
    /// Add up the part files of a study's slices (--shard K/N) into the study's report.
    Merge(MergeArgs),
    /// Rank the bot levels: each pair head to head at 2 players, all three at mixed 3- and
    /// 4-player tables, and their Bradley-Terry ratings (Elo scale, easy at 1000).
    Ladder(LadderArgs),
}

#[derive(Args)]
pub(super) struct LadderArgs {
    /// Games for each pairing and each mixed table.
    #[arg(long, short = 'n', default_value_t = 2000)]
    pub(super) games: u64,
    /// Seed of the first game.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Packs, comma-separated.
    #[arg(long, default_value = packs::DEFAULT_PACKS)]
    pub(super) packs: String,
    /// Worker threads (default: every core). The results do not depend on it.
    #[arg(long, value_name = "N")]
    pub(super) threads: Option<usize>,
    /// Print the results as JSON instead of tables.
    #[arg(long)]
    pub(super) json: bool,
    /// No progress on stderr.
    #[arg(long, short = 'q')]
    pub(super) quiet: bool,
}

#[derive(Args)]
pub(super) struct MergeArgs {
    /// The part files, one per slice, in any order.
    #[arg(required = true, value_name = "PART")]
    pub(super) parts: Vec<String>,
    #[command(flatten)]
    pub(super) output: OutputArgs,
}

/// How the report is given, for a run and for a merge.
#[derive(Args)]
pub(super) struct OutputArgs {
    /// Print the report as JSON instead of tables.
    #[arg(long, conflicts_with = "csv")]
    pub(super) json: bool,
    /// Print every rate as CSV: table,key,total,count,rate,ci_low,ci_high.
    #[arg(long)]
    pub(super) csv: bool,
    /// Also draw the win rates and their intervals to this SVG file.
    #[arg(long, value_name = "FILE")]
    pub(super) plot: Option<PathBuf>,
    /// Write the report (or the part file) to FILE, all at once, instead of stdout.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub(super) out: Option<PathBuf>,
    /// No progress bar and no timing on stderr.
    #[arg(long, short = 'q')]
    pub(super) quiet: bool,
}

#[derive(Clone, Copy, ValueEnum)]
pub(super) enum DamageArg {
    // Also spelled as the packs and the JSON report do.
    #[value(alias = "end_total")]
    EndTotal,
    Running,
}

/// The bot for each of `seats` seats from a comma-separated list; the last one fills the
/// remaining seats (`dungeon play` uses it too).
pub fn parse_bots(lang: Lang, list: &str, seats: u8) -> Result<Vec<BotKind>, String> {
    let given = parse_lineup(lang, list)?;
    let last = *given.last().ok_or_else(|| bad_bot(lang, list))?;
    Ok((0..seats as usize)
        .map(|i| given.get(i).copied().unwrap_or(last))
        .collect())
}

/// Bots by level (`easy`, `normal`, `hard`, `hard:ITERATIONS`, `hard:MILLISms`) or by the
/// ids games and reports keep (`random`, `rules`, `ismcts`, `ismcts:...`).
pub(super) fn parse_lineup(lang: Lang, list: &str) -> Result<Vec<BotKind>, String> {
    list.split(',')
        .map(|given| {
            let given = given.trim();
            let id = match given.strip_prefix("hard:") {
                Some(budget) => format!("ismcts:{budget}"),
                None => given.to_string(),
            };
            id.parse().map_err(|_| bad_bot(lang, given))
        })
        .collect()
}

pub(super) fn bad_bot(lang: Lang, given: &str) -> String {
    let given = dungeon_engine::printable::escape_line(given).into_owned();
    tr(lang, "error-unknown-bot", &[("bot", given.into())])
}
