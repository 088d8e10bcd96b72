"""The widgets, driven as a learner drives them: by pressing buttons.

Every test clicks real ``ipywidgets.Button``s (``button.click()``) and checks the state
the widget now holds, the message it shows and the diagram on its board. Here the
exercises and the quiz, and every shown word in every language; ``RoundPlayer`` and
``MatchPlayer`` in ``test_table_players.py``. The helpers that press buttons are shared
with the other widget tests.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import pass_positions

from blockdomino import Chain, IllegalMoveError, Rules, Tile, describe
from blockdomino.widgets import MatchPlayer, MoveExercise, PassExercise, ScoringQuiz
from blockdomino.words import explain
from blockdomino.words.examples import SCORING_FIGURES, chain_example
from blockdomino.words.i18n import LANGS, translate
from blockdomino.words.text import explain_result, tile_in_words

KEY_LEAK = re.compile(r"\b(?:widgets|error|explain|term|svg|describe)\.[a-z_]+")


def tile_button(widget: Any, text: str) -> Any:
    """The button of the tile ``text`` ("[2|4]"), found by its label: the tile in words."""
    words = tile_in_words(Tile.parse(text), widget.lang)
    (found,) = [b for b in widget.tile_buttons if b.description.split()[0] == words]
    return found


def end_button(widget: Any, label: str) -> Any:
    """The button of an open end, found by its label ("linja B, jossa on 1")."""
    (found,) = [b for b in widget.end_buttons if b.description.removesuffix(" ✓") == label]
    return found


def error_text(action: Any, lang: str) -> str:
    """What the engine says when it refuses ``action``, its tiles in words as the
    widgets say them."""
    with pytest.raises(IllegalMoveError) as refused:
        action()
    return explain(refused.value, lang, spoken=True)


def shown_texts(widget: Any) -> Iterator[str]:
    """Every text a learner can read or hear in a widget and its children."""
    for name in ("value", "description", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            yield value
    for child in getattr(widget, "children", ()):
        yield from shown_texts(child)


def play_by_clicks(player: Any, limit: int = 200) -> int:
    """Press the first highlighted buttons (or Draw, in the draw game, when the learner
    must draw) until the round ends; the passes made."""
    passes = 0
    for _ in range(limit):
        if player.position.is_over:
            return passes
        if player.position.can_draw():
            player.draw_button.click()
            continue
        if not player.pass_button.disabled:
            left, right = player.position.chain.numbers
            must = translate("widgets.round.must_pass", player.lang, left=left, right=right)
            assert player.message.value == f"<p>{must}</p>"
            player.pass_button.click()
            passes += 1
            continue
        before = player.state
        next(b for b in player.tile_buttons if b.icon == "check").click()
        if player.state is before:
            next(b for b in player.end_buttons if b.icon == "check").click()
        assert player.state is not before
    raise AssertionError("the round did not end")


# -- MoveExercise ----------------------------------------------------------------------


def test_move_exercise_marks_the_tiles_that_fit() -> None:
    exercise = MoveExercise("[1|4], [1|1]", "[2|4] [1|6] [5|5]", lang="fi")
    assert [b.description for b in exercise.tile_buttons] == [
        "kaksi–neljä ✓",
        "yksi–kuusi ✓",
        "viisi–viisi",
    ]
    assert [b.icon for b in exercise.tile_buttons] == ["check", "check", ""]
    assert tile_button(exercise, "[5|5]").tooltip == "Viisi–viisi ei sovi kumpaankaan päähän"
    assert [b.description for b in exercise.end_buttons] == [
        "linja B, jossa on 1",
        "pää, jossa on 4",
    ]
    assert all(b.disabled for b in exercise.end_buttons)
    assert 'class="tile playable"' in exercise.board.value
    assert 'class="tile double dimmed"' in exercise.board.value


def test_move_exercise_places_a_legal_choice() -> None:
    exercise = MoveExercise("[1|4], [1|1]", "[2|4] [1|6]", lang="fi")
    start = exercise.state
    tile_button(exercise, "[2|4]").click()
    assert exercise.selected is Tile(2, 4)
    assert "(valittu)" in tile_button(exercise, "[2|4]").description
    assert [b.description for b in exercise.end_buttons] == [
        "linja B, jossa on 1",
        "pää, jossa on 4 ✓",
    ]
    assert "marker-fits" in exercise.board.value
    end_button(exercise, "pää, jossa on 4").click()
    assert exercise.state.chain.tiles == (Tile(1, 4), Tile(1, 1), Tile(2, 4))
    assert exercise.state.hand == (Tile(1, 6),)
    assert "[1|4] (suurempi pää) – [2|4] (suurempi pää)" in describe(exercise.state.chain, "fi")
    assert "Asetit laatan kaksi–neljä." in exercise.message.value
    assert start.chain.tiles == (Tile(1, 4), Tile(1, 1))  # the old state is untouched


def test_move_exercise_refuses_a_tile_that_fits_no_end() -> None:
    exercise = MoveExercise("[1|4], [1|1]", "[2|4] [5|5]", lang="sv")
    start = exercise.state
    tile_button(exercise, "[5|5]").click()
    expected = error_text(lambda: start.chain.play(Tile(5, 5)), "sv")
    assert exercise.message.value == f"<p>{expected}</p>"
    assert expected.startswith("Fem–fem passar inte")
    assert "Noll passar bara mot noll" not in expected  # no 0 on the tile or at the ends
    assert exercise.state is start
    assert exercise.selected is None


def test_move_exercise_refuses_an_end_the_tile_does_not_fit() -> None:
    exercise = MoveExercise("[1|4], [1|1]", "[2|4]", lang="en")
    start = exercise.state
    tile_button(exercise, "[2|4]").click()
    end_button(exercise, "line B with 1").click()
    end = start.chain.open_ends[0]
    assert (
        exercise.message.value
        == f"<p>{error_text(lambda: start.chain.play(Tile(2, 4), end), 'en')}</p>"
    )
    assert exercise.state is start
    assert exercise.selected is Tile(2, 4)  # still chosen: try the other end


def test_move_exercise_builds_the_documents_chain_through_doubles() -> None:
    exercise = MoveExercise("[1|4]", "[1|1] [4|4] [3|4]", lang="fi")
    tile_button(exercise, "[1|1]").click()
    end_button(exercise, "pää, jossa on 1").click()
    tile_button(exercise, "[4|4]").click()
    end_button(exercise, "pää, jossa on 4").click()
    tile_button(exercise, "[3|4]").click()
    end_button(exercise, "linja B, jossa on 4").click()
    expected = chain_example("placed-3-4").chain
    assert describe(exercise.state.chain, "fi") == describe(expected, "fi")
    assert exercise.is_finished
    assert translate("widgets.move.done", "fi") in exercise.message.value
    assert all(b.disabled for b in (*exercise.tile_buttons, *exercise.end_buttons))


def test_move_exercise_says_when_nothing_fits_any_more() -> None:
    exercise = MoveExercise("[1|4]", "[1|2] [5|6]", lang="fi")
    tile_button(exercise, "[1|2]").click()
    end_button(exercise, "pää, jossa on 1").click()
    assert exercise.is_finished
    stuck = translate("widgets.move.stuck", "fi", left=2, right=4)
    assert stuck in exercise.message.value
    assert tile_button(exercise, "[5|6]").disabled


def test_move_exercise_opens_an_empty_chain_with_one_click() -> None:
    exercise = MoveExercise(Chain(), "[2|2] [2|5]", lang="en")
    assert exercise.end_buttons == ()
    assert tile_button(exercise, "[2|2]").tooltip == "Open the chain with two–two"
    tile_button(exercise, "[2|2]").click()
    assert exercise.state.chain.tiles == (Tile(2, 2),)
    assert [b.description for b in exercise.end_buttons] == ["line A with 2", "line B with 2"]


def test_move_exercise_names_the_tile_when_two_ends_read_alike() -> None:
    chain = Chain.parse("[3|4], [4|6]")
    chain = chain.play(Tile(3, 6), next(end for end in chain.open_ends if end.pips == 3))
    exercise = MoveExercise(chain, "[6|6]", lang="en")
    labels = [b.description for b in exercise.end_buttons]
    assert labels == ["three–six (the end with 6)", "four–six (the end with 6)"]


def test_move_exercise_undo_and_restart() -> None:
    exercise = MoveExercise("[1|4]", "[1|1] [4|4]", lang="fi")
    start = exercise.state
    assert exercise.undo_button.disabled
    assert exercise.restart_button.disabled
    tile_button(exercise, "[1|1]").click()
    end_button(exercise, "pää, jossa on 1").click()
    after_one = exercise.state
    tile_button(exercise, "[4|4]").click()
    end_button(exercise, "pää, jossa on 4").click()
    exercise.undo_button.click()
    assert exercise.state is after_one
    assert translate("widgets.undone", "fi") in exercise.message.value
    exercise.restart_button.click()
    assert exercise.state is start
    assert exercise.undo_button.disabled


def test_move_exercise_repr_is_the_position() -> None:
    exercise = MoveExercise("[1|4], [1|1]", "[2|4] [1|6]", lang="fi")
    assert repr(exercise) == "MoveExercise(chain=[1|4] [1|1], hand=[2|4] [1|6], lang='fi')"


# -- PassExercise ----------------------------------------------------------------------


def test_pass_exercise_confirms_a_forced_pass() -> None:
    exercise = PassExercise(pass_positions(), lang="fi")
    assert exercise.caption.value == "<h3>Tilanne 1/2: vuorossa on Pelaaja 1</h3>"
    assert all(b.disabled for b in exercise.tile_buttons)
    exercise.play_button.click()
    assert exercise.message.value == (
        "<p>" + translate("widgets.pass.cannot_play", "fi", left=1, right=4) + "</p>"
    )
    exercise.pass_button.click()
    assert exercise.is_decided
    assert "Blockissa laattoja ei nosteta" in exercise.message.value
    assert exercise.state.history[-1].seat == 0
    assert exercise.play_button.disabled
    assert exercise.pass_button.disabled
    assert not exercise.next_button.disabled


def test_pass_exercise_refuses_a_pass_while_a_tile_fits() -> None:
    positions = pass_positions()
    exercise = PassExercise(positions, lang="fi")
    exercise.next_button.click()
    exercise.next_button.click()  # only once decided: nothing happens
    assert exercise.index == 0
    exercise.pass_button.click()
    exercise.next_button.click()
    assert exercise.index == 1
    exercise.pass_button.click()
    assert "Jos voit asettaa laatan, sinun on tehtävä se." in exercise.message.value
    assert exercise.message.value == f"<p>{error_text(positions[1].pass_turn, 'fi')}</p>"
    assert exercise.state is positions[1]
    assert not exercise.is_decided


def test_pass_exercise_plays_a_tile_after_play() -> None:
    positions = pass_positions()
    exercise = PassExercise(positions, lang="sv")
    exercise.pass_button.click()
    exercise.next_button.click()
    exercise.play_button.click()
    assert not tile_button(exercise, "[1|6]").disabled
    assert tile_button(exercise, "[1|6]").icon == "check"
    tile_button(exercise, "[1|6]").click()
    end_button(exercise, "änden med 1").click()
    assert exercise.state.chain.tiles == (Tile(1, 4), Tile(1, 6))
    assert translate("widgets.pass.played", "sv", tile="ett–sex") in exercise.message.value
    assert translate("widgets.pass.finished", "sv") in exercise.message.value
    assert exercise.next_button.disabled  # the last position
    exercise.undo_button.click()
    assert exercise.state is positions[1]
    exercise.restart_button.click()
    assert exercise.index == 0
    assert exercise.state is positions[0]
    assert repr(exercise) == "PassExercise(position=1/2, lang='sv')"


# -- ScoringQuiz -----------------------------------------------------------------------


def _answer(quiz: ScoringQuiz, points: tuple[int, ...]) -> None:
    for box, value in zip(quiz.inputs, points, strict=True):
        box.value = value
    quiz.check_button.click()


def test_quiz_marks_the_documents_figures_right() -> None:
    quiz = ScoringQuiz(SCORING_FIGURES, lang="fi")
    for number, figure in enumerate(SCORING_FIGURES, start=1):
        assert repr(quiz) == f"ScoringQuiz(question={number}/4, right={number - 1}, lang='fi')"
        if any(figure.points):
            _answer(quiz, figure.points)
        else:
            quiz.nobody_button.value = True
            assert all(box.disabled for box in quiz.inputs)
            quiz.check_button.click()
        assert quiz.message.value.startswith('<p>Oikein!</p><figure class="blockdomino-award">')
        for step in explain_result(quiz.question.result, "fi").splitlines():
            assert f"<li>{step}</li>" in quiz.message.value
        quiz.next_button.click()
    assert quiz.right == 4
    assert quiz.next_button.disabled


def test_quiz_explains_a_wrong_answer() -> None:
    quiz = ScoringQuiz(SCORING_FIGURES[2:], lang="en")
    assert translate("explain.blocked", "en") in quiz.givens.value
    _answer(quiz, (18, 0, 0))
    assert quiz.message.value.startswith("<p>Not quite: Player 1 scores 12 points.</p>")
    assert "7 + 8 − 3 = 12" in quiz.message.value
    assert quiz.check_button.disabled
    assert all(box.disabled for box in quiz.inputs)
    _answer(quiz, (12, 0, 0))  # checked once only
    assert quiz.right == 0
    quiz.next_button.click()
    _answer(quiz, (3, 0, 0))
    assert "Not quite: nobody scores." in quiz.message.value
    quiz.restart_button.click()
    assert repr(quiz) == "ScoringQuiz(question=1/2, right=0, lang='en')"


def test_quiz_takes_partnership_questions() -> None:
    rules = Rules.preset("partnership", target=61)
    quiz = ScoringQuiz([(rules, (0, 10, 6, 4), 0)], lang="sv")
    assert [box.description for box in quiz.inputs] == [f"Spelare {n}" for n in range(1, 5)]
    _answer(quiz, (14, 0, 14, 0))
    assert quiz.message.value.startswith("<p>Rätt!</p>")


# -- every language --------------------------------------------------------------------


def _sessions(lang: str) -> Iterator[Any]:
    exercise = MoveExercise("[1|4], [1|1]", "[2|4] [5|5]", lang=lang)
    yield exercise
    tile_button(exercise, "[5|5]").click()
    yield exercise
    tile_button(exercise, "[2|4]").click()
    yield exercise
    exercise.end_buttons[0].click()
    yield exercise
    passing = PassExercise(pass_positions(), lang=lang)
    passing.play_button.click()
    yield passing
    passing.pass_button.click()
    yield passing
    quiz = ScoringQuiz(SCORING_FIGURES, lang=lang)
    quiz.check_button.click()
    yield quiz
    player = MatchPlayer(Rules.preset("match", 2), seed=3, lang=lang)
    yield player
    player.pass_turn()
    yield player
    play_by_clicks(player)
    yield player


@pytest.mark.parametrize("lang", LANGS)
def test_every_shown_word_comes_from_the_catalog(lang: str) -> None:
    for widget in _sessions(lang):
        for text in shown_texts(widget):
            assert not KEY_LEAK.search(text), text
            words = re.sub(r"<style.*?</style>", "", text, flags=re.DOTALL)  # CSS has braces
            assert not re.search(r"[{}]", words), text


def test_the_languages_differ_word_for_word() -> None:
    messages = {lang: [w.message.value for w in _sessions(lang)] for lang in LANGS}
    for first, second in zip(messages["fi"], messages["sv"], strict=True):
        assert first != second
    for first, second in zip(messages["sv"], messages["en"], strict=True):
        assert first != second


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("fi", ["neljä–kuusi ✓ (valittu)", "nolla–nolla", "pää, jossa on 4 ✓", "pää, jossa on 1"]),
        ("sv", ["fyra–sex ✓ (vald)", "noll–noll", "änden med 4 ✓", "änden med 1"]),
        ("en", ["four–six ✓ (chosen)", "zero–zero", "the end with 4 ✓", "the end with 1"]),
    ],
)
def test_move_exercise_buttons_show_tiles_in_words_and_ends_by_number(
    lang: str, shown: list[str]
) -> None:
    """What a pupil reads on the buttons: "four–six ✓", never "[4|6] ✓"; "the end with
    1", never "lower end (1)"."""
    exercise = MoveExercise("[1|4]", "[4|6] [0|0]", lang=lang)
    tile_button(exercise, "[4|6]").click()
    buttons = (*exercise.tile_buttons, *exercise.end_buttons)
    assert [b.description for b in buttons] == shown
