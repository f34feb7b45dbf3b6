//! The leak test: 200 games at 2 to 4 players (`DUNGEON_LEAK_GAMES` for more), every seat
//! a scripted person on its own connection, a spectator at each table. Every frame sent
//! is checked against the same game played here, on a local engine, from its seed:
//! - each log entry is the event as that seat may see it, and its private version only
//!   that seat's; another seat's draw, card put in or set aside never names the card;
//! - each view is that seat's view of some state of the game, in order;
//! - the spectator gets public entries only, no question, and after every decision the
//!   public view of the game as it stands, every part of which is the same in every
//!   seat's view (or empty);
//! - no frame holds the seed, or a field of the full game state (the deck, the dungeon,
//!   the cards, the generator).

mod support;

use dungeon_engine::event::Event;
use dungeon_engine::ids::Seat;
use dungeon_engine::view::{PlayerView, View};
use dungeon_engine::{Engine, GameOptions};
use dungeon_protocol::{ClientMessage, ServerMessage};
use dungeon_table::NOBODY;
use serde_json::Value;
use std::thread;
use support::*;

const SEEDS: u64 = 0x1EA4_0000_7777;

fn games() -> usize {
    std::env::var("DUNGEON_LEAK_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200)
}

/// The game played here: every event, and each seat's view and the public view after
/// each decision.
struct Oracle {
    events: Vec<Event>,
    views: Vec<Vec<PlayerView>>,
    public: Vec<PlayerView>,
}

fn oracle(engine: &mut Engine, players: u8, seed: u64, tag: u64) -> Oracle {
    let options = GameOptions {
        players,
        ..GameOptions::default()
    };
    let mut events = Vec::new();
    let mut state = engine.new_game(options, seed, &mut events).unwrap();
    let snapshot = |state: &_| {
        (0..players)
            .map(|s| View::new(state, s).snapshot())
            .collect::<Vec<_>>()
    };
    let mut views: Vec<Vec<PlayerView>> = vec![Vec::new(); players as usize];
    let mut public = Vec::new();
    let mut number = 0;
    loop {
        for (s, v) in snapshot(&state).into_iter().enumerate() {
            views[s].push(v);
        }
        public.push(dungeon_table::public_view(&state));
        let Some(decision) = state.pending.clone() else {
            break;
        };
        let action = choose(tag, number, &decision);
        engine.apply(&mut state, action, &mut events).unwrap();
        number += 1;
    }
    Oracle {
        events,
        views,
        public,
    }
}

/// Whether every part of `public` is the same in each of `views`, or empty (`null`, `[]`):
/// then it tells nothing that some seat may not know.
fn known_to_all(public: &Value, views: &[&Value]) -> bool {
    if views.iter().all(|v| *v == public) {
        return true;
    }
    let parts = |part: &dyn Fn(&Value) -> &Value| -> Vec<&Value> {
        views.iter().map(|v| part(v)).collect()
    };
    match public {
        Value::Null => true,
        Value::Array(items) if items.is_empty() => true,
        Value::Array(items) => {
            views
                .iter()
                .all(|v| v.as_array().map(Vec::len) == Some(items.len()))
                && (items.iter().enumerate())
                    .all(|(i, item)| known_to_all(item, &parts(&|v: &Value| &v[i])))
        }
        Value::Object(fields) => fields
            .iter()
            .all(|(key, field)| known_to_all(field, &parts(&|v: &Value| &v[key]))),
        _ => false,
    }
}

/// Checks a view sent to a spectator: the public view of a state at or after
/// `oracle.public[from]`, which tells nothing some seat may not know; where it is.
fn check_public_view(game: usize, view: &PlayerView, oracle: &Oracle, from: usize) -> usize {
    assert_eq!(
        view.seat, NOBODY,
        "game {game}: a spectator got a seat's view"
    );
    let at = from
        + oracle.public[from..]
            .iter()
            .position(|v| v == view)
            .unwrap_or_else(|| panic!("game {game}: a view of no state of the game: {view:?}"));
    let mut public = serde_json::to_value(view).unwrap();
    public.as_object_mut().unwrap().remove("seat");
    let seats: Vec<Value> = (oracle.views.iter())
        .map(|views| serde_json::to_value(&views[at]).unwrap())
        .collect();
    assert!(
        known_to_all(&public, &seats.iter().collect::<Vec<_>>()),
        "game {game}: the spectator's view tells what not every seat knows: {view:?}"
    );
    at
}

/// Whether `event`, sent to `viewer`, names a card only its owner may know.
fn names_a_hidden_card(event: &Event, viewer: Option<Seat>) -> bool {
    match event {
        Event::Drew {
            seat,
            card,
            monster,
        }
        | Event::AddedToDungeon {
            seat,
            card,
            monster,
            ..
        }
        | Event::SetAside {
            seat,
            card,
            monster,
            ..
        } => Some(*seat) != viewer && (card.is_some() || monster.is_some()),
        _ => false,
    }
}

/// Checks every frame one seat (or the spectator, `None`) received.
fn check_frames(game: usize, viewer: Option<Seat>, frames: &[String], oracle: &Oracle, seed: u64) {
    let mut next_view = 0;
    let mut views = 0;
    for frame in frames {
        for forbidden in [
            seed.to_string(),
            "\"rng\"".into(),
            "\"deck\"".into(),
            "\"dungeon\":[".into(),
            "\"discard\"".into(),
        ] {
            assert!(
                !frame.contains(&forbidden),
                "game {game}, {viewer:?}: {forbidden} in {frame}"
            );
        }
        match serde_json::from_str::<ServerMessage>(frame).unwrap() {
            ServerMessage::Log { entries } => {
                for entry in entries {
                    let event = &oracle.events[entry.index as usize];
                    let public = event.seen_by(Seat::MAX);
                    assert_eq!(entry.public, public, "game {game}: entry {}", entry.index);
                    assert!(
                        !names_a_hidden_card(&entry.public, None),
                        "game {game}: {entry:?}"
                    );
                    match (&entry.private, viewer) {
                        (None, Some(seat)) => assert_eq!(
                            event.seen_by(seat),
                            public,
                            "game {game}: a private entry kept back"
                        ),
                        (None, None) => {}
                        (Some((owner, private)), Some(seat)) => {
                            assert_eq!(*owner, seat, "game {game}: another seat's entry");
                            assert_eq!(private, &event.seen_by(seat));
                            assert!(!names_a_hidden_card(private, Some(seat)));
                        }
                        (Some(_), None) => panic!("game {game}: a spectator got a private entry"),
                    }
                }
            }
            ServerMessage::View { view } => {
                views += 1;
                let Some(seat) = viewer else {
                    next_view = check_public_view(game, &view, oracle, next_view);
                    continue;
                };
                assert_eq!(view.seat, seat);
                let views = &oracle.views[seat as usize];
                let at = views[next_view..]
                    .iter()
                    .position(|v| *v == view)
                    .unwrap_or_else(|| {
                        panic!("game {game}, seat {seat}: a view of no state of the game: {view:?}")
                    });
                next_view += at;
            }
            ServerMessage::Asking { seat, .. } => assert_eq!(Some(seat), viewer),
            _ => {}
        }
    }
    // Seats and spectators alike are shown the table to the end of the game.
    let end = oracle.public.len() - 1;
    assert!(views > 0, "game {game}, {viewer:?}: no view");
    assert_eq!(
        next_view, end,
        "game {game}, {viewer:?}: the last view is not the end"
    );
}

/// Plays games `first..first + count` at once, all seats people, and checks them.
fn batch(url: &str, engines: &mut [Engine; 3], first: usize, count: usize) {
    let mut tables = Vec::new();
    for game in first..first + count {
        let players = 2 + (game % 3) as u8;
        let mut creator = Client::hello(url);
        let (code, _) = create(
            &mut creator,
            new_table(&["base", "sequel"], players, players, "easy"),
        );
        let mut clients = vec![creator];
        for i in 1..players {
            let mut client = Client::hello(url);
            join(&mut client, &code, &format!("P{i}"));
            clients.push(client);
        }
        let mut spectator = Client::hello(url);
        spectator.send(&ClientMessage::Watch { code });
        clients[0].send(&ClientMessage::Start {});
        tables.push((game, players, clients, spectator));
    }
    let mut threads = Vec::new();
    for (game, players, clients, mut spectator) in tables {
        for (seat, mut client) in clients.into_iter().enumerate() {
            threads.push(thread::spawn(move || {
                play_out(&mut client, seat as Seat, game as u64);
                (game, players, Some(seat as Seat), client.frames)
            }));
        }
        threads.push(thread::spawn(move || {
            let mut seen = Seen::default();
            while seen.winner.is_none() {
                let message = spectator.recv();
                seen.take(None, &message);
            }
            (game, players, None, spectator.frames)
        }));
    }
    let mut oracles = std::collections::HashMap::new();
    for t in threads {
        let (game, players, viewer, frames) = t.join().unwrap();
        let seed = SEEDS + game as u64;
        let oracle = oracles.entry(game).or_insert_with(|| {
            oracle(
                &mut engines[(players - 2) as usize],
                players,
                seed,
                game as u64,
            )
        });
        check_frames(game, viewer, &frames, oracle, seed);
    }
}

#[test]
fn no_seat_is_ever_sent_what_it_may_not_know() {
    let server = server(SEEDS, roomy());
    let url = server.url();
    let mut engines = [0, 1, 2].map(|_| dungeon_tests::engine(&["base", "sequel"]));
    let total = games();
    let mut first = 0;
    while first < total {
        let count = 8.min(total - first);
        batch(&url, &mut engines, first, count);
        first += count;
    }
}
