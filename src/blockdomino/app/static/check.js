// "Check a leaflet" (check.html): an author chooses or drops a rules leaflet, or pastes
// its text, and the worker's Python checks it as `blockdomino verify --html` does
// (blockdomino.app.leaflet); the report is shown in the page, its last line said in the
// live region. The leaflet never leaves the browser. The words follow the app's
// language (?lang=, else the one kept); the report speaks the leaflet's own, unless
// the author chooses another.
import "./worker-start.js"; // first: Python boots while the rest loads
import { keepOffline } from "./offline.js";
import { app, status, word } from "./page.js";
import { element } from "./shared.js";
import { listen, loadingWords, python, send, whenReady } from "./python.js";
import { saved } from "./store.js";

loadingWords({ bytes: "app.check.loading.bytes", ready: "app.check.ready" });
const chosen = { file: null }; // the file chosen or dropped, until the author pastes

function $(id) {
  return document.getElementById(id);
}

function render() {
  document.documentElement.lang = saved.lang;
  document.title = `${word("app.check.title")} – ${word("app.title")}`;
  $("skip").textContent = word("app.skip");
  $("title").textContent = word("app.title");
  $("back").textContent = `← ${word("app.check.back")}`;
  $("back").href = `index.html?lang=${saved.lang}`;
  $("check-title").textContent = word("app.check.title");
  $("check-intro").textContent = word("app.check.intro");
  $("file-label").textContent = word("app.check.file");
  $("formats").textContent = word("app.check.formats");
  $("paste-label").textContent = word("app.check.paste");
  $("report-lang-label").textContent = word("app.check.language");
  $("report-lang").replaceChildren(
    element("option", { value: "", text: word("app.check.language.own") }),
    ...app.contents.languages.map((code) =>
      element("option", { value: code, lang: code, text: word(`app.lang.${code}`) }),
    ),
  );
  $("check-button").textContent = word("app.check.button");
  $("report").setAttribute("aria-label", word("app.check.report"));
  status(word(python.ready ? "app.check.ready" : "app.check.loading"));
}

// The result in the live region: emptied first, so that the same words are said again.
function say(text, lang = saved.lang) {
  const region = $("said");
  region.textContent = "";
  region.lang = lang;
  requestAnimationFrame(() => (region.textContent = text));
}

function showChosen() {
  $("chosen").textContent = chosen.file ? word("app.check.chosen", { name: chosen.file.name }) : "";
}

function choose(file) {
  if (!file) return;
  chosen.file = file;
  showChosen();
}

// Bytes as base64, a slice at a time (a long argument list would overflow the stack).
function base64(bytes) {
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(text);
}

async function message() {
  const lang = $("report-lang").value || null;
  const ui = saved.lang; // what the report speaks when neither lang nor the leaflet tells
  if (chosen.file) {
    const bytes = new Uint8Array(await chosen.file.arrayBuffer());
    return { op: "verify", id: "check", name: chosen.file.name, bytes: base64(bytes), lang, ui };
  }
  const text = $("paste").value;
  if (!text.trim()) return null;
  return { op: "verify", id: "check", name: word("app.check.pasted"), text, lang, ui };
}

async function check() {
  const asked = await message();
  if (!asked) {
    say(word("app.check.nothing"));
    return;
  }
  const button = $("check-button");
  button.disabled = true;
  say(word(python.ready ? "app.check.checking" : "app.check.waiting"));
  try {
    const answer = await send(asked);
    if (answer.error) {
      say(word("app.check.failed", { reason: answer.error }));
      console.error(answer.error);
      return;
    }
    const { html, summary } = answer.report;
    const report = $("report");
    report.lang = summary.speaks;
    report.innerHTML = html; // the report escapes every piece of the leaflet's text
    report.hidden = false;
    document.documentElement.dataset.checked = String(summary.status);
    say(summary.message, summary.speaks);
  } finally {
    button.disabled = false;
  }
}

function wire() {
  const drop = $("drop");
  $("file").addEventListener("change", (event) => choose(event.target.files[0]));
  $("paste").addEventListener("input", () => {
    chosen.file = null;
    $("file").value = "";
    showChosen();
  });
  for (const name of ["dragenter", "dragover"]) {
    drop.addEventListener(name, (event) => {
      event.preventDefault();
      drop.classList.add("over");
    });
  }
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    choose(event.dataTransfer.files[0]);
  });
  $("check-form").addEventListener("submit", (event) => {
    event.preventDefault();
    check();
  });
}

async function boot() {
  app.contents = await (await fetch("contents.json")).json();
  const asked = new URLSearchParams(location.search).get("lang");
  const lang = asked ?? saved.lang ?? (navigator.language || "").slice(0, 2);
  const { languages } = app.contents; // the library's, the default first
  saved.lang = languages.includes(lang) ? lang : languages[0];
  render();
  listen();
  whenReady(keepOffline);
  wire();
}

boot();
