"""The server names every move at a class table: a pupil's move id cannot take the name
of a computer player's reply, a pupil's move and the replies it triggers are kept
together or not at all, a table left waiting for the computer plays on, a failed commit
is named by SQLite's reason (not by what its message says), and a deal's seed has 128
bits and is kept exactly."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from blockdomino.tables import actions
from blockdomino.tables.service import Table, TableService
from blockdomino.tables.store import Store, failure

FULL = (
    "CREATE TABLE filler (x BLOB)",
    "CREATE TRIGGER full BEFORE INSERT ON actions BEGIN "
    "INSERT INTO filler VALUES (zeroblob(200000)); END",
)
"""A database that cannot grow by one page (a full disk, as SQLite meets one): a move's
row brings a large one with it, and the database may not grow."""


def make_full(db: sqlite3.Connection) -> None:
    """``db`` as on a full disk."""
    for statement in FULL:
        db.execute(statement)
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")


def service(folder: Path) -> TableService:
    return TableService.load(Store(folder / "tables.sqlite3"))


def against_the_computer(tables: TableService) -> tuple[Table, str]:
    """A table of ``block`` where a pupil plays against a computer player, the pupil to
    move: the table and the pupil's token."""
    table = tables.open("block", 2, computers=1)
    token = tables.join(table.id, "Aino")[2]
    assert table.game.to_move == 0
    return table, token


def first_move(table: Table) -> str:
    return actions.key(table.game.legal_actions()[0])


def test_a_pupil_cannot_take_the_name_of_the_computers_reply(tmp_path: Path) -> None:
    tables = service(tmp_path)
    table, token = against_the_computer(tables)
    step = table.taken
    # The name the computer's reply gets: its number at the table.
    outcome = tables.act(token, f"computer:{step + 1}", first_move(table))
    assert outcome.refused is None
    assert outcome.taken >= 2
    assert table.game.is_over or table.game.to_move == 0
    again = service(tmp_path).tables[table.id]
    assert again.game == table.game


def test_a_move_id_tells_a_resend_only_within_its_own_seat(tmp_path: Path) -> None:
    tables = service(tmp_path)
    table = tables.open("block", 2)
    tokens = [tables.join(table.id, name)[2] for name in ("Aino", "Bo")]
    for _ in range(2):
        seat = table.game.to_move
        assert seat is not None
        outcome = tables.act(tokens[seat], "same", first_move(table))
        assert not outcome.duplicate
        assert outcome.taken == 1
    assert table.taken == 2


def test_a_move_and_the_computers_reply_are_kept_together_or_not_at_all(tmp_path: Path) -> None:
    tables = service(tmp_path)
    table, token = against_the_computer(tables)
    before, taken = table.game, table.taken
    tables.store.db.execute(
        "CREATE TRIGGER no_reply BEFORE INSERT ON actions WHEN NEW.move_id LIKE 'computer:%' "
        "BEGIN SELECT RAISE(FAIL, 'the reply cannot be kept'); END"
    )
    with pytest.raises(sqlite3.Error):
        tables.act(token, "m", first_move(table))
    assert (table.game, table.taken) == (before, taken)
    kept = next(t for t in Store(tmp_path / "tables.sqlite3").tables() if t.id == table.id)
    assert len(kept.actions) == taken


def test_a_table_left_waiting_for_the_computer_plays_on(tmp_path: Path) -> None:
    tables = service(tmp_path)
    table, token = against_the_computer(tables)
    pupils_move = table.taken
    tables.act(token, "m", first_move(table))
    # As a server stopped between the pupil's move and the computer's reply left it.
    tables.store.db.execute(
        "DELETE FROM actions WHERE table_id = ? AND number > ?", (table.id, pupils_move)
    )
    again = service(tmp_path)
    waiting = again.tables[table.id]
    assert waiting.game.to_move == 1
    assert again.waiting() == [table.id]
    assert again.play_on(table.id) >= 1
    assert waiting.game.is_over or waiting.game.to_move == 0
    assert service(tmp_path).tables[table.id].game == waiting.game
    assert service(tmp_path).waiting() == []


@pytest.mark.parametrize(
    ("spoil", "key"),
    [
        (make_full, "tables.error.saving"),
        (lambda db: db.execute("PRAGMA query_only = 1"), "tables.error.read_only"),
        (
            lambda db: db.execute(
                "CREATE TRIGGER lies BEFORE INSERT ON actions BEGIN "
                "SELECT RAISE(FAIL, 'database or disk is full'); END"
            ),
            "tables.error.failed",
        ),
    ],
)
def test_a_failed_commit_is_named_by_its_reason(tmp_path: Path, spoil: object, key: str) -> None:
    tables = service(tmp_path)
    table, token = against_the_computer(tables)
    assert callable(spoil)
    spoil(tables.store.db)
    with pytest.raises(sqlite3.Error) as raised:
        tables.act(token, "m", first_move(table))
    assert failure(raised.value) == key


def test_a_deal_seed_has_128_bits_and_is_kept_exactly(tmp_path: Path) -> None:
    tables = service(tmp_path)
    seeds = [tables.open("draw", 2).seed for _ in range(8)]
    assert max(seeds) >= 2**120
    again = service(tmp_path)
    assert sorted(t.seed for t in again.tables.values()) == sorted(seeds)
    for table in again.tables.values():
        assert table.game == tables.tables[table.id].game
    # A table kept before seeds grew (an integer in the database) still resumes.
    old = tables.open("draw", 2)
    tables.store.db.execute("UPDATE tables SET seed = 12345 WHERE id = ?", (old.id,))
    assert service(tmp_path).tables[old.id].game == actions.start(old.rules, 12345)
