"""Time the code-free app in Chromium, on a first visit (the browser cache empty).

Serves the app on 127.0.0.1 (a plain static server) and opens the Finnish "Play"
chapter (``app/?lang=fi&chapter=5``) in Debian's Chromium. Prints:

- the bytes the app downloads until its first table is ready (bar: 20 MB);
- when the chapter's text is visible (bar: 1 s) and the first table is ready to play
  (bar: 4 s), from opening the page;
- a tap on the board to the new board in the page, as the page measures it (from the
  tap's message to the board drawn): median (bar: 100 ms) and 95th percentile (250 ms);
- a hint, the same way (bar: 1 s);
- a first visit over an emulated Fast 3G link (150 ms, 1.6 Mbit/s): when the chapter's
  text is visible (bar: 2 s), when the progress bar first moves, and how much of the
  whole it shows after 20 s (the whole takes minutes at that speed);
- a first visit with the service worker allowed: whether the memory snapshot was asked
  for before Python was up (bar: 0), then a second visit with no network at all (the
  service worker's copy): when the first tile can be tapped, from the reload (bar:
  1.5 s), and whether Python booted from the kept memory snapshot (1) or fresh (0);
- first and second visits through ``blockdomino serve`` (the app's compressed copies
  written first, where its folder has none) and from the plain static server that
  compresses nothing, each at ``http://127.0.0.1:PORT`` (a secure context) and at
  ``http://klassi.lan:PORT`` (a LAN-like origin, Chromium's ``--host-resolver-rules``:
  no secure context, so no service worker, the snapshot kept in IndexedDB), in a
  browser with a disk cache: the bytes on the wire before the first tile (bar: 8 MB
  through ``serve``; the static server's is only said) and in all, until the snapshot is
  kept (bars: 14 MB through ``serve``, 20 MB from the static server); then a reload:
  when the first tile can be tapped (bar: 1.5 s), the bytes it moved, of those Python's
  files (bar: 0), and whether Python booted from the snapshot.

Requests to other hosts are refused. The app is the one ``blockdomino site`` built
under ``SITE/app``, or, without a site, built on its own first::

    .venv/bin/python benchmarks/bench_app.py /tmp/site
    .venv/bin/python benchmarks/bench_app.py

``--second-visit`` measures the offline second visit alone, ``--runs`` times, and prints
the steps of its start (the page's and the worker's marks, in seconds from the reload);
``--against OTHER`` measures another built site in turn with it (the code before a
change, say), so that the machine's load falls on both alike::

    .venv/bin/python benchmarks/bench_app.py /tmp/new --second-visit --against /tmp/old --runs 5
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _app_visits import (
    KEPT_IN_A_CACHE,
    PAGE,
    REPO,
    TILE,
    WAIT_MS,
    first_and_second_visits,
    until_true,
)
from _servers import free_port, start, stop
from playwright.sync_api import Browser, Page, Playwright, Request, sync_playwright

TAPS = 40


def tap_a_tile(page: Page) -> bool:
    """Tap a playable tile of the first table (its end's marker if asked); deal again
    when the round is over. Whether anything was tapped."""
    table = page.locator("[data-live]").first
    tile = table.locator(".board .playable[data-tile]")
    if tile.count():
        tile.first.tap()
    elif table.locator("[data-action='pass']:enabled").count():
        table.locator("[data-action='pass']").tap()
    else:
        table.locator("[data-action='new_round']").tap()
    page.wait_for_function("s => !s.dataset.busy", arg=table.element_handle())
    marker = table.locator(".board .marker-fits")
    if marker.count():
        marker.first.tap()
        page.wait_for_function("s => !s.dataset.busy", arg=table.element_handle())
    return True


def measure(url: str) -> dict[str, float]:
    with sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context(
            viewport={"width": 810, "height": 1080}, has_touch=True, service_workers="block"
        )
        context.route(
            "**/*",
            lambda route: route.continue_() if route.request.url.startswith(url) else route.abort(),
        )
        received: list[int] = []

        def finished(request: Request) -> None:
            received.append(request.sizes()["responseBodySize"])

        context.on("requestfinished", finished)
        page = context.new_page()
        began = time.monotonic()
        page.goto(f"{url}/{PAGE}")
        page.locator("#chapter h1").wait_for(timeout=WAIT_MS)
        text = time.monotonic() - began
        page.locator("[data-live] .area.board svg").first.wait_for(timeout=WAIT_MS)
        table = time.monotonic() - began
        downloaded = sum(received)
        page.locator("[data-live]").first.locator("[data-action='hint']").tap()
        page.locator("[data-live] .area.answer li").first.wait_for(timeout=WAIT_MS)
        hint = page.evaluate("window.blockdominoTimings.find(t => t.action === 'hint').ms")
        for _ in range(TAPS):
            tap_a_tile(page)
        taps = page.evaluate(
            "window.blockdominoTimings.filter(t => /^(tap|end|pass|new_round)/.test(t.action))"
            ".map(t => t.ms)"
        )
        browser.close()
    quantiles = statistics.quantiles(taps, n=20)
    return {
        "downloaded MB": downloaded / 1e6,
        "text visible s": text,
        "first table ready s": table,
        "tap median ms": statistics.median(taps),
        "tap p95 ms": quantiles[-1],
        "hint s": hint / 1000,
        "taps": len(taps),
    }


FAST_3G = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 200_000,
    "uploadThroughput": 93_750,
}
"""Chromium's "Fast 3G": 150 ms, 1.6 Mbit/s down (bytes per second here), 750 kbit/s up."""
SLOW_SECONDS = 20


def launch(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(
        executable_path="/usr/bin/chromium",
        args=["--no-sandbox", "--disable-gpu", "--proxy-server=http://127.0.0.1:9"],
    )


def slow_first_visit(url: str) -> dict[str, float]:
    """The first visit over Fast 3G: text, the bar's first move, the bar after a while."""
    with sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context(viewport={"width": 810, "height": 1080})
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", FAST_3G)
        began = time.monotonic()
        page.goto(f"{url}/{PAGE}", wait_until="commit")
        page.locator("#chapter h1").wait_for(timeout=WAIT_MS)
        text = time.monotonic() - began
        page.wait_for_function("document.getElementById('progress').value > 0", timeout=WAIT_MS)
        moved = time.monotonic() - began
        page.wait_for_timeout(max(0.0, SLOW_SECONDS - (time.monotonic() - began)) * 1000)
        share = page.evaluate("document.getElementById('progress').value")
        browser.close()
    return {
        "3G text visible s": text,
        "3G bar moves s": moved,
        f"3G bar after {SLOW_SECONDS} s %": 100 * share,
    }


READY = """new MutationObserver((_, seen) => {
  if (document.documentElement.dataset.python !== "ready") return;
  seen.disconnect();
  window.pythonReady();
}).observe(document, { attributes: true, subtree: true });"""
"""Tells the benchmark when the page's Python is up, in order with the requests."""
SNAPSHOT_NAMED = "fetch('contents.json').then((answer) => answer.json()).then((c) => c.snapshot)"
"""The snapshot's file and size, as the app's list of files names them."""
FIRST_TILE = """new MutationObserver((_, seen) => {
  if (!document.querySelector("[data-live] .board .playable[data-tile]")) return;
  seen.disconnect();
  performance.mark("page: first tile");
}).observe(document, { childList: true, subtree: true });
new MutationObserver((_, seen) => {
  if (!document.querySelector("#chapter h1")) return;
  seen.disconnect();
  performance.mark("page: chapter shown");
}).observe(document, { childList: true, subtree: true });"""
"""Marks when the chapter's text and the first tile to tap are in the page."""
PHASES = """() => {
  const [page] = performance.getEntriesByType("navigation");
  const marks = performance.getEntriesByType("mark").map((m) => [m.name, m.startTime]);
  return [["page: service worker started", page.workerStart],
    ["page: answered by the service worker", page.responseEnd],
    ["page: its modules run (DOMContentLoaded)", page.domContentLoadedEventStart],
    ["page: loaded", page.loadEventStart], ...marks];
}"""
"""The steps of a start, in ms from the navigation: the page's answer, and the marks of the
page and of the worker (``python: …``, the worker's marks on the page's timeline)."""


def offline_second_visit(url: str, phases: dict[str, float] | None = None) -> dict[str, float]:
    """A first visit, the service worker allowed: whether the snapshot was asked for
    before Python was up; once the service worker keeps the app and the snapshot, the
    network gone, a reload: the time to the first tile to tap, and into ``phases`` each
    step of that start (:data:`PHASES`), in seconds."""
    with sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context(viewport={"width": 810, "height": 1080}, has_touch=True)
        asked: list[str] = []  # "python up", and each request for the snapshot, in order
        context.on("request", lambda r: asked.append(r.url) if "/snapshot." in r.url else None)
        context.expose_binding("pythonReady", lambda source: asked.append("python up"))
        context.add_init_script(READY)
        context.add_init_script(FIRST_TILE)
        page = context.new_page()
        page.goto(f"{url}/{PAGE}")
        page.locator("html[data-python='ready']").wait_for(state="attached", timeout=WAIT_MS)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=WAIT_MS)
        kept = page.evaluate(SNAPSHOT_NAMED)
        snapshot = [kept["file"], kept["bytes"]]
        until_true(page, KEPT_IN_A_CACHE, snapshot)
        early = asked.index("python up")
        context.set_offline(True)
        began = time.monotonic()
        page.reload()
        page.locator(TILE).first.wait_for(timeout=WAIT_MS)
        tappable = time.monotonic() - began
        start = page.evaluate("document.documentElement.dataset.pythonStart")
        page.locator("html[data-chapter]").wait_for(state="attached", timeout=WAIT_MS)
        if phases is not None:
            phases.update((name, ms / 1000) for name, ms in page.evaluate(PHASES))
        browser.close()
    return {
        "snapshot asked early": float(early > 0),
        "offline first tile s": tappable,
        "offline from snapshot": float(start == "snapshot"),
    }


BARS = {
    "downloaded MB": 20,
    "text visible s": 1,
    "first table ready s": 4,
    "tap median ms": 100,
    "tap p95 ms": 250,
    "hint s": 1,
    "3G text visible s": 2,
    "snapshot asked early": 0,
    "offline first tile s": 1.5,
    "serve: first visit before the first tile MB": 8,
    "serve: first visit in all MB": 14,
    "static: first visit in all MB": 20,
    "reload first tile s": 1.5,
    "reload Python MB": 0,
}
"""The bars; a figure named ``origin: what`` meets the bar of ``what``, or of
``server: what`` (the server its name starts with)."""


def show(figures: dict[str, float]) -> None:
    """Print each figure, and whether it meets its bar."""
    for name, value in figures.items():
        server, _, what = name.partition(": ")
        bar = BARS.get(name, BARS.get(f"{server.split()[0]}: {what}", BARS.get(what)))
        verdict = "" if bar is None else ("  ok" if value <= bar else f"  OVER the bar {bar}")
        print(f"{name:>55}: {value:8.2f}{verdict}")


def served(site: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A plain static server of ``site`` on 127.0.0.1, and its address."""
    port = free_port()
    command = [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(site)]
    return start([*command, str(port)], port), f"http://127.0.0.1:{port}"


def second_visits(sites: list[Path], runs: int) -> None:
    """The offline second visit alone, ``runs`` times on each site in turn (the machine's
    load falls on both alike): each run's time to the first tile, then per site the
    medians of the time and of each step of the start."""
    servers = [served(site) for site in sites]
    times: list[list[float]] = [[] for _ in sites]
    steps: list[dict[str, list[float]]] = [{} for _ in sites]
    try:
        for run in range(runs):
            for number, (_, url) in enumerate(servers):
                phases: dict[str, float] = {}
                figures = offline_second_visit(url, phases)
                times[number].append(figures["offline first tile s"])
                for name, at in phases.items():
                    steps[number].setdefault(name, []).append(at)
                start = "snapshot" if figures["offline from snapshot"] else "fresh"
                print(
                    f"run {run + 1}, {sites[number]}: {times[number][-1]:.2f} s ({start})",
                    flush=True,
                )
    finally:
        for server, _ in servers:
            stop(server)
    for site, taken, marked in zip(sites, times, steps, strict=True):
        print(f"\n{site}: offline first tile, median of {runs}: {statistics.median(taken):.2f} s")
        ordered = sorted(marked.items(), key=lambda item: statistics.median(item[1]))
        for name, ats in ordered:
            print(f"  {statistics.median(ats):6.3f} s  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, nargs="?", help="a folder built by blockdomino site")
    parser.add_argument(
        "--second-visit",
        action="store_true",
        help="measure only the offline second visit, with the steps of its start",
    )
    parser.add_argument(
        "--against",
        type=Path,
        action="append",
        default=[],
        metavar="SITE",
        help="with --second-visit: another built site (say, of the code before), measured in"
        " turn; may be given more than once",
    )
    parser.add_argument(
        "--runs", type=int, default=1, help="with --second-visit: how many runs per site"
    )
    args = parser.parse_args()
    site = args.site
    if site is None:
        sys.path.insert(0, str(REPO / "tests" / "browser"))
        import apps  # the app built on its own, as the browser tests build it

        site = Path(tempfile.mkdtemp(prefix="bench-app-"))
        apps.build(site / "app")
    if args.second_visit:
        second_visits([site, *args.against], args.runs)
        return
    size = sum(path.stat().st_size for path in (site / "app").rglob("*") if path.is_file())
    server, url = served(site)
    try:
        figures = measure(url)
        figures |= offline_second_visit(url)
        figures |= slow_first_visit(url)
    finally:
        stop(server)
    figures |= first_and_second_visits(site, served(site))
    print(f"app folder: {size / 1e6:.1f} MB (all three languages)")
    show(figures)


if __name__ == "__main__":
    main()
