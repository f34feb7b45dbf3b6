// The browser table of the other games (Mazmorra, Goofspiel, any game the server lists):
// a client of `/rooms` (docs/protocol.md, "Tables of the other games"). The server words
// the game from this seat's view in the page's language; the page shows the words, offers
// the choices as buttons and sends the one pressed. Every string from the server is set as
// text, never as markup. No library, no build step. `/r/` opens a table; `/r/CODE` takes a
// seat (or takes it back: the token is kept in the browser) or watches.

import { $, bind, notice, pickLang, reconnectLater, refusal, sendOn, show } from "./shared.js";

const VERSION = 1;

const state = {
  lang: pickLang(),
  words: {},
  games: [],
  code: codeFromPath(),
  seat: null,
  table: null,
  names: [],
  ws: null,
  pending: null,
  retry: 0,
  stopped: false,
  asking: null, // { number, choices }
  log: [],
  over: false,
  next: null, // the next game's code, once someone opened it
};

function codeFromPath() {
  const m = location.pathname.match(/^\/r\/([A-Za-z0-9]{1,64})$/);
  return m ? m[1] : null;
}

function w(id, args = {}) {
  let text = state.words[id] ?? id;
  for (const [k, v] of Object.entries(args)) text = text.replaceAll(`{${k}}`, v);
  return bind(text, state.lang);
}

function tokenKey(code) {
  return `dungeon-room-${code}`;
}

async function loadWords() {
  const reply = await fetch(`/words/${state.lang}.json`);
  const data = await reply.json();
  state.words = data.messages;
  document.documentElement.lang = state.lang;
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = w(el.dataset.w);
  document.title = w("web-room-title");
  $("lang").value = state.lang;
}

// --- The connection ---------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/rooms`);
  state.ws = ws;
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify({ type: "hello", version: VERSION, lang: state.lang }));
  });
  ws.addEventListener("message", (e) => {
    let m;
    try {
      m = JSON.parse(e.data);
    } catch {
      return;
    }
    receive(m);
  });
  ws.addEventListener("close", () => {
    if (state.ws !== ws || state.stopped || state.over) return;
    state.asking = null;
    renderChoices();
    reconnectLater(state, { tokenKey, connect, w });
  });
}

function send(message) {
  return sendOn(state, message);
}

// A seat asked for while the connection is down is asked for again once it is back.
function sendOrKeep(message) {
  if (!send(message)) state.pending = message;
}

function receive(m) {
  switch (m.type) {
    case "welcome":
      notice("");
      state.retry = 0;
      state.games = m.games;
      if (state.pending) {
        send(state.pending);
        state.pending = null;
      } else if (!state.code) {
        showLobby();
      } else if (state.seat === null && !state.table) {
        // Offered only now: a seat asked for before the connection was up went nowhere.
        show("seat");
      }
      break;
    case "created":
      if (state.over) {
        // The next game, opened by us: the page goes there, and takes the seat back.
        localStorage.setItem(tokenKey(m.code), m.token);
        state.stopped = true;
        state.ws.close();
        location.assign(`/r/${m.code}`);
        return;
      }
      state.code = m.code;
      state.seat = m.seat;
      localStorage.setItem(tokenKey(m.code), m.token);
      history.replaceState(null, "", `/r/${m.code}`);
      show("lobby", false);
      break;
    case "seated":
      state.seat = m.seat;
      localStorage.setItem(tokenKey(state.code), m.token);
      show("seat", false);
      // The table may have come first (a seat taken back is shown the table at once).
      if (state.table && !state.table.started) showWaiting();
      break;
    case "watching":
      state.seat = null;
      show("seat", false);
      break;
    case "table":
      state.table = m;
      state.names = m.seats.map((s, i) => s.name || `#${i + 1}`);
      $("title").textContent = m.name;
      document.title = m.name;
      if (m.started) enterGame();
      else showWaiting();
      break;
    case "log":
      state.log.length = Math.min(state.log.length, m.from);
      state.log.push(...m.lines);
      renderLog();
      break;
    case "view":
      renderView(m.text);
      break;
    case "asking":
      state.asking = { number: m.number, choices: m.choices };
      $("status").textContent = "";
      renderChoices();
      break;
    case "waiting":
      state.asking = null;
      renderChoices();
      $("status").textContent = w("web-room-waiting", { name: state.names[m.seat] ?? "" });
      break;
    case "accepted":
      break;
    case "timed_out":
      if (state.asking && state.asking.number === m.number) {
        state.asking = null;
        renderChoices();
      }
      notice(w("web-room-timed-out", { name: state.names[m.seat] ?? "" }));
      break;
    case "over": {
      state.over = true;
      state.asking = null;
      renderChoices();
      const won = m.winners.map((s) => state.names[s] ?? "").join(", ");
      $("status").textContent = w("web-room-over", { names: won });
      show("new-table");
      show("rematch", state.seat !== null && !state.next);
      show("question-h", false);
      localStorage.removeItem(tokenKey(state.code));
      break;
    }
    case "rematch":
      // Someone opened the next game: join it from its own page.
      state.next = m.code;
      show("rematch", false);
      show("rematch-join");
      break;
    case "error":
      refused(m);
      break;
    default:
      break;
  }
}

function refused(m) {
  const panels = ["seat", "waiting", "game-panels"];
  if (refusal(m, { code: state.code, tokenKey, panels, w })) state.stopped = true;
}

// --- Before the game --------------------------------------------------------------------

