// The table of what each pupil has mastered (lesson.js hands it the server's frames):
// on the teacher's page sortable by any column, with the switch that shows it on the
// projector; on the projector large, the topics no pupil answered left out, only while
// the teacher shows it (a quiz or a walkthrough running is shown instead: lesson.css
// hides the table then).

import { element } from "./dom.js";

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

function body(rows) {
  const shown = element("tbody", {});
  for (const row of rows) {
    const line = element("tr", {}, element("th", { scope: "row" }, row.nickname));
    for (const cell of row.cells) {
      const shownCell = element("td", { class: cell && cell.mastered ? "mastered" : "" }, cellText(cell));
      if (cell && cell.levels.length) shownCell.append(element("br"), element("small", {}, cell.levels.join(" · ")));
      line.append(shownCell);
    }
    const mistakes = element("td", {});
    for (const note of row.mistakes) mistakes.append(element("p", {}, note));
    line.append(mistakes);
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
  const secret = document.body.dataset.secret || "";
  const projected = message.projected === true;
  parts.push(element("div", { class: "actions" },
    element("button", { type: "button", id: "mastery-refresh", onclick: () => send({ type: "quiz_mastery" }) }, say("lessons.page.refresh")),
    element("a", { href: `/class/teacher/${encodeURIComponent(secret)}/mastery.csv`, download: "mastery.csv", class: "button" }, say("lessons.page.csv"))));
  parts.push(element("div", { class: "mastery-projector" },
    element("button", { type: "button", id: "mastery-project", onclick: () => send({ type: "mastery_show", shown: !projected }) },
      say(projected ? "lessons.page.unproject" : "lessons.page.project")),
    element("p", { class: "lesson-status", role: "status" }, say(projected ? "lessons.page.projected" : "lessons.page.unprojected"))));
  if (!screen.rows.length) parts.push(element("p", {}, say("lessons.page.no_answers")));
  else parts.push(element("div", { class: "mastery-scroll" }, element("table", { class: "mastery" }, element("thead", {}, headRow), body(rows))));
  // The table is drawn again: a keyboard's focus stays on the control it was on.
  const focused = place.contains(document.activeElement) ? document.activeElement.id : "";
  place.replaceChildren(...parts);
  if (focused) document.getElementById(focused)?.focus();
}

function projectorTable(place, screen, say) {
  document.body.classList.toggle("mastery-on", Boolean(screen));
  place.hidden = !screen;
  if (!screen) {
    place.replaceChildren();
    return;
  }
  const parts = [element("h2", { id: "mastery-heading" }, say("lessons.page.mastery"))];
  if (!screen.rows.length) parts.push(element("p", {}, say("lessons.page.no_answers")));
  else {
    // Only the topics some pupil answered: the screen cannot be scrolled.
    const used = screen.topics.map((_, column) => screen.rows.some((row) => row.cells[column]));
    const topics = screen.topics.filter((_, column) => used[column]);
    const rows = screen.rows.map((row) => ({ ...row, cells: row.cells.filter((_, column) => used[column]) }));
    const headRow = element("tr", {});
    for (const head of heads({ topics }, say)) headRow.append(element("th", { scope: "col" }, head));
    parts.push(element("table", { class: "mastery", "aria-labelledby": "mastery-heading" }, element("thead", {}, headRow),
      body(rows)));
  }
  place.replaceChildren(...parts);
}

// The place the table is drawn in, after `before`, and what draws each frame in it.
export function masteryView(role, before, say, send) {
  const place = element("section", { id: "mastery", "aria-label": say("lessons.page.mastery"), hidden: role !== "teacher" });
  before.after(place);
  return (message) => {
    last = message;
    if (role === "teacher") teacherTable(place, message, say, send);
    else if (role === "projector") projectorTable(place, message.screen, say);
  };
}
