// The memory snapshot kept where the browser gives no Cache Storage: a page served over
// plain http from another computer (the school network) is no secure context, so it has
// no service worker and no caches, but it has IndexedDB. There the worker keeps the
// snapshot itself, once Python has answered the page's first message (a first visit
// moves only what Python needs, then shows its first tile): fetched once, kept only
// whole, one snapshot at a time (a new build's replaces the old). The next visit boots
// from it; Python's files then come from the browser's HTTP cache (each named by its
// content and sent immutable: no request at all).
const DATABASE = "blockdomino-app";
const STORE = "snapshot";

function opened() {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
}

async function done(mode, act) {
  const database = await opened();
  try {
    return await new Promise((resolve, reject) => {
      const moving = database.transaction(STORE, mode);
      const asked = act(moving.objectStore(STORE));
      moving.oncomplete = () => resolve(asked.result);
      moving.onerror = moving.onabort = () => reject(moving.error);
    });
  } finally {
    database.close();
  }
}

// Whether the snapshot would be kept here: no Cache Storage, but IndexedDB.
export const keptHere = () => !globalThis.caches && Boolean(globalThis.indexedDB);

// The snapshot kept (a Blob), or null.
export async function keptInDatabase() {
  if (!keptHere()) return null;
  return (await done("readonly", (store) => store.get(STORE)).catch(() => null)) ?? null;
}

// Fetch the snapshot `file` (`body` gives its bytes as they come: the worker's, from its
// compressed twin where the server would not compress it with brotli) and keep it, if
// all its `bytes` came; not fetched at all where the browser gives no room for it.
export async function keepSnapshot({ file, bytes }, body) {
  const { quota, usage } = (await navigator.storage?.estimate?.()) ?? {};
  if (quota !== undefined && quota - (usage ?? 0) <= bytes) throw new Error(`${file}: no room`);
  const blob = await new Response(await body(file)).blob();
  if (blob.size !== bytes) throw new Error(`${file}: ${blob.size} of ${bytes} bytes`);
  await done("readwrite", (store) => store.put(blob, STORE));
}
