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
deals is the highest, and so on down. Below ``DEPTH`` of the seat's choices, in a group
of fewer than ``SMALLEST`` deals, or in a deal where the opponent's kind has more than one
plausible play, each deal is valued alone as before (``coach.search``). The values are
exact over the deals drawn, and the seat never plans on tiles it cannot see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from blockdomino.analysis.coach.following import Scores, plausible
from blockdomino.analysis.coach.search import Node, Outcome, after_play, ordered, searcher
from blockdomino.analysis.coach.solve import EVERY_TILE
from blockdomino.engine.bits import BIT, PIPS, SHOWING
from blockdomino.engine.round import Move
from blockdomino.engine.rules import Rules

DEPTH: Final = 3
"""How many of the seat's choices after the one being hinted are made for a group of
deals together; deeper ones are made deal by deal."""

SMALLEST: Final = 2
"""A group of fewer deals than this is valued deal by deal (one deal alone is exactly
the deal-by-deal value)."""


@dataclass(slots=True)
class _Deal:
    """One imagined deal as the grouped search walks it: the opponent's hand now, and the
    deal's copies among those drawn (its weight)."""

    hand: int
    copies: int


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
        hands: Sequence[tuple[int, int]],
        ends: tuple[int, int] | None,
        moves: Sequence[Move],
        chain: int,
    ) -> list[list[int]]:
        """For each of ``moves`` (the seat's legal moves, hand ``mine``), each deal's
        value when the seat plays it and then one plan for each group of deals that look
        alike. ``hands``: each deal's opponent hand and copies; ``chain``: its tiles."""
        deals = [_Deal(hand, copies) for hand, copies in hands]
        values = []
        for move in moves:
            tile = move.tile.index
            end = None if move.end is None else move.end.pips
            a, b = after_play(tile, end, ends)
            values.append(self._after_mine(deals, mine ^ BIT[tile], a, b, chain | BIT[tile], DEPTH))
        return values

    def _hands(self, mine: int, theirs: int) -> list[int]:
        """The two hands in seat order, the seat's and its opponent's."""
        hands = [0, 0]
        hands[self.seat], hands[self.other] = mine, theirs
        return hands

    def _alone(
        self, deals: list[_Deal], mine: int, a: int, b: int, turn: int, chain: int
    ) -> list[int]:
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

    def _choose(
        self, deals: list[_Deal], mine: int, a: int, b: int, chain: int, depth: int
    ) -> list[int]:
        """The seat to move in every deal of a group: the best move for the group."""
        fitting = mine & (SHOWING[a] | SHOWING[b])
        if not fitting:  # the seat passes; the opponent can play (the round is not over)
            return self._answer(deals, mine, a, b, chain, depth)
        if depth == 0 or len(deals) < SMALLEST:
            return self._alone(deals, mine, a, b, self.seat, chain)
        best: list[int] = []
        best_total = None
        for move in ordered(fitting, a, b):
            tile = move >> 1
            bit = BIT[tile]
            na, nb = (PIPS[tile] - a, b) if move & 1 else (a, PIPS[tile] - b)
            values = self._after_mine(deals, mine ^ bit, na, nb, chain | bit, depth - 1)
            total = sum(value * deal.copies for value, deal in zip(values, deals, strict=True))
            if best_total is None or total > best_total:
                best, best_total = values, total
        return best

    def _after_mine(
        self, deals: list[_Deal], mine: int, a: int, b: int, chain: int, depth: int
    ) -> list[int]:
        """The seat has just played, leaving ``mine`` and ends ``a``, ``b``."""
        if not mine:
            return [self.outcome.domino(self._hands(mine, deal.hand), self.seat) for deal in deals]
        return self._answer(deals, mine, a, b, chain, depth)

    def _answer(
        self, deals: list[_Deal], mine: int, a: int, b: int, chain: int, depth: int
    ) -> list[int]:
        """The opponent to move in every deal: each deal's answer, the deals grouped by
        what the seat sees of it (the tile and where it went, or a pass), each group
        planned for together. A deal where the opponent's kind has two plausible plays
        or more (tied heaviest tiles) is valued alone, the worst of them for the seat."""
        wanted = SHOWING[a] | SHOWING[b]
        values = [0] * len(deals)
        groups: dict[tuple[int, int, int], list[int]] = {}
        alone: list[int] = []
        for index, deal in enumerate(deals):
            hand = deal.hand
            fitting = hand & wanted
            if not fitting:
                if not mine & wanted:
                    values[index] = self.outcome.blocked(self._hands(mine, hand))
                else:
                    groups.setdefault((-1, a, b), []).append(index)
                continue
            moves = ordered(fitting, a, b)
            if len(moves) > 1:
                moves = plausible(moves, self.scores, hand, EVERY_TILE & ~(chain | hand), a, b)
            if len(moves) > 1:
                alone.append(index)
                continue
            tile = moves[0] >> 1
            na, nb = (PIPS[tile] - a, b) if moves[0] & 1 else (a, PIPS[tile] - b)
            left = hand ^ BIT[tile]
            if not left:
                values[index] = self.outcome.domino(self._hands(mine, left), self.other)
            elif not (mine | left) & (SHOWING[na] | SHOWING[nb]):
                values[index] = self.outcome.blocked(self._hands(mine, left))
            else:
                groups.setdefault((tile, na, nb), []).append(index)
        if alone:
            chosen = [deals[index] for index in alone]
            found = self._alone(chosen, mine, a, b, self.other, chain)
            for index, value in zip(alone, found, strict=True):
                values[index] = value
        for (tile, na, nb), members in groups.items():
            played = 0 if tile < 0 else BIT[tile]
            group = [_Deal(deals[index].hand ^ played, deals[index].copies) for index in members]
            found = self._choose(group, mine, na, nb, chain | played, depth)
            for index, value in zip(members, found, strict=True):
                values[index] = value
        return values
