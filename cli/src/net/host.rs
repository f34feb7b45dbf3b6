//! `dungeon host --server URL`: opens a table at a game server (packs, seats, bots, a turn
//! timeout), takes its first seat, prints the invitation the others join with, starts the
//! game once every seat for a person is taken (at a terminal, when the host presses
//! Enter), then plays it as `dungeon join` does.

use super::join;
use super::seats::{bad_address, say, seat_keys};
use crate::packs;
use crate::signals::Shutdown;
use crate::sim::parse_bots;
use crate::text::tr;
use clap::Args;
use dungeon_engine::catalog::PackLibrary;
use dungeon_engine::lang::Lang;
use dungeon_remote::{Invite, NewTable, Server, Sit, TableOptions};
use dungeon_table::Table;
use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;
use std::time::Duration;

/// The longest turn timeout: a day.
const MAX_TIMEOUT_SECS: u64 = 24 * 3600;

#[derive(Args, Clone)]
pub struct HostArgs {
    /// The server, as `dungeon serve` listens: ws://HOST:PORT (or HOST:PORT).
    #[arg(long)]
    server: String,
    /// Packs, comma-separated.
    #[arg(long, default_value = packs::DEFAULT_PACKS)]
    packs: String,
    /// Seats at the table (2-4), people and bots together.
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// How many seats are for people, yours included; bots take the others.
    #[arg(long, default_value_t = 2)]
    humans: u8,
    /// Bots for the other seats, comma-separated, by level (easy, normal, hard); the last
    /// fills the rest. The first also answers for a player who runs out of time.
    #[arg(long, default_value = "normal")]
    bots: String,
    /// How long a person may take to answer before a bot answers for them (60s, 2m, 90).
    #[arg(long, value_name = "TIME")]
    turn_timeout: Option<String>,
    /// Your name at the table (at most 20 characters).
    #[arg(long)]
    name: Option<String>,
    /// The designer's variant (see `dungeon play --help`).
    #[arg(long)]
    variant: bool,
    /// A ruling the rulebooks leave open, as ID=CHOICE (repeatable).
    #[arg(long = "ruling", value_name = "ID=CHOICE")]
    rulings: Vec<String>,
    /// The first round's adventurer (an id, see `dungeon cards`).
    #[arg(long, value_name = "ID")]
    adventurer: Option<String>,
    /// The line mode (also chosen when stdin or stdout is not a terminal).
    #[arg(long)]
    plain: bool,
    /// The game: dungeon (Welcome to the Dungeon), or mazmorra or goofspiel, played in
    /// lines (their rulings as --ruling ID=CHOICE, see `dungeon cards --game ID`).
    #[arg(long, value_enum, default_value = "dungeon")]
    game: crate::games::GameChoice,
}

pub fn run(library: &PackLibrary, lang: Lang, args: HostArgs) -> Result<ExitCode, String> {
    let server = Server::parse(&args.server).map_err(|e| bad_address(lang, &args.server, &e))?;
    if args.game != crate::games::GameChoice::Dungeon {
        return host_room(lang, &server, &args);
    }
    let mut table = new_table(lang, &args)?;
    table.pack = brought(lang, library, &table.packs)?;
    // The server has the other packs; its own one comes as files, played beside them.
    if table.pack.is_some() {
        table
            .packs
            .retain(|id| library.get(id).is_none_or(|p| p.root.is_empty()));
    }
    // Checked here first, for an error in the player's language; the server checks it too.
    join::check_name(lang, args.name.as_deref())?;
    let humans = table.humans as usize;
    // The server checks the packs; they are checked here first to say it in this language.
    packs::catalog(lang, library, &args.packs)?;
    let mut remote = join::connect(library, lang, &server, Sit::Create(table)).map_err(|e| {
        let invite = Invite {
            server: server.clone(),
            code: String::new(),
        };
        join::refusal(lang, &invite, &e)
    })?;
    let invite = Invite {
        server: server.clone(),
        code: remote.code().to_string(),
    };
    let url = invite.url();
    let keys = seat_keys();
    join::keep_key(lang, keys.as_ref(), &server, &remote);
    say(&tr(lang, "net-invite", &[("code", remote.code().into())]));
    say(&format!("    dungeon join {url}"));
    say(&tr(lang, "net-invite-browser", &[]));
    say(&format!("    {}", invite.web_url()));
    let shutdown = Shutdown::install();
    if humans > 1
        && let Some(code) = join::wait_for_start(lang, &mut remote, &shutdown, Some(humans))
    {
        return Ok(code);
    }
    if !remote.started()
        && let Some(code) = start(lang, &mut remote, &shutdown, humans > 1)
    {
        return Ok(code);
    }
    Ok(join::play(
        lang,
        remote,
        &url,
        keys.as_ref(),
        args.plain,
        &shutdown,
    ))
}

