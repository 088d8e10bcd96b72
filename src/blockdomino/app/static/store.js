// What the app keeps in localStorage: the learner's place (language and chapter), the
// options (projector mode), and each live piece's seed, rules and actions, so that a
// reload resumes every game. "Start over" forgets it all.
const STORE = "blockdomino-app";

export const saved = load();

function load() {
  try {
    return { components: {}, ...JSON.parse(localStorage.getItem(STORE) || "{}") };
  } catch {
    return { components: {} };
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
