// Python in the worker (worker.js): each message sent is answered by the bridge, in
// order; the worker's progress fills the status bar, and once it is ready the live
// pieces waiting for it are opened (``whenReady``). The page's first script started the
// worker, so that Python boots while the modules load; ``listen`` takes over what it
// has heard, once the words are there to say it.
import { status, word } from "./page.js";

export const python = { ready: false };
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
    pending.get(data.seq)(JSON.parse(data.text));
    pending.delete(data.seq);
  } else if (data.type === "progress") {
    progress(data.done / data.total);
  } else if (data.type === "ready") {
    python.ready = true;
    progress(1);
    for (const then of waiting) then();
  } else if (data.type === "failed") {
    document.documentElement.dataset.python = "failed";
    status(word("app.failed"));
    console.error(data.reason);
  }
}

export function whenReady(then) {
  waiting.push(then);
}

export function send(message) {
  return new Promise((resolve) => {
    pending.set(++seq, resolve);
    worker.postMessage({ seq, text: JSON.stringify(message) });
  });
}

function progress(fraction) {
  const bar = document.getElementById("progress");
  bar.value = fraction;
  if (fraction >= 1) {
    document.documentElement.dataset.python = "ready";
    bar.hidden = true;
    status(word("app.ready"));
  }
}
