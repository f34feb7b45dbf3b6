//! The browser table in headless Chromium, driven over the DevTools protocol: a person
//! opens a table from `/`, plays a whole game against a bot with clicks and keys, reloads
//! the page mid-game and finds their seat again; on a phone-sized screen nothing is wider
//! than the screen; the page breaks none of its Content-Security-Policy.
//!
//! Needs Chromium (`/usr/bin/chromium`, or `CHROMIUM=path`); `.ci/run` installs it. Without
//! it the test says so and passes only when `DUNGEON_BROWSER_TESTS` is unset (a machine
//! where nobody asked for browser tests); CI sets it. `DUNGEON_SCREENSHOTS=DIR` keeps a
//! screenshot of each step.

mod support;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::*;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

struct Browser {
    child: Child,
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    next: u64,
    session: String,
    /// Console errors and CSP reports seen so far.
    errors: Vec<String>,
    _profile: tempdir::Dir,
}

mod tempdir {
    pub struct Dir(pub std::path::PathBuf);
    impl Dir {
        pub fn new(tag: &str) -> Dir {
            let path = std::env::temp_dir().join(format!("dungeon-browser-{tag}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&path);
            std::fs::create_dir_all(&path).unwrap();
            Dir(path)
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

impl Browser {
    fn start(tag: &str) -> Option<Browser> {
        let exe = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        if !std::path::Path::new(&exe).exists() {
            assert!(
                std::env::var_os("DUNGEON_BROWSER_TESTS").is_none(),
                "DUNGEON_BROWSER_TESTS is set but there is no Chromium at {exe}"
            );
            eprintln!("no Chromium at {exe}: the browser test is skipped (set CHROMIUM)");
            return None;
        }
        let profile = tempdir::Dir::new(tag);
        let mut child = Command::new(exe)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-port=0",
                "--window-size=1000,800",
            ])
            .arg(format!("--user-data-dir={}", profile.0.display()))
            .arg("about:blank")
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .expect("Chromium starts");
        let stderr = BufReader::new(child.stderr.take().unwrap());
        let mut url = None;
        for line in stderr.lines() {
            let line = line.unwrap_or_default();
            if let Some(at) = line.find("ws://") {
                url = Some(line[at..].trim().to_string());
                break;
            }
        }
        let url = url.expect("Chromium says where its DevTools listen");
        let (ws, _) = tungstenite::connect(url).expect("the DevTools socket");
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(PATIENCE)).unwrap();
        }
        let mut browser = Browser {
            child,
            ws,
            next: 0,
            session: String::new(),
            errors: Vec::new(),
            _profile: profile,
        };
        let target = browser.call("Target.createTarget", json!({ "url": "about:blank" }));
        let id = target["targetId"].as_str().unwrap().to_string();
        let attached = browser.call(
            "Target.attachToTarget",
            json!({ "targetId": id, "flatten": true }),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        browser.call("Runtime.enable", json!({}));
        browser.call("Log.enable", json!({}));
        browser.call("Page.enable", json!({}));
        Some(browser)
    }

    /// Sends a DevTools command (to the page once attached) and waits for its result.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.ws.send(Message::text(message.to_string())).unwrap();
        loop {
            let Message::Text(text) = self.ws.read().expect("DevTools answers") else {
                continue;
            };
            let reply: Value = serde_json::from_str(&text).unwrap();
            self.collect_errors(&reply);
            if reply["id"] == json!(id) {
                assert!(reply.get("error").is_none(), "{method}: {reply}");
                return reply["result"].clone();
            }
        }
    }

    fn collect_errors(&mut self, event: &Value) {
        match event["method"].as_str() {
            Some("Log.entryAdded") if event["params"]["entry"]["level"] == "error" => {
                self.errors.push(event["params"]["entry"]["text"].to_string());
            }
            Some("Runtime.exceptionThrown") => {
                self.errors.push(event["params"]["exceptionDetails"].to_string());
            }
            Some("Runtime.consoleAPICalled") if event["params"]["type"] == "error" => {
                self.errors.push(event["params"]["args"].to_string());
            }
            _ => {}
        }
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        );
        assert!(result.get("exceptionDetails").is_none(), "{expression}: {result}");
        result["result"]["value"].clone()
    }

