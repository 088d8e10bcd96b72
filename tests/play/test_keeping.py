"""Saving a table's game as a record, and resuming it after the kernel restarted.

The restart is real: a second Python process builds the table anew from the notebook's
code, finds the kept file and resumes, and must then hold exactly the game the first
process left.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from blockdomino import Match, Rules, records
from blockdomino.records import load, read, seats
from blockdomino.widgets import HotSeat, MatchPlayer, RoundPlayer

NAMES = ("<script>alert(1)</script>", 'Ä&Ö "x"', "Å" * 200, "random")


def _play_some(table: Any, moves: int) -> None:
    """The learner plays the first tile marked ✓ (at an end marked ✓), ``moves`` times."""
    for _ in range(moves):
        if table.position.is_over:
            table.next_button.click()
            continue
        if table.pass_button.disabled is False:
            table.pass_button.click()
            continue
        next(b for b in table.tile_buttons if b.icon == "check").click()
        if table.selected is not None:
            next(b for b in table.end_buttons if b.icon == "check").click()


def test_save_record_writes_the_game_beside_the_notebook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    table = RoundPlayer(Rules.preset("block", 3), seed=4, lang="fi")
    _play_some(table, 2)
    table.save_button.click()
    saved = tmp_path / "blockdomino-record.json"
    assert load(saved) == table.state
    assert "blockdomino-record.json" in table.message.value
    assert seats(saved.read_text(encoding="utf-8")) == [
        {"name": ""},
        {"strategy": "random"},
        {"strategy": "random"},
    ]


def test_a_hot_seat_record_keeps_the_learners_names_exactly(tmp_path: Path) -> None:
    table = HotSeat(Rules.preset("partnership"), names=NAMES, seed=2, lang="sv")
    path = table.save_record(tmp_path / "hot.json")
    text = path.read_text(encoding="utf-8")
    assert [seat.get("name", seat.get("strategy")) for seat in seats(text)] == list(NAMES)
    assert records.from_record(text) == table.state


_RESTART = """
import sys
from blockdomino import Rules
from blockdomino.records import dumps
from blockdomino.widgets import MatchPlayer
table = MatchPlayer(Rules.preset("match", 3), seed=77, lang="fi")
table.keep(sys.argv[1])
assert table.resume_button.layout.display != "none", "no offer to resume"
table.resume_button.click()
sys.stdout.write(dumps(table.record()))
"""


def test_a_match_resumes_after_the_kernel_restarts(tmp_path: Path) -> None:
    """The kept record is rewritten after every move; a new kernel resumes it exactly,
    computer players' coming moves included (the match's seed is kept too)."""
    kept = tmp_path / "match.json"
    table = MatchPlayer(Rules.preset("match", 3), seed=5, lang="fi")
    table.keep(kept)
    _play_some(table, 9)
    assert table.state.number >= 2
    assert load(kept) == table.state
    resumed = subprocess.run(
        [sys.executable, "-c", _RESTART, str(kept)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert read(resumed) == table.state
    assert json.loads(resumed)["seed"] == 5


def test_a_fresh_table_offers_nothing_and_plays_on(tmp_path: Path) -> None:
    kept = tmp_path / "match.json"
    finished = MatchPlayer(Rules.preset("match", 2, target=1), seed=1, lang="en")
    finished.keep(kept)
    while not finished.state.is_over:
        _play_some(finished, 1)
    again = MatchPlayer(Rules.preset("match", 2, target=1), seed=1, lang="en")
    again.keep(kept)
    assert again.resume_button.layout.display == "none"
    other_rules = RoundPlayer(Rules.preset("block", 2), seed=1, lang="en")
    other_rules.keep(kept)
    assert other_rules.resume_button.layout.display == "none"
    assert other_rules.keep_both_button.layout.display != "none"
    assert isinstance(load(kept), Match), "a game of other rules in progress is not overwritten"


def test_a_damaged_kept_file_is_moved_aside_and_saving_goes_on(tmp_path: Path) -> None:
    kept = tmp_path / "match.json"
    kept.write_text('{"format": "blockdomino-record", "version": 99}', encoding="utf-8")
    table = MatchPlayer(Rules.preset("match", 2), seed=1, lang="en")
    table.keep(kept)
    (aside,) = tmp_path.glob("match.corrupt-*.json")
    assert "version 99" in table.message.value
    assert aside.name in table.message.value
    assert "99" in aside.read_text(encoding="utf-8")
    assert table.resume_button.layout.display == "none"
    _play_some(table, 2)
    assert load(kept) == table.state


def test_a_hot_seat_game_resumes_covered(tmp_path: Path) -> None:
    """After a restart the table is covered again: the next person must ask for their hand."""
    kept = tmp_path / "hot.json"
    rules = Rules.preset("block", 3)
    table = HotSeat(rules, names=["Aino", "Eino", "random"], seed=6, lang="fi")
    table.keep(kept)
    for _ in range(2):
        if table.covered:
            table.show_button.click()
        next(b for b in table.tile_buttons if b.icon == "check").click()
        if table.selected is not None:
            next(b for b in table.end_buttons if b.icon == "check").click()
    again = HotSeat(rules, names=["Aino", "Eino", "random"], seed=1, lang="fi")
    again.keep(kept)
    again.resume_button.click()
    assert again.state == table.state
    assert again.seed == 6
    assert again.covered
    assert again.tile_buttons == ()
