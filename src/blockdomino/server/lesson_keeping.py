"""Where the class's lessons are kept while serving (``server.lessons``): in the SQLite
file of one server process (:class:`LocalLessons`), or in Redis, shared by every
process of the class (``server.shared_lessons``). Both keep a copy of the lessons in
memory (``server.mirror``), which the quiz and the walkthrough read; neither writes on
the event loop.

A change of the quiz, the walkthrough or the projector's choice is made by the quiz's
or the walkthrough's own rules (``lessons.quiz``, ``lessons.walkthrough``) and kept by
the keeper before any screen hears of it: :meth:`Keeper.change`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol, TypeVar

from blockdomino.lessons.store import Answer, LessonStore
from blockdomino.server.mirror import Mirror, Once, State, answer_of, answer_text
from blockdomino.server.threads import OneThread

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


def local_mirror(store: LessonStore) -> Mirror:
    """The lessons as the SQLite file ``store`` keeps them, read as the server starts:
    the quiz and the walkthrough running, the projector's choice and every answer to
    them (this process's copy, which the quiz and the walkthrough read)."""
    mirror = Mirror()
    quiz, walk = store.current(), store.current_walk()
    mirror.state = State(0, quiz, walk, store.projected())
    mirror.answers_given = {} if quiz is None else store.given_answers(quiz.id)
    mirror.fits_given = {} if walk is None else store.given_fits(walk.id)
    return mirror


def _keep_once(store: LessonStore, once: Once) -> str:
    """The answer ``once`` kept unless the pupil answered already: the text of the
    answer kept (the first one)."""
    at, pupil = once.name.split(":", 1)
    if once.kind == "fits":
        given = json.loads(once.text)
        store.add_fit(once.owner, int(at), pupil, tuple(given["tiles"]), float(given["answered"]))
        return once.text
    return answer_text(store.add_answer(once.owner, int(at), answer_of(once.text)))


@dataclass
class LocalLessons:
    """The lessons of one server process, in its SQLite file (``lessons.store``). The
    quiz and the walkthrough read this process's copy (``mirror``); each change they
    make is committed (and synced) off the event loop before the copy takes it, and the
    pupils' tokens, answers and Practice results are read and written there too, all by
    one thread in the order asked (``server.threads``): a slow disk holds up only the
    screen waiting for it. Until a change is kept, the quiz and the walkthrough read
    the copy as it was, so no screen is shown a change before it is kept; a commit that
    fails leaves the copy as it was and raises as SQLite did. Both the lessons' keeper
    (:class:`Keeper`) and where the pupils' tokens are kept (``server.pupils``)."""

    store: LessonStore
    mirror: Mirror
    thread: OneThread = field(default_factory=lambda: OneThread("lessons"), repr=False)
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    """Held while a change is made and kept: one change at a time."""

    async def change(self, apply: Callable[[], T], reload: Callable[[], None]) -> T:
        async with self._lock:
            try:
                result = apply()
                state, once = self.mirror.taken()
                if state is not None:
                    reload()  # every screen is shown the lessons as kept until this is
                    await self.thread.run(self.store.keep, state.quiz, state.walk, state.shown)
                    self.mirror.settled(state)
                    reload()
                elif once is not None:
                    kept = await self.thread.run(_keep_once, self.store, once)
                    self.mirror.kept(replace(once, text=kept))
            except BaseException:
                self.mirror.taken()
                reload()
                raise
            return result

    async def history(self) -> list[Answer]:
        return await self.thread.run(self.store.history)

    async def add_practice(self, results: list[tuple[str, Answer]]) -> int:
        return await self.thread.run(self.store.add_practice, results)

    async def heard(self, message: str) -> set[Part]:
        return set()

    async def table_drawn(self) -> None:
        return None

    async def enroll(self, token: str, name: str) -> str:
        return await self.thread.run(self.store.enroll, token, name)

    async def nickname_of(self, token: str) -> str | None:
        return await self.thread.run(self.store.nickname_of, token)

    async def holder(self, name: str) -> str | None:
        return await self.thread.run(self.store.holder, name)

    async def rename(self, token: str, name: str) -> bool:
        return await self.thread.run(self.store.rename, token, name)

    async def release(self, token: str) -> None:
        await self.thread.run(self.store.release, token)
