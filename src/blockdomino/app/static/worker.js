// The app's Python: Pyodide in a Web Worker, so the page never waits on it.
// It fetches what Python needs (contents.json lists the files and their sizes: Pyodide's
// core and the app's packages, compiled ahead, one archive: no package manager, no
// index, nothing fetched from outside the app) and counts the bytes as they come, so
// the page can show how much of the whole has come; Pyodide then boots from the
// browser's cache, the packages are unpacked, the bridge imported, and each message of
// the page answered with blockdomino.app.bridge.handle. It reports its progress as
// {type: "progress", done, total} in bytes, then {type: "ready"}, or {type: "failed",
// reason}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const queue = [];
let handle = null;

// Fetch every file of `sizes` at once; `counted(bytes)` hears each part as it comes. The
// bytes of `kept` are returned; the others are left in the browser's cache for Pyodide.
async function fetchAll(sizes, kept, counted) {
  const one = async (name) => {
    const answer = await fetch(name);
    if (!answer.ok) throw new Error(`${name}: ${answer.status}`);
    const reader = answer.body.getReader();
    const parts = [];
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      if (name === kept) parts.push(part.value);
      counted(part.value.length);
    }
    return parts;
  };
  const names = Object.keys(sizes);
  const parts = await Promise.all(names.map(one));
  return new Blob(parts[names.indexOf(kept)]).arrayBuffer();
}

async function start() {
  const contents = await (await fetch("contents.json")).json();
  const sizes = contents.download;
  const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
  let done = 0;
  const counted = (bytes) => postMessage({ type: "progress", done: (done += bytes), total });
  const packages = await fetchAll(sizes, contents.packages, counted);
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(packages, "zip", { extractDir });
  handle = pyodide.pyimport("blockdomino.app.bridge").handle;
  postMessage({ type: "ready" });
  for (const message of queue.splice(0)) answer(message);
}

function answer({ seq, text }) {
  postMessage({ type: "answer", seq, text: handle(text) });
}

onmessage = ({ data }) => (handle ? answer(data) : queue.push(data));

start().catch((error) => postMessage({ type: "failed", reason: String(error) }));
