// The app's page: a chapter's text and diagrams at once, its live pieces once Python
// (in worker.js) is ready. Every action is a controller's action, sent as a message;
// every answer is the controller's view model, shown as it is. The learner's place,
// the games and the options are kept in localStorage; "Start over" clears them.
//
// The modules, by concern: store.js (what is kept), page.js (contents, words, elements,
// status), python.js (the worker's messages), chapter.js (the chapter's blocks), live.js
// (a live piece), board.js (a table's board and taps on it), chooser.js (a table's
// rules), chrome.js (the page around the chapter, and going to one), offline.js (the
// service worker that keeps the app for a visit with no network). This one boots.
import { fetchChapter, renderChapter, shown } from "./chapter.js";
import { go, offerClass, renderChrome, wire } from "./chrome.js";
import { keepOffline } from "./offline.js";
import { app } from "./page.js";
import { listen, whenReady } from "./python.js";
import { keep, saved } from "./store.js";

function place() {
  const params = new URLSearchParams(location.search);
  const browser = (navigator.language || "").slice(0, 2);
  const lang = params.get("lang") ?? saved.lang ?? browser;
  const number = params.has("chapter") ? Number(params.get("chapter")) : (saved.chapter ?? 0);
  return [lang, number];
}

// The languages are the library's: contents.json lists them, the default first. The
// chapter asked for is fetched beside it, so that its text shows at once, and kept if
// its language is one of them; else the default language's chapter is fetched.
async function boot() {
  const [lang, number] = place();
  const asked = /^[a-z]{2}$/.test(lang) ? fetchChapter(lang, number).catch(() => null) : null;
  app.contents = await (await fetch("contents.json")).json();
  const { languages } = app.contents;
  const known = languages.includes(lang) ? lang : languages[0];
  const early = known === lang && asked ? asked : fetchChapter(known, number).catch(() => null);
  // The words speak the learner's language from the first message heard: the worker may
  // report its progress before the chapter has come.
  saved.lang = known;
  listen();
  whenReady(keepOffline);
  wire();
  shown.chapter = await early;
  if (shown.chapter) {
    saved.chapter = shown.chapter.number;
    history.replaceState(null, "", `?lang=${known}&chapter=${shown.chapter.number}`);
    renderChrome();
    renderChapter();
    keep();
  } else {
    await go(known, number, { push: false, focus: false });
  }
  offerClass();
}

boot();
