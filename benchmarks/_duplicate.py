"""Duplicate matches between two computer players, as ``bench_coach.py`` plays them.

Each deal is played once per side with the tested player's side moved round the table
(twice with two players or two partner pairs, three or four times otherwise), the
same tiles every time, so luck of the deal cancels out. Every strategy is handed only
rounds with the other hands dealt again from what its seat can know
(``players.blindfolded``): no strategy can peek. A round's score is the points the
tested side won minus the mean of the points the other sides won (the match's award:
with two players, the margin); a deal's rotations are averaged before the mean and its
95% interval are taken over deals.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, field

from blockdomino import Round, Rules
from blockdomino.analysis.players import Strategy, blindfolded, play_round
from blockdomino.engine.round import Move


@dataclass
class Timed:
    """A strategy that counts its decisions (two legal plays or more) and their CPU time."""

    strategy: Strategy
    decisions: int = 0
    seconds: float = 0.0

    def __call__(self, position: Round, rng: random.Random, /) -> Move:
        if len(position.legal_moves()) < 2:
            return self.strategy(position, rng)
        start = time.process_time()
        move = self.strategy(position, rng)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return move

    @property
    def per_decision(self) -> float:
        """CPU milliseconds per decision."""
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0


@dataclass
class Duplicate:
    """The tested player against a baseline over duplicate deals of one rule set."""

    rules: Rules
    tested: Timed
    baseline: Timed
    margins: list[float] = field(default_factory=list)

    def play(self, seed: int) -> None:
        """Deal ``seed`` played with the tested side in every place in turn."""
        sides = self.rules.sides()
        scores = []
        for place in range(len(sides)):
            tested_seats = sides[place]
            strategies = [
                blindfolded(self.tested if seat in tested_seats else self.baseline)
                for seat in range(self.rules.players)
            ]
            end = play_round(Round.deal(self.rules, seed), strategies, seed)
            assert end.result is not None
            points = [end.result.points[side[0]] for side in sides]
            others = [points[other] for other in range(len(sides)) if other != place]
            scores.append(points[place] - statistics.fmean(others))
        self.margins.append(statistics.fmean(scores))

    def interval(self) -> tuple[float, float, float]:
        """The mean score per round and its 95% interval (normal approximation)."""
        mean = statistics.fmean(self.margins)
        count = len(self.margins)
        half = 1.96 * statistics.stdev(self.margins) / math.sqrt(count) if count > 1 else 0.0
        return mean, mean - half, mean + half

    def line(self, name: str) -> str:
        """One line of figures: the mean, its interval, the times per decision."""
        mean, low, high = self.interval()
        rounds = len(self.margins) * len(self.rules.sides())
        return (
            f"{name}, {len(self.margins)} deals ({rounds} rounds): "
            f"{mean:+.3f} points per round (95% CI {low:+.3f} … {high:+.3f}); "
            f"ms per decision {self.tested.per_decision:.1f} against "
            f"{self.baseline.per_decision:.1f}"
        )
