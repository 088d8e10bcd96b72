"""The teacher's walkthrough as a live activity of the class (``classroom.activity``): the
teacher's controls, the pupils' answers to a step's question, and every screen sent
the teacher's step.

The teacher sends ``walk_start`` (``example``), ``walk_next``, ``walk_back``,
``walk_end``, and on a step with a question ``walk_ask`` then ``walk_reveal``; a pupil
answers with ``walk_answer`` (``walk``, ``step``, ``tiles``, ``pupil``) and is answered
``walk_done`` with the tiles kept (the first answer of that pupil: of its pupil token,
``classroom.pupils``, once it said a nickname, so a page opened again answers as the same
pupil; before that, of the random id the page sent). Each change is kept
(``stores.lesson_keeping``) before any screen hears of it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, TypeVar

from blockdomino.classroom.activity import Hall
from blockdomino.classroom.answering import Answering, Handlers
from blockdomino.classroom.screens import Client
from blockdomino.lessons.steps import chooser
from blockdomino.lessons.walkthrough import Walk, WalkService, walk_screen
from blockdomino.protocol.messages import (
    Activity,
    WalkAnswer,
    WalkAsk,
    WalkBack,
    WalkEnd,
    WalkNext,
    WalkReveal,
    WalkStart,
)
from blockdomino.protocol.said import WalkDone, WalkScreen

T = TypeVar("T")


@dataclass
class WalkRoom(Answering):
    """The class's walkthrough ``walk``, each change kept by the hub's one store (its
    ``classroom.store.Keeper``), told to the screens of a hub."""

    takes: ClassVar[Activity] = Activity.WALK
    walk: WalkService
    told: Walk | None = field(default=None, init=False)
    """The walkthrough as the screens were last told."""

    def __post_init__(self) -> None:
        self.told = self.walk.walk

    async def kept(self, hub: Hall, apply: Callable[[], T]) -> T:
        """``apply`` (a change by the walkthrough's rules) kept before any screen hears
        of it (made again on the walkthrough read again when another process moved it)."""
        return await hub.store.change_lessons(apply, self.walk.reload)

    async def greet(self, hub: Hall, screen: Client) -> None:
        """A screen that said hello is sent the walkthrough's step as it is."""
        if screen in hub.screens:
            await hub.send(screen, self.frame(screen))

    async def heard(self, hub: Hall, changed: set[str]) -> None:
        """Another process moved the walkthrough (its screens sent the step) or took an
        answer (the projector and the teacher sent the count)."""
        if "state" in changed:
            self.walk.reload()
            await self.settle(hub)
        if "fits" in changed:
            await self.tell(hub, pupils=False)

    def frame(self, screen: Client) -> WalkScreen:
        """What ``screen`` shows of the walkthrough now (``protocol.viewer``: a pupil
        with the steps before, to look back at; the teacher with the examples)."""
        shown = walk_screen(self.walk, screen.lang, earlier=screen.view.pupil)
        return WalkScreen(shown, chooser(screen.lang) if screen.view.runs else None)

    async def tell(self, hub: Hall, *, pupils: bool = True) -> None:
        """Every screen (without ``pupils``: the projector and the teacher) sent the
        walkthrough's step, each language's drawn once."""
        if pupils:
            self.told = self.walk.walk
        drawn: dict[tuple[str, str], WalkScreen] = {}
        waiting = []
        for screen in list(hub.screens):
            key = (screen.role, screen.lang)
            if not pupils and not screen.view.whole_class:
                continue
            if key not in drawn:
                drawn[key] = self.frame(screen)
            waiting.append(hub.send(screen, drawn[key]))
        await asyncio.gather(*waiting)

    async def settle(self, hub: Hall) -> None:
        """Every screen sent the teacher's step if it moved since they were told (another
        process moved it)."""
        if self.walk.walk != self.told:
            await self.tell(hub)

    async def _on_walk_start(self, hub: Hall, _: Client, message: WalkStart) -> None:
        await self.kept(hub, lambda: self.walk.start(message.example))
        await self.tell(hub)

    async def _on_walk_next(self, hub: Hall, *_: object) -> None:
        await self.kept(hub, lambda: self.walk.move(1))
        await self.tell(hub)

    async def _on_walk_back(self, hub: Hall, *_: object) -> None:
        await self.kept(hub, lambda: self.walk.move(-1))
        await self.tell(hub)

    async def _on_walk_end(self, hub: Hall, *_: object) -> None:
        await self.kept(hub, self.walk.end)
        await self.tell(hub)

    async def _on_walk_ask(self, hub: Hall, *_: object) -> None:
        await self.kept(hub, lambda: self.walk.put("asking"))
        await self.tell(hub)

    async def _on_walk_reveal(self, hub: Hall, *_: object) -> None:
        await self.kept(hub, lambda: self.walk.put("revealed"))
        await self.tell(hub)

    async def _on_walk_answer(self, hub: Hall, screen: Client, message: WalkAnswer) -> None:
        walk_id, step = message.walk, message.step
        pupil = message.pupil if screen.pupil is None else screen.pupil.token
        given = await self.kept(
            hub, lambda: self.walk.answer(pupil, walk_id, step, list(message.tiles))
        )
        kept = self.walk.store.fit_of(str(walk_id), step, pupil) or given
        await hub.send(screen, WalkDone(walk_id, step, list(kept)))
        await self.tell(hub, pupils=False)

    handlers: ClassVar[Handlers] = {
        WalkStart: _on_walk_start,
        WalkNext: _on_walk_next,
        WalkBack: _on_walk_back,
        WalkEnd: _on_walk_end,
        WalkAsk: _on_walk_ask,
        WalkReveal: _on_walk_reveal,
        WalkAnswer: _on_walk_answer,
    }
    """The walkthrough's handler of each of its messages (``Activity.WALK``)."""
