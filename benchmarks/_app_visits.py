"""First and second visits of the app, in bytes on the wire and time to the first tile,
through ``blockdomino serve`` and from a plain static server, on a secure origin
(127.0.0.1) and on a LAN-like one (``bench_app.py`` prints them)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _servers import free_port, start, stop
from playwright.sync_api import Page, Request, sync_playwright

from blockdomino.publish.staging import write_stamp
from blockdomino.server.precompress import precompress

REPO = Path(__file__).resolve().parents[1]
PAGE = "app/?lang=fi&chapter=5"
WAIT_MS = 120_000
TILE = "[data-live] .board .playable[data-tile]"
KEPT_IN_A_CACHE = """([file, bytes]) => caches.keys().then(async (names) => {
  for (const name of names) {
    const kept = await (await caches.open(name)).match(file);
    if (kept && (await kept.blob()).size === bytes) return true;
  }
  return false;
})"""
"""Whether the service worker keeps the snapshot ``file`` whole (``bytes``), where the
app's worker looks for it: in a cache opened by its name."""


def until_true(page: Page, expression: str, arg: object) -> None:
    """Wait until the promise-returning ``expression`` resolves true. (``wait_for_function``
    takes the promise itself for true at once: the offline reload then came before the
    service worker had kept the snapshot, and Python booted afresh, 2.00 s and more.)"""
    for _ in range(WAIT_MS // 200):
        if page.evaluate(expression, arg):
            return
        page.wait_for_timeout(200)
    raise TimeoutError(f"never true: {expression}")


LAN = "klassi.lan"
"""A name Chromium finds at 127.0.0.1: the school network, where plain http is no
secure context (no service worker, no Cache Storage)."""
PYTHONS = ("/pyodide.", "/packages.", "/snapshot.")
"""Python's files (each named by its content): Pyodide's folder, the packages and the
memory snapshot, which a second visit should not move again."""
TILE_SEEN = """new MutationObserver((_, seen) => {
  if (!document.querySelector("[data-live] .board .playable[data-tile]")) return;
  seen.disconnect();
  window.firstTile();
}).observe(document, { childList: true, subtree: true });"""
"""Tells the benchmark when the first tile to tap is in the page, in order with the
requests."""


def visits(url: str, app: Path, name: str) -> dict[str, float]:
    """A first visit to ``url`` (``http://127.0.0.1:PORT``, a secure context, or
    ``http://klassi.lan:PORT``, a LAN-like origin), the service worker allowed, until
    the memory snapshot is kept (by the service worker, or in IndexedDB): the bytes
    moved before the first tile and in all; then a reload: the time to the first tile,
    the bytes it moved, of those Python's, and whether Python booted from the snapshot.
    The browser has a profile of its own, with a disk cache as a tablet's (a private
    context's cache in memory keeps no file of Python's size). Figures named ``name``."""
    sys.path.insert(0, str(REPO / "tests" / "browser"))
    from apps import KEPT_IN_DATABASE  # the browser tests' check, the same

    snapshot = json.loads((app / "contents.json").read_text(encoding="utf-8"))["snapshot"]
    rules = [f"--host-resolver-rules=MAP {LAN} 127.0.0.1", f"--proxy-bypass-list={LAN}"]
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--proxy-server=http://127.0.0.1:9", *rules],
            viewport={"width": 810, "height": 1080},
            has_touch=True,
        )
        moved = {"all": 0, "python": 0, "snapshot": 0}
        at_tile: list[int] = []

        def finished(request: Request) -> None:
            size = max(0, request.sizes()["responseBodySize"])  # -1: from the cache
            moved["all"] += size
            moved["python"] += size if any(part in request.url for part in PYTHONS) else 0
            moved["snapshot"] += size if "/snapshot." in request.url else 0

        context.on("requestfinished", finished)
        context.expose_binding("firstTile", lambda source: at_tile.append(moved["all"]))
        context.add_init_script(TILE_SEEN)
        page = context.pages[0]
        page.goto(f"{url}/{PAGE}")
        page.locator(TILE).first.wait_for(timeout=WAIT_MS)
        kept, arg = (
            (KEPT_IN_A_CACHE, [snapshot["file"], snapshot["bytes"]])
            if page.evaluate("isSecureContext")
            else (KEPT_IN_DATABASE, snapshot["bytes"])
        )
        until_true(page, kept, arg)
        for _ in range(WAIT_MS // 200):  # the snapshot's request heard to its end
            if moved["snapshot"]:
                break
            page.wait_for_timeout(200)
        page.wait_for_timeout(1000)  # the last requests' sizes
        first, before_tile = moved["all"], at_tile[0]
        moved.update(all=0, python=0, snapshot=0)
        began = time.monotonic()
        page.reload()
        page.locator(TILE).first.wait_for(timeout=WAIT_MS)
        tappable = time.monotonic() - began
        start = page.evaluate("document.documentElement.dataset.pythonStart")
        page.wait_for_timeout(1000)
        context.close()
    return {
        f"{name}: first visit before the first tile MB": before_tile / 1e6,
        f"{name}: first visit in all MB": first / 1e6,
        f"{name}: reload first tile s": tappable,
        f"{name}: reload MB": moved["all"] / 1e6,
        f"{name}: reload Python MB": moved["python"] / 1e6,
        f"{name}: reload from snapshot": float(start == "snapshot"),
    }


def served_by_blockdomino(site: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``blockdomino serve`` of ``site`` on 127.0.0.1 and its port; a folder holding only
    the app is made a site first, with its compressed copies, as ``blockdomino site``
    writes them (brotli at its best: a couple of minutes)."""
    if not (site / "jupyter-lite.json").is_file():
        for name in ("index.html", "jupyter-lite.json"):
            (site / name).write_text("{}")
        precompress(site)
        write_stamp(site)
    port = free_port()
    command = [sys.executable, "-m", "blockdomino.cli", "serve", str(site), "--host", "127.0.0.1"]
    command += ["--port", str(port), "--data", str(site.parent / f"{site.name}-class.sqlite3")]
    return start(command, port), str(port)


def first_and_second_visits(
    site: Path, static: tuple[subprocess.Popen[bytes], str]
) -> dict[str, float]:
    """:func:`visits` through ``blockdomino serve`` and from the plain static server
    ``static`` (that compresses nothing: its process and address), each on 127.0.0.1
    and on the LAN-like origin."""
    figures: dict[str, float] = {}
    plain, url = static
    for name, (server, port) in (
        ("static", (plain, url.rsplit(":", 1)[1])),
        ("serve", served_by_blockdomino(site)),
    ):
        try:
            for origin in ("127.0.0.1", LAN):
                figures |= visits(f"http://{origin}:{port}", site / "app", f"{name} {origin}")
        finally:
            stop(server)
    return figures
