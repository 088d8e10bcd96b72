"""A domino's face: a rounded tile, a dividing line across its middle and the pips of
both halves in the standard patterns, or its plain back when it lies face down; and
``tile``, one domino drawn alone."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Final

from blockdomino.engine.tiles import Tile
from blockdomino.svg.canvas import (
    SVG_NAMESPACE,
    Canvas,
    SvgImage,
    id_prefix,
    palette,
    rounded,
    shared_style,
)
from blockdomino.svg.layout import HALF, MARGIN, Half, Rect
from blockdomino.svg.markup import Element, to_text
from blockdomino.words.i18n import parse_lang, translate
from blockdomino.words.text import tile_in_words

CORNER_RADIUS: Final = 0.18 * HALF
"""Rounding of a tile's corners."""
PIP_RADIUS: Final = 0.1 * HALF
"""Radius of one pip."""
DIVIDER_INSET: Final = 0.15 * HALF
"""How far the dividing line stops short of the tile's edge."""
DIVIDER_WIDTH: Final = 1.6
"""Thickness of the dividing line."""

# Pip spots within one half, as fractions of its side, for a half of an upright tile.
# A lying tile shows the same spots mirrored across the diagonal (only six differs).
_PIP_SPOTS: Final[Mapping[int, tuple[tuple[float, float], ...]]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.75, 0.25), (0.25, 0.75)),
    3: ((0.75, 0.25), (0.5, 0.5), (0.25, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.25, 0.5), (0.25, 0.75), (0.75, 0.25), (0.75, 0.5), (0.75, 0.75)),
}

_PIP_ARCS: Final = (
    f"a{rounded(PIP_RADIUS)} {rounded(PIP_RADIUS)} 0 1 0 {rounded(2 * PIP_RADIUS)} 0"
    f"a{rounded(PIP_RADIUS)} {rounded(PIP_RADIUS)} 0 1 0 -{rounded(2 * PIP_RADIUS)} 0"
)
"""One pip drawn as a circle from its leftmost point, as path commands."""


@functools.cache
def _pips_path(pips: int, upright: bool) -> str:
    """The pips of one half as path commands relative to its top left corner.

    Each pip is a circle drawn from its leftmost point, where the pen comes back to;
    the pen then moves on to the next pip. Computed once per number and direction.
    """
    commands, pen = [], (0.0, 0.0)
    for across, along in _PIP_SPOTS[pips]:
        x, y = (across, along) if upright else (along, across)
        start = (x * HALF - PIP_RADIUS, y * HALF)
        commands.append(f"m{rounded(start[0] - pen[0])} {rounded(start[1] - pen[1])}{_PIP_ARCS}")
        pen = start
    return "".join(commands)


def _ink_path(rect: Rect, halves: tuple[Half, Half], upright: bool) -> str:
    """The dividing line across the middle of a tile and the pips of both halves, as one
    path (the tile's ink)."""
    if upright:
        length = rect.w - 2 * DIVIDER_INSET
        x, y = rect.x + DIVIDER_INSET, rect.cy - DIVIDER_WIDTH / 2
        commands = [
            f"M{rounded(x)} {rounded(y)}h{rounded(length)}v{rounded(DIVIDER_WIDTH)}"
            f"h-{rounded(length)}z"
        ]
    else:
        length = rect.h - 2 * DIVIDER_INSET
        x, y = rect.cx - DIVIDER_WIDTH / 2, rect.y + DIVIDER_INSET
        commands = [
            f"M{rounded(x)} {rounded(y)}v{rounded(length)}h{rounded(DIVIDER_WIDTH)}"
            f"v-{rounded(length)}z"
        ]
    for half in halves:
        if half.pips:
            corner = f"M{rounded(half.rect.x)} {rounded(half.rect.y)}"
            commands.append(corner + _pips_path(half.pips, upright))
    return "".join(commands)


def tile_face(
    canvas: Canvas,
    parent: Element,
    rect: Rect,
    halves: tuple[Half, Half] | None,
    *,
    classes: str,
    sealed: bool = False,
    **data: str,
) -> Element:
    """A domino: a rounded face, a dividing line across its middle and the pips of both
    halves (``halves`` ``None``: lying face down, showing its plain back).

    On a canvas with shared faces, a ``<use>`` of the face's symbol (see
    ``shared_sheet``); a ``sealed`` tile, which its caller adds nothing to, is then made
    once for every diagram that places it alike."""
    upright = rect.h > rect.w
    if canvas.shared_faces:
        face = face_id(halves, upright)
        if sealed:
            return parent.add(_shared_tile(classes, tuple(data.items()), face, rect.x, rect.y))
        group = canvas.group(parent, class_=classes, **data)
        group.add(_shared_face(face, rect.x, rect.y))
        return group
    group = canvas.group(parent, class_=classes, **data)
    group.element(
        "rect",
        x=rounded(rect.x),
        y=rounded(rect.y),
        width=rounded(rect.w),
        height=rounded(rect.h),
        rx=rounded(CORNER_RADIUS),
        class_="face",
    )
    if halves is None:
        return group
    group.element("path", d=_ink_path(rect, halves, upright), class_="pip")
    return group


