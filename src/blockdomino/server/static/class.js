// The class's tables in the browser: a thin view over the server's WebSocket.
// The server draws every screen (SVG and sentences from the catalogs); this script
// only shows them, sends a tap as a move with its own id, keeps the seat's secret
// token in the browser, and reconnects (sending an unanswered move again) by itself.

import { element, sayer } from "./dom.js";
import { classJoined, fitHost, hostClass, hostTable } from "./projector.js";

const main = document.getElementById("main");
const role = document.body.dataset.role || main.dataset.role;
const lang = document.body.dataset.lang || document.documentElement.lang;
const secret = document.body.dataset.secret || "";
const words = JSON.parse(document.getElementById("words").textContent);
const say = sayer(words);
const banner = document.getElementById("reconnecting");
const TOKEN = "blockdomino.class.seat";
const NICKNAME = "blockdomino.class.nickname";
const PENDING = "blockdomino.class.pending";
const CODE = "blockdomino.class.code";
const given = new URLSearchParams(location.search).get("code");
if (given) localStorage.setItem(CODE, given);

let socket = null;
let delay = 250;

function picture(svg, label) {
  const holder = element("div", { class: "picture", role: "img", "aria-label": label });
  holder.innerHTML = svg; // drawn by the server, every name in it escaped
  return holder;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(action) {
  const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  const move = { type: "act", move: id, action };
  localStorage.setItem(PENDING, JSON.stringify(move));
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

function tableScreen(screen) {
  const parts = [element("p", { class: "status" }, screen.status)];
  if (screen.scores) parts.push(element("p", { class: "scores" }, screen.scores));
  parts.push(picture(screen.svg, screen.status));
  return parts;
}

// The lobby: the nickname field and the controls to open a table, made once and kept
// while the lobby shows (what a pupil half typed, and where the focus is, stay as they
// are), and the list of tables with free seats, drawn again whenever it changes.
let shownLobby = null;

function lobbyShell() {
  const nickname = element("input", {
    id: "nickname", maxlength: "24", autocomplete: "nickname",
    value: localStorage.getItem(NICKNAME) || "",
  });
  // Kept as soon as typed (the app's Practice chapter sends its answers under it), and told to the projector, which shows the class as it joins.
  nickname.addEventListener("change", () => {
    const name = nickname.value.trim();
    if (!name) return;
    localStorage.setItem(NICKNAME, name);
    send({ type: "nickname", nickname: name });
  });
  const named = () => {
    const name = nickname.value.trim();
    if (!name) { note(say("tables.error.nickname")); nickname.focus(); return null; }
    localStorage.setItem(NICKNAME, name);
    return name;
  };
  const list = element("ul", { class: "tables" });
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
    element("h2", {}, say("tables.page.tables")), list,
    element("h2", {}, say("tables.page.open")),
    element("div", { class: "open" }, presetLabel, preset, playersLabel, players, computersLabel, computers, open),
  );
  return { list, named };
}

function lobby(message) {
  if (!shownLobby || !main.contains(shownLobby.list)) shownLobby = lobbyShell();
  const { list, named } = shownLobby;
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

function seat(screen) {
  const buttons = element("div", { class: "actions" });
  for (const choice of screen.actions) {
    buttons.append(element("button", { type: "button", onclick: () => act(choice.key) }, choice.label));
  }
  const waiting = screen.actions.length || screen.over ? [] : [element("p", {}, say("tables.page.wait"))];
  const leave = element("button", { type: "button", class: "leave", onclick: () => {
    localStorage.removeItem(TOKEN);
    send({ type: "leave" });
  } }, say("tables.page.leave"));
  main.replaceChildren(
    element("h1", {}, say("tables.page.you", { player: screen.names[screen.seat] })),
    ...tableScreen(screen), buttons, ...waiting, told(screen.told), ...awardPart(screen), leave,
  );
}

// The projector: the table the teacher shows, or else the class as it joins.
let joined = [];

function projector(message) {
  document.body.classList.toggle("showing", Boolean(message.screen));
  if (!message.screen) {
    main.replaceChildren(...hostClass(joined, say));
    fitHost();
    return;
  }
  main.replaceChildren(hostTable(message.screen, say, picture));
  fitHost();
}

function teacher(message) {
  const list = element("ul", { class: "tables" });
  for (const table of message.tables) {
    const seats = element("ul", {});
    table.names.forEach((name, number) => {
      const kind = say("tables.seat." + table.seats[number]);
      const item = element("li", {}, `${name} (${kind}) `);
      if (table.seats[number] === "pupil" && !table.closed) {
        item.append(element("button", { type: "button", onclick: () => send({ type: "remove", table: table.table, seat: number }) },
          say("tables.teacher.remove", { player: name })));
      }
      seats.append(item);
    });
    const shown = message.shown === table.table;
    const controls = element("div", { class: "actions" },
      element("button", { type: "button", "aria-pressed": String(shown), onclick: () => send({ type: "show", table: table.table }) },
        say(shown ? "tables.teacher.shown" : "tables.teacher.show")));
    if (!table.closed) {
      controls.append(element("button", { type: "button", onclick: () => send({ type: "close", table: table.table }) }, say("tables.teacher.close")));
    }
    const state = table.closed ? say("tables.teacher.closed") : table.status;
    list.append(element("li", {}, element("h2", {}, `${say("preset." + table.preset)}: ${state}`), seats, controls));
  }
  if (!message.tables.length) list.append(element("li", {}, say("tables.teacher.none")));
  const parts = [element("h1", {}, say("tables.teacher.title"))];
  if (message.trouble) parts.push(element("p", { role: "alert", class: "trouble" }, message.trouble));
  main.replaceChildren(...parts, list);
}

function hello() {
  const code = localStorage.getItem(CODE);
  const nickname = role === "pupil" ? localStorage.getItem(NICKNAME) : null;
  send({ type: "hello", role, lang, secret, code, token: localStorage.getItem(TOKEN), nickname });
}

function askCode(message) {
  const input = element("input", { id: "code", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: "10" });
  const form = element("form", {}, element("label", { for: "code" }, say("tables.page.code")), input,
    element("button", { type: "submit" }, say("tables.page.enter")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    localStorage.setItem(CODE, input.value);
    hello();
  });
  main.replaceChildren(element("h1", {}, say("tables.page.title")), form);
  if (message.wrong) note(say("tables.error.code"));
  input.focus();
}

function received(event) {
  const message = JSON.parse(event.data);
  if (message.type === "joined") localStorage.setItem(TOKEN, message.token);
  else if (message.type === "done") {
    const pending = JSON.parse(localStorage.getItem(PENDING) || "null");
    if (pending && pending.move === message.move) localStorage.removeItem(PENDING);
  } else if (message.type === "refused") note(message.text);
  else if (message.type === "code") askCode(message);
  else if (message.type === "lobby") lobby(message);
  else if (message.type === "seat") seat(message.screen);
  else if (message.type === "projector") projector(message);
  else if (message.type === "class") {
    joined = message.pupils;
    classJoined(joined);
    if (!document.body.classList.contains("showing")) projector({ screen: null });
  }
  else if (message.type === "teacher") teacher(message);
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
    const pending = localStorage.getItem(PENDING);
    if (pending && role === "pupil") socket.send(pending);
  });
  socket.addEventListener("message", received);
  socket.addEventListener("close", () => {
    banner.textContent = say("tables.page.reconnecting");
    banner.hidden = false;
    setTimeout(connect, delay);
    delay = Math.min(delay * 2, 5000);
  });
}

// The socket opens once every script of the page has run (DOMContentLoaded comes after
// the page's modules): lesson.js, which loads modules of its own, hears the first frames.
document.addEventListener("DOMContentLoaded", connect, { once: true });
