//! The next game at a finished table (`rematch`): a person opens it, moves there as its
//! creator with the same packs, seats, bots and options, and everyone still at the old
//! table is told its code; asking again tells the code again rather than opening another.

mod support;

use dungeon_protocol::{ClientMessage, ErrorCode, NoticeKind, ServerMessage};
use support::*;

#[test]
fn a_person_opens_the_next_game_and_the_others_are_told_where() {
    let server = server(51, roomy());
    let url = server.url();
    let mut ana = Client::hello(&url);
    let mut table = new_table(&["base", "sequel"], 3, 2, "easy");
    table.turn_timeout_secs = Some(90);
    table.options.variant = true;
    let (old, _) = create(&mut ana, table);
    let mut bea = Client::hello(&url);
    join(&mut bea, &old, "Bea");
    // Not before the end.
    bea.send(&ClientMessage::Rematch {});
    assert_eq!(bea.error(), ErrorCode::BadRequest);
    ana.send(&ClientMessage::Start {});
    let bea_plays = std::thread::spawn(move || {
        play_out(&mut bea, 1, 51);
        bea
    });
    play_out(&mut ana, 0, 51);
    let mut bea = bea_plays.join().unwrap();

    bea.send(&ClientMessage::Rematch {});
    let (code, setup) = loop {
        match bea.recv() {
            ServerMessage::TableCreated {
                code, seat, setup, ..
            } => {
                assert_eq!(seat, 0, "the one who asked creates it");
                break (code, setup);
            }
            ServerMessage::Error { code, message } => panic!("{code}: {message}"),
            _ => {}
        }
    };
    assert_ne!(code, old);
    assert_eq!(setup.seats.len(), 3);
    assert_eq!(setup.seats[0].name, "Bea");
    assert_eq!(
        setup.seats[2].bot.as_deref(),
        Some("novice"),
        "easy, by its engine id"
    );
    assert!(setup.seats[1].bot.is_none(), "a seat for the other person");
    assert_eq!(setup.turn_timeout_secs, Some(90));
    assert!(setup.options.designer_variant);
    let packs: Vec<&str> = setup.packs.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(packs, ["base", "sequel"]);

    // Ana, still at the old table, is told where; asking again tells her the same.
    let told = |client: &mut Client| loop {
        if let ServerMessage::Notice {
            kind: NoticeKind::Rematch { seat, code },
            ..
        } = client.recv()
        {
            return (seat, code);
        }
    };
    assert_eq!(told(&mut ana), (1, code.clone()));
    ana.send(&ClientMessage::Rematch {});
    assert_eq!(told(&mut ana), (1, code.clone()));
    // She joins it on a new connection, and the game can start.
    let mut again = Client::hello(&url);
    let (seat, _) = join(&mut again, &code, "Ana");
    assert_eq!(seat, 1);
    bea.send(&ClientMessage::Start {});
    loop {
        if let ServerMessage::Notice {
            kind: NoticeKind::Started {},
            ..
        } = again.recv()
        {
            break;
        }
    }
}
