"""What the screens of a quiz show, worded in each screen's language and drawn by the
server (the pupils' screens need no Python).

A pupil's screen shows the question, its diagrams and its choices; once the answers are
shown, which choice was right, why each other one is wrong, and the explanation. The
projector and the teacher see the same question with how many have answered; then
how many chose each choice and, for each wrong one, what the pupils who chose it did
("7 pupils counted the tiles, not the pips", ``lessons.mistakes``), with a class total
and never a ranking. The nicknames of who chose what are shown only when the teacher
turns them on.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from blockdomino.lessons.mistakes import described
from blockdomino.lessons.quiz import Quiz, QuizService
from blockdomino.lessons.store import Answer
from blockdomino.words.i18n import plural_form, translate

ANSWERED: Final = ("lessons.quiz.answered.one", "lessons.quiz.answered.other")
RIGHT: Final = ("lessons.result.right.one", "lessons.result.right.other")
"""Sentences with a count: the key for one, the key for more (or none)."""


def _counted(keys: tuple[str, str], count: int, lang: str, **params: object) -> str:
    """The sentence of ``keys`` in the plural form ``count`` takes in ``lang``."""
    key = keys[0] if plural_form(count, lang) == "one" else keys[1]
    return translate(key, lang, count=count, **params)


def _question(quiz: Quiz, service: QuizService, lang: str) -> dict[str, Any]:
    text = quiz.text(lang)
    kept = quiz.kept
    left = service.left() if kept.phase == "asking" else None
    return {
        "quiz": kept.id,
        "number": kept.number,
        "count": kept.count,
        "phase": kept.phase,
        "heading": translate(
            "lessons.quiz.heading", lang, number=kept.number + 1, count=kept.count
        ),
        "question": text.question,
        "choices": list(text.choices),
        "figures": quiz.figures(lang),
        "left": left,
    }


def _answered(quiz: Quiz, lang: str) -> dict[str, Any]:
    text = quiz.text(lang)
    return {"answer": quiz.item.answer_index, "notes": list(text.notes),
            "explanation": text.explanation}  # fmt: skip


def _summary(service: QuizService, lang: str) -> dict[str, Any]:
    tally = service.tally()
    lines = [
        translate("lessons.summary.question", lang, number=number + 1, right=right, answered=given)
        for number, (right, given) in enumerate(tally)
    ]
    right = sum(r for r, _ in tally)
    given = sum(g for _, g in tally)
    return {"summary": lines, "total": translate("lessons.summary.total", lang, right=right,
                                                 answered=given)}  # fmt: skip


def pupil_screen(service: QuizService, lang: str) -> dict[str, Any] | None:
    """A pupil's screen of the quiz in ``lang`` (``None``: no quiz is running)."""
    quiz = service.quiz
    if quiz is None:
        return None
    screen = _question(quiz, service, lang)
    if quiz.kept.phase != "asking":
        screen |= _answered(quiz, lang)
    if quiz.kept.phase == "summary":
        screen |= _summary(service, lang)
    return screen


def results(quiz: Quiz, given: list[Answer], lang: str) -> list[dict[str, Any]]:
    """Each choice: how many chose it, and in words what that says (for a wrong one,
    the mistake those pupils made), with the nicknames of who chose it when the teacher
    shows them."""
    text = quiz.text(lang)
    chosen = Counter(answer.choice for answer in given)
    rows = []
    for index, choice in enumerate(quiz.item.choices):
        count = chosen[index]
        said = text.choices[index]
        if choice.is_right:
            line = _counted(RIGHT, count, lang, choice=said)
        elif count and choice.mistake is not None:
            mistake = described(choice.mistake.key, count, lang)
            line = translate("lessons.result.mistake", lang, choice=said, mistake=mistake)
        else:
            line = translate("lessons.result.nobody", lang, choice=said)
        names = sorted(a.nickname for a in given if a.choice == index) if quiz.kept.names else []
        rows.append({"choice": said, "count": count, "right": choice.is_right, "said": line,
                     "names": names})  # fmt: skip
    return rows


def class_screen(service: QuizService, lang: str) -> dict[str, Any] | None:
    """The projector's (and the teacher's) screen of the quiz in ``lang``."""
    quiz = service.quiz
    if quiz is None:
        return None
    screen = _question(quiz, service, lang)
    given = service.answers()
    screen["answered"] = _counted(ANSWERED, len(given), lang)
    screen["names"] = quiz.kept.names
    if quiz.kept.names:  # the projector names, of the class, who has not answered yet
        screen["answered_names"] = sorted({a.nickname for a in given}, key=str.casefold)
    if quiz.kept.phase != "asking":
        right = sum(answer.right for answer in given)
        screen |= _answered(quiz, lang)
        screen["results"] = results(quiz, given, lang)
        screen["total"] = translate("lessons.result.total", lang, right=right,
                                    answered=len(given))  # fmt: skip
    if quiz.kept.phase == "summary":
        screen |= _summary(service, lang)
    return screen
