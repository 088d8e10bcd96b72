"""The teachers' guide in Chromium, as the class server serves it: in each language axe
finds nothing serious, every screenshot is drawn, the contents lead to their sections,
the other languages are a click away, printing leaves out the navigation, and no
request leaves the server."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from blockdomino.publish.guide import GUIDE
from blockdomino.server.run import ClassServer
from blockdomino.words.i18n import translate

from . import test_class_quiz
from .axe import SEVERE, audit
from .test_class_quiz import tab

pytestmark = pytest.mark.browser

server = test_class_quiz.server
"""A class server (in Finnish and in Swedish)."""


def test_the_guide_reads_in_every_language(chromium: Browser, server: ClassServer) -> None:
    origin, asked = server.site.origin, list[str]()
    page = tab(chromium, (820, 1100), f"{origin}/guide", asked)
    lang = server.site.lang
    assert page.evaluate("document.documentElement.lang") == lang
    drawn = page.eval_on_selector_all("img", "images => images.map(i => i.naturalWidth)")
    assert len(drawn) == 3
    assert all(width > 0 for width in drawn)
    found = audit(page, f"class-guide-{lang}", "*")
    assert not [v for v in found if v["impact"] in SEVERE], found
    last = GUIDE[-1]
    page.get_by_role("link", name=translate(last.heading, lang)).click()
    assert page.url.endswith(f"#{last.anchor}")
    other = "en"
    page.get_by_role("link", name=translate(f"app.lang.{other}", other)).click()
    page.wait_for_url(f"{origin}/guide/{other}")
    assert page.evaluate("document.documentElement.lang") == other
    page.emulate_media(media="print")
    assert page.locator("nav.languages").is_hidden()
    assert page.locator("h1").is_visible()
    away = sorted({url for url in asked if not url.startswith(origin)})
    assert not away, away
