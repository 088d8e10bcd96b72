"""The class kept in the SQLite files of one server process (``stores.choice``), as one
store object (:class:`SQLiteKeeping`, ``stores.keeping``): the tables' file, the
lessons' file beside it and the keys' file beside both, each file written by one
thread of its own, off the event loop; the one-time links to the teacher's page in
this process's memory."""

from __future__ import annotations

import asyncio
from pathlib import Path

from blockdomino.lessons.store import LessonStore, lessons_path
from blockdomino.stores.committing import Commits
from blockdomino.stores.keys import ClassKeys, Tickets, class_keys
from blockdomino.stores.lesson_keeping import LocalLessons, local_mirror
from blockdomino.stores.threads import OneThread
from blockdomino.stores.versioned import MOST_TRIES
from blockdomino.tables.service import TableService
from blockdomino.tables.store import Store


class SQLiteKeeping(Commits, LocalLessons, Tickets):
    """The class in the SQLite files beside ``path``, the tables' file: its tables
    (``stores.committing``), its lessons and pupils (``stores.lesson_keeping``), its
    keys (``stores.keys``) and the one-time links this process printed."""

    def __init__(self, path: Path) -> None:
        Tickets.__init__(self)
        self.path = path
        self.tables_store = Store(path)
        self._tables_lock, self._tables_thread = asyncio.Lock(), OneThread("commit")
        self.lessons = LessonStore(lessons_path(path))
        self.lessons_thread, self._lessons_lock = OneThread("lessons"), asyncio.Lock()
        self.mirror, self.tries = local_mirror(self.lessons), MOST_TRIES

    def keys(self) -> ClassKeys:
        return class_keys(self.path.parent)

    def resumed(self) -> TableService:
        return TableService.load(self.tables_store)

    def kept_state(self) -> dict[str, str | None]:
        return {"shown": self.tables_store.shown(), "trouble": None}
