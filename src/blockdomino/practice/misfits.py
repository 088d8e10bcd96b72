"""Why a pupil picks a tile that fits neither open end: the slip behind each one.

A tile fits an end only when one of its halves shows that end's number, and 0 matches
only 0. A pupil who picks a tile that fits nowhere has usually slipped in one of a few
ways, most likely first:

- a 0 taken for a joker (on the tile, or at an end): ``error.play.no_match_zero``;
- the half of an end tile that is already joined read as the open end
  (``joined_half``);
- a double taken to fit any end (``double_anywhere``);
- both halves added up to an end's number (``added_halves``);
- two numbers next to each other mixed up, a 5 for a 6 (``next_number``).

A tile that none of these explains is no good wrong choice: nothing tells the class
what the pupils who picked it thought, so no question offers it.
"""

from __future__ import annotations

from collections.abc import Iterable

from blockdomino.engine.chain import Chain
from blockdomino.engine.tiles import Tile
from blockdomino.practice.items import Phrase, phrase


def _joined_halves(chain: Chain) -> tuple[tuple[int, Tile], ...]:
    """The number on the joined half of each end tile, and that tile: none while the
    opening tile lies alone, nor for a double (both its halves show the end's number)."""
    if len(chain.line) < 2:
        return ()
    first, last = chain.line[0], chain.line[-1]
    return tuple(
        (number, piece.tile)
        for number, piece in ((first.right, first), (last.left, last))
        if not piece.tile.is_double
    )


def _zero(tile: Tile, left: int, right: int) -> Phrase | None:
    if 0 not in (tile.low, tile.high, left, right):
        return None
    return phrase("error.play.no_match_zero", tile=tile, left=left, right=right)


def _joined(tile: Tile, chain: Chain) -> Phrase | None:
    for number, joined in _joined_halves(chain):
        if tile.has(number):
            return phrase("practice.mistake.joined_half", number=number, joined=joined)
    return None


def _double(tile: Tile) -> Phrase | None:
    if not tile.is_double:
        return None
    return phrase("practice.mistake.double_anywhere", tile=tile, number=tile.low)


def _added(tile: Tile, left: int, right: int) -> Phrase | None:
    total = tile.low + tile.high
    if total not in (left, right):
        return None
    return phrase("practice.mistake.added_halves", tile=tile, number=total)


def _next(tile: Tile, left: int, right: int) -> Phrase | None:
    for number in (tile.low, tile.high):
        for end in (left, right):
            if abs(number - end) == 1:
                return phrase("practice.mistake.next_number", tile=tile, number=number, end=end)
    return None


def misfit(tile: Tile, chain: Chain) -> Phrase | None:
    """The most likely slip behind picking ``tile``, which fits neither open end of
    ``chain``; ``None`` when no slip explains it."""
    numbers = chain.numbers
    assert numbers is not None
    assert not chain.fits(tile)
    left, right = numbers
    return (
        _zero(tile, left, right)
        or _joined(tile, chain)
        or _double(tile)
        or _added(tile, left, right)
        or _next(tile, left, right)
    )


def misfits(tiles: Iterable[Tile], chain: Chain) -> tuple[tuple[Tile, Phrase], ...]:
    """Of ``tiles`` (none fitting ``chain``), in their order, the first one for each
    slip, with it: every wrong tile offered names a slip of its own."""
    found: dict[str, tuple[Tile, Phrase]] = {}
    for tile in tiles:
        slip = misfit(tile, chain)
        if slip is not None:
            found.setdefault(slip.key, (tile, slip))
    return tuple(found.values())
