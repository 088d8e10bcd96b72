// The app's page: a chapter's text and diagrams at once, its live pieces once Python
// (in worker.js) is ready. Every action is a controller's action, sent as a message;
// every answer is the controller's view model, shown as it is. The learner's place,
// the games and the options are kept in localStorage; "Start over" clears them.
const STORE = "blockdomino-app";
const HIDDEN = new Set(["save", "resume", "keep_both"]); // files: the app keeps games itself
const AREAS = ["topics", "levels", "mastery", "caption", "info", "scores", "board", "question",
  "givens", "hands", "message", "show", "fields", "tiles", "ends", "moves", "choices",
  "actions", "coach", "feedback", "answer", "view", "turns"];
const GROUP_LABELS = { tiles: "app.tiles", ends: "app.ends", actions: "app.actions" };
const TABLES = new Set(["RoundPlayer", "MatchPlayer"]); // tables a learner may deal again
const LANGUAGE_NAMES = { fi: "app.lang.fi", sv: "app.lang.sv", en: "app.lang.en" };
const REACH = 22; // CSS px around a tile or a marker that still counts as a tap on it

const saved = load();
let contents = null;
let chapter = null;
let ready = false;
let seq = 0;
const pending = new Map();
const live = new Map();
const timings = [];
window.blockdominoTimings = timings;

function load() {
  try {
    return { components: {}, ...JSON.parse(localStorage.getItem(STORE) || "{}") };
  } catch {
    return { components: {} };
  }
}

function keep() {
  try {
    localStorage.setItem(STORE, JSON.stringify(saved));
  } catch {
    // storage full or refused: the app goes on without keeping
  }
}

function word(key, params = {}) {
  const text = contents.words[saved.lang][key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => params[name]);
}

function element(tag, attributes = {}, ...children) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "text") made.textContent = value;
    else if (name === "html") made.innerHTML = value;
    else made.setAttribute(name, value === true ? "" : value);
  }
  made.append(...children);
  return made;
}

// -- the worker ---------------------------------------------------------------------------

const worker = new Worker("worker.js", { type: "module" });
worker.onmessage = ({ data }) => {
  if (data.type === "answer") {
    pending.get(data.seq)(JSON.parse(data.text));
    pending.delete(data.seq);
  } else if (data.type === "progress") {
    progress(data.done / data.total);
  } else if (data.type === "ready") {
    ready = true;
    progress(1);
    for (const component of live.values()) component.open();
  } else if (data.type === "failed") {
    document.documentElement.dataset.python = "failed";
    status(word("app.failed"));
    console.error(data.reason);
  }
};

function send(message) {
  return new Promise((resolve) => {
    pending.set(++seq, resolve);
    worker.postMessage({ seq, text: JSON.stringify(message) });
  });
}

function status(text) {
  document.getElementById("status-text").textContent = text;
}

function progress(fraction) {
  const bar = document.getElementById("progress");
  bar.value = fraction;
  if (fraction >= 1) {
    document.documentElement.dataset.python = "ready";
    bar.hidden = true;
    status(word("app.ready"));
  }
}

function announce(text) {
  const region = document.getElementById("announce");
  region.textContent = "";
  requestAnimationFrame(() => (region.textContent = text));
}

// -- a live component -----------------------------------------------------------------------

class Live {
  constructor(block, section) {
    this.block = block;
    this.section = section;
    this.view = null;
    this.parts = {};
    for (const area of AREAS) {
      const attributes = { class: `area ${area}`, "data-area": area };
      if (GROUP_LABELS[area]) {
        Object.assign(attributes, { role: "group", "aria-label": word(GROUP_LABELS[area]) });
      }
      this.parts[area] = element("div", attributes);
    }
    this.parts.board.addEventListener("click", (event) => this.tapped(event));
    if (TABLES.has(block.widget)) section.append(this.chooser());
    section.append(element("p", { class: "waiting", text: word("app.waiting") }));
    section.append(...AREAS.map((area) => this.parts[area]));
  }

  get kept() {
    return (saved.components[this.block.id] ??= { actions: [] });
  }

