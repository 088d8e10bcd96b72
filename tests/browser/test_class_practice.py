"""The app's Practice chapter sends its answers to the teacher, in Chromium.

The class server (``blockdomino serve``'s server, in a thread on 127.0.0.1) serves a
site of the app alone. A pupil joins the class on its class page (the class code in
the address, a nickname typed), opens the app's Practice chapter on the same tablet and
answers: every answer reaches the server, the tablet says so, and the teacher's mastery
table shows the pupil's row. With the server stopped the answers are kept on the tablet,
and it says so; once the server is back (the same port, the same database) and the
tablet has rejoined, for another pupil, the app opened again sends them, each counted
once and under the nickname they were answered with. A result sent twice counts once.
Answers the server could not take now (a 503, a 429, a 404) stay kept; those it refuses for good
(a result it cannot mark, a class code no longer the class's) are dropped, one by one
when refused together with others, and the tablet says so.
"""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from blockdomino.lessons.mastery import mastery_table
from blockdomino.publish.staging import write_stamp
from blockdomino.server import precompress
from blockdomino.server.run import ClassServer, open_server
from blockdomino.words.i18n import translate

from .axe import audit, check_ours
from .class_kept import kept_answers
from .conftest import keep_home

pytestmark = pytest.mark.browser

READY_MS = 120_000
"""The longest wait for Python in the worker (a shared, slow machine)."""
START_SECONDS = 10.0
NICKNAME = "<b>Aino</b>"
"""A nickname that is markup, shown as text on the teacher's page."""
PRACTICE = "section[data-widget='Practice']"
UNSENT = "JSON.parse(localStorage.getItem('blockdomino.practice.unsent'))"
"""The answers the tablet keeps."""


@pytest.fixture(scope="module")
def app_site(built_app: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site of the app alone (a copy of the one the other app tests serve) and its
    stamps; its files marked compressed already, so that the server starts at once."""
    root = tmp_path_factory.mktemp("practice-site") / "site"
    shutil.copytree(built_app, root / "app")
    for name in ("index.html", "jupyter-lite.json"):
        (root / name).write_text("{}")
    write_stamp(root)
    (root / precompress.STAMP).write_bytes(b"")
    return root


class Servers:
    """The class server of a test, stopped and started again on the same port with the
    same database."""

    def __init__(self, site: Path, data: Path) -> None:
        self.site, self.data = site, data
        self.port = 0
        self.server: ClassServer | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> ClassServer:
        server = open_server(self.site, host="127.0.0.1", port=self.port, data=self.data)
        self.port = server.port
        self.thread = threading.Thread(target=server.serve, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + START_SECONDS
        while not (server.server and server.server.started):
            assert time.monotonic() < deadline, "the class server did not start"
            time.sleep(0.02)
        self.server = server
        return server

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.stop()
            self.thread.join(timeout=START_SECONDS)
            assert not self.thread.is_alive(), "the class server did not stop"
        self.server = None

    def answers(self) -> list[Any]:
        """Every answer the server keeps (quizzes' and Practice's), oldest first."""
        assert self.server is not None
        return kept_answers(self.server)


@pytest.fixture
def servers(app_site: Path, tmp_path: Path) -> Iterator[Servers]:
    running = Servers(app_site, tmp_path / "tables.sqlite3")
    running.start()
    yield running
    running.stop()


@pytest.fixture
def tablet(chromium: Browser, servers: Servers) -> Iterator[Page]:
    """A pupil's tablet (service workers blocked: the app comes from the server every
    time), every request to another host aborted, every script error kept."""
    aborted: list[str] = []
    thrown: list[str] = []
    context: BrowserContext = chromium.new_context(
        # axe is added to the page as a script of its own, which the server's CSP forbids.
        viewport={"width": 810, "height": 1080},
        service_workers="block",
        bypass_csp=True,
    )
    context.set_default_timeout(READY_MS)
    keep_home(context, f"127.0.0.1:{servers.port}", aborted)
    page = context.new_page()
    page.on("pageerror", lambda error: thrown.append(str(error)))
    yield page
    context.close()
    assert aborted == [], f"requests outside the class server: {aborted}"
    assert thrown == [], f"the pages' scripts threw: {thrown}"


def waited(check: Any, what: str) -> None:
    deadline = time.monotonic() + READY_MS / 1000
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def open_practice(page: Page, origin: str) -> Any:
    page.goto(f"{origin}/app/?lang=en&chapter=9")
    page.locator("html[data-python='ready']").wait_for(state="attached")
    section = page.locator(PRACTICE).first
    section.locator("[data-action='choice:0']").wait_for()
    return section


def answer(section: Any, choice: int) -> None:
    """Answer the item shown, then deal the next."""
    page = section.page
    section.locator(f"[data-action='choice:{choice}']").click()
    page.wait_for_function("s => !s.dataset.busy", arg=section.element_handle())
    section.locator("[data-action='next']:not([disabled])").click()
    section.locator(f"[data-action='choice:{choice}']:not([disabled])").wait_for()


def teachers_rows(chromium: Browser, server: ClassServer, count: int) -> Any:
    """The teacher's mastery table's ``count`` rows, on the teacher's page opened afresh."""
    teacher = chromium.new_page()
    teacher.goto(server.teacher_address or "")
    rows = teacher.locator("table.mastery tbody tr")
    expect(rows).to_have_count(count)
    return rows


