"""A scoring quiz: how a round ended and what is left in each hand; who scores what?

Each question gives the ending (domino or blocked) and each hand's pip total. The
learner types the points each seat scores, or says that nobody scores, and checks:
right or wrong at once, then the award as a figure, worked through step by step. The
questions and the marks are ``blockdomino.play.quiz``; this widget shows its view model.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets  # type: ignore[import-untyped]

from blockdomino.play.quiz import Question, QuestionSpec, QuizController
from blockdomino.play.view_model import ViewModel
from blockdomino.widgets._base import View, Widget, row

__all__ = ["Question", "QuestionSpec", "ScoringQuiz"]


class ScoringQuiz(View[QuizController]):
    """Questions on scoring, one at a time, with immediate feedback and explanation."""

    def __init__(self, questions: Sequence[QuestionSpec], *, lang: str) -> None:
        self.inputs_box: Widget = ipywidgets.VBox()
        super().__init__(QuizController(questions, lang=lang), "caption", "givens", "message")
        self.questions = self.controller.questions
        self.caption, self.givens = self.areas["caption"], self.areas["givens"]
        self.nobody_button = self.fields["nobody"]
        self.check_button, self.next_button, self.restart_button = self.group("actions")
        self.children = [
            self.caption,
            self.givens,
            self.inputs_box,
            self.nobody_button,
            self.check_button,
            self.message,
            row(self.next_button, self.restart_button),
        ]

    def __repr__(self) -> str:
        state = self.controller.state
        return (
            f"ScoringQuiz(question={state.index + 1}/{len(self.questions)}, "
            f"right={self.right}, lang={self.lang!r})"
        )

    def show(self, view: ViewModel) -> None:
        """Show a view model; the number fields are those of the question shown."""
        super().show(view)
        self.inputs_box.children = [
            self.fields[field.id] for field in view.fields if field.kind == "number"
        ]

    @property
    def question(self) -> Question:
        """The question shown."""
        return self.controller.question

    @property
    def inputs(self) -> tuple[Widget, ...]:
        """One number box per seat, for the points that seat scores."""
        return tuple(self.inputs_box.children)

    @property
    def answered(self) -> bool:
        """The question shown has been checked."""
        return self.controller.state.answered

    @property
    def right(self) -> int:
        """How many questions were answered right so far."""
        return sum(self.controller.state.marks)

    def answer(self) -> tuple[int, ...]:
        """The points the learner gives each seat (all 0 when they chose "nobody")."""
        return self.controller.state.answer

    def check(self) -> None:
        """Mark the answer right or wrong and show the award as a figure, step by step."""
        self.act("check")

    def next_question(self) -> None:
        """On to the next question, once this one is checked."""
        self.act("next")

    def restart(self) -> None:
        """Back to the first question with no answers."""
        self.act("restart")
