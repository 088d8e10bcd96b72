"""The class quiz in Chromium: the teacher, the projector and three pupils (a phone, a
tablet, a laptop) run a five-question quiz in Finnish and in Swedish by tapping. Every
pupil's screen shows the question the server asks, the projector's counts match the
taps, each wrong choice tapped is named with the mistake those pupils made ("2 pupils
thought a double closes its end"), the teacher's table names the last mistakes in the
same words, it and its CSV hold the same numbers, axe finds nothing serious and no
content outside landmarks (the projector's quiz is in its main), and no request leaves
127.0.0.1.
"""

from __future__ import annotations

import csv
import io
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from blockdomino.lessons.mistakes import described, named
from blockdomino.lessons.quiz import Quiz
from blockdomino.practice import words
from blockdomino.publish.serve import PROJECTOR
from blockdomino.publish.staging import write_stamp
from blockdomino.server import pages
from blockdomino.server.run import ClassServer, open_server, site_at

from .axe import SEVERE, audit
from .class_kept import running_quiz
from .conftest import TIMEOUT_MS

pytestmark = pytest.mark.browser
SCREENS = {"phone": (390, 844), "tablet": (820, 1180), "laptop": (1366, 768)}
QUESTIONS = 5


@pytest.fixture(params=["fi", "sv"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ClassServer]:
    yield from started(tmp_path, request.param)


def started(folder: Path, lang: str, *, named: str | None = None) -> Iterator[ClassServer]:
    """A class server in ``lang`` on 127.0.0.1 of a site of two files in ``folder``,
    serving from a thread until the generator is closed; with ``named``, its pages name
    it so (``http://<named>:PORT``), as where that name is this computer's."""
    for name in ("index.html", "jupyter-lite.json"):
        (folder / name).write_text("{}")
    write_stamp(folder)
    opened = open_server(folder, host="127.0.0.1", port=0, lang=lang, data=folder / "t.sqlite3")
    if named is not None:
        opened.site = site_at(opened.site.root, f"http://{named}:{opened.port}", lang, opened.hub)
    thread = threading.Thread(target=opened.serve, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not (opened.server and opened.server.started) and time.monotonic() < deadline:
        time.sleep(0.01)
    yield opened
    opened.stop()
    thread.join(timeout=10)


def tab(
    chromium: Browser, size: tuple[int, int], url: str, asked: list[str], script: str = ""
) -> Page:
    """A page of ``url`` in a window of ``size``, its requests listed in ``asked``,
    ``script`` run before the page's own."""
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.on("request", lambda sent: asked.append(sent.url))
    if script:
        page.add_init_script(script)
    page.goto(url)
    return page


LISTENING = """
window.heard = [];
window.lastOf = {};
new MutationObserver((records) => {
  for (const record of records) {
    const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
    const region = node && node.closest("[aria-live]");
    const line = region && [region.id, region.textContent];
    const again = JSON.stringify(line) === JSON.stringify(window.heard.at(-1));
    if (line && !again) window.heard.push(line);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
document.addEventListener("class:message", (event) => {
  window.lastOf[event.detail.type] = event.detail;
});
"""
"""What the page's live regions say, each change as [region, text], and the last
message of each type the page heard (to hear it again, as after a reconnection)."""


def heard(page: Page) -> list[list[str]]:
    """What the live regions of ``page`` have said so far (the lesson's only)."""
    return [line for line in page.evaluate("window.heard") if line[0] != "reconnecting"]


def drawn_again(page: Page) -> None:
    """The quiz on ``page`` drawn again from the last quiz message, as after a
    reconnection: nothing new in it."""
    page.evaluate("document.querySelector('.lesson-question').dataset.old = '1'")
    page.evaluate("""document.dispatchEvent(new CustomEvent("class:message",
      { detail: window.lastOf.quiz }))""")
    expect(page.locator(".lesson-question:not([data-old])")).to_have_count(1)


def paired(server: ClassServer) -> str:
    """The projector's address as the teacher's page links to it: paired, so that the
    projector shows the class."""
    assert server.hub is not None
    return f"{server.site.origin}{PROJECTOR}?pair={server.hub.keys.pairing(time.time())}"


def asked_now(server: ClassServer, number: int) -> Quiz:
    """The server's quiz once it asks question ``number`` (from 0)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        quiz = running_quiz(server)
        if quiz is not None and (quiz.kept.number, quiz.kept.phase) == (number, "asking"):
            return quiz
        time.sleep(0.05)
    raise AssertionError(f"question {number + 1} was not asked")


def test_a_five_question_quiz_on_every_screen(chromium: Browser, server: ClassServer) -> None:
    assert server.hub is not None
    lang, origin = server.site.lang, server.site.origin
    asked: list[str] = []
    teacher = tab(chromium, (1280, 900), server.teacher_address or "", asked)
    projector = tab(chromium, (1920, 1080), paired(server), asked)
    address = pages.class_address(origin, lang, server.hub.keys.code)
    pupils = {name: tab(chromium, size, address, asked) for name, size in SCREENS.items()}
    for page in pupils.values():
        page.locator("#nickname").wait_for()
    teacher.locator("#lesson-count").select_option(str(QUESTIONS))
    teacher.locator("#lesson form button[type=submit]").click()
    for name, page in pupils.items():
        page.locator("#lesson-nickname").fill(f"<i>{name}</i>")
        page.locator("#lesson-nickname").press("Enter")
    taps: list[list[int]] = []
    for number in range(QUESTIONS):
        quiz = asked_now(server, number)
        item, text = quiz.item, words(quiz.item, lang, spoken=True)
        chosen = [index % len(item.choices) for index in range(len(pupils))]
        for page, choice in zip(pupils.values(), chosen, strict=True):
            expect(page.locator(".lesson-question")).to_have_text(text.question)
            page.locator(".lesson-choices button").nth(choice).click()
            expect(page.locator(".lesson-status")).to_be_visible()
        expect(projector.locator(".lesson-status")).to_contain_text("3")
        teacher.locator("#lesson .actions button").first.click()
        counts = projector.locator(".lesson-results .lesson-count")
        expect(counts).to_have_count(len(item.choices))
        expected = [str(chosen.count(index)) for index in range(len(item.choices))]
        expect(counts).to_have_text(expected)
        for index, choice in enumerate(item.choices):
            if choice.mistake is not None and chosen.count(index):
                row = projector.locator(".lesson-results li").nth(index)
                expect(row).to_contain_text(
                    described(choice.mistake.key, chosen.count(index), lang)
                )
        taps.append(chosen)
        teacher.locator("#lesson .actions button").first.click()
    expect(projector.locator(".lesson-total").last).to_be_visible()
    for page in (teacher, projector, *pupils.values()):
        found = audit(page, f"class-quiz-{lang}")
        severe = [v for v in found if v["impact"] in SEVERE]
        assert not severe, severe
        outside = [v["target"] for v in found if v["rule"] == "region"]
        assert outside == [], f"content outside landmarks: {outside}"
    teacher.locator("#mastery .actions button").click()
    rows = teacher.locator("table.mastery tbody tr")
    expect(rows).to_have_count(3)
    for index in set(chosen) - {item.answer_index}:
        mistake = item.choices[index].mistake
        assert mistake is not None
        expect(teacher.locator("table.mastery")).to_contain_text(named(mistake.key, lang))
    link = teacher.locator("#mastery a.button").get_attribute("href")
    sheet = teacher.request.get(origin + str(link)).text()
    lines = list(csv.reader(io.StringIO(sheet)))[1:]
    assert sorted(line[0] for line in lines) == sorted(f"<i>{name}</i>" for name in SCREENS)
    assert all(int(line[5]) == QUESTIONS for line in lines)
    expect(rows.first.locator("th")).to_have_text(sorted(f"<i>{n}</i>" for n in SCREENS)[0])
    away = sorted({url for url in asked if not url.startswith(origin)})
    assert not away, away


def test_a_screen_reader_hears_each_new_thing_once(chromium: Browser, tmp_path: Path) -> None:
    """The pupil's page says a new question, the answer received and the verdict, once
    each; the teacher's, who joined and the count of answers; a quiz drawn again (a
    nickname saved, a reconnection) says nothing."""
    server = started(tmp_path, "en")
    opened = next(server)
    assert opened.hub is not None
    asked: list[str] = []
    teacher = tab(chromium, (1366, 768), opened.teacher_address or "", asked, LISTENING)
    address = pages.class_address(opened.site.origin, "en", opened.hub.keys.code)
    pupil = tab(chromium, (390, 844), address, asked, LISTENING)
    pupil.locator("#nickname").wait_for()
    teacher.locator("#lesson form button[type=submit]").click()
    quiz = asked_now(opened, 0)
    question = f"Question 1 of 5. {words(quiz.item, 'en', spoken=True).question}"
    expect(pupil.locator("#lesson-said")).to_have_text(question)
    pupil.locator("#lesson-nickname").fill("Aino")
    pupil.locator("#lesson-nickname").press("Enter")
    drawn_again(pupil)
    assert heard(pupil) == [["lesson-said", question]]
    pupil.locator(".lesson-choices button").nth(quiz.item.answer_index).click()
    said = words(quiz.item, "en", spoken=True)
    chosen = f"Your answer is in: {said.choices[quiz.item.answer_index]}"
    expect(pupil.locator("#lesson-said")).to_have_text(chosen)
    expect(teacher.locator("#roll")).to_contain_text("Aino")
    count = teacher.locator("#lesson .lesson-status")
    expect(count).to_contain_text("1")
    drawn_again(teacher)
    told = ["0 pupils have answered.", "Joined: Aino.", count.text_content() or ""]
    assert sorted(heard(teacher)) == sorted(["lesson-said", line] for line in told)
    teacher.locator("#lesson .actions button").first.click()
    expect(pupil.locator(".lesson-verdict")).to_be_visible()
    drawn_again(pupil)
    notes = words(quiz.item, "en", spoken=True).notes[quiz.item.answer_index]
    verdict = " ".join(filter(None, ["Right!", notes]))
    assert heard(pupil) == [["lesson-said", line] for line in (question, chosen, verdict)]
    server.close()
