"""The class's tables shared through Redis by several server processes (``--redis URL``,
``--workers N``, or processes on several machines behind one address).

This is the tables' part of the Redis store (``stores.redis_class``), one object with
the lessons' part (``stores.shared_lessons``) and the pupils' (``stores.shared_pupils``).
Redis keeps what SQLite keeps alone (:class:`RedisStore`: each table's rules, seed,
seats and actions in order), and the class's state every process must agree on: the
table the projector shows and the teacher's notice of a failed commit.

Each table has a version in Redis, counted up at every change. A process changes its
copy of a table, then sends the change in one call of a Lua script (:data:`SCRIPT`):
if the version is still the one its copy has, Redis writes the change, counts the
version up and announces the change with its new version, all at once; no lock. If
another process changed the table first, nothing is written: the process reads what
it missed, and the engine referees the change again on the table as it is now (a move
no longer legal is refused like any other). Every process listens on the channel and
applies each change announced to its own copy, then sends its screens of the table
again; a version missed (the channel lost for a while) makes it read the table's seats
and the actions it lacks from Redis. So two pupils connected to different processes
play one table, and a move costs one call to Redis. While a change is being written,
the screens of this process still see the table as it was; if the write fails, the
table stays as it was.

Every call to Redis while serving goes through redis-py's asyncio client, so a slow
Redis holds up only the screen that waits for it, never the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final, TypeVar

import redis
import redis.asyncio

from blockdomino.classroom.store import CLASS, LESSONS
from blockdomino.stores.committing import copied
from blockdomino.stores.redis_store import (
    CHANNEL,
    PREFIX,
    Connection,
    OneTable,
    RedisStore,
    Write,
    actions_key,
    announcement,
    script_keys,
    seat_of,
    stored,
    table_key,
    version_key,
)
from blockdomino.stores.versioned import redis_said, until_done
from blockdomino.tables.service import Table, TableError, TableService
from blockdomino.tables.store import StoredSeat

STATE: Final = {"shown": PREFIX + "shown", "trouble": PREFIX + "trouble"}
"""Where the class's state is kept: the projector's table, the teacher's notice."""
SHARED: Final = "tables.error.shared"
"""What the pupil and the teacher are told when Redis fails."""
LOG: Final = logging.getLogger("blockdomino.server")
T = TypeVar("T")


def _updated(
    table: Table, seats: tuple[StoredSeat, ...], closed: bool, taken: tuple[tuple[str, str], ...]
) -> Table:
    """A copy of ``table`` with ``seats`` kept, ``closed`` if it is, and the actions
    ``taken`` since (move id, text) taken again."""
    copy = copied(table)
    for seat in seats:
        copy.seats[seat.seat] = seat
    copy.closed = copy.closed or closed
    copy.replay(taken)
    return copy


def _put_back(
    tables: TableService, table_id: str | None, kept: Table | None, writes: list[Write]
) -> None:
    """The tables ``writes`` change as they were: ``kept`` for ``table_id``, none for a
    table being opened."""
    for changed in {write.table_id for write in writes} | {table_id or ""}:
        if changed == table_id and kept is not None:
            tables.tables[changed] = kept
        else:
            tables.tables.pop(changed, None)


def state_of(values: list[Any]) -> dict[str, str | None]:
    """The class's state from its kept ``values``, in the order of ``STATE``."""
    return {name: None if v is None else str(v) for name, v in zip(STATE, values, strict=True)}


