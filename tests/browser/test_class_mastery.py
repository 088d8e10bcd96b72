"""The table of mastery on the projector, in Chromium: the teacher switches it on with
the keyboard, the projector shows the teacher's numbers large (a nickname that is
markup shown as text), a quiz or a walkthrough started wins until it ends, and
switched off it is gone; axe finds nothing serious on either page and no request leaves
127.0.0.1. A whole class (32 pupils, 6 topics, each with three mistakes) is shown on
the projector (without the mistakes, which are the teacher's) in pages of whole rows that
turn by themselves, every pupil on one page, nothing past the screen's edges and the
type as large as before; on the teacher's phone the table scrolls in its own box, the
names kept in view, and the page never sideways."""

from __future__ import annotations

import http.client
import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

from blockdomino.practice import LEVELS, TOPICS, generate
from blockdomino.server.run import ClassServer
from blockdomino.words.i18n import translate

from . import test_class_quiz
from .axe import SEVERE, audit
from .conftest import TIMEOUT_MS
from .test_class_quiz import paired, tab

pytestmark = pytest.mark.browser
NICKNAMES = ("<b>Aino</b>", "Bo")
CLASS = [
    f"{name} {number:02}"
    for number, name in enumerate(
        ["Aleksandra Kääriäinen", "Bo", "Vilhelmiina", "Maximilian Öhman", "Eeli", "Saga"] * 6
    )
][:32]
"""A class of 32 nicknames, some as long as a nickname may be (24 characters)."""
PAGE_MS = 15_000
"""How long the projector shows a page of the table (mastery.js)."""
PIXEL_7 = {"viewport": {"width": 412, "height": 839}, "device_scale_factor": 2.625,
           "is_mobile": True, "has_touch": True}  # fmt: skip
"""Playwright's descriptor of a Pixel 7."""


server = test_class_quiz.server
"""The quiz's class server (here in Finnish only)."""


@pytest.fixture(autouse=True)
def patient() -> Iterator[None]:
    """Every ``expect`` waits as long as the pages' own steps (a shared, slow machine)."""
    expect.set_options(timeout=TIMEOUT_MS)
    yield
    expect.set_options(timeout=5_000)


TOKENS: dict[tuple[int, str], str] = {}
"""The pupil token each nickname was given, by the server's port: a nickname is claimed
once, and its results sent under its token (``classroom.pupils``)."""


def token_of(server: ClassServer, name: str) -> str:
    """The pupil token of ``name``, claimed in the lobby as a pupil's page does."""
    assert server.hub is not None
    if (server.port, name) not in TOKENS:
        with connect(f"ws://127.0.0.1:{server.port}/class/ws") as socket:
            socket.send(
                json.dumps({"type": "hello", "role": "pupil", "code": server.hub.keys.code})
            )
            socket.send(json.dumps({"type": "name", "nickname": name}))
            for _ in range(20):
                message = json.loads(socket.recv(timeout=10))
                if message["type"] == "pupil" and message.get("token"):
                    TOKENS[server.port, name] = message["token"]
                    break
    return TOKENS[server.port, name]


def post_results(server: ClassServer, name: str, results: list[dict[str, object]]) -> None:
    """``results`` of ``name`` sent as the app sends them, under the pupil's token."""
    assert server.hub is not None
    token = token_of(server, name)
    body = json.dumps({"code": server.hub.keys.code, "pupil": token, "results": results})
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("POST", "/class/practice", body, {"Content-Type": "application/json"})
    assert connection.getresponse().status == 200
    connection.close()


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
    post_results(server, name, sent)


