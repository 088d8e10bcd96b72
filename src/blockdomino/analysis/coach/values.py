"""What the coach says about a position: a value for every legal move, and the best ones.

``solve`` (every hand known) and ``hint`` (only the seat's view, deals sampled) answer
in the same shape, so that one display serves both: an ``Evaluation`` whose ``moves``
hold each legal ``Move`` with its ``value`` (exact, or the mean over the samples), the
share of samples in which it wins and how many samples were solved.
"""

from __future__ import annotations

from dataclasses import dataclass

from blockdomino.analysis.coach.reasons import Reason
from blockdomino.engine.round import Move


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One legal move and what it is worth to the side of the seat to move.

    ``value``: in a scored preset the points margin, else +1 win, 0 nobody wins, −1 loss
    (the mean over the deals solved, for a hint). ``win_share``: the share of those
    deals in which the move wins (value above 0). ``samples``: how many deals (1 when
    every hand was known).
    """

    move: Move
    value: float
    win_share: float
    samples: int


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The coach's answer for the seat to move: every legal move valued.

    ``value`` is the position's value (the best move's; with no legal move, the value
    after the forced pass). ``moves`` is empty when the seat must pass or the round is
    over. ``reason`` says in data why the recommended move is good (a hint only).
    """

    seat: int
    value: float
    moves: tuple[MoveValue, ...]
    samples: int
    reason: Reason | None = None

    @property
    def best(self) -> tuple[MoveValue, ...]:
        """The moves of the highest value (several when they tie)."""
        if not self.moves:
            return ()
        top = max(move.value for move in self.moves)
        return tuple(move for move in self.moves if move.value == top)

    def value_of(self, move: Move) -> MoveValue:
        """The entry of one legal move."""
        for entry in self.moves:
            if entry.move == move:
                return entry
        raise KeyError(move)
