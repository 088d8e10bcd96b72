// What the app and the class pages share, one file both load (the class server serves
// it from the app's files): an element made in one call, a random id, and the keys
// under which the class page keeps in this browser what the app's Practice reads.

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

// A random id of 24 hex digits: an answer's, a move's, a screen's.
export function randomId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
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
