"""Servers and a browser for the end-to-end tests: JupyterLab, the classroom (Voilà), the
app on a static server, Chromium.

One JupyterLab, one classroom server and one Chromium serve the whole session. Both
servers listen on 127.0.0.1 on a free port and want a token; they serve a copy of
``notebooks/`` (so nothing a test does reaches the repository) and run with fresh
Jupyter and IPython folders in a temporary directory, so no user setting, trusted-notebook
database or saved workspace leaks in. Chromium is Debian's (``/usr/bin/chromium``):
``tests/browser/ensure-chromium`` installs it. Every request for anything but loopback
or a local file goes to a dead proxy and fails.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, sync_playwright

from . import apps
from .apps import READY_MS, SIZES, Opener, listen

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = REPO / "test-artifacts" / "browser"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Loopback bypasses every proxy: any other address meets a closed port.
    "--proxy-server=http://127.0.0.1:9",
]
TOKEN = "blockdomino-browser-tests"
SESSION_KERNELS = 200
"""The classroom's kernel cap for the browser suite: every page it opens in a session."""
DEVICES: dict[str, dict[str, Any]] = {}
"""Playwright's device list ("Pixel 5": its viewport, scale, touch, user agent), read
when the session's Chromium starts."""
STARTUP_SECONDS = 90
TIMEOUT_MS = 60_000
"""The longest wait for a page, a kernel or a widget (the machine is shared and slow)."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: end-to-end tests in Chromium (JupyterLab, the classroom, the export)"
    )
    if config.option.markexpr == "browser" and config.option.durations is None:
        # The suite takes most of CI's time: its slowest tests close every run's report.
        config.option.durations = 30


@dataclass
class Server:
    """A server the tests started: where it listens, its token, its log."""

    url: str
    token: str
    root: Path
    log: Path
    process: subprocess.Popen[bytes] = field(repr=False)

    def api(self, method: str, path: str) -> object:
        """Call the server's REST API (JupyterLab) with the token; the JSON answer."""
        request = urllib.request.Request(
            f"{self.url}{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            body = answer.read()
        return json.loads(body) if body else None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"server exited with {process.returncode}:\n{log.read_text()[-4000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"server did not answer {url} in {STARTUP_SECONDS} s:\n{log.read_text()[-4000:]}")


def _start(
    command: list[str], *, env: dict[str, str], log: Path, probe: str
) -> subprocess.Popen[bytes]:
    with log.open("wb") as output:
        process = subprocess.Popen(
            command,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            cwd=log.parent,
            start_new_session=True,
        )
    _wait_until_up(probe, process, log)
    return process


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a server and what it started (kernels, Voilà): its own process group."""
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@pytest.fixture(scope="session")
def jupyter_home(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Environment for a Jupyter server that sees none of the user's settings or data.

    JupyterLab's user settings turn off autosave and the news and update checks, and
    render every cell of a notebook (no windowing), so an accessibility audit sees them all.
    """
    home = tmp_path_factory.mktemp("jupyter")
    folders = {
        "JUPYTER_CONFIG_DIR": home / "config",
        "JUPYTER_DATA_DIR": home / "data",
        "JUPYTER_RUNTIME_DIR": home / "runtime",
        "IPYTHONDIR": home / "ipython",
    }
    for folder in folders.values():
        folder.mkdir()
    settings = home / "lab-settings"
    for plugin, values in {
        "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
        "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification": {
            "fetchNews": "false",
            "checkForUpdates": False,
        },
    }.items():
        target = settings / f"{plugin}.jupyterlab-settings"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values), encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if not key.startswith("JUPYTER")}
    env.update({key: str(folder) for key, folder in folders.items()})
    env["BLOCKDOMINO_LAB_SETTINGS"] = str(settings)
    env["BLOCKDOMINO_LAB_WORKSPACES"] = str(home / "workspaces")
    return env


