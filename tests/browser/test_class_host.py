"""The projector's host screen in Chromium, at 1920×1080, 1280×720 and 1024×768: one
projector page, resized between the sizes, while the teacher and pupils (WebSocket
screens, as the server tests have them) run a lesson. Before it the class code and QR
code are big, and the nicknames of a class of 32 show beside them as they join; once an
activity holds the screen they shrink to a corner, and everything of the activity (a
timed question in large type with its diagram, big countdown and who of the class has
not answered yet, the chart of the class's choices with each wrong choice's mistake, a
table with its chain, hands, whose turn and its award, a walkthrough's step) lies inside
the screen: nothing below the fold or past the right edge, no part drawn over the next,
no text cut at the edge of its picture. axe finds nothing serious at any size.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import ClientConnection, connect

from blockdomino.lessons.mistakes import described
from blockdomino.server.run import ClassServer
from blockdomino.words.i18n import translate

from . import test_class_quiz
from .axe import SEVERE, audit
from .class_kept import running_quiz
from .conftest import TIMEOUT_MS
from .test_class_quiz import paired, tab

pytestmark = pytest.mark.browser
SIZES = ((1920, 1080), (1280, 720), (1024, 768))
MOST_FRAMES = 300
MOST_MOVES = 80
PLACES = "#projector :is(.host, .host-body > *, .host-foot, .host-game, .host-award, #walk)"
"""The parts of an activity on the projector, each of which must hold its content."""
NAMES = ("Aleksandra Kääriäinen", "Bo", "Vilhelmiina", "Maximilian Öhman")
CLASS = [f"{name} {number:02}" for number, name in enumerate(NAMES * 8)]
"""A class of 32 nicknames, some as long as a nickname may be (24 characters)."""
server = test_class_quiz.server
"""The quiz's class server (here in Finnish only)."""

FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Two frames drawn (the page laid out at its new size, its type fitted)."""
OUTSIDE = """(PLACES) => {
  const shown = (el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden";
  const name = (el) => `${el.tagName.toLowerCase()}.${el.getAttribute("class") || ""}: `
    + (el.textContent || "").trim().slice(0, 40);
  const outside = [];
  let lowest = 0;
  for (const el of document.querySelectorAll("#projector *")) {
    if (!shown(el)) continue;
    const box = el.getBoundingClientRect();
    if (!el.children.length) lowest = Math.max(lowest, box.bottom);
    const out = box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5;
    if (out || box.left < -0.5 || box.top < -0.5) outside.push(name(el));
    if (el.tagName === "text" && el.closest("#main")) {
      const picture = el.ownerSVGElement.getBoundingClientRect();
      const cut = box.right > picture.right + 0.5 || box.left < picture.left - 0.5;
      if (cut) outside.push(`cut: ${name(el)}`);
    }
  }
  for (const place of document.querySelectorAll(PLACES)) {
    const over = place.scrollHeight > place.clientHeight + 1;
    if (shown(place) && over) outside.push(`overflows: ${name(place)}`);
  }
  const page = document.documentElement;
  const scrolls = page.scrollHeight > innerHeight || page.scrollWidth > innerWidth;
  if (scrolls) outside.push("the page scrolls");
  return { outside, lowest: Math.round(lowest) };
}"""
"""Every element of the projector's page that lies (even partly) outside the screen or,
for a text in a table's picture or its award, outside that picture, and every part of an
activity whose content overflows it (drawn over the next part); and the bottom of the
lowest element that holds no other."""


class Screen:
    """A teacher's or a pupil's screen over the class's WebSocket."""

    def __init__(self, port: int, hello: dict[str, Any]) -> None:
        url = f"ws://127.0.0.1:{port}/class/ws"
        self.ws: ClientConnection = connect(url, max_queue=None).__enter__()
        self.send({"type": "hello", "lang": "fi", **hello})

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def until(self, kind: str, holds: Any = lambda _: True) -> dict[str, Any]:
        for _ in range(MOST_FRAMES):
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=TIMEOUT_MS / 1000))
            if message["type"] == kind and holds(message):
                return message
        raise AssertionError(f"no {kind} frame came")


@pytest.fixture
def projector(chromium: Browser, server: ClassServer) -> Iterator[Page]:
    page = tab(chromium, SIZES[0], paired(server), [])
    yield page
    page.context.close()


def fits(page: Page, what: str) -> dict[str, int]:
    """Check at every size that nothing of ``what`` lies outside the screen; the lowest
    element's bottom and the question's type size, by size."""
    figures = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(FRAMES)
        found = page.evaluate(OUTSIDE, PLACES)
        assert found["outside"] == [], f"{what} at {width}×{height}: {found['outside']}"
        figures[f"{height}p lowest"] = found["lowest"]
        question = page.locator("#projector .lesson-question")
        if question.is_visible():
            size = question.evaluate("q => parseFloat(getComputedStyle(q).fontSize)")
            figures[f"{height}p question px"] = round(size)
            if height == 1080:
                assert size >= 40, f"the question in {size} px type at 1080p"
    print(what, figures)
    return figures


