"""The app built on its own, for the browser tests and the benchmarks: the site's
Pyodide (``publish.downloads.pyodide_core``), the project's wheel as the site makes it
(``publish.wheels``), and Babel (slimmed as the site slims it), tqdm, markdown-it-py,
mdurl and charset-normalizer fetched from PyPI by pip, once each, into the cache (their
pure-Python wheels: charset-normalizer has compiled ones too); or, where a session builds
the offline site anyway, a copy of the site's app (:func:`copy_of_site_app`).

Then what the app's browser tests (``test_app_*.py``) do in a page of it: wait for
Python and the live pieces, play a move, check the width and the tap targets, and watch
the service worker keep the app and its snapshot."""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import brotli  # type: ignore[import-untyped]
from playwright.sync_api import BrowserContext, Locator, Page, Request

from blockdomino.app.make import app_stdlib, build_app, pack_packages
from blockdomino.app.names import built_name
from blockdomino.publish import wheels
from blockdomino.publish.bytecode import STDLIB
from blockdomino.publish.downloads import brotli_decoder, cache_folder, pyodide_core
from blockdomino.publish.tutorial import notebooks_root
from blockdomino.words.i18n import LANGS

REQUIREMENTS = ("babel", "tqdm", "markdown-it-py", "mdurl", "charset-normalizer")


def _wheels(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name.replace('-', '_')}-*.whl"))


def requirement_wheels(cache: Path) -> list[Path]:
    """The wheels of the library's requirements, each fetched once (the ones missing
    only); Babel's slimmed."""
    folder = cache / "app-wheels"
    missing = [name for name in REQUIREMENTS if not _wheels(folder, name)]
    if missing:
        folder.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
        command += ["--only-binary", ":all:", "--platform", "any", "-d", str(folder), *missing]
        subprocess.run(command, check=True, capture_output=True)
        if "babel" in missing:
            (babel,) = folder.glob("babel-*.whl")
            wheels.rewrite(babel, keep=wheels.babel_keeping(LANGS))
    return [_wheels(folder, name)[-1] for name in REQUIREMENTS]


def build(out: Path, *, cache: Path | None = None) -> Path:
    """The app, built into ``out``."""
    project = wheels.project_wheel(out.parent / "project-wheel")
    cache = cache or cache_folder()
    pyodide = pyodide_core(cache)
    packages = pack_packages(
        out.parent / "packages.zip", pyodide=pyodide, wheels=[*requirement_wheels(cache), project]
    )
    stdlib = app_stdlib(out.parent / STDLIB, pyodide=pyodide)
    decoder = brotli_decoder(cache)
    build_app(
        out,
        pyodide=pyodide,
        decoder=decoder,
        stdlib=stdlib,
        packages=packages,
        notebooks=notebooks_root(),
    )
    return out


def copy_of_site_app(app: Path, out: Path) -> Path:
    """A copy in ``out`` of the ``app`` of a built site as the app's build leaves it: the
    site build's brotli copies of its files left out (the tests that want them write
    them: :func:`static_copy`), its gzip copies kept (a static server sends none unasked,
    the app asks for the build's own only); ``out`` itself."""
    shutil.copytree(app, out, ignore=shutil.ignore_patterns("*.br"))
    return out


# -- the app in a page --------------------------------------------------------------------

READY_MS = 120_000
"""The longest wait for Python in the worker (a shared, slow machine)."""
UNTIL_SECONDS = 60.0
"""The longest wait for a state of the page (:func:`until`), unless told."""
KEEP_SECONDS = 180.0
"""The longest wait for a cache to hold the whole memory snapshot (38 MB fetched, or
carried from an older version's cache, by a service worker on a shared, slow machine)."""
SIZES = {
    "desktop": (1280, 900),
    "tablet": (810, 1080),
    "phone": (390, 664),
    "phone-landscape": (750, 342),
    "phone-narrow": (360, 740),
}
"""The windows, in CSS pixels: a tablet in portrait (an iPad), a phone in portrait and in
landscape (an iPhone 13's viewport, as Playwright's device list gives it), and the
narrowest phone a class has (a Galaxy S8's 360 px)."""
TAP = 44
"""The smallest tap target, in CSS pixels."""

