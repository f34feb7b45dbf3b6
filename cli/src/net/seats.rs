//! What taking a seat shares, at a table of this game (`join.rs`, `host.rs`) or of
//! another (`rooms.rs`): the seats' tokens kept in the data folder (`seats/`, beside
//! `dungeon play`'s `games/`), why an address is refused, and a line said on stdout.

use crate::saves::kept as games;
use crate::text::tr;
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_remote::{AddressError, SeatKey, SeatKeys, Server};
use std::io::Write;

/// The folder of the seats' tokens: `seats/` in the data folder, if there is one.
pub fn seat_keys() -> Option<SeatKeys> {
    let games = games::folder()?;
    let data = games.parent()?;
    Some(SeatKeys::new(data.join("seats")))
}

/// Keeps the token of `seat` at the table `code` (of either kind), so `dungeon join` takes
/// the seat back; says so if it cannot.
pub fn keep_seat(
    lang: Lang,
    keys: Option<&SeatKeys>,
    server: &Server,
    code: &str,
    seat: Option<(u8, &str)>,
) {
    let (Some(keys), Some((seat, token))) = (keys, seat) else {
        say(&tr(lang, "net-no-key", &[]));
        return;
    };
    let key = SeatKey {
        server: server.authority.clone(),
        code: code.to_string(),
        seat,
        token: token.to_string(),
    };
    if let Err(e) = keys.keep(&key) {
        let error = crate::text::io_error(lang, &e);
        say(&tr(lang, "net-key-failed", &[("error", error.into())]));
    }
}

/// Why an address is not a table's or a server's, in `lang`.
pub fn bad_address(lang: Lang, text: &str, error: &AddressError) -> String {
    let why = match error {
        AddressError::Encrypted => tr(lang, "net-address-encrypted", &[]),
        AddressError::Scheme => tr(lang, "net-address-scheme", &[]),
        AddressError::NoHost => tr(lang, "net-address-host", &[]),
        AddressError::NoCode => tr(lang, "net-address-code", &[]),
        AddressError::Shape => tr(lang, "net-address-shape", &[]),
    };
    let address = escape_line(text).into_owned();
    tr(
        lang,
        "net-bad-address",
        &[("address", address.into()), ("why", why.into())],
    )
}

/// Writes a line; a terminal that went away is not worth a panic.
pub fn say(line: &str) {
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}
