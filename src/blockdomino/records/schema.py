"""What every record shares: its format and version, its data type and its error."""

from __future__ import annotations

from typing import Any, Final

from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.match import Match
from blockdomino.engine.round import Round

FORMAT: Final = "blockdomino-record"
"""The ``format`` field every record carries."""
VERSION: Final = 1
"""The version of the schema this package writes and reads."""

Record = dict[str, Any]
"""A record as JSON-ready data: dicts, lists, strings, numbers, booleans and ``None``."""
Game = Round | Match


class RecordError(BlockdominoError):
    """A record that is malformed, of an unknown version, or inconsistent with the rules."""
