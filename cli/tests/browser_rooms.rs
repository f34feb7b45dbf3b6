//! The other games' browser table (`/r/`, `/r/CODE`) in headless Chromium against the real
//! `dungeon serve`: a person opens a Goofspiel table against a bot, starts it and plays it
//! to its end by buttons and digit keys, in Spanish; a spectator watches from the
//! invitation and is never told a face-down bid. Skipped when there is no Chromium
//! (`DUNGEON_BROWSER_TESTS=1` makes that a failure).

#[path = "../server/tests/support/browser.rs"]
mod browser;
#[path = "../server/tests/support/mod.rs"]
mod support;

mod common {
    pub mod serve;
}

use browser::*;
use common::serve::launch;

#[test]
fn a_game_of_goofspiel_is_played_in_a_browser_and_watched() {
    let Some(mut player) = Browser::start("rooms-player") else {
        return;
    };
    let Some(mut watcher) = Browser::start("rooms-watcher") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("dungeon-browser-rooms-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let server = launch("127.0.0.1:0", &dir.join("db.sqlite"), &[]);
    let address = server.address.clone();
    player.open(&format!("http://{address}/r/"));
    player.eval("localStorage.setItem('lang', 'es')");
    player.open(&format!("http://{address}/r/"));
    player.wait_for("!document.getElementById('lobby').hidden");
    player.wait_for(
        "[...document.getElementById('game-choice').options].some(o => o.value === 'goofspiel')",
    );
    assert_eq!(
        player.eval("document.getElementById('lobby-h').textContent"),
        "Abrir una mesa",
        "the page's words are Spanish"
    );
    player.eval(
        "const g = document.getElementById('game-choice'); g.value = 'goofspiel';
         g.dispatchEvent(new Event('change'));
         document.getElementById('players').value = '2';
         document.getElementById('level').value = 'easy';
         document.getElementById('rulings').value = 'cards=4';
         document.getElementById('create-name').value = 'Ana';
         document.querySelector('#create button[type=submit]').click()",
    );
    player.wait_for("!document.getElementById('start').hidden");
    player.screenshot("rooms-waiting");
    let link = player.eval("document.getElementById('link').value");
    let link = link.as_str().unwrap().to_string();
    assert!(link.starts_with(&format!("http://{address}/r/")), "{link}");

    // The spectator arrives by the invitation, before the game starts, on a slow network:
    // the page offers the seat only once its connection can carry the answer.
    watcher.slow_sockets(1500);
    watcher.open(&link);
    watcher.wait_for("!document.getElementById('seat').hidden");
    watcher.eval("document.getElementById('watch').click()");
    watcher.wait_for("!document.getElementById('waiting').hidden");

    player.eval("document.getElementById('start').click()");
    let mut answered = 0;
    loop {
        player.wait_for(
            "document.querySelector('#options button') !== null
             || !document.getElementById('new-table').hidden",
        );
        if player.eval("!document.getElementById('new-table').hidden") == true {
            break;
        }
        if answered == 1 {
            player.screenshot("rooms-playing");
        }
        // A button, or its digit.
        if answered % 2 == 0 {
            player.eval("document.querySelector('#options button').click()");
        } else {
            player.press("1");
        }
        player.wait_for("document.querySelector('#options button') === null || true");
        answered += 1;
        assert!(answered < 10, "four rounds at most");
    }
    player.screenshot("rooms-over");
    let status = player.eval("document.getElementById('status').textContent");
    assert!(
        status
            .as_str()
            .unwrap()
            .starts_with("Fin de la partida. Gana:"),
        "{status}"
    );
    let log = player
        .eval("[...document.querySelectorAll('#log li')].map(l => l.textContent).join('\\n')");
    let log = log.as_str().unwrap();
    assert!(
        log.contains("Ana puja") && log.contains("Fin. Gana:"),
        "{log}"
    );

    // The spectator saw the game end, and no card of a face-down bid.
    watcher.wait_for("!document.getElementById('new-table').hidden");
    let seen = watcher
        .eval("[...document.querySelectorAll('#log li')].map(l => l.textContent).join('\\n')");
    let seen = seen.as_str().unwrap();
    assert!(seen.contains("Ana bids face down."), "{seen}");
    assert!(
        !seen.lines().any(|l| l
            .split(" bids ")
            .nth(1)
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))),
        "a spectator was told a face-down bid: {seen}"
    );
    watcher.fits_a_phone("rooms-phone");

    // Ana plays again: her page goes to the next table, where she holds seat 0 again, and
    // the spectator is offered the way there.
    let first = player.eval("location.pathname");
    player.eval("document.getElementById('rematch').click()");
    player.wait_for(&format!(
        "location.pathname !== {first} && document.getElementById('start')?.hidden === false"
    ));
    watcher.wait_for("!document.getElementById('rematch-join').hidden");
    watcher.eval("document.getElementById('rematch-join').click()");
    watcher.wait_for("document.getElementById('seat')?.hidden === false");
    let (a, b) = (
        player.eval("location.pathname"),
        watcher.eval("location.pathname"),
    );
    assert_eq!(a, b, "both at the next table");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Mazmorra at the same page: its table in its own words (a hand only its seat sees), its
/// questions as buttons, a few of them answered.
#[test]
fn a_game_of_mazmorra_is_played_in_a_browser() {
    let Some(mut player) = Browser::start("rooms-mazmorra") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("dungeon-browser-maz-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let server = launch("127.0.0.1:0", &dir.join("db.sqlite"), &[]);
    player.open(&format!("http://{}/r/", server.address));
    player.wait_for(
        "[...document.getElementById('game-choice').options].some(o => o.value === 'mazmorra')",
    );
    player.eval(
        "const g = document.getElementById('game-choice'); g.value = 'mazmorra';
         g.dispatchEvent(new Event('change'));
         document.getElementById('players').value = '2';
         document.getElementById('level').value = 'easy';
         document.getElementById('create-name').value = 'Ana';
         document.querySelector('#create button[type=submit]').click()",
    );
    player.wait_for("document.getElementById('start')?.hidden === false");
    player.eval("document.getElementById('start').click()");
    for _ in 0..3 {
        player.wait_for("document.querySelector('#options button') !== null");
        player.eval("document.querySelector('#options button').click()");
    }
    player.wait_for("document.querySelector('#options button') !== null");
    player.screenshot("rooms-mazmorra");
    let table = player.eval("document.getElementById('table-lines').textContent");
    let table = table.as_str().unwrap();
    assert!(
        table.contains("Your hand:") && table.contains("Ana (you)"),
        "{table}"
    );
    let title = player.eval("document.getElementById('title').textContent");
    assert_eq!(title, "Mazmorra");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
