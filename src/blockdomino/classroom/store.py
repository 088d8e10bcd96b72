"""The one store interface of the class while it is served (:class:`Store`), as the live
activities (``classroom.activity``) and the hub ask it: the tables' changes shared with
the other server processes and the class's state (:class:`Sharing`), the lessons'
changes and answers (:class:`Keeper`), the pupils' tokens (``classroom.pupils``) and
the one-time links to the teacher's page (:class:`OneTimeLinks`).

Only the interface is here: its SQLite and Redis implementations are storage
(``blockdomino.stores``: ``stores.sqlite_class``, ``stores.redis_class``, chosen in
``stores.choice``), which this core never imports.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Final, Protocol, TypeVar

from blockdomino.classroom.pupils import KeptPupils
from blockdomino.lessons.store import Answer
from blockdomino.tables.service import TableService

T = TypeVar("T")
CLASS: Final = "class"
"""What the store announces when the class's state changed (the projector's table, the
teacher's notice): never a table's id, which is hex digits."""
LESSONS: Final = "lessons"
"""What the store announces of the lessons begins with: alone, read the lessons again;
followed by ``:`` and a note, what changed (:meth:`Keeper.heard_lessons`)."""
Part = str
"""What a note heard from another process changed: ``"state"`` (the quiz, the
walkthrough or the projector's choice), ``"answers"`` (to the quiz), ``"fits"`` (to the
walkthrough's question) or ``"table"`` (the teacher's table of mastery drawn again)."""


class Keeper(Protocol):
    """Keeps the lessons' changes, reads what every screen of the class answered."""

    async def change_lessons(self, apply: Callable[[], T], reload: Callable[[], None]) -> T:
        """``apply`` (a change made by the quiz's or the walkthrough's rules) kept, and
        what it gave; ``reload`` makes them read the lessons again from the copy. A
        change refused raises as ``apply`` raised."""
        ...

    async def history(self) -> list[Answer]:
        """Every answer kept, from quizzes and from Practice, oldest first, each under
        the nickname its pupil holds now (none of a pupil the teacher removed)."""
        ...

    async def add_practice(self, results: list[tuple[str, Answer]]) -> int:
        """The app's Practice results not kept yet, kept: how many were new."""
        ...

    async def heard_lessons(self, message: str) -> set[Part]:
        """What another process's note ``message`` changed here."""
        ...

    async def table_drawn(self) -> None:
        """The teacher's table of mastery was drawn again: every process's projector
        draws it again too."""
        ...


class OneTimeLinks(Protocol):
    """Where the one-time links to the teacher's page are kept (``stores.keys.Tickets``,
    or Redis: ``stores.redis_class``)."""

    def issue(self) -> str:
        """A new one-time link's key."""

    async def use(self, given: str) -> bool:
        """Whether ``given`` is a link not used yet (and now it is used)."""


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

    async def read_table(self, tables: TableService, table_id: str) -> bool:
        """The table ``table_id`` brought up to the version kept, read whole if this
        process has not heard of it yet (another process opened it a moment ago);
        whether it changed here (``False`` too when no such table is kept)."""

    async def heard(self, tables: TableService, message: str) -> str | None:
        """Another process's announcement: the table it changed, if any."""

    async def keep_state(self, name: str, value: str | None) -> None:
        """The class's state ``name`` kept for every process."""

    async def listen(self, heard: Callable[[str], Awaitable[Any]]) -> None:
        """``heard`` called with each announcement of the other processes, until
        cancelled."""


class Store(Sharing, Keeper, KeptPupils, OneTimeLinks, Protocol):
    """The one object that keeps the class while it is served (``stores.keeping``): the
    tables' changes and the class's state, the lessons, the pupils' tokens and the
    one-time links to the teacher's page."""
