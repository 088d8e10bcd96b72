"""The line of play: a chain with exactly two open ends, doubles crosswise, no branches.

A tile joins one of the two open ends when its touching half shows that end's number;
its other half becomes the new end. A double is laid crosswise but stays in the one
two-ended chain: no double opens side branches, not even an opening double.

Sides of a placed tile, as the Finnish rules name them: a non-double has a *higher end*
and a *lower end*; a double lying crosswise has two long sides, *line A* and *line B*.
A double that joins the chain touches it with line A, leaving line B free; an opening
double has both lines free.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from blockdomino.engine._values import maker, tuple_maker
from blockdomino.engine.errors import IllegalMoveError, TileError
from blockdomino.engine.tiles import Tile, as_tile, parse_tiles


class Side(enum.Enum):
    """A side of a placed tile where another tile can touch it."""

    HIGHER_END = "higher_end"
    LOWER_END = "lower_end"
    LINE_A = "line_a"
    LINE_B = "line_b"

    @property
    def rank(self) -> int:
        """Listing order within one tile: higher end before lower end, line A before line B."""
        return _SIDE_RANK[self]


_END_MARKS = re.compile(r"\s*([<>])")
"""The end a tile that fits both joins, written after it."""
_SIDE_RANK = {Side.HIGHER_END: 0, Side.LOWER_END: 1, Side.LINE_A: 0, Side.LINE_B: 1}


class OpenEnd(NamedTuple):
    """A free connection point: the tile lying there, its free side and the number it shows."""

    tile: Tile
    side: Side
    pips: int


class Join(NamedTuple):
    """One joining, as made: the chain tile and its side, then the new tile and its side."""

    chain_tile: Tile
    chain_side: Side
    tile: Tile
    side: Side


class Piece(NamedTuple):
    """A tile as it lies in the line, read left to right: the numbers and sides it shows."""

    tile: Tile
    left: int
    right: int
    left_side: Side
    right_side: Side


def _side_of(tile: Tile, number: int) -> Side:
    return Side.HIGHER_END if number == tile.high else Side.LOWER_END


_piece = tuple_maker(Piece)
_open_end = tuple_maker(OpenEnd)


def _opening_piece(tile: Tile) -> Piece:
    if tile.is_double:
        return _piece((tile, tile.low, tile.low, Side.LINE_A, Side.LINE_B))
    return _piece((tile, tile.low, tile.high, Side.LOWER_END, Side.HIGHER_END))


def _piece_right_of(number: int, tile: Tile) -> Piece:
    """``tile`` laid to the right of an end showing ``number``."""
    if tile.is_double:
        return _piece((tile, number, number, Side.LINE_A, Side.LINE_B))
    other = tile.other(number)
    return _piece((tile, number, other, _side_of(tile, number), _side_of(tile, other)))


def _piece_left_of(number: int, tile: Tile) -> Piece:
    """``tile`` laid to the left of an end showing ``number``."""
    if tile.is_double:
        return _piece((tile, number, number, Side.LINE_B, Side.LINE_A))
    other = tile.other(number)
    return _piece((tile, other, number, _side_of(tile, other), _side_of(tile, number)))


def canonical_order(end: OpenEnd) -> tuple[int, int]:
    """Sort key of a continuation: by tile ([low|high] ascending), then by side."""
    return end.tile.index, _SIDE_RANK[end.side]


def _ends_of(line: tuple[Piece, ...]) -> tuple[OpenEnd, ...]:
    if not line:
        return ()
    first, last = line[0], line[-1]
    left = _open_end((first.tile, first.left_side, first.left))
    right = _open_end((last.tile, last.right_side, last.right))
    if first.tile is last.tile:  # the opening tile alone: both ends lie on it
        right_first = _SIDE_RANK[last.right_side] < _SIDE_RANK[first.left_side]
    else:
        right_first = last.tile.index < first.tile.index
    return (right, left) if right_first else (left, right)


@dataclass(frozen=True, slots=True)
class Chain:
    """The chain of played tiles. Immutable: ``play`` returns a new chain.

    ``line`` holds the tiles as they lie, left to right; ``tiles`` the same tiles in the
    order they were placed.
    """

    line: tuple[Piece, ...] = ()
    tiles: tuple[Tile, ...] = ()
    _ends: tuple[OpenEnd, ...] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def from_tiles(cls, tiles: Iterable[Tile | str]) -> Chain:
        """The chain built by placing ``tiles`` in order, each where it alone fits.

        A tile that could go to either end makes the sequence ambiguous and is refused;
        build such a chain with ``play(tile, end=...)`` instead.
        """
        chain = cls()
        for tile in tiles:
            chain = chain.play(as_tile(tile))
        return chain

    @classmethod
    def parse(cls, text: str) -> Chain:
        """The chain placed from tiles written in order, e.g. ``"[1|4], [1|1], [4|4]"``.

        A tile that fits both open ends is followed by the end it joins: ``<`` the end
        where the line starts (left in a one-row drawing), ``>`` the end it grows to
        (right): ``"[2|2] [2|5]>"``. ``notation`` writes a chain so.
        """
        if not isinstance(text, str):
            raise TileError("error.tile.malformed", text=str(text))
        chain = cls()
        pieces = _END_MARKS.split(text)  # tiles, a mark, tiles, a mark, …, tiles
        for part, mark in zip(pieces[::2], [*pieces[1::2], ""], strict=True):
            tiles = parse_tiles(part)
            for tile in tiles[:-1] if mark else tiles:
                chain = chain.play(tile)
            if mark:
                chain = chain._play_marked(tiles[-1] if tiles else None, mark)
        return chain

    def _play_marked(self, tile: Tile | None, mark: str) -> Chain:
        """``tile`` joined at the end its mark names; a mark after no tile, or before
        the opening, is refused."""
        if tile is None:
            raise TileError("error.tile.malformed", text=mark)
        if not self.line:
            raise IllegalMoveError("error.play.end_before_opening", tile=tile)
        return self.play(tile, self._line_end(at_start=mark == "<"))

    def _line_end(self, *, at_start: bool) -> OpenEnd:
        """The open end where the line starts, or the one it grows to."""
        if at_start:
            first = self.line[0]
            return _open_end((first.tile, first.left_side, first.left))
        last = self.line[-1]
        return _open_end((last.tile, last.right_side, last.right))

    @property
    def notation(self) -> str:
        """The tiles in placement order as ``parse`` reads them, each tile that fitted both
        ends marked with the end it joined (``<`` or ``>``)."""
        written = []
        chain = Chain()
        for tile in self.tiles:
            numbers = chain.numbers
            mark = ""
            if numbers is not None and tile.has(numbers[0]) and tile.has(numbers[1]):
                mark = "<" if self._left_of_opening(tile) else ">"
            chain = chain.play(tile, chain._line_end(at_start=mark == "<") if mark else None)
            written.append(f"{tile}{mark}")
        return " ".join(written)

    def _left_of_opening(self, tile: Tile) -> bool:
        order = [piece.tile for piece in self.line]
        return order.index(tile) < order.index(self.tiles[0])

    @property
    def joins(self) -> tuple[Join, ...]:
        """Each joining in the order it was made: chain tile and side, new tile and side.

        Nothing is ever laid between two joined tiles, so a tile lying right of the
        opening tile joined its left neighbour, and one lying left joined its right one.
        """
        if not self.line:
            return ()
        position = {piece.tile: index for index, piece in enumerate(self.line)}
        opening = position[self.tiles[0]]
        joins = []
        for tile in self.tiles[1:]:
            index = position[tile]
            piece = self.line[index]
            if index > opening:
                left = self.line[index - 1]
                joins.append(Join(left.tile, left.right_side, tile, piece.left_side))
            else:
                right = self.line[index + 1]
                joins.append(Join(right.tile, right.left_side, tile, piece.right_side))
        return tuple(joins)

    @property
    def open_ends(self) -> tuple[OpenEnd, ...]:
        """The two free connection points in canonical order (none before the opening).

        Canonical order: by tile, [low|high] ascending; within a tile the higher end
        before the lower end, line A before line B.
        """
        ends = self._ends
        if ends is None:
            ends = _ends_of(self.line)
            _set_ends(self, ends)
        return ends

    @property
    def numbers(self) -> tuple[int, int] | None:
        """The numbers the left and right ends of the line show; ``None`` before the opening."""
        if not self.line:
            return None
        return self.line[0].left, self.line[-1].right

    def ends_for(self, tile: Tile) -> tuple[OpenEnd, ...]:
        """The open ends ``tile`` can join (in canonical order); before the opening, none."""
        if tile in self.tiles:
            return ()
        return tuple(end for end in self.open_ends if tile.mask >> end.pips & 1)

    def fits(self, tile: Tile) -> bool:
        """Whether ``tile`` can be placed now: it opens an empty chain or matches an end."""
        numbers = self.numbers
        if numbers is None:
            return True
        return tile not in self.tiles and bool(tile.mask & (1 << numbers[0] | 1 << numbers[1]))

    def end(self, tile: Tile, side: Side) -> OpenEnd:
        """The open end at ``side`` of ``tile``; refused if that side is not free."""
        for end in self.open_ends:
            if end.tile is tile and end.side is side:
                return end
        raise IllegalMoveError("error.play.end_not_open", tile=tile, side=side)

    def play(self, tile: Tile, end: OpenEnd | None = None) -> Chain:
        """The chain after ``tile`` joins it: opens the chain, or joins ``end``.

        ``end`` may be left out when the tile fits only one place. A tile already in the
        chain, one that matches no open end, or one that fits two places with no ``end``
        given is refused with an ``IllegalMoveError``; this chain stays as it was.
        """
        if tile in self.tiles:
            raise IllegalMoveError("error.play.already_in_chain", tile=tile)
        if not self.line:
            if end is not None:
                raise IllegalMoveError("error.play.end_before_opening", tile=tile)
            return _chain((_opening_piece(tile),), (tile,), None)
        first, last = self.line[0], self.line[-1]
        at_left, at_right = tile.has(first.left), tile.has(last.right)
        if end is not None:
            at_left, at_right = self._placement_at(tile, end)
        elif at_left and at_right:
            raise IllegalMoveError(
                "error.play.ambiguous", tile=tile, left=first.left, right=last.right
            )
        if at_right:
            return _chain(
                (*self.line, _piece_right_of(last.right, tile)), (*self.tiles, tile), None
            )
        if at_left:
            return _chain((_piece_left_of(first.left, tile), *self.line), (*self.tiles, tile), None)
        raise IllegalMoveError(
            no_match_key(tile, first.left, last.right), tile=tile, left=first.left, right=last.right
        )

    def _placement_at(self, tile: Tile, end: OpenEnd) -> tuple[bool, bool]:
        first, last = self.line[0], self.line[-1]
        is_left = end.tile is first.tile and end.side is first.left_side
        is_right = end.tile is last.tile and end.side is last.right_side
        if not (is_left or is_right):
            raise IllegalMoveError("error.play.end_not_open", tile=end.tile, side=end.side)
        number = first.left if is_left else last.right
        if end.pips != number:
            raise IllegalMoveError(
                "error.play.end_number", tile=end.tile, side=end.side, shown=number, given=end.pips
            )
        if not tile.has(number):
            raise IllegalMoveError("error.play.end_mismatch", tile=tile, number=number)
        return is_left, not is_left

    def __len__(self) -> int:
        return len(self.tiles)

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles)

    def __contains__(self, tile: object) -> bool:
        return tile in self.tiles

    def __str__(self) -> str:
        return " ".join(f"[{piece.left}|{piece.right}]" for piece in self.line) or "(empty)"

    def _repr_svg_(self) -> str:
        """The diagram Jupyter shows (an ``svg.SvgImage``, which is text)."""
        from blockdomino import svg  # presentation, imported lazily

        return svg.chain(self)


_chain = maker(Chain)
_set_ends = Chain.__dict__["_ends"].__set__


def no_match_key(tile: Tile, left: int, right: int) -> str:
    """The reason a tile fits neither end showing ``left`` and ``right``. The rule that
    0 matches only 0 is added only where a 0 is involved, on the tile or at an end."""
    zero = 0 in (tile.low, tile.high, left, right)
    return "error.play.no_match_zero" if zero else "error.play.no_match"
