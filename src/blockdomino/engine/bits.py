"""The tiles as bits: the one representation of fast play, pure ints.

A set of tiles is an int: bit ``i`` stands for ``DOUBLE_SIX[i]`` ([0|0] … [6|6]). The
simulation kernel (``analysis.simulate``) and the coach's exact search
(``analysis.coach.search``) both play over these tables.
"""

from __future__ import annotations

from typing import Final

from blockdomino.engine.tiles import DOUBLE_SIX, HIGHEST_NUMBER, Tile

LOW: Final = tuple(tile.low for tile in DOUBLE_SIX)
"""Each tile's lower number, by index."""
HIGH: Final = tuple(tile.high for tile in DOUBLE_SIX)
"""Each tile's higher number, by index."""
PIPS: Final = tuple(tile.pips for tile in DOUBLE_SIX)
"""Each tile's pips, both halves, by index."""
DOUBLE: Final = tuple(tile.is_double for tile in DOUBLE_SIX)
"""Whether each tile is a double, by index."""
BIT: Final = tuple(1 << tile.index for tile in DOUBLE_SIX)
"""Each tile as a set of one tile."""
SHOWING: Final = tuple(
    sum(BIT[tile.index] for tile in DOUBLE_SIX if tile.has(number))
    for number in range(HIGHEST_NUMBER + 1)
)
"""For each number, the set of tiles with a half showing it."""
DOUBLES: Final = sum(BIT[tile.index] for tile in DOUBLE_SIX if tile.is_double)
"""The set of the seven doubles."""
DOUBLE_SIX_INDEX: Final = Tile(6, 6).index
"""The index of [6|6], the highest double."""

_CHUNK: Final = 7
_PIPS_OF_CHUNK: Final = tuple(
    tuple(
        sum(PIPS[base + i] for i in range(_CHUNK) if chunk >> i & 1) for chunk in range(1 << _CHUNK)
    )
    for base in range(0, len(DOUBLE_SIX), _CHUNK)
)
"""Pips of every 7-tile slice of a set: four look-ups count a whole hand."""


def pips(tiles: int) -> int:
    """The pips on a set of tiles: both halves of every tile."""
    low, mid, high, top = _PIPS_OF_CHUNK
    return low[tiles & 127] + mid[tiles >> 7 & 127] + high[tiles >> 14 & 127] + top[tiles >> 21]


def tiles_of(tiles: int) -> tuple[Tile, ...]:
    """A set of tiles as ``Tile`` values, in the order of the set."""
    found = []
    while tiles:
        bit = tiles & -tiles
        tiles ^= bit
        found.append(DOUBLE_SIX[bit.bit_length() - 1])
    return tuple(found)
