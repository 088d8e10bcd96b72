"""This process's copy of the lessons shared through Redis (``stores.shared_lessons``):
what the quiz and the walkthrough read, standing in for the SQLite file
(``lessons.store.Lessons``), and the change they make, held until Redis has kept it.

The copy holds the lessons' state (the quiz running, the walkthrough, whether the
projector shows the table of mastery) with its version, every answer to the quiz
running and every answer to the walkthrough's step's question. A change the quiz or the
walkthrough makes is not applied to the copy at once: it waits (:meth:`Mirror.taken`)
until Redis has kept it, and is dropped when Redis refuses it (another process changed
the lessons first) or fails, so the copy is always what Redis keeps, at its version.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal

from blockdomino.lessons.store import Answer, StoredQuiz, StoredWalk

Kind = Literal["answers", "fits"]
"""Answers to the quiz's questions, or to the walkthrough's steps' questions."""


@dataclass(frozen=True, slots=True)
class State:
    """The lessons' state every process shows alike, at the ``version`` Redis counted."""

    version: int = 0
    quiz: StoredQuiz | None = None
    walk: StoredWalk | None = None
    shown: bool = False
    """Whether the projector shows the table of mastery."""

    def texts(self) -> dict[str, str]:
        """The state as Redis keeps it (the version apart): each part as text."""
        return {
            "quiz": "" if self.quiz is None else json.dumps(asdict(self.quiz)),
            "walk": "" if self.walk is None else json.dumps(asdict(self.walk)),
            "mastery": "shown" if self.shown else "hidden",
        }


def state_of(version: int, texts: dict[str, str]) -> State:
    """The state kept in Redis as ``texts`` (:meth:`State.texts`) at ``version``."""
    quiz, walk = texts.get("quiz") or "", texts.get("walk") or ""
    quiz_fields = json.loads(quiz) if quiz else None
    if quiz_fields is not None:
        quiz_fields["topics"] = tuple(quiz_fields["topics"])
    return State(
        version,
        None if quiz_fields is None else StoredQuiz(**quiz_fields),
        StoredWalk(**json.loads(walk)) if walk else None,
        texts.get("mastery") == "shown",
    )


def answer_text(answer: Answer) -> str:
    return json.dumps(asdict(answer), ensure_ascii=False)


def answer_of(text: str) -> Answer:
    return Answer(**json.loads(text))


@dataclass(frozen=True, slots=True)
class Once:
    """An answer kept only if the pupil has none yet (the first one stays): ``kind`` of
    the quiz or walkthrough ``owner``, under ``name`` (question or step, and pupil), as
    ``text``; a quiz's answer is kept for the table of mastery too."""

    kind: Kind
    owner: str
    name: str
    text: str