@pytest.fixture(scope="session")
def served_notebooks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of ``notebooks/``: what the servers open, save or checkpoint stays there."""
    root = tmp_path_factory.mktemp("served") / "notebooks"
    shutil.copytree(NOTEBOOKS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return root


@pytest.fixture(scope="session")
def jupyterlab(
    jupyter_home: dict[str, str], served_notebooks: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """JupyterLab on 127.0.0.1 with a token, a fresh workspace, no autosave, no news."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={TOKEN}",
        f"--ServerApp.root_dir={served_notebooks}",
        f"--LabApp.user_settings_dir={jupyter_home['BLOCKDOMINO_LAB_SETTINGS']}",
        f"--LabApp.workspaces_dir={jupyter_home['BLOCKDOMINO_LAB_WORKSPACES']}",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    log = tmp_path_factory.mktemp("lab-log") / "jupyterlab.log"
    process = _start(command, env=jupyter_home, log=log, probe=f"{url}/api/status?token={TOKEN}")
    yield Server(url, TOKEN, served_notebooks, log, process)
    _stop(process)


@pytest.fixture(scope="session")
def classroom(
    jupyter_home: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """The classroom app, started as the README says (``blockdomino classroom``), on
    127.0.0.1 with a token, without a browser. Voilà only reads the notebooks.

    The session opens every notebook several times (axe, the awards, the pages) within
    the ten minutes before an idle kernel is culled: more than a class's 40 kernels at
    once, so the cap is raised here (the cap itself is tested in ``tests/publish``)."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "blockdomino.cli",
        "classroom",
        "--lang=fi",
        f"--port={port}",
        f"--token={TOKEN}",
        "--no-browser",
        f"--max-kernels={SESSION_KERNELS}",
    ]
    log = tmp_path_factory.mktemp("voila-log") / "voila.log"
    url = f"http://127.0.0.1:{port}"
    process = _start(command, env=jupyter_home, log=log, probe=f"{url}/?token={TOKEN}")
    yield Server(url, TOKEN, NOTEBOOKS, log, process)
    _stop(process)


def blockdomino(*args: str) -> str:
    """Run the ``blockdomino`` command as the README does; its output (it must succeed)."""
    done = subprocess.run(
        [sys.executable, "-m", "blockdomino.cli", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="session")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tutorial exported by the command the README names, once per session."""
    out = tmp_path_factory.mktemp("export")
    assert Path(blockdomino("export", "--out", str(out)).strip()) == out / "index.html"
    return out


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright (never a downloaded browser)."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: run `sh tests/browser/ensure-chromium` as root "
            "(it runs `apt-get install -y chromium`)",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        DEVICES.update(  # a context's options: which browser a device is made for is none
            (name, {k: v for k, v in device.items() if k != "default_browser_type"})
            for name, device in playwright.devices.items()
        )
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def browser_context(chromium: Browser) -> Iterator[BrowserContext]:
    """One browser context for the session: the servers' pages load from a warm cache."""
    context = chromium.new_context(viewport={"width": 1280, "height": 1200})
    context.set_default_timeout(TIMEOUT_MS)
    yield context
    context.close()


def _homes(request: pytest.FixtureRequest) -> tuple[str, ...]:
    """Where a test's pages may ask for anything: the classroom server's address and the
    export's folder when the test uses them (and data or blob URLs, made in the page)."""
    homes: tuple[str, ...] = ()
    if "classroom" in request.fixturenames:
        homes += (request.getfixturevalue("classroom").url + "/",)
    if "exported" in request.fixturenames:
        homes += (request.getfixturevalue("exported").as_uri() + "/",)
    return (*homes, "data:", "blob:") if homes else ()


@pytest.fixture
def requests() -> list[str]:
    """Every address the test's tab asked for, in order."""
    return []


@pytest.fixture
def page(
    browser_context: BrowserContext, requests: list[str], request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A new tab; afterwards a screenshot of it goes to ``test-artifacts/browser/``.

    In every test of the classroom app or of the static export, each request the tab
    made is recorded, and afterwards none may have left the classroom server or the
    export's folder. Elsewhere, requests refused because they left the machine are
    reported.
    """
    tab = browser_context.new_page()
    homes = _homes(request)
    tab.on("request", lambda sent: requests.append(sent.url))
    outside: list[str] = []
    tab.on(
        "requestfailed",
        lambda failed: (
            outside.append(failed.url)
            if not failed.url.startswith(("http://127.0.0.1", "file:", "data:"))
            else None
        ),
    )
    yield tab
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(ARTIFACTS / f"{artifact_name(request.node.name)}-last.png"))
    tab.close()
    if outside:
        print(f"refused requests off the machine: {sorted(set(outside))}")
    if homes:
        away = sorted({url for url in requests if not url.startswith(homes)})
        assert not away, f"requests outside {homes[0]}: {away}"


@pytest.fixture
def lab(jupyterlab: Server, page: Page) -> Iterator[Page]:
    """A JupyterLab tab; afterwards its kernels are shut down."""
    yield page
    for session in jupyterlab.api("GET", "/api/sessions"):  # type: ignore[attr-defined]
        jupyterlab.api("DELETE", f"/api/sessions/{session['id']}")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The offline site, app and all, built by the command the README names."""
    out = tmp_path_factory.mktemp("site") / "site"
    assert blockdomino("site", "--out", str(out)).startswith(str(out))
    return out


@pytest.fixture(scope="session")
def built_app(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    """The app the tests serve, in a folder of its own (``app/`` of a temporary root): the
    site's, where the session's tests build the site anyway (what ``blockdomino site``
    gives its users, built once), else the app alone (``apps.build``, minutes sooner)."""
    out = tmp_path_factory.mktemp("app-site") / "app"
    if any("site" in item.fixturenames for item in request.session.items):
        return apps.copy_of_site_app(request.getfixturevalue("site") / "app", out)
    return apps.build(out)


@pytest.fixture(scope="session")
def app_server(built_app: Path) -> Iterator[Server]:
    """The app, served on 127.0.0.1 under ``/app/``."""
    root = built_app.parent
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(root), str(port)]
    log = root.parent / "app-http.log"
    process = _start(command, env={}, log=log, probe=f"{url}/app/index.html")
    yield Server(url, "", root, log, process)
    _stop(process)


@pytest.fixture
def open_app(chromium: Browser, app_server: Server) -> Iterator[Opener]:
    """Open the app in a fresh context (a first visit) of a given size and touch, or as
    a ``device`` of Playwright's list ("Pixel 5"), and service-worker policy (its
    requests ``heard``, a ``script`` run first in every page, routes of its own set up
    by ``prepare`` before the app is asked for);
    every request to another host is aborted, and afterwards the test fails if there was
    one, or if a script of the app threw."""
    contexts: list[BrowserContext] = []
    aborted: list[str] = []
    thrown: list[str] = []
    home = urlsplit(app_server.url).netloc

    def opener(
        query: str,
        *,
        size: str = "desktop",
        touch: bool = False,
        workers: str = "allow",
        heard: list[str] | None = None,
        script: str | None = None,
        shown: str = "html[data-chapter]",
        device: str | None = None,
        prepare: Callable[[BrowserContext], None] | None = None,
    ) -> Page:
        width, height = SIZES[size]
        screen: dict[str, Any] = {
            "viewport": {"width": width, "height": height},
            "has_touch": touch,
            "is_mobile": touch and size.startswith("phone"),
        }
        context = chromium.new_context(
            **(DEVICES[device] if device else screen),
            service_workers=workers,  # type: ignore[arg-type]
        )
        context.set_default_timeout(READY_MS)
        keep_home(context, home, aborted)
        if prepare is not None:  # routes of the test's own, after the guard: tried first
            prepare(context)
        if heard is not None:
            listen(context, heard)
        if script is not None:
            context.add_init_script(script)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: thrown.append(f"{query}: {error}"))
        page.goto(f"{app_server.url}/app/{query}")
        page.locator(shown).wait_for(state="attached")  # the chapter, or another page's sign
        return page

    yield opener
    for context in contexts:
        context.close()
    assert aborted == [], f"requests outside the app: {aborted}"
    assert thrown == [], f"the app's scripts threw: {thrown}"


def keep_home(context: BrowserContext, home: str, aborted: list[str]) -> None:
    """Abort every request of ``context`` to a host other than ``home`` (host and port)
    and record it in ``aborted``; data and blob URLs, made in the page, pass."""

    def guard(route: Route) -> None:
        address = urlsplit(route.request.url)
        if address.scheme in {"data", "blob"} or address.netloc == home:
            route.continue_()
        else:
            aborted.append(route.request.url)
            route.abort()

    context.route("**/*", guard)


def artifact_name(test_name: str) -> str:
    """A file-name-safe form of a test's name."""
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in test_name)
