"""The deals a hint solves: drawn fairly, or drawn and then weighed by what was read.

The plain coach solves deals drawn one by one, each consistent deal equally likely
(``coach.sampling``). The reading coach first reads the lead (``View.barred``), then
draws ``CANDIDATES`` times as many deals as it will solve, weighs each by how likely
the other seats' plays are with those hands (``coach.reading``) and keeps as many as
it solves by *systematic resampling*: the deals laid end to end, each as long as its
weight, and picked at evenly spaced points from one random start. A deal picked twice
is solved once and counted twice. When nothing was read, or a position set up by hand
contradicts the lead, it draws as the plain coach does.

Late in a round few deals agree with what the seat saw (with two players, once the
opponent holds two or three tiles, or four after passes: a few hundred). Where they are
at most ``EVERY`` for each deal a hint solves, a hint that asks for ``every`` deal (the
learning coach's plan for what the seat sees, ``coach.grouped``) weighs each of them
once instead of drawing: each counts for its exact share of the deals solved (a
fraction), so nothing is left to chance and no deal stands alone in the plan where
others like it could have been drawn. Deals whose weight is below ``NEGLIGIBLE`` of the
total are left out (together they could not move a value by a thousandth of a point).

A hint given a time budget (on a phone) may run out of time while weighing: then it
weighs no more deals, and keeps one for every ``CANDIDATES`` it weighed (at least
one). The deals are drawn in the same order either way, so a budget that suffices
changes nothing, and a short one keeps the start of the same draw.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Final

from blockdomino.analysis.coach.knowledge import View
from blockdomino.analysis.coach.reading import Reader
from blockdomino.analysis.coach.sampling import Sampler
from blockdomino.analysis.coach.style import Styles
from blockdomino.engine.errors import RulesError
from blockdomino.engine.tiles import Tile

CANDIDATES: Final = 4
"""Deals drawn per deal solved by the reading coach, before weighing."""

EVERY: Final = CANDIDATES
"""Consistent deals per deal solved up to which a hint that asks for every deal weighs
each of them: no more than the reading coach draws and weighs anyway, so that the hint
takes no longer (the coach's 100 deals: up to 400; at ten times that, a decision took
about twice as long)."""

NEGLIGIBLE: Final = 1e-6
"""A deal weighing less than this share of all, when every deal is weighed, is not solved."""

Deal = dict[int, tuple[Tile, ...]]


def deals(
    view: View,
    samples: int,
    rng: random.Random,
    *,
    reads: bool,
    style: Styles | None = None,
    until: float | None = None,
    every: bool = False,
) -> Iterator[tuple[Deal, float]]:
    """Deals to solve for ``view``, each with how many of the ``samples`` it counts for.

    The plain coach's go on without end (its caller stops); the reading coach's stop
    once their counts reach ``samples``. ``every``: where the consistent deals are at
    most ``EVERY * samples``, each of them once, counting for its exact share of
    ``samples`` (see the module's text). ``style``: the seat's memory of the other
    seats' kinds from earlier rounds, which weighs the kinds and learns from the deals
    drawn (``coach.style``). ``until``, a ``time.perf_counter()`` reading, stops the
    weighing then (see the module's text).
    """
    sampler = reading_sampler(view) if reads and view.barred else Sampler(view)
    priors = style.priors(view) if style is not None else None
    reader = Reader(view, priors=priors) if reads else None
    if every and reader is not None and sampler.deals <= EVERY * samples:
        yield from _every(sampler, reader, samples, style)
        return
    if reader is None or not reader.reads:
        while True:
            yield sampler.deal(rng), 1
    candidates: list[Deal] = []
    weights: list[float] = []
    while len(candidates) < CANDIDATES * samples:
        if candidates and until is not None and time.perf_counter() > until:
            break
        candidates.append(sampler.deal(rng))
        weights.append(reader.weight(candidates[-1]))
    if style is not None:
        style.learn(reader.evidence(candidates))
    kept = max(1, len(candidates) // CANDIDATES)
    yield from _kept(candidates, weights, kept, rng)


def _every(
    sampler: Sampler, reader: Reader, samples: int, style: Styles | None
) -> Iterator[tuple[Deal, float]]:
    """Every consistent deal, each counting for its share of ``samples`` by weight."""
    candidates = list(sampler.every_deal())
    weights = [reader.weight(deal) for deal in candidates]
    if style is not None and reader.reads:
        style.learn(reader.evidence(candidates))
    total = sum(weights)
    if not total > 0:  # no deal explains the plays (a hand-made position): weigh all alike
        weights, total = [1.0] * len(candidates), float(len(candidates))
    for deal, weight in zip(candidates, weights, strict=True):
        if weight >= NEGLIGIBLE * total:
            yield deal, samples * weight / total


def reading_sampler(view: View) -> Sampler:
    """The sampler that reads the lead, or the plain one where no deal agrees with it."""
    try:
        return Sampler(view, lead=True)
    except RulesError:
        return Sampler(view)


def _kept(
    candidates: list[Deal], weights: list[float], samples: int, rng: random.Random
) -> Iterator[tuple[Deal, int]]:
    """``samples`` picks by systematic resampling, grouped: each picked deal and its count."""
    total = sum(weights)
    if not total > 0:  # no deal explains the plays (a hand-made position): weigh all alike
        weights, total = [1.0] * len(candidates), float(len(candidates))
    step = total / samples
    start = rng.random()
    points = [(start + pick) * step for pick in range(samples)]
    counts = [0] * len(candidates)
    reached, index = weights[0], 0
    for point in points:
        while point >= reached and index + 1 < len(candidates):  # rounding: the last takes it
            index += 1
            reached += weights[index]
        counts[index] += 1
    for deal, copies in zip(candidates, counts, strict=True):
        if copies:
            yield deal, copies
