//! The table in lines for any worded game (`dungeon play --game ID`): people at one screen
//! and bots, the game kept after every move and taken up again with `--load`; and what
//! reads a kept game (`dungeon replay FILE`) and a game's rules (`dungeon cards --game
//! ID`). Everything shown of the game is the game's own words ([`Worded`]) from the view
//! of the seat it is shown to.

use super::lines::{pass_screen, read_choice};
use crate::text::tr;
use dungeon_core::bots::{Bot, lineup};
use dungeon_core::{Game, Hosted, Seat, Worded};
use dungeon_engine::Lang;
use dungeon_engine::printable::escape_line;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What `dungeon play` was asked, for such a game.
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

/// A game as it is kept: enough to play it again move by move. The options and actions
/// are the game's own, as JSON.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kept<O, A> {
    pub game: String,
    pub options: O,
    pub seed: u64,
    pub names: Vec<String>,
    /// Each seat's player: `human`, or a bot's id.
    pub players: Vec<String>,
    pub actions: Vec<A>,
}

pub(crate) type KeptOf<G> = Kept<<G as Game>::Options, <G as Game>::Action>;

/// The message for a ruling `game` does not know.
pub(crate) fn bad_ruling<G: Hosted>(lang: Lang, game: &G, ruling: &str) -> String {
    let a = [
        ("game", game.name(lang.code()).into()),
        ("ruling", escape_line(ruling).into_owned().into()),
        ("help", game.option_help().into()),
    ];
    tr(lang, "game-bad-ruling", &a)
}

/// A kept game's id, if `path` holds one (`"game": "goofspiel"`).
pub fn kept_game_id(path: &Path) -> Option<String> {
    let bytes = dungeon_engine::catalog::read_regular_bytes(path, 8 << 20).ok()?;
    let value: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    value["game"].as_str().map(str::to_string)
}

pub(crate) fn load<G: Hosted>(lang: Lang, game: &G, path: &Path) -> Result<KeptOf<G>, String> {
    let shown = escape_line(&path.to_string_lossy()).into_owned();
    let bad = || {
        let a = [
            ("path", shown.clone().into()),
            ("game", game.name(lang.code()).into()),
        ];
        tr(lang, "game-bad-file", &a)
    };
    let bytes = dungeon_engine::catalog::read_regular_bytes(path, 8 << 20)
        .map_err(|e| format!("{shown}: {e}"))?;
    let kept: KeptOf<G> = serde_json::from_slice(&bytes).map_err(|_| bad())?;
    let seats = usize::from(game.players(&kept.options));
    if kept.game != game.id() || kept.names.len() != seats || kept.players.len() != seats {
        return Err(bad());
    }
    Ok(kept)
}

pub(crate) fn new_game<G: Hosted>(
    lang: Lang,
    game: &G,
    setup: &Setup,
) -> Result<KeptOf<G>, String> {
    if !game.seats().contains(&setup.players) {
        let a = [("players", setup.players.into())];
        return Err(tr(lang, "error-players", &a));
    }
    let humans = setup.humans.min(setup.players);
    let bots = lineup(&setup.bots).ok_or_else(|| {
        let a = [("bot", escape_line(&setup.bots).into_owned().into())];
        tr(lang, "error-unknown-bot", &a)
    })?;
    let options = dungeon_core::hosted::options_from(game, setup.players, &setup.rulings)
        .map_err(|r| bad_ruling(lang, game, &r))?;
    let given: Vec<String> = (setup.names.as_deref().unwrap_or_default().split(','))
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .collect();
    let (mut names, mut players) = (Vec::new(), Vec::new());
    for seat in 0..setup.players {
        if seat < humans {
            let fallback = tr(lang, "game-player", &[("n", (seat + 1).into())]);
            names.push(given.get(seat as usize).cloned().unwrap_or(fallback));
            players.push("human".to_string());
        } else {
            let bot = *(bots.get((seat - humans) as usize).or(bots.last())).expect("a bot");
            names.push(format!("Bot {} ({})", seat + 1, level(bot)));
            players.push(bot.id());
        }
    }
    let seed = setup.seed.unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        (nanos as u64) % 1_000_000_000
    });
    Ok(Kept {
        game: game.id().into(),
        options,
        seed,
        names,
        players,
        actions: Vec::new(),
    })
}

