// The app's Python: Pyodide in a Web Worker, so the page never waits on it.
// It fetches what Python needs (contents.json lists the files and their sizes: Pyodide's
// core and the app's packages, compiled ahead, one archive: no package manager, no
// index, nothing fetched from outside the app) and counts the bytes as they come, so
// the page can show how much of the whole has come; Pyodide then boots from those
// bytes, the packages are unpacked, the bridge imported, and each message of
// the page answered with blockdomino.app.bridge.handle. It reports its progress as
// {type: "progress", done, total} in bytes, then {type: "ready"}, or {type: "failed",
// reason}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const queue = [];
let handle = null;

const TYPES = { ".wasm": "application/wasm", ".zip": "application/zip" };

// Fetch every file of `sizes` at once; `counted(bytes)` hears each part as it comes.
// The big files are kept, as Blobs by their addresses; the small ones are left in the
// browser's cache.
async function fetchAll(sizes, counted) {
  const one = async (name) => {
    const answer = await fetch(name);
    if (!answer.ok) throw new Error(`${name}: ${answer.status}`);
    const reader = answer.body.getReader();
    const parts = [];
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      parts.push(part.value);
      counted(part.value.length);
    }
    const type = TYPES[name.slice(name.lastIndexOf("."))];
    return [new URL(name, location.href).href, type && new Blob(parts, { type })];
  };
  const fetched = await Promise.all(Object.keys(sizes).map(one));
  return new Map(fetched.filter(([, blob]) => blob));
}

// Pyodide fetches its WebAssembly and its standard library itself: while it boots, the
// worker's fetch answers those from the bytes already come (never downloaded twice).
async function bootFrom(kept) {
  const own = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const blob = kept.get(new URL(input.url ?? input, location.href).href);
    if (!blob) return own(input, init);
    return Promise.resolve(new Response(blob, { headers: { "Content-Type": blob.type } }));
  };
  try {
    return await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
  } finally {
    globalThis.fetch = own;
  }
}

async function start() {
  const contents = await (await fetch("contents.json")).json();
  const sizes = contents.download;
  const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
  let done = 0;
  const counted = (bytes) => postMessage({ type: "progress", done: (done += bytes), total });
  const kept = await fetchAll(sizes, counted);
  const pyodide = await bootFrom(kept);
  const packages = kept.get(new URL(contents.packages, location.href).href);
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(await packages.arrayBuffer(), "zip", { extractDir });
  handle = pyodide.pyimport("blockdomino.app.bridge").handle;
  postMessage({ type: "ready" });
  for (const message of queue.splice(0)) answer(message);
}

function answer({ seq, text }) {
  postMessage({ type: "answer", seq, text: handle(text) });
}

onmessage = ({ data }) => (handle ? answer(data) : queue.push(data));

start().catch((error) => postMessage({ type: "failed", reason: String(error) }));
