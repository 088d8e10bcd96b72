"""Kept games are never lost: a full disk, a game of other rules, a corrupt file, two
tables keeping one file."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from blockdomino import Rules
from blockdomino.engine.match import Match
from blockdomino.play import keeping
from blockdomino.play.table import Seating, TableController
from blockdomino.play.view_model import ViewModel
from blockdomino.records import load
from blockdomino.words.i18n import translate


def _table(
    preset: str = "match", players: int = 2, *, lang: str = "en", seed: int = 5
) -> TableController:
    seating = Seating.against_computer(players, seat=0, strategy="random")
    return TableController(
        Rules.preset(preset, players),
        seed=seed,
        lang=lang,
        seating=seating,
        match=preset == "match",
    )


def _move(table: TableController, view: ViewModel) -> ViewModel:
    if table.state.position.is_over:
        return table.act("next_round" if isinstance(table.state.game, Match) else "new_round")
    if view.button("pass").enabled:
        return table.act("pass")
    view = table.act(next(b.id for b in view.group("tiles") if b.highlight == "fits"))
    if view.selected is not None:
        view = table.act(next(b.id for b in view.group("ends") if b.highlight == "fits"))
    return view


def _full_disk(*_: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_a_full_disk_is_said_and_the_last_good_game_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    kept = tmp_path / "game.json"
    table = _table(lang=lang)
    view = _move(table, table.act(f"keep:{kept}"))
    good = load(kept)
    assert good == table.state.game
    monkeypatch.setattr(os, "fsync", _full_disk)
    view = _move(table, view)
    said = translate("play.keep.disk_full", lang, path="game.json")
    assert said in view.text("message").replace("&quot;", '"')
    assert load(kept) == good
    assert [path.name for path in tmp_path.iterdir()] == ["game.json"], "no temporary left"
    monkeypatch.undo()
    view = _move(table, view)
    assert said not in view.text("message")
    assert load(kept) == table.state.game


def test_a_failed_save_button_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table()
    monkeypatch.setattr(keeping, "write_atomic", _full_disk)
    view = table.act(f"save:{tmp_path / 'saved.json'}")
    assert view.announcement == translate("play.keep.disk_full", "en", path="saved.json")
    assert not (tmp_path / "saved.json").exists()


def test_a_game_of_other_rules_is_offered_not_overwritten(tmp_path: Path) -> None:
    kept = tmp_path / "game.json"
    first = _table("match", 3)
    _move(first, first.act(f"keep:{kept}"))
    other = _table("match", 2)
    view = other.act(f"keep:{kept}")
    assert view.button("keep_both").visible
    assert not view.button("resume").visible, "a 3-player match cannot go on at 2 seats"
    for _ in range(3):
        view = _move(other, view)
    assert load(kept) == first.state.game
    view = other.act("keep_both")
    both = tmp_path / "game-2.json"
    assert translate("play.keep.both", "en", path=both.name, other=kept.name) in view.text(
        "message"
    )
    assert load(both) == other.state.game
    assert load(kept) == first.state.game


def test_a_game_of_other_rules_can_be_resumed(tmp_path: Path) -> None:
    kept = tmp_path / "game.json"
    first = _table("match", 2)
    _move(first, first.act(f"keep:{kept}"))
    other = TableController(
        Rules.preset("match", 2, target=50),
        seed=1,
        lang="en",
        seating=Seating.against_computer(2, seat=0, strategy="random"),
        match=True,
    )
    view = other.act(f"keep:{kept}")
    assert view.button("resume").visible
    assert view.button("keep_both").visible
    other.act("resume")
    assert other.state.game == first.state.game
    assert other.state.rules == first.state.rules


def test_a_corrupt_file_is_moved_aside_and_saving_goes_on(tmp_path: Path) -> None:
    kept = tmp_path / "game.json"
    kept.write_bytes(b'{"format": "blockdomino-rec')
    table = _table(lang="sv")
    view = table.act(f"keep:{kept}")
    (aside,) = tmp_path.glob("game.corrupt-*.json")
    assert aside.read_bytes() == b'{"format": "blockdomino-rec'
    assert aside.name in view.text("message")
    assert load(kept) == table.state.game
    _move(table, view)
    assert load(kept) == table.state.game


def test_names_beside_a_file_are_free(tmp_path: Path) -> None:
    kept = tmp_path / "game.json"
    assert keeping.beside(kept).name == "game-2.json"
    (tmp_path / "game-2.json").write_text("x")
    assert keeping.beside(kept).name == "game-3.json"
    kept.write_text("x")
    assert keeping.move_aside(kept, when=0).name.startswith("game.corrupt-19")


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_two_tables_keeping_one_file_keep_both_games(tmp_path: Path, lang: str) -> None:
    """The second save notices the file changed since it was read: its game goes beside,
    the other table's stays, and the table says so. Nothing is silently lost."""
    kept = tmp_path / "game.json"
    first, second = _table(lang=lang, seed=5), _table(lang=lang, seed=6)
    view = _move(first, first.act(f"keep:{kept}"))
    _move(second, second.act(f"keep:{kept}"))  # offered the first's game; plays on afresh
    assert load(kept) == second.state.game
    view = _move(first, view)
    beside = tmp_path / "game-2.json"
    said = translate("play.keep.changed", lang, path=beside.name, other=kept.name)
    assert said in view.text("message").replace("&quot;", '"')
    assert load(beside) == first.state.game
    assert load(kept) == second.state.game
    assert first.state.kept == beside
    view, other_view = _move(first, view), _move(second, second.view())
    assert said not in view.text("message")
    assert load(beside) == first.state.game
    assert load(kept) == second.state.game
    assert "game-2.json" not in other_view.text("message")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game-2.json", "game.json"]


def test_saving_to_the_kept_file_notices_another_tables_game(tmp_path: Path) -> None:
    """ "Save record" into the kept file checks it too."""
    kept = tmp_path / "game.json"
    table = _table()
    table.act(f"keep:{kept}")
    kept.write_text("written by another table", encoding="utf-8")
    view = table.act("save")
    assert kept.read_text(encoding="utf-8") == "written by another table"
    assert load(tmp_path / "game-2.json") == table.state.game
    assert "game-2.json" in view.text("message")
