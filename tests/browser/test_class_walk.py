"""The teacher's walkthrough in Chromium, in Finnish and in Swedish: the teacher starts
a worked example and moves it on, the projector and a pupil show the teacher's step, the
pupil looks back and comes back with one tap, and answers "Which tiles fit here?" by
tapping; the projector counts the tap and then shows which tiles fit and why.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from blockdomino.lessons.fitting import fit_question
from blockdomino.lessons.walkthrough import walk_frames
from blockdomino.publish.serve import PROJECTOR
from blockdomino.server import pages
from blockdomino.server.run import ClassServer
from blockdomino.words.i18n import translate

from . import test_class_quiz
from .test_accessibility import SEVERE, audit

pytestmark = pytest.mark.browser
EXAMPLE = "placed-3-4"


server = test_class_quiz.server
"""The class server in Finnish and in Swedish, as the class quiz's test has it."""


def tab(chromium: Browser, size: tuple[int, int], url: str) -> Page:
    return test_class_quiz.tab(chromium, size, url, [])


def test_a_walkthrough_with_a_question_on_every_screen(
    chromium: Browser, server: ClassServer
) -> None:
    assert server.hub is not None
    lang, origin = server.site.lang, server.site.origin
    frames = walk_frames(EXAMPLE, lang)
    teacher = tab(chromium, (1280, 900), server.teacher_address or "")
    projector = tab(chromium, (1920, 1080), origin + PROJECTOR)
    child = tab(chromium, (390, 844), pages.class_address(origin, lang, server.hub.keys.code))
    child.locator("#nickname").wait_for()
    teacher.locator("#walk-example").select_option(EXAMPLE)
    teacher.locator("#walk form button[type=submit]").click()
    next_step = teacher.locator("#walk .actions button").nth(1)
    next_step.click()
    for page in (projector, child):
        expect(page.locator("#walk .lesson-heading")).to_have_text(frames[1].heading)
    child.locator("#walk .actions button").first.click()
    expect(child.locator("#walk .lesson-heading")).to_have_text(frames[0].heading)
    expect(projector.locator("#walk .lesson-heading")).to_have_text(frames[1].heading)
    child.locator("#walk .actions button").last.click()
    expect(child.locator("#walk .lesson-heading")).to_have_text(frames[1].heading)
    teacher.get_by_role("button", name=translate("lessons.page.fit_ask", lang)).click()
    question = fit_question(EXAMPLE, 1)
    assert question is not None
    fitting = next(i for i, tile in enumerate(question.tiles) if question.fits(tile))
    child.locator("#walk .lesson-tiles button").nth(fitting).click()
    child.get_by_role("button", name=translate("lessons.page.fit_send", lang)).click()
    expect(child.locator("#walk .lesson-status")).to_have_text(
        translate("lessons.page.fit_sent", lang)
    )
    answered = translate("lessons.fit.answered", lang, count=1)
    expect(projector.locator("#walk .lesson-status")).to_have_text(answered)
    teacher.get_by_role("button", name=translate("lessons.page.fit_reveal", lang)).click()
    counts = projector.locator("#walk .lesson-tiles .lesson-count")
    expect(counts).to_have_text([f"{int(i == fitting)}" for i in range(len(question.tiles))])
    reasons = projector.locator("#walk .lesson-results li")
    expect(reasons).to_have_text([question.reason(t, lang) for t in question.tiles])
    for page in (teacher, projector, child):
        severe = [v for v in audit(page, f"class-walk-{lang}") if v["impact"] in SEVERE]
        assert not severe, severe
