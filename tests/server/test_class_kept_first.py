"""With Redis as with SQLite, a change of the lessons is shown to no screen before the
store kept it: a screen drawn while the teacher's new quiz or walkthrough waits for
Redis is drawn from the lessons as they were, and a change Redis did not keep is never
shown. Redis is slowed by a gate in front of its scripts that lets the change through
only when the test opens it (the screen is drawn meanwhile), then keeps or fails it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from hubs import Socket, say, screen_of

from blockdomino.protocol.messages import Activity
from blockdomino.server.class_hub import shared_hub
from blockdomino.server.live import Hub
from blockdomino.stores.redis_class import RedisKeeping
from blockdomino.stores.redis_store import SCRIPT

redis = pytest.importorskip("redis", reason="redis-py is missing: pip install -e '.[test]'")

QUIZ = {"type": "quiz_start", "topics": ["doubles"], "level": 1, "count": 2, "seconds": None}
WALK = {"type": "walk_start", "example": "placed-1-1"}
CHANGES = {"quiz": QUIZ, "walk": WALK}


class Gate:
    """Redis's versioned change held until ``opened``, then run (``fails``: Redis fails it)."""

    def __init__(self, keeping: RedisKeeping, fails: bool) -> None:
        self.waiting, self.opened = asyncio.Event(), asyncio.Event()
        self.fails, self.script = fails, keeping._script

    def __call__(self, text: str) -> Callable[..., Awaitable[Any]]:
        script = self.script(text)
        if text != SCRIPT:
            return script

        async def held(**given: Any) -> Any:
            self.waiting.set()
            await self.opened.wait()
            if self.fails:
                raise redis.ConnectionError("Redis stopped")
            return await script(**given)

        return held


async def greeted(hub: Hub, kind: str) -> Any:
    """The ``kind`` screen (quiz or walk) a pupil's screen said hello now is sent."""
    newcomer, socket = screen_of(hub)
    await hub.activities[Activity.QUIZ if kind == "quiz" else Activity.WALK].greet(hub, newcomer)
    hub.screens.discard(newcomer)
    return socket.last(kind)["screen"]


def _changed_while_held(redis_url: str, kind: str, fails: bool) -> tuple[Any, Any, Socket]:
    """The teacher's ``kind`` change held at Redis: the screen a pupil is drawn while
    it waits, the one drawn after, and the teacher's socket."""

    async def run() -> tuple[Any, Any, Socket]:
        hub = shared_hub(redis_url, "en")
        keeping = hub.store
        assert isinstance(keeping, RedisKeeping)
        gate = Gate(keeping, fails)
        keeping._script = gate  # type: ignore[method-assign]
        teacher, told = screen_of(hub, "teacher")
        change = asyncio.create_task(say(hub, teacher, **CHANGES[kind]))
        await asyncio.wait_for(gate.waiting.wait(), 5)
        meanwhile = await greeted(hub, kind)
        gate.opened.set()
        await asyncio.wait_for(change, 5)
        return meanwhile, await greeted(hub, kind), told

    return asyncio.run(run())


@pytest.mark.parametrize("kind", ["quiz", "walk"])
def test_a_change_waiting_for_redis_is_shown_to_no_screen(redis_url: str, kind: str) -> None:
    meanwhile, after, _ = _changed_while_held(redis_url, kind, fails=False)
    assert meanwhile is None
    assert after is not None


@pytest.mark.parametrize("kind", ["quiz", "walk"])
def test_a_change_redis_failed_to_keep_is_never_shown(redis_url: str, kind: str) -> None:
    meanwhile, after, told = _changed_while_held(redis_url, kind, fails=True)
    assert meanwhile is None
    assert after is None
    assert told.last("refused")