/// A bot as a table names it, by level as the first game's bots are.
fn level(bot: Bot) -> String {
    match bot {
        Bot::Random => "easy".into(),
        Bot::Search(100) => "normal".into(),
        Bot::Search(300) => "hard".into(),
        Bot::Search(n) => format!("hard:{n}"),
    }
}

/// Where a new game is kept: `--save`, else the data folder's `ID/SEED.json`.
pub(crate) fn kept_path(game_id: &str, setup: &Setup, seed: u64) -> Option<PathBuf> {
    setup.save.clone().or_else(|| {
        let games = crate::play::games_folder()?;
        let dir = games.parent()?.join(game_id);
        std::fs::create_dir_all(&dir).ok()?;
        Some(dir.join(format!("{seed}.json")))
    })
}

/// `dungeon play --game ID` for a worded game, reading `input` and writing `out`.
pub fn play<G: Worded>(
    lang: Lang,
    game: &G,
    setup: Setup,
    mut input: impl BufRead,
    mut out: impl Write,
) -> Result<ExitCode, String> {
    let code = lang.code();
    let mut kept = match &setup.load {
        Some(path) => load(lang, game, Path::new(path))?,
        None => new_game(lang, game, &setup)?,
    };
    let path = match &setup.load {
        Some(p) => Some(PathBuf::from(p)),
        None => kept_path(game.id(), &setup, kept.seed),
    };
    let bots: Vec<Option<Bot>> = (kept.players.iter())
        .map(|p| {
            if p == "human" {
                Some(None)
            } else {
                Bot::parse(p).map(Some)
            }
        })
        .collect::<Option<_>>()
        .ok_or_else(|| {
            let a = [(
                "bot",
                escape_line(&kept.players.join(",")).into_owned().into(),
            )];
            tr(lang, "error-unknown-bot", &a)
        })?;
    let humans: Vec<Seat> = (0..bots.len() as Seat)
        .filter(|&s| bots[s as usize].is_none())
        .collect();
    let mut events = Vec::new();
    let mut state =
        (game.new_game(&kept.options, kept.seed, &mut events)).map_err(|e| e.to_string())?;
    for action in &kept.actions {
        (game.apply(&mut state, action, &mut Vec::new())).map_err(|e| e.to_string())?;
    }
    let say = |out: &mut dyn Write, line: &str| {
        let _ = writeln!(out, "{}", escape_line(line));
    };
    // The log is read from the one person's seat; at a shared screen, as a spectator.
    let reader = (humans.len() == 1).then(|| humans[0]);
    let a = [
        ("game", game.name(code).into()),
        ("players", game.players(&kept.options).into()),
        ("seed", kept.seed.into()),
    ];
    say(&mut out, &tr(lang, "game-welcome", &a));
    let names = kept.names.clone();
    let log = |out: &mut dyn Write, events: &mut Vec<G::Event>| {
        for e in events.drain(..) {
            if let Some(line) = game.describe_event(code, &names, &kept.options, reader, &e) {
                say(out, &line);
            }
        }
    };
    if kept.actions.is_empty() {
        log(&mut out, &mut events);
    }
    events.clear();
    let help = game.rules_summary(code);
    let mut last_human: Option<Seat> = None;
    while let Some(seat) = game.to_act(&state) {
        let legal = game.legal_actions(&state);
        let action = match bots[seat as usize] {
            Some(bot) => {
                bot.choose_seeded(game, &state, seat, kept.seed, kept.actions.len() as u64)
            }
            // A question with a single answer answers itself.
            None if legal.len() == 1 => legal[0].clone(),
            None => {
                if humans.len() > 1
                    && last_human != Some(seat)
                    && !pass_screen(lang, &names[seat as usize], &mut input, &mut out)
                {
                    return leave(lang, game, &path, &mut out);
                }
                last_human = Some(seat);
                let view = game.view(&state, Some(seat));
                for line in game.describe_view(code, &names, &view).lines() {
                    say(&mut out, line);
                }
                let a = [("name", names[seat as usize].clone().into())];
                say(&mut out, &tr(lang, "game-your-turn", &a));
                for (i, a) in legal.iter().enumerate() {
                    say(
                        &mut out,
                        &format!(
                            "  {}) {}",
                            i + 1,
                            game.describe_action(code, &names, &view, a)
                        ),
                    );
                }
                match read_choice(lang, legal.len(), &help, &mut input, &mut out) {
                    Some(i) => legal[i].clone(),
                    None => return leave(lang, game, &path, &mut out),
                }
            }
        };
        (game.apply(&mut state, &action, &mut events)).map_err(|e| e.to_string())?;
        kept.actions.push(action);
        if let Some(path) = &path {
            let json = serde_json::to_string(&kept).map_err(|e| e.to_string())?;
            crate::play::save::write_atomic(path, &json).map_err(|e| e.to_string())?;
        }
        log(&mut out, &mut events);
    }
    let view = game.view(&state, reader);
    for line in game.describe_view(code, &names, &view).lines() {
        say(&mut out, line);
    }
    Ok(ExitCode::SUCCESS)
}

