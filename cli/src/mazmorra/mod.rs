//! `dungeon play --game mazmorra`: the second game at one screen, as lines of text (the
//! line mode; a full-screen table is to come). One or more people (`--humans`, the screen
//! passed between them) against bots (`random`, `normal`, `hard`: IS-MCTS from
//! `dungeon-core`). The game is written after every decision (`--save FILE`, else the data
//! folder's `mazmorra/SEED.json`) and `--load FILE` takes it up again: its moves are
//! played again and checked, and each bot decision is seeded from the game's seed, the seat
//! and the decision's number, so nothing of the bots needs keeping.
//!
//! `words.rs` says it all in the reader's language.

mod words;

use crate::text::tr;
use clap::ValueEnum;
use dungeon_core::{Game, Seat};
use dungeon_engine::Lang;
use dungeon_mazmorra::Mazmorra;
use dungeon_mazmorra::action::{Action, Event};
use dungeon_mazmorra::state::{Options, Phase, State};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use words::Words;

/// Which game a command plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum GameChoice {
    /// Welcome to the Dungeon, with its packs.
    #[default]
    Dungeon,
    /// Mazmorra (Daniel Bullen, 2001): a standard deck, rulings and variants by --ruling.
    Mazmorra,
}

/// What `dungeon play` was asked, for this game.
pub struct Setup {
    pub players: u8,
    pub humans: u8,
    pub names: Option<String>,
    pub bots: String,
    pub seed: Option<u64>,
    pub rulings: Vec<String>,
    pub load: Option<String>,
    pub save: Option<PathBuf>,
}

/// A game as it is kept: enough to play it again move by move.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Kept {
    game: String,
    options: Options,
    seed: u64,
    names: Vec<String>,
    /// Each seat's player: `human`, or a bot's id.
    players: Vec<String>,
    actions: Vec<Action>,
}

/// A seat's player.
#[derive(Clone, Copy)]
enum Player {
    Human,
    Bot(crate::sim::MazmorraBot),
}

pub fn run(lang: Lang, setup: Setup) -> Result<ExitCode, String> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    play(lang, setup, stdin.lock(), stdout.lock())
}

fn kept_path(setup: &Setup, seed: u64) -> Option<PathBuf> {
    setup.save.clone().or_else(|| {
        let games = crate::play::games_folder()?;
        let dir = games.parent()?.join("mazmorra");
        std::fs::create_dir_all(&dir).ok()?;
        Some(dir.join(format!("{seed}.json")))
    })
}

fn new_game(lang: Lang, setup: &Setup) -> Result<Kept, String> {
    if !(2..=4).contains(&setup.players) {
        return Err(tr(
            lang,
            "error-players",
            &[("players", setup.players.into())],
        ));
    }
    let humans = setup.humans.min(setup.players);
    let bots = crate::sim::mazmorra_lineup(&setup.bots).ok_or_else(|| {
        tr(
            lang,
            "error-unknown-bot",
            &[("bot", setup.bots.clone().into())],
        )
    })?;
    let options = crate::sim::mazmorra_options(setup.players, &setup.rulings)
        .map_err(|r| tr(lang, "sim-mz-bad-ruling", &[("ruling", r.into())]))?;
    let given: Vec<String> = (setup.names.as_deref().unwrap_or_default().split(','))
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .collect();
    let mut names = Vec::new();
    let mut players = Vec::new();
    for seat in 0..setup.players {
        if seat < humans {
            let fallback = tr(lang, "mz-player", &[("n", (seat + 1).into())]);
            names.push(given.get(seat as usize).cloned().unwrap_or(fallback));
            players.push("human".to_string());
        } else {
            let bot = bots
                .get((seat - humans) as usize)
                .or(bots.last())
                .copied()
                .expect("a bot");
            // Shown by level, as the first game's bots are.
            let level = match bot {
                crate::sim::MazmorraBot::Random => "easy".to_string(),
                crate::sim::MazmorraBot::Search(100) => "normal".to_string(),
                crate::sim::MazmorraBot::Search(300) => "hard".to_string(),
                crate::sim::MazmorraBot::Search(n) => format!("hard:{n}"),
            };
            names.push(format!("Bot {} ({level})", seat + 1));
            players.push(crate::sim::mazmorra_bot_id(bot));
        }
    }
    let seed = setup.seed.unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        (nanos as u64) % 1_000_000_000
    });
    Ok(Kept {
        game: "mazmorra".into(),
        options,
        seed,
        names,
        players,
        actions: Vec::new(),
    })
}

