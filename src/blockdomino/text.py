"""Engine values worded in Finnish, Swedish or English: descriptions and explanations.

``describe`` writes a chain in the format of the Finnish rules' worked examples::

    Laatat: [1|4], [1|1]. Liitokset: [1|4] (pienempi pää) – [1|1] (linja A).
    Lailliset jatkokohdat: [1|1] (linja B, 1); [1|4] (suurempi pää, 4).

The same function gives the text alternative (``<desc>``) of every chain diagram.
"""

from __future__ import annotations

from typing import Final

from blockdomino.chain import Chain, Join, OpenEnd, Side
from blockdomino.errors import BlockdominoError
from blockdomino.i18n import check_language, translate

ITEM_SEPARATOR: Final = ", "
"""Between the tiles of a description."""
CLAUSE_SEPARATOR: Final = "; "
"""Between the joins, and between the continuations, of a description."""

_SIDE_KEYS: Final = {
    Side.HIGHER_END: "term.side.higher_end",
    Side.LOWER_END: "term.side.lower_end",
    Side.LINE_A: "term.side.line_a",
    Side.LINE_B: "term.side.line_b",
}


def side_name(side: Side, lang: str) -> str:
    """The name of a tile's side: "suurempi pää", "linje A", "lower end", …"""
    return translate(_SIDE_KEYS[side], lang)


def describe_join(join: Join, lang: str) -> str:
    """``[1|4] (pienempi pää) – [1|1] (linja A)``: the chain tile's side, then the new tile's."""
    return translate(
        "describe.join",
        lang,
        chain_tile=join.chain_tile,
        chain_side=side_name(join.chain_side, lang),
        tile=join.tile,
        side=side_name(join.side, lang),
    )


def describe_end(end: OpenEnd, lang: str) -> str:
    """``[1|1] (linja B, 1)``: the tile, its free side and the number it shows."""
    return translate(
        "describe.continuation", lang, tile=end.tile, side=side_name(end.side, lang), pips=end.pips
    )


def describe(chain: Chain, lang: str = "fi") -> str:
    """The chain in words: tiles in placement order, joins as made, legal continuations.

    The continuations are the open ends in canonical order (by tile, then higher end
    before lower end, line A before line B), each with the number it shows.
    """
    check_language(lang)
    if not chain.tiles:
        return translate("describe.empty", lang)
    none = translate("describe.none", lang)
    tiles = ITEM_SEPARATOR.join(str(tile) for tile in chain.tiles)
    joins = CLAUSE_SEPARATOR.join(describe_join(join, lang) for join in chain.joins) or none
    ends = CLAUSE_SEPARATOR.join(describe_end(end, lang) for end in chain.open_ends)
    return " ".join(
        (
            translate("describe.tiles", lang, tiles=tiles),
            translate("describe.joins", lang, joins=joins),
            translate("describe.continuations", lang, ends=ends),
        )
    )


def _worded(value: object, lang: str) -> object:
    if isinstance(value, Side):
        return side_name(value, lang)
    if isinstance(value, tuple | list):
        return ITEM_SEPARATOR.join(str(item) for item in value)
    return value


def error_message(error: BlockdominoError, lang: str) -> str:
    """A refused action or input, worded for a learner in ``lang``."""
    check_language(lang)
    params = {name: _worded(value, lang) for name, value in error.params.items()}
    return translate(error.key, lang, **params)
