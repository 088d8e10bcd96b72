"""The replay's controller, driven without ipywidgets: its step field is part of its
view model, so every place that shows a replay (a notebook, the app) offers it."""

from __future__ import annotations

from blockdomino import Rules
from blockdomino.play.replay import ReplayController
from blockdomino.words.i18n import translate


def test_the_step_field_goes_to_the_step_typed_within_the_first_and_the_last() -> None:
    replay = ReplayController(5, lang="sv", rules=Rules.preset("block", 3))
    (field,) = replay.view().fields
    assert (field.id, field.label, field.value) == ("step", translate("replay.slider", "sv"), 0)
    assert str(replay.last) in field.tooltip
    assert replay.act("set:step:3").fields[0].value == 3
    assert replay.step == 3
    assert replay.act(f"set:step:{replay.last + 50}").fields[0].value == replay.last
    assert replay.act("forward").fields[0].value == replay.last
    assert replay.act("first").fields[0].value == 0
