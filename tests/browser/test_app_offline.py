"""The code-free app in Chromium, offline: the service worker keeping the app at the
install and its memory snapshot only after Python started (asked for once, kept whole,
booted from with no network, Python's files then taken straight from the cache; not used
when it names another Pyodide, is spoiled or came cut short); a chapter not kept said
with no network; a start with service workers blocked. Then the built files: no outside
address, the snapshot and the compiled standard library the same bytes each build. (A
new version of the app: ``test_app_versions.py``.)
"""

from __future__ import annotations

import gzip
import http.server
import json
import shutil
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext

from blockdomino.app.make import LEFT_OUT, app_stdlib
from blockdomino.app.names import built_name, built_names, cache_control
from blockdomino.app.snapshot import HEADER_BYTES, SNAPSHOT, write_snapshot
from blockdomino.publish.bytecode import STDLIB
from blockdomino.publish.downloads import pyodide_core
from blockdomino.words.i18n import catalog

from .apps import (
    KEPT_IN_DATABASE,
    READY_MS,
    Opener,
    announced,
    go_to,
    kept_offline,
    listen,
    play_once,
    ready,
    snapshot_kept,
    started_from,
    static_copy,
    until,
)
from .conftest import CHROMIUM, CHROMIUM_ARGS, Server

pytestmark = pytest.mark.browser


def test_the_app_starts_with_service_workers_blocked(open_app: Opener) -> None:
    """A private window or a managed profile refuses service workers: the app needs none,
    and starts online, without a snapshot (none is fetched)."""
    heard: list[str] = []
    page = open_app("?lang=sv&chapter=5", workers="block", heard=heard)
    ready(page)
    assert page.evaluate("navigator.serviceWorker?.controller ?? null") is None
    assert play_once(page, page.locator("[data-live]").first, touch=False)
    page.reload()
    ready(page)
    assert started_from(page) == "fresh"
    assert not [path for path in heard if "/snapshot." in path]


def test_a_first_visit_fetches_the_snapshot_once_after_python_started(
    open_app: Opener, app_server: Server
) -> None:
    """A first visit moves only what Python needs: the snapshot is asked for after Python
    is up, once, by the service worker, in the background; then the cache holds it."""
    heard: list[str] = []
    snapshot = built_name(app_server.root / "app", SNAPSHOT)
    page = open_app("?lang=fi&chapter=1", heard=heard)
    ready(page)
    kept_offline(page)
    snapshot_kept(page, app_server.root / "app")
    asked = [n for n, path in enumerate(heard) if f"/{snapshot}" in path]
    assert len(asked) == 1, heard
    assert heard[asked[0]].startswith(f"sw:/app/{snapshot}")  # its twin: nothing compresses
    assert heard.index("python ready") < asked[0]
    assert heard.index("sw:/app/sw.js") < asked[0]


def test_the_install_keeps_the_app_but_not_the_snapshot(
    open_app: Opener, app_server: Server
) -> None:
    """Installing keeps every other file, never the snapshot: with the page's message
    never sent, the app is kept offline and the snapshot neither asked for nor kept.
    The page's ask is noted where it is dropped, and waited for: after it, and after the
    service worker's install and activation (done once it answers the page), nothing
    else would fetch the snapshot."""
    snapshot = built_name(app_server.root / "app", SNAPSHOT)
    heard: list[str] = []
    unsent = "ServiceWorker.prototype.postMessage = (message) => { window.unsent = message; };"
    page = open_app("?lang=fi&chapter=1", heard=heard, script=unsent)
    ready(page)
    cache = kept_offline(page)
    page.wait_for_function("window.unsent?.type === 'snapshot'")
    assert page.evaluate(
        "name => caches.open(name).then(c => c.match('index.html')).then(Boolean)", cache
    )
    named = f"n => caches.open(n).then(c => c.match('{snapshot}'))"
    assert not page.evaluate(named, cache)
    assert not [path for path in heard if f"/{snapshot}" in path]


def test_a_second_visit_opens_with_no_network(open_app: Opener, app_server: Server) -> None:
    """Once Python is up the service worker keeps the whole app, then fetches the
    snapshot: with the network gone, a reload boots from it, every chapter in every
    language opens, and a move plays."""
    page = open_app("?lang=fi&chapter=5")
    ready(page)
    assert started_from(page) == "fresh"
    kept_offline(page)
    snapshot_kept(page, app_server.root / "app")
    page.context.set_offline(True)
    page.reload()
    ready(page)
    assert started_from(page) == "snapshot"  # the bridge already imported in it
    assert play_once(page, page.locator("[data-live]").first, touch=False)
    go_to(page, 2)
    page.locator("#languages").select_option("sv")
    page.locator("html[data-chapter='sv-2']").wait_for(state="attached")


