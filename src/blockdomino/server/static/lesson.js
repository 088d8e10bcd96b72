// The class quiz in the browser: a thin view over the class page's socket (class.js).
// The server words and draws every question (SVG); this script shows it, sends a
// pupil's tap as an answer with the screen's own id (kept in the browser), sends an
// answer again after a lost connection until it is acknowledged, and gives the
// teacher the quiz's controls.

import { morphChildren, renew, teller } from "./dom.js";
import { CLASS_KEYS, element, keptQueue, randomId, sayer } from "./shared.js";
import { masteryView } from "./mastery.js";
import { fitHost, hostClock, hostQuiz, hostSay } from "./projector.js";

const place = document.getElementById("lesson");
const main = document.getElementById("main");
const role = document.body.dataset.role || main.dataset.role;
const words = JSON.parse(document.getElementById("lesson-words").textContent);
const say = sayer({ ...words, ...JSON.parse(document.getElementById("teacher-words")?.textContent || "{}") });
let timer = null;
let last = null;
// The answer sent and not yet acknowledged, to the quiz and to the walkthrough's
// question: sent again when its question shows again (after a lost connection).
const answers = keptQueue(CLASS_KEYS.answer, { slot: () => "answer" });
const fits = keptQueue(CLASS_KEYS.fit, { slot: () => "fit" });
// What a screen reader hears on a pupil's and the teacher's page (the live region
// #lesson-said): each new thing once, keyed by the question or the step it belongs to.
const tell = teller("lesson-said");

function send(message) {
  document.dispatchEvent(new CustomEvent("class:send", { detail: message }));
}

function pupilId() {
  let id = localStorage.getItem(CLASS_KEYS.screen);
  if (!id) {
    id = randomId();
    localStorage.setItem(CLASS_KEYS.screen, id);
  }
  return id;
}

function kept() {
  return JSON.parse(localStorage.getItem(CLASS_KEYS.answers) || "{}");
}

function figures(screen) {
  return screen.figures.map((figure) => {
    const holder = element("figure", { class: "lesson-figure" });
    const picture = element("div", { class: "picture" });
    picture.innerHTML = figure.svg; // drawn by the server, every word in it escaped
    holder.append(picture);
    if (figure.caption) holder.append(element("figcaption", {}, figure.caption));
    return holder;
  });
}

function clock(screen) {
  clearInterval(timer);
  if (screen.phase !== "asking" || screen.left === null) return [];
  const shown = renew(element("p", { class: "lesson-clock" }));
  const end = Date.now() + screen.left * 1000;
  const tick = () => {
    const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
    const said = left ? say("lessons.page.left", { count: left }) : say("lessons.page.time_up");
    if (role === "projector") hostClock(shown, left, said);
    else shown.textContent = said;
    if (!left && role !== "projector") tell(said, "time", `${screen.quiz}:${screen.number}`);
    if (!left) clearInterval(timer);
  };
  tick();
  timer = setInterval(tick, 1000);
  return [shown];
}

function answer(screen, choice) {
  const name = localStorage.getItem(CLASS_KEYS.nickname) || "";
  const message = { type: "quiz_answer", quiz: screen.quiz, number: screen.number, choice, pupil: pupilId(), nickname: name };
  answers.put(message);
  send(message);
}

function nicknameForm(then) {
  const input = element("input", { id: "lesson-nickname", maxlength: "24", autocomplete: "nickname" });
  const form = element("form", {}, element("label", { for: "lesson-nickname" }, say("lessons.page.nickname")), input,
    element("button", { type: "submit" }, say("lessons.page.save")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    localStorage.setItem(CLASS_KEYS.nickname, input.value.trim());
    then();
  });
  return form;
}

