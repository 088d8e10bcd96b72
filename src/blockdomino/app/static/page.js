// What every part of the page shares: the app's contents (contents.json: chapters,
// words, presets), its words in the learner's language, the status line and the screen
// reader's live region (an element made in one call and a sentence's words filled in
// are shared.js's, as on the class pages).
import { sayer } from "./shared.js";
import { saved } from "./store.js";

export const app = { contents: null };

// `key` of the app's words in the learner's language, said by shared.js's `sayer`.
export function word(key, params = {}) {
  return sayer(app.contents.words[saved.lang])(key, params);
}

export function status(text) {
  document.getElementById("status-text").textContent = text;
}

export function announce(text) {
  const region = document.getElementById("announce");
  region.textContent = "";
  requestAnimationFrame(() => (region.textContent = text));
}