PYTHONS_FILES = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "packages.zip", SNAPSHOT)


def of_python(path: str, app: Path) -> bool:
    """Whether ``path`` asks for one of Python's big files (or its compressed twin), by
    the names the build gave them."""
    return any(f"/{built_name(app, name)}" in path for name in PYTHONS_FILES)


def write_snapshot_as_served(path: Path, data: bytes) -> None:
    """Write the snapshot ``data`` at ``path``, and its compressed twin beside it (what a
    server that compresses nothing sends)."""
    path.write_bytes(data)
    path.with_name(path.name + ".gz").write_bytes(gzip.compress(data, compresslevel=1))


LEAFLET = {"op": "verify", "id": "check", "name": "rules.md", "text": "# Block\n\nTwo players."}


def test_a_second_visit_takes_pythons_files_straight_from_the_cache(
    open_app: Opener, app_server: Server
) -> None:
    """With the snapshot kept, a later visit's worker takes Pyodide's WebAssembly, its
    standard library and the packages straight from the service worker's cache: no
    request for them, through the service worker or past it. Python boots from the
    snapshot with the packages' files in place: a leaflet is checked by modules the
    snapshot never imported."""
    heard: list[str] = []
    page = open_app("?lang=en&chapter=5", heard=heard)
    ready(page)
    kept_offline(page)
    snapshot_kept(page, app_server.root / "app")
    page.context.set_offline(True)
    heard.clear()
    page.reload()
    ready(page)
    assert started_from(page) == "snapshot"
    assert [path for path in heard if of_python(path, app_server.root / "app")] == []
    answer = page.evaluate("m => import('./python.js').then(({ send }) => send(m))", LEAFLET)
    assert "report" in answer, answer
    assert play_once(page, page.locator("[data-live]").first, touch=False)


@pytest.mark.parametrize("spoiled", ["pyodide", "memory"])
def test_a_snapshot_that_does_not_match_is_not_used(
    open_app: Opener, app_server: Server, spoiled: str
) -> None:
    """A snapshot naming another Pyodide is not booted from, nor one Pyodide refuses
    (here: its memory spoiled behind a right header): Python starts as on a first visit."""
    kept = app_server.root / "app" / built_name(app_server.root / "app", SNAPSHOT)
    contents = app_server.root / "app" / "contents.json"
    data, text = kept.read_bytes(), contents.read_text(encoding="utf-8")
    twin = kept.with_name(kept.name + ".gz")
    packed = twin.read_bytes()
    version = json.loads(text)["snapshot"]["header"].split()[1].encode("ascii")
    try:
        if spoiled == "pyodide":
            other = b"pyodide=" + b"9" * (len(version) - len(b"pyodide="))
            write_snapshot_as_served(kept, data.replace(version, other, 1))
            contents.write_text(text.replace(version.decode(), other.decode(), 1))
        else:
            write_snapshot_as_served(
                kept, data[:HEADER_BYTES] + bytes(4) + data[HEADER_BYTES + 4 :]
            )
        page = open_app("?lang=en&chapter=5")
        ready(page)
        kept_offline(page)
        snapshot_kept(page, app_server.root / "app")
        page.context.set_offline(True)
        page.reload()
        ready(page)
        assert started_from(page) == "fresh"
        assert play_once(page, page.locator("[data-live]").first, touch=False)
    finally:
        kept.write_bytes(data)
        twin.write_bytes(packed)
        contents.write_text(text, encoding="utf-8")


