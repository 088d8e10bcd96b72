"""A whole lesson in Chromium over a LAN-like origin, as a class teacher runs it: one
class server, known on the school network as ``klassi.lan`` (Chromium finds the name at
127.0.0.1, and a page there is no secure context), one browser and six screens.

The projector (1920×1080) and the teacher's laptop (1366×768) open the class; four
pupils on phones (Pixel 7) come in by the address the projector shows under its QR code,
write their nicknames (the projector lists them as they come), and the teacher seats
everyone in one tap at one table of four. The teacher shows the table on the projector,
and the pupils play a round to its end by tapping tile pictures and the ends' markers:
at every step no seat shows another's tile, and every seat's live region, and the
projector's, says the last move with its tile in words. Then the teacher walks the class
through a worked example, runs a five-question quiz (two pupils always right, two
wrong on purpose: the projector names each wrong choice's mistake) and shows the table
of mastery on the projector. At each stage the projector is resized to 1920×1080,
1280×720 and 1024×768: nothing of the current activity lies below the fold or past the
right edge. The projector's page has one live region besides the reconnection banner,
which says only the line that changes (a move, the count of answers), never the whole
activity again. No request leaves the class server, no script throws; the bytes each
pupil's page received (files and socket frames) are printed.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, expect

from blockdomino.lessons.mistakes import described
from blockdomino.lessons.walkthrough import walk_frames
from blockdomino.publish.serve import PROJECTOR
from blockdomino.server.run import ClassServer
from blockdomino.tables.service import Table
from blockdomino.words.i18n import translate

from . import test_class_quiz
from .conftest import CHROMIUM, CHROMIUM_ARGS, keep_home
from .test_class_host import FRAMES, OUTSIDE, PLACES, SIZES
from .test_class_mastery import patient  # noqa: F401  (every expect waits as long)
from .test_class_quiz import asked_now
from .test_class_tables import (
    DEVICES,
    PRESSABLE,
    check_only_own_hand,
    check_said,
    hands,
    offering,
    play_by_tapping,
    settled,
)

pytestmark = pytest.mark.browser
LAN = "klassi.lan"
"""The laptop's name on the school network, which Chromium finds at 127.0.0.1."""
LANG = "en"
PUPILS = ("Aino", "Bea", "Cai", "Dan")
"""The pupils, each on a phone of their own; the first two answer the quiz right, the
others wrong on purpose."""
WAIT_MS = 30_000
"""The longest wait for a screen to change (a shared, slow machine)."""
MOST_TAPS = 120
"""Taps a round of four takes at most (every seat passing too)."""
QUESTIONS = 5
SECONDS = 90
"""The time for each question: longer than the test takes to answer one."""
EXAMPLE = "placed-3-4"
WALK_SIZES = """() => ({
    picture: document.querySelector('#walk .lesson-figure svg').getBoundingClientRect().height
        / innerHeight,
    words: parseFloat(getComputedStyle(document.querySelector('#walk .lesson-figure ~ p'))
        .fontSize)})"""
"""The walkthrough's diagram's height on the projector as a share of the screen's, and
the size of its words' type (CSS px)."""
OFF_LINE = """() => [...document.querySelectorAll('label.inline')].filter((label) => {
    const box = label.querySelector('input[type=checkbox]').getBoundingClientRect();
    const words = document.createRange();
    words.selectNode(label.lastChild);
    const line = words.getBoundingClientRect();
    return Math.abs(box.top + box.height / 2 - (line.top + line.height / 2)) > line.height / 2;
}).map((label) => label.textContent.trim())"""
"""The boxes to tick that do not stand on the line of their words, by their words."""
LIVE = """() => [...document.querySelectorAll(
    '[aria-live], [role=status], [role=alert], [role=log]')].map((el) => el.id || el.className)"""
"""The live regions of a page, by id (or class)."""


@pytest.fixture
def lan_server(tmp_path: Path) -> Iterator[ClassServer]:
    """A class server on 127.0.0.1 whose site is served as at ``http://klassi.lan:PORT``,
    as ``serve --host klassi.lan`` serves it where that name is the laptop's: the
    projector's QR code, its address and the teacher's link name it."""
    yield from test_class_quiz.started(tmp_path, LANG, named=LAN)


