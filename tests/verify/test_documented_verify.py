"""The round trip of a leaflet through ``blockdomino verify`` in ``docs/verify.md``, run as written:
the command, its report word for word, its exit status, the page it writes."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from blockdomino.cli import main

ROOT = Path(__file__).parents[2]
EXAMPLE = re.compile(
    r"```sh\n(?P<command>blockdomino verify tests/data/verify/leaflets/\S+ --html \S+)\n```\n\n"
    r"```text\n(?P<report>.*?)```",
    re.DOTALL,
)


def test_the_documented_round_trip_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    example = EXAMPLE.search((ROOT / "docs" / "verify.md").read_text(encoding="utf-8"))
    assert example is not None
    arguments = shlex.split(example["command"])[1:]
    leaflet = Path(arguments[1])
    (tmp_path / leaflet).parent.mkdir(parents=True)
    shutil.copy(ROOT / leaflet, tmp_path / leaflet)
    monkeypatch.chdir(tmp_path)
    assert main(arguments) == 1
    assert capsys.readouterr().out == example["report"]
    page = (tmp_path / arguments[-1]).read_text(encoding="utf-8")
    assert "Mikä on väärin" in page
    assert "Ei tarkistettu" in page
