"""``blockdomino replay``: a game record written as one self-contained HTML page."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from blockdomino.cli import main
from blockdomino.engine.round import Round
from blockdomino.play import walkthrough
from blockdomino.publish import replay_page
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
    assert "could play " not in plain.read_text(encoding="utf-8")
    assert "could play " in revealed.read_text(encoding="utf-8")
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


def _refused_in_time(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> str:
    """``replay`` refuses ``record`` within 5 s, status 2, nothing written; its words."""
    out = tmp_path / "replay.html"
    started = time.perf_counter()
    assert main(["replay", str(record), "--out", str(out), "--lang", lang]) == 2
    assert time.perf_counter() - started < 5
    assert not out.exists()
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return captured.err


def _record_of(steps: int) -> str:
    """A record's text with ``steps`` events (unchecked: the length is refused first)."""
    event = '{"type": "pass", "seat": 0}'
    events = ", ".join([event] * steps)
    return f'{{"format": "blockdomino-record", "version": 1, "rounds": [{{"events": [{events}]}}]}}'


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_a_record_too_long_for_a_page_is_refused_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """A record of more steps than a page holds: refused at once, the limit named."""
    record = tmp_path / "long.json"
    steps = replay_page.MAX_STEPS + 1
    record.write_text(_record_of(steps), encoding="utf-8")
    said = _refused_in_time(record, tmp_path, capsys, lang)
    expected = translate("replay.error.too_long", lang, steps=steps, most=replay_page.MAX_STEPS)
    assert expected in said


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_a_record_file_too_large_for_a_page_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """Like the 62 MB record of 38,000 rounds that ran for minutes: refused at once."""
    record = tmp_path / "huge.json"
    with record.open("wb") as file:
        file.truncate(replay_page.MAX_RECORD_BYTES + 1)
    said = _refused_in_time(record, tmp_path, capsys, lang)
    most = replay_page.MAX_RECORD_BYTES // 2**20
    assert translate("replay.error.too_large", lang, path=str(record), most=most) in said


def test_the_steps_counted_are_the_steps_made_into_frames() -> None:
    """The length checked up front is what the progress bar counts: one per event."""
    record = EXAMPLE.read_bytes()
    told: list[int] = []
    frames = walkthrough.frames(record, shared_faces=True, progress=told.append)
    assert replay_page.check_length(record) == sum(told) == len(frames) - 1
    assert replay_page.check_length(_record_of(replay_page.MAX_STEPS).encode()) == (
        replay_page.MAX_STEPS
    )
