"""The lab: 003's claims measured, judged and drawn (``blockdomino.analysis.lab``).

Every figure is recomputed here from the same seed with the immutable engine (``Round``
and ``players.play_round``), not the kernel the lab uses: the lab's numbers are the
rules' numbers. The claims are those of 003 (RULES.md, "Strategy claims in 003").
"""

from __future__ import annotations

import html
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from blockdomino import LANGS, Draw, Pass, Play, Round, Rules
from blockdomino.analysis.lab import (
    Lab,
    Mean,
    Share,
    Verdict,
    blocked_plot,
    heavy_plot,
    judge,
    measure,
    pips_plot,
    report,
    table_rows,
    verdicts,
)
from blockdomino.analysis.lab.claims import compare
from blockdomino.analysis.players import STRATEGIES, play_round
from blockdomino.engine.scoring import Ending
from blockdomino.words.i18n import translate

ROUNDS = 120
SEED = 7


@pytest.fixture(scope="module")
def lab() -> Lab:
    return measure((2, 3), ROUNDS, SEED)


def test_wilson_interval_of_a_share() -> None:
    """A share's 95% interval is the Wilson score interval: 50 of 100 → 40.4%–59.6%."""
    share = Share(50, 100)
    assert share.value == 0.5
    assert share.low == pytest.approx(0.4038, abs=1e-4)
    assert share.high == pytest.approx(0.5962, abs=1e-4)
    assert Share(0, 20).low == 0.0
    assert 0 < Share(0, 20).high < 0.2
    assert (Share(0, 0).low, Share(0, 0).high) == (0.0, 1.0)


def test_normal_interval_of_a_mean() -> None:
    """A mean's 95% interval is mean ± 1.96 s/√n: values 2, 4, 4, 6 → 4 ± 1.96·1.633/2."""
    mean = Mean.of(Counter({2: 1, 4: 2, 6: 1}))
    assert (mean.count, mean.value) == (4, 4.0)
    assert mean.high - mean.value == pytest.approx(1.959964 * (8 / 3) ** 0.5 / 2, abs=1e-5)
    assert mean.low == pytest.approx(2 * mean.value - mean.high)


def test_verdicts_compare_intervals() -> None:
    """A claim holds when its interval lies wholly above the other, fails when wholly
    below, and is unsettled when they overlap."""
    assert compare(0.5, 0.6, 0.1, 0.2) is Verdict.HOLDS
    assert compare(0.1, 0.2, 0.5, 0.6) is Verdict.FAILS
    assert compare(0.1, 0.5, 0.4, 0.6) is Verdict.UNSETTLED
    assert compare(0.3, 0.4, 0.25, 0.25) is Verdict.HOLDS


def _engine_figures(
    name: str, players: int, rounds: int = ROUNDS, seed: int = SEED
) -> dict[str, object]:
    """The lab's counts for one game, made again with the engine from the same seed."""
    rules = Rules.preset(name, players)
    rng = random.Random(f"{seed}:{name}:{players}:random")
    blocked = decided = 0
    winner: Counter[int] = Counter()
    loser: Counter[int] = Counter()
    moves = {True: [0, 0], False: [0, 0]}
    for _ in range(rounds):
        final = play_round(Round.deal(rules, rng), STRATEGIES["random"], rng)
        result = final.result
        assert result is not None
        if result.ending is Ending.BLOCKED:
            blocked += 1
            decided += bool(result.winners)
            for seat, total in enumerate(result.totals):
                if result.winners:
                    (winner if seat in result.winners else loser)[total] += 1
        history = final.history
        for index, event in enumerate(history):
            if not isinstance(event, Play):
                continue
            following = history[index + 1 : index + 2]
            if following:
                closing = isinstance(following[0], Pass | Draw)
            elif result.ending is Ending.BLOCKED:
                closing = True
            else:
                continue
            moves[closing][0] += 1
            moves[closing][1] += event.seat in result.winners
    heavy = random.Random(f"{seed}:{name}:{players}:heaviest")
    strategies = [STRATEGIES["heaviest"]] + [STRATEGIES["random"]] * (players - 1)
    wins = 0
    for _ in range(rounds):
        result = play_round(Round.deal(rules, heavy), strategies, heavy).result
        assert result is not None
        wins += 0 in result.winners
    return {
        "blocked": Share(blocked, rounds),
        "decided": Share(decided, rounds),
        "winner_pips": Mean.of(winner),
        "loser_pips": Mean.of(loser),
        "closing": Share(moves[True][1], moves[True][0]),
        "other": Share(moves[False][1], moves[False][0]),
        "heaviest": Share(wins, rounds),
    }


@pytest.mark.parametrize(("name", "players"), [("block", 2), ("draw", 2), ("block", 3)])
def test_every_figure_is_the_engines(lab: Lab, name: str, players: int) -> None:
    """003's claims are measured on the rules' own rounds: each figure of the lab equals
    the count made with the engine from the same seed."""
    figures = lab.games(players)[0 if name == "block" else 1]
    assert figures.rules == Rules.preset(name, players)
    for field, expected in _engine_figures(name, players).items():
        assert getattr(figures, field) == expected, field


CHAPTER = Path(__file__).resolve().parents[2] / "notebooks"


def _number(pattern: str, text: str) -> int:
    found = re.search(pattern, text, re.MULTILINE)
    assert found is not None, pattern
    return int(found[1])


