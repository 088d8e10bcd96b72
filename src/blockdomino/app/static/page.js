// What every part of the page shares: the app's contents (contents.json: chapters,
// words, presets), its words in the learner's language, the status line and the screen
// reader's live region (an element made in one call is shared.js's).
import { saved } from "./store.js";

export const app = { contents: null };

export function word(key, params = {}) {
  const text = app.contents.words[saved.lang][key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => params[name]);
}

export function status(text) {
  document.getElementById("status-text").textContent = text;
}

export function announce(text) {
  const region = document.getElementById("announce");
  region.textContent = "";
  requestAnimationFrame(() => (region.textContent = text));
}