/// A table of another game (`super::rooms`): the first game's options are refused by
/// name, as `dungeon play --game` refuses them.
fn host_room(lang: Lang, server: &Server, args: &HostArgs) -> Result<ExitCode, String> {
    let game = (clap::ValueEnum::to_possible_value(&args.game))
        .map_or(String::new(), |v| v.get_name().to_string());
    let foreign = [
        ("--variant", args.variant),
        ("--adventurer", args.adventurer.is_some()),
        ("--packs", args.packs != packs::DEFAULT_PACKS),
    ];
    if let Some((option, _)) = foreign.iter().find(|(_, given)| *given) {
        let a = [("option", (*option).into()), ("game", game.into())];
        return Err(tr(lang, "game-not-for", &a));
    }
    let name = join::check_name(lang, args.name.as_deref())?;
    let request = dungeon_protocol::rooms::NewRoom {
        game,
        players: args.players,
        humans: args.humans,
        bots: args.bots.split(',').map(|b| b.trim().to_string()).collect(),
        rulings: args.rulings.clone(),
        name,
        turn_timeout_secs: turn_timeout(lang, args)?,
    };
    super::rooms::play(lang, server, super::rooms::Sit::Create(request))
}

/// The pack of the player's own (`--pack`) among the table's packs, as its files: the
/// server checks it and plays it, and the others see its cards. One per table; its files
/// as they lie in its folder (`--pack-root` widens it), so its hash is the one here.
fn brought(
    lang: Lang,
    library: &PackLibrary,
    packs: &[String],
) -> Result<Option<dungeon_remote::PackUpload>, String> {
    // Built-in packs are read from the binary, with no folder.
    let own: Vec<_> = (packs.iter())
        .filter_map(|id| library.get(id))
        .filter(|p| !p.root.is_empty())
        .collect();
    let Some(pack) = own.first() else {
        return Ok(None);
    };
    if own.len() > 1 {
        return Err(tr(lang, "net-one-own-pack", &[]));
    }
    let inside = |path: &str| {
        let root = pack.root.trim_end_matches('/');
        path.strip_prefix(root)
            .and_then(|p| p.strip_prefix('/'))
            .map(str::to_string)
    };
    let manifest = inside(&pack.manifest_path).unwrap_or_else(|| {
        pack.manifest_path
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .to_string()
    });
    let mut files =
        std::collections::BTreeMap::from([(manifest.clone(), pack.manifest_text.clone())]);
    for script in pack.scripts.values() {
        let path = dungeon_engine::catalog::normalize(&script.path);
        let Some(rel) = inside(&path) else {
            return Err(tr(lang, "net-own-pack-outside", &[("path", path.into())]));
        };
        files.insert(rel, script.code.to_string());
    }
    Ok(Some(dungeon_remote::PackUpload { manifest, files }))
}

