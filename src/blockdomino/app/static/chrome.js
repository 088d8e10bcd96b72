// The page around the chapter: the chapter list, the languages, projector mode, "Start
// over", the pager and the teachers' links, all in the learner's language; going to a
// chapter (the address follows it, and the browser's Back returns).
import { fetchChapter, renderChapter, shown } from "./chapter.js";
import { announce, app, status, word } from "./page.js";
import { element } from "./shared.js";
import { python } from "./python.js";
import { forget, keep, saved } from "./store.js";

const LANGUAGE_NAMES = { fi: "app.lang.fi", sv: "app.lang.sv", en: "app.lang.en" };
const SIGNS = { large: "A+", "start-over": "↺" }; // a header button's sign, where words do not fit

// A header button's words, and its sign that a phone shows instead (CSS).
function label(id, key) {
  const button = document.getElementById(id);
  button.replaceChildren(
    element("span", { class: "sign", "aria-hidden": "true", text: SIGNS[id] }),
    element("span", { class: "words", text: word(key) }),
  );
  return button;
}

export function renderChrome() {
  const { contents } = app;
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
  const large = label("large", "app.projector");
  large.title = word("app.projector.tooltip");
  large.setAttribute("aria-pressed", String(Boolean(saved.large)));
  document.documentElement.classList.toggle("large", Boolean(saved.large));
  label("start-over", "app.start_over").title = word("app.start_over");
  const previous = document.getElementById("previous");
  const next = document.getElementById("next");
  previous.textContent = `← ${word("app.previous")}`;
  next.textContent = `${word("app.next")} →`;
  previous.disabled = index <= 0;
  next.disabled = index >= listed.length - 1;
  document.getElementById("teachers").textContent = word("app.teachers");
  const guide = document.getElementById("guide"); // the teachers' guide: the class server's, or a built site's own pages
  guide.textContent = word("app.guide");
  guide.href = `../guide/${lang}`;
  const join = document.getElementById("join-class");
  if (join) {
    join.textContent = word("app.class.join");
    join.href = `..${join.dataset.page}?lang=${lang}`;
  }
  const check = document.getElementById("check-leaflet"); // "Check a leaflet", for authors
  check.textContent = word("app.check.link");
  check.href = `check.html?lang=${lang}`;
  if (!python.ready && document.documentElement.dataset.python !== "failed") {
    status(word("app.loading"));
  }
  if (python.ready) status(word("app.ready"));
}

// "Join the class", at the top of the page, when a class server serves the app: its
// answer to ../class/here names the pupils' page. A plain web server has no such answer
// (404), and offline there is none: nothing is offered.
export async function offerClass() {
  let page = null;
  try {
    const answer = await fetch("../class/here", { cache: "no-store" });
    page = answer.ok ? (await answer.json()).join : null;
  } catch {
    return; // no network, or no JSON: no class here
  }
  if (typeof page !== "string" || !page.startsWith("/class/")) return;
  const join = element("a", { id: "join-class", class: "join-class" });
  join.dataset.page = page;
  document.querySelector("header").append(join);
  renderChrome();
}

// Go to a chapter once it has come; one that cannot come (no network, not kept offline)
// is said, and the chapter shown stays.
export async function go(lang, number, { push = true, focus = true } = {}) {
  const { contents } = app;
  const listed = contents.chapters[lang] ? lang : contents.languages[0];
  const numbers = contents.chapters[listed].map((item) => item.number);
  const chosen = numbers.includes(number) ? number : numbers[0];
  saved.lang = listed;
  let chapter;
  try {
    chapter = await fetchChapter(listed, chosen);
  } catch {
    unreachable();
    return;
  }
  saved.chapter = chosen;
  keep();
  const url = `?lang=${saved.lang}&chapter=${saved.chapter}`;
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
  renderChrome();
  shown.chapter = chapter;
  renderChapter();
  if (focus) document.getElementById("chapter").focus();
}

function unreachable() {
  const text = word("app.offline.chapter");
  if (shown.chapter) saved.lang = shown.chapter.lang;
  else document.getElementById("chapter").replaceChildren(element("p", { text }));
  renderChrome();
  status(text);
  announce(text);
}

function step(by) {
  const listed = app.contents.chapters[saved.lang];
  const index = listed.findIndex((item) => item.number === saved.chapter);
  go(saved.lang, listed[Math.max(0, Math.min(index + by, listed.length - 1))].number);
}

export function wire() {
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
    forget();
    location.href = `?lang=${saved.lang}&chapter=${app.contents.chapters[saved.lang][0].number}`;
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