function pupilChoices(screen) {
  const mine = kept()[`${screen.quiz}:${screen.number}`];
  const list = element("div", { class: "lesson-choices", role: "group", "aria-label": say("lessons.page.choices") });
  screen.choices.forEach((text, index) => {
    const asking = screen.phase === "asking" && mine === undefined;
    const marks = screen.answer === undefined ? "" : index === screen.answer ? " ✓" : "";
    const button = element("button", {
      type: "button", "aria-pressed": String(mine === index), disabled: !asking,
      class: screen.answer === index ? "right" : "",
      onclick: () => answer(screen, index),
    }, text + marks);
    list.append(button);
  });
  const parts = [list];
  const asked = `${screen.quiz}:${screen.number}`;
  if (mine !== undefined) {
    const chosen = say("lessons.page.chosen", { choice: screen.choices[mine] });
    parts.push(element("p", { class: "lesson-status" }, chosen));
    tell(chosen, "chosen", asked);
  }
  if (screen.answer !== undefined) {
    if (mine !== undefined) {
      const verdict = say(mine === screen.answer ? "lessons.page.right" : "lessons.page.wrong");
      parts.push(element("p", { class: "lesson-verdict" }, verdict));
      if (screen.notes[mine]) parts.push(element("p", {}, screen.notes[mine]));
      tell([verdict, screen.notes[mine]].filter(Boolean).join(" "), "verdict", asked);
    } else tell(`${say("lessons.page.why")}: ${screen.explanation}`, "verdict", asked);
    parts.push(element("h3", {}, say("lessons.page.why")), element("p", {}, screen.explanation));
  } else if (mine !== undefined) parts.push(element("p", {}, say("lessons.page.wait")));
  return parts;
}

function results(screen) {
  if (!screen.results) return [element("p", { class: "lesson-status" }, screen.answered)];
  const list = element("ul", { class: "lesson-results", "aria-label": say("lessons.page.results") });
  const most = Math.max(1, ...screen.results.map((row) => row.count));
  for (const row of screen.results) {
    const bar = element("span", { class: "lesson-bar", style: `width: ${(100 * row.count) / most}%` });
    const item = element("li", { class: row.right ? "right" : "" }, element("span", { class: "lesson-count" }, String(row.count)), bar,
      element("p", {}, row.said));
    if (row.names.length) item.append(element("p", { class: "lesson-names" }, row.names.join(", ")));
    list.append(item);
  }
  return [element("h3", {}, say("lessons.page.results")), list, element("p", { class: "lesson-total" }, screen.total),
    element("h3", {}, say("lessons.page.why")), element("p", {}, screen.explanation)];
}

function summary(screen) {
  if (!screen.summary) return [];
  const list = element("ul", {});
  for (const line of screen.summary) list.append(element("li", {}, line));
  return [element("h3", {}, say("lessons.page.summary")), list, element("p", { class: "lesson-total" }, screen.total)];
}

// A button that ends an activity, set apart from those that start or move it on.
function stopZone(key, type) {
  return element("div", { class: "stop-zone" }, element("button", { type: "button", class: "stop", onclick: () => send({ type }) }, say(key)));
}

function controls(screen) {
  const buttons = element("div", { class: "actions" });
  const add = (key, type) => buttons.append(element("button", { type: "button", onclick: () => send({ type }) }, say(key)));
  if (screen.phase === "asking") add("lessons.page.reveal", "quiz_reveal");
  if (screen.phase === "revealed") add(screen.number + 1 === screen.count ? "lessons.page.finish" : "lessons.page.next", "quiz_next");
  const names = element("input", { type: "checkbox", id: "lesson-names", checked: screen.names });
  names.addEventListener("change", () => send({ type: "quiz_names", names: names.checked }));
  return [buttons, element("label", { for: "lesson-names", class: "inline" }, names, " ", say("lessons.page.names")), stopZone("lessons.page.end", "quiz_end")];
}

