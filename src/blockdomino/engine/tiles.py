"""Tiles of the double-six set: ``Tile``, ``DOUBLE_SIX`` and parsing ``"[1|4]"``.

A tile has two halves, each showing 0 to 6 pips. It has no orientation of its own:
``Tile(4, 1)`` and ``Tile(1, 4)`` are the same tile, written ``[1|4]`` (lower half first).
The set holds each of the 28 pairs once, so every tile is a single shared value:
``Tile(4, 1) is Tile(1, 4)``.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Final

from blockdomino.engine.errors import TileError

HIGHEST_NUMBER: Final = 6
"""A double-six set: halves show 0 to 6 pips."""

_TILE_TEXT = re.compile(r"\[\s*(\d+)\s*\|\s*(\d+)\s*\]", re.ASCII)
"""``[a|b]`` with ASCII digits only: ``int`` would also read other scripts' digits."""


class Tile:
    """One domino of the double-six set, e.g. ``Tile(1, 4)``, written ``[1|4]``.

    Its value (``pips``) is the sum of both halves: [6|6] is 12 and [0|0] is 0. A double
    has the same number on both halves. 0 is a number like the others: it matches only 0.
    """

    __slots__ = ("high", "index", "is_double", "low", "mask", "pips")
    _interned: ClassVar[dict[tuple[int, int], Tile]] = {}

    low: int
    high: int
    pips: int
    is_double: bool
    index: int
    mask: int

    def __new__(cls, a: int, b: int) -> Tile:
        try:
            return cls._interned[a, b]
        except (KeyError, TypeError):
            raise TileError("error.tile.numbers", a=a, b=b, highest=HIGHEST_NUMBER) from None

    @classmethod
    def _make(cls, low: int, high: int, index: int) -> Tile:
        tile = object.__new__(cls)
        for name, value in (
            ("low", low),
            ("high", high),
            ("pips", low + high),
            ("is_double", low == high),
            ("index", index),
            ("mask", 1 << low | 1 << high),
        ):
            object.__setattr__(tile, name, value)
        return tile

    @classmethod
    def parse(cls, text: str) -> Tile:
        """The tile written as ``"[a|b]"`` (either order, spaces allowed inside the brackets)."""
        match = _TILE_TEXT.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise TileError("error.tile.malformed", text=str(text))
        if any(len(digits.lstrip("0")) > 1 for digits in (match[1], match[2])):
            raise TileError("error.tile.malformed", text=text)  # 7 and up, however long
        a, b = int(match[1]), int(match[2])
        if max(a, b) > HIGHEST_NUMBER:
            raise TileError("error.tile.malformed", text=text)
        return cls(a, b)

    def has(self, number: int) -> bool:
        """Whether either half of this tile shows ``number``."""
        return bool(self.mask >> number & 1)

    def other(self, number: int) -> int:
        """The number on the half opposite the one showing ``number``."""
        if number == self.low:
            return self.high
        if number == self.high:
            return self.low
        raise TileError("error.tile.no_half", tile=str(self), number=number)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Tile is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Tile is immutable: cannot delete {name!r}")

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        return self.index >= other.index

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.low, self.high))

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Tile:
        return self

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    def _repr_svg_(self) -> str:
        """The diagram Jupyter shows (an ``svg.SvgImage``, which is text)."""
        from blockdomino import svg  # presentation, imported lazily

        return svg.tile(self)


def _intern_set() -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for low in range(HIGHEST_NUMBER + 1):
        for high in range(low, HIGHEST_NUMBER + 1):
            tile = Tile._make(low, high, len(tiles))
            Tile._interned[low, high] = Tile._interned[high, low] = tile
            tiles.append(tile)
    return tuple(tiles)


DOUBLE_SIX: Final[tuple[Tile, ...]] = _intern_set()
"""The 28 tiles of the double-six set, [0|0] to [6|6], ordered as [low|high] ascending."""


def as_tile(value: object) -> Tile:
    """``value`` as a tile: a ``Tile`` itself, or text such as ``"[1|4]"``; anything else
    (``1``, ``None``, ``"x"``) is refused with a ``TileError`` naming it."""
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        return Tile.parse(value)
    raise TileError("error.tile.malformed", text=str(value))


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Every tile written in ``text`` as ``[a|b]``, in order, e.g. ``"[1|4], [1|1]"``.

    Anything between the tiles other than commas and spaces is refused, and so is a
    value that is not text.
    """
    if not isinstance(text, str):
        raise TileError("error.tile.malformed", text=str(text))
    tiles: list[Tile] = []
    position = 0
    for match in _TILE_TEXT.finditer(text):
        if text[position : match.start()].strip(" ,\n\t"):
            raise TileError("error.tile.malformed", text=text[position : match.start()].strip())
        tiles.append(Tile.parse(match[0]))
        position = match.end()
    if text[position:].strip(" ,\n\t"):
        raise TileError("error.tile.malformed", text=text[position:].strip())
    return tuple(tiles)
