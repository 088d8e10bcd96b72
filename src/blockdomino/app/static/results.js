// The Practice chapter's answers, sent to the teacher: when the pupil has joined the
// class on the class server the app came from (its class page keeps the class code and
// the nickname in this browser, under the keys read here), every item answered goes to
// POST ../class/practice with its own random id and what the server marks it again
// from (topic, level, seed, choice). An answer that does not get there (no network, the
// server stopped, the code no longer the class's) is kept in localStorage, apart from
// the games ("Start over" leaves it), and sent again when the chapter opens, after the
// next answer, when the network comes back and every little while: the ids make a
// resend harmless. A pupil who never joined a class practises alone: nothing is kept.
import { element, word } from "./page.js";

const CODE = "blockdomino.class.code";
const NICKNAME = "blockdomino.class.nickname";
const UNSENT = "blockdomino.practice.unsent";
const ADDRESS = "../class/practice";
const MOST = 50; // results one request may send (the server's MOST_RESULTS)
const AGAIN_MS = 20_000; // how often answers kept are tried again

const lines = new Set();
let sending = null;

function kept() {
  try {
    const list = JSON.parse(localStorage.getItem(UNSENT) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function keepOnly(list) {
  try {
    if (list.length) localStorage.setItem(UNSENT, JSON.stringify(list));
    else localStorage.removeItem(UNSENT);
  } catch {
    // storage full or refused: the answers go unkept
  }
}

function joined() {
  const code = localStorage.getItem(CODE) || "";
  const nickname = (localStorage.getItem(NICKNAME) || "").trim();
  return code && nickname ? { code, nickname } : null;
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
  if (!joined()) return;
  const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  const { topic, level, seed, choice } = result;
  keepOnly([...kept(), { id, topic, level, seed, choice }]);
  sendKept();
}

// Every answer kept, sent in parts of ``MOST``; one sending at a time, and an answer
// kept while it runs is sent by it too.
export function sendKept() {
  if (!joined() || !kept().length) return sending;
  sending ??= sendAll().finally(() => (sending = null));
  return sending;
}

async function post(who, part) {
  try {
    const answer = await fetch(ADDRESS, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: who.code, nickname: who.nickname, results: part }),
      cache: "no-store",
    });
    return answer.ok ? new Set((await answer.json()).kept) : null;
  } catch {
    return null; // no network, or no class server
  }
}

async function sendAll() {
  let list = kept();
  while (list.length) {
    const who = joined();
    const taken = who && (await post(who, list.slice(0, MOST)));
    if (!taken || !list.slice(0, MOST).some((result) => taken.has(result.id))) {
      say("app.class.kept");
      return;
    }
    list = kept().filter((result) => !taken.has(result.id));
    keepOnly(list);
  }
  say("app.class.sent");
}

addEventListener("online", sendKept);
setInterval(sendKept, AGAIN_MS);
