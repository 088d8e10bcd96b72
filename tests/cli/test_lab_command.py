"""``blockdomino lab``: the table and verdicts printed in a language, the plots written."""

from __future__ import annotations

from pathlib import Path

import pytest

from blockdomino.analysis.lab import blocked_plot, heavy_plot, measure, pips_plot, report
from blockdomino.cli import lab as lab_cli
from blockdomino.cli import main
from blockdomino.words.i18n import translate


def test_lab_prints_the_report_and_writes_the_plots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The printed report and the written SVG files are those of the library for the
    same seed, player counts and rounds."""
    options = ["--players", "2", "--rounds", "40", "--seed", "5", "--lang", "fi"]
    status = main(["lab", *options, "--out", str(tmp_path)])
    assert status == 0
    printed = capsys.readouterr().out
    lab = measure((2,), 40, 5)
    assert printed.startswith(report(lab, "fi"))
    assert translate("lab.claim.blocked", "fi") in printed
    for name, plot in (("blocked", blocked_plot), ("pips", pips_plot), ("heavy", heavy_plot)):
        path = tmp_path / f"{name}-fi.svg"
        assert str(path) in printed
        assert path.read_text(encoding="utf-8") == plot(lab, "fi")


def test_lab_refuses_no_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Unusable input: status 2, a message, nothing written."""
    assert main(["lab", "--rounds", "0", "--out", str(tmp_path / "plots")]) == 2
    assert "--rounds" in capsys.readouterr().err
    assert not (tmp_path / "plots").exists()


def test_lab_refuses_an_unknown_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    """Block is for two to four players."""
    with pytest.raises(SystemExit) as refused:
        main(["lab", "--players", "5"])
    assert refused.value.code == 2
    assert "--players" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("option", "most"),
    [("--rounds", lab_cli.MAX_ROUNDS), ("--coach-rounds", lab_cli.MAX_COACH_ROUNDS)],
)
@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_lab_refuses_more_rounds_than_its_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, most: int, lang: str
) -> None:
    """A run of hours is refused at once, in words naming the limit; nothing written."""
    out = tmp_path / "plots"
    assert main(["lab", option, str(most + 1), "--lang", lang, "--out", str(out)]) == 2
    expected = translate("cli.error.at_most", lang, option=option, most=most, value=most + 1)
    assert expected in capsys.readouterr().err
    assert not out.exists()


class _NotMeasuredError(Exception):
    """Raised instead of measuring: only the progress bar's setting is looked at."""


@pytest.mark.parametrize(
    ("options", "shown"),
    [
        (["--rounds", "40"], False),
        (["--rounds", "100000"], True),
        (["--rounds", "10", "--coach-rounds", "5"], True),
    ],
)
def test_a_progress_bar_only_for_a_run_of_more_than_a_few_seconds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: list[str], shown: bool
) -> None:
    """A run of a few hundred rounds shows no bar; one of minutes does, the coach's
    slow rounds counted as such (the bar itself shows on a terminal only)."""
    settings: list[object] = []

    def bar(**options: object) -> object:
        settings.append(options["disable"])
        raise _NotMeasuredError

    monkeypatch.setattr(lab_cli, "tqdm", bar)
    with pytest.raises(_NotMeasuredError):
        main(["lab", *options, "--out", str(tmp_path)])
    assert settings == [None if shown else True]
