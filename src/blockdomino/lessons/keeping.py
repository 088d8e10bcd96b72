"""What the server keeps about pupils, taken out or deleted by the teacher from the
command line: ``blockdomino serve --export-csv FILE`` writes the table of mastery
(atomically), ``--forget-class`` deletes every quiz, answer and Practice result and
every table with its nicknames. Nothing is deleted otherwise.
"""

from __future__ import annotations

from pathlib import Path

from blockdomino.files import write_atomic
from blockdomino.lessons.mastery import mastery_csv
from blockdomino.lessons.store import LessonStore, lessons_path
from blockdomino.tables.store import Store

TABLES_KEPT = ("actions", "seats", "tables")
"""The tables' database's tables, in an order that deletes no row another refers to."""


def export_csv(tables_file: Path, target: Path, lang: str) -> None:
    """Write the table of mastery kept beside ``tables_file`` to ``target``, headed in
    ``lang``; ``OSError`` or ``sqlite3.Error`` when it cannot be read or written."""
    store = LessonStore(lessons_path(tables_file))
    try:
        text = mastery_csv(store.history(), lang)
    finally:
        store.close()
    write_atomic(target, text)


def forget_class(tables_file: Path) -> None:
    """Delete everything kept about pupils: the lessons' database's rows and every
    table (with its seats' nicknames) in ``tables_file``."""
    lessons = LessonStore(lessons_path(tables_file))
    try:
        lessons.forget()
    finally:
        lessons.close()
    tables = Store(tables_file)
    try:
        with tables.db:
            tables.db.execute("BEGIN IMMEDIATE")
            for name in TABLES_KEPT:
                tables.db.execute(f"DELETE FROM {name}")
    finally:
        tables.close()
