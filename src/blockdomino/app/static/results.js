// The Practice chapter's answers, sent to the teacher: when the pupil has joined the
// class on the class server the app came from (its class page keeps the class code and
// the nickname in this browser, under the keys shared.js names), every item answered goes to
// POST ../class/practice with its own random id and what the server marks it again
// from (topic, level, seed, choice), under the class code, the nickname it was answered
// with and the pupil token the class page keeps for that nickname (a tablet the class
// shares sends each pupil's under their own name and token).
// An answer that does not get there (no network, no answer in WAIT_MS, the server
// stopped or busy: a 5xx, 408 or 429, or served without the class: 404, 405) is kept in
// localStorage (shared.js's keptQueue, MOST_KEPT at the most: the pupil is told when the
// oldest go), apart from the games ("Start over" leaves it),
// and sent again when the chapter opens, after the next answer, when the network comes
// back and every 20 s: the ids make a resend harmless. An answer the server refuses for
// good (any other 4xx, as the class's route answers: the class code no longer the
// class's, a nickname refused, a result it cannot mark) would be refused every time: it is dropped, and the pupil told.
// The server refuses a request as a whole, so answers refused together are sent again
// one by one, and only those refused alone are dropped. A pupil who never joined a
// class practises alone: nothing is kept.
import { word } from "./page.js";
import { CLASS_KEYS, element, keptQueue, randomId } from "./shared.js";

const ADDRESS = "../class/practice";
const MOST = 50; // results one request may send (the server's MOST_RESULTS)
const MOST_KEPT = 500; // results kept at the most: beyond, the oldest go, and the pupil is told
const AGAIN_MS = 20_000; // how often answers kept are tried again
const WAIT_MS = 15_000; // how long an answer from the server is waited for
const NOT_NOW = [404, 405, 408, 425, 429]; // a 4xx saying "not here now", not "never"

const lines = new Set();
let sending = null;
let lost = false; // whether answers went unkept since the pupil was last told
const unsent = keptQueue("blockdomino.practice.unsent", {
  slot: (entry) => entry.result?.id,
  most: MOST_KEPT,
  dropped: () => {
    lost = true;
    say("app.class.dropped");
  },
});

function joined() {
  const code = localStorage.getItem(CLASS_KEYS.code) || "";
  const nickname = (localStorage.getItem(CLASS_KEYS.nickname) || "").trim();
  let pupil = null;
  try {
    pupil = JSON.parse(localStorage.getItem(CLASS_KEYS.pupils) || "{}")[nickname] || null;
  } catch {
    // no token kept: not joined
  }
  return code && nickname && pupil ? { code, nickname, pupil } : null;
}

function say(key) {
  for (const line of lines) {
    if (line.isConnected) line.textContent = word(key);
    else lines.delete(line);
  }
}

// A practice piece's line saying whether its answers reached the teacher.
export function resultLine() {
  const line = element("p", { class: "class-results", role: "status" });
  lines.add(line);
  return line;
}

// One answer of a practice item (its view's ``result``), kept and sent.
export function answered(result) {
  const who = joined();
  if (!who) return;
  const id = randomId();
  const { topic, level, seed, choice } = result;
  unsent.put({ ...who, result: { id, topic, level, seed, choice } });
  sendKept();
}

// Every answer kept, sent in parts of ``MOST``; one sending at a time, and an answer
// kept while it runs is sent by it too.
export function sendKept() {
  if (!unsent.items().length) return sending;
  sending ??= sendAll().finally(() => (sending = null));
  return sending;
}

// Whether the server's ``status`` refuses a request for good (sent again, it would be
// refused again), rather than saying it cannot take it now.
function refusedForGood(status) {
  return status >= 400 && status < 500 && !NOT_NOW.includes(status);
}

// What became of ``part`` (answers of one code and pupil token): the ids the server took
// (none when it could not be reached), and whether it refused them for good.
async function post(part) {
  const { code, nickname, pupil } = part[0];
  try {
    const answer = await fetch(ADDRESS, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code, nickname, pupil, results: part.map((entry) => entry.result) }),
      cache: "no-store",
      signal: AbortSignal.timeout?.(WAIT_MS),
    });
    if (answer.ok) return { taken: new Set((await answer.json()).kept), refused: false };
    return { taken: new Set(), refused: refusedForGood(answer.status) };
  } catch {
    return { taken: new Set(), refused: false }; // no network, no class server, no answer in time
  }
}

// The oldest answers kept of one code and pupil token, ``MOST`` at the most, leaving out
// those already tried in this sending.
function nextPart(tried) {
  const waiting = unsent.items().filter((entry) => !tried.has(entry.result.id));
  const [first] = waiting;
  if (!first) return [];
  const same = waiting.filter((entry) => entry.code === first.code && entry.pupil === first.pupil);
  return same.slice(0, MOST);
}

// ``part`` sent: what the server took is no longer kept, nor what it refused alone for
// good; answers refused together are sent again one by one. Whether any was dropped.
async function sendPart(part) {
  const { taken, refused } = await post(part);
  if (refused && part.length > 1) {
    let dropped = false;
    for (const entry of part) dropped = (await sendPart([entry])) || dropped;
    return dropped;
  }
  const gone = refused ? new Set(part.map((entry) => entry.result.id)) : taken;
  unsent.take((entry) => gone.has(entry.result.id));
  return refused;
}

async function sendAll() {
  const tried = new Set();
  let dropped = false;
  for (let part = nextPart(tried); part.length; part = nextPart(tried)) {
    for (const entry of part) tried.add(entry.result.id);
    dropped = (await sendPart(part)) || dropped;
  }
  const kept = unsent.items().length;
  say(dropped ? "app.class.refused" : lost ? "app.class.dropped" : kept ? "app.class.kept" : "app.class.sent");
  lost = false;
}

addEventListener("online", sendKept);
setInterval(sendKept, AGAIN_MS);