function startForm() {
  const topics = element("fieldset", {}, element("legend", {}, say("lessons.page.topics")));
  for (const topic of words.topics) {
    const box = element("input", { type: "checkbox", id: `topic-${topic}`, value: topic, checked: topic === "matching" });
    topics.append(element("label", { for: `topic-${topic}`, class: "inline" }, box, " ", say(`practice.topic.${topic}`)));
  }
  const choose = (id, label, options) => {
    const select = element("select", { id });
    for (const [value, text] of options) select.append(element("option", { value }, text));
    return [element("label", { for: id }, label), select];
  };
  const [levelLabel, level] = choose("lesson-level", say("lessons.page.level"), [[1, "1"], [2, "2"], [3, "3"]]);
  level.setAttribute("aria-describedby", "lesson-level-help");
  const levelHelp = element("p", { class: "help", id: "lesson-level-help" }, say("teacher.level_help"));
  const [countLabel, count] = choose("lesson-count", say("lessons.page.count"), [3, 5, 8, 10, 15, 20].map((n) => [n, String(n)]));
  count.value = "5";
  const [secondsLabel, seconds] = choose("lesson-seconds", say("lessons.page.seconds"),
    [["", say("lessons.page.untimed")], ...[20, 30, 60, 90].map((n) => [n, say("lessons.page.seconds_value", { count: n })])]);
  const names = element("input", { type: "checkbox", id: "lesson-start-names" });
  const form = element("form", {}, topics, levelLabel, level, levelHelp, countLabel, count, secondsLabel, seconds,
    element("label", { for: "lesson-start-names", class: "inline" }, names, " ", say("lessons.page.names")),
    element("button", { type: "submit" }, say("lessons.page.start")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = Array.from(topics.querySelectorAll("input:checked"), (box) => box.value);
    send({ type: "quiz_start", topics: chosen, level: Number(level.value), count: Number(count.value),
      seconds: seconds.value ? Number(seconds.value) : null, names: names.checked });
  });
  return form;
}

function shown(screen) {
  last = screen;
  document.body.classList.toggle("quiz-on", Boolean(screen) && role !== "teacher");
  place.hidden = !screen && role !== "teacher";
  const heading = element("h2", {}, say("lessons.page.quiz"));
  if (!screen) {
    clearInterval(timer);
    place.replaceChildren(...(role === "teacher" ? [heading, startForm()] : []));
    return;
  }
  if (role === "projector") {
    place.replaceChildren(hostQuiz(screen, say, figures(screen), clock(screen)));
    fitHost();
    return;
  }
  const parts = [heading, element("p", { class: "lesson-heading" }, screen.heading),
    element("p", { class: "lesson-question" }, screen.question), ...figures(screen), ...clock(screen)];
  const asked = `${screen.quiz}:${screen.number}`;
  if (role === "pupil" && screen.question) tell(`${screen.heading}. ${screen.question}`, "question", asked);
  if (role === "teacher" && screen.answered) tell(screen.answered, "answered", `${asked}:${screen.answered}`);
  if (screen.summary) tell(screen.total, "summary", screen.quiz);
  if (role === "pupil") {
    if (!localStorage.getItem(CLASS_KEYS.nickname) && screen.phase === "asking") parts.push(nicknameForm(() => shown(screen)));
    else parts.push(...pupilChoices(screen));
  } else {
    const list = element("ol", { class: "lesson-listed", type: "A" });
    for (const text of screen.choices) list.append(element("li", {}, text));
    parts.push(list, ...results(screen));
  }
  parts.push(...summary(screen));
  if (role === "teacher") parts.push(...controls(screen), ...(screen.phase === "summary" ? [startForm()] : []));
  // The teacher's page changes only what changed (a new answer: the count), so that the
  // focus stays on "Show the answers"; a pupil's choices are drawn anew for each question.
  if (role === "teacher") morphChildren(place, element("div", {}, ...parts));
  else place.replaceChildren(...parts);
  if (role === "pupil" && screen.phase === "asking") {
    answers.items().filter((sent) => sent.quiz === screen.quiz && sent.number === screen.number).forEach(send);
  }
}

const showMastery = masteryView(role, place, say, send);
let table = null;

// The walkthrough of a worked example: the teacher's step on every screen (a pupil
// hears each new step and its question once; the teacher and the projector, the
// count of answers).
const walkPlace = element("section", { id: "walk", hidden: true });
place.before(walkPlace);

