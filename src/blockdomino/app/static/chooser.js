// A table's chooser: another preset and player count, and "Deal" to start afresh under
// them (the table's actions forgotten, the rules kept for the next visit).
import { app, element, word } from "./page.js";
import { python } from "./python.js";
import { keep, saved } from "./store.js";

export function chooser(live) {
  const { block } = live;
  const presets = Object.entries(app.contents.presets).filter(
    ([, preset]) => block.widget !== "MatchPlayer" || preset.scored,
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
  preset.addEventListener("change", counts);
  const deal = element("button", { type: "button", class: "deal", text: word("app.chooser.deal") });
  deal.addEventListener("click", () => {
    if (!python.ready) return;
    if (underWay(live) && !confirm(word("app.chooser.confirm"))) return;
    saved.components[block.id] = {
      actions: [],
      rules: { preset: preset.value, players: Number(players.value), target: null },
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
    deal,
  );
}

// Whether a game is under way at the table: the learner has played, and a tile may
// still be played or another round follows (a new deal would end it).
function underWay(live) {
  const going = (button) => (button.group === "tiles" || button.id === "next_round") && button.enabled;
  return live.kept.actions.length > 0 && Boolean(live.view?.buttons.some(going));
}
