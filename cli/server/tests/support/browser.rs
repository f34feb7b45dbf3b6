//! A headless Chromium driven over the DevTools protocol, for the browser table's tests
//! (`cli/server/tests/browser.rs`, `cli/tests/browser_restart.rs`): open a page, run
//! JavaScript in it, wait for a condition, keep every WebSocket frame it receives and
//! every error it logs, take screenshots (`DUNGEON_SCREENSHOTS=DIR`).
//!
//! Needs Chromium (`/usr/bin/chromium`, or `CHROMIUM=path`); `.ci/run` installs it. Without
//! it a test says so and passes only when `DUNGEON_BROWSER_TESTS` is unset (a machine where
//! nobody asked for browser tests); CI sets it.
#![allow(dead_code)]

use crate::support::PATIENCE;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

pub struct Browser {
    child: Child,
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    next: u64,
    session: String,
    /// Console errors and CSP reports seen so far.
    pub errors: Vec<String>,
    /// Every WebSocket frame the page received, as sent.
    pub frames: Vec<String>,
    _profile: tempdir::Dir,
}

mod tempdir {
    pub struct Dir(pub std::path::PathBuf);
    impl Dir {
        pub fn new(tag: &str) -> Dir {
            let path =
                std::env::temp_dir().join(format!("dungeon-browser-{tag}-{}", std::process::id()));
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
    pub fn start(tag: &str) -> Option<Browser> {
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
            frames: Vec::new(),
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
        browser.call("Network.enable", json!({}));
        Some(browser)
    }

    /// Sends a DevTools command (to the page once attached) and waits for its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
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
            Some("Network.webSocketFrameReceived") => {
                let payload = &event["params"]["response"]["payloadData"];
                self.frames
                    .push(payload.as_str().unwrap_or_default().to_string());
            }
            Some("Log.entryAdded") if event["params"]["entry"]["level"] == "error" => {
                self.errors
                    .push(event["params"]["entry"]["text"].to_string());
            }
            Some("Runtime.exceptionThrown") => {
                self.errors
                    .push(event["params"]["exceptionDetails"].to_string());
            }
            Some("Runtime.consoleAPICalled") if event["params"]["type"] == "error" => {
                self.errors.push(event["params"]["args"].to_string());
            }
            _ => {}
        }
    }

