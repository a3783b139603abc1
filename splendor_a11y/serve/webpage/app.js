// splendor-a11y's web page: a command line and what was said, for screen readers first.
//
// Every line the server says is added to the history (a log that does not speak) and
// queued for one of two hidden live regions, which speak it once: refusals and "your
// turn" assertively, the rest politely, a short gap between lines, and a line repeated
// within 700 ms dropped. Text is only ever set as text, never as HTML. The focus is
// never moved by the game.
"use strict";

const GAP_MS = 120;
const REPEAT_MS = 700;
const KEPT_IN_REGION = 4;
const LONGEST_PAUSE_MS = 30000;
const ASSERTIVE = new Set(["error", "prompt"]);
const KEYS = { F2: "f2", F3: "f3", F4: "f4", F5: "f5", F6: "f6" };
const ALT_KEYS = { KeyR: "f2", KeyS: "f3", KeyB: "f4", Comma: "f5", Period: "f6" };

const page = {
  login: document.getElementById("login"),
  loginProblem: document.getElementById("login-problem"),
  game: document.getElementById("game"),
  history: document.getElementById("history"),
  form: document.getElementById("command-form"),
  command: document.getElementById("command"),
  status: document.getElementById("status"),
  speak: document.getElementById("speak"),
  logout: document.getElementById("logout"),
  regions: { polite: document.getElementById("polite"), assertive: document.getElementById("assertive") },
  board: document.getElementById("board"),
  boardContent: document.getElementById("board-content"),
};

let socket = null;
let loggedOut = false;
let pause = 1000;
let prompt = "";
let words = [];
const typed = [];
let typedIndex = 0;
const queue = [];
let speaking = false;
let lastSpoken = { text: "", at: 0 };

// ---- what is heard ----------------------------------------------------------------

function addToHistory(text, className) {
  const line = document.createElement("p");
  line.textContent = text;
  if (className) line.className = className;
  page.history.appendChild(line);
  page.history.scrollTop = page.history.scrollHeight;
}

function announce(text, urgent, asked) {
  // What the player asked for (an answer, a key's line) is spoken even when it repeats
  // the line before; the game's own lines are not spoken twice within moments.
  queue.push({ text, urgent, asked });
  if (!speaking) speakNext();
}

function speakNext() {
  const next = queue.shift();
  if (next === undefined) {
    speaking = false;
    return;
  }
  speaking = true;
  const now = Date.now();
  if (next.asked || !(next.text === lastSpoken.text && now - lastSpoken.at < REPEAT_MS)) {
    lastSpoken = { text: next.text, at: now };
    const region = next.urgent ? page.regions.assertive : page.regions.polite;
    const line = document.createElement("p");
    line.textContent = next.text;
    region.appendChild(line);
    while (region.childElementCount > KEPT_IN_REGION) region.firstElementChild.remove();
    if (page.speak.checked && "speechSynthesis" in window) {
      const utterance = new SpeechSynthesisUtterance(next.text);
      utterance.lang = document.documentElement.lang;
      if (next.urgent) window.speechSynthesis.cancel();
      window.speechSynthesis.speak(utterance);
    }
  }
  setTimeout(speakNext, GAP_MS);
}

function hear(message) {
  if (typeof message.say === "string") {
    addToHistory(message.say, message.kind === "error" ? "error" : "");
    announce(message.say, ASSERTIVE.has(message.kind), message.kind === "answer");
  } else if (typeof message.prompt === "string") {
    prompt = message.prompt;
  } else if (Array.isArray(message.words)) {
    words = message.words.filter((word) => typeof word === "string");
  } else if (typeof message.login === "string") {
    showLogin(message.login);
  } else if (message.board && typeof message.board === "object") {
    lastBoard = message.board;
    drawBoard(message.board);
  } else if (typeof message.lang === "string" && message.page && typeof message.page === "object") {
    translate(message.lang, message.page);
  }
}

// ---- the board, for sighted friends --------------------------------------------------
//
// Drawn from the seat's own view (what the server sends is all this seat may know), in
// the braille edition's notation, each card edged in its bonus's colour. It is a region a
// screen reader reads when asked; nothing in it is announced. A card or a gem clicked
// fills the command line, and Enter plays it.

const LEVELS = ["c", "b", "a"];

function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

function gems(counts) {
  const parts = Object.entries(counts || {}).map(([gem, count]) => `${count}${gem}`);
  return parts.length ? parts.join(" ") : page.board.dataset.none;
}

function bonusOf(code) {
  const found = /^[abc]\d+([dsero])/.exec(code || "");
  return found ? `gem-${found[1]}` : "";
}

function fill(command) {
  page.command.value = command;
  page.command.focus();
}

// A spectator's board is only looked at: its cards and gems are not buttons, since a
// move clicked there would only be refused.
let watching = false;

