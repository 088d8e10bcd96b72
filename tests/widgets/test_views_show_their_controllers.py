"""Each widget shows exactly its controller's view model: labels, tooltips, enabled
state, the diagram and the texts."""

from __future__ import annotations

from typing import Any

from blockdomino import Rules
from blockdomino.play.view_model import ViewModel
from blockdomino.widgets import HotSeat, MatchPlayer, Replay, RoundPlayer


def _same_buttons(view: ViewModel, widget: Any) -> None:
    for model in view.buttons:
        shown = widget.buttons[model.id]
        assert (shown.description, shown.tooltip) == (model.label, model.tooltip)
        assert shown.disabled == (not model.enabled)
        assert shown.icon == model.icon


def _same_table(table: Any) -> None:
    view = table.controller.view()
    assert table.board.value == view.svg
    for area, text in view.texts:
        shown = table.coach.answer if area == "answer" else getattr(table, area)
        assert shown.value == text
    _same_buttons(view, table)
    assert [b.description for b in table.tile_buttons] == [b.label for b in view.group("tiles")]
    assert [b.description for b in table.end_buttons] == [b.label for b in view.group("ends")]


def _click_through(table: Any, clicks: int) -> None:
    for _ in range(clicks):
        _same_table(table)
        enabled = [b for b in (*table.tile_buttons, *table.end_buttons) if not b.disabled]
        if getattr(table, "covered", False):
            table.show_button.click()
        elif enabled:
            enabled[-1].click()
        elif hasattr(table, "next_button") and not table.next_button.disabled:
            table.next_button.click()
        elif hasattr(table, "pass_button") and not table.pass_button.disabled:
            table.pass_button.click()
        else:
            table.new_button.click()
    _same_table(table)


def test_the_round_and_match_tables_show_their_view_models() -> None:
    _click_through(RoundPlayer(Rules.preset("draw", 3), seed=2, lang="sv", coach=True), 12)
    _click_through(MatchPlayer(Rules.preset("match", 2), seed=1, lang="fi"), 12)


def test_the_hot_seat_shows_its_view_model() -> None:
    table = HotSeat(Rules.preset("block", 3), names=["Aino", "Eino", "random"], seed=3, lang="en")
    _click_through(table, 12)


def test_the_replay_shows_its_view_model() -> None:
    replay = Replay(4, lang="fi")
    for name in ("last", "back", "first", "forward"):
        replay.buttons[name].click()
        view = replay.controller.view()
        assert replay.view.value == view.text("view")
        _same_buttons(view, replay)
