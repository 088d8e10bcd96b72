"""The teacher's walkthrough as a service (``blockdomino.lessons``): every worked
example's steps in every language, moved only within its steps, and kept so that a
server started again shows the same step."""

from __future__ import annotations

from pathlib import Path

import pytest

from blockdomino.lessons.fitting import fit_question
from blockdomino.lessons.quiz import QuizError
from blockdomino.lessons.steps import chooser, walk_examples
from blockdomino.lessons.store import LessonStore
from blockdomino.lessons.walkthrough import (
    EXAMPLES,
    WalkService,
    example_name,
    walk_frames,
    walk_screen,
)
from blockdomino.words.examples import CHAIN_EXAMPLES, SCORING_FIGURES, chain_example
from blockdomino.words.i18n import LANGS, translate
from blockdomino.words.text import capitalized, tile_in_words


def service(folder: Path) -> WalkService:
    return WalkService(LessonStore(folder / "lessons.sqlite3"))


def test_the_examples_are_the_seven_chains_and_the_four_scoring_figures() -> None:
    assert len(EXAMPLES) == len(CHAIN_EXAMPLES) + len(SCORING_FIGURES) == 11
    assert len(walk_frames("placed-3-4", "fi")) == len(chain_example("placed-3-4").tiles) == 4


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_of_every_example_is_drawn_and_worded(lang: str) -> None:
    for example in EXAMPLES:
        frames = walk_frames(example, lang)
        assert frames
        assert all(f.figures and str(f.figures[0]).startswith("<svg") for f in frames)
        assert all(f.lines and all(line.strip() for line in f.lines) for f in frames)
        assert len({f.heading for f in frames}) == len(frames)


def test_a_scoring_figure_ends_on_the_documents_own_sentence() -> None:
    figure = SCORING_FIGURES[2]
    last = walk_frames(figure.id, "sv")[-1]
    assert last.lines[-1] == figure.caption("sv")


def test_the_teacher_moves_within_the_steps_only(tmp_path: Path) -> None:
    walks = service(tmp_path)
    with pytest.raises(QuizError) as refused:
        walks.move(1)
    assert refused.value.key == "lessons.refused.no_walk"
    walks.start("placed-1-1")
    with pytest.raises(QuizError) as refused:
        walks.move(-1)
    assert refused.value.key == "lessons.error.no_step"
    assert walks.move(1).step == 1
    with pytest.raises(QuizError):
        walks.move(1)
    assert walks.move(-1).step == 0
    with pytest.raises(QuizError) as refused:
        walks.start("<script>")
    assert refused.value.key == "lessons.error.example"


def test_a_walkthrough_started_again_shows_the_same_step(tmp_path: Path) -> None:
    walks = service(tmp_path)
    first = walks.start("placed-1-4")
    walks.start("blocked-3-7-8")
    walks.move(1)
    again = service(tmp_path)
    shown = walk_screen(again, "fi")
    assert shown is not None
    assert (shown["example"], shown["step"], shown["walk"]) == ("blocked-3-7-8", 1, again.walk.id)
    assert shown["heading"] == walk_frames("blocked-3-7-8", "fi")[1].heading
    assert first.id != shown["walk"]
    assert "earlier" not in shown
    looked = walk_screen(again, "fi", earlier=True)
    assert looked is not None
    assert looked["earlier"] == [
        {"heading": frame.heading, "lines": list(frame.lines),
         "figures": [{"svg": str(frame.figures[0]), "caption": ""}]}
        for frame in walk_frames("blocked-3-7-8", "fi")[:1]
    ]  # fmt: skip
    again.end()
    assert walk_screen(service(tmp_path), "fi") is None


def test_a_chain_step_asks_which_of_four_tiles_fit_the_next_one_among_them() -> None:
    example = chain_example("placed-3-4")
    for step in range(len(example.tiles) - 1):
        question = fit_question(example.id, step)
        assert question is not None
        assert len(question.tiles) == 4
        assert example.tiles[step + 1] in question.tiles
        assert any(not question.fits(tile) for tile in question.tiles)
        assert fit_question(example.id, step) == question
    assert fit_question(example.id, len(example.tiles) - 1) is None
    assert fit_question("domino-0-8", 0) is None


