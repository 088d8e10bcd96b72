"""The class's tables in Chromium: three pupils, each on a screen of their own (a phone,
a tablet, a laptop), and the projector play a whole round of a match and of a
partnership game, the fourth seat a computer player.

The class server (``blockdomino serve``'s server, started here in a thread on
127.0.0.1) draws every screen. A seat is the app's board: the phone and the tablet play
by tapping a tile's picture in the hand, then the marked end it joins; the laptop's pupil
joins and plays by the keyboard alone, the focus kept on the board after every move, its
own and the others'. At every step each pupil's screen shows
its own hand and every other hand face down, and its live region says each turn, the
others' too, with the tiles in words; the projector shows the chain, every
hand's size, whose turn it is, and at the round's end every hand turned up and the
award. A tile chosen by a tap is said chosen; once, the phone taps a tile that does not
fit and hears why, and nothing is sent; once, while another pupil is to move, the phone
taps a tile of its hand and hears whose turn it is, and nothing is sent. On the phone
(390 px) every button, every tile of the hand's picture and every end's marker measures
44 CSS px or more each way. Each page is axe-clean, no request leaves the class server,
no script throws.
"""

from __future__ import annotations

import html
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as Timeout

from blockdomino.engine.events import Play
from blockdomino.publish.serve import PROJECTOR
from blockdomino.publish.staging import write_stamp
from blockdomino.server.run import ClassServer, open_server
from blockdomino.tables.screens import projector_screen, seat_screen
from blockdomino.tables.service import Table
from blockdomino.words.i18n import translate
from blockdomino.words.narration import turn_sentence
from blockdomino.words.text import tile_in_words

from .axe import audit, check_ours
from .conftest import keep_home

pytestmark = pytest.mark.browser

WAIT_MS = 20_000
"""The longest wait for a screen to change (a shared, slow machine)."""
START_SECONDS = 10.0
MOST_MOVES = 120
"""Taps a round takes at most (every seat passing too)."""
MOST_TABS = 40
"""Presses of Tab that reach any button of a screen."""
DEVICES: dict[str, dict[str, Any]] = {
    # Playwright's descriptors of a Pixel 7 and an iPad (gen 7), and a common laptop.
    "phone": {"viewport": {"width": 412, "height": 839}, "device_scale_factor": 2.625,
              "is_mobile": True, "has_touch": True},
    "tablet": {"viewport": {"width": 810, "height": 1080}, "device_scale_factor": 2,
               "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "projector": {"viewport": {"width": 1920, "height": 1080}},
}  # fmt: skip
IPHONE = {"width": 390, "height": 844}
NICKNAMES = ("Aino", "Bea", "Cai")
"""The pupils: on the phone, the tablet and the laptop (by keyboard)."""
COMPUTER_SEAT = 3
NUMBERS = ("zero", "one", "two", "three", "four", "five", "six")
TILE = re.compile(rf"\b({'|'.join(NUMBERS)})–({'|'.join(NUMBERS)})\b")
"""A tile as the picture's sentences say it, in words ("zero–five")."""
SEAT = re.compile(r"(?:^|[.!] )([^.!]*?), (?:in hand: (.*?)|tiles face down: (\d+))(?=\.(?: |$))")
CHAIN = re.compile(r"^(?:The chain is empty|Tiles: )[^.]*\.")


@pytest.fixture
def class_server(tmp_path: Path) -> Iterator[ClassServer]:
    """A class server on 127.0.0.1 of a site of its two top files, its tables in a
    fresh database, serving from a thread."""
    site = tmp_path / "site"
    site.mkdir()
    for name in ("index.html", "jupyter-lite.json"):
        (site / name).write_text("{}")
    write_stamp(site)
    server = open_server(site, host="127.0.0.1", port=0, data=tmp_path / "tables.sqlite3")
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_SECONDS
    while not (server.server and server.server.started):
        assert time.monotonic() < deadline, "the class server did not start"
        time.sleep(0.02)
    yield server
    server.stop()
    thread.join(timeout=START_SECONDS)


@dataclass
class Screens:
    """The browser contexts of a test, every request to another host aborted and every
    script error kept."""

    browser: Browser
    home: str
    contexts: list[BrowserContext] = field(default_factory=list)
    aborted: list[str] = field(default_factory=list)
    thrown: list[str] = field(default_factory=list)

    def open(self, device: str, address: str) -> Page:
        # axe is added to each page as a script of its own, which the server's CSP forbids.
        context = self.browser.new_context(**DEVICES[device], bypass_csp=True)
        context.set_default_timeout(WAIT_MS)
        keep_home(context, self.home, self.aborted)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.thrown.append(f"{device}: {error}"))
        page.goto(address)
        return page


