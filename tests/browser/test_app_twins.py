"""The app from a static server that sends the compressed twins of Python's files as the
files compressed (``X.br`` with ``Content-Encoding: br``, ``X.gz`` with
``Content-Encoding: gzip``), as a server configured for precompressed files may: on a
secure origin the browser decodes them itself, and the app must not decode them again;
on a LAN-like origin (plain http) Chromium refuses a brotli answer it did not ask for,
and the app takes the gzip twin instead. Either way Python starts, the service worker
or IndexedDB keeps the memory snapshot whole."""

from __future__ import annotations

import http.server
import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from blockdomino.app.names import built_name

from . import apps
from .conftest import CHROMIUM, CHROMIUM_ARGS, Server

pytestmark = pytest.mark.browser

LAN = "klassi.lan"
"""A name Chromium finds at 127.0.0.1: plain http there is no secure context."""
BIG = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "packages.zip")
"""Python's big files, which the worker fetches by a twin from a static server."""


class _Encoded(http.server.SimpleHTTPRequestHandler):
    """A static server that says a twin's compression as the answer's encoding."""

    def end_headers(self) -> None:
        path = urlsplit(self.path).path
        if path.endswith(".br"):
            self.send_header("Content-Encoding", "br")
        elif path.endswith(".gz"):
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet."""


@pytest.fixture
def encoding_server(app_server: Server, tmp_path: Path) -> Iterator[int]:
    """A copy of the app with brotli twins beside Python's files (and the build's gzip
    twins), served by :class:`_Encoded` on 127.0.0.1: its port."""
    with apps.static_copy(app_server.root / "app", tmp_path / "site", BIG, _Encoded) as port:
        yield port


@pytest.fixture
def browser_with_a_disk(chromium: Browser, tmp_path: Path) -> Iterator[BrowserContext]:
    """Chromium with a profile of its own (service workers allowed), finding :data:`LAN`
    at 127.0.0.1."""
    rules = [f"--host-resolver-rules=MAP {LAN} 127.0.0.1", f"--proxy-bypass-list={LAN}"]
    context = chromium.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *rules]
    )
    context.set_default_timeout(apps.READY_MS)
    yield context
    context.close()


def started(context: BrowserContext, address: str) -> tuple[Page, list[str]]:
    """The app at ``address`` opened in ``context`` until Python is up: its page, and
    every path asked (:func:`apps.listen`)."""
    heard: list[str] = []
    apps.listen(context, heard)
    page = context.pages[0]
    page.goto(f"{address}/app/?lang=fi&chapter=5")
    apps.ready(page)
    return page, heard


@pytest.mark.parametrize("host", ["127.0.0.1", LAN], ids=["secure", "lan"])
def test_twins_sent_as_compressed_files_start_python_and_keep_the_snapshot(
    browser_with_a_disk: BrowserContext, encoding_server: int, app_server: Server, host: str
) -> None:
    app = app_server.root / "app"
    page, heard = started(browser_with_a_disk, f"http://{host}:{encoding_server}")
    assert apps.started_from(page) == "fresh"
    twin = ".gz" if host == LAN else ".br"
    for name in BIG:  # each big file by the twin the browser takes, never the file itself
        built = f"/app/{built_name(app, name)}"
        assert any(path.endswith(built + twin) for path in heard), heard
        assert not any(path.endswith(built) for path in heard), heard
    if host == LAN:
        named = json.loads((app / "contents.json").read_text())["snapshot"]
        apps.until(page, apps.KEPT_IN_DATABASE, named["bytes"])
    else:
        apps.snapshot_kept(page, app)  # the service worker unpacks no gzip twin twice either


@pytest.fixture
def build_only_server(app_server: Server, tmp_path: Path) -> Iterator[int]:
    """A copy of the app as its build leaves it (the gzip twins alone, no brotli twin),
    served by :class:`_Encoded` on 127.0.0.1: its port."""
    with apps.static_copy(app_server.root / "app", tmp_path / "site", (), _Encoded) as port:
        yield port


def test_an_app_without_brotli_twins_is_asked_for_one_at_most(
    browser_with_a_disk: BrowserContext, build_only_server: int, app_server: Server
) -> None:
    """The first brotli twin asked for tells the worker that the site has none: the
    server answers one 404, not one for each of Python's files, and the gzip twins
    come instead."""
    app = app_server.root / "app"
    page, heard = started(browser_with_a_disk, f"http://{LAN}:{build_only_server}")
    named = json.loads((app / "contents.json").read_text())["snapshot"]
    apps.until(page, apps.KEPT_IN_DATABASE, named["bytes"])
    assert len([path for path in heard if path.endswith(".br")]) <= 1, heard
    for name in BIG:
        assert any(path.endswith(f"/app/{built_name(app, name)}.gz") for path in heard), heard
