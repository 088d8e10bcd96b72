"""``blockdomino lab``: the table and verdicts printed in a language, the plots written."""

from __future__ import annotations

from pathlib import Path

import pytest

from blockdomino.analysis.lab import blocked_plot, heavy_plot, measure, pips_plot, report
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