def join(page: Page, origin: str, code: str, nickname: str) -> None:
    """A pupil joins the class on its page: the code in the address, a nickname typed, and
    the server's token for it kept (the Practice chapter sends answers only then)."""
    page.goto(f"{origin}/class/?lang=en&code={code}")
    page.locator("#nickname").fill(nickname)
    page.locator("#nickname").press("Tab")
    page.wait_for_function(  # the server's token for the nickname kept: the pupil has joined
        "n => (JSON.parse(localStorage.getItem('blockdomino.class.pupils') || '{}'))[n]",
        arg=nickname,
    )


def test_practice_answers_reach_the_teacher_once_even_after_the_server_stopped(
    chromium: Browser, servers: Servers, tablet: Page
) -> None:
    server = servers.server
    assert server is not None
    assert server.hub is not None
    origin = server.site.origin
    code = server.hub.keys.code
    join(tablet, origin, code, NICKNAME)
    section = open_practice(tablet, origin)
    line = section.locator(".class-results")
    for number in range(3):
        answer(section, number % 2)
        waited(lambda n=number: len(servers.answers()) == n + 1, "an answer did not arrive")
    expect(line).to_have_text(translate("app.class.sent", "en"))

    row = teachers_rows(chromium, server, 1)
    expect(row.locator("th")).to_have_text(NICKNAME)
    expect(row.locator("td").first).to_contain_text("/3")
    row.page.close()

    servers.stop()
    for number in range(2):
        answer(section, number)
    expect(line).to_have_text(translate("app.class.kept", "en"))
    check_ours(audit(tablet, "class-practice-kept", "*"))
    kept = tablet.evaluate("JSON.parse(localStorage.getItem('blockdomino.practice.unsent'))")
    assert [entry["nickname"] for entry in kept] == [NICKNAME, NICKNAME]

    servers.start()
    assert servers.port == server.port
    join(tablet, origin, code, "Bea")  # the tablet rejoins, another pupil's now
    section = open_practice(tablet, origin)
    expect(section.locator(".class-results")).to_have_text(translate("app.class.sent", "en"))
    waited(lambda: len(servers.answers()) == 5, "the kept answers did not arrive")
    assert tablet.evaluate("localStorage.getItem('blockdomino.practice.unsent')") is None
    assert [pupil.nickname for pupil in mastery_table(servers.answers())] == [NICKNAME]
    answer(section, 0)
    waited(lambda: len(servers.answers()) == 6, "Bea's answer did not arrive")
    arrived = servers.answers()
    assert [answer.nickname for answer in arrived] == [NICKNAME] * 5 + ["Bea"]
    assert len({answer.pupil for answer in arrived}) == 2  # each result once, under its pupil

    twice = tablet.evaluate(
        """async ([code, pupil, result]) => {
          const body = JSON.stringify({ code, pupil, results: [result] });
          const post = { method: "POST", body };
          const sent = () => fetch("/class/practice", post).then((a) => a.json());
          return [await sent(), await sent()];
        }""",
        [code, kept[0]["pupil"], {**kept[0]["result"], "id": "a-result-sent-twice"}],
    )
    assert [sent["new"] for sent in twice] == [1, 0]
    answers = servers.answers()
    assert len(answers) == 7
    assert [len(pupil.topics) for pupil in mastery_table(answers)] == [1, 1]
    assert servers.server is not None  # a link of the server before its restart opens nothing
    rows = teachers_rows(chromium, servers.server, 2)
    expect(rows.locator("th")).to_have_text([NICKNAME, "Bea"])
    expect(rows.first.locator("td").first).to_contain_text("/6")
    expect(rows.last.locator("td").first).to_contain_text("/1")
    rows.page.close()


