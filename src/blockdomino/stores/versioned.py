"""A change kept in Redis only if no other process changed the same thing first, the way
the shared tables (``stores.shared_tables``) and the shared lessons (``stores.shared_lessons``)
keep theirs: written once here for both (the retry loop, :func:`until_done`, keeps the
SQLite store's lessons too, whose every try is done at once).

Each thing shared has a version in Redis, counted up at every change. Every Lua script
that keeps a change begins with :data:`VERSION_CHECK` (:func:`versioned`): the version
expected (``ARGV[1]``) against the one kept (``KEYS[1]``); when another process changed
it first, nothing is written and the script answers ``{0, version}``. The process then
reads what it missed and makes its change again by the rules, at most a few times
(:func:`until_done`); Redis failing is a ``CommitError`` (:func:`redis_said`), its own
words only in the server's log.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, Final, TypeVar, cast

from blockdomino.tables.store import CommitError

if TYPE_CHECKING:
    import redis

T = TypeVar("T")
MOST_TRIES: Final = 8
"""How often a change is made again when other processes keep changing what it changes
first."""

VERSION_CHECK: Final = """
local version = tonumber(redis.call('GET', KEYS[1]) or '0')
if version ~= tonumber(ARGV[1]) then
  return {0, version}
end
"""
"""The beginning of every script that keeps a versioned change: ``{0, version}``, and
nothing written, unless the version kept (``KEYS[1]``) is the one expected
(``ARGV[1]``)."""


def versioned(body: str) -> str:
    """A Lua script that runs ``body`` only if the version is still the one expected
    (:data:`VERSION_CHECK`; ``version`` is the version kept, in ``body`` too)."""
    return VERSION_CHECK + body.lstrip("\n")


async def until_done(
    attempt: Callable[[], Awaitable[tuple[bool, T | None]]], tries: int, what: str, key: str
) -> T:
    """What ``attempt`` gave once it is done (``attempt`` answers whether it is, and
    what the change gave): made again while other processes changed ``what`` first, at
    most ``tries`` times, then a ``CommitError`` said with the catalog's ``key``."""
    for _ in range(tries):
        done, result = await attempt()
        if done:
            return cast(T, result)
    raise CommitError(f"{what}: changed first by others {tries} times", key)


def redis_failed(error: redis.RedisError, key: str) -> CommitError:
    """Redis failing, as said to the pupil and the teacher with the catalog's ``key``:
    Redis's own words only in the detail (the server's log)."""
    return CommitError(f"{type(error).__name__}: {error}", key)


@contextlib.contextmanager
def redis_said(key: str) -> Iterator[None]:
    """Redis failing inside is a ``CommitError`` (:func:`redis_failed`)."""
    import redis  # only a server given Redis reaches here: SQLite needs no redis-py

    try:
        yield
    except redis.RedisError as error:
        raise redis_failed(error, key) from None
