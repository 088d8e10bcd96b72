"""The coach exercise as a controller: "which move would you play?", then the coach's
values.

One button per legal move (``move:<i>``, the move's place among ``legal_moves``).
Choosing one shows every move's value from the seat to move's own view, the best
starred, and says whether the choice is among the best; the shares are written under
the tiles on the table too. The hint is computed with ``samples`` deals and a fixed
``seed``, so the answer is the same on every run.
"""

from __future__ import annotations

from dataclasses import dataclass

from blockdomino import svg
from blockdomino.analysis.coach import Evaluation, hint
from blockdomino.analysis.coach.words import move_text
from blockdomino.engine.round import Move, Round
from blockdomino.play.coaching import hint_html, table_notes
from blockdomino.play.view_model import Button, Controller, ViewModel, paragraphs
from blockdomino.words.i18n import parse_lang, translate
from blockdomino.words.text import capitalized


@dataclass(frozen=True, slots=True)
class Choice:
    """The learner's move and the coach's values of every move."""

    move: Move
    evaluation: Evaluation


class CoachController(Controller[Choice | None]):
    """A position and its legal moves; the state is the learner's last choice."""

    def __init__(self, position: Round, *, lang: str, samples: int, seed: int) -> None:
        self.lang = parse_lang(lang)
        self.position, self.samples, self.seed = position, samples, seed
        self.moves = position.legal_moves()
        self.state: Choice | None = None
        self.actions = {"move": self._choose}

    def _choose(self, _: Choice | None, argument: str) -> Choice:
        evaluation = hint(self.position, samples=self.samples, seed=self.seed)
        return Choice(self.moves[int(argument)], evaluation)

    def refused(self, state: Choice | None, reason: str) -> Choice | None:
        """Every button is a legal move: nothing is refused."""
        return state

    def view(self) -> ViewModel:
        """The table (with the coach's notes once a move is chosen), the question or the
        verdict, a button per move, and the coach's values."""
        position, lang, choice = self.position, self.lang, self.state
        buttons = tuple(
            Button(
                f"move:{index}",
                move_text(move, lang),
                capitalized(move_text(move, lang, spoken=True)),
                "moves",
                spoken=capitalized(move_text(move, lang, spoken=True)),
            )
            for index, move in enumerate(self.moves)
        )
        if choice is None:
            question = translate("coach.exercise.question", lang)
            board = svg.table(position, lang=lang, reveal=(position.turn,), width=self.width)
            texts = (("message", paragraphs([question])), ("answer", ""))
            return ViewModel(str(board), texts, buttons, announcement=question)
        best = {entry.move for entry in choice.evaluation.best}
        key = "coach.exercise.best" if choice.move in best else "coach.exercise.other"
        verdict = translate(key, lang, move=move_text(choice.move, lang, spoken=True))
        notes, marked = table_notes(choice.evaluation, position, lang)
        board = svg.table(
            position, lang=lang, reveal=(position.turn,), notes=notes, best=marked, width=self.width
        )
        answer = hint_html(choice.evaluation, lang, chosen=choice.move)
        texts = (("message", paragraphs([verdict])), ("answer", answer))
        return ViewModel(str(board), texts, buttons, announcement=verdict)
