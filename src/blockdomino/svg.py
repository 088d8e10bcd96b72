"""Chain diagrams in SVG: the chain as it lies on the table, with the legal moves marked.

Every renderer is a pure function from engine values to an ``SvgImage`` (SVG text that
Jupyter shows as a picture)::

    svg.chain(chain, hand=hand, selected=tile, lang="fi")   # chain, markers, a hand
    svg.example(CHAIN_EXAMPLES[1], lang="fi")               # a worked example, titled
    svg.tile(Tile(1, 4)), svg.hand(tiles, chain=chain)      # single tiles, hands
    svg.table(round, lang="fi", reveal=True)                # a whole round

What a diagram shows: tiles as real dominoes (rounded face, dividing line, pips in the
standard patterns), doubles crosswise, the chain snaking in rows on a green table, and
a marker slot beyond each of the two open ends showing the number it needs. A hand's
playable tiles have a thick outline and a ✓; the others are dimmed with a dashed
outline. A chosen tile's fitting ends get round, solid markers with a ✓; the ends it
does not fit get faint dotted square ones. Colour is never the only cue.

Every diagram has ``role="img"``, a ``<title>`` and a ``<desc>`` (the chain's
description from ``blockdomino.text.describe``), and CSS classes with semantic names
(``tile``, ``double``, ``playable``, ``dimmed``, ``selected``, ``marker``,
``marker-fits``, ``pip``, …) that are also the keys of the ``colors`` overrides.
The same input always gives the same bytes: ids carry a prefix derived from the input,
and every coordinate is rounded to 0.1 px.
"""

from __future__ import annotations

import functools
import hashlib
import html
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import svgwrite  # type: ignore[import-untyped]
import svgwrite.base  # type: ignore[import-untyped]

from blockdomino.chain import Chain, OpenEnd
from blockdomino.i18n import check_language, format_list, translate
from blockdomino.layout import (
    HALF,
    HAND_GAP,
    MARGIN,
    ChainLayout,
    Half,
    PlacedMarker,
    PlacedTile,
    Rect,
    hand_layout,
    layout,
    table_width,
)
from blockdomino.narration import Names, player_label
from blockdomino.round import Draw, Pass, Play, Round
from blockdomino.text import CLAUSE_SEPARATOR, describe, describe_end, drawing
from blockdomino.tiles import Tile

if TYPE_CHECKING:
    from blockdomino.examples import ChainExample

Element = Any
"""An svgwrite element (svgwrite has no type information)."""

COLORS: Final[Mapping[str, str]] = {
    "table": "#1f6b45",
    "tile": "#fbf8ee",
    "pip": "#1c1c1c",
    "back": "#8a4b2f",
    "playable": "#ffd54f",
    "dimmed": "#c8c8c8",
    "selected": "#4fc3f7",
    "marker": "#ffffff",
    "marker-fits": "#ffd54f",
    "marker-no-fit": "#b0bec5",
    "label": "#ffffff",
}
"""Default colours, keyed by the CSS class they paint; override any with ``colors=``."""

CORNER_RADIUS: Final = 0.18 * HALF
"""Rounding of a tile's corners."""
PIP_RADIUS: Final = 0.1 * HALF
"""Radius of one pip."""
DIVIDER_INSET: Final = 0.15 * HALF
"""How far the dividing line stops short of the tile's edge."""
DIVIDER_WIDTH: Final = 1.6
"""Thickness of the dividing line."""
FONT_SIZE: Final = 0.5 * HALF
"""Size of marker numbers and labels."""
LINE_HEIGHT: Final = 0.8 * HALF
"""Height of one line of label text."""
GLYPH_WIDTH: Final = 0.62
"""The width of an average label glyph, as a share of the font size (DejaVu Sans)."""
LIFT: Final = 0.25 * HALF
"""How far a chosen tile of a hand is raised."""
MIN_HAND_WIDTH: Final = 6 * HALF
"""The narrowest drawing of a hand, so its heading fits."""
CHECK: Final = "✓"
"""The sign beside a playable tile and a fitting end."""

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


