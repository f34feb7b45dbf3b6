//! `dungeon odds`: the exact chance that a runner survives a dungeon, from what one player
//! knows (the adventurer, the tiles left, the monsters they know are inside, the dungeon's
//! size, what they have not seen), the runner making the best choice at every question.
//! The search is the engine's (`odds::OddsSearch`); this module reads the situation and
//! shows the answer, in words or as JSON.

#[cfg(test)]
mod fuzz;
mod situation;

use crate::packs;
use crate::text::{Text, tr};
use clap::Args;
use dungeon_engine::action::{Action, DecisionKind, Question};
use dungeon_engine::catalog::{DamageModel, PackLibrary};
use dungeon_engine::lang::Lang;
use dungeon_engine::odds::{OddsCache, OddsSearch};
use dungeon_engine::{Engine, Rules};
use situation::{Resolved, Situation};
use std::process::ExitCode;

#[derive(Args)]
#[command(after_help = FILE_HELP)]
pub struct OddsArgs {
    /// A situation file (TOML, fields below); the options given override its fields.
    #[arg(long, value_name = "FILE")]
    file: Option<String>,
    /// Packs, comma-separated (default: base).
    #[arg(long)]
    packs: Option<String>,
    /// The adventurer (an id, see `dungeon cards`).
    #[arg(long, value_name = "ID")]
    adventurer: Option<String>,
    /// Tiles the adventurer still has, comma-separated (default: all of its tiles; "" for none).
    #[arg(long, value_name = "IDS")]
    tiles: Option<String>,
    /// How many cards the dungeon holds (at most 15).
    #[arg(long, value_name = "N")]
    dungeon: Option<usize>,
    /// Monsters you know are in the dungeon (you put them there); repeat an id for copies.
    #[arg(long, value_name = "IDS")]
    known: Option<String>,
    /// Monsters you know are not in the dungeon (you set them aside, or saw them elsewhere).
    #[arg(long, value_name = "IDS")]
    seen: Option<String>,
    /// The unseen cards the unknown ones are drawn from, given in full (default: the whole
    /// monster deck, less --known and --seen).
    #[arg(long, value_name = "IDS")]
    unseen: Option<String>,
    /// Cards in the monster deck, for tiles that draw from it (default: every unseen card
    /// the dungeon does not hold).
    #[arg(long, value_name = "N")]
    deck: Option<usize>,
    /// The runner's success cards so far (0 or 1).
    #[arg(long, value_name = "N")]
    successes: Option<u8>,
    /// The runner's failures so far (0 or 1).
    #[arg(long, value_name = "N")]
    failures: Option<u8>,
    /// Players at the table (2-4); the runner is seat 1.
    #[arg(long, value_name = "N")]
    players: Option<u8>,
    /// How damage counts: end_total (base box) or running (sequel); default: the packs'.
    #[arg(long, value_name = "MODEL")]
    damage_model: Option<String>,
    /// Special monsters you know are in the game, wherever they are.
    #[arg(long, value_name = "IDS")]
    in_play: Option<String>,
    /// Unseen special monsters whose kind you do not know (default: the number the packs
    /// put in play, less the special kinds you name anywhere).
    #[arg(long, value_name = "N")]
    unknown_specials: Option<usize>,
    /// The kinds those may be (default: every special monster you do not name).
    #[arg(long, value_name = "IDS")]
    candidates: Option<String>,
    /// Print JSON, for tools.
    #[arg(long)]
    json: bool,
    /// The most Luau steps the cards' scripts may take for the exact odds (as many again
    /// for the sampled estimate that then replaces them)
    #[arg(long, value_name = "STEPS", default_value_t = ODDS_WORK)]
    work: u64,
}

