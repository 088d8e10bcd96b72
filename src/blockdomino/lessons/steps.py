"""The steps of every walkthrough the teacher can lead.

The documents' worked examples: seven chain descriptions (one step per tile placed,
each join said in words) and four scoring figures (one step per sentence of the award).
And each chapter's walkthrough: the examples the chapter itself shows, in its order,
one after the other, read from the chapter's own notebook (``publish.shown``): the
documents' examples it names (``words.examples``), the chains it draws, the rounds it
deals or plays out, so a position added to a chapter is in its walkthrough too. The
teacher's chooser groups them by chapter.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from blockdomino import svg
from blockdomino.engine.rules import Rules
from blockdomino.engine.scoring import score
from blockdomino.lessons.fitting import DRAWN
from blockdomino.lessons.quiz import QuizError
from blockdomino.play.walkthrough import Frame, example_frames, round_frames
from blockdomino.publish.shown import Shown, chapter_parts
from blockdomino.publish.tutorial import CHAPTERS
from blockdomino.words.examples import CHAIN_EXAMPLES, SCORING_FIGURES, ChainExample, ScoringFigure
from blockdomino.words.i18n import translate

EXAMPLES: Final = tuple(e.id for e in CHAIN_EXAMPLES) + tuple(f.id for f in SCORING_FIGURES)
"""Every worked example of the documents, in the documents' order."""


def _figure_frames(figure: ScoringFigure, number: int, lang: str) -> list[Frame]:
    """A scoring figure's award, one sentence a step, the figure's own sentence last."""
    rules = Rules.preset("match", len(figure.totals))
    result = score(rules, figure.totals, dominoer=figure.dominoer)
    drawn = svg.award(result, hands=figure.hands, lang=lang)
    picture = drawn.svg()
    steps = drawn.steps()
    title = translate("lessons.walk.figure", lang, number=number)
    shown = []
    for index, said in enumerate(steps, start=1):
        heading = f"{title} · " + translate("replay.step", lang, number=index, count=len(steps))
        lines = (said, figure.caption(lang)) if index == len(steps) else (said,)
        shown.append(Frame(heading, (picture,), lines))
    return shown


@cache
def example_steps(example: str, lang: str) -> tuple[Frame, ...]:
    """The steps of the documents' worked example ``example`` in ``lang``."""
    for chain in CHAIN_EXAMPLES:
        if chain.id == example:
            return tuple(example_frames(chain, lang=lang))
    for number, figure in enumerate(SCORING_FIGURES, start=1):
        if figure.id == example:
            return tuple(_figure_frames(figure, number, lang))
    raise QuizError("lessons.error.example")


# -- the chapters' own examples ----------------------------------------------------------


def part_id(part: Shown) -> str:
    """What the questions know a chapter's example by: the worked example's id,
    ``chain:`` and the drawn chain's tiles, or nothing (a round)."""
    if part.chain is not None:
        return DRAWN + ", ".join(str(tile) for tile in part.chain.tiles)
    return part.example


@cache
def chapter_walks() -> dict[str, str]:
    """A chapter's walkthrough by its id (``chapter-01``), and its chapter: every
    chapter that shows an example (``publish.shown``; the practice chapter shows none:
    it deals new questions every time)."""
    return {f"chapter-{c.number}": c.source for c in CHAPTERS if chapter_parts(c.source)}


def walks() -> tuple[str, ...]:
    """Every walkthrough the teacher can start."""
    return EXAMPLES + tuple(chapter_walks())


def _chapter_title(source: str, lang: str) -> str:
    return next(c for c in CHAPTERS if c.source == source).heading(lang)


def _part_frames(part: Shown, title: str, lang: str) -> tuple[Frame, ...]:
    if part.example:
        return example_steps(part.example, lang)
    if part.chain is not None:
        tiles = part.chain.tiles
        drawn = ChainExample(f"placed-{tiles[-1].low}-{tiles[-1].high}", tiles)
        return tuple(example_frames(drawn, lang=lang, captioned=False))
    assert part.round is not None
    return tuple(round_frames(part.round, reveal=True, lang=lang, title=title))


@cache
def parts(walk: str) -> tuple[tuple[str, int], ...]:
    """Each step of ``walk``: the example it belongs to (``Part.id``) and its step
    there, from 0."""
    if walk in EXAMPLES:
        return tuple((walk, index) for index in range(len(example_steps(walk, "en"))))
    steps: list[tuple[str, int]] = []
    for part in chapter_parts(chapter_walks()[walk]):
        steps += [(part_id(part), index) for index in range(len(_part_frames(part, "", "en")))]
    return tuple(steps)


@cache
def walk_frames(walk: str, lang: str) -> tuple[Frame, ...]:
    """The steps of the walkthrough ``walk`` in ``lang`` (drawn once)."""
    if walk in EXAMPLES:
        return example_steps(walk, lang)
    if walk not in chapter_walks():
        raise QuizError("lessons.error.example")
    source = chapter_walks()[walk]
    title = _chapter_title(source, lang)
    return tuple(f for part in chapter_parts(source) for f in _part_frames(part, title, lang))


def walk_name(walk: str, lang: str) -> str:
    """What the teacher's chooser calls the walkthrough: a chain example's heading, its
    tile in words ("Asetettu laatta kolme–neljä", as its steps are headed), a scoring
    figure's first step's title, or "The whole chapter". The teacher's help under the
    chooser says what each kind is (``teacher.walk_help``)."""
    if walk in chapter_walks():
        return translate("lessons.walk.chapter", lang)
    chain = next((example for example in CHAIN_EXAMPLES if example.id == walk), None)
    if chain is not None:
        return chain.title(lang, spoken=True)
    return walk_frames(walk, lang)[0].heading.split(" · ")[0]


def walk_examples(lang: str) -> dict[str, str]:
    """One name of each kind the teacher's chooser gives, as its help quotes them:
    ``whole`` (a chapter's whole walkthrough), ``example`` (a chain example, the one
    that places three–four) and ``figure`` (the first scoring figure)."""
    return {
        "whole": translate("lessons.walk.chapter", lang),
        "example": walk_name("placed-3-4", lang),
        "figure": walk_name(SCORING_FIGURES[0].id, lang),
    }


def chooser(lang: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The teacher's chooser, by chapter: each chapter's title, its whole walkthrough
    first, then the documents' examples it shows that no chapter before it showed."""
    groups, named = [], set()
    for walk, source in chapter_walks().items():
        shown = [p.example for p in chapter_parts(source) if p.example and p.example not in named]
        named.update(shown)
        walks = [(w, walk_name(w, lang)) for w in (walk, *shown)]
        groups.append((_chapter_title(source, lang), walks))
    return groups
