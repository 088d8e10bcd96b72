"""The SQLite files are read and written off the event loop: every statement and commit
on the tables' file and the lessons' file while the class is served, its start
included (every activity resumed), is made by the store's own thread, so a slow disk
(each commit synced) holds up no screen. The calls made as the hub is opened (the keys,
the tables and the lessons read) stay synchronous: they come before the server's event
loop exists (``open_server`` opens the hub before uvicorn starts it)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from test_class_activities import SCRIPTS, _class

from blockdomino.protocol.messages import Activity
from blockdomino.server.class_hub import open_hub


def _on_loop(noted: list[str], what: str) -> None:
    """``what`` noted when it is asked from a thread that runs an event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return
    noted.append(what)


class Watched:
    """A SQLite connection whose every statement and commit asked on an event loop is
    noted."""

    def __init__(self, db: sqlite3.Connection, noted: list[str]) -> None:
        self._db, self._noted = db, noted

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        _on_loop(self._noted, sql[:60])
        return self._db.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
        _on_loop(self._noted, sql[:60])
        return self._db.executemany(sql, *args)

    def __enter__(self) -> Watched:
        self._db.__enter__()
        return self

    def __exit__(self, *exc: Any) -> Any:
        _on_loop(self._noted, "commit")
        return self._db.__exit__(*exc)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)


def _watched(monkeypatch: pytest.MonkeyPatch, noted: list[str]) -> None:
    """Every SQLite connection opened from now on a :class:`Watched` one."""
    connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: Watched(connect(*a, **k), noted))


@pytest.mark.parametrize("activity", list(SCRIPTS))
def test_no_store_call_of_a_served_class_runs_on_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, activity: Activity
) -> None:
    on_loop: list[str] = []
    _watched(monkeypatch, on_loop)
    hub = open_hub(tmp_path / "t.db", "en")  # before the loop, as open_server does

    async def run() -> None:
        for part in hub.activities.values():
            await part.resume(hub)
        screens = _class(hub)
        await SCRIPTS[activity](hub, screens)
        await SCRIPTS[Activity.QUIZ](hub, screens)

    asyncio.run(run())
    assert on_loop == []
