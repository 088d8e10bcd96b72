"""The class's tables as Redis keeps them when several server processes share them
(``stores.shared_tables``): each table's rules, seed and seats in a hash, its actions in a list
in order, its version counted up at every change; and the Lua script that writes one
change of one table at once, only if the table's version is still the one expected.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

import redis
import redis.asyncio
from redis.commands.core import AsyncScript

from blockdomino.stores.versioned import versioned
from blockdomino.tables.store import Store, StoredSeat, StoredTable

WAIT_SECONDS: Final = 5
"""How long a process waits for Redis's answer before it gives up."""
PREFIX: Final = "blockdomino:"
HISTORY_KEY: Final = PREFIX + "lessons:history"
"""Every answer to a quiz and every Practice result, as the table of mastery reads them
(``stores.shared_lessons``)."""
CHANNEL: Final = PREFIX + "changed"
"""Where a process announces a change of a table (JSON: the table, its version, the
change), or ``class`` (``server.live.CLASS``)."""


CONNECTIONS: Final = 100
"""Connections to Redis a process keeps at most: a call made while every one is busy
waits for one (up to ``WAIT_SECONDS``) rather than fails, as a school's 250 tables
moving at once would make it (redis-py's own pool refuses the 101st)."""


def once_key(kind: str, owner: str) -> str:
    """The hash of the answers of ``kind`` to the quiz or walkthrough ``owner``."""
    return f"{PREFIX}lessons:{kind}:{owner}"


ANSWERED_KEY: Final = PREFIX + "lessons:answered"
"""The set of every hash of answers (:func:`once_key`) that holds one, of every quiz
and walkthrough run, the earlier ones too: where the answers of a pupil the teacher
removes are looked for (``stores.shared_pupils``)."""


def note_answered(client: redis.Redis) -> None:
    """Every hash of answers kept noted in :data:`ANSWERED_KEY` (those kept before the
    set was, too), as the server starts (the blocking client)."""
    found = {
        str(key)
        for kind in ("answers", "fits")
        for key in client.scan_iter(match=once_key(kind, "*"))
    }
    if found:
        client.sadd(ANSWERED_KEY, *found)


def connected(url: str) -> redis.Redis:
    """The blocking client of the Redis at ``url``, answering; ``redis.RedisError`` if
    it does not (an address that is no Redis URL: ``ValueError``)."""
    client = redis.Redis.from_url(url, socket_timeout=WAIT_SECONDS, decode_responses=True)
    client.ping()
    return client


class Connection:
    """A process's connection to the Redis at ``url`` that keeps the class: the
    blocking client (``blocking``, only while the server starts) and the asyncio one
    (:attr:`client`), the Lua scripts registered with it (:meth:`script`)."""

    url: str
    blocking: redis.Redis
    _client: redis.asyncio.Redis | None
    _scripts: dict[str, AsyncScript]

    @property
    def client(self) -> redis.asyncio.Redis:
        """The asyncio client, made in the event loop of the process that serves (a
        forked worker makes its own)."""
        if self._client is None:
            pool = redis.asyncio.BlockingConnectionPool.from_url(
                self.url,
                max_connections=CONNECTIONS,
                timeout=WAIT_SECONDS,
                socket_timeout=WAIT_SECONDS,
                decode_responses=True,
            )
            self._client = redis.asyncio.Redis(connection_pool=pool)
        return self._client

    async def versioned_change(
        self, keys: list[str], expected: int, note: str, writes: list[Write]
    ) -> tuple[bool, int]:
        """The one versioned change, of a table or of the lessons' state: :data:`SCRIPT`
        run on ``keys`` (the version's first) with ``writes``, announcing ``note``, if
        the version is still ``expected``: whether it was written, and the version."""
        arguments = [str(expected), CHANNEL, note, *script_arguments(writes)]
        written, version = await self._script(SCRIPT)(keys=keys, args=arguments)
        return bool(written), int(version)

    def _script(self, text: str) -> AsyncScript:
        """The Lua script ``text``, registered with the asyncio client."""
        if text not in self._scripts:
            self._scripts[text] = self.client.register_script(text)
        return self._scripts[text]


def table_key(table_id: str) -> str:
    return f"{PREFIX}table:{table_id}"


def actions_key(table_id: str) -> str:
    return f"{PREFIX}actions:{table_id}"


def version_key(table_id: str) -> str:
    return f"{PREFIX}version:{table_id}"


HASH, ACTIONS, LIST = 2, 3, 4
"""Which key of :data:`SCRIPT` a write changes: the table's hash (rules, seats, closed),
its actions, the list of every table."""
SCRIPT: Final = versioned("""
local at = 4
while at <= #ARGV do
  local count = tonumber(ARGV[at + 2])
  redis.call(ARGV[at], KEYS[tonumber(ARGV[at + 1])], unpack(ARGV, at + 3, at + 2 + count))
  at = at + 3 + count
end
redis.call('PUBLISH', ARGV[2], ARGV[3])
return {1, redis.call('INCR', KEYS[1])}
""")
"""One versioned change, of one table or of the lessons' state, atomic in Redis: if its
version (``KEYS[1]``) is still the one expected (``ARGV[1]``), the writes (from
``ARGV[4]``: a command, the number of its key among ``KEYS``, how many values, the
values), the announcement (``ARGV[3]``) on the channel (``ARGV[2]``) and the version
counted up; answered ``{1, new version}``, or ``{0, version}`` with nothing written
when another process changed it first."""


