// The app offline: the build writes VERSION (a digest of every file of the app), FILES
// (the app's files, the page first) and SNAPSHOT (the memory snapshot's file and its
// size in bytes, named apart) above this text, into sw.js.
//
// Installing a version copies every file into a cache of that version's name, asking
// the server only whether each file changed since the browser fetched it (the first
// visit has just fetched them all: nothing is downloaded twice). The installed
// version waits until no tab shows the app any more, then starts, deletes every older
// version's cache and answers every request from its own: a tab never mixes files of
// two versions, and a reload with no network still opens the app. What the cache does
// not hold goes to the network; without one, the answer is 503 and the page says that
// this part is not saved for offline use.
//
// The snapshot is not installed with the rest: a first visit moves only what Python
// needs. Once Python has started, the page asks (a message "snapshot"), and the snapshot
// is fetched once, in the background, into the same cache, kept only when all its bytes
// came; the next visit boots from it. A new version fetches its own the same way, and
// the old one goes with the old version's cache.
const CACHE = `blockdomino-app-${VERSION}`;
const PAGE = new URL("index.html", registration.scope).href;

addEventListener("install", (event) => {
  const requests = FILES.map((file) => new Request(file, { cache: "no-cache" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

addEventListener("activate", (event) => {
  const older = (name) => name.startsWith("blockdomino-app-") && name !== CACHE;
  event.waitUntil(
    caches
      .keys()
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

async function keepSnapshot() {
  const cache = await caches.open(CACHE);
  for (const [file, bytes] of Object.entries(SNAPSHOT)) {
    const request = new Request(file, { cache: "no-cache" });
    if (await cache.match(request)) continue;
    const answer = await fetch(request);
    const blob = answer.ok ? await answer.blob() : null;
    if (blob?.size !== bytes) throw new Error(`${file}: ${blob?.size} of ${bytes} bytes`);
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
