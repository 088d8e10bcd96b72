// The app's Python: Pyodide in a Web Worker, so the page never waits on it.
// It fetches what Python needs (contents.json lists the files and their sizes: Pyodide's
// core and the app's packages, compiled ahead, one archive: no package manager, no
// index, nothing fetched from outside the app) and counts the bytes as they come, so
// the page can show how much of the whole has come; Pyodide then boots from those
// bytes, the packages are unpacked, the bridge imported, and each message of
// the page answered with blockdomino.app.bridge.handle. On a later visit Pyodide boots
// from the memory snapshot the service worker keeps (blockdomino.app.snapshot), the
// bridge already imported in it (the service worker fetches it once Python has started
// the first time), and takes Python's files straight from the service worker's cache;
// without one, or with one of another build or Pyodide, or cut short, it starts as on
// the first. Where the browser gives no Cache Storage (plain http from another computer)
// the worker keeps the snapshot itself, in IndexedDB (kept.js). Where it has Cache
// Storage, the files it fetched are handed to the service worker, which keeps them
// without fetching them again. Every file is named by its content (the build writes the
// names of this script's modules and of Pyodide's folder into it). Over plain http,
// where a browser offers no brotli, it fetches Python's files' brotli twins and decodes
// them itself (a third less than gzip). It reports its progress as {type: "progress", done, total} in bytes, then
// {type: "ready", snapshot, marks} (whether it booted from the snapshot, and the marks
// of its steps), or {type: "failed", reason}.
import { keepSnapshot, keptHere, keptInDatabase } from "./kept.js";
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
const HANDED_TYPES = { ...TYPES, ".mjs": "text/javascript", ".json": "application/json" };
const address = (name) => new URL(name, location.href).href;
const typeOf = (name) => TYPES[name.slice(name.lastIndexOf("."))];

// Fetch every file of `names` at once; `counted(bytes)` hears each part as it comes.
// The big files are kept, each as a way to answer a request for it from its bytes, by
// its address; the small ones are left in the browser's cache. Every file's bytes wait
// in `fetched` to be handed to the service worker (handOver).
const fetched = new Map();
async function fetchAll(names, counted) {
  const one = async (name) => {
    const body = await bodyOf(name);
    const reader = body.getReader();
    const parts = [];
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      parts.push(part.value);
      counted(part.value.length);
    }
    const blob = new Blob(parts, { type: HANDED_TYPES[name.slice(name.lastIndexOf("."))] });
    fetched.set(address(name), blob);
    return [address(name), typeOf(name) && answering(blob)];
  };
  const answers = await Promise.all(names.map(one));
  return new Map(answers.filter(([, answer]) => answer));
}

// How the server compressed contents.json (start sets it): "br" where it sends Python's
// files compressed with brotli itself (a secure origin); "gzip" where the browser
// offered it no brotli (plain http: the school network); none where it compresses
// nothing (a plain static server).
let sent = "br";

// The bytes of the file `name`, as they come: from its compressed twin (`packed`: by
// default Python's big files) where the server would not send it compressed with
// brotli (but where the service worker keeps the file itself, and for a file Pyodide
// imports itself, which then comes from the browser's cache), else the file.
async function bodyOf(name, packed = typeOf(name)) {
  const kept = globalThis.caches && (await caches.match(address(name)).catch(() => null));
  const twin = packed && sent !== "br" && !kept ? await twinOf(name) : null;
  if (twin) return twin;
  const answer = await fetch(name);
  if (!answer.ok) throw new Error(`${name}: ${answer.status}`);
  return answer.body;
}

// The file `name` from a twin, decoded here: its brotli twin (name.br, beside every file
// of a site blockdomino serve or the site build compressed), else, where the server
// compresses nothing, its gzip twin (name.gz, the app's build writes it); else null.
// A static server may send a twin as the file compressed (Content-Encoding: br), which
// the browser decodes itself; or it may send it so to a browser that did not offer
// brotli (plain http), which refuses it: then the next twin, or the file.
async function twinOf(name) {
  const brotli = await brotliTwin(name);
  if (brotli) return decoded(brotli, "br", unbrotli);
  if (sent) return null;
  const gzip = await fetch(`${name}.gz`).catch(() => null);
  return gzip?.ok ? decoded(gzip, "gzip", async () => new DecompressionStream("gzip")) : null;
}

