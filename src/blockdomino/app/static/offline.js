// Offline after the first visit. Once the chapter's first tile shows, everything the app
// needs has come over the network, and Python's worker has handed the files it fetched
// to the service worker (sw.js), which keeps it all without fetching it again; then it
// is asked to fetch the memory snapshot, in the background, once (a first visit moves
// only what Python needs before its first tile; the next visit boots from the snapshot).
// The version that answers the page is asked, and asked again each time another takes
// over (a new version may start while the page shows: the old one, leaving, keeps
// nothing for it). Where service workers are blocked (a private window, a school's
// settings, a page served over plain http from another computer) the app runs online as
// before; over plain http, where there is no Cache Storage either, the worker keeps the
// snapshot in IndexedDB itself (kept.js).
import { whenSettled } from "./python.js";

export function keepOffline() {
  const workers = navigator.serviceWorker;
  if (!workers || !isSecureContext) return;
  whenSettled(() => {
    const ask = () => workers.controller?.postMessage({ type: "snapshot" });
    workers.addEventListener("controllerchange", ask);
    workers.register("sw.js").catch(() => {});
    ask();
  });
}
