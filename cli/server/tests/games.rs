//! Whole games through the real server over loopback: scripted people on WebSocket
//! clients, bots on the server; a spectator; a seat that drops its connection and takes
//! the seat back with its token; a person whose time runs out.

mod support;

use dungeon_engine::ids::Seat;
use dungeon_engine::view::ViewPhase;
use dungeon_protocol::{ClientMessage, ErrorCode, NoticeKind, ServerMessage};
use std::thread;
use support::*;

/// A whole game: `humans` scripted people (each on its own thread), bots for the rest,
/// a spectator. Every seat and the spectator see the same public log and winner; the
/// spectator sees the table in views of nobody; each seat's private entries are its own;
/// every answer was accepted once.
fn whole_game(players: u8, humans: u8, level: &str, tag: u64) {
    let server = server(tag, roomy());
    let url = server.url();
    let mut creator = Client::hello(&url);
    let (code, _) = create(
        &mut creator,
        new_table(&["base", "sequel"], players, humans, level),
    );
    let mut spectator = Client::hello(&url);
    spectator.send(&ClientMessage::Watch { code: code.clone() });
    assert!(matches!(spectator.recv(), ServerMessage::Watching { .. }));
    let mut others = Vec::new();
    for i in 1..humans {
        let mut client = Client::hello(&url);
        let (seat, _) = join(&mut client, &code, &format!("P{i}"));
        assert_eq!(seat, i as Seat);
        others.push(client);
    }
    creator.send(&ClientMessage::Start {});
    let mut threads = Vec::new();
    for (seat, mut client) in std::iter::once(creator).chain(others).enumerate() {
        threads.push(thread::spawn(move || {
            play_out(&mut client, seat as Seat, tag)
        }));
    }
    let mut watched = Seen::default();
    let mut table = None;
    while watched.winner.is_none() {
        let message = spectator.recv();
        match &message {
            ServerMessage::Asking { .. } => panic!("a spectator got {message:?}"),
            ServerMessage::View { view } => {
                assert_eq!(view.seat, dungeon_table::NOBODY, "a seat's view: {view:?}");
                assert_eq!((view.hand, &view.decision), (None, &None));
                table = Some(view.phase);
            }
            _ => {}
        }
        watched.take(None, &message);
    }
    let winner = watched.winner.unwrap();
    assert_eq!(
        table,
        Some(ViewPhase::GameOver { winner }),
        "the table as it ended"
    );
    let seen: Vec<Seen> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    assert!(watched.log.iter().all(|e| e.private.is_none()));
    for (seat, s) in seen.iter().enumerate() {
        assert_eq!(s.winner, watched.winner, "seat {seat}");
        assert_eq!(s.log.len(), watched.log.len(), "seat {seat}");
        for (mine, public) in s.log.iter().zip(&watched.log) {
            assert_eq!(mine.public, public.public);
            if let Some((owner, _)) = &mine.private {
                assert_eq!(*owner as usize, seat, "another seat's private entry");
            }
        }
        let mut sorted = s.accepted.clone();
        sorted.dedup();
        assert_eq!(sorted, s.accepted, "an answer acknowledged twice");
    }
    assert!(
        watched
            .log
            .iter()
            .any(|e| matches!(e.public, dungeon_engine::Event::Won { .. })),
        "the log ends with a winner"
    );
}

#[test]
fn two_players_one_person_one_bot() {
    whole_game(2, 1, "normal", 11);
}

#[test]
fn three_players_two_people_one_bot() {
    whole_game(3, 2, "easy", 12);
}

#[test]
fn four_players_two_people_two_bots() {
    whole_game(4, 2, "normal", 13);
}

#[test]
fn four_people() {
    whole_game(4, 4, "normal", 14);
}

