"""A hint given a time budget (the app's, on a phone) keeps to it as a whole: the
reading coach's weighing of deals counts, not only their solving; and a budget that
suffices changes nothing."""

from __future__ import annotations

import itertools
import random

import pytest

from blockdomino import Round, Rules
from blockdomino.analysis.coach import View, hint, weighing
from blockdomino.analysis.coach.reading import Reader
from blockdomino.analysis.coach.weighing import CANDIDATES, Deal, deals, reading_sampler
from blockdomino.engine.tiles import parse_tiles


def bens_choice() -> Round:
    """Ben (seat 1) had [5|5] and [2|6] on a chain showing 5 and 6, and played [2|6]:
    there is something to read."""
    hands = [
        "[5|6] [0|1] [0|2] [0|3] [1|1] [1|2] [1|3]",
        "[5|5] [2|6] [4|4] [3|4] [0|4] [2|4] [4|6]",
    ]
    position = Round.from_hands(Rules.preset("match", 2), hands, leader=0)
    for text in ("[5|6]", "[2|6]"):
        tile = parse_tiles(text)[0]
        position = position.play(next(m for m in position.legal_moves() if m.tile == tile))
    return position


def test_a_budget_that_suffices_changes_nothing() -> None:
    position = bens_choice()
    assert hint(position, samples=30, seed=1, seconds=600) == hint(position, samples=30, seed=1)


def test_weighing_stops_when_its_time_is_up() -> None:
    """Out of time at once: one deal weighed, and kept."""
    view = View.of(bens_choice())
    kept = list(deals(view, 50, random.Random(1), reads=True, until=0.0))
    assert [copies for _, copies in kept] == [1]


def test_a_short_budget_keeps_from_the_start_of_the_same_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stopped after some deals (a clock ticking once a deal), it keeps one for every
    ``CANDIDATES`` weighed, all of them among the deals the full draw begins with."""
    view = View.of(bens_choice())
    sampler, rng = reading_sampler(view), random.Random(1)
    drawn = [sampler.deal(rng) for _ in range(CANDIDATES * 50)]
    weighed = counted(monkeypatch)
    clock = itertools.count()
    monkeypatch.setattr(weighing.time, "perf_counter", lambda: next(clock))
    short = list(deals(view, 50, random.Random(1), reads=True, until=40.5))
    assert 40 <= len(weighed) < CANDIDATES * 50
    assert sum(copies for _, copies in short) == len(weighed) // CANDIDATES
    assert all(deal in drawn[: len(weighed)] for deal, _ in short)


def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The reading coach's weighings from now on, one entry each."""
    weighed: list[int] = []
    weight = Reader.weight

    def counting(self: Reader, deal: Deal) -> float:
        weighed.append(1)
        return weight(self, deal)

    monkeypatch.setattr(Reader, "weight", counting)
    return weighed


def test_a_hint_out_of_time_weighs_one_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not ``CANDIDATES`` for each of the samples, as it did when only solving counted."""
    weighed = counted(monkeypatch)
    evaluation = hint(bens_choice(), samples=200, seed=1, seconds=0.0)
    assert evaluation.samples == 1
    assert len(weighed) == 1
