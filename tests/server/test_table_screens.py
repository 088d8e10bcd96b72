"""The screens of a class table (``tables.screens``) draw what every seat sees alike
once a move, the chain and the hands lying face down, and each seat's own hand for that
seat alone: the same screens as drawn one by one, and never a tile of another hand."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.round import Round
from blockdomino.engine.tiles import Tile
from blockdomino.svg import tables as table_drawing
from blockdomino.tables import actions
from blockdomino.tables.screens import projector_screen, seat_screen
from blockdomino.tables.service import Table, TableService
from blockdomino.tables.store import Store
from blockdomino.words.errors import explain
from blockdomino.words.i18n import translate
from blockdomino.words.text import capitalized, tile_in_words

DRAWN_TILE = re.compile(r'data-tile="\[(\d)\|(\d)\]"')
TILE = re.compile(r"\[\d\|\d\]")
MOST_ACTIONS = 200
"""Actions a round takes at most."""


def table_at(folder: Path, preset: str, players: int, moves: int) -> tuple[TableService, Table]:
    """A table of pupils at every seat after ``moves`` random legal actions."""
    tables = TableService.load(Store(folder / "tables.sqlite3"))
    table = tables.open(preset, players)
    tokens = [tables.join(table.id, f"pupil {seat}")[2] for seat in range(players)]
    rng = random.Random(moves)
    for number in range(moves):
        to_move = table.game.to_move
        action = rng.choice(table.game.legal_actions())
        tables.act(tokens[0 if to_move is None else to_move], str(number), actions.key(action))
    return tables, table


def drawn_tiles(svg: str) -> set[str]:
    return {f"[{a}|{b}]" for a, b in DRAWN_TILE.findall(svg)}


@pytest.mark.parametrize(("preset", "players", "moves"), [("match", 4, 9), ("draw", 3, 7)])
def test_a_tables_screens_are_those_drawn_one_by_one(
    tmp_path: Path, preset: str, players: int, moves: int
) -> None:
    _, table = table_at(tmp_path, preset, players, moves)
    together = [seat_screen(table, seat, "fi") for seat in range(players)]
    together.append(projector_screen(table, "fi"))
    alone = []
    for seat in [*range(players), None]:
        table.drawn.clear()
        alone.append(
            projector_screen(table, "fi") if seat is None else seat_screen(table, seat, "fi")
        )
    assert together == alone


def test_a_move_draws_the_chain_and_each_hand_face_down_once_for_the_seats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, table = table_at(tmp_path, "match", 4, 6)
    chains, hands = [], []
    draw_chain, draw_hand = table_drawing.draw_chain, table_drawing.draw_hand
    monkeypatch.setattr(
        table_drawing, "draw_chain", lambda *a, **k: chains.append(1) or draw_chain(*a, **k)
    )
    monkeypatch.setattr(
        table_drawing, "draw_hand", lambda *a, **k: hands.append(a[1]) or draw_hand(*a, **k)
    )
    for seat in range(4):
        seat_screen(table, seat, "fi")
    assert len(chains) == 1  # the seats' narrow table, drawn for a phone
    assert sum(isinstance(hand, int) for hand in hands) == 4  # one face down a seat
    assert sum(not isinstance(hand, int) for hand in hands) == 4  # each seat's own
    projector_screen(table, "fi")
    assert len(chains) == 2  # the projector's wide one
    assert sum(isinstance(hand, int) for hand in hands) == 8


@pytest.mark.parametrize("first", [0, 1, 2, None])
def test_no_screen_drawn_after_another_shows_a_tile_of_its_hand(
    tmp_path: Path, first: int | None
) -> None:
    _, table = table_at(tmp_path, "match", 4, 5)
    position = table.game.current_round
    chain = {str(tile) for tile in position.chain.tiles}
    if first is None:  # the projector's screen drawn first, its parts shared after
        projector_screen(table, "fi")
    else:
        seat_screen(table, first, "fi")
    for seat in range(4):
        shown = drawn_tiles(seat_screen(table, seat, "fi")["svg"])
        assert shown - chain == {str(tile) for tile in position.hands[seat]}
    assert drawn_tiles(projector_screen(table, "fi")["svg"]) == chain


def test_a_seat_hears_every_told_turn_with_its_tiles_in_words(tmp_path: Path) -> None:
    """The seat's live region (``said``) says the same turns as the list shows, the
    others' too, each tile in words and each player named as on the table."""
    _, table = table_at(tmp_path, "match", 4, 6)
    for seat in range(4):
        screen = seat_screen(table, seat, "fi")
        assert len(screen["said"]) == len(screen["told"]) > 1
        for said, told in zip(screen["said"], screen["told"], strict=True):
            assert "[" not in said, said
            assert said.split(" ")[:2] == told.split(" ")[:2]
    shown = seat_screen(table, 0, "fi")["told"]
    assert any("[" in line for line in shown)


