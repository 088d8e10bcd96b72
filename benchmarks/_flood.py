"""A socket flooding the class server while the class plays (``bench_class.py
--flood N``): moves at a table of its own, out of turn or not legal, and garbage."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time

from _class_screens import hello, until

GARBAGE = (
    b"\x00\xff binary",
    "[" * 2000 + "]" * 2000,
    '{"type": "open", "preset": "block", "players": Infinity, "nickname": "x"}',
    '{"type": "dance"}',
    '{"type": "join", "table": {"a": 1}, "nickname": "x"}',
    json.dumps({"type": "open", "preset": "block", "players": 2, "nickname": "x" * 5000}),
)
"""What the flooding socket sends between its moves."""


async def flood(port: int, code: str, rate: float, end: float) -> tuple[int, int]:
    """One socket sending ``rate`` messages a second until ``end``: a move at its own
    table (out of turn or not legal, mostly) every other message, garbage between.
    The messages sent, and the frames it was sent back."""
    ws = await hello(port, {"role": "pupil", "lang": "en", "code": code})
    await until(ws, "lobby")
    await ws.send(json.dumps({"type": "open", "preset": "block", "players": 2,
                              "computers": 1, "nickname": "Flood"}))  # fmt: skip
    heard = 0

    async def drain() -> None:
        nonlocal heard
        while time.monotonic() < end:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ws.recv(), 1.0)
                heard += 1

    draining = asyncio.create_task(drain())
    rng, sent, began = random.Random(7), 0, time.monotonic()
    while time.monotonic() < end:
        action = rng.choice(["pass", "draw", "play:0-0:left", "open:6-6"])
        move = json.dumps({"type": "act", "move": f"flood-{sent}", "action": action})
        await ws.send(rng.choice(GARBAGE) if sent % 2 else move)
        sent += 1
        await asyncio.sleep(max(0.0, began + sent / rate - time.monotonic()))
    await draining
    await ws.close()
    return sent, heard
