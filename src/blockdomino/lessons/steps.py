"""The steps of every walkthrough the teacher can lead.

The documents' worked examples: seven chain descriptions (one step per tile placed,
each join said in words) and four scoring figures (one step per sentence of the award).
And each chapter's walkthrough: the examples the chapter itself shows, in its order,
one after the other: the documents' examples it names (``words.examples``), the chains
it draws, the rounds it deals or plays out, each from the same tiles, seeds and moves
as the chapter's cells. The teacher's chooser groups them by chapter.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Final

from blockdomino import svg
from blockdomino.analysis.players import heaviest_tile, play_round, step
from blockdomino.engine.chain import Chain
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.scoring import score
from blockdomino.engine.tiles import Tile
from blockdomino.lessons.fitting import DRAWN
from blockdomino.lessons.quiz import QuizError
from blockdomino.play.walkthrough import Frame, example_frames, round_frames
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


@dataclass(frozen=True, slots=True)
class Part:
    """One example a chapter shows: a worked example of the documents (``example``), a
    chain it draws (``chain``) or a round it deals or plays (``round``, made when asked)."""

    example: str = ""
    chain: str = ""
    round: Callable[[], Round] | None = None

    @property
    def id(self) -> str:
        """What the questions know the part by: the example's id, ``chain:`` and the
        chain's tiles, or nothing (a round)."""
        return f"{DRAWN}{self.chain}" if self.chain else self.example


def _passing() -> Round:
    """Chapter 3's round: dealt from two hands, then played and passed by its script."""
    position = Round.from_hands(
        Rules.preset("match", 2), ["[3|5] [5|6] [2|6] [0|1]", "[3|3] [2|4] [0|5] [4|4]"]
    )
    for action in ["[3|5]", "[3|3]", "[5|6]", "pass", "[2|6]", "[2|4]", "pass", "[4|4]"]:
        position = position.pass_turn() if action == "pass" else position.play(Tile.parse(action))
    return position


def _watched() -> Round:
    """Chapter 5's round: three computer players, the heaviest tile first, seed 5."""
    return play_round(Round.deal(Rules.preset("block", 3), seed=5), heaviest_tile, seed=5)


def _coached() -> Round:
    """Chapter 6's position: deal 0 of the two-player match, three turns played."""
    rng, position = random.Random(0), Round.deal(Rules.preset("match", 2), 0)
    for _ in range(3):
        position = step(position, heaviest_tile, rng)
    return position


def _seeded(preset: str, players: int, seed: int) -> Callable[[], Round]:
    """The round a replay of ``seed`` shows: dealt by it, played out by computer players."""
    rules = Rules.preset(preset, players)
    return lambda: play_round(Round.deal(rules, seed), seed=random.Random(seed))


CHAPTER_PARTS: Final[dict[str, tuple[Part, ...]]] = {
    "00_welcome": (Part(chain="[3|6], [6|6], [2|6]"),),
    "01_matching": (Part("placed-1-4"), Part(chain="[1|4], [4|6], [1|3]"), Part("placed-0-0")),
    "02_doubles": tuple(
        Part(e) for e in ("placed-1-1", "placed-6-6", "placed-4-4", "placed-3-4", "placed-2-2")
    ),
    "03_passing": (Part(round=_passing),),
    "04_scoring": tuple(Part(f.id) for f in SCORING_FIGURES),
    "05_play": (Part(round=_watched),),
    "06_strategy": (Part(round=_coached),),
    "07_draw_game": (Part(round=_seeded("draw", 2, 2)),),
    "08_together": (Part(round=_seeded("block", 3, 5)), Part("placed-3-4")),
}
"""The examples each chapter shows, in the chapter's order (the practice chapter has
none: it deals new questions every time)."""

CHAPTER_WALKS: Final = {f"chapter-{source[:2]}": source for source in CHAPTER_PARTS}
"""A chapter's walkthrough by its id (``chapter-01``), and its chapter."""
WALKS: Final = EXAMPLES + tuple(CHAPTER_WALKS)
"""Every walkthrough the teacher can start."""


def _chapter_title(source: str, lang: str) -> str:
    return next(c for c in CHAPTERS if c.source == source).heading(lang)


def _part_frames(part: Part, title: str, lang: str) -> tuple[Frame, ...]:
    if part.example:
        return example_steps(part.example, lang)
    if part.chain:
        tiles = Chain.parse(part.chain).tiles
        drawn = ChainExample(f"placed-{tiles[-1].low}-{tiles[-1].high}", tiles)
        return tuple(example_frames(drawn, lang=lang, captioned=False))
    assert part.round is not None
    return tuple(round_frames(part.round(), reveal=True, lang=lang, title=title))


@cache
def parts(walk: str) -> tuple[tuple[str, int], ...]:
    """Each step of ``walk``: the example it belongs to (``Part.id``) and its step
    there, from 0."""
    if walk in EXAMPLES:
        return tuple((walk, index) for index in range(len(example_steps(walk, "en"))))
    steps: list[tuple[str, int]] = []
    for part in CHAPTER_PARTS[CHAPTER_WALKS[walk]]:
        steps += [(part.id, index) for index in range(len(_part_frames(part, "", "en")))]
    return tuple(steps)


@cache
def walk_frames(walk: str, lang: str) -> tuple[Frame, ...]:
    """The steps of the walkthrough ``walk`` in ``lang`` (drawn once)."""
    if walk in EXAMPLES:
        return example_steps(walk, lang)
    if walk not in CHAPTER_WALKS:
        raise QuizError("lessons.error.example")
    source = CHAPTER_WALKS[walk]
    title = _chapter_title(source, lang)
    return tuple(f for part in CHAPTER_PARTS[source] for f in _part_frames(part, title, lang))


def walk_name(walk: str, lang: str) -> str:
    """What the teacher's chooser calls the walkthrough: a worked example's first step's
    title, or "The whole chapter"."""
    if walk in CHAPTER_WALKS:
        return translate("lessons.walk.chapter", lang)
    return walk_frames(walk, lang)[0].heading.split(" · ")[0]


def chooser(lang: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The teacher's chooser, by chapter: each chapter's title, its whole walkthrough
    first, then the documents' examples it shows that no chapter before it showed."""
    groups, named = [], set()
    for walk, source in CHAPTER_WALKS.items():
        shown = [p.example for p in CHAPTER_PARTS[source] if p.example and p.example not in named]
        named.update(shown)
        walks = [(w, walk_name(w, lang)) for w in (walk, *shown)]
        groups.append((_chapter_title(source, lang), walks))
    return groups
