"""How the lessons' activities (the quiz, ``classroom.quiz``; the walkthrough,
``classroom.walking``) handle a message (:class:`Answering`): by the method each one's own
table names for it, an answer counted against what a screen may send a minute, a
refusal said in the screen's words and logged in one line, and the screens told what
changed whatever came of it."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import ClassVar, Final

from blockdomino.classroom.activity import Hall, LiveActivity
from blockdomino.classroom.screens import Client
from blockdomino.lessons.quiz import QuizError
from blockdomino.protocol.messages import Message, QuizAnswer, WalkAnswer
from blockdomino.tables.service import TableError

LOG: Final = logging.getLogger("blockdomino.server")
ANSWERS: Final = (QuizAnswer, WalkAnswer)
"""The messages that answer a question, as many a minute as a screen may send."""

Step = Callable[[], Awaitable[None]]
Handlers = Mapping[type[Message], Callable[..., Awaitable[None]]]
"""The method that handles each message of a lesson's activity, given the hub, the
screen and the message."""


async def answering(hub: Hall, screen: Client, message: Message, run: Step, settle: Step) -> None:
    """``run`` (the handling of ``message`` from ``screen``), a refusal of the lessons
    said to the screen, then ``settle`` (the screens told what changed)."""
    try:
        if isinstance(message, ANSWERS) and not screen.asked.answers.allow(hub.limits.clock()):
            raise QuizError("lessons.limit.answers")
        await run()
    except (QuizError, TableError) as error:
        if error.key == "lessons.error.message":
            LOG.warning("a quiz message refused: %r", str(message)[:200])
        hub.limits.said(screen.address, error.key)
        await hub.refuse(screen, error.key)
    finally:
        await settle()


class Answering(LiveActivity):
    """A lesson's live activity: each of its messages handled by the method its own
    table names (:attr:`handlers`), through :func:`answering`, its screens settled
    after."""

    handlers: ClassVar[Handlers]
    """The method that handles each of its messages."""

    def handler(self, hub: Hall, message: Message) -> Callable[[Client, Message], Awaitable[None]]:
        """What handles ``message`` from a screen of ``hub`` that may send it
        (``protocol.viewer``)."""

        async def handle(screen: Client, message: Message) -> None:
            run = partial(self.handlers[type(message)], self, hub, screen, message)
            await answering(hub, screen, message, run, partial(self.settle, hub))

        return handle

    async def settle(self, hub: Hall) -> None:
        """The screens of ``hub`` told what changed since they were last told."""
        raise NotImplementedError