function walkControls(screen, examples) {
  if (!screen) {
    const select = element("select", { id: "walk-example" });
    for (const [chapter, walks] of examples) {
      const group = element("optgroup", { label: chapter });
      for (const [id, name] of walks) group.append(element("option", { value: id }, name));
      select.append(group);
    }
    select.setAttribute("aria-describedby", "walk-example-help");
    const form = element("form", {}, element("label", { for: "walk-example" }, say("lessons.page.example")), select,
      // The help is long: folded under its question, so that the quiz stays in reach.
      element("details", { class: "help walk-help" }, element("summary", {}, say("teacher.walk_help_summary")),
        element("p", { id: "walk-example-help" }, say("teacher.walk_help"))),
      element("button", { type: "submit" }, say("lessons.page.walk_start")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      send({ type: "walk_start", example: select.value });
    });
    return [form];
  }
  const buttons = element("div", { class: "actions" });
  const add = (key, type, off) => buttons.append(element("button", { type: "button", disabled: off, onclick: () => send({ type }) }, say(key)));
  add("lessons.page.walk_back", "walk_back", screen.step === 0);
  add("lessons.page.walk_next", "walk_next", screen.step + 1 === screen.count);
  if (screen.can_ask && screen.ask === null) add("lessons.page.fit_ask", "walk_ask", false);
  if (screen.ask === "asking") add(screen.kind === "points" ? "lessons.page.points_reveal" : "lessons.page.fit_reveal", "walk_reveal", false);
  return [buttons, stopZone("lessons.page.walk_end", "walk_end")];
}

// "Which tiles fit here?": a pupil taps tiles and sends them once (sent again after a
// lost connection until acknowledged); the projector counts each tile, then shows
// which fit and why.
let tapped = new Set();

function fitKept(screen) {
  return JSON.parse(localStorage.getItem(CLASS_KEYS.fits) || "{}")[`${screen.walk}:${screen.step}`];
}

function tileShown(tile) {
  const picture = element("span", { class: "picture" });
  picture.innerHTML = tile.svg; // drawn by the server, every word in it escaped
  return picture;
}

// "How many points?" is asked the same way, with one number to choose.
function fitQuestion(screen) {
  const mine = role === "pupil" ? fitKept(screen) : undefined;
  const asked = `${screen.walk}:${screen.step}`;
  const points = screen.kind === "points";
  const items = points ? screen.choices.map((choice) => [choice]) : screen.tiles.map((tile) => [tileShown(tile), ` ${tile.tile}`]);
  const marks = points ? ["lessons.page.points_right", "lessons.page.points_wrong"] : ["lessons.page.fit_right", "lessons.page.fit_wrong"];
  const list = element("div", { class: `lesson-choices ${points ? "lesson-points" : "lesson-tiles"}`, role: "group", "aria-label": screen.question });
  items.forEach((parts, index) => {
    const chosen = mine ? mine.includes(index) : tapped.has(index);
    if (screen.counts && role !== "pupil") parts.push(element("span", { class: "lesson-count" }, ` ${screen.counts[index]}`));
    if (screen.fits) parts.push(` · ${say(marks[screen.fits[index] ? 0 : 1])}`);
    const attributes = { type: "button", class: screen.fits && screen.fits[index] ? "right" : "",
      "aria-pressed": role === "pupil" ? String(chosen) : false,
      disabled: role !== "pupil" || screen.ask !== "asking" || mine !== undefined };
    attributes.onclick = () => {
      if (points) tapped = new Set([index]);
      else if (tapped.has(index)) tapped.delete(index);
      else tapped.add(index);
      walkShown(walkLast);
    };
    list.append(element("button", attributes, ...parts));
  });
  const shownParts = [element("h3", {}, screen.question), list];
  if (role === "pupil" && screen.ask === "asking") {
    if (mine === undefined) {
      shownParts.push(element("button", { type: "button", onclick: () => {
        const message = { type: "walk_answer", walk: screen.walk, step: screen.step, tiles: [...tapped], pupil: pupilId() };
        fits.put(message);
        send(message);
      } }, say("lessons.page.fit_send")));
    } else shownParts.push(element("p", { class: "lesson-status" }, say("lessons.page.fit_sent")));
  }
  if (role !== "pupil") shownParts.push(element("p", { class: "lesson-status" }, screen.answered));
  if (role === "projector") hostSay(screen.answered, "walk");
  else if (role === "teacher") tell(screen.answered, "walk", `${asked}:${screen.answered}`);
  else if (screen.ask === "asking") tell(mine === undefined ? screen.question : say("lessons.page.fit_sent"), "walk-ask", `${asked}:${mine !== undefined}`);
  if (screen.reasons) {
    const reasons = element("ul", { class: "lesson-results" });
    screen.reasons.forEach((reason, index) => reasons.append(element("li", { class: screen.fits[index] ? "right" : "" }, reason)));
    shownParts.push(element("h3", {}, say("lessons.page.why")), reasons);
  }
  return shownParts;
}

