"""The values of practice: an item, its choices, the words it is made of, the feedback.

An item is data, not text: its question, choices and explanation are ``Phrase`` values
(a catalog key and its parameters), worded in fi, sv or en only by
``blockdomino.practice.wording``. Its position is a round of the engine, so every answer
can be worked out again from it, and its answer is the one choice with no mistake.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, TypeAlias

from blockdomino.engine.round import Round
from blockdomino.engine.scoring import RoundResult
from blockdomino.engine.tiles import Tile

LEVELS: Final = (1, 2, 3)
"""Every topic has three levels."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat (from 0), worded as the learner sees it: "Player 1"."""

    index: int


@dataclass(frozen=True, slots=True)
class Team:
    """A partnership (from 0), worded "Team 1"."""

    index: int


@dataclass(frozen=True, slots=True)
class Points:
    """A number of points, worded with its unit; ``won``: as what a player gets."""

    count: int
    won: bool = False


@dataclass(frozen=True, slots=True)
class Pips:
    """A number of pips, worded with its unit."""

    count: int


@dataclass(frozen=True, slots=True)
class Either:
    """Alternatives, worded as a list with "or": "1, 3 or 5" (a lone one: "3")."""

    items: tuple[Param, ...]


Param: TypeAlias = (
    "int | str | Tile | Seat | Team | Points | Pips | Either | Phrase | tuple[Param, ...]"
)
"""A value a phrase fills in; a tuple is worded as a list ("1, 3 and 5")."""


@dataclass(frozen=True, slots=True)
class Phrase:
    """A sentence of the catalogs: its key and the values of its placeholders."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()


def phrase(key: str, /, **params: Param) -> Phrase:
    """The phrase ``key`` with ``params`` in a fixed order."""
    return Phrase(key, tuple(sorted(params.items())))


Reason: TypeAlias = "Phrase | RoundResult"
"""A sentence of an explanation, or a round's end walked through as the tutorial does."""

Value: TypeAlias = "int | str | tuple[int | str, ...]"
"""An answer as a machine reads it: tiles as "[1|4]", seats from 1, points as integers."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer to choose: its value, its words, and the mistake it stands for.

    The right choice has no mistake; every other one names the slip that leads to it.
    """

    value: Value
    text: Phrase
    mistake: Phrase | None = None

    @property
    def is_right(self) -> bool:
        """Whether this is the answer the rules give."""
        return self.mistake is None


@dataclass(frozen=True, slots=True)
class Item:
    """One exercise: a position, a question with its choices, the answer, the reasons.

    ``shown`` are the seats whose hands the item shows face up, each named by the
    question (the pupil's own hand, a player by name, or every hand), and only those the
    question needs; ``question`` the givens
    and the question, sentence by sentence; ``explanation`` why the answer is right, in
    the tutorial's words. ``seed`` with topic and level makes the item again.
    """

    topic: str
    level: int
    seed: int
    position: Round
    shown: tuple[int, ...]
    question: tuple[Phrase, ...]
    choices: tuple[Choice, ...]
    explanation: tuple[Reason, ...]

    @property
    def answer(self) -> Choice:
        """The right choice."""
        return next(choice for choice in self.choices if choice.is_right)

    @property
    def answer_index(self) -> int:
        """Where the right choice stands among the choices, from 0."""
        return next(index for index, choice in enumerate(self.choices) if choice.is_right)

    @property
    def identity(self) -> tuple[object, ...]:
        """What makes two items the same exercise: the position asked about and the
        question with its choices (the seed that found it does not count)."""
        position = self.position
        return (self.topic, position.chain.line, position.hands, self.question, self.choices)


@dataclass(frozen=True, slots=True)
class Feedback:
    """The verdict on an answer: right or not, the choice made, the right one, and why."""

    right: bool
    chosen: Choice
    answer: Choice
    explanation: tuple[Reason, ...]


def check(item: Item, chosen: int) -> Feedback:
    """The feedback on choosing ``item.choices[chosen]``."""
    if not 0 <= chosen < len(item.choices):
        raise IndexError(f"item has {len(item.choices)} choices, not a choice {chosen}")
    choice = item.choices[chosen]
    return Feedback(choice.is_right, choice, item.answer, item.explanation)


STREAK: Final = 5
"""Right answers in a row that move a learner on to the next level."""


@dataclass(frozen=True, slots=True)
class Mastery:
    """A learner's level in one topic and the right answers in a row at that level.

    Five right in a row move the learner up a level (at most 3) and start a new streak;
    a wrong answer starts the streak again. ``mastered`` once the top level's streak is
    complete.
    """

    level: int = 1
    streak: int = 0
    mastered: bool = False

    def record(self, right: bool) -> Mastery:
        """The mastery after one more answer."""
        if not right:
            return replace(self, streak=0)
        streak = self.streak + 1
        if streak < STREAK:
            return replace(self, streak=streak)
        if self.level == LEVELS[-1]:
            return Mastery(self.level, 0, mastered=True)
        return Mastery(self.level + 1, 0, self.mastered)
