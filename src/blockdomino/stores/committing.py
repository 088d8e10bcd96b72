"""The class's tables kept in one SQLite file by one server process, each change's
commit made off the event loop, so that a slow disk holds up only the screen whose
change waits for it, never the others.

A change is made on this process's copy of its table by the engine's rules with the
store's writes queued (``tables.store.Store.queue``); until they are committed the
table is shown as it was. The writes are then committed in one transaction by one
thread, in the order the changes were made (one change at a time), and only then is
the changed table shown. A commit that fails (a full disk) leaves the table as it was,
and the failure reaches the hub, which says it in words.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, TypeVar

from blockdomino.stores.threads import OneThread
from blockdomino.tables.service import Table, TableService
from blockdomino.tables.store import Store

T = TypeVar("T")


def copied(table: Table) -> Table:
    """A copy of ``table`` that a change of the table leaves as it is."""
    return replace(
        table, seats=list(table.seats), move_ids=set(table.move_ids), turns=list(table.turns)
    )


class Commits:
    """The tables' part of the SQLite store (``stores.keeping``) as the hub keeps their
    changes (``classroom.store.Sharing``): one change at a time, committed to the tables'
    file ``tables_store`` by one thread of its own."""

    tables_store: Store
    _tables_lock: asyncio.Lock
    _tables_thread: OneThread

    async def change(
        self, tables: TableService, table: str | None, change: Callable[[], T], /, *, once: bool
    ) -> T:
        """``change`` of the table ``table`` (``None``: one about to be opened) made, its
        writes committed off the event loop, then shown; the tables as they were when
        ``change`` is refused or its commit fails (which raises as it failed)."""
        async with self._tables_lock:
            before = set(tables.tables)
            kept = None if table not in tables.tables else copied(tables.tables[table or ""])
            made: dict[str, Table] = {}
            self.tables_store.queue = []
            try:
                result = change()
                made = {name: tables.tables[name] for name in set(tables.tables) - before}
                if table is not None and table in tables.tables:
                    made[table] = tables.tables[table]
            finally:
                writes, self.tables_store.queue = self.tables_store.queue, None
                for name in set(tables.tables) - before:  # shown as they were until kept
                    del tables.tables[name]
                if table is not None and kept is not None:
                    tables.tables[table] = kept
            if writes:
                await self._tables_thread.run(self.tables_store.commit, writes)
            tables.tables.update(made)
            return result

    async def keep_state(self, name: str, value: str | None) -> None:
        """The table the projector shows kept (``shown``); the teacher's notice of a
        failed commit is this process's alone."""
        if name == "shown":
            async with self._tables_lock:
                await self._tables_thread.run(self.tables_store.show, value)

    async def class_state(self) -> dict[str, str | None]:
        return {"shown": await self._tables_thread.run(self.tables_store.shown), "trouble": None}

    def read_again(self) -> set[str]:
        return set()

    async def read_table(self, tables: TableService, table_id: str) -> bool:
        """Nothing to catch up with: this process holds every table of its file."""
        return False

    async def heard(self, tables: TableService, message: str) -> str | None:
        return None

    async def listen(self, heard: Callable[[str], Awaitable[Any]]) -> None:
        """Nothing to hear: no other process shares this file."""
