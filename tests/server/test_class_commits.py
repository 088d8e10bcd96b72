"""With SQLite the tables' commits are made off the event loop, one at a time in the
order of the changes: a slow disk holds up only the change that waits for it, and a
table is shown changed only once its change is kept."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from hubs import say, screen_of

from blockdomino.server.class_hub import open_hub
from blockdomino.tables.store import Row

OPEN = {"type": "open", "preset": "block", "players": 2, "nickname": "Aino"}


def test_a_slow_commit_leaves_the_event_loop_free(tmp_path: Path) -> None:
    hub = open_hub(tmp_path / "class.sqlite3", "en")
    store = hub.tables.store
    started, released = threading.Event(), threading.Event()
    waited: list[bool] = []
    commit = store.commit

    def slow(statements: list[Row]) -> None:
        started.set()
        waited.append(released.wait(timeout=10))  # False: the event loop was held up
        commit(statements)

    store.commit = slow  # type: ignore[method-assign]
    shown_while_kept: list[int] = []

    async def meanwhile() -> None:
        for _ in range(1000):
            if started.is_set():
                break
            await asyncio.sleep(0.01)
        shown_while_kept.append(len(hub.tables.tables))
        released.set()

    async def run() -> None:
        pupil, said = screen_of(hub)
        await asyncio.gather(say(hub, pupil, **OPEN), meanwhile())
        assert said.last("joined")["table"] in hub.tables.tables

    asyncio.run(run())
    assert len(waited) == 2  # the table opened, then its opener seated
    assert all(waited)
    assert shown_while_kept == [0]  # not shown before it was kept


def test_commits_are_made_one_at_a_time_in_order(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite3"
    hub = open_hub(path, "en")
    store = hub.tables.store
    at_once, most, order = [0], [0], []
    commit = store.commit

    def counted(statements: list[Row]) -> None:
        at_once[0] += 1
        most[0] = max(most[0], at_once[0])
        if statements[0][0].startswith("INSERT INTO tables"):
            order.append(statements[0][1][0])  # the table opened
        commit(statements)
        at_once[0] -= 1

    store.commit = counted  # type: ignore[method-assign]

    async def run() -> list[str]:
        screens = [screen_of(hub) for _ in range(4)]
        opening = [say(hub, screen, **OPEN | {"nickname": f"Aino {n}"})
                   for n, (screen, _) in enumerate(screens)]  # fmt: skip
        await asyncio.gather(*opening)
        return [said.last("joined")["table"] for _, said in screens]

    opened = asyncio.run(run())
    store.close()
    assert most == [1]
    assert order == opened  # opened in the order their screens asked
    assert set(open_hub(path, "en").tables.tables) == set(opened)
