"""The coach: which move is good here, and why.

- ``solve(position)``: the exact value of each legal move with every hand known
  (alpha-beta over the kernel's bits; ``coach.search``).
- ``hint(position, samples=200, seed=0)``: the same from the seat's own view only,
  averaged over consistent deals of the unseen tiles (``coach.sampling``), weighed by
  how well they explain the other seats' plays and the lead (``coach.reading``, fitted
  by ``coach.fit``; ``reads=False``: the plain coach), with a ``reason`` for the
  recommended move (``coach.reasons``; words in ``coach.words``).
- ``knowledge(position)``: what the seat to move knows about the other hands.
"""

from blockdomino.analysis.coach.hint import hint
from blockdomino.analysis.coach.knowledge import Knowledge, SeatKnowledge, View, knowledge
from blockdomino.analysis.coach.reasons import Reason
from blockdomino.analysis.coach.solve import solve
from blockdomino.analysis.coach.values import Evaluation, MoveValue

__all__ = [
    "Evaluation",
    "Knowledge",
    "MoveValue",
    "Reason",
    "SeatKnowledge",
    "View",
    "hint",
    "knowledge",
    "solve",
]
