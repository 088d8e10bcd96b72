"""The class's tables shared through Redis by several server processes (``--redis URL``,
``--workers N``, or processes on several machines behind one address).

Redis then keeps what SQLite keeps alone (:class:`RedisStore`: each table's rules, seed,
seats and actions in order), and the class's keys. A process changes a table only
holding that table's lock in Redis; first it rebuilds the table from Redis if another
process changed it since (each table has a version, counted up at every change), then
it commits the change, counts the version up and announces the table on a channel.
Every process listens on that channel (redis-py's asyncio client): it rebuilds the
table announced and sends its own screens of it again, so two pupils connected to
different processes play one table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

import redis
import redis.asyncio

from blockdomino.server.keys import ClassKeys, new_keys
from blockdomino.server.live import CommitError, Hub
from blockdomino.tables.service import Table, TableService
from blockdomino.tables.store import Store, StoredSeat, StoredTable

PREFIX: Final = "blockdomino:"
CHANNEL: Final = PREFIX + "changed"
"""Where a process announces the id of a table it changed."""
LOCK_SECONDS: Final = 10
"""How long a table's lock holds at most (a process that died holding it)."""
WAIT_SECONDS: Final = 5
"""How long a process waits for a table's lock before it gives up."""
LOG: Final = logging.getLogger("blockdomino.server")


def _table_key(table_id: str) -> str:
    return f"{PREFIX}table:{table_id}"


class RedisStore(Store):
    """The tables kept in Redis instead of SQLite, with the same methods. Each write is
    one Redis transaction."""

    def __init__(self, client: redis.Redis) -> None:
        self.client = client

    def close(self) -> None:
        self.client.close()

    def add_table(self, table: StoredTable) -> None:
        meta = {"preset": table.preset, "players": table.players, "seed": table.seed}
        with self.client.pipeline() as step:
            step.hset(_table_key(table.id), "meta", json.dumps(meta))
            for seat in table.seats:
                step.hset(_table_key(table.id), f"seat:{seat.seat}", _seat_text(seat))
            step.rpush(PREFIX + "tables", table.id)
            step.execute()

    def set_seat(self, table_id: str, seat: StoredSeat) -> None:
        self.client.hset(_table_key(table_id), f"seat:{seat.seat}", _seat_text(seat))

    def add_actions(self, table_id: str, first: int, actions: list[tuple[str, str]]) -> None:
        key = f"{PREFIX}actions:{table_id}"
        if self.client.llen(key) != first:
            raise redis.RedisError(f"table {table_id}: the actions kept are not {first}")
        self.client.rpush(key, *(json.dumps(action) for action in actions))

    def close_table(self, table_id: str) -> None:
        self.client.hset(_table_key(table_id), "closed", "1")

    def table(self, table_id: str) -> StoredTable | None:
        """One table as kept, or ``None``."""
        fields = {
            str(name): str(value)
            for name, value in self.client.hgetall(_table_key(table_id)).items()
        }
        if "meta" not in fields:
            return None
        meta = json.loads(fields["meta"])
        seats = [_seat(json.loads(fields[f"seat:{n}"])) for n in range(int(meta["players"]))]
        kept = self.client.lrange(f"{PREFIX}actions:{table_id}", 0, -1)
        actions = tuple((str(move), str(text)) for move, text in map(json.loads, kept))
        return StoredTable(
            table_id,
            str(meta["preset"]),
            int(meta["players"]),
            int(meta["seed"]),
            fields.get("closed") == "1",
            tuple(seats),
            actions,
        )

    def tables(self) -> Iterator[StoredTable]:
        for table_id in self.client.lrange(PREFIX + "tables", 0, -1):
            kept = self.table(str(table_id))
            if kept is not None:
                yield kept


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
    """This process's part of the shared tables: the Redis client, the version of each
    table it has rebuilt, and the address it listens to announcements at."""

    url: str
    store: RedisStore
    versions: dict[str, int] = field(default_factory=dict)

    @classmethod
    def connect(cls, url: str) -> Shared:
        """Shared tables at the Redis of ``url``; ``redis.RedisError`` if it answers not."""
        client = redis.Redis.from_url(url, socket_timeout=WAIT_SECONDS, decode_responses=True)
        client.ping()
        return cls(url, RedisStore(client))

    def version(self, table_id: str) -> int:
        """The version of ``table_id`` kept in Redis (0 for one never changed)."""
        return int(self.store.client.get(f"{PREFIX}version:{table_id}") or 0)

    def catch_up(self, tables: TableService, table_id: str) -> bool:
        """Rebuild the table ``table_id`` from Redis if another process changed it since
        this one last did (or this one has never seen it); whether it did."""
        version = self.version(table_id)
        if table_id in tables.tables and self.versions.get(table_id) == version:
            return False
        kept = self.store.table(table_id)
        if kept is None:
            return False
        rebuilt: Table = TableService.load(_One(kept)).tables[table_id]
        tables.tables[table_id] = rebuilt
        self.versions[table_id] = version
        return True

    @contextlib.contextmanager
    def changing(self, tables: TableService, table_id: str | None) -> Iterator[None]:
        """The table ``table_id`` locked, caught up, changed (in the block), its version
        counted up and announced (a new table, ``None``, is announced by :meth:`opened`);
        Redis failing is a ``CommitError``, the table as it was."""
        try:
            if table_id is None:
                yield
                return
            lock = self.store.client.lock(
                f"{PREFIX}lock:{table_id}", timeout=LOCK_SECONDS, blocking_timeout=WAIT_SECONDS
            )
            with lock:
                self.catch_up(tables, table_id)
                yield
                self.opened(table_id)
        except redis.RedisError as error:
            raise CommitError(str(error)) from None

    def opened(self, table_id: str) -> None:
        """Count the version of ``table_id`` up and announce it."""
        self.versions[table_id] = int(self.store.client.incr(f"{PREFIX}version:{table_id}"))
        self.store.client.publish(CHANNEL, table_id)

    async def listen(self, heard: Callable[[str], Any]) -> None:
        """Call ``heard`` (a coroutine function) with each table id announced, until
        cancelled, and once with every table kept as soon as this process listens
        (what was announced before it did, while it started or lost Redis, is not
        missed); a lost connection to Redis is tried again each second."""
        while True:
            try:
                client = redis.asyncio.Redis.from_url(self.url, decode_responses=True)
                async with client.pubsub() as channel:
                    await channel.subscribe(CHANNEL)
                    for table_id in await client.lrange(PREFIX + "tables", 0, -1):
                        await heard(str(table_id))
                    async for message in channel.listen():
                        if message["type"] == "message":
                            await heard(str(message["data"]))
            except (redis.RedisError, OSError) as error:
                LOG.warning("the shared tables' channel failed: %s", error)
                await asyncio.sleep(1)


def shared_hub(url: str, lang: str) -> Hub:
    """The class's tables and keys kept in the Redis at ``url``, every table resumed;
    ``redis.RedisError`` when that Redis cannot be used."""
    shared = Shared.connect(url)
    tables = TableService.load(shared.store)
    shared.versions = {table_id: shared.version(table_id) for table_id in tables.tables}
    return Hub(tables, shared_keys(shared.store.client), lang, shared=shared)
