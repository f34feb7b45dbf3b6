//! The browser table across a `kill -9` of the real `dungeon serve`: a person plays in
//! headless Chromium, the server is killed mid-game and started again on the same port
//! and database; the page finds its seat again by itself (its token is in the browser),
//! shows the log once, and the game plays on to its end.

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
fn a_browser_seat_survives_a_killed_server() {
    let Some(mut browser) = Browser::start("restart") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("dungeon-browser-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("tables.sqlite");
    let mut server = launch("127.0.0.1:0", &db, &["--threads", "1"]);
    let address = server.address.clone();
    browser.reduce_motion();
    browser.open(&format!("http://{address}/"));
    browser.wait_for("!document.getElementById('lobby').hidden");
    browser.eval(
        "document.getElementById('players').value = '2';
         document.getElementById('level').value = 'easy';
         document.querySelector('#create button[type=submit]').click()",
    );
    browser.wait_for("!document.getElementById('start').hidden");
    browser.eval("document.getElementById('start').click()");
    // A few answers, then the kill.
    for _ in 0..3 {
        browser.wait_for("document.querySelector('#options button') !== null");
        browser.eval("document.querySelector('#options button').click()");
    }
    browser.wait_for("document.querySelector('#options button') !== null");
    let lines = |b: &mut Browser| {
        let all = b.eval("[...document.querySelectorAll('#log li')].map(l => l.textContent)");
        all.as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let before = lines(&mut browser);
    let question = browser.eval("document.getElementById('question-title').textContent");
    server.kill();
    browser.wait_for(
        "document.getElementById('notice').textContent.includes('lost')
         && document.querySelector('#options button') === null",
    );
    let mut server = launch(&address, &db, &["--threads", "1"]);
    assert_eq!(server.address, address);
    // The page takes its seat back by itself: the same question, the log once.
    browser.wait_for("document.querySelector('#options button') !== null");
    assert_eq!(
        browser.eval("document.getElementById('question-title').textContent"),
        question
    );
    let after = lines(&mut browser);
    // The game's log comes again whole, once; notes (the start) are not events and are
    // not sent again.
    let events: Vec<String> = before
        .into_iter()
        .filter(|l| l != "The game has started.")
        .collect();
    assert_eq!(after, events, "the log after the restart, shown once");
    play_to_the_end(&mut browser);
    browser.check_frames(Some(0));
    assert!(
        browser
            .errors
            .iter()
            .all(|e| e.contains("WebSocket") || e.contains("ERR_CONNECTION_REFUSED")),
        "the page logged errors: {:?}",
        browser.errors
    );
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}