class SharedTables(Connection):
    """The tables' part of the Redis store (``stores.keeping``, ``stores.redis_class``):
    the tables' writes a change queued (``tables_store``), the version of each table as
    this process has it, and how often a change is tried again when other processes
    keep changing its table first."""

    tables_store: RedisStore
    versions: dict[str, int]
    tries: int
    _locks: dict[str, asyncio.Lock]
    _read: set[str]
    """The tables a change read again from Redis, their screens not yet sent again."""

    async def commit(self, table_id: str, expected: int, writes: list[Write]) -> tuple[bool, int]:
        """Run :data:`SCRIPT` for ``writes`` to the table ``table_id`` at the version
        ``expected``: whether they were written, and the table's version."""
        note = announcement(table_id, expected + 1, writes)
        return await self.versioned_change(script_keys(table_id), expected, note, writes)

    def _local(self, table_id: str) -> asyncio.Lock:
        """The lock of ``table_id`` within this process (its changes, and the changes
        heard from other processes, in turn; never held while waiting for another
        process)."""
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def catch_up(self, tables: TableService, table_id: str) -> bool:
        """Bring the table ``table_id`` up to the version kept in Redis if another
        process changed it since (or this one has never seen it); whether it did."""
        async with self._local(table_id):
            return await self._catch_up(tables, table_id)

    async def read_table(self, tables: TableService, table_id: str) -> bool:
        """What :meth:`catch_up` does, asked by a screen (the teacher shows a table
        another process opened a moment ago): Redis failing is a ``CommitError``."""
        with redis_said(SHARED):
            return await self.catch_up(tables, table_id)

    async def _catch_up(self, tables: TableService, table_id: str) -> bool:
        """What :meth:`catch_up` does, the lock held: one read of the table's version,
        seats and only the actions this process has not taken yet."""
        table = tables.tables.get(table_id)
        first = 0 if table is None else table.taken
        async with self.client.pipeline(transaction=True) as reading:
            reading.get(version_key(table_id))
            reading.hgetall(table_key(table_id))
            reading.lrange(actions_key(table_id), first, -1)
            version_text, fields, more = await reading.execute()
        version = int(version_text or 0)
        if table is not None and self.versions.get(table_id) == version:
            return False
        kept = stored(table_id, fields, more)
        if kept is None:
            return False
        if table is None:
            tables.tables[table_id] = TableService.load(OneTable(kept)).tables[table_id]
        else:
            tables.tables[table_id] = _updated(table, kept.seats, kept.closed, kept.actions)
        self.versions[table_id] = version
        return True

    async def heard(self, tables: TableService, message: str) -> str | None:
        """Take what another process announced (``message``: a change, or a table's id
        to catch up with): the change applied to this process's copy when it follows the
        version this process has, the table read again from Redis when versions were
        missed; the table's id if it changed here."""
        if not message.startswith("{"):
            return message if await self.catch_up(tables, message) else None
        note = json.loads(message)
        table_id, version = str(note["table"]), int(note["version"])
        async with self._local(table_id):
            table, known = tables.tables.get(table_id), self.versions.get(table_id)
            if table is not None and known is not None and version <= known:
                return None
            if table is None or known != version - 1 or note["opened"]:
                return table_id if await self._catch_up(tables, table_id) else None
            seats = tuple(map(seat_of, note["seats"]))
            taken = tuple((str(move), str(text)) for move, text in note["actions"])
            try:
                tables.tables[table_id] = _updated(table, seats, note["closed"], taken)
            except ValueError:  # a copy gone astray: read again whole
                del tables.tables[table_id]
                return table_id if await self._catch_up(tables, table_id) else None
            self.versions[table_id] = version
            return table_id

    async def change(
        self,
        tables: TableService,
        table_id: str | None,
        change: Callable[[], T],
        *,
        once: bool = False,
    ) -> T:
        """``change`` of the table ``table_id`` (``None``: a table about to be opened),
        written to Redis and announced in one call of :data:`SCRIPT`. When another
        process changed the table first, or when ``change`` refused on a copy that was
        behind, the table is brought up to date and ``change`` made again (the engine
        referees it again). A change made ``once`` (a pupil's move, by its move id) is
        made again too when Redis did not answer its write: a move written is then
        taken, not refused. Until written, the table is shown as it was; Redis failing
        is a ``CommitError``, the table as it was."""
        again = once and table_id is not None

        async def attempt() -> tuple[bool, T | None]:
            nonlocal again
            lock = contextlib.nullcontext() if table_id is None else self._local(table_id)
            async with lock:
                try:
                    return await self._try(tables, table_id, change)
                except redis.RedisError as error:
                    if not again or table_id is None:
                        raise
                    again = False
                    LOG.warning("no answer from Redis, the table read again: %s", error)
                    if await self._catch_up(tables, table_id):
                        self._read.add(table_id)
                    return False, None

        with redis_said(SHARED):
            return await until_done(attempt, self.tries, f"table {table_id}", "tables.error.busy")

    async def _try(
        self, tables: TableService, table_id: str | None, change: Callable[[], T]
    ) -> tuple[bool, T | None]:
        """One try of :meth:`change`: whether it is done, and what ``change`` gave."""
        before = tables.tables.get(table_id or "")
        kept = None if before is None else copied(before)
        try:
            result = change()
        except (TableError, LookupError):
            _put_back(tables, table_id, kept, self.tables_store.taken())
            if table_id is not None and await self._behind(tables, table_id):
                return False, None
            raise
        except BaseException:
            _put_back(tables, table_id, kept, self.tables_store.taken())
            raise
        writes = self.tables_store.taken()
        if not writes:
            done = table_id is None or not await self._behind(tables, table_id)
            return done, result
        changed_id = writes[0].table_id
        changed = tables.tables[changed_id]
        _put_back(tables, table_id, kept, writes)
        written, version = await self.commit(changed_id, self.versions.get(changed_id, 0), writes)
        if not written:
            if await self._catch_up(tables, changed_id):
                self._read.add(changed_id)
            return False, None
        tables.tables[changed_id] = changed
        self.versions[changed_id] = version
        return True, result

    async def _behind(self, tables: TableService, table_id: str) -> bool:
        """Whether this process's copy of ``table_id`` was behind Redis's (then brought
        up to date): a change refused on it is made again."""
        version = int(await self.client.get(version_key(table_id)) or 0)
        if version == self.versions.get(table_id, 0) or not await self._catch_up(tables, table_id):
            return False
        self._read.add(table_id)
        return True

    def read_again(self) -> set[str]:
        """The tables changes read again from Redis since last asked: their screens must
        be sent again (the other processes' changes in them are heard as known)."""
        read, self._read = self._read, set()
        return read

    async def class_state(self) -> dict[str, str | None]:
        """The class's state as kept: the projector's table and the teacher's notice."""
        return state_of(await self.client.mget(list(STATE.values())))

    async def keep_state(self, name: str, value: str | None) -> None:
        """Keep one part of the class's state (``None``: none) and announce it; Redis
        failing is a ``CommitError``."""
        with redis_said(SHARED):
            async with self.client.pipeline(transaction=True) as step:
                if value is None:
                    step.delete(STATE[name])
                else:
                    step.set(STATE[name], value)
                step.publish(CHANNEL, CLASS)
                await step.execute()

    async def listen(self, heard: Callable[[str], Awaitable[Any]]) -> None:
        """Call ``heard`` with each change announced (or :data:`CLASS`), until
        cancelled, and once with every table's id, with :data:`CLASS` and with
        :data:`LESSONS` as soon as this process listens (what was announced before it
        did, while it started or lost Redis, is not missed: each table, and the lessons,
        are caught up with); a lost connection to Redis is tried again each second."""
        while True:
            try:
                client = redis.asyncio.Redis.from_url(self.url, decode_responses=True)
                async with client.pubsub() as channel:
                    await channel.subscribe(CHANNEL)
                    for table_id in await client.lrange(PREFIX + "tables", 0, -1):
                        await heard(str(table_id))
                    await heard(CLASS)
                    await heard(LESSONS)
                    async for message in channel.listen():
                        if message["type"] == "message":
                            await heard(str(message["data"]))
            except (redis.RedisError, OSError) as error:
                LOG.warning("the shared tables' channel failed: %s", error)
                await asyncio.sleep(1)
