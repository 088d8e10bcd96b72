"""The lab's words for figures nothing was measured for: a sign, never "NaN"."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from blockdomino.analysis.lab import measure, report
from blockdomino.analysis.lab.measure import Mean
from blockdomino.analysis.lab.plots import plotted_values
from blockdomino.analysis.lab.words import NOTHING, decimal, interval
from blockdomino.words.i18n import LANGS, translate


@pytest.mark.parametrize("lang", LANGS)
def test_a_mean_of_no_rounds_is_a_dash_without_an_interval(lang: str) -> None:
    nothing = Mean.of(Counter())
    assert decimal(nothing.value, lang) == NOTHING
    assert interval(nothing, lang) == translate("lab.interval.none", lang)
    one = Mean.of(Counter({7: 1}))
    assert decimal(one.value, lang) != NOTHING
    assert interval(one, lang) == translate("lab.interval.none", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_report_of_a_few_rounds_says_no_nan(lang: str) -> None:
    """Two rounds a game: no Block round is blocked, so no blocked round's pips."""
    text = report(measure(rounds=2, seed=3), lang)
    assert not re.search(r"\bnan\b", text, re.IGNORECASE)
    assert translate("lab.interval.none", lang) in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_chart_description_names_the_draw_game_as_a_sentence_does(lang: str) -> None:
    """The draw game's name starts with a capital in a legend and a table cell, but not
    in the middle of a sentence ("Block 67,0 % ja nostopeli 17,0 %")."""
    described = plotted_values(measure(rounds=2, seed=3), "blocked", lang)
    inside = translate("lab.game.draw.in_text", lang)
    assert inside in described
    assert inside[0].islower()
    assert translate("lab.game.draw", lang) not in described