def cornered(page: Page, big: bool) -> None:
    """The QR code big (before the lesson) or in the corner (an activity running)."""
    code = page.locator("#projector > .code")
    width = code.evaluate("svg => svg.getBoundingClientRect().width / innerHeight")
    assert (width > 0.5) if big else (width < 0.15), width
    expect(page.locator("#projector > .host-corner")).to_be_visible(visible=not big)
    expect(page.locator("#projector > .code-letters")).to_be_visible(visible=big)


def clean(page: Page, what: str) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        found = audit(page, f"class-host-{what}-{height}")
        assert not [v for v in found if v["impact"] in SEVERE], found
        assert [v["target"] for v in found if v["rule"] == "region"] == []


def a_quiz(server: ClassServer, teacher: Screen, projector: Page, pupils: list[Screen]) -> None:
    """A timed question answered by two of the class (``pupils``, named as the class's
    first nicknames), wrongly (the projector names who has not answered yet), then
    revealed."""
    assert server.hub is not None
    teacher.send({"type": "quiz_start", "topics": ["matching", "doubles"], "level": 2,
                  "count": 3, "seconds": 90, "names": True})  # fmt: skip
    asked = pupils[0].until("quiz", lambda m: m["screen"] is not None)["screen"]
    expect(projector.locator(".host-clock")).to_be_visible()
    cornered(projector, big=False)
    quiz = running_quiz(server)
    assert quiz is not None
    item = quiz.item
    wrong = [n for n, choice in enumerate(item.choices) if not choice.is_right][:2]
    for number, (pupil, choice) in enumerate(zip(pupils, wrong, strict=False)):
        pupil.send({"type": "quiz_answer", "quiz": asked["quiz"], "number": 0, "choice": choice,
                    "pupil": f"pupil{number:08}", "nickname": CLASS[number]})  # fmt: skip
        pupil.until("quiz_done")
    expect(projector.locator(".lesson-status")).to_contain_text(str(len(wrong)))
    waiting = projector.locator(".host-waiting")  # the teacher shows nicknames
    expect(waiting).to_contain_text(CLASS[len(wrong)])
    for name in CLASS[: len(wrong)]:
        expect(waiting).not_to_contain_text(name)
    fits(projector, "a timed question")
    teacher.send({"type": "quiz_reveal"})
    expect(projector.locator(".host-chart li")).to_have_count(len(item.choices))
    for choice in wrong:
        mistake = item.choices[choice].mistake
        assert mistake is not None
        said = described(mistake.key, 1, "fi")
        expect(projector.locator(".host-chart li").nth(choice)).to_contain_text(said)
    fits(projector, "the class's choices")
    clean(projector, "quiz")
    teacher.send({"type": "quiz_end"})
    expect(projector.locator(".host-quiz")).to_have_count(0)


def a_table(server: ClassServer, teacher: Screen, projector: Page) -> None:
    """A pupil's round against the computer, shown on the projector, to its award."""
    assert server.hub is not None
    pupil = Screen(server.port, {"role": "pupil", "code": server.hub.keys.code})
    pupil.until("lobby")
    pupil.send({"type": "open", "preset": "block", "players": 2, "computers": 1,
                "nickname": "Aleksandra Kääriäinen"})  # fmt: skip
    table = pupil.until("joined")["table"]
    teacher.send({"type": "show", "table": table})
    screen = pupil.until("seat")["screen"]
    expect(projector.locator("#main .host-game .picture")).to_be_visible()
    cornered(projector, big=False)
    fits(projector, "a table")
    for number in range(MOST_MOVES):
        if screen["award"]:
            break
        if screen["actions"]:
            pupil.send({"type": "act", "move": f"m{number}", "action": screen["actions"][0]["key"]})
        step = screen["step"]
        screen = pupil.until("seat", lambda m, step=step: m["screen"]["step"] > step)["screen"]
    award = translate("tables.page.award", "fi")
    expect(projector.get_by_role("heading", name=award)).to_be_visible()
    fits(projector, "a table's award")


@pytest.mark.parametrize("server", ["fi"], indirect=True)
def test_the_host_screen_shows_the_whole_activity_at_every_size(
    server: ClassServer, projector: Page
) -> None:
    assert server.hub is not None
    teacher = Screen(server.port, {"role": "teacher", "secret": server.hub.keys.secret})
    expect(projector.locator("#projector > .code-letters")).to_contain_text(server.hub.keys.code)
    cornered(projector, big=True)
    fits(projector, "the class code")
    code = server.hub.keys.code
    joined = [Screen(server.port, {"role": "pupil", "code": code}) for _ in CLASS]
    for screen, name in zip(joined, CLASS, strict=True):
        screen.until("lobby")
        screen.send({"type": "name", "nickname": name})
    expect(projector.locator("#main .host-class li")).to_have_count(len(CLASS))
    expect(projector.locator("#main .host-class")).to_contain_text(CLASS[0])
    fits(projector, "the class as it joins")
    a_quiz(server, teacher, projector, joined)
    a_table(server, teacher, projector)
    assert len(joined) == len(CLASS)
    examples = teacher.until("walk", lambda m: m.get("examples"))["examples"]
    teacher.send({"type": "walk_start", "example": examples[0][1][0][0]})
    expect(projector.locator("#walk .lesson-heading")).to_be_visible()
    fits(projector, "a walkthrough")
    clean(projector, "walk")
