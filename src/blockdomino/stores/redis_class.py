"""The class kept in the Redis of ``--redis URL`` (``stores.choice``), shared by every
server process given it, as one store object (:class:`RedisKeeping`,
``stores.keeping``): its tables (``stores.shared_tables``), its lessons
(``stores.shared_lessons``) and pupils' tokens (``stores.shared_pupils``), its keys and
the one-time links to the teacher's page, all through one connection. Every versioned
change is one call of a Lua script, tried again by one loop
(``stores.versioned.until_done``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets

import redis

from blockdomino.stores.keys import TICKET_SECONDS, ClassKeys, new_keys
from blockdomino.stores.redis_store import (
    PREFIX,
    SCRIPT,
    RedisStore,
    connected,
    note_answered,
    version_key,
)
from blockdomino.stores.shared_lessons import SharedLessons, loaded
from blockdomino.stores.shared_pupils import SharedPupils
from blockdomino.stores.shared_tables import SHARED, STATE, SharedTables, state_of
from blockdomino.stores.versioned import MOST_TRIES, redis_said
from blockdomino.tables.service import TableService

KEYS_KEY = PREFIX + "keys"
"""Where Redis keeps the class's keys (JSON: the secret and the code)."""


class RedisKeeping(SharedTables, SharedLessons, SharedPupils):
    """The class in the Redis at ``url``; ``redis.RedisError`` when it does not answer
    (an address that is no Redis URL: ``ValueError``)."""

    def __init__(self, url: str) -> None:
        self.url, self.blocking = url, connected(url)
        self.blocking.script_load(SCRIPT)
        note_answered(self.blocking)
        self._client, self._scripts = None, {}
        self.tables_store = RedisStore(self.blocking)
        self.versions, self._locks, self._read = {}, {}, set()
        self.mirror, self._lessons_lock = loaded(self.blocking), asyncio.Lock()
        self.tries = MOST_TRIES

    def keys(self) -> ClassKeys:
        return shared_keys(self.blocking)

    def resumed(self) -> TableService:
        tables = TableService.load(self.tables_store)
        for table_id in tables.tables:
            self.versions[table_id] = int(self.blocking.get(version_key(table_id)) or 0)
        return tables

    def kept_state(self) -> dict[str, str | None]:
        return state_of(self.blocking.mget(list(STATE.values())))

    def issue(self) -> str:
        """A new one-time link to the teacher's page, kept in Redis (so that a link
        printed once opens the page once, whichever process answers it) under a hash of
        it for :data:`~blockdomino.stores.keys.TICKET_SECONDS`; called as the server
        starts, with the blocking client."""
        ticket = secrets.token_urlsafe(18)
        self.blocking.set(ticket_key(ticket), "1", ex=TICKET_SECONDS)
        return ticket

    async def use(self, given: str) -> bool:
        """Whether ``given`` is a link kept and not used yet (now it is used: taken by
        one call that deletes it, so of two processes asked at once, one lets the
        teacher in); Redis failing is a ``CommitError``."""
        with redis_said(SHARED):
            return bool(await self.client.delete(ticket_key(given)))


def shared_keys(client: redis.Redis) -> ClassKeys:
    """The class's keys kept in the Redis of ``client``, the same for every process:
    new ones when none are kept yet."""
    made = new_keys()
    text = json.dumps({"secret": made.secret, "code": made.code})
    client.set(KEYS_KEY, text, nx=True)
    kept = json.loads(client.get(KEYS_KEY) or text)
    return ClassKeys(str(kept["secret"]), str(kept["code"]))


def ticket_key(ticket: str) -> str:
    """Where Redis keeps a one-time link: under its hash (any text given hashes to a
    key of hex digits)."""
    return PREFIX + "ticket:" + hashlib.sha256(ticket.encode()).hexdigest()
