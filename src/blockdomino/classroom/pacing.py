"""The class's lists, sent at a pace: the teacher's roll and the projector's list of the
class are drawn from every pupil's screen, so a class of a thousand joining (or coming
back all at once after the network failed) would send each of them a thousand times,
a thousand rows each. A list is sent at once when it has not been sent for ``EVERY``
seconds; asked again sooner, it is sent once more when that time is over, drawn then
(with every change meanwhile in it), and never more often."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Final

EVERY: Final = 0.25
"""Seconds a list is sent at most once in."""


@dataclass
class Pacing:
    """When each list was last sent, and the lists waiting to be sent again."""

    every: float = EVERY
    last: dict[str, float] = field(default_factory=dict)
    due: dict[str, asyncio.Task[None]] = field(default_factory=dict)

    async def send(self, name: str, send: Callable[[], Awaitable[None]]) -> None:
        """Send the list ``name`` (``send`` draws and sends it) now, or once its pace
        allows if it was sent less than ``every`` seconds ago."""
        if name in self.due:
            return  # the send waiting will draw the list as it is then
        now = asyncio.get_running_loop().time()
        wait = self.last.get(name, now - self.every) + self.every - now
        if wait <= 0:
            self.last[name] = now
            await send()
            return
        self.due[name] = asyncio.create_task(self._later(name, send, wait))

    async def _later(self, name: str, send: Callable[[], Awaitable[None]], wait: float) -> None:
        await asyncio.sleep(wait)
        del self.due[name]
        self.last[name] = asyncio.get_running_loop().time()
        await send()