@dataclass
class Lesson:
    """One browser that finds :data:`LAN` at 127.0.0.1, its screens (each a context of
    its own, every request to another host aborted, every script error kept), and the
    bytes each pupil's page received."""

    browser: Browser
    home: str
    contexts: list[BrowserContext] = field(default_factory=list)
    aborted: list[str] = field(default_factory=list)
    thrown: list[str] = field(default_factory=list)
    received: dict[str, dict[str, int]] = field(default_factory=dict)

    def open(self, device: str, address: str, name: str) -> Page:
        """A screen of ``device`` opened at ``address``; the projector's with a clock the
        test may move on (time flows as usual until it does)."""
        context = self.browser.new_context(**DEVICES[device])
        if device == "projector":
            context.clock.install()
        context.set_default_timeout(WAIT_MS)
        keep_home(context, self.home, self.aborted)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.thrown.append(f"{name}: {error}"))
        if device == "phone":
            self.count_bytes(context.new_cdp_session(page), name)
        page.goto(address)
        return page

    def count_bytes(self, session: CDPSession, name: str) -> None:
        """Count what the page receives: its files as they came over the network
        (compressed), and its socket's frames."""
        counts = self.received.setdefault(name, {"files": 0, "frames": 0})

        def loaded(event: dict[str, Any]) -> None:
            counts["files"] += int(event["encodedDataLength"])

        def frame(event: dict[str, Any]) -> None:
            counts["frames"] += len(event["response"]["payloadData"].encode("utf-8"))

        session.on("Network.loadingFinished", loaded)
        session.on("Network.webSocketFrameReceived", frame)
        session.send("Network.enable")


@pytest.fixture
def lesson(lan_server: ClassServer, chromium: Browser) -> Iterator[Lesson]:
    rules = [f"--host-resolver-rules=MAP {LAN} 127.0.0.1", f"--proxy-bypass-list={LAN}"]
    browser = chromium.browser_type.launch(
        executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *rules]
    )
    opened = Lesson(browser, f"{LAN}:{lan_server.port}")
    yield opened
    browser.close()
    assert opened.aborted == [], f"requests outside the class server: {opened.aborted}"
    assert opened.thrown == [], f"the pages' scripts threw: {opened.thrown}"


def say(key: str, **params: object) -> str:
    return translate(key, LANG, **params)


def fits(projector: Page, what: str) -> None:
    """At every size, nothing of ``what`` on the projector lies outside the screen or
    overflows its part; the screen left at 1920×1080."""
    for width, height in SIZES:
        projector.set_viewport_size({"width": width, "height": height})
        projector.evaluate(FRAMES)
        found = projector.evaluate(OUTSIDE, PLACES)
        assert found["outside"] == [], f"{what} at {width}×{height}: {found['outside']}"
    projector.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    projector.evaluate(FRAMES)


def only_the_line_is_live(projector: Page) -> None:
    """The projector's page has no live region but its line (``said``) and the
    reconnection banner."""
    assert projector.evaluate(LIVE) == ["reconnecting", "said"]


def check_projector(projector: Page, seated: list[Page], table: Table, mover: int) -> None:
    """The projector shows every hand face down at its size, and whose turn it is."""
    shown = hands(projector)
    for seat, page in enumerate(seated):
        own = hands(page)[seat]
        assert isinstance(own, list)
        assert shown[seat] == len(own)
    assert table.names[mover] in (projector.locator("#main p.status").text_content() or "")


def play_round(table: Table, seated: list[Page], projector: Page) -> int:
    """Whichever pupil is to move taps a tile's picture (and an end's marker), until the
    round is over, checking every screen at each step (the projector's live region says
    each move as the seats' do); the taps."""
    for taps in range(MOST_TAPS):
        settled(table, seated, projector)
        check_said(table, [*seated, projector])
        if table.game.current_round.is_over:
            return taps
        tap_for_the_mover(table, seated, projector)
    raise AssertionError(f"the round went on past {MOST_TAPS} taps")


