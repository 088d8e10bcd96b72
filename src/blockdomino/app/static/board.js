// A table's board: the view model's diagram, the chosen tile and its ends marked, and a
// tap on a tile or an end's marker (or near one, for a finger) sent as its button's
// action.
import { element, word } from "./page.js";

const REACH = 22; // CSS px around a tile or a marker that still counts as a tap on it

export function drawBoard(board, view) {
  board.innerHTML = view.svg;
  const tapping = view.buttons.some((button) => button.group === "tiles" && button.enabled);
  board.classList.toggle("tappable", tapping);
  if (tapping) board.prepend(element("p", { class: "board-help", text: word("app.board") }));
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