@pytest.fixture
def screens(chromium: Browser, class_server: ClassServer) -> Iterator[Screens]:
    opened = Screens(chromium, f"127.0.0.1:{class_server.port}")
    yield opened
    for context in opened.contexts:
        context.close()
    assert opened.aborted == [], f"requests outside the class server: {opened.aborted}"
    assert opened.thrown == [], f"the pages' scripts threw: {opened.thrown}"


def axe_clean(page: Page, test: str, step: str) -> None:
    check_ours(audit(page, f"{test}-{step}", "*"))


def by_keyboard(page: Page, selector: str) -> None:
    """Press Tab until a button or field matching ``selector`` has the focus."""
    for _ in range(MOST_TABS):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def open_table(page: Page, preset: str) -> None:
    """The phone's pupil opens a table of ``preset`` for four, one seat a computer's."""
    page.locator("#nickname").fill(NICKNAMES[0])
    page.locator("#preset").select_option(preset)
    page.locator("#players").select_option("4")
    page.locator("#computers").select_option("1")
    page.get_by_role("button", name=translate("tables.page.open", "en")).tap()
    page.locator("#main .picture").wait_for()


def join_by_tapping(page: Page, name: str) -> None:
    page.locator("#nickname").fill(name)
    page.get_by_role("button", name=translate("tables.page.join", "en")).first.tap()
    page.locator("#main .picture").wait_for()


def join_by_keyboard(page: Page, name: str) -> None:
    page.locator("#main .tables button").first.wait_for()
    by_keyboard(page, "#nickname")
    page.keyboard.type(name)
    by_keyboard(page, "#main .tables button")
    page.keyboard.press("Enter")
    page.locator("#main .picture").wait_for()


def described(page: Page) -> str:
    """The sentences of the table's picture: the chain and every hand as this screen
    may show them."""
    return page.locator("#main .picture desc").first.text_content() or ""


def hands(page: Page) -> dict[int, list[str] | int]:
    """Each seat (from 0) as the screen shows it: its tiles (as ``[0|5]``, said in words),
    or how many lie face down."""
    shown: dict[int, list[str] | int] = {}
    for found in SEAT.finditer(described(page)):
        seat = int(re.findall(r"Player (\d)", found[1])[-1]) - 1
        said = TILE.findall(found[2] or "")
        tiles = [f"[{NUMBERS.index(low)}|{NUMBERS.index(high)}]" for low, high in said]
        shown[seat] = tiles if found[3] is None else int(found[3])
    return shown


def check_only_own_hand(pupils: list[Page]) -> None:
    """Each pupil's screen shows its own hand and every other hand face down, and no
    tile of another pupil's hand appears anywhere on it."""
    seen = [hands(page) for page in pupils]
    for seat, shown in enumerate(seen):
        assert sorted(shown) == [0, 1, 2, 3], shown
        assert isinstance(shown[seat], list)
        assert all(isinstance(shown[other], int) for other in shown if other != seat), shown
        text = pupils[seat].locator("#main").inner_html()
        for other, theirs in enumerate(seen):
            if other != seat:
                held = theirs[other]
                assert isinstance(held, list)
                assert not [tile for tile in held if tile in text], f"seat {seat} sees {held}"


def check_projector(projector: Page, pupils: list[Page], mover: int) -> None:
    """The projector shows the pupils' chain, every hand face down at its size, and
    whose turn it is."""
    table = hands(projector)
    assert all(isinstance(size, int) for size in table.values()), table
    for seat, page in enumerate(pupils):
        own = hands(page)[seat]
        assert isinstance(own, list)
        assert table[seat] == len(own)
        chain, said = CHAIN.match(described(projector)), CHAIN.match(described(page))
        assert chain
        assert said
        assert chain[0] == said[0]
    assert NICKNAMES[mover] in (projector.locator("#main p.status").text_content() or "")


