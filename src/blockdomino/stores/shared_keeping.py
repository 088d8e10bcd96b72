"""What the class server keeps about pupils in Redis (``--redis URL``), taken out or
deleted by the teacher from the command line, as ``lessons.keeping`` does for the
SQLite files: ``blockdomino serve --export-csv FILE --redis URL`` writes the table of
mastery the teacher's page shows (every quiz answer and Practice result kept in that
Redis, atomically), ``--forget-class --redis URL`` deletes every key the class server
keeps about pupils there.

Forgetting touches only the keys named with the class server's prefix
(``blockdomino:``), found by ``SCAN`` in bounded batches (never ``KEYS``, which stops a
Redis a school shares with other software), so other software's keys stay. The class's
keys (its code and the teacher's secret, no pupil's) stay too, as beside the SQLite
file. It is refused while a class server listens on that Redis: a running process keeps
the tables and answers in its memory, shows them on its screens and would write them
back with its next change, so the teacher stops the server first (Ctrl-C) and the
class is then forgotten whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

import redis

from blockdomino.files import write_atomic
from blockdomino.lessons.mastery import mastery_csv
from blockdomino.stores.redis_store import (
    CHANNEL,
    HISTORY_KEY,
    PREFIX,
    connected,
    once_key,
    table_key,
)
from blockdomino.stores.shared_lessons import PRACTICE_KEY, history_of
from blockdomino.stores.shared_pupils import TOKENS_KEY

BATCH: Final = 200
"""How many keys one ``SCAN`` step asks for, and one ``UNLINK`` deletes at most."""
KEPT: Final = frozenset({PREFIX + "keys"})
"""Keys of ours that say nothing about pupils: the class's code and teacher's secret."""


class ServersRunningError(Exception):
    """A class server still listens on the Redis to be forgotten: ``count`` processes."""

    def __init__(self, count: int) -> None:
        super().__init__(f"{count} class server processes listen on this Redis")
        self.count = count


@dataclass
class Forgotten:
    """What ``--forget-class`` deleted: tables (with their seats' nicknames and tokens),
    quiz answers, walkthrough answers and Practice results."""

    tables: int = 0
    answers: int = 0
    fits: int = 0
    practice: int = 0


def export_shared_csv(url: str, target: Path, lang: str) -> None:
    """Write the table of mastery kept in the Redis at ``url`` to ``target`` (the same
    the teacher's page downloads), headed in ``lang``; nothing written when Redis fails."""
    with connected(url) as client:
        kept = client.lrange(HISTORY_KEY, 0, -1), client.hgetall(TOKENS_KEY)
        text = mastery_csv(history_of(*kept), lang)
    write_atomic(target, text)


def forget_shared(url: str) -> Forgotten:
    """Delete every key of ours in the Redis at ``url`` but the class's keys, and say
    what was deleted; ``ServersRunningError`` (nothing deleted) while a server listens."""
    with connected(url) as client:
        listening = int(dict(client.pubsub_numsub(CHANNEL)).get(CHANNEL, 0))
        if listening:
            raise ServersRunningError(listening)
        forgotten = Forgotten()
        batch: list[str] = []
        for key in client.scan_iter(match=PREFIX + "*", count=BATCH):
            if str(key) not in KEPT:
                batch.append(str(key))
            if len(batch) >= BATCH:
                _delete(client, batch, forgotten)
                batch = []
        _delete(client, batch, forgotten)
    return forgotten


def _delete(client: redis.Redis, keys: list[str], forgotten: Forgotten) -> None:
    """Delete ``keys``, counting what they held into ``forgotten``."""
    if not keys:
        return
    counted = [key for key in keys if _counts(key) is not None]
    with client.pipeline(transaction=False) as step:
        for key in counted:
            step.hlen(key)
        sizes = step.execute()
    for key, size in zip(counted, sizes, strict=True):
        name = _counts(key)
        setattr(forgotten, str(name), getattr(forgotten, str(name)) + int(size))
    forgotten.tables += sum(key.startswith(table_key("")) for key in keys)
    client.unlink(*keys)


def _counts(key: str) -> str | None:
    """Which count of :class:`Forgotten` the hash ``key`` adds its size to, if any."""
    if key == PRACTICE_KEY:
        return "practice"
    if key.startswith(once_key("answers", "")):
        return "answers"
    if key.startswith(once_key("fits", "")):
        return "fits"
    return None
