"""Whether the reading coach's "probably" comes true: its chances against what was held.

Seeded rounds are played out; at every turn with a choice, the seat to move's coach
works out the chance of each other seat lacking each number and holding each unseen
tile (``coach.claims.chances``), and the true hands say whether it was so. The chances
are put in bins of a tenth; a bin is calibrated when the share that came true is about
its mean chance. The claims said to a pupil are those from ``PROBABLY`` up: of them,
at least the claimed share should come true.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from blockdomino import Round, Rules
from blockdomino.analysis.coach import View
from blockdomino.analysis.coach.claims import PROBABLY, chances
from blockdomino.analysis.players import Strategy, step

BINS = 10


@dataclass
class Calibration:
    """Claimed chances and outcomes, by bin: ``[count, sum of chances, count true]``."""

    bins: dict[str, list[list[float]]] = field(default_factory=dict)

    def add(self, what: str, chance: float, true: bool) -> None:
        rows = self.bins.setdefault(what, [[0, 0.0, 0] for _ in range(BINS)])
        row = rows[min(BINS - 1, int(chance * BINS))]
        row[0] += 1
        row[1] += chance
        row[2] += true

    def observe(self, position: Round, seed: int) -> None:
        """Every chance the seat to move's coach gives, against the true hands."""
        for seat_chances in chances(View.of(position), deals=200, seed=seed):
            hand = position.hands[seat_chances.seat]
            for number, chance in seat_chances.lacking.items():
                self.add("lacks a number", chance, not any(tile.has(number) for tile in hand))
            for tile, chance in seat_chances.holding.items():
                self.add("holds a tile", chance, tile in hand)

    def lines(self) -> list[str]:
        """The table: per kind of claim and bin, the count, mean chance, share true."""
        lines = []
        for what, rows in self.bins.items():
            lines.append(f"  {what}: chance bin, claims, mean claimed, observed share")
            for index, (count, total, true) in enumerate(rows):
                if count:
                    low, high = index / BINS, (index + 1) / BINS
                    lines.append(
                        f"    {low:.1f}–{high:.1f}  {int(count):6d}  "
                        f"{total / count:.3f}  {true / count:.3f}"
                    )
            said = [row for index, row in enumerate(rows) if index / BINS >= PROBABLY]
            count = sum(row[0] for row in said)
            if count:
                claimed = sum(row[1] for row in said) / count
                observed = sum(row[2] for row in said) / count
                lines.append(
                    f"    said as 'probably' (≥ {PROBABLY:.1f}): {int(count)} claims, "
                    f"mean claimed {claimed:.3f}, observed {observed:.3f}"
                )
        return lines


def calibrate(rules: Rules, strategy: Strategy, rounds: int) -> Calibration:
    """``rounds`` seeded rounds of ``strategy`` in every seat, observed at every choice."""
    calibration = Calibration()
    for seed in range(rounds):
        rng = random.Random(seed)
        position = Round.deal(rules, seed)
        while not position.is_over:
            if len(position.legal_moves()) > 1:
                calibration.observe(position, seed)
            position = step(position, strategy, rng)
    return calibration
