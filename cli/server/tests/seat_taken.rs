//! Two clients with one seat's token: the newer connection takes the seat; the older is
//! told `seat_taken` (a client must not take the seat back on it) and closed.

mod support;

use dungeon_protocol::{ClientMessage, ErrorCode, ServerMessage};
use support::*;

#[test]
fn the_newer_connection_takes_the_seat_and_the_older_is_told() {
    let server = server(3, roomy());
    let url = server.url();
    let mut older = Client::hello(&url);
    let (code, token) = create(&mut older, new_table(&["base"], 2, 1, "easy"));
    let mut newer = Client::hello(&url);
    newer.send(&ClientMessage::Rejoin { code, token });
    assert!(matches!(
        newer.recv(),
        ServerMessage::Seated { seat: 0, .. }
    ));
    assert_eq!(older.error(), ErrorCode::SeatTaken);
    assert!(older.try_recv().is_none(), "the older connection is closed");
    // The seat answers to the newer one: it starts the game.
    newer.send(&ClientMessage::Start {});
    let seen = play_out(&mut newer, 0, 4);
    assert!(seen.winner.is_some());
}
