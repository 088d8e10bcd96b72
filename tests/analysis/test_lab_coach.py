"""The lab measures the coach beside heaviest-first, when asked ("how a
heaviest-first player fares against random players in each game, and the coach")."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from blockdomino import Round, Rules
from blockdomino.analysis.lab import Coaches, Share, coaches, coaches_text, measure, report
from blockdomino.analysis.lab.measure import COACH_SAMPLES
from blockdomino.analysis.lab.words import percent
from blockdomino.analysis.players import STRATEGIES
from blockdomino.cli import main
from blockdomino.words.i18n import translate


def test_lab_plays_the_coach_rounds_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """003 claims measured with the coach as the first seat against random players: the
    report printed by ``blockdomino lab --coach-rounds`` is the library's for the seed,
    and names the reading and the plain coach's shares of wins in Block and in the
    draw game."""
    options = ["--players", "2", "--rounds", "5", "--coach-rounds", "1", "--seed", "7"]
    assert main(["lab", *options, "--lang", "sv", "--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    lab = measure((2,), 5, 7, coach_rounds=1)
    assert printed.startswith(report(lab, "sv"))
    assert [figures.coach.count if figures.coach else 0 for figures in lab.games(2)] == [1, 1]
    plain = [figures.plain_coach for figures in lab.games(2)]
    assert [share.count if share else 0 for share in plain] == [1, 1]
    assert translate("lab.coach.heading", "sv", samples=COACH_SAMPLES) in printed


def test_without_coach_rounds_the_coach_is_not_measured() -> None:
    """The coach is slow, so it plays only when asked: no figures, no sentence."""
    lab = measure((2,), 20, 4)
    assert all(figures.coach is None for figures in lab.games(2))
    assert all(figures.plain_coach is None for figures in lab.games(2))
    assert translate("lab.coach.heading", "en", samples=COACH_SAMPLES) not in report(lab, "en")


def test_lab_refuses_negative_coach_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Unusable input: status 2, a message, nothing written."""
    out = tmp_path / "plots"
    assert main(["lab", "--rounds", "5", "--coach-rounds", "-1", "--out", str(out)]) == 2
    assert "--coach-rounds" in capsys.readouterr().err
    assert not out.exists()
    with pytest.raises(ValueError, match="round"):
        measure((2,), 5, 1, coach_rounds=-1)


def test_both_coaches_play_the_same_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reading coach is measured against the plain coach on the same deals, so that
    their figures differ by their play alone."""
    measure_module = import_module("blockdomino.analysis.lab.measure")
    dealt: list[tuple[bool, tuple[object, ...]]] = []
    original = measure_module.play_round

    def recording(position: Round, *rest: Any) -> Round:
        dealt.append((reading, position.hands))
        return original(position, *rest)

    monkeypatch.setattr(measure_module, "play_round", recording)
    for reading in (True, False):
        measure_module.coach_wins(Rules.preset("block", 2), 2, 5, reads=reading)
    hands = [hands for _, hands in dealt]
    assert hands[:2] == hands[2:]
    assert hands[0] != hands[1]


def test_the_two_coaches_play_the_same_opponents_on_the_same_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``coaches``: the reading and the plain coach as the first seat, every other seat
    heaviest-first unless told, on the same deals; the same seed, the same figures."""
    measure_module = import_module("blockdomino.analysis.lab.measure")
    seated: list[tuple[object, ...]] = []
    original = measure_module.play_round

    def recording(position: Round, strategies: Any, *rest: Any) -> Round:
        seated.append((position.hands, *strategies[1:]))
        return original(position, strategies, *rest)

    monkeypatch.setattr(measure_module, "play_round", recording)
    rules = Rules.preset("block", 3)
    duel = coaches(rules, 3, 5)
    assert [duel.reading.count, duel.plain.count] == [3, 3]
    assert seated[:3] == seated[3:]
    assert all(entry[1:] == (STRATEGIES["heaviest"],) * 2 for entry in seated)
    assert coaches(rules, 3, 5) == duel
    coaches(rules, 1, 5, opponents="random")
    assert seated[-1][1:] == (STRATEGIES["random"],) * 2


@pytest.mark.parametrize(
    ("reading", "plain", "verdict"),
    [
        (Share(80, 100), Share(50, 100), "lab.coaches.reading_better"),
        (Share(50, 100), Share(80, 100), "lab.coaches.plain_better"),
        (Share(60, 100), Share(55, 100), "lab.coaches.alike"),
    ],
)
def test_which_coach_won_more_often_is_said_only_when_the_intervals_part(
    reading: Share, plain: Share, verdict: str
) -> None:
    duel = Coaches(Rules.preset("block", 2), reading, plain)
    for lang in ("fi", "sv", "en"):
        text = coaches_text(duel, lang)
        assert text.endswith(translate(verdict, lang))
        assert percent(reading.value, lang) in text
        assert percent(plain.value, lang) in text
