// A table's board: the view model's diagram, the chosen tile and its ends marked, and a
// tap on a tile or an end's marker (or near one, for a finger) sent as its button's
// action; the arrow keys move between the buttons of a hand or of the ends. The app's
// live pieces (live.js) and the class's seats (the class server's seat.js) both load
// this module: it needs nothing of either page.

const REACH = 22; // CSS px around a tile or a marker that still counts as a tap on it

// ``help``: the sentence that says how to play by tapping, shown while a tile may be tapped.
export function drawBoard(board, view, help) {
  board.innerHTML = view.svg;
  const tapping = view.buttons.some((button) => button.group === "tiles" && button.enabled);
  board.classList.toggle("tappable", tapping);
  if (tapping) board.prepend(Object.assign(document.createElement("p"), { className: "board-help", textContent: help }));
  if (view.selected) {
    board.querySelector(`[data-tile="${CSS.escape(view.selected)}"]`)?.classList.add("selected");
    for (const [index, end] of (view.ends ?? []).entries()) {
      const fits = view.buttons.find((b) => b.id === `end:${index}`)?.highlight === "fits";
      marker(board, end)?.classList.add(fits ? "marker-fits" : "marker-no-fit");
    }
  }
}

function marker(board, end) {
  return board.querySelector(`[data-end][data-side="${end.side}"][data-pips="${end.pips}"]`);
}

// The action of a tap on the board showing ``view``, or null when it hit nothing enabled.
export function tapped(board, view, event) {
  const target = nearest(board, event, "[data-tile], [data-end]");
  if (!target || !view) return null;
  if (target.dataset.tile) {
    const button = view.buttons.find((b) => b.id === `tile:${target.dataset.tile}`);
    return button?.enabled ? `tap:${target.dataset.tile}` : null;
  }
  const index = (view.ends ?? []).findIndex(
    (end) => end.side === target.dataset.side && String(end.pips) === target.dataset.pips,
  );
  const button = view.buttons.find((b) => b.id === `end:${index}`);
  return button?.enabled ? button.id : null;
}

function nearest(board, event, selector) {
  const direct = event.target.closest?.(selector);
  if (direct) return direct;
  let best = null;
  let distance = REACH;
  for (const candidate of board.querySelectorAll(selector)) {
    const box = candidate.getBoundingClientRect();
    const dx = Math.max(box.left - event.clientX, 0, event.clientX - box.right);
    const dy = Math.max(box.top - event.clientY, 0, event.clientY - box.bottom);
    const away = Math.hypot(dx, dy);
    if (away <= distance) [best, distance] = [candidate, away];
  }
  return best;
}

// Arrow keys move between the buttons of a hand (or of the ends), as in a toolbar,
// round at the ends; Home and End go to the first and the last.
const next = (at, count) => (at + 1) % count;
const previous = (at, count) => (at + count - 1) % count;
const KEYS = {
  ArrowRight: next, ArrowDown: next, ArrowLeft: previous, ArrowUp: previous,
  Home: () => 0, End: (at, count) => count - 1,
};

export function arrowed(group, event) {
  const buttons = [...group.querySelectorAll("button:not([disabled])")];
  const at = buttons.indexOf(document.activeElement);
  const step = KEYS[event.key];
  if (at < 0 || !step) return;
  event.preventDefault();
  buttons[step(at, buttons.length)].focus();
}
