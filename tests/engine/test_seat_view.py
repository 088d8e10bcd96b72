"""The one observer (``engine.view``): no seat ever sees a tile hidden from it.

A seat sees its own hand and its own draws; the chain, every hand's size, the pot's
size, every play and pass, and that a seat drew; at the end every hand. A spectator
sees only what is public. Checked on the view's data and on the table drawn from it.
"""

from __future__ import annotations

import pytest
from conftest import DRAW_PLAYERS, PRESET_PLAYERS, positions, seeds
from hypothesis import given, settings

from blockdomino import Round, Rules, svg
from blockdomino.engine.round import Draw, Play
from blockdomino.engine.tiles import DOUBLE_SIX, Tile
from blockdomino.engine.view import SeatView

EVERY_PRESET = PRESET_PLAYERS + DRAW_PLAYERS


def tiles_in(view: SeatView) -> set[Tile]:
    """Every tile the view's data names."""
    tiles = set(view.chain.tiles)
    tiles.update(tile for hand in view.hands if hand is not None for tile in hand)
    tiles.update(move.tile for move in view.moves)
    for event in view.history:
        if isinstance(event, Play | Draw) and event.tile is not None:
            tiles.add(event.tile)
    return tiles


def hidden_from(position: Round, seat: int | None) -> set[Tile]:
    """The tiles ``seat`` may not see: all but the chain and its own hand, until the end."""
    if position.is_over:
        return set()
    own = set(position.hands[seat]) if seat is not None else set()
    return set(DOUBLE_SIX) - own - set(position.chain.tiles)


@pytest.mark.parametrize(("name", "players"), EVERY_PRESET)
@settings(max_examples=20)
@given(seed=seeds)
def test_no_view_holds_a_hidden_tile(name: str, players: int, seed: int) -> None:
    rules = Rules.preset(name, players)
    played = list(positions(Round.deal(rules, seed), seed))
    for number, position in enumerate(played):
        for seat in (*range(players), None):
            view = position.view(seat)
            hidden = hidden_from(position, seat)
            assert not tiles_in(view) & hidden
            assert view.sizes == tuple(len(hand) for hand in position.hands)
            assert view.hand == (() if seat is None else position.hands[seat])
            if number == len(played) // 2:  # one drawing per round
                drawn = str(svg.table(position, viewer=seat))
                assert str(svg.table(view)) == drawn.replace(*_ids(drawn, view))
                assert not [tile for tile in hidden if str(tile) in drawn]


def _ids(drawn: str, view: SeatView) -> tuple[str, str]:
    """The id prefix of ``drawn`` and of the same table drawn from ``view``: only the
    diagram's ids may differ."""
    other = str(svg.table(view))
    start = drawn.index("bd-")
    return drawn[start : start + 13], other[start : start + 13]


def test_a_draw_is_public_and_its_tile_secret() -> None:
    rules = Rules.preset("draw", 2)
    position = Round.deal(rules, 3)
    while not position.can_draw():
        position = position.apply(position.legal_actions()[0])
    drawer, tile = position.turn, position.pot[0]
    position = position.draw()
    other = (drawer + 1) % 2
    assert position.view(drawer).history[-1] == Draw(drawer, tile)
    assert position.view(other).history[-1] == Draw(drawer)
    assert position.view(None).history[-1] == Draw(drawer)
    assert position.view(other, reveal=True).history[-1] == Draw(drawer, tile)


def test_at_the_end_every_hand_is_seen() -> None:
    final = next(position for position in _played(Rules.preset("block", 4), 5) if position.is_over)
    for seat in (0, 1, 2, 3, None):
        assert final.view(seat).hands == final.hands


def test_a_selected_tile_is_drawn_marked() -> None:
    position = Round.deal(Rules.preset("block", 2), 11)
    tile = position.legal_moves()[0].tile
    plain = str(svg.table(position))
    assert str(svg.table(position, selected=None)) == plain
    marked = str(svg.table(position, selected=tile))
    assert 'class="tile double playable selected"' in marked or "playable selected" in marked
    assert "selected" not in plain.split("</style>")[1]


def _played(rules: Rules, seed: int) -> list[Round]:
    return list(positions(Round.deal(rules, seed), seed))
