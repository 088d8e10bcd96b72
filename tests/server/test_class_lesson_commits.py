"""With SQLite the lessons' writes (a quiz answer, a pupil's token, the quiz moving on)
are committed off the event loop, by one thread in the order asked: a slow disk holds
up only the screen that waits for it, never a move at a table."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path
from typing import Any

from hubs import quiz_room, say, screen_of

from blockdomino.server.class_hub import open_hub
from blockdomino.stores.lesson_keeping import LocalLessons

OPEN = {"type": "open", "preset": "block", "players": 2, "computers": 1, "nickname": "Aino"}
QUIZ = {"type": "quiz_start", "topics": ["doubles"], "level": 1, "count": 2}


class SlowDisk:
    """The lessons' database on a disk whose every write waits until ``released``
    (each wait's outcome in ``waited``: ``False`` when nothing released it in time,
    the event loop held up)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.started, self.released = threading.Event(), threading.Event()
        self.waited: list[bool] = []

    def execute(self, sql: str, *values: Any) -> sqlite3.Cursor:
        if sql == "BEGIN IMMEDIATE":
            self.started.set()
            self.waited.append(self.released.wait(timeout=5))
        return self.db.execute(sql, *values)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)

    def __enter__(self) -> SlowDisk:
        self.db.__enter__()
        return self

    def __exit__(self, *exited: Any) -> None:
        self.db.__exit__(*exited)


def test_a_slow_lesson_write_leaves_the_other_tables_playing(tmp_path: Path) -> None:
    hub = open_hub(tmp_path / "class.sqlite3", "en")
    kept = hub.store
    assert isinstance(kept, LocalLessons)
    moved_while_kept: list[bool] = []

    async def run() -> SlowDisk:
        teacher, _ = screen_of(hub, "teacher")
        player, played = screen_of(hub)
        answering, answered = screen_of(hub)
        await say(hub, player, **OPEN)
        await say(hub, teacher, **QUIZ)
        quiz = quiz_room(hub).quiz.quiz.kept.id  # type: ignore[union-attr]
        disk = SlowDisk(kept.lessons.db)
        kept.lessons.db = disk  # type: ignore[assignment]

        async def meanwhile() -> None:
            for _ in range(500):
                if disk.started.is_set():
                    break
                await asyncio.sleep(0.01)
            action = played.last("seat")["screen"]["actions"][0]["key"]
            await say(hub, player, type="act", move="while-kept", action=action)
            moved_while_kept.append(played.last("done")["taken"] and not disk.released.is_set())
            disk.released.set()

        answer = {"quiz": quiz, "number": 0, "choice": 0, "nickname": "Ben", "pupil": "p" * 16}
        await asyncio.gather(say(hub, answering, type="quiz_answer", **answer), meanwhile())
        assert answered.last("quiz_done")["number"] == 0
        return disk

    disk = asyncio.run(run())
    assert disk.waited
    assert all(disk.waited)  # the event loop was never held up by the disk
    assert moved_while_kept == [True]
