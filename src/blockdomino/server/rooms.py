"""What the hub (``server.live``) asks of the parts it is given: the lessons that answer
some of its screens' messages (a ``Room``: ``server.lessons``) and the sharing of its
tables with other processes (``Sharing``: ``server.shared``).

The parts import the hub, to send to its screens; the hub knows them only by these
protocols, so no part of the server imports one that imports it back.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from blockdomino.protocol.messages import Message
from blockdomino.server.pupils import KeptPupils
from blockdomino.tables.service import TableService

T = TypeVar("T")
H = TypeVar("H", contravariant=True)
C = TypeVar("C", contravariant=True)


class Room(Protocol[H, C]):
    """A part of the class beside the tables, for a hub ``H`` of screens ``C``."""

    pupils: KeptPupils
    """The pupils' tokens (``server.pupils``), kept where the room is."""

    def handler(self, hub: H, message: Message) -> Callable[[C, Message], Awaitable[None]] | None:
        """What handles ``message``, from a screen that may send it (``None``: none of
        this room's)."""

    def answered(self) -> set[str] | None:
        """The nicknames (casefolded) that answered the question asked now; ``None``
        while no question is asked."""

    async def greet(self, hub: H, screen: C) -> None:
        """A screen that said hello is sent what the room shows."""

    async def heard(self, hub: H, message: str) -> None:
        """Another process changed the room (``message``): the screens told."""

    async def resume(self, hub: H) -> None:
        """The room as the server starts, before any screen is served: what fell due
        while it was down done, its timers set."""


class Desk(Protocol[H, C]):
    """The teacher's desk (``server.teaching``): the teacher's messages, a pupil's
    leaving and coming back, and the roll, for a hub ``H`` of screens ``C``."""

    def handler(self, hub: H, message: Message) -> Callable[[C, Message], Awaitable[None]] | None:
        """What handles ``message``, from a screen that may send it (``None``: none of
        the desk's)."""

    def way_back(self, hub: H, screen: C) -> dict[str, Any]:
        """What a pupil's lobby adds: the table it left, to sit down again."""

    async def leave(self, hub: H, pupil: C) -> None:
        """The pupil leaves its table for the lobby; the computer plays its seat."""

    async def named(self, hub: H, pupil: C) -> None:
        """The pupil's screen said its nickname (or sat down under it): the teacher's
        roll and the projector's list of the class told."""

    async def present(self, hub: H) -> None:
        """The class as it is now (a screen came or went) told to the projector."""


class Sharing(Protocol):
    """The tables shared with other server processes (through Redis)."""

    async def change(
        self, tables: TableService, table: str | None, change: Callable[[], T], /, *, once: bool
    ) -> T:
        """``change`` made, kept and announced to the other processes."""

    def read_again(self) -> set[str]:
        """The tables that changed while a change was kept, to be sent again."""

    async def class_state(self) -> dict[str, str | None]:
        """The class's shared state: the projector's table and the teacher's notice."""

    async def heard(self, tables: TableService, message: str) -> str | None:
        """Another process's announcement: the table it changed, if any."""

    async def keep_state(self, name: str, value: str | None) -> None:
        """The class's state ``name`` kept for every process."""

    async def listen(self, heard: Callable[[str], Awaitable[Any]]) -> None:
        """``heard`` called with each announcement of the other processes, until
        cancelled."""
