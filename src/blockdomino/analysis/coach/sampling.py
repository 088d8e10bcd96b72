"""Deals of the unseen tiles that agree with everything the seat to move has seen.

The unseen tiles go to the other hands (each gets exactly its size) and out of play
(the rest), so that no seat holds a tile showing a number it passed on. Every such deal
is equally likely: the sampler counts them exactly and picks one uniformly.

How: each unseen tile has a *type*, the set of other seats that may hold it (tiles
showing a number every other seat passed on can only be out of play). A deal is fixed
by how many tiles of each type each seat gets, then which ones. The seats are filled
one after the other: for the next seat, every split of its size over the types it may
hold is weighted by the number of complete deals that begin with it (the product of
binomial coefficients for the tiles chosen, times the count of ways to fill the seats
after it, counted the same way and remembered). A split is drawn with that weight and
its tiles uniformly within each type. The probability of a deal is then the product of
the conditional probabilities, which is one over the number of consistent deals.

The draw game adds one thing (``View.holdings``): a seat that drew on two turns may have
drawn on the later one a tile showing a number it drew on earlier, but only as many as
it drew. Such deals are drawn as above with the looser rule (no tile showing a number
ruled out since the seat's last draw) and kept only when they agree with every draw
(``Holdings.allows``), which keeps them uniform over the deals of the hands as they are
now. One approximation remains, and is stated here: the true chance of a hand also
weighs how many orders of the draws explain it; the sampler does not weigh them. The
pot's order is then shuffled uniformly (``hint``), which is exact: nobody has seen it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations
from math import comb

from blockdomino.analysis.coach.knowledge import View
from blockdomino.engine.bits import BIT, tiles_of
from blockdomino.engine.errors import RulesError
from blockdomino.engine.tiles import Tile

Split = tuple[int, ...]
"""How many tiles of each type one seat gets."""

Taking = tuple[tuple[tuple[int, int], ...], int, Split]
"""A split as a seat's draw takes it (``Sampler._draws``)."""

_POOL = 21
_FEW = 5
"""``rng.sample`` picks ``_FEW`` or fewer from more than ``_POOL`` otherwise than from a pool."""

_ATTEMPTS = 10_000
"""Deals tried before a view is refused as having none that agrees with its draws."""