    /// The value of a JavaScript expression in the page.
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        );
        assert!(
            result.get("exceptionDetails").is_none(),
            "{expression}: {result}"
        );
        result["result"]["value"].clone()
    }

    /// Waits until `condition` (a JavaScript expression) is true.
    pub fn wait_for(&mut self, condition: &str) {
        let until = Instant::now() + PATIENCE;
        while !self.eval(condition).as_bool().unwrap_or(false) {
            assert!(Instant::now() < until, "waited in vain for {condition}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_for("document.readyState === 'complete'");
    }

    /// A key pressed on the page (a `keydown` the page's own handler reads).
    pub fn press(&mut self, key: &str) {
        self.eval(&format!(
            "document.dispatchEvent(new KeyboardEvent('keydown', {{ key: '{key}', bubbles: true }}))"
        ));
    }

    /// Every page opened from now on on a slow network: its WebSockets open (and say so)
    /// `millis` later than they really do, so a page that offers a button before its
    /// connection is up is caught whatever the machine's speed.
    pub fn slow_sockets(&mut self, millis: u64) {
        let source = format!(
            "(() => {{
               const Real = WebSocket;
               window.WebSocket = class extends Real {{
                 constructor(...args) {{
                   super(...args);
                   this.late = false;
                   super.addEventListener('open', () => setTimeout(() => {{
                     this.late = true;
                     this.dispatchEvent(new Event('late-open'));
                   }}, {millis}));
                 }}
                 get readyState() {{
                   const real = super.readyState;
                   return !this.late && real === Real.OPEN ? Real.CONNECTING : real;
                 }}
                 addEventListener(type, listener, options) {{
                   super.addEventListener(type === 'open' ? 'late-open' : type, listener, options);
                 }}
               }};
             }})()"
        );
        self.call(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": source }),
        );
    }

    /// The page as a reader who asks for reduced motion sees it: lines appear at once.
    pub fn reduce_motion(&mut self) {
        let reduce =
            json!({ "features": [{ "name": "prefers-reduced-motion", "value": "reduce" }] });
        self.call("Emulation.setEmulatedMedia", reduce);
    }

    /// On a phone held upright (390x844), nothing on the page is wider than the screen;
    /// screenshot `name` of it, then the desktop again.
    pub fn fits_a_phone(&mut self, name: &str) {
        let phone = json!({ "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true });
        self.call("Emulation.setDeviceMetricsOverride", phone);
        self.wait_for("document.documentElement.scrollWidth <= 390");
        self.screenshot(name);
        self.call("Emulation.clearDeviceMetricsOverride", json!({}));
    }

    pub fn screenshot(&mut self, name: &str) {
        let Some(dir) = std::env::var_os("DUNGEON_SCREENSHOTS") else {
            return;
        };
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        let bytes = base64(shot["data"].as_str().unwrap());
        std::fs::write(
            std::path::Path::new(&dir).join(format!("{name}.png")),
            bytes,
        )
        .unwrap();
    }
}

impl Browser {
    /// Every frame the page received holds only what `seat` may know (a spectator:
    /// `None`): log entries' private versions are its own, views are its own, questions
    /// are its own.
    pub fn check_frames(&self, seat: Option<u64>) {
        assert!(!self.frames.is_empty(), "no frame was seen");
        for frame in &self.frames {
            let m: Value = serde_json::from_str(frame).expect("a frame is JSON");
            match m["type"].as_str().unwrap_or_default() {
                "log" => {
                    for entry in m["entries"].as_array().unwrap() {
                        let private = &entry["private"];
                        assert!(
                            private.is_null() || Some(private[0].as_u64().unwrap()) == seat,
                            "{seat:?} got another seat's entry: {entry}"
                        );
                    }
                }
                "view" => assert_eq!(m["view"]["seat"].as_u64(), Some(seat.unwrap_or(255)), "{m}"),
                "asking" => assert_eq!(m["seat"].as_u64(), seat, "{m}"),
                "words" => assert!(seat.is_some() || m["question"].is_null(), "{m}"),
                _ => {}
            }
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn base64(text: &str) -> Vec<u8> {
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
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        out.extend(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// Answers the questions the page shows with the first option (by click, or by its
/// digit key every other time) until the game is over.
pub fn play_to_the_end(browser: &mut Browser) -> usize {
    play_together(&mut [browser])
}

/// Plays several pages at one table to the end: whichever is asked answers.
pub fn play_together(browsers: &mut [&mut Browser]) -> usize {
    const OVER: &str = "!document.getElementById('rematch').hidden";
    const ASKED: &str = "document.querySelector('#options button') !== null";
    let mut answered = 0;
    let until = Instant::now() + Duration::from_secs(120);
    loop {
        if Instant::now() > until {
            let said = browsers[0].eval("document.getElementById('notice').textContent");
            let last: Vec<&String> = browsers[0].frames.iter().rev().take(6).collect();
            panic!("the game did not end; the page says {said}; its last frames: {last:?}");
        }
        let mut over = 0;
        let mut moved = false;
        for browser in browsers.iter_mut() {
            if browser.eval(OVER).as_bool().unwrap() {
                over += 1;
            } else if browser.eval(ASKED).as_bool().unwrap() {
                if answered % 2 == 0 {
                    browser.eval("document.querySelector('#options button').click()");
                } else {
                    browser.press("1");
                }
                answered += 1;
                moved = true;
            }
        }
        if over == browsers.len() {
            return answered;
        }
        if !moved {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}
