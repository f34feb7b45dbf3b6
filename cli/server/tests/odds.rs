//! Odds at a network table (`ask_odds`), through the real server over loopback:
//!
//! - a seat's odds are the ones a local table would show for that seat's view (worked out
//!   here from the stored state with the local table's own code), and they depend on that
//!   view only: states the seat cannot tell from the real one give the same figures;
//! - requests are bounded: one in flight per connection (`busy`), a server-wide queue
//!   (`busy` when full), nothing for a spectator or before the start.

mod support;

use dungeon_engine::action::{Action, DecisionKind};
use dungeon_engine::view::PlayerView;
use dungeon_engine::{Engine, GameState, View};
use dungeon_protocol::{ClientMessage, ErrorCode, ServerMessage};
use dungeon_server::{Limits, MemoryStore, Store};
use dungeon_table::Odds;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::sync::Arc;
use std::time::Duration;
use support::*;

/// Plays the humans' seats (always drawing, always adding the card) until the dungeon holds
/// `cards` cards while the bidding goes on (to draw, or holding a drawn card), every human seat has its view, and the seat asked
/// is a human one: its index among `clients`, with every seat's view.
fn bid_until(clients: &mut [Client], cards: u8) -> (usize, Vec<PlayerView>) {
    let mut views: Vec<Option<PlayerView>> = vec![None; clients.len()];
    let mut asked: Option<(usize, u32, dungeon_engine::action::Decision)> = None;
    loop {
        for (i, client) in clients.iter_mut().enumerate() {
            while let Some(message) = client.poll(Duration::from_millis(5)) {
                match message {
                    ServerMessage::View { view } => views[i] = Some(view),
                    ServerMessage::Asking {
                        number, decision, ..
                    } => asked = Some((i, number, decision)),
                    ServerMessage::Over { .. } => panic!("the game ended first"),
                    ServerMessage::Error { code, message } => panic!("{code}: {message}"),
                    _ => {}
                }
            }
        }
        let Some((i, number, decision)) = asked.take() else {
            continue;
        };
        let view = views[i].clone().expect("a view before a question");
        let bidding = matches!(
            decision.kind,
            DecisionKind::DrawOrPass | DecisionKind::PlaceCard { .. }
        );
        if bidding && view.dungeon_size >= cards && views.iter().all(Option::is_some) {
            return (i, views.into_iter().flatten().collect());
        }
        let legal = decision.legal_actions();
        let action = [Action::Draw, Action::AddToDungeon]
            .into_iter()
            .find(|a| legal.contains(a))
            .unwrap_or(legal[0]);
        clients[i].send(&ClientMessage::Answer { number, action });
    }
}

/// The next odds, skipping other messages; errors are returned as such.
fn odds_reply(client: &mut Client) -> Result<(u32, Option<Odds>), ErrorCode> {
    loop {
        match client.recv() {
            ServerMessage::Odds { number, odds } => return Ok((number, odds)),
            ServerMessage::Error { code, .. } => return Err(code),
            _ => {}
        }
    }
}

