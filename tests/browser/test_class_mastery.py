"""The table of mastery on the projector, in Chromium: the teacher switches it on with
the keyboard, the projector shows the teacher's numbers large (a nickname that is
markup shown as text), a quiz or a walkthrough started wins until it ends, and
switched off it is gone; axe finds nothing serious on either page and no request leaves
127.0.0.1."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from blockdomino.practice import generate
from blockdomino.publish.serve import PROJECTOR
from blockdomino.server.run import ClassServer
from blockdomino.words.i18n import translate

from . import test_class_quiz
from .conftest import TIMEOUT_MS
from .test_accessibility import SEVERE, audit
from .test_class_quiz import tab

pytestmark = pytest.mark.browser
NICKNAMES = ("<b>Aino</b>", "Bo")


server = test_class_quiz.server
"""The quiz's class server (here in Finnish only)."""


@pytest.fixture(autouse=True)
def patient() -> Iterator[None]:
    """Every ``expect`` waits as long as the pages' own steps (a shared, slow machine)."""
    expect.set_options(timeout=TIMEOUT_MS)
    yield
    expect.set_options(timeout=5_000)


def practised(server: ClassServer, name: str, count: int) -> None:
    """``count`` Practice results of ``name`` in the doubles at level 1, every other
    one wrong."""
    assert server.hub is not None
    sent = []
    for n in range(count):
        item = generate("doubles", 1, n)
        choice = item.answer_index if n % 2 else (item.answer_index + 1) % len(item.choices)
        sent.append({"id": f"{n:06}-{name[-3:]}", "topic": "doubles", "level": 1, "seed": n,
                     "choice": choice})  # fmt: skip
    body = json.dumps({"code": server.hub.keys.code, "nickname": name, "results": sent})
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("POST", "/class/practice", body, {"Content-Type": "application/json"})
    assert connection.getresponse().status == 200
    connection.close()


def rows(page: Page) -> list[list[str]]:
    """The table's rows, each its cells' texts but those of topics not answered."""
    shown = page.locator("table.mastery tbody tr")
    cells = [shown.nth(n).locator("th, td").all_inner_texts() for n in range(shown.count())]
    return [[text.strip() for text in row if text.strip() != "–"] for row in cells]


def clean(page: Page, name: str) -> None:
    found = audit(page, name)
    assert not [v for v in found if v["impact"] in SEVERE], found
    assert [v["target"] for v in found if v["rule"] == "region"] == []


@pytest.mark.parametrize("server", ["fi"], indirect=True)
def test_the_teacher_shows_the_table_on_the_projector_and_hides_it(
    chromium: Browser, server: ClassServer
) -> None:
    for number, name in enumerate(NICKNAMES):
        practised(server, name, 3 + number)
    origin, asked = server.site.origin, list[str]()
    teacher = tab(chromium, (1280, 900), server.teacher_address or "", asked)
    projector = tab(chromium, (1920, 1080), origin + PROJECTOR, asked)
    expect(teacher.locator("table.mastery tbody tr")).to_have_count(2)
    expect(projector.locator("#mastery")).to_be_hidden()
    switch = teacher.locator("#mastery-project")
    expect(switch).to_have_text(translate("lessons.page.project", "fi"))
    switch.focus()
    teacher.keyboard.press("Enter")
    shown = projector.locator("#mastery table.mastery")
    expect(shown).to_be_visible()
    expect(projector.locator("#projector .class-qr, #projector .code")).to_be_hidden()
    expect(switch).to_have_text(translate("lessons.page.unproject", "fi"))
    expect(switch).to_be_focused()
    assert rows(projector) == rows(teacher)
    assert rows(projector)[1][:2] == [NICKNAMES[1], "Taso 1 · 2/4\nTaso 1: 2/4"]
    expect(projector.locator("#mastery thead th")).to_have_count(3)
    name = projector.locator("#mastery tbody th").first
    expect(name).to_have_text(NICKNAMES[0])
    assert name.locator("b").count() == 0
    size = name.evaluate("cell => parseFloat(getComputedStyle(cell).fontSize)")
    assert size >= 30, size
    clean(teacher, "class-mastery-teacher")
    clean(projector, "class-mastery-projector")
    teacher.locator("#lesson form button[type=submit]").click()
    expect(projector.locator(".lesson-question")).to_be_visible()
    expect(projector.locator("#mastery")).to_be_hidden()
    teacher.locator("#lesson .actions button").last.click()
    expect(shown).to_be_visible()
    teacher.locator("#walk form button[type=submit]").click()
    expect(projector.locator("#walk .lesson-heading")).to_be_visible()
    expect(projector.locator("#mastery")).to_be_hidden()
    teacher.locator("#walk .actions button").last.click()
    expect(shown).to_be_visible()
    switch.focus()
    teacher.keyboard.press("Enter")
    expect(projector.locator("#mastery")).to_be_hidden()
    expect(projector.locator("#mastery tbody tr")).to_have_count(0)
    expect(switch).to_have_text(translate("lessons.page.project", "fi"))
    away = sorted({url for url in asked if not url.startswith(origin)})
    assert not away, away