def desc_of(svg: str) -> str:
    """The sentences of a picture the server drew, as the browser reads them."""
    found = re.search(r"<desc[^>]*>(.*?)</desc>", svg, re.S)
    assert found
    return html.unescape(found[1])


def settled(table: Table, pupils: list[Page], projector: Page) -> None:
    """Wait until every screen shows the table as the server holds it now."""
    wanted = [seat_screen(table, seat, "en")["svg"] for seat in range(len(pupils))]
    wanted.append(projector_screen(table, "en")["svg"])
    for page, svg in zip([*pupils, projector], wanted, strict=True):
        page.wait_for_function(
            "want => document.querySelector('#main .picture desc')?.textContent === want",
            arg=desc_of(svg),
        )


def check_said(table: Table, pupils: list[Page]) -> None:
    """Every seat's live region says the last turn, the others' too, its tile in words
    as the tile buttons say it, never "[1|5]" spelled out bracket by bracket."""
    if not table.turns:
        return
    before, events = table.turns[-1]
    last = events[0]
    for page in pupils:
        said = page.locator("#said").text_content() or ""
        assert "[" not in said, said
        if isinstance(last, Play):
            assert tile_in_words(last.tile, "en") in said, said
        else:
            assert turn_sentence(before, events, "en", table.names, spoken=True) in said


def offering(pupils: list[Page]) -> list[int]:
    """The pupils whose screens offer actions now: a tile to play, or another action."""
    return [n for n, page in enumerate(pupils) if page.locator(PRESSABLE).count()]


PRESSABLE = "#main .seat-board button:not([disabled])"
"""A button of a seat's board that may be pressed now."""


NOTATION = re.compile(r"\[\d\|\d\]")
"""A tile in the documents' notation, which a screen reader spells bracket by bracket."""
TILE_BUTTONS = """() => [...document.querySelectorAll('#main .seat-board .tiles button')]
    .map((b) => [b.innerText, b.getAttribute('aria-label'), !!b.querySelector('svg')])"""
"""Each tile button of the hand: its visible text, its name, whether it shows a picture."""
BOARD_TEXTS = (
    "() => [...document.querySelectorAll('#main .seat-board button')].map((b) => b.innerText)"
)
"""The visible text of every button of the seat's board."""


def check_tiles_shown_not_written(pupils: list[Page]) -> None:
    """A hand's tile button shows the tile's picture, never "[0|3] ✓", and its name says
    the tile in words ("zero–three, fits"); no button of the board shows notation."""
    for page in pupils:
        buttons = page.evaluate(TILE_BUTTONS)
        assert buttons
        for text, name, picture in buttons:
            assert not NOTATION.search(text), text
            assert picture, text
            assert name
            assert TILE.search(name), name
            assert not NOTATION.search(name), name
        shown = page.evaluate(BOARD_TEXTS)
        assert [text for text in shown if NOTATION.search(text)] == []


def check_focus_on_board(pupils: list[Page]) -> None:
    """Every pupil's focus stays on the board, the pupil's own moves and the others' alike."""
    for page in pupils:
        assert page.evaluate("!!document.activeElement.closest('#main .seat-board')")


FITS = """() => document.documentElement.scrollWidth <= innerWidth && [
    ...document.querySelectorAll('#main .seat-board button'),
    ...document.querySelectorAll('#main .board .hand [data-tile], #main .board [data-end]'),
    ].every((b) => {
        const box = b.getBoundingClientRect();
        return box.width >= 44 && box.height >= 44;
    })"""
"""No sideways scrolling, and every button of the board, every tile of the hand's picture
and every end's marker at least 44 CSS px each way."""
SMALL = """() => [...document.querySelectorAll(
    '#main .seat-board button, #main .board .hand [data-tile], #main .board [data-end]')]
    .map((b) => [b.dataset.action || b.dataset.tile || b.dataset.side,
        b.getBoundingClientRect().width, b.getBoundingClientRect().height])
    .filter(([, w, h]) => w < 44 || h < 44)"""