def test_the_chapters_figures_are_the_engines() -> None:
    """Chapter 07 measures with ``ROUNDS`` rounds from ``seed``: every figure it prints and
    plots is recounted here with the engine, and its saved output is that report."""
    source = (CHAPTER / "source" / "07_draw_game.py").read_text(encoding="utf-8")
    rounds = _number(r"^ROUNDS = (\d+)$", source)
    seed = _number(r"measure\(rounds=ROUNDS, seed=(\d+)\)", source)
    shown = measure(rounds=rounds, seed=seed)
    for players in shown.players:
        for figures in shown.games(players):
            recount = _engine_figures(figures.rules.name, players, rounds, seed)
            for field, expected in recount.items():
                assert getattr(figures, field) == expected, (figures.rules, field)
    saved = (CHAPTER / "en" / "07_draw_game.ipynb").read_text(encoding="utf-8")
    printed = next(
        "".join(output["text"])
        for cell in json.loads(saved)["cells"]
        if cell["cell_type"] == "code"
        for output in cell.get("outputs", [])
        if output.get("name") == "stdout"
    )
    assert printed == report(shown, "en") + "\n"


def test_the_same_seed_gives_the_same_lab(lab: Lab) -> None:
    """Determinism: a seed, player counts and a number of rounds fix every figure."""
    assert measure((2, 3), ROUNDS, SEED) == lab
    assert measure((2, 3), ROUNDS, SEED + 1) != lab


def test_progress_counts_every_round_played() -> None:
    """The progress callback hears of every round, and changes no figure."""
    told: list[int] = []
    watched = measure((2,), 600, 1, progress=told.append)
    assert sum(told) == 4 * 600
    assert len(told) > 4
    assert watched == measure((2,), 600, 1)


def test_no_rounds_are_refused() -> None:
    """Bad input is refused before anything is played."""
    with pytest.raises(ValueError, match="round"):
        measure((2,), 0, 1)


def test_each_claim_is_judged_for_each_player_count(lab: Lab) -> None:
    """003: blocked rounds much more often (Block against the draw game); pips matter more;
    heavy tiles risky (against the fair share); closing an end often best (against other
    moves). Even a few rounds settle the first, "Partierna låser sig mycket oftare": Block
    blocks far more often."""
    judged = judge(lab)
    assert [(j.claim, j.players) for j in judged] == [
        (claim, players) for claim in ("blocked", "pips", "heavy", "closing") for players in (2, 3)
    ]
    blocked = [j for j in judged if j.claim == "blocked"]
    assert all(j.verdict is Verdict.HOLDS for j in blocked)
    heavy = next(j for j in judged if j.claim == "heavy" and j.players == 3)
    assert heavy.versus == pytest.approx(1 / 3)


@pytest.mark.parametrize("lang", LANGS)
def test_the_report_is_worded_in_each_language(lab: Lab, lang: str) -> None:
    """The table's headings, the claims and the verdicts come from the catalog, every
    placeholder filled; numbers as the language writes them."""
    text = report(lab, lang)
    assert "{" not in text
    assert "}" not in text
    rows = table_rows(lab, lang)
    assert len(rows) == 1 + 2 * len(lab.players)
    sections = verdicts(lab, lang)
    assert len(sections) == 4
    assert all(len(lines) == len(lab.players) for _, lines in sections)
    share = lab.games(2)[0].blocked.value
    written = f"{100 * share:.1f}".replace(".", "," if lang != "en" else ".")
    assert written in text


def test_the_languages_differ(lab: Lab) -> None:
    """Each language has its own words."""
    texts = {lang: report(lab, lang) for lang in LANGS}
    assert len(set(texts.values())) == 3


PLOTS = {"blocked": blocked_plot, "pips": pips_plot, "heavy": heavy_plot}


@pytest.fixture(scope="module")
def images(lab: Lab) -> dict[tuple[str, str], str]:
    """Every plot in every language, drawn once for the module."""
    return {(name, lang): plot(lab, lang) for name, plot in PLOTS.items() for lang in LANGS}


@pytest.mark.parametrize("name", PLOTS)
@pytest.mark.parametrize("lang", LANGS)
def test_plots_are_labelled(images: dict[tuple[str, str], str], name: str, lang: str) -> None:
    """A plot is SVG with a viewBox, a translated ``<title>`` and a ``<desc>`` naming the
    numbers, colour-blind-safe colours, and no date or tool version."""
    image = images[name, lang]
    assert image.startswith("<svg ")
    assert "viewBox=" in image
    title = re.search(r'<title id="([^"]+)">([^<]+)</title>', image)
    desc = re.search(r'<desc id="([^"]+)">([^<]+)</desc>', image)
    assert title is not None
    assert desc is not None
    assert title[2] == html.escape(translate(f"lab.plot.{name}.title", lang))
    assert f'aria-labelledby="{title[1]} {desc[1]}"' in image
    assert "Date" not in image
    assert "Matplotlib v" not in image
    assert "#0072b2" in image.lower() or "#009e73" in image.lower()
    assert re.search(r"\d", desc[2])


def test_plot_ids_differ_between_plots_and_languages(
    images: dict[tuple[str, str], str],
) -> None:
    """Many plots on one page never share an id."""
    seen: set[str] = set()
    for image in images.values():
        ids = set(re.findall(r'id="([^"]+)"', image))
        assert not ids & seen
        seen |= ids


def test_plots_are_the_same_bytes_again_and_in_another_process(
    lab: Lab, images: dict[tuple[str, str], str]
) -> None:
    """The SVG is the same bytes drawn again, and in another process (hash seed, object
    addresses): identical input, identical output."""
    assert blocked_plot(lab, "fi") == images["blocked", "fi"]
    small = measure((2,), 30, 1)
    script = (
        "import json; from blockdomino.analysis.lab import measure, blocked_plot, pips_plot\n"
        "lab = measure((2,), 30, 1)\n"
        "print(json.dumps([blocked_plot(lab, 'fi'), pips_plot(lab, 'sv')]))"
    )
    there = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "4321"},
    ).stdout
    assert json.loads(there) == [blocked_plot(small, "fi"), pips_plot(small, "sv")]
