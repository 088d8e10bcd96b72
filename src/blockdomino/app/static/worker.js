// The app's Python: Pyodide in a Web Worker, so the page never waits on it.
// It fetches what Python needs (contents.json lists the files and their sizes: Pyodide's
// core and the app's packages, compiled ahead, one archive: no package manager, no
// index, nothing fetched from outside the app) and counts the bytes as they come, so
// the page can show how much of the whole has come; Pyodide then boots from those
// bytes, the packages are unpacked, the bridge imported, and each message of
// the page answered with blockdomino.app.bridge.handle. On a later visit Pyodide boots
// from the memory snapshot the service worker keeps (blockdomino.app.snapshot), the
// bridge already imported in it (the service worker fetches it once Python has started
// the first time); without one, or with one of another build or Pyodide, or cut short,
// it starts as on the first. It reports its progress as {type: "progress", done, total}
// in bytes, then {type: "ready", snapshot} (whether it booted from the snapshot), or
// {type: "failed", reason}.
import { loadPyodide, version } from "./pyodide/pyodide.mjs";

const queue = [];
let handle = null;

// Each step of the start is marked (performance.mark, "python: …"); the marks go to the
// page with "ready", which marks them on its own timeline (the benchmark prints them).
const mark = (step) => performance.mark(`python: ${step}`);
const marks = () =>
  performance.getEntriesByType("mark").map(({ name, startTime }) => [name, performance.timeOrigin + startTime]);
mark("worker started");

const HEADER = 64; // the snapshot's header, in bytes (blockdomino.app.snapshot)
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

// The snapshot the service worker keeps, never fetched on the way to a start: the memory
// after its header, if it has the size contents.json names (`wanted`), and the header
// it names, with the Pyodide loaded here; else null.
async function keptSnapshot(wanted) {
  if (!wanted || !globalThis.caches) return null;
  const kept = await caches.match(new URL(wanted.file, location.href).href).catch(() => null);
  if (!kept) return null;
  const bytes = new Uint8Array(await kept.arrayBuffer());
  if (bytes.length !== wanted.bytes) return null;
  const header = new TextDecoder().decode(bytes.subarray(0, HEADER)).trimEnd();
  const ours = header === wanted.header && header.split(" ").includes(`pyodide=${version}`);
  return ours ? bytes.subarray(HEADER) : null;
}

// Pyodide fetches its WebAssembly and its standard library itself: while it boots, the
// worker's fetch answers those from the bytes already come (never downloaded twice).
// With a snapshot it boots from that memory, and starts afresh if Pyodide refuses it;
// Python's random numbers are then seeded anew (the snapshot's are every visit's).
async function bootFrom(kept, snapshot) {
  const own = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const blob = kept.get(new URL(input.url ?? input, location.href).href);
    if (!blob) return own(input, init);
    return Promise.resolve(new Response(blob, { headers: { "Content-Type": blob.type } }));
  };
  const options = { indexURL: new URL("pyodide/", location.href).href };
  try {
    if (snapshot) {
      try {
        const pyodide = await withMemoryFor(snapshot, () =>
          loadPyodide({ ...options, _loadSnapshot: snapshot }),
        );
        pyodide.runPython("import random; random.seed()");
        return [pyodide, true];
      } catch (error) {
        console.warn("the snapshot was refused:", error);
      }
    }
    return [await loadPyodide(options), false];
  } finally {
    globalThis.fetch = own;
  }
}

// The snapshot's memory may be larger than the memory Pyodide's WebAssembly starts with
// (the build's warm-up grew it: blockdomino.app.snapshot), and Pyodide copies it in
// without growing it: while `boot` runs, each instance made grows its memory to the
// snapshot's size at once.
async function withMemoryFor(snapshot, boot) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const grown = (made) => {
    const { memory } = (made.instance ?? made).exports;
    const pages = Math.ceil(snapshot.byteLength / 65536) - memory.buffer.byteLength / 65536;
    if (pages > 0) memory.grow(pages);
    mark("WebAssembly ready");
    return made;
  };
  WebAssembly.instantiate = (...args) => instantiate(...args).then(grown);
  WebAssembly.instantiateStreaming = (...args) => instantiateStreaming(...args).then(grown);
  try {
    return await boot();
  } finally {
    Object.assign(WebAssembly, { instantiate, instantiateStreaming });
  }
}

// The packages' archive written into Python's files under `folder`, each entry as it is
// stored (the build stores them, never compressed): a tenth of the time Python's own
// unpacking takes. Each folder is made once; each file keeps its bytes where the
// archive has them (no copy). Python then looks at the folders afresh.
function unpack(pyodide, archive, folder) {
  const { FS } = pyodide;
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const u16 = (at) => view.getUint16(at, true);
  const u32 = (at) => view.getUint32(at, true);
  let end = archive.byteLength - 22; // the archive's last record, after its comment if any
  while (end > 0 && u32(end) !== 0x06054b50) end--;
  const made = new Set([folder]);
  const makeFolder = (path) => {
    if (made.has(path)) return;
    makeFolder(path.slice(0, path.lastIndexOf("/")));
    FS.mkdir(path);
    made.add(path);
  };
  const names = new TextDecoder();
  for (let entry = 0, at = u32(end + 16); entry < u16(end + 10); entry++) {
    const name = names.decode(archive.subarray(at + 46, at + 46 + u16(at + 28)));
    if (u16(at + 10) !== 0) throw new Error(`packages: ${name} is compressed`);
    const local = u32(at + 42);
    const data = local + 30 + u16(local + 26) + u16(local + 28);
    const path = `${folder}/${name}`.replace(/\/$/, "");
    makeFolder(path.slice(0, path.lastIndexOf("/")));
    if (name.endsWith("/")) makeFolder(path);
    else FS.writeFile(path, archive.subarray(data, data + u32(at + 20)), { canOwn: true });
    at += 46 + u16(at + 28) + u16(at + 30) + u16(at + 32);
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
}

async function start() {
  const contents = await (await fetch("contents.json")).json();
  mark("contents read");
  const sizes = contents.download;
  const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
  let done = 0;
  const counted = (bytes) => postMessage({ type: "progress", done: (done += bytes), total });
  const [kept, snapshot] = await Promise.all([
    fetchAll(sizes, counted).finally(() => mark("files read")),
    keptSnapshot(contents.snapshot).finally(() => mark("snapshot read")),
  ]);
  const [pyodide, fromSnapshot] = await bootFrom(kept, snapshot);
  mark("pyodide loaded");
  const packages = kept.get(new URL(contents.packages, location.href).href);
  const folder = pyodide.runPython("import site; site.getsitepackages()[0]");
  unpack(pyodide, new Uint8Array(await packages.arrayBuffer()), folder);
  mark("packages unpacked");
  handle = pyodide.pyimport("blockdomino.app.bridge").handle;
  mark("bridge imported");
  postMessage({ type: "ready", snapshot: fromSnapshot, marks: marks() });
  for (const message of queue.splice(0)) answer(message);
}

function answer({ seq, text }) {
  postMessage({ type: "answer", seq, text: handle(text) });
}

onmessage = ({ data }) => (handle ? answer(data) : queue.push(data));

start().catch((error) => postMessage({ type: "failed", reason: String(error) }));
