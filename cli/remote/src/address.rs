//! Where a table is: the server's WebSocket address and the table's code, read from what a
//! player types (`dungeon join ws://host:7777/t/CODE`, `dungeon host --server host:7777`)
//! and written back as the invitation `dungeon host` prints.
//!
//! Only `ws://` (and `http://`, taken as the same) is spoken: this build has no TLS, and a
//! `wss://` address is refused by name rather than failing somewhere in a handshake.

/// The path of the server's WebSocket endpoint.
const ENDPOINT: &str = "/ws";
/// The path an invitation puts before a table's code.
const TABLE_PATH: &str = "/t/";
/// The path an invitation to a table of another game (`/rooms`) puts before its code.
const ROOM_PATH: &str = "/r/";
/// A code or host longer than this is not one (codes are some twenty characters).
const MAX_PART: usize = 256;

/// Why an address was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// `wss://` or `https://`: encrypted connections need a TLS proxy in front of this build.
    #[error("encrypted connections (wss://) are not supported by this build")]
    Encrypted,
    #[error("not a ws:// address")]
    Scheme,
    #[error("the address names no host")]
    NoHost,
    #[error("the address names no table (ws://HOST:PORT/t/CODE)")]
    NoCode,
    #[error("the address is not one this program understands")]
    Shape,
}

/// A server, as `host:port` (or `[v6]:port`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Server {
    pub authority: String,
}

impl Server {
    /// Reads `ws://HOST:PORT`, `ws://HOST:PORT/ws`, `http://HOST:PORT` or `HOST:PORT`.
    pub fn parse(text: &str) -> Result<Server, AddressError> {
        let (server, path) = split(text)?;
        match path {
            "" | "/" | ENDPOINT => Ok(server),
            _ => Err(AddressError::Shape),
        }
    }

    /// The WebSocket endpoint, `ws://HOST:PORT/ws`.
    pub fn endpoint(&self) -> String {
        format!("ws://{}{ENDPOINT}", self.authority)
    }

    /// The invitation to the table `code`: `ws://HOST:PORT/t/CODE`.
    pub fn invite(&self, code: &str) -> String {
        format!("ws://{}{TABLE_PATH}{code}", self.authority)
    }

    /// The invitation to the table `code` of another game: `ws://HOST:PORT/r/CODE`.
    pub fn room_invite(&self, code: &str) -> String {
        format!("ws://{}{ROOM_PATH}{code}", self.authority)
    }
}

/// A table: its server and code, from an invitation (`ws://HOST:PORT/t/CODE`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    pub server: Server,
    pub code: String,
}

impl Invite {
    pub fn parse(text: &str) -> Result<Invite, AddressError> {
        Invite::parse_under(text, TABLE_PATH)
    }

    /// An invitation to a table of another game: `ws://HOST:PORT/r/CODE`.
    pub fn parse_room(text: &str) -> Result<Invite, AddressError> {
        Invite::parse_under(text, ROOM_PATH)
    }

    /// Whether `text` invites to a table of another game.
    pub fn is_room(text: &str) -> bool {
        split(text).is_ok_and(|(_, path)| path.starts_with(ROOM_PATH))
    }

    fn parse_under(text: &str, prefix: &str) -> Result<Invite, AddressError> {
        let (server, path) = split(text)?;
        let code = path.strip_prefix(prefix).ok_or(AddressError::NoCode)?;
        let code = code.trim_end_matches('/');
        if code.is_empty() {
            return Err(AddressError::NoCode);
        }
        if code.len() > MAX_PART || !code.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(AddressError::Shape);
        }
        Ok(Invite {
            server,
            code: code.to_string(),
        })
    }

    /// The invitation as typed to come back: `ws://HOST:PORT/t/CODE`.
    pub fn url(&self) -> String {
        self.server.invite(&self.code)
    }

    /// The same table's page, for a browser: `http://HOST:PORT/t/CODE` (`dungeon join`
    /// takes it too).
    pub fn web_url(&self) -> String {
        format!("http://{}{TABLE_PATH}{}", self.server.authority, self.code)
    }
}

