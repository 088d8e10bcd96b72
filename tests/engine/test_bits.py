"""The tiles as bits (``engine.bits``), tested once for the kernel and the coach's search."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from blockdomino.engine import bits
from blockdomino.engine.scoring import hand_total
from blockdomino.engine.tiles import DOUBLE_SIX, Tile

tile_sets = st.integers(min_value=0, max_value=(1 << len(DOUBLE_SIX)) - 1)
"""Any set of tiles as an int."""


def tiles_of(tiles: int) -> list[Tile]:
    return [tile for tile in DOUBLE_SIX if tiles >> tile.index & 1]


def test_each_tile_by_index() -> None:
    for tile in DOUBLE_SIX:
        index = tile.index
        assert (bits.LOW[index], bits.HIGH[index]) == (tile.low, tile.high)
        assert bits.PIPS[index] == tile.low + tile.high
        assert bits.DOUBLE[index] == (tile.low == tile.high)
        assert bits.BIT[index] == 2**index
    assert bits.DOUBLE_SIX_INDEX == DOUBLE_SIX.index(Tile(6, 6)) == 27


def test_the_tiles_showing_each_number() -> None:
    for number in range(7):
        assert tiles_of(bits.SHOWING[number]) == [
            t for t in DOUBLE_SIX if number in (t.low, t.high)
        ]
        assert bin(bits.SHOWING[number]).count("1") == 7
    assert tiles_of(bits.DOUBLES) == [Tile(n, n) for n in range(7)]


@given(tile_sets)
def test_the_pips_on_a_set(tiles: int) -> None:
    assert bits.pips(tiles) == hand_total(tiles_of(tiles))
