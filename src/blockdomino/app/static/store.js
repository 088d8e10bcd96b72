// What the app keeps in localStorage: the learner's place (language and chapter), the
// options (projector mode), and each live piece's seed, rules and actions, so that a
// reload resumes every game. "Start over" forgets it all.
// Pieces are kept by the chapter, the widget and which of its cells it is ("06-RoundPlayer-1").
// Before version 2 they were kept by their place among the chapter's blocks, which new
// prose moved: such games are forgotten once (the pieces start afresh), the rest is kept.
const STORE = "blockdomino-app";
const VERSION = 2;

export const saved = load();

function load() {
  try {
    const kept = JSON.parse(localStorage.getItem(STORE) || "{}");
    if (kept.version !== VERSION) kept.components = {};
    return { components: {}, ...kept, version: VERSION };
  } catch {
    return { components: {}, version: VERSION };
  }
}

export function keep() {
  try {
    localStorage.setItem(STORE, JSON.stringify(saved));
  } catch {
    // storage full or refused: the app goes on without keeping
  }
}

export function forget() {
  localStorage.removeItem(STORE);
}