function button(text, className, command) {
  if (watching) return element("span", text, className);
  const made = element("button", text, className);
  made.type = "button";
  made.addEventListener("click", () => fill(command()));
  return made;
}

function adding(verb, gem, pattern) {
  // A gem clicked again adds to the same command: take s, take se, take ser.
  const value = page.command.value.trim();
  return pattern.test(value) ? value + gem : `${verb} ${gem}`;
}

function cardButton(slot, code, holders = "") {
  // A face-up card: buy it; clicked again, reserve it instead. A card in hand: buy it.
  const inHand = slot.startsWith("h");
  const label = holders ? `${slot} ${code}, ${page.board.dataset.held} ${holders}` : `${slot} ${code}`;
  return button(label, `card ${bonusOf(code)}${holders ? " held" : ""}`,
    () => (!inHand && page.command.value.trim() === `buy ${slot}` ? `reserve ${slot}` : `buy ${slot}`));
}

function drawRows(board, into) {
  const held = board.held && typeof board.held === "object" ? board.held : {};
  for (const level of LEVELS) {
    const row = element("div", undefined, "row");
    row.appendChild(button(`${level}${page.board.dataset.colon}${page.board.dataset.deck} ${board.decks[level] ?? 0}`, "deck",
      () => `reserve deck ${level}`));
    for (const [slot, code] of Object.entries(board.board[level] || {})) {
      // A module's pieces on a card (the Strongholds'), said by the server in the player's words.
      const holders = typeof held[slot] === "string" ? held[slot] : "";
      row.appendChild(code ? cardButton(slot, code, holders) : element("span", `${slot} —`, "empty"));
    }
    into.appendChild(row);
  }
}

function drawSupply(board, into) {
  into.appendChild(element("h3", watching ? page.board.dataset.supplyWatched : page.board.dataset.supply));
  const row = element("div", undefined, "row");
  // Every colour, none left included: a sighted friend looked for the diamonds that were gone.
  for (const gem of "dserog") {
    const count = (board.supply || {})[gem] ?? 0;
    const token = button(`${count}${gem}`, `token gem-${gem}`, () => adding("take", gem, /^take [dsero]*$/));
    if (gem === "g" || !count) token.disabled = true;
    row.appendChild(token);
  }
  into.appendChild(row);
}

function drawPlayer(board, player, index) {
  const labels = page.board.dataset;
  const item = element("li");
  const turn = index === board.current_player ? ` (${labels.turn})` : "";
  item.appendChild(element("strong", `${player.name}${turn}`));
  // "1 point", and in French "0 point" too: the language's own rule for the count.
  const one = new Intl.PluralRules(document.documentElement.lang).select(player.points) === "one";
  const facts = [`${player.points} ${one ? labels.point : labels.points}`, `${labels.tokens}${labels.colon}${gems(player.tokens)}`,
    `${labels.bonuses}${labels.colon}${gems(player.bonuses)}`];
  if (player.nobles.length) facts.push(`${labels.nobles}${labels.colon}${player.nobles.join(", ")}`);
  item.appendChild(element("span", ` ${facts.join(labels.separator)}`));
  if (index === board.seat && Object.keys(player.tokens || {}).length) {
    // Your own tokens: clicked, they are given back (over ten).
    const yours = element("div", `${labels.tokens}${labels.colon}`, "row");
    for (const [gem, count] of Object.entries(player.tokens)) {
      yours.appendChild(button(`${count}${gem}`, `token gem-${gem}`, () => adding("return", gem, /^return [dserog]*$/)));
    }
    item.appendChild(yours);
  }
  if (player.reserved.length) {
    const hand = element("div", `${labels.hand}${labels.colon}`, "row");
    player.reserved.forEach((held, place) => {
      if (held.hidden) hand.appendChild(element("span", `${held.level} ${labels.faceDown}`, "card face-down"));
      else if (index === board.seat) hand.appendChild(cardButton(`h${place + 1}`, held.card));
      else hand.appendChild(element("span", held.card, `card ${bonusOf(held.card)}`));
    });
    item.appendChild(hand);
  }
  return item;
}

function drawBoard(board) {
  page.boardContent.replaceChildren();
  if (!board || !Array.isArray(board.players) || !board.board) {
    page.board.hidden = true;
    return;
  }
  page.board.hidden = false;
  watching = !(board.seat >= 0);
  const labels = page.board.dataset;
  const into = page.boardContent;
  const nobles = element("div", `${labels.nobles}${labels.colon}`, "row");
  for (const [number, noble] of Object.entries(board.nobles || {})) {
    if (noble) nobles.appendChild(button(`${number}. ${noble}`, "card noble", () => `noble ${number}`));
  }
  if (!nobles.querySelector(".noble")) nobles.appendChild(element("span", labels.none));
  into.appendChild(nobles);
  drawRows(board, into);
  drawSupply(board, into);
  into.appendChild(element("h3", labels.players));
  const list = element("ul");
  board.players.forEach((player, index) => list.appendChild(drawPlayer(board, player, index)));
  into.appendChild(list);
}

