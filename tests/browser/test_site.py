"""The offline JupyterLite site: every notebook of every language run in the browser.

``blockdomino site`` builds the site once per session (``conftest.site``); a plain
static server serves it on 127.0.0.1. Chromium opens it in a browser context of its own
in which every request to any other host is aborted and recorded: Pyodide, the wheels,
fonts and icons must all come from the site. Each notebook is run in Python in the
browser (Pyodide): no cell errs, every diagram and widget shows, a learner clicks
through the exercises and games (each chapter in one language), and no request was
aborted. The landing page leads to each language's welcome notebook, a learner's edit
survives a reload (the browser's storage), and so does the play chapter's game in
progress, which its table keeps beside the notebook: offered for resuming.
"""

from __future__ import annotations

import json
import re
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page

from blockdomino.publish.bytecode import STDLIB
from blockdomino.publish.downloads import pyodide_core
from blockdomino.publish.site import LOCK, SERVE, external_urls
from blockdomino.words.i18n import LANGS, translate

from .conftest import TIMEOUT_MS, Server, _start, _stop, free_port, keep_home
from .pages import (
    ALL_RUN,
    Learner,
    Notebook,
    check_notebook,
    notebook_params,
    screenshot,
    tutorial,
    wait_for,
    widget_views,
)

pytestmark = pytest.mark.browser

KERNEL_MS = 180_000
"""The longest wait for Pyodide to start and run a notebook (a shared, slow machine)."""