"""The targets of the board under 44 CSS px, with their sizes."""


def check_fits_a_finger(pupils: list[Page]) -> None:
    for page in pupils:
        try:
            page.wait_for_function(FITS, polling=50, timeout=WAIT_MS / 4)
        except Timeout as error:
            wide = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
            raise AssertionError(f"{wide} px wide: {page.evaluate(SMALL)}") from error


def said_now(page: Page, text: str) -> None:
    """The seat's live region says ``text`` (set on the frame after the tap)."""
    page.wait_for_function("t => document.getElementById('said').textContent === t", arg=text)


def play_by_tapping(page: Page, table: Table, mover: int) -> None:
    """Tap the first tile that may be played in the board's picture, and where it may go
    to more than one end, hear it chosen and tap the first marked end; else the first
    other action."""
    tile = page.locator(f"{PRESSABLE}.fits[data-action^='tile:']").first
    if not tile.count():
        page.locator("#main .seat-board .actions button").first.tap()
        return
    name = (tile.get_attribute("data-action") or "").removeprefix("tile:")
    page.locator(f"#main .board .hand [data-tile='{name}']").tap()
    board = seat_screen(table, mover, "en")["board"]
    if name in board["chosen"]:
        said_now(page, board["said"][name])
        page.locator("#main .board .marker-fits").first.tap()


def hear_why(page: Page, table: Table, mover: int) -> bool:
    """Tap the picture of a tile of the hand that does not fit, if there is one: the seat
    says why in words, shows it under the picture, and sends nothing."""
    refused = [b for b in seat_screen(table, mover, "en")["board"]["buttons"] if b["reason"]]
    if not refused:
        return False
    taken = table.taken
    name = refused[0]["id"].removeprefix("tile:")
    page.locator(f"#main .board .hand [data-tile='{name}']").tap()
    said_now(page, refused[0]["reason"])
    assert page.locator("#main .board-note").text_content() == refused[0]["reason"]
    assert table.taken == taken
    return True


def hear_wait(page: Page, table: Table, seat: int) -> bool:
    """Tap the picture of a tile of ``seat``'s hand while another pupil is to move: the
    seat says whose turn it is, in words, under the picture and in its live region, and
    sends nothing."""
    board = seat_screen(table, seat, "en")["board"]
    waiting = [b for b in board["buttons"] if b["group"] == "tiles" and not b["enabled"]]
    if not waiting:
        return False
    assert waiting[0]["reason"] is None  # said once for the whole hand
    reason = board["idle"]
    mover = table.game.to_move
    assert mover is not None
    player = seat_screen(table, seat, "en")["names"][mover]
    assert reason == translate("tables.seat.wait", "en", player=player)
    taken = table.taken
    name = waiting[0]["id"].removeprefix("tile:")
    page.locator(f"#main .board .hand [data-tile='{name}']").tap()
    said_now(page, reason)
    assert page.locator("#main .board-note").text_content() == reason
    assert table.taken == taken
    return True


def play_by_keyboard(page: Page, table: Table, mover: int) -> None:
    """The focus, kept on the board, lies on the first tile that fits, else on the first
    other action (the arrow keys move it between the tiles): Enter plays its tile where it
    has one place to go, else moves the focus to the first end it may join, and Enter
    plays it there."""
    assert page.evaluate("s => document.activeElement.matches(s)", PRESSABLE)
    hand = page.locator(f"{PRESSABLE}[data-action^='tile:']")
    on_tile = page.evaluate("!!document.activeElement.closest('.tiles')")
    if on_tile and hand.count() > 1:  # the arrow keys move between the tiles, as in the app
        first = page.evaluate("document.activeElement.dataset.action")
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.action") != first
        page.keyboard.press("ArrowLeft")
        assert page.evaluate("document.activeElement.dataset.action") == first
    chosen = seat_screen(table, mover, "en")["board"]["chosen"]
    pressed = page.evaluate("document.activeElement.dataset.action")
    page.keyboard.press("Enter")
    if pressed.removeprefix("tile:") in chosen:
        page.wait_for_function("document.activeElement.matches('#main .ends button.fits')")
        page.keyboard.press("Enter")


