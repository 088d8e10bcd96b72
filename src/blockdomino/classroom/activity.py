"""What the class's hub asks of its live activities (:class:`LiveActivity`: the tables,
the quiz, the walkthrough, the teacher's desk, registered in
``classroom.registry.ACTIVITIES``) and what an activity asks of the hub in return
(:class:`Hall`: send a screen what it is told, send a table's screens theirs again,
make a change through the one store, find the screens of a role).

The hub (``server.live``) holds the sockets and satisfies :class:`Hall`; the activities
know it only by that interface, so none of them imports the transport, and no part of
the class imports one that imports it back.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Protocol, TypeVar

from blockdomino.classroom.limits import Limits
from blockdomino.classroom.pacing import Pacing
from blockdomino.classroom.screens import Client, Screens
from blockdomino.classroom.store import Store
from blockdomino.protocol.messages import Activity, Message
from blockdomino.protocol.said import Said
from blockdomino.tables.service import TableService

T = TypeVar("T")


class Hall(Protocol):
    """What a live activity asks of the class's hub: its tables, its one store, the
    limits of each address, every connected screen and the table the projector shows,
    and sending the screens what they are told."""

    tables: TableService
    store: Store
    limits: Limits
    screens: Screens
    shown: str | None
    """The table the projector shows."""
    trouble: str | None
    """The last failed commit, said on the teacher's page."""
    activities: dict[Activity, LiveActivity]
    pacing: Pacing
    """When the class's lists (the teacher's roll, the projector's list of the class)
    were last sent, and those waiting to be sent again."""

    async def send(self, screen: Client, message: Said) -> None:
        """``message`` sent to ``screen`` (a screen gone is forgotten)."""

    def screen_of(self, screen: Client) -> Said:
        """What ``screen`` shows now of the tables: its seat, the lobby, the projector's
        table or the teacher's tables."""
        ...

    async def refresh(self, table_id: str | None) -> None:
        """Every screen that shows ``table_id`` (``None``: every screen but the seats')
        sent its screen again."""

    async def refuse(self, screen: Client, key: str, **params: Any) -> None:
        """``screen`` told in its own words why what it sent was refused."""

    async def change(
        self, table_id: str | None, change: Callable[[], T], *, once: bool = False
    ) -> T:
        """``change`` of the table ``table_id`` made and kept by the store before any
        screen is drawn from it."""
        ...

    async def keep_trouble(self, trouble: str | None) -> None:
        """``trouble`` (``None``: no more) said on every teacher's page."""

    async def tell_named(self, screen: Client) -> None:
        """Every activity told that the pupil of ``screen`` said its nickname."""

    async def lessons_changed(self, changed: set[str]) -> None:
        """Every activity told the ``changed`` parts of the lessons."""

    async def play_on(self) -> None:
        """Every table waiting for a computer player played on (as the server starts)."""


class LiveActivity:
    """One live activity of the class: the messages it takes (those of its ``takes``,
    ``protocol.messages``), what each role's screen sees of it (``greet``), and how it is
    kept and resumed (``heard``, ``resume``). A new live activity is one module with a
    subclass of this, registered in ``classroom.registry.ACTIVITIES``; what it has
    nothing to do with is left as here."""

    takes: ClassVar[Activity]
    """The activity of the messages it takes: the hub gives it those, and no other."""

    def handler(self, hub: Hall, message: Message) -> Callable[[Client, Message], Awaitable[None]]:
        """What handles ``message`` (one of its own), from a screen that may send it."""
        raise NotImplementedError

    async def greet(self, hub: Hall, screen: Client) -> None:
        """A screen let in (said hello): sent what its role sees of the activity now."""

    async def named(self, hub: Hall, screen: Client) -> None:
        """A pupil's screen said its nickname (or sat down under it)."""

    async def gone(self, hub: Hall, screen: Client) -> None:
        """A screen of the class left (its socket closed)."""

    def way_back(self, hub: Hall, screen: Client) -> dict[str, Any] | None:
        """The table a pupil's lobby offers it, to sit down again (none here)."""
        return None

    def answered(self) -> set[str] | None:
        """The nicknames (casefolded) that answered the activity's question asked now,
        for the teacher's roll; ``None`` while it asks none."""
        return None

    async def heard(self, hub: Hall, changed: set[str]) -> None:
        """Another process changed the ``changed`` parts of the lessons (``state``,
        ``answers``, ``fits``, ``table``: ``classroom.store.Part``): the screens told."""

    async def resume(self, hub: Hall) -> None:
        """The activity as the server starts, before any screen is served: what fell
        due while it was down done, its timers set."""
