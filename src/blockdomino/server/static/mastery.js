// The table of what each pupil has mastered (lesson.js hands it the server's frames):
// on the teacher's page sortable by any column, with the switch that shows it on the
// projector; on the projector large, in pages that turn by themselves, the topics no
// pupil answered left out, only while the teacher shows it (a quiz or a walkthrough
// running is shown instead: lesson.css hides the table then).

import { element } from "./shared.js";
import { claim, holder } from "./teacher.js";

let sorting = { column: 0, up: true };
let last = null;

function cellText(cell) {
  return cell ? `${cell.said} · ${cell.right}/${cell.answered}` : "–";
}

function sortKey(row, column) {
  if (column === 0) return row.nickname.toLocaleLowerCase();
  if (column > row.cells.length) return row.mistakes.length;
  const cell = row.cells[column - 1];
  return cell ? (cell.mastered ? 4 : cell.level) * 1000 + cell.right : -1;
}

function heads(screen, say) {
  return [say("lessons.csv.nickname"), ...screen.topics, say("lessons.csv.mistakes")];
}

// The rows, each cell with its levels' numbers and the pupil's mistakes when ``all``
// (the teacher's page).
function body(rows, all) {
  const shown = element("tbody", {});
  for (const row of rows) {
    const line = element("tr", {}, element("th", { scope: "row" }, row.nickname));
    for (const cell of row.cells) {
      const shownCell = element("td", { class: cell && cell.mastered ? "mastered" : "" }, cellText(cell));
      if (all && cell && cell.levels.length) shownCell.append(element("br"), element("small", {}, cell.levels.join(" · ")));
      line.append(shownCell);
    }
    if (all) line.append(element("td", {}, ...row.mistakes.map((note) => element("p", {}, note))));
    shown.append(line);
  }
  return shown;
}

function teacherTable(place, message, say, send) {
  const screen = message.screen;
  const rows = [...screen.rows].sort((a, b) => {
    const [x, y] = [sortKey(a, sorting.column), sortKey(b, sorting.column)];
    return (x < y ? -1 : x > y ? 1 : 0) * (sorting.up ? 1 : -1);
  });
  const headRow = element("tr", {});
  heads(screen, say).forEach((head, column) => {
    const order = sorting.column === column ? (sorting.up ? "ascending" : "descending") : "none";
    const button = element("button", { type: "button", class: "sort", id: `mastery-sort-${column}`, onclick: () => {
      sorting = { column, up: sorting.column === column ? !sorting.up : true };
      teacherTable(place, last, say, send);
    } }, head);
    headRow.append(element("th", { scope: "col", "aria-sort": order }, button));
  });
  const parts = [element("h2", {}, say("lessons.page.mastery"))];
  if (screen.reminder) parts.push(element("p", { role: "alert", class: "trouble" }, screen.reminder));
  const projected = message.projected === true;
  parts.push(element("div", { class: "actions" },
    element("button", { type: "button", id: "mastery-refresh", onclick: () => send({ type: "quiz_mastery" }) }, say("lessons.page.refresh")),
    element("a", { href: "/class/teacher/mastery.csv", download: "mastery.csv", class: "button" }, say("lessons.page.csv"))));
  // Shown on the projector only when nothing covers it there: while a quiz or a
  // walkthrough holds the projector the teacher is asked to end it first (teacher.js).
  const covered = projected && holder() !== "mastery";
  const show = () => (projected ? send({ type: "mastery_show", shown: false }) : claim("mastery", () => send({ type: "mastery_show", shown: true })));
  parts.push(element("div", { class: "mastery-projector" },
    element("button", { type: "button", id: "mastery-project", onclick: show },
      say(projected ? "lessons.page.unproject" : "lessons.page.project")),
    element("p", { class: "lesson-status", role: "status" }, say(projected && !covered ? "lessons.page.projected" : "lessons.page.unprojected"))));
  if (!screen.rows.length) parts.push(element("p", {}, say("lessons.page.no_answers")));
  else parts.push(element("div", { class: "mastery-scroll" }, element("table", { class: "mastery" }, element("thead", {}, headRow), body(rows, true))));
  // The table is drawn again: a keyboard's focus stays on the control it was on.
  const focused = place.contains(document.activeElement) ? document.activeElement.id : "";
  place.replaceChildren(...parts);
  if (focused) document.getElementById(focused)?.focus();
}

// The projector's table in pages of as many whole rows as fit below its heading, in
// the pupils' order (by name): a class of 30 does not fit one screen at a size read
// from the back of the class. The pages turn by themselves every PAGE_MS, "Page 2 of 3"
// under the table; a new frame or a resized screen keeps the page shown and the clock.
const PAGE_MS = 15_000;
const SPARE = 8; // CSS px left free below the page's line (the table's borders, rounding)
const projector = { place: null, screen: null, page: 0, pages: [], turning: 0, waiting: false };

