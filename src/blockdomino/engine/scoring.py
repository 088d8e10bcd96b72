"""The end of a round: who won and what they score, as data a teacher can walk through.

Placing a tile never scores. When a round ends the hands are shown and each hand's pips
are counted ([6|6] is 12, [0|0] is 0).

- Domino: whoever plays their last tile wins (their team, in a partnership). In a scored
  game they get the sum of all opponents' hands. A [0|0] left to an opponent is no tie
  with the empty hand: the dominoer always wins.
- Blocked: only now are totals compared. The one player alone with the lowest total wins
  (the team with the lower sum of both partners' hands); equal lowest totals: nobody wins.
  In a scored game the winner gets the opponents' total minus their own total, once.

Awards are never rounded or divided by five, and nobody's earlier score is reduced.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from blockdomino.engine.errors import RulesError
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import Tile


class Ending(enum.Enum):
    """How a round ended."""

    DOMINO = "domino"
    """A player played their last tile."""
    BLOCKED = "blocked"
    """Nobody could play."""


@dataclass(frozen=True, slots=True)
class Award:
    """What the winning side scores and how: the opponents' hands added, its own subtracted.

    ``added`` holds each opponent's (seat, total); ``subtracted`` the winners' own
    (seat, total) in a blocked round, and nothing after a domino. ``points`` is the sum.
    """

    side: tuple[int, ...]
    added: tuple[tuple[int, int], ...]
    subtracted: tuple[tuple[int, int], ...]

    @property
    def points(self) -> int:
        """Opponents' pips minus, in a blocked round, the winners' own pips."""
        return sum(total for _, total in self.added) - sum(total for _, total in self.subtracted)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended, each hand's pip total, the winners and the points per seat.

    ``winners`` is one seat, both partners, or empty when the lowest totals tie.
    ``points`` has one entry per seat; partners both show their team's award.
    ``award`` is the calculation, present when a scored round has a winner.
    """

    rules: Rules
    ending: Ending
    dominoer: int | None
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    points: tuple[int, ...]
    award: Award | None

    @property
    def is_tie(self) -> bool:
        """A blocked round whose lowest totals are equal: nobody wins, nobody scores."""
        return not self.winners


def hand_total(hand: Sequence[Tile]) -> int:
    """The pips left in a hand: both halves of every tile."""
    return sum(tile.pips for tile in hand)


def _check(rules: Rules, totals: Sequence[int], dominoer: int | None) -> None:
    if len(totals) != rules.players:
        raise RulesError("error.score.totals_count", given=len(totals), players=rules.players)
    for total in totals:
        if total < 0:
            raise RulesError("error.score.negative_total", total=total)
    if dominoer is not None:
        if not 0 <= dominoer < rules.players:
            raise RulesError("error.round.bad_seat", seat=dominoer, players=rules.players)
        if totals[dominoer] != 0:
            raise RulesError(
                "error.score.dominoer_holds_tiles", seat=dominoer, pip_count=totals[dominoer]
            )


def _blocked_winners(rules: Rules, totals: Sequence[int]) -> tuple[int, ...]:
    """The side alone with the lowest total (a side's total sums its partners' hands)."""
    side_totals = [(sum(totals[seat] for seat in side), side) for side in rules.sides()]
    lowest = min(total for total, _ in side_totals)
    lowest_sides = [side for total, side in side_totals if total == lowest]
    return lowest_sides[0] if len(lowest_sides) == 1 else ()


def score(rules: Rules, totals: Sequence[int], *, dominoer: int | None = None) -> RoundResult:
    """The result of a round that ended with these pip totals per seat.

    ``dominoer`` is the seat that played its last tile (its total must be 0), or
    ``None`` when the round blocked. Impossible input raises ``RulesError``.
    """
    totals = tuple(totals)
    _check(rules, totals, dominoer)
    if dominoer is not None:
        ending, winners = Ending.DOMINO, rules.side_of(dominoer)
    else:
        ending, winners = Ending.BLOCKED, _blocked_winners(rules, totals)
    award = None
    points = (0,) * rules.players
    if rules.scored and winners:
        award = Award(
            side=winners,
            added=tuple(
                (seat, totals[seat]) for seat in range(rules.players) if seat not in winners
            ),
            subtracted=(
                tuple((seat, totals[seat]) for seat in winners) if ending is Ending.BLOCKED else ()
            ),
        )
        points = tuple(award.points if seat in winners else 0 for seat in range(rules.players))
    return RoundResult(rules, ending, dominoer, totals, winners, points, award)
