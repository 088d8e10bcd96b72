"""Where each tile of a chain lies on the table: pure geometry for the diagrams.

The chain is laid out as on a real table. It starts at the top left heading right;
when the next tile would run off the table, the chain turns a corner and comes back
along the next row, heading left, and so on: a snake of rows. A corner tile stands
upright beside the last tile of its row, joined half against joined half. Doubles
lie crosswise and never turn a corner. A marker slot lies beyond each of the two
open ends.

Every length is in SVG user units (px). ``HALF`` is the side of one half of a tile:
a tile lying lengthwise is ``2 * HALF`` long and ``HALF`` wide.
"""

from __future__ import annotations

import functools
from typing import Final, NamedTuple

from blockdomino.engine.chain import Chain, OpenEnd, Piece

HALF: Final = 32.0
"""Side of one half of a tile, px."""
GAP: Final = 2.0
"""Gap between two joined tiles, and between the last tile and a marker."""
MARGIN: Final = 16.0
"""Free table around the drawing."""
MARKER: Final = HALF
"""Side of the slot a marker draws beyond an open end."""
DEFAULT_WIDTH: Final = 800
"""Widest drawing when no width is given: a notebook cell."""
MIN_WIDTH: Final = 10 * HALF
"""The narrowest table a chain can snake on."""
EMPTY_WIDTH: Final = 15 * HALF
"""Width of the empty table drawn before the opening, room for its hint."""
HAND_GAP: Final = HALF / 2
"""Space between two tiles of a hand."""
CORNER_RESERVE: Final = HALF / 2
"""Room kept free at a row's end, so a double below a corner stays on the table."""


class Rect(NamedTuple):
    """An axis-aligned rectangle: left, top, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """The y of the bottom edge."""
        return self.y + self.h

    @property
    def cx(self) -> float:
        """The x of the centre."""
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        """The y of the centre."""
        return self.y + self.h / 2

    def overlaps(self, other: Rect) -> bool:
        """Whether the two rectangles share inner area (touching edges do not count)."""
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )

    def inside(self, other: Rect) -> bool:
        """Whether this rectangle lies wholly within ``other``."""
        return (
            other.x <= self.x
            and other.y <= self.y
            and self.right <= other.right
            and self.bottom <= other.bottom
        )


class Heading(NamedTuple):
    """The direction the chain grows in while a tile is laid, as a step along x and y."""

    dx: int
    dy: int


EAST: Final = Heading(1, 0)
"""Right, along a row."""
SOUTH: Final = Heading(0, 1)
"""Down, round a corner to the next row."""
WEST: Final = Heading(-1, 0)
"""Left, along a row coming back."""


class Half(NamedTuple):
    """One half of a placed tile: the square it covers and the number of pips it shows."""

    rect: Rect
    pips: int


class PlacedTile(NamedTuple):
    """A tile of the line on the table.

    ``halves`` are the tile's two squares; for a tile lying lengthwise the first one is
    the half joined towards the left end of the line. ``vertical`` says the tile's long
    side runs up and down; ``crosswise`` that it is a double lying across the line.
    """

    piece: Piece
    rect: Rect
    halves: tuple[Half, Half]
    vertical: bool
    crosswise: bool


class PlacedMarker(NamedTuple):
    """A marker slot beyond an open end: ``at`` is ``"left"`` or ``"right"`` of the line."""

    end: OpenEnd
    at: str
    rect: Rect


class ChainLayout(NamedTuple):
    """The tiles and markers of a chain on the table, and the table's size."""

    tiles: tuple[PlacedTile, ...]
    markers: tuple[PlacedMarker, ...]
    width: float
    height: float


class _Point(NamedTuple):
    x: float
    y: float

    def step(self, heading: Heading, distance: float) -> _Point:
        return _Point(self.x + heading.dx * distance, self.y + heading.dy * distance)


def _span(start: _Point, heading: Heading, along: float, across: float) -> Rect:
    """The rectangle from ``start`` running ``along`` in ``heading``, centred across it."""
    end = start.step(heading, along)
    if heading.dy == 0:
        return Rect(min(start.x, end.x), start.y - across / 2, along, across)
    return Rect(start.x - across / 2, min(start.y, end.y), across, along)


@functools.lru_cache(maxsize=1024)
def _lay(piece: Piece, start: _Point, heading: Heading) -> PlacedTile:
    """``piece`` laid from ``start`` (the middle of its joining edge) towards ``heading``.

    A double lies across the heading, its two halves side by side; any other tile lies
    along it, the half showing ``piece.left`` first. A chain growing to the right lays
    its tiles where they lay before: those are laid once.
    """
    across_is_vertical = heading.dy == 0
    if piece.tile.is_double:
        rect = _span(start, heading, HALF, 2 * HALF)
        if across_is_vertical:
            first = Rect(rect.x, rect.y, HALF, HALF)
            second = Rect(rect.x, rect.y + HALF, HALF, HALF)
        else:
            first = Rect(rect.x, rect.y, HALF, HALF)
            second = Rect(rect.x + HALF, rect.y, HALF, HALF)
        halves = (Half(first, piece.left), Half(second, piece.right))
        return PlacedTile(piece, rect, halves, across_is_vertical, True)
    rect = _span(start, heading, 2 * HALF, HALF)
    near = _span(start, heading, HALF, HALF)
    far = _span(start.step(heading, HALF), heading, HALF, HALF)
    halves = (Half(near, piece.left), Half(far, piece.right))
    return PlacedTile(piece, rect, halves, not across_is_vertical, False)