function projectorTable(place, screen, say) {
  document.body.classList.toggle("mastery-on", Boolean(screen));
  place.hidden = !screen;
  Object.assign(projector, { place, screen });
  if (!screen) {
    place.replaceChildren();
    turning(false);
    return;
  }
  const parts = [element("h2", { id: "mastery-heading" }, say("lessons.page.mastery"))];
  if (!screen.rows.length) parts.push(element("p", {}, say("lessons.page.no_answers")));
  else {
    // Only the topics some pupil answered, each cell's level and right answers, no
    // mistakes: the screen cannot be scrolled, a row of a class of 30 should take a line
    // or two, and a pupil's mistakes are for the teacher's page, not the whole class.
    const used = screen.topics.map((_, column) => screen.rows.some((row) => row.cells[column]));
    const topics = screen.topics.filter((_, column) => used[column]);
    const rows = screen.rows.map((row) => ({ ...row, cells: row.cells.filter((_, column) => used[column]) }));
    const headRow = element("tr", {});
    for (const head of [say("lessons.csv.nickname"), ...topics]) headRow.append(element("th", { scope: "col" }, head));
    const columns = element("colgroup", {}, ...[null, ...topics].map(() => element("col", {})));
    parts.push(element("table", { class: "mastery", "aria-labelledby": "mastery-heading" }, columns,
      element("thead", {}, headRow), body(rows, false)), element("p", { class: "mastery-page", hidden: true }));
  }
  place.replaceChildren(...parts);
  paginate();
}

// The rows split into pages that fit the screen, every row shown to be measured; while
// a quiz or a walkthrough hides the table, once it is shown again.
function paginate() {
  const table = projector.place?.querySelector("table.mastery");
  projector.waiting = Boolean(table) && !table.getClientRects().length;
  if (!table || projector.waiting) return turning(false);
  const rows = [...table.tBodies[0].rows];
  for (const row of rows) row.hidden = false;
  fixColumns(table);
  const line = projector.place.querySelector(".mastery-page");
  line.hidden = false;
  line.textContent = projector.screen.paging.replace("{page}", "99").replace("{pages}", "99");
  const [page, lineStyle] = [getComputedStyle(document.body), getComputedStyle(line)];
  const below = [page.paddingBottom, lineStyle.marginTop, lineStyle.marginBottom].reduce((sum, n) => sum + parseFloat(n), 0);
  const room = innerHeight - below - line.offsetHeight - table.tBodies[0].getBoundingClientRect().top - SPARE;
  const pages = [[]];
  let used = 0;
  for (const row of rows) {
    const high = row.getBoundingClientRect().height;
    if (used + high > room && pages.at(-1).length) {
      pages.push([]);
      used = 0;
    }
    pages.at(-1).push(row);
    used += high;
  }
  projector.pages = pages;
  projector.page = Math.min(projector.page, pages.length - 1);
  showPage();
  turning(pages.length > 1);
}

// The pages turning, or not; a new frame (the teacher's table updated) while they turn
// leaves the clock as it is, so that frequent frames do not hold a page.
function turning(on) {
  if (on) projector.turning ||= setInterval(turn, PAGE_MS);
  else {
    clearInterval(projector.turning);
    projector.turning = 0;
  }
}

// The columns as wide as the browser lays out the whole table, either each cell on one
// line or words kept whole, whichever makes the table shorter (more rows on a page);
// then fixed: a row is as high on every page as when it was measured. On a screen too
// narrow for the longest words, the columns are as wide as each other, words broken.
function fixColumns(table) {
  const columns = [...table.querySelectorAll("col")];
  table.classList.remove("fixed");
  for (const column of columns) column.style.width = "";
  let best = null;
  for (const cells of ["whole-cells", "whole-words"]) {
    table.classList.add(cells);
    const { width, height } = table.getBoundingClientRect();
    const widths = [...table.tHead.rows[0].cells].map((cell) => cell.getBoundingClientRect().width);
    table.classList.remove(cells);
    if (width <= table.parentElement.clientWidth + 0.5 && !(best && best.height <= height)) best = { height, widths };
  }
  if (best) columns.forEach((column, number) => (column.style.width = `${best.widths[number]}px`));
  table.classList.add("fixed");
}

function showPage() {
  const { pages, page } = projector;
  pages.forEach((rows, number) => rows.forEach((row) => (row.hidden = number !== page)));
  const line = projector.place.querySelector(".mastery-page");
  line.hidden = pages.length < 2;
  line.textContent = projector.screen.paging.replace("{page}", page + 1).replace("{pages}", pages.length);
}

function turn() {
  projector.page = (projector.page + 1) % projector.pages.length;
  showPage();
}

addEventListener("resize", paginate);
// lesson.css hides the table while body says a quiz or a walkthrough runs.
new MutationObserver(() => projector.waiting && paginate()).observe(document.body, { attributes: true, attributeFilter: ["class"] });

// The place the table is drawn in, after `before`, and what draws each frame in it.
export function masteryView(role, before, say, send) {
  const place = element("section", { id: "mastery", "aria-label": say("lessons.page.mastery"), hidden: role !== "teacher" });
  before.after(place);
  // What the projector shows changed (teacher.js): the switch's sentence says it true.
  if (role === "teacher") document.addEventListener("teacher:projector", () => last && teacherTable(place, last, say, send));
  return (message) => {
    last = message;
    if (role === "teacher") teacherTable(place, message, say, send);
    else if (role === "projector") projectorTable(place, message.screen, say);
  };
}
