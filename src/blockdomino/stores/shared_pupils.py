"""The pupils' tokens shared through Redis by every process of the class
(``classroom.pupils``): one hash of each token's nickname, one of the token holding each
nickname, both written at once by one Lua script, so two processes never give one
nickname twice."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Final

from blockdomino.classroom.store import LESSONS
from blockdomino.stores.mirror import Mirror
from blockdomino.stores.redis_store import ANSWERED_KEY, CHANNEL, HISTORY_KEY, PREFIX, Connection
from blockdomino.stores.versioned import MOST_TRIES, redis_said, until_done

TOKENS_KEY: Final = PREFIX + "pupils"
"""Each pupil token's nickname."""
NAMES_KEY: Final = PREFIX + "pupils:names"
"""The token holding each nickname (by its casefolded form)."""
SHARED: Final = "lessons.error.shared"
"""What the pupil and the teacher are told when Redis fails."""
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

RELEASE_SCRIPT: Final = """
if redis.call('SCARD', KEYS[4]) ~= #KEYS - 4 then return -1 end
local name = redis.call('HGET', KEYS[1], ARGV[1])
if not name then return 0 end
if redis.call('HGET', KEYS[2], ARGV[2]) == ARGV[1] then
  redis.call('HDEL', KEYS[2], ARGV[2])
end
redis.call('HDEL', KEYS[1], ARGV[1])
local removed = 0
for at, text in ipairs(redis.call('LRANGE', KEYS[3], 0, -1)) do
  if cjson.decode(text)['pupil'] == ARGV[1] then
    redis.call('LSET', KEYS[3], at - 1, '')
    removed = removed + 1
  end
end
if removed > 0 then redis.call('LREM', KEYS[3], 0, '') end
local mine = ':' .. ARGV[1]
for at = 5, #KEYS do
  for _, field in ipairs(redis.call('HKEYS', KEYS[at])) do
    if string.sub(field, -#mine) == mine then redis.call('HDEL', KEYS[at], field) end
  end
end
return 1
"""
"""The token ``ARGV[1]``, holding the nickname whose casefolded form is ``ARGV[2]``,
given up: the nickname free for another token, the token holding none, its answers
and Practice results gone from the table of mastery's list ``KEYS[3]``, and its answers
to every quiz and walkthrough, the running ones and the earlier ones (the hashes from
``KEYS[5]`` on: every one the set ``KEYS[4]`` names), deleted. Answered ``-1``, with
nothing changed, when the set names another hash than those given (a quiz begun
meanwhile): read the set again and try again."""


class SharedPupils(Connection):
    """The pupils' part of the Redis store (``stores.redis_class``): the tokens in
    Redis, shared by every process of the class; Redis failing is a ``CommitError``
    said in the catalogs' words."""

    mirror: Mirror

    async def _on_pupils(self, script: str, *arguments: str, more: Sequence[str] = ()) -> object:
        """``script`` run on the two hashes, the table of mastery's list and the set of
        the hashes of answers, then ``more`` keys, with ``arguments``: what it
        answered."""
        with redis_said(SHARED):
            keys = [TOKENS_KEY, NAMES_KEY, HISTORY_KEY, ANSWERED_KEY, *more]
            return await self._script(script)(keys=keys, args=list(arguments))

    async def _released(self, token: str, name: str) -> tuple[bool, None]:
        """One try of giving up ``token``'s nickname ``name``, on the hashes of answers
        the set of them names now: whether it was done (the set unchanged meanwhile)."""
        with redis_said(SHARED):
            answered = sorted(str(key) for key in await self.client.smembers(ANSWERED_KEY))
        done = await self._on_pupils(RELEASE_SCRIPT, token, name.casefold(), more=answered)
        return done != -1, None

    async def enroll(self, token: str, name: str) -> str:
        return str(await self._on_pupils(ENROLL_SCRIPT, token, name.casefold(), name))

    async def nickname_of(self, token: str) -> str | None:
        return await self._pupil_field(TOKENS_KEY, token)

    async def rename(self, token: str, name: str) -> bool:
        old = await self.nickname_of(token)
        if old is None:
            return False
        arguments = (token, name.casefold(), name, old, old.casefold())
        return bool(await self._on_pupils(RENAME_SCRIPT, *arguments))

    async def release(self, token: str) -> None:
        old = await self.nickname_of(token)
        if old is not None:
            await until_done(partial(self._released, token, old), MOST_TRIES, "pupils", SHARED)
            self.mirror.forgotten(token)
            with redis_said(SHARED):  # every other process reads its answers again
                await self.client.publish(CHANNEL, LESSONS)

    async def holder(self, name: str) -> str | None:
        return await self._pupil_field(NAMES_KEY, name.casefold())

    async def _pupil_field(self, key: str, field: str) -> str | None:
        with redis_said(SHARED):
            found = await self.client.hget(key, field)
        return None if found is None else str(found)
