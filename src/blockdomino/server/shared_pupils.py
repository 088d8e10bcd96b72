"""The pupils' tokens shared through Redis by every process of the class
(``server.pupils``): one hash of each token's nickname, one of the token holding each
nickname, both written at once by one Lua script, so two processes never give one
nickname twice."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import redis
import redis.asyncio

from blockdomino.server.redis_store import PREFIX
from blockdomino.tables.store import CommitError

TOKENS_KEY: Final = PREFIX + "pupils"
"""Each pupil token's nickname."""
NAMES_KEY: Final = PREFIX + "pupils:names"
"""The token holding each nickname (by its casefolded form)."""
ENROLL_SCRIPT: Final = """
if redis.call('HSETNX', KEYS[2], ARGV[2], ARGV[1]) == 1 then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
end
return redis.call('HGET', KEYS[2], ARGV[2])
"""
"""The nickname ``ARGV[3]`` (casefolded: ``ARGV[2]``) given to the token ``ARGV[1]``
unless another token holds it: answered the token that holds it."""

RENAME_SCRIPT: Final = """
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[4] then return 0 end
local held = redis.call('HGET', KEYS[2], ARGV[2])
if held and held ~= ARGV[1] then return 0 end
redis.call('HDEL', KEYS[2], ARGV[5])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1
"""
"""The token ``ARGV[1]``, still holding the nickname ``ARGV[4]`` (casefolded:
``ARGV[5]``), given ``ARGV[3]`` (casefolded: ``ARGV[2]``) instead unless another token
holds it: answered 1 when it was."""


@dataclass
class SharedPupils:
    """The tokens in Redis, shared by every process of the class; Redis failing is a
    ``CommitError`` said in the catalogs' words."""

    client_of: Callable[[], redis.asyncio.Redis]

    async def enroll(self, token: str, name: str) -> str:
        client = self.client_of()
        try:
            held = await client.eval(ENROLL_SCRIPT, 2, TOKENS_KEY, NAMES_KEY,
                                     token, name.casefold(), name)  # fmt: skip
        except redis.RedisError as error:
            raise CommitError(f"{type(error).__name__}: {error}", "lessons.error.shared") from None
        return str(held)

    async def nickname_of(self, token: str) -> str | None:
        return await self._read(TOKENS_KEY, token)

    async def rename(self, token: str, name: str) -> bool:
        old = await self.nickname_of(token)
        if old is None:
            return False
        arguments = (token, name.casefold(), name, old, old.casefold())
        try:
            done = await self.client_of().eval(RENAME_SCRIPT, 2, TOKENS_KEY, NAMES_KEY, *arguments)
        except redis.RedisError as error:
            raise CommitError(f"{type(error).__name__}: {error}", "lessons.error.shared") from None
        return bool(done)

    async def holder(self, name: str) -> str | None:
        return await self._read(NAMES_KEY, name.casefold())

    async def _read(self, key: str, field: str) -> str | None:
        try:
            found = await self.client_of().hget(key, field)
        except redis.RedisError as error:
            raise CommitError(f"{type(error).__name__}: {error}", "lessons.error.shared") from None
        return None if found is None else str(found)