def test_a_tables_kept_parts_are_kept_as_text_alone(tmp_path: Path) -> None:
    _, table = table_at(tmp_path, "match", 4, 6)
    before = seat_screen(table, 0, "fi")
    kept = table.drawn[("parts", "")]
    assert isinstance(kept, dict)
    parts = [part for part in kept.values() if not isinstance(part, str)]
    assert parts
    assert all(part.written and not part.children for part in parts)
    assert seat_screen(table, 0, "fi") == before


def test_the_score_line_names_every_player_as_the_table_does(tmp_path: Path) -> None:
    _, table = table_at(tmp_path, "match", 3, 4)
    screen = seat_screen(table, 0, "fi")
    assert screen["scores"] == "Pistetilanne: " + ", ".join(f"{name} 0" for name in screen["names"])
    assert "pupil 1" in screen["scores"]


def _pressable(buttons: list[dict[str, Any]], group: str) -> set[str]:
    """What the pressable buttons of ``group`` name: a tile, or an end's place."""
    return {b["id"].partition(":")[2] for b in buttons if b["group"] == group and b["enabled"]}


def _refusal(position: Round, tile: Tile, lang: str) -> str:
    """What the app's board says when ``tile`` is pressed and may not be played."""
    with pytest.raises(BlockdominoError) as refused:
        position.play(tile)
    return explain(refused.value, lang, spoken=True)


def _check_board(screen: dict[str, Any], position: Round, chain: set[str]) -> int:
    """Check a seat's board against its hand and the chain; how many tiles it offers to
    choose before their end."""
    board, plays = screen["board"], [a for a in screen["actions"] if a["tile"]]
    hand = position.hands[screen["seat"]]
    tiles = [b for b in board["buttons"] if b["group"] == "tiles"]
    assert [b["spoken"].split(",")[0] for b in tiles] == [tile_in_words(t, "en") for t in hand]
    assert set(TILE.findall(json.dumps(board))) <= {*map(str, hand), *chain}
    played = {a["tile"] for a in plays}
    moving = position.turn == screen["seat"]
    waiting = f"{screen['names'][position.turn]} is playing now. Wait for your turn."
    assert board["idle"] == (None if moving else waiting)
    for button, tile in zip(tiles, hand, strict=True):
        refused = moving and str(tile) not in played
        assert button["reason"] == (_refusal(position, tile, "en") if refused else None)
        assert button["enabled"] == moving
    assert not _pressable(board["buttons"], "ends")
    for play in plays:
        side = "" if play["end"] is None else f":{board['ends'][play['end']]['side']}"
        assert play["key"].startswith(f"play:{play['tile']}")
        assert play["key"].endswith(side)
    for tile, buttons in board["chosen"].items():
        ends = {str(a["end"]) for a in plays if a["tile"] == tile}
        assert len(ends) > 1
        assert _pressable(buttons, "ends") == ends
        assert _pressable(buttons, "tiles") == _pressable(board["buttons"], "tiles")
        assert board["said"][tile].startswith(f"You chose {tile_in_words(Tile.parse(tile), 'en')}.")
    return len(board["chosen"])