  async open(note) {
    const kept = this.kept;
    kept.seed ??= Math.floor(Math.random() * 2 ** 31);
    keep();
    const message = {
      op: "open", id: this.block.id, spec: this.block.spec, seed: kept.seed, actions: kept.actions,
    };
    if (kept.rules) message.rules = kept.rules;
    this.show(await send(message), note ?? (kept.actions.length ? word("app.resumed") : null));
  }

  async act(action) {
    if (!ready || this.section.dataset.busy) return;
    const started = performance.now();
    this.section.dataset.busy = "true";
    const answer = await send({ op: "act", id: this.block.id, action });
    delete this.section.dataset.busy;
    if (answer.view) {
      this.kept.actions.push(action);
      keep();
    }
    this.show(answer);
    timings.push({ action, ms: performance.now() - started });
  }

  show(answer, note = null) {
    this.section.classList.add("opened");
    if (answer.error) {
      console.error(answer.error);
      this.parts.message.textContent = word("app.broken");
      return;
    }
    const focused = document.activeElement?.dataset?.action;
    const typed = document.activeElement?.dataset?.field;
    const view = (this.view = answer.view);
    for (const part of Object.values(this.parts)) part.replaceChildren();
    for (const [area, html] of Object.entries(view.texts)) {
      this.part(area).innerHTML = html;
    }
    for (const field of view.fields ?? []) this.parts.fields.append(this.field(field));
    if (!view.texts.view) this.board(view);
    for (const button of view.buttons) {
      if (!button.visible || HIDDEN.has(button.id) || button.group === "resume") continue;
      this.part(button.group).append(this.button(button));
    }
    const again = focused && this.section.querySelector(`[data-action="${CSS.escape(focused)}"]`);
    const field = typed && this.section.querySelector(`[data-field="${CSS.escape(typed)}"]`);
    if (field && !field.disabled) field.focus();
    else if (again && !again.disabled) again.focus();
    else if (focused && this.section.contains(document.activeElement) === false) this.refocus();
    announce(view.refusal ? view.refusal.reason : note ?? view.announcement);
  }

  part(area) {
    if (!this.parts[area]) {
      this.parts[area] = element("div", { class: `area ${area}`, "data-area": area });
      this.section.append(this.parts[area]);
    }
    return this.parts[area];
  }

  refocus() {
    const next = this.section.querySelector(".area button:not([disabled])");
    if (next) next.focus();
  }

  button(model) {
    const made = element("button", {
      type: "button",
      "data-action": model.id,
      title: model.tooltip,
      class: model.highlight ?? false,
      disabled: !model.enabled,
      text: model.label,
    });
    made.addEventListener("click", () => this.act(model.id));
    return made;
  }

  field(model) {
    const toggle = model.kind === "toggle";
    const input = element("input", {
      type: toggle ? "checkbox" : "number",
      min: toggle ? false : "0",
      inputmode: toggle ? false : "numeric",
      "data-field": model.id,
      title: model.tooltip,
      disabled: !model.enabled,
    });
    if (toggle) input.checked = Boolean(model.value);
    else input.value = String(model.value);
    input.addEventListener("change", () => {
      const value = toggle ? Number(input.checked) : Math.max(0, Number(input.value) || 0);
      this.act(`set:${model.id}:${value}`);
    });
    return element("label", { class: `field ${model.kind}` }, input, ` ${model.label}`);
  }

  board(view) {
    const board = this.parts.board;
    board.innerHTML = view.svg;
    const tapping = view.buttons.some((button) => button.group === "tiles" && button.enabled);
    board.classList.toggle("tappable", tapping);
    if (tapping) board.prepend(element("p", { class: "board-help", text: word("app.board") }));
    if (view.selected) {
      board.querySelector(`[data-tile="${CSS.escape(view.selected)}"]`)?.classList.add("selected");
      for (const [index, end] of (view.ends ?? []).entries()) {
        const fits = view.buttons.find((b) => b.id === `end:${index}`)?.highlight === "fits";
        this.marker(end)?.classList.add(fits ? "marker-fits" : "marker-no-fit");
      }
    }
  }

  marker(end) {
    const selector = `[data-end][data-side="${end.side}"][data-pips="${end.pips}"]`;
    return this.parts.board.querySelector(selector);
  }

