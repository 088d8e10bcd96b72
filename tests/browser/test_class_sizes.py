"""Every class page axe-clean at a phone's, a tablet's, a laptop's and a projector's
size, while a table, a quiz and a walkthrough run; and the class by keyboard alone.

One class server (in Finnish) holds the lesson: the teacher starts a quiz and a
walkthrough, a pupil sits at a table with a computer player and joins the quiz. The
pupil's page, the projector's host screen and the teacher's page are each opened once
and audited at 390×844, 820×1180, 1366×768 and 1920×1080 (the window resized, the
pages kept). Another pupil joins, sits down and plays a move with Tab, Enter and the
arrow keys alone, and the teacher starts the quiz by keyboard.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from blockdomino.server import pages
from blockdomino.server.run import ClassServer

from . import test_class_quiz
from .axe import audit
from .test_class_quiz import paired

pytestmark = pytest.mark.browser
SIZES = {
    "phone": (390, 844),
    "tablet": (820, 1180),
    "laptop": (1366, 768),
    "projector": (1920, 1080),
}
EXAMPLE = "placed-3-4"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    """The class server in Finnish."""
    yield from test_class_quiz.started(tmp_path, "fi")


def tab(chromium: Browser, url: str) -> Page:
    return test_class_quiz.tab(chromium, SIZES["laptop"], url, [])


def focused(page: Page) -> str:
    return str(page.evaluate("document.activeElement.outerHTML.slice(0, 120)"))


def test_every_class_page_is_axe_clean_at_every_size(
    chromium: Browser, server: ClassServer, request: pytest.FixtureRequest
) -> None:
    assert server.hub is not None
    lang, origin = server.site.lang, server.site.origin
    teacher = tab(chromium, server.teacher_address or "")
    projector = tab(chromium, paired(server))
    pupil = tab(chromium, pages.class_address(origin, lang, server.hub.keys.code))
    pupil.locator("#nickname").fill("Aino")
    pupil.locator("#players").select_option("2")
    pupil.locator("#computers").select_option("1")
    pupil.locator("#main .open button").click()
    pupil.locator("#main .picture").wait_for()
    teacher.locator("#lesson-count").select_option("5")
    teacher.locator("#lesson form button[type=submit]").click()
    pupil.locator(".lesson-choices button").first.wait_for()
    teacher.locator("#walk-example").select_option(EXAMPLE)
    teacher.locator("#walk form button[type=submit]").click()
    for page in (pupil, projector):
        page.locator("#walk .lesson-heading").wait_for(state="attached")
    found: list[str] = []
    for size, (width, height) in SIZES.items():
        for name, page in {"pupil": pupil, "projector": projector, "teacher": teacher}.items():
            page.set_viewport_size({"width": width, "height": height})
            violations = audit(page, f"{request.node.name}-{name}-{size}", "*")
            found += [
                f"{name} at {size}: {v['rule']} ({v['impact']}) {v['target']}" for v in violations
            ]
    assert not found, "\n".join(found)


MOST_TABS = 60
"""Presses of Tab that reach any control of a class page."""

_FOCUS_SHOWN = """() => {
    const style = getComputedStyle(document.activeElement);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
}"""


def tab_to(page: Page, selector: str) -> None:
    """Press Tab until the control ``selector`` has the focus, every control on the way
    showing where the focus is."""
    for _ in range(MOST_TABS):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement === document.body"):
            continue
        assert page.evaluate(_FOCUS_SHOWN), f"no focus style on {focused(page)}"
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_a_pupil_plays_and_the_teacher_starts_a_quiz_by_keyboard_alone(
    chromium: Browser, server: ClassServer
) -> None:
    """The pupil types a nickname, chooses a table for two with a computer player by the
    arrow keys, opens it with Enter and plays a move with Tab and Enter; the teacher
    starts a quiz with Tab and Enter."""
    assert server.hub is not None
    lang, origin = server.site.lang, server.site.origin
    pupil = tab(chromium, pages.class_address(origin, lang, server.hub.keys.code))
    pupil.locator("#nickname").wait_for()
    tab_to(pupil, "#nickname")
    pupil.keyboard.type("Aino")
    tab_to(pupil, "#computers")
    pupil.keyboard.press("ArrowDown")
    assert pupil.locator("#computers").input_value() == "1"
    tab_to(pupil, "#main .open button")
    pupil.keyboard.press("Enter")
    pressable = "#main .seat-board button:not([disabled])"
    pupil.locator(pressable).first.wait_for()
    if not pupil.evaluate("s => document.activeElement.matches(s)", pressable):
        tab_to(pupil, pressable)
    pupil.keyboard.press("Enter")
    # A tile with two ends to go to sends the focus to the ends it fits: Enter places it.
    if pupil.evaluate("document.activeElement.matches('#main .ends button')"):
        pupil.keyboard.press("Enter")
    expect(pupil.locator("#main .told")).to_contain_text("Aino")
    expect(pupil.locator("#said")).to_contain_text("Aino")
    assert pupil.evaluate("document.getElementById('main').contains(document.activeElement)")
    teacher = tab(chromium, server.teacher_address or "")
    teacher.locator("#lesson form button[type=submit]").wait_for()
    tab_to(teacher, "#lesson form button[type=submit]")
    teacher.keyboard.press("Enter")
    pupil.locator(".lesson-choices button").first.wait_for()
    tab_to(pupil, ".lesson-choices button")
