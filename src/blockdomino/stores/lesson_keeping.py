"""How the class's lessons are kept while serving (``classroom.quiz``), whichever store
keeps them (``stores.keeping``): the SQLite file of one server process
(:class:`LocalLessons`), or Redis, shared by every process of the class
(``stores.shared_lessons``). Both keep a copy of the lessons in memory
(``stores.mirror``), which the quiz and the walkthrough read; neither writes on the
event loop.

A change of the quiz, the walkthrough or the projector's choice is made by the quiz's
or the walkthrough's own rules (``lessons.quiz``, ``lessons.walkthrough``) and kept by
the store before any screen hears of it (:meth:`KeptLessons.change_lessons`, written
once for both stores): until the store has kept it, every screen drawn is drawn from
the lessons as they were; a change the store refuses or fails to keep leaves them so.
"""

from __future__ import annotations

import asyncio
import json
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TypeVar

from blockdomino.classroom.store import Part
from blockdomino.lessons.quiz import QuizError
from blockdomino.lessons.store import Answer, LessonStore
from blockdomino.stores.mirror import Mirror, Once, State, answer_of, answer_text
from blockdomino.stores.threads import OneThread
from blockdomino.stores.versioned import until_done

T = TypeVar("T")


class KeptLessons(ABC):
    """The lessons' changes kept by a store, one at a time, in the same steps for every
    store; the store says how it keeps a new state (:meth:`_keep_state`) and an answer
    (:meth:`_keep_once`), each answering whether it was kept (``False``: another process
    changed the lessons first, the copy read again), and whether the copy was behind
    (:meth:`_lessons_behind`)."""

    mirror: Mirror
    tries: int
    _lessons_lock: asyncio.Lock

    async def change_lessons(self, apply: Callable[[], T], reload: Callable[[], None]) -> T:
        async with self._lessons_lock:
            try:
                attempt = partial(self._lessons_try, apply, reload)
                return await until_done(attempt, self.tries, "lessons", "lessons.error.busy")
            except BaseException:
                self.mirror.taken()
                reload()
                raise

    async def _lessons_try(
        self, apply: Callable[[], T], reload: Callable[[], None]
    ) -> tuple[bool, T | None]:
        """One try of :meth:`change_lessons`: whether it is done, and what ``apply``
        gave. A change the rules refused on a copy that was behind is made again."""
        try:
            result = apply()
        except QuizError:
            self.mirror.taken()
            reload()
            if await self._lessons_behind():
                reload()
                return False, None
            raise
        state, once = self.mirror.taken()
        if state is not None:
            reload()  # every screen is shown the lessons as kept until this is
            written = await self._keep_state(state)
            reload()
        elif once is not None:
            written = await self._keep_once(once)
        else:
            written = True
        return written, result

    @abstractmethod
    async def _keep_state(self, state: State) -> bool:
        """``state`` kept (then the copy's), or not (another process changed first)."""

    @abstractmethod
    async def _keep_once(self, once: Once) -> bool:
        """The answer ``once`` kept (then in the copy), or not (the lessons moved on)."""

    @abstractmethod
    async def _lessons_behind(self) -> bool:
        """Whether the copy was behind the store's (then read again)."""


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


class LocalLessons(KeptLessons):
    """The lessons of one server process, in its SQLite file (``lessons.store``), the
    lessons' part of the SQLite store (``stores.keeping``). Each change is committed
    (and synced) off the event loop before the copy takes it, and the pupils' tokens,
    answers and Practice results are read and written there too, all by one thread in
    the order asked (``stores.threads``): a slow disk holds up only the screen waiting
    for it. A commit that fails leaves the copy as it was and raises as SQLite did.
    Both the lessons' keeper (:class:`Keeper`) and where the pupils' tokens are kept
    (``classroom.pupils``)."""

    lessons: LessonStore
    lessons_thread: OneThread

    async def _keep_state(self, state: State) -> bool:
        await self.lessons_thread.run(self.lessons.keep, state.quiz, state.walk, state.shown)
        self.mirror.settled(state)
        return True

    async def _keep_once(self, once: Once) -> bool:
        kept = await self.lessons_thread.run(_keep_once, self.lessons, once)
        self.mirror.kept(replace(once, text=kept))
        return True

    async def _lessons_behind(self) -> bool:
        return False  # one process: its copy is the file's

    async def history(self) -> list[Answer]:
        return await self.lessons_thread.run(self.lessons.history)

    async def add_practice(self, results: list[tuple[str, Answer]]) -> int:
        return await self.lessons_thread.run(self.lessons.add_practice, results)

    async def heard_lessons(self, message: str) -> set[Part]:
        return set()

    async def table_drawn(self) -> None:
        return None

    async def enroll(self, token: str, name: str) -> str:
        return await self.lessons_thread.run(self.lessons.enroll, token, name)

    async def nickname_of(self, token: str) -> str | None:
        return await self.lessons_thread.run(self.lessons.nickname_of, token)

    async def holder(self, name: str) -> str | None:
        return await self.lessons_thread.run(self.lessons.holder, name)

    async def rename(self, token: str, name: str) -> bool:
        return await self.lessons_thread.run(self.lessons.rename, token, name)

    async def release(self, token: str) -> None:
        await self.lessons_thread.run(self.lessons.release, token)
        self.mirror.forgotten(token)
