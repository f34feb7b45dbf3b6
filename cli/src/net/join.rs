//! `dungeon join URL`: takes a seat at a table (`--watch`: watches it), then plays it with
//! the full-screen table (or the line mode, as `dungeon play` chooses). The seat's secret
//! token is kept in the user's data folder (`seats/`, beside `dungeon play`'s `games/`), so
//! the same command after a lost connection or a closed laptop takes the same seat back,
//! with the whole log as that seat may see it.

use super::seats::{bad_address, keep_seat, say, seat_keys};
use crate::front::Session;
use crate::packs;
use crate::signals::Shutdown;
use crate::text::render;
use crate::text::{Arg, tr};
use clap::Args;
use dungeon_engine::catalog::PackLibrary;
use dungeon_engine::ids::Seat;
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_remote::{
    ConnectError, ErrorCode, Invite, Reconnect, RemoteTable, SeatKeys, Server, Sit,
};
use dungeon_table::{Notice, Table, TableState};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

/// How often the wait for the start looks at the table.
const TICK: Duration = Duration::from_millis(100);

#[derive(Args, Clone)]
pub struct JoinArgs {
    /// The table's invitation, as `dungeon host` printed it: ws://HOST:PORT/t/CODE (or
    /// ws://HOST:PORT/r/CODE, a table of another game).
    url: String,
    /// Your name at the table (at most 20 characters).
    #[arg(long)]
    name: Option<String>,
    /// Watch the table instead of taking a seat: you see what every player sees.
    #[arg(long)]
    watch: bool,
    /// The line mode: the game as lines of text (also chosen when stdin or stdout is not
    /// a terminal).
    #[arg(long)]
    plain: bool,
}

pub fn run(library: &PackLibrary, lang: Lang, args: JoinArgs) -> Result<ExitCode, String> {
    if Invite::is_room(&args.url) {
        let invite = super::rooms::parse_invite(lang, &args.url)?;
        let code = invite.code.clone();
        let sit = match args.watch {
            true => super::rooms::Sit::Watch { code },
            false => super::rooms::Sit::Join {
                code,
                name: check_name(lang, args.name.as_deref())?,
            },
        };
        return super::rooms::play(lang, &invite.server, sit);
    }
    let invite = Invite::parse(&args.url).map_err(|e| bad_address(lang, &args.url, &e))?;
    let name = check_name(lang, args.name.as_deref())?;
    let keys = seat_keys();
    let server = &invite.server;
    let key = match (&keys, args.watch) {
        (Some(keys), false) => keys.find(&server.authority, &invite.code),
        _ => None,
    };
    let sit = match (&key, args.watch) {
        (_, true) => Sit::Watch {
            code: invite.code.clone(),
        },
        (Some(key), false) => {
            say(&tr(
                lang,
                "net-retaking",
                &[("seat", (key.seat + 1).into())],
            ));
            Sit::Rejoin {
                code: invite.code.clone(),
                token: key.token.clone(),
            }
        }
        (None, false) => Sit::Join {
            code: invite.code.clone(),
            name: name.clone(),
        },
    };
    let mut table = match connect(library, lang, server, sit) {
        // The seat kept here is no longer the table's: join as someone new.
        Err(ConnectError::Refused {
            code: ErrorCode::BadToken,
            message,
        }) if key.is_some() => {
            if let Some(keys) = &keys {
                keys.forget(&server.authority, &invite.code);
            }
            let message = escape_line(&message).into_owned();
            say(&tr(
                lang,
                "net-rejoin-refused",
                &[("message", message.into())],
            ));
            let sit = Sit::Join {
                code: invite.code.clone(),
                name,
            };
            connect(library, lang, server, sit)
        }
        other => other,
    }
    .map_err(|e| refusal(lang, &invite, &e))?;
    let url = invite.url();
    match table.seat() {
        Some(seat) => {
            keep_key(lang, keys.as_ref(), server, &table);
            let args = [("seat", (seat + 1).into()), ("code", table.code().into())];
            say(&tr(lang, "net-seated", &args));
        }
        None => say(&tr(lang, "net-watching", &[("code", table.code().into())])),
    }
    let shutdown = Shutdown::install();
    if let Some(code) = wait_for_start(lang, &mut table, &shutdown, None) {
        return Ok(code);
    }
    Ok(play(
        lang,
        table,
        &url,
        keys.as_ref(),
        args.plain,
        &shutdown,
    ))
}

