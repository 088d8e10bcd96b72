"""The teacher's page with a class of thirty, on the projector's 1920×1080 and the
laptop's 1366×768: the roll is a line of counts with every nickname one tap away (in
columns), so the grid of live tables stays above the fold; the page drawn again (a
pupil comes, the roll asked for again, an answer to the quiz) keeps its status lines
and the focused control as they were, changing only what changed, and stays axe-clean."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from blockdomino.server.run import ClassServer
from blockdomino.words.i18n import translate

from . import test_class_quiz
from .axe import audit
from .test_class_host import CLASS, Screen
from .test_class_quiz import tab

pytestmark = pytest.mark.browser
PUPILS = CLASS[:30]
SIZES = ((1920, 1080), (1366, 768))
KEPT = """() => {
  window.kept = ["#projector-now", "#roll-count", "#seat-all", "#roll-names"].map(
    (id) => document.querySelector(id));
}"""
"""The page's status lines and controls remembered, to be found the same nodes later."""
STILL = "() => window.kept.map((node) => node.isConnected)"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    yield from test_class_quiz.started(tmp_path, "en")


def say(key: str, **params: object) -> str:
    return translate(key, "en", **params)


def test_a_class_of_thirty_leaves_the_tables_grid_in_view(
    chromium: Browser, server: ClassServer, request: pytest.FixtureRequest
) -> None:
    assert server.hub is not None
    code = server.hub.keys.code
    teacher = tab(chromium, SIZES[0], server.teacher_address or "", [])
    pupils = [Screen(server.port, {"role": "pupil", "code": code, "lang": "en"}) for _ in PUPILS]
    for pupil, name in zip(pupils, PUPILS, strict=True):
        pupil.until("lobby")
        pupil.send({"type": "name", "nickname": name})
    for pupil in pupils:  # each nickname kept (the server gives its token)
        pupil.until("pupil", lambda message: "token" in message)
    counted = say("teacher.roll_count", count=30, lobby=30, seated=0)
    expect(teacher.locator("#roll-count")).to_have_text(counted)
    teacher.locator("#seat-all").click()
    cards = teacher.locator("#table-grid li.table-card")
    expect(teacher.locator("#seated")).to_be_visible()
    expect(teacher.locator("#roll-count")).not_to_have_text(counted)
    expect(cards).to_have_count(8)
    names = teacher.locator("#roll-names")
    for width, height in SIZES:
        teacher.set_viewport_size({"width": width, "height": height})
        grid = teacher.locator("#table-grid").bounding_box()
        first = cards.first.locator(".status").bounding_box()
        assert grid
        assert first
        end = first["y"] + first["height"]
        print(f"{width}×{height}: the tables' grid at {grid['y']:.0f} px,"
              f" the first table's status line ends at {end:.0f}")  # fmt: skip
        assert end <= height, (width, first)
        assert teacher.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # Every nickname is one tap away, in columns.
    expect(teacher.locator("#roll li").first).to_be_hidden()
    summary = names.locator("summary")
    box = summary.bounding_box()
    assert box
    assert box["height"] >= 44
    summary.click()
    expect(teacher.locator("#roll li")).to_have_count(30)
    rows = teacher.locator("#roll li")
    assert len({round(box["x"]) for n in range(3) if (box := rows.nth(n).bounding_box())}) > 1
    # Drawn again (the roll asked for again, a pupil renamed), the status lines and the
    # focused control stay the same nodes; the opened roll stays open.
    teacher.locator("#seat-all").focus()
    teacher.evaluate(KEPT)
    late = Screen(server.port, {"role": "pupil", "code": code, "lang": "en"})
    late.until("lobby")
    late.send({"type": "name", "nickname": "Aino"})
    expect(teacher.locator("#roll")).to_contain_text("Aino")
    assert teacher.evaluate(STILL) == [True, True, True, True]
    assert teacher.evaluate("document.activeElement.id") == "seat-all"
    expect(names).to_have_attribute("open", "")
    violations = audit(teacher, f"{request.node.name}-teacher", "*")
    assert not violations, violations
    # A quiz: each answer that comes changes the count on the teacher's page, and the
    # focus stays on "Show the answers".
    teacher.locator("#lesson form button[type=submit]").click()
    asked = late.until("quiz", lambda message: message["screen"] is not None)["screen"]
    reveal = teacher.get_by_role("button", name=say("lessons.page.reveal"))
    reveal.focus()
    teacher.evaluate("() => { window.count = document.querySelector('#lesson .lesson-status'); }")
    for number, pupil in enumerate(pupils[:3]):
        pupil.send({"type": "quiz_answer", "quiz": asked["quiz"], "number": 0, "choice": 0,
                    "pupil": f"pupil{number:08}", "nickname": PUPILS[number]})  # fmt: skip
        pupil.until("quiz_done")
    expect(teacher.locator("#lesson .lesson-status")).to_contain_text("3")
    assert teacher.evaluate("window.count.isConnected")
    expect(reveal).to_be_focused()


def test_seat_everyone_waits_for_a_nickname_being_saved_and_a_seat_is_given_from_a_menu(
    chromium: Browser, server: ClassServer, request: pytest.FixtureRequest
) -> None:
    """ "Seat everyone" tapped while one pupil's nickname is still on its way says so in
    words and seats that pupil too once it comes; a table's card gives a seat to the
    computer from a menu one row tall (as tall as a finger), its buttons hidden until it
    is opened, each 44 px tall; the page stays axe-clean."""
    assert server.hub is not None
    code = server.hub.keys.code
    teacher = tab(chromium, SIZES[1], server.teacher_address or "", [])
    pupils = [Screen(server.port, {"role": "pupil", "code": code, "lang": "en"}) for _ in range(4)]
    for pupil in pupils:
        pupil.until("lobby")
    for pupil, name in zip(pupils[:3], PUPILS, strict=False):
        pupil.send({"type": "name", "nickname": name})
        pupil.until("pupil", lambda message: "token" in message)
    counted = say("teacher.roll_count", count=4, lobby=4, seated=0)
    expect(teacher.locator("#roll-count")).to_have_text(counted)
    teacher.locator("#seat-all").click()
    expect(teacher.locator("#seated")).to_have_text(say("teacher.seat_waiting", count=1))
    pupils[3].send({"type": "name", "nickname": PUPILS[3]})
    expect(teacher.locator("#seated")).to_have_text(say("teacher.seated", count=4, tables=1))
    card = teacher.locator("#table-grid li.table-card").first
    gives = card.locator("button[id^='remove-']")
    expect(gives).to_have_count(4)
    for give in gives.all():
        expect(give).to_be_hidden()
    summary = card.locator(".give > summary")
    expect(summary).to_have_text(say("teacher.give_seat"))
    box = summary.bounding_box()
    assert box
    assert box["height"] >= 44
    summary.click()
    for give in gives.all():
        shown = give.bounding_box()
        assert shown
        assert shown["height"] >= 44
    violations = audit(teacher, f"{request.node.name}-teacher", "*")
    assert not violations, violations
    gives.first.click()
    expect(card.locator("button[id^='remove-']")).to_have_count(3)
    expect(card.locator(".give")).not_to_have_attribute("open", "")
