// A table's chooser: another preset and player count, and "Deal" to start afresh under
// them (the table's actions forgotten, the rules kept for the next visit), asked first
// while the view model says a game is under way. At a hot seat, each seat's name too,
// or the computer playing it (the first seat is a person). What each table asks is the
// library's registry of pieces, as contents.json gives it.
import { app, word } from "./page.js";
import { element } from "./shared.js";
import { python } from "./python.js";
import { keep, saved } from "./store.js";

export function chooser(live) {
  const { block } = live;
  const piece = app.contents.pieces[block.widget];
  const hot = piece.seats;
  const presets = Object.entries(app.contents.presets).filter(
    ([, preset]) => !piece.scored || preset.scored,
  );
  const spec = block.spec.args[0].$rules;
  const chosen = live.kept.rules ?? spec;
  const name = `choose-${block.id}`;
  const preset = element("select", { id: `${name}-preset` });
  for (const [id] of presets) {
    preset.append(element("option", { value: id, text: word(`term.preset.${id}`) }));
  }
  preset.value = chosen.preset;
  const players = element("select", { id: `${name}-players` });
  const counts = () => {
    players.replaceChildren(
      ...app.contents.presets[preset.value].players.map((n) => element("option", { text: n })),
    );
  };
  counts();
  players.value = String(chosen.players);
  const seats = element("div", { class: "seats" });
  const named = live.kept.names ?? block.spec.kwargs.names ?? [];
  const fill = () => seats.replaceChildren(...seatFields(name, Number(players.value), named));
  preset.addEventListener("change", () => {
    counts();
    if (hot) fill();
  });
  players.addEventListener("change", () => hot && fill());
  if (hot) fill();
  const deal = element("button", { type: "button", class: "deal", text: word("app.chooser.deal") });
  deal.addEventListener("click", () => {
    if (!python.ready) return;
    if (live.view?.under_way && !confirm(word("app.chooser.confirm"))) return;
    saved.components[block.id] = {
      actions: [],
      rules: { preset: preset.value, players: Number(players.value), target: null },
      ...(hot ? { names: seatNames(seats) } : {}),
    };
    keep();
    live.open();
  });
  return element(
    "fieldset",
    { class: "chooser" },
    element("legend", { text: word("app.chooser") }),
    element("label", { for: preset.id, text: word("app.chooser.preset") }),
    preset,
    element("label", { for: players.id, text: word("app.chooser.players") }),
    players,
    ...(hot ? [seats] : []),
    deal,
  );
}

// A name field per seat, and but for the first a "Computer" switch, filled from ``named``
// (a seat named after one of the computer players of contents.json is the computer's).
function seatFields(name, count, named) {
  return Array.from({ length: count }, (_, seat) => {
    const given = named[seat] ?? "";
    const computer = seat > 0 && app.contents.computers.includes(given);
    const id = `${name}-seat-${seat}`;
    const field = element("input", {
      type: "text", id, maxlength: "20", autocomplete: "off", "data-seat": seat,
      value: computer ? "" : given, placeholder: word("app.chooser.seat", { number: seat + 1 }),
    });
    const parts = [element("label", { for: id, text: word("app.chooser.seat", { number: seat + 1 }) }), field];
    if (seat > 0) {
      const box = element("input", { type: "checkbox", id: `${id}-computer`, class: "computer" });
      box.checked = computer;
      parts.push(element("label", { class: "computer" }, box, ` ${word("app.chooser.computer")}`));
    }
    return element("div", { class: "seat" }, ...parts);
  });
}

// The names the hot seat is dealt with: a seat's own, "" for "Player n", or the first of
// the computer players.
function seatNames(seats) {
  return [...seats.querySelectorAll(".seat")].map((seat) =>
    seat.querySelector("input.computer")?.checked
      ? app.contents.computers[0]
      : seat.querySelector("input[type='text']").value.trim(),
  );
}
