// The teacher's page: the projector (what it shows, and what showing something else
// ends), the class's roll (who waits, who sits where, who has not answered; a nickname
// changed or removed), everyone seated in one tap (once the nicknames being saved have
// come, or a moment later), and every table in a grid (watch, show on the projector, a
// seat given to the computer from a menu; dealing again and closing apart, each asked
// first). The server words and draws everything; this script sends the
// teacher's taps (classroom.teaching) and asks for the roll again as the class changes.

import { morphChildren, teller } from "./dom.js";
import { element, sayer } from "./shared.js";

const ROLL_MS = 5000; // the roll asked for again: pupils come and go without a word
const ROLL_OPEN = 8; // a class this small shows every nickname; a bigger one a tap away
const NAMES_MS = 8000; // the longest "Seat everyone" waits for nicknames being saved
const NAMES_ROLL_MS = 1000; // the roll asked for this often meanwhile
const state = { main: null, send: null, say: null, tables: null, roll: null, seated: null, watching: null,
  watched: null, quiz: false, walk: false, mastery: false, renaming: null, typed: null, rollOpen: null,
  giving: null, waiting: null };

function words() {
  const read = (id) => JSON.parse(document.getElementById(id)?.textContent || "{}");
  return sayer({ ...read("words"), ...read("teacher-words") });
}

// What the projector shows now, first that which covers the others: a quiz, a
// walkthrough, the table of mastery, a table (or null: the class code).
export function holder() {
  if (state.quiz) return "quiz";
  if (state.walk) return "walk";
  if (state.mastery) return "mastery";
  const shown = state.tables && state.tables.shown;
  return shown && state.tables.tables.some((t) => t.table === shown && !t.closed) ? "table" : null;
}

const HOLDS = { quiz: "teacher.holds_quiz", walk: "teacher.holds_walk", mastery: "teacher.holds_mastery" };

function holds(what) {
  if (what === "table") return state.say("teacher.holds_table", { table: number(state.tables.shown) });
  return state.say(HOLDS[what] || "teacher.holds_nothing");
}

// What ends each activity that holds the projector.
function free(what) {
  const ends = { quiz: { type: "quiz_end" }, walk: { type: "walk_end" },
    mastery: { type: "mastery_show", shown: false }, table: { type: "show", table: "" } };
  state.send(ends[what]);
}

// A question asked in a dialog: `yes` runs only when the teacher says yes.
function confirmed(text, yesWords, yes) {
  const dialog = element("dialog", { class: "teacher-ask", "aria-labelledby": "teacher-ask-text" });
  const close = () => { dialog.close(); dialog.remove(); };
  dialog.append(element("p", { id: "teacher-ask-text" }, text), element("div", { class: "actions" },
    element("button", { type: "button", id: "teacher-ask-yes", class: "stop", onclick: () => { close(); yes(); } }, yesWords),
    element("button", { type: "button", id: "teacher-ask-no", onclick: close }, state.say("teacher.cancel"))));
  document.body.append(dialog);
  dialog.showModal();
  dialog.querySelector("#teacher-ask-no").focus();
}

// Show `what` on the projector by `then`: when another activity holds it, the teacher
// is told what and asked to end it first (the projector shows one thing at a time).
export function claim(what, then) {
  const now = holder();
  if (!now || now === what || !state.send) return then();
  confirmed(`${holds(now)} ${state.say("teacher.claim_ask")}`, state.say("teacher.claim_yes"), () => {
    free(now);
    then();
  });
}

function number(tableId) {
  const index = state.tables ? state.tables.tables.findIndex((t) => t.table === tableId) : -1;
  return index + 1;
}

function projectorPart() {
  const now = holder();
  const parts = [element("h2", {}, state.say("teacher.projector")), element("p", { role: "status", id: "projector-now" }, holds(now))];
  if (now) parts.push(element("div", { class: "stop-zone" },
    element("button", { type: "button", id: "projector-free", class: "stop", onclick: () => free(holder()) }, state.say("teacher.free"))));
  return tagged(parts, "projector-heading");
}

function tagged(parts, id) {
  parts[0].id = id;
  return element("section", { class: "teacher-part", "aria-labelledby": id }, ...parts);
}