const FILE_HELP: &str = "\
A situation file (--file) holds the same fields, named as the options with _ for -
(unknown_specials...), lists as TOML arrays. For example:

  packs = [\"base\"]
  adventurer = \"warrior\"
  tiles = [\"torch\", \"vorpal_sword\"]   # or `equipment`, as in scenario files
  dungeon = 4
  known = [\"dragon\"]
  seen = [\"goblin\"]                    # or unseen = [...], the whole pool
  successes = 1
  damage_model = \"running\"

Every card not named is equally likely to be anywhere it could be; the odds count the best
answer at every question the runner is asked.";

/// The answer to a situation.
struct Answer {
    probability: f64,
    states: usize,
    /// Sampled dungeons the figures come from, and why (`None`: exact).
    samples: Option<(usize, Sampled)>,
    /// The question asked before the first card, if any, with each option's odds.
    question: Option<(Question, Vec<(Action, f64)>)>,
}

pub fn run(library: &PackLibrary, lang: Lang, args: OddsArgs) -> Result<ExitCode, String> {
    let from_file = match &args.file {
        Some(path) => Situation::read(lang, path)?,
        None => Situation::default(),
    };
    let given = situation_from(lang, &args)?;
    let situation = from_file.overridden_by(given);
    let packs = situation
        .packs
        .as_ref()
        .map_or_else(|| packs::DEFAULT_PACKS.to_string(), |p| p.join(","));
    let catalog = packs::catalog(lang, library, &packs)?;
    let text = Text::new(lang, &catalog);
    let resolved = situation::resolve(&text, &situation)?;
    let mut engine = packs::engine(lang, &catalog)?;
    let working = Working::start(lang);
    let answer = search(&mut engine, &resolved, None, args.work);
    drop(working);
    let answer = answer.map_err(|e| match e {
        dungeon_engine::EngineError::Work => {
            tr(lang, "odds-too-heavy", &[("steps", args.work.into())])
        }
        e => e.to_string(),
    })?;
    if args.json {
        println!("{}", json(&text, &resolved, &answer));
    } else {
        for line in describe(&text, &resolved, &answer) {
            println!("{line}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The options given on the command line, as a situation.
fn situation_from(lang: Lang, args: &OddsArgs) -> Result<Situation, String> {
    let list = |s: &Option<String>| {
        s.as_ref().map(|s| {
            s.split(',')
                .map(|id| id.trim().to_string())
                .filter(|id| !id.is_empty())
                .collect::<Vec<_>>()
        })
    };
    let damage_model = match args.damage_model.as_deref() {
        None => None,
        Some(id) => Some(
            [DamageModel::EndTotal, DamageModel::Running]
                .into_iter()
                .find(|m| m.id() == id.trim())
                .ok_or_else(|| {
                    crate::text::tr(lang, "odds-damage-model", &[("model", id.into())])
                })?,
        ),
    };
    Ok(Situation {
        packs: list(&args.packs),
        adventurer: args.adventurer.clone(),
        tiles: list(&args.tiles),
        dungeon: args.dungeon,
        known: list(&args.known),
        seen: list(&args.seen),
        unseen: list(&args.unseen),
        deck: args.deck,
        successes: args.successes,
        failures: args.failures,
        players: args.players,
        damage_model,
        in_play: list(&args.in_play),
        unknown_specials: args.unknown_specials,
        candidates: list(&args.candidates),
        name: None,
        description: None,
    })
}

/// A line on a terminal's error output saying the odds are being worked out, with the
/// seconds spent, once a search has taken more than a second (a full dungeon of the
/// sequel can take several); wiped when it is dropped. Nothing when the error output is
/// not a terminal.
struct Working {
    done: Option<(std::sync::mpsc::Sender<()>, std::thread::JoinHandle<()>)>,
}

impl Working {
    fn start(lang: Lang) -> Working {
        use std::io::{IsTerminal, Write};
        if !std::io::stderr().is_terminal() {
            return Working { done: None };
        }
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            let started = std::time::Instant::now();
            let mut shown = false;
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                rx.recv_timeout(std::time::Duration::from_secs(1))
            {
                let seconds = started.elapsed().as_secs();
                let line = crate::text::tr(lang, "odds-working", &[("seconds", seconds.into())]);
                let _ = write!(std::io::stderr(), "\r\x1b[K{line}");
                let _ = std::io::stderr().flush();
                shown = true;
            }
            if shown {
                let _ = write!(std::io::stderr(), "\r\x1b[K");
                let _ = std::io::stderr().flush();
            }
        });
        Working {
            done: Some((tx, thread)),
        }
    }
}

impl Drop for Working {
    fn drop(&mut self) {
        if let Some((tx, thread)) = self.done.take() {
            drop(tx);
            let _ = thread.join();
        }
    }
}

/// The odds, and those of each option of a question asked before the first card: from the
/// exact search, or from sampled dungeons when a card's script draws random numbers (which
/// no exact search can weigh). With a budget, an error past that many situations.
fn search(
    engine: &mut Engine,
    r: &Resolved,
    budget: Option<usize>,
    work: u64,
) -> Result<Answer, dungeon_engine::EngineError> {
    engine.set_work_limit(Some(engine.hooks_steps_spent().saturating_add(work)));
    let answer = match exact(engine, r, budget) {
        Err(dungeon_engine::EngineError::Random) => estimated(engine, r, Sampled::Random),
        Err(dungeon_engine::EngineError::Work) => {
            // The sampling gets as much work again.
            engine.set_work_limit(Some(engine.hooks_steps_spent().saturating_add(work)));
            estimated(engine, r, Sampled::Work(work))
        }
        answer => answer,
    };
    engine.set_work_limit(None);
    answer
}

/// Luau steps of the cards' scripts the exact search may take (and the sampling after
/// it, as much again): a few seconds of Luau at most. The built-in packs' hooks take
/// nowhere near it.
pub(crate) const ODDS_WORK: u64 = 200_000_000;

/// Why the figures are sampled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sampled {
    /// A card's script draws random numbers.
    Random,
    /// The cards' scripts took more work (steps) than the exact search may spend.
    Work(u64),
}

/// The generator of the sampled dungeons: fixed, so asking twice gives the same figures;
/// each dungeon's scripts get a generator of their own from it.
const SAMPLES_SEED: u64 = 0x0dd5;

fn estimated(
    engine: &mut Engine,
    r: &Resolved,
    why: Sampled,
) -> Result<Answer, dungeon_engine::EngineError> {
    use rand_chacha::rand_core::SeedableRng;
    let chances = r.chances(engine.catalog());
    let samples = dungeon_engine::odds::SAMPLES_WHEN_RANDOM;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(SAMPLES_SEED);
    let (probability, samples) =
        dungeon_engine::odds::estimate(engine, &r.setup, &chances, samples, &mut rng)?;
    if samples == 0 {
        return Err(dungeon_engine::EngineError::Work);
    }
    let question = opening_question(engine, r, |engine, start| {
        dungeon_engine::odds::estimate_answers(engine, start, &chances, samples, &mut rng)
    })?;
    Ok(Answer {
        probability: unit(probability),
        states: 0,
        samples: Some((samples, why)),
        question,
    })
}

fn exact(
    engine: &mut Engine,
    r: &Resolved,
    budget: Option<usize>,
) -> Result<Answer, dungeon_engine::EngineError> {
    let chances = r.chances(engine.catalog());
    let mut cache = OddsCache::new();
    let odds =
        with_budget(OddsSearch::new(engine, &mut cache), budget).entering(&r.setup, &chances)?;
    let question = opening_question(engine, r, |engine, start| {
        with_budget(OddsSearch::new(engine, &mut cache), budget).options(start, &chances)
    })?;
    Ok(Answer {
        probability: unit(odds.probability),
        states: odds.states,
        samples: None,
        question,
    })
}

/// The question the run opens on, if any (asked before the first card), with each
/// option's odds from `options`.
#[allow(clippy::type_complexity)]
fn opening_question(
    engine: &mut Engine,
    r: &Resolved,
    options: impl FnOnce(
        &mut Engine,
        &dungeon_engine::GameState,
    ) -> Result<Vec<(Action, f64)>, dungeon_engine::EngineError>,
) -> Result<Option<(Question, Vec<(Action, f64)>)>, dungeon_engine::EngineError> {
    engine.set_analysis(true);
    let start = engine.dungeon(&r.setup, &mut Vec::new());
    engine.set_analysis(false);
    let start = start?;
    let Some(DecisionKind::Question(q)) = start.pending.as_ref().map(|d| &d.kind) else {
        return Ok(None);
    };
    let options = options(engine, &start)?;
    let options = options.into_iter().map(|(a, p)| (a, unit(p))).collect();
    Ok(Some((q.clone(), options)))
}

/// A probability summed in floating point, back in [0, 1]: a certain run's terms can add
/// up to 1.0000000000000002 (found by fuzzing: `--json` printed it, and a percent of
/// 100.00000000000003).
fn unit(p: f64) -> f64 {
    p.clamp(0.0, 1.0)
}

fn with_budget(search: OddsSearch<'_>, budget: Option<usize>) -> OddsSearch<'_> {
    match budget {
        Some(states) => search.with_budget(states),
        None => search,
    }
}

/// `p` as a percentage, in the language's way of writing numbers.
pub(crate) fn percent(text: &Text, p: f64) -> String {
    crate::text::percent(text.lang, p, 2)
}

fn describe(text: &Text, r: &Resolved, answer: &Answer) -> Vec<String> {
    let catalog = text.catalog;
    let setup = &r.setup;
    let hp = catalog.adventurer(setup.adventurer).hp
        + setup.tiles.iter().map(|&t| catalog.tile(t).hp).sum::<i32>();
    let names = |ids: &[dungeon_engine::ids::MonsterId]| {
        if ids.is_empty() {
            text.t("play-no-tiles", &[])
        } else {
            ids.iter()
                .map(|&m| text.monster(m))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    let mut out = vec![
        text.t(
            "odds-runner",
            &[
                ("adventurer", text.adventurer(setup.adventurer).into()),
                ("hp", hp.into()),
                ("tiles", text.tiles(&setup.tiles).into()),
            ],
        ),
        text.t(
            "odds-dungeon",
            &[
                ("size", setup.dungeon.len().into()),
                ("known", names(&r.known).into()),
                ("unknown", (setup.dungeon.len() - r.known.len()).into()),
            ],
        ),
        text.t(
            "odds-pool",
            &[
                ("count", r.pool_size().into()),
                ("cards", names(&r.pool).into()),
            ],
        ),
    ];
    if r.unknown_specials > 0 {
        out.push(text.t(
            "odds-unknown-specials",
            &[
                ("count", r.unknown_specials.into()),
                ("cards", names(&r.candidates).into()),
            ],
        ));
    }
    let survival = match fraction(r, answer.probability).filter(|_| answer.samples.is_none()) {
        Some((a, b)) => text.t(
            "odds-survival-fraction",
            &[
                ("percent", percent(text, answer.probability).into()),
                ("fraction", format!("{a}/{b}").into()),
            ],
        ),
        None => text.t(
            "odds-survival",
            &[("percent", percent(text, answer.probability).into())],
        ),
    };
    out.push(String::new());
    out.push(survival);
    if let Some((question, options)) = &answer.question {
        out.push(text.t(
            "odds-question",
            &[("question", text.prompt(question, None).into())],
        ));
        for (action, p) in options {
            if let Action::Answer(a) = action {
                let option =
                    text.answer(*a, |s| text.t("seat-player", &[("number", (s + 1).into())]));
                out.push(text.t(
                    "odds-option",
                    &[
                        ("answer", option.into()),
                        ("percent", percent(text, *p).into()),
                    ],
                ));
            }
        }
    }
    out.push(match answer.samples {
        None => text.t("odds-states", &[("states", answer.states.into())]),
        Some((samples, Sampled::Random)) => {
            text.t("odds-sampled-random", &[("samples", samples.into())])
        }
        Some((samples, Sampled::Work(steps))) => text.t(
            "odds-sampled-work",
            &[("samples", samples.into()), ("steps", steps.into())],
        ),
    });
    out
}

fn json(text: &Text, r: &Resolved, answer: &Answer) -> String {
    let catalog = text.catalog;
    let ids = |ids: &[dungeon_engine::ids::MonsterId]| -> Vec<String> {
        ids.iter()
            .map(|&m| catalog.monster(m).info.id.clone())
            .collect()
    };
    let question = answer.question.as_ref().map(|(q, options)| {
        serde_json::json!({
            "asker": q.asker.id(catalog),
            "prompt": q.prompt,
            "options": options.iter().filter_map(|(action, p)| match action {
                Action::Answer(a) => Some(serde_json::json!({
                    "answer": a.label(catalog),
                    "probability": p,
                })),
                _ => None,
            }).collect::<Vec<_>>(),
        })
    });
    let setup = &r.setup;
    serde_json::json!({
        "adventurer": catalog.adventurer(setup.adventurer).info.id,
        "tiles": setup.tiles.iter().map(|&t| catalog.tile(t).info.id.clone()).collect::<Vec<_>>(),
        "dungeon": setup.dungeon.len(),
        "known": ids(&r.known),
        "unseen": ids(&r.pool),
        "unknown_specials": r.unknown_specials,
        "candidates": ids(&r.candidates),
        "deck": setup.deck.len(),
        "probability": answer.probability,
        "percent": answer.probability * 100.0,
        "fraction": fraction(r, answer.probability)
            .filter(|_| answer.samples.is_none())
            .map(|(a, b)| format!("{a}/{b}")),
        "exact": answer.samples.is_none(),
        "states": answer.states,
        "samples": answer.samples.map(|(n, _)| n),
        "sampled_because": answer.samples.map(|(_, why)| match why {
            Sampled::Random => "random",
            Sampled::Work(_) => "work",
        }),
        "question": question,
    })
    .to_string()
}

/// The probability as an exact fraction, when its denominator is small enough to recover
/// from the float. Every chance the search multiplies is a count over the cards left in
/// the dungeon, over the unseen pool, or over the kinds an unknown special may be, so
/// `D` = size! x (pool)(pool-1)...(one factor per card drawn) x the same for the special
/// kinds is a multiple of the denominator: `p x D` is then an integer, up to rounding.
fn fraction(r: &Resolved, p: f64) -> Option<(u64, u64)> {
    const LIMIT: u128 = 1 << 40;
    let size = r.setup.dungeon.len();
    let draws = size - r.known.len() + r.setup.deck.len();
    let mut d: u128 = 1;
    let factors = (1..=size as u128)
        .chain((0..draws).map(|j| r.pool_size().saturating_sub(j).max(1) as u128))
        .chain(
            (0..draws.min(r.unknown_specials))
                .map(|j| r.candidates.len().saturating_sub(j).max(1) as u128),
        );
    for f in factors {
        d = d.checked_mul(f).filter(|&d| d <= LIMIT)?;
    }
    let a = (p * d as f64).round();
    if !(0.0..=d as f64).contains(&a) || (a / d as f64 - p).abs() > 1e-9 {
        return None;
    }
    let (a, d) = (a as u64, d as u64);
    let g = gcd(a, d);
    Some((a / g, d / g))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}
