"""Tiles: one value per pair of numbers, written ``[low|high]``, valued by their pips.

The rule sentences about the set and the pip count are tested in ``test_rules_000`` and
``test_rules_000_scoring``; malformed input in ``test_impossible_input``.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blockdomino import DOUBLE_SIX, Tile
from blockdomino.engine.tiles import parse_tiles

numbers = st.integers(min_value=0, max_value=6)


@given(numbers, numbers)
def test_a_tile_has_no_orientation(a: int, b: int) -> None:
    """``Tile(a, b)`` and ``Tile(b, a)`` are the same shared value, written lower half first."""
    tile = Tile(a, b)
    assert tile is Tile(b, a)
    assert (tile.low, tile.high) == (min(a, b), max(a, b))
    assert str(tile) == f"[{min(a, b)}|{max(a, b)}]"
    assert Tile.parse(f"[{a}|{b}]") is tile
    assert tile.is_double == (a == b)
    assert tile.pips == a + b


@given(numbers, numbers)
def test_a_tile_knows_its_halves(a: int, b: int) -> None:
    """``has`` tells whether a half shows a number; ``other`` names the opposite half."""
    tile = Tile(a, b)
    assert [n for n in range(7) if tile.has(n)] == sorted({a, b})
    assert tile.other(a) == b
    assert tile.other(b) == a


def test_the_set_is_ordered_low_then_high() -> None:
    """``DOUBLE_SIX`` lists [0|0], [0|1], …, [0|6], [1|1], …, [6|6]; tiles sort in that order."""
    assert [str(tile) for tile in DOUBLE_SIX[:8]] == [
        "[0|0]",
        "[0|1]",
        "[0|2]",
        "[0|3]",
        "[0|4]",
        "[0|5]",
        "[0|6]",
        "[1|1]",
    ]
    assert [tile.index for tile in DOUBLE_SIX] == list(range(28))
    assert sorted(random.Random(0).sample(DOUBLE_SIX, 28)) == list(DOUBLE_SIX)
    assert Tile(0, 6) < Tile(1, 1) <= Tile(1, 1) < Tile(6, 6)


def test_parse_accepts_either_order_and_spaces() -> None:
    """``Tile.parse`` reads ``[a|b]`` in either order, with spaces inside or around."""
    assert Tile.parse("[4|1]") is Tile(1, 4)
    assert Tile.parse(" [ 6 | 0 ] ") is Tile(0, 6)


def test_parse_tiles_reads_a_list() -> None:
    """``parse_tiles`` reads tiles separated by commas or spaces, in the order written."""
    assert parse_tiles("[1|4], [1|1] [4|4]") == (Tile(1, 4), Tile(1, 1), Tile(4, 4))
    assert parse_tiles("") == ()


def test_a_tile_cannot_be_changed() -> None:
    """A tile is immutable: setting or deleting an attribute is refused."""
    tile = Tile(1, 4)
    with pytest.raises(AttributeError):
        tile.low = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del tile.high
    assert (tile.low, tile.high) == (1, 4)


def test_copies_and_pickles_are_the_same_tile() -> None:
    """Copying or pickling a tile gives back the one shared value."""
    tile = Tile(2, 5)
    assert copy.copy(tile) is tile
    assert copy.deepcopy(tile) is tile
    assert pickle.loads(pickle.dumps(tile)) is tile
    assert repr(tile) == "Tile(2, 5)"
