"""The class as it joins: the nicknames of the pupils whose screens are connected (each
said in the screen's hello, typed in the lobby or given at a table), which the projector
lists under the class code before the lesson (``server.live``)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from blockdomino.classroom.activity import Hall
from blockdomino.classroom.screens import Client
from blockdomino.protocol.roles import Role
from blockdomino.protocol.said import ClassList


def roster(screens: Iterable[Client]) -> list[str]:
    """The nicknames of the pupils' screens among ``screens``, each once, in alphabetical
    order."""
    named = {screen.nickname for screen in screens if screen.view.pupil and screen.nickname}
    return sorted(named, key=str.casefold)


async def tell_class(hub: Hall) -> None:
    """Every projector of ``hub`` told the class as it is now: ``{"type": "class",
    "pupils": …}``, at the pace of the class's lists (``classroom.pacing``)."""

    async def send() -> None:
        projectors = hub.screens.of(Role.PROJECTOR)
        if projectors:
            told = ClassList(roster(hub.screens))
            await asyncio.gather(*(hub.send(screen, told) for screen in projectors))

    await hub.pacing.send("class", send)
