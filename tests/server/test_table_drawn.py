"""What a class table draws once a version and shares between its screens
(``tables.drawn``, ``tables.screens``): shared, no seat is told a tile another seat
drew from the pot, and a new version (a move, a rename, a closing) draws everything
again."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

from blockdomino.engine.events import Draw
from blockdomino.tables import actions
from blockdomino.tables.drawn import VERSION, version
from blockdomino.tables.screens import Screen, projector_screen, seat_screen
from blockdomino.tables.service import Table, TableService
from blockdomino.tables.store import Store

TILE = re.compile(r"\[(\d)\|(\d)\]")


def drawing_table(folder: Path) -> tuple[TableService, Table, list[str]]:
    """A draw game for three pupils played until one of the turns its screens tell is a
    seat's draw from the pot; the pupils' tokens."""
    tables = TableService.load(Store(folder / "tables.sqlite3"))
    for attempt in range(40):
        table = tables.open("draw", 3)
        tokens = [tables.join(table.id, f"pupil {seat}")[2] for seat in range(3)]
        rng = random.Random(attempt)
        while not table.game.current_round.is_over:
            to_move = table.game.to_move
            action = rng.choice(table.game.legal_actions())
            tables.act(
                tokens[0 if to_move is None else to_move], str(table.taken), actions.key(action)
            )
            if any(isinstance(events[0], Draw) for _, events in table.turns[-6:]):
                return tables, table, tokens
    raise AssertionError("no draw from the pot in 40 games")


def alone(table: Table, seat: int | None) -> Screen:
    """The screen of ``seat`` (``None``: the projector) drawn with nothing kept."""
    table.drawn.clear()
    return projector_screen(table, "fi") if seat is None else seat_screen(table, seat, "fi")


def test_a_tile_drawn_from_the_pot_is_told_to_its_drawer_alone_in_any_order(
    tmp_path: Path,
) -> None:
    """ "Drawn tiles are secret: everyone but the drawer reads only how many"
    (``words.text.drawing``): the turns told once for the table are a spectator's, and
    a seat's own draws are told it alone, whichever screen was drawn first."""
    _, table, _ = drawing_table(tmp_path)
    drawer = next(events[0].seat for _, events in table.turns[-6:] if isinstance(events[0], Draw))
    each = {seat: alone(table, seat) for seat in [0, 1, 2, None]}
    for order in itertools.permutations([0, 1, 2, None]):
        table.drawn.clear()
        for seat in order:
            drawn = (
                projector_screen(table, "fi") if seat is None else seat_screen(table, seat, "fi")
            )
            assert drawn == each[seat]
    hands = table.game.current_round.hands
    for seat in [0, 1, 2, None]:
        named = {f"[{a}|{b}]" for a, b in TILE.findall(" ".join(each[seat]["told"]))}
        others = {str(t) for other, hand in enumerate(hands) if other != seat for t in hand}
        assert not named & others, (seat, named & others)
    assert each[drawer]["told"] != each[None]["told"]  # the drawer is told its tiles


def test_a_new_version_of_the_table_draws_its_screens_again(tmp_path: Path) -> None:
    """A move, a pupil renamed and a table closed each make a new version: its screens
    are those drawn with nothing kept, and nothing drawn of an older version is kept."""
    tables, table, tokens = drawing_table(tmp_path)

    for number in range(3):
        before = {seat: seat_screen(table, seat, "fi") for seat in range(3)}
        if table.game.current_round.is_over:
            break
        to_move = table.game.to_move
        action = table.game.legal_actions()[0]
        tables.act(
            tokens[0 if to_move is None else to_move], f"again {number}", actions.key(action)
        )
        for seat in range(3):
            assert seat_screen(table, seat, "fi") == alone(table, seat) != before[seat]
    seat_screen(table, 0, "fi")
    tables.rename(table.id, 1, "Aino")
    assert "Aino (Pelaaja 2)" in seat_screen(table, 0, "fi")["names"]
    assert seat_screen(table, 2, "fi") == alone(table, 2)
    tables.close(table.id)
    assert seat_screen(table, 0, "fi")["closed"]
    assert seat_screen(table, 1, "fi")["board"]["idle"] == alone(table, 1)["board"]["idle"]
    assert table.drawn[VERSION] == version(table)
    assert set(table.drawn) <= {VERSION, ("alike", "fi"), ("parts", ""), ("told:False", "fi"),
                                ("told:True", "fi")}  # fmt: skip