_TITLE = re.compile(r"<title[^>]*>([^<]*)</title>")


class SvgImage(str):
    """An SVG diagram as text; Jupyter shows it as a picture.

    Its ``repr`` names the diagram by its title (``<SvgImage: Asetettu [1|4]>``) rather
    than spelling out the markup; ``str(image)`` is the SVG text.
    """

    def _repr_svg_(self) -> SvgImage:
        return self

    def _repr_html_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        title = _TITLE.search(self)
        return f"<SvgImage: {html.unescape(title[1]) if title else len(self)}>"


def _n(value: float) -> str:
    """A coordinate rounded to 0.1, written without a trailing ``.0``."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _palette(colors: Mapping[str, str] | None) -> dict[str, str]:
    unknown = sorted(set(colors or {}) - set(COLORS))
    if unknown:
        raise ValueError(f"unknown colour keys {unknown}; known: {', '.join(COLORS)}")
    return {**COLORS, **(colors or {})}


def _prefix(*parts: object) -> str:
    """An id prefix drawn from the diagram's input: equal input, equal ids, in any process."""
    digest = hashlib.sha256("\x1f".join(str(part) for part in parts).encode()).hexdigest()
    return f"bd-{digest[:10]}"


def _style(prefix: str, c: Mapping[str, str]) -> str:
    """The diagram's stylesheet, scoped to its root id so pages with many diagrams agree."""
    rules = (
        f"{{font-family:DejaVu Sans,Verdana,sans-serif;font-size:{_n(FONT_SIZE)}px}}",
        f" .table{{fill:{c['table']}}}",
        f" .tile>.face{{fill:{c['tile']};stroke:{c['pip']};stroke-width:1.5}}",
        f" .back>.face{{fill:{c['back']}}}",
        f" .pip{{fill:{c['pip']}}}",
        f" .playable>.face{{stroke:{c['playable']};stroke-width:4}}",
        " .dimmed{opacity:.45}",
        f" .dimmed>.face{{stroke:{c['dimmed']};stroke-dasharray:4 3}}",
        f" .selected>.face{{stroke:{c['selected']};stroke-width:4;stroke-dasharray:9 4}}",
        f" .marker>.slot{{fill:none;stroke:{c['marker']};stroke-width:2;stroke-dasharray:5 4}}",
        f" .marker>text{{fill:{c['marker']};font-weight:bold;text-anchor:middle}}",
        f" .marker-fits>.slot{{stroke:{c['marker-fits']};stroke-width:4;stroke-dasharray:none}}",
        f" .marker-fits>text{{fill:{c['marker-fits']}}}",
        f" .marker-no-fit>.slot{{stroke:{c['marker-no-fit']};stroke-dasharray:2 4}}",
        f" .marker-no-fit>text{{fill:{c['marker-no-fit']};font-weight:normal}}",
        f" .label{{fill:{c['label']}}}",
        f" .playable>.label{{fill:{c['playable']};text-anchor:middle;font-weight:bold}}",
        f" .selected>.label{{fill:{c['selected']};text-anchor:middle}}",
    )
    return "".join(f"#{prefix}{rule}" for rule in rules)


