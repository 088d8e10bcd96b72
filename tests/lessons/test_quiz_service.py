"""The class quiz as a service (``blockdomino.lessons``): an answer counts once, a late
one is refused, a timed question's answers are shown once when its time is up (after
a restart too), the quiz resumes from its database, and the projector's words name the
mistake the pupils made behind every wrong choice that was made."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from blockdomino.lessons.mastery import mastery_csv, table_screen
from blockdomino.lessons.mistakes import described, named
from blockdomino.lessons.quiz import GRACE_SECONDS, Quiz, QuizError, QuizService
from blockdomino.lessons.screens import class_screen, pupil_screen
from blockdomino.lessons.store import LessonStore
from blockdomino.practice import words


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def service(folder: Path, clock: Clock | None = None) -> QuizService:
    return QuizService(LessonStore(folder / "lessons.sqlite3"), clock or Clock())


def wrong(service: QuizService) -> int:
    quiz = service.quiz
    assert quiz is not None
    return next(i for i, c in enumerate(quiz.item.choices) if not c.is_right)


def test_an_answer_sent_twice_counts_once_and_the_first_choice_stays(tmp_path: Path) -> None:
    quiz = service(tmp_path)
    quiz.start(["doubles"], 1, 3, None, names=False)
    answer = quiz.quiz.item.answer_index if quiz.quiz else 0
    first = quiz.answer("pupil-aaaa", "Aino", 0, answer)
    again = quiz.answer("pupil-aaaa", "Aino", 0, wrong(quiz))
    assert again == first
    assert len(quiz.answers()) == 1
    quiz.answer("pupil-bbbb", "Bo", 0, wrong(quiz))
    assert [a.right for a in quiz.answers()] == [True, False]


def test_an_answer_after_the_time_is_refused_within_the_grace_taken(tmp_path: Path) -> None:
    clock = Clock()
    quiz = service(tmp_path, clock)
    quiz.start(["matching"], 1, 2, 20, names=False)
    clock.now += 20 + GRACE_SECONDS / 2
    quiz.answer("pupil-aaaa", "Aino", 0, 0)
    clock.now += GRACE_SECONDS
    with pytest.raises(QuizError) as refused:
        quiz.answer("pupil-bbbb", "Bo", 0, 0)
    assert refused.value.key == "lessons.refused.late"
    assert quiz.left() == 0.0
    assert len(quiz.answers()) == 1


def test_answers_to_another_question_or_after_the_reveal_are_refused(tmp_path: Path) -> None:
    quiz = service(tmp_path)
    quiz.start(["passing"], 2, 2, None, names=False)
    for number, then in ((1, None), (0, quiz.reveal)):
        if then:
            then()
        with pytest.raises(QuizError) as refused:
            quiz.answer("pupil-aaaa", "Aino", number, 0)
        assert refused.value.key == "lessons.refused.closed"
    with pytest.raises(QuizError):
        quiz.reveal()


def test_the_answers_are_shown_once_when_the_time_is_up(tmp_path: Path) -> None:
    clock = Clock()
    quiz = service(tmp_path, clock)
    quiz.start(["matching"], 1, 2, 20, names=False)
    assert quiz.due() == 20 + GRACE_SECONDS
    assert not quiz.reveal_due()
    quiz.answer("pupil-aaaa", "Aino", 0, 0)
    clock.now += 20 + GRACE_SECONDS / 2
    assert not quiz.reveal_due()
    quiz.answer("pupil-bbbb", "Bo", 0, 0)
    clock.now += GRACE_SECONDS
    assert quiz.due() == 0.0
    assert quiz.reveal_due()
    assert quiz.quiz is not None
    assert quiz.quiz.kept.phase == "revealed"
    assert quiz.due() is None
    assert not quiz.reveal_due()
    with pytest.raises(QuizError) as pressed:
        quiz.reveal()
    assert pressed.value.key == "lessons.error.not_asking"
    with pytest.raises(QuizError) as late:
        quiz.answer("pupil-cccc", "Cai", 0, 0)
    assert late.value.key == "lessons.refused.late"
    assert len(quiz.answers()) == 2
    again = service(tmp_path, clock)
    assert again.quiz is not None
    assert again.quiz.kept.phase == "revealed"
    assert not again.reveal_due()


def test_a_question_whose_time_ran_out_while_the_server_was_down_is_shown_on_start(
    tmp_path: Path,
) -> None:
    clock = Clock()
    service(tmp_path, clock).start(["passing"], 1, 2, 30, names=False)
    clock.now += 10
    assert service(tmp_path, clock).due() == 20 + GRACE_SECONDS
    clock.now += 600
    restarted = service(tmp_path, clock)
    assert restarted.due() == 0.0
    assert restarted.reveal_due()
    assert not restarted.reveal_due()
    assert service(tmp_path, clock).due() is None


def test_answers_the_teacher_showed_in_time_are_not_shown_again(tmp_path: Path) -> None:
    clock = Clock()
    quiz = service(tmp_path, clock)
    quiz.start(["doubles"], 1, 2, 20, names=False)
    quiz.reveal()
    assert quiz.due() is None
    with pytest.raises(QuizError) as closed:
        quiz.answer("pupil-aaaa", "Aino", 0, 0)
    assert closed.value.key == "lessons.refused.closed"
    clock.now += 60
    assert not quiz.reveal_due()
    quiz.next()
    assert quiz.due() == 20 + GRACE_SECONDS


@pytest.mark.parametrize(
    ("topics", "level", "count", "seconds", "key"),
    [
        ([], 1, 3, None, "lessons.error.topics"),
        (["chess"], 1, 3, None, "lessons.error.topics"),
        (["matching"], 4, 3, None, "lessons.error.level"),
        (["matching"], 1, 0, None, "lessons.error.count"),
        (["matching"], 1, 21, None, "lessons.error.count"),
        (["matching"], 1, 3, 2, "lessons.error.seconds"),
    ],
)
def test_settings_a_quiz_cannot_have_are_refused(
    tmp_path: Path, topics: list[str], level: int, count: int, seconds: int | None, key: str
) -> None:
    with pytest.raises(QuizError) as refused:
        service(tmp_path).start(topics, level, count, seconds, names=False)
    assert refused.value.key == key


def test_a_quiz_resumes_from_its_database_at_its_question_and_phase(tmp_path: Path) -> None:
    quiz = service(tmp_path)
    quiz.start(["scoring", "leader"], 2, 3, None, names=True)
    quiz.answer("pupil-aaaa", "Aino", 0, 0)
    quiz.reveal()
    quiz.next()
    quiz.answer("pupil-bbbb", "Bo", 1, 1)
    again = service(tmp_path)
    assert again.quiz is not None
    assert quiz.quiz is not None
    assert again.quiz.kept == quiz.quiz.kept
    assert again.quiz.item == quiz.quiz.item
    assert [a.nickname for a in again.answers()] == ["Bo"]
    assert again.tally() == [(int(quiz.quiz.items[0].answer_index == 0), 1)]


def test_the_last_question_leads_to_the_summary_and_the_end_hides_the_quiz(
    tmp_path: Path,
) -> None:
    quiz = service(tmp_path)
    quiz.start(["matching"], 1, 1, None, names=False)
    quiz.reveal()
    assert quiz.next().kept.phase == "summary"
    assert pupil_screen(quiz, "en") is not None
    quiz.end()
    assert pupil_screen(quiz, "en") is None
    assert service(tmp_path).quiz is None


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_the_projector_names_the_mistake_behind_each_wrong_choice(
    tmp_path: Path, lang: str
) -> None:
    quiz = service(tmp_path)
    quiz.start(["doubles"], 1, 2, None, names=False)
    assert quiz.quiz is not None
    item = quiz.quiz.item
    slip = wrong(quiz)
    for number in range(7):
        quiz.answer(f"pupil-{number:04}", f"<i>{number}</i>", 0, slip)
    quiz.answer("pupil-right", "Aino", 0, item.answer_index)
    asking = class_screen(quiz, lang)
    assert asking is not None
    assert "results" not in asking
    assert "8" in asking["answered"]
    assert "answered_names" not in asking  # who answered is named only when the teacher shows it
    quiz.name(True)
    asking = class_screen(quiz, lang)
    assert asking is not None
    assert asking["answered_names"] == [*(f"<i>{n}</i>" for n in range(7)), "Aino"]
    quiz.name(False)
    quiz.reveal()
    screen = class_screen(quiz, lang)
    assert screen is not None
    text = words(item, lang, spoken=True)
    rows = screen["results"]
    assert [row["count"] for row in rows] == [
        7 if i == slip else 1 if i == item.answer_index else 0 for i in range(len(rows))
    ]
    mistake = item.choices[slip].mistake
    assert mistake is not None
    assert described(mistake.key, 7, lang) in rows[slip]["said"]
    assert text.choices[slip] in rows[slip]["said"]
    assert text.notes[slip] not in rows[slip]["said"]
    assert all(row["names"] == [] for row in rows)
    assert screen["explanation"] == text.explanation
    assert screen["figures"]
    assert screen["figures"][0]["svg"].startswith("<svg")
    quiz.name(True)
    named = class_screen(quiz, lang)
    assert named is not None
    assert "<i>3</i>" in named["results"][slip]["names"]


def test_each_wrong_tile_of_a_quiz_is_told_by_its_own_mistake_everywhere(tmp_path: Path) -> None:
    """The projector, the teacher's table and the spreadsheet name the slip behind each
    wrong tile chosen, never only that the tile does not fit."""
    quiz = service(tmp_path)
    quiz.start(["matching"], 1, 3, None, names=False)
    keys: list[str] = []
    for number in range(3):
        assert quiz.quiz is not None
        item = quiz.quiz.item
        slips = [option.mistake.key for option in item.choices if option.mistake is not None]
        assert len(slips) >= 2
        assert len(set(slips)) == len(slips), "one wrong tile a slip"
        keys += slips
        for choice in range(len(item.choices)):
            quiz.answer(f"pupil-{number}-{choice}", f"P{number}{choice}", number, choice)
        quiz.reveal()
        screen = class_screen(quiz, "fi")
        assert screen is not None
        for row, option in zip(screen["results"], item.choices, strict=True):
            if option.mistake is not None:
                assert described(option.mistake.key, 1, "fi") in row["said"]
        quiz.next()
    assert "error.play.no_match" not in keys
    history = quiz.store.history()
    mistakes = {m for row in table_screen(history, "en")["rows"] for m in row["mistakes"]}
    assert mistakes == {named(key, "en") for key in keys}
    assert len(mistakes) >= 2
    sheet = mastery_csv(history, "sv")
    assert all(named(key, "sv") in sheet for key in keys)


NOTATION = re.compile(r"\[\d\|\d\]")


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_the_quiz_says_its_tiles_in_words_beside_its_diagrams(tmp_path: Path, lang: str) -> None:
    """A screen reader spells ``[0|0]`` out sign by sign: every line of a quiz's screens
    says its tiles in words ("nolla–nolla"), as Practice does; only the pictures draw them."""
    quiz = service(tmp_path)
    quiz.start(["doubles", "matching"], 1, 3, None, names=False)
    written = []
    for number in range(3):
        assert quiz.quiz is not None
        item = quiz.quiz.item
        written.append(words(item, lang))
        quiz.answer(f"pupil-{number:04}", "Aino", number, wrong(quiz))
        quiz.reveal()
        lines = json.dumps([pupil_screen(quiz, lang), class_screen(quiz, lang)], ensure_ascii=False)
        shown = json.loads(lines)
        said = [*shown[0]["choices"], shown[0]["question"], *shown[0]["notes"],
                shown[0]["explanation"], *(row["said"] for row in shown[1]["results"])]  # fmt: skip
        assert not [line for line in said if NOTATION.search(line)]
        assert all(figure["svg"].startswith("<svg") for figure in shown[0]["figures"])
        quiz.next()
    assert any(NOTATION.search(text.question + " ".join(text.choices)) for text in written)
    assert not [a.mistake for a in quiz.answers() if a.mistake and NOTATION.search(a.mistake)]


SPELLED = re.compile(
    r"\[\d\|\d\]|pienempi pää|suurempi pää|lägre ände|högre ände|lower end|higher end"
)
"""A tile in notation (spelled bracket by bracket), or an end named by comparing halves."""
PICTURE_WORDS = re.compile(r"<(title|desc)[^>]*>(.*?)</\1>", re.S)


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_the_quiz_pictures_say_their_tiles_and_ends_in_words(tmp_path: Path, lang: str) -> None:
    """Each question's diagrams name their tiles in words and each open end by the number
    it shows, in their own title and description, as the question's text does."""
    quiz = service(tmp_path).start(["matching", "doubles", "passes"], 2, 6, None, False)
    said = []
    for number in range(6):
        quiz = replace_number(quiz, number)
        for figure in quiz.figures(lang):
            said += [text for _, text in PICTURE_WORDS.findall(figure["svg"])]
    assert said
    assert [text for text in said if SPELLED.search(text)] == []
    assert any("–" in text for text in said)


def replace_number(quiz: Quiz, number: int) -> Quiz:
    """The quiz at its question ``number`` (the service moves there by reveal and next)."""
    return Quiz(dataclasses.replace(quiz.kept, number=number), quiz.items)
