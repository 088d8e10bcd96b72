"""A class quiz: the practice generator's items put to the class one at a time.

The teacher picks the topics, the level, how many questions and, if they like, the
seconds a question is open. Each question is *asking* until the teacher shows the
answers (*revealed*), or until its time is up: then the server shows them itself, once
(``QuizService.reveal_due``; a second's grace later, for the answers on their way).
After the last question the quiz shows its *summary* until the teacher ends it
(*over*). A pupil answers the question being asked, once: an answer sent again finds
the first one kept, an answer to another question or after the answers are shown is
refused, and so is one that comes later than the time allowed (told that time ran out,
even once the answers are shown). Every change is committed before anybody hears of
it, so a server started again resumes the quiz where it was: a question whose time ran
out while it was down is revealed as soon as it runs.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from blockdomino.lessons.store import Answer, Lessons, StoredQuiz
from blockdomino.practice import LEVELS, TOPICS, Item, ItemText, PracticeError, item_set, words
from blockdomino.practice.export import figures
from blockdomino.tables.service import nickname
from blockdomino.words.i18n import LANGS

MOST_QUESTIONS: Final = 20
"""Questions a quiz may have."""
SECONDS: Final = range(5, 601)
"""The seconds a timed question may be open."""
GRACE_SECONDS: Final = 1.0
"""How much later than the time allowed an answer may arrive (it was on its way)."""
PUPIL_ID: Final = range(8, 65)
"""How many characters a pupil screen's own id has."""


