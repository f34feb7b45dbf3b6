// The browser table: a client of the server's protocol (docs/protocol.md) that reads the
// game in words (`hello` with `lang`). It builds no sentence: every string comes from the
// server (the page's words from /words/LANG.json, the game's from `words` and `cards`)
// and is set as text, never as markup. No library, no build step.

import { $, bind as bindIn, notice, pickLang, reconnectLater, refusal, sendOn, show } from "./shared.js";

const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

const state = {
  lang: pickLang(),
  words: {},
  packs: [],
  code: null, // the table's code, from /t/CODE
  seat: null, // our seat, or null when watching
  setup: null,
  ws: null,
  pending: null, // what to send once welcomed: create, join, rejoin or watch
  retry: 0,
  stopped: false, // no reconnecting (seat taken elsewhere, table unknown)
  question: null,
  queue: [], // log lines not shown yet (a dungeon revealed one card at a time)
  timer: null,
  answered: null, // the number of the last question answered
  rematch: null, // the code of the next game, once someone opened it
  record: null, // a finished game watched: every line, and how many are shown
  shown: 0,
};

function w(id) {
  return state.words[id] ?? id;
}

function bind(text) {
  return bindIn(text, state.lang);
}

async function loadWords() {
  const reply = await fetch(`/words/${state.lang}.json`);
  const data = await reply.json();
  state.words = data.messages;
  state.packs = data.packs;
  document.documentElement.lang = state.lang;
  document.title = w("web-title");
  for (const el of document.querySelectorAll("[data-w]")) {
    el.textContent = bind(w(el.dataset.w));
  }
  $("lang").value = state.lang;
  state.variant = data.variant;
  const chosen = new Set(checkedPacks());
  const packs = $("packs");
  packs.replaceChildren();
  for (const p of state.packs) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = p.id;
    box.checked = chosen.size ? chosen.has(p.id) : p.id === "base";
    box.addEventListener("change", showRulings);
    label.append(box, " ", bind(p.name));
    packs.append(label);
  }
  showRulings();
}

function checkedPacks() {
  return [...document.querySelectorAll("#packs input:checked")].map((b) => b.value);
}

// One choice per ruling of the packs ticked (each choice's text in full), and the
// designer's variant with the turns it binds; the defaults chosen.
function showRulings() {
  const box = $("rulings");
  const kept = Object.fromEntries(
    [...box.querySelectorAll("select")].map((s) => [s.name, s.value]),
  );
  box.replaceChildren();
  const rulings = [];
  for (const p of state.packs.filter((p) => checkedPacks().includes(p.id))) {
    for (const r of p.rulings) if (!rulings.some((x) => x.id === r.id)) rulings.push(r);
  }
  const variant = {
    id: "designer_variant",
    name: state.variant.name,
    text: state.variant.text,
    default: "",
    choices: [{ id: "", text: w("web-variant-off") }, ...state.variant.choices],
  };
  for (const r of [variant, ...rulings]) {
    const label = document.createElement("label");
    const name = document.createElement("span");
    name.textContent = bind(r.name);
    const select = document.createElement("select");
    select.name = r.id;
    select.title = bind(r.text);
    for (const c of r.choices) {
      const option = document.createElement("option");
      option.value = c.id;
      option.textContent = bind(c.text);
      option.selected = (kept[r.id] ?? r.default) === c.id;
      select.append(option);
    }
    label.append(name, select);
    box.append(label);
  }
}

// --- The connection -------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  state.ws = ws;
  notice(w("web-connecting"));
  ws.addEventListener("open", () => {
    send({ type: "hello", version: 1, lang: state.lang });
  });
  ws.addEventListener("message", (e) => {
    let message;
    try {
      message = JSON.parse(e.data);
    } catch {
      return;
    }
    receive(message);
  });
  ws.addEventListener("close", () => {
    if (state.ws !== ws || state.stopped) return;
    // No question can be answered until the seat is back: it comes again then.
    state.question = null;
    renderQuestion();
    reconnectLater(state, { tokenKey, connect, w });
  });
}

function send(message) {
  return sendOn(state, message);
}

function tokenKey(code) {
  return `dungeon-seat-${code}`;
}