@pytest.fixture(scope="session")
def site_server(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A plain static web server for the site on 127.0.0.1, as the README says."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(site), str(port)]
    log = tmp_path_factory.mktemp("site-log") / "http.log"
    process = _start(command, env={}, log=log, probe=f"{url}/index.html")
    yield Server(url, "", site, log, process)
    _stop(process)


@pytest.fixture(scope="session")
def aborted() -> list[str]:
    """Every request the site's pages made to another host (aborted)."""
    return []


@pytest.fixture
def site_context(
    chromium: Browser, site_server: Server, aborted: list[str]
) -> Iterator[BrowserContext]:
    """A fresh browser context for each test, as a learner's first visit: JupyterLite
    keeps open notebooks in the browser's storage and would reopen them all. Requests
    to any host but the site's are aborted and recorded, those of Pyodide's worker and of
    JupyterLite's service worker (which gives the kernel its files) too."""
    context = chromium.new_context(
        viewport={"width": 1280, "height": 1200}, service_workers="allow"
    )
    context.set_default_timeout(TIMEOUT_MS)
    home = urlsplit(site_server.url).netloc

    keep_home(context, home, aborted)
    yield context
    context.close()


@pytest.fixture
def lite(
    site_context: BrowserContext, aborted: list[str], request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A tab in the site's context; afterwards a screenshot, and no request left the site."""
    tab = site_context.new_page()
    before = len(aborted)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
    tab.on("console", lambda m: m.type in ("error", "warning") and errors.append(m.text[:200]))
    yield tab
    if errors:
        print(f"errors in the page: {errors}")
    screenshot(tab, request.node.name, "last")
    tab.close()
    assert aborted[before:] == [], f"requests outside the site: {aborted[before:]}"


def test_the_kernels_standard_library_is_compiled_ahead_with_its_sources(site: Path) -> None:
    """Pyodide's standard library, as the site serves it: beside each module's source,
    unchanged (for tracebacks, ``??`` and completion), its bytecode, which Python takes
    first, so that no kernel's start compiles the library again."""
    with (
        zipfile.ZipFile(pyodide_core() / STDLIB) as sources,
        zipfile.ZipFile(site / "static" / "pyodide" / STDLIB) as served,
    ):
        modules = [name for name in sources.namelist() if name.endswith(".py")]
        names = set(served.namelist())
        assert {f"{module}c" for module in modules} <= names
        for module in modules:
            assert served.read(module) == sources.read(module), module


def test_site_holds_no_external_url(site: Path) -> None:
    """The written configuration and lock name no URL outside the site; every wheel the
    lock names is in the site, and Babel carries only the tutorial's locales."""
    assert external_urls(site) == []
    lock = json.loads((site / LOCK).read_text(encoding="utf-8"))
    for package in lock["packages"].values():
        assert (site / LOCK).parent.joinpath(package["file_name"]).resolve().is_file(), package
    assert {"blockdomino", "babel", "ipywidgets", "pyodide-kernel"} <= set(lock["packages"])
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"


def wait_idle(page: Page, what: str) -> Locator:
    """Wait until the Pyodide kernel is idle; the status bar's word for that."""
    idle = page.locator(".jp-StatusBar-Widget", has_text="Python (Pyodide) | Idle")
    wait_for(lambda: bool(idle.count()), what, KERNEL_MS / 1000)
    return idle


def run_all(page: Page) -> None:
    """Once the kernel is idle, Run → Run All Cells; wait until every cell has run and the
    kernel is idle again."""
    idle = wait_idle(page, "the Pyodide kernel is ready")
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    wait_for(
        lambda: bool(page.evaluate(ALL_RUN)) and bool(idle.count()),
        "every cell has run and the kernel is idle",
        KERNEL_MS / 1000,
    )


def open_notebook(page: Page, server: Server, notebook: Notebook) -> float:
    """Open a notebook of the site in JupyterLab; the seconds until its cells show."""
    start = time.monotonic()
    page.goto(f"{server.url}/lab/index.html?path={notebook.relative}")
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for()
    return time.monotonic() - start


def test_the_guide_the_app_links_is_in_the_site(chromium: Browser, site_server: Server) -> None:
    """On a plain static server the app's footer link (``../guide/<lang>`` from ``app/``)
    opens the teachers' guide in that language, whose links lead to the other languages."""
    page = chromium.new_page()
    page.goto(f"{site_server.url}/guide/sv")
    assert page.evaluate("document.documentElement.lang") == "sv"
    page.get_by_role("link", name=translate("app.lang.fi", "fi")).click()
    page.wait_for_url("**/guide/fi/")
    assert page.evaluate("document.documentElement.lang") == "fi"
    page.close()


def test_outside_requests_are_aborted_and_recorded(
    site_server: Server, site_context: BrowserContext, aborted: list[str]
) -> None:
    """The guard itself: a page of the site asking another host is refused and recorded."""
    tab = site_context.new_page()
    tab.goto(f"{site_server.url}/index.html")
    before = len(aborted)
    refused = tab.evaluate(
        "() => fetch('https://cdn.jsdelivr.net/pyodide/').then(() => false, () => true)"
    )
    tab.close()
    assert refused
    assert aborted[before:] == ["https://cdn.jsdelivr.net/pyodide/"]
    del aborted[before:]


@pytest.mark.parametrize("lang", LANGS)
def test_landing_page_opens_the_welcome_notebook(
    lang: str, site_server: Server, lite: Page, request: pytest.FixtureRequest
) -> None:
    """The landing page names each language in its own words; its start link opens that
    language's welcome notebook in JupyterLab."""
    lite.goto(f"{site_server.url}/index.html")
    assert not lite.locator(f'.folder-notice[lang="{lang}"]').is_visible()
    section = lite.locator(f'section[lang="{lang}"]')
    assert translate("classroom.language", lang) in section.inner_text()
    assert section.locator("li a").count() == len(tutorial(lang))
    section.get_by_text(translate("site.start", lang), exact=True).click()
    welcome = tutorial(lang)[0]
    lite.wait_for_url(re.compile(re.escape(welcome.relative)))
    lite.locator(".jp-NotebookPanel .jp-Cell").first.wait_for()
    tab = lite.locator(".lm-TabBar-tab.jp-mod-current", has_text=welcome.path.name)
    wait_for(lambda: bool(tab.count()), f"{welcome.path.name} is the open tab")
    screenshot(lite, request.node.name, "welcome")


FOLDER_NOTICE = (
    "site.folder.title",
    "site.folder.why",
    "site.folder.serve",
    "site.folder.host",
    "site.folder.export",
)
"""What the landing page says, opened from a folder, in each language."""


def test_opened_from_a_folder_the_site_says_to_serve_it(
    site: Path, page: Page, requests: list[str], request: pytest.FixtureRequest
) -> None:
    """Double-clicked in a folder or on a USB stick (file://), where nothing of the site
    would run, the landing page shows in every language, under a heading, why it needs a
    web server, the command that serves this very folder and the static export, instead
    of the chapters; an app's page opened so leads there too. Nothing is fetched but the
    site's own files."""
    home = site.as_uri()
    page.goto(f"{home}/index.html")
    for lang in LANGS:
        notice = page.locator(f'.folder-notice[lang="{lang}"]')
        heading = notice.get_by_role("heading", name=translate("site.folder.title", lang))
        assert heading.is_visible()
        text = notice.inner_text()
        for key in FOLDER_NOTICE:
            assert translate(key, lang) in text
        assert f'{SERVE} "{site}"' in text
        assert not page.locator(f'section[lang="{lang}"]').is_visible()
    screenshot(page, request.node.name, "landing")
    page.goto(f"{home}/lab/index.html?path={tutorial('en')[0].relative}")
    page.wait_for_url(f"{home}/index.html")
    assert page.locator('.folder-notice[lang="en"]').is_visible()
    assert [url for url in requests if not url.startswith(f"{home}/")] == []


PLOT_CALL = re.compile(r"^\w+_plot\(", re.MULTILINE)
"""A cell drawing one of the lab's plots (``blocked_plot(lab, LANG)``)."""


def check_plot_notes(page: Page, notebook: Notebook) -> None:
    """Pyodide has no matplotlib: each cell that draws a plot shows, run again, the
    translated note in its place (and no traceback: that is ``check_no_errors``)."""
    cells = nbformat.read(notebook.path, as_version=4).cells
    plots = sum(bool(PLOT_CALL.search(cell.source)) for cell in cells if cell.cell_type == "code")
    notes = page.locator(".bd-lab-note")
    assert notes.all_inner_texts() == [translate("site.no_plots", notebook.lang)] * plots


def played_here(notebook: Notebook) -> bool:
    """Whether a learner clicks through this notebook's widgets in the site: each chapter
    in one language, the next chapter in the next (fi 00, sv 01, en 02, fi 03, ...).

    The widgets' Python and their page are the same in every language; only the words
    differ, and those are checked after every click in every language in JupyterLab
    (``test_lab.py``) and by the catalogs' own tests. In Pyodide the other languages'
    notebooks still run whole, every widget and diagram shown in their words, and every
    language has its chapters clicked through here."""
    chapter = tutorial(notebook.lang).index(notebook)
    return LANGS[chapter % len(LANGS)] == notebook.lang


@pytest.mark.parametrize("notebook", notebook_params())
def test_notebook_in_the_site(
    notebook: Notebook, site_server: Server, lite: Page, request: pytest.FixtureRequest
) -> None:
    """Run in Pyodide: no error, every diagram and widget shows, the plots' notes are
    said; a learner clicks through (:func:`played_here`) and still nothing errs."""
    open_notebook(lite, site_server, notebook)
    check_notebook(
        lite,
        notebook,
        request.node.name,
        run=lambda: run_all(lite),
        check=check_plot_notes,
        only=None if played_here(notebook) else set(),
    )


def test_edits_are_kept_in_the_browser(
    site_server: Server, lite: Page, request: pytest.FixtureRequest
) -> None:
    """A learner changes a code cell and saves: opened again, the notebook shows the change
    (JupyterLite keeps it in the browser's storage); the site's file is unchanged."""
    notebook = tutorial("en")[0]
    open_notebook(lite, site_server, notebook)
    cell = lite.locator(".jp-NotebookPanel .jp-CodeCell .cm-content").first
    cell.click()
    lite.keyboard.press("End")
    lite.keyboard.type("  # my note")
    lite.keyboard.press("Control+s")
    dirty = lite.locator(".lm-TabBar-tab.jp-mod-dirty")
    wait_for(lambda: not dirty.count(), "the change is saved")
    open_notebook(lite, site_server, notebook)
    edited = lite.locator(".jp-NotebookPanel .jp-CodeCell .cm-content").first
    wait_for(lambda: "# my note" in edited.inner_text(), "the change is still there")
    screenshot(lite, request.node.name, "kept")
    on_site = json.loads((site_server.root / "files" / notebook.relative).read_text())
    assert "# my note" not in json.dumps(on_site)


def match_table(page: Page, notebook: Notebook, name: str) -> Learner:
    """Run every cell of the play chapter; the learner at its match table."""
    run_all(page)
    views = widget_views(page, len(notebook.widgets))
    return Learner(views[notebook.widgets.index("MatchPlayer")], notebook.lang, name)


def test_a_kept_game_survives_a_reload(
    site_server: Server, lite: Page, request: pytest.FixtureRequest
) -> None:
    """Nothing lost: the play chapter's match table keeps its match in progress beside
    the notebook, which in the site is the browser's storage. A learner makes a move (a
    match goes on long after it) and the page is reloaded (a new Python); run again, the
    table offers to resume the match, and its Resume button brings back the same table."""
    name = request.node.name
    notebook = next(n for n in tutorial("en") if "MatchPlayer" in n.widgets and n.kept_files)
    kept = "play-match.json"
    assert kept in notebook.kept_files
    open_notebook(lite, site_server, notebook)
    learner = match_table(lite, notebook, name)
    assert not learner.shows("records.resume_offer")
    learner.place(try_wrong_end=False)
    wait_idle(lite, "the move and the computer's reply are done")
    played = learner.board
    lite.reload()
    lite.locator(".jp-NotebookPanel .jp-Cell").first.wait_for()
    again = match_table(lite, notebook, name)
    again.expect_text("records.resume_offer", path=re.escape(kept))
    again.shot("offered")
    again.press(again.enabled("records.button.resume.tooltip"))
    wait_for(lambda: again.board == played, "the kept game is on the table again")
    again.shot("resumed")