Opener = Callable[..., Page]
"""Opens the app in a fresh context (the ``open_app`` fixture of ``conftest.py``)."""


def listen(context: BrowserContext, heard: list[str]) -> None:
    """Record in ``heard``, in order, the path of every request of ``context`` (its
    service worker's too, marked ``sw:``) and ``python ready`` when a page's Python is up."""
    context.expose_binding("pythonReady", lambda source: heard.append("python ready"))
    context.add_init_script(
        "new MutationObserver((_, seen) => { if (document.documentElement.dataset.python"
        " === 'ready') { seen.disconnect(); window.pythonReady(); } })"
        ".observe(document, { attributes: true, subtree: true });"
    )

    def request(request: Request) -> None:
        heard.append(("sw:" if request.service_worker else "") + urlsplit(request.url).path)

    context.on("request", request)


def ready(page: Page) -> None:
    """Wait until Python is up and every live piece of the chapter shows its view."""
    page.locator("html[data-python='ready']").wait_for(state="attached")
    for section in page.locator("[data-live]").all():
        section.locator(".area.message, .area.view").first.wait_for(state="attached")
        page.wait_for_function("s => s.classList.contains('opened')", arg=section.element_handle())


def announced(page: Page) -> str:
    """What the live region says (set on the frame after the view is drawn)."""
    page.wait_for_function("document.querySelector('#announce').textContent !== ''")
    return page.locator("#announce").text_content() or ""


def press(page: Page, target: Locator, *, touch: bool) -> None:
    """A tap with touch, a click without."""
    if touch:
        target.tap()
    else:
        target.click()


def settled(section: Locator) -> None:
    section.page.wait_for_function("s => !s.dataset.busy", arg=section.element_handle())


def play_once(page: Page, section: Locator, *, touch: bool) -> str:
    """One move in a live piece, on the board where a table is: its hand shown, a tile
    tapped (then its end's marker), or pass or draw; a replay's step forward; the lab's
    Measure. The action sent."""
    timings = page.evaluate("window.blockdominoTimings.length")
    widget = section.get_attribute("data-widget")
    if widget == "Replay":
        press(page, section.locator("[data-action='forward']"), touch=touch)
    elif widget == "LiveLab":
        press(page, section.locator("[data-action='run']"), touch=touch)
    elif widget == "ScoringQuiz":
        points = section.locator("input[type='number']:enabled")
        if points.count():
            points.first.fill("3")
            points.first.dispatch_event("change")
            settled(section)
            timings += 1
            press(page, section.locator("[data-action='check']"), touch=touch)
        else:
            press(page, section.locator("[data-action='next']"), touch=touch)
    else:
        show = section.locator("[data-action='show_hand']")
        if show.count():
            press(page, show, touch=touch)
            settled(section)
        tile = section.locator(".board .playable[data-tile]")
        others = section.locator(
            ":is([data-action='draw'], [data-action='pass'], [data-action='play'],"
            " [data-action='next'], [data-action^='move:'], [data-action^='choice:']):enabled"
        )
        if tile.count() and section.locator("[data-action^='tile:']:enabled").count():
            press(page, tile.first, touch=touch)
            settled(section)
            marker = section.locator(".board .marker-fits")
            if marker.count():
                press(page, marker.first, touch=touch)
        elif others.count():
            press(page, others.first, touch=touch)
        else:
            return ""
    page.wait_for_function(f"window.blockdominoTimings.length > {timings}")
    settled(section)
    action: str = page.evaluate("window.blockdominoTimings.at(-1).action")
    return action


def fits_the_width(page: Page) -> None:
    """No horizontal scrolling (and on a phone, no page laid out wider than the screen
    and shown shrunk)."""
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide in a {width[1]} px window"
    screen = page.viewport_size
    assert screen
    assert width[1] == screen["width"], (
        f"laid out {width[1]} px wide on a {screen['width']} px screen"
    )