@dataclass
class Mirror:
    """The lessons as this process has them from Redis, and the change waiting to be
    kept there."""

    state: State = field(default_factory=State)
    answers_given: dict[str, Answer] = field(default_factory=dict)
    """The quiz's answers, by question and pupil (``"3:pupil-id"``)."""
    fits_given: dict[str, tuple[float, tuple[int, ...]]] = field(default_factory=dict)
    """The walkthrough's answers, by step and pupil: when, and the places chosen."""
    _state: State | None = None
    _once: Once | None = None

    # -- what waits to be kept --------------------------------------------------------

    def taken(self) -> tuple[State | None, Once | None]:
        """The change waiting (a new state, an answer), no longer waiting."""
        waiting = self._state, self._once
        self._state = self._once = None
        return waiting

    def _changed(self, **parts: Any) -> None:
        self._state = replace(self._state or self.state, **parts)

    def load(self, state: State, answers: dict[str, str], fits: dict[str, str]) -> None:
        """The lessons as read from Redis: the state, and the answers to its quiz and to
        its walkthrough."""
        self.state = state
        self.answers_given = {name: answer_of(text) for name, text in answers.items()}
        self.fits_given = {name: _fit(text) for name, text in fits.items()}

    def settled(self, state: State) -> None:
        """``state`` kept by Redis (the answers of a quiz or walkthrough no longer
        running dropped)."""
        before, self.state = self.state, state
        if (before.quiz and before.quiz.id) != (state.quiz and state.quiz.id):
            self.answers_given = {}
        if (before.walk and before.walk.id) != (state.walk and state.walk.id):
            self.fits_given = {}

    def kept(self, once: Once) -> bool:
        """An answer Redis keeps (the first one the pupil gave): whether it is new here
        and concerns the quiz or walkthrough running (else it is not needed here)."""
        running = self.state.quiz if once.kind == "answers" else self.state.walk
        if running is None or running.id != once.owner:
            return False
        given: dict[str, Any] = self.answers_given if once.kind == "answers" else self.fits_given
        value = answer_of(once.text) if once.kind == "answers" else _fit(once.text)
        if given.get(once.name) == value:
            return False
        given[once.name] = value
        return True

    def forgotten(self, pupil: str) -> None:
        """The answers of ``pupil`` (a token the teacher removed) to the quiz running
        and to the walkthrough's questions dropped: they count no more."""
        for given in (self.answers_given, self.fits_given):
            for name in [name for name in given if name.partition(":")[2] == pupil]:
                del given[name]

    # -- the quiz ---------------------------------------------------------------------

    def current(self) -> StoredQuiz | None:
        return self.state.quiz

    def add_quiz(self, quiz: StoredQuiz) -> None:
        self._changed(quiz=quiz)

    def set_quiz(self, quiz: StoredQuiz) -> None:
        self._changed(quiz=None if quiz.phase == "over" else quiz)

    def add_answer(self, quiz_id: str, number: int, answer: Answer) -> Answer:
        known = self.answer_of(quiz_id, number, answer.pupil)
        if known is not None:
            return known
        self._once = Once("answers", quiz_id, f"{number}:{answer.pupil}", answer_text(answer))
        return answer

    def answer_of(self, quiz_id: str, number: int, pupil: str) -> Answer | None:
        if self.state.quiz is None or self.state.quiz.id != quiz_id:
            return None
        return self.answers_given.get(f"{number}:{pupil}")

    def answers(self, quiz_id: str, number: int) -> list[Answer]:
        if self.state.quiz is None or self.state.quiz.id != quiz_id:
            return []
        given = [a for name, a in self.answers_given.items() if name.startswith(f"{number}:")]
        return sorted(given, key=lambda a: (a.answered, a.pupil))

    def projected(self) -> bool:
        return self.state.shown

    def project(self, shown: bool) -> None:
        self._changed(shown=shown)

    # -- the walkthrough ----------------------------------------------------------------

    def current_walk(self) -> StoredWalk | None:
        return self.state.walk

    def add_walk(self, walk: StoredWalk, created: float) -> None:
        self._changed(walk=walk)

    def set_walk(self, walk: StoredWalk, over: bool = False) -> None:
        self._changed(walk=None if over else walk)

    def add_fit(
        self, walk_id: str, step: int, pupil: str, tiles: tuple[int, ...], when: float
    ) -> None:
        if self.fit_of(walk_id, step, pupil) is None:
            text = json.dumps({"answered": when, "tiles": list(tiles)})
            self._once = Once("fits", walk_id, f"{step}:{pupil}", text)

    def fit_of(self, walk_id: str, step: int, pupil: str) -> tuple[int, ...] | None:
        if self.state.walk is None or self.state.walk.id != walk_id:
            return None
        given = self.fits_given.get(f"{step}:{pupil}")
        return None if given is None else given[1]

    def fits(self, walk_id: str, step: int) -> list[tuple[int, ...]]:
        if self.state.walk is None or self.state.walk.id != walk_id:
            return []
        given = [
            (when, name, tiles)
            for name, (when, tiles) in self.fits_given.items()
            if name.startswith(f"{step}:")
        ]
        return [tiles for _, _, tiles in sorted(given)]


def _fit(text: str) -> tuple[float, tuple[int, ...]]:
    kept = json.loads(text)
    return float(kept["answered"]), tuple(int(place) for place in kept["tiles"])
