"""``Round.to_record()``/``from_record()`` and ``Match``'s: deprecated aliases, for one release.

Game records are a layer above the engine (``blockdomino.records``): write
``records.to_record(game)`` and ``records.from_record(record)``. Until the aliases go,
this mixin is the one place where the engine reaches up to the records, inside the
methods (the layers contract lists it as its one exception besides ``_repr_svg_``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from blockdomino.engine.errors import deprecated


class RecordAliases:
    """The deprecated record methods of a game (``Round``, ``Match``)."""

    __slots__ = ()

    def to_record(self) -> dict[str, Any]:
        """Deprecated: use ``blockdomino.records.to_record(game)``."""
        from blockdomino import records  # deprecated alias, listed in the layers contract

        deprecated(f"{type(self).__name__}.to_record()", "blockdomino.records.to_record(game)")
        return records.to_record(self)  # type: ignore[arg-type]

    @classmethod
    def from_record(cls, record: Mapping[str, Any] | str | bytes) -> Self:
        """Deprecated: use ``blockdomino.records.from_record(record)``.

        The record must hold this kind of game: a round's record is no match.
        """
        from blockdomino import records  # deprecated alias, listed in the layers contract

        deprecated(f"{cls.__name__}.from_record()", "blockdomino.records.from_record(record)")
        game: Self = getattr(records, f"read_{cls.__name__.lower()}")(record)
        return game