// The new nickname being typed survives the page drawn again (the class changes often).
function renameForm(row) {
  const input = element("input", { id: "rename-input", maxlength: "24", value: state.typed ?? row.nickname ?? "", autocomplete: "off" });
  input.addEventListener("input", () => (state.typed = input.value));
  const form = element("form", { class: "rename" },
    element("label", { for: "rename-input" }, state.say("teacher.rename_label", { player: row.nickname || "" })), input,
    element("button", { type: "submit" }, state.say("teacher.save")),
    element("button", { type: "button", onclick: () => { state.renaming = state.typed = null; draw(); } }, state.say("teacher.cancel")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    state.send({ type: "rename", pupil: row.pupil, nickname: input.value });
    state.renaming = state.typed = null;
  });
  return form;
}

function pupilRow(row, roll) {
  const where = row.table ? state.say("teacher.at_table", { table: number(row.table) }) : state.say("teacher.in_lobby");
  const said = [row.nickname || state.say("teacher.no_name"), where];
  if (roll.asking) said.push(state.say(row.answered ? "teacher.answered" : "teacher.not_answered"));
  const item = element("li", { class: row.answered === false ? "unanswered" : "" }, element("span", {}, said.join(" · ")));
  if (row.nickname && state.renaming !== row.pupil) {
    item.append(
      element("button", { type: "button", id: `rename-${row.pupil}`, onclick: () => {
        state.renaming = row.pupil;
        state.typed = null;
        draw();
        document.getElementById("rename-input")?.focus();
      } }, state.say("teacher.rename")),
      element("button", { type: "button", id: `unname-${row.pupil}`, class: "stop", onclick: () => state.send({ type: "rename", pupil: row.pupil, nickname: null }) },
        state.say("teacher.unname")));
  }
  if (state.renaming === row.pupil) item.append(renameForm(row));
  return item;
}

// The roll: how many are on the class's page and where, who has not answered; every
// nickname (to change or remove) in columns, behind one tap in a class bigger than
// ROLL_OPEN, so that the tables' grid stays in view.
function rollPart() {
  const roll = state.roll || { pupils: [], asking: false };
  const count = roll.pupils.length;
  const seated = roll.pupils.filter((row) => row.table).length;
  const parts = [element("h2", {}, state.say("teacher.pupils")),
    element("p", { id: "roll-count" }, state.say("teacher.roll_count", { count, seated, lobby: count - seated }))];
  if (roll.asking) {
    const missing = roll.pupils.filter((row) => row.answered === false);
    const line = missing.length ? `${state.say("teacher.unanswered", { count: missing.length })}: ${missing.map((row) => row.nickname || state.say("teacher.no_name")).join(", ")}`
      : state.say("teacher.all_answered");
    parts.push(element("p", { role: "status", id: "unanswered" }, line));
  }
  const list = element("ul", { class: "roll", id: "roll" });
  for (const row of roll.pupils) list.append(pupilRow(row, roll));
  if (!count) list.append(element("li", {}, state.say("teacher.no_pupils")));
  const open = state.renaming !== null || (state.rollOpen ?? count <= ROLL_OPEN);
  const toggle = (event) => (state.rollOpen = !event.currentTarget.parentElement.open);
  parts.push(element("details", { id: "roll-names", open },
    element("summary", { onclick: toggle }, state.say("teacher.roll_names", { count })),
    element("p", { class: "help" }, state.say("teacher.pupils_help")), list));
  return tagged(parts, "roll-heading");
}

function choose(id, label, options, value) {
  const select = element("select", { id });
  for (const [key, text] of options) select.append(element("option", { value: key }, text));
  if (value !== undefined) select.value = String(value);
  return [element("label", { for: id }, label), select];
}

// The pupils in the lobby the roll shows without a nickname: theirs is being written
// or saved.
function unnamed() {
  return (state.roll?.pupils ?? []).filter((row) => !row.table && !row.nickname).length;
}

// "Seat everyone": at once when every pupil in the lobby has a nickname; else once the
// roll (asked for every second) shows them all named, at most NAMES_MS later, or when
// the teacher taps again. The server seats whoever has a nickname then and counts the
// others.
function seatAll(preset, players) {
  const seat = () => {
    const waited = state.waiting;
    state.waiting = null;
    if (waited) waited.stop();
    state.send({ type: "seat_all", preset, players });
  };
  if (state.waiting || !unnamed()) return seat();
  const timer = setTimeout(seat, NAMES_MS);
  const asking = setInterval(() => state.send({ type: "roll" }), NAMES_ROLL_MS);
  state.waiting = { seat, stop: () => { clearTimeout(timer); clearInterval(asking); } };
  state.send({ type: "roll" });
  draw();
}

