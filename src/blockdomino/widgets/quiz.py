"""A scoring quiz: how a round ended and what is left in each hand; who scores what?

Each question gives the ending (domino or blocked) and each hand's pip total. The
learner types the points each seat scores, or says that nobody scores, and checks:
right or wrong at once, then the award as a figure, worked through step by step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import ipywidgets  # type: ignore[import-untyped]

from blockdomino.analysis.calculator import check_totals
from blockdomino.engine.rules import Rules
from blockdomino.engine.scoring import RoundResult, score
from blockdomino.play.view_model import heading_html, paragraphs, preset_name
from blockdomino.svg.award import Hands, award
from blockdomino.widgets._base import Widget, button, label_fit, row
from blockdomino.words.examples import ScoringFigure
from blockdomino.words.i18n import check_language, format_list, points, translate
from blockdomino.words.text import explanation_steps, player_name

QuestionSpec = tuple[Rules, Sequence[int], int | None] | ScoringFigure
"""A question as given: rules, hand totals and the dominoer (``None``: blocked), or a
scoring figure of the Finnish rules (the ``match`` preset, one seat per total)."""


@dataclass(frozen=True, slots=True)
class Question:
    """One round's end to score: its result holds the rules, totals and right answer;
    ``hands`` the tiles left, when the question has them (a scoring figure does)."""

    result: RoundResult
    hands: Hands | None = None

    @classmethod
    def of(cls, spec: QuestionSpec) -> Question:
        """A question from a scoring figure or from (rules, totals, dominoer); totals no
        round can leave are refused as the calculator refuses them."""
        if isinstance(spec, ScoringFigure):
            rules = Rules.preset("match", len(spec.totals))
            return cls(score(rules, spec.totals, dominoer=spec.dominoer), spec.hands)
        rules, totals, dominoer = spec
        result = score(rules, totals, dominoer=dominoer)
        check_totals(rules, result.totals, dominoer)
        return cls(result)

    def is_right(self, points: Sequence[int]) -> bool:
        """Whether ``points`` (one number per seat) is the award the rules give."""
        return tuple(points) == self.result.points


class ScoringQuiz(ipywidgets.VBox):  # type: ignore[misc]
    """Questions on scoring, one at a time, with immediate feedback and explanation."""

    def __init__(self, questions: Sequence[QuestionSpec], *, lang: str) -> None:
        super().__init__()
        if not questions:
            raise ValueError("ScoringQuiz needs at least one question")
        self.lang = check_language(lang)
        self.questions = tuple(Question.of(spec) for spec in questions)
        self._index = 0
        self._marks: tuple[bool, ...] = ()
        self.caption: Widget = ipywidgets.HTML()
        self.givens: Widget = ipywidgets.HTML()
        self.message: Widget = ipywidgets.HTML()
        self.inputs_box: Widget = ipywidgets.VBox()
        self.nobody_button: Widget = ipywidgets.ToggleButton(
            description=translate("widgets.quiz.nobody", self.lang),
            tooltip=translate("widgets.quiz.nobody.tooltip", self.lang),
            layout=label_fit(),
        )
        self.nobody_button.observe(lambda _: self._refresh_inputs(), names="value")
        self.check_button = button(
            translate("widgets.button.check", self.lang),
            translate("widgets.button.check.tooltip", self.lang),
            self.check,
        )
        self.next_button = button(
            translate("widgets.button.next_question", self.lang),
            translate("widgets.button.next_question.tooltip", self.lang),
            self.next_question,
        )
        self.restart_button = button(
            translate("widgets.button.restart", self.lang),
            translate("widgets.button.restart_quiz.tooltip", self.lang),
            self.restart,
        )
        self.children = [
            self.caption,
            self.givens,
            self.inputs_box,
            self.nobody_button,
            self.check_button,
            self.message,
            row(self.next_button, self.restart_button),
        ]
        self._show_question()

    def __repr__(self) -> str:
        return (
            f"ScoringQuiz(question={self._index + 1}/{len(self.questions)}, "
            f"right={sum(self._marks)}, lang={self.lang!r})"
        )

    @property
    def question(self) -> Question:
        """The question shown."""
        return self.questions[self._index]

    @property
    def inputs(self) -> tuple[Widget, ...]:
        """One number box per seat, for the points that seat scores."""
        return tuple(self.inputs_box.children)

    @property
    def answered(self) -> bool:
        """The question shown has been checked."""
        return len(self._marks) > self._index

    @property
    def right(self) -> int:
        """How many questions were answered right so far."""
        return sum(self._marks)

    def answer(self) -> tuple[int, ...]:
        """The points the learner gives each seat (all 0 when they chose "nobody")."""
        if self.nobody_button.value:
            return (0,) * len(self.inputs)
        return tuple(int(box.value) for box in self.inputs)

    def check(self) -> None:
        """Mark the answer right or wrong and show the award as a figure, step by step."""
        if self.answered:
            return
        right = self.question.is_right(self.answer())
        self._marks = (*self._marks, right)
        result = self.question.result
        if right:
            verdict = translate("widgets.quiz.right", self.lang)
        else:
            verdict = translate("widgets.quiz.wrong", self.lang, points=self._points_text(result))
        tally = translate(
            "widgets.quiz.tally", self.lang, right=self.right, answered=len(self._marks)
        )
        figure = award(result, hands=self.question.hands, lang=self.lang)
        self.message.value = paragraphs([verdict]) + figure.html() + paragraphs([tally])
        self._refresh_buttons()

    def next_question(self) -> None:
        """On to the next question, once this one is checked."""
        if self.answered and self._index + 1 < len(self.questions):
            self._index += 1
            self._show_question()

    def restart(self) -> None:
        """Back to the first question with no answers."""
        self._index = 0
        self._marks = ()
        self._show_question()

    def _points_text(self, result: RoundResult) -> str:
        scored = [
            translate(
                "widgets.quiz.seat_points",
                self.lang,
                player=player_name(seat, self.lang),
                points=points(award, self.lang),
            )
            for seat, award in enumerate(result.points)
            if award
        ]
        if not scored:
            return translate("widgets.quiz.nobody_scores", self.lang)
        return format_list(scored, self.lang)

    def _show_question(self) -> None:
        result = self.question.result
        self.caption.value = heading_html(
            translate(
                "widgets.quiz.heading",
                self.lang,
                number=self._index + 1,
                count=len(self.questions),
                preset=preset_name(result.rules, self.lang),
                players=result.rules.players,
            )
        )
        ending, totals = explanation_steps(result, self.lang)[:2]
        self.givens.value = paragraphs(
            [ending, totals, translate("widgets.quiz.prompt", self.lang)]
        )
        self.inputs_box.children = [
            ipywidgets.IntText(
                value=0,
                description=player_name(seat, self.lang),
                tooltip=translate(
                    "widgets.quiz.points.tooltip", self.lang, player=player_name(seat, self.lang)
                ),
            )
            for seat in range(result.rules.players)
        ]
        self.nobody_button.value = False
        self.message.value = ""
        self._refresh_buttons()

    def _refresh_inputs(self) -> None:
        for box in self.inputs:
            box.disabled = self.answered or self.nobody_button.value

    def _refresh_buttons(self) -> None:
        self._refresh_inputs()
        self.nobody_button.disabled = self.answered
        self.check_button.disabled = self.answered
        self.next_button.disabled = not self.answered or self._index + 1 == len(self.questions)
        self.restart_button.disabled = not self._marks
