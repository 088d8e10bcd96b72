"""The code-free app in Chromium: every chapter of every language opened and played, at
desktop, tablet and phone sizes with touch, by keyboard alone, with service workers
blocked, through a reload; axe on every chapter; no request leaves the app's server.

The app is built on its own (``apps.build``) and served by a plain static server, as
``blockdomino serve`` or any web space serves it. All chapters of all languages are
played at the desktop size in one tab each (the worker stays up between chapters, as
for a learner); the tablet and phone sizes play the chapters with live pieces.
"""

from __future__ import annotations

import json
import shutil
import sys
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Request

from blockdomino.app.snapshot import HEADER_BYTES, SNAPSHOT, write_snapshot
from blockdomino.engine.rules import PRESETS_SHOWN, Rules
from blockdomino.publish.bytecode import STDLIB, compiled_stdlib
from blockdomino.publish.downloads import pyodide_core
from blockdomino.publish.tutorial import CHAPTERS
from blockdomino.words.i18n import LANGS, catalog

from . import apps
from .conftest import Server, _start, _stop, free_port, keep_home
from .test_accessibility import audit, check_ours

pytestmark = pytest.mark.browser

READY_MS = 120_000
"""The longest wait for Python in the worker (a shared, slow machine)."""
SIZES = {
    "desktop": (1280, 900),
    "tablet": (810, 1080),
    "phone": (390, 664),
    "phone-landscape": (750, 342),
}
"""The windows, in CSS pixels: a tablet in portrait (an iPad), a phone in portrait and in
landscape (an iPhone 13's viewport, as Playwright's device list gives it)."""
TAP = 44
"""The smallest tap target, in CSS pixels."""
LIVE_CHAPTERS = (5, 6, 7, 8)


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app, built and served on 127.0.0.1 under ``/app/``."""
    root = tmp_path_factory.mktemp("app-site")
    apps.build(root / "app")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(root), str(port)]
    log = root.parent / "app-http.log"
    process = _start(command, env={}, log=log, probe=f"{url}/app/index.html")
    yield Server(url, "", root, log, process)
    _stop(process)


Opener = Callable[..., Page]


@pytest.fixture
def open_app(chromium: Browser, app_server: Server) -> Iterator[Opener]:
    """Open the app in a fresh context (a first visit) of a given size, touch and
    service-worker policy (its requests ``heard``, a ``script`` run first in every page);
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
    ) -> Page:
        width, height = SIZES[size]
        context = chromium.new_context(
            viewport={"width": width, "height": height},
            has_touch=touch,
            is_mobile=touch and size.startswith("phone"),
            service_workers=workers,  # type: ignore[arg-type]
        )
        context.set_default_timeout(READY_MS)
        keep_home(context, home, aborted)
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


@pytest.mark.parametrize("lang", LANGS)
def test_every_chapter_opens_plays_and_passes_axe(
    open_app: Opener, lang: str, request: pytest.FixtureRequest
) -> None:
    """Every chapter in turn, from the chapter list: its text, every live piece played
    once, the page as wide as the window, and axe finding nothing serious."""
    page = open_app(f"?lang={lang}&chapter=0")
    assert page.evaluate("document.documentElement.lang") == lang
    ready(page)
    for chapter in range(len(CHAPTERS)):
        go_to(page, chapter)
        ready(page)
        for section in page.locator("[data-live]").all():
            play_once(page, section, touch=False)
            assert announced(page)
        fits_the_width(page)
        check_ours(audit(page, f"{request.node.name}-{chapter}", "*"))


@pytest.mark.parametrize(
    ("size", "lang", "chapter"),
    [
        ("tablet", "fi", 5),
        ("tablet", "sv", 8),
        ("tablet", "en", 4),
        ("phone", "en", 7),
        ("phone", "fi", 6),
        ("phone", "sv", 3),
        ("phone", "fi", 9),
    ],
)
def test_tablet_and_phone_by_touch(open_app: Opener, size: str, lang: str, chapter: int) -> None:
    """Played by touch on a tablet in portrait and on a phone: no horizontal scrolling,
    every tap target at least 44 px, every board as wide as the column."""
    page = open_app(f"?lang={lang}&chapter={chapter}", size=size, touch=True)
    ready(page)
    for section in page.locator("[data-live]").all():
        for _ in range(3):
            play_once(page, section, touch=True)
    fits_the_width(page)
    tap_targets(page)
    column = page.locator("#chapter").bounding_box()
    assert column
    for board in page.locator("[data-live] .board svg").all():
        drawn = board.bounding_box()
        assert drawn
        assert drawn["width"] >= column["width"] * 0.8