/// Seat 1 drops its connection while it holds private cards and is asked, then takes the
/// seat back with its token: it gets the whole log again (its private entries included,
/// the same as before), the same view and the same question, and the game goes on.
#[test]
fn a_dropped_seat_comes_back_with_its_token() {
    let tag = 21;
    let server = server(tag, roomy());
    let url = server.url();
    let mut creator = Client::hello(&url);
    let (code, _) = create(&mut creator, new_table(&["base"], 3, 2, "easy"));
    let mut second = Client::hello(&url);
    let (seat, token) = join(&mut second, &code, "Bo");
    assert_eq!(seat, 1);
    creator.send(&ClientMessage::Start {});
    let first = thread::spawn(move || play_out(&mut creator, 0, tag));

    let mut seen = Seen::default();
    let mut last_view = None;
    let (number, decision) = loop {
        let message = second.recv();
        if let ServerMessage::View { view } = &message {
            last_view = Some(view.clone());
        }
        if let Some((number, decision)) = seen.take(Some(1), &message) {
            let holds_secrets = last_view
                .as_ref()
                .is_some_and(|v| !v.my_added.is_empty() || !v.my_set_aside.is_empty());
            let private = seen.log.iter().any(|e| e.private.is_some());
            if holds_secrets && private {
                break (number, decision);
            }
            second.send(&ClientMessage::Answer {
                number,
                action: choose(tag, number, &decision),
            });
        }
    };
    second.drop_connection();

    let mut back = Client::hello(&url);
    back.send(&ClientMessage::Rejoin {
        code: code.clone(),
        token: token.clone(),
    });
    match back.recv() {
        ServerMessage::Seated {
            seat,
            token: t,
            setup,
        } => {
            assert_eq!((seat, &t), (1, &token));
            assert!(setup.seats[1].controlled && !setup.seats[0].controlled);
        }
        other => panic!("expected seated, got {other:?}"),
    }
    let mut again = Seen::default();
    match back.recv() {
        ServerMessage::Log { entries } => {
            assert_eq!(entries.first().map(|e| e.index), Some(0));
            again.take(Some(1), &ServerMessage::Log { entries });
        }
        other => panic!("expected the whole log, got {other:?}"),
    }
    assert_eq!(again.log, seen.log, "the log, private entries included");
    match back.recv() {
        ServerMessage::View { view } => assert_eq!(Some(view), last_view),
        other => panic!("expected the view, got {other:?}"),
    }
    match back.recv() {
        ServerMessage::Asking {
            seat,
            number: n,
            decision: d,
        } => assert_eq!((seat, n, &d), (1, number, &decision)),
        other => panic!("expected the question again, got {other:?}"),
    }
    back.send(&ClientMessage::Answer {
        number,
        action: choose(tag, number, &decision),
    });
    let rest = play_on(&mut back, 1, tag, again);
    let ended = first.join().unwrap();
    assert_eq!(rest.winner, ended.winner);
}

/// A person who does not answer within the table's turn timeout: a bot of the table's
/// level answers, every seat gets a `timed_out` notice just before that move's log
/// entries, and the person is asked again at their next decision.
#[test]
fn a_turn_timeout_lets_a_bot_answer_then_gives_the_seat_back() {
    let tag = 31;
    let server = server(tag, roomy());
    let mut client = Client::hello(&server.url());
    let mut table = new_table(&["base"], 2, 1, "easy");
    table.turn_timeout_secs = Some(1);
    create(&mut client, table);
    client.send(&ClientMessage::Start {});
    let mut seen = Seen::default();
    // The first question is left unanswered.
    let first = loop {
        if let Some((number, _)) = seen.take(Some(0), &client.recv()) {
            break number;
        }
    };
    let started = std::time::Instant::now();
    let notice_index = loop {
        match client.recv() {
            ServerMessage::Notice {
                index,
                kind: NoticeKind::TimedOut { seat },
            } => {
                assert_eq!(seat, 0);
                break index;
            }
            ServerMessage::Accepted { .. } => panic!("nobody answered"),
            other => {
                seen.take(Some(0), &other);
            }
        }
    };
    assert!(started.elapsed() >= std::time::Duration::from_millis(900));
    match client.recv() {
        ServerMessage::Log { entries } => assert_eq!(entries[0].index, notice_index),
        other => panic!("expected the stand-in's move, got {other:?}"),
    }
    // The seat is asked again (a later question), and answers itself from then on.
    let mut rest = Seen::default();
    loop {
        let message = client.recv();
        if let Some((number, decision)) = rest.take(Some(0), &message) {
            assert!(number > first);
            client.send(&ClientMessage::Answer {
                number,
                action: choose(tag, number, &decision),
            });
            break;
        }
    }
    match client.recv() {
        ServerMessage::Accepted { .. } => {}
        other => panic!("expected accepted, got {other:?}"),
    }
}

