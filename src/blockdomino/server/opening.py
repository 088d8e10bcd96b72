"""The class kept in the SQLite files of one server process (``server.stores``): its
tables, keys and lessons opened, the table the projector showed resumed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from blockdomino.publish.serve import ServeError
from blockdomino.server.committing import Commits
from blockdomino.server.keys import class_keys
from blockdomino.server.lessons import open_classroom
from blockdomino.server.live import Hub
from blockdomino.server.teaching import TeachersDesk
from blockdomino.tables.service import TableService
from blockdomino.tables.store import Store, default_path


def open_hub(data: Path | None, lang: str) -> Hub:
    """The class's tables, every one kept in ``data`` (default: the user's data folder)
    resumed with the table the projector showed, and the class's keys and lessons kept
    beside it; ``ServeError`` when the databases or the keys cannot be opened."""
    path = data or default_path()
    try:
        store = Store(path)
        tables = TableService.load(store)
        keys = class_keys(path.parent)
        shown = store.shown()
        lessons = open_classroom(path)
    except (sqlite3.Error, OSError) as error:
        raise ServeError("serve.error.store", path=str(path), reason=str(error)) from None
    shown = shown if shown in tables.tables else None
    return Hub(
        tables, keys, lang, shown=shown, shared=Commits(store), lessons=lessons, desk=TeachersDesk()
    )