def test_every_kind_of_action(open_app: Opener) -> None:
    """Hint, What do we know?, a tile and its end, undo, the chooser (a match's offers the
    scored presets only), draw and pass, the hot seat's hand-over and the replay's steps,
    each changing what is shown."""
    page = open_app("?lang=fi&chapter=5", touch=True)
    ready(page)
    table = page.locator("[data-live]").first
    press(page, table.locator("[data-action='hint']"), touch=True)
    table.locator(".area.answer li").first.wait_for()
    press(page, table.locator("[data-action='knowledge']"), touch=True)
    table.locator(".area.answer table, .area.answer p").first.wait_for()
    played = [play_once(page, table, touch=True) for _ in range(2)]
    assert any(action.startswith(("tap:", "end:")) for action in played)
    press(page, table.locator("[data-action='undo']:enabled"), touch=True)
    settled(table)
    table.locator(".chooser select").first.select_option("partnership")
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    press(page, table.locator(".chooser .deal"), touch=True)
    page.wait_for_function(
        "s => s.querySelector('.area.info').textContent.includes('4')", arg=table.element_handle()
    )
    assert asked == [catalog("fi")["app.chooser.confirm"]], "a game under way: asked first"
    offered = page.locator(".live.MatchPlayer .chooser select").first.locator("option")
    scored = [preset for preset in PRESETS_SHOWN if Rules.preset(preset).scored]
    assert offered.evaluate_all("options => options.map((o) => o.value)") == scored
    go_to(page, 7)
    ready(page)
    draw = page.locator("[data-live]").first
    actions = {play_once(page, draw, touch=True) for _ in range(12)}
    assert actions & {"draw", "pass"} or any(a.startswith(("tap:", "end:")) for a in actions)
    go_to(page, 8)
    ready(page)
    hot, *_, replay = page.locator("[data-live]").all()
    press(page, hot.locator("[data-action='show_hand']"), touch=True)
    hot.locator(".board .playable").first.wait_for()
    for step in ("forward", "last", "back", "first"):
        before = replay.locator(".area.view").inner_html()
        press(page, replay.locator(f"[data-action='{step}']"), touch=True)
        settled(replay)
        assert replay.locator(".area.view").inner_html() != before


def test_the_lab_measures_in_the_worker_and_a_reload_shows_the_same_figures(
    open_app: Opener,
) -> None:
    """Chapter 07's lab: a number of rounds chosen, measured with the seed shown, then
    with a new seed, then shown as the heaviest-first chart: each time the chart (an
    image with a title and a description) and the report's table, the announcement
    saying what was measured; while the worker measures, the page answers at once. A
    reload replays the same actions to the same figures."""
    page = open_app("?lang=sv&chapter=7")
    ready(page)
    lab = page.locator("[data-widget='LiveLab']")
    assert lab.locator(".area.board svg").count() == 0
    press(page, lab.locator("[data-action='rounds:100']"), touch=False)
    settled(lab)
    assert "chosen" in (lab.locator("[data-action='rounds:100']").get_attribute("class") or "")
    press(page, lab.locator("[data-action='run']"), touch=False)
    lab.locator(".area.board svg[role='img'] > title").wait_for(state="attached")
    settled(lab)
    assert lab.locator(".area.board svg > desc").text_content()
    assert lab.locator(".area.message table tbody tr").count() == 3
    assert lab.locator(".area.answer details table").count() == 3
    assert "100" in announced(page)
    first = lab.locator(".area.board").inner_html()
    press(page, lab.locator("[data-action='again']"), touch=False)
    settled(lab)
    assert lab.locator("[data-field='seed']").input_value() != "3"
    assert lab.locator(".area.board").inner_html() != first
    press(page, lab.locator("[data-action='figure:heaviest']"), touch=False)
    settled(lab)
    shown = lab.locator(".area.board").inner_html()
    assert shown != first
    press(page, lab.locator("[data-action='rounds:1000']"), touch=False)
    settled(lab)
    press(page, lab.locator("[data-action='run']"), touch=False)
    busy, waited = page.evaluate(
        """(s) => new Promise((done) => {
            const busy = s.getAttribute("aria-busy"), asked = performance.now();
            requestAnimationFrame(() => done([busy, performance.now() - asked]));
        })""",
        lab.element_handle(),
    )
    assert busy == "true"
    assert waited < 500, f"the page waited {waited:.0f} ms for a frame while measuring"
    settled(lab)
    measured = lab.locator(".area.board").inner_html()
    page.reload()
    ready(page)
    again = page.locator("[data-widget='LiveLab']")
    assert again.locator(".area.board").inner_html() == measured


