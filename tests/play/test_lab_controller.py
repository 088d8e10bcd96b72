"""The live lab: rounds and a seed chosen, measured, the report and the chart in the
learner's language; the same actions give the same figures."""

from __future__ import annotations

import re

import pytest

from blockdomino.analysis.lab import measure, table_rows
from blockdomino.play.lab import (
    FIGURES,
    ROUND_SIZES,
    LabController,
    LabError,
    chart,
    report_html,
)
from blockdomino.words.i18n import LANGS, translate


def _measured(lang: str, *actions: str) -> LabController:
    lab = LabController(rounds=100, seed=5, lang=lang)
    for action in ("run", *actions):
        lab.act(action)
    return lab


def test_nothing_is_measured_until_asked() -> None:
    """A first view: the sizes (the one chosen marked), the seed, Measure and "Measure
    with a new seed"; no chart, no report, the charts' buttons disabled."""
    view = LabController(lang="en").view()
    assert view.svg == ""
    assert view.text("answer") == ""
    assert [b.id for b in view.group("choices")] == [f"rounds:{n}" for n in ROUND_SIZES]
    assert [b.highlight for b in view.group("choices")] == [None, "chosen", None]
    assert not any(b.enabled for b in view.group("show"))
    assert view.button("run").enabled
    assert view.button("again").enabled
    (seed,) = view.fields
    assert (seed.id, seed.value) == ("seed", 3)
    assert view.announcement == translate("lab.live.start", "en")


def test_a_run_measures_the_rounds_chosen_with_the_seed_given() -> None:
    """The measurement is ``measure``'s, figure for figure, with the rounds chosen and the
    seed typed in."""
    lab = LabController(lang="en")
    lab.act("rounds:100")
    lab.act("set:seed:11")
    view = lab.act("run")
    assert lab.state.lab == measure(rounds=100, seed=11)
    assert view.announcement == translate("lab.live.measured", "en", rounds=100, seed=11)
    assert table_rows(measure(rounds=100, seed=11), "en")[1][2] in view.text("answer")


def test_a_new_seed_is_the_next_of_a_sequence_the_first_seed_names() -> None:
    """ "Measure with a new seed" picks another seed each time, and the same ones again
    from the same first seed: a reload replaying the actions shows the same figures."""
    first, second = _measured("fi", "again", "again"), _measured("fi", "again", "again")
    assert first.state.seed == second.state.seed != 5
    assert first.state.lab == second.state.lab == measure(rounds=100, seed=first.state.seed)
    assert first.view() == second.view()
    other = LabController(rounds=100, seed=6, lang="fi")
    other.act("again")
    assert other.state.seed != first.state.seed or other.state.lab != first.state.lab


@pytest.mark.parametrize(
    ("action", "key"),
    [
        ("rounds:7", "lab.live.refused.rounds"),
        ("set:seed:-1", "lab.live.refused.seed"),
        ("figure:pips", "lab.live.refused.figure"),
    ],
)
def test_a_refused_action_changes_nothing_and_says_why(action: str, key: str) -> None:
    lab = _measured("sv")
    before = lab.state
    view = lab.act(action)
    assert view.refusal is not None
    assert (view.refusal.key, view.refusal.reason) == (key, translate(key, "sv"))
    assert view.announcement == view.refusal.reason
    assert lab.state.lab == before.lab
    assert lab.state.seed == before.seed


def test_an_unknown_size_is_refused_when_the_lab_is_made() -> None:
    with pytest.raises(LabError) as refused:
        LabController(rounds=50, lang="en")
    assert refused.value.key == "lab.live.refused.rounds"


@pytest.mark.parametrize("lang", LANGS)
def test_every_word_is_in_the_learners_language(lang: str) -> None:
    """The buttons, the field, the message, the report and the chart's title and
    description come from the catalogs of ``lang``."""
    lab = _measured(lang, "figure:heaviest")
    view = lab.view()
    labels = {b.label for b in view.buttons} | {f.label for f in view.fields}
    assert translate("lab.live.run", lang) in labels
    assert translate("lab.live.again", lang) in labels
    assert translate("lab.live.seed", lang) in labels
    assert translate("lab.live.rounds", lang, rounds=1000) in labels
    assert translate("lab.live.figure.blocked", lang) in labels
    chosen = translate("widgets.tile.chosen_mark", lang)
    assert (
        view.button("rounds:100").label
        == f"{translate('lab.live.rounds', lang, rounds=100)} {chosen}"
    )
    assert view.button("figure:heaviest").label.endswith(chosen)
    assert all(b.tooltip for b in view.buttons)
    assert report_html(lab.state.lab, lang) == view.text("answer")  # type: ignore[arg-type]
    assert translate("lab.table.blocked", lang) in view.text("answer")
    assert translate("lab.plot.heavy.title", lang) in view.svg
    assert translate("lab.plot.heavy.fair", lang) in view.svg
    assert translate("lab.plot.players", lang) in view.svg


def test_the_chart_shows_the_figure_chosen_to_a_screen_reader_too() -> None:
    """An image with a title and a description naming the measured shares; two bars and
    their whiskers per player count; the equal share marked only beside heaviest-first."""
    lab = measure(rounds=100, seed=5)
    for figure in FIGURES:
        drawn = chart(lab, figure, "en")
        assert 'role="img"' in drawn
        assert re.search(r"<title id=\"[\w-]+-title\">", drawn)
        assert "<desc" in drawn
        assert "2 players" in drawn
        assert drawn.count('class="series-0"') == 1 + len(lab.players)  # the legend's too
        assert (drawn.count("Equal share") == 1) == (figure == "heaviest")
        assert chart(lab, figure, "en") == drawn
    assert chart(lab, "blocked", "en") != chart(lab, "heaviest", "en")


def test_the_figures_table_is_a_named_region_a_keyboard_can_scroll() -> None:
    """On a narrow screen the table scrolls sideways: its region takes the focus (so a
    keyboard can scroll it) and is named by the report's heading."""
    lab = measure(rounds=20, seed=1)
    shown = report_html(lab, "fi")
    region = re.search(
        r'<div class="lab-figures" role="region" tabindex="0" aria-label="([^"]+)">', shown
    )
    assert region is not None
    assert region[1] == translate("lab.heading", "fi", rounds=20, seed=1)
    assert shown.index(region[0]) < shown.index("<table>")
