// What the class's scripts (class.js, lesson.js) share: a sentence of the page's words
// with its values filled in, and an element made in one call.

// The function that says `key` of `words` (the catalog's sentences the page carries),
// each {name} replaced by its value; an unknown key says itself.
export function sayer(words) {
  return (key, params = {}) =>
    (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

// A `tag` element with `attributes` (onclick a listener; true an empty attribute; false
// or null none) and `children` (elements or text, never parsed as HTML).
export function element(tag, attributes = {}, ...children) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "onclick") made.addEventListener("click", value);
    else if (value !== false && value !== null) made.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) made.append(child);
  return made;
}

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