def crowded(chart: Locator) -> list[str]:
    """The words of a chart drawn over each other (in pairs), or beyond its edges."""
    found: list[str] = chart.evaluate(
        """(svg) => {
            const edge = svg.getBoundingClientRect();
            const boxes = [...svg.querySelectorAll("text")]
                .map((t) => [t.textContent, t.getBoundingClientRect()]);
            const over = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
                && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
            const out = (a) => a.left < edge.left - 0.5 || a.right > edge.right + 0.5
                || a.top < edge.top - 0.5 || a.bottom > edge.bottom + 0.5;
            return boxes.flatMap(([name, box], i) => boxes.slice(i + 1)
                .filter(([, other]) => over(box, other)).map(([other]) => `${name} / ${other}`))
                .concat(boxes.filter(([, box]) => out(box)).map(([name]) => `${name} cut off`));
        }"""
    )
    return found


@pytest.mark.parametrize(("size", "lang"), [("phone", "fi"), ("phone-landscape", "sv")])
def test_the_lab_on_a_phone_shows_a_short_table_and_folds_the_long_report(
    open_app: Opener, size: str, lang: str
) -> None:
    """Measured on a phone: the chart, its labels apart, and its shares as a short table;
    the long report folded behind "Show details", closed until tapped and open after
    the next action; no table cut off and nothing scrolling sideways, folded or not."""
    page = open_app(f"?lang={lang}&chapter=7", size=size, touch=True)
    ready(page)
    lab = page.locator("[data-widget='LiveLab']")
    press(page, lab.locator("[data-action='run']"), touch=True)
    lab.locator(".area.board svg").wait_for()
    settled(lab)
    details = lab.locator(".area.answer details")
    assert details.evaluate("d => d.open") is False
    assert details.locator("summary").text_content() == catalog(lang)["lab.live.details"]
    assert lab.locator(".area.message table tbody tr").count() == 3
    assert crowded(lab.locator(".area.board svg")) == []
    fits_the_width(page)
    press(page, details.locator("summary"), touch=True)
    assert details.evaluate("d => d.open") is True
    fits_the_width(page)
    press(page, lab.locator("[data-action='figure:heaviest']"), touch=True)
    settled(lab)
    assert lab.locator(".area.answer details").evaluate("d => d.open") is True
    assert crowded(lab.locator(".area.board svg")) == []
    fits_the_width(page)
    column = lab.bounding_box()
    assert column
    for table in lab.locator("table").all():
        box = table.bounding_box()
        assert box
        assert box["x"] + box["width"] <= column["x"] + column["width"], "a table cut off"
    tap_targets(page)


@pytest.mark.parametrize(("size", "lang"), [("phone", "en"), ("phone-landscape", "fi")])
def test_on_a_phone_the_header_is_one_low_row_and_every_target_fits_a_finger(
    open_app: Opener, size: str, lang: str
) -> None:
    """Upright or on its side, while the game loads and once it is ready, the header takes
    at most 15 % of the screen's height, its buttons keep their words for a screen reader;
    every tap target of the chapter with the most of them is 44 px or more."""
    page = open_app(f"?lang={lang}&chapter=8", size=size, touch=True)
    height = SIZES[size][1]
    for _ in range(2):
        header = page.locator("header").bounding_box()
        assert header
        assert header["height"] <= 0.15 * height, f"{header['height']:.0f} of {height} px"
        ready(page)
    words = catalog(lang)
    assert page.get_by_role("button", name=words["app.start_over"]).is_visible()
    assert page.get_by_role("button", name=words["app.projector"]).is_visible()
    hot = page.locator("[data-widget='HotSeat']").first
    hot.locator(".chooser input.computer").first.wait_for()
    press(page, hot.locator("[data-action='show_hand']"), touch=True)
    settled(hot)
    fits_the_width(page)
    tap_targets(page)


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
    assert not [path for path in heard if path.endswith(SNAPSHOT)]


