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