// ---- the page's own words, in the language the player hears --------------------------

let lastBoard = null;

function translate(code, words) {
  const word = (label) => (typeof words[label] === "string" ? words[label] : null);
  document.documentElement.lang = code;
  if (word("title")) document.title = word("title");
  for (const labelled of document.querySelectorAll("[data-label]")) {
    if (word(labelled.dataset.label)) labelled.textContent = word(labelled.dataset.label);
  }
  for (const key of Object.keys(page.board.dataset)) {
    const label = "board_" + key.replace(/[A-Z]/g, (letter) => "_" + letter.toLowerCase());
    if (word(label)) page.board.dataset[key] = word(label);
  }
  for (const key of ["connecting", "lost"]) if (word(key)) page.status.dataset[key] = word(key);
  if (lastBoard) drawBoard(lastBoard);
}

// ---- the connection ---------------------------------------------------------------

// The page's language, for the server to answer in: a browser may send another with a
// script's requests than with the page's (Chromium 150 sent its own en-US with the
// socket's handshake to a page in French).
function pageLanguage() {
  return new URLSearchParams({ lang: document.documentElement.lang }).toString();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/socket?${pageLanguage()}`);
  let toldToLogIn = false;
  socket.addEventListener("open", () => {
    pause = 1000;
    page.status.textContent = "";
  });
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message && typeof message.login === "string") toldToLogIn = true;
    if (message && !toldToLogIn) showGame();
    if (message) hear(message);
  });
  socket.addEventListener("close", () => {
    socket = null;
    if (toldToLogIn || loggedOut) return;
    page.status.textContent = page.status.dataset.lost;
    setTimeout(connect, pause);
    pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function showGame() {
  if (!page.game.hidden) return;
  page.login.hidden = true;
  page.game.hidden = false;
  // Coming in (a load, a reload, a login): the command line takes the focus if nothing
  // has it. Once playing, nothing but the player moves the focus.
  if (document.activeElement === document.body || document.activeElement === null) page.command.focus();
}

function showLogin(sentence) {
  page.game.hidden = true;
  page.login.hidden = false;
  page.status.textContent = sentence;
}

// ---- the command line -------------------------------------------------------------

page.form.addEventListener("submit", (event) => {
  event.preventDefault();
  const line = page.command.value;
  page.command.value = "";
  addToHistory(prompt + line, "typed");
  if (line.trim() && typed[typed.length - 1] !== line) typed.push(line);
  typedIndex = typed.length;
  send({ line });
});

function complete() {
  const value = page.command.value;
  const start = value.lastIndexOf(" ") + 1;
  const part = value.slice(start).toLowerCase();
  if (!part) return;
  const found = words.filter((word) => word.toLowerCase().startsWith(part));
  if (found.length === 0) return;
  let common = found[0];
  for (const word of found) {
    while (!word.toLowerCase().startsWith(common.toLowerCase())) common = common.slice(0, -1);
  }
  const ending = found.length === 1 ? " " : "";
  page.command.value = value.slice(0, start) + (common.length > part.length ? common : value.slice(start)) + ending;
  if (found.length > 1) announce(found.join(" "), false);
}

page.command.addEventListener("keydown", (event) => {
  if (event.key === "ArrowUp" && typedIndex > 0) {
    typedIndex -= 1;
    page.command.value = typed[typedIndex];
  } else if (event.key === "ArrowDown" && typedIndex < typed.length) {
    typedIndex += 1;
    page.command.value = typed[typedIndex] || "";
  } else if (event.key === "Tab" && !event.shiftKey && page.command.value.trim()) {
    complete();
  } else {
    return;
  }
  event.preventDefault();
});

document.addEventListener("keydown", (event) => {
  const key = event.altKey && !event.ctrlKey ? ALT_KEYS[event.code] : !event.altKey && KEYS[event.key];
  if (!key || page.game.hidden) return;
  event.preventDefault();
  send({ key });
});

// ---- logging in and out -----------------------------------------------------------

page.login.addEventListener("submit", async (event) => {
  event.preventDefault();
  page.loginProblem.textContent = "";
  const answer = await fetch(`/login?${pageLanguage()}`, {
    method: "POST",
    body: new URLSearchParams(new FormData(page.login)),
  });
  const result = await answer.json().catch(() => ({}));
  if (typeof result.error === "string") {
    page.loginProblem.textContent = result.error;
    return;
  }
  document.getElementById("password").value = "";
  loggedOut = false;
  page.status.textContent = page.status.dataset.connecting;
  showGame();
  page.command.focus();
  connect();
});

page.logout.addEventListener("click", async () => {
  loggedOut = true;
  await fetch("/logout", { method: "POST" });
  if (socket) socket.close();
  showLogin("");
});

connect();