function receive(m) {
  switch (m.type) {
    case "welcome":
      notice("");
      state.retry = 0;
      if (state.pending) send(state.pending);
      break;
    case "table_created":
      if (state.setup && state.setup.started) {
        // Our rematch: the connection moved to the new table; the page follows it there.
        localStorage.setItem(tokenKey(m.code), m.token);
        state.stopped = true;
        state.ws.close();
        location.assign(`/t/${m.code}`);
        return;
      }
      state.code = m.code;
      localStorage.setItem(tokenKey(m.code), m.token);
      history.replaceState(null, "", `/t/${m.code}`);
      seated(m.seat, m.setup);
      break;
    case "seated":
      localStorage.setItem(tokenKey(state.code), m.token);
      seated(m.seat, m.setup);
      break;
    case "watching":
      state.seat = null;
      seated(null, m.setup);
      break;
    case "cards":
      showCards(m.cards);
      break;
    case "notice":
      if (m.kind.type === "started") {
        if (state.setup) state.setup.started = true;
        enterGame();
      } else if (m.kind.type === "rematch") {
        state.rematch = m.kind.code;
        renderQuestion();
      } else if (m.kind.type === "joined" && state.setup) {
        if (!state.setup.taken.includes(m.kind.seat)) state.setup.taken.push(m.kind.seat);
        if (m.kind.name) state.setup.seats[m.kind.seat].name = m.kind.name;
        showWaiting();
      }
      break;
    case "words":
      showWords(m);
      break;
    case "odds":
      showOdds(m.odds);
      break;
    case "stopped":
      state.stopped = true;
      break;
    case "error":
      refused(m);
      break;
    default:
      // log, view, asking, waiting, over, accepted: the words carry what the page shows.
      break;
  }
}

function refused(m) {
  const panels = ["seat", "waiting", "game"];
  if (refusal(m, { code: state.code, tokenKey, panels, w })) state.stopped = true;
}

// --- Before the game --------------------------------------------------------------------

function seated(seat, setup) {
  state.seat = seat;
  state.setup = setup;
  // Taken back (a lost connection, a restarted server): the log comes again from the start.
  $("log").replaceChildren();
  state.queue = [];
  state.record = null;
  show("lobby", false);
  show("seat", false);
  if (setup.started) enterGame();
  else showWaiting();
}

function showWaiting() {
  if (!state.setup || state.setup.started) return;
  show("waiting");
  $("link").value = `${location.origin}/t/${state.code}`;
  const list = $("seats");
  list.replaceChildren();
  const seats = state.setup.seats;
  let humans = 0;
  seats.forEach((s, i) => {
    if (!s.bot) humans += 1;
    const li = document.createElement("li");
    const taken = s.bot || state.setup.taken.includes(i);
    const name = state.names?.[i] ?? s.name;
    li.textContent = taken ? name : `${name}: ${w("web-seat-free")}`;
    list.append(li);
  });
  const taken = state.setup.taken.length;
  const creator = state.seat === 0;
  $("waiting-text").textContent = taken < humans ? w("web-waiting-people") : creator ? "" : w("web-waiting-creator");
  show("start", creator && taken >= humans);
}

function enterGame() {
  show("waiting", false);
  show("seat", false);
  show("game");
  show("odds-button", state.seat !== null);
  if (state.seat === null) notice(w("web-watching"));
}

// --- The game -----------------------------------------------------------------------------

function showWords(m) {
  if (m.seats) {
    state.names = m.seats;
    showWaiting();
  }
  // A finished game, watched: its whole log, to step through from the start.
  if (state.seat === null && m.over && state.record === null && $("log").children.length === 0) {
    state.record = m.log.slice();
    state.over = true;
    enterGame();
    $("table-lines").replaceChildren(...(m.table || []).map((t) => line(t.trim())));
    $("status").textContent = bind(m.status ?? "");
    show("replay");
    step(state.record.length);
    return;
  }
  const pauses = new Set(m.pauses || []);
  m.log.forEach((line, i) => state.queue.push({ line, pause: pauses.has(i) }));
  // A note alone (someone took a seat or left) changes nothing else.
  if (m.table) {
    enterGame();
    $("table-lines").replaceChildren(...m.table.map((t) => line(t.trim())));
    $("status").textContent = bind(m.status ?? "");
    // A question already answered (sent again with a note or a reconnection) stays answered.
    const q = m.question || null;
    state.question = q && q.number !== state.answered ? q : null;
    state.over = m.over;
  }
  if (state.setup && state.setup.started) drain();
}

// A dungeon is revealed one card at a time: before each card's line the log waits a
// moment (not with reduced motion), other lines appear at once. The question waits until
// every line is shown, so a key pressed to hurry them along can never answer it. Space,
// Enter or a click on the log shows them all at once.
function drain() {
  renderQuestion();
  if (state.timer) return;
  const run = () => {
    state.timer = null;
    while (state.queue.length) {
      appendLog(state.queue.shift().line);
      if (state.queue[0]?.pause && !reduceMotion) {
        state.timer = setTimeout(run, 700);
        renderQuestion();
        return;
      }
    }
    renderQuestion();
  };
  run();
}

