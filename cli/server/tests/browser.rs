//! The browser table in headless Chromium (`support/browser.rs`): a person opens a table
//! from `/`, plays a whole game against a bot with clicks and keys, reloads the page
//! mid-game and finds their seat again, then watches the finished game's record; two
//! browsers and a terminal client play at one table; on a phone-sized screen nothing is
//! wider than the screen; every frame a page receives holds only what its seat may know;
//! the page breaks none of its Content-Security-Policy.

#[path = "support/browser.rs"]
mod browser;
mod support;

use browser::*;
use serde_json::json;
use std::net::TcpStream;
use support::*;

#[test]
fn a_person_opens_a_table_and_plays_a_game_in_the_browser() {
    let server = server(41, roomy());
    let http = server.url().replace("ws://", "http://").replace("/ws", "");
    let Some(mut browser) = Browser::start("game") else {
        return;
    };
    browser.call(
        "Emulation.setUserAgentOverride",
        json!({ "userAgent": "dungeon-test", "acceptLanguage": "es-ES,es" }),
    );
    // Lines appear at once with reduced motion (else a dungeon is revealed card by card).
    browser.reduce_motion();
    browser.open(&format!("{http}/"));
    browser.wait_for("!document.getElementById('lobby').hidden");
    // The page is in the browser's language, from the server's Fluent words.
    assert_eq!(browser.eval("document.documentElement.lang"), json!("es"));
    assert_eq!(
        browser.eval("document.querySelector('#lobby h2').textContent"),
        json!("Abrir una mesa")
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('script:not([src])').length"),
        json!(0)
    );
    browser.screenshot("1-lobby");
    // On a phone held upright, the form (long rulings included) fits the screen.
    browser.fits_a_phone("1-lobby-phone");
    browser.eval(
        "document.getElementById('players').value = '2';
         document.getElementById('humans').value = '1';
         document.getElementById('level').value = 'easy';
         document.getElementById('create-name').value = 'Ana <b>';
         document.querySelector('#rulings select[name=healing_potion]').value = 'may_decline';
         document.querySelector('#rulings select[name=designer_variant]').value = 'each_player';
         document.querySelector('#create button[type=submit]').click()",
    );
    browser.wait_for("location.pathname.startsWith('/t/')");
    browser.wait_for("!document.getElementById('start').hidden");
    // The rulings and the variant chosen on the page are the table's.
    let created = (browser.frames.iter())
        .find(|f| f.contains("\"table_created\""))
        .expect("the table was created");
    let created: serde_json::Value = serde_json::from_str(created).unwrap();
    let options = &created["setup"]["options"];
    assert_eq!(options["designer_variant"], json!(true), "{options}");
    assert_eq!(options["variant_scope"], json!("each_player"), "{options}");
    assert_eq!(
        options["rulings"]["healing_potion"],
        json!("may_decline"),
        "{options}"
    );
    let link = browser.eval("document.getElementById('link').value");
    assert!(
        link.as_str().unwrap().starts_with(&format!("{http}/t/")),
        "{link}"
    );
    browser.screenshot("2-invite");
    browser.eval("document.getElementById('start').click()");
    browser.wait_for("document.querySelector('#options button') !== null");
    browser.screenshot("3-question");
    // A name is text, never markup.
    assert_eq!(
        browser.eval("document.querySelectorAll('#game b').length"),
        json!(0)
    );

    // A reload mid-game finds the seat again (its token is kept in the browser).
    let before = browser.eval("document.getElementById('question-title').textContent");
    browser.call("Page.reload", json!({}));
    browser.wait_for("document.querySelector('#options button') !== null");
    assert_eq!(
        browser.eval("document.getElementById('question-title').textContent"),
        before
    );
    // A few moves in, as a desktop and a phone show the table (the README's pictures).
    for _ in 0..4 {
        browser.wait_for("document.querySelector('#options button') !== null");
        if browser
            .eval("document.querySelector('#options button').textContent.includes('Pasar')")
            .as_bool()
            == Some(true)
        {
            break;
        }
        browser.eval("document.querySelector('#options button').click()");
    }
    browser.wait_for("document.querySelector('#options button') !== null");
    browser.screenshot("table-desktop");
    browser.fits_a_phone("table-phone");
    // The help, on `?`: the rules in short and every card in play; Escape closes it.
    browser.press("?");
    browser.wait_for("document.getElementById('help').open");
    assert!(
        browser.eval("document.getElementById('cards').textContent.includes('Trasgo')")
            == json!(true),
        "the cards, in Spanish"
    );
    browser.screenshot("help");
    browser.eval("document.getElementById('help').close()");
    // The odds, on the `o` key.
    browser.press("o");
    let answered = play_to_the_end(&mut browser);
    assert!(answered > 2, "a game of {answered} answers");
    let log = browser
        .eval("[...document.querySelectorAll('#log li')].map(l => l.textContent).join('\\n')");
    let log = log.as_str().unwrap();
    assert!(
        log.contains("gana la partida") || log.contains("Has ganado la partida"),
        "the end, in Spanish:\n{log}"
    );
    assert!(
        log.contains("Ana <b>"),
        "the creator's name as typed:\n{log}"
    );
    browser.screenshot("4-over");

    browser.check_frames(Some(0));
    // The finished table's record, watched step by step (the public view).
    browser.frames.clear();
    let url = browser.eval("location.href");
    browser.eval("localStorage.clear()");
    browser.open(url.as_str().unwrap());
    browser.wait_for("!document.getElementById('seat').hidden");
    browser.eval("document.getElementById('watch').click()");
    browser.wait_for("!document.getElementById('replay').hidden");
    let lines = browser.eval("document.querySelectorAll('#log li').length");
    let lines = lines.as_u64().unwrap();
    assert!(lines > 10, "the whole log: {lines} lines");
    browser.press("Home");
    assert_eq!(
        browser.eval("document.querySelectorAll('#log li').length"),
        json!(0)
    );
    browser.press("ArrowRight");
    browser.eval("document.getElementById('replay-next').click()");
    assert_eq!(
        browser.eval("document.querySelectorAll('#log li').length"),
        json!(2)
    );
    assert_eq!(
        browser.eval("document.getElementById('replay-where').textContent"),
        json!(format!("2 / {lines}"))
    );
    let public = browser
        .eval("[...document.querySelectorAll('#log li')].map(l => l.textContent).join('\\n')");
    assert!(
        !public.as_str().unwrap().contains("Robas:"),
        "a spectator sees no drawn card"
    );
    browser.check_frames(None);
    browser.press("End");
    let all = browser
        .eval("[...document.querySelectorAll('#log li')].map(l => l.textContent).join('\\n')");
    assert!(
        !all.as_str().unwrap().contains("Robas:"),
        "the record is the public one:\n{all}"
    );
    browser.screenshot("4b-record");

    // A phone held upright: nothing wider than the screen.
    browser.fits_a_phone("5-phone");
    assert!(
        browser.errors.is_empty(),
        "the page logged errors: {:?}",
        browser.errors
    );
}

