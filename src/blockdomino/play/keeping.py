"""Keeping a table's game beside the notebook, to save it and to resume it after a restart.

"Save record" writes the game's record (``blockdomino.records``) to a file in the
notebook's folder. A table told to ``keep`` a file writes the game in progress there
after every move; a table made anew (after the kernel restarted) and told to keep the
same file offers to resume the game it finds there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from blockdomino import records
from blockdomino.engine.round import Seed
from blockdomino.engine.rules import Rules
from blockdomino.records import Game, Record

DEFAULT_FILE: Final = "blockdomino-record.json"
"""Where "Save record" writes unless told otherwise: beside the notebook."""


def write(record: Record, path: str | Path) -> Path:
    """Write ``record`` to ``path`` as JSON text; the path written."""
    target = Path(path)
    target.write_text(records.dumps(record), encoding="utf-8")
    return target


def unfinished(path: str | Path, rules: Rules) -> tuple[Game, Seed, list[dict[str, Any]]] | None:
    """The game in progress kept at ``path`` under these rules, its seed and its seats.

    ``None`` when there is no such file, its game is over, or it was played under other
    rules. A file that is not a readable record raises ``records.RecordError``.
    """
    kept = Path(path)
    if not kept.is_file():
        return None
    text = kept.read_bytes()
    game = records.read(text)
    over = game.is_over
    if over or game.rules != rules:
        return None
    return game, records.seed(text), records.seats(text)
