//! Who may open `/ws`, and who a connection comes from.
//!
//! - **Origin.** A browser sends the page's origin with every WebSocket upgrade, and any
//!   page may try one: without a check, a page on any site could play at this server in
//!   its visitor's name. An upgrade without `Origin` (a program, not a browser), from the
//!   server's own origin (the `Host` it was asked by) or from an origin the operator
//!   named is let in; any other is refused with 403.
//! - **Client address.** Limits per address count the peer of the TCP connection, except
//!   when that peer is a reverse proxy the operator named: then the client is the one the
//!   proxy names in `Forwarded` or `X-Forwarded-For` (the last address there that is not
//!   itself a named proxy). Nobody else's forwarding headers are believed: anyone can
//!   write them.

use axum::http::HeaderMap;
use axum::http::header::{FORWARDED, HOST, ORIGIN};
use std::net::{IpAddr, SocketAddr};

/// What the operator allows (`dungeon serve --allow-origin`, `--trusted-proxy`).
#[derive(Clone, Debug, Default)]
pub struct Access {
    /// Origins whose pages may open `/ws` besides the server's own, as browsers send
    /// them: `https://example.org`, `http://localhost:8080`.
    pub allowed_origins: Vec<String>,
    /// Reverse proxies whose forwarding headers name the client.
    pub trusted_proxies: Vec<IpAddr>,
}

impl Access {
    /// Whether an upgrade with these headers may go on.
    pub(crate) fn origin_allowed(&self, headers: &HeaderMap) -> bool {
        let Some(origin) = headers.get(ORIGIN) else {
            return true;
        };
        let Ok(origin) = origin.to_str() else {
            return false;
        };
        let origin = origin.trim_end_matches('/');
        let own = headers
            .get(HOST)
            .and_then(|h| h.to_str().ok())
            .is_some_and(|host| {
                ["http://", "https://"]
                    .iter()
                    .filter_map(|scheme| origin.strip_prefix(scheme))
                    .any(|authority| authority.eq_ignore_ascii_case(host))
            });
        own || self
            .allowed_origins
            .iter()
            .any(|allowed| allowed.trim_end_matches('/').eq_ignore_ascii_case(origin))
    }

    /// The client's address: the peer's, unless the peer is a trusted proxy that names
    /// the client.
    pub(crate) fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.ip().to_canonical();
        if !self.trusted_proxies.contains(&peer) {
            return peer;
        }
        let mut hops: Vec<IpAddr> = Vec::new();
        for value in headers.get_all(FORWARDED) {
            let Ok(text) = value.to_str() else { continue };
            for element in text.split(',') {
                let found = element.split(';').find_map(|pair| {
                    let (name, value) = pair.split_once('=')?;
                    name.trim()
                        .eq_ignore_ascii_case("for")
                        .then(|| node(value))?
                });
                hops.extend(found);
            }
        }
        if hops.is_empty() {
            for value in headers.get_all("x-forwarded-for") {
                let Ok(text) = value.to_str() else { continue };
                hops.extend(text.split(',').filter_map(node));
            }
        }
        // The proxies append: the last hop that is not one of ours is the client.
        hops.into_iter()
            .rev()
            .find(|ip| !self.trusted_proxies.contains(ip))
            .unwrap_or(peer)
    }
}

/// An address as forwarding headers write it: `192.0.2.1`, `"[2001:db8::1]:4711"`,
/// `192.0.2.1:80`; `None` for `unknown` or an obfuscated name.
fn node(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(ip.to_canonical());
    }
    if let Ok(socket) = text.parse::<SocketAddr>() {
        return Some(socket.ip().to_canonical());
    }
    let inner = text.strip_prefix('[')?.split(']').next()?;
    inner.parse::<IpAddr>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, value.parse().unwrap());
        }
        map
    }

    #[test]
    fn origins_no_origin_the_servers_own_and_the_named_ones() {
        let access = Access {
            allowed_origins: vec!["https://play.example.org".into()],
            ..Access::default()
        };
        let host = ("host", "dungeon.example.org:7777");
        assert!(access.origin_allowed(&headers(&[host])));
        let own = ("origin", "http://dungeon.example.org:7777");
        assert!(access.origin_allowed(&headers(&[host, own])));
        let named = ("origin", "https://play.example.org");
        assert!(access.origin_allowed(&headers(&[host, named])));
        for foreign in ["https://evil.example", "null", "http://dungeon.example.org"] {
            assert!(!access.origin_allowed(&headers(&[host, ("origin", foreign)])));
        }
    }

    #[test]
    fn forwarding_headers_count_only_from_a_trusted_proxy() {
        let proxy: IpAddr = [127, 0, 0, 1].into();
        let access = Access {
            trusted_proxies: vec![proxy],
            ..Access::default()
        };
        let from_proxy = SocketAddr::new(proxy, 5000);
        let stranger = SocketAddr::new([192, 0, 2, 9].into(), 5000);
        let xff = headers(&[("x-forwarded-for", "10.9.9.9, 198.51.100.7, 127.0.0.1")]);
        assert_eq!(
            access.client(from_proxy, &xff),
            "198.51.100.7".parse::<IpAddr>().unwrap()
        );
        assert_eq!(access.client(stranger, &xff), stranger.ip());
        let forwarded = headers(&[("forwarded", "for=\"[2001:db8::1]:4711\";proto=https")]);
        assert_eq!(
            access.client(from_proxy, &forwarded),
            "2001:db8::1".parse::<IpAddr>().unwrap()
        );
        let none = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(access.client(from_proxy, &none), proxy);
    }
}
