"""Where the class's lessons are kept while serving (``server.lessons``): in the SQLite
file of one server process (:class:`LocalLessons`), or in Redis, shared by every
process of the class (``server.shared_lessons``).

A change of the quiz, the walkthrough or the projector's choice is made by the quiz's
or the walkthrough's own rules (``lessons.quiz``, ``lessons.walkthrough``) and kept by
the keeper before any screen hears of it: :meth:`Keeper.change`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from blockdomino.lessons.store import Answer, LessonStore

T = TypeVar("T")
Part = str
"""What a note heard from another process changed: ``"state"`` (the quiz, the
walkthrough or the projector's choice), ``"answers"`` (to the quiz), ``"fits"`` (to the
walkthrough's question) or ``"table"`` (the teacher's table of mastery drawn again)."""


class Keeper(Protocol):
    """Keeps the lessons' changes, reads what every screen of the class answered."""

    async def change(self, apply: Callable[[], T], reload: Callable[[], None]) -> T:
        """``apply`` (a change made by the quiz's or the walkthrough's rules) kept, and
        what it gave; ``reload`` makes them read the lessons again when another process
        changed them first. A change refused raises as ``apply`` raised."""
        ...

    async def history(self) -> list[Answer]:
        """Every answer kept, from quizzes and from Practice, oldest first."""
        ...

    async def add_practice(self, results: list[tuple[str, Answer]]) -> int:
        """The app's Practice results not kept yet, kept: how many were new."""
        ...

    async def heard(self, message: str) -> set[Part]:
        """What another process's note ``message`` changed here."""
        ...

    async def table_drawn(self) -> None:
        """The teacher's table of mastery was drawn again: every process's projector
        draws it again too."""
        ...


@dataclass
class LocalLessons:
    """The lessons of one server process, in its SQLite file: every change committed
    (and synced) as ``apply`` makes it."""

    store: LessonStore

    async def change(self, apply: Callable[[], T], reload: Callable[[], None]) -> T:
        return apply()

    async def history(self) -> list[Answer]:
        return self.store.history()

    async def add_practice(self, results: list[tuple[str, Answer]]) -> int:
        return self.store.add_practice(results)

    async def heard(self, message: str) -> set[Part]:
        return set()

    async def table_drawn(self) -> None:
        return None
