"""Why a move is good, as data: what the move does to the position, as the seat sees it.

A reason is read off the move and the view, never written per example. The first that
applies is given:

- ``domino``: it is the last tile in the hand;
- ``closes``: it leaves an end showing a number an opponent passed on, so that opponent
  cannot use that end (``number``, ``seat``);
- ``heavy``: it is the heaviest tile in the hand and a heavy one (``HEAVY`` pips or
  more): if the round blocks, pips left in the hand count against you (``tile``, ``pips``);
- ``keeps``: it leaves an end showing a number you still hold at least twice, so you
  keep a play for later (``number``);
- ``double``: it places a double, which fits only one number and is easily stranded;
- ``value``: none of these; the move simply did best over the deals the coach imagined
  (``share``, its share of wins).

``blockdomino.analysis.coach.words`` turns a reason into words in fi, sv or en.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from blockdomino.engine.round import Move
from blockdomino.engine.tiles import Tile

HEAVY: Final = 9
"""From how many pips a tile counts as heavy: [3|6], [4|5] and up."""


class Reason(NamedTuple):
    """One reason for a move: its kind and the data its words need."""

    kind: str
    tile: Tile | None = None
    number: int | None = None
    seat: int | None = None
    pips: int | None = None
    share: float | None = None


def new_numbers(move: Move) -> tuple[int, ...]:
    """The numbers the move leaves showing at the end(s) it makes: both for an opening."""
    if move.end is None:
        return tuple(dict.fromkeys((move.tile.low, move.tile.high)))
    return (move.tile.other(move.end.pips),)


def reason_for(
    move: Move,
    hand: tuple[Tile, ...],
    opponents_ruled_out: dict[int, frozenset[int]],
    share: float,
) -> Reason:
    """The first reason that applies to ``move`` from ``hand`` (see the module text).

    ``opponents_ruled_out`` maps each opponent's seat to the numbers it passed on.
    """
    tile = move.tile
    if len(hand) == 1:
        return Reason("domino", tile=tile)
    numbers = new_numbers(move)
    for number in numbers:
        for seat, ruled in sorted(opponents_ruled_out.items()):
            if number in ruled:
                return Reason("closes", number=number, seat=seat)
    if tile.pips >= HEAVY and tile.pips == max(other.pips for other in hand):
        return Reason("heavy", tile=tile, pips=tile.pips)
    rest = [other for other in hand if other is not tile]
    for number in numbers:
        if sum(other.has(number) for other in rest) >= 2:
            return Reason("keeps", number=number)
    if tile.is_double:
        return Reason("double", tile=tile)
    return Reason("value", share=share)
