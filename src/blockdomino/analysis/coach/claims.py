"""What the reading coach dares to say about another seat's hand, and why.

A pass makes a number certain to be missing (``coach.knowledge``). The plays a seat
chose make numbers and tiles *probable*: the coach weighs ``CLAIM_DEALS`` imagined deals
as the reading coach does (``coach.reading``, the lead too) and works out, for every
other seat, the chance that it has no tile showing each number and the chance that it
holds each unseen tile (trusting the plays a little less, ``TEMPER``). It says
"probably" only from ``PROBABLY`` up: the benchmark
measures over many rounds that what it says so comes true at least that often
(``benchmarks/bench_coach.py``, the calibration table).

Each claim carries its evidence, for one sentence a pupil can check on the table:
the last play the seat chose while an end showed the number (it played another tile,
so it probably had none), or else how few tiles with that number are still hidden;
for a tile, that no other seat may hold it, or else that it fits the seat's plays.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from blockdomino.analysis.coach.knowledge import View
from blockdomino.analysis.coach.reading import Reader
from blockdomino.analysis.coach.weighing import reading_sampler
from blockdomino.engine.bits import BIT, SHOWING
from blockdomino.engine.events import Play
from blockdomino.engine.round import Round, Seed
from blockdomino.engine.tiles import HIGHEST_NUMBER, Tile

PROBABLY: Final = 0.8
"""The least chance the coach calls "probably"."""

TEMPER: Final = 0.6
"""The power the plays' chances are raised to before they weigh a deal: below 1, the
claims trust the model of choice less than the coach does. At 1, of the numbers said
missing in 2-player Block between coaches, 85% were where 89% was claimed; at 0.6, 88%
where 88% was (``bench_coach.py``'s calibration table)."""

CLAIM_DEALS: Final = 400
"""Imagined deals weighed for the claims about the other hands."""


@dataclass(frozen=True, slots=True)
class Lack:
    """A seat probably has no tile showing ``number``: its ``chance``, and the evidence:
    ``played``, the tile it chose while an end showed the number (``None``: none such,
    and ``hidden`` tiles showing the number are all the others have not seen)."""

    number: int
    chance: float
    played: Tile | None
    hidden: int


@dataclass(frozen=True, slots=True)
class Holding:
    """A seat probably holds ``tile``: its ``chance``, and whether ``alone`` (no other
    seat may hold it and no tile lies face down)."""

    tile: Tile
    chance: float
    alone: bool


@dataclass(frozen=True, slots=True)
class SeatReading:
    """What the coach says it probably knows about one other seat's hand."""

    seat: int
    lacks: tuple[Lack, ...]
    holds: tuple[Holding, ...]


@dataclass(frozen=True, slots=True)
class Chances:
    """Every chance the claims are drawn from, for one other seat: of lacking each
    number (those a pass already rules out are left out) and of holding each unseen tile."""

    seat: int
    lacking: dict[int, float]
    holding: dict[Tile, float]


def chances(view: View, *, deals: int = CLAIM_DEALS, seed: Seed = 0) -> tuple[Chances, ...]:
    """The weighed chances of ``view``'s other hands, one ``Chances`` per other seat."""
    rng = random.Random(seed)
    sampler, reader = reading_sampler(view), Reader(view)
    drawn = [sampler.hands(rng) for _ in range(deals)]
    weights = _weights(reader, drawn)
    total = sum(weights)
    if not total > 0:
        weights, total = [1.0] * deals, float(deals)
    return tuple(
        _seat_chances(view, seat, [hands[seat] for hands in drawn], weights, total)
        for seat in sampler.seats
    )


def _weights(reader: Reader, drawn: list[dict[int, int]]) -> list[float]:
    """Each deal's ``Reader.weight`` raised to ``TEMPER``, the deals drawn as sets of
    tiles (``Sampler.hands``): a seat's chance is worked out once for each hand it gets."""
    known: dict[int, dict[int, float]] = {seat: {} for seat in reader.choices}
    weights = []
    for hands in drawn:
        weight = 1.0
        for seat, seen in known.items():
            hand = hands[seat]
            chance = seen.get(hand)
            if chance is None:
                chance = seen[hand] = reader.seat_chance(seat, hand)
            weight *= chance
        weights.append(weight**TEMPER)
    return weights


def _seat_chances(
    view: View, seat: int, hands: list[int], weights: list[float], total: float
) -> Chances:
    """``seat``'s chances from its ``hands`` in the deals drawn, each of weight
    ``weights[i]`` out of ``total``: a number is lacking where the hand shows none."""
    open_numbers = [n for n in range(HIGHEST_NUMBER + 1) if n not in view.ruled_out[seat]]
    weighed = list(zip(hands, weights, strict=True))
    lacking = {number: _summed(weighed, SHOWING[number], 0) / total for number in open_numbers}
    shares = [(hand, weight / total) for hand, weight in weighed]
    held = {tile: _summed(shares, BIT[tile.index], BIT[tile.index]) for tile in view.unseen}
    return Chances(seat, lacking, held)


def _summed(weighed: list[tuple[int, float]], tiles: int, held: int) -> float:
    """The sum, in order, of the weights of the hands that hold ``held`` of ``tiles``
    (none of them, or the one tile)."""
    summed = 0.0
    for weight in [weight for hand, weight in weighed if hand & tiles == held]:
        summed += weight
    return summed


def read_hands(position: Round | View, *, seed: Seed = 0) -> tuple[SeatReading, ...]:
    """For each other seat, the numbers it probably lacks and the tiles it probably
    holds (chance ``PROBABLY`` or more), each with its evidence."""
    view = position if isinstance(position, View) else View.of(position)
    readings = []
    for seat_chances in chances(view, seed=seed):
        seat = seat_chances.seat
        lacks = tuple(
            Lack(number, chance, _passed_over(view, seat, number), _hidden(view, number))
            for number, chance in seat_chances.lacking.items()
            if chance >= PROBABLY
        )
        holds = tuple(
            Holding(tile, chance, _alone(view, seat, tile))
            for tile, chance in seat_chances.holding.items()
            if chance >= PROBABLY
        )
        readings.append(SeatReading(seat, lacks, holds))
    return tuple(readings)


def _passed_over(view: View, seat: int, number: int) -> Tile | None:
    """The last tile ``seat`` chose to play, showing no ``number``, while an end showed it."""
    ends: list[int] = []
    found = None
    for event in view.history:
        if not isinstance(event, Play):
            continue
        joined = None if event.end is None else event.end.pips
        if event.seat == seat and number in ends and not event.tile.has(number):
            found = event.tile
        if joined is None:
            ends = [event.tile.low, event.tile.high]
        elif joined in ends:
            ends[ends.index(joined)] = event.tile.other(joined)
    return found


def _hidden(view: View, number: int) -> int:
    """How many tiles showing ``number`` the seat to move has not seen."""
    return sum(tile.has(number) for tile in view.unseen)


def _alone(view: View, seat: int, tile: Tile) -> bool:
    """Whether only ``seat`` may hold ``tile``: nothing face down, no other seat may."""
    others = (other for other in range(view.rules.players) if other not in (seat, view.seat))
    return not view.out_of_play and not any(view.could_hold(other, tile) for other in others)
