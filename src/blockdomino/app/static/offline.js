// Offline after the first visit. Once Python is up, everything the app needs has come
// over the network, so the service worker (sw.js) can keep it all without fetching it
// again. Where service workers are blocked (a private window, a school's settings, a
// page served over plain http from another computer) the app runs online as before.
export function keepOffline() {
  const workers = navigator.serviceWorker;
  if (!workers || !isSecureContext) return;
  workers.register("sw.js").catch(() => {});
}
