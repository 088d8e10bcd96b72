"""A new version of the code-free app in Chromium (here: its service worker's version
changed, the build's snapshot the same): installed beside the old, it replaces the old
once no tab shows it, and keeps the memory snapshot without fetching it again where the
old one kept it (at its install, or as it starts, when the old one kept it after the new
one installed); a new version that takes over a tab is asked for the snapshot by it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Page

from blockdomino.app.names import built_name
from blockdomino.app.snapshot import SNAPSHOT

from .apps import KEEP_SECONDS, Opener, kept_offline, ready, snapshot_kept, until
from .conftest import Server

pytestmark = pytest.mark.browser

VERSIONS = "caches.keys().then(names => names.filter(n => n.startsWith('blockdomino-app-')))"
"""The versions of the app the browser keeps (not the cache through which the page hands
the service worker the files it fetched, which is there only while it installs)."""
INSTALLED = "navigator.serviceWorker.getRegistration().then(r => r?.waiting != null)"
"""Whether a new version of the service worker is installed, waiting to start."""
UPDATE = "navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => true)"
"""Ask the server for the service worker again (the browser installs it if it changed)."""
HELD = """if (location.hash === "#held") {
  window.held = true;
  const send = ServiceWorker.prototype.postMessage;
  ServiceWorker.prototype.postMessage = function (...message) {
    if (!window.held) send.apply(this, message);
  };
}"""
"""In a page opened at ``#held``, the page's messages to the service worker are dropped
until ``window.held`` is false (its request for the snapshot never arrives)."""
REPLACED = f"old => ({VERSIONS}).then(names => names.length === 1 && names[0] !== old)"
"""Whether the new version alone is kept, the ``old`` gone."""
KEPT_IN = """([name, file, bytes]) => caches.open(name).then(async (cache) => {
  const kept = await cache.match(file);
  return kept ? (await kept.blob()).size === bytes : false;
})"""
"""Whether the cache ``name`` holds the whole snapshot ``file`` of ``bytes``."""


@contextmanager
def rebuilt(app: Path, *, at_once: bool = False) -> Iterator[None]:
    """While the block runs, the served app is a new version (its service worker's
    version changed; ``at_once``: it starts as soon as it is installed, taking over the
    tabs that show the old)."""
    worker = app / "sw.js"
    text = worker.read_text(encoding="utf-8")
    new = text.replace("const VERSION = ", 'const VERSION = "new" + ')
    if at_once:
        new = 'addEventListener("install", () => skipWaiting());\n' + new
    try:
        worker.write_text(new, encoding="utf-8")
        yield
    finally:
        worker.write_text(text, encoding="utf-8")


def asked_for_snapshot(heard: list[str], app: Path) -> int:
    """How many times the snapshot (or its compressed twin) was asked of the server."""
    return len([path for path in heard if f"/{built_name(app, SNAPSHOT)}" in path])


def test_a_new_version_replaces_the_old_once_no_tab_shows_it(
    open_app: Opener, app_server: Server
) -> None:
    """A rebuilt app installs beside the old, carrying the old one's snapshot (the same
    build's: never fetched again); the tab still open keeps the old; the next visit after
    it closed has the new alone."""
    heard: list[str] = []
    app = app_server.root / "app"
    page = open_app("?lang=en&chapter=1", heard=heard)
    ready(page)
    old = kept_offline(page)
    snapshot_kept(page, app)
    with rebuilt(app):
        context = page.context
        second = context.new_page()
        second.goto(page.url)
        until(second, INSTALLED, seconds=KEEP_SECONDS)  # its install copies the snapshot
        kept: list[str] = second.evaluate(VERSIONS)
        assert old in kept  # the tabs open keep the old version until they close
        assert len(kept) == 2
        page.close()
        second.close()
        third = new_visit(page, old)
        snapshot_kept(third, app)
        assert asked_for_snapshot(heard, app) == 1, heard  # the old's


def new_visit(page: Page, old: str) -> Page:
    """A new tab of ``page``'s app, once the new version replaced the ``old`` (no tab
    showed it any more), with Python up."""
    tab = page.context.new_page()
    tab.goto(page.url)
    until(tab, REPLACED, old)
    ready(tab)
    return tab


def test_a_new_version_installed_before_the_old_kept_its_snapshot_carries_it(
    open_app: Opener, app_server: Server
) -> None:
    """The new version installed while the old one had no snapshot yet (the first tab's
    request held back); then a tab asked the old one, which kept it: as the new version
    starts, it carries the old one's across, and the snapshot was fetched once."""
    heard: list[str] = []
    app = app_server.root / "app"
    page = open_app("?lang=en&chapter=1#held", heard=heard, script=HELD)
    ready(page)
    old = kept_offline(page)
    with rebuilt(app):
        assert page.evaluate(UPDATE)
        until(page, INSTALLED, seconds=KEEP_SECONDS)
        assert asked_for_snapshot(heard, app) == 0, heard
        second = page.context.new_page()
        second.goto(page.url)  # not held: the old version, which answers it, is asked
        ready(second)
        named = [old, built_name(app, SNAPSHOT), (app / built_name(app, SNAPSHOT)).stat().st_size]
        until(second, KEPT_IN, named, seconds=KEEP_SECONDS)
        page.close()
        second.close()
        third = new_visit(page, old)
        snapshot_kept(third, app)
        assert asked_for_snapshot(heard, app) == 1, heard


def test_a_new_version_that_takes_over_the_tab_is_asked_for_the_snapshot(
    open_app: Opener, app_server: Server
) -> None:
    """A new version that starts while a tab shows the app, taking it over, after the
    tab's request reached the old one (here: held back, so the old kept none): the tab
    asks the new one, which keeps the snapshot, fetched once."""
    heard: list[str] = []
    app = app_server.root / "app"
    page = open_app("?lang=en&chapter=1#held", heard=heard, script=HELD)
    ready(page)
    old = kept_offline(page)
    with rebuilt(app, at_once=True):
        page.evaluate("window.held = false")
        assert page.evaluate(UPDATE)
        until(page, REPLACED, old)
        snapshot_kept(page, app)
        assert asked_for_snapshot(heard, app) == 1, heard