pub(crate) fn leave<G: Hosted>(
    lang: Lang,
    game: &G,
    path: &Option<PathBuf>,
    out: &mut impl Write,
) -> Result<ExitCode, String> {
    if let Some(path) = path {
        let a = [
            (
                "path",
                escape_line(&path.to_string_lossy()).into_owned().into(),
            ),
            ("game", game.id().into()),
        ];
        let _ = writeln!(out, "{}", tr(lang, "game-leave", &a));
    }
    Ok(ExitCode::SUCCESS)
}

/// `dungeon replay FILE` for a kept game: every move played again and checked, and its
/// log as `seat` saw it (`None`: as a spectator), up to move `to`; then the table.
pub fn replay<G: Worded>(
    lang: Lang,
    game: &G,
    path: &Path,
    seat: Option<Seat>,
    to: Option<usize>,
    out: &mut impl Write,
) -> Result<ExitCode, String> {
    let code = lang.code();
    let kept = load(lang, game, path)?;
    let reader = seat.filter(|&s| (s as usize) < kept.names.len());
    let mut events = Vec::new();
    let mut state =
        (game.new_game(&kept.options, kept.seed, &mut events)).map_err(|e| e.to_string())?;
    let a = [
        ("game", game.name(code).into()),
        ("players", game.players(&kept.options).into()),
        ("seed", kept.seed.into()),
    ];
    let _ = writeln!(out, "{}", tr(lang, "game-welcome", &a));
    let upto = to.unwrap_or(kept.actions.len()).min(kept.actions.len());
    let shown = escape_line(&path.to_string_lossy()).into_owned();
    for n in 0..=upto {
        for e in events.drain(..) {
            if let Some(line) = game.describe_event(code, &kept.names, &kept.options, reader, &e) {
                let _ = writeln!(out, "{}", escape_line(&line));
            }
        }
        if let Some(action) = kept.actions[..upto].get(n) {
            (game.apply(&mut state, action, &mut events))
                .map_err(|e| format!("{shown}: move {}: {e}", n + 1))?;
        }
    }
    let view = game.view(&state, reader);
    for line in game.describe_view(code, &kept.names, &view).lines() {
        let _ = writeln!(out, "{}", escape_line(line));
    }
    Ok(ExitCode::SUCCESS)
}

/// `dungeon cards --game ID` for a worded game: its rules, shortly, and its options.
pub fn rules<G: Worded>(lang: Lang, game: &G) -> String {
    let code = lang.code();
    format!(
        "== {} ==\n{}\n\n--ruling: {}\n",
        game.name(code),
        game.rules_summary(code),
        game.option_help()
    )
}
