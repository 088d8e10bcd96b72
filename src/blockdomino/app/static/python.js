// Python in the worker (worker.js): each message sent is answered by the bridge, in
// order; the worker's progress (bytes of the whole) fills the status bar and line, and
// once it is ready the live pieces waiting for it are opened (``whenReady``). The page's first script started the
// worker, so that Python boots while the modules load; ``listen`` takes over what it
// has heard, once the words are there to say it.
import { status, word } from "./page.js";

export const python = { ready: false, handed: false };
let seq = 0;
const pending = new Map();
const waiting = [];

const { worker, heard } = window.blockdominoPython;

export function listen() {
  worker.onmessage = ({ data }) => hear(data);
  for (const data of heard.splice(0)) hear(data);
}

function hear(data) {
  if (data.type === "answer") {
    if (data.seq === 1) performance.mark("page: first answer");
    pending.get(data.seq)(JSON.parse(data.text));
    pending.delete(data.seq);
    requestAnimationFrame(settle); // the answer drawn first
  } else if (data.type === "handed") {
    python.handed = true;
    settle();
  } else if (data.type === "progress") {
    progress(data.done, data.total);
  } else if (data.type === "ready") {
    for (const [name, at] of data.marks) performance.mark(name, { startTime: at - performance.timeOrigin });
    performance.mark("page: python ready");
    python.ready = true;
    started(data.snapshot);
    for (const then of waiting) then();
    setTimeout(settle); // the pieces the chapter opened asked first
  } else if (data.type === "failed") {
    document.documentElement.dataset.python = "failed";
    status(word("app.failed"));
    console.error(data.reason);
  }
}

export function whenReady(then) {
  waiting.push(then);
}

// Once Python is ready, every message sent so far answered and drawn (the chapter's first
// tile shows), and the worker has handed the files it fetched to the service worker:
// then, and only then, the app is kept offline (offline.js).
const settled = [];
export function whenSettled(then) {
  settled.push(then);
  settle();
}

function settle() {
  if (!python.ready || !python.handed || pending.size) return;
  for (const then of settled.splice(0)) then();
}

export function send(message) {
  return new Promise((resolve) => {
    pending.set(++seq, resolve);
    if (seq === 1) performance.mark("page: first message sent");
    worker.postMessage({ seq, text: JSON.stringify(message) });
  });
}

// The words of the loading line: the game's, or those a page of its own gives
// (`loadingWords`, before Python has started: "Check a leaflet" loads a checker).
const words = { bytes: "app.loading.bytes", ready: "app.ready" };
export function loadingWords(own) {
  Object.assign(words, own);
}

// How much of what Python needs has come: the bar at every part, the megabytes in words
// at every tenth (the line is a live region: a screen reader hears it ten times at most).
let tenths = -1;
function progress(done, total) {
  document.getElementById("progress").value = done / total;
  if (Math.floor((10 * done) / total) === tenths) return;
  tenths = Math.floor((10 * done) / total);
  const megabytes = new Intl.NumberFormat(document.documentElement.lang, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const mb = (bytes) => megabytes.format(bytes / 1e6);
  status(word(words.bytes, { done: mb(done), total: mb(total) }));
}

// `snapshot`: whether Python booted from the snapshot the service worker keeps.
function started(snapshot) {
  document.documentElement.dataset.python = "ready";
  document.documentElement.dataset.pythonStart = snapshot ? "snapshot" : "fresh";
  document.getElementById("progress").hidden = true;
  status(word(words.ready));
}