class _Canvas:
    """One diagram being drawn: the svgwrite drawing and its id prefix."""

    def __init__(self, prefix: str, width: float, height: float, palette: Mapping[str, str]):
        self.prefix = prefix
        self.drawing: Element = svgwrite.Drawing(
            size=(_n(width), _n(height)),
            viewBox=f"0 0 {_n(width)} {_n(height)}",
            debug=False,
            id=prefix,
            class_="blockdomino",
            role="img",
            aria_labelledby=f"{prefix}-title {prefix}-desc",
        )
        self.drawing.add(self.drawing.style(_style(prefix, palette)))
        self.drawing.add(
            self.drawing.rect(insert=(0, 0), size=(_n(width), _n(height)), class_="table")
        )

    def label(self, title: str, desc: str) -> None:
        """The diagram's ``<title>`` and ``<desc>``, first in the document, with ids."""
        for element, text in ((svgwrite.base.Desc, desc), (svgwrite.base.Title, title)):
            node = element(text)
            node.xml.set("id", f"{self.prefix}-{node.elementname}")
            self.drawing.elements.insert(0, node)

    def group(self, parent: Element | None = None, **attributes: str) -> Element:
        """A ``<g>`` added to ``parent`` (the drawing itself by default)."""
        return (self.drawing if parent is None else parent).add(self.drawing.g(**attributes))

    def text(self, parent: Element, words: str, x: float, y: float, **attributes: str) -> None:
        """A line of text whose baseline sits at ``y``."""
        parent.add(self.drawing.text(words, insert=(_n(x), _n(y)), **attributes))

    def finish(self) -> SvgImage:
        """The SVG text of the finished diagram."""
        return SvgImage(self.drawing.tostring())