def test_each_tile_offered_comes_with_its_reason() -> None:
    question = fit_question("placed-1-1", 0)
    assert question is not None
    for tile in question.tiles:
        said = question.reason(tile, "en")
        assert said.startswith(capitalized(tile_in_words(tile, "en")))
        assert ("does not fit" in said) != question.fits(tile)


@pytest.mark.parametrize("lang", LANGS)
def test_the_reasons_say_their_tiles_in_words(lang: str) -> None:
    """The class reads and hears "Neljä–neljä sopii kohtaan yksi–neljä (suurempi pää,
    4).", never the notation a screen reader spells sign by sign."""
    for example in CHAIN_EXAMPLES:
        for step in range(len(example.tiles) - 1):
            question = fit_question(example.id, step)
            assert question is not None
            for tile in question.tiles:
                assert "[" not in question.reason(tile, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_teachers_chooser_names_a_chain_example_in_words_as_its_steps_are_headed(
    lang: str,
) -> None:
    """The chooser says "Asetettu laatta kolme–neljä", never "Asetettu [3|4]", which a
    screen reader spells sign by sign: the name its steps are headed with."""
    for example in CHAIN_EXAMPLES:
        walk = example_name(example.id, lang)
        assert "[" not in walk, walk
        assert tile_in_words(example.placed, lang) in walk
        assert walk_frames(example.id, lang)[0].heading.startswith(walk)


@pytest.mark.parametrize("lang", LANGS)
def test_the_teachers_help_explains_each_kind_of_name_the_chooser_gives(lang: str) -> None:
    """Under the chooser the teacher reads what each kind of name means, quoted as the
    chooser gives it: the whole chapter, a chain example, a scoring figure."""
    quoted = walk_examples(lang)
    names = {name for _, walks in chooser(lang) for _, name in walks}
    assert set(quoted.values()) <= names
    help_ = translate("teacher.walk_help", lang, **quoted)
    for name in quoted.values():
        assert f"”{name}”" in help_ or f"“{name}”" in help_, (name, help_)
    assert "[" not in help_


def test_one_answer_per_pupil_and_only_while_asked(tmp_path: Path) -> None:
    walks = service(tmp_path)
    walk = walks.start("placed-4-4")
    with pytest.raises(QuizError):
        walks.answer("pupil-aaaa", walk.id, 0, [0])
    walks.put("asking")
    assert walks.answer("pupil-aaaa", walk.id, 0, [2, 0, 2]) == (0, 2)
    assert walks.answer("pupil-aaaa", walk.id, 0, [1]) == (0, 2)
    assert walks.answer("pupil-bbbb", walk.id, 0, []) == ()
    for garbage in ([4], ["0"], [True], "0"):
        with pytest.raises(QuizError) as refused:
            walks.answer("pupil-cccc", walk.id, 0, garbage)
        assert refused.value.key == "lessons.error.message"
    with pytest.raises(QuizError):
        walks.answer("pupil-cccc", walk.id, 1, [0])
    revealed = walks.put("revealed")
    assert service(tmp_path).walk == revealed
    with pytest.raises(QuizError) as refused:
        walks.answer("pupil-cccc", walk.id, 0, [0])
    assert refused.value.key == "lessons.refused.closed"
    shown = walk_screen(walks, "sv")
    assert shown is not None
    assert shown["counts"] == [1, 0, 1, 0]
    assert walks.move(1).ask is None
    with pytest.raises(QuizError) as refused:
        walks.put("revealed")
    assert refused.value.key == "lessons.error.no_question"


def test_forgetting_the_class_deletes_every_walkthrough_and_its_answers(tmp_path: Path) -> None:
    walks = service(tmp_path)
    walk = walks.start("placed-1-1")
    walks.put("asking")
    walks.answer("pupil-aaaa", walk.id, 0, [1])
    LessonStore(tmp_path / "lessons.sqlite3").forget()
    again = service(tmp_path)
    assert again.walk is None
    assert again.store.fits(walk.id, 0) == []
