"""Scoring a finished round: the four figures of 000 and each preset's award formula.

The formula is worked out independently in ``conftest.expected_result`` and compared
with ``score`` for every preset and player count.
"""

from __future__ import annotations

import pytest
from conftest import PRESET_PLAYERS, expected_result
from hypothesis import given
from hypothesis import strategies as st

from blockdomino import LANGS, Ending, Rules, score
from blockdomino.words.examples import SCORING_FIGURES, ScoringFigure
from blockdomino.words.i18n import translate
from blockdomino.words.text import explain_result, explanation_steps, player_name

Figure = tuple[str, tuple[int, ...], int | None, tuple[int, ...], str | None]
"""A sentence of 000, totals per seat, the dominoer, the points, the sum shown."""

FIGURES_OF_000: tuple[Figure, ...] = (
    (
        "Jos yhdelle vastustajalle jää vain [0|0] ja toiselle 8 silmää, dominoaja saa 8 pistettä.",
        (0, 0, 8),
        0,
        (8, 0, 0),
        "0 + 8 = 8",
    ),
    (
        "Jos molemmille vastustajille jää 5 silmää, hyvitys on 10.",
        (0, 5, 5),
        0,
        (10, 0, 0),
        "5 + 5 = 10",
    ),
    (
        "Summilla 3, 7 ja 8 pienin käsi saa 7 + 8 − 3 = 12 pistettä.",
        (3, 7, 8),
        None,
        (12, 0, 0),
        "7 + 8 − 3 = 12",
    ),
    ("3, 3 ja 8 eivät tuota hyvitystä.", (3, 3, 8), None, (0, 0, 0), None),
)
"""000's four figures, in its order."""


@pytest.mark.parametrize(
    ("figure", "document"),
    list(zip(SCORING_FIGURES, FIGURES_OF_000, strict=True)),
    ids=[figure.id for figure in SCORING_FIGURES],
)
def test_scoring_figure_of_000(figure: ScoringFigure, document: Figure) -> None:
    """000 (Finnish), its four scoring figures with three players: "… dominoaja saa 8
    pistettä", "… hyvitys on 10", "… 7 + 8 − 3 = 12 pistettä", "3, 3 ja 8 eivät tuota
    hyvitystä" — the figure data, the award and the sum a teacher writes."""
    sentence, totals, dominoer, points, calculation = document
    assert (figure.totals, figure.dominoer, figure.points) == (totals, dominoer, points)
    assert figure.caption("fi").endswith(sentence)
    result = score(Rules.preset("match", 3), totals, dominoer=dominoer)
    assert result.points == points
    explained = explain_result(result, "fi")
    if calculation is None:
        assert result.is_tie
        assert result.award is None
        assert "Kukaan ei voita, eikä kukaan saa pisteitä." in explained
    else:
        assert result.winners == (0,)
        assert f"{calculation} pistettä" in explained


@st.composite
def finished_totals(draw: st.DrawFn) -> tuple[Rules, tuple[int, ...], int | None]:
    """Rules (a preset, maybe with a target), hand totals, and a dominoer or ``None``."""
    name, players = draw(st.sampled_from(PRESET_PLAYERS))
    target = draw(st.sampled_from([None, 61, 100])) if name != "match" else None
    rules = Rules.preset(name, players, target=target)
    totals = draw(st.lists(st.integers(0, 60), min_size=players, max_size=players))
    dominoer = draw(st.none() | st.integers(0, players - 1))
    if dominoer is not None:
        totals[dominoer] = 0
    return rules, tuple(totals), dominoer


@given(finished_totals())
def test_each_preset_awards_by_its_formula(case: tuple[Rules, tuple[int, ...], int | None]) -> None:
    """RULES.md, "round winner" and "points" for every preset: domino → the dominoer's side
    wins (and scores all opponents' pips); blocked → the side alone with the lowest sum
    wins (and scores opponents' pips minus its own once); a tie → nobody."""
    rules, totals, dominoer = case
    result = score(rules, totals, dominoer=dominoer)
    assert (result.winners, result.points) == expected_result(rules, totals, dominoer)
    assert result.ending is (Ending.BLOCKED if dominoer is None else Ending.DOMINO)
    assert result.is_tie == (result.winners == ())
    if result.award is not None:
        assert result.award.points == max(result.points)
        assert result.award.side == result.winners


def test_partners_share_their_team_award() -> None:
    """RULES.md, an optional scored partnership: both partners show the team's award; a
    blocked team scores the other team's sum minus its own."""
    rules = Rules.preset("partnership", target=100)
    assert score(rules, (4, 0, 6, 9), dominoer=1).points == (0, 10, 0, 10)
    assert score(rules, (4, 5, 6, 9)).points == (4, 0, 4, 0)


def test_the_award_keeps_its_terms() -> None:
    """The award is data: the opponents' totals added, the winner's own subtracted."""
    award = score(Rules.preset("match", 3), (3, 7, 8)).award
    assert award is not None
    assert award.side == (0,)
    assert award.added == ((1, 7), (2, 8))
    assert award.subtracted == ((0, 3),)
    assert award.points == 12
    domino = score(Rules.preset("match", 2), (0, 9), dominoer=0).award
    assert domino is not None
    assert (domino.added, domino.subtracted, domino.points) == (((1, 9),), (), 9)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", ["match", "block", "partnership"])
def test_every_outcome_is_explained_in_every_language(lang: str, preset: str) -> None:
    """A teacher's steps for a domino, a blocked win and a tie: how it ended, the totals,
    who won, the award (or that nobody scores)."""
    rules = Rules.preset(preset, 4)
    cases = [((0, 5, 6, 7), 0), ((2, 5, 6, 7), None), ((3, 3, 3, 3), None)]
    for totals, dominoer in cases:
        steps = explanation_steps(score(rules, totals, dominoer=dominoer), lang)
        ending = "explain.blocked" if dominoer is None else "explain.domino"
        assert steps[0] == translate(ending, lang, seat=player_name(0, lang))
        assert all(str(total) in steps[1] for total in totals)
        assert all(step and "{" not in step for step in steps)
    blocked = explain_result(score(Rules.preset("match", 4), (2, 5, 6, 7)), lang)
    assert "5 + 6 + 7 − 2 = 16" in blocked
