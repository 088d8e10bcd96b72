"""Keeping a versioned change in Redis is written once: every script begins with the
one version check, and one loop makes a change again while others changed first."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import redis

import blockdomino.stores
from blockdomino.stores.redis_store import SCRIPT
from blockdomino.stores.shared_lessons import ONCE_SCRIPT
from blockdomino.stores.versioned import VERSION_CHECK, redis_said, until_done
from blockdomino.tables.store import CommitError

STORES = Path(blockdomino.stores.__file__).parent


def test_every_versioned_script_begins_with_the_one_version_check() -> None:
    for script in (SCRIPT, ONCE_SCRIPT):
        assert script.startswith(VERSION_CHECK)
        assert script.count("redis.call('GET', KEYS[1])") == 1
    written = [
        path.name
        for path in sorted(STORES.glob("*.py"))
        if "redis.call('GET', KEYS[1])" in path.read_text(encoding="utf-8")
    ]
    assert written == ["versioned.py"]


def test_one_loop_tries_a_change_again_while_others_changed_first() -> None:
    answers = iter([(False, None), (False, None), (True, "moved")])
    tries = []

    async def attempt() -> tuple[bool, str | None]:
        tries.append(1)
        return next(answers)

    assert asyncio.run(until_done(attempt, 8, "table 1", "tables.error.busy")) == "moved"
    assert len(tries) == 3
    loops = [
        path.name
        for path in sorted(STORES.glob("*.py"))
        if "for _ in range(self.tries)" in path.read_text(encoding="utf-8")
    ]
    assert loops == []


def test_a_change_others_keep_changing_first_is_said_busy() -> None:
    async def attempt() -> tuple[bool, None]:
        return False, None

    with pytest.raises(CommitError) as raised:
        asyncio.run(until_done(attempt, 3, "lessons", "lessons.error.busy"))
    assert raised.value.key == "lessons.error.busy"
    assert "3 times" in str(raised.value)


def test_redis_failing_is_a_commit_error_in_the_catalogs_words() -> None:
    with pytest.raises(CommitError) as raised, redis_said("lessons.error.shared"):
        raise redis.ConnectionError("Connection refused")
    assert raised.value.key == "lessons.error.shared"
    assert "ConnectionError: Connection refused" in str(raised.value)