@dataclass(frozen=True, slots=True)
class Write:
    """One Redis command of a change to the table ``table_id`` (or to the lessons'
    state): ``command`` on the key ``key`` (:data:`HASH`, :data:`ACTIONS` or
    :data:`LIST`: the number of the key among :data:`SCRIPT`'s) with ``values``."""

    table_id: str
    command: str
    key: int
    values: tuple[str, ...]


class RedisStore(Store):
    """The tables kept in Redis instead of SQLite, with the same methods. Reading is
    done at once (when the server starts); each write is queued, and
    ``stores.shared_tables.SharedTables.change`` writes what a change queued with
    :data:`SCRIPT`."""

    def __init__(self, client: redis.Redis) -> None:
        self.client = client
        self.pending: list[Write] = []

    def close(self) -> None:
        self.client.close()

    def add_table(self, table: StoredTable) -> None:
        meta = {"preset": table.preset, "players": table.players, "seed": table.seed}
        self.pending.append(Write(table.id, "hset", HASH, ("meta", json.dumps(meta))))
        for seat in table.seats:
            self.set_seat(table.id, seat)
        self.add_actions(table.id, 0, list(table.actions))
        self.pending.append(Write(table.id, "rpush", LIST, (table.id,)))

    def set_seat(self, table_id: str, seat: StoredSeat) -> None:
        self.pending.append(Write(table_id, "hset", HASH, (f"seat:{seat.seat}", seat_text(seat))))

    def add_actions(
        self,
        table_id: str,
        first: int,
        actions: list[tuple[str, str]],
        *,
        seat: StoredSeat | None = None,
    ) -> None:
        if seat is not None:
            self.set_seat(table_id, seat)
        texts = tuple(json.dumps(action) for action in actions)
        if texts:
            self.pending.append(Write(table_id, "rpush", ACTIONS, texts))

    def close_table(self, table_id: str) -> None:
        self.pending.append(Write(table_id, "hset", HASH, ("closed", "1")))

    def taken(self) -> list[Write]:
        """The writes queued, the queue emptied."""
        pending, self.pending = self.pending, []
        return pending

    def table(self, table_id: str) -> StoredTable | None:
        """One table as kept, or ``None``."""
        fields = self.client.hgetall(table_key(table_id))
        return stored(table_id, fields, self.client.lrange(actions_key(table_id), 0, -1))

    def tables(self) -> Iterator[StoredTable]:
        for table_id in self.client.lrange(PREFIX + "tables", 0, -1):
            kept = self.table(str(table_id))
            if kept is not None:
                yield kept


def script_keys(table_id: str) -> list[str]:
    """The keys of :data:`SCRIPT` for the table ``table_id``."""
    return [version_key(table_id), table_key(table_id), actions_key(table_id), PREFIX + "tables"]


def script_arguments(writes: list[Write]) -> list[str]:
    """``writes`` as :data:`SCRIPT` takes them."""
    flat: list[str] = []
    for write in writes:
        flat += [write.command, str(write.key), str(len(write.values)), *write.values]
    return flat


def announcement(table_id: str, version: int, writes: list[Write]) -> str:
    """What the other processes are told of a change: the table, its version after the
    change, and the change (the seats changed, the actions taken, whether it was
    closed or opened)."""
    seats = [w.values for w in writes if w.key == HASH and w.values[0].startswith("seat:")]
    taken = [json.loads(text) for w in writes if w.key == ACTIONS for text in w.values]
    note = {
        "table": table_id,
        "version": version,
        "seats": [json.loads(text) for _, text in seats],
        "actions": taken,
        "closed": any(w.values[0] == "closed" for w in writes if w.key == HASH),
        "opened": any(w.key == LIST for w in writes),
    }
    return json.dumps(note, ensure_ascii=False)


def stored(table_id: str, fields: dict[Any, Any], kept: list[Any]) -> StoredTable | None:
    """The table ``table_id`` from its hash's ``fields`` and its ``kept`` actions, or
    ``None`` when it has no rules (never opened)."""
    text = {str(name): str(value) for name, value in fields.items()}
    if "meta" not in text:
        return None
    meta = json.loads(text["meta"])
    seats = [seat_of(json.loads(text[f"seat:{n}"])) for n in range(int(meta["players"]))]
    actions = tuple((str(move), str(action)) for move, action in map(json.loads, kept))
    closed = text.get("closed") == "1"
    preset, players, seed = str(meta["preset"]), int(meta["players"]), int(meta["seed"])
    return StoredTable(table_id, preset, players, seed, closed, tuple(seats), actions)


def seat_text(seat: StoredSeat) -> str:
    return json.dumps([seat.seat, seat.nickname, seat.token, seat.computer])


def seat_of(values: list[Any]) -> StoredSeat:
    return StoredSeat(int(values[0]), values[1], values[2], values[3])


class OneTable(Store):
    """A store of one table only, to rebuild that table with ``TableService.load``."""

    def __init__(self, kept: StoredTable) -> None:
        self.kept = kept

    def tables(self) -> Iterator[StoredTable]:
        yield self.kept
