//! The browser table, served by `dungeon serve` on the same port as `/ws`: one page (`/`
//! opens a table, `/t/CODE` takes a seat or watches), its script and style, and the page's
//! words in the reader's language (`/words/LANG.json`, from the same Fluent files as the
//! terminal). All of it is in the binary: nothing to build or install.
//!
//! The page is plain HTML, CSS and a JavaScript module with no library and no build step
//! (see ARCHITECTURE.md). It is served with a strict Content-Security-Policy: scripts,
//! styles and connections from this origin only, no inline script or style, no frames.
//! The script sets every string from the server as text, never as markup.

use crate::shared::Shared;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use dungeon_engine::lang::Lang;
use std::sync::Arc;

const PAGE: &str = include_str!("../web/index.html");
const SCRIPT: &str = include_str!("../web/app.js");
/// The other games' table (`/r/`, `/r/CODE`): a client of `/rooms`.
const ROOMS_PAGE: &str = include_str!("../web/rooms.html");
const ROOMS_SCRIPT: &str = include_str!("../web/rooms.js");
/// What both pages' scripts import.
const SHARED_SCRIPT: &str = include_str!("../web/shared.js");
const STYLE: &str = include_str!("../web/app.css");
const ICON: &str = include_str!("../web/icon.svg");

/// Only this origin, nothing inline, no frames, no plugins, no base or form elsewhere.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// The page's own words (message ids of `cli/i18n/*.ftl`), sent to the page as one JSON
/// object per language: the page builds no sentence itself.
const PAGE_WORDS: &[&str] = &[
    "web-title",
    "web-lang",
    "web-new-table",
    "web-packs",
    "web-players",
    "web-rulings",
    "web-pack-bring",
    "web-pack-help",
    "web-variant",
    "web-variant-off",
    "web-people",
    "web-bots",
    "web-timeout",
    "web-no-timeout",
    "web-your-name",
    "web-create",
    "web-invite",
    "web-copy",
    "web-copied",
    "web-join",
    "web-watch",
    "web-start",
    "web-waiting-people",
    "web-seat-free",
    "web-waiting-creator",
    "web-watching",
    "web-table",
    "web-log",
    "web-question",
    "web-help",
    "web-odds",
    "web-odds-survive",
    "web-odds-with-card",
    "web-odds-none",
    "web-odds-estimate",
    "web-cards",
    "web-close",
    "web-keys",
    "web-connecting",
    "web-reconnecting",
    "web-refused",
    "web-unknown-table",
    "web-rematch",
    "web-rematch-join",
    "web-replay",
    "web-replay-start",
    "web-replay-back",
    "web-replay-next",
    "web-replay-end",
    "web-kind-adventurer",
    "web-kind-tile",
    "web-kind-monster",
    "web-copies",
    "seat-bot-easy",
    "seat-bot-normal",
    "seat-bot-hard",
    "tui-help-rules-title",
    "tui-help-rules-1",
    "tui-help-rules-2",
    "tui-help-rules-3",
    "tui-help-rules-4",
    "note-seat-taken",
    "web-room-title",
    "web-room-game",
];

/// The page's words that take values: filled on the page, where `{name}` stands.
const PAGE_WORDS_WITH: &[(&str, &[&str])] = &[
    ("web-room-waiting", &["name"]),
    ("web-room-timed-out", &["name"]),
    ("web-room-over", &["names"]),
];

pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/", get(page))
        .route("/t/{code}", get(page))
        .route("/app.js", get(script))
        .route("/r/", get(rooms_page))
        .route("/r/{code}", get(rooms_page))
        .route("/rooms.js", get(rooms_script))
        .route("/shared.js", get(shared_script))
        .route("/app.css", get(style))
        .route("/icon.svg", get(icon))
        .route("/favicon.ico", get(icon))
        .route("/words/{file}", get(words))
}

fn respond(body: String, kind: &'static str) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

async fn page() -> Response {
    respond(PAGE.to_string(), "text/html; charset=utf-8")
}

async fn rooms_page() -> Response {
    respond(ROOMS_PAGE.to_string(), "text/html; charset=utf-8")
}

async fn shared_script() -> Response {
    respond(SHARED_SCRIPT.to_string(), "text/javascript; charset=utf-8")
}

async fn rooms_script() -> Response {
    respond(ROOMS_SCRIPT.to_string(), "text/javascript; charset=utf-8")
}

async fn script() -> Response {
    respond(SCRIPT.to_string(), "text/javascript; charset=utf-8")
}

async fn style() -> Response {
    respond(STYLE.to_string(), "text/css; charset=utf-8")
}

async fn icon() -> Response {
    respond(ICON.to_string(), "image/svg+xml")
}

/// `/words/es.json`: the page's words and the packs tables may be opened with, in Spanish.
async fn words(State(shared): State<Arc<Shared>>, Path(file): Path<String>) -> Response {
    let Some(lang) = file.strip_suffix(".json").and_then(Lang::from_code) else {
        return (StatusCode::NOT_FOUND, "en.json, es.json or fr.json").into_response();
    };
    let mut messages = serde_json::Map::new();
    for &id in PAGE_WORDS {
        let text = dungeon_text::tr(lang, id, &[]);
        messages.insert(id.to_string(), text.into());
    }
    for &(id, names) in PAGE_WORDS_WITH {
        let args: Vec<(&str, dungeon_text::Arg)> = (names.iter())
            .map(|n| (*n, format!("{{{n}}}").into()))
            .collect();
        messages.insert(id.to_string(), dungeon_text::tr(lang, id, &args).into());
    }
    let packs: Vec<&serde_json::Value> = (shared.packs.iter())
        .filter_map(|p| p.words.iter().find(|(l, _)| *l == lang).map(|(_, w)| w))
        .collect();
    // The engine's own ruling: the designer's variant and the turns it binds.
    let variant = serde_json::json!({
        "name": dungeon_text::tr(lang, "ruling-variant-name", &[]),
        "text": dungeon_text::tr(lang, "ruling-variant-text", &[]),
        "choices": [
            { "id": "first_turn", "text": dungeon_text::tr(lang, "ruling-variant-first-turn", &[]) },
            { "id": "each_player", "text": dungeon_text::tr(lang, "ruling-variant-each-player", &[]) },
        ],
    });
    let body = serde_json::json!({
        "lang": lang.code(),
        "messages": messages,
        "packs": packs,
        "variant": variant,
    });
    respond(body.to_string(), "application/json")
}