fn load(lang: Lang, path: &str) -> Result<Kept, String> {
    let bytes = dungeon_engine::catalog::read_regular_bytes(std::path::Path::new(path), 8 << 20)
        .map_err(|e| format!("{path}: {e}"))?;
    let kept: Kept = serde_json::from_slice(&bytes).map_err(|e| format!("{path}: {e}"))?;
    if kept.game != "mazmorra" || kept.names.len() != kept.players.len() {
        return Err(tr(
            lang,
            "sim-mz-bad-ruling",
            &[("ruling", path.to_string().into())],
        ));
    }
    Ok(kept)
}

/// The bot of `seat`'s move number `n` in the game of `seed`.
fn bot_move(
    bot: crate::sim::MazmorraBot,
    state: &State,
    seat: Seat,
    seed: u64,
    n: usize,
) -> Action {
    let mut rng = ChaCha8Rng::seed_from_u64(
        seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (u64::from(seat) << 48) ^ n as u64,
    );
    bot.choose(state, seat, &mut rng)
}

pub fn play(
    lang: Lang,
    setup: Setup,
    mut input: impl BufRead,
    mut out: impl Write,
) -> Result<ExitCode, String> {
    let mut kept = match &setup.load {
        Some(path) => load(lang, path)?,
        None => new_game(lang, &setup)?,
    };
    let path = match &setup.load {
        Some(p) => Some(PathBuf::from(p)),
        None => kept_path(&setup, kept.seed),
    };
    let players: Vec<Player> = (kept.players.iter())
        .map(|p| match p.as_str() {
            "human" => Some(Player::Human),
            id => crate::sim::mazmorra_lineup(id)
                .and_then(|b| b.first().copied())
                .map(Player::Bot),
        })
        .collect::<Option<_>>()
        .ok_or_else(|| {
            tr(
                lang,
                "error-unknown-bot",
                &[("bot", kept.players.join(",").into())],
            )
        })?;
    let humans: Vec<Seat> = (0..players.len() as Seat)
        .filter(|&s| matches!(players[s as usize], Player::Human))
        .collect();
    let mut events = Vec::new();
    let mut state = Mazmorra
        .new_game(&kept.options, kept.seed, &mut events)
        .map_err(|e| e.to_string())?;
    for action in &kept.actions {
        Mazmorra
            .apply(&mut state, action, &mut Vec::new())
            .map_err(|e| e.to_string())?;
    }
    let say = |out: &mut dyn Write, line: String| {
        let _ = writeln!(out, "{}", dungeon_engine::printable::escape_line(&line));
    };
    // The log is read from the one human's seat; at a shared screen, as a spectator would.
    let reader = if humans.len() == 1 {
        humans[0]
    } else {
        Seat::MAX
    };
    let words = |seat: Seat| Words {
        lang,
        names: &kept.names,
        seat,
        darkness: kept.options.darkness,
    };
    let a = [
        ("players", kept.options.players.into()),
        ("seed", kept.seed.into()),
    ];
    say(&mut out, tr(lang, "mz-welcome", &a));
    let log = |out: &mut dyn Write, events: &mut Vec<Event>| {
        for e in events.drain(..) {
            let shown = if reader == Seat::MAX {
                e.seen_by(None)
            } else {
                e
            };
            if let Some(line) = words(reader).event(&shown) {
                say(out, line);
            }
        }
    };
    if kept.actions.is_empty() {
        log(&mut out, &mut events);
    }
    events.clear();
    let mut last_human: Option<Seat> = None;
    while let Some(seat) = Mazmorra.to_act(&state) {
        let action = match players[seat as usize] {
            Player::Bot(bot) => bot_move(bot, &state, seat, kept.seed, kept.actions.len()),
            Player::Human => {
                if humans.len() > 1 && last_human != Some(seat) {
                    if !pass_screen(lang, &kept.names[seat as usize], &mut input, &mut out) {
                        return leave(lang, &path, &mut out);
                    }
                }
                last_human = Some(seat);
                match ask(lang, &words(seat), &state, seat, &mut input, &mut out) {
                    Some(action) => action,
                    None => return leave(lang, &path, &mut out),
                }
            }
        };
        Mazmorra
            .apply(&mut state, &action, &mut events)
            .map_err(|e| e.to_string())?;
        kept.actions.push(action);
        if let Some(path) = &path {
            let json = serde_json::to_string(&kept).map_err(|e| e.to_string())?;
            crate::play::save::write_atomic(path, &json).map_err(|e| e.to_string())?;
        }
        log(&mut out, &mut events);
    }
    Ok(ExitCode::SUCCESS)
}