def tap_for_the_mover(table: Table, seated: list[Page], projector: Page) -> None:
    """Only the mover's screen offers a move, no seat shows another's tile, the
    projector shows the table; the mover taps, and the server takes it."""
    mover = table.game.to_move
    assert mover is not None
    assert offering(seated) == [mover]
    check_only_own_hand(seated)
    check_projector(projector, seated, table, mover)
    taken = table.taken
    play_by_tapping(seated[mover], table, mover)
    deadline = time.monotonic() + WAIT_MS / 1000
    while table.taken == taken:
        assert time.monotonic() < deadline, "the server never took the tap"
        time.sleep(0.02)


def walkthrough(teacher: Page, projector: Page, phones: list[Page]) -> None:
    """The teacher starts a worked example and moves it on a step: every screen shows the
    teacher's step; the teacher asks the class which tiles fit, every pupil answers and
    the projector counts and then explains; then the teacher ends it."""
    frames = walk_frames(EXAMPLE, LANG)
    teacher.locator("#walk-example").select_option(EXAMPLE)
    teacher.locator("#walk form button[type=submit]").click()
    teacher.get_by_role("button", name=say("lessons.page.walk_next")).click()
    for page in (projector, *phones):
        expect(page.locator("#walk .lesson-heading")).to_have_text(frames[1].heading)
    fits(projector, "a walkthrough")
    # The step's diagram as large as the screen leaves it, its words read from afar.
    drawn = projector.evaluate(WALK_SIZES)
    assert drawn["picture"] > 0.5, drawn
    assert drawn["words"] >= 32, drawn
    only_the_line_is_live(projector)
    # "Which tiles fit here?": every pupil taps a tile and sends it; the projector's line
    # says the count, and once shown the projector gives every tile's reason.
    teacher.get_by_role("button", name=say("lessons.page.fit_ask")).click()
    for phone in phones:
        phone.locator("#walk .lesson-tiles button").first.tap()
        phone.get_by_role("button", name=say("lessons.page.fit_send")).tap()
        expect(phone.locator("#walk .lesson-status")).to_have_text(say("lessons.page.fit_sent"))
    answered = say("lessons.fit.answered", count=len(phones))
    expect(projector.locator("#walk .lesson-status")).to_have_text(answered)
    expect(projector.locator("#said")).to_have_text(answered)
    teacher.get_by_role("button", name=say("lessons.page.fit_reveal")).click()
    expect(projector.locator("#walk .lesson-results li").first).to_be_visible()
    fits(projector, "which tiles fit")
    teacher.get_by_role("button", name=say("lessons.page.walk_end")).click()
    expect(projector.locator("#walk")).to_be_hidden()


def quiz(server: ClassServer, teacher: Page, projector: Page, phones: list[Page]) -> None:
    """Five timed questions: the first two pupils tap the right choice, the others each a
    wrong one; the projector counts the answers (its line says the count, then the
    countdown's end), and once shown names the mistake behind each wrong choice tapped."""
    teacher.locator("#lesson-count").select_option(str(QUESTIONS))
    teacher.locator("#lesson-seconds").select_option(str(SECONDS))
    teacher.locator("#lesson form button[type=submit]").click()
    for number in range(QUESTIONS):
        item = asked_now(server, number).item
        wrong = [n for n, choice in enumerate(item.choices) if not choice.is_right]
        chosen = [item.answer_index] * 2 + [wrong[0], wrong[-1]]
        for page, choice in zip(phones, chosen, strict=True):
            page.locator(".lesson-choices button").nth(choice).tap()
            expect(page.locator(".lesson-status")).to_be_visible()
        answered = projector.locator(".host-foot .lesson-status")
        expect(answered).to_contain_text(str(len(phones)))
        expect(projector.locator("#said")).to_have_text(answered.text_content() or "")
        if number == 0:
            fits(projector, "a question")
            # The countdown's end is said (the projector's clock moved on past it; the
            # server's has not reached it, so the teacher still shows the answers).
            projector.clock.fast_forward(SECONDS * 1000)
            expect(projector.locator(".host-seconds")).to_have_text("0")
            expect(projector.locator("#said")).to_have_text(say("lessons.page.time_up"))
        teacher.get_by_role("button", name=say("lessons.page.reveal")).click()
        rows = projector.locator(".host-chart li")
        expect(rows).to_have_count(len(item.choices))
        for choice in set(chosen) - {item.answer_index}:
            mistake = item.choices[choice].mistake
            assert mistake is not None
            expect(rows.nth(choice)).to_contain_text(
                described(mistake.key, chosen.count(choice), LANG)
            )
        if number == 0:
            fits(projector, "the class's choices")
            only_the_line_is_live(projector)
        last = number + 1 == QUESTIONS
        teacher.get_by_role(
            "button", name=say("lessons.page.finish" if last else "lessons.page.next")
        ).click()
    expect(projector.locator(".host-summary")).to_be_visible()


