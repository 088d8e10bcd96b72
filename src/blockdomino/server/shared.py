"""The class's tables shared through Redis by several server processes (``--redis URL``,
``--workers N``, or processes on several machines behind one address).

Redis then keeps what SQLite keeps alone (:class:`RedisStore`: each table's rules, seed,
seats and actions in order), the class's keys, and the class's state every process must
agree on: the table the projector shows and the teacher's notice of a failed commit.

A process changes a table only holding that table's lock in Redis; first it rebuilds
the table from Redis if another process changed it since (each table has a version,
counted up at every change), then it changes the table, writes the change, counts the
version up and announces the table on a channel, all in one Redis transaction. Every
process listens on that channel: it rebuilds the table announced and sends its own
screens of it again, so two pupils connected to different processes play one table.
While a change is being written, the screens of this process still see the table as
it was; if the write fails, the table stays as it was.

Every call to Redis while serving goes through redis-py's asyncio client, so a busy
lock or a slow Redis holds up only the screen that waits for it, never the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Final

import redis
import redis.asyncio

from blockdomino.server.keys import ClassKeys, new_keys
from blockdomino.server.live import CLASS, CommitError, Hub
from blockdomino.tables.service import Table, TableService
from blockdomino.tables.store import Store, StoredSeat, StoredTable

PREFIX: Final = "blockdomino:"
CHANNEL: Final = PREFIX + "changed"
"""Where a process announces the id of a table it changed, or :data:`CLASS`."""
STATE: Final = {"shown": PREFIX + "shown", "trouble": PREFIX + "trouble"}
"""Where the class's state is kept: the projector's table, the teacher's notice."""
LOCK_SECONDS: Final = 10
"""How long a table's lock holds at most (a process that died holding it)."""
WAIT_SECONDS: Final = 5
"""How long a process waits for a table's lock before it gives up."""
LOCK_POLL_SECONDS: Final = 0.01
"""How often a process waiting for a table's lock asks again."""
LOG: Final = logging.getLogger("blockdomino.server")


def _table_key(table_id: str) -> str:
    return f"{PREFIX}table:{table_id}"


def _actions_key(table_id: str) -> str:
    return f"{PREFIX}actions:{table_id}"


def _version_key(table_id: str) -> str:
    return f"{PREFIX}version:{table_id}"


@dataclass(frozen=True, slots=True)
class Write:
    """One Redis command of a change to the table ``table_id``."""

    table_id: str
    command: str
    args: tuple[str, ...]


class RedisStore(Store):
    """The tables kept in Redis instead of SQLite, with the same methods. Reading is
    done at once (when the server starts); each write is queued, and
    :meth:`Shared.changing` writes what a change queued in one transaction."""

    def __init__(self, client: redis.Redis) -> None:
        self.client = client
        self.pending: list[Write] = []
        self.expected: dict[str, int] = {}
        """For each table changed, how many actions Redis must hold before the change."""

    def close(self) -> None:
        self.client.close()

    def add_table(self, table: StoredTable) -> None:
        meta = {"preset": table.preset, "players": table.players, "seed": table.seed}
        self.pending.append(
            Write(table.id, "hset", (_table_key(table.id), "meta", json.dumps(meta)))
        )
        for seat in table.seats:
            self.set_seat(table.id, seat)
        self.pending.append(Write(table.id, "rpush", (PREFIX + "tables", table.id)))

    def set_seat(self, table_id: str, seat: StoredSeat) -> None:
        args = (_table_key(table_id), f"seat:{seat.seat}", _seat_text(seat))
        self.pending.append(Write(table_id, "hset", args))

    def add_actions(self, table_id: str, first: int, actions: list[tuple[str, str]]) -> None:
        self.expected.setdefault(table_id, first)
        texts = tuple(json.dumps(action) for action in actions)
        self.pending.append(Write(table_id, "rpush", (_actions_key(table_id), *texts)))

    def close_table(self, table_id: str) -> None:
        self.pending.append(Write(table_id, "hset", (_table_key(table_id), "closed", "1")))

    def taken(self) -> tuple[list[Write], dict[str, int]]:
        """The writes queued and the actions expected, the queue emptied."""
        pending, expected = self.pending, self.expected
        self.pending, self.expected = [], {}
        return pending, expected

    def table(self, table_id: str) -> StoredTable | None:
        """One table as kept, or ``None``."""
        fields = self.client.hgetall(_table_key(table_id))
        return _stored(table_id, fields, self.client.lrange(_actions_key(table_id), 0, -1))

    def tables(self) -> Iterator[StoredTable]:
        for table_id in self.client.lrange(PREFIX + "tables", 0, -1):
            kept = self.table(str(table_id))
            if kept is not None:
                yield kept


