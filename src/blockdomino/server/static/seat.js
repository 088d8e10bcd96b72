// A pupil's seat at a class table is the app's board (board.js, the very module the app
// loads): the table's picture, where a tile of the hand is tapped and then the end of the
// chain it joins (a tile with one place to go is played at once), and the same choice as
// buttons, for the keyboard and screen readers: each hand's tile drawn as a small picture
// of its pips (never "[0|3]"), named in words ("zero–three, fits"). A tile that does not
// fit may be pressed too, as in the app, and says why in the server's words.
// The page decides nothing: a move is sent as the key of one of the screen's actions,
// which the server looks up among the legal actions; which tile is chosen is the page's
// alone.
import { arrowed, buttonFace, drawBoard, tapped, untapped } from "./board.js";
import { element } from "./shared.js";

let chosen = null; // the tile chosen: { table, step, tile }
let noted = null; // what the board last said: { table, step, text }

// ``text`` shown under the board's picture until the screen changes, and said by the
// seat's live region (emptied first, so that a sentence said again is heard again).
function tell(screen, text) {
  noted = { table: screen.table, step: screen.step, text };
  const region = document.getElementById("said");
  if (!region) return;
  region.textContent = "";
  requestAnimationFrame(() => (region.textContent = text));
}

// The board's view model, as the app's board reads it (board.js): the buttons of the
// hand and of the ends, before a tile is chosen or after the chosen one; while the seat
// waits, each tile's button says why (``board.idle``, sent once for the whole hand).
function viewOf(screen) {
  const { board } = screen;
  const same = chosen && chosen.table === screen.table && chosen.step === screen.step;
  const selected = same && board.chosen[chosen.tile] ? chosen.tile : null;
  const shown = selected ? board.chosen[selected] : board.buttons;
  const buttons = board.idle ? shown.map((b) => (b.group === "tiles" ? { ...b, reason: board.idle } : b)) : shown;
  return { svg: screen.svg, buttons, selected, ends: board.ends };
}

// What pressing the button (or tapping the picture's part) ``id`` does: a tile played at
// once where it has one place, else chosen (and said so); a tile that does not fit says
// why; an end takes the chosen tile; another action is sent as it is.
function press(screen, id, act, redraw) {
  const [kind, value] = id.includes(":") ? [id.slice(0, id.indexOf(":")), id.slice(id.indexOf(":") + 1)] : [id, ""];
  if (kind === "tap" || kind === "tile") {
    const plays = screen.actions.filter((action) => action.tile === value);
    if (plays.length === 1) act(plays[0].key);
    else if (plays.length > 1) {
      chosen = { table: screen.table, step: screen.step, tile: value };
      tell(screen, screen.board.said[value]);
      redraw(".ends button:not([disabled])");
    } else {
      const reason = viewOf(screen).buttons.find((button) => button.id === `tile:${value}`)?.reason;
      if (reason) tell(screen, reason);
      redraw(`.tiles button[data-action="${CSS.escape(`tile:${value}`)}"]`);
    }
  } else if (kind === "end") {
    const tile = viewOf(screen).selected;
    const play = screen.actions.find((action) => action.tile === tile && action.end === Number(value));
    if (play) act(play.key);
  } else act(id);
}

function group(name, label, buttons) {
  const made = element("div", { class: name, role: "group", "aria-label": label }, ...buttons);
  made.addEventListener("keydown", (event) => arrowed(made, event));
  return made;
}

// The seat's board for ``screen``: its picture, the hand's and the ends' buttons and the
// other actions (draw, pass, the next round), kept in ``holder`` and drawn again in place
// when a tile is chosen; ``say`` gives the page's words, ``act`` sends an action's key.
export function seatBoard(holder, screen, say, act) {
  const view = viewOf(screen);
  const redraw = (focus) => {
    seatBoard(holder, screen, say, act);
    holder.querySelector(focus)?.focus({ preventScroll: true });
  };
  const button = (model) => element("button", {
    type: "button", "data-action": model.id, class: model.highlight ?? false, title: model.tooltip || false,
    "aria-label": model.spoken || false, disabled: !model.enabled,
    onclick: () => press(screen, model.id, act, redraw),
  }, ...buttonFace(model));
  const picture = element("div", { class: "picture board", tabindex: "-1" });
  drawBoard(picture, view, say("app.board"));
  picture.addEventListener("click", (event) => {
    const id = tapped(picture, view, event);
    const idle = id ? null : untapped(picture, view, event); // not the seat's turn: say why
    if (id) press(screen, id, act, redraw);
    else if (idle?.reason) {
      tell(screen, idle.reason);
      redraw(".picture");
    }
  });
  const tiles = view.buttons.filter((model) => model.group === "tiles").map(button);
  const ends = view.buttons.filter((model) => model.group === "ends").map(button);
  const others = screen.actions.filter((action) => action.tile === null).map((action) =>
    button({ id: action.key, label: action.label, enabled: true }));
  const said = noted && noted.table === screen.table && noted.step === screen.step ? noted.text : null;
  holder.replaceChildren(picture,
    ...(said ? [element("p", { class: "board-note" }, said)] : []),
    ...(tiles.length ? [group("tiles", say("app.tiles"), tiles)] : []),
    ...(ends.length ? [group("ends", say("app.ends"), ends)] : []),
    element("div", { class: "actions" }, ...others));
}

// The focus kept on the board when it is drawn again: on the button that had it, if it
// may still be pressed, else on the first tile (or end) that fits, else on the first
// other action (draw, pass), else on any button that may be pressed, else on the picture.
export function keepOnBoard(holder, action) {
  const same = action && holder.querySelector(`button[data-action="${CSS.escape(action)}"]:not([disabled])`);
  const next = ["button.fits:not([disabled])", ".actions button", "button:not([disabled])", ".picture"]
    .map((selector) => holder.querySelector(selector)).find(Boolean);
  (same || next).focus({ preventScroll: true });
}
