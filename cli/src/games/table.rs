//! The table in lines for any worded game (`dungeon play --game ID`): people at one screen
//! and bots, the game kept after every move and taken up again with `--load`; and what
//! reads a kept game (`dungeon replay FILE`) and a game's rules (`dungeon cards --game
//! ID`). Everything shown of the game is the game's own words ([`Worded`]) from the view
//! of the seat it is shown to.

use super::lines::{pass_screen, read_choice};
use crate::text::tr;
use dungeon_core::bots::{Bot, lineup};
use dungeon_core::fingerprint::rules_fingerprint;
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
    /// The rules fingerprint of the build that kept it
    /// ([`dungeon_core::fingerprint::rules_fingerprint`]): a build whose rules play
    /// otherwise refuses the game. Files kept before it was written have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
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
    let mut kept: KeptOf<G> = serde_json::from_slice(&bytes).map_err(|_| bad())?;
    let seats = usize::from(game.players(&kept.options));
    if kept.game != game.id() || kept.names.len() != seats || kept.players.len() != seats {
        return Err(bad());
    }
    // A fingerprint is 16 hex digits; anything else is no kept game of ours.
    let hex = |f: &str| f.len() == 16 && f.bytes().all(|b| b.is_ascii_hexdigit());
    if kept.rules.as_deref().is_some_and(|f| !hex(f)) {
        return Err(bad());
    }
    let ours = rules_fingerprint(game);
    if let Some(theirs) = kept.rules.as_deref().filter(|&f| f != ours) {
        let a = [
            ("path", shown.clone().into()),
            ("game", game.name(lang.code()).into()),
            ("kept", theirs.to_string().into()),
            ("ours", ours.into()),
        ];
        return Err(tr(lang, "game-other-rules", &a));
    }
    // Played on by this build, it is kept with this build's fingerprint.
    kept.rules = Some(ours);
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
        rules: Some(rules_fingerprint(game)),
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
        let games = crate::saves::kept::folder()?;
        let dir = games.parent()?.join(game_id);
        std::fs::create_dir_all(&dir).ok()?;
        Some(dir.join(format!("{seed}.json")))
    })
}

/// What a table shows and asks of the people at the screen: in lines ([`Lines`]) or full
/// screen (`super::screen`). It is given words only, each from the view of the seat it is
/// shown to (or a spectator's, between turns at a shared screen).
pub(crate) trait Front {
    /// Lines of the log, as the screen's reader is told them; `table`: the table as that
    /// reader sees it now.
    fn told(&mut self, lines: &[String], table: &str);
    /// `name` takes the screen, at a screen shared by several people. False: they leave.
    fn pass_to(&mut self, name: &str) -> bool;
    /// `name` chooses one of `choices` (by index), seeing `table`. `None`: they leave.
    fn choose(&mut self, name: &str, table: &str, choices: &[String]) -> Option<usize>;
    /// The game is over: the table as the reader sees it.
    fn over(&mut self, table: &str);
    /// The player left; `kept` says where the game is kept, if it is.
    fn left(&mut self, kept: Option<String>);
}

/// The table in lines, on `input` and `out` (pipes, files of answers, screen readers).
pub(crate) struct Lines<I, O> {
    pub lang: Lang,
    pub help: String,
    pub input: I,
    pub out: O,
}

impl<I: BufRead, O: Write> Lines<I, O> {
    fn say(&mut self, line: &str) {
        let _ = writeln!(self.out, "{}", escape_line(line));
    }
}

impl<I: BufRead, O: Write> Front for Lines<I, O> {
    fn told(&mut self, lines: &[String], _table: &str) {
        lines.iter().for_each(|l| self.say(l));
    }

    fn pass_to(&mut self, name: &str) -> bool {
        pass_screen(self.lang, name, &mut self.input, &mut self.out)
    }

    fn choose(&mut self, name: &str, table: &str, choices: &[String]) -> Option<usize> {
        table.lines().for_each(|l| self.say(l));
        let a = [("name", name.to_owned().into())];
        self.say(&tr(self.lang, "game-your-turn", &a));
        for (i, choice) in choices.iter().enumerate() {
            self.say(&format!("  {}) {choice}", i + 1));
        }
        read_choice(
            self.lang,
            choices.len(),
            &self.help,
            &mut self.input,
            &mut self.out,
        )
    }

    fn over(&mut self, table: &str) {
        table.lines().for_each(|l| self.say(l));
    }

    fn left(&mut self, kept: Option<String>) {
        if let Some(line) = kept {
            let _ = writeln!(self.out, "{line}");
        }
    }
}

/// `dungeon play --game ID` for a worded game, at `front`.
pub(crate) fn play<G: Worded>(
    lang: Lang,
    game: &G,
    setup: Setup,
    front: &mut dyn Front,
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
    // The log is read from the one person's seat; at a shared screen, as a spectator.
    let reader = (humans.len() == 1).then(|| humans[0]);
    let a = [
        ("game", game.name(code).into()),
        ("players", game.players(&kept.options).into()),
        ("seed", kept.seed.into()),
    ];
    let names = kept.names.clone();
    let table = |state: &G::State| game.describe_view(code, &names, &game.view(state, reader));
    let mut told = vec![tr(lang, "game-welcome", &a)];
    if kept.actions.is_empty() {
        told.extend(
            events
                .drain(..)
                .filter_map(|e| game.describe_event(code, &names, &kept.options, reader, &e)),
        );
    }
    events.clear();
    front.told(&told, &table(&state));
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
                    && !front.pass_to(&names[seat as usize])
                {
                    return leave(lang, game, &path, front);
                }
                last_human = Some(seat);
                let view = game.view(&state, Some(seat));
                let choices: Vec<String> = (legal.iter())
                    .map(|a| game.describe_action(code, &names, &view, a))
                    .collect();
                let shown = game.describe_view(code, &names, &view);
                match front.choose(&names[seat as usize], &shown, &choices) {
                    Some(i) => legal[i].clone(),
                    None => return leave(lang, game, &path, front),
                }
            }
        };
        (game.apply(&mut state, &action, &mut events)).map_err(|e| e.to_string())?;
        kept.actions.push(action);
        if let Some(path) = &path {
            let json = serde_json::to_string(&kept).map_err(|e| e.to_string())?;
            crate::saves::write_atomic(path, &json).map_err(|e| e.to_string())?;
        }
        let told: Vec<String> = (events.drain(..))
            .filter_map(|e| game.describe_event(code, &names, &kept.options, reader, &e))
            .collect();
        front.told(&told, &table(&state));
    }
    front.over(&table(&state));
    Ok(ExitCode::SUCCESS)
}

/// The player leaves: told where the game is kept.
pub(crate) fn leave<G: Hosted>(
    lang: Lang,
    game: &G,
    path: &Option<PathBuf>,
    front: &mut dyn Front,
) -> Result<ExitCode, String> {
    front.left(kept_message(lang, game, path));
    Ok(ExitCode::SUCCESS)
}

/// Where a game left is kept, and how to take it up again.
pub(crate) fn kept_message<G: Hosted>(
    lang: Lang,
    game: &G,
    path: &Option<PathBuf>,
) -> Option<String> {
    path.as_ref().map(|path| {
        let a = [
            (
                "path",
                escape_line(&path.to_string_lossy()).into_owned().into(),
            ),
            ("game", game.id().into()),
        ];
        tr(lang, "game-leave", &a)
    })
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