/// The creator's name (`create_table`'s `name`) is seat 0's, as every joiner's setup says;
/// a joiner's name reaches those already seated; a name no seat could show is refused.
#[test]
fn the_creators_name_is_seat_zeros() {
    let server = server(31, roomy());
    let url = server.url();
    let mut creator = Client::hello(&url);
    let mut table = new_table(&["base"], 2, 2, "easy");
    table.name = "Ana".into();
    let (code, _) = create(&mut creator, table);
    let mut second = Client::hello(&url);
    second.send(&ClientMessage::Join {
        code: code.clone(),
        name: "Bo".into(),
    });
    let setup = loop {
        match second.recv() {
            ServerMessage::Seated { setup, .. } => break setup,
            ServerMessage::Notice { .. } => {}
            other => panic!("expected seated, got {other:?}"),
        }
    };
    assert_eq!(setup.seats[0].name, "Ana");
    assert_eq!(setup.seats[1].name, "Bo");
    // Those already seated learn the newcomer's name.
    loop {
        match creator.recv() {
            ServerMessage::Notice {
                kind: NoticeKind::Joined { seat, name },
                ..
            } => {
                assert_eq!((seat, name.as_str()), (1, "Bo"));
                break;
            }
            ServerMessage::Notice { .. } => {}
            other => panic!("expected the joined notice, got {other:?}"),
        }
    }

    let mut refused = Client::hello(&url);
    let mut table = new_table(&["base"], 2, 2, "easy");
    table.name = "A\u{1b}[2J".into();
    refused.send(&ClientMessage::CreateTable(table));
    assert_eq!(refused.error(), ErrorCode::BadRequest);
}

/// The start is said to every connection at the table in so many words (`notice
/// started`), before anything of the game: to the creator, to a seat whose turn it is not
/// and to a spectator, who otherwise could tell it only from the first `waiting`.
#[test]
fn everyone_at_the_table_is_told_the_game_started() {
    let server = server(32, roomy());
    let url = server.url();
    let mut creator = Client::hello(&url);
    let (code, _) = create(&mut creator, new_table(&["base"], 3, 2, "easy"));
    let mut spectator = Client::hello(&url);
    spectator.send(&ClientMessage::Watch { code: code.clone() });
    assert!(matches!(spectator.recv(), ServerMessage::Watching { .. }));
    let mut second = Client::hello(&url);
    join(&mut second, &code, "Bo");
    creator.send(&ClientMessage::Start {});
    for (who, client) in [
        ("creator", &mut creator),
        ("seat 1", &mut second),
        ("spectator", &mut spectator),
    ] {
        let mut started = false;
        loop {
            match client.recv() {
                ServerMessage::Notice {
                    index,
                    kind: NoticeKind::Started {},
                } => {
                    assert_eq!(index, 0, "{who}");
                    assert!(!started, "{who} was told twice");
                    started = true;
                }
                ServerMessage::Notice { .. } => {}
                ServerMessage::Asking { .. } | ServerMessage::Waiting { .. } => break,
                other => assert!(started, "{who} got {other:?} before the start notice"),
            }
        }
        assert!(started, "{who} was not told the game started");
    }
}