@functools.lru_cache(maxsize=4096)
def _shared_face(face: str, x: float, y: float) -> Element:
    """A ``<use>`` of a face's symbol at ``x``, ``y``. Alike ones are made once: an
    element, once made and sealed, is never changed, so diagrams can share it."""
    return Element("use", href=f"#{face}", x=rounded(x), y=rounded(y), class_="face").seal()


@functools.lru_cache(maxsize=4096)
def _shared_tile(
    classes: str, data: tuple[tuple[str, str], ...], face: str, x: float, y: float
) -> Element:
    """A sealed tile of shared face: its group and the ``<use>`` of its face."""
    group = Element("g", class_=classes, **dict(data))
    group.add(_shared_face(face, x, y))
    return group.seal()


def face_id(halves: tuple[Half, Half] | None, upright: bool) -> str:
    """The id of a face's shared symbol: its numbers from the top (or the left) and its
    direction, ``bd-face-25-u``; a face-down tile's is ``bd-face-back-u``."""
    way = "u" if upright else "l"
    if halves is None:
        return f"bd-face-back-{way}"
    first, second = halves
    if (second.rect.y, second.rect.x) < (first.rect.y, first.rect.x):
        first, second = second, first
    return f"bd-face-{first.pips}{second.pips}-{way}"


def _face_symbol(halves: tuple[Half, Half] | None, upright: bool) -> Element:
    """One face drawn at the origin as a ``<symbol>``. Its outline takes the paint of the
    ``<use>`` showing it (the tile's classes decide), its pips the ``<use>``'s colour."""
    rect = Rect(0, 0, HALF, 2 * HALF) if upright else Rect(0, 0, 2 * HALF, HALF)
    symbol = Element("symbol", id=face_id(halves, upright), overflow="visible")
    symbol.element("rect", width=rounded(rect.w), height=rounded(rect.h), rx=rounded(CORNER_RADIUS))
    if halves is not None:
        ink = _ink_path(rect, halves, upright)
        symbol.element("path", d=ink, fill="currentColor", stroke="none")
    return symbol


def shared_sheet() -> str:
    """What the diagrams drawn with shared faces take from their page, which holds it
    once, in a hidden ``<svg>``: their stylesheet (``shared_style``) and every face, in
    both directions and face down, as a ``<symbol>``."""
    sheet = Element(
        "svg",
        xmlns=SVG_NAMESPACE,
        width="0",
        height="0",
        aria_hidden="true",
        style="position:absolute",
    )
    sheet.add(Element("style", shared_style(), type="text/css"))
    defs = sheet.element("defs")
    for upright in (False, True):
        second = (0.0, HALF) if upright else (HALF, 0.0)
        for first_pips in range(7):
            for second_pips in range(7):
                halves = (
                    Half(Rect(0, 0, HALF, HALF), first_pips),
                    Half(Rect(*second, HALF, HALF), second_pips),
                )
                defs.add(_face_symbol(halves, upright))
        defs.add(_face_symbol(None, upright))
    return to_text(sheet)


def upright_halves(tile: Tile, rect: Rect) -> tuple[Half, Half]:
    """An upright tile's halves: the lower number on top, the higher below."""
    return (
        Half(Rect(rect.x, rect.y, HALF, HALF), tile.low),
        Half(Rect(rect.x, rect.y + HALF, HALF, HALF), tile.high),
    )


def tile(
    tile: Tile,
    *,
    lang: str = "en",
    upright: bool = False,
    colors: Mapping[str, str] | None = None,
) -> SvgImage:
    """One domino on the table: lying lengthwise, or standing ``upright``.

    Lying, the lower number is on the left; upright, on top.
    """
    parse_lang(lang)
    colours = palette(colors)
    along, across = 2 * HALF, HALF
    w, h = (across, along) if upright else (along, across)
    rect = Rect(MARGIN, MARGIN, w, h)
    if upright:
        halves = upright_halves(tile, rect)
    else:
        halves = (
            Half(Rect(rect.x, rect.y, HALF, HALF), tile.low),
            Half(Rect(rect.x + HALF, rect.y, HALF, HALF), tile.high),
        )
    canvas = Canvas(
        id_prefix("tile", tile, lang, upright, sorted(colours.items())),
        w + 2 * MARGIN,
        h + 2 * MARGIN,
        colours,
    )
    said = tile_in_words(tile, lang)
    if tile.is_double:
        desc = translate("svg.desc.double", lang, tile=said, low=tile.low, pips=tile.pips)
    else:
        desc = translate(
            "svg.desc.tile", lang, tile=said, low=tile.low, high=tile.high, pips=tile.pips
        )
    canvas.label(translate("svg.title.tile", lang, tile=said), desc)
    classes = "tile double" if tile.is_double else "tile"
    tile_face(canvas, canvas.drawing, rect, halves, classes=classes, data_tile=str(tile))
    return canvas.finish()
