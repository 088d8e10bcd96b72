"""The table the projector shows is kept with the tables in SQLite too: a server started
again shows the same table, and a commit that fails leaves the projector as it was."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hubs import say, screen_of

from blockdomino.server.class_hub import open_hub
from blockdomino.words.i18n import translate

OPEN = {"type": "open", "preset": "block", "players": 2, "nickname": "Aino"}


def test_the_projectors_table_is_shown_again_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite3"

    async def show() -> str:
        hub = open_hub(path, "fi")
        teacher, _ = screen_of(hub, "teacher")
        pupil, said = screen_of(hub)
        for _ in range(2):
            await say(hub, pupil, **OPEN)
        table: str = said.last("joined")["table"]
        await say(hub, teacher, type="show", table=table)
        assert hub.shown == table
        hub.tables.store.close()
        return table

    table = asyncio.run(show())
    again = open_hub(path, "fi")
    assert again.shown == table
    projector, _ = screen_of(again, "projector")
    teacher, _ = screen_of(again, "teacher")
    assert again.screen_of(projector).wire()["screen"]["table"] == table
    assert again.screen_of(teacher).wire()["shown"] == table

    async def hide() -> None:
        await say(again, teacher, type="show", table="no such table")
        again.tables.store.close()

    asyncio.run(hide())
    assert open_hub(path, "fi").shown is None


def test_a_choice_the_disk_cannot_keep_is_said_and_not_shown(tmp_path: Path) -> None:
    async def run() -> None:
        hub = open_hub(tmp_path / "class.sqlite3", "en")
        teacher, told = screen_of(hub, "teacher")
        pupil, said = screen_of(hub)
        await say(hub, pupil, **OPEN)
        hub.tables.store.db.execute("DROP TABLE shown")  # the next write fails
        await say(hub, teacher, type="show", table=said.last("joined")["table"])
        assert hub.shown is None
        failed = translate("tables.error.failed", "en")
        assert told.last("refused")["text"] == failed
        assert told.last("teacher")["trouble"] == failed
        assert told.last("teacher")["shown"] is None

    asyncio.run(run())