/// The table to open, from the command line.
fn new_table(lang: Lang, args: &HostArgs) -> Result<NewTable, String> {
    if !(2..=4).contains(&args.players) {
        return Err(tr(
            lang,
            "error-players",
            &[("players", args.players.into())],
        ));
    }
    if args.humans == 0 || args.humans > args.players {
        return Err(tr(
            lang,
            "error-humans",
            &[
                ("humans", args.humans.into()),
                ("players", args.players.into()),
            ],
        ));
    }
    let bots = parse_bots(lang, &args.bots, args.players - args.humans)?;
    let turn_timeout_secs = turn_timeout(lang, args)?;
    Ok(NewTable {
        packs: args
            .packs
            .split(',')
            .map(|p| p.trim().to_string())
            .filter(|p| !p.is_empty())
            .collect(),
        players: args.players,
        humans: args.humans,
        bots: bots.iter().map(|b| b.id()).collect(),
        options: TableOptions {
            variant: args.variant,
            rulings: args.rulings.clone(),
            adventurer: args.adventurer.clone(),
        },
        turn_timeout_secs,
        name: args.name.clone().unwrap_or_default(),
        pack: None,
    })
}

/// `--turn-timeout`, in seconds.
fn turn_timeout(lang: Lang, args: &HostArgs) -> Result<Option<u32>, String> {
    match &args.turn_timeout {
        Some(text) => Ok(Some(parse_timeout(text).ok_or_else(|| {
            let given = dungeon_engine::printable::escape_line(text).into_owned();
            tr(lang, "net-bad-timeout", &[("given", given.into())])
        })?)),
        None => Ok(None),
    }
}

/// `60s`, `2m`, `90` (seconds): from one second to a day.
fn parse_timeout(text: &str) -> Option<u32> {
    let text = text.trim();
    let (digits, unit) = match text.strip_suffix('m') {
        Some(d) => (d, 60),
        None => (text.strip_suffix('s').unwrap_or(text), 1),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 6 {
        return None;
    }
    let secs = digits.parse::<u64>().ok()? * unit;
    (1..=MAX_TIMEOUT_SECS)
        .contains(&secs)
        .then_some(secs as u32)
}

/// Starts the game: at a terminal once the host presses Enter (`ask`), else at once.
/// `Some(code)` if the host left meanwhile or the game could not start.
fn start(
    lang: Lang,
    remote: &mut dungeon_remote::RemoteTable,
    shutdown: &Shutdown,
    ask: bool,
) -> Option<ExitCode> {
    if ask && std::io::stdin().is_terminal() {
        say(&tr(lang, "net-press-start", &[]));
        let mut line = String::new();
        if std::io::stdin().lock().read_line(&mut line).unwrap_or(0) == 0 {
            return Some(ExitCode::SUCCESS);
        }
    }
    remote.take_refusal();
    remote.start();
    loop {
        if let Some(signal) = shutdown.signal() {
            return Some(Shutdown::exit_code(signal));
        }
        if remote.started() {
            return None;
        }
        if let Some((_, message)) = remote.take_refusal() {
            let message = dungeon_engine::printable::escape_line(&message).into_owned();
            eprintln!(
                "{}",
                tr(lang, "net-start-refused", &[("message", message.into())])
            );
            return Some(ExitCode::FAILURE);
        }
        if remote.ended() {
            eprintln!("{}", tr(lang, "net-lost-lobby", &[]));
            return Some(ExitCode::FAILURE);
        }
        let _ = remote.poll(Duration::from_millis(100));
    }
}

#[cfg(test)]
mod tests {
    use super::parse_timeout;

    #[test]
    fn reads_turn_timeouts() {
        assert_eq!(parse_timeout("60s"), Some(60));
        assert_eq!(parse_timeout("2m"), Some(120));
        assert_eq!(parse_timeout(" 90 "), Some(90));
        for bad in ["", "s", "0", "-5s", "1h", "1.5m", "99999999", "86401", "+3"] {
            assert_eq!(parse_timeout(bad), None, "{bad}");
        }
        assert_eq!(parse_timeout("86400"), Some(86400));
    }
}