#[test]
fn a_seats_odds_are_its_local_odds_from_its_view_only() {
    let store = Arc::new(MemoryStore::default());
    let server = server_with(41, roomy(), store.clone());
    let url = server.url();
    let mut creator = Client::hello(&url);
    let (code, _) = create(&mut creator, new_table(&["base"], 4, 1, "easy"));
    creator.send(&ClientMessage::Start {});
    let mut clients = [creator];
    let (_, views) = bid_until(&mut clients, 2);
    let [mut client] = clients;
    let view = &views[0];

    // Asked twice at once: the second is refused while the first is worked out (a
    // search may end before the second request is read: tried a few times). Once
    // answered, the connection may ask again, and gets the same figures.
    let mut answers = Vec::new();
    let mut busy = 0;
    for _ in 0..20 {
        client.send(&ClientMessage::AskOdds {});
        client.send(&ClientMessage::AskOdds {});
        for _ in 0..2 {
            match odds_reply(&mut client) {
                Ok(answer) => answers.push(answer),
                Err(code) => {
                    assert_eq!(code, ErrorCode::Busy);
                    busy += 1;
                }
            }
        }
        if busy > 0 {
            break;
        }
    }
    assert!(busy > 0, "two requests in flight on one connection");
    let (number, odds) = answers[0].clone();
    assert!(answers.iter().all(|a| *a == (number, odds.clone())));
    let odds = odds.expect("odds mean something while bidding with a dungeon");

    // What a local table shows for this seat's view of the real game...
    let key: [u8; 32] = <sha2::Sha256 as sha2::Digest>::digest(code.as_bytes()).into();
    let stored = store.table(&key).unwrap().expect("the table is stored");
    let state: GameState = serde_json::from_str(&stored.state).unwrap();
    assert_eq!(View::new(&state, 0).snapshot(), *view);
    let (catalog, _) = dungeon_tests::library().catalog(&["base"]).unwrap();
    let catalog = Arc::new(catalog);
    let mut engine = Engine::new(catalog.clone()).unwrap();
    let local = dungeon_table::work_out_odds(&mut engine, &state, 0, number).unwrap();
    assert_eq!(odds, local);
    assert_eq!(odds.number, number);
    assert_eq!(odds.with_card.map(|(m, _)| m), view.hand);
    // ...which nothing but the view decides: games the seat cannot tell from this one
    // (other hidden cards, another deck order) give the very same figures.
    for seed in 0..3 {
        let other =
            View::new(&state, 0).determinize(&catalog, &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(View::new(&other, 0).snapshot(), *view);
        let again = dungeon_table::work_out_odds(&mut engine, &other, 0, number).unwrap();
        assert_eq!(again, odds, "seed {seed}");
    }
}

#[test]
fn odds_requests_are_bounded() {
    // One thread, no queue beyond it: a second seat's request while the first is worked
    // out is refused.
    let limits = Limits {
        odds_threads: 1,
        odds_queue: 0,
        ..roomy()
    };
    let server = server(42, limits);
    let url = server.url();
    let mut creator = Client::hello(&url);
    let (code, _) = create(&mut creator, new_table(&["base"], 2, 2, "easy"));
    let mut spectator = Client::hello(&url);
    spectator.send(&ClientMessage::Watch { code: code.clone() });
    assert!(matches!(spectator.recv(), ServerMessage::Watching { .. }));
    let mut second = Client::hello(&url);
    join(&mut second, &code, "Bo");
    // Nothing before the start; nothing for a spectator.
    second.send(&ClientMessage::AskOdds {});
    assert_eq!(odds_reply(&mut second), Err(ErrorCode::NotStarted));
    spectator.send(&ClientMessage::AskOdds {});
    assert_eq!(odds_reply(&mut spectator), Err(ErrorCode::NotYourTurn));
    creator.send(&ClientMessage::Start {});
    let mut clients = [creator, second];
    bid_until(&mut clients, 2);
    let [mut a, mut b] = clients;
    // Two seats at once (their order unknown): one is worked out, the other refused (a
    // search may end before the other request comes: tried a few times).
    let mut refused = false;
    for _ in 0..20 {
        a.send(&ClientMessage::AskOdds {});
        b.send(&ClientMessage::AskOdds {});
        let replies = [odds_reply(&mut a), odds_reply(&mut b)];
        assert!(replies.iter().any(Result::is_ok), "{replies:?}");
        if replies.contains(&Err(ErrorCode::Busy)) {
            refused = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(refused, "the queue took more than the pool's one thread");
    // The pool is free again once it answered (as soon as its thread waits again).
    let mut tries = 0;
    loop {
        b.send(&ClientMessage::AskOdds {});
        match odds_reply(&mut b) {
            Ok((_, Some(_))) => break,
            Err(ErrorCode::Busy) if tries < 50 => tries += 1,
            other => panic!("{other:?}"),
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
