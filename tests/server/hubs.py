"""Helpers of the tests that stand two hubs (``Hub``) of one Redis for two server
processes: screens whose sockets keep every message they are sent."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from blockdomino.classroom.quiz import Classroom
from blockdomino.classroom.screens import Client
from blockdomino.protocol.messages import Activity
from blockdomino.server.live import Hub


@dataclass
class Socket:
    """A screen's socket that keeps every message it is sent."""

    said: list[dict[str, Any]] = field(default_factory=list)

    async def send_text(self, text: str) -> None:
        self.said.append(json.loads(text))

    def last(self, kind: str) -> dict[str, Any]:
        return next(message for message in reversed(self.said) if message["type"] == kind)


def screen_of(hub: Hub, role: str = "pupil", lang: str = "en") -> tuple[Client, Socket]:
    """A screen of ``role`` joined to ``hub``, and its socket."""
    socket = Socket()
    screen = Client(socket, lang, role=role)  # type: ignore[arg-type]
    hub.screens.add(screen)
    return screen, socket


async def say(hub: Hub, screen: Client, **message: Any) -> None:
    """``screen`` sends ``message`` to ``hub``."""
    await hub.handle(screen, json.dumps(message))


def quiz_room(hub: Hub) -> Classroom:
    """The class quiz ``hub`` runs: its live activity of the quiz, as the registry opened
    it (``classroom.registry.ACTIVITIES``)."""
    room = hub.activities[Activity.QUIZ]
    assert isinstance(room, Classroom)
    return room