TARGETS = (
    "button, select, summary, input:not([type='checkbox']), label:has(> input[type='checkbox']),"
    " a:not(p a, li a)"
)
"""What a finger taps: buttons, choosers, fields, a fold's summary, a switch by its label
(the box alone is smaller), a link but one in a sentence."""


def tap_targets(page: Page) -> None:
    """Every target shown (:data:`TARGETS`) is at least 44×44 CSS pixels."""
    small = page.evaluate(
        """([tap, targets]) => [...document.querySelectorAll(targets)]
            .filter(e => e.offsetParent !== null || getComputedStyle(e).position === "fixed")
            .map(e => [e.dataset.action || e.id || e.textContent, e.getBoundingClientRect()])
            .filter(([, r]) => r.width < tap || r.height < tap)
            .map(([name, r]) => `${name}: ${Math.round(r.width)}×${Math.round(r.height)}`)""",
        [TAP, TARGETS],
    )
    assert small == [], small


def go_to(page: Page, chapter: int) -> None:
    lang = page.evaluate("document.documentElement.lang")
    page.locator("#chapters").select_option(str(chapter))
    page.locator(f"html[data-chapter='{lang}-{chapter}']").wait_for(state="attached")


def until(
    page: Page, expression: str, arg: object = None, *, seconds: float = UNTIL_SECONDS
) -> None:
    """Wait (at most ``seconds``) until a promise-returning ``expression`` resolves true."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"never true in {seconds:.0f} s: {expression}")
        page.wait_for_timeout(200)


def kept_offline(page: Page) -> str:
    """Wait until the service worker keeps the app and answers this page; its cache."""
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    names: list[str] = page.evaluate("caches.keys()")
    assert len(names) == 1, names
    return names[0]


KEPT_SNAPSHOT = """([file, bytes]) => caches.keys().then(async (names) => {
  const kept = names.length === 1 && (await (await caches.open(names[0])).match(file));
  return kept ? (await kept.blob()).size === bytes : false;
})"""
"""Whether the one cache holds the whole snapshot (its size read from the cache's own
record: reading its 38 MB at every look would slow the worker that writes them)."""


KEPT_IN_DATABASE = """bytes => new Promise((resolve) => {
  const opening = indexedDB.open("blockdomino-app");
  opening.onerror = () => resolve(false);
  opening.onsuccess = () => {
    const database = opening.result;
    if (!database.objectStoreNames.contains("snapshot")) return resolve(database.close());
    const asked = database.transaction("snapshot").objectStore("snapshot").get("snapshot");
    asked.onsuccess = () => resolve(asked.result?.size === bytes);
    asked.onerror = () => resolve(false);
  };
})"""
"""Whether IndexedDB holds the whole snapshot (where there is no Cache Storage, the
worker keeps it there: ``kept.js``)."""


def snapshot_kept(page: Page, app: Path) -> None:
    """Wait (at most :data:`KEEP_SECONDS`) until the service worker has fetched the
    snapshot (all its bytes) into the app's one cache."""
    named = json.loads((app / "contents.json").read_text(encoding="utf-8"))["snapshot"]
    until(page, KEPT_SNAPSHOT, [named["file"], named["bytes"]], seconds=KEEP_SECONDS)


def started_from(page: Page) -> str:
    """How the worker started Python: from the kept ``snapshot``, or ``fresh``."""
    start: str = page.evaluate("document.documentElement.dataset.pythonStart")
    return start


@contextmanager
def static_copy(
    app: Path, folder: Path, names: Iterable[str], handler: type[http.server.BaseHTTPRequestHandler]
) -> Iterator[int]:
    """A copy of the built ``app`` in ``folder``/app, each file of ``names`` with its
    brotli twin beside it (at a quick level, as ``blockdomino serve`` and the site build
    write them), served on 127.0.0.1 by ``handler`` from a thread while the block runs:
    its port."""
    shutil.copytree(app, folder / "app")
    for name in names:
        path = folder / "app" / built_name(folder / "app", name)
        path.with_name(f"{path.name}.br").write_bytes(brotli.compress(path.read_bytes(), quality=4))
    served = functools.partial(handler, directory=str(folder))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), served) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield server.server_address[1]
        server.shutdown()
        thread.join(timeout=10)
