"""The coach exercise: "which move would you play?", then the coach's values.

The coach's words (a hint's list and notes, "What do we know?") are
``blockdomino.play.coaching``; the table's Hint and "What do we know?" buttons are
shown by ``blockdomino.widgets.table``.
"""

from __future__ import annotations

from functools import partial

import ipywidgets  # type: ignore[import-untyped]

from blockdomino import svg
from blockdomino.analysis.coach import hint
from blockdomino.analysis.coach.words import move_text
from blockdomino.engine.round import Move, Round
from blockdomino.play.coaching import STAR, hint_html, knowledge_table, table_notes
from blockdomino.widgets._base import Panel, Widget, button, row
from blockdomino.words.i18n import translate

__all__ = ["STAR", "CoachExercise", "knowledge_table"]


class CoachExercise(Panel[Round]):
    """ "Which move would you play?": a position, a button per legal move, then the
    coach's values for all of them (their shares also under the tiles on the table)
    and a word on the learner's choice.

    The hint is computed from the seat to move's own view with ``samples`` deals and a
    fixed ``seed``, so the answer is the same on every run.
    """

    def __init__(self, position: Round, *, lang: str, samples: int = 100, seed: int = 0) -> None:
        super().__init__(position, lang=lang)
        self.samples, self.seed = samples, seed
        self.board.value = svg.table(position, lang=lang, reveal=(position.turn,))
        self.move_buttons = tuple(
            button(move_text(move, lang), move_text(move, lang), partial(self.choose, move))
            for move in position.legal_moves()
        )
        self.answer: Widget = ipywidgets.HTML()
        self.say(translate("coach.exercise.question", lang))
        self.children = [self.board, self.message, row(*self.move_buttons), self.answer]

    def __repr__(self) -> str:
        position = self.state
        chain = " ".join(str(tile) for tile in position.chain.tiles)
        return (
            f"CoachExercise(preset={position.rules.name!r}, players={position.rules.players}, "
            f"seat={position.turn}, chain={chain!r}, samples={self.samples}, lang={self.lang!r})"
        )

    def choose(self, move: Move) -> None:
        """The learner's choice: show every move's value and whether it is among the best."""
        position = self.state
        evaluation = hint(position, samples=self.samples, seed=self.seed)
        best = {entry.move for entry in evaluation.best}
        key = "coach.exercise.best" if move in best else "coach.exercise.other"
        self.say(translate(key, self.lang, move=move_text(move, self.lang)))
        self.answer.value = hint_html(evaluation, self.lang, chosen=move)
        notes, marked = table_notes(evaluation, position, self.lang)
        self.board.value = svg.table(
            position, lang=self.lang, reveal=(position.turn,), notes=notes, best=marked
        )
