"""Where the class is kept while it is served, as one object of one interface
(:class:`Keeping`), whichever store was chosen (``stores.choice``): the SQLite files of
one server process (``stores.sqlite_class``) or the Redis every process of the class shares
(``stores.redis_class``). It keeps the tables' changes and the class's state (the
projector's table, the teacher's notice: ``classroom.store.Sharing``), the lessons'
changes and answers (``classroom.store.Keeper``), the pupils' tokens
(``classroom.pupils.KeptPupils``), the one-time links to the teacher's page
(``classroom.store.OneTimeLinks``) and the class's keys; the hub holds that one object
(``Hub.store``), and each activity that keeps the lessons is given it once.

A change is kept by the store before any screen is drawn from it: until the store
acknowledged it, every screen is drawn from the class as it was, and a change the store
refused or failed to keep is never shown.

The class's live activities are opened from it as the registry says
(``classroom.registry.ACTIVITIES``).

The hub is opened from a store in one place (``server.class_hub.open_class``): the keys
loaded (or made and kept), every table resumed, the class's state read and every
activity opened.
"""

from __future__ import annotations

from typing import Protocol

from blockdomino.classroom.registry import Opening
from blockdomino.stores.keys import ClassKeys
from blockdomino.stores.mirror import Mirror
from blockdomino.tables.service import TableService


class Keeping(Opening, Protocol):
    """The class as one store keeps it while serving; besides what the hub and its
    activities ask while serving, what is read once as the server starts."""

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