function seatingPart() {
  const presets = Object.keys(state.words).filter((key) => key.startsWith("preset.")).map((key) => [key.slice(7), state.say(key)]);
  const [presetLabel, preset] = choose("seat-preset", state.say("tables.page.preset"), presets, state.preset);
  const [sizeLabel, size] = choose("seat-size", state.say("teacher.size"), [[2, "2"], [3, "3"], [4, "4"]], state.size || 4);
  preset.addEventListener("change", () => (state.preset = preset.value));
  size.addEventListener("change", () => (state.size = Number(size.value)));
  const parts = [element("h2", {}, state.say("teacher.seat_all")), element("p", { class: "help" }, state.say("teacher.seat_help")),
    element("div", { class: "open" }, presetLabel, preset, sizeLabel, size,
      element("button", { type: "button", id: "seat-all", onclick: () => seatAll(preset.value, Number(size.value)) },
        state.say("teacher.seat_all")))];
  if (state.waiting) {
    parts.push(element("p", { role: "status", id: "seated" }, state.say("teacher.seat_waiting", { count: unnamed() })));
  } else if (state.seated) {
    const told = [state.say("teacher.seated", { count: state.seated.pupils, tables: state.seated.tables })];
    if (state.seated.unnamed) told.push(state.say("teacher.unnamed", { count: state.seated.unnamed }));
    parts.push(element("p", { role: "status", id: "seated" }, told.join(" ")));
  }
  return tagged(parts, "seat-heading");
}

// The seats, one short line each, and a menu of one row that gives a pupil's seat to
// the computer (a button per pupil seated, each naming the pupil).
function seatsList(table) {
  const seats = element("ul", { class: "seats" });
  const gives = [];
  table.names.forEach((name, seat) => {
    const kind = table.seats[seat];
    seats.append(element("li", {}, `${name} (${state.say("tables.seat." + kind)})`));
    if (kind === "pupil" && !table.closed) {
      gives.push(element("button", { type: "button", id: `remove-${table.table}-${seat}`, onclick: () => {
        state.giving = null;
        state.send({ type: "remove", table: table.table, seat });
      } }, state.say("tables.teacher.remove", { player: name })));
    }
  });
  if (!gives.length) return [seats];
  const toggle = (event) => (state.giving = event.currentTarget.parentElement.open ? null : table.table);
  const menu = element("details", { class: "give", id: `give-${table.table}`, open: state.giving === table.table },
    element("summary", { onclick: toggle }, state.say("teacher.give_seat")), ...gives);
  return [seats, menu];
}

function watchedPart(table) {
  const screen = state.watched && state.watched.screen;
  if (state.watching !== table.table || !screen || screen.table !== table.table) return [];
  const picture = element("div", { class: "picture", role: "img", "aria-label": screen.status });
  picture.innerHTML = screen.svg; // drawn by the server, every name in it escaped
  const told = element("ol", { class: "told", "aria-label": state.say("tables.page.moves") });
  for (const line of screen.told) told.append(element("li", {}, line));
  return [picture, told];
}

function tableCard(table) {
  const n = number(table.table);
  const shown = state.tables.shown === table.table;
  const watching = state.watching === table.table;
  const heading = element("h3", { id: `table-${table.table}` }, `${state.say("teacher.table", { table: n })} · ${state.say("preset." + table.preset)}`);
  const starts = element("div", { class: "actions" },
    element("button", { type: "button", class: "watch", id: `watch-${table.table}`, "aria-pressed": String(watching), onclick: () => {
      state.watching = watching ? null : table.table;
      state.send({ type: "watch", table: state.watching });
      draw();
    } }, state.say(watching ? "teacher.unwatch" : "teacher.watch")),
    element("button", { type: "button", class: "show", id: `show-${table.table}`, "aria-pressed": String(shown), onclick: () => {
      if (shown) free("table");
      else claim("table", () => state.send({ type: "show", table: table.table }));
    } }, state.say(shown ? "tables.teacher.shown" : "tables.teacher.show")));
  const stops = element("div", { class: "stop-zone" },
    element("button", { type: "button", class: "stop", id: `reset-${table.table}`, onclick: () => confirmed(state.say("teacher.reset_ask", { table: number(table.table) }),
      state.say("teacher.reset"), () => state.send({ type: "reset", table: table.table })) }, state.say("teacher.reset")),
    element("button", { type: "button", class: "stop", id: `close-${table.table}`, onclick: () => confirmed(state.say("teacher.close_ask", { table: number(table.table) }), state.say("tables.teacher.close"),
      () => state.send({ type: "close", table: table.table })) }, state.say("tables.teacher.close")));
  return element("li", { class: `table-card${shown ? " shown" : ""}`, "aria-labelledby": heading.id },
    heading, element("p", { class: "status" }, table.status), ...seatsList(table), starts, ...watchedPart(table), stops);
}