/// `dungeon cards --game mazmorra`: each deck the game plays with, what each rank is in
/// it, the creatures' combat values and powers, the way out; then the variants.
pub fn cards(lang: Lang) -> String {
    use dungeon_mazmorra::cards::{Creature, DeckKind, Kind};
    let t = |key: &'static str, a: &[(&str, crate::text::Arg)]| tr(lang, key, a);
    let mut out = String::new();
    for (deck, name) in [
        (DeckKind::French, "mz-deck-french"),
        (DeckKind::Spanish40, "mz-deck-spanish40"),
        (DeckKind::Spanish48, "mz-deck-spanish48"),
    ] {
        let rules = deck.rules();
        let a = [
            (
                "cards",
                (rules.cards(1).len() + usize::from(rules.jokers_per_deck)).into(),
            ),
            ("top", rules.top.into()),
        ];
        out += &format!("== {} ==\n{}\n", t(name, &[]), t("mz-deck-line", &a));
        for rank in rules.ranks() {
            let what = match rules.kind_of(rank) {
                Kind::Ace => t("mz-kind-ace", &[]),
                Kind::Passage(v) if v == 2 => t("mz-kind-way-out", &[]),
                Kind::Passage(v) => t("mz-kind-passage", &[("value", v.into())]),
                Kind::Creature(kind, value) => {
                    let key = match kind {
                        Creature::TombRobber => "mz-kind-robber",
                        Creature::Myrmidon => "mz-kind-myrmidon",
                        Creature::Troll => "mz-kind-troll",
                    };
                    t(key, &[("value", value.into())])
                }
                Kind::Joker => continue,
            };
            out += &format!("  {:>2}  {what}\n", words::rank(rank));
        }
        if rules.jokers_per_deck > 0 {
            out += &format!("  {}\n", t("mz-kind-joker", &[]));
        }
        out += "\n";
    }
    out += &(t("mz-variants", &[]) + "\n");
    out
}

/// Whether `path` holds a kept Mazmorra game.
pub fn is_kept_game(path: &str) -> bool {
    dungeon_engine::catalog::read_regular_bytes(std::path::Path::new(path), 8 << 20)
        .ok()
        .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
        .is_some_and(|v| v["game"] == "mazmorra")
}

/// `dungeon replay FILE` for a kept Mazmorra game: every move played again and checked,
/// and its log as `seat` saw it (`None`: as a spectator), up to move `to`; then the table.
pub fn replay(
    lang: Lang,
    path: &str,
    seat: Option<Seat>,
    to: Option<usize>,
) -> Result<ExitCode, String> {
    let kept = load(lang, path)?;
    let reader = seat
        .filter(|&s| (s as usize) < kept.names.len())
        .unwrap_or(Seat::MAX);
    let words = Words {
        lang,
        names: &kept.names,
        seat: reader,
        darkness: kept.options.darkness,
    };
    let mut out = std::io::stdout().lock();
    let mut events = Vec::new();
    let mut state = Mazmorra
        .new_game(&kept.options, kept.seed, &mut events)
        .map_err(|e| e.to_string())?;
    let a = [
        ("players", kept.options.players.into()),
        ("seed", kept.seed.into()),
    ];
    let _ = writeln!(out, "{}", tr(lang, "mz-welcome", &a));
    let upto = to.unwrap_or(kept.actions.len()).min(kept.actions.len());
    for (n, action) in kept.actions[..upto].iter().enumerate() {
        for e in events.drain(..) {
            if let Some(line) = words.event(&e) {
                let _ = writeln!(out, "{}", dungeon_engine::printable::escape_line(&line));
            }
        }
        Mazmorra
            .apply(&mut state, action, &mut events)
            .map_err(|e| format!("{path}: move {}: {e}", n + 1))?;
    }
    for e in events.drain(..) {
        if let Some(line) = words.event(&e) {
            let _ = writeln!(out, "{}", dungeon_engine::printable::escape_line(&line));
        }
    }
    let view = Mazmorra.view(&state, (reader != Seat::MAX).then_some(reader));
    for line in words.table(&view) {
        let _ = writeln!(out, "{}", dungeon_engine::printable::escape_line(&line));
    }
    Ok(ExitCode::SUCCESS)
}