function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

function showLobby() {
  const game = $("game-choice");
  const chosen = game.value;
  game.replaceChildren(...state.games.map((g) => option(g.id, g.name)));
  if (chosen) game.value = chosen;
  fitSeats();
  show("lobby");
}

function fitSeats() {
  const g = state.games.find((x) => x.id === $("game-choice").value) || state.games[0];
  if (!g) return;
  const players = $("players");
  const chosen = Number(players.value) || g.min_players;
  const counts = [];
  for (let n = g.min_players; n <= g.max_players; n++) counts.push(n);
  players.replaceChildren(...counts.map((n) => option(n, String(n))));
  players.value = String(Math.min(Math.max(chosen, g.min_players), g.max_players));
  const humans = $("humans");
  const people = Number(humans.value) || 1;
  const most = Number(players.value);
  const up = [];
  for (let n = 1; n <= most; n++) up.push(n);
  humans.replaceChildren(...up.map((n) => option(n, String(n))));
  humans.value = String(Math.min(people, most));
  $("rulings-help").textContent = g.options;
}

function showWaiting() {
  show("waiting");
  show("game-panels", false);
  $("link").value = `${location.origin}/r/${state.code}`;
  const seats = $("seats");
  seats.replaceChildren();
  state.table.seats.forEach((s, i) => {
    const li = document.createElement("li");
    let text = s.taken ? state.names[i] : w("web-seat-free");
    if (s.bot) text = `${text} (${s.bot})`;
    if (i === state.seat) text = `${text} ★`;
    li.textContent = text;
    seats.append(li);
  });
  const everyone = state.table.seats.every((s) => s.taken);
  show("start", state.seat === 0 && everyone);
}

// --- The game ---------------------------------------------------------------------------

function enterGame() {
  show("lobby", false);
  show("seat", false);
  show("waiting", false);
  show("game-panels");
}

function renderView(text) {
  const list = $("table-lines");
  list.replaceChildren(
    ...text.split("\n").filter((l) => l.trim() !== "").map((l) => {
      const li = document.createElement("li");
      li.textContent = bind(l, state.lang);
      return li;
    }),
  );
}

function renderChoices() {
  const box = $("options");
  box.replaceChildren();
  show("question-panel", state.asking !== null || state.over);
  if (!state.asking) return;
  const { number, choices } = state.asking;
  choices.forEach((c, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = bind(i < 9 ? `${i + 1}. ${c}` : c, state.lang);
    b.addEventListener("click", () => answer(number, i));
    box.append(b);
  });
  box.querySelector("button")?.focus();
}

function answer(number, choice) {
  if (!state.asking || state.asking.number !== number) return;
  if (send({ type: "answer", number, choice })) {
    state.asking = null;
    renderChoices();
  }
}

function renderLog() {
  const list = $("log");
  list.replaceChildren(
    ...state.log.map((l) => {
      const li = document.createElement("li");
      li.textContent = bind(l, state.lang);
      return li;
    }),
  );
  list.scrollTop = list.scrollHeight;
}

// --- Wiring -----------------------------------------------------------------------------

function wire() {
  $("lang").addEventListener("change", () => {
    localStorage.setItem("lang", $("lang").value);
    location.reload();
  });
  $("game-choice").addEventListener("change", fitSeats);
  $("players").addEventListener("change", fitSeats);
  $("create").addEventListener("submit", (e) => {
    e.preventDefault();
    const name = $("create-name").value.trim();
    localStorage.setItem("dungeon-name", name);
    const timeout = Number($("timeout").value) || 0;
    const rulings = $("rulings").value.split(/[\s,]+/).filter((r) => r !== "");
    const players = Number($("players").value);
    const humans = Number($("humans").value);
    const create = {
      type: "create",
      game: $("game-choice").value,
      players,
      humans,
      bots: [$("level").value],
      rulings,
      name,
    };
    if (timeout > 0) create.turn_timeout_secs = timeout;
    send(create);
  });
  $("join").addEventListener("submit", (e) => {
    e.preventDefault();
    const name = $("join-name").value.trim();
    localStorage.setItem("dungeon-name", name);
    sendOrKeep({ type: "join", code: state.code, name });
  });
  $("watch").addEventListener("click", () => sendOrKeep({ type: "watch", code: state.code }));
  $("start").addEventListener("click", () => send({ type: "start" }));
  $("copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("link").value);
      notice(w("web-copied"));
    } catch {
      $("link").select();
    }
  });
  $("new-table").addEventListener("click", () => location.assign("/r/"));
  $("rematch").addEventListener("click", () => {
    if (send({ type: "rematch" })) show("rematch", false);
  });
  $("rematch-join").addEventListener("click", () => {
    state.stopped = true;
    location.assign(`/r/${state.next}`);
  });
  document.addEventListener("keydown", (e) => {
    if (!state.asking || e.target.tagName === "INPUT") return;
    const n = Number(e.key);
    if (n >= 1 && n <= 9 && n <= state.asking.choices.length) answer(state.asking.number, n - 1);
  });
}

async function main() {
  await loadWords();
  wire();
  const name = localStorage.getItem("dungeon-name") || "";
  $("create-name").value = name;
  $("join-name").value = name;
  notice(w("web-connecting"));
  if (state.code) {
    const token = localStorage.getItem(tokenKey(state.code));
    if (token) state.pending = { type: "rejoin", code: state.code, token };
  }
  connect();
}

main();