  tapped(event) {
    const target = nearest(this.parts.board, event, "[data-tile], [data-end]");
    if (!target || !this.view) return;
    if (target.dataset.tile) {
      const button = this.view.buttons.find((b) => b.id === `tile:${target.dataset.tile}`);
      if (button?.enabled) this.act(`tap:${target.dataset.tile}`);
      return;
    }
    const index = (this.view.ends ?? []).findIndex(
      (end) => end.side === target.dataset.side && String(end.pips) === target.dataset.pips,
    );
    const button = this.view.buttons.find((b) => b.id === `end:${index}`);
    if (button?.enabled) this.act(button.id);
  }

  chooser() {
    const presets = Object.entries(contents.presets).filter(
      ([, preset]) => this.block.widget !== "MatchPlayer" || preset.scored,
    );
    const spec = this.block.spec.args[0].$rules;
    const chosen = this.kept.rules ?? spec;
    const name = `choose-${this.block.id}`;
    const preset = element("select", { id: `${name}-preset` });
    for (const [id] of presets) {
      preset.append(element("option", { value: id, text: word(`term.preset.${id}`) }));
    }
    preset.value = chosen.preset;
    const players = element("select", { id: `${name}-players` });
    const counts = () => {
      players.replaceChildren(
        ...contents.presets[preset.value].players.map((n) => element("option", { text: n })),
      );
    };
    counts();
    players.value = String(chosen.players);
    preset.addEventListener("change", counts);
    const deal = element("button", { type: "button", class: "deal", text: word("app.chooser.deal") });
    deal.addEventListener("click", () => {
      if (!ready) return;
      saved.components[this.block.id] = {
        actions: [],
        rules: { preset: preset.value, players: Number(players.value), target: null },
      };
      keep();
      this.open();
    });
    return element(
      "fieldset",
      { class: "chooser" },
      element("legend", { text: word("app.chooser") }),
      element("label", { for: preset.id, text: word("app.chooser.preset") }),
      preset,
      element("label", { for: players.id, text: word("app.chooser.players") }),
      players,
      deal,
    );
  }
}

function nearest(board, event, selector) {
  const direct = event.target.closest?.(selector);
  if (direct) return direct;
  let best = null;
  let distance = REACH;
  for (const candidate of board.querySelectorAll(selector)) {
    const box = candidate.getBoundingClientRect();
    const dx = Math.max(box.left - event.clientX, 0, event.clientX - box.right);
    const dy = Math.max(box.top - event.clientY, 0, event.clientY - box.bottom);
    const away = Math.hypot(dx, dy);
    if (away <= distance) [best, distance] = [candidate, away];
  }
  return best;
}

// -- the chapter ----------------------------------------------------------------------------

async function fetchChapter(lang, number) {
  return (await fetch(`chapters/${lang}/${number}.json`)).json();
}

function renderChapter() {
  const main = document.getElementById("chapter");
  main.replaceChildren();
  live.clear();
  for (const block of chapter.blocks) {
    if (block.type === "live") {
      const section = element("section", {
        class: `live ${block.widget}`,
        "data-live": block.id,
        "data-widget": block.widget,
      });
      main.append(section);
      const component = new Live(block, section);
      live.set(block.id, component);
      if (ready) component.open();
    } else {
      main.append(element("div", { class: block.type, html: block.html }));
    }
  }
  document.title = `${chapter.title} – ${word("app.title")}`;
  document.documentElement.dataset.chapter = `${chapter.lang}-${chapter.number}`;
}