fn leave(lang: Lang, path: &Option<PathBuf>, out: &mut impl Write) -> Result<ExitCode, String> {
    if let Some(path) = path {
        let shown = path.to_string_lossy().into_owned();
        let _ = writeln!(out, "{}", tr(lang, "mz-leave", &[("path", shown.into())]));
    }
    Ok(ExitCode::SUCCESS)
}

/// The screen passes to `name`, who types the first letter of their name (a key no habit
/// of the one before types). False at the end of input or on `q`.
fn pass_screen(lang: Lang, name: &str, input: &mut impl BufRead, out: &mut impl Write) -> bool {
    let letter = name
        .chars()
        .next()
        .unwrap_or('?')
        .to_lowercase()
        .to_string();
    loop {
        let a = [
            ("name", name.to_string().into()),
            ("letter", letter.clone().into()),
        ];
        let _ = writeln!(out, "{}", tr(lang, "mz-pass-to", &a));
        let mut line = String::new();
        if input.read_line(&mut line).unwrap_or(0) == 0 {
            return false;
        }
        let line = line.trim().to_lowercase();
        if line == "q" {
            return false;
        }
        if line == letter {
            return true;
        }
    }
}

/// A human's move: the table, the question and its options; `None` to leave.
fn ask(
    lang: Lang,
    words: &Words,
    state: &State,
    seat: Seat,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Option<Action> {
    let view = Mazmorra.view(state, Some(seat));
    // A round of answers out of turn with nothing to answer with passes by itself.
    if view.legal == [Action::Pass]
        && matches!(view.phase, Phase::Aces { .. } | Phase::Counter { .. })
    {
        return Some(Action::Pass);
    }
    // A Myrmidon's many questions are one option, then whom and which rank.
    let mut options: Vec<Action> = Vec::new();
    for a in &view.legal {
        let dup = matches!(a, Action::Fish { card, .. }
            if options.iter().any(|o| matches!(o, Action::Fish { card: c, .. } if c == card)));
        if !dup {
            options.push(a.clone());
        }
    }
    for line in words.table(&view) {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{}", words.prompt(&view));
    for (i, a) in options.iter().enumerate() {
        let _ = writeln!(out, "  {}) {}", i + 1, words.action(&view, a));
    }
    let choice = read_choice(lang, options.len(), input, out)?;
    match options[choice].clone() {
        Action::Fish { card, .. } => fish(lang, words, &view.legal, card, input, out),
        action => Some(action),
    }
}

/// A number from 1 to `count` (its index), `?` for the help; `None` on `q` or no more input.
fn read_choice(
    lang: Lang,
    count: usize,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Option<usize> {
    loop {
        let _ = write!(
            out,
            "{} ",
            tr(lang, "mz-choose", &[("count", count.into())])
        );
        let _ = out.flush();
        let mut line = String::new();
        if input.read_line(&mut line).ok()? == 0 {
            return None;
        }
        match line.trim() {
            "q" => return None,
            "?" => {
                let _ = writeln!(out, "{}", tr(lang, "mz-help", &[]));
            }
            n => match n.parse::<usize>() {
                Ok(n) if (1..=count).contains(&n) => return Some(n - 1),
                _ => {
                    let _ = writeln!(
                        out,
                        "{}",
                        tr(lang, "mz-bad-choice", &[("count", count.into())])
                    );
                }
            },
        }
    }
}

/// Whom the Myrmidon `card` asks, and for which rank.
fn fish(
    lang: Lang,
    words: &Words,
    legal: &[Action],
    card: dungeon_mazmorra::cards::Card,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Option<Action> {
    let mut targets: Vec<Seat> = Vec::new();
    for a in legal {
        if let Action::Fish {
            card: c, target, ..
        } = a
            && *c == card
            && !targets.contains(target)
        {
            targets.push(*target);
        }
    }
    let _ = writeln!(out, "{}", tr(lang, "mz-fish-whom", &[]));
    for (i, t) in targets.iter().enumerate() {
        let _ = writeln!(out, "  {}) {}", i + 1, words.names[*t as usize]);
    }
    let target = targets[read_choice(lang, targets.len(), input, out)?];
    loop {
        let _ = writeln!(out, "{}", tr(lang, "mz-fish-rank", &[]));
        let mut line = String::new();
        if input.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let given = line.trim().to_uppercase();
        if given == "Q" && line.trim() == "q" {
            return None;
        }
        let found = legal.iter().find(|a| {
            matches!(a, Action::Fish { card: c, target: t, rank }
                if *c == card && *t == target && words::rank(*rank) == given)
        });
        if let Some(a) = found {
            return Some(a.clone());
        }
    }
}
