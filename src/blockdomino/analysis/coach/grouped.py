"""Planning from what the seat will see: one plan for the imagined deals that look alike.

``hint`` solves each imagined deal as if its hands were turned up, and averages. Inside
one deal the search sees the opponent's hand, so its plan for the seat's later moves is
made for that deal alone; against a player whose plays can be predicted, the mean then
ranks the moves by plans the real, unseen deal may not allow.

When the coach follows its only opponent (two players, Block: ``coach.following``), and
that player's kind names one play as its choice, each deal gives one answer to each move
of the seat: the opponent's play, or its pass. This search plays every candidate move of
the seat in all the imagined deals together, lets the opponent answer in each, and puts
together the deals in which the seat then sees the same thing (the same tile at the same
end, or a pass). In each such group the seat must make one choice for all of them, as it
will at the table: for every group it takes the move whose summed value over the group's
deals is the highest, and so on down to the end of the round, for every choice the seat
has left. Where the opponent's kind has more than one plausible play (heaviest-first's
tied tiles, or one tile that fits both ends), the deal goes down each of them, weighed by
the kind's chances of them (``following.chances``), and its value is their mean: the
seat sees which one was played and plans for it. Only in a group of fewer than
``SMALLEST`` deals is each deal valued alone as before (``coach.search``: there the
opponent's worst tie for the seat is taken). The values are exact over the deals drawn,
and the seat never plans on tiles it cannot see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from blockdomino.analysis.coach.following import Scores, chances
from blockdomino.analysis.coach.search import Node, Outcome, after_play, ordered, searcher
from blockdomino.analysis.coach.solve import EVERY_TILE
from blockdomino.engine.bits import BIT, PIPS, SHOWING
from blockdomino.engine.round import Move
from blockdomino.engine.rules import Rules

SMALLEST: Final = 2
"""A group of fewer deals than this is valued deal by deal (one deal alone is exactly
the deal-by-deal value)."""


@dataclass(slots=True)
class _Deal:
    """One imagined deal as the grouped search walks it: the opponent's hand now, and its
    weight: the deal's copies among those drawn, times the chances of the opponent's tied
    plays that led here."""

    hand: int
    copies: float


class GroupedSearch:
    """The seat's moves valued over deals it cannot tell apart, one plan per group.

    For two players in Block only (no pot), with the opponent followed by its kind's
    ``scores``. ``node`` values one deal alone (``coach.search.searcher``).
    """

    def __init__(self, rules: Rules, seat: int, scores: Scores) -> None:
        self.seat, self.other = seat, rules.next_seat(seat)
        self.scores = scores
        self.outcome = Outcome(rules, seat)
        self.node: Node = searcher(rules, seat, {self.other: scores})

    def move_values(
        self,
        mine: int,
        hands: Sequence[tuple[int, float]],
        ends: tuple[int, int] | None,
        moves: Sequence[Move],
        chain: int,
    ) -> list[list[float]]:
        """For each of ``moves`` (the seat's legal moves, hand ``mine``), each deal's
        value when the seat plays it and then one plan for each group of deals that look
        alike. ``hands``: each deal's opponent hand and copies; ``chain``: its tiles."""
        deals = [_Deal(hand, copies) for hand, copies in hands]
        values = []
        for move in moves:
            tile = move.tile.index
            end = None if move.end is None else move.end.pips
            a, b = after_play(tile, end, ends)
            values.append(self._after_mine(deals, mine ^ BIT[tile], a, b, chain | BIT[tile]))
        return values

    def _hands(self, mine: int, theirs: int) -> list[int]:
        """The two hands in seat order, the seat's and its opponent's."""
        hands = [0, 0]
        hands[self.seat], hands[self.other] = mine, theirs
        return hands

    def _alone(
        self, deals: list[_Deal], mine: int, a: int, b: int, turn: int, chain: int
    ) -> list[float]:
        """Each deal valued by itself, ``turn`` to move (the round not over)."""
        node = self.node
        return [
            node(
                self._hands(mine, deal.hand),
                a,
                b,
                turn,
                (),
                EVERY_TILE & ~(mine | deal.hand | chain),
            )
            for deal in deals
        ]

    def _choose(self, deals: list[_Deal], mine: int, a: int, b: int, chain: int) -> list[float]:
        """The seat to move in every deal of a group: the best move for the group."""
        fitting = mine & (SHOWING[a] | SHOWING[b])
        if not fitting:  # the seat passes; the opponent can play (the round is not over)
            return self._answer(deals, mine, a, b, chain)
        if len(deals) < SMALLEST:
            return self._alone(deals, mine, a, b, self.seat, chain)
        best: list[float] = []
        best_total = None
        for move in ordered(fitting, a, b):
            tile = move >> 1
            bit = BIT[tile]
            na, nb = (PIPS[tile] - a, b) if move & 1 else (a, PIPS[tile] - b)
            values = self._after_mine(deals, mine ^ bit, na, nb, chain | bit)
            total = sum(value * deal.copies for value, deal in zip(values, deals, strict=True))
            if best_total is None or total > best_total:
                best, best_total = values, total
        return best

    def _after_mine(self, deals: list[_Deal], mine: int, a: int, b: int, chain: int) -> list[float]:
        """The seat has just played, leaving ``mine`` and ends ``a``, ``b``."""
        if not mine:
            domino = self.outcome.domino
            return [float(domino(self._hands(mine, deal.hand), self.seat)) for deal in deals]
        return self._answer(deals, mine, a, b, chain)

    def _answer(self, deals: list[_Deal], mine: int, a: int, b: int, chain: int) -> list[float]:
        """The opponent to move in every deal: each deal's answer, the deals grouped by
        what the seat sees of it (the tile and where it went, or a pass), each group
        planned for together. A deal where the opponent's kind has two plausible plays
        or more (tied heaviest tiles) goes into the group of each, with its weight
        shared by the kind's chances of them; its value is their mean."""
        wanted = SHOWING[a] | SHOWING[b]
        values = [0.0] * len(deals)
        groups: dict[tuple[int, int, int], list[tuple[int, float]]] = {}
        for index, deal in enumerate(deals):
            hand = deal.hand
            fitting = hand & wanted
            if not fitting:
                if not mine & wanted:
                    values[index] = self.outcome.blocked(self._hands(mine, hand))
                else:
                    groups.setdefault((-1, a, b), []).append((index, 1.0))
                continue
            for move, chance in self._answers(fitting, hand, a, b, chain):
                tile = move >> 1
                na, nb = (PIPS[tile] - a, b) if move & 1 else (a, PIPS[tile] - b)
                left = hand ^ BIT[tile]
                if not left:
                    value = self.outcome.domino(self._hands(mine, left), self.other)
                elif not (mine | left) & (SHOWING[na] | SHOWING[nb]):
                    value = self.outcome.blocked(self._hands(mine, left))
                else:
                    groups.setdefault((tile, na, nb), []).append((index, chance))
                    continue
                values[index] += chance * value
        for (tile, na, nb), members in groups.items():
            played = 0 if tile < 0 else BIT[tile]
            group = [
                _Deal(deals[index].hand ^ played, deals[index].copies * chance)
                for index, chance in members
            ]
            found = self._choose(group, mine, na, nb, chain | played)
            for (index, chance), planned in zip(members, found, strict=True):
                values[index] += chance * planned
        return values

    def _answers(
        self, fitting: int, hand: int, a: int, b: int, chain: int
    ) -> list[tuple[int, float]]:
        """The opponent's plausible plays of its ``fitting`` tiles, each with its kind's
        chance of it (one play: chance 1)."""
        moves = ordered(fitting, a, b)
        if len(moves) == 1:
            return [(moves[0], 1.0)]
        return chances(moves, self.scores, hand, EVERY_TILE & ~(chain | hand), a, b)
