"""The class quiz over the class's WebSocket (``server.live``): the teacher's controls,
the pupils' answers and every screen sent its part of the quiz.

The teacher sends ``quiz_start`` (``topics``, ``level``, ``count``, ``seconds`` or null,
``names``), ``quiz_reveal``, ``quiz_next``, ``quiz_names`` (``names``) and ``quiz_end``;
a pupil sends ``quiz_answer`` (``quiz``, ``number``, ``choice``, ``pupil``: the screen's
own random id, ``nickname``) and is answered ``quiz_done`` with the choice kept, or
``refused`` with the reason in the pupil's language. When a timed question's time is
up, the server shows its answers itself, as ``quiz_reveal`` does (``Classroom.arm``:
the timer is set whenever the quiz changes and when the server starts). Every screen is
sent
``{"type": "quiz", "screen": …}`` when the quiz changes and when it says hello, so a
pupil who comes late or reconnects gets the question being asked; an answer changes
only what the projector and the teacher show (how many have answered).

A walkthrough (its own live activity, ``classroom.walking``) of a worked example or of a
chapter's examples is led by the teacher
with ``walk_start`` (``example``), ``walk_next``, ``walk_back``, ``walk_end``, and on a
step with a question ``walk_ask`` then ``walk_reveal``; a pupil answers the question with
``walk_answer`` (``walk``, ``step``, ``tiles``: the places of the tiles chosen,
``pupil``) and is answered ``walk_done`` with the tiles kept. Every screen is sent
``{"type": "walk", "screen": …}`` with the teacher's step (a pupil also the steps
before it, to look back at on their own screen; the teacher the walkthroughs to choose
from, by chapter) when it changes and when the screen says hello. A pupil answers "How
many points?" the same way, with the place of the one number chosen (``classroom.walking``).

Every change of the quiz, the walkthrough and the projector's choice, and every
answer, is kept (``stores.lesson_keeping``: the SQLite file of one process, or Redis
shared by several, ``stores.shared_lessons``) before any screen hears of it. With
Redis, what another process changed is heard (``Classroom.heard``) and told to this
process's screens: each screen is sent what changed since it was last told
(``Classroom.settle``), and an answer given on another process is counted here too.

The teacher's ``quiz_mastery`` is answered ``{"type": "mastery", "screen": …,
"projected": …}``: the table of mastery, and whether the projector shows it. Only the
teacher turns that on or off, with ``mastery_show`` (``shown``: true or false; kept in
the lessons' database, off until the teacher chooses it); the projector is then sent
``{"type": "mastery", "screen": …}``, the table or ``null``, at once, again whenever the
teacher's table is drawn (the same numbers on both), and when it says hello. A quiz or a
walkthrough running is shown on the projector instead (the projector's script hides
the table until it ends).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, Final, TypeVar

from blockdomino.classroom.activity import Hall
from blockdomino.classroom.answering import Answering, Handlers
from blockdomino.classroom.playing import claimed
from blockdomino.classroom.screens import Client
from blockdomino.lessons.mastery import table_screen
from blockdomino.lessons.quiz import QuizError, QuizService, names_only
from blockdomino.lessons.screens import class_screen, pupil_screen
from blockdomino.lessons.store import Answer, StoredQuiz
from blockdomino.protocol.messages import (
    Activity,
    MasteryShow,
    QuizAnswer,
    QuizEnd,
    QuizMastery,
    QuizNames,
    QuizNext,
    QuizReveal,
    QuizStart,
)
from blockdomino.protocol.roles import Role
from blockdomino.protocol.said import Mastery, QuizDone, QuizScreen
from blockdomino.tables.store import CommitError

LOG: Final = logging.getLogger("blockdomino.server")
COUNT_AFTER: Final = 0.02
"""Seconds the answers arriving together are gathered before the count is told."""

T = TypeVar("T")


@dataclass
class Classroom(Answering):
    """The class's quiz and its table of mastery as a live activity
    (``classroom.activity.LiveActivity``), kept by the hub's one store (its
    ``classroom.store.Keeper``) and told to the screens of a hub."""

    takes: ClassVar[Activity] = Activity.QUIZ
    quiz: QuizService
    soon: asyncio.Task[None] | None = None
    """The projector's and the teacher's next count of answers, waiting to be told."""
    telling: set[asyncio.Task[None]] = field(default_factory=set)
    """Counts being told (kept here until they are done)."""
    due: asyncio.Task[None] | None = None
    """The answers of the timed question asked, waiting to be shown when its time is up."""
    told: tuple[StoredQuiz | None, bool] = (None, False)
    """The quiz and the projector's choice as the screens were last told."""

    def __post_init__(self) -> None:
        self.told = self._now()

    def _now(self) -> tuple[StoredQuiz | None, bool]:
        quiz = self.quiz.quiz
        return (None if quiz is None else quiz.kept), self.quiz.store.projected()

    async def _kept(self, hub: Hall, apply: Callable[[], T]) -> T:
        """``apply`` (a change by the quiz's rules) kept by the store of ``hub`` before
        any screen hears of it (made again on the quiz read again when another process
        changed it first)."""
        return await hub.store.change_lessons(apply, self.quiz.reload)

    async def settle(self, hub: Hall) -> None:
        """The screens of ``hub`` told what changed since they were last told (the
        lessons read again after another process changed them): the quiz, the
        projector's table of mastery."""
        (quiz, shown), (told_quiz, told_shown) = self._now(), self.told
        if quiz != told_quiz:
            await self.tell(hub, pupils=not names_only(told_quiz, quiz))
        if shown != told_shown:
            await self._tell_mastery(hub)

    async def heard(self, hub: Hall, changed: set[str]) -> None:
        """Another process changed the lessons (``changed``, ``stores.shared_lessons``):
        the screens of ``hub`` told what changed, a new answer counted."""
        if "state" in changed:
            self.quiz.reload()
            await self.settle(hub)
        if "answers" in changed:
            self._count_soon(hub)
        if "table" in changed and self.quiz.store.projected():
            await self.tell_projected(hub)

    def screen(self, screen: Client) -> QuizScreen:
        """What ``screen`` shows of the quiz now (``protocol.viewer``: the class's side,
        or a pupil's)."""
        draw = class_screen if screen.view.whole_class else pupil_screen
        return QuizScreen(draw(self.quiz, screen.lang))

    def answered(self) -> set[str] | None:
        """The nicknames (casefolded) that answered the question asked now; ``None``
        while no question is asked."""
        quiz = self.quiz.quiz
        if quiz is None or quiz.kept.phase != "asking":
            return None
        return {given.nickname.casefold() for given in self.quiz.answers()}

    async def greet(self, hub: Hall, screen: Client) -> None:
        """A screen that said hello is sent the quiz as it is (the projector also the
        table of mastery, if the teacher shows it)."""
        if screen in hub.screens:
            await hub.send(screen, self.screen(screen))
            if screen.view.hosts and self.quiz.store.projected():
                history = await hub.store.history()
                await hub.send(screen, self.projected(history, screen.lang))

    def projected(self, history: list[Answer], lang: str) -> Mastery:
        """What the projector shows of the table of mastery of ``history`` in ``lang``:
        the teacher's table without the teacher's reminder, or ``None`` while the
        teacher hides it."""
        if not self.quiz.store.projected():
            return Mastery(None)
        table = table_screen(history, lang)
        return Mastery(table | {"reminder": None})

    async def tell_projected(self, hub: Hall) -> None:
        """Every projector sent the table of mastery as the teacher shows it."""
        self.told = (self.told[0], self.quiz.store.projected())
        projectors = hub.screens.of(Role.PROJECTOR)
        if not projectors:
            return
        history = await hub.store.history() if self.quiz.store.projected() else []
        drawn: dict[str, Mastery] = {}
        waiting = []
        for screen in projectors:
            if screen.lang not in drawn:
                drawn[screen.lang] = self.projected(history, screen.lang)
            waiting.append(hub.send(screen, drawn[screen.lang]))
        await asyncio.gather(*waiting)

    def arm(self, hub: Hall) -> None:
        """The answers of the timed question asked shown to the screens of ``hub`` when
        its time is up, once, as the teacher's ``quiz_reveal`` does; the timer set before
        is dropped (the quiz changed); a question whose time is up is shown at once."""
        if self.due is not None:
            self.due.cancel()
            self.due = None
        wait = self.quiz.due()
        if wait is None:
            return
        self.due = asyncio.create_task(self._reveal_in(hub, wait))
        self.telling.add(self.due)
        self.due.add_done_callback(self.telling.discard)

    async def _reveal_in(self, hub: Hall, wait: float | None) -> None:
        while wait:
            await asyncio.sleep(wait)
            wait = self.quiz.due()
        self.due = None
        await self._reveal_due(hub)
        await self.settle(hub)

    async def _reveal_due(self, hub: Hall) -> None:
        """The answers of the timed question whose time is up shown (kept), once."""
        try:
            await self._kept(hub, self.quiz.reveal_due)
        except (sqlite3.Error, CommitError) as error:
            LOG.error("the answers could not be shown when the time was up: %s", error)

    async def resume(self, hub: Hall) -> None:
        """As the server starts, before any screen is served: a question whose time ran
        out while the server was down shown, the timer of the one asked set (``arm``)."""
        if self.quiz.due() == 0:
            await self._reveal_due(hub)
        self.arm(hub)

    async def tell(self, hub: Hall, *, pupils: bool = True) -> None:
        """Every screen (without ``pupils``: the projector and the teacher) sent the quiz
        again, each language's screen drawn once; a count of answers still to be told is
        told by this, and the timer of a timed question set again."""
        if self.soon is not None:
            self.soon.cancel()
            self.soon = None
        self.told = (self._now()[0], self.told[1])
        self.arm(hub)
        await self._told(hub, pupils=pupils)

    async def _told(self, hub: Hall, *, pupils: bool) -> None:
        drawn: dict[tuple[bool, str], QuizScreen] = {}
        waiting = []
        for screen in list(hub.screens):
            key = (screen.view.whole_class, screen.lang)
            if not pupils and not key[0]:
                continue
            if key not in drawn:
                drawn[key] = self.screen(screen)
            waiting.append(hub.send(screen, drawn[key]))
        await asyncio.gather(*waiting)

    async def _on_quiz_start(self, hub: Hall, _: Client, message: QuizStart) -> None:
        settings = (message.topics, message.level, message.count, message.seconds)
        await self._kept(hub, lambda: self.quiz.start(*settings, message.names))
        await self.tell(hub)

    async def _on_quiz_reveal(self, hub: Hall, *_: object) -> None:
        await self._kept(hub, self.quiz.reveal)
        await self.tell(hub)

    async def _on_quiz_next(self, hub: Hall, *_: object) -> None:
        await self._kept(hub, self.quiz.next)
        await self.tell(hub)

    async def _on_quiz_names(self, hub: Hall, _: Client, message: QuizNames) -> None:
        await self._kept(hub, lambda: self.quiz.name(message.names))
        await self.tell(hub, pupils=False)

    async def _on_quiz_end(self, hub: Hall, *_: object) -> None:
        await self._kept(hub, self.quiz.end)
        await self.tell(hub)

    def _teachers_table(self, history: list[Answer], lang: str) -> Mastery:
        table = table_screen(history, lang)
        return Mastery(table, projected=self.quiz.store.projected())

    async def _on_quiz_mastery(self, hub: Hall, screen: Client, _: QuizMastery) -> None:
        await hub.send(screen, self._teachers_table(await hub.store.history(), screen.lang))
        if self.quiz.store.projected():
            await self.tell_projected(hub)
            await hub.store.table_drawn()

    async def _on_mastery_show(self, hub: Hall, _: Client, message: MasteryShow) -> None:
        await self._kept(hub, lambda: self.quiz.store.project(message.shown))
        await self._tell_mastery(hub)

    async def _tell_mastery(self, hub: Hall) -> None:
        """The projectors and the teachers sent the table of mastery as the teacher
        shows it."""
        await self.tell_projected(hub)
        teachers = hub.screens.of(Role.TEACHER)
        if teachers:
            history = await hub.store.history()
            await asyncio.gather(*(hub.send(t, self._teachers_table(history, t.lang))
                                   for t in teachers))  # fmt: skip

    async def _on_quiz_answer(self, hub: Hall, screen: Client, message: QuizAnswer) -> None:
        quiz_id, number = message.quiz, message.number
        await claimed(hub, screen, message.nickname, message.pupil)
        pupil = screen.pupil

        def answering() -> Answer:
            running = self.quiz.quiz
            if pupil is None or running is None or quiz_id != running.kept.id:
                raise QuizError("lessons.refused.closed")
            return self.quiz.answer(pupil.token, pupil.nickname, number, message.choice)

        given = await self._kept(hub, answering)
        kept = self.quiz.store.answer_of(str(quiz_id), number, given.pupil) or given
        await hub.send(screen, QuizDone(quiz_id, number, kept.choice))
        self._count_soon(hub)

    def _count_soon(self, hub: Hall) -> None:
        """The projector and the teacher told the count of answers soon (``_count``)."""
        if self.soon is None:
            self.soon = asyncio.create_task(self._count(hub))
            self.telling.add(self.soon)
            self.soon.add_done_callback(self.telling.discard)

    async def _count(self, hub: Hall) -> None:
        """The projector and the teacher told how many have answered, once for all the
        answers that came in the same ``COUNT_AFTER`` seconds (a class answering at once
        is told once, not once per pupil)."""
        await asyncio.sleep(COUNT_AFTER)
        self.soon = None
        await self._told(hub, pupils=False)

    handlers: ClassVar[Handlers] = {
        QuizStart: _on_quiz_start,
        QuizReveal: _on_quiz_reveal,
        QuizNext: _on_quiz_next,
        QuizNames: _on_quiz_names,
        QuizEnd: _on_quiz_end,
        QuizMastery: _on_quiz_mastery,
        MasteryShow: _on_mastery_show,
        QuizAnswer: _on_quiz_answer,
    }
    """The class's handler of each message of the quiz (``Activity.QUIZ``)."""
