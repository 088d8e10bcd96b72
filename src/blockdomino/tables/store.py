"""The class's tables in SQLite: one file, WAL, every action committed before it is told.

A table is its rules (preset and players), its seed and the list of actions taken, in
order, each with the move id its screen gave it (a move sent twice is stored once); the
seats are their nicknames, secret tokens and computer players. The game itself is never
stored: dealing from the seed and taking the actions again rebuilds it exactly, so a
server killed at any moment resumes every table where its last commit left it.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import platformdirs

from blockdomino.files import durable_database

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, preset TEXT NOT NULL, players INTEGER NOT NULL,
    seed INTEGER NOT NULL, created REAL NOT NULL, closed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
    nickname TEXT, token TEXT UNIQUE, computer TEXT, PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id), number INTEGER NOT NULL,
    move_id TEXT NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (table_id, number), UNIQUE (table_id, move_id));
CREATE TABLE IF NOT EXISTS shown (
    one INTEGER PRIMARY KEY CHECK (one = 1), table_id TEXT);
"""
FILE_NAME: Final = "class-tables.sqlite3"


def default_path() -> Path:
    """The database in the user's data folder (made if missing)."""
    folder = platformdirs.user_data_path("blockdomino", appauthor=False, ensure_exists=True)
    return folder / FILE_NAME


@dataclass(frozen=True, slots=True)
class StoredSeat:
    seat: int
    nickname: str | None
    token: str | None
    computer: str | None


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as stored: enough to rebuild it."""

    id: str
    preset: str
    players: int
    seed: int
    closed: bool
    seats: tuple[StoredSeat, ...]
    actions: tuple[tuple[str, str], ...]
    """Each action taken, in order: (move id, action text)."""


class Store:
    """The tables' database. Every write is one transaction, committed (and synced to
    disk) before the method returns; an ``sqlite3.Error`` (a full disk) reaches the
    caller with nothing half written."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_path()
        self.db = durable_database(self.path, SCHEMA)
        self.queue: list[Row] | None = None
        """While a list: the writes are kept there, to be committed later (``commit``)."""

    def close(self) -> None:
        self.db.close()

    def _write(self, statements: list[Row]) -> None:
        if self.queue is not None:
            self.queue += statements
            return
        self.commit(statements)

    def commit(self, statements: list[Row]) -> None:
        """``statements`` in one transaction, committed (and synced) before it returns."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            for sql, values in statements:
                self.db.execute(sql, values)

    def add_table(self, table: StoredTable) -> None:
        """Keep a new table, its seats and the actions it starts with (the computer
        players' turns before a pupil's first), in one transaction."""
        rows: list[tuple[str, tuple[object, ...]]] = [
            (
                "INSERT INTO tables (id, preset, players, seed, created) VALUES (?, ?, ?, ?, ?)",
                (table.id, table.preset, table.players, seed_text(table.seed), time.time()),
            )
        ]
        rows += [
            (
                "INSERT INTO seats (table_id, seat, nickname, token, computer) "
                "VALUES (?, ?, ?, ?, ?)",
                (table.id, seat.seat, seat.nickname, seat.token, seat.computer),
            )
            for seat in table.seats
        ]
        self._write(rows + _action_rows(table.id, 0, list(table.actions)))

    def set_seat(self, table_id: str, seat: StoredSeat) -> None:
        """Keep who sits at ``seat`` now (a pupil joined)."""
        self._write([_seat_row(table_id, seat)])

    def add_actions(
        self,
        table_id: str,
        first: int,
        actions: list[tuple[str, str]],
        *,
        seat: StoredSeat | None = None,
    ) -> None:
        """Keep ``actions`` (move id, text), numbered from ``first``, and who sits at
        ``seat`` now if it changed, in one transaction: all of it or nothing."""
        rows = [] if seat is None else [_seat_row(table_id, seat)]
        self._write(rows + _action_rows(table_id, first, actions))

    def close_table(self, table_id: str) -> None:
        self._write([("UPDATE tables SET closed = 1 WHERE id = ?", (table_id,))])

    def show(self, table_id: str | None) -> None:
        """Keep the table the projector shows (``None``: none), so that a server started
        again shows it too."""
        self._write([("INSERT OR REPLACE INTO shown (one, table_id) VALUES (1, ?)", (table_id,))])

    def shown(self) -> str | None:
        """The table the projector showed when last kept, if any."""
        row = self.db.execute("SELECT table_id FROM shown").fetchone()
        return None if row is None else row[0]

    def tables(self) -> Iterator[StoredTable]:
        """Every table kept, oldest first."""
        for row in self.db.execute(
            "SELECT id, preset, players, seed, closed FROM tables ORDER BY created, id"
        ).fetchall():
            table_id = row[0]
            seats = self.db.execute(
                "SELECT seat, nickname, token, computer FROM seats "
                "WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ).fetchall()
            actions = self.db.execute(
                "SELECT move_id, action FROM actions WHERE table_id = ? ORDER BY number",
                (table_id,),
            ).fetchall()
            yield StoredTable(
                table_id,
                row[1],
                row[2],
                seed_of(row[3]),
                bool(row[4]),
                tuple(StoredSeat(*seat) for seat in seats),
                tuple((move_id, text) for move_id, text in actions),
            )


Row = tuple[str, tuple[object, ...]]


def _seat_row(table_id: str, seat: StoredSeat) -> Row:
    return (
        "UPDATE seats SET nickname = ?, token = ?, computer = ? WHERE table_id = ? AND seat = ?",
        (seat.nickname, seat.token, seat.computer, table_id, seat.seat),
    )


def _action_rows(table_id: str, first: int, actions: list[tuple[str, str]]) -> list[Row]:
    return [
        (
            "INSERT INTO actions (table_id, number, move_id, action) VALUES (?, ?, ?, ?)",
            (table_id, first + offset, move_id, text),
        )
        for offset, (move_id, text) in enumerate(actions)
    ]


def seed_text(seed: int) -> str:
    """A seed as the database keeps it: hexadecimal text, since a seed of 128 bits does
    not fit SQLite's integers (and SQLite keeps hexadecimal text as text)."""
    return hex(seed)


def seed_of(kept: int | str) -> int:
    """A seed as kept: hexadecimal text, or an integer (a table kept before seeds grew)."""
    return kept if isinstance(kept, int) else int(kept, 16)


FAILURES: Final = {
    sqlite3.SQLITE_FULL: "tables.error.saving",
    sqlite3.SQLITE_READONLY: "tables.error.read_only",
    sqlite3.SQLITE_CORRUPT: "tables.error.damaged",
    sqlite3.SQLITE_NOTADB: "tables.error.damaged",
}
"""What the pupil and the teacher are told when a commit fails, by SQLite's reason (its
primary result code); any other reason is told as ``tables.error.failed``."""


class CommitError(RuntimeError):
    """A store of the tables (the shared one, ``stores.shared_tables``, or the lessons') could
    not keep a change: the message the technical detail for the server's log, ``key``
    what the pupil and the teacher are told."""

    def __init__(self, detail: str, key: str = "tables.error.shared") -> None:
        super().__init__(detail)
        self.key = key


def failure(error: sqlite3.Error) -> str:
    """The words (``tables.error.*``) that say truthfully why a commit failed."""
    code = getattr(error, "sqlite_errorcode", None)
    return FAILURES.get(-1 if code is None else code & 0xFF, "tables.error.failed")