/// Connects and sits, building the cards from this program's own packs, and from the
/// files of a pack the table's creator brought (checked against its hash like any other).
pub fn connect(
    library: &PackLibrary,
    lang: Lang,
    server: &Server,
    sit: Sit,
) -> Result<RemoteTable, ConnectError> {
    let catalog = |ids: &[String], brought: Option<&dungeon_remote::PackUpload>| {
        let ids = ids.join(",");
        match brought {
            None => packs::catalog(lang, library, &ids),
            Some(pack) => {
                let library = dungeon_remote::with_brought(library, pack)?;
                packs::catalog(lang, &library, &ids)
            }
        }
    };
    RemoteTable::connect_bringing(server, sit, catalog, Reconnect::default())
}

/// Keeps the seat's token, so `dungeon join` takes the seat back; says so if it cannot.
pub fn keep_key(lang: Lang, keys: Option<&SeatKeys>, server: &Server, table: &RemoteTable) {
    let seated = table.seat().zip(table.token());
    keep_seat(lang, keys, server, table.code(), seated);
}

/// Waits until the game starts, saying who sits at the table and who takes a seat. With
/// `humans` (the creator), also how many seats are taken, and returns as soon as they all
/// are; the others are told who starts the game and how many seats are still free.
/// `Some(code)` if the player left meanwhile (Ctrl-C) or the connection was lost.
pub fn wait_for_start(
    lang: Lang,
    table: &mut RemoteTable,
    shutdown: &Shutdown,
    humans: Option<usize>,
) -> Option<ExitCode> {
    let catalog = table.setup().catalog.clone();
    let text = crate::text::Text::new(lang, &catalog);
    let people = table
        .setup()
        .seats
        .iter()
        .filter(|s| s.bot.is_none())
        .count();
    if humans.is_none() && !table.started() {
        say(&at_table(lang, table));
    }
    let mut notes = 0;
    let mut said_taken = None;
    loop {
        if let Some(signal) = shutdown.signal() {
            return Some(Shutdown::exit_code(signal));
        }
        // Names as they stand: a seat taken since is named by its notice.
        let seats = crate::front::seat_names(lang, table.setup());
        while let Some(note) = table.notes().get(notes) {
            notes += 1;
            // The game's log shows the start as it begins.
            if note.notice != Notice::Started {
                say(&render::notice(&text, &seats, &note.notice));
            }
        }
        if table.started() {
            return None;
        }
        if table.ended() {
            eprintln!("{}", tr(lang, "net-lost-lobby", &[]));
            return Some(ExitCode::FAILURE);
        }
        let taken = table.taken().len();
        if said_taken != Some(taken) {
            said_taken = Some(taken);
            let args = [
                ("taken", Arg::from(taken)),
                ("humans", humans.unwrap_or(people).into()),
                ("creator", seats.name(0).into()),
            ];
            match humans {
                Some(humans) if taken >= humans => return None,
                Some(_) => say(&tr(lang, "net-waiting-players", &args)),
                None if table.seat().is_none() => say(&tr(lang, "net-waiting-watch", &args)),
                None => say(&tr(lang, "net-waiting-start", &args)),
            }
        }
        if let Some((_, message)) = table.take_refusal() {
            let message = escape_line(&message).into_owned();
            say(&tr(lang, "net-server-said", &[("message", message.into())]));
        }
        let _ = table.poll(TICK);
    }
}

