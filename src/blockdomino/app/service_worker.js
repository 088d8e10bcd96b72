// The app offline: the build writes VERSION (a digest of every file of the app), FILES
// (the app's files, the page first), ENTRIES (those of them that keep their names),
// TWINS (those that have a compressed twin) and SNAPSHOT (the memory snapshot's file and
// its size in bytes, named apart) above this text, into sw.js.
//
// Installing a version copies every file into a cache of that version's name. Every file
// but the entries is named by its content (blockdomino.app.names), so a copy of it kept
// anywhere is the file: one the page's Python worker fetched and handed over (HANDED),
// or one an older version kept, is taken as it is; the rest comes from the browser's
// HTTP cache, which holds what the page fetched (nothing is downloaded twice). The
// entries are asked again. The installed version waits until no tab shows the app any
// more, then starts, deletes every older version's cache and the handed-over files, and
// answers every request from its own: a tab never mixes files of two versions, and a
// reload with no network still opens the app. What the cache does not hold goes to the
// network; without one, the answer is 503 and the page says that this part is not saved
// for offline use.
//
// The snapshot is not installed with the rest: a first visit moves only what Python
// needs. Once the first tile shows, the page asks (a message "snapshot"), and the
// snapshot is fetched once, in the background, into the same cache, only if the browser
// gives room for it, and kept only when all its bytes came; the next visit boots from it.
// A new version takes the old one's where the build's is the same (the same name): at
// its install, and again as it starts (the old one may have kept it meanwhile); else it
// fetches its own the same way, when a page asks it (a page asks the version that
// answers it, and again whenever another takes over). The old one goes with the old
// version's cache.
const CACHE = `blockdomino-app-${VERSION}`;
const HANDED = "blockdomino-handed";
const PAGE = new URL("index.html", registration.scope).href;

addEventListener("install", (event) => event.waitUntil(keepAll()));

async function keepAll() {
  const cache = await caches.open(CACHE);
  const entries = ENTRIES.map((file) => new Request(file, { cache: "no-cache" }));
  await Promise.all(entries.map(async (request) => cache.put(request, await fetched(request))));
  const twins = await compressesNothing(cache);
  const one = async (file) => {
    const kept = await caches.match(file);
    await cache.put(file, kept ?? (await fetched(new Request(file), twins && TWINS.includes(file))));
  };
  await Promise.all(FILES.filter((file) => !ENTRIES.includes(file)).map(one));
  await carrySnapshot(cache);
}

// The snapshot an older version kept carried into `cache`, where it is this build's (the
// same name, the same bytes) and `cache` holds none yet: never fetched again.
async function carrySnapshot(cache) {
  for (const file of Object.keys(SNAPSHOT)) {
    if (await cache.match(file)) continue;
    const older = await caches.match(file);
    if (older) await cache.put(file, older);
  }
}

// Whether the server compressed not even contents.json (a plain static server): then the
// files that have a compressed twin (TWINS, and the snapshot) are fetched by their twin.
async function compressesNothing(cache) {
  const contents = await cache.match("contents.json");
  return Boolean(contents) && !contents.headers.get("Content-Encoding");
}

const TYPES = { ".json": "application/json" };

// The answer to `request`, whole (from its compressed twin, unpacked, where `twin`; a
// server that sends the twin as the file compressed, Content-Encoding: gzip, had the
// browser unpack it).
async function fetched(request, twin = false) {
  const answer = await fetch(twin ? `${request.url}.gz` : request);
  if (!answer.ok) throw new Error(`${request.url}: ${answer.status}`);
  if (!twin) return answer;
  const unpacked = answer.headers.get("Content-Encoding")?.toLowerCase().includes("gzip");
  const body = unpacked ? answer.body : answer.body.pipeThrough(new DecompressionStream("gzip"));
  const blob = await new Response(body).blob();
  const type = TYPES[request.url.slice(request.url.lastIndexOf("."))] ?? "application/octet-stream";
  return new Response(blob, { headers: { "Content-Type": type } });
}

addEventListener("activate", (event) => {
  const older = (name) => name === HANDED || (name.startsWith("blockdomino-app-") && name !== CACHE);
  event.waitUntil(
    caches
      .open(CACHE)
      .then(carrySnapshot)
      .catch(() => {})
      .then(() => caches.keys())
      .then((names) => Promise.all(names.filter(older).map((name) => caches.delete(name))))
      .then(() => clients.claim()),
  );
});

let fetching = null;

addEventListener("message", (event) => {
  if (event.data?.type !== "snapshot") return;
  fetching ??= keepSnapshot().finally(() => (fetching = null));
  event.waitUntil(fetching.catch(() => {}));
});

// Whether the browser gives room for `bytes` more (where it does not say, it may).
async function room(bytes) {
  const { quota, usage } = (await navigator.storage?.estimate?.()) ?? {};
  return quota === undefined || quota - (usage ?? 0) > bytes;
}

async function keepSnapshot() {
  const cache = await caches.open(CACHE);
  for (const [file, bytes] of Object.entries(SNAPSHOT)) {
    const request = new Request(file);
    if (await cache.match(request)) continue;
    if (!(await room(bytes))) throw new Error(`${file}: no room for ${bytes} bytes`);
    const blob = await (await fetched(request, await compressesNothing(cache))).blob();
    if (blob.size !== bytes) throw new Error(`${file}: ${blob.size} of ${bytes} bytes`);
    const headers = { "Content-Type": "application/octet-stream" };
    await cache.put(request, new Response(blob, { headers }));
  }
}

addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(registration.scope)) return;
  event.respondWith(answer(request));
});

async function answer(request) {
  const cache = await caches.open(CACHE);
  const page = request.mode === "navigate";
  // A page of its own (check.html) is itself; any other address of the app, its page.
  const own = await cache.match(request, { ignoreSearch: page });
  const kept = own ?? (page ? await cache.match(PAGE) : undefined);
  if (kept) return kept;
  try {
    return await fetch(request);
  } catch {
    return new Response("", { status: 503, statusText: "Offline" });
  }
}
