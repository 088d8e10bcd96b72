"""One registry of the app's live pieces (``bridge.PIECES``), and a cell it does not know
fails the build.

A small notebook made here stands in for a chapter: a widget cell becomes a live block
with what the registry says of its piece; a widget the registry lacks stops the build
with a message naming the notebook and the cell, in every language.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_worded

from blockdomino import widgets
from blockdomino.app import bridge
from blockdomino.app.chapters import ChapterError, chapter
from blockdomino.words import explain


def _notebook(tmp_path: Path, *code: str, prose: int = 0) -> Path:
    """A chapter: a title, ``prose`` paragraphs, a code cell, then a cell per ``code``."""
    cells: list[dict[str, Any]] = [
        {"cell_type": "markdown", "metadata": {}, "source": "# A chapter"},
        *({"cell_type": "markdown", "metadata": {}, "source": "More."} for _ in range(prose)),
        {"cell_type": "code", "metadata": {}, "outputs": [], "source": "x = 1"},
        *({"cell_type": "code", "metadata": {}, "outputs": [], "source": cell} for cell in code),
    ]
    path = tmp_path / "fi" / "05_pieces.ipynb"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps({"cells": cells, "metadata": {}}), encoding="utf-8")
    return path


TABLE = (
    "from blockdomino import Rules\n"
    "from blockdomino.widgets import RoundPlayer\n"
    'RoundPlayer(Rules.preset("block"), seed=1, lang="fi")'
)


def test_every_widget_a_notebook_can_call_is_a_piece_of_the_registry() -> None:
    assert set(widgets.__all__) == set(bridge.PIECES)


def test_a_widget_cell_is_a_live_block_as_the_registry_says(tmp_path: Path) -> None:
    blocks = chapter(_notebook(tmp_path, TABLE), "fi")["blocks"]
    live = [block for block in blocks if block["type"] == "live"]
    assert [(block["widget"], block["chooser"]) for block in live] == [("RoundPlayer", True)]


PRACTICE = 'from blockdomino.widgets import Practice\nPractice(lang="fi", topic="scoring")'


def test_a_piece_keeps_its_id_when_the_chapter_grows(tmp_path: Path) -> None:
    """The app keeps a game under its piece's id: prose or another kind of piece added
    before it leaves the id be, so the kept game still resumes."""

    def ids(path: Path) -> list[str]:
        return [block["id"] for block in chapter(path, "fi")["blocks"] if block["type"] == "live"]

    before = ids(_notebook(tmp_path, TABLE, TABLE))
    after = ids(_notebook(tmp_path, PRACTICE, TABLE, TABLE, prose=2))
    assert before == ["05-RoundPlayer-1", "05-RoundPlayer-2"]
    assert after == ["05-Practice-1", *before]


def test_a_cell_whose_piece_the_app_does_not_know_fails_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(bridge.PIECES, "RoundPlayer")
    with pytest.raises(ChapterError) as refused:
        chapter(_notebook(tmp_path, TABLE), "fi")
    assert refused.value.key == "app.error.piece"
    assert refused.value.params == {
        "notebook": "fi/05_pieces.ipynb",
        "cell": 3,
        "widget": "RoundPlayer",
    }
    assert_worded(refused.value)
    said = explain(refused.value, "sv")
    assert all(part in said for part in ("fi/05_pieces.ipynb", "3", "RoundPlayer"))