function renderChrome() {
  const lang = saved.lang;
  document.documentElement.lang = lang;
  const listed = contents.chapters[lang];
  const index = listed.findIndex((item) => item.number === saved.chapter);
  document.getElementById("skip").textContent = word("app.skip");
  document.getElementById("title").textContent = word("app.title");
  const chapters = document.getElementById("chapters");
  chapters.replaceChildren(
    ...listed.map((item) =>
      element("option", { value: item.number, text: `${item.number}. ${item.title}` }),
    ),
  );
  chapters.value = String(saved.chapter);
  document.getElementById("chapters-label").textContent = word("app.contents");
  const languages = document.getElementById("languages");
  languages.replaceChildren(
    ...contents.languages.map((code) =>
      element("option", { value: code, lang: code, text: word(LANGUAGE_NAMES[code]) }),
    ),
  );
  languages.value = lang;
  document.getElementById("languages-label").textContent = word("app.language");
  const large = document.getElementById("large");
  large.textContent = word("app.projector");
  large.title = word("app.projector.tooltip");
  large.setAttribute("aria-pressed", String(Boolean(saved.large)));
  document.documentElement.classList.toggle("large", Boolean(saved.large));
  document.getElementById("start-over").textContent = word("app.start_over");
  const previous = document.getElementById("previous");
  const next = document.getElementById("next");
  previous.textContent = `← ${word("app.previous")}`;
  next.textContent = `${word("app.next")} →`;
  previous.disabled = index <= 0;
  next.disabled = index >= listed.length - 1;
  document.getElementById("teachers").textContent = word("app.teachers");
  if (!ready && document.documentElement.dataset.python !== "failed") status(word("app.loading"));
  if (ready) status(word("app.ready"));
}

async function go(lang, number, { push = true, focus = true } = {}) {
  const listed = contents.chapters[lang] ? lang : contents.languages[0];
  const numbers = contents.chapters[listed].map((item) => item.number);
  saved.lang = listed;
  saved.chapter = numbers.includes(number) ? number : numbers[0];
  keep();
  const url = `?lang=${saved.lang}&chapter=${saved.chapter}`;
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
  renderChrome();
  chapter = await fetchChapter(saved.lang, saved.chapter);
  renderChapter();
  if (focus) document.getElementById("chapter").focus();
}

function wire() {
  document.getElementById("chapters").addEventListener("change", (event) => {
    go(saved.lang, Number(event.target.value));
  });
  document.getElementById("languages").addEventListener("change", (event) => {
    go(event.target.value, saved.chapter, { focus: false });
  });
  document.getElementById("previous").addEventListener("click", () => step(-1));
  document.getElementById("next").addEventListener("click", () => step(1));
  document.getElementById("large").addEventListener("click", () => {
    saved.large = !saved.large;
    keep();
    renderChrome();
  });
  document.getElementById("start-over").addEventListener("click", () => {
    if (!confirm(word("app.start_over.confirm"))) return;
    localStorage.removeItem(STORE);
    location.href = `?lang=${saved.lang}&chapter=${contents.chapters[saved.lang][0].number}`;
  });
  document.getElementById("chapter").addEventListener("click", (event) => {
    const link = event.target.closest?.("a[href^='?']");
    if (!link) return;
    event.preventDefault();
    const params = new URLSearchParams(link.getAttribute("href"));
    go(params.get("lang") ?? saved.lang, Number(params.get("chapter")));
  });
  addEventListener("popstate", () => {
    const params = new URLSearchParams(location.search);
    go(params.get("lang") ?? saved.lang, Number(params.get("chapter") ?? 0), { push: false });
  });
}

function step(by) {
  const listed = contents.chapters[saved.lang];
  const index = listed.findIndex((item) => item.number === saved.chapter);
  go(saved.lang, listed[Math.max(0, Math.min(index + by, listed.length - 1))].number);
}

function place() {
  const params = new URLSearchParams(location.search);
  const browser = (navigator.language || "").slice(0, 2);
  const lang = params.get("lang") ?? saved.lang ?? browser;
  const number = params.has("chapter") ? Number(params.get("chapter")) : (saved.chapter ?? 0);
  return [lang, number];
}

async function boot() {
  const [lang, number] = place();
  const known = ["fi", "sv", "en"].includes(lang) ? lang : "fi";
  const early = fetchChapter(known, number).catch(() => null);
  contents = await (await fetch("contents.json")).json();
  wire();
  chapter = await early;
  if (chapter) {
    saved.lang = known;
    saved.chapter = chapter.number;
    history.replaceState(null, "", `?lang=${known}&chapter=${chapter.number}`);
    renderChrome();
    renderChapter();
    keep();
  } else {
    await go(known, number, { push: false, focus: false });
  }
}

boot();
