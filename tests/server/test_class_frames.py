"""The key promise of the class's tables: a pupil's tablet is never sent a tile it may
not see. Every frame sent to each pupil and to the projector is kept over whole rounds
of every preset and checked against the table's own record: before a round's end a
frame names or draws no tile but the seat's own hand and the chain (the projector: the
chain alone), so no other hand and no tile of the pot ever reaches a screen.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom import Screen, play, seat_table
from serving import class_code, make_site, running

from blockdomino.engine.tiles import Tile
from blockdomino.server.run import ClassServer, open_server
from blockdomino.tables import actions
from blockdomino.tables.actions import Played
from blockdomino.tables.service import Table
from blockdomino.tables.store import Store

TILE = re.compile(r"\[(\d)\|(\d)\]")
GAMES = [("match", 2), ("match", 4), ("block", 3), ("partnership", 4), ("draw", 2), ("draw", 4)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    folder = tmp_path_factory.mktemp("frames")
    opened = open_server(
        make_site(folder), host="127.0.0.1", port=0, lang="fi", data=folder / "t.sqlite3"
    )
    with running(opened) as served:
        yield served


def positions(table: Table) -> list[Played]:
    """The table's game after each number of actions, from its stored record (read
    through a connection of its own)."""
    kept = next(t for t in Store(SERVER_DATA[0]).tables() if t.id == table.id)
    game = actions.start(table.rules, kept.seed)
    steps = [game]
    for _, text in kept.actions:
        found = actions.find(game, text)
        assert found is not None
        game = game.apply(found)
        steps.append(game)
    return steps


SERVER_DATA: list[Path] = []


def texts(value: object) -> Iterator[str]:
    """Every string inside a decoded frame."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from texts(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from texts(inner)


def named_tiles(screen: dict[str, object]) -> set[Tile]:
    """Every tile a screen names or draws: a face drawn face up carries its
    ``data-tile`` (checked: no face up is drawn without one; a face-down tile has no
    pips), and every sentence names its tiles as ``[a|b]``."""
    text = "\n".join(texts(screen))
    groups = re.findall(r'<g class="tile[^"]*"[^>]*>', text)
    face_up = [group for group in groups if "back" not in group]
    assert len(face_up) == text.count("data-tile=")
    return {Tile(int(a), int(b)) for a, b in TILE.findall(text)}


def check(frames: list[str], table: Table, seat: int | None) -> int:
    """Every frame showing ``table`` against the position it shows (the projector may
    still show an earlier table at first); how many were checked."""
    steps = positions(table)
    checked = 0
    for frame in frames:
        message = json.loads(frame)
        screen = message.get("screen")
        if message["type"] not in ("seat", "projector") or screen is None:
            assert not TILE.search(frame), frame[:200]
            continue
        if screen["table"] != table.id:
            continue
        position = steps[screen["step"]].current_round
        if position.is_over:
            continue
        seen = set(position.chain.tiles) | (set() if seat is None else set(position.hands[seat]))
        leaked = named_tiles(screen) - seen
        assert not leaked, f"seat {seat} was sent {sorted(leaked)} at step {screen['step']}"
        checked += 1
    return checked


@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_no_frame_holds_a_tile_of_another_hand_or_of_the_pot(
    server: ClassServer, preset: str, players: int
) -> None:
    assert server.hub is not None
    SERVER_DATA[:] = [server.hub.tables.store.path]
    teacher = Screen.open(server.port, {"role": "teacher", "secret": server.hub.keys.secret})
    projector = Screen.open(server.port, {"role": "projector", "secret": server.hub.keys.secret})
    projector.until("projector")
    pupils = seat_table(server.port, class_code(server), preset, players, lang="fi")
    assert pupils[0].latest is not None
    table_id = pupils[0].latest["table"]
    teacher.send({"type": "show", "table": table_id})
    projector.until("projector", 0)
    play(pupils, random.Random(players), most_rounds=2, most_moves=400, to_end=True)
    projector.until("projector", pupils[0].latest["step"])
    table = server.hub.tables.tables[table_id]
    counted = [check(pupil.frames, table, seat) for seat, pupil in enumerate(pupils)]
    counted.append(check(projector.frames, table, None))
    # Every screen heard the game move by move (how many frames depends on timing:
    # a screen may hear two quick moves in one frame); none was left out.
    assert min(counted) >= 5
    assert any(json.loads(f).get("screen", {}) and json.loads(f)["screen"]["award"]
               for f in pupils[0].frames if json.loads(f)["type"] == "seat")  # fmt: skip
    for screen in [*pupils, projector, teacher]:
        screen.close()