def test_a_snapshot_cut_short_is_not_kept(open_app: Opener, app_server: Server) -> None:
    """A snapshot that came without all its bytes (here: the server's copy cut short) is
    not kept: the service worker checks its size, and the next visit starts afresh."""
    snapshot = built_name(app_server.root / "app", SNAPSHOT)
    kept = app_server.root / "app" / snapshot
    data = kept.read_bytes()
    heard: list[str] = []
    try:
        twin = kept.with_name(kept.name + ".gz")
        packed = twin.read_bytes()
        kept.write_bytes(data[: len(data) // 2])
        twin.write_bytes(packed[: len(packed) // 2])
        page = open_app("?lang=sv&chapter=5", heard=heard)
        came: list[str] = []  # the service worker's asks for the snapshot, once answered
        page.context.on(
            "requestfinished",
            lambda request: came.append(request.url) if f"/{snapshot}" in request.url else None,
        )
        ready(page)
        cache = kept_offline(page)
        for _ in range(300):  # the service worker asks for it, once Python is up
            if came:
                break
            page.wait_for_timeout(200)
        assert [path for path in heard if path.startswith(f"sw:/app/{snapshot}")], heard
        assert came, heard  # the half it was sent came whole: then the size is checked
        named = f"n => caches.open(n).then(c => c.match('{snapshot}')).then(Boolean)"
        assert not page.evaluate(named, cache)
        page.context.set_offline(True)
        page.reload()
        ready(page)
        assert started_from(page) == "fresh"
        assert not page.evaluate(named, cache)  # nor kept late, long after it came
    finally:
        kept.write_bytes(data)
        twin.write_bytes(packed)


def test_the_snapshot_is_the_same_bytes_each_build(app_server: Server, tmp_path: Path) -> None:
    """Taken again from the same app, the snapshot is the same bytes (the service
    worker's version changes only when the app does)."""
    served = app_server.root / "app"
    again = tmp_path / "app"
    for name, built in built_names(served).items():  # the names the snapshot is taken with
        if name.startswith(("pyodide/", "chapters/", "packages.zip")) and name[-1] != "/":
            (again / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(served / built, again / name)
    write_snapshot(again)
    taken = (served / built_name(served, SNAPSHOT)).read_bytes()
    assert (again / SNAPSHOT).read_bytes() == taken


def test_a_chapter_not_kept_is_said_with_no_network(open_app: Opener) -> None:
    """With no service worker and no network, going to another chapter says it is not
    saved on this device, and the chapter shown stays."""
    page = open_app("?lang=sv&chapter=1", workers="block")
    ready(page)
    page.context.set_offline(True)
    page.locator("#chapters").select_option("3")
    expected = catalog("sv")["app.offline.chapter"]
    page.wait_for_function(
        "text => document.getElementById('status-text').textContent === text", arg=expected
    )
    assert page.evaluate("document.documentElement.dataset.chapter") == "sv-1"
    assert page.locator("#chapters").input_value() == "1"
    assert announced(page) == expected


def test_the_app_holds_no_outside_address(app_server: Server) -> None:
    """The built files name no address outside the app for the browser to fetch."""
    root: Path = app_server.root / "app"
    for name in ("index.html", "app.js", "worker.js", "app.css"):
        assert "://" not in (root / built_name(root, name)).read_text(encoding="utf-8"), name


def test_pythons_standard_library_is_compiled_ahead_the_same_bytes_each_build(
    app_server: Server, tmp_path: Path
) -> None:
    """Pyodide's standard library, as the app serves it: every module it ships as a
    source is bytecode of Pyodide's Python instead (Pyodide would compile each module it
    imports while it starts), but the tools no page imports (``make.LEFT_OUT``), which
    are left out; and a second build gives the same bytes."""
    served = app_server.root / "app" / built_name(app_server.root / "app", f"pyodide/{STDLIB}")
    pyodide = pyodide_core()
    with zipfile.ZipFile(pyodide / STDLIB) as sources, zipfile.ZipFile(served) as compiled:
        modules = {name for name in sources.namelist() if name.endswith(".py")}
        left_out = {name for name in modules if name.split("/")[0].removesuffix(".py") in LEFT_OUT}
        assert len({name.split("/")[0] for name in left_out}) == len(LEFT_OUT)
        names = set(compiled.namelist())
        assert names.isdisjoint(modules)
        assert {f"{module}c" for module in modules - left_out} <= names
        assert names.isdisjoint(f"{module}c" for module in left_out)
        magic = {compiled.read(name)[:4] for name in names if name.endswith(".pyc")}
        assert len(magic) == 1, "one Python compiled every module"
    again = app_stdlib(tmp_path / STDLIB, pyodide=pyodide)
    assert again.read_bytes() == served.read_bytes()


LAN = "klassi.lan"
"""A name Chromium finds at 127.0.0.1: an address on the school network, where a page
served over plain http is no secure context."""


KEPT_AS_SERVED = """file => new Promise((resolve) => {
  const opening = indexedDB.open("blockdomino-app");
  opening.onsuccess = () => {
    const asked = opening.result.transaction("snapshot").objectStore("snapshot").get("snapshot");
    asked.onsuccess = async () => {
      const bytes = async (got) => new Uint8Array(await got.arrayBuffer());
      const [kept, served] = await Promise.all([asked.result, await fetch(file)].map(bytes));
      resolve(kept.length === served.length && kept.every((byte, at) => byte === served[at]));
    };
  };
})"""
"""Whether the snapshot IndexedDB holds (decoded from its brotli twin) is, byte for byte,
the file itself as served."""


class _Recorded(http.server.SimpleHTTPRequestHandler):
    """A static server that sends the app's caching headers, as ``blockdomino serve``
    does (``app.names.cache_control``), and notes every path asked of it."""

    asked: ClassVar[list[str]] = []

    def end_headers(self) -> None:
        path = urlsplit(self.path).path
        self.asked.append(path)
        self.send_header("Cache-Control", cache_control(path) or "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet."""


@pytest.fixture
def school_server(app_server: Server, tmp_path: Path) -> Iterator[tuple[int, list[str]]]:
    """A copy of the app served on 127.0.0.1 with the app's caching headers, Python's
    files with their brotli twins beside them, as ``blockdomino serve`` and the site
    build write them (at a quick level): its port, and the paths asked of it."""
    _Recorded.asked = []
    with static_copy(app_server.root / "app", tmp_path / "site", PYTHONS_FILES, _Recorded) as port:
        yield port, _Recorded.asked


@pytest.fixture
def school_network(chromium: Browser, tmp_path: Path) -> Iterator[BrowserContext]:
    """Chromium that finds :data:`LAN` at 127.0.0.1 and reaches it past the closed proxy,
    with a profile of its own: a disk cache, as a tablet has (a private context keeps
    its cache in memory, too small for Python's files)."""
    rules = [f"--host-resolver-rules=MAP {LAN} 127.0.0.1", f"--proxy-bypass-list={LAN}"]
    context = chromium.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=str(CHROMIUM),
        args=[*CHROMIUM_ARGS, *rules],
        viewport={"width": 1280, "height": 900},
    )
    context.set_default_timeout(READY_MS)
    yield context
    context.close()


def test_over_plain_http_on_the_school_network_a_reload_asks_for_no_file_of_python(
    school_network: BrowserContext, school_server: tuple[int, list[str]], app_server: Server
) -> None:
    """No secure context, so no service worker and no Cache Storage, and no brotli from
    the browser: the worker fetches Python's files' brotli twins and decodes them itself
    (the files themselves never, nor their gzip twins), and keeps the snapshot, decoded
    the same bytes, in IndexedDB, fetched once after the first tile showed; a reload
    boots from it. Every file but the entry points is named by its content and sent
    immutable, so the reload asks the server for none of them: only the page and
    ``contents.json``."""
    port, asked = school_server
    app = app_server.root / "app"
    heard: list[str] = []
    listen(school_network, heard)
    page = school_network.pages[0]
    page.goto(f"http://{LAN}:{port}/app/?lang=fi&chapter=5")
    ready(page)
    secure = page.evaluate("[isSecureContext, 'caches' in self, 'serviceWorker' in navigator]")
    assert secure == [False, False, False]
    assert started_from(page) == "fresh"
    named = json.loads((app / "contents.json").read_text())["snapshot"]
    until(page, KEPT_IN_DATABASE, named["bytes"])
    snapshot = [n for n, path in enumerate(heard) if f"/{named['file']}" in path]
    assert len(snapshot) == 1, heard
    assert heard.index("python ready") < snapshot[0]
    pythons = sorted(path for path in asked if of_python(path, app))  # the first visit's
    assert pythons == sorted(f"/app/{built_name(app, name)}.br" for name in PYTHONS_FILES)
    assert page.evaluate(KEPT_AS_SERVED, named["file"])
    asked.clear()
    page.reload()
    ready(page)
    assert started_from(page) == "snapshot"
    assert play_once(page, page.locator("[data-live]").first, touch=False)
    # The page and its list of files, and the start page's question whether a class is
    # served beside the app: nothing of Python's, nothing named by its content.
    assert sorted(set(asked)) == ["/app/", "/app/contents.json", "/class/here"], asked
