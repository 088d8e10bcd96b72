"""Keeping a table's game beside the notebook, to save it and to resume it after a restart.

"Save record" writes the game's record (``blockdomino.records``) to a file in the
notebook's folder. A table told to ``keep`` a file writes the game in progress there
after every move; a table made anew (after the kernel restarted) and told to keep the
same file offers to resume the game it finds there.

Nothing kept is ever lost:

- every write is atomic (``blockdomino.files.write_atomic``): a crash or a full disk
  leaves the last good game whole, and a failed save is said in words (:func:`failure`);
- a game in progress under other rules is offered, never overwritten: resume it, or
  keep both, this game under a new name (:func:`beside`);
- a file that is no readable record is moved aside (:func:`move_aside`) and the
  learner told where; saving then goes on;
- two tables keeping one file never silently overwrite each other: a table remembers
  the file as it last read or wrote it (:func:`stamp`), and when the file has changed
  since, its game goes to a new name beside it and the other game stays (:func:`keep`).
"""

from __future__ import annotations

import errno
import hashlib
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from blockdomino import records
from blockdomino.engine.round import Seed
from blockdomino.engine.rules import Rules
from blockdomino.files import write_atomic
from blockdomino.records import Game, Record
from blockdomino.words.i18n import translate

DEFAULT_FILE: Final = "blockdomino-record.json"
"""Where "Save record" writes unless told otherwise: beside the notebook."""


def write(record: Record, path: str | Path) -> Path:
    """Write ``record`` to ``path`` as JSON text, atomically; the path written. A failure
    (``OSError``) leaves the file as it was."""
    return write_atomic(path, records.dumps(record))


def stamp(path: str | Path) -> str | None:
    """The kept file as it is now, to tell later whether it changed: a digest of its
    bytes (``None``: there is no file)."""
    try:
        return _digest(Path(path).read_bytes())
    except FileNotFoundError:
        return None


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True, slots=True)
class Kept:
    """A game written to its kept file: the file written, its ``stamp`` as written, and
    whether it went ``beside`` the file kept (which had changed since it was read)."""

    path: Path
    stamp: str
    beside: bool


def keep(record: Record, path: str | Path, seen: str | None) -> Kept:
    """Write ``record`` to ``path`` if the file is still as this table last read or wrote
    it (``seen``, its ``stamp``); else to a new name beside it, leaving the other game
    there as it is. A failure (``OSError``) leaves every file as it was."""
    kept = Path(path)
    moved = stamp(kept) != seen
    text = records.dumps(record).encode("utf-8")
    written = write_atomic(beside(kept) if moved else kept, text)
    return Kept(written, _digest(text), moved)


@dataclass(frozen=True, slots=True)
class Found:
    """A game in progress found in a kept file, its seed and seats, and whether it was
    played under the rules of the table that found it."""

    game: Game
    seed: Seed
    seats: list[dict[str, Any]]
    same_rules: bool


def unfinished(path: str | Path, rules: Rules) -> Found | None:
    """The game in progress kept at ``path``, under these rules or others.

    ``None`` when there is no such file or its game is over. A file that is not a
    readable record raises ``records.RecordError``.
    """
    kept = Path(path)
    if not kept.is_file():
        return None
    text = kept.read_bytes()
    game = records.read(text)
    if game.is_over:
        return None
    return Found(game, records.seed(text), records.seats(text), game.rules == rules)


def move_aside(path: str | Path, *, when: float | None = None) -> Path:
    """Move an unreadable kept file out of the way, beside it, as
    ``<name>.corrupt-<time>.json``; the new path. Nothing is deleted."""
    kept = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    aside = _free(kept.with_name(f"{kept.stem}.corrupt-{stamp}.json"))
    os.replace(kept, aside)
    return aside


def beside(path: str | Path) -> Path:
    """A free name beside ``path`` for a second game: ``game-2.json``, ``game-3.json``, …"""
    kept = Path(path)
    return _free(kept.with_name(f"{kept.stem}-2{kept.suffix}"))


def _free(path: Path) -> Path:
    """``path``, or the first of ``<stem>-2``, ``-3``, … that no file holds yet."""
    stem = path.stem.removesuffix("-2")
    number = 2
    while path.exists():
        number += 1
        path = path.with_name(f"{stem}-{number}{path.suffix}")
    return path


def failure(error: OSError, path: str | Path, lang: str) -> str:
    """A failed save in the learner's words: why, and where the last good game is."""
    key = "play.keep.disk_full" if error.errno == errno.ENOSPC else "play.keep.failed"
    return translate(key, lang, path=Path(path).name)