def test_a_seat_is_offered_its_plays_as_the_apps_board_offers_them(tmp_path: Path) -> None:
    """Over a whole round: the mover's board lets every tile be pressed, one that may not
    be played saying why as the app's board does, each play names its tile and its end's
    place among the ends as its key does, and once a tile with more than one end to go
    to is chosen, exactly those ends may be pressed and the live region says the tile
    chosen; the other seats' boards offer nothing, each tile saying whose turn it is.
    Every tile button says its tile in
    words, and no board names a tile but its own hand's and the chain's."""
    tables = TableService.load(Store(tmp_path / "tables.sqlite3"))
    table = tables.open("match", 4)
    tokens = [tables.join(table.id, f"pupil {seat}")[2] for seat in range(4)]
    rng, offered = random.Random(4), 0
    for number in range(MOST_ACTIONS):
        position = table.game.current_round
        if position.is_over:
            break
        chain = {str(tile) for tile in position.chain.tiles}
        for seat in range(4):
            offered += _check_board(seat_screen(table, seat, "en"), position, chain)
        mover = table.game.to_move
        assert mover is not None
        action = rng.choice(table.game.legal_actions())
        tables.act(tokens[mover], str(number), actions.key(action))
    assert table.game.current_round.is_over
    assert offered


@pytest.mark.parametrize(
    ("lang", "fits"), [("fi", "ei sovi"), ("sv", "passar inte"), ("en", "does not fit")]
)
def test_a_tile_that_does_not_fit_says_why_and_is_still_refused(
    tmp_path: Path, lang: str, fits: str
) -> None:
    """The mover's tile that fits no end says so in the seat's language, its tile and the
    ends' numbers in it; sent as a play at an open end all the same (a page's script
    edited), the server refuses it and the table stays as it was."""
    tables = TableService.load(Store(tmp_path / "tables.sqlite3"))
    table = tables.open("block", 2)
    tokens = [tables.join(table.id, f"pupil {seat}")[2] for seat in range(2)]
    for number in range(MOST_ACTIONS):
        mover = table.game.to_move
        assert mover is not None
        screen = seat_screen(table, mover, lang)
        refused = [b for b in screen["board"]["buttons"] if b["reason"]]
        if refused and table.game.current_round.chain.tiles:
            break
        tables.act(tokens[mover], str(number), actions.key(table.game.legal_actions()[0]))
    position = table.game.current_round
    tile = Tile.parse(refused[0]["id"].removeprefix("tile:"))
    assert refused[0]["enabled"]
    assert refused[0]["reason"].startswith(capitalized(tile_in_words(tile, lang)))
    assert fits in refused[0]["reason"]
    end = position.chain.open_ends[0]
    forged = f"play:{tile}:{end.tile}:{end.side.value}"
    assert tables.act(tokens[mover], "forged", forged).refused == "illegal"
    assert table.game.current_round == position


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_a_seat_not_to_move_says_why_its_tiles_wait(tmp_path: Path, lang: str) -> None:
    """A tile tapped when it is not the seat's turn says whose turn it is, in words; once
    the round is over, that no more tiles are played in it; at a table the teacher
    closed, that: said once for the whole hand (``idle``). None of them may be pressed."""
    tables = TableService.load(Store(tmp_path / "tables.sqlite3"))
    table = tables.open("block", 2)
    tokens = [tables.join(table.id, f"pupil {seat}")[2] for seat in range(2)]

    def reasons(seat: int) -> set[str | None]:
        board = seat_screen(table, seat, lang)["board"]
        tiles = [b for b in board["buttons"] if b["group"] == "tiles"]
        assert tiles
        assert not any(b["enabled"] or b["reason"] for b in tiles)  # said once, for all
        return {board["idle"]}

    mover = table.game.to_move
    assert mover is not None
    player = seat_screen(table, mover, lang)["names"][mover]
    assert reasons(1 - mover) == {translate("tables.seat.wait", lang, player=player)}
    for number in range(MOST_ACTIONS):
        mover = table.game.to_move
        if mover is None or table.game.current_round.is_over:
            break
        tables.act(tokens[mover], str(number), actions.key(table.game.legal_actions()[0]))
    over = translate("tables.seat.round_over", lang)
    assert [reasons(seat) for seat in range(2) if table.game.current_round.hands[seat]] == [
        {over} for seat in range(2) if table.game.current_round.hands[seat]
    ]
    tables.close(table.id)
    closed = translate("tables.refused.closed", lang)
    assert all(
        reasons(seat) == {closed} for seat in range(2) if table.game.current_round.hands[seat]
    )
