"""The coach: which move is good here, and why (a public module).

- ``solve(position)``: the exact value of each legal move with every hand known.
- ``hint(position, samples=200, seed=0)``: the same from the seat's own view only,
  averaged over the deals of the unseen tiles that agree with what happened, with a
  ``reason`` for the recommended move.
- ``knowledge(position)``: what the seat to move knows about the other hands, and
  ``read_hands(position)``: what it probably knows from the plays the others chose
  (numbers they probably lack, tiles they probably hold, with the evidence).
- ``hint_lines``, ``solve_lines``, ``knowledge_lines``: those answers in Finnish,
  Swedish or English, a line each.

The coach itself lives in ``blockdomino.analysis.coach``, which may change shape.
"""

from blockdomino.analysis.coach import (
    Evaluation,
    Knowledge,
    MoveValue,
    Reason,
    SeatKnowledge,
    View,
    hint,
    knowledge,
    solve,
)
from blockdomino.analysis.coach.claims import SeatReading, read_hands
from blockdomino.analysis.coach.words import (
    hint_lines,
    knowledge_lines,
    move_text,
    reading_lines,
    reason_text,
    solve_lines,
)

__all__ = [
    "Evaluation",
    "Knowledge",
    "MoveValue",
    "Reason",
    "SeatKnowledge",
    "SeatReading",
    "View",
    "hint",
    "hint_lines",
    "knowledge",
    "knowledge_lines",
    "move_text",
    "read_hands",
    "reading_lines",
    "reason_text",
    "solve",
    "solve_lines",
]
