"""The chain as it lies on the table: its tiles snaking in rows, doubles crosswise, and a
marker beyond each open end showing the number it needs; ``chain`` and ``example``."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from blockdomino.engine.chain import Chain, OpenEnd
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.tiles import Tile, as_tile
from blockdomino.svg.canvas import (
    CHECK,
    FONT_SIZE,
    Canvas,
    SvgImage,
    id_prefix,
    palette,
    rounded,
)
from blockdomino.svg.faces import CORNER_RADIUS, tile_face
from blockdomino.svg.hands import (
    draw_hand,
    hand_height,
    hand_width,
    move_sentences,
    playable_tiles,
)
from blockdomino.svg.layout import HALF, MARGIN, ChainLayout, PlacedMarker, PlacedTile, layout
from blockdomino.svg.markup import Element
from blockdomino.words.i18n import parse_lang, translate
from blockdomino.words.text import describe

if TYPE_CHECKING:
    from blockdomino.words.examples import ChainExample


def _chain_tile(canvas: Canvas, parent: Element, placed: PlacedTile) -> None:
    """A tile of the chain as it lies: lengthwise, or crosswise (class ``double``)."""
    classes = "tile double" if placed.crosswise else "tile"
    tile_face(
        canvas,
        parent,
        placed.rect,
        placed.halves,
        classes=classes,
        sealed=True,
        data_tile=str(placed.piece.tile),
        data_faces=f"{placed.piece.left} {placed.piece.right}",
    )


def _marker(canvas: Canvas, parent: Element, marker: PlacedMarker, fits: bool | None) -> None:
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
        group.element(
            "circle",
            cx=rounded(rect.cx),
            cy=rounded(rect.cy),
            r=rounded(rect.w / 2 - 1),
            class_="slot",
        )
    else:
        group.element(
            "rect",
            x=rounded(rect.x + 1),
            y=rounded(rect.y + 1),
            width=rounded(rect.w - 2),
            height=rounded(rect.h - 2),
            rx=rounded(CORNER_RADIUS),
            class_="slot",
        )
    words = f"{marker.end.pips}{CHECK}" if fits else str(marker.end.pips)
    canvas.text(group, words, rect.cx, rect.cy + 0.35 * FONT_SIZE)


def _fitting(chain: Chain, selected: Tile | None) -> frozenset[OpenEnd] | None:
    """The open ends the chosen tile fits; ``None`` when no tile is chosen."""
    return None if selected is None else frozenset(chain.ends_for(selected))


def draw_chain(
    canvas: Canvas,
    placed: ChainLayout,
    chain: Chain,
    selected: Tile | None,
    lang: str,
    **attributes: str,
) -> Element:
    """The chain's tiles and its two markers, or an empty table with a hint: its group."""
    group = canvas.group(class_="chain", **attributes)
    if not placed.tiles:
        canvas.text(
            group, translate("svg.hint.empty", lang), MARGIN, MARGIN + HALF, class_="label hint"
        )
        return group
    for tile in placed.tiles:
        _chain_tile(canvas, group, tile)
    fitting = _fitting(chain, selected)
    for marker in placed.markers:
        _marker(canvas, group, marker, None if fitting is None else marker.end in fitting)
    return group


def _title_for(chain: Chain, lang: str) -> str:
    """A generic title: "Ketju: 4 laattaa", or "Tyhjä pöytä" before the opening."""
    count = len(chain)
    if count == 0:
        return translate("svg.title.empty", lang)
    if count == 1:
        return translate("svg.title.chain_one", lang, count=count)
    return translate("svg.title.chain_other", lang, count=count)


def _chain_desc(
    chain: Chain, hand: Sequence[Tile] | None, selected: Tile | None, lang: str, notation: bool
) -> str:
    """The chain's description, then sentences on the hand and the chosen tile: every
    tile in words, or the chain in the documents' own notation (``notation``)."""
    said = describe(chain, lang, spoken=not notation)
    return " ".join([said, *move_sentences(chain, hand, selected, lang)])


def _check_drawing(chain: Chain, width: float | None) -> None:
    """Refuse what cannot be drawn: a value that is no ``Chain``, or a width that is not
    a positive number of pixels (0, −5, ``nan``, ``inf``)."""
    if not isinstance(chain, Chain):
        raise BlockdominoError("svg.error.not_chain", value=str(chain))
    if width is not None and not (isinstance(width, int | float) and 0 < width < math.inf):
        raise BlockdominoError("svg.error.width", width=width)


def chain(
    chain: Chain,
    *,
    hand: Iterable[Tile] | None = None,
    selected: Tile | None = None,
    lang: str = "en",
    width: float | None = None,
    title: str | None = None,
    colors: Mapping[str, str] | None = None,
    shared_faces: bool = False,
    notation: bool = False,
) -> SvgImage:
    """The chain as it lies on the table, a marker at each open end showing its number.

    ``hand``: draw these tiles under the chain, the playable ones highlighted and the
    others dimmed. ``selected``: mark the ends this tile fits (and raise it in the hand).
    ``width``: the widest the table may be (default 800 px); a long chain snakes in
    rows to fit. ``title`` replaces the generic one ("Chain: 4 tiles").
    ``shared_faces``: each tile is a ``<use>`` of a symbol of the page's
    ``shared_sheet``, whose stylesheet the diagram leaves to the page (default colours).
    Its description says every tile in words ("one–four"), as a screen reader should;
    ``notation``: the chain in the documents' own notation ("[1|4] (lower end)"), for a
    figure that teaches it.
    """
    parse_lang(lang)
    _check_drawing(chain, width)
    colours = palette(colors)
    held = None if hand is None else tuple(as_tile(tile) for tile in hand)
    placed = layout(chain, width=width)
    drawing_width = max(placed.width, hand_width(len(held), width) if held else 0)
    height = placed.height + (hand_height(len(held), drawing_width) if held is not None else 0)
    prefix = id_prefix(
        "chain",
        chain.tiles,
        chain.line,
        held,
        selected,
        lang,
        width,
        title,
        sorted(colours.items()),
        *(("shared",) if shared_faces else ()),
    )
    canvas = Canvas(prefix, drawing_width, height, colours, shared_faces=shared_faces)
    desc = _chain_desc(chain, held, selected, lang, notation)
    canvas.label(title or _title_for(chain, lang), desc)
    draw_chain(canvas, placed, chain, selected, lang)
    if held is not None:
        draw_hand(
            canvas,
            held,
            top=placed.height - MARGIN / 2,
            width=drawing_width,
            heading=translate("svg.label.hand", lang),
            playable=frozenset(playable_tiles(chain, held)),
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
    """A worked example of the rules, titled and described as the document does: its
    title ("Asetettu [1|4]") and the chain in the notation the tutorial teaches with it."""
    return chain(
        example.chain,
        hand=hand,
        selected=selected,
        lang=lang,
        width=width,
        title=example.title(parse_lang(lang)),
        colors=colors,
        notation=True,
    )
