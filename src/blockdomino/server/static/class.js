// The class's tables in the browser: a thin view over the server's WebSocket.
// The server draws every screen (SVG and sentences from the catalogs); this script
// only shows them, sends a tap as a move with its own id, keeps the seat's secret
// token in the browser, and reconnects (sending an unanswered move again) by itself.
// It keeps the pupil token the server gives each nickname used on this screen, and
// sends it with every message that names that nickname (the app's Practice results too).

import { CLASS_KEYS, element, keptQueue, randomId, sayer } from "./shared.js";
import { keepOnBoard, seatBoard } from "./seat.js";
import { teacherView } from "./teacher.js";
import { classJoined, fitHost, hostClass, hostTable } from "./projector.js";

const main = document.getElementById("main");
const role = document.body.dataset.role || main.dataset.role;
const lang = document.body.dataset.lang || document.documentElement.lang;
const words = JSON.parse(document.getElementById("words").textContent);
const say = sayer(words);
const banner = document.getElementById("reconnecting");
const given = new URLSearchParams(location.search).get("code");
if (given) localStorage.setItem(CLASS_KEYS.code, given);

let socket = null;
let delay = 250;
const moves = keptQueue(CLASS_KEYS.move, { slot: () => "move" }); // the seat's one move not yet acknowledged

function picture(svg, label) {
  const holder = element("div", { class: "picture", role: "img", "aria-label": label });
  holder.innerHTML = svg; // drawn by the server, every name in it escaped
  return holder;
}

function pupils() {
  return JSON.parse(localStorage.getItem(CLASS_KEYS.pupils) || "{}");
}

