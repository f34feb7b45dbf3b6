//! Names at a table: composed (NFC), visible, unique whatever their case, and never like
//! the default label of a bot or another seat.

mod support;

use dungeon_protocol::{ClientMessage, ErrorCode, ServerMessage};
use support::*;

#[test]
fn names_are_visible_unique_and_cannot_pass_for_a_bot() {
    let server = server(14, roomy());
    let url = server.url();
    let mut creator = Client::hello(&url);
    let mut table = new_table(&["base"], 4, 3, "hard");
    table.name = "Ana".into();
    let (code, _) = create(&mut creator, table);
    let mut other = Client::hello(&url);
    for name in [
        "ANA",
        "\u{301}\u{301}\u{301}",
        " \u{200B} ",
        "Bot 4 (hard)",
        "bot-4",
        "Player 2",
        "E\u{202E}ve",
    ] {
        other.send(&ClientMessage::Join {
            code: code.clone(),
            name: name.into(),
        });
        assert_eq!(other.error(), ErrorCode::BadRequest, "{name:?} was seated");
    }
    // One name typed two ways is one name.
    let (_, _) = join(&mut other, &code, "Rene\u{301}");
    let seated = other.frames.iter().any(|f| f.contains("\"René\""));
    assert!(seated, "the name is kept composed: {:?}", other.frames);
    let mut third = Client::hello(&url);
    third.send(&ClientMessage::Join {
        code: code.clone(),
        name: "RENÉ".into(),
    });
    assert_eq!(third.error(), ErrorCode::BadRequest);
    let (seat, _) = join(&mut third, &code, "Bo");
    assert_eq!(seat, 2);
    assert!(matches!(creator.recv(), ServerMessage::Notice { .. }));
}
