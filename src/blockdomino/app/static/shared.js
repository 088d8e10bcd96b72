// What the app and the class pages share, one file both load (the class server serves
// it from the app's files): an element made in one call, a sentence of the page's
// words, a random id, the queue of what is sent until the server acknowledges it, and
// the keys under which the class page keeps in this browser what the app's Practice reads.

const listening = new WeakSet(); // elements made with a click listener

// A `tag` element with `attributes` and `children` (elements or text, never parsed as
// HTML). An attribute false, null or undefined is left out and true is an empty one;
// `text` sets the element's text, `html` its HTML (drawn by the server or the build,
// every word in it escaped) and `onclick` a listener for its clicks.
export function element(tag, attributes = {}, ...children) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "text") made.textContent = value;
    else if (name === "html") made.innerHTML = value;
    else if (name === "onclick") {
      made.addEventListener("click", value);
      listening.add(made);
    } else made.setAttribute(name, value === true ? "" : value);
  }
  made.append(...children);
  return made;
}

// Whether `node` was made by `element` with a listener for its clicks.
export function answersClicks(node) {
  return listening.has(node);
}

// The function that says `key` of `words` (the catalog's sentences a page carries: the
// app's in the learner's language, a class page's), each {name} replaced by its value
// (a value not given: nothing); an unknown key says itself.
export function sayer(words) {
  return (key, params = {}) =>
    (words[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

// A random id of 24 hex digits: an answer's, a move's, a screen's.
export function randomId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
}

// What a page sends and keeps until the server acknowledges it (a seat's move, a quiz's
// or a walkthrough's answer, Practice results): a queue kept in localStorage under
// `key`, so that it outlives a lost connection and a reload, oldest first. An item put
// takes the place of the one kept in its `slot` (a seat's one move, the answer being
// given; by default its `id`; an item with none is not the queue's); beyond `most`
// items the oldest go, and `dropped` is told how many went (as it is of an item the
// browser's storage refused): the page says so, nothing goes unsaid. `take(done)`
// keeps no more the items `done` says are acknowledged (or refused for good).
export function keptQueue(key, { slot = (item) => item.id, most = 100, dropped = () => {} } = {}) {
  const items = () => {
    try {
      const kept = JSON.parse(localStorage.getItem(key) || "[]");
      return (Array.isArray(kept) ? kept : [kept]).filter((item) => item && slot(item) != null);
    } catch {
      return [];
    }
  };
  const keep = (list) => {
    try {
      if (list.length) localStorage.setItem(key, JSON.stringify(list));
      else localStorage.removeItem(key);
      return true;
    } catch {
      return false; // storage full or refused
    }
  };
  const put = (item) => {
    const list = [...items().filter((kept) => slot(kept) !== slot(item)), item];
    const over = Math.max(0, list.length - most);
    if (!keep(list.slice(over))) dropped(1);
    else if (over) dropped(over);
  };
  const take = (done) => {
    const list = items();
    const left = list.filter((item) => !done(item));
    if (left.length !== list.length) keep(left);
  };
  return { items, put, take };
}

// The keys of what the class page keeps in localStorage. The app's Practice reads the
// class code, the nickname and the pupil token kept for it, and sends its results under them.
export const CLASS_KEYS = Object.freeze({
  code: "blockdomino.class.code", // the class code the pupil joined with
  nickname: "blockdomino.class.nickname", // the nickname in use on this screen
  pupils: "blockdomino.class.pupils", // nickname → pupil token, given by the server
  seat: "blockdomino.class.seat", // the secret token of the seat at a table
  move: "blockdomino.class.pending", // the move sent and not yet acknowledged
  screen: "blockdomino.class.pupil", // this screen's own id in the class quiz
  answers: "blockdomino.class.answers", // the quiz's answers acknowledged
  answer: "blockdomino.class.answer", // the quiz answer sent and not yet acknowledged
  fits: "blockdomino.class.fits", // the worked example's answers acknowledged
  fit: "blockdomino.class.fit", // the worked example's answer sent and not yet acknowledged
});
