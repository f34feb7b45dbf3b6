//! Reading clients (`hello` with `lang`: the browser table): the game in words, in their
//! language, from what their place at the table may see, and nothing of it for a client
//! that did not ask.

mod support;

use dungeon_protocol::{
    CardKind, ClientMessage, ErrorCode, PROTOCOL_VERSION, ServerMessage, Words,
};
use support::*;

fn reader(url: &str, lang: &str) -> Client {
    let mut client = Client::connect(url);
    client.send(&ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        lang: Some(lang.into()),
    });
    assert!(matches!(client.recv(), ServerMessage::Welcome { .. }));
    client
}

#[test]
fn a_language_the_server_does_not_speak_is_refused() {
    let server = server(31, roomy());
    let mut client = Client::connect(&server.url());
    client.send(&ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        lang: Some("de".into()),
    });
    assert_eq!(client.error(), ErrorCode::BadRequest);
}

/// A Spanish reader plays a whole game from its words alone (every question's options are
/// the decision's, in order); a French spectator reads the same game with no question and
/// without the seat's hidden cards; a client that asked for no words gets none.
#[test]
fn a_reader_plays_a_whole_game_from_its_words() {
    let server = server(32, roomy());
    let url = server.url();
    let mut seat = reader(&url, "es");
    let (code, _) = create(&mut seat, new_table(&["base"], 2, 1, "easy"));
    let cards = match seat.recv() {
        ServerMessage::Cards { cards } => cards,
        other => panic!("expected the cards, got {other:?}"),
    };
    let warrior = cards
        .iter()
        .find(|c| c.kind == CardKind::Adventurer && c.name == "Guerrero");
    assert!(warrior.is_some(), "the adventurers in Spanish: {cards:?}");
    assert!(
        cards
            .iter()
            .any(|c| c.kind == CardKind::Monster && c.copies.is_some())
    );

    let mut spectator = reader(&url, "fr");
    spectator.send(&ClientMessage::Watch { code: code.clone() });
    assert!(matches!(spectator.recv(), ServerMessage::Watching { .. }));
    assert!(matches!(spectator.recv(), ServerMessage::Cards { .. }));
    let mut plain = Client::hello(&url);
    plain.send(&ClientMessage::Watch { code: code.clone() });
    assert!(matches!(plain.recv(), ServerMessage::Watching { .. }));

    seat.send(&ClientMessage::Start {});
    let mut asked = None;
    let mut log = Vec::new();
    let mut hand_lines = 0;
    let mut reveals = 0;
    let last: Words = loop {
        match seat.recv() {
            ServerMessage::Asking {
                number, decision, ..
            } => asked = Some((number, decision)),
            ServerMessage::Words(words) => {
                // A client pauses before each card of a dungeon: the reveal lines.
                for &i in &words.pauses {
                    let line = &words.log[i as usize];
                    assert!(line.starts_with("Carta "), "a pause before {line:?}");
                    reveals += 1;
                }
                log.extend(words.log.iter().cloned());
                let Some(lines) = &words.table else {
                    // A note alone changes nothing else.
                    assert!(words.question.is_none() && words.status.is_none());
                    continue;
                };
                hand_lines += lines.iter().filter(|l| l.starts_with("Has robado")).count();
                if words.over {
                    assert!(words.question.is_none());
                    break words;
                }
                let Some(question) = words.question else {
                    continue;
                };
                let (number, decision) = asked.take().expect("asked before the words");
                assert_eq!(question.number, number);
                let actions: Vec<_> = question.options.iter().map(|o| o.action).collect();
                assert_eq!(actions, decision.legal_actions(), "the options, in order");
                assert!(question.options.iter().all(|o| !o.label.is_empty()));
                let pick = choose(32, number, &decision);
                seat.send(&ClientMessage::Answer {
                    number,
                    action: pick,
                });
            }
            ServerMessage::Stopped { reason } => panic!("stopped: {reason:?}"),
            ServerMessage::Error { code, message } => panic!("refused: {code}: {message}"),
            _ => {}
        }
    };
    let status = last.status.expect("a status");
    assert!(status.contains("gana"), "the end, in Spanish: {status}");
    assert!(
        log.iter()
            .any(|l| l.contains("Guerrero") || l.contains("Ronda")),
        "{log:?}"
    );
    assert!(hand_lines > 0, "the seat's table says what it drew");
    let cards = log.iter().filter(|l| l.starts_with("Carta ")).count();
    assert_eq!(reveals, cards, "a pause before every card revealed");

    // The spectator: words after every update, never a question, never a drawn card.
    let mut seen_over = false;
    while !seen_over {
        match spectator.recv() {
            ServerMessage::Words(words) => {
                assert!(words.question.is_none(), "a spectator was asked");
                assert!(
                    !words
                        .table
                        .iter()
                        .flatten()
                        .any(|l| l.contains("Vous avez pioché")),
                    "a spectator saw a drawn card: {:?}",
                    words.table
                );
                for line in &words.log {
                    assert!(
                        !line.contains(" pioche : ") && !line.starts_with("Vous piochez"),
                        "a spectator read a drawn card: {line}"
                    );
                }
                seen_over = words.over;
            }
            ServerMessage::Asking { .. } => panic!("a spectator was asked"),
            _ => {}
        }
    }
    // The plain client: the same game, not one word of it.
    loop {
        match plain.recv() {
            ServerMessage::Words(_) | ServerMessage::Cards { .. } => {
                panic!("words for a client that asked for none")
            }
            ServerMessage::Over { .. } => break,
            _ => {}
        }
    }
}
