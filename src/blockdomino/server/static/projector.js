// The projector's host screen: before the lesson, the class as it joins; then the current
// activity drawn to fill the screen, read from the back of the class (projector.css
// sizes it to the screen's height). A quiz's
// question in large type beside its diagram, a big countdown, how many have answered;
// once revealed, the class's choices as a bar chart, each wrong choice with the mistake
// those pupils made; a table's chain and hands, whose turn, the last moves, and at the
// round's end its award whole beside it.

import { teller } from "./dom.js";
import { element } from "./shared.js";

const LETTERS = "ABCDEFGHIJ";
const MOVES_SHOWN = 3;
// The last moves of a table the projector lists (the whole list is on every seat).

// The projector's one live region (#said, class.js says a table's moves in it): a
// screen reader hears the line that changed (the count of answers, the countdown's
// end), never the whole activity again; a line of a `kind` only when it changes, not
// at every redraw.
export const hostSay = teller("said");

// The big countdown: the seconds alone, large; the sentence for screen readers, said
// aloud when the time is up.
let ticking = false;

export function hostClock(shown, left, said) {
  if (ticking && !left) hostSay(said);
  ticking = left > 0;
  shown.classList.add("host-clock");
  shown.replaceChildren(element("span", { class: "host-seconds", "aria-hidden": "true" }, left ? String(left) : "0"),
    element("span", { class: "visually-hidden" }, said));
}

function choicesList(screen) {
  const list = element("ol", { class: "lesson-listed host-choices", type: "A" });
  screen.choices.forEach((text, index) =>
    list.append(element("li", {}, element("span", { class: "host-letter", "aria-hidden": "true" }, LETTERS[index]), text)));
  return list;
}

// The class's choices as a chart: a bar as long as its count beside each choice's
// letter, and under it what that choice says (a wrong one: the mistake made).
function chart(screen, say) {
  const list = element("ul", { class: "lesson-results host-chart", "aria-label": say("lessons.page.results") });
  const most = Math.max(1, ...screen.results.map((row) => row.count));
  screen.results.forEach((row, index) => {
    const bar = element("span", { class: "lesson-bar", style: `width: ${(100 * row.count) / most}%` });
    const item = element("li", { class: row.right ? "right" : "" },
      element("span", { class: "host-letter", "aria-hidden": "true" }, LETTERS[index]),
      element("span", { class: "host-bar" }, bar, element("span", { class: "lesson-count" }, String(row.count))),
      element("p", { class: "host-said" }, row.said));
    if (row.names.length) item.append(element("p", { class: "lesson-names" }, row.names.join(", ")));
    list.append(item);
  });
  return list;
}

// The class as it joins (class.js tells it), and the quiz shown, whose line of who has
// not answered yet follows the class.
const host = { pupils: [], quiz: null, say: null };

export function classJoined(pupils) {
  host.pupils = pupils;
  const line = document.querySelector("#projector .host-waiting");
  if (!line || !host.quiz) return;
  line.replaceWith(waiting(host.quiz, host.say));
  fitHost();
}

// Who of the class has not answered the question yet, when the teacher shows nicknames.
function waiting(screen, say) {
  const answered = new Set(screen.answered_names);
  const names = host.pupils.filter((name) => !answered.has(name));
  return element("p", { class: "host-waiting" }, names.length ? say("lessons.page.waiting", { names: names.join(", ") }) : "");
}

