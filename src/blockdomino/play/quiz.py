"""The scoring quiz as a controller: how a round ended and what is left in each hand;
who scores what?

Each question gives the ending (domino or blocked) and each hand's pip total. The
learner fills in the points each seat scores (fields ``points.<seat>``), or says that
nobody scores (the switch ``nobody``), and checks: right or wrong at once, then the
award as a figure, worked through step by step. Actions: ``set:<field>:<value>``,
``check``, ``next`` and ``restart``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from blockdomino.analysis.calculator import check_totals
from blockdomino.engine.rules import Rules
from blockdomino.engine.scoring import RoundResult, score
from blockdomino.play.view_model import (
    Controller,
    Field,
    ViewModel,
    catalog_button,
    heading_html,
    paragraphs,
    preset_name,
)
from blockdomino.svg.awards import Hands, award
from blockdomino.words.examples import ScoringFigure
from blockdomino.words.i18n import format_list, parse_lang, points, translate
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


@dataclass(frozen=True, slots=True)
class QuizState:
    """The question shown, the points filled in, "nobody scores", and the marks so far
    (one per question checked)."""

    index: int
    given: tuple[int, ...]
    nobody: bool = False
    marks: tuple[bool, ...] = ()

    @property
    def answered(self) -> bool:
        """The question shown has been checked."""
        return len(self.marks) > self.index

    @property
    def answer(self) -> tuple[int, ...]:
        """The points the learner gives each seat (all 0 when they chose "nobody")."""
        return (0,) * len(self.given) if self.nobody else self.given


class QuizController(Controller[QuizState]):
    """Questions on scoring, one at a time, with immediate feedback and explanation."""

    def __init__(self, questions: Sequence[QuestionSpec], *, lang: str) -> None:
        if not questions:
            raise ValueError("ScoringQuiz needs at least one question")
        self.lang = parse_lang(lang)
        self.questions = tuple(Question.of(spec) for spec in questions)
        self.state = self._asked(0, ())
        self.actions = {
            "set": self._set,
            "check": self._check,
            "next": self._next,
            "restart": lambda _, __: self._asked(0, ()),
        }

    @property
    def question(self) -> Question:
        """The question shown."""
        return self.questions[self.state.index]

    def _asked(self, index: int, marks: tuple[bool, ...]) -> QuizState:
        players = self.questions[index].result.rules.players
        return QuizState(index, (0,) * players, marks=marks)

    def refused(self, state: QuizState, reason: str) -> QuizState:
        """Nothing in the quiz is refused: a wrong answer is marked, not refused."""
        return state

    def _set(self, state: QuizState, argument: str) -> QuizState:
        if state.answered:
            return state
        field, _, value = argument.partition(":")
        if field == "nobody":
            return replace(state, nobody=bool(int(value)))
        seat = int(field.removeprefix("points."))
        given = (*state.given[:seat], int(value), *state.given[seat + 1 :])
        return replace(state, given=given)

    def _check(self, state: QuizState, _: str) -> QuizState:
        if state.answered:
            return state
        return replace(state, marks=(*state.marks, self.question.is_right(state.answer)))

    def _next(self, state: QuizState, _: str) -> QuizState:
        if state.answered and state.index + 1 < len(self.questions):
            return self._asked(state.index + 1, state.marks)
        return state

    def view(self) -> ViewModel:
        """The heading, the givens, a field per seat and "nobody", Check, the verdict
        with the award as a figure, Next question and Restart."""
        state, lang = self.state, self.lang
        result = self.question.result
        caption = translate(
            "widgets.quiz.heading",
            lang,
            number=state.index + 1,
            count=len(self.questions),
            preset=preset_name(result.rules, lang),
            players=result.rules.players,
        )
        ending, totals = explanation_steps(result, lang)[:2]
        givens = paragraphs([ending, totals, translate("widgets.quiz.prompt", lang)])
        verdict = self._verdict() if state.answered else ""
        texts = (("caption", heading_html(caption)), ("givens", givens), ("message", verdict))
        last = state.index + 1 == len(self.questions)
        buttons = (
            catalog_button(
                "widgets.button.check",
                "widgets.button.check.tooltip",
                lang,
                id="check",
                enabled=not state.answered,
            ),
            catalog_button(
                "widgets.button.next_question",
                "widgets.button.next_question.tooltip",
                lang,
                id="next",
                enabled=state.answered and not last,
            ),
            catalog_button(
                "widgets.button.restart",
                "widgets.button.restart_quiz.tooltip",
                lang,
                id="restart",
                enabled=bool(state.marks),
            ),
        )
        return ViewModel(
            svg="",
            texts=texts,
            buttons=buttons,
            fields=self._fields(),
            announcement=caption if not state.answered else self._verdict_text(),
        )

    def _fields(self) -> tuple[Field, ...]:
        state, lang = self.state, self.lang
        boxes = tuple(
            Field(
                f"points.{seat}",
                player_name(seat, lang),
                translate("widgets.quiz.points.tooltip", lang, player=player_name(seat, lang)),
                given,
                enabled=not (state.answered or state.nobody),
            )
            for seat, given in enumerate(state.given)
        )
        nobody = Field(
            "nobody",
            translate("widgets.quiz.nobody", lang),
            translate("widgets.quiz.nobody.tooltip", lang),
            int(state.nobody),
            kind="toggle",
            enabled=not state.answered,
        )
        return (*boxes, nobody)

    def _verdict_text(self) -> str:
        if self.state.marks[self.state.index]:
            return translate("widgets.quiz.right", self.lang)
        return translate("widgets.quiz.wrong", self.lang, points=self._points_text())

    def _verdict(self) -> str:
        marks = self.state.marks
        tally = translate("widgets.quiz.tally", self.lang, right=sum(marks), answered=len(marks))
        figure = award(self.question.result, hands=self.question.hands, lang=self.lang)
        return paragraphs([self._verdict_text()]) + figure.html() + paragraphs([tally])

    def _points_text(self) -> str:
        scored = [
            translate(
                "widgets.quiz.seat_points",
                self.lang,
                player=player_name(seat, self.lang),
                points=points(award, self.lang, won=True),
            )
            for seat, award in enumerate(self.question.result.points)
            if award
        ]
        if not scored:
            return translate("widgets.quiz.nobody_scores", self.lang)
        return format_list(scored, self.lang)
