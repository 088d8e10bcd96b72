// A live piece: a widget cell of the chapter, driven by its controller in the worker.
// Every button, field and tap sends the controller an action; every answer is its view
// model, shown as it is: the text areas, the fields, the buttons by group, the board.
// The actions are kept (store.js), so that opening the piece again replays them; a
// practice item answered is sent to the teacher when the pupil has joined a class
// (results.js).
import { arrowed, buttonFace, drawBoard, drawingWidth, offerTiles, tapped, untapped } from "./board.js";
import { chooser } from "./chooser.js";
import { announce, word } from "./page.js";
import { element } from "./shared.js";
import { python, send } from "./python.js";
import { answered, resultLine, sendKept } from "./results.js";
import { keep, saved } from "./store.js";

const HIDDEN = new Set(["save", "resume", "keep_both"]); // files: the app keeps games itself
const AREAS = ["topics", "levels", "mastery", "caption", "info", "scores", "board", "question",
  "givens", "hands", "message", "show", "fields", "tiles", "ends", "moves", "choices",
  "actions", "coach", "feedback", "answer", "view", "turns"];
const GROUP_LABELS = { tiles: "app.tiles", ends: "app.ends", actions: "app.actions" };

const timings = [];
window.blockdominoTimings = timings;

export class Live {
  constructor(block, section) {
    this.block = block;
    this.section = section;
    this.view = null;
    this.parts = {};
    for (const area of AREAS) {
      const attributes = { class: `area ${area}`, "data-area": area };
      if (GROUP_LABELS[area]) {
        Object.assign(attributes, { role: "group", "aria-label": word(GROUP_LABELS[area]) });
      }
      this.parts[area] = element("div", attributes);
    }
    for (const group of ["tiles", "ends"]) {
      this.parts[group].addEventListener("keydown", (event) => arrowed(this.parts[group], event));
    }
    for (const picture of [this.parts.board, this.parts.hands]) { // a practice item's hand answers
      picture.addEventListener("click", (event) => {
        const action = tapped(picture, this.view, event);
        if (action) this.act(action);
        else if (untapped(picture, this.view, event)) this.idle(picture);
      });
    }
    if (block.chooser) section.append(chooser(this)); // a table a learner may deal again
    section.append(element("p", { class: "waiting", text: word("app.waiting") }));
    section.append(...AREAS.map((area) => this.parts[area]));
    if (block.widget === "Practice") section.append(resultLine()); // sent to the teacher?
  }

  get kept() {
    return (saved.components[this.block.id] ??= { actions: [] });
  }

  async open(note) {
    const kept = this.kept;
    kept.seed ??= Math.floor(Math.random() * 2 ** 31);
    keep();
    const message = {
      op: "open", id: this.block.id, spec: this.block.spec, seed: kept.seed, actions: kept.actions,
    };
    const width = drawingWidth(this.section); // a board drawn to fit a narrow column
    if (width) message.width = width;
    if (kept.rules) message.rules = kept.rules;
    if (kept.names) message.names = kept.names;
    this.show(await send(message), note ?? (kept.actions.length ? word("app.resumed") : null));
    if (this.block.widget === "Practice") sendKept();
  }

  async act(action) {
    if (!python.ready || this.section.dataset.busy) return;
    const started = performance.now();
    this.section.dataset.busy = "true";
    this.section.setAttribute("aria-busy", "true"); // a lab's run takes a second or two
    const before = this.view?.result;
    const answer = await send({ op: "act", id: this.block.id, action });
    delete this.section.dataset.busy;
    this.section.removeAttribute("aria-busy");
    if (answer.view) {
      this.kept.actions.push(action);
      keep();
      if (answer.view.result && !before) answered(answer.view.result); // a practice item
    }
    this.show(answer);
    timings.push({ action, ms: performance.now() - started });
  }

  show(answer, note = null) {
    this.section.classList.add("opened");
    if (answer.error) {
      console.error(answer.error);
      this.parts.message.textContent = word("app.broken");
      return;
    }
    const focused = document.activeElement?.dataset?.action;
    const typed = document.activeElement?.dataset?.field;
    const view = (this.view = answer.view);
    const unfolded = new Set([...this.section.querySelectorAll("details[open]")].map((d) => d.className));
    for (const part of Object.values(this.parts)) part.replaceChildren();
    for (const [area, html] of Object.entries(view.texts)) {
      this.part(area).innerHTML = html;
    }
    for (const folded of this.section.querySelectorAll("details")) {
      folded.open = unfolded.has(folded.className); // what the learner unfolded stays so
    }
    for (const field of view.fields ?? []) this.parts.fields.append(this.field(field));
    if (!view.texts.view) drawBoard(this.parts.board, view, word("app.board"), word("app.board.answer"));
    offerTiles(this.parts.hands, view, word("app.board.answer_tile"));
    for (const button of view.buttons) {
      if (!button.visible || HIDDEN.has(button.id) || button.group === "resume") continue;
      this.part(button.group).append(this.button(button));
    }
    const again = focused && this.section.querySelector(`[data-action="${CSS.escape(focused)}"]`);
    const field = typed && this.section.querySelector(`[data-field="${CSS.escape(typed)}"]`);
    if (field && !field.disabled) field.focus();
    else if (again && !again.disabled) again.focus();
    else if (focused && this.section.contains(document.activeElement) === false) this.refocus();
    announce(view.refusal ? view.refusal.reason : note ?? view.announcement);
  }

  // A tile of the hand tapped when none may be played (the round or the exercise is
  // over): said above the picture and by the live region.
  idle(picture) {
    const said = word("app.board.no_play");
    picture.querySelector(".board-note")?.remove();
    picture.prepend(element("p", { class: "board-note", text: said }));
    announce(said);
  }

  part(area) {
    if (!this.parts[area]) {
      this.parts[area] = element("div", { class: `area ${area}`, "data-area": area });
      this.section.append(this.parts[area]);
    }
    return this.parts[area];
  }

  refocus() {
    const next = this.section.querySelector(".area button:not([disabled])");
    if (next) next.focus();
  }

  button(model) {
    const made = element("button", {
      type: "button",
      "data-action": model.id,
      title: model.tooltip,
      "aria-label": model.spoken || false,
      class: model.highlight ?? false,
      disabled: !model.enabled,
    }, ...buttonFace(model));
    made.addEventListener("click", () => this.act(model.id));
    return made;
  }

  field(model) {
    const toggle = model.kind === "toggle";
    const input = element("input", {
      type: toggle ? "checkbox" : "number",
      min: toggle ? false : "0",
      inputmode: toggle ? false : "numeric",
      "data-field": model.id,
      title: model.tooltip,
      disabled: !model.enabled,
    });
    if (toggle) input.checked = Boolean(model.value);
    else input.value = String(model.value);
    input.addEventListener("change", () => {
      const value = toggle ? Number(input.checked) : Math.max(0, Number(input.value) || 0);
      this.act(`set:${model.id}:${value}`);
    });
    return element("label", { class: `field ${model.kind}` }, input, ` ${model.label}`);
  }
}