@pytest.mark.parametrize("asked", ["de", "../x"])
def test_a_language_the_app_does_not_speak_opens_the_registrys_first(
    open_app: Opener, asked: str
) -> None:
    """The app speaks the library's languages, as contents.json lists them: an address
    in another opens the chapter in the first of them, and says so."""
    page = open_app(f"?lang={asked}&chapter=1")
    assert page.locator("html").get_attribute("data-chapter") == f"{LANGS[0]}-1"
    assert page.locator("html").get_attribute("lang") == LANGS[0]
    assert page.evaluate("location.search") == f"?lang={LANGS[0]}&chapter=1"


def until(page: Page, expression: str, arg: object = None) -> None:
    """Wait (at most a minute) until a promise-returning ``expression`` resolves true."""
    for _ in range(300):
        if page.evaluate(expression, arg):
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"never true: {expression}")


def kept_offline(page: Page) -> str:
    """Wait until the service worker keeps the app and answers this page; its cache."""
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    names: list[str] = page.evaluate("caches.keys()")
    assert len(names) == 1, names
    return names[0]


KEPT_SNAPSHOT = """([file, bytes]) => caches.keys().then(async (names) => {
  const kept = names.length === 1 && (await (await caches.open(names[0])).match(file));
  return kept ? (await kept.arrayBuffer()).byteLength === bytes : false;
})"""
"""Whether the one cache holds the whole snapshot."""


def snapshot_kept(page: Page, app: Path) -> None:
    """Wait until the service worker has fetched the snapshot (all its bytes) into the
    app's one cache."""
    named = json.loads((app / "contents.json").read_text(encoding="utf-8"))["snapshot"]
    until(page, KEPT_SNAPSHOT, [named["file"], named["bytes"]])


def started_from(page: Page) -> str:
    """How the worker started Python: from the kept ``snapshot``, or ``fresh``."""
    start: str = page.evaluate("document.documentElement.dataset.pythonStart")
    return start


def test_a_first_visit_fetches_the_snapshot_once_after_python_started(
    open_app: Opener, app_server: Server
) -> None:
    """A first visit moves only what Python needs: the snapshot is asked for after Python
    is up, once, by the service worker, in the background; then the cache holds it."""
    heard: list[str] = []
    page = open_app("?lang=fi&chapter=1", heard=heard)
    ready(page)
    kept_offline(page)
    snapshot_kept(page, app_server.root / "app")
    asked = [n for n, path in enumerate(heard) if path.endswith(f"/{SNAPSHOT}")]
    assert len(asked) == 1, heard
    assert heard[asked[0]] == f"sw:/app/{SNAPSHOT}"
    assert heard.index("python ready") < asked[0]
    assert heard.index("sw:/app/sw.js") < asked[0]


def test_the_install_keeps_the_app_but_not_the_snapshot(open_app: Opener) -> None:
    """Installing keeps every other file, never the snapshot: with the page's message
    never sent, the app is kept offline and the snapshot neither asked for nor kept."""
    heard: list[str] = []
    unsent = "ServiceWorker.prototype.postMessage = () => {};"
    page = open_app("?lang=fi&chapter=1", heard=heard, script=unsent)
    ready(page)
    cache = kept_offline(page)
    page.wait_for_timeout(2000)
    assert page.evaluate(
        "name => caches.open(name).then(c => c.match('index.html')).then(Boolean)", cache
    )
    assert not page.evaluate("n => caches.open(n).then(c => c.match('snapshot.data'))", cache)
    assert not [path for path in heard if path.endswith(f"/{SNAPSHOT}")]


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


@pytest.mark.parametrize("spoiled", ["pyodide", "memory"])
def test_a_snapshot_that_does_not_match_is_not_used(
    open_app: Opener, app_server: Server, spoiled: str
) -> None:
    """A snapshot naming another Pyodide is not booted from, nor one Pyodide refuses
    (here: its memory spoiled behind a right header): Python starts as on a first visit."""
    kept = app_server.root / "app" / SNAPSHOT
    contents = app_server.root / "app" / "contents.json"
    data, text = kept.read_bytes(), contents.read_text(encoding="utf-8")
    version = json.loads(text)["snapshot"]["header"].split()[1].encode("ascii")
    try:
        if spoiled == "pyodide":
            other = b"pyodide=" + b"9" * (len(version) - len(b"pyodide="))
            kept.write_bytes(data.replace(version, other, 1))
            contents.write_text(text.replace(version.decode(), other.decode(), 1))
        else:
            kept.write_bytes(data[:HEADER_BYTES] + bytes(4) + data[HEADER_BYTES + 4 :])
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
        contents.write_text(text, encoding="utf-8")