function fitDone(message) {
  const given = JSON.parse(localStorage.getItem(CLASS_KEYS.fits) || "{}");
  given[`${message.walk}:${message.step}`] = message.tiles;
  localStorage.setItem(CLASS_KEYS.fits, JSON.stringify(given));
  fits.take((sent) => sent.walk === message.walk && sent.step === message.step);
  if (walkLast) walkShown(walkLast);
}

function fitResend(screen) {
  if (role !== "pupil" || screen.ask !== "asking" || fitKept(screen) !== undefined) return;
  fits.items().filter((sent) => sent.walk === screen.walk && sent.step === screen.step).forEach(send);
}

function walkStep(step) {
  const parts = [element("p", { class: "lesson-heading" }, step.heading), ...figures(step)];
  for (const line of step.lines) parts.push(element("p", {}, line));
  return parts;
}

// A pupil may look back at the steps before the teacher's, on their own screen only,
// and come back to the teacher's step with one tap.
let walkLast = null;
let looking = null;

function lookBack(screen) {
  const buttons = element("div", { class: "actions" });
  const add = (key, to, off) => buttons.append(element("button", { type: "button", disabled: off, onclick: () => {
    looking = to;
    walkShown(walkLast);
  } }, say(key)));
  if (looking === null) {
    add("lessons.page.look_back", screen.step - 1, screen.step === 0);
    return [buttons];
  }
  add("lessons.page.look_earlier", looking - 1, looking === 0);
  add("lessons.page.look_later", looking + 1 < screen.step ? looking + 1 : null, false);
  add("lessons.page.to_teacher", null, false);
  return [element("p", { class: "lesson-status" }, say("lessons.page.looking")), buttons];
}

function walkShown(message) {
  walkLast = message;
  const screen = message.screen;
  if (!screen || looking === null || looking >= screen.step) looking = null;
  const asked = screen ? `${screen.walk}:${screen.step}` : null;
  if (walkShown.asked !== asked) tapped = new Set();
  walkShown.asked = asked;
  walkPlace.hidden = !screen && role !== "teacher";
  document.body.classList.toggle("walk-on", Boolean(screen) && role !== "teacher");
  const parts = [element("h2", {}, say("lessons.page.walk"))];
  if (screen) parts.push(...walkStep(looking === null ? screen : screen.earlier[looking]));
  if (screen && role === "pupil") tell([screen.heading, ...screen.lines].join(" "), "walk-step", `${screen.walk}:${screen.step}`);
  if (screen && screen.ask && looking === null) parts.push(...fitQuestion(screen));
  if (screen && role === "pupil") parts.push(...lookBack(screen));
  if (role === "teacher") parts.push(...walkControls(screen, message.examples || []));
  walkPlace.replaceChildren(...(screen || role === "teacher" ? parts : []));
  if (role === "projector") fitHost();
  if (screen) fitResend(screen);
}

document.addEventListener("class:message", (event) => {
  const message = event.detail;
  if (message.type === "walk") walkShown(message);
  else if (message.type === "walk_done") fitDone(message);
  else if (message.type === "pupil" && message.taken) { // the nickname is another pupil's: asked again
    answers.take(() => true);
    if (last) shown(last);
  }
  if (message.type === "quiz" && role === "teacher" && !table) send({ type: "quiz_mastery" });
  if (message.type === "mastery") {
    table = message.screen;
    showMastery(message);
  }
  else if (message.type === "quiz") shown(message.screen);
  else if (message.type === "quiz_done") {
    const done = kept();
    done[`${message.quiz}:${message.number}`] = message.choice;
    localStorage.setItem(CLASS_KEYS.answers, JSON.stringify(done));
    answers.take((sent) => sent.quiz === message.quiz && sent.number === message.number);
    if (last) shown(last);
  }
});