/// The server and the path of an address.
fn split(text: &str) -> Result<(Server, &str), AddressError> {
    let text = text.trim();
    let lower = text.to_ascii_lowercase();
    let rest = if lower.starts_with("wss://") || lower.starts_with("https://") {
        return Err(AddressError::Encrypted);
    } else if lower.starts_with("ws://") {
        &text[5..]
    } else if lower.starts_with("http://") {
        &text[7..]
    } else if lower.contains("://") {
        return Err(AddressError::Scheme);
    } else {
        text
    };
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    if authority.is_empty() {
        return Err(AddressError::NoHost);
    }
    // No user info, query or fragment; only what a host and port are made of.
    let allowed = |b: u8| b.is_ascii_alphanumeric() || b"-._:[]".contains(&b);
    if authority.len() > MAX_PART || !authority.bytes().all(allowed) {
        return Err(AddressError::Shape);
    }
    if path.contains(['?', '#']) {
        return Err(AddressError::Shape);
    }
    Ok((
        Server {
            authority: authority.to_string(),
        },
        path,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_invitations_and_servers() {
        let invite = Invite::parse("ws://127.0.0.1:7777/t/AB12cd").unwrap();
        assert_eq!(invite.server.authority, "127.0.0.1:7777");
        assert_eq!(invite.code, "AB12cd");
        assert_eq!(invite.url(), "ws://127.0.0.1:7777/t/AB12cd");
        assert_eq!(invite.server.endpoint(), "ws://127.0.0.1:7777/ws");
        assert_eq!(Invite::parse("http://h:1/t/X/").unwrap().code, "X");
        assert_eq!(Invite::parse("h:1/t/X").unwrap().server.authority, "h:1");
        for server in ["ws://h:1", "ws://h:1/", "ws://h:1/ws", "h:1", "HTTP://h:1"] {
            assert_eq!(Server::parse(server).unwrap().authority, "h:1", "{server}");
        }
        assert_eq!(
            Server::parse("ws://[::1]:7/ws").unwrap().authority,
            "[::1]:7"
        );
        // A table of another game: its own path, which the first game's parse refuses.
        let room = Invite::parse_room("ws://h:1/r/abc").unwrap();
        assert_eq!(
            (room.server.authority.as_str(), room.code.as_str()),
            ("h:1", "abc")
        );
        assert_eq!(room.server.room_invite("abc"), "ws://h:1/r/abc");
        assert!(Invite::is_room("ws://h:1/r/abc") && !Invite::is_room("ws://h:1/t/abc"));
        assert!(
            !Invite::is_room("ws://r:1/t/x"),
            "a host named r is not a path"
        );
        assert_eq!(Invite::parse("ws://h:1/r/abc"), Err(AddressError::NoCode));
        assert_eq!(
            Invite::parse_room("ws://h:1/t/abc"),
            Err(AddressError::NoCode)
        );
    }

    #[test]
    fn refuses_what_is_not_an_address() {
        assert_eq!(Invite::parse("wss://h/t/X"), Err(AddressError::Encrypted));
        assert_eq!(Server::parse("https://h"), Err(AddressError::Encrypted));
        assert_eq!(Invite::parse("ftp://h/t/X"), Err(AddressError::Scheme));
        assert_eq!(Invite::parse("ws:///t/X"), Err(AddressError::NoHost));
        assert_eq!(Invite::parse("ws://h:1/ws"), Err(AddressError::NoCode));
        assert_eq!(Invite::parse("ws://h:1/t/"), Err(AddressError::NoCode));
        assert_eq!(Invite::parse("ws://h:1/t/a%20b"), Err(AddressError::Shape));
        assert_eq!(Invite::parse("ws://u@h:1/t/X"), Err(AddressError::Shape));
        assert_eq!(Server::parse("ws://h:1/other"), Err(AddressError::Shape));
        assert_eq!(Invite::parse("ws://h:1/t/X?y"), Err(AddressError::Shape));
        let long = format!("ws://h:1/t/{}", "A".repeat(300));
        assert_eq!(Invite::parse(&long), Err(AddressError::Shape));
    }
}
