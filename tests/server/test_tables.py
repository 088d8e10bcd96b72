"""The class's tables (``blockdomino.tables``): the engine referees every action, a move
id is taken once, computer players fill seats, and a store read again resumes every
table exactly where it was."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from blockdomino.engine.rules import PRESETS
from blockdomino.tables import actions
from blockdomino.tables.service import Table, TableError, TableService, nickname
from blockdomino.tables.store import Store

MOST_STEPS = 5_000
SETTINGS = [(preset, players) for preset in PRESETS for players in (2, 3, 4)]
SETTINGS = [(p, n) for p, n in SETTINGS if p != "partnership" or n == 4]


def service(folder: Path) -> TableService:
    return TableService.load(Store(folder / "tables.sqlite3"))


def seated(tables: TableService, preset: str, players: int) -> tuple[Table, list[str]]:
    """A table of ``preset`` with a pupil at every seat: the table and the tokens."""
    table = tables.open(preset, players)
    tokens = [tables.join(table.id, f"pupil {seat}")[2] for seat in range(table.rules.players)]
    return table, tokens


def play_to_the_end(tables: TableService, table: Table, tokens: list[str], seed: int) -> None:
    """Random legal actions from the seat to move (between rounds, the first seat) until
    the game is over."""
    rng = random.Random(seed)
    for number in range(MOST_STEPS):
        if table.game.is_over:
            return
        seat = table.game.to_move
        choice = rng.choice(table.game.legal_actions())
        outcome = tables.act(tokens[0 if seat is None else seat], f"m{number}", actions.key(choice))
        assert outcome.refused is None
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("preset", "players"), SETTINGS)
def test_every_preset_is_played_to_the_end_and_resumed_from_the_store(
    tmp_path: Path, preset: str, players: int
) -> None:
    tables = service(tmp_path)
    table, tokens = seated(tables, preset, players)
    play_to_the_end(tables, table, tokens, seed=players)
    again = service(tmp_path).tables[table.id]
    assert again.game == table.game
    assert again.game.is_over
    assert again.names == table.names


def test_a_table_resumes_mid_round_with_every_hand(tmp_path: Path) -> None:
    tables = service(tmp_path)
    table, tokens = seated(tables, "draw", 3)
    for number in range(4):
        seat = table.game.to_move
        assert seat is not None
        move = actions.key(table.game.legal_actions()[0])
        tables.act(tokens[seat], f"m{number}", move)
    again = service(tmp_path)
    resumed = again.tables[table.id]
    assert resumed.game == table.game
    assert resumed.game.current_round.hands == table.game.current_round.hands
    assert again.find(tokens[1]) == (resumed, 1)


def test_only_the_seat_to_move_acts(tmp_path: Path) -> None:
    tables = service(tmp_path)
    table, tokens = seated(tables, "block", 2)
    seat = table.game.to_move
    assert seat is not None
    move = actions.key(table.game.legal_actions()[0])
    assert tables.act(tokens[1 - seat], "a", move).refused == "not_your_turn"
    assert tables.act("no such token", "b", move).refused == "unknown_seat"
    assert table.taken == 0


@pytest.mark.parametrize("text", ["play:[6|6]:[0|0]:line_a", "draw", "pass", "next", "", "\0"])
def test_an_action_the_engine_does_not_allow_is_refused(tmp_path: Path, text: str) -> None:
    tables = service(tmp_path)
    table, tokens = seated(tables, "block", 2)
    seat = table.game.to_move
    assert seat is not None
    before = table.game
    assert tables.act(tokens[seat], "x", text).refused == "illegal"
    assert table.game == before


def test_a_move_sent_twice_is_taken_once(tmp_path: Path) -> None:
    tables = service(tmp_path)
    table, tokens = seated(tables, "block", 2)
    seat = table.game.to_move
    assert seat is not None
    move = actions.key(table.game.legal_actions()[0])
    assert tables.act(tokens[seat], "same", move).taken == 1
    after = table.game
    assert tables.act(tokens[seat], "same", move).duplicate
    assert table.game == after
    assert service(tmp_path).tables[table.id].taken == 1


def test_computer_players_take_their_turns(tmp_path: Path) -> None:
    tables = service(tmp_path)
    table = tables.open("block", 4, computers=3)
    token = tables.join(table.id, "Aino")[2]
    assert table.game.is_over or table.game.to_move == 0
    rng = random.Random(1)
    for number in range(MOST_STEPS):
        if table.game.is_over:
            break
        tables.act(token, f"m{number}", actions.key(rng.choice(table.game.legal_actions())))
    assert table.game.is_over
    assert service(tmp_path).tables[table.id].game == table.game


def test_a_full_table_and_a_closed_one_take_nobody(tmp_path: Path) -> None:
    tables = service(tmp_path)
    table, tokens = seated(tables, "block", 2)
    with pytest.raises(TableError, match="no_seat"):
        tables.join(table.id, "late")
    tables.close(table.id)
    with pytest.raises(TableError, match="no_table"):
        tables.join(table.id, "late")
    move = actions.key(table.game.legal_actions()[0])
    assert tables.act(tokens[0], "z", move).refused == "closed"
    assert service(tmp_path).tables[table.id].closed


def test_a_removed_seat_is_played_by_the_computer_and_its_token_is_void(tmp_path: Path) -> None:
    tables = service(tmp_path)
    table, tokens = seated(tables, "block", 2)
    tables.remove(table.id, 1)
    assert tables.find(tokens[1]) is None
    assert table.game.is_over or table.game.to_move == 0


@pytest.mark.parametrize(
    ("given", "kept"),
    [("  Aino  ", "Aino"), ("a\0b\nc", "ab c"), ("<b>x</b>", "<b>x</b>"), ("x" * 40, "x" * 24)],
)
def test_nicknames_are_kept_tidy(given: str, kept: str) -> None:
    assert nickname(given) == kept


def test_an_empty_nickname_is_refused() -> None:
    with pytest.raises(TableError, match="nickname"):
        nickname(" \0 ")


def test_a_failed_commit_changes_nothing(tmp_path: Path) -> None:
    tables = service(tmp_path)
    table, tokens = seated(tables, "block", 2)
    seat = table.game.to_move
    assert seat is not None
    before = table.game
    tables.store.db.execute(
        "CREATE TRIGGER full BEFORE INSERT ON actions BEGIN "
        "SELECT RAISE(FAIL, 'database or disk is full'); END"
    )
    with pytest.raises(sqlite3.Error):
        tables.act(tokens[seat], "m", actions.key(table.game.legal_actions()[0]))
    assert table.game == before
    assert table.taken == 0


def test_the_store_is_in_wal_mode(tmp_path: Path) -> None:
    store = Store(tmp_path / "t.sqlite3")
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