function tablesPart() {
  const open = state.tables.tables.filter((t) => !t.closed);
  const closed = state.tables.tables.filter((t) => t.closed);
  const grid = element("ul", { class: "table-grid", id: "table-grid" });
  for (const table of open) grid.append(tableCard(table));
  const parts = [element("h2", {}, state.say("teacher.tables"))];
  parts.push(open.length ? grid : element("p", {}, state.say("tables.teacher.none")));
  if (closed.length) {
    const list = element("ul", {});
    for (const table of closed) list.append(element("li", {}, `${state.say("teacher.table", { table: number(table.table) })} · ${state.say("preset." + table.preset)} · ${state.say("tables.teacher.closed")}`));
    parts.push(element("details", { id: "closed-tables" }, element("summary", {}, state.say("teacher.closed_tables", { count: closed.length })), list));
  }
  return tagged(parts, "tables-heading");
}

// The page drawn again, only what changed replaced (dom.morph): a status line that says
// the same is not said again; a keyboard's focus stays on the control it was on, or on
// the one drawn in its place.
function draw() {
  if (!state.main || !state.tables) return;
  const focused = state.main.contains(document.activeElement) ? document.activeElement.id : "";
  const parts = [element("h1", {}, state.say("tables.teacher.title"))];
  if (state.tables.trouble) parts.push(element("p", { role: "alert", class: "trouble" }, state.tables.trouble));
  parts.push(projectorPart(), seatingPart(), rollPart(), tablesPart());
  morphChildren(state.main, element("div", {}, ...parts));
  if (focused && !state.main.contains(document.activeElement)) document.getElementById(focused)?.focus();
}

// A frame of the class's socket that the teacher's page shows: the page drawn again
// when it changed what the page shows.
function heard(message) {
  const before = holder();
  if (!changed(message)) return;
  if (holder() !== before) document.dispatchEvent(new CustomEvent("teacher:projector"));
  draw();
}

// The pupils who joined, said by the page's live region (#lesson-said) once each, when
// they first have a nickname: not the class that was there when the page opened.
const tell = teller("lesson-said");
const named = new Map(); // pupil → named yet

function joined(roll) {
  const first = !state.roll;
  const names = roll.pupils.filter((row) => row.nickname && !named.get(row.pupil)).map((row) => row.nickname);
  for (const row of roll.pupils) named.set(row.pupil, Boolean(row.nickname) || Boolean(named.get(row.pupil)));
  if (!first && names.length) tell(state.say("teacher.joined", { player: names.join(", ") }));
  // Once the class joins, the class code shrinks to a corner (teacher.css): the
  // projector shows it big.
  document.body.classList.toggle("class-joined", roll.pupils.length > 0);
}

function changed(message) {
  switch (message.type) {
    case "roll":
      if (JSON.stringify(message) === JSON.stringify(state.roll)) return false; // the same again
      joined(message);
      state.roll = message;
      if (state.waiting && !unnamed()) state.waiting.seat(); // every nickname saved
      return true;
    case "seated":
      state.seated = message;
      return true;
    case "watched":
      state.watched = message;
      return true;
    case "quiz":
      state.send({ type: "roll" }); // who has answered, by the roll
      return state.quiz !== (state.quiz = Boolean(message.screen));
    case "walk":
      return state.walk !== (state.walk = Boolean(message.screen));
    case "mastery":
      return "projected" in message && state.mastery !== (state.mastery = message.projected === true);
    default:
      return false;
  }
}

// The teacher's page over `main`: `send` sends a message on the class's socket.
export function teacherView(main, send) {
  Object.assign(state, { main, send, say: words() });
  state.words = { ...JSON.parse(document.getElementById("words").textContent) };
  document.addEventListener("class:message", (event) => heard(event.detail));
  setInterval(() => send({ type: "roll" }), ROLL_MS);
  return (message) => {
    const before = holder();
    state.tables = message;
    if (holder() !== before) document.dispatchEvent(new CustomEvent("teacher:projector"));
    if (state.watching && !message.tables.some((t) => t.table === state.watching && !t.closed)) state.watching = null;
    send({ type: "roll" });
    if (state.watching) send({ type: "watch", table: state.watching });
    draw();
  };
}
