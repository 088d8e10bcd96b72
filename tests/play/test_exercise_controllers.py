"""The exercises', the quiz's and the coach exercise's controllers, driven without
ipywidgets: actions in, view models out."""

from __future__ import annotations

import json
import random

from conftest import pass_positions

from blockdomino import Round, Rules, Tile, heaviest_tile, step
from blockdomino.analysis.coach import hint
from blockdomino.play.coach_exercise import CoachController
from blockdomino.play.exercises import MoveController, PassController
from blockdomino.play.quiz import QuizController
from blockdomino.play.view_model import ViewModel
from blockdomino.words.examples import SCORING_FIGURES
from blockdomino.words.i18n import translate


def _fitting_end(view: ViewModel) -> str:
    return next(button.id for button in view.group("ends") if button.highlight == "fits")


def test_a_move_refused_says_why_and_keeps_the_chosen_tile() -> None:
    exercise = MoveController("[1|4], [1|1]", "[2|4]", lang="en", title=None)
    view = exercise.act("tile:[2|4]")
    assert view.selected == "[2|4]"
    assert [b.enabled for b in view.group("ends")] == [True, True]
    view = exercise.act("end:0")
    assert view.refusal is not None
    assert view.announcement == view.refusal.reason
    assert view.text("message") == f"<p>{view.refusal.reason}</p>"
    assert view.selected == "[2|4]"
    assert not view.button("undo").enabled
    view = exercise.act("end:1")
    assert view.refusal is None
    assert exercise.is_finished
    assert translate("widgets.move.done", "en") in view.text("message")
    assert json.loads(json.dumps(view.to_json()))["texts"]["message"] == view.text("message")


def test_undo_and_restart_go_back_in_the_move_exercise() -> None:
    exercise = MoveController("[1|4]", "[1|1] [4|4]", lang="fi", title="Otsikko")
    start = exercise.view()
    assert "Otsikko" in start.svg
    exercise.act("tile:[1|1]")
    placed = exercise.act(_fitting_end(exercise.view()))
    assert placed.button("undo").enabled
    assert placed.button("restart").enabled
    undone = exercise.act("undo")
    assert undone.svg == start.svg
    assert undone.announcement == translate("widgets.undone", "fi")
    exercise.act("tile:[4|4]")
    exercise.act(_fitting_end(exercise.view()))
    assert exercise.act("restart") == start


def test_the_pass_exercise_refuses_a_pass_while_a_tile_fits() -> None:
    exercise = PassController(pass_positions(), lang="sv")
    assert not exercise.act("next").button("next").enabled  # undecided: nothing happens
    assert exercise.state.index == 0
    passed = exercise.act("pass")
    assert passed.refusal is None
    assert passed.button("next").enabled
    view = exercise.act("next")
    assert exercise.state.index == 1
    assert all(not b.enabled for b in view.group("tiles"))
    view = exercise.act("pass")
    assert view.refusal is not None
    assert view.refusal.key == "error.round.pass_with_move"
    view = exercise.act("play")
    assert [b.id for b in view.group("tiles") if b.enabled] == ["tile:[1|6]", "tile:[2|3]"]
    view = exercise.act(_fitting_end(exercise.act("tile:[1|6]")))
    assert exercise.state.position.chain.tiles == (Tile(1, 4), Tile(1, 6))
    assert translate("widgets.pass.finished", "sv") in view.text("message")
    assert not view.button("next").enabled


def test_the_quiz_marks_what_was_filled_in() -> None:
    quiz = QuizController(SCORING_FIGURES[2:], lang="en")
    view = quiz.view()
    assert [field.id for field in view.fields] == ["points.0", "points.1", "points.2", "nobody"]
    quiz.act("set:points.0:18")
    view = quiz.act("check")
    assert view.announcement == "Not quite: Player 1 scores 12 points."
    assert not view.button("check").enabled
    assert all(not field.enabled for field in view.fields)
    quiz.act("set:points.0:12")  # checked once only
    assert quiz.state.given[0] == 18
    view = quiz.act("next")
    quiz.act("set:nobody:1")
    view = quiz.act("check")
    assert quiz.state.marks == (False, True)
    assert view.announcement == translate("widgets.quiz.right", "en")
    assert quiz.act("restart").button("restart").enabled is False


def test_the_coach_exercise_rates_the_choice_against_the_coach() -> None:
    position = Round.deal(Rules.preset("match", 2), 0)
    exercise = CoachController(position, lang="en", samples=20, seed=0)
    view = exercise.view()
    assert view.text("answer") == ""
    assert len(view.group("moves")) == len(position.legal_moves())
    best = hint(position, samples=20, seed=0).best[0].move
    view = exercise.act(f"move:{position.legal_moves().index(best)}")
    assert view.announcement.startswith("Well chosen")
    assert "(your choice)" in view.text("answer")


def test_the_coach_exercise_is_answered_on_its_board_by_a_tile_then_an_end() -> None:
    """A tapped tile that fits two ends waits for its end, said in words; the end it
    fits chooses that move, as its move button does; a tile that fits nowhere is
    refused with the rules' reason. The tile and end buttons are hidden: the move
    buttons say the same choices."""
    rng = random.Random(0)
    position = Round.deal(Rules.preset("match", 2), 0)
    for _ in range(5):
        position = step(position, heaviest_tile, rng)
    exercise = CoachController(position, lang="en", samples=20, seed=0)
    hidden = [b for b in exercise.view().buttons if b.group in ("tiles", "ends")]
    assert hidden
    assert not any(b.visible for b in hidden)
    view = exercise.act("tile:[0|2]")
    assert view.selected == "[0|2]"
    assert view.announcement.startswith("You chose zero–two.")
    assert view.text("answer") == ""
    view = exercise.act(_fitting_end(view))
    assert view.selected is None
    chosen = exercise.state.choice
    assert chosen is not None
    assert chosen.move.tile == Tile.parse("[0|2]")
    assert "(your choice)" in view.text("answer")
    assert "zero–two" in view.announcement
    misfit = next(t for t in position.hands[position.turn] if not position.chain.fits(t))
    view = exercise.act(f"tile:{misfit}")
    assert view.refusal is not None
    assert view.announcement == view.refusal.reason
