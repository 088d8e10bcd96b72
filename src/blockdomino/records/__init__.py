"""Game records: a round or a match as a versioned JSON document, read back exactly.

A record holds the rules, each round's deal (the hands, the tiles out of play, how the
leader was found) and every event in order, each typed: ``{"type": "play", ...}`` or
``{"type": "pass", ...}``. Reading a record replays its events through the engine, so
an illegal move, a tile twice or a hand of the wrong size is refused with a
``RecordError`` that says where and why; nothing is half-loaded. The schema is
documented in ``docs/records.md``.

The package writes records (``writing``), reads them back (``reading``) and shares
the format, the version and the error between the two (``schema``). A new kind of
event (a draw, for rules with a pot) is one entry in ``writing._EVENT_WRITERS``, one
in ``reading._EVENT_READERS`` and one case in ``reading._apply``.
"""

from blockdomino.records.reading import (
    load,
    read,
    read_match,
    read_round,
    seats,
    seed,
)
from blockdomino.records.schema import FORMAT, VERSION, Game, Record, RecordError
from blockdomino.records.writing import LINE, dumps, round_data, save, to_record

from_record = read
"""The round or match a record holds: the pair of ``to_record`` (the same as ``read``)."""

__all__ = [
    "FORMAT",
    "LINE",
    "VERSION",
    "Game",
    "Record",
    "RecordError",
    "dumps",
    "from_record",
    "load",
    "read",
    "read_match",
    "read_round",
    "round_data",
    "save",
    "seats",
    "seed",
    "to_record",
]
