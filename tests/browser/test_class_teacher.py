"""The teacher's page in Chromium, on a laptop mirrored to the projector: opened by the
one-time link (the address bar then shows no secret), it fills with the pupils as they
write their nicknames on their phones, seats everyone in one tap (tables of three, the
computer in the seats left), shows every table in a grid to watch and show on the
projector, and asks before it ends what holds the projector (a quiz) or deals a table
again; so does showing the table of mastery while a quiz holds the projector. A pupil who
leaves the table is asked first (the question staying while the table goes on); the
teacher sees the computer play the seat, and the pupil sits down again. The page is
axe-clean, no request leaves the class server, no script throws."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from blockdomino.server.run import ClassServer
from blockdomino.words.i18n import translate

from .test_class_tables import Screens, axe_clean, class_server, screens  # noqa: F401

pytestmark = pytest.mark.browser

PUPILS = ("Aino", "Bea", "Cai", "Dan")
"""The pupils, each on a phone of their own."""
LANG = "en"


def say(key: str, **params: object) -> str:
    return translate(key, LANG, **params)


def card(teacher: Page, number: int) -> object:
    return teacher.locator("#table-grid li.table-card").nth(number)


def rename(teacher: Page, old: str, new: str) -> None:
    """The teacher changes the nickname ``old`` on the roll to ``new``."""
    teacher.locator("#roll li").filter(has_text=old).get_by_role(
        "button", name=say("teacher.rename")
    ).click()
    teacher.locator("#rename-input").fill(new)
    teacher.locator("#rename-input").press("Enter")


def in_reach(teacher: Page) -> None:
    """Once pupils have joined, what the teacher acts on is above the fold of a laptop's
    screen (1366×768): the class code is small in a corner (the projector shows it
    big), "Seat everyone" and the roll's first row in the column beside the lesson."""
    expect(teacher.locator("body")).to_have_class("class-joined")
    fold = teacher.viewport_size["height"] if teacher.viewport_size else 0
    code = teacher.locator(".class-code").bounding_box()
    seat = teacher.locator("#seat-all").bounding_box()
    first = teacher.locator("#roll li").first.bounding_box()
    lesson = teacher.locator("#lesson").bounding_box()
    assert code
    assert seat
    assert first
    assert lesson
    print(f"1366×768: code {code['height']:.0f} px high, Seat everyone at {seat['y']:.0f},"
          f" the roll's first row at {first['y']:.0f}, the quiz at {lesson['y']:.0f}")  # fmt: skip
    assert code["height"] < 120, code
    assert seat["y"] + seat["height"] <= fold, seat
    assert first["y"] + first["height"] <= fold, first
    assert lesson["y"] < fold / 2, lesson
    assert lesson["x"] > seat["x"], lesson


