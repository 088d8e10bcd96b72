"""003's strategy claims, each judged against the measurements: holds, fails or unsettled.

A verdict is data, like an award: the claim, the player count, the two estimates set
side by side and what the intervals say. ``words`` puts it into a language.

The claims (003, "Vad är Blockspel?" and the table's row "Partiets slut"):

- ``blocked``: "Partierna låser sig mycket oftare" — Block's rounds block more often than
  the draw game's;
- ``pips``: "… så prickarna kvar på handen betyder mer" — the pips left in hand decide
  more of Block's rounds than of the draw game's;
- ``heavy``: "det är riskabelt att behålla de tunga brickorna på handen" — in Block, a
  player who sheds the heaviest tile first wins more than the fair share;
- ``closing``: "att stänga en ände som motståndaren behöver är ofta det bästa draget" —
  in Block, a move that leaves the next player unable to match is followed by the
  mover's win more often than any other move.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from blockdomino.analysis.lab.measure import GameFigures, Lab, Share

CLAIMS: Final = ("blocked", "pips", "heavy", "closing")
"""The claims of 003 the lab measures, in the order 003 makes them."""


class Verdict(enum.Enum):
    """What the 95% intervals say about a claim."""

    HOLDS = "holds"
    """The claimed side's interval lies wholly above the other."""
    FAILS = "fails"
    """The claimed side's interval lies wholly below the other: the opposite is measured."""
    UNSETTLED = "unsettled"
    """The intervals overlap: with this many rounds the difference may be chance."""


def compare(low: float, high: float, other_low: float, other_high: float) -> Verdict:
    """Whether the interval ``low``–``high`` lies above, below or across the other one."""
    if low > other_high:
        return Verdict.HOLDS
    if high < other_low:
        return Verdict.FAILS
    return Verdict.UNSETTLED


@dataclass(frozen=True, slots=True)
class Judged:
    """One claim with one player count: the estimate it is about, the one it is set
    against (``versus``), and the verdict. ``block`` and ``draw`` are the figures read."""

    claim: str
    players: int
    estimate: Share
    versus: Share | float
    verdict: Verdict
    block: GameFigures
    draw: GameFigures


def _judge(claim: str, block: GameFigures, draw: GameFigures) -> Judged:
    pairs: dict[str, tuple[Share, Share | float]] = {
        "blocked": (block.blocked, draw.blocked),
        "pips": (block.decided, draw.decided),
        "heavy": (block.heaviest, block.fair_share),
        "closing": (block.closing, block.other),
    }
    estimate, versus = pairs[claim]
    if isinstance(versus, Share):
        verdict = compare(estimate.low, estimate.high, versus.low, versus.high)
    else:
        verdict = compare(estimate.low, estimate.high, versus, versus)
    return Judged(claim, block.rules.players, estimate, versus, verdict, block, draw)


def judge(lab: Lab) -> tuple[Judged, ...]:
    """Every claim with every player count measured, claim by claim."""
    return tuple(_judge(claim, *lab.games(players)) for claim in CLAIMS for players in lab.players)