/// Who sits at the table so far, in seat order: the people who took their seats (this
/// one marked) and the bots.
fn at_table(lang: Lang, table: &RemoteTable) -> String {
    let seats = crate::front::seat_names(lang, table.setup());
    let taken = table.taken();
    let names: Vec<String> = (table.setup().seats.iter().enumerate())
        .filter(|(i, s)| s.bot.is_some() || taken.contains(&(*i as Seat)))
        .map(|(i, _)| {
            let name = seats.name(i as Seat);
            match table.seat() == Some(i as Seat) {
                true => tr(lang, "net-you", &[("name", name.into())]),
                false => name,
            }
        })
        .collect();
    tr(lang, "net-at-table", &[("names", names.join(", ").into())])
}

/// Plays the game at `table` with the front end `dungeon play` would choose; the seat's
/// key is forgotten once the game is over.
pub fn play(
    lang: Lang,
    mut table: RemoteTable,
    url: &str,
    keys: Option<&SeatKeys>,
    plain: bool,
    shutdown: &Shutdown,
) -> ExitCode {
    let session = Session {
        remote: Some(url.to_string()),
        ..Session::default()
    };
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let code = if !plain && terminal {
        crate::tui::play(&mut table, lang, &session, shutdown)
    } else {
        crate::play::line::run(&mut table, lang, &session, shutdown)
    };
    if matches!(table.state(), TableState::Over { .. })
        && let (Some(keys), Ok(invite)) = (keys, Invite::parse(url))
    {
        keys.forget(&invite.server.authority, &invite.code);
    }
    code
}

/// `--name`, checked as `dungeon play --names` checks a name; empty for the default one.
pub fn check_name(lang: Lang, name: Option<&str>) -> Result<String, String> {
    let names = crate::play::names::parse(lang, name, 1, &[])?;
    Ok(names.into_iter().next().unwrap_or_default())
}

/// Why a table could not be reached or taken, in `lang`. `invite` names the table (for
/// `dungeon host`, the server only: its code is empty).
pub fn refusal(lang: Lang, invite: &Invite, error: &ConnectError) -> String {
    let server: Arg = escape_line(&invite.server.authority).into_owned().into();
    let clean = |s: &str| -> Arg { escape_line(s).into_owned().into() };
    match error {
        ConnectError::Address(e) => bad_address(lang, &invite.url(), e),
        ConnectError::Unreachable(e) => tr(
            lang,
            "net-unreachable",
            &[("server", server), ("error", clean(e))],
        ),
        ConnectError::Timeout => tr(lang, "net-timeout", &[("server", server)]),
        ConnectError::Closed => tr(lang, "net-closed", &[("server", server)]),
        ConnectError::VersionMismatch { ours, message } => tr(
            lang,
            "net-version",
            &[("ours", (*ours).into()), ("message", clean(message))],
        ),
        ConnectError::Refused { code, message } => {
            let code_arg: Arg = invite.code.clone().into();
            let url: Arg = invite.url().into();
            match code {
                ErrorCode::UnknownTable => tr(lang, "net-unknown-table", &[("code", code_arg)]),
                ErrorCode::TableFull => {
                    tr(lang, "net-table-full", &[("code", code_arg), ("url", url)])
                }
                ErrorCode::AlreadyStarted => tr(
                    lang,
                    "net-already-started",
                    &[("code", code_arg), ("url", url)],
                ),
                ErrorCode::TooManyTables => tr(lang, "net-too-many-tables", &[]),
                ErrorCode::TableQuota => tr(lang, "net-table-quota", &[]),
                ErrorCode::TooManyConnections | ErrorCode::RateLimited => {
                    tr(lang, "net-busy", &[("server", server)])
                }
                _ => tr(
                    lang,
                    "net-refused",
                    &[("message", clean(message)), ("code", code.as_str().into())],
                ),
            }
        }
        ConnectError::Protocol(e) => tr(lang, "net-protocol", &[("error", clean(e))]),
        ConnectError::Packs(message) => message.clone(),
        ConnectError::PackDiffers { pack } => {
            tr(lang, "net-pack-differs", &[("pack", clean(pack))])
        }
        ConnectError::Thread(e) => tr(lang, "net-thread", &[("error", clean(e))]),
    }
}
