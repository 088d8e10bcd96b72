""" "How many points?": a question a scoring figure's walkthrough may put to the class.

On a scoring figure's first step the class is asked how many points the round gives
(the winner's award; 0 when the lowest totals tie and nobody scores). Four numbers are
offered, in order: the right one and three a pupil gets by a named mistake of the
practice's scoring topic (``practice.scoring``): the tiles counted, not the pips; one
half of each tile; one opponent only; the winner's own pips added, or not taken away;
the points given to one of two tied players; a miscount by one. Each pupil sends one
answer. The projector shows how many chose each number, then the right one with the
document's sentence, and for each other number the mistake behind it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from blockdomino.engine.rules import Rules
from blockdomino.engine.scoring import RoundResult, score
from blockdomino.lessons.mistakes import described, named
from blockdomino.words.examples import SCORING_FIGURES, ScoringFigure
from blockdomino.words.i18n import translate

OFFERED: Final = 4
"""How many numbers a question offers."""
MISTAKE: Final = "practice.mistake."


@dataclass(frozen=True, slots=True)
class PointsQuestion:
    """A scoring figure's award and the numbers offered, each with its mistake key
    (``None``: the right one), smallest first."""

    figure: ScoringFigure
    result: RoundResult
    choices: tuple[tuple[int, str | None], ...]

    @property
    def size(self) -> int:
        """How many numbers are offered to choose from."""
        return len(self.choices)

    @property
    def right(self) -> int:
        """The points the round gives (``engine.scoring``'s award)."""
        return 0 if self.result.award is None else self.result.award.points

    def reason(self, index: int, count: int, lang: str) -> str:
        """Why the number at ``index`` is right (the document's sentence) or what the
        ``count`` pupils who chose it did."""
        mistake = self.choices[index][1]
        if mistake is None:
            return self.figure.caption(lang)
        return described(mistake, count, lang) if count else named(mistake, lang)


def _slips(figure: ScoringFigure, result: RoundResult) -> list[tuple[int, str]]:
    """The numbers pupils reach by a mistake, most likely first."""
    winner = result.winners[0] if result.winners else 0
    opponents = [seat for seat in range(len(figure.totals)) if seat != winner]
    added = sum(figure.totals[seat] for seat in opponents)
    own = figure.totals[winner]
    tiles = sum(len(figure.hands[seat]) for seat in opponents)
    slips = [(tiles, "counted_tiles_not_pips")]
    if not result.winners:
        slips.insert(0, (added - own, "tie_scores"))
    elif result.dominoer is not None:
        halves = sum(tile.high for seat in opponents for tile in figure.hands[seat])
        slips += [(halves, "one_half"), (figure.totals[opponents[0]], "one_opponent")]
    else:
        slips += [(added + own, "own_pips"), (added, "blocked_not_domino")]
    return [(points, MISTAKE + name) for points, name in slips]


@cache
def points_question(example: str, step: int) -> PointsQuestion | None:
    """The question step ``step`` (from 0) of ``example`` may ask: only a scoring
    figure's first step has one."""
    figure = next((f for f in SCORING_FIGURES if f.id == example), None)
    if figure is None or step != 0:
        return None
    result = score(Rules.preset("match", len(figure.totals)), figure.totals,
                   dominoer=figure.dominoer)  # fmt: skip
    right = 0 if result.award is None else result.award.points
    chosen: dict[int, str | None] = {right: None}
    for points, mistake in [*_slips(figure, result), (right + 1, MISTAKE + "miscount")]:
        if points >= 0 and points not in chosen and len(chosen) < OFFERED:
            chosen[points] = mistake
    return PointsQuestion(figure, result, tuple(sorted(chosen.items())))


def points_offered(question: PointsQuestion, lang: str) -> dict[str, Any]:
    """What every screen shows of the question: its words and the numbers."""
    said = [translate("practice.choice.number", lang, number=p) for p, _ in question.choices]
    return {"question": translate("lessons.points.question", lang), "choices": said}


def points_counted(question: PointsQuestion, chosen: list[tuple[int, ...]],
                   lang: str) -> dict[str, Any]:  # fmt: skip
    """The projector's part once the answers are shown: how many chose each number,
    which is right, and the reason for each."""
    counts = Counter(index for places in chosen for index in places[:1])
    size = range(len(question.choices))
    return {
        "counts": [counts[index] for index in size],
        "fits": [mistake is None for _, mistake in question.choices],
        "reasons": [question.reason(index, counts[index], lang) for index in size],
    }