// The answer of the brotli twin of `name`, or null. The first twin asked for tells
// whether the site has them: the others are asked for only once it came, so that a
// site without brotli twins (the app's build alone) answers one 404, not one for
// each of Python's files.
let firstBrotli = null;
async function brotliTwin(name) {
  const first = firstBrotli === null;
  if (first) firstBrotli = fetch(`${name}.br`).catch(() => null);
  const found = await firstBrotli;
  if (!found?.ok) return null;
  if (first) return found;
  const answer = await fetch(`${name}.br`).catch(() => null);
  return answer?.ok ? answer : null;
}

// The bytes of a twin's `answer` compressed with `encoding`: as they come where the
// browser decoded them already (the server said the encoding), else through the
// decoder `decoding` makes.
async function decoded(answer, encoding, decoding) {
  const said = answer.headers.get("Content-Encoding") ?? "";
  if (said.split(",").some((part) => part.trim().toLowerCase() === encoding)) return answer.body;
  return answer.body.pipeThrough(await decoding());
}

// Brotli's decoder (the npm package brotli-dec-wasm, built into the app), loaded the
// first time a twin needs it: a stream that decodes what goes through it, and fails on
// a stream cut short.
let decoder = null;
async function unbrotli() {
  decoder ??= import("./brotli.js").then(async (module) => {
    await module.default({ module_or_path: address("brotli.wasm") });
    return module;
  });
  const { DecompressStream, BrotliStreamResultCode: codes } = await decoder;
  const stream = new DecompressStream();
  let code = codes.NeedsMoreInput;
  return new TransformStream({
    transform(chunk, out) {
      for (let input = chunk; ; ) {
        const result = stream.decompress(input, 1 << 20);
        if (result.buf.length) out.enqueue(result.buf);
        code = result.code;
        if (code !== codes.NeedsMoreOutput) break;
        input = input.subarray(result.input_offset);
      }
    },
    flush() {
      stream.free();
      if (code !== codes.ResultSuccess) throw new Error("brotli: the file was cut short");
    },
  });
}

// Python's files fetched on this visit handed to the service worker, where there is
// Cache Storage (a secure context): its install then keeps them without fetching them
// again (service_worker.js). Only those no cache holds yet; then the page hears "handed".
async function handOver() {
  try {
    if (!globalThis.caches || !fetched.size) return;
    const handed = await caches.open("blockdomino-handed");
    for (const [url, blob] of fetched) {
      if (await caches.match(url)) continue;
      const headers = { "Content-Type": blob.type || "application/octet-stream" };
      await handed.put(url, new Response(blob, { headers }));
    }
  } catch (error) {
    console.warn("Python's files were not handed over:", error);
  } finally {
    fetched.clear();
    postMessage({ type: "handed" });
  }
}

const answering = (blob) => () => new Response(blob, { headers: { "Content-Type": blob.type } });

// A later visit, with the snapshot kept: the service worker's cache that holds it (one
// version's) holds every file, so each is taken from it straight (not through the
// service worker, nor read part by part: a third of the time), counted whole. The
// WebAssembly is answered with the cache's own answer, whose compiled code the browser
// keeps (it is not compiled again), when its server named it WebAssembly (else it is
// answered as on a first visit).
async function cachedAll(cache, sizes, counted) {
  const one = async ([name, bytes]) => {
    const kept = await cache.match(address(name));
    if (!kept) throw new Error(`${name}: not kept`);
    counted(bytes);
    const type = typeOf(name);
    if (type === TYPES[".wasm"] && kept.headers.get("Content-Type") === type) {
      return [address(name), () => cache.match(address(name))];
    }
    return [address(name), type && answering(new Blob([await kept.blob()], { type }))];
  };
  const kept = await Promise.all(Object.entries(sizes).map(one));
  return new Map(kept.filter(([, answer]) => answer));
}

// The snapshot kept, never fetched on the way to a start: the memory after its header,
// as a Blob not read yet, and the cache that holds it (none in IndexedDB), if it has the
// size contents.json names (`wanted`), and the header it names, with the Pyodide loaded
// here; else null.
async function keptSnapshot(wanted) {
  if (!wanted) return null;
  for await (const [blob, cache] of keptCopies(wanted.file)) {
    if (blob?.size !== wanted.bytes) continue;
    const header = (await blob.slice(0, HEADER).text()).trimEnd();
    const ours = header === wanted.header && header.split(" ").includes(`pyodide=${version}`);
    if (ours) return { memory: blob.slice(HEADER), cache };
  }
  return null;
}

