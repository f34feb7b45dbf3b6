// What both browser tables share (the first game's, app.js, and the other games',
// rooms.js): finding elements, the reader's language, showing and saying, and what a
// refusal from the server does to the page.

export const $ = (id) => document.getElementById(id);
export const LANGS = ["en", "es", "fr"];

// The language saved, else the browser's first we have, else English.
export function pickLang() {
  const saved = localStorage.getItem("lang");
  if (LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const code = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(code)) return code;
  }
  return "en";
}

// French puts a space before : ; ! ? and » and after «: a no-break one, so a line never
// starts with the mark (the server's words have plain spaces, as the terminal's do).
export function bind(text, lang) {
  if (lang !== "fr") return text;
  return text.replace(/ ([:;!?»])/g, "\u00a0$1").replace(/« /g, "«\u00a0");
}

export function show(id, visible = true) {
  $(id).hidden = !visible;
}

export function notice(text) {
  $("notice").textContent = text;
}

// A refusal `m`: a seat taken elsewhere or an unknown table stop the page (`panels` are
// hidden for the latter); a token that holds no seat is forgotten and the seat asked for
// again; the server's message is said. `w` gives the page's words; returns true when the
// page must stop reconnecting.
export function refusal(m, { code, tokenKey, panels, w }) {
  if (m.code === "seat_taken") {
    notice(w("note-seat-taken"));
    return true;
  }
  if (m.code === "unknown_table") {
    for (const id of panels) show(id, false);
    notice(w("web-unknown-table"));
    return true;
  }
  if (m.code === "bad_token") {
    localStorage.removeItem(tokenKey(code));
    show("seat");
  }
  notice(`${w("web-refused")} ${m.message}`);
  return false;
}

// Sends `message` as JSON on `state.ws` if it is open; false if it is not.
export function sendOn(state, message) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) {
    state.ws.send(JSON.stringify(message));
    return true;
  }
  return false;
}

// After a lost connection: `connect` again, a little later each time, back at the same
// place (the seat by its token kept under `tokenKey(code)`, or the spectator's chair).
export function reconnectLater(state, { tokenKey, connect, w }) {
  state.retry = Math.min(state.retry + 1, 5);
  notice(w("web-reconnecting"));
  setTimeout(() => {
    const token = state.code && localStorage.getItem(tokenKey(state.code));
    if (token) state.pending = { type: "rejoin", code: state.code, token };
    else if (state.code && state.seat === null) state.pending = { type: "watch", code: state.code };
    connect();
  }, 500 * 2 ** state.retry);
}
