"""A school's tables moving at once ask Redis more at a time than a process keeps
connections: the calls beyond wait their turn, none fails."""

from __future__ import annotations

import asyncio

from blockdomino.stores.redis_class import RedisKeeping
from blockdomino.stores.redis_store import CONNECTIONS


def test_more_calls_at_once_than_connections_wait_their_turn(redis_url: str) -> None:
    shared = RedisKeeping(redis_url)

    async def run() -> list[object]:
        calls = (shared.client.blpop(["blockdomino:nothing"], timeout=0.2) for _ in range(150))
        answers = await asyncio.gather(*calls)
        await shared.client.aclose()
        return answers

    assert CONNECTIONS < 150
    assert asyncio.run(run()) == [None] * 150