def taken_all(table: Table, before: int) -> None:
    """Wait until the server took a tap made at step ``before`` and the computer's turns
    after it (the server's thread is then idle until the next tap)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while table.taken == before or table.game.to_move == COMPUTER_SEAT:
        assert time.monotonic() < deadline, "the server never took the tap"
        time.sleep(0.02)


def play_round(table: Table, pupils: list[Page], projector: Page) -> int:
    """Whichever pupil is to move plays, by tapping the tiles' pictures and the ends'
    markers (the laptop: by the keyboard), until the round is over, checking every screen
    at each step (and once, on the phone, a tile that does not fit tapped first); the
    moves."""
    heard = waited = False
    for taps in range(MOST_MOVES):
        settled(table, pupils, projector)
        check_said(table, pupils)
        if table.game.current_round.is_over:
            assert heard, "the phone never held a tile that does not fit"
            assert waited, "the phone never waited for another pupil"
            return taps
        mover = table.game.to_move
        assert mover is not None
        assert offering(pupils) == [mover]
        check_only_own_hand(pupils)
        check_projector(projector, pupils, mover)
        check_focus_on_board(pupils)
        check_fits_a_finger(pupils)
        check_tiles_shown_not_written(pupils)
        if mover == 0 and not heard:
            heard = hear_why(pupils[0], table, mover)
        elif mover != 0 and not waited:
            waited = hear_wait(pupils[0], table, 0)
        taken = table.taken
        play = play_by_keyboard if mover == 2 else play_by_tapping
        play(pupils[mover], table, mover)
        taken_all(table, taken)
    raise AssertionError(f"the round went on past {MOST_MOVES} taps")


def check_round_end(pupils: list[Page], projector: Page) -> None:
    """Every hand turned up on the projector (a hand played out shows none), the award
    with its steps, on the projector and on every pupil's screen."""
    table = hands(projector)
    assert sorted(table) == [0, 1, 2, 3]
    assert all(isinstance(held, list) or held == 0 for held in table.values()), table
    award = translate("tables.page.award", "en")
    for page in (projector, *pupils):
        assert page.get_by_role("heading", name=award).count() == 1
        assert page.locator("#main .steps li").count() >= 1


@pytest.mark.parametrize("preset", ["match", "partnership"])
def test_three_pupils_and_the_projector_play_a_whole_round(
    preset: str, class_server: ClassServer, screens: Screens, request: pytest.FixtureRequest
) -> None:
    test = request.node.name
    assert class_server.class_address
    assert class_server.teacher_address
    origin = f"{urlsplit(class_server.class_address).scheme}://{screens.home}"
    phone = screens.open("phone", class_server.class_address)
    phone.locator("#nickname").wait_for()
    axe_clean(phone, test, "lobby")
    open_table(phone, preset)
    tablet = screens.open("tablet", class_server.class_address)
    join_by_tapping(tablet, NICKNAMES[1])
    laptop = screens.open("laptop", class_server.class_address)
    join_by_keyboard(laptop, NICKNAMES[2])
    pupils = [phone, tablet, laptop]
    teacher = screens.open("laptop", class_server.teacher_address)
    teacher.locator("#table-grid button.show").first.click()
    # The teacher opens the projector with one click on the teacher's page's link.
    opener = teacher.locator(".projector-link a").get_attribute("href")
    assert opener is not None
    assert opener.startswith(PROJECTOR + "?pair=")
    projector = screens.open("projector", origin + opener)
    projector.locator("#main .picture").wait_for()
    for name, page in {"seat": phone, "projector": projector, "teacher": teacher}.items():
        axe_clean(page, test, name)
    assert class_server.hub is not None
    (table,) = class_server.hub.tables.tables.values()
    phone.set_viewport_size(IPHONE)  # narrower than a Pixel 5's 393 px
    assert play_round(table, pupils, projector) > 0
    check_round_end(pupils, projector)
    for name, page in {"end": projector, "seat-end": laptop}.items():
        axe_clean(page, test, name)
