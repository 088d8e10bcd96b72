"""What the hub (``server.live``) asks of the parts it is given: the class's live
activities (:class:`LiveActivity`: the tables, the quiz, the walkthrough, the teacher's
desk, registered in ``server.keeping.ACTIVITIES``) and the one store that keeps the class
while it is served (:class:`Store`).

The activities import the hub, to send to its screens; the hub knows them only by this
interface, so no part of the server imports one that imports it back.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from blockdomino.protocol.messages import Activity, Message
from blockdomino.server.keys import OneTimeLinks
from blockdomino.server.lesson_keeping import Keeper
from blockdomino.server.pupils import KeptPupils
from blockdomino.tables.service import TableService

T = TypeVar("T")
H = TypeVar("H")
C = TypeVar("C")


class LiveActivity(Generic[H, C]):
    """One live activity of the class, for a hub ``H`` of screens ``C``: the messages it
    takes (those of its ``takes``, ``protocol.messages``), what each role's screen sees
    of it (``greet``), and how it is kept and resumed (``heard``, ``resume``). A new live
    activity is one module with a subclass of this, registered in
    ``server.keeping.ACTIVITIES``; what it has nothing to do with is left as here."""

    takes: ClassVar[Activity]
    """The activity of the messages it takes: the hub gives it those, and no other."""

    def handler(self, hub: H, message: Message) -> Callable[[C, Message], Awaitable[None]]:
        """What handles ``message`` (one of its own), from a screen that may send it."""
        raise NotImplementedError

    async def greet(self, hub: H, screen: C) -> None:
        """A screen let in (said hello): sent what its role sees of the activity now."""

    async def named(self, hub: H, screen: C) -> None:
        """A pupil's screen said its nickname (or sat down under it)."""

    async def gone(self, hub: H, screen: C) -> None:
        """A screen of the class left (its socket closed)."""

    def way_back(self, hub: H, screen: C) -> dict[str, Any] | None:
        """The table a pupil's lobby offers it, to sit down again (none here)."""
        return None

    def answered(self) -> set[str] | None:
        """The nicknames (casefolded) that answered the activity's question asked now,
        for the teacher's roll; ``None`` while it asks none."""
        return None

    async def heard(self, hub: H, changed: set[str]) -> None:
        """Another process changed the ``changed`` parts of the lessons (``state``,
        ``answers``, ``fits``, ``table``: ``server.lesson_keeping``): the screens told."""

    async def resume(self, hub: H) -> None:
        """The activity as the server starts, before any screen is served: what fell
        due while it was down done, its timers set."""


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


class Store(Sharing, Keeper, KeptPupils, OneTimeLinks, Protocol):
    """The one object that keeps the class while it is served (``server.keeping``): the
    tables' changes and the class's state, the lessons, the pupils' tokens and the
    one-time links to the teacher's page."""
