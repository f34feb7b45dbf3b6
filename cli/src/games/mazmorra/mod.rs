//! `dungeon play --game mazmorra`: the second game at one screen, as lines of text (the
//! line mode; a full-screen table is to come). One or more people (`--humans`, the screen
//! passed between them) against bots (`random`, `normal`, `hard`: IS-MCTS from
//! `dungeon-core`). The game is written after every decision (`--save FILE`, else the data
//! folder's `mazmorra/SEED.json`) and `--load FILE` takes it up again: its moves are
//! played again and checked, and each bot decision is seeded from the game's seed, the seat
//! and the decision's number, so nothing of the bots needs keeping.
//!
//! `words.rs` says it all in the reader's language.

pub mod worded;
mod words;

use crate::games::lines::read_choice;
use crate::games::table;
use crate::text::tr;
use dungeon_core::bots::{Bot, lineup};
use dungeon_core::{Game, Seat};
use dungeon_engine::Lang;
use dungeon_mazmorra::Mazmorra;
use dungeon_mazmorra::action::{Action, Event};
use dungeon_mazmorra::state::{Phase, State};
use std::io::{BufRead, Write};
use std::path::Path;
use std::path::PathBuf;
use std::process::ExitCode;
use words::Words;

pub use crate::games::table::Setup;

/// A seat's player.
#[derive(Clone, Copy)]
enum Player {
    Human,
    Bot(Bot),
}

pub fn run(lang: Lang, setup: Setup) -> Result<ExitCode, String> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    play(lang, setup, stdin.lock(), stdout.lock())
}

pub fn play(
    lang: Lang,
    setup: Setup,
    mut input: impl BufRead,
    mut out: impl Write,
) -> Result<ExitCode, String> {
    let mut kept = match &setup.load {
        Some(path) => table::load(lang, &Mazmorra, Path::new(path))?,
        None => table::new_game(lang, &Mazmorra, &setup)?,
    };
    let path = match &setup.load {
        Some(p) => Some(PathBuf::from(p)),
        None => table::kept_path("mazmorra", &setup, kept.seed),
    };
    let players: Vec<Player> = (kept.players.iter())
        .map(|p| match p.as_str() {
            "human" => Some(Player::Human),
            id => lineup(id).and_then(|b| b.first().copied()).map(Player::Bot),
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
            Player::Bot(bot) => bot.choose_seeded(
                &Mazmorra,
                &state,
                seat,
                kept.seed,
                kept.actions.len() as u64,
            ),
            Player::Human => {
                if humans.len() > 1 && last_human != Some(seat) {
                    if !crate::games::lines::pass_screen(
                        lang,
                        &kept.names[seat as usize],
                        &mut input,
                        &mut out,
                    ) {
                        return Ok(left(lang, &path, &mut out));
                    }
                }
                last_human = Some(seat);
                match ask(lang, &words(seat), &state, seat, &mut input, &mut out) {
                    Some(action) => action,
                    None => return Ok(left(lang, &path, &mut out)),
                }
            }
        };
        Mazmorra
            .apply(&mut state, &action, &mut events)
            .map_err(|e| e.to_string())?;
        kept.actions.push(action);
        if let Some(path) = &path {
            let json = serde_json::to_string(&kept).map_err(|e| e.to_string())?;
            crate::saves::write_atomic(path, &json).map_err(|e| e.to_string())?;
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

/// `dungeon replay FILE` for a kept Mazmorra game: every move played again and checked,
/// and its log as `seat` saw it (`None`: as a spectator), up to move `to`; then the table.
pub fn replay(
    lang: Lang,
    path: &str,
    seat: Option<Seat>,
    to: Option<usize>,
) -> Result<ExitCode, String> {
    let kept = table::load(lang, &Mazmorra, Path::new(path))?;
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
    let choice = read_choice(lang, options.len(), &tr(lang, "mz-help", &[]), input, out)?;
    match options[choice].clone() {
        Action::Fish { card, .. } => fish(lang, words, &view.legal, card, input, out),
        action => Some(action),
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
    let target = targets[read_choice(lang, targets.len(), &tr(lang, "mz-help", &[]), input, out)?];
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

/// The player leaves: told where the game is kept.
fn left(lang: Lang, path: &Option<PathBuf>, out: &mut impl Write) -> ExitCode {
    if let Some(line) = table::kept_message(lang, &Mazmorra, path) {
        let _ = writeln!(out, "{line}");
    }
    ExitCode::SUCCESS
}
