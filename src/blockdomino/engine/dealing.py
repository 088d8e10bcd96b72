"""Dealing a round: the shuffle, the hands, the tiles left over, and who leads.

The 28 tiles are shuffled face down and each seat gets its hand; the rest stay out of
play, or in the draw game form the pot in the shuffled order it is drawn in. The first
leader is found by a fair draw (``match``: the most pips leads, ties draw again among
themselves) or by the highest double (``block``, the draw game) or by [6|6]
(``partnership``); ``Round.deal`` uses these.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from operator import attrgetter

from blockdomino.engine.events import LeadDecision
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import DOUBLE_SIX, Tile

Seed = int | str | None
"""A seed for ``random.Random``: the same seed deals the same round, in any process."""


def generator(seed: Seed | random.Random) -> random.Random:
    """A new generator started from ``seed``; a generator given instead is drawn on as it is.

    Sharing one generator lets thousands of rounds skip seeding one each.
    """
    return seed if isinstance(seed, random.Random) else random.Random(seed)


BY_INDEX = attrgetter("index")
"""Sort key of tiles in set order, [0|0] … [6|6]; faster than comparing tiles."""


def highest_double(hand: Iterable[Tile]) -> Tile | None:
    """The highest double of a hand, or ``None`` when it holds none."""
    doubles = [tile for tile in hand if tile.is_double]
    return max(doubles, key=BY_INDEX) if doubles else None


def fair_draw(players: int, rng: random.Random) -> LeadDecision:
    """Each contender draws a tile; the most pips leads; ties draw again among themselves."""
    contenders = list(range(players))
    draws = []
    while True:
        tiles = rng.sample(DOUBLE_SIX, len(contenders))
        drawing = tuple(zip(contenders, tiles, strict=True))
        draws.append(drawing)
        best = max(tile.pips for tile in tiles)
        contenders = [seat for seat, tile in drawing if tile.pips == best]
        if len(contenders) == 1:
            return LeadDecision(contenders[0], draws=tuple(draws))


def shuffled_deal(
    rules: Rules, rng: random.Random
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """Shuffle the 28 tiles face down and give each seat its hand; the rest stay out of play.

    In the draw game the rest is the pot, kept in the shuffled order it is drawn in.
    """
    tiles = list(DOUBLE_SIX)
    rng.shuffle(tiles)
    size = rules.tiles_each
    hands = tuple(
        tuple(sorted(tiles[seat * size : (seat + 1) * size], key=BY_INDEX))
        for seat in range(rules.players)
    )
    rest = tiles[rules.players * size :]
    return hands, tuple(rest if rules.pot else sorted(rest, key=BY_INDEX))


def holder(hands: Sequence[Sequence[Tile]], tile: Tile) -> int:
    """The seat whose hand holds ``tile``."""
    return next(seat for seat, hand in enumerate(hands) if tile in hand)