// The quiz on the projector: `figures` the question's diagrams, `clock` its countdown
// (if timed), both drawn by lesson.js.
export function hostQuiz(screen, say, figures, clock) {
  const heading = element("h2", { class: "host-title" }, say("lessons.page.quiz"), " · ", screen.heading);
  if (screen.summary) {
    const list = element("ul", { class: "host-summary" });
    for (const line of screen.summary) list.append(element("li", {}, line));
    return element("div", { class: "host host-quiz" }, heading, element("h3", {}, say("lessons.page.summary")), list,
      element("p", { class: "lesson-total" }, screen.total));
  }
  const top = element("div", { class: "host-top" }, heading, ...clock);
  const side = screen.results ? [chart(screen, say)] : [choicesList(screen)];
  Object.assign(host, { quiz: screen, say });
  const foot = [element("p", { class: "lesson-status" }, screen.answered)];
  hostSay(screen.answered, "quiz");
  if (screen.phase === "asking" && screen.answered_names) foot.push(waiting(screen, say));
  if (screen.results) {
    foot.push(element("p", { class: "lesson-total" }, screen.total),
      element("p", { class: "host-why" }, element("strong", {}, `${say("lessons.page.why")}: `), screen.explanation));
  }
  const body = element("div", { class: `host-body${figures.length ? "" : " host-alone"}` },
    element("div", { class: "host-figures" }, ...figures), element("div", { class: "host-side" }, ...side));
  return element("div", { class: `host host-quiz host-${screen.phase}` }, top,
    element("p", { class: "lesson-question" }, screen.question), body, element("div", { class: "host-foot" }, ...foot));
}

// The class as it joins, under the class code: every pupil's nickname, as each types it.
export function hostClass(pupils, say) {
  if (!pupils || !pupils.length) return [];
  const names = element("ul", { class: "host-class" });
  for (const name of pupils) names.append(element("li", {}, name));
  return [element("h2", {}, say("tables.projector.pupils", { count: pupils.length })), names];
}

// The last moves of a table, numbered as on the seats.
function lastMoves(lines, say) {
  const list = element("ol", { class: "told", start: String(Math.max(1, lines.length - MOVES_SHOWN + 1)),
    "aria-label": say("tables.page.moves") });
  for (const line of lines.slice(-MOVES_SHOWN)) list.append(element("li", {}, line));
  return list;
}

// A table on the projector: `picture` draws a server's SVG with its label.
export function hostTable(screen, say, picture) {
  const top = [element("p", { class: "status" }, screen.status)];
  if (screen.scores) top.push(element("p", { class: "scores" }, screen.scores));
  const game = element("div", { class: "host-game" }, picture(screen.svg, screen.status), lastMoves(screen.told, say));
  const parts = [element("div", { class: "host-top" }, ...top), game];
  if (screen.award) {
    const steps = element("ol", { class: "steps" });
    for (const step of screen.steps) steps.append(element("li", {}, step));
    parts.push(element("div", { class: "host-award" }, element("h2", {}, say("tables.page.award")),
      picture(screen.award, say("tables.page.award")), steps));
  }
  return element("div", { class: `host host-table${screen.award ? " host-awarded" : ""}` }, ...parts);
}

const PLACES = ".host-body > *, .host-foot, .host-game, .host-award, .lesson-figure";
// The parts of an activity that hold what the screen shows (each must hold it whole).
const SMALLEST = 0.5;
// The smallest share of its full size the activity's type may shrink to.

function overflows(root) {
  if (root.scrollHeight > root.clientHeight + 1 || root.scrollWidth > root.clientWidth + 1) return true;
  if (root.getBoundingClientRect().bottom > innerHeight) return true;
  return Array.from(root.querySelectorAll(PLACES)).some((place) => place.scrollHeight > place.clientHeight + 1);
}

// The type of the activity on the screen made smaller, a step at a time, until all of
// it fits the screen (projector.css sizes the type by --fit).
export function fitHost() {
  for (const root of document.querySelectorAll("#projector .host, #projector > #walk, #projector > #main:has(.host-class)")) {
    if (!root.getClientRects().length) continue;
    let fit = 1;
    root.style.setProperty("--fit", "1");
    while (overflows(root) && fit > SMALLEST) {
      fit -= 0.05;
      root.style.setProperty("--fit", fit.toFixed(2));
    }
  }
}

if (document.getElementById("projector")) addEventListener("resize", fitHost);
