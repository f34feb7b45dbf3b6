//! A pack brought to a table by its creator (`create_table` with `pack`): checked as
//! `dungeon check` checks one, played beside the packs it requires with its scripts in
//! the sandbox, its cards in every reader's help, kept across a restart; a pack that
//! fails its check, or is too big, or reaches outside its folder, is refused with why.

mod support;

use dungeon_protocol::{
    CardKind, ClientMessage, ErrorCode, PROTOCOL_VERSION, PackUpload, ServerMessage,
};
use support::*;

fn lab() -> PackUpload {
    lab_pack()
}

fn bringing(pack: PackUpload) -> dungeon_protocol::NewTable {
    let mut table = new_table(&["base"], 2, 1, "easy");
    table.pack = Some(pack);
    table
}

fn reader(url: &str) -> Client {
    let mut client = Client::connect(url);
    client.send(&ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        lang: Some("en".into()),
    });
    assert!(matches!(client.recv(), ServerMessage::Welcome { .. }));
    client
}

#[test]
fn a_brought_pack_is_played_and_its_cards_shown() {
    let server = server(61, roomy());
    let mut creator = reader(&server.url());
    creator.send(&ClientMessage::CreateTable(bringing(lab())));
    let setup = match creator.recv() {
        ServerMessage::TableCreated { setup, .. } => setup,
        other => panic!("expected the table, got {other:?}"),
    };
    let packs: Vec<&str> = setup.packs.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(packs, ["base", "lab"]);
    let ServerMessage::Cards { cards } = creator.recv() else {
        panic!("expected the cards")
    };
    assert!(
        cards
            .iter()
            .any(|c| c.kind == CardKind::Monster && c.name == "Homunculus")
    );
    assert!(
        cards
            .iter()
            .any(|c| c.kind == CardKind::Adventurer && c.name == "Alchemist")
    );
    creator.send(&ClientMessage::Start {});
    let seen = play_out(&mut creator, 0, 61);
    assert!(seen.winner.is_some());
}

#[test]
fn a_pack_that_fails_its_check_is_refused_with_its_problems() {
    let server = server(62, roomy());
    let url = server.url();
    let refusal = |pack: PackUpload| {
        let mut client = Client::hello(&url);
        client.send(&ClientMessage::CreateTable(bringing(pack)));
        loop {
            if let ServerMessage::Error { code, message } = client.recv() {
                return (code, message);
            }
        }
    };
    // A script that does not compile; a field no pack has.
    let mut broken = lab();
    broken
        .files
        .insert("scripts/homunculus.lua".into(), "return {".into());
    let (code, message) = refusal(broken);
    assert_eq!(code, ErrorCode::BadRequest);
    assert!(message.contains("fails its check"), "{message}");
    assert!(
        message.contains("homunculus.lua"),
        "the script named: {message}"
    );
    assert!(
        !message.contains("brought/"),
        "paths as the pack has them: {message}"
    );
    let mut unknown = lab();
    let manifest = unknown.files.get_mut("lab.toml").unwrap();
    *manifest = manifest.replace("copies = 1", "copies = 1\nwings = 2");
    let (_, message) = refusal(unknown);
    assert!(
        message.contains("lab.toml:") && message.contains("wings"),
        "{message}"
    );

    // Files outside its folder, or a manifest missing.
    let mut outside = lab();
    outside
        .files
        .insert("../escape.lua".into(), "return {}".into());
    let (_, message) = refusal(outside);
    assert!(message.contains("not plain"), "{message}");
    let mut nameless = lab();
    nameless.manifest = "other.toml".into();
    let (_, message) = refusal(nameless);
    assert!(message.contains("manifest"), "{message}");

    // Too big: past the pack's bytes, and past the largest message (which ends the
    // connection: it is not read).
    let mut big = lab();
    big.files
        .insert("scripts/big.lua".into(), "-- ".repeat(90_000));
    let (_, message) = refusal(big);
    assert!(message.contains("bytes at most"), "{message}");
    let mut huge = lab();
    huge.files
        .insert("scripts/huge.lua".into(), "x".repeat(500_000));
    let mut client = Client::hello(&url);
    client.send(&ClientMessage::CreateTable(bringing(huge)));
    assert!(client.closes_within(std::time::Duration::from_secs(10)));
    // Only a table with a pack may be that large.
    let mut client = Client::hello(&url);
    client.send_raw(&format!(
        "{{\"type\":\"join\",\"code\":\"{}\",\"name\":\"x\"}}",
        "a".repeat(40_000)
    ));
    assert_eq!(client.error(), ErrorCode::TooBig);
}

#[test]
fn a_table_with_a_brought_pack_survives_a_restart() {
    let dir = std::env::temp_dir().join(format!("dungeon-brought-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tables.sqlite");
    let running = sqlite_server(&path, 63)
        .spawn(([127, 0, 0, 1], 0).into())
        .unwrap();
    let mut client = Client::hello(&running.url());
    // Two people, no bot: nothing moves but their answers, so the game is surely unfinished.
    let mut table = bringing(lab());
    table.humans = 2;
    table.bots.clear();
    let (code, token) = create(&mut client, table);
    let mut other = Client::hello(&running.url());
    join(&mut other, &code, "Bo");
    client.send(&ClientMessage::Start {});
    let asked = loop {
        if let ServerMessage::Asking { number, .. } = client.recv() {
            break number;
        }
    };
    drop((client, other));
    drop(running);

    let server = sqlite_server(&path, 63);
    assert_eq!(
        server.restored().tables,
        1,
        "broken: {:?}",
        server.restored().broken
    );
    let running = server.spawn(([127, 0, 0, 1], 0).into()).unwrap();
    let mut client = Client::hello(&running.url());
    client.send(&ClientMessage::Rejoin { code, token });
    loop {
        match client.recv() {
            ServerMessage::Asking { number, .. } => {
                assert_eq!(number, asked);
                break;
            }
            ServerMessage::Error { code, message } => panic!("{code}: {message}"),
            _ => {}
        }
    }
    drop(running);
    let _ = std::fs::remove_dir_all(&dir);
}
