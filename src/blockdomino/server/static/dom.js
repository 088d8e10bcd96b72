// What the class's scripts (class.js, lesson.js) share: a live region's voice and the
// page drawn again in place (an element made in one call and a sentence of the page's
// words are the app's shared.js's, which both load).
import { answersClicks } from "./shared.js";

const renewed = new WeakSet(); // elements morph replaces whole (see `renew`)

// A live region's voice: `tell(line, kind, key)` puts `line` in the region `id` for a
// screen reader to say, only when what that `kind` last said was another `key` (the
// line itself unless given): a screen drawn again with nothing new says nothing. Lines
// told at once are said one after the other.
const filling = new Set();

export function teller(id) {
  const spoken = {};
  return (line, kind = null, key = line) => {
    const region = document.getElementById(id);
    if (!region || !line || (kind && spoken[kind] === key)) return;
    if (kind) spoken[kind] = key;
    region.textContent = filling.has(id) ? `${region.textContent} ${line}` : line;
    filling.add(id);
    queueMicrotask(() => filling.delete(id));
  };
}

// The page drawn again changes only what changed: `old` (in the page) made like
// `fresh` (just drawn) in place. A node equal to its fresh twin stays as it is (a
// status line that says the same is not said again, a focused button keeps the focus);
// text and attributes that differ are set; an element that answers a click is replaced
// whole when it differs (its listener may hold what it was drawn from), and so are an
// element made to be renewed and children that came or went.
export function morph(old, fresh) {
  if (old.isEqualNode(fresh)) return;
  const mended = (node) => !renewed.has(node) && !answersClicks(node);
  const same = old.nodeName === fresh.nodeName && mended(old) && mended(fresh);
  if (same && old.nodeType === Node.TEXT_NODE) old.data = fresh.data;
  else if (same && old.nodeType === Node.ELEMENT_NODE) {
    for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
    for (const { name, value } of [...fresh.attributes]) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
    morphChildren(old, fresh);
  } else old.replaceWith(fresh);
}

// `made`, which a script keeps changing after it is drawn (a countdown), replaced whole
// by `morph` rather than kept.
export function renew(made) {
  renewed.add(made);
  return made;
}

// The children of `old` made like those of `fresh` (see `morph`).
export function morphChildren(old, fresh) {
  const before = [...old.childNodes];
  const after = [...fresh.childNodes];
  if (before.length !== after.length) old.replaceChildren(...after);
  else before.forEach((node, index) => morph(node, after[index]));
}