// Every copy of the snapshot `file` kept, with its cache: one in each of the service
// worker's caches, or where there are none, the one in IndexedDB.
async function* keptCopies(file) {
  if (!globalThis.caches) {
    const blob = await keptInDatabase();
    if (blob) yield [blob, null];
    return;
  }
  for (const name of await caches.keys().catch(() => [])) {
    const cache = await caches.open(name);
    const kept = await cache.match(address(file));
    yield [await kept?.blob(), cache];
  }
}

// Pyodide fetches its WebAssembly and its standard library itself: while it boots, the
// worker's fetch answers those from the files already come (never downloaded twice).
// With a snapshot it boots from that memory (read while Pyodide starts), and starts
// afresh if Pyodide refuses it; Python's random numbers are then seeded anew (the
// snapshot's are every visit's).
async function bootFrom(files, snapshot) {
  const own = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const answer = files.get(address(input.url ?? input));
    return answer ? Promise.resolve(answer()) : own(input, init);
  };
  const options = { indexURL: address("pyodide/") };
  try {
    if (snapshot) {
      try {
        const { memory } = snapshot;
        const pyodide = await withMemoryFor(memory.size, () =>
          loadPyodide({ ...options, _loadSnapshot: read(memory, "snapshot read") }),
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

const read = (blob, step) => blob.arrayBuffer().finally(() => mark(step));

// The snapshot's memory may be larger than the memory Pyodide's WebAssembly starts with
// (the build's warm-up grew it: blockdomino.app.snapshot), and Pyodide copies it in
// without growing it: while `boot` runs, each instance made grows its memory to the
// snapshot's size (`bytes`) at once.
async function withMemoryFor(bytes, boot) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const grown = (made) => {
    const { memory } = (made.instance ?? made).exports;
    const pages = Math.ceil(bytes / 65536) - memory.buffer.byteLength / 65536;
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
// archive has them (no copy). Python looks at each folder afresh by itself: its time
// changed (the snapshot's folders have the build's clock, years before), and asking
// it to forget them all costs as much as the writing.
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
}

async function start() {
  const listed = await fetch("contents.json");
  sent = listed.headers.get("Content-Encoding");
  const contents = await listed.json();
  mark("contents read");
  const sizes = contents.download;
  const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
  let done = 0;
  const counted = (bytes) => postMessage({ type: "progress", done: (done += bytes), total });
  const snapshot = await keptSnapshot(contents.snapshot);
  mark("snapshot found");
  const fetching = () => fetchAll(Object.keys(sizes), counted);
  const again = () => ((done = 0), fetching()); // a file not kept: all fetched and counted anew
  const cached = () => cachedAll(snapshot.cache, sizes, counted);
  const files = await (snapshot?.cache ? cached().catch(again) : fetching());
  mark("files read");
  const packages = files.get(address(contents.packages))().blob(); // read while Python boots
  const archive = packages.then((blob) => read(blob, "packages read"));
  const [pyodide, fromSnapshot] = await bootFrom(files, snapshot);
  mark("pyodide loaded");
  const folder = pyodide.runPython("import site; site.getsitepackages()[0]");
  unpack(pyodide, new Uint8Array(await archive), folder);
  mark("packages unpacked");
  handle = pyodide.pyimport("blockdomino.app.bridge").handle;
  mark("bridge imported");
  later = !fromSnapshot && keptHere() ? contents.snapshot : null;
  postMessage({ type: "ready", snapshot: fromSnapshot, marks: marks() });
  for (const message of queue.splice(0)) answer(message);
  handOver();
}

// The snapshot to keep in IndexedDB once the first answer is sent (null: none to keep).
let later = null;

function answer({ seq, text }) {
  postMessage({ type: "answer", seq, text: handle(text) });
  if (!later) return;
  keepSnapshot(later, (file) => bodyOf(file, true)).catch((error) => console.warn("the snapshot was not kept:", error));
  later = null;
}

onmessage = ({ data }) => (handle ? answer(data) : queue.push(data));

start().catch((error) => postMessage({ type: "failed", reason: String(error) }));
