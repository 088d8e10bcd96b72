"""The live lab: rounds and a seed chosen, measured, the report and the chart in the
learner's language; the same actions give the same figures."""

from __future__ import annotations

import html
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


def _cells(table: str) -> list[list[str]]:
    """A table's rows of cells, headings and data alike."""
    cells = (re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", row) for row in table.split("<tr>")[1:])
    return [[html.unescape(cell) for cell in row] for row in cells]


def test_the_chart_has_its_shares_beside_it_as_a_short_table() -> None:
    """Under the "Measured" sentence, the shares the chart shows as a table of three
    columns (players, Block, the draw game), named by the chart's title, switched with
    the chart."""
    lab = _measured("sv")
    message = lab.view().text("message")
    assert "<caption>" + translate("lab.plot.blocked.title", "sv") + "</caption>" in message
    rows = _cells(message[message.index("<table>") :])
    assert rows[0] == [
        translate("lab.table.players", "sv"),
        translate("lab.game.block", "sv"),
        translate("lab.game.draw", "sv"),
    ]
    measured = lab.state.lab
    assert measured is not None
    block = measured.games(2)[0].blocked.value
    assert rows[1] == ["2", f"{block * 100:.1f}\xa0%".replace(".", ","), rows[1][2]]
    assert [row[0] for row in rows[1:]] == [str(players) for players in measured.players]
    assert all(len(row) == 3 for row in rows)
    heaviest = lab.act("figure:heaviest").text("message")
    assert translate("lab.plot.heavy.title", "sv") in heaviest
    assert heaviest != message


@pytest.mark.parametrize("lang", LANGS)
def test_the_long_report_is_folded_behind_show_details(lang: str) -> None:
    """The report starts folded (no ``open``) behind "Show details"; inside, its heading,
    a table of three columns per player count holding every figure of the report's table,
    then the claims."""
    lab = measure(rounds=20, seed=1)
    shown = report_html(lab, lang)
    summary = translate("lab.live.details", lang)
    assert shown.startswith(f'<details class="lab-details"><summary>{summary}</summary>')
    assert shown.endswith("</details>")
    heading = html.escape(translate("lab.heading", lang, rounds=20, seed=1))
    assert shown.index(heading) < shown.index("<table>")
    tables = shown.split("<table>")[1:]
    assert len(tables) == len(lab.players)
    cells = {cell for table in tables for row in _cells(table) for cell in row}
    head, *rows = table_rows(lab, lang)
    assert set(head[2:]) | {cell for row in rows for cell in row[1:]} <= cells
    assert all(len(row) == 3 for table in tables for row in _cells(table))
    for players, table in zip(lab.players, tables, strict=True):
        assert table.startswith(f"<caption>{translate('lab.live.players', lang, players=players)}")
    assert translate("lab.claim_heading", lang, claim="") in shown
