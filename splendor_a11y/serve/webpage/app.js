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

function announce(text, urgent) {
  queue.push({ text, urgent });
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
  if (!(next.text === lastSpoken.text && now - lastSpoken.at < REPEAT_MS)) {
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
    announce(message.say, ASSERTIVE.has(message.kind));
  } else if (typeof message.prompt === "string") {
    prompt = message.prompt;
  } else if (Array.isArray(message.words)) {
    words = message.words.filter((word) => typeof word === "string");
  } else if (typeof message.login === "string") {
    showLogin(message.login);
  }
}

// ---- the connection ---------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/socket`);
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
  const answer = await fetch("/login", { method: "POST", body: new URLSearchParams(new FormData(page.login)) });
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