def whole_class(server: ClassServer) -> None:
    """Every pupil of ``CLASS`` answered six topics at every level, one right and one
    wrong each time: the tallest rows the table has (three levels, three mistakes)."""
    assert server.hub is not None
    for pupil, name in enumerate(CLASS):
        sent = []
        for topic in TOPICS[:6]:
            for level in LEVELS:
                item = generate(topic, level, pupil)
                for choice in (item.answer_index, (item.answer_index + 1) % len(item.choices)):
                    sent.append({"id": f"{pupil:03}{topic}{level}{choice}", "topic": topic,
                                 "level": level, "seed": pupil, "choice": choice})  # fmt: skip
        post_results(server, name, sent)


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
    projector = tab(chromium, (1920, 1080), paired(server), asked)
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
    # The projector shows each cell's first line, without the levels and the mistakes.
    assert rows(projector) == [[row[0], row[1].split("\n")[0]] for row in rows(teacher)]
    assert rows(projector)[1] == [NICKNAMES[1], "Taso 1 · 2/4"]
    assert rows(teacher)[1][1] == "Taso 1 · 2/4\nTaso 1: 2/4"
    expect(projector.locator("#mastery thead th")).to_have_count(2)
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
    teacher.locator("#lesson .stop-zone button").click()
    expect(shown).to_be_visible()
    teacher.locator("#walk form button[type=submit]").click()
    expect(projector.locator("#walk .lesson-heading")).to_be_visible()
    expect(projector.locator("#mastery")).to_be_hidden()
    teacher.locator("#walk .stop-zone button").click()
    expect(shown).to_be_visible()
    switch.focus()
    teacher.keyboard.press("Enter")
    expect(projector.locator("#mastery")).to_be_hidden()
    expect(projector.locator("#mastery tbody tr")).to_have_count(0)
    expect(switch).to_have_text(translate("lessons.page.project", "fi"))
    away = sorted({url for url in asked if not url.startswith(origin)})
    assert not away, away


INSIDE = """() => {
  const [wide, high] = [innerWidth, innerHeight];
  const parts = "#mastery h2, #mastery th, #mastery td, #mastery .mastery-page";
  const shown = [...document.querySelectorAll(parts)].filter((p) => p.getClientRects().length);
  const out = shown.map((part) => [part.textContent.slice(0, 30), part.getBoundingClientRect()])
    .filter(([, box]) => box.left < 0 || box.top < 0 || box.right > wide + 0.5
      || box.bottom > high + 0.5)
    .map(([text, box]) => `${text}: ${box.left},${box.top} - ${box.right},${box.bottom}`);
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) out.push("the page scrolls sideways");
  if (page.scrollHeight > page.clientHeight) out.push("the page scrolls down");
  return out;
}"""
"""What of the projected table lies past the screen's edges (nothing, as it should)."""