class QuizError(ValueError):
    """A request the quiz refuses: ``key`` says why (``lessons.error.*``,
    ``lessons.refused.*``)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass
class Quiz:
    """A running quiz: as kept, and its items."""

    kept: StoredQuiz
    items: list[Item]
    texts: dict[tuple[int, str], ItemText] = field(default_factory=dict)
    drawn: dict[tuple[int, str], list[dict[str, str]]] = field(default_factory=dict)

    @property
    def item(self) -> Item:
        """The question being asked (or last asked)."""
        return self.items[self.kept.number]

    def text(self, lang: str) -> ItemText:
        """The question being asked, in ``lang``, its tiles in words ("nolla–nolla", as
        Practice says them): a screen reader reads a pupil's screen and the projector's
        aloud, and spells ``[0|0]`` out sign by sign; the diagrams draw the tiles."""
        key = (self.kept.number, lang)
        if key not in self.texts:
            self.texts[key] = words(self.item, lang, spoken=True)
        return self.texts[key]

    def figures(self, lang: str) -> list[dict[str, str]]:
        """The diagrams of the question being asked, captioned in ``lang``: drawn once."""
        key = (self.kept.number, lang)
        if key not in self.drawn:
            self.drawn[key] = [{"caption": c, "svg": s} for c, s in figures(self.item, lang)]
        return self.drawn[key]


def _settings(topics: object, level: object, count: object, seconds: object) -> None:
    """Refuse settings a quiz cannot have, with the reason."""
    if not isinstance(topics, list | tuple) or not topics or any(t not in TOPICS for t in topics):
        raise QuizError("lessons.error.topics")
    if level not in LEVELS:
        raise QuizError("lessons.error.level")
    if not isinstance(count, int) or not 1 <= count <= MOST_QUESTIONS:
        raise QuizError("lessons.error.count")
    if seconds is not None and (not isinstance(seconds, int) or seconds not in SECONDS):
        raise QuizError("lessons.error.seconds")


class QuizService:
    """The class's quiz, kept in ``store`` (the lessons' database, or with lessons shared
    by several processes their copy in this one); ``clock`` tells the time (seconds since
    the epoch)."""

    def __init__(self, store: Lessons, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self.quiz: Quiz | None = None
        self.reload()

    def reload(self) -> None:
        """The quiz as ``store`` keeps it now (another process may have changed it); its
        items made again only for a quiz not known before."""
        kept = self.store.current()
        if kept is None:
            self.quiz = None
        elif self.quiz is not None and self.quiz.kept.id == kept.id:
            self.quiz.kept = kept
        else:
            self.quiz = Quiz(kept, _items(kept))

    def start(
        self, topics: Sequence[str], level: int, count: int, seconds: int | None, names: bool
    ) -> Quiz:
        """A new quiz at its first question; the one before, if any, is over."""
        _settings(topics, level, count, seconds)
        kept = StoredQuiz(
            secrets.token_hex(6), tuple(dict.fromkeys(topics)), level, count, seconds,
            secrets.randbelow(2**31), bool(names), 0, "asking", self.clock(),
        )  # fmt: skip
        quiz = Quiz(kept, _items(kept))
        self.store.add_quiz(kept)
        self.quiz = quiz
        return quiz

    def _running(self) -> Quiz:
        if self.quiz is None:
            raise QuizError("lessons.refused.no_quiz")
        return self.quiz

    def _set(self, **changes: object) -> Quiz:
        quiz = self._running()
        kept = replace(quiz.kept, **changes)  # type: ignore[arg-type]
        self.store.set_quiz(kept)
        quiz.kept = kept
        if kept.phase == "over":
            self.quiz = None
        return quiz

    def reveal(self) -> Quiz:
        """The answers of the question shown: no more answers are taken."""
        if self._running().kept.phase != "asking":
            raise QuizError("lessons.error.not_asking")
        return self._set(phase="revealed")

    def next(self) -> Quiz:
        """The next question asked (its time starting now), or the summary after the
        last one."""
        kept = self._running().kept
        if kept.phase != "revealed":
            raise QuizError("lessons.error.not_revealed")
        if kept.number + 1 == kept.count:
            return self._set(phase="summary")
        return self._set(number=kept.number + 1, phase="asking", started=self.clock())

    def end(self) -> None:
        """The quiz is over: no screen shows it any more (its answers are kept)."""
        self._set(phase="over")

    def name(self, names: bool) -> Quiz:
        """Whether the projector names who chose what."""
        return self._set(names=bool(names))

    def due(self) -> float | None:
        """Seconds until the server shows the answers of the timed question asked by
        itself (0: now; ``None``: no timed question is asking)."""
        quiz = self.quiz
        if quiz is None or quiz.kept.phase != "asking" or quiz.kept.seconds is None:
            return None
        return max(0.0, quiz.kept.started + quiz.kept.seconds + GRACE_SECONDS - self.clock())

    def reveal_due(self) -> bool:
        """Show the answers of the timed question asked if its time is up, as
        :meth:`reveal` does: whether it did (not when they are shown already, by the
        teacher or before, nor while there is time left)."""
        if self.due() != 0.0:
            return False
        self._set(phase="revealed")
        return True

    def left(self) -> float | None:
        """Seconds left to answer the question asked (``None``: untimed)."""
        quiz = self._running()
        if quiz.kept.seconds is None:
            return None
        return max(0.0, quiz.kept.started + quiz.kept.seconds - self.clock())

    def answer(self, pupil: object, name: object, number: object, choice: object) -> Answer:
        """Keep a pupil's ``choice`` (from 0) to question ``number`` (from 0): the answer
        kept, which is the first one when the pupil had answered already."""
        quiz = self._running()
        if not isinstance(pupil, str) or len(pupil) not in PUPIL_ID or not isinstance(name, str):
            raise QuizError("lessons.error.message")
        if number != quiz.kept.number or quiz.kept.phase not in ("asking", "revealed"):
            raise QuizError("lessons.refused.closed")
        item = quiz.item
        if not isinstance(choice, int) or not 0 <= choice < len(item.choices):
            raise QuizError("lessons.error.message")
        now = self.clock()
        seconds = quiz.kept.seconds
        if seconds is not None and now > quiz.kept.started + seconds + GRACE_SECONDS:
            raise QuizError("lessons.refused.late")
        if quiz.kept.phase != "asking":
            raise QuizError("lessons.refused.closed")
        chosen = item.choices[choice]
        mistake = (
            None if chosen.mistake is None else worded_note(quiz.text, choice, chosen.mistake.key)
        )
        given = Answer(
            pupil, nickname(name), choice, chosen.is_right, item.topic, item.level, mistake, now
        )
        return self.store.add_answer(quiz.kept.id, quiz.kept.number, given)

    def answers(self) -> list[Answer]:
        """Every answer to the question asked (or last asked)."""
        quiz = self._running()
        return self.store.answers(quiz.kept.id, quiz.kept.number)

    def tally(self) -> list[tuple[int, int]]:
        """Each question so far: how many answered it right, and how many answered."""
        quiz = self._running()
        last = quiz.kept.number if quiz.kept.phase == "asking" else quiz.kept.number + 1
        counts = []
        for number in range(last):
            given = self.store.answers(quiz.kept.id, number)
            counts.append((sum(a.right for a in given), len(given)))
        return counts


def worded_note(text: Callable[[str], ItemText], choice: int, key: str) -> str:
    """The mistake behind a wrong ``choice`` as kept, in JSON: its ``key`` (the teacher's
    table names the mistake by it, ``lessons.mistakes``) and its note (why the choice is
    wrong) in every language."""
    notes = {lang: text(lang).notes[choice] for lang in LANGS}
    return json.dumps({"key": key} | notes, ensure_ascii=False)


def _items(kept: StoredQuiz) -> list[Item]:
    """A quiz's items, made again from its settings and seed."""
    try:
        return item_set(list(kept.topics), kept.level, kept.count, kept.seed)
    except PracticeError:
        raise QuizError("lessons.error.too_few") from None


def names_only(before: StoredQuiz | None, after: StoredQuiz | None) -> bool:
    """Whether the quiz changed only in naming who chose what (the pupils' screens are
    the same)."""
    if before is None or after is None:
        return False
    return replace(before, names=after.names) == after