function send(message) {
  if (role === "pupil" && typeof message.nickname === "string") message = { ...message, pupil: pupils()[message.nickname] ?? null };
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// Who this screen is (the server's ``pupil``): a token kept for its nickname, or the
// nickname in use by another pupil, forgotten so that the pupil chooses another.
function pupil(message) {
  if (message.token) {
    localStorage.setItem(CLASS_KEYS.pupils, JSON.stringify({ ...pupils(), [message.nickname]: message.token }));
    localStorage.setItem(CLASS_KEYS.nickname, message.nickname);
  } else if (message.taken && localStorage.getItem(CLASS_KEYS.nickname) === message.taken) localStorage.removeItem(CLASS_KEYS.nickname);
}

function act(action) {
  const id = randomId();
  const move = { type: "act", move: id, action };
  moves.put(move);
  send(move);
}

function note(text) {
  let shown = document.getElementById("note");
  if (!shown) {
    shown = element("p", { id: "note", role: "alert" });
    main.prepend(shown);
  }
  shown.textContent = text;
}

function told(lines) {
  const list = element("ol", { class: "told", "aria-label": say("tables.page.moves") });
  for (const line of lines) list.append(element("li", {}, line));
  return list;
}

function awardPart(screen) {
  if (!screen.award) return [];
  const steps = element("ol", { class: "steps" });
  for (const step of screen.steps) steps.append(element("li", {}, step));
  return [element("h2", {}, say("tables.page.award")), picture(screen.award, say("tables.page.award")), steps];
}

// The lobby: the nickname field and the controls to open a table, made once and kept
// while the lobby shows (what a pupil half typed, and where the focus is, stay as they
// are), and the list of tables with free seats, drawn again whenever it changes.
let shownLobby = null;

function lobbyShell() {
  const nickname = element("input", {
    id: "nickname", maxlength: "24", autocomplete: "nickname",
    value: localStorage.getItem(CLASS_KEYS.nickname) || "",
  });
  // Kept and claimed as soon as typed: the app's Practice results go under its token,
  // the teacher may seat everyone waiting at once, the projector lists the class.
  nickname.addEventListener("change", () => {
    if (!nickname.value.trim()) return;
    localStorage.setItem(CLASS_KEYS.nickname, nickname.value.trim());
    sayName();
  });
  sayName();
  const named = () => {
    const name = nickname.value.trim();
    if (!name) { note(say("tables.error.nickname")); nickname.focus(); return null; }
    localStorage.setItem(CLASS_KEYS.nickname, name);
    return name;
  };
  const list = element("ul", { class: "tables" });
  const back = element("div", {});
  const choose = (id, label, options) => {
    const select = element("select", { id });
    for (const [value, text] of options) select.append(element("option", { value }, text));
    return [element("label", { for: id }, label), select];
  };
  const [presetLabel, preset] = choose("preset", say("tables.page.preset"),
    Object.keys(words).filter((key) => key.startsWith("preset.")).map((key) => [key.slice(7), say(key)]));
  const [playersLabel, players] = choose("players", say("tables.page.players"), [[2, "2"], [3, "3"], [4, "4"]]);
  const [computersLabel, computers] = choose("computers", say("tables.page.computers"), [[0, "0"], [1, "1"], [2, "2"], [3, "3"]]);
  const open = element("button", { type: "button", onclick: () => {
    const name = named();
    if (name) send({ type: "open", preset: preset.value, players: Number(players.value), computers: Number(computers.value), nickname: name });
  } }, say("tables.page.open"));
  main.replaceChildren(
    element("h1", {}, say("tables.page.title")),
    element("label", { for: "nickname" }, say("tables.page.nickname")), nickname,
    back,
    element("h2", {}, say("tables.page.tables")), list,
    element("h2", {}, say("tables.page.open")),
    element("div", { class: "open" }, presetLabel, preset, playersLabel, players, computersLabel, computers, open),
  );
  return { list, back, named };
}

function lobby(message) {
  if (!shownLobby || !main.contains(shownLobby.list)) shownLobby = lobbyShell();
  const { list, back, named } = shownLobby;
  back.replaceChildren(...wayBack(message.back));
  const items = message.tables.map((table) => {
    const join = element("button", { type: "button", onclick: () => {
      const name = named();
      if (name) send({ type: "join", table: table.table, nickname: name });
    } }, say("tables.page.join"));
    return element("li", {},
      element("span", {}, `${say("preset." + table.preset)} · ${table.names.join(", ")} · ${say("tables.page.free", { count: table.free })} `),
      join);
  });
  if (!items.length) items.push(element("li", {}, say("tables.page.no_tables")));
  list.replaceChildren(...items);
}

// The seat's live region says each new turn, the pupil's own and the others', with its
// tiles in words (``screen.said``, the last turns), then whose turn it is: the turns
// after the longest run of those said before that this screen's list begins with (on
// sitting down, the last turn alone).
let saidBefore = null;

function sayTurns(screen) {
  const region = document.getElementById("said");
  const before = saidBefore && saidBefore.table === screen.table ? saidBefore.lines : null;
  saidBefore = { table: screen.table, lines: screen.said };
  if (!region) return;
  let kept = before ? Math.min(before.length, screen.said.length) : screen.said.length - 1;
  while (before && kept > 0 && before.slice(-kept).some((line, i) => line !== screen.said[i])) kept -= 1;
  const fresh = screen.said.slice(Math.max(kept, 0));
  if (fresh.length) region.textContent = [...fresh, screen.status].join(" ");
}

// The seat: the app's board (seat.js), drawn again at every update with a keyboard's
// focus kept on it, on the same button if it may still be pressed (or on the question
// whether to leave, while it is asked).
function seat(screen) {
  sayTurns(screen);
  const focused = main.contains(document.activeElement) || document.activeElement === document.body;
  const { action } = focused ? document.activeElement.dataset : {};
  const asked = focused && document.activeElement.closest(".leave-ask") ? document.activeElement.id : null;
  const board = element("div", { class: "seat-board" });
  seatBoard(board, screen, say, act);
  const waiting = screen.actions.length || screen.over ? [] : [element("p", {}, say("tables.page.wait"))];
  main.replaceChildren(
    element("h1", { tabindex: "-1" }, say("tables.page.you", { player: screen.names[screen.seat] })),
    element("p", { class: "status" }, screen.status),
    ...(screen.scores ? [element("p", { class: "scores" }, screen.scores)] : []),
    board, ...waiting, told(screen.told), ...awardPart(screen), leavePart(screen.table),
  );
  if (asked) document.getElementById(asked)?.focus({ preventScroll: true });
  else if (focused) keepOnBoard(board, action);
}

// The projector: the table the teacher shows (its moves said in its live region, as a
// seat's), or else the class as it joins.
let joined = [];

function projector(message) {
  document.body.classList.toggle("showing", Boolean(message.screen));
  if (!message.screen) {
    main.replaceChildren(...hostClass(joined, say));
    fitHost();
    return;
  }
  sayTurns(message.screen);
  main.replaceChildren(hostTable(message.screen, say, picture));
  fitHost();
}

const teacher = role === "teacher" ? teacherView(main, send) : null;

// The pupil's nickname said to the server once per connection and change.
let saidName = null;
function sayName() {
  const name = (localStorage.getItem(CLASS_KEYS.nickname) || "").trim();
  if (name && name !== saidName && socket && socket.readyState === WebSocket.OPEN) {
    saidName = name;
    send({ type: "name", nickname: name });
  }
}

// "Leave the table" asks first, in place of the button, and the question stays while
// the seat is drawn again (the others play on): the computer plays the seat until the
// pupil comes back (the token is kept for that).
let leaving = null; // the table whose seat the pupil is asked whether to leave

function leavePart(table) {
  if (leaving !== table) leaving = null;
  const leave = element("button", { type: "button", class: "leave", onclick: () => {
    leaving = table;
    leave.replaceWith(leavePart(table));
    document.getElementById("leave-no").focus();
  } }, say("tables.page.leave"));
  if (leaving === null) return leave;
  const stay = element("button", { type: "button", id: "leave-no", onclick: () => {
    leaving = null;
    question.replaceWith(leave);
    leave.focus();
  } }, say("tables.page.stay"));
  const question = element("div", { class: "leave-ask", role: "group", "aria-labelledby": "leave-ask-text" },
    element("p", { id: "leave-ask-text" }, say("tables.page.leave_ask")),
    element("div", { class: "actions" },
      element("button", { type: "button", id: "leave-yes", class: "leave", onclick: () => {
        leaving = null;
        send({ type: "leave" });
      } }, say("tables.page.leave")), stay));
  return question;
}

// The table a pupil left while its game goes on, to sit down again.
function wayBack(table) {
  if (!table) return [];
  return [element("div", { class: "way-back" }, element("p", {}, say("tables.page.away")),
    element("button", { type: "button", id: "back", onclick: () => send({ type: "back" }) }, say("tables.page.back")))];
}

function renamed(message) {
  if (message.nickname) localStorage.setItem(CLASS_KEYS.nickname, message.nickname);
  else localStorage.removeItem(CLASS_KEYS.nickname);
  saidName = message.nickname;
  const field = document.getElementById("nickname");
  if (field) field.value = message.nickname || "";
  note(say(message.nickname ? "tables.page.renamed" : "tables.page.unnamed"));
}

function hello() {
  const code = localStorage.getItem(CLASS_KEYS.code);
  saidName = null;
  const mine = pupils()[localStorage.getItem(CLASS_KEYS.nickname)] ?? null;
  send({ type: "hello", role, lang, code, token: localStorage.getItem(CLASS_KEYS.seat), pupil: mine });
}

function askCode(message) {
  const input = element("input", { id: "code", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: "10" });
  const form = element("form", {}, element("label", { for: "code" }, say("tables.page.code")), input,
    element("button", { type: "submit" }, say("tables.page.enter")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    localStorage.setItem(CLASS_KEYS.code, input.value);
    hello();
  });
  main.replaceChildren(element("h1", {}, say("tables.page.title")), form);
  if (message.wrong) note(say("tables.error.code"));
  input.focus();
}

function received(event) {
  const message = JSON.parse(event.data);
  if (message.type === "pupil") pupil(message);
  if (message.type === "joined") localStorage.setItem(CLASS_KEYS.seat, message.token);
  else if (message.type === "done") moves.take((move) => move.move === message.move);
  else if (message.type === "refused") note(message.text);
  else if (message.type === "code") askCode(message);
  else if (message.type === "lobby") lobby(message);
  else if (message.type === "seat") seat(message.screen);
  else if (message.type === "projector") projector(message);
  else if (message.type === "class") {
    joined = message.pupils;
    classJoined(joined);
    if (!document.body.classList.contains("showing")) projector({ screen: null });
  }
  else if (message.type === "teacher" && teacher) teacher(message);
  else if (message.type === "renamed") renamed(message);
  else document.dispatchEvent(new CustomEvent("class:message", { detail: message }));
}

// Other parts of the page (the class quiz, lesson.js) talk through this page's socket.
document.addEventListener("class:send", (event) => send(event.detail));
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/class/ws`);
  socket.addEventListener("open", () => {
    delay = 250;
    banner.hidden = true;
    hello();
    if (role === "pupil") moves.items().forEach(send);
  });
  socket.addEventListener("message", received);
  socket.addEventListener("close", (event) => {
    if (event.code === 1009) note(say("tables.error.too_long")); // a frame too big to read
    banner.textContent = say("tables.page.reconnecting");
    banner.hidden = false;
    setTimeout(connect, delay);
    delay = Math.min(delay * 2, 5000);
  });
}

// The socket opens once every script of the page has run (DOMContentLoaded comes after
// the page's modules): lesson.js, which loads modules of its own, hears the first frames.
document.addEventListener("DOMContentLoaded", connect, { once: true });