def _length(piece: Piece) -> float:
    return HALF if piece.tile.is_double else 2 * HALF


def _free_half(placed: PlacedTile, turn_to: Heading) -> Rect:
    """The square of ``placed`` a corner tile joins: its far half, or a double's half on
    the side the chain turns to."""
    if not placed.crosswise:
        return placed.halves[1].rect
    first, second = placed.halves[0].rect, placed.halves[1].rect
    toward = (second.x - first.x) * turn_to.dx + (second.y - first.y) * turn_to.dy
    return second if toward > 0 else first


def _corner_start(previous: PlacedTile, heading: Heading, turn_to: Heading) -> _Point:
    """Where a tile turning from ``heading`` to ``turn_to`` starts: its first half lies
    beside the previous tile's free half, one step further along ``heading``."""
    free = _free_half(previous, turn_to)
    centre = _Point(free.cx, free.cy).step(heading, HALF + GAP)
    return centre.step(turn_to, -HALF / 2)


class _Snake:
    """The running state of a chain being laid in rows: where the next tile starts."""

    def __init__(self, width: float) -> None:
        self.low = MARGIN
        self.high = width - MARGIN
        self.heading = EAST
        self.next_row = WEST
        self.start = _Point(MARGIN + MARKER + GAP, MARGIN + HALF)
        self.placed: list[PlacedTile] = []

    def room_after(self, pieces: tuple[Piece, ...], index: int) -> bool:
        """Whether ``pieces[index]`` laid straight on still leaves room for what must follow:
        a double after it, then a corner tile or the end marker."""
        reach = _length(pieces[index]) + GAP
        following = pieces[index + 1] if index + 1 < len(pieces) else None
        if following is not None and following.tile.is_double:
            reach += HALF + GAP
        reach += HALF + CORNER_RESERVE
        end = self.start.x + self.heading.dx * reach
        return self.low <= end <= self.high

    def lay(self, pieces: tuple[Piece, ...], index: int) -> None:
        """Lay ``pieces[index]``: straight on, or round a corner where the row is full."""
        piece = pieces[index]
        if not piece.tile.is_double and self.placed:
            if self.heading == SOUTH:
                self._turn(self.next_row)
                self.next_row = EAST if self.next_row == WEST else WEST
            elif not self.room_after(pieces, index):
                self._turn(SOUTH)
        placed = _lay(piece, self.start, self.heading)
        self.placed.append(placed)
        self.start = self.start.step(self.heading, _length(piece) + GAP)

    def _turn(self, heading: Heading) -> None:
        self.start = _corner_start(self.placed[-1], self.heading, heading)
        self.heading = heading


def _markers(
    chain: Chain, tiles: tuple[PlacedTile, ...], snake: _Snake
) -> tuple[PlacedMarker, ...]:
    """A slot beyond the left end of the line (before the first tile) and beyond its right
    end (after the last tile), each showing the number it needs."""
    first, last = chain.line[0], chain.line[-1]
    first_rect = tiles[0].rect
    left = Rect(first_rect.x - GAP - MARKER, first_rect.cy - MARKER / 2, MARKER, MARKER)
    right = _span(snake.start, snake.heading, MARKER, MARKER)
    return (
        PlacedMarker(OpenEnd(first.tile, first.left_side, first.left), "left", left),
        PlacedMarker(OpenEnd(last.tile, last.right_side, last.right), "right", right),
    )


def table_width(width: float | None) -> float:
    """The table width to lay a chain on: ``width`` (default a notebook cell), at least
    ``MIN_WIDTH``."""
    return max(float(DEFAULT_WIDTH if width is None else width), MIN_WIDTH)


@functools.lru_cache(maxsize=16)
def layout(chain: Chain, *, width: float | None = None) -> ChainLayout:
    """The chain's tiles and markers laid out on a table at most ``width`` wide.

    The result's width and height are those of the drawing around them (the table is
    trimmed to what the chain needs); an empty chain gets an empty table of one row.
    The last few layouts are kept: a replay draws each chain twice, after one move and
    before the next.
    """
    limit = table_width(width)
    if not chain.line:
        return ChainLayout((), (), min(limit, EMPTY_WIDTH), 2 * MARGIN + 2 * HALF)
    snake = _Snake(limit)
    for index in range(len(chain.line)):
        snake.lay(chain.line, index)
    tiles = tuple(snake.placed)
    markers = _markers(chain, tiles, snake)
    rects = [*(tile.rect for tile in tiles), *(marker.rect for marker in markers)]
    right = max(rect.right for rect in rects) + MARGIN
    bottom = max(rect.bottom for rect in rects) + MARGIN
    return ChainLayout(tiles, markers, min(right, limit), bottom)


def hand_layout(
    count: int, *, top: float, width: float, gap: float = HAND_GAP, below: float = 0.0
) -> tuple[Rect, ...]:
    """Places for ``count`` upright tiles of a hand in rows from ``top``, left to right.

    ``gap`` lies between neighbouring tiles; ``below`` is room left under each row
    beyond the usual (for notes written under the tiles).
    """
    per_row = max(1, int((width - 2 * MARGIN + gap) // (HALF + gap)))
    return tuple(
        Rect(
            MARGIN + (index % per_row) * (HALF + gap),
            top + (index // per_row) * (2 * HALF + HAND_GAP + HALF / 2 + below),
            HALF,
            2 * HALF,
        )
        for index in range(count)
    )
