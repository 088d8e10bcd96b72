"""The coach exercise: "which move would you play?", then the coach's values.

What a choice does is ``blockdomino.play.coach_exercise``; this widget shows its view
model. The coach's words (a hint's list and notes, "What do we know?") are
``blockdomino.play.coaching``; the table's Hint and "What do we know?" buttons are
shown by ``blockdomino.widgets.table``.
"""

from __future__ import annotations

from blockdomino.engine.round import Move, Round
from blockdomino.play.coach_exercise import CoachController
from blockdomino.play.coaching import STAR, knowledge_table
from blockdomino.widgets._base import View, row

__all__ = ["STAR", "CoachExercise", "knowledge_table"]


class CoachExercise(View[CoachController]):
    """ "Which move would you play?": a position, a button per legal move, then the
    coach's values for all of them (their shares also under the tiles on the table)
    and a word on the learner's choice.

    The hint is computed from the seat to move's own view with ``samples`` deals and a
    fixed ``seed``, so the answer is the same on every run.
    """

    def __init__(self, position: Round, *, lang: str, samples: int = 100, seed: int = 0) -> None:
        controller = CoachController(position, lang=lang, samples=samples, seed=seed)
        super().__init__(controller, "message", "answer")
        self.samples, self.seed = samples, seed
        self.move_buttons = tuple(self.group("moves"))
        self.answer = self.areas["answer"]
        self.children = [self.board, self.message, row(*self.move_buttons), self.answer]

    @property
    def state(self) -> Round:
        """The position asked about."""
        return self.controller.position

    def __repr__(self) -> str:
        position = self.state
        chain = " ".join(str(tile) for tile in position.chain.tiles)
        return (
            f"CoachExercise(preset={position.rules.name!r}, players={position.rules.players}, "
            f"seat={position.turn}, chain={chain!r}, samples={self.samples}, lang={self.lang!r})"
        )

    def choose(self, move: Move) -> None:
        """The learner's choice: show every move's value and whether it is among the best."""
        self.act(f"move:{self.controller.moves.index(move)}")