def answering(status: int) -> Callable[[Route], None]:
    """A route's handler: every request answered ``status``, as a busy server does."""
    return lambda route: route.fulfill(status=status)


def joined_practice(servers: Servers, tablet: Page) -> tuple[Any, Any]:
    """The Practice chapter opened on ``tablet`` once its pupil joined the class: its
    section, and the line saying whether its answers reached the teacher."""
    server = servers.server
    assert server is not None
    assert server.hub is not None
    origin = server.site.origin
    join(tablet, origin, server.hub.keys.code, NICKNAME)
    section = open_practice(tablet, origin)
    return section, section.locator(".class-results")


def test_answers_refused_for_good_are_dropped_and_the_pupil_told(
    servers: Servers, tablet: Page
) -> None:
    section, line = joined_practice(servers, tablet)
    for status in (503, 429, 404):  # the server busy, or without the class: kept
        tablet.route("**/class/practice", answering(status))
        answer(section, 0)
        expect(line).to_have_text(translate("app.class.kept", "en"))
        tablet.unroute("**/class/practice")
    kept = tablet.evaluate(UNSENT)
    assert len(kept) == 3
    assert servers.answers() == []

    # One kept answer the server cannot mark: it refuses the five sent together.
    unmarkable = {**kept[0], "result": {**kept[0]["result"], "id": "b" * 24, "topic": "nope"}}
    tablet.evaluate("e => localStorage.setItem('blockdomino.practice.unsent', JSON.stringify(e))",
                    [*kept, unmarkable])  # fmt: skip
    answer(section, 1)
    expect(line).to_have_text(translate("app.class.refused", "en"))
    waited(lambda: len(servers.answers()) == 4, "the answers it can mark did not arrive")
    assert tablet.evaluate(UNSENT) is None

    answer(section, 0)
    expect(line).to_have_text(translate("app.class.sent", "en"))
    waited(lambda: len(servers.answers()) == 5, "the next answer did not arrive")

    # The class code no longer the class's (O and 0 are never in one): refused, not kept.
    tablet.evaluate("localStorage.setItem('blockdomino.class.code', 'OOOO0')")
    answer(section, 1)
    expect(line).to_have_text(translate("app.class.refused", "en"))
    assert tablet.evaluate(UNSENT) is None
    assert len(servers.answers()) == 5


def test_beyond_what_the_tablet_keeps_the_oldest_answers_go_and_the_pupil_is_told(
    servers: Servers, tablet: Page
) -> None:
    """The answers kept are bounded (results.js MOST_KEPT): "beyond `most` items the
    oldest go, and `dropped` is told how many went" (shared.js keptQueue); never silently."""
    section, line = joined_practice(servers, tablet)
    tablet.route("**/class/practice", answering(503))
    answer(section, 0)
    expect(line).to_have_text(translate("app.class.kept", "en"))
    first = tablet.evaluate(UNSENT)[0]
    full = [{**first, "result": {**first["result"], "id": f"{n:024x}"}} for n in range(500)]
    tablet.evaluate("e => localStorage.setItem('blockdomino.practice.unsent', JSON.stringify(e))",
                    full)  # fmt: skip
    answer(section, 1)
    expect(line).to_have_text(translate("app.class.dropped", "en"))
    kept = [entry["result"]["id"] for entry in tablet.evaluate(UNSENT)]
    assert len(kept) == 500
    assert kept[:-1] == [entry["result"]["id"] for entry in full[1:]]  # the oldest went
    tablet.unroute("**/class/practice")
