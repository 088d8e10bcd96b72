"""Each widget shows exactly its controller's view model: labels, tooltips, enabled
state, the diagram and the texts."""

from __future__ import annotations

from typing import Any

from conftest import pass_positions

from blockdomino import Round, Rules
from blockdomino.play.view_model import ViewModel
from blockdomino.widgets import (
    CoachExercise,
    HotSeat,
    LiveLab,
    MatchPlayer,
    MoveExercise,
    PassExercise,
    Practice,
    Replay,
    RoundPlayer,
    ScoringQuiz,
)
from blockdomino.words.examples import SCORING_FIGURES


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


def _same_view(widget: Any) -> None:
    """The board, every text area, every button and every field as the view model says."""
    view = widget.controller.view()
    assert widget.board.value == view.svg
    for area, text in view.texts:
        assert widget.areas[area].value == text
    _same_buttons(view, widget)
    assert [b.description for b in widget.tile_buttons] == [b.label for b in view.group("tiles")]
    for model in view.fields:
        shown = widget.fields[model.id]
        assert (shown.description, shown.tooltip) == (model.label, model.tooltip)
        assert (int(shown.value), shown.disabled) == (model.value, not model.enabled)


def _press_through(widget: Any, clicks: int) -> None:
    """Press the last enabled button of the view model shown, again and again."""
    for _ in range(clicks):
        _same_view(widget)
        enabled = [model for model in widget.shown.buttons if model.enabled]
        if not enabled:
            break
        widget.buttons[enabled[-1].id].click()
    _same_view(widget)


def test_the_exercises_show_their_view_models() -> None:
    exercise = MoveExercise("[1|4]", "[1|1] [4|4] [3|4] [5|6]", lang="sv")
    for tile in ("[1|1]", "[4|4]"):
        exercise.buttons[f"tile:{tile}"].click()
        _same_view(exercise)
        exercise.buttons["end:0"].click()
        _same_view(exercise)
    _press_through(exercise, 4)
    passing = PassExercise(pass_positions(), lang="fi")
    for action in ("play", "pass", "next", "pass", "play", "tile:[1|6]"):
        passing.buttons[action].click()
        _same_view(passing)


def test_the_quiz_shows_its_view_model() -> None:
    quiz = ScoringQuiz(SCORING_FIGURES, lang="en")
    _same_view(quiz)
    quiz.inputs[0].value = 12
    _same_view(quiz)
    assert quiz.controller.state.given[0] == 12
    quiz.nobody_button.value = True
    _same_view(quiz)
    assert all(box.disabled for box in quiz.inputs)
    _press_through(quiz, 6)


def test_the_coach_exercise_shows_its_view_model() -> None:
    exercise = CoachExercise(Round.deal(Rules.preset("match", 2), 0), lang="fi", samples=10)
    _same_view(exercise)
    exercise.move_buttons[-1].click()
    _same_view(exercise)


def test_the_practice_shows_its_view_model() -> None:
    practice = Practice(lang="sv", topic="scoring", seed=4)
    _same_view(practice)
    assert [b.description for b in practice.choice_buttons] == [
        b.label for b in practice.shown.group("choices")
    ]
    practice.choice_buttons[0].click()
    _same_view(practice)
    for action in ("next", "level:2", "topic:leader"):
        practice.buttons[action].click()
        _same_view(practice)


def test_the_live_lab_shows_its_view_model() -> None:
    """Sizes, seed, Measure, the chart and the report, as the controller says, before
    and after each action; a seed typed in is the controller's."""
    lab = LiveLab(rounds=100, seed=4, lang="fi")
    _same_view(lab)
    assert lab.board.value == ""
    assert lab.report.value == ""
    lab.fields["seed"].value = 9
    assert lab.controller.state.seed == 9
    for action in ("run", "figure:heaviest", "again", "rounds:300"):
        lab.buttons[action].click()
        _same_view(lab)
    assert lab.board.value.startswith("<svg")
    assert "<table" in lab.report.value
    assert "measured=True" in repr(lab)
