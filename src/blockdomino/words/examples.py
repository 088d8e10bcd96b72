"""The worked examples of the Finnish rules, as data.

Seven chain examples (each titled "Asetettu [x|y]", *Placed [x|y]*, after the tile just
placed) and four scoring figures. Diagrams, notebooks, the verifier and the tests all
read them from here. The captions live in the catalogs (``example.<id>.caption``); the
Finnish ones are the document's own sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from blockdomino.engine.chain import Chain
from blockdomino.engine.tiles import Tile, parse_tiles
from blockdomino.words.i18n import translate
from blockdomino.words.text import tile_in_words


@dataclass(frozen=True, slots=True)
class ChainExample:
    """A chain from the document: its tiles in placement order; the last one was just placed."""

    id: str
    tiles: tuple[Tile, ...]

    @property
    def placed(self) -> Tile:
        """The tile this example shows being placed (its title names it)."""
        return self.tiles[-1]

    @property
    def chain(self) -> Chain:
        """The chain built by legal play from the tiles, in order."""
        return Chain.from_tiles(self.tiles)

    def title(self, lang: str, *, spoken: bool = False) -> str:
        """The example's name: "Asetettu [1|4]", "Lagd [1|4]", "Placed [1|4]", as its
        diagram's title names the document's example; ``spoken``: the tile in words, as a
        walkthrough's heading says it ("Asetettu laatta yksi–neljä")."""
        if spoken:
            return translate("example.heading", lang, tile=tile_in_words(self.placed, lang))
        return translate("example.title", lang, tile=self.placed)

    def caption(self, lang: str) -> str:
        """What the example teaches, in a sentence or two."""
        return translate(f"example.{self.id}.caption", lang)


def _chain_example(tiles: str) -> ChainExample:
    parsed = parse_tiles(tiles)
    last = parsed[-1]
    return ChainExample(f"placed-{last.low}-{last.high}", parsed)


CHAIN_EXAMPLES: Final[tuple[ChainExample, ...]] = tuple(
    _chain_example(tiles)
    for tiles in (
        "[1|4]",
        "[1|4], [1|1]",
        "[3|6], [6|6]",
        "[0|0]",
        "[1|4], [1|1], [4|4]",
        "[1|4], [1|1], [4|4], [3|4]",
        "[2|2]",
    )
)
"""The seven chain examples, in the order the document gives them."""


@dataclass(frozen=True, slots=True)
class ScoringFigure:
    """A round's end from the document: hand totals per seat and the award it gives.

    ``dominoer`` is the seat that played its last tile, or ``None`` for a blocked round.
    ``points`` is the award per seat the document states. The document gives totals only
    (and one [0|0]); ``hands`` are tiles with those totals, to draw and count.
    """

    id: str
    totals: tuple[int, ...]
    dominoer: int | None
    points: tuple[int, ...]
    hands: tuple[tuple[Tile, ...], ...]

    def caption(self, lang: str) -> str:
        """The document's sentence for this figure, in ``lang``."""
        return translate(f"example.{self.id}.caption", lang)


def _hands(*hands: str) -> tuple[tuple[Tile, ...], ...]:
    return tuple(parse_tiles(hand) if hand else () for hand in hands)


SCORING_FIGURES: Final[tuple[ScoringFigure, ...]] = (
    ScoringFigure("domino-0-8", (0, 0, 8), 0, (8, 0, 0), _hands("", "[0|0]", "[0|3], [2|3]")),
    ScoringFigure("domino-5-5", (0, 5, 5), 0, (10, 0, 0), _hands("", "[1|4]", "[0|2], [0|3]")),
    ScoringFigure(
        "blocked-3-7-8",
        (3, 7, 8),
        None,
        (12, 0, 0),
        _hands("[1|2]", "[0|1], [2|4]", "[0|6], [1|1]"),
    ),
    ScoringFigure("blocked-3-3-8", (3, 3, 8), None, (0, 0, 0), _hands("[0|3]", "[1|2]", "[3|5]")),
)
"""The four scoring figures of the Finnish rules (the match preset, three players). In the
blocked ones, no hand holds the number the ends could show (5 or 3, and 4 or 6)."""


def chain_example(example_id: str) -> ChainExample:
    """The chain example with this id, e.g. ``"placed-1-4"``."""
    for example in CHAIN_EXAMPLES:
        if example.id == example_id:
            return example
    known = ", ".join(example.id for example in CHAIN_EXAMPLES)
    raise KeyError(f"no chain example {example_id!r}; known: {known}")