_PIP_ARCS: Final = (
    f"a{_n(PIP_RADIUS)} {_n(PIP_RADIUS)} 0 1 0 {_n(2 * PIP_RADIUS)} 0"
    f"a{_n(PIP_RADIUS)} {_n(PIP_RADIUS)} 0 1 0 -{_n(2 * PIP_RADIUS)} 0"
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
        commands.append(f"m{_n(start[0] - pen[0])} {_n(start[1] - pen[1])}{_PIP_ARCS}")
        pen = start
    return "".join(commands)


def _ink_path(rect: Rect, halves: tuple[Half, Half], upright: bool) -> str:
    """The dividing line across the middle of a tile and the pips of both halves, as one
    path (the tile's ink)."""
    if upright:
        length = rect.w - 2 * DIVIDER_INSET
        x, y = rect.x + DIVIDER_INSET, rect.cy - DIVIDER_WIDTH / 2
        commands = [f"M{_n(x)} {_n(y)}h{_n(length)}v{_n(DIVIDER_WIDTH)}h-{_n(length)}z"]
    else:
        length = rect.h - 2 * DIVIDER_INSET
        x, y = rect.cx - DIVIDER_WIDTH / 2, rect.y + DIVIDER_INSET
        commands = [f"M{_n(x)} {_n(y)}v{_n(length)}h{_n(DIVIDER_WIDTH)}v-{_n(length)}z"]
    for half in halves:
        if half.pips:
            commands.append(f"M{_n(half.rect.x)} {_n(half.rect.y)}{_pips_path(half.pips, upright)}")
    return "".join(commands)


def _tile_face(
    canvas: _Canvas,
    parent: Element,
    rect: Rect,
    halves: tuple[Half, Half] | None,
    *,
    classes: str,
    **data: str,
) -> Element:
    """A domino: a rounded face, a dividing line across its middle and the pips of both
    halves (``halves`` ``None``: lying face down, showing its plain back)."""
    group = canvas.group(parent, class_=classes, **data)
    group.add(
        canvas.drawing.rect(
            insert=(_n(rect.x), _n(rect.y)),
            size=(_n(rect.w), _n(rect.h)),
            rx=_n(CORNER_RADIUS),
            class_="face",
        )
    )
    if halves is None:
        return group
    upright = rect.h > rect.w
    group.add(canvas.drawing.path(d=_ink_path(rect, halves, upright), class_="pip"))
    return group


def _upright_halves(tile: Tile, rect: Rect) -> tuple[Half, Half]:
    """An upright tile's halves: the lower number on top, the higher below."""
    return (
        Half(Rect(rect.x, rect.y, HALF, HALF), tile.low),
        Half(Rect(rect.x, rect.y + HALF, HALF, HALF), tile.high),
    )


def _chain_tile(canvas: _Canvas, parent: Element, placed: PlacedTile) -> None:
    """A tile of the chain as it lies: lengthwise, or crosswise (class ``double``)."""
    classes = "tile double" if placed.crosswise else "tile"
    _tile_face(
        canvas,
        parent,
        placed.rect,
        placed.halves,
        classes=classes,
        data_tile=str(placed.piece.tile),
        data_faces=f"{placed.piece.left} {placed.piece.right}",
    )


def _marker(canvas: _Canvas, parent: Element, marker: PlacedMarker, fits: bool | None) -> None:
    """A marker slot beyond an open end, labelled with the number that end needs.

    With no chosen tile (``fits`` ``None``) a dashed square; an end the chosen tile fits
    gets a solid round marker and a ✓; one it does not fit a faint dotted square.
    """
    kind = {None: "marker", True: "marker marker-fits", False: "marker marker-no-fit"}[fits]
    group = canvas.group(
        parent,
        class_=kind,
        data_end=marker.at,
        data_side=marker.end.side.value,
        data_pips=str(marker.end.pips),
    )
    rect = marker.rect
    if fits:
        group.add(
            canvas.drawing.circle(
                center=(_n(rect.cx), _n(rect.cy)), r=_n(rect.w / 2 - 1), class_="slot"
            )
        )
    else:
        group.add(
            canvas.drawing.rect(
                insert=(_n(rect.x + 1), _n(rect.y + 1)),
                size=(_n(rect.w - 2), _n(rect.h - 2)),
                rx=_n(CORNER_RADIUS),
                class_="slot",
            )
        )
    words = f"{marker.end.pips}{CHECK}" if fits else str(marker.end.pips)
    canvas.text(group, words, rect.cx, rect.cy + 0.35 * FONT_SIZE)


def _fitting(chain: Chain, selected: Tile | None) -> frozenset[OpenEnd] | None:
    """The open ends the chosen tile fits; ``None`` when no tile is chosen."""
    return None if selected is None else frozenset(chain.ends_for(selected))


def _draw_chain(
    canvas: _Canvas,
    placed: ChainLayout,
    chain: Chain,
    selected: Tile | None,
    lang: str,
    **attributes: str,
) -> None:
    """The chain's tiles and its two markers, or an empty table with a hint."""
    group = canvas.group(class_="chain", **attributes)
    if not placed.tiles:
        canvas.text(
            group, translate("svg.hint.empty", lang), MARGIN, MARGIN + HALF, class_="label hint"
        )
        return
    for tile in placed.tiles:
        _chain_tile(canvas, group, tile)
    fitting = _fitting(chain, selected)
    for marker in placed.markers:
        _marker(canvas, group, marker, None if fitting is None else marker.end in fitting)


def _hand_height(count: int, width: float) -> float:
    """The height a hand of ``count`` upright tiles needs, its heading included."""
    if not count:
        return LINE_HEIGHT + MARGIN
    rects = hand_layout(count, top=LINE_HEIGHT + LIFT, width=width)
    return rects[-1].bottom + LINE_HEIGHT + MARGIN


def _hand_width(count: int, width: float | None) -> float:
    """The width a hand of ``count`` upright tiles needs in one row, at most ``width``."""
    needed = 2 * MARGIN + count * (HALF + HAND_GAP) - HAND_GAP
    return min(table_width(width), max(needed, MIN_HAND_WIDTH))


def _text_width(text: str, width: float | None) -> float:
    """The width a line of label text needs, at most ``width``."""
    return min(table_width(width), 2 * MARGIN + len(text) * GLYPH_WIDTH * FONT_SIZE)


def _hand_classes(tile: Tile, playable: frozenset[Tile] | None, selected: Tile | None) -> list[str]:
    """A hand tile's classes: ``double``; when moves are shown ``playable`` or ``dimmed``;
    ``selected`` for the chosen tile."""
    classes = ["tile", "double"] if tile.is_double else ["tile"]
    if playable is not None:
        classes.append("playable" if tile in playable else "dimmed")
    if tile is selected:
        classes.append("selected")
    return classes


def _draw_hand(
    canvas: _Canvas,
    tiles: Sequence[Tile],
    *,
    top: float,
    width: float,
    heading: str,
    playable: frozenset[Tile] | None = None,
    selected: Tile | None = None,
    face_down: bool = False,
    parent: Element | None = None,
) -> None:
    """A hand as upright tiles in rows under a heading.

    Given the ``playable`` tiles, those have a thick outline and a ✓ beneath; the
    others are dimmed with a dashed outline. The chosen tile is raised and outlined
    with a long dash. Face down, only the tiles' backs show.
    """
    group = canvas.group(parent, class_="hand")
    canvas.text(group, heading, MARGIN, top + FONT_SIZE, class_="label")
    places = hand_layout(len(tiles), top=top + LINE_HEIGHT + LIFT, width=width)
    for tile, place in zip(tiles, places, strict=True):
        if face_down:
            _tile_face(canvas, group, place, None, classes="tile back")
            continue
        classes = _hand_classes(tile, playable, selected)
        rect = place._replace(y=place.y - LIFT) if "selected" in classes else place
        face = _tile_face(
            canvas,
            group,
            rect,
            _upright_halves(tile, rect),
            classes=" ".join(classes),
            data_tile=str(tile),
        )
        if "playable" in classes:
            canvas.text(face, CHECK, place.cx, place.bottom + 0.8 * LINE_HEIGHT, class_="label")


def _title_for(chain: Chain, lang: str) -> str:
    """A generic title: "Ketju: 4 laattaa", or "Tyhjä pöytä" before the opening."""
    count = len(chain)
    if count == 0:
        return translate("svg.title.empty", lang)
    if count == 1:
        return translate("svg.title.chain_one", lang, count=count)
    return translate("svg.title.chain_other", lang, count=count)


def _playable(chain: Chain, hand: Sequence[Tile]) -> tuple[Tile, ...]:
    """The tiles of ``hand`` that can be placed on ``chain`` now."""
    return tuple(tile for tile in hand if chain.fits(tile))


def _playable_sentence(chain: Chain, hand: Sequence[Tile], lang: str) -> str:
    """Names the hand's playable tiles, or says that none fits and the player passes."""
    playable = _playable(chain, hand)
    if not playable:
        return translate("svg.desc.none_playable", lang)
    return translate("svg.desc.playable", lang, tiles=format_list(playable, lang))


def _selected_sentence(chain: Chain, selected: Tile, lang: str) -> str:
    """Where the chosen tile can go: the ends it fits, the opening, or nowhere."""
    if not chain.tiles:
        return translate("svg.desc.selected_opens", lang, tile=selected)
    ends = chain.ends_for(selected)
    if not ends:
        return translate("svg.desc.selected_none", lang, tile=selected)
    worded = CLAUSE_SEPARATOR.join(describe_end(end, lang) for end in ends)
    return translate("svg.desc.selected_fits", lang, tile=selected, ends=worded)


def _chain_desc(chain: Chain, hand: Sequence[Tile] | None, selected: Tile | None, lang: str) -> str:
    """The chain's description, then sentences on the hand and the chosen tile."""
    sentences = [describe(chain, lang)]
    if hand is not None:
        sentences.append(_playable_sentence(chain, hand, lang))
    if selected is not None:
        sentences.append(_selected_sentence(chain, selected, lang))
    return " ".join(sentences)


def chain(
    chain: Chain,
    *,
    hand: Iterable[Tile] | None = None,
    selected: Tile | None = None,
    lang: str = "en",
    width: float | None = None,
    title: str | None = None,
    colors: Mapping[str, str] | None = None,
) -> SvgImage:
    """The chain as it lies on the table, a marker at each open end showing its number.

    ``hand``: draw these tiles under the chain, the playable ones highlighted and the
    others dimmed. ``selected``: mark the ends this tile fits (and raise it in the hand).
    ``width``: the widest the table may be (default 800 px); a long chain snakes in
    rows to fit. ``title`` replaces the generic one ("Chain: 4 tiles").
    """
    check_language(lang)
    palette = _palette(colors)
    held = None if hand is None else tuple(hand)
    placed = layout(chain, width=width)
    drawing_width = max(placed.width, _hand_width(len(held), width) if held else 0)
    height = placed.height + (_hand_height(len(held), drawing_width) if held is not None else 0)
    prefix = _prefix(
        "chain",
        chain.tiles,
        chain.line,
        held,
        selected,
        lang,
        width,
        title,
        sorted(palette.items()),
    )
    canvas = _Canvas(prefix, drawing_width, height, palette)
    canvas.label(title or _title_for(chain, lang), _chain_desc(chain, held, selected, lang))
    _draw_chain(canvas, placed, chain, selected, lang)
    if held is not None:
        _draw_hand(
            canvas,
            held,
            top=placed.height - MARGIN / 2,
            width=drawing_width,
            heading=translate("svg.label.hand", lang),
            playable=frozenset(_playable(chain, held)),
            selected=selected,
        )
    return canvas.finish()


def example(
    example: ChainExample,
    *,
    lang: str = "en",
    hand: Iterable[Tile] | None = None,
    selected: Tile | None = None,
    width: float | None = None,
    colors: Mapping[str, str] | None = None,
) -> SvgImage:
    """A worked example of the rules, titled as the document titles it ("Asetettu [1|4]")."""
    return chain(
        example.chain,
        hand=hand,
        selected=selected,
        lang=lang,
        width=width,
        title=example.title(check_language(lang)),
        colors=colors,
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
    check_language(lang)
    palette = _palette(colors)
    along, across = 2 * HALF, HALF
    w, h = (across, along) if upright else (along, across)
    rect = Rect(MARGIN, MARGIN, w, h)
    if upright:
        halves = _upright_halves(tile, rect)
    else:
        halves = (
            Half(Rect(rect.x, rect.y, HALF, HALF), tile.low),
            Half(Rect(rect.x + HALF, rect.y, HALF, HALF), tile.high),
        )
    canvas = _Canvas(
        _prefix("tile", tile, lang, upright, sorted(palette.items())),
        w + 2 * MARGIN,
        h + 2 * MARGIN,
        palette,
    )
    if tile.is_double:
        desc = translate("svg.desc.double", lang, tile=tile, low=tile.low, pips=tile.pips)
    else:
        desc = translate(
            "svg.desc.tile", lang, tile=tile, low=tile.low, high=tile.high, pips=tile.pips
        )
    canvas.label(translate("svg.title.tile", lang, tile=tile), desc)
    classes = "tile double" if tile.is_double else "tile"
    _tile_face(canvas, canvas.drawing, rect, halves, classes=classes, data_tile=str(tile))
    return canvas.finish()


def _hand_desc(
    tiles: Sequence[Tile], chain: Chain | None, selected: Tile | None, face_down: bool, lang: str
) -> str:
    """The hand in words: its tiles (or how many lie face down), then what is playable."""
    if face_down:
        return translate("svg.desc.hand_hidden", lang, count=len(tiles))
    if not tiles:
        return translate("svg.desc.hand_empty", lang)
    sentences = [translate("svg.desc.hand", lang, tiles=format_list(tiles, lang))]
    if chain is not None:
        sentences.append(_playable_sentence(chain, tiles, lang))
        if selected is not None:
            sentences.append(_selected_sentence(chain, selected, lang))
    return " ".join(sentences)


def hand(
    tiles: Iterable[Tile],
    *,
    chain: Chain | None = None,
    selected: Tile | None = None,
    face_down: bool = False,
    lang: str = "en",
    width: float | None = None,
    colors: Mapping[str, str] | None = None,
) -> SvgImage:
    """A player's hand as upright tiles in a row (wrapping at ``width``).

    Against a ``chain``, the playable tiles are highlighted and the others dimmed;
    ``selected`` is raised. ``face_down`` shows only the tiles' backs, as the other
    players see them.
    """
    check_language(lang)
    palette = _palette(colors)
    held = tuple(tiles)
    drawing_width = _hand_width(len(held), width)
    canvas = _Canvas(
        _prefix(
            "hand",
            held,
            chain and chain.line,
            selected,
            face_down,
            lang,
            width,
            sorted(palette.items()),
        ),
        drawing_width,
        _hand_height(len(held), drawing_width) + MARGIN / 2,
        palette,
    )
    canvas.label(
        translate("svg.title.hand", lang), _hand_desc(held, chain, selected, face_down, lang)
    )
    _draw_hand(
        canvas,
        held,
        top=MARGIN / 2,
        width=drawing_width,
        heading=translate("svg.label.hand", lang),
        playable=None if chain is None else frozenset(_playable(chain, held)),
        selected=selected,
        face_down=face_down,
    )
    return canvas.finish()


def _seat_name(round: Round, seat: int, lang: str, names: Names = None) -> str:
    """ "Pelaaja 1" (or "Aino (Pelaaja 1)"); in a partnership with the team: "Pelaaja 1, pari 1"."""
    player = player_label(seat, lang, names)
    if not round.rules.partnership:
        return player
    team = translate(
        "term.team", lang, number=round.rules.sides().index(round.rules.side_of(seat)) + 1
    )
    return translate("svg.label.partner", lang, player=player, team=team)


def _revealed(round: Round, reveal: bool | Iterable[int] | None) -> frozenset[int]:
    """The seats whose hands lie face up: all or none (``True``/``False``), the given
    seats, or by default the seat to move, and every seat once the round is over."""
    seats = range(round.rules.players)
    if reveal is None:
        return frozenset(seats if round.is_over else (round.turn,))
    if isinstance(reveal, bool):
        return frozenset(seats if reveal else ())
    return frozenset(reveal)


def _recent_passes(round: Round) -> frozenset[int]:
    """The seats that passed since the last tile was placed."""
    return frozenset(event.seat for event in _since_last_play(round) if isinstance(event, Pass))


def _since_last_play(round: Round) -> list[Pass | Draw]:
    """The passes and draws since the last tile was placed, in the order they happened."""
    events: list[Pass | Draw] = []
    for event in reversed(round.history):
        if isinstance(event, Play):
            break
        events.insert(0, event)
    return events


def _drawings(round: Round, shown: frozenset[int], lang: str, names: Names) -> list[str]:
    """Who drew from the pot since the last tile was placed, in words: how many tiles,
    and which only where the drawer's hand lies face up."""
    drawn: dict[int, list[Tile]] = {}
    for event in _since_last_play(round):
        if isinstance(event, Draw):
            drawn.setdefault(event.seat, []).append(event.tile)
    return [
        drawing(
            seat,
            tiles,
            lang,
            viewer=seat if seat in shown else None,
            player=_seat_name(round, seat, lang, names),
        )
        for seat, tiles in drawn.items()
    ]


def _undealt_line(round: Round, lang: str, *, sentence: bool) -> str:
    """How many undealt tiles lie face down: out of play, or in the draw game's pot."""
    if round.rules.pot:
        key = "svg.desc.pot" if sentence else "svg.label.pot"
    else:
        key = "svg.desc.out_of_play" if sentence else "svg.label.out_of_play"
    return translate(key, lang, count=len(round.out_of_play))


def _status(round: Round, lang: str, names: Names) -> str:
    """One line on the state of play: whose turn it is, or how the round ended."""
    if round.dominoer is not None:
        player = _seat_name(round, round.dominoer, lang, names)
        return translate("svg.label.domino", lang, player=player)
    if round.is_over:
        return translate("svg.label.blocked", lang)
    return translate("svg.desc.turn", lang, player=_seat_name(round, round.turn, lang, names))


def _seat_heading(round: Round, seat: int, passed: frozenset[int], lang: str, names: Names) -> str:
    """A seat's heading: the player, and whether it is their turn or they passed."""
    player = _seat_name(round, seat, lang, names)
    if seat == round.turn and not round.is_over:
        return translate("svg.label.turn", lang, player=player)
    if seat in passed:
        return translate("svg.label.passed", lang, player=player)
    return player


def _seat_sentence(round: Round, seat: int, shown: frozenset[int], lang: str, names: Names) -> str:
    """A seat's hand in words: its tiles if face up, else how many lie face down."""
    player, held = _seat_name(round, seat, lang, names), round.hands[seat]
    if seat in shown and held:
        return translate("svg.desc.seat_tiles", lang, player=player, tiles=format_list(held, lang))
    return translate("svg.desc.seat_hidden", lang, player=player, count=len(held))


def _table_desc(
    round: Round, shown: frozenset[int], passed: frozenset[int], lang: str, names: Names
) -> str:
    """The round in words: the chain, the state of play, passes, hands, tiles out of play."""
    sentences = [
        describe(round.chain, lang),
        _status(round, lang, names),
        *_drawings(round, shown, lang, names),
    ]
    sentences += [
        translate("svg.desc.passed", lang, player=_seat_name(round, seat, lang, names))
        for seat in sorted(passed)
    ]
    sentences += [
        _seat_sentence(round, seat, shown, lang, names) for seat in range(round.rules.players)
    ]
    sentences.append(_undealt_line(round, lang, sentence=True))
    return " ".join(sentences)


def table(
    round: Round,
    *,
    lang: str = "en",
    reveal: bool | Iterable[int] | None = None,
    width: float | None = None,
    colors: Mapping[str, str] | None = None,
    names: Names = None,
) -> SvgImage:
    """A whole round on the table: the state of play, the chain and every seat's hand.

    Above, whose turn it is (or how the round ended) and how many tiles lie out of
    play (in the draw game: in the pot; who drew since the last play is said in the
    text). Then the chain with its markers, then each seat's hand: face up for the
    seats in ``reveal`` (``True`` all, ``False`` none; by default the seat to move, and
    all hands once the round is over), face down otherwise. The hand to move shows its
    legal plays highlighted; a seat that passed since the last play says so. ``names``
    (one per seat) are the players' own names, written beside their numbers.
    """
    check_language(lang)
    palette = _palette(colors)
    shown, passed = _revealed(round, reveal), _recent_passes(round)
    placed = layout(round.chain, width=width)
    sizes = [len(held) for held in round.hands]
    status_lines = (_status(round, lang, names), _undealt_line(round, lang, sentence=False))
    drawing_width = max(
        placed.width,
        *(_hand_width(size, width) for size in sizes),
        *(_text_width(line, width) for line in status_lines),
    )
    heights = [_hand_height(size, drawing_width) for size in sizes]
    header = MARGIN + 2 * LINE_HEIGHT
    height = header + placed.height + sum(heights)
    canvas = _Canvas(
        _prefix(
            "table",
            round.chain.line,
            round.hands,
            round.turn,
            round.history,
            shown,
            lang,
            width,
            sorted(palette.items()),
            *(() if names is None else (tuple(names),)),
        ),
        drawing_width,
        height,
        palette,
    )
    players = round.rules.players
    canvas.label(
        translate("svg.title.table", lang, players=players),
        _table_desc(round, shown, passed, lang, names),
    )
    status = canvas.group(class_="status")
    for number, line in enumerate(status_lines):
        canvas.text(status, line, MARGIN, MARGIN + number * LINE_HEIGHT + FONT_SIZE, class_="label")
    _draw_chain(canvas, placed, round.chain, None, lang, transform=f"translate(0,{_n(header)})")
    playable = frozenset(move.tile for move in round.legal_moves())
    top = header + placed.height - MARGIN / 2
    for seat, held in enumerate(round.hands):
        _draw_hand(
            canvas,
            held,
            top=top,
            width=drawing_width,
            heading=_seat_heading(round, seat, passed, lang, names),
            playable=playable if seat == round.turn and not round.is_over else None,
            face_down=seat not in shown,
        )
        top += heights[seat]
    return canvas.finish()