def test_a_snapshot_cut_short_is_not_kept(open_app: Opener, app_server: Server) -> None:
    """A snapshot that came without all its bytes (here: the server's copy cut short) is
    not kept: the service worker checks its size, and the next visit starts afresh."""
    kept = app_server.root / "app" / SNAPSHOT
    data = kept.read_bytes()
    heard: list[str] = []
    try:
        kept.write_bytes(data[: len(data) // 2])
        page = open_app("?lang=sv&chapter=5", heard=heard)
        ready(page)
        cache = kept_offline(page)
        for _ in range(300):  # the service worker asks for it, once Python is up
            if f"sw:/app/{SNAPSHOT}" in heard:
                break
            page.wait_for_timeout(200)
        assert f"sw:/app/{SNAPSHOT}" in heard, heard
        page.wait_for_timeout(2000)  # the half it was sent, then the size checked
        named = f"n => caches.open(n).then(c => c.match('{SNAPSHOT}')).then(Boolean)"
        assert not page.evaluate(named, cache)
        page.context.set_offline(True)
        page.reload()
        ready(page)
        assert started_from(page) == "fresh"
    finally:
        kept.write_bytes(data)


def test_the_snapshot_is_the_same_bytes_each_build(app_server: Server, tmp_path: Path) -> None:
    """Taken again from the same app, the snapshot is the same bytes (the service
    worker's version changes only when the app does)."""
    served = app_server.root / "app"
    again = tmp_path / "app"
    shutil.copytree(served / "pyodide", again / "pyodide")
    shutil.copyfile(served / "packages.zip", again / "packages.zip")
    write_snapshot(again)
    assert (again / SNAPSHOT).read_bytes() == (served / SNAPSHOT).read_bytes()


def test_a_new_version_replaces_the_old_once_no_tab_shows_it(
    open_app: Opener, app_server: Server
) -> None:
    """A rebuilt app (here: its worker's version changed) installs beside the old; the
    tab still open keeps the old; the next visit after it closed has the new alone."""
    page = open_app("?lang=en&chapter=1")
    ready(page)
    old = kept_offline(page)
    worker = app_server.root / "app" / "sw.js"
    text = worker.read_text(encoding="utf-8")
    try:
        worker.write_text(text.replace("const VERSION = ", 'const VERSION = "new" + '))
        context = page.context
        second = context.new_page()
        second.goto(page.url)
        until(second, "navigator.serviceWorker.getRegistration().then(r => r?.waiting != null)")
        kept: list[str] = second.evaluate("caches.keys()")
        assert old in kept  # the tabs open keep the old version until they close
        assert len(kept) == 2
        page.close()
        second.close()
        third = context.new_page()
        third.goto(page.url)
        until(
            third, "old => caches.keys().then(names => names.length === 1 && names[0] !== old)", old
        )
        ready(third)
        snapshot_kept(third, app_server.root / "app")  # the new version fetches its own
    finally:
        worker.write_text(text, encoding="utf-8")


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


def test_a_reload_resumes_the_game_and_start_over_clears_it(open_app: Opener) -> None:
    """Moves made, the page reloaded: the same board; "Start over" goes back to the
    first chapter and forgets the game."""
    page = open_app("?lang=en&chapter=8")
    ready(page)
    hot = page.locator("[data-live]").first
    for _ in range(3):
        play_once(page, hot, touch=False)
    board = hot.locator(".area.board").inner_html()
    page.reload()
    ready(page)
    assert page.locator("[data-live]").first.locator(".area.board").inner_html() == board
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#start-over").click()
    page.locator("html[data-chapter='en-0']").wait_for(state="attached")
    ready(page)
    go_to(page, 8)
    ready(page)
    assert page.locator("[data-live]").first.locator(".area.board").inner_html() != board


def test_a_round_by_keyboard_alone(open_app: Opener) -> None:
    """Tab to a fitting tile, Enter; Tab to a fitting end, Enter; pass when nothing
    fits: the round is played to its end, every step with the focus visible."""
    page = open_app("?lang=fi&chapter=5")
    ready(page)
    table = page.locator("[data-live]").first
    for _ in range(40):
        if table.locator("[data-action^='tile:']:enabled").count() == 0:
            break
        target = "button.fits:enabled, [data-action='pass']:enabled, [data-action='draw']:enabled"
        for _ in range(200):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement.matches(`{target}`)"):
                break
        else:
            pytest.fail("no fitting tile, end or pass reached by Tab")
        assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
        page.keyboard.press("Enter")
        settled(table)
    assert table.locator("[data-action^='tile:']:enabled").count() == 0
    assert table.locator("[data-action='new_round']").is_enabled()


def test_the_app_holds_no_outside_address(app_server: Server) -> None:
    """The built files name no address outside the app for the browser to fetch."""
    root: Path = app_server.root / "app"
    for name in ("index.html", "app.js", "worker.js", "app.css"):
        assert "://" not in (root / name).read_text(encoding="utf-8"), name


def test_pythons_standard_library_is_compiled_ahead_the_same_bytes_each_build(
    app_server: Server, tmp_path: Path
) -> None:
    """Pyodide's standard library, as the app serves it: every module it ships as a
    source is bytecode of Pyodide's Python instead (Pyodide would compile each module it
    imports while it starts), and a second build gives the same bytes."""
    served = app_server.root / "app" / "pyodide" / STDLIB
    pyodide = pyodide_core()
    with zipfile.ZipFile(pyodide / STDLIB) as sources, zipfile.ZipFile(served) as compiled:
        modules = {name for name in sources.namelist() if name.endswith(".py")}
        names = set(compiled.namelist())
        assert names.isdisjoint(modules)
        assert {f"{module}c" for module in modules} <= names
        magic = {compiled.read(name)[:4] for name in names if name.endswith(".pyc")}
        assert len(magic) == 1, "one Python compiled every module"
    again = compiled_stdlib(tmp_path / STDLIB, pyodide=pyodide)
    assert again.read_bytes() == served.read_bytes()


def test_arrow_keys_move_between_the_tiles_of_a_hand(open_app: Opener) -> None:
    """In a hand, the arrow keys go from tile to tile (round at the ends), Home and End
    to the first and the last, as in a toolbar."""
    page = open_app("?lang=en&chapter=5")
    ready(page)
    tiles = page.locator("[data-live]").first.locator("[data-area='tiles'] button:enabled")
    names = [tiles.nth(i).get_attribute("data-action") for i in range(tiles.count())]
    assert len(names) > 2, names
    tiles.first.focus()

    def focused() -> str | None:
        return page.evaluate("document.activeElement.dataset.action")  # type: ignore[no-any-return]

    page.keyboard.press("ArrowRight")
    assert focused() == names[1]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert focused() == names[-1]
    page.keyboard.press("Home")
    assert focused() == names[0]
    page.keyboard.press("End")
    assert focused() == names[-1]


def test_a_replay_goes_to_the_step_typed(open_app: Opener) -> None:
    """Chapter 8's replay offers the step field its text promises: a number typed there
    shows that step."""
    page = open_app("?lang=en&chapter=8")
    ready(page)
    replay = page.locator("[data-live][data-widget='Replay']").first
    field = replay.locator("input[data-field='step']")
    field.fill("3")
    field.dispatch_event("change")
    settled(replay)
    replay.locator("text=Step 3 of").wait_for()
    assert field.input_value() == "3"


def test_a_hot_seat_for_the_pupils_own_names_and_number(open_app: Opener) -> None:
    """Chapter 8's hot seat: two to four seats, each with a pupil's own name or the
    computer; a name is shown as text, never as markup; a reload keeps the seats."""
    page = open_app("?lang=en&chapter=8")
    ready(page)
    hot = page.locator("[data-live][data-widget='HotSeat']").first
    hot.locator(".chooser select").nth(1).select_option("2")
    assert hot.locator(".chooser .seat").count() == 2
    hot.locator(".chooser .seat input[type='text']").nth(0).fill("Mia")
    hot.locator(".chooser .seat input[type='text']").nth(1).fill("<i>Leo</i>")
    press(page, hot.locator(".chooser .deal"), touch=False)
    hot.locator(".area.info", has_text="<i>Leo</i>").wait_for()
    assert hot.locator(".area.info i").count() == 0
    assert "Mia" in (hot.locator(".area.info").text_content() or "")
    page.reload()
    ready(page)
    hot = page.locator("[data-live][data-widget='HotSeat']").first
    hot.locator(".area.info", has_text="Mia").wait_for()
    assert hot.locator(".chooser .seat input[type='text']").nth(1).input_value() == "<i>Leo</i>"