function skip() {
  clearTimeout(state.timer);
  state.timer = null;
  while (state.queue.length) appendLog(state.queue.shift().line);
  renderQuestion();
}

function line(text) {
  const li = document.createElement("li");
  li.textContent = bind(text);
  return li;
}

// The record of a finished game, shown up to line `to` (of all its lines).
function step(to) {
  const lines = state.record;
  state.shown = Math.max(0, Math.min(lines.length, to));
  $("log").replaceChildren();
  for (const l of lines.slice(0, state.shown)) appendLog(l);
  $("replay-where").textContent = `${state.shown} / ${lines.length}`;
}

function appendLog(line) {
  const li = document.createElement("li");
  if (line.trim() === "") li.className = "gap";
  li.textContent = bind(line);
  const log = $("log");
  log.append(li);
  // The log scrolls within itself; the page stays where the reader put it.
  log.scrollTop = log.scrollHeight;
}

function renderQuestion() {
  const options = $("options");
  const q = state.question;
  const busy = state.queue.length > 0;
  // The end shows once the last lines have.
  const over = Boolean(state.over) && !busy;
  show("rematch", over && state.seat !== null && !state.rematch);
  show("rematch-join", over && Boolean(state.rematch));
  show("new-table", over && state.seat === null && !state.rematch);
  show("odds-button", state.seat !== null && !state.over);
  options.replaceChildren();
  $("question-title").textContent = q && !busy ? bind(q.title) : "";
  // "Your move" only while there is one to make.
  show("question-h", Boolean(q) && !busy);
  $("odds").textContent = "";
  if (!q || busy) return;
  q.options.forEach((o, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `${i + 1}. ${bind(o.label)}`;
    b.addEventListener("click", () => answer(i));
    options.append(b);
  });
  const first = options.querySelector("button");
  if (first && !$("help").open) first.focus({ preventScroll: true });
}

function answer(i) {
  const q = state.question;
  if (!q || state.queue.length || i >= q.options.length) return;
  if (!send({ type: "answer", number: q.number, action: q.options[i].action })) return;
  state.answered = q.number;
  state.question = null;
  renderQuestion();
}

function percent(p) {
  return new Intl.NumberFormat(state.lang, { style: "percent", maximumFractionDigits: 1 }).format(p);
}

function showOdds(odds) {
  const out = $("odds");
  if (!odds) {
    out.textContent = w("web-odds-none");
    return;
  }
  const parts = [];
  if (odds.now.Survive !== undefined) {
    parts.push(`${w("web-odds-survive")} ${percent(odds.now.Survive)}`);
  } else if (odds.now.Answers) {
    // Each answer's chance, named as the question's options name it.
    for (const [answer, p] of odds.now.Answers) {
      const option = state.question?.options.find(
        (o) => JSON.stringify(o.action) === JSON.stringify({ Answer: answer }),
      );
      parts.push(`${option ? option.label : JSON.stringify(answer)}: ${percent(p)}`);
    }
  }
  if (odds.with_card) parts.push(`${w("web-odds-with-card")} ${percent(odds.with_card[1])}`);
  if (!odds.exact) parts.push(w("web-odds-estimate"));
  out.textContent = parts.join(" · ");
}

function showCards(cards) {
  const box = $("cards");
  box.replaceChildren();
  for (const kind of ["adventurer", "tile", "monster"]) {
    const h = document.createElement("h3");
    h.textContent = w(`web-kind-${kind}`);
    const dl = document.createElement("dl");
    for (const c of cards.filter((c) => c.kind === kind)) {
      const dt = document.createElement("dt");
      dt.textContent = bind(c.label);
      const dd = document.createElement("dd");
      const copies = c.copies ? ` (${w("web-copies")} ${c.copies})` : "";
      dd.textContent = bind(`${c.text}${copies}`);
      dl.append(dt, dd);
    }
    box.append(h, dl);
  }
}

// The help opens at its top (the rules first), not at its one button at the bottom.
function openHelp() {
  $("help").showModal();
  $("help-h").focus();
  $("help").scrollTop = 0;
}

// --- Wiring -------------------------------------------------------------------------------