    /// Waits until `condition` (a JavaScript expression) is true.
    fn wait_for(&mut self, condition: &str) {
        let until = Instant::now() + PATIENCE;
        while !self.eval(condition).as_bool().unwrap_or(false) {
            assert!(Instant::now() < until, "waited in vain for {condition}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_for("document.readyState === 'complete'");
    }

    fn screenshot(&mut self, name: &str) {
        let Some(dir) = std::env::var_os("DUNGEON_SCREENSHOTS") else {
            return;
        };
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        let bytes = base64(shot["data"].as_str().unwrap());
        std::fs::write(std::path::Path::new(&dir).join(format!("{name}.png")), bytes).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        out.extend(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// Answers the questions the page shows with the first option (by click, or by its
/// digit key every other time) until the game is over.
fn play_to_the_end(browser: &mut Browser) -> usize {
    let mut answered = 0;
    let until = Instant::now() + Duration::from_secs(300);
    loop {
        assert!(Instant::now() < until, "the game did not end");
        let over = "!document.getElementById('rematch').hidden";
        let asked = "document.querySelector('#options button') !== null";
        browser.wait_for(&format!("{over} || {asked}"));
        if browser.eval(over).as_bool().unwrap() {
            return answered;
        }
        if answered % 2 == 0 {
            browser.eval("document.querySelector('#options button').click()");
        } else {
            browser.eval(
                "document.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true }))",
            );
        }
        answered += 1;
    }
}

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
    browser.call(
        "Emulation.setEmulatedMedia",
        json!({ "features": [{ "name": "prefers-reduced-motion", "value": "reduce" }] }),
    );
    browser.open(&format!("{http}/"));
    browser.wait_for("!document.getElementById('lobby').hidden");
    // The page is in the browser's language, from the server's Fluent words.
    assert_eq!(browser.eval("document.documentElement.lang"), json!("es"));
    assert_eq!(
        browser.eval("document.querySelector('#lobby h2').textContent"),
        json!("Abrir una mesa")
    );
    assert_eq!(browser.eval("document.querySelectorAll('script:not([src])').length"), json!(0));
    browser.screenshot("1-lobby");
    browser.eval(
        "document.getElementById('players').value = '2';
         document.getElementById('humans').value = '1';
         document.getElementById('level').value = 'easy';
         document.getElementById('create-name').value = 'Ana <b>';
         document.querySelector('#create button[type=submit]').click()",
    );
    browser.wait_for("location.pathname.startsWith('/t/')");
    browser.wait_for("!document.getElementById('start').hidden");
    let link = browser.eval("document.getElementById('link').value");
    assert!(link.as_str().unwrap().starts_with(&format!("{http}/t/")), "{link}");
    browser.screenshot("2-invite");
    browser.eval("document.getElementById('start').click()");
    browser.wait_for("document.querySelector('#options button') !== null");
    browser.screenshot("3-question");
    // A name is text, never markup.
    assert_eq!(browser.eval("document.querySelectorAll('#game b').length"), json!(0));

    // A reload mid-game finds the seat again (its token is kept in the browser).
    let before = browser.eval("document.getElementById('question-title').textContent");
    browser.call("Page.reload", json!({}));
    browser.wait_for("document.querySelector('#options button') !== null");
    assert_eq!(
        browser.eval("document.getElementById('question-title').textContent"),
        before
    );
    // The odds, on the `o` key.
    browser.eval("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'o', bubbles: true }))");
    let answered = play_to_the_end(&mut browser);
    assert!(answered > 2, "a game of {answered} answers");
    let log = browser.eval("[...document.querySelectorAll('#log li')].map(l => l.textContent).join('\\n')");
    let log = log.as_str().unwrap();
    assert!(log.contains("gana la partida"), "the end, in Spanish:\n{log}");
    assert!(log.contains("Ana <b>"), "the creator's name as typed:\n{log}");
    browser.screenshot("4-over");

    // The finished table's record, watched step by step (the public view).
    let url = browser.eval("location.href");
    browser.eval("localStorage.clear()");
    browser.open(url.as_str().unwrap());
    browser.wait_for("!document.getElementById('seat').hidden");
    browser.eval("document.getElementById('watch').click()");
    browser.wait_for("!document.getElementById('replay').hidden");
    let lines = browser.eval("document.querySelectorAll('#log li').length");
    let lines = lines.as_u64().unwrap();
    assert!(lines > 10, "the whole log: {lines} lines");
    let key = |key: &str| {
        format!("document.dispatchEvent(new KeyboardEvent('keydown', {{ key: '{key}', bubbles: true }}))")
    };
    browser.eval(&key("Home"));
    assert_eq!(browser.eval("document.querySelectorAll('#log li').length"), json!(0));
    browser.eval(&key("ArrowRight"));
    browser.eval("document.getElementById('replay-next').click()");
    assert_eq!(browser.eval("document.querySelectorAll('#log li').length"), json!(2));
    assert_eq!(
        browser.eval("document.getElementById('replay-where').textContent"),
        json!(format!("2 / {lines}"))
    );
    let public = browser.eval("[...document.querySelectorAll('#log li')].map(l => l.textContent).join('\\n')");
    assert!(!public.as_str().unwrap().contains("Robas:"), "a spectator sees no drawn card");
    browser.eval(&key("End"));
    let all = browser.eval("[...document.querySelectorAll('#log li')].map(l => l.textContent).join('\\n')");
    assert!(!all.as_str().unwrap().contains("Robas:"), "the record is the public one:\n{all}");
    browser.screenshot("4b-record");

    // A phone held upright: nothing wider than the screen.
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true }),
    );
    browser.wait_for("document.documentElement.scrollWidth <= 390");
    browser.screenshot("5-phone");
    assert!(browser.errors.is_empty(), "the page logged errors: {:?}", browser.errors);
}

/// A table opened by a terminal client (`dungeon host` speaks the protocol without words)
/// with a seat for a second person, who takes it from the invitation link in a browser;
/// both play the game out together.
#[test]
fn a_browser_takes_a_seat_at_a_table_a_terminal_opened() {
    use dungeon_protocol::{ClientMessage, ServerMessage};
    let server = server(43, roomy());
    let http = server.url().replace("ws://", "http://").replace("/ws", "");
    let Some(mut browser) = Browser::start("join") else {
        return;
    };
    browser.call(
        "Emulation.setEmulatedMedia",
        json!({ "features": [{ "name": "prefers-reduced-motion", "value": "reduce" }] }),
    );
    let mut host = Client::hello(&server.url());
    let (code, _) = create(&mut host, new_table(&["base"], 3, 2, "easy"));
    browser.open(&format!("{http}/t/{code}"));
    browser.wait_for("!document.getElementById('seat').hidden");
    browser.eval(
        "document.getElementById('join-name').value = 'Bea';
         document.querySelector('#join button[type=submit]').click()",
    );
    browser.wait_for("!document.getElementById('waiting').hidden");
    // The host hears of the browser's seat, then starts.
    loop {
        if let ServerMessage::Notice { kind: dungeon_protocol::NoticeKind::Joined { name, .. }, .. } = host.recv() {
            assert_eq!(name, "Bea");
            break;
        }
    }
    host.send(&ClientMessage::Start {});
    let terminal = std::thread::spawn(move || {
        let seen = play_out(&mut host, 0, 43);
        (host, seen)
    });
    play_to_the_end(&mut browser);
    let (mut host, seen) = terminal.join().expect("the terminal seat played");
    let status = browser.eval("document.getElementById('status').textContent");
    assert!(seen.winner.is_some(), "the game ended for the terminal too");
    assert!(!status.as_str().unwrap().is_empty());
    browser.screenshot("6-joined");
    // Bea plays again: her page moves to the new table, which she opened; the terminal
    // seat is told its code.
    browser.eval("document.getElementById('rematch').click()");
    browser.wait_for(&format!("location.pathname.startsWith('/t/') && location.pathname !== '/t/{code}'"));
    browser.wait_for("document.readyState === 'complete' && !document.getElementById('waiting').hidden");
    let new_code = browser.eval("location.pathname.slice(3)");
    loop {
        if let ServerMessage::Notice { kind: dungeon_protocol::NoticeKind::Rematch { code, .. }, .. } = host.recv() {
            assert_eq!(json!(code), new_code);
            break;
        }
    }
    assert_eq!(browser.eval("document.getElementById('create-name').value"), json!("Bea"));
    browser.screenshot("7-rematch");
    assert!(browser.errors.is_empty(), "the page logged errors: {:?}", browser.errors);
}

#[test]
fn the_page_is_served_with_a_strict_content_security_policy() {
    let server = server(42, roomy());
    let address = server.url().replace("ws://", "").replace("/ws", "");
    for path in ["/", "/t/abcdefghijklmnop", "/app.js", "/app.css", "/words/fr.json"] {
        let mut stream = TcpStream::connect(&address).unwrap();
        use std::io::{Read, Write};
        write!(stream, "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        let head = reply.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
        assert!(head.starts_with("http/1.1 200"), "{path}: {head}");
        assert!(
            head.contains("content-security-policy: default-src 'none'; script-src 'self';"),
            "{path}: {head}"
        );
        assert!(head.contains("x-content-type-options: nosniff"), "{path}: {head}");
    }
}