def mastery(teacher: Page, projector: Page) -> None:
    """The teacher shows the table of mastery on the projector (ending the quiz that
    holds it, asked first): every pupil's row, inside the screen at every size."""
    teacher.locator("#mastery-project").click()
    expect(teacher.locator("#teacher-ask-text")).to_contain_text(say("teacher.holds_quiz"))
    teacher.locator("#teacher-ask-yes").click()
    expect(teacher.locator("#projector-now")).to_have_text(say("teacher.holds_mastery"))
    # Ending what the projector shows is a stop button, set apart as every other one.
    expect(teacher.locator(".stop-zone #projector-free")).to_have_class("stop")
    rows = projector.locator("#mastery table.mastery tbody tr")
    expect(rows).to_have_count(len(PUPILS))
    for name in PUPILS:
        expect(projector.locator("#mastery")).to_contain_text(name)
    fits(projector, "the table of mastery")


def test_a_whole_lesson_on_the_school_network(
    lan_server: ClassServer, lesson: Lesson, request: pytest.FixtureRequest
) -> None:
    started = time.monotonic()
    server = lan_server
    assert server.hub is not None
    origin = f"http://{lesson.home}"
    assert server.site.origin == origin
    teacher = lesson.open("laptop", server.teacher_address or "", "teacher")
    assert teacher.url == f"{origin}/class/teacher/"
    teacher.locator("#lesson fieldset label.inline").first.wait_for()
    assert teacher.evaluate(OFF_LINE) == []
    opener = teacher.locator(".projector-link a").get_attribute("href") or ""
    assert opener.startswith(f"{PROJECTOR}?pair=")
    projector = lesson.open("projector", origin + opener, "projector")
    # A pupil types the address written under the QR code, which the code holds too.
    address = projector.locator("#projector > .address").text_content() or ""
    assert address == projector.locator("#projector > svg.code title").text_content()
    assert address.startswith(f"{origin}/class/?")
    assert server.hub.keys.code in address
    fits(projector, "the class code")
    phones = []
    for name in PUPILS:
        phone = lesson.open("phone", address, name)
        phone.locator("#nickname").fill(name)
        phone.locator("#nickname").press("Tab")
        phones.append(phone)
    joined = projector.locator("#main .host-class li")
    expect(joined).to_have_text(list(PUPILS))
    fits(projector, "the class as it joins")
    only_the_line_is_live(projector)
    # Seated in one tap, at one table of four.
    teacher.locator("#seat-size").select_option("4")
    teacher.locator("#seat-all").click()
    expect(teacher.locator("#seated")).to_contain_text(say("teacher.seated", count=4, tables=1))
    for phone in phones:
        phone.locator(f"#main {PRESSABLE}, #main .seat-board").first.wait_for()
    (table,) = server.hub.tables.tables.values()
    seated = [phones[PUPILS.index(name)] for name in table.names]
    teacher.locator("#table-grid button.show").first.click()
    projector.locator("#main .host-game .picture").wait_for()
    fits(projector, "a table")
    only_the_line_is_live(projector)
    taps = play_round(table, seated, projector)
    assert taps > 0
    award = projector.get_by_role("heading", name=say("tables.page.award"))
    expect(award).to_be_visible()
    fits(projector, "a table's award")
    walkthrough(teacher, projector, phones)
    quiz(server, teacher, projector, phones)
    mastery(teacher, projector)
    for name in PUPILS:
        counts = lesson.received[name]
        print(f"{name}: {counts['files']:,} bytes of files, {counts['frames']:,} of frames")
    print(f"{request.node.name}: {taps} taps, {time.monotonic() - started:.1f} s")
