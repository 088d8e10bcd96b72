"""A walkthrough the teacher leads: a worked example of the rules shown one step at a
time on every screen of the class.

The walkthroughs are the documents' seven chain descriptions (one step per tile
placed, each join said in words), their four scoring figures (one step per sentence of
the award, worked out as a teacher would) and each chapter's own examples one after
the other (``lessons.steps``). Only the teacher moves it on or back; every screen
shows the step the teacher is at, drawn and worded by the server in the screen's
language. A chain example's step may ask the class "Which tiles fit here?"
(``lessons.fitting``), a scoring figure's first step "How many points?"
(``lessons.points``). The walkthrough is kept in the lessons' database, committed
before any screen hears of it, so a server started again shows the same step.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable

from blockdomino.lessons.fitting import FitQuestion, counted, fit_question, offered
from blockdomino.lessons.points import (
    PointsQuestion,
    points_counted,
    points_offered,
    points_question,
)
from blockdomino.lessons.quiz import PUPIL_ID, QuizError
from blockdomino.lessons.steps import EXAMPLES, parts, walk_frames, walk_name, walks
from blockdomino.lessons.store import Lessons, StoredWalk
from blockdomino.play.walkthrough import Frame
from blockdomino.words.i18n import translate

__all__ = ["EXAMPLES", "WalkService", "example_name", "walk_frames", "walk_screen", "walks"]

Question = FitQuestion | PointsQuestion
"""A question a step may put: which tiles fit, or how many points."""


def step_question(walk: str, step: int) -> Question | None:
    """The question step ``step`` (from 0) of ``walk`` may ask, as the worked example
    the step belongs to has it."""
    example, at = parts(walk)[step]
    return fit_question(example, at) or points_question(example, at)


def example_name(walk: str, lang: str) -> str:
    """What the teacher's chooser calls the walkthrough (``steps.walk_name``)."""
    return walk_name(walk, lang)


Walk = StoredWalk
"""A walkthrough as kept (``lessons.store``)."""


def step_count(walk: Walk) -> int:
    """How many steps the walkthrough's example has."""
    return len(walk_frames(walk.example, "en"))


class WalkService:
    """The class's walkthrough, kept in ``store`` (the lessons' database, or with
    lessons shared by several processes their copy in this one)."""

    def __init__(self, store: Lessons, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self.walk = store.current_walk()

    def reload(self) -> None:
        """The walkthrough as ``store`` keeps it now (another process may have moved it)."""
        self.walk = self.store.current_walk()

    def start(self, example: object) -> Walk:
        """A walkthrough of ``example`` at its first step; the one before, if any, is over."""
        if example not in walks():
            raise QuizError("lessons.error.example")
        walk = Walk(secrets.token_hex(6), str(example), 0)
        self.store.add_walk(walk, self.clock())
        self.walk = walk
        return walk

    def _running(self) -> Walk:
        if self.walk is None:
            raise QuizError("lessons.refused.no_walk")
        return self.walk

    def _kept(self, walk: Walk, over: bool = False) -> None:
        self.store.set_walk(walk, over)
        self.walk = None if over else walk

    def move(self, by: int) -> Walk:
        """The next step (``by`` 1) or the one before (``by`` -1); past either end the
        teacher is refused."""
        walk = self._running()
        step = walk.step + by
        if not 0 <= step < step_count(walk):
            raise QuizError("lessons.error.no_step")
        moved = Walk(walk.id, walk.example, step)  # its question, if any, not put yet
        self._kept(moved)
        return moved

    def end(self) -> None:
        """The walkthrough is over: no screen shows it any more."""
        self._kept(self._running(), over=True)

    def question(self) -> Question | None:
        """The question the teacher's step may ask, if it has one."""
        walk = self._running()
        return step_question(walk.example, walk.step)

    def put(self, ask: str) -> Walk:
        """The step's question asked (``"asking"``) or its answer shown (``"revealed"``)."""
        walk = self._running()
        before = {"asking": None, "revealed": "asking"}[ask]
        if self.question() is None or walk.ask != before:
            raise QuizError("lessons.error.no_question")
        put = Walk(walk.id, walk.example, walk.step, ask)
        self._kept(put)
        return put

    def answer(
        self, pupil: object, walk_id: object, step: object, tiles: object
    ) -> tuple[int, ...]:
        """Keep a pupil's answer (the offered tiles they chose, by place from 0; for "How
        many points?" the one number chosen) unless they answered already: the answer
        kept, the first one."""
        walk = self._running()
        question = self.question()
        if walk_id != walk.id or step != walk.step or walk.ask != "asking" or question is None:
            raise QuizError("lessons.refused.closed")
        if not isinstance(pupil, str) or len(pupil) not in PUPIL_ID:
            raise QuizError("lessons.error.message")
        one = isinstance(question, PointsQuestion)  # one number, or any of the tiles
        places = range(question.size)
        if not isinstance(tiles, list) or any(type(t) is not int or t not in places for t in tiles):
            raise QuizError("lessons.error.message")
        if one and len(tiles) != 1:
            raise QuizError("lessons.error.message")
        chosen = tuple(sorted(set(tiles)))
        self.store.add_fit(walk.id, walk.step, pupil, chosen, self.clock())
        kept = self.store.fit_of(walk.id, walk.step, pupil)
        return chosen if kept is None else kept

    def answers(self) -> list[tuple[int, ...]]:
        """Every pupil's answer to the teacher's step's question, in the order they came."""
        walk = self._running()
        return self.store.fits(walk.id, walk.step)


def _step(frame: Frame) -> dict[str, object]:
    figures = [{"svg": str(picture), "caption": ""} for picture in frame.figures]
    return {"heading": frame.heading, "lines": list(frame.lines), "figures": figures}


def walk_screen(
    service: WalkService, lang: str, *, earlier: bool = False
) -> dict[str, object] | None:
    """What every screen shows of the walkthrough in ``lang``: the teacher's step, its
    question once asked (with the counts, which tiles fit and why once revealed), and
    with ``earlier`` (a pupil's screen, to look back at) every step before it
    (``None``: no walkthrough is running)."""
    walk = service.walk
    if walk is None:
        return None
    frames = walk_frames(walk.example, lang)
    question = service.question()
    shown = {"walk": walk.id, "example": walk.example, "step": walk.step, "count": len(frames),
             "ask": walk.ask, "can_ask": question is not None,
             "kind": "points" if isinstance(question, PointsQuestion) else "fit"}  # fmt: skip
    if earlier:
        shown["earlier"] = [_step(frame) for frame in frames[: walk.step]]
    if question is not None and walk.ask is not None:
        given = service.answers()
        if isinstance(question, PointsQuestion):
            shown |= points_offered(question, lang)
            if walk.ask == "revealed":
                shown |= points_counted(question, given, lang)
        else:
            shown |= offered(question, lang)
            if walk.ask == "revealed":
                shown |= counted(question, given, lang)
        shown["answered"] = translate("lessons.fit.answered", lang, count=len(given))
    return shown | _step(frames[walk.step])