def _stored(table_id: str, fields: dict[Any, Any], kept: list[Any]) -> StoredTable | None:
    """The table ``table_id`` from its hash's ``fields`` and its ``kept`` actions, or
    ``None`` when it has no rules (never opened)."""
    text = {str(name): str(value) for name, value in fields.items()}
    if "meta" not in text:
        return None
    meta = json.loads(text["meta"])
    seats = [_seat(json.loads(text[f"seat:{n}"])) for n in range(int(meta["players"]))]
    actions = tuple((str(move), str(action)) for move, action in map(json.loads, kept))
    closed = text.get("closed") == "1"
    preset, players, seed = str(meta["preset"]), int(meta["players"]), int(meta["seed"])
    return StoredTable(table_id, preset, players, seed, closed, tuple(seats), actions)


def _seat_text(seat: StoredSeat) -> str:
    return json.dumps([seat.seat, seat.nickname, seat.token, seat.computer])


def _seat(values: list[Any]) -> StoredSeat:
    return StoredSeat(int(values[0]), values[1], values[2], values[3])


class _One(Store):
    """A store of one table only, to rebuild that table with ``TableService.load``."""

    def __init__(self, kept: StoredTable) -> None:
        self.kept = kept

    def tables(self) -> Iterator[StoredTable]:
        yield self.kept


def _copy(table: Table) -> Table:
    """A copy of ``table`` that a change of the table leaves as it is."""
    return replace(
        table, seats=list(table.seats), move_ids=set(table.move_ids), turns=list(table.turns)
    )


def _state(values: list[Any]) -> dict[str, str | None]:
    """The class's state from its kept ``values``, in the order of ``STATE``."""
    return {name: None if v is None else str(v) for name, v in zip(STATE, values, strict=True)}


def shared_keys(client: redis.Redis) -> ClassKeys:
    """The class's keys kept in Redis, the same for every process: new ones when none
    are kept yet."""
    made = new_keys()
    text = json.dumps({"secret": made.secret, "code": made.code})
    client.set(PREFIX + "keys", text, nx=True)
    kept = json.loads(client.get(PREFIX + "keys") or text)
    return ClassKeys(str(kept["secret"]), str(kept["code"]))