def test_the_teacher_seats_the_class_in_one_tap_and_runs_every_table(
    class_server: ClassServer,  # noqa: F811
    screens: Screens,  # noqa: F811
    request: pytest.FixtureRequest,
) -> None:
    assert class_server.hub is not None
    assert class_server.class_address
    link = class_server.teacher_address or ""
    teacher = screens.open("laptop", link)
    # The link is used up, and the page's address and text show no secret.
    assert teacher.url.endswith("/class/teacher/")
    assert class_server.hub.keys.secret not in teacher.content()
    assert teacher.request.get(link, max_redirects=0).status == 403
    phones = []
    for name in PUPILS:
        phone = screens.open("phone", class_server.class_address)
        phone.locator("#nickname").fill(name)
        phone.locator("#nickname").press("Tab")
        phones.append(phone)
    roll = teacher.locator("#roll li")
    expect(roll).to_have_count(len(PUPILS))
    expect(roll.first).to_contain_text(say("teacher.in_lobby"))
    in_reach(teacher)
    teacher.locator("#seat-size").select_option("3")
    teacher.locator("#seat-all").click()
    expect(teacher.locator("#seated")).to_contain_text(say("teacher.seated", count=4, tables=2))
    for phone in phones:
        phone.locator("#main .picture").wait_for()
    cards = teacher.locator("#table-grid li.table-card")
    expect(cards).to_have_count(2)
    computer = f"({say('tables.seat.computer')})"
    for number in range(2):
        expect(cards.nth(number).locator(".seats li").filter(has_text=computer)).to_have_count(1)
    # Watching a table draws it in its card; showing it puts it on the projector.
    cards.first.locator("button.watch").click()
    expect(cards.first.locator(".picture svg")).to_be_visible()
    cards.first.locator("button.show").click()
    expect(teacher.locator("#projector-now")).to_have_text(say("teacher.holds_table", table=1))
    axe_clean(teacher, request.node.name, "teacher")
    # A pupil who leaves is asked first, and the question stays while the seat is drawn
    # again (here: a tablemate renamed by the teacher); the teacher sees the computer play
    # the seat.
    leaver = phones[0]
    leaver.locator("#main button.leave").click()
    expect(leaver.locator("#leave-ask-text")).to_have_text(say("tables.page.leave_ask"))
    rename(teacher, "Bea", "Beatrice")
    expect(phones[1].locator("#note")).to_have_text(say("tables.page.renamed"))
    expect(leaver.locator("#main .picture")).to_contain_text("Beatrice")
    expect(leaver.locator("#leave-ask-text")).to_be_visible()
    assert leaver.evaluate("document.activeElement.id") == "leave-no"
    leaver.locator("#leave-yes").click()
    expect(leaver.locator("#back")).to_be_visible()
    away = f"({say('tables.seat.away')})"
    expect(teacher.locator("#table-grid .seats li").filter(has_text=away)).to_have_count(1)
    leaver.locator("#back").click()
    leaver.locator("#main .picture").wait_for()
    expect(teacher.locator("#table-grid .seats li").filter(has_text=away)).to_have_count(0)
    # The nickname changed by the teacher is on the roll.
    expect(teacher.locator("#roll")).to_contain_text("Beatrice")
    # A quiz holds the projector: showing a table asks to end it first.
    teacher.locator("#lesson form button[type=submit]").click()
    expect(teacher.locator("#projector-now")).to_have_text(say("teacher.holds_quiz"))
    expect(teacher.locator("#unanswered")).to_contain_text(say("teacher.unanswered", count=4))
    cards.nth(1).locator("button.show").click()
    expect(teacher.locator("#teacher-ask-text")).to_contain_text(say("teacher.holds_quiz"))
    teacher.locator("#teacher-ask-yes").click()
    expect(teacher.locator("#projector-now")).to_have_text(say("teacher.holds_table", table=2))
    # So does the table of mastery, which a quiz would cover on the projector.
    teacher.locator("#lesson form button[type=submit]").click()
    expect(teacher.locator("#projector-now")).to_have_text(say("teacher.holds_quiz"))
    teacher.locator("#mastery-project").click()
    expect(teacher.locator("#teacher-ask-text")).to_contain_text(say("teacher.holds_quiz"))
    teacher.locator("#teacher-ask-yes").click()
    expect(teacher.locator("#projector-now")).to_have_text(say("teacher.holds_mastery"))
    expect(teacher.locator("#mastery .lesson-status")).to_have_text(say("lessons.page.projected"))
    teacher.locator("#projector-free").click()
    expect(teacher.locator("#projector-now")).to_have_text(say("teacher.holds_table", table=2))
    # Dealing a table again is asked first, and leaves the old one among the closed.
    cards.first.get_by_role("button", name=say("teacher.reset")).click()
    teacher.locator("#teacher-ask-yes").click()
    expect(teacher.locator("#closed-tables summary")).to_have_text(
        say("teacher.closed_tables", count=1)
    )
    expect(cards).to_have_count(2)
