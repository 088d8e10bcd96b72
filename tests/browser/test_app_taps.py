"""Taps on the app's boards in Chromium: the coach's board answered in two steps, a tile
then the end it joins, on a phone of Playwright's device list and by the keyboard; a
tile of the hand tapped when no tile may be played says why.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Route

from blockdomino import Round, Rules, heaviest_tile, step
from blockdomino.app.specs import encode
from blockdomino.engine.tiles import Tile
from blockdomino.words.i18n import translate
from blockdomino.words.text import tile_in_words

from .apps import Opener, announced, ready, settled
from .test_app_touch import board_targets

pytestmark = pytest.mark.browser

PHONE = "Pixel 5"
"""A phone of Playwright's device list: 393×727 CSS px, touch, a phone's user agent."""
TWICE = Tile.parse("[0|2]")
"""The tile of the coach's position below that fits both open ends."""


def two_ends() -> Round:
    """Chapter 6's match, five turns on instead of seven (the chapter's ``after(5)``): the
    hand holds a tile that fits both ends, so that the board asks for its end."""
    rng = random.Random(0)
    position = Round.deal(Rules.preset("match", 2), 0)
    for _ in range(5):
        position = step(position, heaviest_tile, rng)
    assert sum(move.tile == TWICE for move in position.legal_moves()) == 2
    return position


CHAPTER_6 = re.compile(r"/chapters/[a-z]{2}/6\.[0-9a-f]+\.json$")
"""Chapter 6's file, named by its content (``app.names``)."""


def with_coach_position(context: BrowserContext) -> None:
    """Chapter 6 as built, its coach's position that of :func:`two_ends`."""

    def swap(route: Route) -> None:
        chapter = route.fetch().json()
        coached = [spec for spec in specs(chapter) if spec["widget"] == "CoachExercise"]
        assert coached
        for spec in coached:
            spec["args"][0] = encode(two_ends())
        route.fulfill(status=200, content_type="application/json", body=json.dumps(chapter))

    context.route(CHAPTER_6, swap)


def specs(value: Any) -> list[dict[str, Any]]:
    """Every widget spec in a chapter's JSON, wherever it lies."""
    if isinstance(value, list):
        return [found for item in value for found in specs(item)]
    if not isinstance(value, dict):
        return []
    if "widget" in value and "args" in value:
        return [value]
    return [found for item in value.values() for found in specs(item)]


def test_the_coach_is_answered_on_a_phone_by_a_tile_then_its_end_and_by_the_keyboard(
    open_app: Opener,
) -> None:
    """On a Pixel 5, chapter 6's coach: zero–two, which fits both ends, tapped on the
    board waits for its end ("You chose zero–two."), raised, both ends marked, each
    marker a finger's target, nothing answered yet; the marker tapped answers with that
    move. By the keyboard alone, on a laptop, the move button of the same move, reached
    with Tab and pressed with Enter, gives the same verdict."""
    page = open_app(
        "?lang=en&chapter=6", device=PHONE, workers="block", prepare=with_coach_position
    )
    ready(page)
    coach = page.locator("[data-widget='CoachExercise']")
    board = coach.locator(".board")
    assert board.locator(".hand [data-tile='[2|3]']").count() == 1  # not in chapter 6's hand
    board.locator(f".hand [data-tile='{TWICE}']").tap()
    settled(coach)
    chosen = translate("widgets.tile.chosen", "en", tile=tile_in_words(TWICE, "en"))
    assert announced(page).startswith(chosen)
    assert board.locator(f".hand [data-tile='{TWICE}'].selected").count() == 1
    assert board.locator(".marker-fits").count() == 2
    assert coach.locator(".area.answer").inner_text() == ""
    board_targets(page)
    marker = board.locator(".marker-fits").last
    side, pips = marker.get_attribute("data-side"), marker.get_attribute("data-pips")
    marker.tap()
    settled(coach)
    verdict = coach.locator(".area.answer").inner_text()
    assert "(your choice)" in verdict
    assert tile_in_words(TWICE, "en") in announced(page)
    position = two_ends()
    (move,) = [
        m
        for m in position.legal_moves()
        if m.tile == TWICE and m.end and (m.end.side.value, str(m.end.pips)) == (side, pips)
    ]
    action = f"move:{position.legal_moves().index(move)}"

    laptop = open_app("?lang=en&chapter=6", workers="block", prepare=with_coach_position)
    ready(laptop)
    coach = laptop.locator("[data-widget='CoachExercise']")
    for _ in range(60):
        laptop.keyboard.press("Tab")
        if laptop.evaluate("document.activeElement.dataset.action") == action:
            break
    else:
        raise AssertionError(f"Tab never reached {action}")
    laptop.keyboard.press("Enter")
    settled(coach)
    assert coach.locator(".area.answer").inner_text() == verdict


def test_a_tile_tapped_once_the_exercise_is_over_says_why(open_app: Opener) -> None:
    """Chapter 2's exercise on a phone, played by tapping until no tile left fits: the
    one-one tapped then says, above the board and by the live region, that no tile can
    be played now, where a tap said nothing before; every tile is still a finger's
    target."""
    page = open_app("?lang=sv&chapter=2", size="phone", touch=True)
    ready(page)
    exercise = page.locator("[data-widget='MoveExercise']").first
    board = exercise.locator(".board")
    for tile in ("[1|5]", "[5|5]", "[4|4]", "[3|4]", "[3|3]"):  # each fits one end only
        board.locator(f".hand [data-tile='{tile}']").tap()
        settled(exercise)
    assert exercise.locator("[data-action^='tile:']:enabled").count() == 0
    said = translate("app.board.no_play", "sv")
    assert announced(page) != said
    board.locator(".hand [data-tile='[1|1]']").tap()
    page.wait_for_function(
        "(said) => document.querySelector('#announce').textContent === said", arg=said
    )
    assert board.locator(".board-note").inner_text() == said
    board_targets(page)
