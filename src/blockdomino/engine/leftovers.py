"""What a round can leave in the hands: the check behind the end-of-round calculator.

Each seat is dealt ``tiles_each`` tiles of the double-six set, so a hand left holds at
most that many, and no tile lies in two hands. A round ends

- with a domino: one seat has played its last tile, and the round stops at once, so
  every other seat still holds a tile (a [0|0] is a tile, worth 0 pips);
- blocked: nobody can play at either open end, so every seat still holds a tile and no
  hand holds a tile with the number an open end shows: some number is missing from
  every hand.

Given only each hand's pip total, ``leftover_hands`` decides exactly whether hands with
these totals can be left so, and gives one such set of hands as the witness. The search
assigns the tiles from the heaviest down, remembering the situations it found hopeless.
This decides the hands, not the order of play that led to them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from blockdomino.engine.tiles import DOUBLE_SIX, Tile

NUMBERS = range(7)
"""The numbers a half of a tile shows."""


class Need(NamedTuple):
    """What one hand still needs: pips, and how many more tiles at least and at most."""

    pips: int
    fewest: int
    most: int


def _hopeful(needs: Sequence[Need], weights: Sequence[int], start: int) -> bool:
    """Each hand can still be filled from the tiles from ``start`` on (heaviest first):
    its pips lie between its fewest lightest and its most heaviest tiles."""
    left = len(weights) - start
    for need in needs:
        if need.fewest > left:
            return False
        heaviest = sum(weights[start : start + need.most])
        lightest = sum(weights[len(weights) - need.fewest :]) if need.fewest else 0
        if not lightest <= need.pips <= heaviest:
            return False
    return sum(need.pips for need in needs) <= sum(
        weights[start : start + sum(need.most for need in needs)]
    )


def _search(
    tiles: tuple[Tile, ...], needs: tuple[Need, ...]
) -> tuple[tuple[Tile, ...], ...] | None:
    """Disjoint hands from ``tiles`` (heaviest first) meeting every need, or ``None``."""
    weights = tuple(tile.pips for tile in tiles)
    hopeless: set[tuple[int, tuple[Need, ...]]] = set()
    hands: list[list[Tile]] = [[] for _ in needs]

    def fill(start: int, needs: tuple[Need, ...]) -> bool:
        if all(need.pips == 0 and need.fewest == 0 for need in needs):
            return True
        key = (start, tuple(sorted(needs)))
        if start == len(tiles) or key in hopeless or not _hopeful(needs, weights, start):
            hopeless.add(key)
            return False
        tile = tiles[start]
        for seat, need in enumerate(needs):
            if need.most and tile.pips <= need.pips:
                taken = Need(need.pips - tile.pips, max(need.fewest - 1, 0), need.most - 1)
                hands[seat].append(tile)
                if fill(start + 1, (*needs[:seat], taken, *needs[seat + 1 :])):
                    return True
                hands[seat].pop()
        if fill(start + 1, needs):
            return True
        hopeless.add(key)
        return False

    return tuple(tuple(hand) for hand in hands) if fill(0, needs) else None


@functools.lru_cache(maxsize=4096)
def leftover_hands(
    totals: tuple[int, ...], tiles_each: int, dominoer: int | None
) -> tuple[tuple[Tile, ...], ...] | None:
    """Hands with these pip totals that a round can end with, or ``None`` if none can.

    ``dominoer`` is the seat whose hand is empty, ``None`` for a blocked round; every
    other hand holds from one to ``tiles_each`` tiles. A blocked round's hands all lack
    one number, tried from 0 to 6.
    """
    needs = tuple(
        Need(0, 0, 0) if seat == dominoer else Need(total, 1, tiles_each)
        for seat, total in enumerate(totals)
    )
    if dominoer is not None:
        return _search(_heaviest_first(DOUBLE_SIX), needs)
    for missing in NUMBERS:
        hands = _search(_heaviest_first(t for t in DOUBLE_SIX if not t.has(missing)), needs)
        if hands is not None:
            return hands
    return None


def _heaviest_first(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=lambda tile: (-tile.pips, tile.index)))


def most_pips(count: int, tiles: Sequence[Tile] = DOUBLE_SIX) -> int:
    """The most pips ``count`` tiles can hold together: the heaviest ones."""
    return sum(tile.pips for tile in _heaviest_first(tiles)[:count])


def missing_number(hands: Sequence[Sequence[Tile]]) -> int | None:
    """A number no hand holds a tile with (the lowest), or ``None`` if every one is held."""
    held = {number for hand in hands for tile in hand for number in (tile.low, tile.high)}
    return next((number for number in NUMBERS if number not in held), None)