/// A table opened by a terminal client (`dungeon host` speaks the protocol without words)
/// with seats for two more people, who take them from the invitation link in two
/// browsers; all three play the game out together, each page sent only what its seat
/// may know.
#[test]
fn two_browsers_and_a_terminal_play_at_one_table() {
    use dungeon_protocol::{ClientMessage, ServerMessage};
    let server = server(43, roomy());
    let http = server.url().replace("ws://", "http://").replace("/ws", "");
    let (Some(mut browser), Some(mut other)) = (Browser::start("bea"), Browser::start("cai"))
    else {
        return;
    };
    let mut host = Client::hello(&server.url());
    let (code, _) = create(&mut host, new_table(&["base"], 4, 3, "easy"));
    for (page, name) in [(&mut browser, "Bea"), (&mut other, "Cai")] {
        page.reduce_motion();
        page.open(&format!("{http}/t/{code}"));
        page.wait_for("!document.getElementById('seat').hidden");
        page.eval(&format!(
            "document.getElementById('join-name').value = '{name}';
             document.querySelector('#join button[type=submit]').click()"
        ));
        page.wait_for("!document.getElementById('waiting').hidden");
        // The host hears of the seat taken.
        loop {
            if let ServerMessage::Notice {
                kind: dungeon_protocol::NoticeKind::Joined { name: who, .. },
                ..
            } = host.recv()
            {
                assert_eq!(who, name);
                break;
            }
        }
    }
    // A spectator watches from a third browser.
    let Some(mut watcher) = Browser::start("watch") else {
        return;
    };
    watcher.open(&format!("{http}/t/{code}"));
    watcher.wait_for("!document.getElementById('seat').hidden");
    watcher.eval("document.getElementById('watch').click()");
    watcher.wait_for("!document.getElementById('waiting').hidden");
    host.send(&ClientMessage::Start {});
    let terminal = std::thread::spawn(move || {
        let seen = play_out(&mut host, 0, 43);
        (host, seen)
    });
    play_together(&mut [&mut browser, &mut other]);
    // The spectator saw the whole game, was never asked, and was sent no one's cards.
    watcher.wait_for("document.getElementById('status').textContent !== ''");
    assert_eq!(
        watcher.eval("document.querySelectorAll('#options button').length"),
        json!(0)
    );
    assert_eq!(
        watcher.eval("document.getElementById('odds-button').hidden"),
        json!(true)
    );
    watcher.check_frames(None);
    let (mut host, seen) = terminal.join().expect("the terminal seat played");
    let status = browser.eval("document.getElementById('status').textContent");
    assert!(seen.winner.is_some(), "the game ended for the terminal too");
    assert_eq!(
        status,
        other.eval("document.getElementById('status').textContent")
    );
    other.check_frames(Some(2));
    browser.screenshot("6-joined");
    browser.check_frames(Some(1));
    // Bea plays again: her page moves to the new table, which she opened; the terminal
    // seat is told its code.
    browser.eval("document.getElementById('rematch').click()");
    browser.wait_for(&format!(
        "location.pathname.startsWith('/t/') && location.pathname !== '/t/{code}'"
    ));
    browser.wait_for(
        "document.readyState === 'complete' && !document.getElementById('waiting').hidden",
    );
    let new_code = browser.eval("location.pathname.slice(3)");
    loop {
        if let ServerMessage::Notice {
            kind: dungeon_protocol::NoticeKind::Rematch { code, .. },
            ..
        } = host.recv()
        {
            assert_eq!(json!(code), new_code);
            break;
        }
    }
    assert_eq!(
        browser.eval("document.getElementById('create-name').value"),
        json!("Bea")
    );
    browser.screenshot("7-rematch");
    assert!(
        browser.errors.is_empty(),
        "the page logged errors: {:?}",
        browser.errors
    );
}