@dataclass
class Shared:
    """This process's part of the shared tables: the Redis clients (the blocking one
    only while the server starts), the version of each table it has rebuilt, and how
    long it waits for a table's lock."""

    url: str
    store: RedisStore
    versions: dict[str, int] = field(default_factory=dict)
    wait: float = WAIT_SECONDS
    _client: redis.asyncio.Redis | None = field(default=None, repr=False)
    _locks: dict[str, asyncio.Lock] = field(default_factory=dict, repr=False)

    @classmethod
    def connect(cls, url: str) -> Shared:
        """Shared tables at the Redis of ``url``; ``redis.RedisError`` if it answers not."""
        client = redis.Redis.from_url(url, socket_timeout=WAIT_SECONDS, decode_responses=True)
        client.ping()
        return cls(url, RedisStore(client))

    @property
    def client(self) -> redis.asyncio.Redis:
        """The asyncio client, made in the event loop of the process that serves (a
        forked worker makes its own)."""
        if self._client is None:
            self._client = redis.asyncio.Redis.from_url(
                self.url, socket_timeout=WAIT_SECONDS, decode_responses=True
            )
        return self._client

    def _local(self, table_id: str) -> asyncio.Lock:
        """The lock of ``table_id`` within this process (changes and rebuilds in turn)."""
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def catch_up(self, tables: TableService, table_id: str) -> bool:
        """Rebuild the table ``table_id`` from Redis if another process changed it since
        this one last did (or this one has never seen it); whether it did."""
        async with self._local(table_id):
            return await self._catch_up(tables, table_id)

    async def _catch_up(self, tables: TableService, table_id: str) -> bool:
        version = int(await self.client.get(_version_key(table_id)) or 0)
        if table_id in tables.tables and self.versions.get(table_id) == version:
            return False
        async with self.client.pipeline(transaction=True) as reading:
            reading.get(_version_key(table_id))
            reading.hgetall(_table_key(table_id))
            reading.lrange(_actions_key(table_id), 0, -1)
            version_text, fields, kept_actions = await reading.execute()
        kept = _stored(table_id, fields, kept_actions)
        if kept is None:
            return False
        tables.tables[table_id] = TableService.load(_One(kept)).tables[table_id]
        self.versions[table_id] = int(version_text or 0)
        return True

    @contextlib.asynccontextmanager
    async def changing(self, tables: TableService, table_id: str | None) -> AsyncIterator[None]:
        """The table ``table_id`` (``None``: a table about to be opened) locked and caught
        up, changed in the block, then written, its version counted up and announced;
        Redis failing is a ``CommitError``, the table as it was."""
        try:
            if table_id is None:
                async with self._written(tables, None):
                    yield
                return
            lock = self.client.lock(
                f"{PREFIX}lock:{table_id}",
                timeout=LOCK_SECONDS,
                sleep=LOCK_POLL_SECONDS,
                blocking_timeout=self.wait,
            )
            async with self._local(table_id), lock:
                await self._catch_up(tables, table_id)
                async with self._written(tables, table_id):
                    yield
        except redis.RedisError as error:
            raise CommitError(str(error) or type(error).__name__) from None

    @contextlib.asynccontextmanager
    async def _written(self, tables: TableService, table_id: str | None) -> AsyncIterator[None]:
        """The block's change of the tables written to Redis; until it is, the tables
        it changed are shown as they were, and they stay so if it fails."""
        before = tables.tables.get(table_id or "")
        kept = None if before is None else _copy(before)
        try:
            yield
        except BaseException:
            self._put_back(tables, table_id, kept, self.store.taken()[0])
            raise
        writes, expected = self.store.taken()
        if not writes:
            return
        changed = {write.table_id: tables.tables[write.table_id] for write in writes}
        self._put_back(tables, table_id, kept, writes)
        await self._write(writes, expected)
        tables.tables.update(changed)

    @staticmethod
    def _put_back(
        tables: TableService, table_id: str | None, kept: Table | None, writes: list[Write]
    ) -> None:
        """The tables ``writes`` change as they were: ``kept`` for ``table_id``, none
        for a table being opened."""
        for changed in {write.table_id for write in writes} | {table_id or ""}:
            if changed == table_id and kept is not None:
                tables.tables[changed] = kept
            else:
                tables.tables.pop(changed, None)

    async def _write(self, writes: list[Write], expected: dict[str, int]) -> None:
        """``writes`` in one transaction, the version of each table they change counted
        up and the table announced; first, each table must hold the actions
        ``expected`` (else another process changed it meanwhile: a ``RedisError``)."""
        changed = list(dict.fromkeys(write.table_id for write in writes))
        async with self.client.pipeline(transaction=True) as step:
            if expected:
                await step.watch(*(_actions_key(table_id) for table_id in expected))
            for table_id, first in expected.items():
                if await step.llen(_actions_key(table_id)) != first:
                    raise redis.RedisError(f"table {table_id}: the actions kept are not {first}")
            step.multi()  # type: ignore[no-untyped-call]
            for write in writes:
                getattr(step, write.command)(*write.args)
            for table_id in changed:
                step.incr(_version_key(table_id))
                step.publish(CHANNEL, table_id)
            answers = await step.execute()
        counted = answers[len(writes) :: 2]
        self.versions.update(zip(changed, map(int, counted), strict=True))

    async def class_state(self) -> dict[str, str | None]:
        """The class's state as kept: the projector's table and the teacher's notice."""
        return _state(await self.client.mget(list(STATE.values())))

    async def keep_state(self, name: str, value: str | None) -> None:
        """Keep one part of the class's state (``None``: none) and announce it; Redis
        failing is a ``CommitError``."""
        try:
            async with self.client.pipeline(transaction=True) as step:
                if value is None:
                    step.delete(STATE[name])
                else:
                    step.set(STATE[name], value)
                step.publish(CHANNEL, CLASS)
                await step.execute()
        except redis.RedisError as error:
            raise CommitError(str(error) or type(error).__name__) from None

    def kept_state(self) -> dict[str, str | None]:
        """The class's state as kept, read while the server starts."""
        return _state(self.store.client.mget(list(STATE.values())))

    async def listen(self, heard: Callable[[str], Awaitable[Any]]) -> None:
        """Call ``heard`` with each table id (or :data:`CLASS`) announced, until
        cancelled, and once with every table kept and with :data:`CLASS` as soon as
        this process listens (what was announced before it did, while it started or
        lost Redis, is not missed); a lost connection to Redis is tried again each
        second."""
        while True:
            try:
                client = redis.asyncio.Redis.from_url(self.url, decode_responses=True)
                async with client.pubsub() as channel:
                    await channel.subscribe(CHANNEL)
                    for table_id in await client.lrange(PREFIX + "tables", 0, -1):
                        await heard(str(table_id))
                    await heard(CLASS)
                    async for message in channel.listen():
                        if message["type"] == "message":
                            await heard(str(message["data"]))
            except (redis.RedisError, OSError) as error:
                LOG.warning("the shared tables' channel failed: %s", error)
                await asyncio.sleep(1)


def shared_hub(url: str, lang: str) -> Hub:
    """The class's tables, keys and state kept in the Redis at ``url``, every table
    resumed; ``redis.RedisError`` when that Redis cannot be used."""
    shared = Shared.connect(url)
    tables = TableService.load(shared.store)
    client = shared.store.client
    shared.versions = {
        table_id: int(client.get(_version_key(table_id)) or 0) for table_id in tables.tables
    }
    state = shared.kept_state()
    hub = Hub(tables, shared_keys(client), lang, shared=shared)
    hub.shown, hub.trouble = state["shown"], state["trouble"]
    return hub
