"""The teacher's walkthrough in Chromium, in Finnish and in Swedish: the teacher starts
a worked example and moves it on, the projector and a pupil show the teacher's step, the
pupil looks back and comes back with one tap, and answers "Which tiles fit here?" by
tapping; the projector counts the tap and then shows which tiles fit and why. A
chapter's walkthrough is chosen from the chapters' groups and stepped, and its scoring
figure asks "How many points?"; the projector counts the answer, then shows why.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from blockdomino.lessons.fitting import fit_question
from blockdomino.lessons.points import points_question
from blockdomino.lessons.steps import chapter_walks, walk_examples
from blockdomino.lessons.walkthrough import walk_frames
from blockdomino.server import pages
from blockdomino.server.run import ClassServer
from blockdomino.words.i18n import translate

from . import test_class_quiz
from .axe import SEVERE, audit
from .test_class_quiz import paired

pytestmark = pytest.mark.browser
EXAMPLE = "placed-3-4"


server = test_class_quiz.server
"""The class server in Finnish and in Swedish, as the class quiz's test has it."""


def tab(chromium: Browser, size: tuple[int, int], url: str) -> Page:
    return test_class_quiz.tab(chromium, size, url, [])


def sent_and_revealed(
    pages: tuple[Page, Page, Page], lang: str, chosen: Locator, reveal: str
) -> None:
    """The pupil taps ``chosen`` and sends it, the projector counts one answer, and the
    teacher shows the answer with the button ``reveal``."""
    teacher, projector, child = pages
    chosen.click()
    child.get_by_role("button", name=translate("lessons.page.fit_send", lang)).click()
    expect(child.locator("#walk .lesson-status")).to_have_text(
        translate("lessons.page.fit_sent", lang)
    )
    answered = translate("lessons.fit.answered", lang, count=1)
    expect(projector.locator("#walk .lesson-status")).to_have_text(answered)
    teacher.get_by_role("button", name=translate(reveal, lang)).click()


def test_a_walkthrough_with_a_question_on_every_screen(
    chromium: Browser, server: ClassServer
) -> None:
    assert server.hub is not None
    lang, origin = server.site.lang, server.site.origin
    frames = walk_frames(EXAMPLE, lang)
    teacher = tab(chromium, (1280, 900), server.teacher_address or "")
    projector = tab(chromium, (1920, 1080), paired(server))
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
    chosen = child.locator("#walk .lesson-tiles button").nth(fitting)
    sent_and_revealed((teacher, projector, child), lang, chosen, "lessons.page.fit_reveal")
    counts = projector.locator("#walk .lesson-tiles .lesson-count")
    expect(counts).to_have_text([f"{int(i == fitting)}" for i in range(len(question.tiles))])
    reasons = projector.locator("#walk .lesson-results li")
    expect(reasons).to_have_text([question.reason(t, lang) for t in question.tiles])
    for page in (teacher, projector, child):
        severe = [v for v in audit(page, f"class-walk-{lang}") if v["impact"] in SEVERE]
        assert not severe, severe


def test_a_chapters_walkthrough_asks_how_many_points(
    chromium: Browser, server: ClassServer
) -> None:
    assert server.hub is not None
    lang, origin = server.site.lang, server.site.origin
    frames = walk_frames("chapter-04", lang)
    teacher = tab(chromium, (1280, 900), server.teacher_address or "")
    projector = tab(chromium, (1920, 1080), paired(server))
    child = tab(chromium, (390, 844), pages.class_address(origin, lang, server.hub.keys.code))
    child.locator("#nickname").wait_for()
    end = teacher.get_by_role("button", name=translate("lessons.page.walk_end", lang))
    teacher.locator("#walk-example, #walk .actions button").first.wait_for()
    if end.count():
        end.click()
    chooser = teacher.locator("#walk-example")
    expect(chooser.locator("optgroup")).to_have_count(len(chapter_walks()))
    names = chooser.locator("option").all_text_contents()
    assert names
    assert not [name for name in names if "[" in name], names
    quoted = walk_examples(lang)  # the help under the chooser says what each kind is
    assert set(quoted.values()) <= set(names)
    help_text = teacher.locator("#walk-example-help")
    expect(help_text).to_be_hidden()  # folded, so that the quiz stays in reach
    teacher.get_by_text(translate("teacher.walk_help_summary", lang), exact=True).click()
    expect(help_text).to_be_visible()
    expect(help_text).to_have_text(translate("teacher.walk_help", lang, **quoted))
    chooser.select_option("chapter-04")
    teacher.locator("#walk form button[type=submit]").click()
    for page in (projector, child):
        expect(page.locator("#walk .lesson-heading")).to_have_text(frames[0].heading)
    teacher.get_by_role("button", name=translate("lessons.page.fit_ask", lang)).click()
    question = points_question("domino-0-8", 0)
    assert question is not None
    right = [points for points, _ in question.choices].index(question.right)
    chosen = child.locator("#walk .lesson-points button").nth(right)
    sent_and_revealed((teacher, projector, child), lang, chosen, "lessons.page.points_reveal")
    counts = projector.locator("#walk .lesson-points .lesson-count")
    expect(counts).to_have_text([f" {int(i == right)}" for i in range(len(question.choices))])
    reasons = projector.locator("#walk .lesson-results li")
    expect(reasons.nth(right)).to_have_text(question.figure.caption(lang))
    for page in (teacher, projector, child):
        severe = [v for v in audit(page, f"class-walk-points-{lang}") if v["impact"] in SEVERE]
        assert not severe, severe
    teacher.locator("#walk .actions button").nth(1).click()
    expect(projector.locator("#walk .lesson-heading")).to_have_text(frames[1].heading)
