"""The code-free app in Chromium, its games: every kind of action (a hint, What do we
know?, a tile and its end, undo, the chooser and its confirmation, draw and pass, the
hot seat's hand-over, the replay's steps); a reload resuming a game and "Start over"
clearing it, and games kept the old way forgotten once; the hot seat's seats with the
pupils' own names, shown as text.
"""

from __future__ import annotations

import pytest

from blockdomino.engine.rules import PRESETS_SHOWN, Rules
from blockdomino.words.i18n import catalog

from .apps import Opener, go_to, play_once, press, ready, settled

pytestmark = pytest.mark.browser


def test_every_kind_of_action(open_app: Opener) -> None:
    """Hint, What do we know?, a tile and its end, undo, the chooser (a match's offers the
    scored presets only), draw and pass, the hot seat's hand-over and the replay's steps,
    each changing what is shown."""
    page = open_app("?lang=fi&chapter=5", touch=True)
    ready(page)
    table = page.locator("[data-live]").first
    press(page, table.locator("[data-action='hint']"), touch=True)
    table.locator(".area.answer li").first.wait_for()
    press(page, table.locator("[data-action='knowledge']"), touch=True)
    table.locator(".area.answer table, .area.answer p").first.wait_for()
    played = [play_once(page, table, touch=True) for _ in range(2)]
    assert any(action.startswith(("tap:", "end:")) for action in played)
    press(page, table.locator("[data-action='undo']:enabled"), touch=True)
    settled(table)
    table.locator(".chooser select").first.select_option("partnership")
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    press(page, table.locator(".chooser .deal"), touch=True)
    page.wait_for_function(
        "s => s.querySelector('.area.info').textContent.includes('4')", arg=table.element_handle()
    )
    assert asked == [catalog("fi")["app.chooser.confirm"]], "a game under way: asked first"
    offered = page.locator(".live.MatchPlayer .chooser select").first.locator("option")
    scored = [preset for preset in PRESETS_SHOWN if Rules.preset(preset).scored]
    assert offered.evaluate_all("options => options.map((o) => o.value)") == scored
    go_to(page, 7)
    ready(page)
    draw = page.locator("[data-live]").first
    actions = {play_once(page, draw, touch=True) for _ in range(12)}
    assert actions & {"draw", "pass"} or any(a.startswith(("tap:", "end:")) for a in actions)
    go_to(page, 8)
    ready(page)
    hot, *_, replay = page.locator("[data-live]").all()
    press(page, hot.locator("[data-action='show_hand']"), touch=True)
    hot.locator(".board .playable").first.wait_for()
    for step in ("forward", "last", "back", "first"):
        before = replay.locator(".area.view").inner_html()
        press(page, replay.locator(f"[data-action='{step}']"), touch=True)
        settled(replay)
        assert replay.locator(".area.view").inner_html() != before


def test_a_reload_resumes_the_game_and_start_over_clears_it(open_app: Opener) -> None:
    """Moves made, the page reloaded: the same board; "Start over" goes back to the
    first chapter and forgets the game."""
    page = open_app("?lang=en&chapter=8")
    ready(page)
    hot = page.locator("[data-live]").first
    for _ in range(3):
        play_once(page, hot, touch=False)
    board = hot.locator(".area.board").inner_html()
    page.reload()
    ready(page)
    assert page.locator("[data-live]").first.locator(".area.board").inner_html() == board
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#start-over").click()
    page.locator("html[data-chapter='en-0']").wait_for(state="attached")
    ready(page)
    go_to(page, 8)
    ready(page)
    assert page.locator("[data-live]").first.locator(".area.board").inner_html() != board


def test_games_kept_by_their_place_in_the_chapter_are_forgotten_once(open_app: Opener) -> None:
    """A save from before pieces were kept by name (by their place among the chapter's
    blocks, which new prose moved) is dropped on the next load: the table starts afresh
    instead of replaying another piece's actions, and the store says its version."""
    page = open_app("?lang=en&chapter=8")
    ready(page)
    old = '{"lang": "en", "chapter": 8, "components": {"08-3": {"seed": 1, "actions": ["x"]}}}'
    page.evaluate(f"localStorage.setItem('blockdomino-app', {old!r})")
    page.reload()
    ready(page)
    kept = page.evaluate("JSON.parse(localStorage.getItem('blockdomino-app'))")
    assert kept["version"] == 2
    assert "08-3" not in kept["components"]
    assert all(key.startswith("08-") and not key[3:].isdigit() for key in kept["components"])


def test_a_hot_seat_for_the_pupils_own_names_and_number(open_app: Opener) -> None:
    """Chapter 8's hot seat: two to four seats, each with a pupil's own name or the
    computer; a name is shown as text, never as markup; a reload keeps the seats."""
    page = open_app("?lang=en&chapter=8")
    ready(page)
    hot = page.locator("[data-live][data-widget='HotSeat']").first
    hot.locator(".chooser select").nth(1).select_option("2")
    assert hot.locator(".chooser .seat").count() == 2
    hot.locator(".chooser .seat input[type='text']").nth(0).fill("Mia")
    hot.locator(".chooser .seat input[type='text']").nth(1).fill("<i>Leo</i>")
    press(page, hot.locator(".chooser .deal"), touch=False)
    hot.locator(".area.info", has_text="<i>Leo</i>").wait_for()
    assert hot.locator(".area.info i").count() == 0
    assert "Mia" in (hot.locator(".area.info").text_content() or "")
    page.reload()
    ready(page)
    hot = page.locator("[data-live][data-widget='HotSeat']").first
    hot.locator(".area.info", has_text="Mia").wait_for()
    assert hot.locator(".chooser .seat input[type='text']").nth(1).input_value() == "<i>Leo</i>"
