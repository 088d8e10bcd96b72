"""Chain diagrams in SVG: the chain as it lies on the table, with the legal moves marked.

Every renderer is a pure function from engine values to an ``SvgImage`` (SVG text that
Jupyter shows as a picture)::

    svg.chain(chain, hand=hand, selected=tile, lang="fi")   # chain, markers, a hand
    svg.example(CHAIN_EXAMPLES[1], lang="fi")               # a worked example, titled
    svg.tile(Tile(1, 4)), svg.hand(tiles, chain=chain)      # single tiles, hands
    svg.table(round, lang="fi", reveal=True)                # a whole round
    svg.award(finished_round, lang="fi")                    # the award: hands, sums, winner
    svg.shared_sheet()                                      # faces and styles, once a page

What a diagram shows: tiles as real dominoes (rounded face, dividing line, pips in the
standard patterns), doubles crosswise, the chain snaking in rows on a green table, and
a marker slot beyond each of the two open ends showing the number it needs. A hand's
playable tiles have a thick outline and a ✓; the others are dimmed with a dashed
outline. A chosen tile's fitting ends get round, solid markers with a ✓; the ends it
does not fit get faint dotted square ones. Colour is never the only cue.

Every diagram has ``role="img"``, a ``<title>`` and a ``<desc>`` (the chain's
description from ``blockdomino.words.text.describe``), and CSS classes with semantic names
(``tile``, ``double``, ``playable``, ``dimmed``, ``selected``, ``marker``,
``marker-fits``, ``pip``, …) that are also the keys of the ``colors`` overrides.
The same input always gives the same bytes: ids carry a prefix derived from the input,
and every coordinate is rounded to 0.1 px. ``chain`` and ``table`` can draw each tile as
a ``<use>`` of a shared symbol and leave their stylesheet to the page
(``shared_faces=True``): a page of many diagrams then holds every face and the styles
once (``shared_sheet``) and stays small.

The modules, by concern: ``canvas`` (the SVG document, palette, stylesheet, ids),
``markup`` (elements and their text), ``faces`` (a domino's face and pips; ``tile``,
``shared_sheet``), ``hands`` (a hand of upright tiles; ``hand``), ``chains`` (the
chain and its markers; ``chain``, ``example``) and ``tables`` (a whole round;
``table``).
"""

from __future__ import annotations

from blockdomino.svg.awards import award
from blockdomino.svg.canvas import (
    CHECK,
    COLORS,
    FONT_SIZE,
    GLYPH_WIDTH,
    LINE_HEIGHT,
    SvgImage,
)
from blockdomino.svg.chains import chain, example
from blockdomino.svg.faces import (
    CORNER_RADIUS,
    DIVIDER_INSET,
    DIVIDER_WIDTH,
    PIP_RADIUS,
    shared_sheet,
    tile,
)
from blockdomino.svg.hands import LIFT, MIN_HAND_WIDTH, hand
from blockdomino.svg.markup import Element
from blockdomino.svg.tables import table

__all__ = [
    "CHECK",
    "COLORS",
    "CORNER_RADIUS",
    "DIVIDER_INSET",
    "DIVIDER_WIDTH",
    "FONT_SIZE",
    "GLYPH_WIDTH",
    "LIFT",
    "LINE_HEIGHT",
    "MIN_HAND_WIDTH",
    "PIP_RADIUS",
    "Element",
    "SvgImage",
    "award",
    "chain",
    "example",
    "hand",
    "shared_sheet",
    "table",
    "tile",
]
