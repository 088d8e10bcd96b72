// The chapter shown: its blocks in order, prose and figures as they are, each widget cell
// a live piece (live.js), opened at once when Python is ready, or as soon as it is.
import { Live } from "./live.js";
import { word } from "./page.js";
import { element } from "./shared.js";
import { python, whenReady } from "./python.js";

export const shown = { chapter: null };
const live = new Map();

whenReady(() => {
  for (const component of live.values()) component.open();
});

// A chapter's blocks; refused (no network, and the chapter not kept offline) as an error.
// Its file is named by its content: the page's import map gives the name.
export async function fetchChapter(lang, number) {
  const answer = await fetch(import.meta.resolve(`./chapters/${lang}/${number}.json`));
  if (!answer.ok) throw new Error(`chapter ${lang}/${number}: ${answer.status}`);
  return answer.json();
}

export function renderChapter() {
  const { chapter } = shown;
  const main = document.getElementById("chapter");
  main.replaceChildren();
  live.clear();
  for (const block of chapter.blocks) {
    if (block.type === "live") {
      const section = element("section", {
        class: `live ${block.widget}`,
        "data-live": block.id,
        "data-widget": block.widget,
      });
      main.append(section);
      const component = new Live(block, section);
      live.set(block.id, component);
      if (python.ready) component.open();
    } else {
      main.append(element("div", { class: block.type, html: block.html }));
    }
  }
  document.title = `${chapter.title} – ${word("app.title")}`;
  document.documentElement.dataset.chapter = `${chapter.lang}-${chapter.number}`;
}
