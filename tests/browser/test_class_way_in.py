"""The way into the class, in Chromium: a pupil who types a nickname in the lobby keeps
what they typed and the focus while others open tables (the lobby's list changes under
them), and the app's start page offers "Join the class" when a class server serves it
(its answer to ``../class/here``), never on a plain web server.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from blockdomino.server.run import ClassServer
from blockdomino.words.i18n import translate

from . import test_class_quiz
from .apps import Opener
from .test_class_host import FRAMES, Screen
from .test_class_quiz import tab

pytestmark = pytest.mark.browser
server = test_class_quiz.server
"""The quiz's class server (here in Finnish only)."""


def focused(page: Page) -> str:
    return str(page.evaluate("() => document.activeElement.id"))


@pytest.mark.parametrize("server", ["fi"], indirect=True)
def test_a_half_typed_nickname_stays_while_tables_open(
    chromium: Browser, server: ClassServer
) -> None:
    assert server.hub is not None
    assert server.class_address is not None
    phone = tab(chromium, (390, 844), server.class_address, [])
    nickname = phone.locator("#nickname")
    nickname.click()
    phone.keyboard.type("Ai")
    phone.locator("#players").select_option("3")
    nickname.focus()
    others = [Screen(server.port, {"role": "pupil", "code": server.hub.keys.code}) for _ in "ab"]
    for number, other in enumerate(others):
        other.until("lobby")
        other.send({"type": "open", "preset": "block", "players": 2, "nickname": f"Bo {number}"})
        other.until("joined")
        expect(phone.locator("#main ul.tables > li")).to_have_count(number + 1)
        expect(phone.locator("#main ul.tables")).to_contain_text(f"Bo {number}")
        expect(nickname).to_have_value("Ai")
        assert focused(phone) == "nickname"
    phone.keyboard.type("no")
    expect(nickname).to_have_value("Aino")
    expect(phone.locator("#players")).to_have_value("3")
    phone.locator("#main ul.tables button").first.click()
    expect(phone.locator("#main h1")).to_contain_text("Aino")
    phone.context.close()


def test_the_app_offers_to_join_the_class_only_from_a_class_server(open_app: Opener) -> None:
    plain = open_app("?lang=fi&chapter=0")  # a plain web server: no ../class/here
    with plain.expect_response("**/class/here") as answered:
        plain.reload()
    assert answered.value.status == 404
    plain.evaluate(FRAMES)
    expect(plain.locator("#join-class")).to_have_count(0)
    asked: list[str] = []

    def class_server(route: Route) -> None:
        asked.append(route.request.url)
        route.fulfill(json={"join": "/class/"}, headers={"Cache-Control": "no-store"})

    served = open_app("?lang=fi&chapter=0")
    served.context.route("**/class/here", class_server)
    served.reload()
    join = served.get_by_role("link", name=translate("app.class.join", "fi"))
    expect(join).to_be_visible()
    where = join.evaluate("link => new URL(link.href).pathname + new URL(link.href).search")
    assert where == "/class/?lang=fi"
    assert asked
    served.locator("#languages").select_option("sv")
    expect(served.get_by_role("link", name=translate("app.class.join", "sv"))).to_be_visible()