// The pack chosen as a folder, if any: its .toml and .lua files by their paths in the
// folder; the manifest is the .toml at its top (the server checks all of it).
async function broughtPack() {
  const chosen = [...$("pack-files").files].filter((f) => /\.(toml|lua)$/.test(f.name));
  if (!chosen.length) return null;
  const files = {};
  const foldered = chosen.some((f) => f.webkitRelativePath.includes("/"));
  for (const f of chosen) {
    const path = (foldered ? f.webkitRelativePath : f.name).split("/");
    if (foldered) path.shift(); // the folder's own name
    files[path.join("/")] = await f.text();
  }
  const manifest = Object.keys(files).find((p) => !p.includes("/") && p.endsWith(".toml")) || "";
  if (!foldered && manifest) {
    // Files chosen one by one: the scripts go where the manifest says they are.
    const dir = files[manifest].match(/^scripts\s*=\s*"([^"]*)"/m)?.[1] ?? "";
    for (const name of Object.keys(files).filter((p) => p.endsWith(".lua") && dir)) {
      files[`${dir}/${name}`] = files[name];
      delete files[name];
    }
  }
  return { manifest, files };
}

function createRequest() {
  const packs = checkedPacks();
  const rulings = [];
  let variant = false;
  for (const select of document.querySelectorAll("#rulings select")) {
    if (select.name === "designer_variant") {
      variant = select.value !== "";
      if (variant) rulings.push(`designer_variant=${select.value}`);
    } else {
      rulings.push(`${select.name}=${select.value}`);
    }
  }
  const players = Number($("players").value);
  const humans = Math.min(Number($("humans").value), players);
  const timeout = Number($("timeout").value);
  const request = {
    type: "create_table",
    packs: packs.length ? packs : ["base"],
    players,
    humans,
    bots: [$("level").value],
    name: $("create-name").value.trim(),
    options: { variant, rulings },
  };
  if (timeout > 0) request.turn_timeout_secs = timeout;
  return request;
}

function wire() {
  $("lang").addEventListener("change", async () => {
    state.lang = $("lang").value;
    localStorage.setItem("lang", state.lang);
    await loadWords();
    // The game's words come in the language named in `hello`: connect again.
    if (state.ws) state.ws.close();
  });
  $("create").addEventListener("submit", async (e) => {
    e.preventDefault();
    localStorage.setItem("dungeon-name", $("create-name").value.trim());
    state.pending = createRequest();
    const pack = await broughtPack();
    if (pack) state.pending.pack = pack;
    state.stopped = false;
    connect();
  });
  $("join").addEventListener("submit", (e) => {
    e.preventDefault();
    localStorage.setItem("dungeon-name", $("join-name").value.trim());
    state.pending = { type: "join", code: state.code, name: $("join-name").value.trim() };
    if (state.ws && state.ws.readyState === WebSocket.OPEN) send(state.pending);
    else connect();
  });
  $("watch").addEventListener("click", () => {
    state.pending = { type: "watch", code: state.code };
    if (state.ws && state.ws.readyState === WebSocket.OPEN) send(state.pending);
    else connect();
  });
  $("copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("link").value);
      notice(w("web-copied"));
    } catch {
      $("link").select();
    }
  });
  $("start").addEventListener("click", () => send({ type: "start" }));
  $("odds-button").addEventListener("click", () => send({ type: "ask_odds" }));
  $("help-button").addEventListener("click", openHelp);
  $("rematch").addEventListener("click", () => send({ type: "rematch" }));
  $("rematch-join").addEventListener("click", () => location.assign(`/t/${state.rematch}`));
  $("new-table").addEventListener("click", () => location.assign("/"));
  $("log").addEventListener("click", skip);
  $("replay-start").addEventListener("click", () => step(0));
  $("replay-back").addEventListener("click", () => step(state.shown - 1));
  $("replay-next").addEventListener("click", () => step(state.shown + 1));
  $("replay-end").addEventListener("click", () => step(Infinity));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if ($("help").open) return; // the dialog closes itself on Escape
    if (state.record) {
      const to = { ArrowLeft: state.shown - 1, ArrowRight: state.shown + 1, Home: 0, End: Infinity }[e.key];
      if (to !== undefined) {
        e.preventDefault();
        step(to);
        return;
      }
    }
    if (state.queue.length && (e.key === " " || e.key === "Enter")) {
      e.preventDefault();
      skip();
    } else if (/^[1-9]$/.test(e.key)) {
      answer(Number(e.key) - 1);
    } else if (e.key === "o" && state.seat !== null) {
      send({ type: "ask_odds" });
    } else if (e.key === "?") {
      openHelp();
    }
  });
}

async function main() {
  await loadWords();
  wire();
  const name = localStorage.getItem("dungeon-name") || "";
  $("create-name").value = name;
  $("join-name").value = name;
  const match = location.pathname.match(/^\/t\/([a-z0-9]{1,64})$/);
  if (!match) {
    show("lobby");
    return;
  }
  state.code = match[1];
  const token = localStorage.getItem(tokenKey(state.code));
  if (token) {
    state.pending = { type: "rejoin", code: state.code, token };
    connect();
  } else {
    show("seat");
  }
}

main();
