//! The door of the server: which pages may open `/ws` (the `Origin` check), how long each
//! stage of a connection may stay silent, the cap on connections with each address's
//! fair share, and forwarding headers believed only from a proxy the operator named.

mod support;

use dungeon_protocol::{ClientMessage, ErrorCode, ServerMessage};
use dungeon_server::{Access, Limits, MemoryStore};
use std::io::{Read, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::*;

fn trusting(limits: Limits, access: Access) -> dungeon_server::Running {
    server_trusting(1, limits, Arc::new(MemoryStore::default()), access)
}

fn greeted(mut client: Client) -> Client {
    client.send(&ClientMessage::Hello {
        version: dungeon_protocol::PROTOCOL_VERSION,
        lang: None,
    });
    assert!(matches!(client.recv(), ServerMessage::Welcome { .. }));
    client
}

#[test]
fn only_no_origin_the_servers_own_and_named_origins_open_the_socket() {
    let access = Access {
        allowed_origins: vec!["https://play.example.org".into()],
        ..Access::default()
    };
    let server = trusting(roomy(), access);
    let url = server.url();
    let own = format!("http://{}", server.addr);
    for origin in [own.as_str(), "https://play.example.org"] {
        let client = Client::connect_with(&url, &[("origin", origin)]);
        greeted(client.unwrap_or_else(|e| panic!("{origin} refused: {e}")));
    }
    greeted(Client::connect(&url));
    // The rooms' socket keeps the same door.
    let rooms = url.replace("/ws", "/rooms");
    assert_ne!(rooms, url);
    for origin in [own.as_str(), "https://play.example.org"] {
        let client = Client::connect_with(&rooms, &[("origin", origin)]);
        assert!(client.is_ok(), "{origin} refused at /rooms");
    }
    for url in [&url, &rooms] {
        for origin in ["https://evil.example", "null", "http://127.0.0.1:1"] {
            match Client::connect_with(url, &[("origin", origin)]) {
                Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 403),
                Err(e) => panic!("{origin} at {url}: {e}"),
                Ok(_) => panic!("{origin} opened the socket at {url}"),
            }
        }
    }
}

#[test]
fn connections_silent_at_any_stage_are_closed() {
    let limits = Limits {
        request_head: Duration::from_millis(300),
        hello_within: Duration::from_millis(300),
        idle: Duration::from_millis(600),
        ..roomy()
    };
    let server = trusting(limits, Access::default());
    let url = server.url();
    // A request that never ends.
    let mut tcp = std::net::TcpStream::connect(server.addr).unwrap();
    tcp.write_all(b"GET /ws HTTP/1.1\r\nHost: x\r\n").unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let started = Instant::now();
    let ended = matches!(tcp.read(&mut [0u8; 64]), Ok(0) | Err(_));
    assert!(
        ended && started.elapsed() < Duration::from_secs(4),
        "a half-sent request stays open"
    );
    // A WebSocket that never says hello.
    let mut mute = Client::connect(&url);
    assert!(
        mute.closes_within(Duration::from_secs(4)),
        "no hello, still open"
    );
    // A client that said hello, then nothing, and does not even answer pings.
    let mut gone = Client::hello(&url);
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        gone.closes_within(Duration::from_secs(4)),
        "silent, still open"
    );
    // One that reads (its library answers the pings) stays, silent as it is.
    let mut listening = Client::hello(&url);
    assert!(!listening.closes_within(Duration::from_millis(1500)));
    listening.send(&ClientMessage::Watch {
        code: "nope".into(),
    });
    assert_eq!(listening.error(), ErrorCode::UnknownTable);
}

/// Connects as if through the proxy from `client`.
fn via_proxy(url: &str, client: &str) -> Result<Client, tungstenite::Error> {
    Client::connect_with(url, &[("x-forwarded-for", client)])
}

fn refused(mut client: Client) {
    assert_eq!(client.error(), ErrorCode::TooManyConnections);
    assert!(client.closes_within(Duration::from_secs(5)));
    // The server drops the refused connection's place as it closes it.
    std::thread::sleep(Duration::from_millis(100));
}

#[test]
fn a_cap_on_connections_with_a_fair_share_per_client_behind_a_named_proxy() {
    let limits = Limits {
        max_connections: 4,
        connections_per_address: 100,
        ..roomy()
    };
    let access = Access {
        trusted_proxies: vec![[127, 0, 0, 1].into()],
        ..Access::default()
    };
    let server = trusting(limits, access);
    let url = server.url();
    let a1 = greeted(via_proxy(&url, "10.0.0.1").unwrap());
    let a2 = greeted(via_proxy(&url, "10.0.0.1").unwrap());
    // Half the cap is in use: 10.0.0.1 holds its share, a newcomer gets in.
    refused(via_proxy(&url, "10.0.0.1").unwrap());
    let b1 = greeted(via_proxy(&url, "10.0.0.2").unwrap());
    refused(via_proxy(&url, "10.0.0.2").unwrap());
    let c1 = greeted(via_proxy(&url, "192.0.2.7, 10.0.0.3").unwrap());
    // The cap: closed at the door, whoever it is.
    assert!(
        via_proxy(&url, "10.0.0.4")
            .and_then(|mut c| {
                c.try_send(&ClientMessage::Hello {
                    version: 1,
                    lang: None,
                });
                c.try_recv().ok_or(tungstenite::Error::ConnectionClosed)
            })
            .is_err()
    );
    drop((a1, a2, b1, c1));

    // Forwarding headers from anyone else count for nothing: all of these are 127.0.0.1.
    let limits = Limits {
        connections_per_address: 2,
        ..roomy()
    };
    let server = trusting(limits, Access::default());
    let url = server.url();
    let _first = greeted(via_proxy(&url, "10.0.0.1").unwrap());
    let _second = greeted(via_proxy(&url, "10.0.0.2").unwrap());
    refused(via_proxy(&url, "10.0.0.3").unwrap());
}
