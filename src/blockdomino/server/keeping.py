"""Where the class is kept while it is served, as one object of one interface
(:class:`Keeping`), whichever store was chosen (``server.stores``): the SQLite files of
one server process (``server.opening``) or the Redis every process of the class shares
(``server.redis_class``). It keeps the tables' changes and the class's state (the
projector's table, the teacher's notice: ``server.rooms.Sharing``), the lessons'
changes and answers (``server.lesson_keeping.Keeper``), the pupils' tokens
(``server.pupils.KeptPupils``), the one-time links to the teacher's page
(``server.keys.OneTimeLinks``) and the class's keys; the hub, the lessons and the
teacher's desk all hold that one object.

A change is kept by the store before any screen is drawn from it: until the store
acknowledged it, every screen is drawn from the class as it was, and a change the store
refused or failed to keep is never shown.

The hub is opened from a store in one place, :func:`open_class`: the keys loaded (or
made and kept), every table resumed, the class's state and the lessons read.
"""

from __future__ import annotations

from typing import Protocol

from blockdomino.lessons.quiz import QuizService
from blockdomino.lessons.walkthrough import WalkService
from blockdomino.server.keys import ClassKeys, OneTimeLinks
from blockdomino.server.lesson_keeping import Keeper
from blockdomino.server.lessons import Classroom
from blockdomino.server.live import Hub
from blockdomino.server.mirror import Mirror
from blockdomino.server.pupils import KeptPupils
from blockdomino.server.rooms import Sharing
from blockdomino.server.teaching import TeachersDesk
from blockdomino.tables.service import TableService


class Keeping(Sharing, Keeper, KeptPupils, OneTimeLinks, Protocol):
    """The class as one store keeps it while serving; besides what the hub and its
    parts ask while serving, what is read once as the server starts."""

    mirror: Mirror
    """This process's copy of the lessons, which the quiz and the walkthrough read."""

    def keys(self) -> ClassKeys:
        """The class's keys as kept; new ones, kept, when there are none yet."""
        ...

    def resumed(self) -> TableService:
        """Every table kept, resumed where its last change left it."""
        ...

    def kept_state(self) -> dict[str, str | None]:
        """The class's state as kept: the projector's table and the teacher's notice."""
        ...


def open_class(keeping: Keeping, lang: str) -> Hub:
    """The class's hub, its pages in ``lang``, every part of it kept by ``keeping``:
    the keys loaded (or made), every table and the lessons resumed, the projector's
    table as last kept (if it still is a table). The store's own errors reach the
    caller."""
    keys = keeping.keys()
    tables = keeping.resumed()
    state = keeping.kept_state()
    shown = state["shown"] if state["shown"] in tables.tables else None
    hub = Hub(tables, keys, lang, keeping, shown=shown, trouble=state["trouble"])
    hub.desk, hub.tickets = TeachersDesk(), keeping
    mirror = keeping.mirror
    hub.lessons = Classroom(QuizService(mirror), WalkService(mirror), keeping, keeping)
    return hub
