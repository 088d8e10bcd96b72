"""``blockdomino replay``: a game record written as one self-contained HTML page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from blockdomino.cli import main
from blockdomino.engine.round import Round
from blockdomino.records import load
from blockdomino.words.i18n import translate

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "example-record.json"


def test_the_page_holds_every_step_and_fetches_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "replay.html"
    assert main(["replay", str(EXAMPLE), "--out", str(out), "--lang", "sv"]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    text = out.read_text(encoding="utf-8")
    position = load(EXAMPLE)
    assert isinstance(position, Round)
    assert text.count('class="bd-frame') == len(position.history) + 1
    assert text.count('class="bd-frame" hidden') == len(position.history)
    assert '<html lang="sv">' in text
    dealt = translate("narration.dealt", "sv", player="{player}").partition("{player}")[0]
    assert dealt.strip() in text
    outside = r"""(?:src|href)\s*=\s*"(?!#)|@import|url\(|fetch\(|XMLHttpRequest"""
    assert not re.search(outside, text)  # href="#bd-face-…" is a tile face in the page
    assert "<script>" in text


def test_reveal_and_large_change_the_page(tmp_path: Path) -> None:
    plain, revealed = tmp_path / "plain.html", tmp_path / "revealed.html"
    assert main(["replay", str(EXAMPLE), "--out", str(plain)]) == 0
    assert main(["replay", str(EXAMPLE), "--out", str(revealed), "--reveal", "--large"]) == 0
    assert "could play [" not in plain.read_text(encoding="utf-8")
    assert "could play [" in revealed.read_text(encoding="utf-8")
    assert "zoom:" in revealed.read_text(encoding="utf-8")


def test_a_bad_record_is_refused_in_the_learners_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "blockdomino-record", "version": 2}', encoding="utf-8")
    out = tmp_path / "replay.html"
    assert main(["replay", str(bad), "--out", str(out), "--lang", "fi"]) == 2
    assert "versiota 2" in capsys.readouterr().err
    assert not out.exists()
    assert main(["replay", str(tmp_path / "missing.json"), "--out", str(out)]) == 2