@pytest.mark.parametrize(
    "size", [(1920, 1080), (1280, 720), (1024, 768)], ids=["1080p", "720p", "4:3"]
)
@pytest.mark.parametrize("server", ["fi"], indirect=True)
def test_a_whole_class_is_shown_on_the_projector_page_by_page(
    chromium: Browser, server: ClassServer, size: tuple[int, int]
) -> None:
    whole_class(server)
    origin, asked = server.site.origin, list[str]()
    teacher = tab(chromium, (1280, 900), server.teacher_address or "", asked)
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(TIMEOUT_MS)
    projector = context.new_page()
    projector.on("request", lambda sent: asked.append(sent.url))
    projector.clock.install()  # time flows, and the test moves it on a page at a time
    projector.goto(paired(server))
    expect(teacher.locator("table.mastery tbody tr")).to_have_count(len(CLASS))
    teacher.locator("#mastery-project").click()
    expect(projector.locator("#mastery table.mastery")).to_be_visible()
    expect(projector.locator("#mastery thead th")).to_have_count(7)
    line = projector.locator("#mastery .mastery-page")
    expect(line).to_have_text(re.compile(r"^Sivu 1/\d+$"))
    pages = int(line.inner_text().split("/")[1])
    assert 1 < pages < len(CLASS), pages
    # The table's type before it had pages: 3.6vh, at least 1.3rem, at most 2.6rem.
    least = max(20.8, min(41.6, 0.036 * size[1]))
    seen: list[str] = []
    # Each page's checks take a moment, far less than a page's time: the pages turn as the
    # clock is moved on.
    for page in range(1, pages + 1):
        assert line.inner_text() == f"Sivu {page}/{pages}"
        names = projector.locator("#mastery tbody tr:not([hidden]) th")
        seen += [text.strip() for text in names.all_inner_texts()]
        assert projector.evaluate(INSIDE) == []
        sizes = names.evaluate_all("cs => cs.map((c) => parseFloat(getComputedStyle(c).fontSize))")
        assert min(sizes) >= least - 0.01, sizes
        if page == 1:
            # The teacher's table refreshed half-way through a page does not hold it.
            projector.clock.run_for(PAGE_MS // 2)
            projector.locator("#mastery table").evaluate("table => (table.dataset.old = 'yes')")
            teacher.locator("#mastery-refresh").click()
            expect(projector.locator("#mastery table[data-old]")).to_have_count(0)
            expect(line).to_have_text(f"Sivu 1/{pages}")
            projector.clock.run_for(PAGE_MS - PAGE_MS // 2)
        else:
            projector.clock.run_for(PAGE_MS)
    assert seen == sorted(CLASS, key=str.casefold)  # by name, as the server sends them
    assert line.inner_text() == f"Sivu 1/{pages}"  # and round again
    clean(projector, f"class-mastery-projector-{size[1]}")
    away = sorted({url for url in asked if not url.startswith(origin)})
    assert not away, away


@pytest.mark.parametrize("server", ["fi"], indirect=True)
def test_the_teachers_phone_scrolls_a_whole_class_in_the_tables_box(
    chromium: Browser, server: ClassServer
) -> None:
    whole_class(server)
    context = chromium.new_context(**PIXEL_7)
    context.set_default_timeout(TIMEOUT_MS)
    phone = context.new_page()
    phone.goto(server.teacher_address or "")
    expect(phone.locator("table.mastery tbody tr")).to_have_count(len(CLASS))
    wide = phone.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert wide[0] <= wide[1], wide
    box = phone.locator(".mastery-scroll")
    assert box.evaluate("box => box.scrollWidth > box.clientWidth")
    box.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    name = phone.locator("table.mastery tbody th").first
    inside = name.evaluate("""cell => {
      const at = cell.getBoundingClientRect();
      const frame = cell.closest(".mastery-scroll").getBoundingClientRect();
      return at.left >= frame.left - 0.5 && at.right <= frame.right + 0.5;
    }""")
    assert inside, "the name column scrolled out of the table's box"
    clean(phone, "class-mastery-phone")


@pytest.mark.parametrize("server", ["fi"], indirect=True)
def test_the_table_hidden_by_a_quiz_is_paged_once_shown_again(
    chromium: Browser, server: ClassServer
) -> None:
    """A projector that opens during a quiz gets the table while the quiz hides it (it
    cannot be measured then): it is paged when the quiz ends."""
    whole_class(server)
    asked = list[str]()
    teacher = tab(chromium, (1280, 900), server.teacher_address or "", asked)
    expect(teacher.locator("table.mastery tbody tr")).to_have_count(len(CLASS))
    teacher.locator("#mastery-project").click()
    expect(teacher.locator("#mastery-project")).to_have_text(
        translate("lessons.page.unproject", "fi")
    )
    teacher.locator("#lesson form button[type=submit]").click()
    projector = tab(chromium, (1280, 720), paired(server), asked)
    expect(projector.locator(".lesson-question")).to_be_visible()
    expect(projector.locator("#mastery tbody tr")).to_have_count(len(CLASS))
    teacher.locator("#lesson .stop-zone button").click()
    expect(projector.locator("#mastery .mastery-page")).to_have_text(re.compile(r"^Sivu \d+/\d+$"))
    assert projector.evaluate(INSIDE) == []