class Sampler:
    """Draws consistent deals of the unseen tiles for one view, each equally likely.

    ``lead``: read the lead too (``View.barred``), as the reading coach does.
    """

    def __init__(self, view: View, *, lead: bool = False) -> None:
        holds = view.may_be_dealt if lead else view.could_hold
        unseen = view.unseen
        self.seats = tuple(seat for seat in range(view.rules.players) if seat != view.seat)
        if sum(view.sizes[seat] for seat in self.seats) + view.out_of_play != len(unseen):
            raise RulesError("error.coach.tile_count", unseen=len(unseen))
        groups: dict[int, list[Tile]] = {}
        for tile in unseen:
            allowed = sum(1 << index for index, seat in enumerate(self.seats) if holds(seat, tile))
            groups.setdefault(allowed, []).append(tile)
        self.types = tuple(sorted(groups))
        self.tiles = tuple(tuple(groups[kind]) for kind in self.types)
        self.sizes = tuple(view.sizes[seat] for seat in self.seats)
        self.holdings = {seat: view.holdings[seat] for seat in self.seats} if view.holdings else {}
        self._allowed: dict[tuple[int, int], bool] = {}
        self._indices = tuple(tuple(tile.index for tile in tiles) for tiles in self.tiles)
        self._counts = tuple(len(tiles) for tiles in self.tiles)
        self._choices = cache(self._splits)
        self._ways = cache(self._count)
        self._drawn = cache(self._draws)
        self._bits = tuple(tuple(BIT[tile] for tile in indices) for indices in self._indices)
        self.deals = self._ways(0, self._counts)
        if not self.deals:
            raise RulesError("error.coach.no_deal")

    def _splits(self, index: int, counts: Split) -> tuple[tuple[Split, int], ...]:
        """Each split for seat ``index`` with the number of complete deals it begins."""
        allowed = [kind >> index & 1 for kind in self.types]
        splits = []
        for split in _splits_of(self.sizes[index], counts, allowed):
            ways = 1
            for count, taken in zip(counts, split, strict=True):
                ways *= comb(count, taken)
            rest = tuple(count - taken for count, taken in zip(counts, split, strict=True))
            ways *= self._ways(index + 1, rest)
            if ways:
                splits.append((split, ways))
        return tuple(splits)

    def _count(self, index: int, counts: Split) -> int:
        """The number of ways to fill seats ``index`` … with ``counts`` tiles per type left."""
        if index == len(self.seats):
            return 1  # whatever is left lies out of play
        return sum(ways for _, ways in self._choices(index, counts))

    def deal(self, rng: random.Random) -> dict[int, tuple[Tile, ...]]:
        """One consistent deal: each other seat's hand (the rest lies out of play)."""
        return {seat: tiles_of(hand) for seat, hand in self.hands(rng).items()}

    def hands(self, rng: random.Random) -> dict[int, int]:
        """The deal ``deal`` draws, each hand a set of tiles (``engine.bits``)."""
        if not self.holdings:
            return self._loose_hands(rng)
        for _ in range(_ATTEMPTS):
            hands = self._loose_hands(rng)
            if all(self._allows(seat, hand) for seat, hand in hands.items()):
                return hands
        raise RulesError("error.coach.no_deal")

    def _allows(self, seat: int, hand: int) -> bool:
        """Whether ``seat`` may hold ``hand`` after its draws (``Holdings.allows``),
        worked out once for each hand it is dealt."""
        found = self._allowed.get((seat, hand))
        if found is None:
            found = self._allowed[seat, hand] = self.holdings[seat].allows(tiles_of(hand))
        return found

    def every_deal(self) -> Iterator[dict[int, tuple[Tile, ...]]]:
        """Every consistent deal once (``deals`` of them; in the draw game only those
        that agree with every draw), for a view with few enough to solve them all."""
        unseen = frozenset(tile for indices in self._indices for tile in indices)
        for hands in self._every_hands(0, unseen):
            deal = {seat: tiles_of(hand) for seat, hand in hands.items()}
            if all(self.holdings[seat].allows(deal[seat]) for seat in self.holdings):
                yield deal

    def _every_hands(self, index: int, left: frozenset[int]) -> Iterator[dict[int, int]]:
        """Every way to give seats ``index`` … their hands from the tiles ``left``."""
        if index == len(self.seats):
            yield {}
            return
        allowed = sorted(
            tile
            for kind, indices in zip(self.types, self._indices, strict=True)
            if kind >> index & 1
            for tile in indices
            if tile in left
        )
        for chosen in combinations(allowed, self.sizes[index]):
            hand = 0
            for tile in chosen:
                hand |= BIT[tile]
            for rest in self._every_hands(index + 1, left.difference(chosen)):
                yield {self.seats[index]: hand, **rest}

    def _loose_hands(self, rng: random.Random) -> dict[int, int]:
        """A deal that agrees with the numbers each seat is known not to hold (what the
        last seat leaves is not kept)."""
        remaining: list[Sequence[int]] = list(self._bits)
        counts = self._counts
        hands = {}
        last = len(self.seats) - 1
        for index, seat in enumerate(self.seats):
            total, splits = self._drawn(index, counts)
            taking, counts = _picked(splits, below(rng, total))
            hand = 0
            for kind, taken in taking:
                chosen = _sample(rng, remaining[kind], taken)
                hand |= chosen
                if index < last:
                    remaining[kind] = [tile for tile in remaining[kind] if not tile & chosen]
            hands[seat] = hand
        return hands

    def _draws(self, index: int, counts: Split) -> tuple[int, tuple[Taking, ...]]:
        """For seat ``index`` with ``counts`` tiles per type left, the number of complete
        deals, and each split drawn with its share of them: the types it takes tiles of
        (how many of each), its number of deals, the counts it leaves."""
        splits = tuple(
            (
                tuple((kind, taken) for kind, taken in enumerate(split) if taken),
                ways,
                tuple(count - taken for count, taken in zip(counts, split, strict=True)),
            )
            for split, ways in self._choices(index, counts)
        )
        return self._ways(index, counts), splits


def below(rng: random.Random, n: int) -> int:
    """A number from 0 to ``n - 1`` as ``rng.randrange(n)`` draws it: from the same
    random bits, so that a seed draws the same deal (a test holds them together)."""
    size = n.bit_length()
    drawn = rng.getrandbits(size)
    while drawn >= n:
        drawn = rng.getrandbits(size)
    return drawn


def _sample(rng: random.Random, tiles: Sequence[int], taken: int) -> int:
    """``taken`` of ``tiles`` (sets of one tile) together, as ``rng.sample`` picks them,
    from the same random bits (a test holds them together): from at most 21, or more
    than five, as a pool it takes from (as here); else it leaves the draw to it."""
    if len(tiles) > _POOL and taken <= _FEW:
        return sum(rng.sample(tiles, taken))
    pool = list(tiles)
    chosen = 0
    for last in range(len(pool) - 1, len(pool) - 1 - taken, -1):
        size = (last + 1).bit_length()
        at = rng.getrandbits(size)
        while at > last:
            at = rng.getrandbits(size)
        chosen |= pool[at]
        pool[at] = pool[last]
    return chosen


def _picked(splits: tuple[Taking, ...], pick: int) -> tuple[tuple[tuple[int, int], ...], Split]:
    """The split at ``pick`` when each takes as many places as it has deals: the types it
    takes tiles of (how many of each) and the counts it leaves."""
    for taking, ways, rest in splits:
        if pick < ways:
            return taking, rest
        pick -= ways
    raise AssertionError("the weights sum to more than the pick")


def _splits_of(size: int, counts: Split, allowed: list[int]) -> Iterator[Split]:
    """Every way to take ``size`` tiles, at most ``counts[k]`` of type ``k`` if allowed."""
    if not counts:
        if size == 0:
            yield ()
        return
    most = min(size, counts[0]) if allowed[0] else 0
    for taken in range(most + 1):
        for rest in _splits_of(size - taken, counts[1:], allowed[1:]):
            yield (taken, *rest)
