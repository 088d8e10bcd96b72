// The app offline: the build writes VERSION (a digest of every file of the app) and
// FILES (the app's files, the page first) above this text, into sw.js.
//
// Installing a version copies every file into a cache of that version's name, asking
// the server only whether each file changed since the browser fetched it (the first
// visit has just fetched them all: nothing is downloaded twice). The installed
// version waits until no tab shows the app any more, then starts, deletes every older
// version's cache and answers every request from its own: a tab never mixes files of
// two versions, and a reload with no network still opens the app. What the cache does
// not hold goes to the network; without one, the answer is 503 and the page says that
// this part is not saved for offline use.
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