/// A table opened from the browser with a pack of the player's own (its files chosen in
/// the page): checked by the server, its cards in the help, played to the end.
#[test]
fn a_person_brings_their_own_pack_from_the_browser() {
    let server = server(44, roomy());
    let http = server.url().replace("ws://", "http://").replace("/ws", "");
    let Some(mut browser) = Browser::start("pack") else {
        return;
    };
    // The example expansion, as a player's own folder (renamed: the server lacks it).
    let folder = std::env::temp_dir().join(format!("dungeon-lab-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    write_pack(&lab_pack(), &folder);
    browser.reduce_motion();
    browser.open(&format!("{http}/"));
    browser.wait_for("!document.getElementById('lobby').hidden");
    let input = browser.call(
        "Runtime.evaluate",
        json!({ "expression": "document.getElementById('pack-files')" }),
    );
    // A folder input takes the folder (its files come with their paths in it).
    let files = vec![folder.display().to_string()];
    browser.call(
        "DOM.setFileInputFiles",
        json!({ "objectId": input["result"]["objectId"], "files": files }),
    );
    browser.wait_for("document.getElementById('pack-files').files.length > 0");
    let chosen = browser.eval(
        "[...document.getElementById('pack-files').files].map(f => f.name + ':' + f.webkitRelativePath)",
    );
    assert_eq!(
        chosen.as_array().map(Vec::len),
        Some(lab_pack().files.len()),
        "{chosen}"
    );
    browser.eval(
        "document.getElementById('players').value = '2';
         document.getElementById('level').value = 'easy';
         document.querySelector('#create button[type=submit]').click()",
    );
    browser.wait_for(
        "!document.getElementById('start').hidden || document.getElementById('notice').textContent.includes(':')",
    );
    let said = browser.eval("document.getElementById('notice').textContent");
    assert!(
        browser.eval("!document.getElementById('start').hidden") == json!(true),
        "{said} {chosen}"
    );
    let sent = (browser.frames.iter())
        .find(|f| f.contains("table_created"))
        .cloned();
    assert!(
        browser.eval("document.getElementById('cards').textContent.includes('Homunculus')")
            == json!(true),
        "{chosen} {sent:?}"
    );
    browser.eval("document.getElementById('start').click()");
    play_to_the_end(&mut browser);
    assert!(
        browser.errors.is_empty(),
        "the page logged errors: {:?}",
        browser.errors
    );
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn the_page_is_served_with_a_strict_content_security_policy() {
    let server = server(42, roomy());
    let address = server.url().replace("ws://", "").replace("/ws", "");
    for path in [
        "/",
        "/t/abcdefghijklmnop",
        "/app.js",
        "/app.css",
        "/words/fr.json",
    ] {
        let mut stream = TcpStream::connect(&address).unwrap();
        use std::io::{Read, Write};
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        let head = reply.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
        assert!(head.starts_with("http/1.1 200"), "{path}: {head}");
        assert!(
            head.contains("content-security-policy: default-src 'none'; script-src 'self';"),
            "{path}: {head}"
        );
        assert!(
            head.contains("x-content-type-options: nosniff"),
            "{path}: {head}"
        );
        // The script sets text, never markup, and builds no code.
        if path == "/app.js" {
            for sink in [
                "innerHTML",
                "outerHTML",
                "insertAdjacentHTML",
                "document.write",
                "eval(",
                "new Function",
            ] {
                assert!(!reply.contains(sink), "app.js uses {sink}");
            }
        }
    }
}
