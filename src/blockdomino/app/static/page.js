// What every part of the page shares: the app's contents (contents.json: chapters,
// words, presets), its words in the learner's language, elements made in one call, the
// status line and the screen reader's live region.
import { saved } from "./store.js";

export const app = { contents: null };

export function word(key, params = {}) {
  const text = app.contents.words[saved.lang][key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => params[name]);
}

export function element(tag, attributes = {}, ...children) {
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

export function status(text) {
  document.getElementById("status-text").textContent = text;
}

export function announce(text) {
  const region = document.getElementById("announce");
  region.textContent = "";
  requestAnimationFrame(() => (region.textContent = text));
}
