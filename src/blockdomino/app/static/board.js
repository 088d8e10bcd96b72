// A table's board: the view model's diagram, the chosen tile and its ends marked, and a
// tap on a tile or an end's marker (or near one, for a finger) sent as its button's
// action (a practice item's hand beside it too, whose tiles answer); the arrow keys move between the buttons of a hand or of the ends. The app's
// live pieces (live.js) and the class's seats (the class server's seat.js) both load
// this module: it needs nothing of either page.

const REACH = 22; // CSS px around a tile or a marker that still counts as a tap on it
const TAP = 44; // CSS px: the least a finger's target measures each way
const TARGETS = ".hand [data-tile], [data-end]"; // the parts of the picture a tap chooses

// Where a half's pips lie, 0 to 6, on a square of side 1 (as a domino's face shows them).
const PIPS = [[], [[0.5, 0.5]], [[0.25, 0.25], [0.75, 0.75]], [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  [[0.25, 0.2], [0.75, 0.2], [0.25, 0.5], [0.75, 0.5], [0.25, 0.8], [0.75, 0.8]]];

// A tile ``[a|b]`` as a small picture of its two halves and their pips, for the eye only
// (black on white, whatever the page's colours): the button's name says it in words.
// Written as markup, which the page reads into an SVG element.
function tilePicture(tile) {
  const halves = tile.slice(1, -1).split("|").map(Number);
  const pips = halves.flatMap((number, half) => (PIPS[number] ?? []).map(([x, y]) =>
    `<circle cx="${3 + 20 * half + 18 * x}" cy="${2 + 18 * y}" r="2" fill="#000"/>`));
  const holder = document.createElement("span");
  holder.innerHTML = `<svg class="tile-picture" viewBox="0 0 42 22" aria-hidden="true" focusable="false">`
    + `<rect x="1" y="1" width="40" height="20" rx="3" fill="#fff" stroke="#000" stroke-width="1.2"/>`
    + `<line x1="21" y1="3" x2="21" y2="19" stroke="#000" stroke-width="1"/>${pips.join("")}</svg>`;
  return holder.firstElementChild;
}

// What a button of the view model shows: one whose label says a tile in words
// ("viisi–kuusi ✓", a hand's tile; "yksi–neljä (pää, jossa on 1)", an end named by its
// tile; "B: yksi–neljä", a practice item's answer) shows the tile's picture between the
// rest of its label (``before``, ``tile``, ``beside``); any other its label. The
// button's name says the tile in words.
export function buttonFace(model) {
  if (!model.tile) return [model.label];
  const picture = tilePicture(model.tile);
  return [model.before && `${model.before} `, picture, model.beside && ` ${model.beside}`].filter(Boolean);
}

// The widest (SVG units) a board is to be drawn for ``column``: where the column's content
// (the board is shown that wide, inside its padding) is narrower than a notebook cell's
// drawing (800, a phone's or a tablet's), as wide as that content, at least 320 (the
// narrowest a chain snakes on), so that the drawing is never shown shrunk below its own
// size and the tiles of a hand stand 48 px apart; else null, as wide as a notebook cell.
export function drawingWidth(column) {
  const style = getComputedStyle(column); // its content: the board is shown that wide
  const width = column.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return width && width < 800 ? Math.max(320, Math.floor(width)) : null;
}

// ``help``: the sentence that says how to play by tapping, shown while a tile may be
// tapped; ``answering``: the one shown while only the ends may be (a practice item's
// answers), else none.
export function drawBoard(board, view, help, answering = null) {
  board.innerHTML = view.svg;
  const tiles = view.buttons.some((button) => button.group === "tiles" && button.enabled);
  const ends = (view.ends ?? []).some((_, index) => endButton(view, index)?.enabled);
  offer(board, tiles || ends, tiles ? help : ends && answering);
  if (view.selected) {
    board.querySelector(`[data-tile="${CSS.escape(view.selected)}"]`)?.classList.add("selected");
    for (const [index, end] of (view.ends ?? []).entries()) {
      const fits = endButton(view, index)?.highlight === "fits";
      marker(board, end)?.classList.add(fits ? "marker-fits" : "marker-no-fit");
    }
  }
}

// A picture beside the board whose tiles answer when tapped (a practice item's hand,
// ``view.tiles``): tappable, with ``help`` above it, while an answer may be chosen.
export function offerTiles(picture, view, help) {
  const tiles = (view.tiles ?? []).some(({ tile }) => tileButton(view, tile)?.enabled);
  offer(picture, tiles, tiles && help);
}

// ``picture`` marked tappable or not, with the sentence ``said`` above it, and its
// targets padded to a finger's size.
function offer(picture, tappable, said) {
  picture.classList.toggle("tappable", tappable);
  if (said) picture.prepend(Object.assign(document.createElement("p"), { className: "board-help", textContent: said }));
  pad(picture); // at once: no frame shows a target smaller than a finger
  fingered.unobserve(picture); // observed afresh: padded again whenever its size changes
  fingered.observe(picture);
}

// The button a tap on the marker of the view's ``index``-th end presses: the one the end
// names (``action``: a practice item's answer), else the end's own, ``end:<index>``.
function endButton(view, index) {
  const id = view.ends?.[index]?.action ?? `end:${index}`;
  return view.buttons.find((button) => button.id === id);
}

// The button a tap on ``tile`` presses: the answer the view names for it (``view.tiles``:
// a practice item's), else the tile's own, ``tile:<tile>``.
function tileButton(view, tile) {
  const id = answerFor(view, tile) ?? `tile:${tile}`;
  return view.buttons.find((button) => button.id === id);
}

const answerFor = (view, tile) => view.tiles?.find((named) => named.tile === tile)?.action;

// Each tile of the hand and each end's marker grows an invisible pad under it, centred,
// to 44 CSS px each way as the picture is shown now (measured again whenever the board's
// size changes): a finger's target, however small the tile is drawn. A pad stops short
// of another target's picture, so a tap on a tile never chooses its neighbour.
const fingered = new ResizeObserver((entries) => entries.forEach(({ target }) => pad(target)));

function pad(board) {
  const parts = [...board.querySelectorAll(TARGETS)];
  for (const part of parts) part.querySelector(":scope > .reach")?.remove();
  const boxes = parts.map((part) => part.getBoundingClientRect());
  parts.forEach((part, at) => {
    const matrix = part.getScreenCTM();
    const scale = matrix ? Math.hypot(matrix.a, matrix.b) : 0;
    if (!scale) return;
    const [x, y] = room(boxes[at], boxes.filter((_, other) => other !== at));
    const box = part.getBBox();
    const reach = document.createElementNS(part.namespaceURI, "rect");
    for (const [name, value] of Object.entries({
      class: "reach", fill: "transparent", "aria-hidden": "true",
      x: box.x - x / scale, y: box.y - y / scale,
      width: box.width + 2 * x / scale, height: box.height + 2 * y / scale,
    })) reach.setAttribute(name, value);
    part.prepend(reach);
  });
}

// How far (CSS px) ``box`` may grow on each side, across and down, to measure 44 px
// without covering any of the ``others``: a neighbour beside it bounds the growth
// across, one above or below the growth down.
function room(box, others) {
  let x = Math.max(0, (TAP + 1 - box.width) / 2); // a pixel over: never 43.99 once scaled
  let y = Math.max(0, (TAP + 1 - box.height) / 2);
  for (const other of others) {
    const across = Math.max(other.left - box.right, box.left - other.right);
    const down = Math.max(other.top - box.bottom, box.top - other.bottom);
    if (across >= x || down >= y) continue; // the grown box stays clear of it
    if (across >= down) x = Math.max(0, across - 1);
    else y = Math.max(0, down - 1);
  }
  return [x, y];
}

function marker(board, end) {
  return board.querySelector(`[data-end][data-side="${end.side}"][data-pips="${end.pips}"]`);
}

// The action of a tap on the board showing ``view``, or null when it hit nothing enabled.
export function tapped(board, view, event) {
  const target = nearest(board, event, TARGETS);
  if (!target || !view) return null;
  const tile = target.dataset.tile;
  if (tile) {
    if (!tileButton(view, tile)?.enabled) return null;
    return answerFor(view, tile) ?? `tap:${tile}`; // a tile's own: chosen, then placed
  }
  const index = (view.ends ?? []).findIndex(
    (end) => end.side === target.dataset.side && String(end.pips) === target.dataset.pips,
  );
  const button = index < 0 ? null : endButton(view, index);
  return button?.enabled ? button.id : null;
}

// The tile of the hand a tap on the board hit when it may not be pressed now (the round
// is over, another player is to move), or null: the page says why, as a tile that does
// not fit says why when pressed. ``reason``: what its button says, if anything.
export function untapped(board, view, event) {
  const tile = nearest(board, event, TARGETS)?.dataset.tile;
  const button = tile && view ? tileButton(view, tile) : null;
  return button && !button.enabled ? { tile, reason: button.reason ?? null } : null;
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
