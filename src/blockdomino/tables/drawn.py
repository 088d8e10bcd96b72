"""What a class table draws once for each of its versions and every screen of that
version shares (``tables.screens``): the chain's and the face-down hands' pictures, the
lines every seat reads alike, the lobby's listing.

A version of a table is its actions taken, its seats and whether it is closed: a move, a
pupil sitting down or leaving, a rename or a closing makes a new one, and what was drawn
of the old one is forgotten at once (no screen is drawn of an old version again). Only
what every seat may see goes here: a seat's own hand, and anything drawn from it, is
drawn for that seat alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar, cast

from blockdomino.tables.service import Table

T = TypeVar("T")
VERSION: Final = ("version",)
"""Where a table's drawings say which version of it they show."""


def version(table: Table) -> tuple[object, ...]:
    """What makes a new version of ``table``: its actions taken, whether it is closed,
    its seats (who sits where, under which nickname)."""
    return (table.taken, table.closed, tuple(table.seats))


def kept(table: Table, kind: str, lang: str, draw: Callable[[], T]) -> T:
    """What ``draw`` draws of ``table``, drawn once for each version of the table,
    ``kind`` and language; the drawings of an older version are let go."""
    now = version(table)
    if table.drawn.get(VERSION) != now:
        table.drawn.clear()
        table.drawn[VERSION] = now
    key = (kind, lang)
    if key not in table.drawn:
        table.drawn[key] = draw()
    return cast(T, table.drawn[key])
