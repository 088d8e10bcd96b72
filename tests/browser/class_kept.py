"""What the class server of a browser test holds, asked the way the server itself asks:
the quiz its live activity of the quiz runs (as the registry opened it,
``classroom.registry.ACTIVITIES``) and every answer its store keeps (through the store
interface, ``classroom.store.Keeper.history``)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Final

from blockdomino.classroom.quiz import Classroom
from blockdomino.lessons.quiz import Quiz
from blockdomino.lessons.store import Answer
from blockdomino.protocol.messages import Activity
from blockdomino.server.run import ClassServer

ASK_SECONDS: Final = 10
"""Seconds the store is given to answer."""


def running_quiz(server: ClassServer) -> Quiz | None:
    """The quiz the class of ``server`` runs now, if any."""
    assert server.hub is not None
    room = server.hub.activities[Activity.QUIZ]
    assert isinstance(room, Classroom)
    return room.quiz.quiz


def kept_answers(server: ClassServer) -> list[Answer]:
    """Every answer the store of ``server`` keeps (quizzes' and Practice's), oldest
    first, asked on an event loop of a thread of the test's own (the browser's driver
    runs one in this thread; the SQLite store does the work on its own thread, as for
    the server's loop)."""
    assert server.hub is not None
    with ThreadPoolExecutor(1) as asking:
        return asking.submit(asyncio.run, server.hub.store.history()).result(ASK_SECONDS)
