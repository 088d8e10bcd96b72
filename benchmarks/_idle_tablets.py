"""Idle tablets (``bench_class.py --idle N``): connections opened and left idle, then
a new pupil's way to a seat, timed."""

from __future__ import annotations

import json
import time

from _class_screens import WAIT, hello, until
from websockets.asyncio.client import connect


async def idle_run(port: int, count: int, code: str) -> tuple[int, float]:
    """Open ``count`` idle connections, then time a new pupil's join (ms)."""
    idle = []
    for _ in range(count):
        idle.append(await connect(f"ws://127.0.0.1:{port}/class/ws", open_timeout=WAIT))
    started = time.monotonic()
    newcomer = await hello(port, {"role": "pupil", "lang": "en", "code": code})
    await until(newcomer, "lobby")
    await newcomer.send(json.dumps({"type": "open", "preset": "block", "players": 2,
                                    "computers": 1, "nickname": "Late"}))  # fmt: skip
    await until(newcomer, "seat")
    took = (time.monotonic() - started) * 1000
    for ws in [*idle, newcomer]:
        await ws.close()
    return len(idle), took
